#!/usr/bin/env python3
"""The PTX sweep (issue 38, item 3): every compute instruction PTX allows on
sm_87, with its types, modifiers and operand kinds, as corpus modules with
exact references.

    python3 sass/corpus/sweep/gen.py OUTDIR

writes OUTDIR/ptx/<module>.ptx (many kernels per module, one module per
instruction family) and OUTDIR/manifest.tsv (../README.md describes the
format; each row names the module's -O3 and -O0 cubins).  Deterministic:
every input comes from random.Random(<kernel name>); references are exact
(fx.py over ../fpref.py) except the .approx functions, checked with a
tolerance.

TABLE (below) holds the element-wise instructions, one Row per instruction:
its types, its modifier axes (the product, filtered by `allow`, is what PTX
accepts on sm_87), its operand kinds and its reference.  Each expanded entry
becomes one kernel per operand form:

    rr   every operand from global memory (a register per thread)
    ri   operand `slot` an immediate
    rc   operand `slot` a kernel parameter (ld.param: ptxas reads constant bank 0)
    ru   operand `slot` = parameter ^ %ctaid.x (uniform in the block)
    rl   operand `slot` = parameter ^ k for a loop counter k < m (m = 3, a
         parameter); the kernel stores the XOR of the m results
    rri, rrc   the third operand an immediate / a kernel parameter

`slot` is the second operand (the first for unary instructions).  special.py
holds the kernels that are not element-wise: memory, atomics, warp, barriers.
"""

import itertools
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)

import fx  # noqa: E402

N = 40          # elements per buffer
COUNT = N - 4   # kernels write out[i] for i < n = COUNT; the tail stays zero (the guard)
GRID, BLOCK = 2, 32
LOOP = 3        # the loop form's trip count (a kernel parameter)

# type -> (bytes, ld/st type)
TY = {
    "u8": (1, "u8"), "s8": (1, "s8"), "b8": (1, "b8"),
    "u16": (2, "u16"), "s16": (2, "s16"), "b16": (2, "b16"), "f16": (2, "b16"), "bf16": (2, "b16"),
    "u32": (4, "u32"), "s32": (4, "s32"), "b32": (4, "b32"), "f32": (4, "f32"),
    "f16x2": (4, "b32"), "bf16x2": (4, "b32"), "pred": (4, "u32"), "tf32": (4, "b32"),
    "u64": (8, "u64"), "s64": (8, "s64"), "b64": (8, "b64"), "f64": (8, "f64"),
}
REG = {1: "%h", 2: "%h", 4: "%r", 8: "%rd"}  # 8-bit values live in 16-bit registers
SIGNED = {"s8", "s16", "s32", "s64"}
FLOATS = {"f16", "bf16", "f32", "f64", "f16x2", "bf16x2"}


def bits(t):
    return 8 * TY[t][0]


def sx(v, n):
    v &= (1 << n) - 1
    return v - (1 << n) if v >> (n - 1) else v


def iv(t, v):
    """The bits v read as integer type t."""
    return sx(v, bits(t)) if t in SIGNED else v & ((1 << bits(t)) - 1)


def wrap(v, n):
    return v & ((1 << n) - 1)


def sat(v, t):
    n = bits(t)
    lo, hi = (-(1 << (n - 1)), (1 << (n - 1)) - 1) if t in SIGNED else (0, (1 << n) - 1)
    return wrap(max(lo, min(hi, v)), n)


# ---------------------------------------------------------------------------
# Inputs

def base_kind(kind):
    for t in sorted(TY, key=len, reverse=True):
        if kind.startswith(t):
            return t, kind[len(t):]
    raise KeyError(kind)


