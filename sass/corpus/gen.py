#!/usr/bin/env python3
"""Generate the corpus's elementwise PTX families and the result manifest.

    python3 sass/corpus/gen.py OUTDIR

writes OUTDIR/gen/*.ptx (one module per family, many kernels per module) and
OUTDIR/manifest.tsv (how to run each kernel with a reference, generated and
hand-written; see README.md for the format).  Deterministic: the inputs come
from `random.Random(<kernel name>)`; nothing depends on the host's FPU.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import families as fam  # noqa: E402
import fpref as fp  # noqa: E402
import hand  # noqa: E402

N = 64          # elements per buffer
COUNT = N - 4   # the kernels write out[i] for i < n = COUNT; the tail stays zero
GRID, BLOCK = 2, 32

# Approximate instructions are checked as "tol=U/A": |got - ref| <= max(A, U ulp of ref), where ref is
# the real value rounded to f32 (so U is the documented bound + 1 ulp for that rounding).  Bounds
# (PTX ISA 8.x "Floating Point Instructions"; CUDA C++ Programming Guide, "Mathematical Functions"):
#   ex2.approx.ftz.f32   2 ulp (exp2f: 2 ulp)                                    -> tol=3/0, |x| < 16
#   lg2.approx.ftz.f32   __log2f: abs 2^-22 on [0.5, 2], else 2 ulp             -> tol=3/2^-21
#   sin/cos.approx.f32   __sinf/__cosf: abs 2^-21.41 / 2^-21.19 on [-pi, pi]     -> tol=1/2^-20.5
#   rsqrt.approx.f32     rsqrtf: 2 ulp;  rcp/sqrt.approx.f32: 1 ulp (PTX), used 2 -> tol=3/0
#   div.full.f32         __fdividef: 2 ulp for 2^-126 <= |y| <= 2^126             -> tol=3/0
#   tanh.approx.f32      PTX: max relative error 2^-10.987 (|tanh| <= 1)          -> tol=1/2^-10.987


TYPES = {  # key -> (ld/st type, bytes)
    "u32": ("u32", 4), "s32": ("s32", 4), "u64": ("u64", 8), "s64": ("s64", 8),
    "f32": ("f32", 4), "f64": ("f64", 8), "f16": ("b16", 2), "bf16": ("b16", 2),
    "f16x2": ("b32", 4), "bf16x2": ("b32", 4),
}


def base(key):
    for t in sorted(TYPES, key=len, reverse=True):
        if key.startswith(t):
            return t, key[len(t):]
    raise KeyError(key)


def rand_float(rng, fmt, lo_exp, hi_exp, kind):
    e, m, n = fmt
    bias = (1 << (e - 1)) - 1
    while True:
        ex = rng.randint(lo_exp, hi_exp)
        bits = ((ex + bias) << m) | rng.getrandbits(m)
        if kind != "pos" and rng.random() < 0.5:
            bits |= 1 << (n - 1)
        return bits


def inputs(key, rng):
    t, kind = base(key)
    n = fam.BITS[t]
    out = []
    for i in range(N):
        if t in ("u32", "s32", "u64", "s64"):
            r = rng.random()
            if kind == "field":
                v = rng.randint(0, 40)  # bit-field position/length: PTX defines 0..255 only
            elif key.startswith("u32") and kind == "" and r < 0.2:
                v = rng.choice([0, 1, 2, 31, 32, 33, 63, 64, 100])  # shift amounts, fields, selectors
            elif r < 0.3:
                v = rng.choice([0, 1, 2, 3, 7, 0x80, (1 << n) - 1, 1 << (n - 1), (1 << (n - 1)) - 1, (1 << n) - 2])
            elif r < 0.6:
                v = rng.getrandbits(rng.randint(1, n))
                if rng.random() < 0.5:
                    v = (-v) & ((1 << n) - 1)
            else:
                v = rng.getrandbits(n)
            if kind == "nz":
                while v == 0 or (t[0] == "s" and fam.sx(v, n) == -1):
                    v = rng.getrandbits(rng.randint(1, n))
            out.append(v)
        elif t in ("f16x2", "bf16x2"):
            h = fam.FMT[t[:-2]]
            out.append(rand_float(rng, h, -6, 6, "") | rand_float(rng, h, -6, 6, "") << 16)
        else:
            fmt = fam.FMT[t]
            if kind == "wide":
                v = rand_float(rng, fmt, -3, 70 if t == "f64" else 40, "")
            elif kind == "small":
                v = rand_float(rng, fmt, -8, 3, "")
            elif kind == "pi":
                v = fp.encode(fp.Fraction(rng.uniform(-3.14159, 3.14159)), fmt, "rn")
            elif kind == "pos":
                v = rand_float(rng, fmt, -4, 4, "pos")
            elif t in ("f16", "bf16"):
                v = rand_float(rng, fmt, -6, 6, "")
            else:
                r = rng.random()
                if r < 0.05:
                    v = 0
                elif r < 0.1 and t == "f32" and kind == "":
                    v = rng.getrandbits(23) | (rng.getrandbits(1) << 31)  # subnormal: FTZ and denormal paths
                elif r < 0.2:
                    v = fp.encode(fp.Fraction(rng.randint(-1000, 1000)), fmt)
                else:
                    v = rand_float(rng, fmt, -30, 30, "")
                if kind == "nz" and v & ~(1 << (fmt[2] - 1)) == 0:
                    v = fp.encode(fp.Fraction(3, 7), fmt)
            out.append(v)
    return out


def ident(op):
    return op.replace(".", "_")


def immediate(key, v):
    t, _ = base(key)
    if t == "f32":
        return "0f%08X" % v
    if t == "f64":
        return "0d%016X" % v
    return str(fam.iv(t, v))


def kernel_ptx(name, op, ins, out, form, imm):
    """One elementwise kernel; form is rr (all from memory), ri (b immediate) or rs (b a scalar param)."""
    regs = {4: "%r", 8: "%rd", 2: "%rs"}
    lines = [
        ".visible .entry %s(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 po, .param .u32 pn,"
        " .param .%s ps)" % (name, TYPES[base(ins[1])[0]][0] if len(ins) > 1 else "u32"),
        "{",
        "  .reg .pred %p<4>; .reg .b16 %rs<24>; .reg .b32 %r<24>; .reg .b64 %rd<24>;",
        "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %tid.x; mad.lo.s32 %r4, %r1, %r2, %r3;",
        "  ld.param.u32 %r5, [pn]; setp.ge.u32 %p1, %r4, %r5; @%p1 bra $Ldone;",
        "  cvt.u64.u32 %rd5, %r4;",
    ]
    ops = []
    for k, key in enumerate(ins):
        ty, size = TYPES[base(key)[0]]
        reg = "%s%d" % (regs[size], 10 + k)
        if k == 1 and form == "ri":
            ops.append(imm)
            continue
        if k == 1 and form == "rs":
            lines.append("  ld.param.%s %s, [ps];" % (ty, reg))
            ops.append(reg)
            continue
        p = "pa pb pc".split()[k]
        lines += [
            "  ld.param.u64 %%rd%d, [%s]; cvta.to.global.u64 %%rd%d, %%rd%d;" % (1 + k, p, 1 + k, 1 + k),
            "  mul.lo.s64 %%rd%d, %%rd5, %d; add.s64 %%rd%d, %%rd%d, %%rd%d;" % (6 + k, size, 6 + k, 1 + k, 6 + k),
            "  ld.global.%s %s, [%%rd%d];" % (ty, reg, 6 + k),
        ]
        ops.append(reg)
    oty, osize = TYPES[out]
    d = "%s20" % regs[osize]
    if op.startswith("setp."):
        body = "setp.%s %%p2, %s; selp.u32 %s, 1, 0, %%p2;" % (op[5:], ", ".join(ops), d)
    elif op.startswith("selp."):
        body = "setp.ne.u32 %%p2, %s, 0; %s %s, %s, %s, %%p2;" % (ops[2], op, d, ops[0], ops[1])
    else:
        body = "%s %s, %s;" % (op, d, ", ".join(ops))
    lines += [
        "  " + body,
        "  ld.param.u64 %rd4, [po]; cvta.to.global.u64 %rd4, %rd4;",
        "  mul.lo.s64 %%rd9, %%rd5, %d; add.s64 %%rd9, %%rd4, %%rd9;" % osize,
        "  st.global.%s [%%rd9], %s;" % (oty, d),
        "$Ldone:",
        "  ret;",
        "}",
    ]
    return "\n".join(lines)


def pack(vals, key):
    ty, size = TYPES[base(key)[0]]
    return b"".join(v.to_bytes(size, "little") for v in vals)


def family_modules():
    mods = {
        "gen_int_u32": fam.integer_ops("u32"), "gen_int_s32": fam.integer_ops("s32"),
        "gen_int_u64": fam.integer_ops("u64"), "gen_int_s64": fam.integer_ops("s64"),
        "gen_f32": fam.float_ops("f32"), "gen_f64": fam.float_ops("f64"),
        "gen_f16": fam.half_ops("f16"), "gen_bf16": fam.half_ops("bf16"),
        "gen_cvt": fam.conversion_ops(),
    }
    return mods


# The ops that also get an immediate and a scalar-parameter (constant bank) form.
ALT_FORMS = ("add.u32", "add.s32", "add.u64", "add.s64", "sub.s32", "sub.u64", "mul.lo.u32", "mul.lo.s64",
             "mul.hi.u32", "mul.hi.s32", "mul.wide.u32", "mul.wide.s32", "and.b32", "or.b64", "xor.b32",
             "shl.b32", "shl.b64", "shr.u32", "shr.s32", "shr.s64", "min.s32", "max.u32", "min.u64",
             "setp.lt.s32", "setp.eq.u32", "setp.gt.u64", "setp.ge.s64", "div.u32", "div.s32", "rem.u32",
             "div.u64", "rem.s64", "add.rn.f32", "sub.rn.f32", "mul.rn.f32", "add.rz.ftz.f32", "mul.rp.f32",
             "div.rn.f32", "min.f32", "max.ftz.f32", "setp.lt.f32", "setp.eq.f32", "add.rn.f64", "mul.rn.f64",
             "add.sat.s32", "mul24.lo.u32")


def forms_for(mod, op, ins):
    """Operand forms: every op from memory (rr); some binary ops also with an immediate (ri) and a
    scalar kernel parameter, which ptxas reads from constant bank 0 (rs)."""
    if len(ins) == 2 and op in ALT_FORMS:
        return ["rr", "ri", "rs"]
    return ["rr"]


# Which cubins each source becomes (build.py follows this; the manifest names them).
O0_SOURCES = ("gen_int_u32",)


def variants(src):
    """Cubin base names built from source `src` (gen/x.ptx, src/x.ptx or src/x.cu)."""
    if src.endswith(".cu"):
        b = src[:-3]
        return [b + ".nvrtc_ptxas", b + ".nvrtc"]
    b = src[:-4] if src.endswith(".ptx") else src
    return [b + ".O3"] + ([b + ".O0"] if b in O0_SOURCES or b.endswith("_o0") else [])


def generate(outdir):
    os.makedirs(os.path.join(outdir, "gen"), exist_ok=True)
    manifest = []
    for mod, ops in family_modules().items():
        header = ".version 8.0\n.target sm_87\n.address_size 64\n// @generated by sass/corpus/gen.py\n"
        kernels = []
        for op, ins, out, ref in ops:
            check = "exact"
            if isinstance(ref, tuple):
                check = "tol=%d/%r" % (ref[1], ref[2])
                ref = ref[3]
            for form in forms_for(mod, op, ins):
                name = "%s_%s" % (ident(op), form)
                rng = random.Random(name)
                data = [inputs(k, rng) for k in ins]
                if form != "rr":
                    data[1] = [data[1][0]] * N  # one value for every element
                imm = immediate(ins[1], data[1][0]) if form == "ri" else None
                kernels.append(kernel_ptx(name, op, ins, out, form, imm))
                res = [ref(*[d[i] for d in data]) for i in range(COUNT)] + [0] * (N - COUNT)
                params = []
                for k in range(3):
                    if k < len(ins) and not (k == 1 and form != "rr"):
                        params.append("in:" + pack(data[k], ins[k]).hex())
                    else:
                        params.append("null")
                osize = TYPES[out][1]
                params.append("out:%d" % (N * osize))
                params.append("u32:%d" % COUNT)
                if form == "rs":
                    params.append("b%d:%x" % (8 * TYPES[base(ins[1])[0]][1], data[1][0]))
                else:
                    params.append("b32:0" if len(ins) < 2 else "b%d:0" % (8 * TYPES[base(ins[1])[0]][1]))
                expect = "3:%s:%s:%s" % (check, out, pack(res, out).hex())
                manifest.append((",".join(variants(mod + ".ptx")), name, "%d,1,1" % GRID, "%d,1,1" % BLOCK, "0", "-", ";".join(params), expect))
        with open(os.path.join(outdir, "gen", mod + ".ptx"), "w") as f:
            f.write(header + "\n" + "\n\n".join(kernels) + "\n")
    manifest += hand.manifest_rows()
    with open(os.path.join(outdir, "manifest.tsv"), "w") as f:
        f.write("# @generated by sass/corpus/gen.py; columns: module kernel grid block dynamic_shared needs "
                "params expect (see README.md)\n")
        for row in manifest:
            f.write("\t".join(row) + "\n")
    return manifest


if __name__ == "__main__":
    rows = generate(sys.argv[1])
    print("gen: %d kernels with references" % len(rows), file=sys.stderr)
