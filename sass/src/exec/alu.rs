//! Integer, predicate, move and float instructions, lane by lane.

use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{ImadKind, Op, ShfTy};
use crate::operand::{CBuf, Operand, Pred, Resolved, SrcMods, PT, RZ};

/// A source resolved once per instruction: a per-lane register or a value
/// shared by the warp (uniform register, immediate, constant).
#[derive(Debug, Clone, Copy)]
pub(crate) enum S {
    R(u8),
    V(u32),
}

#[inline]
pub(crate) fn get(w: &Warp, s: S, lane: usize) -> u32 {
    match s {
        S::R(r) => w.r(r, lane),
        S::V(v) => v,
    }
}

/// `f` of every lane's value (a plain loop: `[T; N]::map` and
/// `array::from_fn` were left as calls through closures in the hot paths).
#[inline(always)]
pub(crate) fn map32<T: Copy, U: Copy + Default>(v: &[T; 32], f: impl Fn(T) -> U) -> [U; 32] {
    let mut out = [U::default(); 32];
    for l in 0..32 {
        out[l] = f(v[l]);
    }
    out
}

/// `f` of every lane index.
#[inline(always)]
pub(crate) fn gen32<U: Copy + Default>(f: impl Fn(usize) -> U) -> [U; 32] {
    let mut out = [U::default(); 32];
    for (l, o) in out.iter_mut().enumerate() {
        *o = f(l);
    }
    out
}

/// Whether to compute an instruction for the whole warp at once: the fast
/// paths are on and enough lanes execute that computing all 32 (and
/// blending) costs less than visiting the executing ones (divergent code
/// often runs a few lanes at a time). The threshold was measured on the
/// Collatz bench (7.8 lanes an instruction): 8 lanes 71.7 host
/// instructions per thread-instruction, 4 lanes 69.6, 2 lanes 69.5, every
/// instruction 72.0.
#[inline(always)]
pub(crate) fn dense(env: &Env<'_>, exec: u32) -> bool {
    env.fast && (exec == u32::MAX || partial_count(exec) >= 4)
}

/// The lanes in `mask`, a full warp without counting: baseline x86-64 has
/// no population count instruction, and its bit arithmetic costs about 16
/// instructions.
#[inline(always)]
pub(crate) fn lane_count(mask: u32) -> u32 {
    match mask {
        u32::MAX => 32,
        0 => 0,
        _ => partial_count(mask),
    }
}

/// `mask.count_ones()`, out of line: inlined, LLVM folds
/// [`lane_count`]'s test for a full warp into an unconditional count
/// (the count of a full warp being 32), which costs every full warp the
/// bit arithmetic.
#[inline(never)]
fn partial_count(mask: u32) -> u32 {
    mask.count_ones()
}

/// A source in all 32 lanes.
#[inline(always)]
pub(crate) fn row_of(w: &Warp, s: S) -> [u32; 32] {
    match s {
        S::R(r) => w.row(r),
        S::V(v) => [v; 32],
    }
}

/// A source in all 32 lanes, borrowed: a register's row itself, or the
/// warp's one value spread in `$tmp` (a `let $tmp;` of the caller's, set
/// only for a value: no copy, and nothing cleared, for a register).
macro_rules! row_in {
    ($w:expr, $s:expr, $tmp:ident) => {
        match $s {
            $crate::exec::alu::S::R(r) => $w.row_ref(r),
            $crate::exec::alu::S::V(v) => {
                $tmp = [v; 32];
                &$tmp
            }
        }
    };
}
pub(crate) use row_in;

/// An integer source in all 32 lanes with its `~` and `-` applied ([`int_val`]).
#[inline(always)]
fn int_row(w: &Warp, s: (S, SrcMods)) -> [u32; 32] {
    let mut v = row_of(w, s.0);
    if s.1.not {
        v = map32(&v, |x| !x);
    }
    if s.1.neg {
        v = map32(&v, u32::wrapping_neg);
    }
    v
}

/// A 32-bit sum's term in all lanes: `-x` as `~x + 1` (so the carries of a
/// subtraction come out right), `~x`, or `x`.
#[inline(always)]
fn term_row(w: &Warp, s: (S, SrcMods)) -> [u64; 32] {
    let v = row_of(w, s.0);
    if s.1.neg {
        map32(&v, |x| u64::from(!x) + 1)
    } else if s.1.not {
        map32(&v, |x| u64::from(!x))
    } else {
        map32(&v, u64::from)
    }
}

/// A lane mask from a per-lane condition. (Tried: conditions to bytes,
/// gathered 8 at a time by a multiply; slower on every bench kernel.)
#[inline(always)]
fn mask_where(f: impl Fn(usize) -> bool) -> u32 {
    let mut m = 0u32;
    for l in 0..32 {
        m |= u32::from(f(l)) << l;
    }
    m
}

/// Read a constant: zero past the bank's declared size; a fault where the memory faults.
#[inline(never)]
pub(crate) fn read_const(w: &Warp, env: &Env<'_>, c: &CBuf, extra: u64, pc: u64) -> Result<u32, Fault> {
    if let Some(u) = c.ubank {
        return read_bindless(w, env, u, i64::from(c.offset).wrapping_add(extra as i64), pc);
    }
    let off = i64::from(c.offset).wrapping_add(extra as i64);
    // The launch's copy holds exactly the bank's declared bytes: a word
    // found there is within the size (a negative offset, as u64, never is).
    if let Some(v) = env.consts.word(c.bank, off as u64) {
        return Ok(v);
    }
    let bank = env.cfg.const_buffers.get(usize::from(c.bank)).copied().flatten();
    let Some(bank) = bank else {
        return Err(Fault::Control(format!("constant bank {} is not bound (instruction at {pc:#x})", c.bank)));
    };
    if off < 0 || off as u64 + 4 > u64::from(bank.size) {
        return Ok(0);
    }
    let mut b = [0u8; 4];
    env.mem.read(bank.va + off as u64, &mut b).map_err(|va| Fault::Mmu { va, write: false, pc })?;
    Ok(u32::from_le_bytes(b))
}