def int_edges(n, signed):
    m = (1 << n) - 1
    e = [0, 1, 2, 3, 5, 7, 0x7F, 0x80, 0xFF, 0x100, m, m - 1, 1 << (n - 1), (1 << (n - 1)) - 1,
         (1 << (n - 1)) + 1, 0x5555555555555555 & m, 0xAAAAAAAAAAAAAAAA & m, 1 << (n // 2)]
    if n >= 32:
        e += [0xFFFF, 0x10000, 0x7FFF, 0x8000, 0xFFFFFF, 0x1000000]
    return [x & m for x in e]


def float_edges(fmt):
    e, m, n = fmt
    sb = 1 << (n - 1)
    one = fx.one(fmt)
    half = fx.enc(fx.Fraction(1, 2), fmt, "rn")
    ed = [0, sb, one, one | sb, fx.inf(fmt), fx.inf(fmt, 1), fx.canon(fmt), (((1 << e) - 1) << m) | 1,
          sb | (((1 << e) - 1) << m) | (1 << (m - 1)),  # a negative quiet NaN
          1, sb | ((1 << m) - 1), 1 << m, sb | (1 << m),  # subnormals, the smallest normals
          fx.inf(fmt) - 1, sb | (fx.inf(fmt) - 1),  # the largest finite
          half, fx.enc(fx.Fraction(3, 2), fmt, "rn"), fx.enc(fx.Fraction(-5, 2), fmt, "rn", True),
          fx.enc(fx.Fraction(1, 3), fmt, "rn"), one + 1, fx.enc(fx.Fraction(7), fmt, "rn")]
    return ed


def rand_float(rng, fmt, lo_exp, hi_exp, pos=False, short=False):
    e, m, n = fmt
    bias = (1 << (e - 1)) - 1
    ex = rng.randint(max(lo_exp, 1 - bias), min(hi_exp, bias))
    man = rng.getrandbits(m)
    if short:  # few significant bits: exact results and rounding ties
        keep = rng.randint(0, min(m, 4))
        man &= ~((1 << (m - keep)) - 1) & ((1 << m) - 1)
    v = ((ex + bias) << m) | man
    if not pos and rng.random() < 0.5:
        v |= 1 << (n - 1)
    return v


def one_input(kind, rng, i):
    t, k = base_kind(kind)
    if t == "pred":
        return rng.choice([0, 1, 0, 1, 2, 0x80000000])
    n = bits(t)
    if t in ("f16x2", "bf16x2"):
        h = t[:-2]
        return one_input(h + k, rng, i) | one_input(h + k, rng, i + 7) << 16
    if t in FLOATS:
        fmt = fx.FMT[t]
        sbit = 1 << (n - 1)
        r = rng.random()
        if k == "pi":
            return fx.from_real(rng.uniform(-3.14159, 3.14159), fmt) if r > 0.1 else rng.choice([0, sbit])
        if k == "small":
            return rand_float(rng, fmt, -8, 3) if r > 0.15 else rng.choice(float_edges(fmt)[:9])
        if k == "pos":
            return rand_float(rng, fmt, -20, 20, pos=True) if r > 0.2 else rng.choice(
                [0, sbit, fx.inf(fmt), fx.canon(fmt), 1, fx.one(fmt), fx.one(fmt) | sbit])
        if k == "wide":  # for float -> integer: around every integer range
            if r < 0.25:
                return rng.choice(float_edges(fmt))
            if r < 0.4:
                return fx.enc(fx.Fraction(rng.randint(-40, 40), 2), fmt, "rn", False) or 0
            return rand_float(rng, fmt, -2, 66 if fmt[0] > 5 else 15)
        if k == "nonan":
            v = one_input(t, rng, i)
            return v if not fx.isnan(v, fmt) else fx.one(fmt)
        if k == "nospecial":
            if r < 0.15:
                return rng.choice([0, sbit, fx.one(fmt), 1 << fmt[1]])
            return rand_float(rng, fmt, -10, 10, short=r < 0.4)
        if r < 0.3:
            return rng.choice(float_edges(fmt))
        if r < 0.4 and fmt[2] >= 32:
            return rng.getrandbits(fmt[1]) | (rng.getrandbits(1) << (n - 1))  # subnormal
        if r < 0.65:
            return rand_float(rng, fmt, -6, 6, short=True)
        return rand_float(rng, fmt, -30, 30)
    # integers
    signed = t in SIGNED
    m = (1 << n) - 1
    r = rng.random()
    if k == "sh":  # shift amounts: around the width, and huge
        return rng.choice([0, 1, 2, n // 2, n - 1, n, n + 1, 2 * n, 100, 255, 256, m] + list(range(0, n + 3)))
    if k == "fld":  # bit-field positions/lengths: 0..255 defined
        return rng.choice([0, 1, 8, 31, 32, 33, 63, 64, 65, 200, 255]) if r < 0.3 else rng.randint(0, 40)
    if k == "small":
        return rng.randint(0, 31)
    if k == "off":  # fns offsets: small, both signs, and large (not -2^31, where |offset| overflows)
        return rng.choice([0, 1, 2, 3, -1, -2, -5, 31, 32, -32, 33, 1 << 30, (1 << 31) - 1, -(1 << 31) + 1,
                           rng.randint(-40, 40)]) & m
    if r < 0.4:
        v = rng.choice(int_edges(n, signed))
    elif r < 0.7:
        v = rng.getrandbits(rng.randint(1, n))
        if rng.random() < 0.5:
            v = (-v) & m
    else:
        v = rng.getrandbits(n)
    if k == "nz":
        while v == 0 or (signed and sx(v, n) == -1):
            v = rng.getrandbits(rng.randint(1, n)) or 3
    return v


def inputs(kind, rng):
    return [one_input(kind, rng, i) for i in range(N)]


# ---------------------------------------------------------------------------
# The table of element-wise instructions

class X:
    """What a reference knows of the expanded entry: type(s), modifiers."""

    def __init__(self, t, mods):
        self.t = t if isinstance(t, str) else t[0]
        self.ts = (t,) if isinstance(t, str) else tuple(t)
        self.mods = [m for m in mods if m]
        self.n = bits(self.t) if self.t in TY else 32
        self.signed = self.t in SIGNED
        self.fmt = fx.FMT.get(self.t.replace("x2", ""))

    def parts(self):
        return set(".".join(self.mods).split("."))

    def has(self, m):
        return m in self.parts()

    def rnd(self, default="rn"):
        """The rounding modifier (rn rz rm rp rna, or rni rzi rmi rpi)."""
        for r in ("rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi"):
            if r in self.parts():
                return r
        return default


class Row:
    """One PTX instruction: `text` formats to the opcode with {m} (the
    modifiers, in axis order) and {t}, {t0}, {t1} (the type(s)); `ins` and
    `out` are operand kinds (a type, "t"/"t0"/"t1" for the row's type,
    with an input-kind suffix: nz, sh, fld, pos, pi, small, wide); `body`
    (optional) is the PTX for one element with {op} {d} {a} {b} {c}."""

    def __init__(self, family, text, types, axes=(), ins=("t", "t"), out="t", ref=None, allow=None,
                 body=None, check=None, forms=None, name=None):
        self.family, self.text, self.types, self.axes = family, text, types, list(axes)
        self.ins, self.out, self.ref, self.allow = list(ins), out, ref, allow
        self.body, self.check, self.forms, self.name = body, check, forms, name

    def expand(self):
        """Groups of entries: per type, every modifier combination PTX accepts (at most MAXC per group)."""
        for t in self.types:
            group = []
            for combo in itertools.product(*self.axes) if self.axes else [()]:
                if self.allow and not self.allow(t, combo):
                    continue
                x = X(t, combo)
                tt = {"t": x.t}
                if x.t in ("u16", "s16", "u32", "s32"):
                    tt["W"] = wide(x.t)
                for i, ti in enumerate(x.ts):
                    tt["t%d" % i] = ti
                op = self.text.format(m="".join(combo), **tt)
                base = self.text.format(m="", **tt).replace("..", ".")
                ins = [resolve(k, tt) for k in self.ins]
                out = resolve(self.out, tt)
                ref = (lambda f, x: lambda *a: f(x, *a))(self.ref, x)
                check = self.check(x) if self.check else "exact"
                forms = self.forms(x) if callable(self.forms) else self.forms
                en = Entry(self.family, op, ins, out, ref, check, self.body, forms, self.name)
                en.t, en.base = x.t, base
                group.append(en)
            for k in range(0, len(group), MAXC):
                g = group[k:k + MAXC]
                g[0].part = "" if len(group) <= MAXC else "_%d" % (k // MAXC)
                yield g


MAXC = 16  # modifier combinations per kernel
# SWEEP_SPLIT=1 (triage only, never checked in): one kernel per combination and form, so that a
# refused combination hides nothing
SPLIT = os.environ.get("SWEEP_SPLIT") == "1"
if SPLIT:
    MAXC = 1


SUFFIXES = ("", "nz", "sh", "fld", "pos", "pi", "small", "wide", "nospecial", "nonan", "off")


def resolve(kind, tt):
    """An operand kind naming the row's type ("t", "t0", "t1", "W" = twice as wide), with a suffix."""
    for key in sorted(tt, key=len, reverse=True):
        if kind.startswith(key) and kind[len(key):] in SUFFIXES:
            return tt[key] + kind[len(key):]
    return kind


class Entry:
    def __init__(self, family, op, ins, out, ref, check, body, forms, name):
        self.family, self.op, self.ins, self.out, self.ref = family, op, ins, out, ref
        self.check, self.body, self.forms_, self.name_ = check, body, forms, name

    @property
    def name(self):
        """The group's name (the instruction and its type(s), without the modifiers)."""
        n = self.name_.format(op=self.base) if self.name_ else self.base
        return n.replace(".", "_").replace("::", "_") + getattr(self, "part", "")

    def slot(self):
        return 1 if len(self.ins) >= 2 else 0

    def forms(self):
        if self.forms_ is not None:
            return self.forms_
        s = self.slot()
        t, _ = base_kind(self.ins[s])
        f = ["rr"]
        if t == "pred":
            return f
        if t not in ("u8", "s8") and TY[t][0] >= 2:
            if t not in ("f16", "bf16", "f16x2", "bf16x2") and len(self.ins) >= 2:
                f.append("ri")
            f += ["rc", "ru"]
            if self.check == "exact":
                f.append("rl")  # (an XOR of approximate results has no tolerance)
        if len(self.ins) == 3 and base_kind(self.ins[2])[0] not in ("pred", "f16", "bf16", "f16x2", "bf16x2"):
            f += ["rri", "rrc"]
        return f


# Reference helpers --------------------------------------------------------

def shl(x, a, s):
    return wrap(a << min(s, x.n), x.n)


def shr(x, a, s):
    return wrap(iv(x.t, a) >> min(s, x.n), x.n)


def bfe(x, a, pos, ln):
    n = x.n
    pos, ln = pos & 0xFF, ln & 0xFF
    sbit = 0
    if x.signed and ln:
        sbit = (a >> min(pos + ln - 1, n - 1)) & 1
    d = 0
    for i in range(n):
        bit = (a >> (pos + i)) & 1 if (i < ln and pos + i <= n - 1) else sbit
        d |= bit << i
    return d


def bfi(x, a, b, pos, ln):
    n = x.n
    pos, ln = pos & 0xFF, ln & 0xFF
    d = b
    for i in range(ln):
        if pos + i >= n:
            break
        d = (d & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
    return wrap(d, n)


def prmt(x, a, b, c):
    mode = x.mods[0][1:] if x.mods else ""
    src = (b << 32) | a
    byte = [(src >> (8 * k)) & 0xFF for k in range(8)]
    if mode == "":
        d = 0
        for k in range(4):
            sel = (c >> (4 * k)) & 0xF
            v = byte[sel & 7]
            if sel & 8:
                v = 0xFF if v & 0x80 else 0
            d |= v << (8 * k)
        return d
    s = c & 3
    table = {
        "f4e": [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]],
        "b4e": [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]],
        "rc8": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
        "ecl": [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]],
        "ecr": [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]],
        "rc16": [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]],
    }[mode][s]
    return sum(byte[sel] << (8 * k) for k, sel in enumerate(table))


def bfind(x, a):
    v = iv(x.t, a)
    if x.signed and v < 0:
        v = ~v
    if v == 0:
        return 0xFFFFFFFF
    p = v.bit_length() - 1
    return (x.n - 1 - p) if x.has("shiftamt") else p


def fns(x, mask, base, offset):
    """fns.b32 (PTX ISA): the |offset|-th set bit of mask from base, upwards if offset > 0; offset 0:
    base if mask[base] is set.  base must be <= 31 (the inputs keep it there)."""
    off = sx(offset, 32)
    base &= 0xFFFFFFFF
    if off == 0:
        return base if (mask >> base) & 1 else 0xFFFFFFFF
    pos = base
    need = off if off > 0 else -off
    step = 1 if off > 0 else -1
    while 0 <= pos <= 31:
        if (mask >> pos) & 1:
            need -= 1
            if need == 0:
                return pos
        pos += step
    return 0xFFFFFFFF


def bmsk(x, a, b):
    a &= 0xFFFFFFFF
    b &= 0xFFFFFFFF
    if x.has("wrap"):
        a, b = a & 31, b & 31
    else:
        a, b = min(a, 32), min(b, 32)
    return (((1 << b) - 1) << a) & 0xFFFFFFFF if a < 32 else 0


def szext(x, a, b):
    b = (b & 31) if x.has("wrap") else min(b & 0xFFFFFFFF, 32)
    if b == 0:
        return 0
    v = a & ((1 << b) - 1)
    if x.signed and b < 32 and (v >> (b - 1)) & 1:
        v |= 0xFFFFFFFF ^ ((1 << b) - 1)
    return v & 0xFFFFFFFF


def lop3(lut):
    def f(x, a, b, c):
        d = 0
        for i in range(32):
            idx = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1)
            d |= ((lut >> idx) & 1) << i
        return d
    return f


