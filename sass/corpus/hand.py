"""References for the hand-written kernels (src/*.cu, src/special.ptx).

Each kernel runs on a freshly loaded module, with grid 2 x block 64 unless
stated (so two warps per block), and its outputs are predicted here from the
inputs.  The CUDA C kernels are compiled without fast-math: IEEE division and
square root, no flush-to-zero, and FMA contraction only where it cannot change a
result (see each kernel).  Kernels without a reference are listed in NO_REF.
"""

import random
import struct

import fpref as fp
from families import M32, M64, prmt, sx, tdiv, trem, wrap

GRID, BLOCK, N = 2, 64, 128
NO_REF = {
    "clocks_and_ids": "clock, warp id, SM id and the global timer are not deterministic",
    "vote_divergent": "__activemask() inside divergent code may name any subset of the lanes that took the branch",
    "global_counter": "writes only __device__ globals; read_counter shows their initial values",
    "simd_bits": "disassembly corpus only (bmsk/szext/prmt modes: no reference written yet)",
}


def variants(src):
    import gen
    return ",".join(gen.variants(src))


def u32s(rng, n=N, bits=32):
    return [rng.getrandbits(rng.choice([4, 8, 16, bits, bits])) for _ in range(n)]


def f32s(rng, lo, hi, pos=False, n=N):
    out = []
    for _ in range(n):
        v = fp.encode(fp.Fraction(rng.uniform(lo, hi)), fp.F32)
        out.append(v & 0x7FFFFFFF if pos else v)
    return out


def f64s(rng, lo, hi, n=N):
    return [struct.unpack("<Q", struct.pack("<d", rng.uniform(lo, hi)))[0] for _ in range(n)]


def pk(vals, size):
    return b"".join((v & ((1 << (8 * size)) - 1)).to_bytes(size, "little") for v in vals)


def f32b(x):
    return fp.encode(fp.Fraction(x), fp.F32)


