"""The sweep's kernels that are not element-wise: memory of every space and
width, atomics and reductions, warp-level and barrier instructions, special
registers.  Each function returns Kern objects (gen.py) with exact references.

Memory kernels copy in[i] -> out through the space under test, one output
slice per qualifier/addressing variant (out[j * N + i]); atomics give each
thread its own cell (so old values and final values do not depend on the
order of the threads) plus a contended variant of the commutative reductions.
"""

import random

g = None  # gen.py, set by modules()

PRO = [
    "  .reg .pred %p<16>; .reg .b16 %h<100>; .reg .b32 %r<200>; .reg .b64 %rd<100>;",
    "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %tid.x; mad.lo.s32 %r4, %r1, %r2, %r3;",
    "  ld.param.u32 %r5, [pn]; setp.ge.u32 %p1, %r4, %r5;",
]


def entry(name, params):
    return ".visible .entry %s(%s)" % (name, ", ".join(params))


def vreg(size, k):
    return "%s%d" % (g.REG[size], k)


def rand_bytes(rng, n):
    return bytes(rng.getrandbits(8) for _ in range(n))


# ---------------------------------------------------------------------------
# Memory

# (name, ld/st type text, element bytes, elements, register size, signed extension to a 32-bit register)
WIDTHS = [
    ("u8", "u8", 1, 1, 2), ("s8", "s8", 1, 1, 2), ("u16", "u16", 2, 1, 2), ("s16", "s16", 2, 1, 2),
    ("b32", "b32", 4, 1, 4), ("f32", "f32", 4, 1, 4), ("b64", "b64", 8, 1, 8), ("f64", "f64", 8, 1, 8),
    ("v2_u8", "v2.u8", 1, 2, 2), ("v4_u8", "v4.u8", 1, 4, 2), ("v2_b16", "v2.b16", 2, 2, 2),
    ("v4_b16", "v4.b16", 2, 4, 2), ("v2_b32", "v2.b32", 4, 2, 4), ("v4_b32", "v4.b32", 4, 4, 4),
    ("v2_f32", "v2.f32", 4, 2, 4), ("v4_f32", "v4.f32", 4, 4, 4), ("v2_b64", "v2.b64", 8, 2, 8),
    ("v2_f64", "v2.f64", 8, 2, 8), ("b128", "b128", 16, 1, 16),
]

LD_GLOBAL_Q = ["", ".ca", ".cg", ".cs", ".lu", ".cv", ".nc", ".volatile", ".weak", ".relaxed.cta", ".relaxed.gpu",
               ".relaxed.sys", ".acquire.gpu", ".acquire.sys", ".L1::evict_last", ".L1::no_allocate",
               ".L2::128B", ".L1::evict_first.L2::256B"]
ST_GLOBAL_Q = ["", ".wb", ".cg", ".cs", ".wt", ".volatile", ".weak", ".relaxed.gpu", ".release.gpu", ".release.sys",
               ".L1::no_allocate"]
SHARED_Q = ["", ".volatile", ".relaxed.cta", ".acquire.cta"]
SHARED_STQ = ["", ".volatile", ".relaxed.cta", ".release.cta"]


def regs_for(w, base):
    """Register list (PTX operand text) for one access of width w."""
    name, ty, esz, cnt, rsz = w
    if ty == "b128":
        return "%rd" + str(base)  # .b128 values live in a pair of .b64 via mov? (use .b128 reg)
    rs = [vreg(rsz, base + k) for k in range(cnt)]
    return rs[0] if cnt == 1 else "{" + ", ".join(rs) + "}"


def access_bytes(w):
    return w[2] * w[3]


def mem_global(mods):
    """ld.global / st.global with every qualifier, width and addressing form."""
    for w in WIDTHS:
        name, ty, esz, cnt, rsz = w
        size = access_bytes(w)
        if ty == "b128":
            continue  # .b128 is sm_90 only
        variants = []  # (label, load text, store text, address form)
        for q in LD_GLOBAL_Q:
            if cnt > 1 and any(x in q for x in (".relaxed", ".acquire")):
                continue
            variants.append(("ld" + q, "ld.global%s.%s" % (q, ty), "st.global.%s" % ty, "reg"))
        for q in ST_GLOBAL_Q:
            if q == "":
                continue
            if cnt > 1 and any(x in q for x in (".relaxed", ".release")):
                continue
            variants.append(("st" + q, "ld.global.%s" % ty, "st.global%s.%s" % (q, ty), "reg"))
        # the addressing forms in one kernel, the cache/ordering qualifiers in another (a refused
        # qualifier does not hide the plain accesses)
        core = [("plain", "ld.global.%s" % ty, "st.global.%s" % ty, "reg"),
                ("imm_offset", "ld.global.%s" % ty, "st.global.%s" % ty, "imm"),
                ("uniform_base", "ld.global.%s" % ty, "st.global.%s" % ty, "uniform"),
                ("generic", "ld.%s" % ty, "st.%s" % ty, "generic")]
        mods.setdefault("mem_global", []).append(memcopy_kernel("global_" + name, w, core))
        mods.setdefault("mem_global", []).append(memcopy_kernel("global_%s_qual" % name, w, variants[1:]))


def memcopy_kernel(kname, w, variants):
    """out[j * N + i] = in[i] through variant j (N elements of `size` bytes)."""
    name, ty, esz, cnt, rsz = w
    size = access_bytes(w)
    N, COUNT = g.N, g.COUNT
    lines = ["// variants: " + " ".join(v[0] for v in variants),
             entry(kname, [".param .u64 pin", ".param .u64 pout", ".param .u32 pn"]), "{"] + PRO + [
        "  @%p1 bra $Ldone;",
        "  ld.param.u64 %rd1, [pin]; ld.param.u64 %rd2, [pout];",
        "  cvta.to.global.u64 %rd3, %rd1; cvta.to.global.u64 %rd4, %rd2;",
        "  mul.wide.u32 %%rd5, %%r4, %d; add.s64 %%rd6, %%rd3, %%rd5; add.s64 %%rd7, %%rd4, %%rd5;" % size,
        # the uniform base: in + ctaid.x * ntid.x * size, plus tid.x * size
        "  mul.lo.u32 %%r6, %%r1, %%r2; mul.wide.u32 %%rd8, %%r6, %d; add.s64 %%rd9, %%rd3, %%rd8;" % size,
        "  mul.wide.u32 %%rd10, %%r3, %d; add.s64 %%rd9, %%rd9, %%rd10;" % size,
    ]
    for j, (label, ld, st, form) in enumerate(variants):
        r = regs_for(w, 20 + 4 * (j % 8))
        off = j * N * size
        lines.append("  // " + label)
        if form == "reg":
            lines += ["  %s %s, [%%rd6];" % (ld, r), "  add.s64 %%rd11, %%rd7, %d; %s [%%rd11], %s;" % (off, st, r)]
        elif form == "imm":
            lines += ["  sub.s64 %%rd12, %%rd6, %d; %s %s, [%%rd12+%d];" % (8 * size, ld, r, 8 * size),
                      "  %s [%%rd7+%d], %s;" % (st, off, r)]
        elif form == "uniform":
            lines += ["  %s %s, [%%rd9];" % (ld, r), "  %s [%%rd7+%d], %s;" % (st, off, r)]
        elif form == "generic":
            lines += ["  add.s64 %%rd13, %%rd1, %%rd5; %s %s, [%%rd13];" % (ld, r),
                      "  add.s64 %%rd14, %%rd2, %%rd5; %s [%%rd14+%d], %s;" % (st, off, r)]
    lines += ["$Ldone:", "  ret;", "}"]
    rng = random.Random(kname)
    data = rand_bytes(rng, N * size)
    out = bytearray(len(variants) * N * size)
    for j in range(len(variants)):
        out[j * N * size:j * N * size + COUNT * size] = data[:COUNT * size]
    params = "in:%s;out:%d;u32:%d" % (data.hex(), len(out), COUNT)
    expect = "1:exact:u8:%s" % bytes(out).hex()
    return g.Kern(kname, "\n".join(lines), params, expect)


