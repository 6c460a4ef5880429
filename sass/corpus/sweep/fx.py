"""IEEE semantics with PTX's conventions on top of ../fpref.py (exact rounding).

Every function takes and returns raw bit patterns.  fpref.py rounds an exact
rational once; this layer adds what fpref.py leaves out: NaN, infinities,
signed zeros, flush-to-zero, .sat and .relu, PTX's min/max, comparisons.

NaN results are the canonical NaN the hardware returns (all payload bits set,
sign clear): 0x7fffffff (f32), 0x7fffffffffffffff (f64), 0x7fff (f16, bf16).
"""

import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import fpref as fp  # noqa: E402

F16, BF16, F32, F64 = fp.F16, fp.BF16, fp.F32, fp.F64
FMT = {"f16": F16, "bf16": BF16, "f32": F32, "f64": F64}


def canon(fmt):
    return (1 << (fmt[2] - 1)) - 1


def signbit(fmt):
    return 1 << (fmt[2] - 1)


def inf(fmt, s=0):
    e, m, n = fmt
    return (((1 << e) - 1) << m) | (signbit(fmt) if s else 0)


def zero(fmt, s=0):
    return signbit(fmt) if s else 0


def one(fmt):
    return fp.encode(Fraction(1), fmt)


def dec(bits, fmt):
    """('nan',), ('inf', s), ('zero', s) or ('fin', value, s)."""
    v = fp.decode(bits, fmt)
    s = (bits >> (fmt[2] - 1)) & 1
    if v == fp.NAN:
        return ("nan", s)
    if isinstance(v, tuple):
        return ("inf", s) if v[1] == fp.INF else ("zero", s)
    return ("fin", v, s)


def isnan(bits, fmt):
    return dec(bits, fmt)[0] == "nan"


def ftz(bits, fmt):
    return fp.ftz(bits, fmt)


def val(d):
    """The finite value of a decoded non-NaN, non-inf operand."""
    return Fraction(0) if d[0] == "zero" else d[1]


def enc(x, fmt, rnd, neg_zero=False):
    return fp.encode(x, fmt, rnd, neg_zero=neg_zero)


def post(r, fmt, flush=False, sat=False, relu=False):
    """Apply an instruction's output modifiers to a result r."""
    if flush:
        r = ftz(r, fmt)
    if sat:
        d = dec(r, fmt)
        if d[0] == "nan":
            return 0  # NaN -> +0
        if d[-1]:
            return 0  # negatives, -0 included -> +0 ("clamps to [+0.0, 1.0]")
        if d[0] == "inf" or (d[0] == "fin" and d[1] > 1):
            return one(fmt)
    if relu:
        d = dec(r, fmt)
        if d[0] == "nan":
            return canon(fmt)
        if d[1 if d[0] in ("inf", "zero") else 2]:
            return 0
    return r


def add(a, b, fmt, rnd="rn", flush=False, sat=False, sub=False, relu=False):
    if flush:
        a, b = ftz(a, fmt), ftz(b, fmt)
    if sub and not isnan(b, fmt):
        b ^= signbit(fmt)
    da, db = dec(a, fmt), dec(b, fmt)
    if da[0] == "nan" or db[0] == "nan":
        return post(canon(fmt), fmt, flush, sat, relu)
    if da[0] == "inf" or db[0] == "inf":
        if da[0] == "inf" and db[0] == "inf" and da[1] != db[1]:
            return post(canon(fmt), fmt, flush, sat, relu)
        return post(inf(fmt, (da if da[0] == "inf" else db)[1]), fmt, flush, sat, relu)
    sa, sb = da[-1], db[-1]
    r = val(da) + val(db)
    nz = False
    if r == 0:
        if val(da) == 0 and val(db) == 0:
            nz = bool(sa or sb) if rnd == "rm" else bool(sa and sb)
        else:
            nz = rnd == "rm"
    return post(enc(r, fmt, rnd, nz), fmt, flush, sat, relu)


def mul(a, b, fmt, rnd="rn", flush=False, sat=False, relu=False):
    if flush:
        a, b = ftz(a, fmt), ftz(b, fmt)
    da, db = dec(a, fmt), dec(b, fmt)
    s = da[-1] ^ db[-1]
    if da[0] == "nan" or db[0] == "nan":
        return post(canon(fmt), fmt, flush, sat, relu)
    if da[0] == "inf" or db[0] == "inf":
        if da[0] == "zero" or db[0] == "zero":
            return post(canon(fmt), fmt, flush, sat, relu)
        return post(inf(fmt, s), fmt, flush, sat, relu)
    return post(enc(val(da) * val(db), fmt, rnd, bool(s)), fmt, flush, sat, relu)