/// Operand `n` as a source: a register, or the warp's one value.
///
/// The operand was resolved when decoded ([`Resolved`]); what is left here
/// is a small match, kept inline. A constant is read from the launch's copy
/// of its bank when there (out of line otherwise: `read_const`).
#[inline(always)]
pub(crate) fn src(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<(S, SrcMods), Fault> {
    match i.resolved(n) {
        &Resolved::Reg(r, m) => Ok((S::R(r), m)),
        &Resolved::Value(v, m) => Ok((S::V(v), m)),
        &Resolved::UReg(r, m) => Ok((S::V(w.ur(r)), m)),
        Resolved::Const(c, m) => match (c.ubank, env.consts.word(c.bank, i64::from(c.offset) as u64)) {
            (None, Some(v)) => Ok((S::V(v), *m)),
            _ => Ok((S::V(read_const(w, env, c, 0, i.pc)?), *m)),
        },
        Resolved::Other => Err(bad(i, "operand kind")),
    }
}

/// An integer source with `-` and `~` applied.
#[inline(always)]
fn int_src(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<(S, SrcMods), Fault> {
    src(w, i, n, env)
}

#[inline]
fn int_val(w: &Warp, s: (S, SrcMods), lane: usize) -> u32 {
    let v = get(w, s.0, lane);
    let v = if s.1.not { !v } else { v };
    if s.1.neg {
        v.wrapping_neg()
    } else {
        v
    }
}

pub(crate) fn pred_of(i: &Instr, n: usize) -> Pred {
    match *i.src(n) {
        Operand::Pred(p) => p,
        _ => Pred::p(PT, false),
    }
}

fn dst_reg(i: &Instr, n: usize) -> Result<u8, Fault> {
    match *i.src(n) {
        Operand::Reg(r, _) => Ok(r),
        _ => Err(bad(i, "destination")),
    }
}

/// A boolean input per lane: a predicate, or (`.SIGN`) a source's sign bit.
fn bool_in(w: &Warp, i: &Instr, n: usize, env: &Env<'_>) -> Result<u32, Fault> {
    if let Operand::Pred(p) = *i.src(n) {
        return Ok(w.pred_mask(p));
    }
    let s = src(w, i, n, env)?;
    Ok((0..32).fold(0u32, |m, l| if get(w, s.0, l) >> 31 == 1 { m | 1 << l } else { m }))
}

/// A three-input bitwise function by its truth table (`a` is 0xf0, `b` 0xcc, `c` 0xaa).
///
/// Bit `k` of the table is the output where `a`, `b`, `c` are the bits of
/// `k` (a the highest): a tree of bitwise selects on c, then b, then a,
/// with no branch (the same result as OR-ing the table's minterms).
#[inline(always)]
pub(crate) fn lut3(lut: u32, a: u32, b: u32, c: u32) -> u32 {
    Lut3::new(lut).eval(a, b, c)
}

/// A `LOP3` table as eight all-zeros or all-ones words (entry `k`'s bit
/// spread over a word), made once per instruction so that evaluating it
/// per lane is the select tree alone.
#[derive(Clone, Copy)]
pub(crate) struct Lut3([u32; 8]);

impl Lut3 {
    #[inline(always)]
    pub(crate) fn new(lut: u32) -> Lut3 {
        Lut3(std::array::from_fn(|k| 0u32.wrapping_sub(lut >> k & 1)))
    }

    /// [`lut3`] of `a`, `b`, `c`.
    #[inline(always)]
    pub(crate) fn eval(&self, a: u32, b: u32, c: u32) -> u32 {
        let t = &self.0;
        let sel = |m: u32, one: u32, zero: u32| (m & one) | (!m & zero);
        let (c0, c1, c2, c3) = (sel(c, t[1], t[0]), sel(c, t[3], t[2]), sel(c, t[5], t[4]), sel(c, t[7], t[6]));
        sel(a, sel(b, c3, c2), sel(b, c1, c0))
    }

    /// [`eval`](Self::eval) of 32 lanes.
    #[inline(always)]
    pub(crate) fn rows(&self, a: &[u32; 32], b: &[u32; 32], c: &[u32; 32]) -> [u32; 32] {
        // A plain loop: through `gen32` the select tree was left as a
        // closure called per lane.
        let mut out = [0u32; 32];
        for l in 0..32 {
            out[l] = self.eval(a[l], b[l], c[l]);
        }
        out
    }
}

/// `SHF`'s funnel shift: the 64-bit `hi:lo` shifted by a lane's amount,
/// and which half of the result the instruction keeps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Funnel {
    left: bool,
    /// The amount is taken modulo the width (`.W`), else clamped to it.
    wrap: bool,
    /// A 64-bit type (`.S64`/`.U64`): amounts up to 64.
    wide: bool,
    /// An arithmetic right shift.
    signed: bool,
    /// The high half (`.HI`).
    hi: bool,
}

impl Funnel {
    /// The funnel shift of an `SHF` with these modifiers.
    pub(crate) fn of(left: bool, wrap: bool, ty: ShfTy, hi: bool) -> Funnel {
        Funnel {
            left,
            wrap,
            wide: matches!(ty, ShfTy::S64 | ShfTy::U64),
            signed: matches!(ty, ShfTy::S64 | ShfTy::S32),
            hi,
        }
    }

    /// The whole warp's shift of `lo` (low words) and `hiw` (high words)
    /// by `s`: by one amount for the warp (`rows`, a plain vector shift),
    /// or by each lane's.
    #[inline(always)]
    pub(crate) fn warp(self, w: &Warp, lo: &[u32; 32], s: S, hiw: &[u32; 32]) -> [u32; 32] {
        match s {
            // An amount that is the warp's one value (nearly always an
            // immediate): the shift's kind chosen once, then one shift per
            // lane by the same amount.
            S::V(amount) => self.rows(lo, amount, hiw),
            S::R(r) => {
                let bv = w.row_ref(r);
                gen32(|l| self.shift(lo[l], bv[l], hiw[l]))
            }
        }
    }

    /// The amount a shift by `s` moves: modulo the width (`.W`), else clamped to it.
    #[inline(always)]
    fn amount(self, s: u32) -> u32 {
        let max = if self.wide { 64 } else { 32 };
        if self.wrap {
            s & (max - 1)
        } else {
            s.min(max)
        }
    }

    #[inline(always)]
    fn shift(self, lo: u32, s: u32, hiw: u32) -> u32 {
        let s = self.amount(s);
        let v = (u64::from(hiw) << 32) | u64::from(lo);
        // Bits 0..63 of the shifted funnel; a shift by 64 (the wide types
        // only) leaves nothing, or the sign for an arithmetic right shift.
        let r = if s >= 64 {
            if !self.left && self.signed {
                ((v as i64) >> 63) as u64
            } else {
                0
            }
        } else if self.left {
            v << s
        } else if self.signed {
            ((v as i64) >> s) as u64
        } else {
            v >> s
        };
        if self.hi {
            (r >> 32) as u32
        } else {
            r as u32
        }
    }

    /// [`shift`](Self::shift) of 32 lanes by one amount: the same results,
    /// with the kind of shift and the amount's clamp decided once, so the
    /// lanes' loop is a plain vector shift.
    #[inline(always)]
    fn rows(self, lo: &[u32; 32], s: u32, hiw: &[u32; 32]) -> [u32; 32] {
        let s = self.amount(s);
        let v = |l: usize| (u64::from(hiw[l]) << 32) | u64::from(lo[l]);
        let r: [u64; 32] = if s >= 64 {
            if !self.left && self.signed {
                gen32(|l| ((v(l) as i64) >> 63) as u64)
            } else {
                [0; 32]
            }
        } else if self.left {
            gen32(|l| v(l) << s)
        } else if self.signed {
            gen32(|l| ((v(l) as i64) >> s) as u64)
        } else {
            gen32(|l| v(l) >> s)
        };
        if self.hi {
            map32(&r, |x| (x >> 32) as u32)
        } else {
            map32(&r, |x| x as u32)
        }
    }
}

/// `LEA`'s sum: `a << shift` (or, `.HI`, the high word of `c:a << shift`)
/// plus `b` plus the carry-in, in 33 bits.
#[derive(Clone, Copy)]
struct LeaSum {
    hi: bool,
    /// Adds the carry-in (`.X`).
    x: bool,
    /// `.SX32`: the high word is `a`'s sign.
    sx32: bool,
    shift: u32,
    /// `a` and `b` were negated (`-a`, `-b`).
    neg_a: bool,
    neg_b: bool,
}

impl LeaSum {
    /// One lane's 33-bit sum, from its sources (`~`/`-` applied) and
    /// carry-in.
    #[inline(always)]
    fn lane(self, av: u32, bv: u32, cv: u32, carry_in: bool) -> u64 {
        // `-a` (and `-b`) is ~v + 1 in the 33-bit sum, as IADD3's, so that
        // negating 0 carries: ptxas negates a 64-bit `x << 5` as
        // `LEA lo, P0, -x_lo, RZ, 0x5` then `IMAD.X hi, RZ, RZ, ~x_hi, P0`
        // (`neg.s64` of a shift), which needs the carry of 0 to give 0,
        // not -2^32.
        let neg = |v: u32, neg: bool| if neg { u64::from(!v.wrapping_neg()) + 1 } else { u64::from(v) };
        let shifted = if self.hi {
            let chi = if self.sx32 { ((av as i32) >> 31) as u32 } else { cv };
            let v = (u64::from(chi) << 32) | u64::from(av);
            u64::from((v.wrapping_shl(self.shift) >> 32) as u32)
        } else {
            neg(av.wrapping_shl(self.shift), self.neg_a)
        };
        shifted + neg(bv, self.neg_b) + u64::from(self.x && carry_in)
    }
}

/// Execute a non-control instruction for the lanes in `exec`.
pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match &i.op {
        Op::IAdd3 { x, uniform } => iadd3(w, i, exec, env, *x, *uniform),
        Op::Lop3 { .. } => lop3(w, i, exec, env),
        Op::Plop3 { .. } => plop3(w, i, exec, env),
        Op::Isetp { .. } => isetp(w, i, exec, env),
        Op::Imad { kind, signed, x, .. } => imad(w, i, exec, env, *kind, *signed, *x),
        Op::Lea { .. } => lea(w, i, exec, env),
        Op::Shf { .. } => shf(w, i, exec, env),
        Op::Mov { .. } => mov(w, i, exec, env),
        Op::S2r { cs64: Some(true), .. } => cs2r64(w, i, exec, env),
        Op::S2r { .. } => s2r(w, i, exec, env),
        Op::R2ur => r2ur(w, i, exec, env),
        Op::Uldc { .. } => uldc(w, i, exec, env),
        Op::Ld { .. } | Op::St { .. } | Op::Ldgsts { .. } => super::memops::exec(w, i, exec, env),
        Op::Ffma { .. } => super::float_ops::exec(w, i, exec, env),
        Op::Half2 { .. }
        | Op::Hmnmx2 { .. }
        | Op::Hsetp2 { .. }
        | Op::Hset2 { .. }
        | Op::F2fp { .. }
        | Op::F2fHalf { .. }
        | Op::Hmma { .. }
        | Op::Ldsm { .. } => super::half::exec(w, i, exec, env),
        _ => super::more::exec(w, i, exec, env),
    }
}

