"""The generated elementwise families: op x type x operand form.

Each entry is (ptx opcode text, input types, output type, reference, check).
A kernel computes out[i] = op(a[i], b[i], c[i]) for i < n.  The reference
takes and returns raw bit patterns (Python ints).  `check` is "exact" or a
tolerance for approximate instructions (see TOLERANCES in gen.py).
"""

import math
import struct

import fpref as fp

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1


def sx(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def wrap(v, bits):
    return v & ((1 << bits) - 1)


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def trem(a, b):
    return a - b * tdiv(a, b)


BITS = {"u32": 32, "s32": 32, "b32": 32, "u64": 64, "s64": 64, "b64": 64, "f32": 32, "f64": 64,
        "f16": 16, "bf16": 16, "f16x2": 32, "bf16x2": 32}
SIGNED = {"s32", "s64"}


def iv(t, x):
    """Interpret bits x as the integer type t."""
    return sx(x, BITS[t]) if t in SIGNED else x


def integer_ops(t):
    n = BITS[t]
    s = t in SIGNED
    b = "b%d" % n
    u = "u%d" % n
    ops = [
        ("add.%s" % t, [t, t], t, lambda a, c: wrap(a + c, n)),
        ("sub.%s" % t, [t, t], t, lambda a, c: wrap(a - c, n)),
        ("mul.lo.%s" % t, [t, t], t, lambda a, c: wrap(a * c, n)),
        ("mul.hi.%s" % t, [t, t], t, lambda a, c: wrap((iv(t, a) * iv(t, c)) >> n, n)),
        ("mad.lo.%s" % t, [t, t, t], t, lambda a, c, d: wrap(a * c + d, n)),
        ("div.%s" % t, [t, t + "nz"], t, lambda a, c: wrap(tdiv(iv(t, a), iv(t, c)), n)),
        ("rem.%s" % t, [t, t + "nz"], t, lambda a, c: wrap(trem(iv(t, a), iv(t, c)), n)),
        ("min.%s" % t, [t, t], t, lambda a, c: wrap(min(iv(t, a), iv(t, c)), n)),
        ("max.%s" % t, [t, t], t, lambda a, c: wrap(max(iv(t, a), iv(t, c)), n)),
        ("shl.%s" % b, [t, "u32"], t, lambda a, c: wrap(a << min(c, n), n)),
        ("shr.%s" % t, [t, "u32"], t, lambda a, c: wrap(iv(t, a) >> min(c, n), n)),
    ]
    for cmp, f in [("eq", lambda x, y: x == y), ("ne", lambda x, y: x != y), ("lt", lambda x, y: x < y),
                   ("le", lambda x, y: x <= y), ("gt", lambda x, y: x > y), ("ge", lambda x, y: x >= y)]:
        ops.append(("setp.%s.%s" % (cmp, t), [t, t], "u32",
                    (lambda f: lambda a, c: int(f(iv(t, a), iv(t, c))))(f)))
    if s:
        ops += [
            ("abs.%s" % t, [t], t, lambda a: wrap(abs(iv(t, a)), n)),
            ("neg.%s" % t, [t], t, lambda a: wrap(-iv(t, a), n)),
            ("bfind.%s" % t, [t], "u32",
             lambda a: M32 if iv(t, a) in (0, -1) else (a ^ (M64 if n == 64 else M32) if iv(t, a) < 0 else a)
             .bit_length() - 1),
        ]
        if n == 32:
            ops += [
                ("add.sat.s32", [t, t], t, lambda a, c: wrap(max(-2**31, min(2**31 - 1, iv(t, a) + iv(t, c))), 32)),
                ("mul.wide.s32", [t, t], "s64", lambda a, c: wrap(iv(t, a) * iv(t, c), 64)),
                ("mad.hi.s32", [t, t, t], t, lambda a, c, d: wrap(((iv(t, a) * iv(t, c)) >> 32) + iv(t, d), 32)),
                ("bfe.s32", [t, "u32field", "u32field"], t, lambda a, p, ln: bfe(a, p, ln, True)),
                ("dp4a.s32.s32", [t, t, t], t, lambda a, c, d: wrap(
                    iv(t, d) + sum(sx(a >> (8 * k), 8) * sx(c >> (8 * k), 8) for k in range(4)), 32)),
            ]
    else:
        ops += [
            ("and.%s" % b, [t, t], t, lambda a, c: a & c),
            ("or.%s" % b, [t, t], t, lambda a, c: a | c),
            ("xor.%s" % b, [t, t], t, lambda a, c: a ^ c),
            ("not.%s" % b, [t], t, lambda a: a ^ ((1 << n) - 1)),
            ("popc.%s" % b, [t], "u32", lambda a: bin(a).count("1")),
            ("clz.%s" % b, [t], "u32", lambda a: n - a.bit_length()),
            ("brev.%s" % b, [t], t, lambda a: int(format(a, "0%db" % n)[::-1], 2)),
            ("bfind.%s" % u, [t], "u32", lambda a: a.bit_length() - 1 if a else M32),
            ("selp.%s" % b, [t, t, "u32"], t, lambda a, c, d: a if d else c),
        ]
        if n == 32:
            ops += [
                ("mul.wide.u32", [t, t], "u64", lambda a, c: a * c),
                ("mad.hi.u32", [t, t, t], t, lambda a, c, d: wrap((a * c >> 32) + d, 32)),
                ("mul24.lo.u32", [t, t], t, lambda a, c: wrap((a & 0xFFFFFF) * (c & 0xFFFFFF), 32)),
                ("sad.u32", [t, t, t], t, lambda a, c, d: wrap(abs(a - c) + d, 32)),
                ("bfe.u32", [t, "u32field", "u32field"], t, lambda a, p, ln: bfe(a, p, ln, False)),
                ("prmt.b32", [t, t, "u32"], t, prmt),
                ("shf.l.wrap.b32", [t, t, "u32"], t, lambda a, c, d: wrap(((c << 32 | a) << (d & 31)) >> 32, 32)),
                ("shf.r.wrap.b32", [t, t, "u32"], t, lambda a, c, d: wrap((c << 32 | a) >> (d & 31), 32)),
                ("shf.l.clamp.b32", [t, t, "u32"], t, lambda a, c, d: wrap(((c << 32 | a) << min(d, 32)) >> 32, 32)),
                ("shf.r.clamp.b32", [t, t, "u32"], t, lambda a, c, d: wrap((c << 32 | a) >> min(d, 32), 32)),
                ("dp4a.u32.u32", [t, t, t], t, lambda a, c, d: wrap(
                    d + sum(((a >> (8 * k)) & 255) * ((c >> (8 * k)) & 255) for k in range(4)), 32)),
                ("dp2a.lo.u32.u32", [t, t, t], t, lambda a, c, d: wrap(
                    d + sum(((a >> (16 * k)) & 0xFFFF) * ((c >> (8 * k)) & 255) for k in range(2)), 32)),
            ]
    return ops


def bfe(a, pos, ln, signed):
    pos &= 0xFF
    ln &= 0xFF
    sbit = 0
    if signed and ln:
        sbit = (a >> min(pos + ln - 1, 31)) & 1
    d = 0
    for i in range(32):
        bit = (a >> (pos + i)) & 1 if (i < ln and pos + i <= 31) else sbit
        d |= bit << i
    return d


def prmt(a, b, c):
    src = (b << 32) | a
    d = 0
    for k in range(4):
        sel = (c >> (4 * k)) & 0xF
        byte = (src >> (8 * (sel & 7))) & 0xFF
        if sel & 8:
            byte = 0xFF if byte & 0x80 else 0
        d |= byte << (8 * k)
    return d


FMT = {"f32": fp.F32, "f64": fp.F64, "f16": fp.F16, "bf16": fp.BF16}


def fmin(a, b, fmt, ftz=False):
    """PTX min: -0 < +0 (IEEE 754-2019 minimum) on the inputs generated (no NaN)."""
    if ftz:
        a, b = fp.ftz(a, fmt), fp.ftz(b, fmt)
    va, vb = fp.value(a, fmt), fp.value(b, fmt)
    if va == vb == 0:
        return a | b
    return a if va <= vb else b


def fmax(a, b, fmt, ftz=False):
    if ftz:
        a, b = fp.ftz(a, fmt), fp.ftz(b, fmt)
    va, vb = fp.value(a, fmt), fp.value(b, fmt)
    if va == vb == 0:
        return a & b
    return a if va >= vb else b


def float_ops(t):
    fmt = FMT[t]
    n = fmt[2]
    sign = 1 << (n - 1)
    ops = []
    ftzs = ["", ".ftz"] if t == "f32" else [""]
    for rnd in ["rn", "rz", "rm", "rp"]:
        for z in ftzs:
            fl = bool(z)
            for op in ["add", "sub", "mul"]:
                ops.append(("%s.%s%s.%s" % (op, rnd, z, t), [t, t], t,
                            (lambda op, rnd, fl: lambda a, b: fp.binop(op, a, b, fmt, rnd, fl))(op, rnd, fl)))
            ops.append(("fma.%s%s.%s" % (rnd, z, t), [t, t, t], t,
                        (lambda rnd, fl: lambda a, b, c: fp.fma(a, b, c, fmt, rnd, fl))(rnd, fl)))
        ops.append(("div.%s.%s" % (rnd, t), [t, t + "nz"], t,
                    (lambda rnd: lambda a, b: fp.binop("div", a, b, fmt, rnd))(rnd)))
        ops.append(("sqrt.%s.%s" % (rnd, t), [t + "pos"], t,
                    (lambda rnd: lambda a: fp.sqrt_exact(fp.value(a, fmt), fmt, rnd))(rnd)))
        ops.append(("rcp.%s.%s" % (rnd, t), [t + "nz"], t,
                    (lambda rnd: lambda a: fp.encode(1 / fp.value(a, fmt), fmt, rnd,
                                                     neg_zero=bool(a & sign)))(rnd)))
    for z in ftzs:
        fl = bool(z)
        ops += [
            ("min%s.%s" % (z, t), [t, t], t, (lambda fl: lambda a, b: fmin(a, b, fmt, fl))(fl)),
            ("max%s.%s" % (z, t), [t, t], t, (lambda fl: lambda a, b: fmax(a, b, fmt, fl))(fl)),
            ("abs%s.%s" % (z, t), [t], t, (lambda fl: lambda a: (fp.ftz(a, fmt) if fl else a) & ~sign)(fl)),
            ("neg%s.%s" % (z, t), [t], t, (lambda fl: lambda a: (fp.ftz(a, fmt) if fl else a) ^ sign)(fl)),
        ]
    for cmp, f in [("eq", lambda x, y: x == y), ("ne", lambda x, y: x != y), ("lt", lambda x, y: x < y),
                   ("le", lambda x, y: x <= y), ("gt", lambda x, y: x > y), ("ge", lambda x, y: x >= y)]:
        ops.append(("setp.%s.%s" % (cmp, t), [t, t], "u32",
                    (lambda f: lambda a, b: int(f(fp.value(a, fmt), fp.value(b, fmt))))(f)))
    if t == "f32":
        ops += [
            ("div.full.f32", [t, "f32nz"], t, ("tol", 3, 0, lambda a, b: math_ref(
                fp.value(a, fmt) / fp.value(b, fmt)))),
            ("ex2.approx.ftz.f32", ["f32small"], t, ("tol", 3, 0, lambda a: math_ref(2.0 ** float(fp.value(a, fmt))))),
            ("lg2.approx.ftz.f32", ["f32pos"], t, ("tol", 3, 2.0 ** -21, lambda a: math_ref(
                math.log2(fp.value(a, fmt))))),
            ("sin.approx.ftz.f32", ["f32pi"], t, ("tol", 1, 2.0 ** -20.5, lambda a: math_ref(
                math.sin(fp.value(a, fmt))))),
            ("cos.approx.ftz.f32", ["f32pi"], t, ("tol", 1, 2.0 ** -20.5, lambda a: math_ref(
                math.cos(fp.value(a, fmt))))),
            ("rsqrt.approx.ftz.f32", ["f32pos"], t, ("tol", 3, 0, lambda a: math_ref(
                1 / math.sqrt(fp.value(a, fmt))))),
            ("rcp.approx.ftz.f32", ["f32nz"], t, ("tol", 3, 0, lambda a: math_ref(1 / fp.value(a, fmt)))),
            ("sqrt.approx.ftz.f32", ["f32pos"], t, ("tol", 3, 0, lambda a: math_ref(math.sqrt(fp.value(a, fmt))))),
            ("tanh.approx.f32", ["f32pi"], t, ("tol", 1, 2.0 ** -10.987, lambda a: math_ref(
                math.tanh(fp.value(a, fmt))))),
        ]
    return ops


def math_ref(x):
    """An f32 bit pattern near the real value x (the tolerance carries the rest)."""
    return fp.encode(fp.Fraction(x), fp.F32, "rn")


def half_ops(t):
    fmt = FMT[t]
    sign = 0x8000
    ops = [
        ("fma.rn.%s" % t, [t, t, t], t, lambda a, b, c: fp.fma(a, b, c, fmt, "rn")),
        ("min.%s" % t, [t, t], t, lambda a, b: fmin(a, b, fmt)),
        ("max.%s" % t, [t, t], t, lambda a, b: fmax(a, b, fmt)),
        ("neg.%s" % t, [t], t, lambda a: a ^ sign),
        ("abs.%s" % t, [t], t, lambda a: a & ~sign),
    ]
    if t == "f16":
        ops += [("%s.rn.f16" % op, [t, t], t, (lambda op: lambda a, b: fp.binop(op, a, b, fmt, "rn"))(op))
                for op in ["add", "sub", "mul"]]
    x2 = t + "x2"

    def lanes(f):
        return lambda *xs: f(*[x & 0xFFFF for x in xs]) | (f(*[x >> 16 for x in xs]) << 16)

    ops += [
        ("fma.rn.%s" % x2, [x2, x2, x2], x2, lanes(lambda a, b, c: fp.fma(a, b, c, fmt, "rn"))),
        ("min.%s" % x2, [x2, x2], x2, lanes(lambda a, b: fmin(a, b, fmt))),
        ("max.%s" % x2, [x2, x2], x2, lanes(lambda a, b: fmax(a, b, fmt))),
    ]
    if t == "f16":
        ops += [("%s.rn.f16x2" % op, [x2, x2], x2, lanes((lambda op: lambda a, b: fp.binop(op, a, b, fmt, "rn"))(op)))
                for op in ["add", "sub", "mul"]]
    return ops


def f2i(x, rnd, t):
    """Round a Fraction to an integer with PTX's rni/rzi/rmi/rpi and saturate to t."""
    r = round_integral(x, rnd)
    n = BITS[t]
    lo, hi = (-(1 << (n - 1)), (1 << (n - 1)) - 1) if t in SIGNED else (0, (1 << n) - 1)
    return wrap(max(lo, min(hi, r)), n)


def round_integral(x, rnd):
    """Round a Fraction to an integer with PTX's rni/rzi/rmi/rpi (no saturation)."""
    fl = math.floor(x)
    if rnd == "rzi":
        r = math.trunc(x)
    elif rnd == "rmi":
        r = fl
    elif rnd == "rpi":
        r = math.ceil(x)
    else:
        frac = x - fl
        r = fl + 1 if frac > fp.Fraction(1, 2) or (frac == fp.Fraction(1, 2) and fl % 2) else fl
    return r


def conversion_ops():
    ops = []
    for it in ["s32", "u32", "s64", "u64"]:
        for ft in ["f32", "f64"]:
            for rnd in ["rn", "rz", "rm", "rp"]:
                ops.append(("cvt.%s.%s.%s" % (rnd, ft, it), [it], ft,
                            (lambda rnd, ft, it: lambda a: fp.encode(fp.Fraction(iv(it, a)), FMT[ft], rnd))(rnd, ft, it)))
            for rnd in ["rni", "rzi", "rmi", "rpi"]:
                ops.append(("cvt.%s.%s.%s" % (rnd, it, ft), [ft + "wide"], it,
                            (lambda rnd, ft, it: lambda a: f2i(fp.value(a, FMT[ft]), rnd, it))(rnd, ft, it)))
    for rnd in ["rn", "rz", "rm", "rp"]:
        ops.append(("cvt.%s.f32.f64" % rnd, ["f64"], "f32",
                    (lambda rnd: lambda a: fp.encode(fp.value(a, fp.F64), fp.F32, rnd, bool(a >> 63)))(rnd)))
        ops.append(("cvt.%s.f16.f32" % rnd, ["f32"], "f16",
                    (lambda rnd: lambda a: fp.encode(fp.value(a, fp.F32), fp.F16, rnd, bool(a >> 31)))(rnd)))
    ops += [
        ("cvt.f64.f32", ["f32"], "f64", lambda a: fp.encode(fp.value(a, fp.F32), fp.F64, "rn", bool(a >> 31))),
        ("cvt.f32.f16", ["f16"], "f32", lambda a: fp.encode(fp.value(a, fp.F16), fp.F32, "rn", bool(a >> 15))),
        ("cvt.rn.bf16.f32", ["f32"], "bf16", lambda a: fp.encode(fp.value(a, fp.F32), fp.BF16, "rn", bool(a >> 31))),
        ("cvt.rn.f16x2.f32", ["f32", "f32"], "f16x2",
         lambda a, b: fp.encode(fp.value(b, fp.F32), fp.F16, "rn", bool(b >> 31))
         | fp.encode(fp.value(a, fp.F32), fp.F16, "rn", bool(a >> 31)) << 16),
        ("cvt.rn.bf16x2.f32", ["f32", "f32"], "bf16x2",
         lambda a, b: fp.encode(fp.value(b, fp.F32), fp.BF16, "rn", bool(b >> 31))
         | fp.encode(fp.value(a, fp.F32), fp.BF16, "rn", bool(a >> 31)) << 16),
        ("cvt.rni.f32.f32", ["f32wide"], "f32", lambda a: fp.encode(fp.Fraction(round_integral(fp.value(a, fp.F32), "rni")),
                                                                      fp.F32, "rn", bool(a >> 31))),
        ("cvt.rzi.f32.f32", ["f32wide"], "f32", lambda a: fp.encode(fp.Fraction(round_integral(fp.value(a, fp.F32), "rzi")),
                                                                      fp.F32, "rn", bool(a >> 31))),
    ]
    return ops


def f32bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]