def mem_widen(mods):
    """8- and 16-bit loads into 32- and 64-bit registers (zero/sign extension), and the narrowing stores."""
    N, COUNT = g.N, g.COUNT
    for space in ["global", "shared", "local", "generic"]:
        for ty, esz in [("u8", 1), ("s8", 1), ("u16", 2), ("s16", 2), ("u32", 4), ("s32", 4)]:
            kname = "widen_%s_%s" % (space, ty)
            dsts = [("u32", 4), ("u64", 8)] if esz < 4 else [("u64", 8)]
            lines = [entry(kname, [".param .u64 pin", ".param .u64 pout", ".param .u32 pn"]), "{"] + PRO
            lines += [
                "  @%p1 bra $Ldone;",
                "  ld.param.u64 %rd1, [pin]; ld.param.u64 %rd2, [pout];",
                "  cvta.to.global.u64 %rd3, %rd1; cvta.to.global.u64 %rd4, %rd2;",
                "  mul.wide.u32 %%rd5, %%r4, %d; add.s64 %%rd6, %%rd3, %%rd5;" % esz,
            ]
            if space == "global":
                src = "[%rd6]"
                sp = ".global"
            elif space == "generic":
                lines.append("  add.s64 %rd7, %rd1, %rd5;")
                src = "[%rd7]"
                sp = ""
            else:
                # copy through the space: store the element there first (as raw bits), then load it with the type
                var = "wbuf"
                decl = "  .%s .align 8 .b8 %s[%d];" % (space, var, 32 * 8)
                lines.insert(lines.index("{") + 1, decl)
                lines += ["  ld.global.b%d %s, [%%rd6];" % (8 * esz, vreg(max(2, esz), 90)),
                          "  mov.u64 %%rd8, %s; mul.wide.u32 %%rd9, %%r3, %d; add.s64 %%rd8, %%rd8, %%rd9;" % (var, esz),
                          "  st.%s.b%d [%%rd8], %s;" % (space, 8 * esz, vreg(max(2, esz), 90))]
                src = "[%rd8]"
                sp = "." + space
            outs = []
            for k, (dt, dsz) in enumerate(dsts):
                r = vreg(dsz, 30 + k)
                lines.append("  ld%s.%s %s, %s;" % (sp, ty, r, src))
                outs.append((dt, dsz, r))
            off = 0
            for dt, dsz, r in outs:
                lines.append("  mul.wide.u32 %%rd10, %%r4, %d; add.s64 %%rd11, %%rd4, %%rd10; st.global.%s [%%rd11+%d], %s;"
                             % (dsz, dt, off, r))
                off += N * dsz
            lines += ["$Ldone:", "  ret;", "}"]
            rng = random.Random(kname)
            vals = [rng.getrandbits(8 * esz) for _ in range(N)]
            vals[:4] = [0, (1 << (8 * esz)) - 1, 1 << (8 * esz - 1), (1 << (8 * esz - 1)) - 1]
            res = b""
            for dt, dsz, r in outs:
                v = [(g.sx(x, 8 * esz) if ty[0] == "s" else x) & ((1 << (8 * dsz)) - 1) for x in vals[:COUNT]]
                res += b"".join(x.to_bytes(dsz, "little") for x in v) + bytes((N - COUNT) * dsz)
            data = b"".join(x.to_bytes(esz, "little") for x in vals)
            needs = {"shared": "shared", "local": "local-memory"}.get(space, "-")
            mods.setdefault("mem_widen", []).append(g.Kern(kname, "\n".join(lines), "in:%s;out:%d;u32:%d" % (
                data.hex(), len(res), COUNT), "1:exact:u8:%s" % res.hex(), needs=needs))


