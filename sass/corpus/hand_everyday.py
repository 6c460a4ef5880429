"""References for src/everyday.cu (issue 38: row softmax and layernorm, a
shared-memory histogram, atomics through a generic pointer, shuffles with a
run-time width, warp-aggregated atomics); see hand.py.

Float reductions are exact where the order of the sums could matter: the
layernorm rows are integers paired around an integer mean, so every sum,
mean and variance is exact and the rest is a chain of correctly rounded
operations computed here with fpref. Softmax uses expf, so it is checked
with a tolerance (below).
"""

import math
import random

import fpref as fp
from families import wrap
from hand import f32b, fv, pk, u32s

SRC = "everyday.cu"


def shfl(mode, lane, bval, c):
    """The source lane of shfl.sync (PTX ISA, "shfl.sync"): c[12:8] is the
    segment mask, c[4:0] the clamp."""
    seg, cv = (c >> 8) & 31, c & 31
    maxl, minl = (lane & seg) | (cv & ~seg & 31), lane & seg
    if mode == "idx":
        j = minl | (bval & 31 & ~seg)
    elif mode == "down":
        j = lane + bval
    else:
        j = lane ^ bval
    return j if j <= maxl else lane


def softmax(row, rng):
    rows, cols, block = 3, 200, 64
    x = [f32b(rng.randint(-64, 64) / 8) for _ in range(rows * cols)]  # x - max is exact
    out = []
    for r in range(rows):
        v = [float(fv(b)) for b in x[r * cols:(r + 1) * cols]]
        m = max(v)
        e = [math.exp(t - m) for t in v]
        s = sum(e)
        out += [f32b(t / s) for t in e]
    # expf: 2 ulp (CUDA C++ Programming Guide, Mathematical Functions). The sum of
    # `cols` terms per thread (at most 4) then over a 64-thread tree (6 levels)
    # adds at most 10 roundings of relative 2^-24 on top of the terms' 2 ulp; the
    # reciprocal and the product one half ulp each, the reference's rounding one
    # more: 16 ulp bounds it.
    row(SRC, "softmax_rows", ["in:" + pk(x, 4).hex(), "out:%d" % (4 * len(x)), "u32:%d" % cols],
        ["1:tol=16/0:f32:" + pk(out, 4).hex()], needs="shared", grid=rows, block=block)


