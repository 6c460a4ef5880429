"""References for src/forms.ptx (issue 38: FRND.F64, FSET.BF, FMNMX.NAN, FCHK
with a negated dividend, FMUL.M*/.D*, I2F from 8/16 bits, F2I.F16, BMSK with a
register width, P2R spills, RET under a condition); see hand.py.

Inputs mix random values with the cases each operation has rules for: NaN,
+-0, +-inf, subnormals, halfway cases. NaN results are the hardware's
canonical NaN (0x7fffffff, 0x7fffffffffffffff), as the interpreter writes them.
"""

import random
import struct

import fpref as fp
from families import M32, round_integral, wrap
from hand import N, pk

SRC = "forms.ptx"
NAN32, NAN64 = 0x7FFFFFFF, 0x7FFFFFFFFFFFFFFF
ONE32 = 0x3F800000


def f64bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def specials32():
    """NaN, +-0, +-inf, subnormals, the extremes, halfway and near-equal pairs' members."""
    return [0x7FC00000, 0xFFC00001, 0x7F800001, 0, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001,
            0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F000000,
            0xBF000000, 0x3F800000, 0xBF800000, 0x3FC00000, 0x40200000, 0xC0200000, 0x3F800001]


def inputs32(rng, n=N):
    sp = specials32()
    out = []
    for i in range(n):
        if i < 2 * len(sp) and rng.random() < 0.6:
            out.append(rng.choice(sp))
        else:
            e = rng.choice([rng.randint(100, 150), rng.randint(1, 254)])
            out.append(rng.getrandbits(1) << 31 | e << 23 | rng.getrandbits(23))
    return out


def kind32(bits):
    v = fp.decode(bits, fp.F32)
    return v


def is_nan32(bits):
    return fp.decode(bits, fp.F32) == fp.NAN


def order_key(bits, fmt=fp.F32):
    """A total order of non-NaN values with -0 below +0: (value, sign tie-break)."""
    v = fp.decode(bits, fmt)
    if isinstance(v, tuple):
        sign, mag = v
        if mag == fp.INF:
            return (float("-inf") if sign else float("inf"), 0)
        return (fp.Fraction(0), -1 if sign else 0)
    return (v, 0)