def mem_shared(mods):
    """st.shared to a slot, bar.sync, ld.shared the neighbour's (tid ^ 1) slot: every width, qualifier
    and addressing form (static array + register, register + immediate, dynamic shared, generic)."""
    N, COUNT = g.N, g.COUNT
    for w in WIDTHS:
        name, ty, esz, cnt, rsz = w
        size = access_bytes(w)
        if ty == "b128":
            continue
        qual = []
        for q in SHARED_Q[1:]:
            if cnt > 1 and q not in ("", ".volatile"):
                continue
            qual.append(("ld" + q, q, "", "sym"))
        for q in SHARED_STQ[1:]:
            if cnt > 1 and q not in ("", ".volatile"):
                continue
            qual.append(("st" + q, "", q, "sym"))
        core = [("plain", "", "", "sym"), ("imm_offset", "", "", "imm"), ("dynamic", "", "", "dyn"),
                ("generic", "", "", "generic"), ("uniform_index", "", "", "uniform")]
        for kname, variants in [("shared_" + name, core), ("shared_%s_qual" % name, qual)]:
            lines = ["// variants: " + " ".join(v[0] for v in variants),
                     ".extern .shared .align 16 .b8 dsm_%s[];" % kname,
                     entry(kname, [".param .u64 pin", ".param .u64 pout", ".param .u32 pn"]), "{",
                     "  .shared .align 16 .b8 sm[%d];" % (32 * size * 2)] + PRO + [
                "  ld.param.u64 %rd1, [pin]; ld.param.u64 %rd2, [pout];",
                "  cvta.to.global.u64 %rd3, %rd1; cvta.to.global.u64 %rd4, %rd2;",
                "  mul.wide.u32 %%rd5, %%r4, %d; add.s64 %%rd6, %%rd3, %%rd5; add.s64 %%rd7, %%rd4, %%rd5;" % size,
                "  mul.lo.u32 %%r6, %%r3, %d; xor.b32 %%r7, %%r3, 1; mul.lo.u32 %%r8, %%r7, %d;" % (size, size),
                "  mov.u32 %r9, sm; add.u32 %r10, %r9, %r6; add.u32 %r11, %r9, %r8;",
                "  mov.u32 %r12, dsm_" + kname + "; add.u32 %r13, %r12, %r6; add.u32 %r14, %r12, %r8;",
                "  cvta.shared.u64 %rd15, sm; cvt.u64.u32 %rd16, %r6; add.s64 %rd17, %rd15, %rd16;",
                "  cvt.u64.u32 %rd18, %r8; add.s64 %rd19, %rd15, %rd18;",
                # a block-uniform slot: every thread of the block reads slot (ctaid.x ^ 3) + 0 of the other half
                "  xor.b32 %%r15, %%r1, 3; mul.lo.u32 %%r16, %%r15, %d; add.u32 %%r17, %%r9, %%r16;" % size,
            ]
            for j, (label, lq, sq, form) in enumerate(variants):
                r = regs_for(w, 20 + 4 * (j % 8))
                zero = ["  mov.b%d %s, 0;" % (max(16, 8 * rsz), vreg(rsz, 20 + 4 * (j % 8) + k)) for k in range(cnt)]
                lines.append("  // " + label)
                lines += zero
                lines.append("  @!%%p1 ld.global.%s %s, [%%rd6];" % (ty, r))
                if form in ("sym", "imm"):
                    st_addr, ld_addr = "[%r10]", "[%r11]"
                    if form == "imm":
                        lines.append("  sub.u32 %%r18, %%r10, %d; sub.u32 %%r19, %%r11, %d;" % (2 * size, 3 * size))
                        st_addr, ld_addr = "[%%r18+%d]" % (2 * size), "[%%r19+%d]" % (3 * size)
                    lines += ["  st.shared%s.%s %s, %s;" % (sq, ty, st_addr, r), "  bar.sync 0;",
                              "  ld.shared%s.%s %s, %s;" % (lq, ty, r, ld_addr), "  bar.sync 0;"]
                elif form == "dyn":
                    lines += ["  st.shared.%s [%%r13], %s;" % (ty, r), "  bar.sync 0;",
                              "  ld.shared.%s %s, [%%r14];" % (ty, r), "  bar.sync 0;"]
                elif form == "generic":
                    lines += ["  st.%s [%%rd17], %s;" % (ty, r), "  bar.sync 0;",
                              "  ld.%s %s, [%%rd19];" % (ty, r), "  bar.sync 0;"]
                elif form == "uniform":
                    lines += ["  st.shared.%s [%%r10], %s;" % (ty, r), "  bar.sync 0;",
                              "  ld.shared.%s %s, [%%r17];" % (ty, r), "  bar.sync 0;"]
                lines.append("  @!%%p1 st.global.%s [%%rd7+%d], %s;" % (ty, j * N * size, r))
            lines += ["  ret;", "}"]
            rng = random.Random(kname)
            data = rand_bytes(rng, N * size)
            out = bytearray(len(variants) * N * size)

            def elem(i):
                return data[i * size:(i + 1) * size] if i < COUNT else bytes(size)
            for j, v in enumerate(variants):
                for i in range(COUNT):
                    blk, tid = divmod(i, g.BLOCK)
                    src = blk * g.BLOCK + ((blk ^ 3) if v[3] == "uniform" else (tid ^ 1))
                    out[(j * N + i) * size:(j * N + i + 1) * size] = elem(src)
            params = "in:%s;out:%d;u32:%d" % (data.hex(), len(out), COUNT)
            mods.setdefault("mem_shared", []).append(g.Kern(kname, "\n".join(lines), params, "1:exact:u8:%s" % bytes(out).hex(),
                                                           shared=32 * size, needs="shared,dynamic-shared"))


def mem_local(mods):
    """st.local of four values at four slots, ld.local of a slot chosen by the data (so ptxas must keep
    the array in local memory): every width, plus generic addressing of local memory (cvta.local)."""
    N, COUNT = g.N, g.COUNT
    for w in WIDTHS:
        name, ty, esz, cnt, rsz = w
        size = access_bytes(w)
        if ty == "b128":
            continue
        kname = "local_" + name
        lines = [entry(kname, [".param .u64 pin", ".param .u64 pidx", ".param .u64 pout", ".param .u32 pn"]), "{",
                 "  .local .align 16 .b8 buf[%d];" % (4 * size)] + PRO + [
            "  @%p1 bra $Ldone;",
            "  ld.param.u64 %rd1, [pin]; ld.param.u64 %rd2, [pout]; ld.param.u64 %rd20, [pidx];",
            "  cvta.to.global.u64 %rd3, %rd1; cvta.to.global.u64 %rd4, %rd2; cvta.to.global.u64 %rd21, %rd20;",
            "  mul.wide.u32 %%rd5, %%r4, %d; add.s64 %%rd6, %%rd3, %%rd5; add.s64 %%rd7, %%rd4, %%rd5;" % size,
            "  mul.wide.u32 %rd22, %r4, 4; add.s64 %rd23, %rd21, %rd22; ld.global.u32 %r30, [%rd23];",
            "  and.b32 %%r31, %%r30, 3; mul.lo.u32 %%r32, %%r31, %d;" % size,
            "  mov.u64 %rd24, buf; cvt.u64.u32 %rd25, %r32; add.s64 %rd26, %rd24, %rd25;",
            "  cvta.local.u64 %rd27, buf; add.s64 %rd28, %rd27, %rd25;",
        ]
        r = regs_for(w, 40)
        # slot k holds in[(i + k) % n]; the slot read back is chosen by idx[i] & 3
        for k in range(4):
            rk = regs_for(w, 50 + 4 * k)
            lines += ["  add.u32 %%r33, %%r4, %d; rem.u32 %%r33, %%r33, %%r5; mul.wide.u32 %%rd29, %%r33, %d;"
                      " add.s64 %%rd30, %%rd3, %%rd29; ld.global.%s %s, [%%rd30];" % (k, size, ty, rk),
                      "  st.local.%s [buf+%d], %s;" % (ty, k * size, rk)]
        lines += ["  ld.local.%s %s, [%%rd26];" % (ty, r), "  st.global.%s [%%rd7], %s;" % (ty, r)]
        # generic: write through the generic address, read back with ld.local
        r2 = regs_for(w, 70)
        lines += ["  ld.global.%s %s, [%%rd6];" % (ty, r2), "  st.%s [%%rd28], %s;" % (ty, r2),
                  "  ld.local.%s %s, [%%rd26];" % (ty, r), "  st.global.%s [%%rd7+%d], %s;" % (ty, N * size, r)]
        lines += ["$Ldone:", "  ret;", "}"]
        rng = random.Random(kname)
        data = rand_bytes(rng, N * size)
        idx = [rng.getrandbits(32) for _ in range(N)]
        out = bytearray(2 * N * size)
        for i in range(COUNT):
            k = idx[i] & 3
            s = (i + k) % COUNT
            out[i * size:(i + 1) * size] = data[s * size:(s + 1) * size]
            out[(N + i) * size:(N + i + 1) * size] = data[i * size:(i + 1) * size]
        params = "in:%s;in:%s;out:%d;u32:%d" % (data.hex(), b"".join(x.to_bytes(4, "little") for x in idx).hex(),
                                                len(out), COUNT)
        mods.setdefault("mem_local", []).append(g.Kern(kname, "\n".join(lines), params, "2:exact:u8:%s" % bytes(out).hex(),
                                                      needs="local-memory"))