/// `LOP3`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn lop3(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Lop3 { pand, uniform } = &i.op else { return Err(bad(i, "operation")) };
    let (a, b, c) = (int_src(w, i, 2, env)?, int_src(w, i, 3, env)?, int_src(w, i, 4, env)?);
    let lut = match *i.src(5) {
        Operand::Hex(v) => v as u32,
        _ => return Err(bad(i, "LUT")),
    };
    if *pand {
        return Err(bad(i, "LOP3.PAND"));
    }
    let pd = pred_of(i, 0);
    let pc_mask = w.pred_mask(pred_of(i, 6));
    if let (true, false, Operand::Reg(d, _)) = (dense(env, exec), *uniform, *i.src(1)) {
        // The whole warp at once (the same function, lane by lane), from
        // the registers in place where no `~` or `-` applies.
        let plain = |s: &(S, SrcMods)| !(s.1.not || s.1.neg);
        let table = Lut3::new(lut);
        let r = if plain(&a) && plain(&b) && plain(&c) {
            let (ta, tb, tc);
            let (av, bv, cv) = (row_in!(w, a.0, ta), row_in!(w, b.0, tb), row_in!(w, c.0, tc));
            table.rows(av, bv, cv)
        } else {
            let (av, bv, cv) = (int_row(w, a), int_row(w, b), int_row(w, c));
            table.rows(&av, &bv, &cv)
        };
        w.set_row(d, exec, &r);
        if pd.index != PT {
            let pv = mask_where(|l| r[l] != 0) | pc_mask;
            set_pred_out(w, pd, exec, pv, false);
        }
        return Ok(());
    }
    let mut pv = 0u32;
    for l in lanes(super::bits::active(exec, *uniform)) {
        let r = lut3(lut, int_val(w, a, l), int_val(w, b, l), int_val(w, c, l));
        write_dst(w, i, 1, l, r, *uniform)?;
        // The predicate output is "any bit set", or-ed with the predicate input.
        if r != 0 || pc_mask >> l & 1 == 1 {
            pv |= 1 << l;
        }
    }
    set_pred_out(w, pd, exec, pv, *uniform);
    Ok(())
}

