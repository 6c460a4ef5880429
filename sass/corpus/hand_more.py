"""References for memory.cu, math.cu, control.cu and special.ptx (see hand.py)."""

import math
import random

import fpref as fp
from families import M32, f2i, sx, wrap
from hand import N, GRID, f32b, f32s, f64b, f64s, dv, fv, pk, u32s

CTABLE = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]
GTABLE = [10, 20, 30, 40, 50, 60, 70, 80]


def mix(x, y):
    return wrap((x ^ (y << 5)) + (y >> 3) * 0x9E3779B9, 32)


def memory_cu(row, std):
    rng = random.Random("memory.cu")
    src = "memory.cu"
    a, b = u32s(rng), u32s(rng)
    std(src, "call_mix", a, 4, b, 4, [mix(x, y) for x, y in zip(a, b)], 4, "u32", needs="calls")
    std(src, "call_mix3", a, 4, b, 4, [mix(mix(a[i], b[i]), i) for i in range(N)], 4, "u32", needs="calls")
    out = [wrap(CTABLE[a[i] & 15] * 100 + CTABLE[i & 15] + f32b(0.5 * (b[i] & 0xFF)), 32) for i in range(N)]
    std(src, "const_lookup", a, 4, b, 4, out, 4, "u32", needs="constant-bank-3")
    out = [GTABLE[a[i] & 7] + 1000 for i in range(N)]
    std(src, "global_init", a, 4, b, 4, out, 4, "u32", needs="global-init,global-bss,relocations")
    std(src, "read_counter", a, 4, b, 4, [1000, 0], 4, "u32", needs="global-init,global-bss,relocations")
    std(src, "shared_reduce", a, 4, b, 4, [wrap(sum(a[64 * k:64 * k + 64]), 32) for k in range(GRID)], 4, "u32",
        needs="shared")
    out = [a[(i & ~63) + (i % 8) * 8 + (i & 63) // 8] for i in range(N)]
    std(src, "shared_transpose", a, 4, b, 4, out, 4, "u32", needs="shared")
    out = []
    for i in range(N):
        base, t = i & ~63, i & 63
        dyn = [a[base + ((k * 13) & 63)] for k in range(64)]  # 13 = 5^-1 mod 64
        out.append(wrap(dyn[t] + dyn[63 - t], 32))
    std(src, "shared_dynamic", a, 4, b, 4, out, 4, "u32", needs="dynamic-shared", shared=256)
    out = []
    for i in range(N):
        base, t = i & ~63, i & 63
        j = 63 - t
        out.append((a[base + j] & 0xFF) | (((a[base + j] >> 8) & 0xFF) << 8) | ((a[base + ((t + 1) & 63)] >> 16) << 16))
    std(src, "shared_bytes", a, 4, b, 4, out, 4, "u32", needs="shared")
    out = []
    for x, y in zip(a, b):
        arr = [wrap(x * k + y, 32) for k in range(24)]
        j, m = x % 24, y % 24
        arr[j] ^= 0x5555
        out.append(wrap(arr[m] + arr[(j + m) % 24], 32))
    std(src, "local_array", a, 4, b, 4, out, 4, "u32", needs="local-memory")
    a64 = [rng.getrandbits(64) for _ in range(N)]
    out = []
    for x, y in zip(a64, b):
        arr = [wrap(x + k * k, 64) for k in range(16)]
        arr[y & 15] ^= 0xFF
        out.append(wrap(arr[(y >> 4) & 15] + arr[(y >> 8) & 15], 64))
    std(src, "local_array64", a64, 8, b, 4, out, 8, "u64", needs="local-memory")
    q = [rng.getrandbits(32) for _ in range(4 * N)]
    out = []
    for i in range(N):
        x, y, z, w = q[4 * i:4 * i + 4]
        out += [w, wrap(z + 1, 32), y ^ x, x]
    std(src, "vector_loads", q, 4, b, 4, out, 4, "u32")
    out = []
    for i in range(N):
        t, base = i & 63, i & ~63
        loc = [a[i], b[i], t, 7]
        if a[i] & 1:
            out.append(b[base + 63 - t])
        elif a[i] & 2:
            out.append(loc[b[i] & 3])
        else:
            out.append(a[i ^ 1])
    std(src, "generic_pointers", a, 4, b, 4, out, 4, "u32", needs="shared,local-memory")
    std(src, "membar_flags", a, 4, b, 4, a + b + [wrap(x + y, 32) for x, y in zip(a, b)], 4, "u32")


def fround(x):
    """Python's double result rounded to f32 (the real value up to the double's own rounding)."""
    return f32b(x)


def math_cu(std):
    rng = random.Random("math.cu")
    src = "math.cu"
    xs = f32s(rng, -3.14159, 3.14159)
    ys = f32s(rng, 0.0625, 30.0, pos=True)
    out = []
    for x, y in zip(xs, ys):
        x, y = float(fv(x)), float(fv(y))
        out += [fround(math.sin(x)), fround(math.cos(x)), fround(math.exp(x)), fround(math.log2(y)),
                fround(x / y), fround(1 / math.sqrt(y))]
    # CUDA C++ Programming Guide, Mathematical Functions, intrinsic functions: __sinf/__cosf abs 2^-21.41 /
    # 2^-21.19 on [-pi, pi]; __expf 2 + floor(|1.173 x|) ulp (<= 5 on [-pi, pi]); __log2f abs 2^-22 on
    # [0.5, 2] else 2 ulp; __fdividef 2 ulp; rsqrtf 2 ulp.  +1 ulp for the reference's rounding to f32
    # (absolute bounds widened to 2^-21 and 2^-21.5 for the same reason).
    std(src, "fast_math", xs, 4, ys, 4, out, 4, "f32",
        check="tol=1/%r,1/%r,6/0,3/%r,3/0,3/0" % (2.0 ** -21, 2.0 ** -21, 2.0 ** -21.5))
    out = []
    for x, y in zip(xs, ys):
        x, y = float(fv(x)), float(fv(y))
        out += [fround(math.sin(x)), fround(math.cos(x)), fround(2.0 ** x), fround(math.log2(y)),
                fround(math.exp(x)), fround(math.log(y))]
    # Standard functions (same table): sinf, cosf, exp2f, expf 2 ulp; log2f, logf 1 ulp; +1 for rounding.
    std(src, "std_math", xs, 4, ys, 4, out, 4, "f32", check="tol=3/0,3/0,3/0,2/0,3/0,2/0")
    xa = f32s(rng, -1e6, 1e6)
    xa = [v if v & 0x7FFFFFFF else f32b(1.5) for v in xa]
    out = []
    for x, y in zip(xa, ys):
        out += [fp.binop("div", x, y, fp.F32), fp.sqrt_exact(fv(y), fp.F32), fp.binop("div", f32b(1), x, fp.F32),
                fp.fma(x, y, f32b(1), fp.F32)]
    std(src, "ieee_div_sqrt", xa, 4, ys, 4, out, 4, "f32")
    out = []
    for x, y in zip(xa, ys):
        mn = x if fv(x) <= fv(y) else y
        mx = y if mn == x else x
        out += [fp.binop("add", x, y, fp.F32, "rz"), fp.binop("mul", x, y, fp.F32, "rp"),
                fp.binop("sub", x, y, fp.F32, "rm"), fp.binop("div", x, y, fp.F32, "rz"),
                fp.sqrt_exact(fv(y), fp.F32, "rp"), fp.encode(1 / fv(x), fp.F32, "rm"),
                fp.fma(x, y, x, fp.F32, "rz"), fp.binop("add", mn, fp.binop("mul", mx, 0, fp.F32), fp.F32)]
    std(src, "f32_rounding", xa, 4, ys, 4, out, 4, "f32")
    da = f64s(rng, -1e9, 1e9)
    db = [v & ~(1 << 63) for v in f64s(rng, 1e-3, 1e6)]
    out = []
    for x, y in zip(da, db):
        F = fp.F64
        out += [fp.binop("add", x, y, F), fp.binop("mul", x, y, F), fp.fma(x, y, x, F), fp.binop("div", x, y, F),
                fp.sqrt_exact(fp.value(y, F), F), x if dv(x) <= dv(y) else y]
    std(src, "f64_ops", da, 8, db, 8, out, 8, "f64")
    ds = f64s(rng, -3.0, 3.0)
    out = []
    for x, y in zip(ds, db):
        out += [f64b(math.sin(dv(x))), f64b(math.exp(dv(x))), f64b(math.log(dv(y))), f64b(1 / math.sqrt(dv(y)))]
    # Double-precision functions (same appendix): sin 2 ulp, exp 1 ulp, log 1 ulp, rsqrt 1 ulp (+1 or +2 for
    # the host libm and the two roundings of 1/sqrt).
    std(src, "f64_math", ds, 8, db, 8, out, 8, "f64", check="tol=3/0,2/0,2/0,3/0")
    fa = f32s(rng, -3e9, 3e9)
    dd = f64s(rng, -3e9, 3e9)
    out = []
    for i, (x, d) in enumerate(zip(fa, dd)):
        v, w = fv(x), fp.value(d, fp.F64)
        out += [f2i(v, "rni", "s32"), f2i(v, "rzi", "s32"), f2i(v, "rmi", "u32"),
                fp.encode(fp.Fraction(sx(wrap(i * 0x01234567, 32), 32)), fp.F32, "rp"),
                f2i(w, "rpi", "s32"), fp.encode(w, fp.F32, "rz"), f2i(w, "rni", "s64") & M32,
                fp.encode(fp.Fraction(0xFEDCBA9876543210 >> (i & 63)), fp.F32, "rn")]
    std(src, "conversions", fa, 4, dd, 8, out, 4, "u32")
    hs = [fp.encode(fp.Fraction(rng.uniform(-60, 60)), fp.F16) for _ in range(N)]
    ht = [fp.encode(fp.Fraction(rng.uniform(-60, 60)), fp.F16) for _ in range(N)]
    out = []
    for x, y in zip(hs, ht):
        out += [fp.binop("add", x, y, fp.F16), fp.binop("mul", x, y, fp.F16), fp.fma(x, y, x, fp.F16),
                fp.fma(x, y, x, fp.BF16)]
    std(src, "half_ops", hs, 2, ht, 2, out, 2, "u16")
    fh = []
    for _ in range(N):
        e = rng.randint(-20, 14)
        fh.append(fp.encode(fp.Fraction(rng.uniform(1, 2)) * fp.Fraction(2) ** e * rng.choice([1, -1]), fp.F32))
    out = []
    for x in fh:
        h = fp.encode(fv(x), fp.F16, neg_zero=bool(x >> 31))
        bf = fp.encode(fv(x), fp.BF16, neg_zero=bool(x >> 31))
        out += [h | bf << 16, fp.encode(fp.value(h, fp.F16), fp.F32, neg_zero=bool(h >> 15))]
    std(src, "half_convert", fh, 4, u32s(rng), 4, out, 4, "u32")


def control_cu(std):
    rng = random.Random("control.cu")
    src = "control.cu"
    a = [rng.randint(0, 5000) for _ in range(N)]
    b = u32s(rng)
    out = []
    for x in a:
        s = 0
        while x != 1 and s < 200:
            x = wrap(3 * x + 1, 32) if x & 1 else x >> 1
            s += 1
        out.append(s)
    std(src, "divergent_loop", a, 4, b, 4, out, 4, "u32")
    a = u32s(rng)
    out = []
    for x, y in zip(a, b):
        if x & 1:
            r = wrap(x + y, 32) if y & 1 else wrap(x - y, 32)
        elif x & 2:
            r = wrap(sum(k * x for k in range(y & 15)), 32)
        else:
            r = x ^ y
        out.append(r)
    std(src, "nested_branches", a, 4, b, 4, out, 4, "u32")
    table = [lambda y: 11, lambda y: wrap(3 * y, 32), lambda y: y >> 2, lambda y: y ^ M32, lambda y: wrap(y + 100, 32),
             lambda y: y & 0xFF, lambda y: wrap(y * y, 32), lambda y: 77, lambda y: 0xDEAD]
    std(src, "switch_table", a, 4, b, 4, [table[x % 9](y) for x, y in zip(a, b)], 4, "u32")

    def fib(k):
        return k if k < 2 else fib(k - 1) + fib(k - 2)
    std(src, "recursion", a, 4, b, 4, [fib(x % 12) for x in a], 4, "u32", needs="calls")
    ops = [lambda x, y: wrap(x + y, 32), lambda x, y: x ^ y, lambda x, y: wrap(x * y, 32)]
    std(src, "indirect_call", a, 4, b, 4, [ops[x % 3](x, y) for x, y in zip(a, b)], 4, "u32",
        needs="calls,relocations")
    out = []
    for x, y in zip(a, b):
        if x & 4:
            out.append(0)
            continue
        s = 0
        for k in range(8):
            if (y >> k) & 1:
                continue
            if k == (x & 7):
                break
            s += k
        out.append(s + 1)
    std(src, "early_exit", a, 4, b, 4, out, 4, "u32")
    fa, fb = f32s(rng, -10, 10), f32s(rng, -10, 10)
    out = []
    for x, y in zip(fa, fb):
        out.append(x if fv(x) > fv(y) else (x ^ 0x80000000 if fv(x) < -fv(y) else y))
    std(src, "predicated_select", fa, 4, fb, 4, out, 4, "f32")


def mma_fragments(A, B):
    """Per-lane m16n8k16 fragments (PTX ISA "Matrix Fragments for mma.m16n8k16", 16-bit types)."""
    fa, fb = [], []
    for lane in range(32):
        g, t = lane >> 2, lane & 3
        regs = []
        for r in range(4):
            halves = []
            for h in range(2):
                i = 2 * r + h
                row = g + 8 * ((i >> 1) & 1)
                col = 2 * t + (i & 1) + 8 * (i >= 4)
                halves.append(A[row][col])
            regs.append(halves[0] | halves[1] << 16)
        fa += regs
        for r in range(2):
            halves = []
            for h in range(2):
                i = 2 * r + h
                k = 2 * t + (i & 1) + 8 * (i >= 2)
                halves.append(B[k][g])
            fb.append(halves[0] | halves[1] << 16)
    return fa, fb


def special_ptx(row):
    rng = random.Random("special.ptx")
    src = "special.ptx"
    for kernel, fmt, c in (("mma_f16_f32", fp.F16, 0), ("mma_bf16_f32", fp.BF16, 1)):
        # Small integers: every product and sum is exact, so any summation order gives these bits.
        Ai = [[rng.randint(-4, 4) for _ in range(16)] for _ in range(16)]
        Bi = [[rng.randint(-4, 4) for _ in range(8)] for _ in range(16)]
        A = [[fp.encode(fp.Fraction(v), fmt) for v in r] for r in Ai]
        B = [[fp.encode(fp.Fraction(v), fmt) for v in r] for r in Bi]
        fa, fb = mma_fragments(A, B)
        D = [[sum(Ai[i][k] * Bi[k][j] for k in range(16)) + c for j in range(8)] for i in range(16)]
        out = []
        for lane in range(32):
            g, t = lane >> 2, lane & 3
            for i in range(4):
                out.append(f32b(D[g + 8 * (i >> 1)][2 * t + (i & 1)]))
        row(src, kernel, ["in:" + pk(fa, 4).hex(), "in:" + pk(fb, 4).hex(), "out:%d" % (4 * len(out))],
            ["2:exact:f32:" + pk(out, 4).hex()], "tensor-cores", grid=1, block=32)
    a = [rng.getrandbits(32) for _ in range(128)]
    out = []
    for lane in range(32):
        for j in range(4):
            out.append(a[4 * (8 * j + lane // 4) + lane % 4])
    row(src, "cp_async_ldmatrix", ["in:" + pk(a, 4).hex(), "null", "out:512"], ["2:exact:u32:" + pk(out, 4).hex()],
        "shared,async-copy", grid=1, block=32)
    a = [rng.getrandbits(32) for _ in range(32)]
    c = sum(v & 1 for v in a)
    flags = (2 if c == 32 else 0) | (4 if c else 0)
    out = [((c << 8) | flags) ^ M32] * 32
    row(src, "bar_red_misc", ["in:" + pk(a, 4).hex(), "null", "out:128"], ["2:exact:u32:" + pk(out, 4).hex()], "-",
        grid=1, block=32)