def fma(a, b, c, fmt, rnd="rn", flush=False, sat=False, relu=False):
    if flush:
        a, b, c = ftz(a, fmt), ftz(b, fmt), ftz(c, fmt)
    da, db, dc = dec(a, fmt), dec(b, fmt), dec(c, fmt)
    if "nan" in (da[0], db[0], dc[0]):
        return post(canon(fmt), fmt, flush, sat, relu)
    ps = da[-1] ^ db[-1]
    if da[0] == "inf" or db[0] == "inf":
        if da[0] == "zero" or db[0] == "zero":
            return post(canon(fmt), fmt, flush, sat, relu)
        if dc[0] == "inf" and dc[1] != ps:
            return post(canon(fmt), fmt, flush, sat, relu)
        return post(inf(fmt, ps), fmt, flush, sat, relu)
    if dc[0] == "inf":
        return post(c, fmt, flush, sat, relu)
    p = val(da) * val(db)
    r = p + val(dc)
    nz = False
    if r == 0:
        if p == 0 and val(dc) == 0:
            nz = bool(ps or dc[-1]) if rnd == "rm" else bool(ps and dc[-1])
        else:
            nz = rnd == "rm"
    return post(enc(r, fmt, rnd, nz), fmt, flush, sat, relu)


def div(a, b, fmt, rnd="rn", flush=False):
    if flush:
        a, b = ftz(a, fmt), ftz(b, fmt)
    da, db = dec(a, fmt), dec(b, fmt)
    s = da[-1] ^ db[-1]
    if da[0] == "nan" or db[0] == "nan":
        return canon(fmt)
    if da[0] == "inf":
        return canon(fmt) if db[0] == "inf" else inf(fmt, s)
    if db[0] == "inf":
        return zero(fmt, s)
    if db[0] == "zero":
        return canon(fmt) if da[0] == "zero" else inf(fmt, s)
    r = enc(val(da) / val(db), fmt, rnd, bool(s))
    return ftz(r, fmt) if flush else r


def rcp(a, fmt, rnd="rn", flush=False):
    return div(one(fmt), a, fmt, rnd, flush)


def sqrt(a, fmt, rnd="rn", flush=False):
    if flush:
        a = ftz(a, fmt)
    d = dec(a, fmt)
    if d[0] == "nan":
        return canon(fmt)
    if d[0] == "zero":
        return a
    if d[-1]:
        # ptxas's f64 square roots materialise 0xfff80000_00000000 for negative inputs
        return 0xFFF8000000000000 if fmt == F64 else canon(fmt)
    if d[0] == "inf":
        return a
    r = fp.sqrt_exact(d[1], fmt, rnd)
    return ftz(r, fmt) if flush else r


def lt_(a, b, fmt):
    """a < b on non-NaN operands (-0 == +0)."""
    return key(a, fmt) < key(b, fmt)


def key(a, fmt):
    d = dec(a, fmt)
    if d[0] == "inf":
        return -math.inf if d[1] else math.inf
    return val(d)


def minmax(a, b, fmt, is_max, flush=False, nan=False, xorsign=False):
    """PTX min/max: one NaN operand -> the other; two (or any, with .NaN) -> canonical NaN;
    -0 < +0.  .xorsign.abs: min/max of |a|, |b| with the sign a.sign ^ b.sign, unless the result is
    a NaN (PTX: "If the result of min is NaN then the .xorsign and .abs modifiers will be ignored")."""
    if flush:
        a, b = ftz(a, fmt), ftz(b, fmt)
    sb = signbit(fmt)
    xs = (a ^ b) & sb
    if xorsign:
        a, b = a & ~sb, b & ~sb
    na, nb = isnan(a, fmt), isnan(b, fmt)
    if na or nb:
        if (na and nb) or nan:
            return canon(fmt)
        r = b if na else a
    else:
        ka, kb = key(a, fmt), key(b, fmt)
        if ka == kb:
            # -0 vs +0: min -> -0, max -> +0
            r = (a & b) if is_max else (a | b)
        elif is_max:
            r = a if ka > kb else b
        else:
            r = a if ka < kb else b
    if xorsign:
        r = (r & ~sb) | xs
    return r


CMPS = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]


def compare(cmp, a, b, fmt, flush=False):
    if flush:
        a, b = ftz(a, fmt), ftz(b, fmt)
    un = isnan(a, fmt) or isnan(b, fmt)
    if cmp == "num":
        return not un
    if cmp == "nan":
        return un
    if un:
        return len(cmp) == 3  # equ neu ltu leu gtu geu: true on unordered
    ka, kb = key(a, fmt), key(b, fmt)
    return {"eq": ka == kb, "ne": ka != kb, "lt": ka < kb, "le": ka <= kb, "gt": ka > kb, "ge": ka >= kb}[cmp[:2]]


def testp(op, a, fmt):
    d = dec(a, fmt)
    if op == "finite":
        return d[0] in ("fin", "zero")
    if op == "infinite":
        return d[0] == "inf"
    if op == "number":
        return d[0] != "nan"
    if op == "notanumber":
        return d[0] == "nan"
    if op == "normal":  # PTX: "positive and negative zero are considered normal numbers"
        return d[0] == "zero" or (d[0] == "fin" and not fp.is_subnormal(a, fmt))
    if op == "subnormal":
        return d[0] == "fin" and fp.is_subnormal(a, fmt)
    raise ValueError(op)