/// `PLOP3`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn plop3(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Plop3 { uniform } = &i.op else { return Err(bad(i, "operation")) };
    let (a, b, c) = (bool_in(w, i, 2, env)?, bool_in(w, i, 3, env)?, bool_in(w, i, 4, env)?);
    let (Operand::Hex(l1), Operand::Hex(l2)) = (*i.src(5), *i.src(6)) else { return Err(bad(i, "LUT")) };
    let r1 = lut3(l1 as u32, a, b, c);
    let r2 = lut3(l2 as u32, a, b, c);
    set_pred_out(w, pred_of(i, 0), exec, r1, *uniform);
    set_pred_out(w, pred_of(i, 1), exec, r2, *uniform);
    Ok(())
}

/// `ISETP`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn isetp(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Isetp { cmp, signed, bool_op, ex, uniform } = &i.op else { return Err(bad(i, "operation")) };
    let (a, b) = (src(w, i, 2, env)?, src(w, i, 3, env)?);
    let pc = w.pred_mask(pred_of(i, 4));
    let pex = w.pred_mask(pred_of(i, 5));
    let r = if env.fast {
        // The whole warp at once (the same comparison as below).
        let (tx, ty);
        let (xs, ys) = (row_in!(w, a.0, tx), row_in!(w, b.0, ty));
        super::uop::compare(xs, ys, *cmp, *signed, ex.then_some(pex))
    } else {
        let mut r = 0u32;
        for l in lanes(exec) {
            let (x, y) = (get(w, a.0, l), get(w, b.0, l));
            let ord = if *signed { (x as i32).cmp(&(y as i32)) } else { x.cmp(&y) };
            let mut v = cmp.eval(ord);
            if *ex && ord == std::cmp::Ordering::Equal {
                // The high word of a 64-bit compare: on equal high
                // words the low words' result (pex) decides.
                v = pex >> l & 1 == 1;
            }
            if v {
                r |= 1 << l;
            }
        }
        r
    };
    let (p, q) = if env.fast {
        (bool_op.eval_mask(r, pc), bool_op.eval_mask(!r, pc))
    } else {
        let each = |want: u32| {
            (0..32).fold(0u32, |m, l| if bool_op.eval(r >> l & 1 == want, pc >> l & 1 == 1) { m | 1 << l } else { m })
        };
        (each(1), each(0))
    };
    set_pred_out(w, pred_of(i, 0), exec, p, *uniform);
    set_pred_out(w, pred_of(i, 1), exec, q, *uniform);
    Ok(())
}

/// `LEA`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn lea(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Lea { hi, x, sx32, uniform } = &i.op else { return Err(bad(i, "operation")) };
    let (a, b) = (int_src(w, i, 2, env)?, int_src(w, i, 3, env)?);
    let c = if *hi { Some(int_src(w, i, 4, env)?) } else { None };
    let Operand::Hex(shift) = *i.src(5) else { return Err(bad(i, "shift")) };
    let cin = w.pred_mask(pred_of(i, 6));
    let sum = LeaSum { hi: *hi, x: *x, sx32: *sx32, shift: shift as u32, neg_a: a.1.neg, neg_b: b.1.neg };
    if let (true, false, Operand::Reg(d, _)) = (dense(env, exec), *uniform, *i.src(0)) {
        // The whole warp at once (the same sum, lane by lane).
        let (av, bv) = (int_row(w, a), int_row(w, b));
        let cv = c.map_or([0; 32], |c| int_row(w, c));
        let s: [u64; 32] = gen32(|l| sum.lane(av[l], bv[l], cv[l], cin >> l & 1 == 1));
        w.set_row(d, exec, &map32(&s, |v| v as u32));
        set_pred_out(w, pred_of(i, 1), exec, mask_where(|l| s[l] >> 32 != 0), false);
        return Ok(());
    }
    let mut carry = 0u32;
    for l in lanes(super::bits::active(exec, *uniform)) {
        let cv = c.map_or(0, |c| int_val(w, c, l));
        let s = sum.lane(int_val(w, a, l), int_val(w, b, l), cv, cin >> l & 1 == 1);
        if s >> 32 != 0 {
            carry |= 1 << l;
        }
        write_dst(w, i, 0, l, s as u32, *uniform)?;
    }
    set_pred_out(w, pred_of(i, 1), exec, carry, *uniform);
    Ok(())
}