def f64b(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def fv(bits):
    return fp.value(bits, fp.F32)


def dv(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


ROWS = []


def row(src, kernel, params, expect, needs="-", grid=GRID, block=BLOCK, shared=0):
    ROWS.append((variants(src), kernel, "%d,1,1" % grid, "%d,1,1" % block, str(shared), needs,
                 ";".join(params), ";".join(expect)))


def std(src, kernel, a, asz, b, bsz, out, osz, otype, check="exact", needs="-", shared=0, init=None):
    """The common (a, b, out, n) signature; `out` is the list of expected elements."""
    o = ("io:" + pk(init, osz).hex()) if init is not None else "out:%d" % (len(out) * osz)
    row(src, kernel, ["in:" + pk(a, asz).hex(), "in:" + pk(b, bsz).hex(), o, "u32:%d" % N],
        ["2:%s:%s:%s" % (check, otype, pk(out, osz).hex())], needs, shared=shared)


def warps(vals):
    return [vals[w * 32:(w + 1) * 32] for w in range(len(vals) // 32)]


def warp_cu():
    rng = random.Random("warp.cu")
    a, b = u32s(rng), u32s(rng)
    src = "warp.cu"
    std(src, "shfl_idx", a, 4, b, 4, [a[(i & ~31) + (b[i] & 31)] for i in range(N)], 4, "u32")
    out = []
    for i in range(N):
        w, ln = i & ~31, i & 31
        u = a[w + ln - 3] if ln >= 3 else a[i]
        d = a[w + ln + 5] if ln + 5 < 32 else a[i]
        x = a[w + (ln ^ 9)]
        y = a[w + (ln & ~7) + 7]
        out.append(wrap(u * 3 + d * 5 + (x ^ y), 32))
    std(src, "shfl_up_down_xor", a, 4, b, 4, out, 4, "u32")
    d64 = f64s(rng, -1e6, 1e6)
    std(src, "shfl_f64", d64, 8, b, 4, [d64[(i & ~31) + (b[i] & 31)] for i in range(N)], 8, "f64")
    out = []
    for w in range(N // 32):
        ws = a[32 * w:32 * w + 32]
        bal = sum(1 << k for k in range(32) if ws[k] & 1)
        anyv = int(any(v > 0xF0000000 for v in ws))
        allv = int(all(v != 0 for v in ws))
        out += [bal ^ (anyv << 1) ^ (allv << 2)] * 32
    std(src, "vote_ballot", a, 4, b, 4, out, 4, "u32")
    out = []
    for i in range(N):
        w = i & ~31
        out.append(sum(1 << k for k in range(32) if (a[w + k] & 3) == (a[i] & 3)))
    std(src, "match_any", a, 4, b, 4, out, 4, "u32")
    m = [v | (0x80000000 if k % 5 else 0) if k < 64 else v | 0x80000000 for k, v in enumerate(a)]  # warp 2, 3 equal
    out = []
    for i in range(N):
        ws = m[i & ~31:(i & ~31) + 32]
        eq = len(set(v >> 31 for v in ws)) == 1
        out.append((M32 if eq else 0) ^ int(eq))
    std(src, "match_all", m, 4, b, 4, out, 4, "u32")
    out = []
    for i in range(N):
        wa, wb = a[i & ~31:(i & ~31) + 32], b[i & ~31:(i & ~31) + 32]
        s = sum(wa)
        mn = min(wa)
        mx = max(sx(v, 32) for v in wb)
        o = x = 0
        an = M32
        for v in wa:
            o |= v
            an &= v | 0x0F0F0F0F
        for v in wb:
            x ^= v
        out.append(wrap(s + 3 * mn + 5 * mx + 7 * o + 11 * x + 13 * an, 32))
    std(src, "redux_sync", a, 4, b, 4, out, 4, "u32")
    fa = f32s(rng, -100.0, 100.0)
    out = []
    for w in warps(fa):
        v = list(w)
        for o in (16, 8, 4, 2, 1):
            v = [fp.binop("add", v[k], v[k ^ o], fp.F32) for k in range(32)]
        out += v
    std(src, "warp_sum_f32", fa, 4, b, 4, out, 4, "f32")
    a64 = [rng.getrandbits(64) for _ in range(N)]
    std(src, "warp_max_u64", a64, 8, b, 4, [max(w) for w in warps(a64) for _ in range(32)], 8, "u64")
    b2 = [12345 if i == 70 else v for i, v in enumerate(b)]
    out = []
    for blk in range(GRID):
        xa, xb = a[blk * 64:blk * 64 + 64], b2[blk * 64:blk * 64 + 64]
        c = sum(v & 1 for v in xa)
        out += [c | (int(all(v != 0 for v in xa)) << 16) | (int(any(v == 12345 for v in xb)) << 17)] * 64
    std(src, "sync_count_and_or", a, 4, b2, 4, out, 4, "u32")
    out = [(i & 31) | ((i & 31) << 8) | ((i // 64) << 16) | (GRID << 20) | (BLOCK << 24) for i in range(N)]
    std(src, "lane_ids", a, 4, b, 4, out, 4, "u32")


def atomics_cu():
    rng = random.Random("atomics.cu")
    src = "atomics.cu"
    a, b = u32s(rng), u32s(rng)
    init = [0] * 272
    init[1], init[3], init[8], init[9] = M32, M32, 0x7FFFFFFF, 0x80000000
    out = list(init)
    out[0] = wrap(sum(a), 32)
    out[1] = min(a + [M32])
    out[2] = max(a)
    for v in a:
        out[3] &= v | 0x10000
        out[4] |= v & 0x1111
        out[5] ^= v
    out[6] = N % 51
    out[7] = wrap(-sum(a), 32)
    out[8] = wrap(min(sx(v, 32) for v in a + [0x7FFFFFFF]), 32)
    out[9] = wrap(max(sx(v, 32) for v in a + [0x80000000]), 32)
    for i in range(N):
        out[16 + i] = a[i]
        out[144 + i] = a[i] ^ b[i]
    std(src, "atomic_global_u32", a, 4, b, 4, out, 4, "u32", needs="atomics", init=init)
    a64 = [rng.getrandbits(64) for _ in range(N)]
    init = [0] * 264
    init[1], init[3], init[6], init[7] = M64, M64, (1 << 63) - 1, 1 << 63
    out = list(init)
    out[0] = wrap(sum(a64), 64)
    out[1] = min(a64)
    out[2] = max(a64)
    for v in a64:
        out[3] &= v | 1
        out[4] |= v & 0xFF
        out[5] ^= v
    out[6] = wrap(min(sx(v, 64) for v in a64 + [(1 << 63) - 1]), 64)
    out[7] = wrap(max(sx(v, 64) for v in a64 + [1 << 63]), 64)
    for i in range(N):
        out[8 + i] = a64[i]
        out[136 + i] = wrap(a64[i] + b[i], 64)
    std(src, "atomic_global_u64", a64, 8, b, 4, out, 8, "u64", needs="atomics", init=init)
    fa = f32s(rng, -10.0, 10.0)
    out = [f32b(sum(v & 0xFF for v in b))] + [f32b(16.0)] * 8
    std(src, "atomic_global_f32", fa, 4, b, 4, out, 4, "f32", needs="atomics")
    out = [f64b(float(sum(v & 0xFFF for v in b)))] + [f64b(16.0)] * 4
    std(src, "atomic_global_f64", f64s(rng, -1, 1), 8, b, 4, out, 8, "f64", needs="atomics")
    out = [0] * 48
    for i in range(N):
        k = i & 15
        out[k] = wrap(out[k] + a[i], 32)
        out[16 + k] |= b[i]
        out[32 + k] = max(out[32 + k], a[i] ^ b[i])
    std(src, "red_global_noret", a, 4, b, 4, out, 4, "u32", needs="atomics")
    out = []
    for blk in range(GRID):
        xa, xb = a[blk * 64:blk * 64 + 64], b[blk * 64:blk * 64 + 64]
        s = [0] * 16
        s[0] = wrap(sum(xa), 32)
        s[1] = min(xa + [M32])
        s[2] = max(xa)
        for v in xb:
            s[3] |= v
        for v in xa:
            s[4] ^= v
        s[5] = 64 % 41
        s[6] = 1000 - 63
        s[7] = 0
        s[8] = M32
        for v in xa:
            s[8] &= v | 0xF0000000
        s64 = wrap(sum(3 * v for v in xa), 64)
        s[9], s[10] = s64 & M32, s64 >> 32
        s[11] = (max(v << 20 for v in xa) >> 20) & M32
        s[12] = f32b(64.0)
        out += s
    std(src, "atomic_shared", a, 4, b, 4, out, 4, "u32", needs="atomics,shared")
    std(src, "cas_lock", a, 4, b, 4, [0, GRID * BLOCK // 32], 4, "u32", needs="atomics")


def bits_cu():
    rng = random.Random("bits.cu")
    src = "bits.cu"
    a, b = u32s(rng), u32s(rng)
    out = []
    for x, y in zip(a, b):
        out += [bin(x).count("1"), 32 - x.bit_length(), int(format(x, "032b")[::-1], 2),
                (x & -x).bit_length(), prmt(x, y, y & 0x7777),
                wrap(((y << 32 | x) << (y & 31)) >> 32, 32), wrap((y << 32 | x) >> min(y, 32), 32),
                ((x * y) >> 32) ^ wrap((sx(x, 32) * sx(y, 32)) >> 32, 32)]
    std(src, "bit_intrinsics", a, 4, b, 4, out, 4, "u32")
    a64 = [rng.getrandbits(64) for _ in range(N)]
    b64 = [rng.getrandbits(rng.choice([8, 64])) for _ in range(N)]
    out = []
    for x, y in zip(a64, b64):
        out += [bin(x).count("1") | ((64 - x.bit_length()) << 32), int(format(x, "064b")[::-1], 2),
                (x & -x).bit_length(), (x * y) >> 64, wrap((sx(x, 64) * sx(y, 64)) >> 64, 64),
                wrap(x * y + (x >> (y & 63)) - (sx(x, 64) >> (y & 63)), 64)]
    std(src, "bit_intrinsics64", a64, 8, b64, 8, out, 8, "u64")
    out = []
    for x, y in zip(a, b):
        p, q = sx(x, 32), sx(y, 32)
        out += [wrap(min(p, q), 32), wrap(max(p, q), 32), min(x, y), max(x, y),
                wrap(p - q if p > q else q + 7, 32), wrap(abs(p) + abs(p - q) + 3, 32)]
    std(src, "min_max_select", a, 4, b, 4, out, 4, "s32")
    out = []
    for x, y in zip(a, b):
        out += [x * y, wrap(sx(x, 32) * sx(y, 32), 64), wrap(x * 0x12345678 + y, 64)]
    std(src, "mul_wide", a, 4, b, 4, out, 8, "u64")
    out = []
    for x, y in zip(a, b):
        y |= 1
        p, q = sx(x, 32), (y & 0x7FFFFFFF) - 1000
        q = q or 3
        out += [x // y, x % y, wrap(tdiv(p, q), 32), wrap(trem(p, q), 32)]
    std(src, "int_div_rem", a, 4, b, 4, out, 4, "u32")
    out = []
    for x, y in zip(a64, b64):
        y |= 1
        p, q = sx(x, 64), (y >> 1) - 12345
        q = q or 7
        out += [x // y, x % y, wrap(tdiv(p, q), 64), wrap(trem(p, q), 64)]
    std(src, "int_div_rem64", a64, 8, b64, 8, out, 8, "u64")
    out = []
    for x in a:
        s = sx(x, 32)
        out += [wrap(x // 7 + x % 10, 32), wrap(tdiv(s, 3) + trem(s, 5), 32), x // 1000000, wrap(tdiv(s, -16), 32)]
    std(src, "div_by_constants", a, 4, b, 4, out, 4, "u32")
    out = []
    for x, y in zip(a64, b64):
        out += [wrap(x + y, 64), wrap(x - (y << 3), 64), wrap(x * y, 64),
                min(x, y) ^ (~x & y & M64) ^ int(sx(x, 64) < sx(y, 64))]
    std(src, "int64_arith", a64, 8, b64, 8, out, 8, "u64")


def manifest_rows():
    import hand_everyday
    import hand_forms
    import hand_more
    ROWS.clear()
    warp_cu()
    atomics_cu()
    bits_cu()
    hand_more.memory_cu(row, std)
    hand_more.math_cu(std)
    hand_more.control_cu(std)
    hand_more.special_ptx(row)
    hand_forms.forms_ptx(row, std)
    hand_everyday.everyday_cu(row)
    return list(ROWS)
