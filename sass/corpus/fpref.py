"""Exact IEEE-754 references for the corpus (binary16, bfloat16, binary32, binary64).

Every correctly rounded operation is computed exactly with `fractions.Fraction`
and rounded once into the destination format with the requested rounding
mode, so the references are bit-exact by construction (no reliance on the host
FPU's rounding, contraction or flush behaviour).
"""

from fractions import Fraction
from math import isqrt

# (exponent bits, explicit mantissa bits, total bits)
F16 = (5, 10, 16)
BF16 = (8, 7, 16)
F32 = (8, 23, 32)
F64 = (11, 52, 64)

INF = "inf"
NAN = "nan"


def decode(bits, fmt):
    """bits -> Fraction, (sign, INF) or NAN; -0.0 is returned as (1, 0)."""
    e, m, n = fmt
    sign = (bits >> (n - 1)) & 1
    exp = (bits >> m) & ((1 << e) - 1)
    man = bits & ((1 << m) - 1)
    bias = (1 << (e - 1)) - 1
    if exp == (1 << e) - 1:
        return NAN if man else (sign, INF)
    if exp == 0:
        v = Fraction(man, 1 << (m + bias - 1))
    else:
        v = Fraction((1 << m) | man) * Fraction(2) ** (exp - bias - m)
    if v == 0:
        return (sign, 0)
    return -v if sign else v


def value(bits, fmt):
    """The finite value of `bits` as a Fraction (signed zero loses its sign)."""
    v = decode(bits, fmt)
    if isinstance(v, tuple):
        if v[1] == 0:
            return Fraction(0)
        raise ValueError("not finite")
    if v == NAN:
        raise ValueError("NaN")
    return v


def is_subnormal(bits, fmt):
    e, m, n = fmt
    return ((bits >> m) & ((1 << e) - 1)) == 0 and (bits & ((1 << m) - 1)) != 0


def ftz(bits, fmt):
    """Flush a subnormal to a zero of the same sign."""
    e, m, n = fmt
    return bits & (1 << (n - 1)) if is_subnormal(bits, fmt) else bits


def _round_int(n, r_num, r_den, mode, neg):
    """Round the magnitude n + r_num/r_den (0 <= r < 1) to an integer."""
    if r_num == 0:
        return n
    if mode == "rz":
        return n
    if mode == "rm":
        return n + 1 if neg else n
    if mode == "rp":
        return n if neg else n + 1
    # rn: nearest, ties to even
    twice = 2 * r_num
    if twice > r_den or (twice == r_den and n & 1):
        return n + 1
    return n


def encode(x, fmt, mode="rn", neg_zero=False):
    """Round the exact value x (a Fraction) into `fmt` with `mode` (rn, rz, rm, rp)."""
    e, m, n = fmt
    bias = (1 << (e - 1)) - 1
    if x == 0:
        return (1 << (n - 1)) if neg_zero else 0
    neg = x < 0
    a = -x if neg else x
    ex = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** ex > a:
        ex -= 1
    ex = max(ex, 1 - bias)
    scaled = a / Fraction(2) ** (ex - m)
    q, r = divmod(scaled.numerator, scaled.denominator)
    q = _round_int(q, r, scaled.denominator, mode, neg)
    if q == 1 << (m + 1):
        q >>= 1
        ex += 1
    sign = (1 << (n - 1)) if neg else 0
    if ex > bias:
        max_finite = (((1 << e) - 2) << m) | ((1 << m) - 1)
        inf = ((1 << e) - 1) << m
        to_inf = mode == "rn" or (mode == "rp" and not neg) or (mode == "rm" and neg)
        return sign | (inf if to_inf else max_finite)
    if q < (1 << m):
        return sign | q  # subnormal (or rounded to zero)
    return sign | ((ex + bias) << m) | (q - (1 << m))


def sqrt_exact(x, fmt, mode="rn"):
    """Correctly rounded square root of a non-negative Fraction."""
    e, m, n = fmt
    if x == 0:
        return 0
    # Scale by an even power of two so the integer root has m + 4 bits or more.
    k = 0
    while x * Fraction(4) ** k < Fraction(1 << (2 * (m + 4))):
        k += 1
    while x * Fraction(4) ** k >= Fraction(1 << (2 * (m + 6))):
        k -= 1
    t = x * Fraction(4) ** k
    fl = t.numerator // t.denominator
    r = isqrt(fl)
    exact = t.denominator == 1 and r * r == fl
    # With >= 2 guard bits below the destination's last place, r + 1/2 rounds
    # like any value strictly between r and r + 1.
    root = Fraction(r) if exact else Fraction(2 * r + 1, 2)
    return encode(root / Fraction(2) ** k, fmt, mode)


def _zero_sum_sign(r, x, y, sx, sy, mode):
    """IEEE sign of an exact zero sum x + y: -0 only for (-0) + (-0), or any zero sum when rounding down."""
    if r != 0:
        return False
    if x == 0 and y == 0:
        return bool(sx or sy) if mode == "rm" else bool(sx and sy)
    return mode == "rm"


def binop(op, a, b, fmt, mode="rn", flush=False):
    """Correctly rounded a op b over bit patterns; returns bits."""
    if flush:
        a, b = ftz(a, fmt), ftz(b, fmt)
    va, vb = decode(a, fmt), decode(b, fmt)
    if isinstance(va, tuple) or isinstance(vb, tuple) or va == NAN or vb == NAN:
        za = isinstance(va, tuple) and va[1] == 0
        zb = isinstance(vb, tuple) and vb[1] == 0
        if not (za or zb) or va == NAN or vb == NAN:
            raise ValueError("special operands are not generated")
        va = Fraction(0) if za else va
        vb = Fraction(0) if zb else vb
    sa = a >> (fmt[2] - 1)
    sb = b >> (fmt[2] - 1)
    if op == "add":
        r = va + vb
        nz = _zero_sum_sign(r, va, vb, sa, sb, mode)
    elif op == "sub":
        r = va - vb
        nz = _zero_sum_sign(r, va, vb, sa, not sb, mode)
    elif op == "mul":
        r = va * vb
        nz = bool(sa) != bool(sb)
    elif op == "div":
        if vb == 0:
            raise ValueError("division by zero is not generated")
        r = va / vb
        nz = bool(sa) != bool(sb)
    else:
        raise ValueError(op)
    out = encode(r, fmt, mode, neg_zero=bool(nz))
    return ftz(out, fmt) if flush else out


def fma(a, b, c, fmt, mode="rn", flush=False):
    """Correctly rounded a * b + c (one rounding)."""
    if flush:
        a, b, c = ftz(a, fmt), ftz(b, fmt), ftz(c, fmt)
    va, vb, vc = value(a, fmt), value(b, fmt), value(c, fmt)
    r = va * vb + vc
    nz = False
    if r == 0:
        ps = (a >> (fmt[2] - 1)) ^ (b >> (fmt[2] - 1))
        cs = c >> (fmt[2] - 1)
        nz = _zero_sum_sign(r, va * vb, vc, ps, cs, mode)
    out = encode(r, fmt, mode, neg_zero=nz)
    return ftz(out, fmt) if flush else out


def ulp_of(bits, fmt):
    """The spacing of `fmt` at the magnitude of `bits` (a Fraction)."""
    e, m, n = fmt
    bias = (1 << (e - 1)) - 1
    exp = max((bits >> m) & ((1 << e) - 1), 1)
    return Fraction(2) ** (exp - bias - m)