/// `SHF`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn shf(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Shf { left, wrap, ty, hi, uniform } = &i.op else { return Err(bad(i, "operation")) };
    let (a, b, c) = (src(w, i, 1, env)?, src(w, i, 2, env)?, src(w, i, 3, env)?);
    let f = Funnel::of(*left, *wrap, *ty, *hi);
    if let (true, false, Operand::Reg(d, _)) = (dense(env, exec), *uniform, *i.src(0)) {
        // Sources that `uop::Uop::Shf` does not take (it takes every plain
        // one): the same rows.
        let (ta, tc);
        let (lo, hiw) = (row_in!(w, a.0, ta), row_in!(w, c.0, tc));
        let out = f.warp(w, lo, b.0, hiw);
        w.set_row(d, exec, &out);
        return Ok(());
    }
    for l in lanes(super::bits::active(exec, *uniform)) {
        let out = f.shift(get(w, a.0, l), get(w, b.0, l), get(w, c.0, l));
        write_dst(w, i, 0, l, out, *uniform)?;
    }
    Ok(())
}

/// `MOV`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn mov(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Mov { uniform } = &i.op else { return Err(bad(i, "operation")) };
    // A register's move with 4 or more lanes runs as `uop::Uop::Mov`.
    let s = src(w, i, 1, env)?;
    for l in lanes(super::bits::active(exec, *uniform)) {
        let v = get(w, s.0, l);
        write_dst(w, i, 0, l, v, *uniform)?;
    }
    Ok(())
}

/// `CS2R (64-bit)`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn cs2r64(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::S2r { .. } = &i.op else { return Err(bad(i, "operation")) };
    // The 64-bit CS2R: the zero register (CS2R Rd, SRZ clears a
    // pair), and the 64-bit clocks from their low register
    // (`clock64()`, `%globaltimer`): the pair is the clock S2R reads
    // in two halves (instructions run so far: monotonic and
    // deterministic). Read from SR_CLOCKHI or SR_GLOBALTIMERHI, the
    // pair's high word would be the register after it: not modelled.
    use crate::special::Sr;
    let d = match *i.src(0) {
        Operand::Reg(d, _) => d,
        _ => return Err(bad(i, "64-bit CS2R destination")),
    };
    let v = match *i.src(1) {
        Operand::Special(255) => 0,
        Operand::Special(sr) => match crate::special::known(sr) {
            Some(Sr::ClockLo | Sr::GlobalTimerLo) => env.clock,
            _ => return Err(bad(i, "64-bit CS2R of this register")),
        },
        _ => return Err(bad(i, "64-bit CS2R of this register")),
    };
    for l in lanes(exec) {
        w.set_r64(d, l, v);
    }
    Ok(())
}

/// `S2R`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn s2r(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::S2r { uniform, .. } = &i.op else { return Err(bad(i, "operation")) };
    let Operand::Special(sr) = *i.src(1) else { return Err(bad(i, "special register")) };
    // The thread and block indices with 4 or more lanes run as `uop::Uop::S2r`.
    for l in lanes(super::bits::active(exec, *uniform)) {
        let v = special(w, env, sr, l).ok_or_else(|| bad(i, "this special register"))?;
        write_dst(w, i, 0, l, v, *uniform)?;
    }
    Ok(())
}

/// `R2UR`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn r2ur(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    // The first active lane's value (the compiler only emits R2UR
    // for warp-uniform values).
    let s = src(w, i, 1, env)?;
    for l in lanes(exec & exec.wrapping_neg()) {
        let v = get(w, s.0, l);
        write_dst(w, i, 0, l, v, true)?;
    }
    Ok(())
}

/// `ULDC`: one arm of [`exec`], out of line so that `exec` stays a small dispatcher.
#[inline(never)]
fn uldc(w: &mut Warp, i: &Instr, _exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let Op::Uldc { size } = &i.op else { return Err(bad(i, "operation")) };
    let Operand::CBuf(c, _) = *i.src(1) else { return Err(bad(i, "constant")) };
    let d = match *i.src(0) {
        Operand::UReg(r, _) => r,
        _ => return Err(bad(i, "destination")),
    };
    // Sub-word constants come from their aligned word.
    let aligned = CBuf { offset: c.offset & !3, ..c };
    let lo = read_const(w, env, &aligned, 0, i.pc)?;
    let shift = (c.offset & 3) as u32 * 8;
    let v = match size.bytes() {
        1 => {
            let b = (lo >> shift) & 0xff;
            if size.signed() {
                b as u8 as i8 as i32 as u32
            } else {
                b
            }
        }
        2 => {
            let b = (lo >> shift) & 0xffff;
            if size.signed() {
                b as u16 as i16 as i32 as u32
            } else {
                b
            }
        }
        _ => lo,
    };
    w.set_ur(d, v);
    if size.bytes() == 8 {
        let hi = read_const(w, env, &c, 4, i.pc)?;
        w.set_ur(d.saturating_add(1), hi);
    }
    Ok(())
}

/// Write operand `n` (a register or uniform register) of `lane`.
#[inline]
pub(crate) fn write_dst(w: &mut Warp, i: &Instr, n: usize, lane: usize, v: u32, uniform: bool) -> Result<(), Fault> {
    match *i.src(n) {
        Operand::Reg(r, _) => {
            w.set_r(r, lane, v);
            Ok(())
        }
        // Only uniform operations name a uniform destination.
        Operand::UReg(r, _) => {
            let _ = uniform;
            w.set_ur(r, v);
            Ok(())
        }
        _ => Err(bad(i, "destination")),
    }
}

fn set_pred_out(w: &mut Warp, p: Pred, exec: u32, value: u32, uniform: bool) {
    if uniform {
        w.set_pred(Pred::up(p.index, false), u32::MAX, if value & exec != 0 { u32::MAX } else { 0 });
    } else {
        w.set_pred(Pred::p(p.index, false), exec, value);
    }
}