def round_integral(x, rnd):
    """A Fraction rounded to an integer with rni/rzi/rmi/rpi (or rn/rz/rm/rp, rna)."""
    rnd = rnd.rstrip("i") if rnd != "rni" else "rn"
    fl = math.floor(x)
    if rnd == "rz":
        return math.trunc(x)
    if rnd == "rm":
        return fl
    if rnd == "rp":
        return math.ceil(x)
    frac = x - fl
    if rnd == "rna":
        return fl + 1 if frac >= Fraction(1, 2) else fl
    return fl + 1 if frac > Fraction(1, 2) or (frac == Fraction(1, 2) and fl % 2) else fl


def f2i(a, fmt, rnd, bits, signed, flush=False):
    """Float -> integer, saturating (PTX: NaN -> 0, out of range -> the nearest bound)."""
    if flush:
        a = ftz(a, fmt)
    d = dec(a, fmt)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if d[0] == "nan":
        return 0
    if d[0] == "inf":
        return (lo if d[1] else hi) & ((1 << bits) - 1)
    r = round_integral(val(d), rnd)
    return max(lo, min(hi, r)) & ((1 << bits) - 1)


def f2f(a, sfmt, dfmt, rnd="rn", flush=False, sat=False, relu=False):
    """Float -> float conversion (rnd as rn/rz/rm/rp/rna, or rni/rzi/rmi/rpi for an integral result).
    .ftz flushes f32 subnormals only (an f32 source, an f32 result)."""
    if sfmt == BF16 and dfmt == F32:
        return post(a << 16, dfmt, flush and dfmt == F32, sat, relu)  # a shift: NaN payloads kept
    if flush and sfmt == F32 and (dfmt[2] > 16 or dfmt == BF16):
        # .ftz flushes an f32 source's subnormals. ptxas drops .ftz when the result is f16
        # (F2F.F16.F32 without .FTZ) but keeps it for bf16 (F2F.FTZ.BF16.F32), whose
        # results from subnormal sources are subnormal.
        a = ftz(a, sfmt)
    d = dec(a, sfmt)
    if d[0] == "nan":
        r = canon(dfmt)
    elif d[0] == "inf":
        r = inf(dfmt, d[1])
    elif d[0] == "zero":
        r = zero(dfmt, d[1])
    else:
        x = d[1]
        if rnd in ("rni", "rzi", "rmi", "rpi"):
            r = enc(Fraction(round_integral(x, rnd)), dfmt, "rn", bool(d[2]))
        elif rnd == "rna":
            r = enc_rna(x, dfmt, bool(d[2]))
        else:
            r = enc(x, dfmt, rnd, bool(d[2]))
    return post(r, dfmt, flush and dfmt == F32, sat, relu)


def enc_rna(x, fmt, neg):
    """Round to nearest, ties away from zero."""
    lo = enc(x, fmt, "rz", neg)
    hi = enc(x, fmt, "rp" if x > 0 else "rm", neg)
    if lo == hi:
        return lo
    dl, dh = dec(lo, fmt), dec(hi, fmt)
    if dh[0] == "inf":
        # overflow: the halfway point is max + ulp/2
        mx = val(dl)
        half = mx + fp.ulp_of(lo, fmt) / 2 * (1 if x > 0 else -1)
        return hi if abs(x) >= abs(half) else lo
    vl, vh = val(dl), val(dh)
    return hi if abs(x - vl) >= abs(vh - x) else lo


def i2f(v, fmt, rnd):
    return enc(Fraction(v), fmt, rnd, False) if v else 0


def tf32(a, rnd="rna"):
    """cvt.rna.tf32.f32: f32 rounded to 10 explicit mantissa bits (ties away), in f32 bits."""
    d = dec(a, F32)
    if d[0] == "nan":
        return a & ~0x1FFF  # ptxas: (x + 0x1000 unless |x| >= inf or NaN) & ~0x1fff (a signalling NaN can become inf)
    if d[0] != "fin":
        return a
    r = enc_rna(d[1], (8, 10, 19), bool(d[2]))
    return r << 13


def real(bits, fmt):
    """The value as a Python float (for approximate references)."""
    d = dec(bits, fmt)
    if d[0] == "nan":
        return math.nan
    if d[0] == "inf":
        return -math.inf if d[1] else math.inf
    if d[0] == "zero":
        return -0.0 if d[1] else 0.0
    return float(d[1])


def from_real(x, fmt):
    """A Python float rounded to fmt (rn); inf and NaN kept."""
    if math.isnan(x):
        return canon(fmt)
    if math.isinf(x):
        return inf(fmt, x < 0)
    if x == 0:
        return zero(fmt, math.copysign(1, x) < 0)
    return enc(Fraction(x), fmt, "rn", x < 0)