def mem_const(mods):
    """Kernel parameters of each width (ld.param: constant bank 0) and __constant__ data (.const:
    constant bank 3) read with an immediate address, a per-thread register index and a uniform index."""
    N, COUNT = g.N, g.COUNT
    # parameters: b16, b32, b64 read as every type of their width (and the 8-bit halves of b16)
    kname = "param_widths"
    reads = [("u8", "p16", 0, 2, "u32"), ("s8", "p16", 0, 2, "s32"), ("u16", "p16", 0, 2, "u32"),
             ("s16", "p16", 0, 2, "s32"), ("u32", "p32", 0, 4, "u32"), ("f32", "p32", 0, 4, "f32"),
             ("u64", "p64", 0, 8, "u64"), ("f64", "p64", 0, 8, "f64"), ("v2.u32", "p64", 0, 4, "u32")]
    rng = random.Random(kname)
    p16, p32, p64 = 0x80F3, 0x89ABCDEF, 0xFEDCBA9876543210
    lines = [entry(kname, [".param .u64 pout", ".param .u32 pn", ".param .b16 p16", ".param .b32 p32",
                           ".param .b64 p64"]), "{"] + PRO + [
        "  @%p1 bra $Ldone;", "  ld.param.u64 %rd1, [pout]; cvta.to.global.u64 %rd2, %rd1;",
        "  mul.wide.u32 %rd3, %r4, 8; add.s64 %rd4, %rd2, %rd3;"]
    res = []
    for j, (ty, p, off, sz, st) in enumerate(reads):
        if ty in ("u8", "s8", "u16", "s16", "u32", "f32"):
            r = "%%r%d" % (20 + j)
            lines += ["  ld.param.%s %s, [%s+%d];" % (ty, r, p, off), "  cvt.u64.u32 %%rd%d, %s;" % (20 + j, r)
                      if ty[0] != "s" else "  cvt.s64.s32 %%rd%d, %s;" % (20 + j, r)]
            v = {"p16": p16, "p32": p32}[p] & ((1 << int(ty[1:])) - 1) if ty != "f32" else p32
            if ty[0] == "s":
                v = g.sx(v, int(ty[1:])) & ((1 << 64) - 1)
        elif ty == "v2.u32":
            lines += ["  ld.param.v2.u32 {%%r%d, %%r%d}, [p64];" % (40, 41),
                      "  mov.b64 %%rd%d, {%%r41, %%r40};" % (20 + j)]
            v = ((p64 & 0xFFFFFFFF) << 32) | (p64 >> 32)
        else:
            lines += ["  ld.param.%s %%rd%d, [%s];" % (ty, 20 + j, p)]
            v = p64
        lines.append("  st.global.u64 [%%rd4+%d], %%rd%d;" % (j * N * 8, 20 + j))
        res.append(v)
    lines += ["$Ldone:", "  ret;", "}"]
    out = b""
    for v in res:
        out += v.to_bytes(8, "little") * COUNT + bytes(8 * (N - COUNT))
    mods.setdefault("mem_const", []).append(g.Kern(kname, "\n".join(lines), "out:%d;u32:%d;b16:%x;b32:%x;b64:%x" % (
        len(out), COUNT, p16, p32, p64), "0:exact:u8:%s" % out.hex()))
    # __constant__ data
    tab = bytes(random.Random("ctab").getrandbits(8) for _ in range(1024))
    decl = ".const .align 16 .b8 ctab[1024] = {%s};\n" % ", ".join(str(b) for b in tab)
    for w in WIDTHS:
        name, ty, esz, cnt, rsz = w
        size = access_bytes(w)
        if ty == "b128" or 64 * size > 1024:
            continue
        kname = "const_" + name
        lines = [entry(kname, [".param .u64 pout", ".param .u32 pn"]), "{"] + PRO + [
            "  @%p1 bra $Ldone;", "  ld.param.u64 %rd1, [pout]; cvta.to.global.u64 %rd2, %rd1;",
            "  mul.wide.u32 %%rd3, %%r4, %d; add.s64 %%rd4, %%rd2, %%rd3;" % size,
            "  mov.u64 %rd5, ctab; add.s64 %rd6, %rd5, %rd3;",
            "  mul.wide.u32 %%rd7, %%r1, %d; add.s64 %%rd8, %%rd5, %%rd7;" % size,
        ]
        variants = [("imm", "[ctab+%d]" % (3 * size)), ("reg", "[%rd6]"), ("uniform", "[%rd8]"),
                    ("reg_imm", "[%%rd6+%d]" % size)]
        for j, (label, addr) in enumerate(variants):
            r = regs_for(w, 20 + 4 * j)
            lines += ["  ld.const.%s %s, %s;" % (ty, r, addr), "  st.global.%s [%%rd4+%d], %s;" % (ty, j * N * size, r)]
        lines += ["$Ldone:", "  ret;", "}"]
        out = bytearray(len(variants) * N * size)
        for j, (label, addr) in enumerate(variants):
            for i in range(COUNT):
                src = {"imm": 3, "reg": i, "uniform": i // g.BLOCK, "reg_imm": i + 1}[label]
                out[(j * N + i) * size:(j * N + i + 1) * size] = tab[src * size:(src + 1) * size]
        k = g.Kern(kname, "\n".join(lines), "out:%d;u32:%d" % (len(out), COUNT), "0:exact:u8:%s" % bytes(out).hex(),
                   needs="constant-bank-3")
        k.globals = [decl]
        mods.setdefault("mem_const", []).append(k)


# ---------------------------------------------------------------------------
# Atomics and reductions

def atom_ref(op, t, old, b, c):
    n = 64 if "64" in t else (16 if t in ("f16", "bf16", "b16") else 32)
    m = (1 << n) - 1
    if op == "add":
        if t in ("f32", "f64", "f16", "bf16"):
            fmt = g.fx.FMT[t]
            return g.fx.add(old, b, fmt, "rn")
        if t in ("f16x2", "bf16x2"):
            fmt = g.fx.FMT[t[:-2]]
            return g.fx.add(old & 0xFFFF, b & 0xFFFF, fmt) | (g.fx.add(old >> 16, b >> 16, fmt) << 16)
        return (old + b) & m
    if op in ("min", "max"):
        if t in ("f32", "f64"):
            return g.fx.minmax(old, b, g.fx.FMT[t], op == "max")
        f = min if op == "min" else max
        return f(g.iv(t, old), g.iv(t, b)) & m
    if op == "and":
        return old & b
    if op == "or":
        return old | b
    if op == "xor":
        return old ^ b
    if op == "exch":
        return b
    if op == "cas":
        return c if old == b else old
    if op == "inc":
        return 0 if old >= b else old + 1
    if op == "dec":
        return b if old == 0 or old > b else old - 1
    raise ValueError(op)


ATOM_OPS = [
    ("add", ["u32", "s32", "u64", "f32", "f64", "f16x2", "f16"]),  # no add.s64; bf16 adds need sm_90
    ("min", ["u32", "s32", "u64", "s64"]), ("max", ["u32", "s32", "u64", "s64"]),
    ("and", ["b32", "b64"]), ("or", ["b32", "b64"]), ("xor", ["b32", "b64"]),
    ("inc", ["u32"]), ("dec", ["u32"]), ("exch", ["b32", "b64"]), ("cas", ["b32", "b64", "b16"]),
]
SEMS = ["", ".relaxed.gpu", ".acquire.gpu", ".release.gpu", ".acq_rel.gpu", ".relaxed.cta", ".relaxed.sys"]


def atom_inputs(rng, op, t, n):
    size = 8 if "64" in t else (2 if t in ("f16", "bf16", "b16") else 4)
    if t in ("f32", "f64", "f16", "bf16"):
        fmt = g.fx.FMT[t]
        old = [g.one_input(t + "nospecial", rng, i) for i in range(n)]
        b = [g.one_input(t + "nospecial", rng, i) for i in range(n)]
    elif t in ("f16x2", "bf16x2"):
        old = [g.one_input(t + "nospecial", rng, i) for i in range(n)]
        b = [g.one_input(t + "nospecial", rng, i) for i in range(n)]
    else:
        kind = {"b": "u", "u": "u", "s": "s"}[t[0]] + t[1:]
        old = [g.one_input(kind, rng, i) for i in range(n)]
        b = [g.one_input(kind, rng, i) for i in range(n)]
        if op in ("inc", "dec"):
            b = [rng.choice([0, 1, 5, 100, 0xFFFFFFFF, old[i], old[i] + 1 & 0xFFFFFFFF]) for i in range(n)]
        if op == "cas":
            b = [old[i] if rng.random() < 0.5 else b[i] for i in range(n)]
    c = [rng.getrandbits(8 * size) for _ in range(n)]
    return size, old, b, c


def atomics(mods):
    """atom/red on global, shared and generic addresses: every op and type, semantics and scope
    variants, result used (atom, old value stored) and unused (atom with the result dropped, red)."""
    N, COUNT = g.N, g.COUNT
    for space in ["global", "shared", "generic"]:
        for op, types in ATOM_OPS:
            for t in types:
                variants = []
                for sem in SEMS:
                    if sem and (op, t) not in (("add", "u32"), ("cas", "b32"), ("exch", "b64"), ("add", "f32"),
                                                ("max", "s64"), ("inc", "u32")):
                        continue
                    variants.append(("atom" + sem, "atom", sem, True))
                variants.append(("atom_unused", "atom", "", False))
                if op not in ("exch", "cas"):
                    variants.append(("red", "red", "", False))
                    if t == "u32" or t == "f32":
                        variants.append(("red.relaxed.gpu", "red", ".relaxed.gpu", False))
                kname = "%s_%s_%s_%s" % ("atom", space, op, t)
                size = 8 if "64" in t else (2 if t in ("f16", "bf16", "b16") else 4)
                ptxt = t
                noftz = ".noftz" if t in ("f16", "f16x2", "bf16", "bf16x2") else ""
                V = len(variants)
                lines = ["// variants: " + " ".join(v[0] for v in variants),
                         entry(kname, [".param .u64 pcell", ".param .u64 pb", ".param .u64 pc", ".param .u64 pold",
                                       ".param .u32 pn"]), "{"]
                if space == "shared":
                    lines.append("  .shared .align 8 .b8 scell[%d];" % (V * 32 * size))
                lines += PRO + [
                    "  @%p1 bra $Ldone;",
                    "  ld.param.u64 %rd1, [pcell]; ld.param.u64 %rd2, [pb]; ld.param.u64 %rd3, [pc]; ld.param.u64 %rd4, [pold];",
                    "  cvta.to.global.u64 %rd5, %rd1; cvta.to.global.u64 %rd6, %rd2; cvta.to.global.u64 %rd7, %rd3;",
                    "  cvta.to.global.u64 %rd8, %rd4;",
                    "  mul.wide.u32 %%rd9, %%r4, %d; add.s64 %%rd10, %%rd6, %%rd9; add.s64 %%rd11, %%rd7, %%rd9;" % size,
                    "  add.s64 %rd12, %rd8, %rd9; add.s64 %rd13, %rd5, %rd9; add.s64 %rd19, %rd1, %rd9;",
                    "  mov.u32 %%r9, scell; mul.lo.u32 %%r10, %%r3, %d; add.u32 %%r11, %%r9, %%r10;" % size
                    if space == "shared" else "",
                ]
                if space == "shared":
                    # bar.sync needs every thread: no early exit for shared (guard each step instead)
                    lines[lines.index("  @%p1 bra $Ldone;")] = ""
                bt = "b%d" % (8 * size)
                rb, rc_, ro = vreg(size, 20), vreg(size, 21), vreg(size, 22)
                g_ = "@!%p1 " if space == "shared" else ""
                lines += ["  %sld.global.%s %s, [%%rd10];" % (g_, bt, rb), "  %sld.global.%s %s, [%%rd11];" % (g_, bt, rc_)]
                if space == "shared":
                    for j in range(V):
                        lines += ["  @!%%p1 ld.global.%s %s, [%%rd13+%d]; @!%%p1 st.shared.%s [%%r11+%d], %s;" % (
                            bt, ro, j * N * size, bt, j * 32 * size, ro)]
                    lines.append("  bar.sync 0;")
                for j, (label, instr, sem, used) in enumerate(variants):
                    if space == "global":
                        addr = "[%%rd13+%d]" % (j * N * size)
                        sp = ".global"
                    elif space == "generic":
                        addr = "[%%rd19+%d]" % (j * N * size)
                        sp = ""
                    else:
                        addr = "[%%r11+%d]" % (j * 32 * size)
                        sp = ".shared"
                    ops = rb + (", " + rc_ if op == "cas" else "")
                    ty = ptxt
                    if instr == "atom":
                        d = ro if used else vreg(size, 23)
                        lines.append("  %s%s%s%s.%s%s.%s %s, %s, %s;" % (g_, "atom", sem, sp, op, noftz, ty, d, addr, ops))
                        if used:
                            lines.append("  %sst.global.%s [%%rd12+%d], %s;" % (g_, bt, j * N * size, ro))
                    else:
                        lines.append("  %sred%s%s.%s%s.%s %s, %s;" % (g_, sem, sp, op, noftz, ty, addr, ops))
                if space == "shared":
                    lines.append("  bar.sync 0;")
                    for j in range(V):
                        lines += ["  @!%%p1 ld.shared.%s %s, [%%r11+%d]; @!%%p1 st.global.%s [%%rd13+%d], %s;" % (
                            bt, ro, j * 32 * size, bt, j * N * size, ro)]
                lines += ["$Ldone:", "  ret;", "}"]
                rng = random.Random(kname)
                size, old, b, c = atom_inputs(rng, op, t, N)
                cells, olds = [], []
                for j, (label, instr, sem, used) in enumerate(variants):
                    for i in range(N):
                        if i < COUNT:
                            cells.append(atom_ref(op, t, old[i], b[i], c[i]))
                            olds.append(old[i] if used else 0)
                        else:
                            cells.append(old[i])
                            olds.append(0)
                pk = lambda v: b"".join((x & ((1 << (8 * size)) - 1)).to_bytes(size, "little") for x in v)  # noqa: E731
                params = "io:%s;in:%s;in:%s;out:%d;u32:%d" % (pk(old * V).hex(), pk(b).hex(), pk(c).hex(),
                                                              V * N * size, COUNT)
                expect = "0:exact:u8:%s;3:exact:u8:%s" % (pk(cells).hex(), pk(olds).hex())
                mods.setdefault("atom_" + space, []).append(g.Kern(kname, "\n".join(l for l in lines if l), params, expect,
                                                                  needs="atomics" + (",shared" if space == "shared" else "")))
    # contention: every thread of the grid reduces into four cells (commutative ops only)
    for space in ["global", "shared"]:
        for op, t in [("add", "u32"), ("add", "u64"), ("add", "f32"), ("add", "f64"), ("min", "s32"), ("max", "u64"),
                      ("and", "b32"), ("or", "b64"), ("xor", "b32"), ("inc", "u32")]:
            size = 8 if "64" in t else 4
            kname = "contended_%s_%s_%s" % (space, op, t)
            bt = "b%d" % (8 * size)
            lines = [entry(kname, [".param .u64 pcell", ".param .u64 pb", ".param .u64 pold", ".param .u32 pn"]), "{"]
            if space == "shared":
                lines.append("  .shared .align 8 .b8 scell[%d];" % (8 * size))
            lines += PRO + [
                "  ld.param.u64 %rd1, [pcell]; ld.param.u64 %rd2, [pb]; ld.param.u64 %rd4, [pold];",
                "  cvta.to.global.u64 %rd5, %rd1; cvta.to.global.u64 %rd6, %rd2; cvta.to.global.u64 %rd8, %rd4;",
                "  mul.wide.u32 %%rd9, %%r4, %d; add.s64 %%rd10, %%rd6, %%rd9; add.s64 %%rd12, %%rd8, %%rd9;" % size,
                "  and.b32 %%r6, %%r4, 3; mul.wide.u32 %%rd14, %%r6, %d; add.s64 %%rd15, %%rd5, %%rd14;" % size,
                "  @!%%p1 ld.global.%s %s, [%%rd10];" % (bt, vreg(size, 20)),
            ]
            if space == "shared":
                ident = {"min": "0x7FFFFFFF", "and": "-1"}.get(op, "0")
                r20, r21, r25 = vreg(size, 20), vreg(size, 21), vreg(size, 25)
                lines += [
                    "  and.b32 %%r7, %%r3, 3; mul.lo.u32 %%r8, %%r7, %d; mov.u32 %%r9, scell; add.u32 %%r10, %%r9, %%r8;" % size,
                    "  setp.lt.u32 %%p2, %%r3, 4; mov.b%d %s, %s; @%%p2 st.shared.%s [%%r10], %s;" % (8 * size, r25, ident, bt, r25),
                    "  bar.sync 0;",
                    "  @!%%p1 red.shared.%s.%s [%%r10], %s;" % (op, t, r20),
                    "  bar.sync 0;",
                    "  @%%p2 ld.shared.%s %s, [%%r10];" % (bt, r21),
                    "  mul.wide.u32 %%rd16, %%r1, %d; add.s64 %%rd17, %%rd5, %%rd16; add.s64 %%rd17, %%rd17, %%rd14;" % (4 * size),
                    "  @%%p2 st.global.%s [%%rd17], %s;" % (bt, r21)]
            else:
                lines += ["  @!%%p1 red.global.%s.%s [%%rd15], %s;" % (op, t, vreg(size, 20))]
            lines += ["  ret;", "}"]
            rng = random.Random(kname)
            if t in ("f32", "f64"):
                fmt = g.fx.FMT[t]
                b = [g.fx.enc(g.fx.Fraction(rng.randint(-1000, 1000)), fmt, "rn", False) for _ in range(N)]
            elif op == "inc":
                b = [rng.choice([1000, 2000]) for _ in range(N)]  # no wrap: the order does not matter
            else:
                b = [rng.getrandbits(8 * size) for _ in range(N)]
            n = 64 if size == 8 else 32
            m = (1 << n) - 1
            if space == "global":
                init = [rng.getrandbits(8 * size) if t[0] != "f" else g.fx.enc(g.fx.Fraction(rng.randint(-50, 50)), g.fx.FMT[t], "rn") for _ in range(4)]
                if op == "inc":
                    init = [rng.randint(0, 5) for _ in range(4)]
                cells = list(init)
                for i in range(COUNT):
                    k = i & 3
                    cells[k] = atom_ref(op, t, cells[k], b[i], 0)
                res = cells
            else:
                res = []
                idn = {"add": 0, "inc": 0, "xor": 0, "or": 0, "max": 0, "min": 0x7FFFFFFF, "and": m}[op]
                init = []
                for blk in range(2):
                    cells = [idn] * 4
                    for i in range(blk * g.BLOCK, min(COUNT, (blk + 1) * g.BLOCK)):
                        cells[i & 3] = atom_ref(op, t, cells[i & 3], b[i], 0)
                    res += cells
                init = [0] * 8
            pk = lambda v: b"".join((x & m).to_bytes(size, "little") for x in v)  # noqa: E731
            params = "io:%s;in:%s;null;u32:%d" % (pk(init).hex(), pk(b).hex(), COUNT)
            expect = "0:exact:u8:%s" % pk(res).hex()
            mods.setdefault("atom_contended", []).append(g.Kern(kname, "\n".join(lines), params, expect,
                                                               needs="atomics" + (",shared" if space == "shared" else "")))


# ---------------------------------------------------------------------------
# Warp and barrier instructions (every thread of the grid runs: 2 blocks x 64, no guard)

WN = 128


def warp_kernel(kname, body, ins, outs, ref, block=64, needs="-"):
    """ins: list of (name, type) inputs (one element per thread); outs: list of types (one element per
    thread each); body: PTX using %a0.. (input registers) and writing %o0.. (output registers);
    ref(lane values per warp...) -> per-output lists."""
    lines = [entry(kname, [".param .u64 p%d" % k for k in range(len(ins) + len(outs))]), "{",
             "  .reg .pred %p<16>; .reg .b32 %r<100>; .reg .b64 %rd<100>; .reg .b32 %a<8>; .reg .b64 %A<8>;",
             "  .reg .b32 %o<8>; .reg .b64 %O<8>;",
             "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %tid.x; mad.lo.s32 %r4, %r1, %r2, %r3;"]
    for k, (nm, t) in enumerate(ins):
        size = 8 if "64" in t else 4
        lines += ["  ld.param.u64 %%rd%d, [p%d]; cvta.to.global.u64 %%rd%d, %%rd%d;" % (10 + k, k, 10 + k, 10 + k),
                  "  mul.wide.u32 %%rd%d, %%r4, %d; add.s64 %%rd%d, %%rd%d, %%rd%d;" % (20 + k, size, 20 + k, 10 + k, 20 + k),
                  "  ld.global.b%d %s%d, [%%rd%d];" % (8 * size, "%A" if size == 8 else "%a", k, 20 + k)]
    lines += ["  " + l for l in body]
    for k, t in enumerate(outs):
        size = 8 if "64" in t else 4
        p = len(ins) + k
        lines += ["  ld.param.u64 %%rd%d, [p%d]; cvta.to.global.u64 %%rd%d, %%rd%d;" % (30 + k, p, 30 + k, 30 + k),
                  "  mul.wide.u32 %%rd%d, %%r4, %d; add.s64 %%rd%d, %%rd%d, %%rd%d;" % (40 + k, size, 40 + k, 30 + k, 40 + k),
                  "  st.global.b%d [%%rd%d], %s%d;" % (8 * size, 40 + k, "%O" if size == 8 else "%o", k)]
    lines += ["  ret;", "}"]
    rng = random.Random(kname)
    data = []
    for nm, t in ins:
        data.append([gen_warp_input(nm, rng, i) for i in range(WN)])
    res = ref(data)
    params = []
    for (nm, t), d in zip(ins, data):
        size = 8 if "64" in t else 4
        params.append("in:" + b"".join((v & ((1 << (8 * size)) - 1)).to_bytes(size, "little") for v in d).hex())
    expects = []
    for k, t in enumerate(outs):
        size = 8 if "64" in t else 4
        params.append("out:%d" % (WN * size))
        expects.append("%d:exact:u8:%s" % (len(ins) + k, b"".join(
            (v & ((1 << (8 * size)) - 1)).to_bytes(size, "little") for v in res[k]).hex()))
    return g.Kern(kname, "\n".join(lines), ";".join(params), ";".join(expects), grid=(WN // block, 1, 1),
                  block=(block, 1, 1), needs=needs)


def gen_warp_input(kind, rng, i):
    if kind == "val":
        return rng.getrandbits(32)
    if kind == "val64":
        return rng.getrandbits(64)
    if kind == "lane":
        return rng.choice([0, 1, 2, 5, 16, 31, 32, 33, 63, rng.getrandbits(32)])
    if kind == "c":
        return rng.choice([0x1F, 0, 0x1C1F, 0x181F, 0x1F00, 0x1010, rng.getrandbits(13)])
    if kind == "pred":
        return rng.choice([0, 1, 1, 1])
    if kind == "dup":
        return rng.choice([7, 7, 9, 0xFFFFFFFF, 1 << 31, rng.getrandbits(32)])
    if kind == "dup64":
        return rng.choice([7, 7, 9 << 32, (1 << 64) - 1, rng.getrandbits(64)])
    raise ValueError(kind)


def shfl_ref(mode, a, b, c):
    """One warp's (d, p) per PTX ISA's shfl.sync pseudo-code (all lanes active)."""
    d, p = [], []
    for lane in range(32):
        bval, cval, seg = b[lane] & 31, c[lane] & 31, (c[lane] >> 8) & 31
        maxl = (lane & seg) | (cval & ~seg & 31)
        minl = lane & seg
        if mode == "up":
            j = lane - bval
            pv = j >= maxl
        elif mode == "down":
            j = lane + bval
            pv = j <= maxl
        elif mode == "bfly":
            j = lane ^ bval
            pv = j <= maxl
        else:
            j = minl | (bval & ~seg & 31)
            pv = j <= maxl
        if not pv:
            j = lane
        d.append(a[j])
        p.append(int(pv))
    return d, p


def per_warp(data, f, nout):
    res = [[] for _ in range(nout)]
    for w in range(WN // 32):
        outs = f(*[d[32 * w:32 * w + 32] for d in data])
        for k in range(nout):
            res[k] += outs[k]
    return res


def warp(mods):
    out = mods.setdefault("warp", [])
    for mode in ["up", "down", "bfly", "idx"]:
        for bform in ["imm", "reg"]:
            for cform in ["imm", "reg"]:
                for bimm, cimm in ([(1, 0x1F), (3, 0x1C1F), (31, 0)] if bform == "imm" or cform == "imm" else [(0, 0)]):
                    if bform == "reg" and cform == "reg" and (bimm, cimm) != (0, 0):
                        continue
                    kname = "shfl_%s_b%s_c%s" % (mode, bform if bform == "reg" else "%d" % bimm,
                                                  cform if cform == "reg" else "%x" % cimm)
                    bo = "%a1" if bform == "reg" else str(bimm)
                    co = "%a2" if cform == "reg" else "0x%x" % cimm
                    body = ["shfl.sync.%s.b32 %%o0|%%p1, %%a0, %s, %s, 0xffffffff;" % (mode, bo, co),
                            "selp.u32 %o1, 1, 0, %p1;",
                            "shfl.sync.%s.b32 %%o2, %%a0, %s, %s, -1;" % (mode, bo, co)]

                    def ref(data, mode=mode, bform=bform, cform=cform, bimm=bimm, cimm=cimm):
                        def f(a, b, c):
                            bb = b if bform == "reg" else [bimm] * 32
                            cc = c if cform == "reg" else [cimm] * 32
                            d, p = shfl_ref(mode, a, bb, cc)
                            return d, p, d
                        return per_warp(data, f, 3)
                    out.append(warp_kernel(kname, body, [("val", "b32"), ("lane", "b32"), ("c", "b32")],
                                           ["b32", "u32", "b32"], ref))
    # shfl of a uniform value (a kernel parameter), and a register membermask
    out.append(warp_kernel("shfl_idx_membermask_reg", ["mov.u32 %r50, -1; shfl.sync.idx.b32 %o0, %a0, %a1, 0x1f, %r50;"],
                           [("val", "b32"), ("lane", "b32")], ["b32"],
                           lambda data: per_warp(data, lambda a, b: (shfl_ref("idx", a, b, [0x1F] * 32)[0],), 1)))
    # vote
    body = ["setp.ne.u32 %p1, %a0, 0;",
            "vote.sync.all.pred %p2, %p1, 0xffffffff; selp.u32 %o0, 1, 0, %p2;",
            "vote.sync.any.pred %p3, %p1, 0xffffffff; selp.u32 %o1, 1, 0, %p3;",
            "vote.sync.uni.pred %p4, %p1, 0xffffffff; selp.u32 %o2, 1, 0, %p4;",
            "vote.sync.ballot.b32 %o3, %p1, 0xffffffff;",
            "vote.sync.all.pred %p5, !%p1, 0xffffffff; selp.u32 %o4, 1, 0, %p5;",
            "vote.sync.ballot.b32 %o5, !%p1, 0xffffffff;"]

    def vref(data):
        def f(a):
            bits = [int(x != 0) for x in a]
            bal = sum(b << k for k, b in enumerate(bits))
            nb = [1 - x for x in bits]
            nbal = sum(b << k for k, b in enumerate(nb))
            return ([int(all(bits))] * 32, [int(any(bits))] * 32, [int(len(set(bits)) == 1)] * 32, [bal] * 32,
                    [int(all(nb))] * 32, [nbal] * 32)
        return per_warp(data, f, 6)
    out.append(warp_kernel("vote_sync", body, [("pred", "b32")], ["u32"] * 6, vref))
    # vote with all-true/uniform inputs: the warp of all ones
    body = ["setp.ne.u32 %p1, %a0, 77;", "vote.sync.all.pred %p2, %p1, 0xffffffff; selp.u32 %o0, 1, 0, %p2;",
            "vote.sync.uni.pred %p4, %p1, 0xffffffff; selp.u32 %o1, 1, 0, %p4;"]
    out.append(warp_kernel("vote_sync_uniform", body, [("pred", "b32")], ["u32"] * 2,
                           lambda data: per_warp(data, lambda a: ([1] * 32, [1] * 32), 2)))
    # match
    body = ["match.any.sync.b32 %o0, %a0, 0xffffffff;",
            "match.all.sync.b32 %o1|%p1, %a0, 0xffffffff; selp.u32 %o2, 1, 0, %p1;"]

    def mref(data):
        def f(a):
            anyv = [sum(1 << k for k in range(32) if a[k] == a[l]) for l in range(32)]
            alleq = len(set(a)) == 1
            return anyv, [0xFFFFFFFF if alleq else 0] * 32, [int(alleq)] * 32
        return per_warp(data, f, 3)
    out.append(warp_kernel("match_b32", body, [("dup", "b32")], ["b32", "b32", "u32"], mref))
    body = ["match.any.sync.b64 %o0, %A0, 0xffffffff;",
            "match.all.sync.b64 %o1|%p1, %A0, 0xffffffff; selp.u32 %o2, 1, 0, %p1;"]
    out.append(warp_kernel("match_b64", body, [("dup64", "b64")], ["b32", "b32", "u32"], mref))
    body = ["mov.b32 %r60, 5; match.all.sync.b32 %o0|%p1, %r60, 0xffffffff; selp.u32 %o1, 1, 0, %p1;"]
    out.append(warp_kernel("match_all_uniform", body, [("val", "b32")], ["b32", "u32"],
                           lambda data: per_warp(data, lambda a: ([0xFFFFFFFF] * 32, [1] * 32), 2)))
    # redux
    for op, t in [("add", "u32"), ("add", "s32"), ("min", "u32"), ("min", "s32"), ("max", "u32"), ("max", "s32"),
                  ("and", "b32"), ("or", "b32"), ("xor", "b32")]:
        body = ["redux.sync.%s.%s %%o0, %%a0, 0xffffffff;" % (op, t)]

        def rref(data, op=op, t=t):
            def f(a):
                if op == "add":
                    v = sum(a) & 0xFFFFFFFF
                elif op in ("min", "max"):
                    vals = [g.iv(t, x) for x in a]
                    v = (min(vals) if op == "min" else max(vals)) & 0xFFFFFFFF
                else:
                    v = a[0]
                    for x in a[1:]:
                        v = {"and": v & x, "or": v | x, "xor": v ^ x}[op]
                return ([v] * 32,)
            return per_warp(data, f, 1)
        out.append(warp_kernel("redux_%s_%s" % (op, t), body, [("dup", "b32")], ["b32"], rref))
    # activemask (converged), laneid and the lane masks, thread/block ids
    body = ["activemask.b32 %o0;", "mov.u32 %o1, %laneid;", "mov.u32 %o2, %lanemask_eq;", "mov.u32 %o3, %lanemask_lt;",
            "mov.u32 %o4, %lanemask_le;", "mov.u32 %o5, %lanemask_gt;", "mov.u32 %o6, %lanemask_ge;"]

    def aref(data):
        res = [[] for _ in range(7)]
        for i in range(WN):
            ln = i % 32
            vals = [0xFFFFFFFF, ln, 1 << ln, (1 << ln) - 1, (1 << (ln + 1)) - 1, (0xFFFFFFFF << (ln + 1)) & 0xFFFFFFFF,
                    (0xFFFFFFFF << ln) & 0xFFFFFFFF]
            for k in range(7):
                res[k].append(vals[k])
        return res
    out.append(warp_kernel("activemask_lanemasks", body, [("val", "b32")], ["b32"] * 7, aref))
    body = ["mov.u32 %o0, %tid.x;", "mov.u32 %o1, %ntid.x;", "mov.u32 %o2, %ctaid.x;", "mov.u32 %o3, %nctaid.x;",
            "mov.u32 %r61, %tid.y; mov.u32 %r62, %tid.z; mov.u32 %r63, %ctaid.y; mov.u32 %r64, %ctaid.z;"
            " mov.u32 %r65, %nctaid.y; mov.u32 %r66, %ntid.z; add.u32 %r67, %r61, %r62; add.u32 %r67, %r67, %r63;"
            " add.u32 %r67, %r67, %r64; add.u32 %r67, %r67, %r65; add.u32 %o4, %r67, %r66;",
            "mov.u32 %r68, %warpid; mov.u32 %r69, %nwarpid; setp.lt.u32 %p1, %r68, %r69; selp.u32 %o5, 1, 0, %p1;"]

    def sref(data):
        res = [[] for _ in range(6)]
        for i in range(WN):
            for k, v in enumerate([i % 64, 64, i // 64, WN // 64, 2, 1]):
                res[k].append(v)
        return res
    out.append(warp_kernel("special_registers", body, [("val", "b32")], ["u32"] * 6, sref))
    # barriers: bar.red over the block (two warps)
    body = ["setp.ne.u32 %p1, %a0, 0;",
            "bar.red.popc.u32 %o0, 0, %p1;",
            "bar.red.and.pred %p2, 1, %p1; selp.u32 %o1, 1, 0, %p2;",
            "bar.red.or.pred %p3, 2, %p1; selp.u32 %o2, 1, 0, %p3;",
            "barrier.sync 3; bar.sync 4, 64; barrier.sync.aligned 5;",
            "bar.red.popc.u32 %o3, 6, 64, !%p1;",
            "bar.red.and.pred %p4, 7, !%p1; selp.u32 %o4, 1, 0, %p4;"]

    def bref(data):
        res = [[] for _ in range(5)]
        for blk in range(WN // 64):
            bits = [int(x != 0) for x in data[0][64 * blk:64 * blk + 64]]
            vals = [sum(bits), int(all(bits)), int(any(bits)), 64 - sum(bits), int(not any(bits))]
            for k in range(5):
                res[k] += [vals[k]] * 64
        return res
    out.append(warp_kernel("bar_red", body, [("pred", "b32")], ["u32"] * 5, bref))
    # bar.arrive (the first warp) + bar.sync (the second) with a thread count, around shared data
    body = ["mov.u32 %r70, %tid.x; setp.lt.u32 %p1, %r70, 32;",
            "mov.u32 %r71, bsm; and.b32 %r72, %r70, 31; shl.b32 %r73, %r72, 2; add.u32 %r74, %r71, %r73;",
            "@%p1 st.shared.u32 [%r74], %a0;",
            "@%p1 bar.arrive 1, 64;",
            "@!%p1 bar.sync 1, 64;",
            "mov.u32 %o0, 0;",
            "@!%p1 ld.shared.u32 %o0, [%r74];"]

    def aref2(data):
        res = []
        for i in range(WN):
            tid = i % 64
            res.append(data[0][i - 32] if tid >= 32 else 0)
        return [res]
    k = warp_kernel("bar_arrive_sync", body, [("val", "b32")], ["b32"], aref2, needs="shared")
    k.ptx = k.ptx.replace("{\n", "{\n  .shared .align 4 .b32 bsm[32];\n", 1)
    out.append(k)


def modules(gen):
    global g
    g = gen
    mods = {}
    mem_global(mods)
    mem_widen(mods)
    mem_shared(mods)
    mem_local(mods)
    mem_const(mods)
    atomics(mods)
    warp(mods)
    return mods