def icmp(cmp, a, b):
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
            "lo": a < b, "ls": a <= b, "hi": a > b, "hs": a >= b}[cmp]


def boolop(op, p, q):
    return {"and": p and q, "or": p or q, "xor": p != q}[op]


def dp4a(x, a, b, c):
    ta, tb = x.ts
    sa, sb = ta == "s32", tb == "s32"
    s = iv("s32" if sa or sb else "u32", c)
    for k in range(4):
        ea, eb = (a >> (8 * k)) & 0xFF, (b >> (8 * k)) & 0xFF
        s += (sx(ea, 8) if sa else ea) * (sx(eb, 8) if sb else eb)
    return wrap(s, 32)


def dp2a(x, a, b, c):
    ta, tb = x.ts
    sa, sb = ta == "s32", tb == "s32"
    hi = 2 if x.has("hi") else 0
    s = iv("s32" if sa or sb else "u32", c)
    for k in range(2):
        ea, eb = (a >> (16 * k)) & 0xFFFF, (b >> (8 * (k + hi))) & 0xFF
        s += (sx(ea, 16) if sa else ea) * (sx(eb, 8) if sb else eb)
    return wrap(s, 32)


def mulpart(x, a, b, part):
    p = iv(x.t, a) * iv(x.t, b)
    if part == "lo":
        return wrap(p, x.n)
    if part == "hi":
        return wrap(p >> x.n, x.n)
    return wrap(p, 2 * x.n)


def mad(x, a, b, c):
    p = iv(x.t, a) * iv(x.t, b)
    if x.has("hi"):
        r = (p >> x.n) + iv(x.t, c)
        return sat(r, "s32") if x.has("sat") else wrap(r, x.n)
    return wrap(p + c, x.n)


def wide(t):
    return {"u16": "u32", "s16": "s32", "u32": "u64", "s32": "s64"}[t]


def mul24(x, a, b):
    a24, b24 = a & 0xFFFFFF, b & 0xFFFFFF
    if x.signed:
        a24, b24 = sx(a24, 24), sx(b24, 24)
    p = a24 * b24
    return wrap(p >> 16, 32) if x.has("hi") else wrap(p, 32)


def mad24(x, a, b, c):
    a24, b24 = a & 0xFFFFFF, b & 0xFFFFFF
    if x.signed:
        a24, b24 = sx(a24, 24), sx(b24, 24)
    p = a24 * b24
    if x.has("hi"):
        r = (p >> 16) + iv(x.t, c)
        return sat(r, "s32") if x.has("sat") else wrap(r, 32)
    return wrap(p + c, 32)


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def fl(x):
    return x.fmt


def lanes(f):
    """Apply a 16-bit reference to both halves of x2 operands."""
    def g(x, *a):
        lo = f(x, *[v & 0xFFFF for v in a])
        hi = f(x, *[v >> 16 for v in a])
        return lo | (hi << 16)
    return g


def fz(x):
    return x.has("ftz")


def fneg(x, a, bit_and=None):
    """neg/abs: ptxas implements them as FADD/DADD/HADD2 with a negated or absolute operand, so
    a NaN becomes the canonical NaN."""
    fmt = x.fmt if x.t not in ("f16x2", "bf16x2") else fx.FMT[x.t[:-2]]
    if fz(x):
        a = fx.ftz(a, fmt)
    if fx.isnan(a, fmt):
        return fx.canon(fmt)
    return a & ~fx.signbit(fmt) if bit_and else a ^ fx.signbit(fmt)


# Tolerances of the approximate instructions ("tol=U/A": |got - ref| <= max(A, U ulp(ref)),
# ref = the real result rounded to the type; U = the documented bound + 1 ulp for that rounding).
# PTX ISA 8.x, "Floating Point Instructions", and the CUDA C++ Programming Guide's intrinsics:
#   rcp/sqrt.approx.f32: max 1 ulp (PTX) -> used 2 -> tol=3/0;  rsqrt.approx.f32: 2 ulp -> 3
#   ex2.approx.f32: max 2 ulp (PTX; full range) -> 3;  lg2.approx.f32: abs 2^-22.6 on [0.5, 2] else 4 ulp
#     (PTX) -> tol=5/2^-21;  sin/cos.approx.f32: abs 2^-20.9 on [-pi, pi] (PTX) -> tol=1/2^-20
#   tanh.approx.f32: max relative 2^-10.987 (PTX) -> tol=1/2^-10.5 (|tanh| <= 1)
#   div.approx.f32 / div.full.f32: max 2 ulp for 2^-126 < |b| < 2^126 -> tol=3/0
#   rcp.approx.ftz.f64: "max relative error 2^-51 ... (a reduced precision result)": PTX gives
#     no bound beyond the f32 exponent range; measured as rcp of the f64 with about 20 good bits
#     -> tol=2^33/0;  rsqrt.approx.f64: same -> 2^33/0
TOL = {"rcp": "tol=3/0", "sqrt": "tol=3/0", "rsqrt": "tol=3/0", "ex2": "tol=3/0", "lg2": "tol=5/4.76837158203125e-07",
       "sin": "tol=1/9.5367431640625e-07", "cos": "tol=1/9.5367431640625e-07", "tanh": "tol=1/0.0006905339660024879",
       "div": "tol=3/0", "rcp64": "tol=8589934592/0", "rsqrt64": "tol=8589934592/0"}


def approx(fn):
    import math

    def f(x, a):
        fmt = x.fmt
        if x.has("ftz"):
            a = fx.ftz(a, fmt)
        v = fx.real(a, fmt)
        try:
            r = fn(v)
        except (ValueError, ZeroDivisionError, OverflowError):
            r = math.nan
        out = fx.from_real(r, fmt)
        return fx.ftz(out, fmt) if x.has("ftz") else out
    return f


def _approx_funcs():
    import math

    def rsqrt(v):
        if v == 0:
            return math.copysign(math.inf, v)
        if v < 0 or math.isnan(v):
            return math.nan
        return 0.0 if math.isinf(v) else 1 / math.sqrt(v)

    def rcp(v):
        if v == 0:
            return math.copysign(math.inf, v)
        return math.copysign(0.0, v) if math.isinf(v) else 1 / v

    def sqrt(v):
        if v == 0:
            return v
        if v < 0:
            return math.nan
        return math.sqrt(v)

    def ex2(v):
        if math.isinf(v):
            return 0.0 if v < 0 else math.inf
        try:
            return 2.0 ** v
        except OverflowError:
            return math.inf

    def lg2(v):
        if v == 0:
            return -math.inf
        if v < 0:
            return math.nan
        return math.inf if math.isinf(v) else math.log2(v)

    def sin(v):
        return math.nan if math.isinf(v) else (v if v == 0 else math.sin(v))

    def cos(v):
        return math.nan if math.isinf(v) else math.cos(v)

    def tanh(v):
        return v if v == 0 else math.tanh(v)

    return dict(rsqrt=rsqrt, rcp=rcp, sqrt=sqrt, ex2=ex2, lg2=lg2, sin=sin, cos=cos, tanh=tanh)


AF = _approx_funcs()

I16 = ["u16", "s16"]
I32 = ["u32", "s32"]
I64 = ["u64", "s64"]
IALL = I16 + I32 + I64
CMPI = ["eq", "ne", "lt", "le", "gt", "ge"]
CMPU = ["lo", "ls", "hi", "hs"]
RND = [".rn", ".rz", ".rm", ".rp"]
IRND = [".rni", ".rzi", ".rmi", ".rpi"]
PRED_BODY = "{op} %p2, {a}, {b}; selp.u32 {d}, 1, 0, %p2;"