def layernorm(row, rng):
    rows, cols, block = 4, 256, 128
    eps = f32b(1 / 1024)
    xs, out = [], []
    gamma = [f32b(rng.choice([0.5, 1.0, 2.0, 4.0, -1.0])) for _ in range(cols)]  # powers of two: t*g is exact,
    beta = [f32b(rng.randint(-100, 100) / 16) for _ in range(cols)]               # so FMA or not gives one rounding
    for _ in range(rows):
        mean = rng.randint(-50, 50)
        half = [rng.randint(0, 20) for _ in range(cols // 2)]
        v = [mean + d for d in half] + [mean - d for d in half]
        rng.shuffle(v)
        xb = [f32b(t) for t in v]
        xs += xb
        var = fp.Fraction(sum((t - mean) ** 2 for t in v), cols)
        assert (var * 1024).denominator == 1 and var < 2 ** 14  # var + eps is exact in f32
        r = fp.binop("div", f32b(1), fp.sqrt_exact(var + fp.Fraction(1, 1024), fp.F32), fp.F32)
        for c, b in enumerate(xb):
            d = fp.binop("sub", b, f32b(mean), fp.F32)
            out.append(fp.fma(fp.binop("mul", d, r, fp.F32), gamma[c], beta[c], fp.F32))
    row(SRC, "layernorm_rows",
        ["in:" + pk(xs, 4).hex(), "in:" + pk(gamma, 4).hex(), "in:" + pk(beta, 4).hex(), "out:%d" % (4 * len(xs)),
         "u32:%d" % cols, "b32:%08x" % eps],
        ["3:exact:f32:" + pk(out, 4).hex()], needs="shared", grid=rows, block=block)


def histogram(row, rng):
    n = 1000
    a = [rng.getrandbits(32) if rng.random() < 0.5 else (rng.getrandbits(24) << 8) | rng.choice([0, 7, 255])
         for _ in range(n)]
    hist = [0] * 256
    for v in a:
        hist[v & 255] += 1
    row(SRC, "histogram256", ["in:" + pk(a, 4).hex(), "out:1024", "u32:%d" % n],
        ["1:exact:u32:" + pk(hist, 4).hex()], needs="atomics,shared", grid=2, block=128)


def atomic_via_pointer(row, rng):
    n = 128
    a = u32s(rng, n)
    init = [0] * 24 + [rng.getrandbits(32) for _ in range(n)] + [0] * n
    out = list(init)
    for i, v in enumerate(a):
        out[v & 15] = wrap(out[v & 15] + (v >> 4), 32)
        out[16 + (i & 7)] = max(out[16 + (i & 7)], v)
        out[24 + i] = i
        out[24 + n + i] = init[24 + i]
    row(SRC, "atomic_via_pointer", ["in:" + pk(a, 4).hex(), "out:16", "io:" + pk(init, 4).hex(), "u32:%d" % n],
        ["2:exact:u32:" + pk(out, 4).hex()], needs="atomics,shared", grid=2, block=64)


def shfl_width(row, rng):
    n, block = 128, 64
    a, b = u32s(rng, n), u32s(rng, n)
    b[0], b[1] = (b[0] & ~3) | 1, b[1] & ~3  # widths 8 and 4
    out = [0] * (3 * n)
    for i in range(n):
        w = 4 << (b[i // block] & 3)
        lane, base = i & 31, i & ~31
        c = ((32 - w) << 8) | 0x1F
        c2 = ((32 - w // 2) << 8) | 0x1F
        out[i] = a[base + shfl("idx", lane, b[i], c)]
        out[n + i] = a[base + shfl("down", lane, 3, c)]
        out[2 * n + i] = a[base + shfl("bfly", lane, 5, c2)]
    row(SRC, "shfl_width", ["in:" + pk(a, 4).hex(), "in:" + pk(b, 4).hex(), "out:%d" % (12 * n), "u32:%d" % n],
        ["2:exact:u32:" + pk(out, 4).hex()], grid=2, block=block)


def warp_aggregated(row, rng):
    n = 128
    a = u32s(rng, n)
    a[32:64] = [v | 1 for v in a[32:64]]  # a whole warp takes part
    a[64:96] = [v & ~1 for v in a[64:96]]  # and a whole warp does not
    k = sum(v & 1 for v in a)
    out = [1] * k + [0] * (n - k)
    for i in range(n):
        if a[i] & 1:
            w = i & ~31
            out.append(1 + sum(a[j] & 1 for j in range(w, i)))
        else:
            out.append(0)
    row(SRC, "warp_aggregated", ["in:" + pk(a, 4).hex(), "io:" + pk([0], 4).hex(), "out:%d" % (8 * n), "u32:%d" % n],
        ["1:exact:u32:" + pk([k], 4).hex(), "2:exact:u32:" + pk(out, 4).hex()], needs="atomics", grid=2, block=64)
    row(SRC, "warp_aggregated_active",
        ["in:" + pk(a, 4).hex(), "io:" + pk([0], 4).hex(), "out:%d" % (4 * n), "u32:%d" % n],
        ["1:exact:u32:" + pk([k], 4).hex(), "2:exact:u32:" + pk(out[:n], 4).hex()], needs="atomics", grid=2,
        block=64)


def shared_tile(row, rng):
    n, col = 128, 13
    a = u32s(rng, n)
    out = [wrap(a[(i & ~63) + (((i & 63) + i // 64) & 63)] * ((col & 7) + 1), 32) for i in range(n)]
    row(SRC, "shared_tile", ["in:" + pk(a, 4).hex(), "out:%d" % (4 * n), "u32:%d" % col],
        ["1:exact:u32:" + pk(out, 4).hex()], needs="shared", grid=2, block=64)


def everyday_cu(row):
    rng = random.Random(SRC)
    softmax(row, rng)
    layernorm(row, rng)
    histogram(row, rng)
    atomic_via_pointer(row, rng)
    shfl_width(row, rng)
    warp_aggregated(row, rng)
    shared_tile(row, rng)