#[inline(never)]
fn iadd3(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, x: bool, uniform: bool) -> Result<(), Fault> {
    let (a, b, c) = (src(w, i, 3, env)?, src(w, i, 4, env)?, src(w, i, 5, env)?);
    let (cin0, cin1) = (w.pred_mask(pred_of(i, 6)), w.pred_mask(pred_of(i, 7)));
    let term = |w: &Warp, s: (S, SrcMods), l: usize| -> u64 {
        let v = get(w, s.0, l);
        // -x is ~x + 1 in the 34-bit sum, so the carries of a subtraction are right.
        if s.1.neg {
            u64::from(!v) + 1
        } else if s.1.not {
            u64::from(!v)
        } else {
            u64::from(v)
        }
    };
    if let (true, false, Operand::Reg(d, _)) = (dense(env, exec), uniform, *i.src(0)) {
        // The whole warp at once (the same sum, lane by lane).
        // With no carry read or written and sources it takes,
        // `uop::Uop::IAdd3` runs it: here a carry is read or written, or a
        // source is one the prepared form does not take.
        let (ta, tb, tc) = (term_row(w, a), term_row(w, b), term_row(w, c));
        let cin = if x { [cin0, cin1] } else { [0, 0] };
        let sum: [u64; 32] = gen32(|l| ta[l] + tb[l] + tc[l] + u64::from(cin[0] >> l & 1) + u64::from(cin[1] >> l & 1));
        w.set_row(d, exec, &map32(&sum, |s| s as u32));
        // The carry out as a count (see below).
        set_pred_out(w, pred_of(i, 1), exec, mask_where(|l| sum[l] >= 1 << 32), false);
        set_pred_out(w, pred_of(i, 2), exec, mask_where(|l| sum[l] >= 2 << 32), false);
        return Ok(());
    }
    let (mut p0, mut p1) = (0u32, 0u32);
    for l in lanes(super::bits::active(exec, uniform)) {
        let mut s = term(w, a, l) + term(w, b, l) + term(w, c, l);
        if x {
            s += u64::from(cin0 >> l & 1) + u64::from(cin1 >> l & 1);
        }
        // The carry out (0 to 3) is a count, not a binary number: the first
        // predicate says it is at least 1, the second at least 2, so that
        // IADD3.X adding both back (each weighs 1) carries a sum of three
        // words whole. (Read as bits 32 and 33, a carry of 2 lost its 1.)
        if s >= 1 << 32 {
            p0 |= 1 << l;
        }
        if s >= 2 << 32 {
            p1 |= 1 << l;
        }
        write_dst(w, i, 0, l, s as u32, uniform)?;
    }
    set_pred_out(w, pred_of(i, 1), exec, p0, uniform);
    set_pred_out(w, pred_of(i, 2), exec, p1, uniform);
    Ok(())
}