def build_table():
    T = []
    R = T.append
    # --- integer arithmetic
    R(Row("int_add", "add{m}.{t}", IALL, [["", ".sat"]], allow=lambda t, m: m[0] == "" or t == "s32",
          ref=lambda x, a, b: sat(iv(x.t, a) + iv(x.t, b), x.t) if x.has("sat") else wrap(a + b, x.n)))
    R(Row("int_add", "sub{m}.{t}", IALL, [["", ".sat"]], allow=lambda t, m: m[0] == "" or t == "s32",
          ref=lambda x, a, b: sat(iv(x.t, a) - iv(x.t, b), x.t) if x.has("sat") else wrap(a - b, x.n)))
    for part in ["lo", "hi", "wide"]:
        R(Row("int_mul", "mul.%s.{t}" % part, IALL if part != "wide" else I16 + I32,
              out="t" if part != "wide" else "W", ref=(lambda p: lambda x, a, b: mulpart(x, a, b, p))(part)))
    R(Row("int_mul", "mad{m}.{t}", IALL, [[".lo", ".hi", ".hi.sat"]], ins=("t", "t", "t"),
          allow=lambda t, m: m[0] != ".hi.sat" or t == "s32", ref=mad))
    R(Row("int_mul", "mad.wide.{t}", I16 + I32, ins=("t", "t", "W"), out="W",
          ref=lambda x, a, b, c: wrap(iv(x.t, a) * iv(x.t, b) + iv(wide(x.t), c), 2 * x.n)))
    R(Row("int_mul", "mul24{m}.{t}", I32, [[".lo", ".hi"]], ref=mul24))
    R(Row("int_mul", "mad24{m}.{t}", I32, [[".lo", ".hi", ".hi.sat"]], ins=("t", "t", "t"),
          allow=lambda t, m: m[0] != ".hi.sat" or t == "s32", ref=mad24))
    R(Row("int_mul", "sad.{t}", IALL, ins=("t", "t", "t"),
          ref=lambda x, a, b, c: wrap(abs(iv(x.t, a) - iv(x.t, b)) + c, x.n)))
    R(Row("int_div", "div.{t}", IALL, ins=("t", "tnz"), ref=lambda x, a, b: wrap(tdiv(iv(x.t, a), iv(x.t, b)), x.n)))
    R(Row("int_div", "rem.{t}", IALL, ins=("t", "tnz"),
          ref=lambda x, a, b: wrap(iv(x.t, a) - iv(x.t, b) * tdiv(iv(x.t, a), iv(x.t, b)), x.n)))
    R(Row("int_add", "abs.{t}", ["s16", "s32", "s64"], ins=("t",), ref=lambda x, a: wrap(abs(iv(x.t, a)), x.n)))
    R(Row("int_add", "neg.{t}", ["s16", "s32", "s64"], ins=("t",), ref=lambda x, a: wrap(-iv(x.t, a), x.n)))
    for mm in ["min", "max"]:
        R(Row("int_add", mm + ".{t}", IALL,
              ref=(lambda f: lambda x, a, b: wrap(f(iv(x.t, a), iv(x.t, b)), x.n))(min if mm == "min" else max)))
    # --- bits
    R(Row("int_bits", "popc.{t}", ["b32", "b64"], ins=("t",), out="u32", ref=lambda x, a: bin(a).count("1")))
    R(Row("int_bits", "clz.{t}", ["b32", "b64"], ins=("t",), out="u32", ref=lambda x, a: x.n - a.bit_length()))
    R(Row("int_bits", "bfind{m}.{t}", ["u32", "s32", "u64", "s64"], [["", ".shiftamt"]], ins=("t",), out="u32",
          ref=bfind))
    R(Row("int_bits", "brev.{t}", ["b32", "b64"], ins=("t",), ref=lambda x, a: int(format(a, "0%db" % x.n)[::-1], 2)))
    R(Row("int_bits", "bfe.{t}", ["u32", "s32", "u64", "s64"], ins=("t", "u32fld", "u32fld"), ref=bfe))
    R(Row("int_bits", "bfi.{t}", ["b32", "b64"], ins=("t", "t", "u32fld", "u32fld"), ref=bfi,
          body="{op} {d}, {a}, {b}, {c}, {e};"))
    R(Row("int_bits", "fns.b32", ["b32"], ins=("b32", "u32small", "s32off"), ref=fns))
    R(Row("int_bits", "bmsk{m}.b32", ["b32"], [[".clamp", ".wrap"]], ins=("b32sh", "b32sh"), ref=bmsk))
    # szext with a kernel-parameter width: ptxas 12.9 emits SGXT ..., c[0x3][0x0] (a bank the cubin does not
    # have), so that form is a kernel of its own
    R(Row("int_bits", "szext{m}.{t}", I32, [[".clamp", ".wrap"]], ins=("t", "u32sh"), ref=szext,
          forms=["rr", "ri", "ru", "rl"]))
    R(Row("int_bits", "szext{m}.{t}", I32, [[".clamp", ".wrap"]], ins=("t", "u32sh"), ref=szext, forms=["rc"],
          name="{op}_param"))
    R(Row("int_bits", "prmt.b32{m}", ["b32"], [["", ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"]],
          ins=("b32", "b32", "b32"), ref=prmt))
    # shifts
    R(Row("int_shift", "shl.{t}", ["b16", "b32", "b64"], ins=("t", "u32sh"), ref=shl))
    R(Row("int_shift", "shr.{t}", ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"], ins=("t", "u32sh"),
          ref=shr))
    R(Row("int_shift", "shf{m}.b32", ["b32"], [[".l", ".r"], [".clamp", ".wrap"]], ins=("b32", "b32", "u32sh"),
          ref=lambda x, a, b, c: shf(x, a, b, c)))
    # logic
    for op, f in [("and", lambda a, b: a & b), ("or", lambda a, b: a | b), ("xor", lambda a, b: a ^ b)]:
        R(Row("int_logic", op + ".{t}", ["b16", "b32", "b64"], ref=(lambda f: lambda x, a, b: f(a, b))(f)))
        R(Row("int_logic", op + ".pred", ["pred"], ins=("pred", "pred"), out="u32", forms=["rr"],
              body="setp.ne.u32 %p3, {a}, 0; setp.ne.u32 %p4, {b}, 0; {op} %p2, %p3, %p4; selp.u32 {d}, 1, 0, %p2;",
              ref=(lambda f: lambda x, a, b: int(f(a != 0, b != 0)))(f)))
    R(Row("int_logic", "not.{t}", ["b16", "b32", "b64"], ins=("t",), ref=lambda x, a: a ^ ((1 << x.n) - 1)))
    R(Row("int_logic", "not.pred", ["pred"], ins=("pred",), out="u32", forms=["rr"],
          body="setp.ne.u32 %p3, {a}, 0; {op} %p2, %p3; selp.u32 {d}, 1, 0, %p2;", ref=lambda x, a: int(a == 0)))
    R(Row("int_logic", "cnot.{t}", ["b16", "b32", "b64"], ins=("t",), ref=lambda x, a: int(a == 0)))
    for lut in [0x96, 0xE8, 0xCA, 0x3C, 0x80, 0xFE, 0x01, 0x5A, 0xF0, 0x00, 0xFF, 0x1E]:
        R(Row("int_logic", "lop3.b32", ["b32"], ins=("b32", "b32", "b32"), ref=lop3(lut), name="{op}_%02x" % lut,
              body="{op} {d}, {a}, {b}, {c}, 0x%02x;" % lut))
    R(Row("int_logic", "selp.{t}", ["b16", "u16", "s16", "b32", "u32", "s32", "b64", "u64", "s64", "f32", "f64"],
          ins=("t", "t", "pred"), body="setp.ne.u32 %p2, {c}, 0; {op} {d}, {a}, {b}, %p2;",
          ref=lambda x, a, b, c: a if c else b))
    # comparisons
    ctypes = ["b16", "b32", "b64"] + IALL
    R(Row("int_cmp", "setp.{m}.{t}", ctypes, [CMPI + CMPU], out="u32", body=PRED_BODY,
          allow=lambda t, m: (t[0] != "b" or m[0] in ("eq", "ne")) and (m[0] not in CMPU or t[0] in "ub"),
          ref=lambda x, a, b: int(icmp(x.mods[0], iv(x.t, a), iv(x.t, b)))))
    R(Row("int_cmp", "setp.{m}.{t}", ["u32", "s32", "s64"], [["lt", "eq", "ge"], [".and", ".or", ".xor"]],
          ins=("t", "t", "pred"), out="u32", name="{op}_p",
          body="setp.ne.u32 %p3, {c}, 0; {op} %p2, {a}, {b}, %p3; selp.u32 {d}, 1, 0, %p2;",
          ref=lambda x, a, b, c: int(boolop(x.mods[1][1:], icmp(x.mods[0], iv(x.t, a), iv(x.t, b)), c != 0))))
    R(Row("int_cmp", "setp.{m}.{t}", ["u32", "s64"], [["lt", "ne"], [".and", ".or"]],
          ins=("t", "t", "pred"), out="u32", name="{op}_notp",
          body="setp.ne.u32 %p3, {c}, 0; {op} %p2, {a}, {b}, !%p3; selp.u32 {d}, 1, 0, %p2;",
          ref=lambda x, a, b, c: int(boolop(x.mods[1][1:], icmp(x.mods[0], iv(x.t, a), iv(x.t, b)), c == 0))))
    R(Row("int_cmp", "setp.{m}.{t}", ["s32", "u64"], [["gt", "le"]], out="u32", name="{op}_pq",
          body="{op} %p2|%p3, {a}, {b}; selp.u32 %r21, 1, 0, %p2; selp.u32 %r22, 2, 0, %p3; or.b32 {d}, %r21, %r22;",
          ref=lambda x, a, b: int(icmp(x.mods[0], iv(x.t, a), iv(x.t, b))) + 2 * int(not icmp(x.mods[0], iv(x.t, a), iv(x.t, b)))))
    R(Row("int_cmp", "set.{m}.{t0}.{t1}", [("u32", "s32"), ("s32", "u32"), ("u32", "u64"), ("s32", "s64"),
                                          ("u32", "u16"), ("f32", "s32"), ("f32", "u64")],
          [["eq", "lt", "ge", "hi"]], ins=("t1", "t1"), out="t0",
          allow=lambda t, m: m[0] != "hi" or t[1][0] == "u",
          ref=lambda x, a, b: setres(x.ts[0], icmp(x.mods[0], iv(x.ts[1], a), iv(x.ts[1], b)))))
    R(Row("int_cmp", "set.{m}.{t0}.{t1}", [("u32", "s32"), ("f32", "u32")], [["lt", "ne"], [".and", ".or", ".xor"]],
          ins=("t1", "t1", "pred"), out="t0", name="{op}_p",
          body="setp.ne.u32 %p3, {c}, 0; {op} {d}, {a}, {b}, %p3;",
          ref=lambda x, a, b, c: setres(x.ts[0], boolop(x.mods[1][1:], icmp(x.mods[0], iv(x.ts[1], a), iv(x.ts[1], b)), c != 0))))
    # carry chains (the body strings the .cc instructions together)
    R(Row("int_cc", "add.cc.{t}", I32, ins=("u64", "u64"), out="u64", name="addcc_addc_{op}",
          body="mov.b64 {{%r21, %r22}}, {a}; mov.b64 {{%r23, %r24}}, {b}; {op} %r25, %r21, %r23; "
               "addc.{T} %r26, %r22, %r24; mov.b64 {d}, {{%r25, %r26}};",
          ref=lambda x, a, b: wrap(a + b, 64), forms=["rr", "rc", "ru"]))
    R(Row("int_cc", "add.cc.{t}", I32, ins=("u64", "u64"), out="u32", name="carryout_{op}",
          body="mov.b64 {{%r21, %r22}}, {a}; mov.b64 {{%r23, %r24}}, {b}; {op} %r25, %r21, %r23; "
               "addc.cc.{T} %r26, %r22, %r24; addc.{T} {d}, 0, 0;",
          ref=lambda x, a, b: (a + b) >> 64, forms=["rr", "rc"]))
    R(Row("int_cc", "sub.cc.{t}", I32, ins=("u64", "u64"), out="u64", name="subcc_subc_{op}",
          body="mov.b64 {{%r21, %r22}}, {a}; mov.b64 {{%r23, %r24}}, {b}; {op} %r25, %r21, %r23; "
               "subc.{T} %r26, %r22, %r24; mov.b64 {d}, {{%r25, %r26}};",
          ref=lambda x, a, b: wrap(a - b, 64), forms=["rr", "rc", "ru"]))
    R(Row("int_cc", "sub.cc.{t}", I32, ins=("u64", "u64"), out="u32", name="borrowout_{op}",
          body="mov.b64 {{%r21, %r22}}, {a}; mov.b64 {{%r23, %r24}}, {b}; {op} %r25, %r21, %r23; "
               "subc.cc.{T} %r26, %r22, %r24; subc.{T} {d}, 0, 0;",
          ref=lambda x, a, b: wrap(-1 if a < b else 0, 32), forms=["rr"]))
    R(Row("int_cc", "add.cc.u64", ["u64"], ins=("u64", "u64", "u64"), out="u64", name="addcc64_{op}",
          body="{op} %rd21, {a}, {b}; addc.cc.u64 %rd22, {c}, {a}; addc.u64 {d}, %rd22, 0;",
          ref=lambda x, a, b, c: wrap(wrap(c + a + ((a + b) >> 64), 64) + ((c + a + ((a + b) >> 64)) >> 64), 64),
          forms=["rr"]))
    R(Row("int_cc", "mad.lo.cc.{t}", I32, ins=("t", "t", "t"), name="madcc_{op}",
          body="{op} %r21, {a}, {b}, {c}; madc.hi.{T} {d}, {a}, {b}, 0;",
          ref=lambda x, a, b, c: wrap((((iv(x.t, a) * iv(x.t, b)) >> 32) + ((wrap(a * b, 32) + c) >> 32)), 32),
          forms=["rr", "rc"]))
    R(Row("int_cc", "mad.hi.cc.{t}", I32, ins=("t", "t", "t"), name="madhicc_{op}",
          body="{op} %r21, {a}, {b}, {c}; madc.lo.cc.{T} %r22, {a}, {c}, %r21; addc.{T} {d}, %r22, 0;",
          ref=lambda x, a, b, c: madhicc(x, a, b, c), forms=["rr"]))
    # dot products
    R(Row("int_dp", "dp4a.{t0}.{t1}", [(p, q) for p in I32 for q in I32], ins=("t0", "t1", "t0"), out="t0",
          ref=dp4a))
    R(Row("int_dp", "dp2a{m}.{t0}.{t1}", [(p, q) for p in I32 for q in I32], [[".lo", ".hi"]],
          ins=("t0", "t1", "t0"), out="t0", ref=dp2a))

    # --- f32 / f64 arithmetic
    def fallow(t, m, sat=True):
        return t == "f32" or (all(x in ("", ".rn", ".rz", ".rm", ".rp") for x in m))
    for op in ["add", "sub", "mul"]:
        R(Row("f_arith", op + "{m}.{t}", ["f32", "f64"], [[""] + RND, ["", ".ftz"], ["", ".sat"]],
              allow=fallow, ref=(lambda op: lambda x, a, b: (
                  fx.mul(a, b, x.fmt, x.rnd(), fz(x), x.has("sat")) if op == "mul" else
                  fx.add(a, b, x.fmt, x.rnd(), fz(x), x.has("sat"), sub=op == "sub")))(op)))
    for op in ["fma", "mad"]:
        R(Row("f_fma", op + "{m}.{t}", ["f32", "f64"], [RND, ["", ".ftz"], ["", ".sat"]], ins=("t", "t", "t"),
              allow=fallow, ref=lambda x, a, b, c: fx.fma(a, b, c, x.fmt, x.rnd(), fz(x), x.has("sat"))))
    R(Row("f_div", "div{m}.{t}", ["f32"], [RND, ["", ".ftz"]], ins=("t", "t"), allow=fallow,
          ref=lambda x, a, b: fx.div(a, b, x.fmt, x.rnd(), fz(x))))
    R(Row("f_div", "div{m}.{t}", ["f64"], [RND], ins=("tnonan", "tnonan"),
          ref=lambda x, a, b: fx.div(a, b, x.fmt, x.rnd(), fz(x))))
    R(Row("f_div", "div{m}.f32", ["f32"], [[".approx", ".full"], ["", ".ftz"]], ins=("f32nospecial", "f32nospecial"),
          check=lambda x: TOL["div"], ref=lambda x, a, b: fx.div(a, b, x.fmt, "rn", fz(x)), name="{op}_approx"))
    # f64 rcp and sqrt are software sequences whose NaN results keep (or not) the input's payload
    # depending on the rounding mode's routine: NaN inputs are left out (tnonan)
    R(Row("f_div", "rcp{m}.{t}", ["f32", "f64"], [RND, ["", ".ftz"]], ins=("tnonan",), allow=fallow,
          ref=lambda x, a: fx.rcp(a, x.fmt, x.rnd(), fz(x))))
    R(Row("f_div", "sqrt{m}.{t}", ["f32", "f64"], [RND, ["", ".ftz"]], ins=("tnonan",), allow=fallow,
          ref=lambda x, a: fx.sqrt(a, x.fmt, x.rnd(), fz(x))))
    for fn in ["rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos"]:
        kind = {"sin": "tpi", "cos": "tpi", "ex2": "tsmall", "lg2": "tpos", "rsqrt": "tpos", "sqrt": "tpos"}.get(fn, "t")
        R(Row("f_approx", fn + ".approx{m}.f32", ["f32"], [["", ".ftz"]], ins=(kind,), check=(lambda fn: lambda x: TOL[fn])(fn),
              ref=approx(AF[fn])))
    R(Row("f_approx", "tanh.approx.f32", ["f32"], ins=("tpi",), check=lambda x: TOL["tanh"], ref=approx(AF["tanh"])))
    R(Row("f_approx", "rcp.approx{m}.f64", ["f64"], [[".ftz"]], ins=("t",), check=lambda x: TOL["rcp64"],
          ref=approx(AF["rcp"])))
    R(Row("f_approx", "rsqrt.approx{m}.f64", ["f64"], [["", ".ftz"]], ins=("tpos",), check=lambda x: TOL["rsqrt64"],
          ref=approx(AF["rsqrt"])))
    for mm in ["min", "max"]:
        R(Row("f_minmax", mm + "{m}.{t}", ["f32", "f64"], [["", ".ftz"], ["", ".NaN"], ["", ".xorsign.abs"]],
              allow=lambda t, m: t == "f32" or m == ("", "", ""),
              ref=(lambda mx: lambda x, a, b: fx.minmax(a, b, x.fmt, mx, fz(x), x.has("NaN"), x.has("xorsign")))(mm == "max")))
    R(Row("f_minmax", "abs{m}.{t}", ["f32", "f64"], [["", ".ftz"]], ins=("t",), allow=fallow,
          ref=lambda x, a: fneg(x, a, True)))
    R(Row("f_minmax", "neg{m}.{t}", ["f32", "f64"], [["", ".ftz"]], ins=("t",), allow=fallow,
          ref=lambda x, a: fneg(x, a)))
    R(Row("f_minmax", "copysign.{t}", ["f32", "f64"],
          ref=lambda x, a, b: (b & ~fx.signbit(x.fmt)) | (a & fx.signbit(x.fmt))))
    R(Row("f_cmp", "testp.{m}.{t}", ["f32", "f64"], [["finite", "infinite", "number", "notanumber", "normal", "subnormal"]],
          ins=("t",), out="u32", body="{op} %p2, {a}; selp.u32 {d}, 1, 0, %p2;",
          ref=lambda x, a: int(fx.testp(x.mods[0], a, x.fmt))))
    R(Row("f_cmp", "setp.{m}.{t}", ["f32", "f64"], [fx.CMPS, ["", ".ftz"]], out="u32", body=PRED_BODY,
          allow=fallow, ref=lambda x, a, b: int(fx.compare(x.mods[0], a, b, x.fmt, fz(x)))))
    R(Row("f_cmp", "setp.{m}.{t}", ["f32", "f64"], [["lt", "gtu", "nan"], [".and", ".or", ".xor"]],
          ins=("t", "t", "pred"), out="u32", name="{op}_p",
          body="setp.ne.u32 %p3, {c}, 0; {op} %p2, {a}, {b}, %p3; selp.u32 {d}, 1, 0, %p2;",
          ref=lambda x, a, b, c: int(boolop(x.mods[1][1:], fx.compare(x.mods[0], a, b, x.fmt), c != 0))))
    R(Row("f_cmp", "set.{m}.{t0}.{t1}", [("u32", "f32"), ("s32", "f32"), ("f32", "f32"), ("u32", "f64"), ("f32", "f64")],
          [["eq", "lt", "geu", "num", "nan", "ne"], ["", ".ftz"]], ins=("t1", "t1"), out="t0",
          allow=lambda t, m: m[1] == "" or t[1] == "f32",
          ref=lambda x, a, b: setres(x.ts[0], fx.compare(x.mods[0], a, b, fx.FMT[x.ts[1]], fz(x)))))
    R(Row("f_cmp", "set.{m}.{t0}.{t1}", [("u32", "f32"), ("f32", "f64")], [["le", "neu"], [".and", ".or", ".xor"]],
          ins=("t1", "t1", "pred"), out="t0", name="{op}_p",
          body="setp.ne.u32 %p3, {c}, 0; {op} {d}, {a}, {b}, %p3;",
          ref=lambda x, a, b, c: setres(x.ts[0], boolop(x.mods[1][1:], fx.compare(x.mods[0], a, b, fx.FMT[x.ts[1]]), c != 0))))

    # --- f16 / bf16 (scalar and x2)
    H = ["f16", "f16x2"]
    B = ["bf16", "bf16x2"]
    for op in ["add", "sub", "mul"]:
        R(Row("half_arith", op + "{m}.{t}", H, [["", ".rn"], ["", ".ftz"], ["", ".sat"]],
              ref=lanes((lambda op: lambda x, a, b: (
                  fx.mul(a, b, fl16(x), "rn", fz(x), x.has("sat")) if op == "mul" else
                  fx.add(a, b, fl16(x), "rn", fz(x), x.has("sat"), sub=op == "sub")))(op))))
    R(Row("half_arith", "fma.rn{m}.{t}", H, [["", ".ftz"], ["", ".sat", ".relu"]], ins=("t", "t", "t"),
          ref=lanes(lambda x, a, b, c: fx.fma(a, b, c, fl16(x), "rn", fz(x), x.has("sat"), x.has("relu")))))
    R(Row("half_arith", "fma.rn{m}.{t}", B, [["", ".relu"]], ins=("t", "t", "t"),
          ref=lanes(lambda x, a, b, c: fx.fma(a, b, c, fl16(x), "rn", False, False, x.has("relu")))))
    for mm in ["min", "max"]:
        R(Row("half_minmax", mm + "{m}.{t}", H + B, [["", ".ftz"], ["", ".NaN"], ["", ".xorsign.abs"]],
              allow=lambda t, m: not (t.startswith("bf") and m[0]),
              ref=lanes((lambda mx: lambda x, a, b: fx.minmax(a, b, fl16(x), mx, fz(x), x.has("NaN"), x.has("xorsign")))(
                  mm == "max"))))
    R(Row("half_minmax", "neg{m}.{t}", H + B, [["", ".ftz"]], ins=("t",), allow=lambda t, m: not (t.startswith("bf") and m[0]),
          ref=lanes(lambda x, a: fneg(x, a))))
    R(Row("half_minmax", "abs{m}.{t}", H + B, [["", ".ftz"]], ins=("t",), allow=lambda t, m: not (t.startswith("bf") and m[0]),
          ref=lanes(lambda x, a: fneg(x, a, True))))
    R(Row("half_cmp", "setp.{m}.f16", ["f16"], [fx.CMPS, ["", ".ftz"]], out="u32", body=PRED_BODY,
          ref=lambda x, a, b: int(fx.compare(x.mods[0], a, b, fx.F16, fz(x)))))
    R(Row("half_cmp", "setp.{m}.f16x2", ["f16x2"], [["lt", "equ", "ne", "nan"], ["", ".ftz"]], out="u32",
          body="{op} %p2|%p3, {a}, {b}; selp.u32 %r21, 1, 0, %p2; selp.u32 %r22, 2, 0, %p3; or.b32 {d}, %r21, %r22;",
          ref=lambda x, a, b: int(fx.compare(x.mods[0], a & 0xFFFF, b & 0xFFFF, fx.F16, fz(x)))
          + 2 * int(fx.compare(x.mods[0], a >> 16, b >> 16, fx.F16, fz(x)))))
    R(Row("half_cmp", "set.{m}.{t0}.{t1}", [("f16", "f16"), ("u16", "f16"), ("u32", "f16"), ("s32", "f16"),
                                           ("f16x2", "f16x2"), ("u32", "f16x2")],
          [["lt", "geu", "ne"], ["", ".ftz"]], ins=("t1", "t1"), out="t0",
          ref=lambda x, a, b: set16(x, a, b)))
    R(Row("half_arith", "cvt.f32.f16", ["f16"], ins=("f16",), out="f32",
          ref=lambda x, a: fx.f2f(a, fx.F16, fx.F32)))

    # --- conversions
    cvt_rows(R)

    # --- moves of special registers are in special.py
    return T


def shf(x, a, b, c):
    c &= 0xFFFFFFFF
    n = (c & 31) if x.has("wrap") else min(c, 32)
    v = (b << 32) | a
    if x.has("l"):
        return wrap((v << n) >> 32, 32)
    return wrap(v >> n, 32)


def madhicc(x, a, b, c):
    hi = wrap((iv(x.t, a) * iv(x.t, b)) >> 32, 32)
    s1 = hi + c
    r1 = wrap(s1, 32)
    carry1 = s1 >> 32
    lo2 = wrap(iv(x.t, a) * iv(x.t, c), 32) + r1 + carry1
    r2 = wrap(lo2, 32)
    return wrap(r2 + (lo2 >> 32), 32)


def setres(t, b):
    if t == "f32":
        return 0x3F800000 if b else 0
    if t == "f16":
        return 0x3C00 if b else 0
    if t == "f16x2":
        return 0x3C00 if b else 0
    return (0xFFFFFFFF if b else 0) if t in ("u32", "s32") else (0xFFFF if b else 0)


def set16(x, a, b):
    t0 = x.ts[0]
    cmp = x.mods[0]
    if x.ts[1] == "f16x2":
        lo = fx.compare(cmp, a & 0xFFFF, b & 0xFFFF, fx.F16, fz(x))
        hi = fx.compare(cmp, a >> 16, b >> 16, fx.F16, fz(x))
        if t0 == "f16x2":
            return (0x3C00 if lo else 0) | ((0x3C00 if hi else 0) << 16)
        return (0xFFFF if lo else 0) | ((0xFFFF if hi else 0) << 16)
    r = fx.compare(cmp, a, b, fx.F16, fz(x))
    return {"f16": 0x3C00, "u16": 0xFFFF, "u32": 0xFFFFFFFF, "s32": 0xFFFFFFFF}[t0] if r else 0


def fl16(x):
    return fx.FMT[x.t.replace("x2", "")]


INT_T = ["u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64"]
FLT_T = ["f16", "bf16", "f32", "f64"]


def cvt_rows(R):
    # integer <- integer, with and without .sat
    def fits(d, s):
        """Every value of integer type s is one of d (cvt.sat is then refused)."""
        n, m = bits(s), bits(d)
        if (s in SIGNED) == (d in SIGNED):
            return m >= n
        return s not in SIGNED and m > n
    # bf16 converts to and from f32 only on sm_87 (the other pairs need sm_90)
    R(Row("cvt_ii", "cvt{m}.{t0}.{t1}", [(d, s) for d in INT_T for s in INT_T if d != s], [["", ".sat"]],
          allow=lambda t, m: m[0] == "" or not fits(*t),
          ins=("t1",), out="t0", forms=lambda x: ["rr"] if x.ts[1] in ("u8", "s8") else ["rr", "rc", "ru"],
          ref=lambda x, a: sat(iv(x.ts[1], a), x.ts[0]) if x.has("sat") else wrap(iv(x.ts[1], a), bits(x.ts[0]))))
    # float <- integer
    R(Row("cvt_if", "cvt{m}.{t0}.{t1}", [(d, s) for d in FLT_T for s in INT_T if d != "bf16"], [RND, ["", ".sat"]],
          ins=("t1",), out="t0", forms=lambda x: ["rr"] if x.ts[1] in ("u8", "s8") else ["rr", "rc", "ru"],
          ref=lambda x, a: fx.post(fx.i2f(iv(x.ts[1], a), fx.FMT[x.ts[0]], x.rnd()), fx.FMT[x.ts[0]], sat=x.has("sat"))))
    # integer <- float
    R(Row("cvt_fi", "cvt{m}.{t0}.{t1}", [(d, s) for d in INT_T for s in FLT_T if s != "bf16"], [IRND, ["", ".ftz"], ["", ".sat"]],
          ins=("t1wide",), out="t0", allow=lambda t, m: m[1] == "" or t[1] == "f32", forms=["rr", "rc"],
          ref=lambda x, a: fx.f2i(a, fx.FMT[x.ts[1]], x.rnd(), bits(x.ts[0]), x.ts[0] in SIGNED, fz(x))))
    # float <- float
    order = {"f16": 0, "bf16": 0, "f32": 1, "f64": 2}

    def ff_allow(t, m):
        d, s = t
        r, z, st = m
        if z and "f32" not in t:
            return False
        if z and s == "bf16":
            return False  # ptxas 12.9 compiles cvt.ftz.f32.bf16 to F2F.FTZ.F32.F16 (reads the bf16 as f16)
        if st and "bf16" in t:
            return False
        if d == s:
            return r in IRND or (r == "" and (z or st))
        if order[d] < order[s] or (order[d] == order[s]):
            return r in RND
        return r == "" or r in IRND and False
    R(Row("cvt_ff", "cvt{m}.{t0}.{t1}", [(d, s) for d in FLT_T for s in FLT_T if "bf16" not in (d, s) or
                                         {d, s} == {"bf16", "f32"}], [[""] + RND + IRND, ["", ".ftz"], ["", ".sat"]],
          ins=("t1",), out="t0", allow=ff_allow, forms=["rr", "rc"],
          ref=lambda x, a: fx.f2f(a, fx.FMT[x.ts[1]], fx.FMT[x.ts[0]], x.rnd(), fz(x), x.has("sat"))))
    R(Row("cvt_ff", "cvt.rn{m}.{t0}.f32", ["f16", "bf16"], [[".relu"]], ins=("f32",), out="t0",
          ref=lambda x, a: fx.f2f(a, fx.F32, fx.FMT[x.t], "rn", relu=True)))
    R(Row("cvt_ff", "cvt.rn{m}.{t0}.f32", ["f16x2", "bf16x2"], [["", ".relu"]], ins=("f32", "f32"), out="t0",
          ref=lambda x, a, b: fx.f2f(b, fx.F32, fl16(x), "rn", relu=x.has("relu"))
          | fx.f2f(a, fx.F32, fl16(x), "rn", relu=x.has("relu")) << 16))
    R(Row("cvt_ff", "cvt.rna.tf32.f32", ["tf32"], ins=("f32",), out="b32", ref=lambda x, a: fx.tf32(a)))


TABLE = build_table()


# ---------------------------------------------------------------------------
# Kernel text

def reg(size, k):
    return "%s%d" % (REG[size], k)


def immediate(t, v):
    if t == "f32":
        return "0f%08X" % v
    if t == "f64":
        return "0d%016X" % v
    if t in SIGNED:
        return str(iv(t, v))
    return "0x%X" % v


def conv_from_u32(size, src, dst):
    """PTX to widen/narrow the u32 register src into a register of `size` bytes."""
    if size == 4:
        return "mov.b32 %s, %s;" % (dst, src)
    if size == 8:
        return "cvt.u64.u32 %s, %s;" % (dst, src)
    return "cvt.u16.u32 %s, %s;" % (dst, src)


def xor_op(size):
    return "xor.b%d" % (16 if size <= 2 else 8 * size)


def alu_kernel(g, forms, scal):
    """The PTX of group g (entries sharing operand kinds): result of form f (index fi) and
    combination j at out[(fi * len(g) + j) * N + i]; scal[slot] = the scalar (value, type)."""
    e = g[0]
    name = e.name
    lines = ["// " + "  ".join("%d: %s" % (j, en.op) for j, en in enumerate(g)),
             "// forms: " + " ".join(forms)]
    lines += [
        ".visible .entry %s(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd, .param .u64 po,"
        " .param .u32 pn, .param .%s ps, .param .%s pt, .param .u32 pm)" % (
            name, scal[1][2], scal[2][2] if 2 in scal else "b16"),
        "{",
        "  .reg .pred %p<8>; .reg .b16 %h<100>; .reg .b32 %r<100>; .reg .b64 %rd<100>;",
        "  mov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %tid.x; mad.lo.s32 %r4, %r1, %r2, %r3;",
        "  ld.param.u32 %r5, [pn]; setp.ge.u32 %p1, %r4, %r5; @%p1 bra $Ldone;",
        "  ld.param.u64 %rd49, [po]; cvta.to.global.u64 %rd49, %rd49;",
    ]
    osize, ost = TY[e.out]
    lines.append("  mul.wide.u32 %%rd50, %%r4, %d; add.s64 %%rd50, %%rd49, %%rd50;" % osize)
    ops = []
    for k, kind in enumerate(e.ins):
        t, _ = base_kind(kind)
        size, ldt = TY[t]
        r = reg(size, 10 + k)
        p = ["pa", "pb", "pc", "pd"][k]
        lines += [
            "  ld.param.u64 %%rd%d, [%s]; cvta.to.global.u64 %%rd%d, %%rd%d;" % (1 + k, p, 1 + k, 1 + k),
            "  mul.wide.u32 %%rd%d, %%r4, %d; add.s64 %%rd%d, %%rd%d, %%rd%d;" % (6 + k, size, 6 + k, 1 + k, 6 + k),
            "  ld.global.%s %s, [%%rd%d];" % (ldt, r, 6 + k),
        ]
        ops.append(r)

    def emit(opnds, dest, at):
        out = []
        for j, en in enumerate(g):
            d = dest(j)
            names = dict(op=en.op, d=d, a=opnds[0], b=opnds[1] if len(opnds) > 1 else "",
                         c=opnds[2] if len(opnds) > 2 else "", e=opnds[3] if len(opnds) > 3 else "", T=en.t)
            out.append("  " + (en.body.format(**names) if en.body else "%s %s, %s;" % (en.op, d, ", ".join(opnds))))
            if at is not None:
                out.append("  st.global.%s [%%rd50+%d], %s;" % (ost, (at + j) * N * osize, d))
        return out

    d20 = lambda j: reg(osize, 20)  # noqa: E731
    loop = None
    for fi, form in enumerate(forms):
        slot = 2 if form in ("rri", "rrc") else e.slot()
        v, st, pty = scal[slot]
        size, ldt = TY[st]
        sr = reg(size, 30 + slot)
        o = list(ops)
        lines.append("  // " + form)
        if form in ("ri", "rri"):
            o[slot] = immediate(st, v)
        elif form in ("rc", "rrc"):
            lines.append("  ld.param.%s %s, [%s];" % (ldt, sr, "ps" if slot == 1 or slot == 0 else "pt"))
            o[slot] = sr
        elif form == "ru":
            lines.append("  ld.param.%s %s, [ps]; %s %s %s, %s, %s;" % (
                ldt, reg(size, 16), conv_from_u32(size, "%r1", reg(size, 17)), xor_op(size), sr,
                reg(size, 16), reg(size, 17)))
            o[slot] = sr
        elif form == "rl":
            loop = (fi, slot, st, o)
            continue
        lines += emit(o, d20, fi * len(g))
    if loop:
        fi, slot, st, o = loop
        xsize = TY[st][0]
        accs = [reg(osize, 60 + j) for j in range(len(g))]
        o[slot] = reg(xsize, 40)
        lines += ["  // rl", "  ld.param.%s %s, [ps]; ld.param.u32 %%r6, [pm]; mov.u32 %%r7, 0;" % (
            TY[st][1], reg(xsize, 41))]
        lines += ["  mov.b%d %s, 0;" % (max(16, 8 * osize), a) for a in accs]
        lines += [
            "$Lloop:",
            "  " + conv_from_u32(xsize, "%r7", reg(xsize, 42)) + " %s %s, %s, %s;" % (
                xor_op(xsize), o[slot], reg(xsize, 41), reg(xsize, 42)),
        ]
        body = emit(o, d20, None)
        for j, b in enumerate(body):
            lines += [b, "  %s %s, %s, %s;" % (xor_op(osize), accs[j], accs[j], reg(osize, 20))]
        lines += ["  add.u32 %r7, %r7, 1; setp.lt.u32 %p7, %r7, %r6; @%p7 bra $Lloop;"]
        lines += ["  st.global.%s [%%rd50+%d], %s;" % (ost, (fi * len(g) + j) * N * osize, a) for j, a in enumerate(accs)]
    lines += ["$Ldone:", "  ret;", "}"]
    return name, "\n".join(lines)


def pack(vals, t):
    size = TY[t][0]
    return b"".join((v & ((1 << (8 * size)) - 1)).to_bytes(size, "little") for v in vals)


def alu_kernels(g):
    """The kernel of group g: (kernel name, ptx, params, expect)."""
    e = g[0]
    assert all(en.ins == e.ins and en.out == e.out and en.check == e.check for en in g), e.op
    forms = e.forms()
    rng = random.Random(e.name)
    data = [inputs(k, rng) for k in e.ins]
    scal = {}
    for slot in (e.slot(), 2):
        if slot >= len(e.ins):
            continue
        st, kind = base_kind(e.ins[slot])
        ssize = TY[st][0]
        s = one_input(e.ins[slot], rng, 0)
        if kind == "nz":  # s ^ k must stay a valid divisor
            while any(v == 0 or (st in SIGNED and sx(v, 8 * ssize) == -1) for v in [s ^ k for k in range(4)]):
                s = one_input(e.ins[slot], rng, 0)
        if kind == "nonan":  # s ^ k must not become a NaN (inf ^ 1 is one)
            while any(fx.isnan(s ^ k, fx.FMT[st]) for k in range(4)):
                s = one_input(e.ins[slot], rng, 0)
        scal[slot] = (s, st, "b%d" % max(16, 8 * ssize))
    if 1 not in scal:
        scal[1] = scal.get(0, (0, "u16", "b16"))
    if SPLIT and len(forms) > 1:
        out = []
        for f in forms:
            for en in g:
                en.forms_ = [f]
            k = alu_kernels(g)[0]
            out.append((k[0] + "_" + f, k[1].replace("entry %s(" % k[0], "entry %s_%s(" % (k[0], f)), k[2], k[3]))
        return out
    kname, ptx = alu_kernel(g, forms, scal)
    res = []
    for form in forms:
        slot = 2 if form in ("rri", "rrc") else e.slot()
        s, st, _ = scal[slot]
        mask = (1 << (8 * TY[st][0])) - 1
        for en in g:
            for i in range(COUNT):
                args = [d[i] for d in data]
                if form == "rl":
                    r = 0
                    for k in range(LOOP):
                        args[slot] = (s ^ k) & mask
                        r ^= en.ref(*args)
                    res.append(r)
                    continue
                if form == "ru":
                    args[slot] = (s ^ (i // BLOCK)) & mask
                elif form != "rr":
                    args[slot] = s
                res.append(en.ref(*args))
            res += [0] * (N - COUNT)
    params = []
    for k in range(4):
        params.append("in:" + pack(data[k], base_kind(e.ins[k])[0]).hex() if k < len(e.ins) else "null")
    osize = TY[e.out][0]
    params.append("out:%d" % (len(forms) * len(g) * N * osize))
    params.append("u32:%d" % COUNT)
    params.append("%s:%x" % (scal[1][2], scal[1][0]))
    params.append("%s:%x" % (scal[2][2], scal[2][0]) if 2 in scal else "b16:0")
    params.append("u32:%d" % LOOP)
    expect = "4:%s:%s:%s" % (e.check, e.out if e.out != "pred" else "u32", pack(res, e.out).hex())
    return [(kname, ptx, ";".join(params), expect)]


# ---------------------------------------------------------------------------
# Modules and the manifest

HEADER = ".version 8.5\n.target sm_87\n.address_size 64\n// @generated by sass/corpus/sweep/gen.py\n"
OPT = ["O3", "O0"]


class Kern:
    def __init__(self, name, ptx, params, expect, grid=(GRID, 1, 1), block=(BLOCK, 1, 1), shared=0, needs="-"):
        self.name, self.ptx, self.params, self.expect = name, ptx, params, expect
        self.grid, self.block, self.shared, self.needs = grid, block, shared, needs


def modules():
    import special
    mods = {}
    for row in TABLE:
        for g in row.expand():
            for (name, ptx, params, expect) in alu_kernels(g):
                mods.setdefault(g[0].family, []).append(Kern(name, ptx, params, expect))
    for mod, kerns in special.modules(sys.modules[__name__]).items():
        mods.setdefault(mod, []).extend(kerns)
    return mods


def generate(outdir, only=None):
    os.makedirs(os.path.join(outdir, "ptx"), exist_ok=True)
    rows = []
    mods = modules()
    for mod in sorted(mods):
        if only and mod not in only:
            continue
        kerns = mods[mod]
        names = [k.name for k in kerns]
        dup = {n for n in names if names.count(n) > 1}
        assert not dup, (mod, sorted(dup))
        globals_ = "".join(sorted({g for k in kerns for g in getattr(k, "globals", [])}))
        with open(os.path.join(outdir, "ptx", mod + ".ptx"), "w") as f:
            f.write(HEADER + globals_ + "\n" + "\n\n".join(k.ptx for k in kerns) + "\n")
        for k in kerns:
            rows.append((",".join("%s.%s" % (mod, o) for o in OPT), k.name, "%d,%d,%d" % k.grid,
                         "%d,%d,%d" % k.block, str(k.shared), k.needs, k.params, k.expect))
    with open(os.path.join(outdir, "manifest.tsv"), "w") as f:
        f.write("# @generated by sass/corpus/sweep/gen.py; columns: module kernel grid block dynamic_shared needs "
                "params expect (see ../README.md)\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    return sorted(m for m in mods if not only or m in only), rows


if __name__ == "__main__":
    only = sys.argv[2:] or None
    mods, rows = generate(sys.argv[1], only)
    print("sweep: %d modules, %d kernels with references" % (len(mods), len(rows)), file=sys.stderr)