def cmp32(c, a, b, flush):
    """PTX set/setp compare on f32 bits (`flush`: subnormal inputs are zero)."""
    if flush:
        a, b = fp.ftz(a, fp.F32), fp.ftz(b, fp.F32)
    if is_nan32(a) or is_nan32(b):
        return c in ("equ", "neu", "ltu", "leu", "gtu", "geu", "nan")
    if c == "nan":
        return False
    if c == "num":
        return True
    x, y = order_key(a)[0], order_key(b)[0]  # -0 == +0 here
    base = c.rstrip("u") if c not in ("equ", "neu") else c[:2]
    return {"lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y, "eq": x == y, "ne": x != y}[base]


def fmax_nan(a, b, is_max, flush):
    """max.NaN/min.NaN: any NaN gives the canonical NaN; -0 below +0."""
    if flush:
        a, b = fp.ftz(a, fp.F32), fp.ftz(b, fp.F32)
    if is_nan32(a) or is_nan32(b):
        return NAN32
    ka, kb = order_key(a), order_key(b)
    pick_a = (ka >= kb) if is_max else (ka <= kb)
    return a if pick_a else b


def mul32(a, b, mode="rn", flush=False):
    """a * b with IEEE specials (NaN canonical); subnormal inputs flushed with `flush`."""
    if flush:
        a, b = fp.ftz(a, fp.F32), fp.ftz(b, fp.F32)
    va, vb = fp.decode(a, fp.F32), fp.decode(b, fp.F32)
    sign = (a ^ b) >> 31
    if va == fp.NAN or vb == fp.NAN:
        return NAN32
    inf_a = isinstance(va, tuple) and va[1] == fp.INF
    inf_b = isinstance(vb, tuple) and vb[1] == fp.INF
    zero_a = isinstance(va, tuple) and va[1] == 0
    zero_b = isinstance(vb, tuple) and vb[1] == 0
    if (inf_a and zero_b) or (inf_b and zero_a):
        return NAN32
    if inf_a or inf_b:
        return sign << 31 | 0x7F800000
    return fp.binop("mul", a, b, fp.F32, mode, flush=flush)


def div32(a, b):
    """a / b, round to nearest, IEEE specials."""
    va, vb = fp.decode(a, fp.F32), fp.decode(b, fp.F32)
    sign = (a ^ b) >> 31
    if va == fp.NAN or vb == fp.NAN:
        return NAN32
    inf_a = isinstance(va, tuple) and va[1] == fp.INF
    inf_b = isinstance(vb, tuple) and vb[1] == fp.INF
    zero_a = isinstance(va, tuple) and va[1] == 0
    zero_b = isinstance(vb, tuple) and vb[1] == 0
    if (inf_a and inf_b) or (zero_a and zero_b):
        return NAN32
    if inf_a or zero_b:
        return sign << 31 | 0x7F800000
    if inf_b or zero_a:
        return sign << 31
    return fp.binop("div", a, b, fp.F32)


def frnd64(bits, mode):
    """cvt.{rni,rzi,rmi,rpi}.f64.f64: NaN canonical, +-inf and +-0 kept, a zero result keeps the sign."""
    v = fp.decode(bits, fp.F64)
    if v == fp.NAN:
        return NAN64
    if isinstance(v, tuple):
        return bits
    r = round_integral(v, mode)
    if r == 0:
        return bits & (1 << 63)
    return fp.encode(fp.Fraction(r), fp.F64)


def f16_to_int(h, mode, signed):
    """cvt.{rni,rzi}.{s32,u32}.f16: NaN gives 0, out-of-range values saturate."""
    v = fp.decode(h, fp.F16)
    lo, hi = (-(1 << 31), (1 << 31) - 1) if signed else (0, M32)
    if v == fp.NAN:
        return 0
    if isinstance(v, tuple):
        if v[1] == 0:
            return 0
        return wrap(lo if v[0] else hi, 32)
    return wrap(max(lo, min(hi, round_integral(v, mode))), 32)


def bmsk(start, width, wrap_mode):
    if wrap_mode:
        start, width = start & 31, width & 31
    else:
        start, width = min(start, 32), min(width, 32)
    return (((1 << width) - 1) << start) & M32


def early(x, y):
    res = x ^ y
    if x < 16:
        return res
    r2 = wrap(x * y + 0x9E3779B9, 32)
    res = (r2 >> 7) ^ r2
    if y == 0:
        return res
    return res // y


def forms_ptx(row, std):
    rng = random.Random(SRC)
    # FRND.F64: halfway cases, integers at 2^52 and beyond, subnormals, NaN, +-0, +-inf.
    sp64 = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.0, 0.0, 2.0 ** 52 + 1, 2.0 ** 52 - 0.5,
            -(2.0 ** 53), 1e300, 5e-324, -5e-324, float("inf"), float("-inf"), 3.0, -7.25]
    d = [f64bits(x) for x in sp64] + [0x7FF8000000000000, 0xFFF0000000000001]
    d += [f64bits(rng.uniform(-1e6, 1e6) if k % 2 else rng.uniform(-8, 8)) for k in range(N - len(d))]
    out = []
    for x in d:
        out += [frnd64(x, m) for m in ("rni", "rzi", "rmi", "rpi")]
    std(SRC, "frnd_f64", d, 8, [0] * N, 4, out, 8, "u64")

    a, b = inputs32(rng), inputs32(rng)
    for k in range(0, N, 4):  # some equal pairs (and +0 against -0)
        b[k] = a[k] if k % 8 else a[k] ^ 0x80000000
    half = 0x3F000000
    out = []
    for x, y in zip(a, b):
        res = [cmp32("lt", x, y, False), cmp32("equ", x, y, False), cmp32("ge", x, y, True),
               cmp32("neu", x, y, False), cmp32("gt", x, half, False), cmp32("nan", x, y, False),
               cmp32("le", y, 0x80000000, True), cmp32("num", x, y, False)]
        out += [ONE32 if r else 0 for r in res]
    std(SRC, "fset_bf", a, 4, b, 4, out, 4, "u32")

    out = []
    for x, y in zip(a, b):
        out += [fmax_nan(x, y, True, False), fmax_nan(x, y, False, False), fmax_nan(x, half, True, False),
                fmax_nan(x, y, False, True)]
    std(SRC, "fmnmx_nan", a, 4, b, 4, out, 4, "u32")

    out = [div32(x ^ 0x80000000, y) for x, y in zip(a, b)]
    std(SRC, "fchk_neg", a, 4, b, 4, out, 4, "u32")

    # FMUL.M*/.D*: the product rounded, then scaled and rounded (ptxas's two multiplies).
    sa, sb = inputs32(rng), inputs32(rng)
    for k in range(0, 24):  # products near the subnormal and overflow edges
        sa[k] = (rng.randint(1, 40) << 23) | rng.getrandbits(23) | rng.getrandbits(1) << 31
        sb[k] = (rng.choice([rng.randint(60, 100), rng.randint(230, 254)]) << 23) | rng.getrandbits(23)
    out = []
    for x, y in zip(sa, sb):
        p = mul32(x, y)
        pf = mul32(x, y, flush=True)
        out += [mul32(p, 0x40800000), mul32(p, 0x3F000000), mul32(pf, 0x41000000, flush=True),
                mul32(pf, 0x3E000000, flush=True)]
    std(SRC, "fmul_scale", sa, 4, sb, 4, out, 4, "u32")

    # I2F from 8 and 16 bits: the extremes and random words.
    w = [0, M32, 0x80007F80, 0x7FFF8000, 0x00FF00FF, 0xFF80FF7F] + [rng.getrandbits(32) for _ in range(N - 6)]
    out = []
    for x in w:
        lo, hi = x & 0xFFFF, x >> 16
        s16 = lo - 0x10000 if lo & 0x8000 else lo
        b2 = hi & 0xFF
        s8 = b2 - 0x100 if b2 & 0x80 else b2
        hs16 = hi - 0x10000 if hi & 0x8000 else hi
        d64 = fp.encode(fp.Fraction(hs16), fp.F64)
        out += [fp.encode(fp.Fraction(s16), fp.F32), fp.encode(fp.Fraction(hi), fp.F32, "rz"),
                fp.encode(fp.Fraction(s8), fp.F32), fp.encode(fp.Fraction(lo & 0xFF), fp.F32),
                d64 & M32, d64 >> 32]
    std(SRC, "i2f_small", w, 4, [0] * N, 4, out, 4, "u32")

    # F2I from f16 halves: NaN, +-inf, +-0, subnormals, halfway cases, out of range for u32.
    h16 = [0x7E00, 0xFC00, 0x7C00, 0x0000, 0x8000, 0x0001, 0x8001, 0x3800, 0xB800, 0x3E00, 0xBE00, 0x4100,
           0xC100, 0x7BFF, 0xFBFF, 0xB400, 0x3C00]
    hw = []
    for k in range(N):
        hi = h16[k % len(h16)] if k < 3 * len(h16) else rng.getrandbits(16)
        lo = h16[(k * 5 + 3) % len(h16)] if k < 3 * len(h16) else rng.getrandbits(16)
        hw.append(hi << 16 | lo)
    out = []
    for x in hw:
        out += [f16_to_int(x >> 16, "rzi", True), f16_to_int(x & 0xFFFF, "rni", False)]
    std(SRC, "f2i_f16", hw, 4, [0] * N, 4, out, 4, "u32")

    # BMSK: positions and widths around 0, 31, 32 and large.
    p = [rng.choice([0, 1, 5, 16, 31, 32, 33, 64, 0xFFFFFFFF, rng.getrandbits(32)]) for _ in range(N)]
    q = [rng.choice([0, 1, 7, 31, 32, 40, rng.getrandbits(6), rng.getrandbits(32)]) for _ in range(N)]
    out = []
    for x, y in zip(p, q):
        out += [bmsk(x, y, False), bmsk(y, x, True)]
    std(SRC, "bmsk_reg", p, 4, q, 4, out, 4, "u32")

    # RET under a condition: x < 16 and y == 0 return early.
    x = [rng.choice([rng.randint(0, 15), rng.getrandbits(32)]) for _ in range(N)]
    y = [rng.choice([0, rng.getrandbits(32), rng.randint(1, 9)]) for _ in range(N)]
    std(SRC, "ret_cond", x, 4, y, 4, [early(u, v) for u, v in zip(x, y)], 4, "u32", needs="calls")

    # P2R/R2P: ten predicates live across a loop.
    x = [rng.getrandbits(32) for _ in range(N)]
    y = [rng.getrandbits(32) for _ in range(N)]
    out = []
    for u, v in zip(x, y):
        s = sum(wrap(u * k, 32) ^ k for k in range(v & 15))
        s += sum(1 << j for j in range(10) if u > (j + 1) * 0x10000000)
        out.append(wrap(s, 32))
    std(SRC, "pred_spill", x, 4, y, 4, out, 4, "u32")