#[inline(never)]
fn imad(w: &mut Warp, i: &Instr, exec: u32, env: &Env<'_>, kind: ImadKind, signed: bool, x: bool) -> Result<(), Fault> {
    let (a, b, c) = (int_src(w, i, 2, env)?, int_src(w, i, 3, env)?, src(w, i, 4, env)?);
    // UIMAD writes a uniform register (pair): once, from the lowest lane.
    let ud = match *i.src(0) {
        Operand::UReg(r, _) => Some(r),
        _ => None,
    };
    let d = if ud.is_some() { RZ } else { dst_reg(i, 0)? };
    let set32 = |w: &mut Warp, l: usize, v: u32| match ud {
        Some(r) => w.set_ur(r, v),
        None => w.set_r(d, l, v),
    };
    let set64 = |w: &mut Warp, l: usize, v: u64| match ud {
        Some(r) => {
            w.set_ur(r, v as u32);
            w.set_ur(r.saturating_add(1), (v >> 32) as u32);
        }
        None => w.set_r64(d, l, v),
    };
    let cin = w.pred_mask(pred_of(i, 5));
    // A wide multiply-add's addend is 64 bits: a register pair, a uniform
    // pair or two constant words.
    let c64 = match (kind, *i.src(4)) {
        (ImadKind::Wide | ImadKind::Hi, Operand::CBuf(cb, _)) => {
            Some(u64::from(read_const(w, env, &cb, 0, i.pc)?) | u64::from(read_const(w, env, &cb, 4, i.pc)?) << 32)
        }
        (ImadKind::Wide | ImadKind::Hi, Operand::UReg(r, _)) => {
            Some(u64::from(w.ur(r)) | u64::from(w.ur(r.saturating_add(1))) << 32)
        }
        _ => None,
    };
    if dense(env, exec) && ud.is_none() && matches!(kind, ImadKind::Lo | ImadKind::Wide) {
        // The whole warp at once (the same arithmetic as below, lane by lane).
        // The forms with no carry and plain sources run as `uop::Uop`s
        // (`ImadLo`, `ImadWide`); what comes here reads or writes a carry,
        // applies `-` or `~`, or has a source they do not take.
        let (av, bv, cv) = (int_row(w, a), int_row(w, b), row_of(w, c.0));
        let ci: [u64; 32] = if x { gen32(|l| u64::from(cin >> l & 1)) } else { [0; 32] };
        if kind == ImadKind::Lo {
            let cterm = term_row(w, c);
            let s: [u64; 32] = gen32(|l| u64::from(av[l].wrapping_mul(bv[l])) + cterm[l] + ci[l]);
            w.set_row(d, exec, &map32(&s, |s| s as u32));
            set_pred_out(w, pred_of(i, 1), exec, mask_where(|l| s[l] >> 32 != 0), false);
            return Ok(());
        }
        let chi = match c.0 {
            S::R(r) => w.row(r.saturating_add(1)),
            S::V(_) => [0; 32],
        };
        let s: [u128; 32] = gen32(|l| {
            let p = if signed {
                ((av[l] as i32 as i64) * (bv[l] as i32 as i64)) as u64
            } else {
                u64::from(av[l]) * u64::from(bv[l])
            };
            let c64 = match (c64, c.0) {
                (Some(v), _) => v,
                (None, S::R(_)) => u64::from(cv[l]) | u64::from(chi[l]) << 32,
                (None, S::V(v)) if signed => v as i32 as i64 as u64,
                (None, S::V(v)) => u64::from(v),
            };
            // `-c` as `~c + 1` in the 65-bit sum, as below (negating 0 carries).
            let c128 = if c.1.neg {
                u128::from(!c64) + 1
            } else if c.1.not {
                u128::from(!c64)
            } else {
                u128::from(c64)
            };
            u128::from(p) + c128 + u128::from(ci[l])
        });
        w.set_row(d, exec, &map32(&s, |s| s as u32));
        if d != RZ {
            w.set_row(d.saturating_add(1), exec, &map32(&s, |s| (s >> 32) as u32));
        }
        set_pred_out(w, pred_of(i, 1), exec, mask_where(|l| s[l] >> 64 != 0), false);
        return Ok(());
    }
    let mut carry = 0u32;
    for l in lanes(super::bits::active(exec, ud.is_some())) {
        let (av, bv) = (int_val(w, a, l), int_val(w, b, l));
        let cv = get(w, c.0, l);
        let (cneg, cnot) = (c.1.neg, c.1.not);
        // The 64-bit addend of .HI and .WIDE with its `-` or `~` applied,
        // in the 65-bit sum: -c is ~c + 1, so that a subtraction carries
        // (does not borrow) when c is 0 (`IMAD.WIDE R2, P0, R5, R18, -R8`,
        // ptxas's `mul.wide` + `sub.cc.u64`: 2^64 - 0, not 0, which lost the
        // carry the following `IADD3.X` reads and borrowed one too many).
        let addend = |v: u64| -> u128 {
            if cneg {
                u128::from(!v) + 1
            } else if cnot {
                u128::from(!v)
            } else {
                u128::from(v)
            }
        };
        let ci = u64::from(x && cin >> l & 1 == 1);
        match kind {
            ImadKind::Lo => {
                let cterm = if cneg {
                    u64::from(!cv) + 1
                } else if cnot {
                    u64::from(!cv)
                } else {
                    u64::from(cv)
                };
                let s = u64::from(av.wrapping_mul(bv)) + cterm + ci;
                if s >> 32 != 0 {
                    carry |= 1 << l;
                }
                set32(w, l, s as u32);
            }
            ImadKind::Hi => {
                // The high word of the 64-bit `a*b + c`, with `c` a register
                // pair (the compiler's Newton steps put x0 in c's high word).
                let p = if signed {
                    ((av as i32 as i64) * (bv as i32 as i64)) as u64
                } else {
                    u64::from(av) * u64::from(bv)
                };
                let c64 = match (c64, c.0) {
                    (Some(v), _) => v,
                    (None, S::R(r)) => w.r64(r, l),
                    (None, S::V(v)) => u64::from(v),
                };
                let c64 = addend(c64);
                // `.X`'s carry-in is bit 0 of the 64-bit sum (ptxas's
                // `mul.hi.u64` keeps only the top word with `IMAD.HI.U32.X
                // d, ah, bh, {mid_hi}, P`, P the carry of the middle words
                // into bit 64 of the product); it was added at bit 32, so
                // the top word was one too large whenever P was set.
                let s = u128::from(p) + c64 + u128::from(ci);
                if s >> 64 != 0 {
                    carry |= 1 << l;
                }
                set32(w, l, (s >> 32) as u32);
            }
            ImadKind::Wide => {
                let p = if signed {
                    ((av as i32 as i64) * (bv as i32 as i64)) as u64
                } else {
                    u64::from(av) * u64::from(bv)
                };
                let c64 = match c64 {
                    Some(v) => v,
                    None => match c.0 {
                        S::R(r) => w.r64(r, l),
                        S::V(v) => {
                            if signed {
                                v as i32 as i64 as u64
                            } else {
                                u64::from(v)
                            }
                        }
                    },
                };
                let c64 = addend(c64);
                let s = u128::from(p) + c64 + u128::from(ci);
                if s >> 64 != 0 {
                    carry |= 1 << l;
                }
                set64(w, l, s as u64);
            }
        }
    }
    set_pred_out(w, pred_of(i, 1), exec, carry, ud.is_some());
    Ok(())
}

/// A special register's value for `lane`.
fn special(w: &Warp, env: &Env<'_>, sr: u16, lane: usize) -> Option<u32> {
    special_of(w, env, crate::special::known(sr)?, lane)
}

/// A special register the table names, for `lane`.
#[inline]
fn special_of(w: &Warp, env: &Env<'_>, sr: crate::special::Sr, lane: usize) -> Option<u32> {
    use crate::special::Sr;
    let block = env.cfg.block;
    let t = w.id * 32 + lane as u32;
    let tid = [t % block[0], (t / block[0]) % block[1], t / (block[0] * block[1])];
    Some(match sr {
        Sr::LaneId => lane as u32,
        Sr::TidX => tid[0],
        Sr::TidY => tid[1],
        Sr::TidZ => tid[2],
        Sr::Tid => tid[0] | tid[1] << 16 | tid[2] << 26,
        Sr::CtaIdX => env.ctaid[0],
        Sr::CtaIdY => env.ctaid[1],
        Sr::CtaIdZ => env.ctaid[2],
        Sr::EqMask => 1 << lane,
        Sr::LtMask => (1u32 << lane) - 1,
        Sr::LeMask => ((1u64 << (lane + 1)) - 1) as u32,
        Sr::GtMask => !(((1u64 << (lane + 1)) - 1) as u32),
        Sr::GeMask => !((1u32 << lane) - 1),
        Sr::VirtualSmId | Sr::VirtId => 0,
        Sr::SWinLo => env.cfg.shared_window as u32,
        Sr::SWinHi => (env.cfg.shared_window >> 32) as u32,
        Sr::LWinLo => env.cfg.local_window as u32,
        Sr::LWinHi => (env.cfg.local_window >> 32) as u32,
        Sr::SWinSz | Sr::LWinSz => super::WINDOW_SIZE as u32,
        Sr::SMemSz => env.cfg.shared_memory,
        // The high part (`SHADER_LOCAL_MEMORY_HIGH_SIZE`) ends the thread's
        // 16 MiB local space; with none bound, nothing is below the top.
        Sr::LMemHiOff => (1u32 << 24) - env.cfg.local_memory.map_or(0, |m| m.high.min(1 << 24)),
        Sr::Zero => 0,
        // The clocks count executed instructions: monotonic and deterministic.
        Sr::Clock | Sr::ClockLo | Sr::GlobalTimerLo => env.clock as u32,
        Sr::ClockHi | Sr::GlobalTimerHi => (env.clock >> 32) as u32,
        Sr::VirtCfg | Sr::NTid => return None,
    })
}

/// Read `cx[URn][off]`: a bindless constant buffer, whose 64-bit handle is
/// the uniform pair URn:URn+1: the buffer's address / 16 in bits 0..45 and
/// its size / 16 in bits 45..64 (the handle Turing to Ada read, as Mesa's
/// NVK builds it for them: `nvk_bindless_cbuf`). Zero past the size, as a
/// bound bank reads; a fault where the memory faults. An odd URn (not a
/// pair) is a fault rather than a guess.
fn read_bindless(w: &Warp, env: &Env<'_>, u: u8, off: i64, pc: u64) -> Result<u32, Fault> {
    if u % 2 == 1 && u != crate::operand::URZ {
        return Err(Fault::Control(format!("cx[UR{u}]: a handle in an odd uniform register (instruction at {pc:#x})")));
    }
    // URZ: a zero handle, a buffer of no bytes.
    let handle = if u == crate::operand::URZ { 0 } else { u64::from(w.ur(u)) | u64::from(w.ur(u + 1)) << 32 };
    let base = (handle & ((1 << 45) - 1)) << 4;
    let size = (handle >> 45) << 4;
    if off < 0 || off as u64 + 4 > size {
        return Ok(0);
    }
    let mut b = [0u8; 4];
    env.mem.read(base + off as u64, &mut b).map_err(|va| Fault::Mmu { va, write: false, pc })?;
    Ok(u32::from_le_bytes(b))
}

#[cfg(test)]
mod tests {
    use super::{lut3, mask_where, Funnel};

    #[test]
    fn a_lane_mask_from_conditions_is_the_mask_of_the_lanes_where_they_hold() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Random masks, and every single lane and its complement.
            let m = if k < 64 { (1u32 << (k % 32)) ^ if k >= 32 { u32::MAX } else { 0 } } else { x as u32 };
            assert_eq!(mask_where(|l| m >> l & 1 == 1), m, "{m:#x}");
        }
        assert_eq!(mask_where(|_| true), u32::MAX);
        assert_eq!(mask_where(|_| false), 0);
    }

    /// The table's definition: the OR of its minterms.
    fn by_minterms(lut: u32, a: u32, b: u32, c: u32) -> u32 {
        let mut r = 0;
        for k in 0..8 {
            if lut >> k & 1 == 1 {
                let x = if k & 4 != 0 { a } else { !a };
                let y = if k & 2 != 0 { b } else { !b };
                let z = if k & 1 != 0 { c } else { !c };
                r |= x & y & z;
            }
        }
        r
    }

    #[test]
    fn the_funnel_shift_in_64_bits_equals_the_128_bit_definition() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for k in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (lo, hiw) = (x as u32, (x >> 32) as u32);
            // Every amount up to 70 (clamped or wrapped), and any.
            let s = if k % 2 == 0 { k / 2 % 71 } else { (x >> 20) as u32 };
            let f =
                Funnel { left: k & 4 != 0, wrap: k & 8 != 0, wide: k & 16 != 0, signed: k & 32 != 0, hi: k & 64 != 0 };
            let max = if f.wide { 64 } else { 32 };
            let amount = if f.wrap { s & (max - 1) } else { s.min(max) };
            let v = (u128::from(hiw) << 32) | u128::from(lo);
            let r = if f.left {
                v << amount
            } else if f.signed {
                (((v as u64 as i64) as i128) >> amount) as u128
            } else {
                v >> amount
            };
            let want = if f.hi { (r >> 32) as u32 } else { r as u32 };
            assert_eq!(
                f.shift(lo, s, hiw),
                want,
                "{lo:#x} {hiw:#x} by {s} {:?}",
                (f.left, f.wrap, f.wide, f.signed, f.hi)
            );
            // The warp's rows shifted by one amount: lane by lane the same.
            if k % 7 == 0 {
                let lanes = |seed: u64| std::array::from_fn(|l| (seed.rotate_left(l as u32 * 7) ^ l as u64) as u32);
                let (los, his) = (lanes(x), lanes(x.rotate_left(29)));
                let rows = f.rows(&los, s, &his);
                for l in 0..32 {
                    assert_eq!(rows[l], f.shift(los[l], s, his[l]), "lane {l} by {s}");
                }
            }
        }
    }

    #[test]
    fn lut3_is_the_or_of_its_minterms_for_every_table() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for lut in 0..256 {
            for _ in 0..16 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let (a, b, c) = (x as u32, (x >> 32) as u32, (x >> 16) as u32 ^ 0x5a5a_a5a5);
                assert_eq!(lut3(lut, a, b, c), by_minterms(lut, a, b, c), "lut {lut:#x}");
            }
            // The three inputs' own tables.
            assert_eq!(lut3(0xf0, 1, 2, 4), 1);
            assert_eq!(lut3(0xcc, 1, 2, 4), 2);
            assert_eq!(lut3(0xaa, 1, 2, 4), 4);
        }
    }
}
