//! The commonest instruction forms, prepared once at decode for the
//! whole-warp path.
//!
//! Compiled code spends most of its instructions on a few forms: index
//! arithmetic (`IMAD`, `IMAD.WIDE`, `IADD3` with no carries), moves,
//! `S2R` of the thread and block indices, `ISETP`, `FFMA` in
//! round-to-nearest, whole-word loads and stores, and (in every kernel's
//! prologue) `BMOV`s between barrier registers. Run through their general
//! code, each first works out again which of its many forms it is: the
//! destination's kind, whether a carry is read or written, which source
//! modifiers apply. A [`Uop`] is that answer, worked out once when the
//! instruction is decoded
//! ([`Uop::of`], kept in the [`Instr`]): its registers and sources are
//! fields, and running it is the row arithmetic alone.
//!
//! A `Uop` runs only where the whole-warp path would
//! ([`dense`](super::alu::dense): the fast paths on, 4 or more lanes
//! executing). Otherwise, and for every form not listed here, the
//! instruction's own code runs it, lane by lane where few lanes execute:
//! the reference each `Uop` must equal bit for bit (the corpus, the random
//! programs and the PTX sweep run both paths and compare).

use super::alu::{gen32, map32, read_const, S};
use super::warp::{Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{BoolOp, Cmp, ImadKind, MemSize, Op, Rnd, Space};
use crate::operand::{Addr, AddrWidth, CBuf, Operand, Pred, Resolved, SrcMods, PT, RZ};
use crate::special::Sr;

/// A source with no modifier: a register's row, or the warp's one value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Src {
    /// A general register other than `RZ`.
    Reg(u8),
    /// One value for the warp (`RZ`, an immediate).
    Value(u32),
    /// A uniform register (`URZ` reads zero).
    UReg(u8),
    /// A constant with no index register, read when the instruction runs.
    Const(CBuf),
}

impl Src {
    /// `r` where it has no modifier that changes its value.
    fn plain(r: &Resolved) -> Option<Src> {
        let plain = |m: &SrcMods| !(m.neg || m.abs || m.not || m.sign || m.h1) && m.byte == 0;
        match r {
            Resolved::Reg(r, m) if plain(m) => Some(Src::Reg(*r)),
            Resolved::Value(v, m) if plain(m) => Some(Src::Value(*v)),
            Resolved::UReg(r, m) if plain(m) => Some(Src::UReg(*r)),
            Resolved::Const(c, m) if plain(m) && c.index == RZ => Some(Src::Const(*c)),
            _ => None,
        }
    }

    /// `r` as a term of a sum: plain, or negated (`true`: subtracted; a
    /// `~` comes only with `.X`, which no prepared form takes).
    fn term(r: &Resolved) -> Option<(Src, bool)> {
        let unneg = |m: &SrcMods| SrcMods { neg: false, ..*m };
        let (neg, r) = match *r {
            Resolved::Reg(x, m) => (m.neg, Resolved::Reg(x, unneg(&m))),
            Resolved::Value(x, m) => (m.neg, Resolved::Value(x, unneg(&m))),
            Resolved::UReg(x, m) => (m.neg, Resolved::UReg(x, unneg(&m))),
            Resolved::Const(c, m) => (m.neg, Resolved::Const(c, unneg(&m))),
            Resolved::Other => return None,
        };
        Src::plain(&r).map(|s| (s, neg))
    }

    /// The source as the row code reads it.
    #[inline(always)]
    fn read(self, w: &Warp, env: &Env<'_>, pc: u64) -> Result<S, Fault> {
        Ok(match self {
            Src::Reg(r) => S::R(r),
            Src::Value(v) => S::V(v),
            Src::UReg(r) => S::V(w.ur(r)),
            Src::Const(c) => S::V(constant(w, env, &c, 0, pc)?),
        })
    }
}

/// A constant word: from the launch's copy of its bank where there, else
/// as [`read_const`] reads it (a bindless bank, zero past the size, a fault).
#[inline(always)]
fn constant(w: &Warp, env: &Env<'_>, c: &CBuf, extra: u64, pc: u64) -> Result<u32, Fault> {
    if c.ubank.is_none() {
        if let Some(v) = env.consts.word(c.bank, (i64::from(c.offset) as u64).wrapping_add(extra)) {
            return Ok(v);
        }
    }
    read_const(w, env, c, extra, pc)
}

/// An instruction's prepared form ([`Uop::of`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Uop {
    /// None: the instruction's own code runs it.
    None,
    /// `IMAD d, a, b, c` with no carry read or written: `a * b + c` modulo 2^32.
    ImadLo { d: u8, a: Src, b: Src, c: Src },
    /// `IMAD.WIDE[.U32] d, a, b, c` with no carry: `d:d+1 = a * b + c` modulo
    /// 2^64, `c` read as 64 bits: a register pair, a uniform pair, two
    /// constant words, or the warp's one value widened as the multiply is
    /// signed or not (only `RZ` comes as a value today: the decoder refuses
    /// the form with an immediate addend, bits 9..12 = 2, so the widening
    /// is the definition kept for it, not yet reachable).
    ImadWide { d: u8, signed: bool, a: Src, b: Src, c: Src },
    /// `IADD3 d, a, b, c` with no carry read or written, each term added or
    /// (`neg`) subtracted: the sum modulo 2^32.
    IAdd3 { d: u8, terms: [(Src, bool); 3] },
    /// `LOP3.LUT d, a, b, c, lut` writing no predicate.
    Lop3 { d: u8, a: Src, b: Src, c: Src, lut: u8 },
    /// `SHF d, lo, amount, hi` (not uniform).
    Shf { d: u8, lo: Src, amount: Src, hi: Src, f: super::alu::Funnel },
    /// `MOV d, s`.
    Mov { d: u8, s: Src },
    /// `S2R d, SR` of a register with a value per lane the launch decides.
    S2r { d: u8, sr: Sr },
    /// `ISETP.cmp.bool p, q, a, b, pc` (not `.EX`, not uniform).
    Isetp { p: u8, q: u8, cmp: Cmp, signed: bool, bool_op: BoolOp, a: Src, b: Src, pc: Pred },
    /// An instruction whose result is the same in every lane and every
    /// launch, worked out at decode: `d = v` (a paired-half operation of
    /// immediates, [`super::half::fold`]).
    Set { d: u8, v: u32 },
    /// `ULDC[.64] URd, c[bank][off]` of whole words at a bound bank: one
    /// word, or two (`wide`) into `URd:URd+1`.
    Uldc { d: u8, c: CBuf, wide: bool },
    /// `FFMA[.FTZ][.SAT] d, a, b, c` rounded to nearest, with plain sources.
    Ffma { d: u8, a: Src, b: Src, c: Src, sat: bool, ftz: bool },
    /// [`Uop::Ffma`] with three general registers (not `RZ`) and no `.FTZ`:
    /// the rows go to the row kernel as they are (the inner loop of
    /// compute code, where reading each source's kind cost more than the
    /// arithmetic).
    FfmaRows { d: u8, a: u8, b: u8, c: u8, sat: bool },
    /// `LDG`/`LDS` of whole words (4, 8 or 16 bytes a lane) into `d` on:
    /// global through a 64-bit register pair (`shared` false), or shared
    /// through a 32-bit address. The whole-warp memory paths serve the
    /// access where they can ([`super::memops::load_warp`]: consecutive
    /// pairs, a shared layout they know); any other, and every fault, goes
    /// to the instruction's own code.
    Load { d: u8, a: Addr, n: u8, shared: bool },
    /// `STG` of whole words from `s` on through a 64-bit register pair, as
    /// [`Uop::Load`] ([`super::memops::store_warp`]).
    Store { s: u8, a: Addr, n: u8 },
    /// `BMOV.32[.CLEAR] Bd, Bs|imm`: a convergence barrier register (one
    /// mask for the warp) set from another, which `.CLEAR` then clears, or
    /// from an immediate. Compiled code saves and clears all sixteen this
    /// way in a kernel's prologue.
    BarMove { d: u8, from: BarSource },
}

/// Where [`Uop::BarMove`] takes its mask from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum BarSource {
    /// Barrier register `s`, cleared after the move with `.CLEAR`.
    Bar { s: u8, clear: bool },
    /// An immediate mask.
    Value(u32),
}

impl Uop {
    /// The prepared form of an instruction with these parts, if it has one.
    pub(crate) fn of(op: &Op, operands: &[Operand], resolved: &[Resolved]) -> Uop {
        let reg = |n: usize| match operands.get(n) {
            Some(Operand::Reg(r, _)) => Some(*r),
            _ => None,
        };
        // No predicate written (or read) there: `PT`, or no predicate operand.
        let no_pred = |n: usize| match operands.get(n) {
            Some(Operand::Pred(p)) => p.index == PT,
            _ => true,
        };
        let src = |n: usize| resolved.get(n).and_then(Src::plain);
        let prepared = match *op {
            Op::Imad { kind: ImadKind::Lo, x: false, uniform: false, .. } if no_pred(1) => {
                (|| Some(Uop::ImadLo { d: reg(0)?, a: src(2)?, b: src(3)?, c: src(4)? }))()
            }
            Op::Imad { kind: ImadKind::Wide, x: false, uniform: false, signed, .. } if no_pred(1) => {
                (|| Some(Uop::ImadWide { d: reg(0)?, signed, a: src(2)?, b: src(3)?, c: src(4)? }))()
            }
            Op::IAdd3 { x: false, uniform: false } if no_pred(1) && no_pred(2) => (|| {
                let term = |n: usize| Src::term(resolved.get(n)?);
                Some(Uop::IAdd3 { d: reg(0)?, terms: [term(3)?, term(4)?, term(5)?] })
            })(),
            Op::Lop3 { pand: false, uniform: false } if no_pred(0) => (|| {
                let Some(Operand::Hex(lut)) = operands.get(5) else { return None };
                let lut = u8::try_from(*lut).ok()?;
                Some(Uop::Lop3 { d: reg(1)?, a: src(2)?, b: src(3)?, c: src(4)?, lut })
            })(),
            Op::Shf { left, wrap, ty, hi, uniform: false } => (|| {
                let f = super::alu::Funnel::of(left, wrap, ty, hi);
                Some(Uop::Shf { d: reg(0)?, lo: src(1)?, amount: src(2)?, hi: src(3)?, f })
            })(),
            Op::Mov { uniform: false } => (|| Some(Uop::Mov { d: reg(0)?, s: src(1)? }))(),
            Op::S2r { uniform: false, cs64: None } => (|| {
                let Some(Operand::Special(sr)) = operands.get(1) else { return None };
                let sr = crate::special::known(*sr)?;
                let per_launch = matches!(
                    sr,
                    Sr::LaneId | Sr::CtaIdX | Sr::CtaIdY | Sr::CtaIdZ | Sr::TidX | Sr::TidY | Sr::TidZ | Sr::Tid
                );
                per_launch.then_some(Uop::S2r { d: reg(0)?, sr })
            })(),
            Op::Isetp { cmp, signed, bool_op, ex: false, uniform: false } => (|| {
                let pred = |n: usize| match operands.get(n) {
                    Some(Operand::Pred(p)) if !p.uniform && !p.not => Some(p.index),
                    _ => None,
                };
                let pc = match operands.get(4) {
                    Some(Operand::Pred(p)) => *p,
                    _ => return None,
                };
                Some(Uop::Isetp { p: pred(0)?, q: pred(1)?, cmp, signed, bool_op, a: src(2)?, b: src(3)?, pc })
            })(),
            Op::Ffma { ftz, sat, rnd: Rnd::Rn } => (|| {
                Some(match (reg(0)?, src(1)?, src(2)?, src(3)?) {
                    (d, Src::Reg(a), Src::Reg(b), Src::Reg(c)) if !ftz => Uop::FfmaRows { d, a, b, c, sat },
                    (d, a, b, c) => Uop::Ffma { d, a, b, c, sat, ftz },
                })
            })(),
            Op::Uldc { size: size @ (crate::op::MemSize::B32 | crate::op::MemSize::B64) } => match operands {
                [Operand::UReg(d, _), Operand::CBuf(c, _), ..] if c.ubank.is_none() && c.offset % 4 == 0 => {
                    Some(Uop::Uldc { d: *d, c: *c, wide: size == crate::op::MemSize::B64 })
                }
                _ => None,
            },
            Op::Half2 { .. } => (|| Some(Uop::Set { d: reg(0)?, v: super::half::fold(op, operands)? }))(),
            Op::Ld { space: space @ (Space::Global | Space::Shared), size, .. } => match operands {
                [Operand::Reg(d, _), Operand::Mem(a), ..] if whole_words(size) && addressing(a, space) => {
                    Some(Uop::Load { d: *d, a: *a, n: size.bytes() as u8, shared: space == Space::Shared })
                }
                _ => None,
            },
            Op::St { space: Space::Global, size, .. } => match operands {
                [Operand::Mem(a), Operand::Reg(s, _), ..] if whole_words(size) && addressing(a, Space::Global) => {
                    Some(Uop::Store { s: *s, a: *a, n: size.bytes() as u8 })
                }
                _ => None,
            },
            Op::Bmov { clear, to_barrier: true } => match operands {
                [Operand::BarReg(d), Operand::BarReg(s), ..] => {
                    Some(Uop::BarMove { d: d & 15, from: BarSource::Bar { s: s & 15, clear } })
                }
                [Operand::BarReg(d), Operand::Hex(v), ..] if !clear => {
                    u32::try_from(*v).ok().map(|v| Uop::BarMove { d: d & 15, from: BarSource::Value(v) })
                }
                _ => None,
            },
            _ => None,
        };
        prepared.unwrap_or(Uop::None)
    }
}

/// A load or store of 4, 8 or 16 bytes a lane ([`Uop::Load`], [`Uop::Store`]).
fn whole_words(size: MemSize) -> bool {
    matches!(size, MemSize::B32 | MemSize::B64 | MemSize::B128)
}

/// The address forms the whole-warp memory paths take: a 64-bit register
/// pair for global memory, a 32-bit address for shared.
fn addressing(a: &Addr, space: Space) -> bool {
    let pair = matches!(a.width, AddrWidth::W64 | AddrWidth::W64Unmarked);
    match space {
        Space::Global => pair,
        _ => !pair && a.width != AddrWidth::U32,
    }
}

/// Run `i`'s prepared form ([`Instr::uop`], not [`Uop::None`]) for the
/// lanes of `exec`, which the whole-warp path takes ([`super::alu::dense`]).
///
/// The forms that are a few stores run here, in the caller's loop; the
/// others in [`run_rows`], whose entry and exit (a large frame, six saved
/// registers) cost more than these forms' work.
#[inline(always)]
pub(crate) fn run(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match i.uop {
        Uop::Set { d, v } => w.set_row(d, exec, &[v; 32]),
        Uop::BarMove { d, from } => match from {
            BarSource::Bar { s, clear } => {
                w.bars[usize::from(d)] = w.bars[usize::from(s)];
                if clear {
                    w.bars[usize::from(s)] = 0;
                }
            }
            BarSource::Value(v) => w.bars[usize::from(d)] = v,
        },
        _ => return run_rows(w, i, exec, env),
    }
    Ok(())
}

/// [`run`] for the forms that compute rows.
#[inline(never)]
fn run_rows(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    let pc = i.pc;
    match i.uop {
        Uop::None | Uop::Set { .. } | Uop::BarMove { .. } => return Err(super::warp::bad(i, "no row form")),
        Uop::ImadLo { d, a, b, c } => {
            let (a, b, c) = (a.read(w, env, pc)?, b.read(w, env, pc)?, c.read(w, env, pc)?);
            // A factor that is the warp's one value (`IMAD.MOV`, `IMAD.SHL`,
            // a constant stride) multiplies as a scalar.
            let out = match (a, b, c) {
                (S::V(x), S::V(y), S::V(z)) => [x.wrapping_mul(y).wrapping_add(z); 32],
                (S::V(x), S::V(y), S::R(rc)) => map32(w.row_ref(rc), |v| x.wrapping_mul(y).wrapping_add(v)),
                (S::R(r), S::V(k), S::V(z)) | (S::V(k), S::R(r), S::V(z)) => {
                    map32(w.row_ref(r), |v| v.wrapping_mul(k).wrapping_add(z))
                }
                (S::R(r), S::V(k), S::R(rc)) | (S::V(k), S::R(r), S::R(rc)) => {
                    let (av, cv) = (w.row_ref(r), w.row_ref(rc));
                    gen32(|l| av[l].wrapping_mul(k).wrapping_add(cv[l]))
                }
                (S::R(ra), S::R(rb), c) => {
                    let tc;
                    let (av, bv, cv) = (w.row_ref(ra), w.row_ref(rb), super::alu::row_in!(w, c, tc));
                    gen32(|l| av[l].wrapping_mul(bv[l]).wrapping_add(cv[l]))
                }
            };
            w.set_row(d, exec, &out);
        }
        Uop::ImadWide { d, signed, a, b, c } => {
            let (a, b) = (a.read(w, env, pc)?, b.read(w, env, pc)?);
            let addend = match c {
                Src::Reg(r) => Addend::Pair(r),
                Src::Value(v) if signed => Addend::Value(v as i32 as i64 as u64),
                Src::Value(v) => Addend::Value(u64::from(v)),
                Src::UReg(r) => Addend::Value(u64::from(w.ur(r)) | u64::from(w.ur(r.saturating_add(1))) << 32),
                Src::Const(cb) => Addend::Value(
                    u64::from(constant(w, env, &cb, 0, pc)?) | u64::from(constant(w, env, &cb, 4, pc)?) << 32,
                ),
            };
            let (ta, tb);
            let (av, bv) = (super::alu::row_in!(w, a, ta), super::alu::row_in!(w, b, tb));
            let (lo, hi) = match addend {
                Addend::Pair(r) => {
                    super::host::mad_wide_rows(av, bv, w.row_ref(r), w.row_ref(r.saturating_add(1)), signed)
                }
                Addend::Value(v) => {
                    super::host::mad_wide_rows(av, bv, &[v as u32; 32], &[(v >> 32) as u32; 32], signed)
                }
            };
            w.set_row(d, exec, &lo);
            if d != RZ {
                w.set_row(d.saturating_add(1), exec, &hi);
            }
        }
        Uop::IAdd3 { d, terms } => {
            // The warp's values are summed once; each register row is added
            // (or subtracted) where it is, with no copy.
            let mut k = 0u32;
            let mut rows: [(u8, bool); 3] = [(RZ, false); 3];
            let mut n = 0;
            for (s, neg) in terms {
                match s.read(w, env, pc)? {
                    S::V(v) => k = if neg { k.wrapping_sub(v) } else { k.wrapping_add(v) },
                    S::R(r) => {
                        rows[n] = (r, neg);
                        n += 1;
                    }
                }
            }
            let mut out = [k; 32];
            for &(r, neg) in &rows[..n] {
                let row = w.row_ref(r);
                if neg {
                    for (o, v) in out.iter_mut().zip(row) {
                        *o = o.wrapping_sub(*v);
                    }
                } else {
                    for (o, v) in out.iter_mut().zip(row) {
                        *o = o.wrapping_add(*v);
                    }
                }
            }
            w.set_row(d, exec, &out);
        }
        Uop::Lop3 { d, a, b, c, lut } => {
            let (a, b, c) = (a.read(w, env, pc)?, b.read(w, env, pc)?, c.read(w, env, pc)?);
            let (ta, tb, tc);
            let rows = (super::alu::row_in!(w, a, ta), super::alu::row_in!(w, b, tb), super::alu::row_in!(w, c, tc));
            let out = super::alu::Lut3::new(u32::from(lut)).rows(rows.0, rows.1, rows.2);
            w.set_row(d, exec, &out);
        }
        Uop::Shf { d, lo, amount, hi, f } => {
            let (lo, amount, hi) = (lo.read(w, env, pc)?, amount.read(w, env, pc)?, hi.read(w, env, pc)?);
            let (tl, th);
            let out = f.warp(w, super::alu::row_in!(w, lo, tl), amount, super::alu::row_in!(w, hi, th));
            w.set_row(d, exec, &out);
        }
        Uop::Mov { d, s } => {
            let v = match s.read(w, env, pc)? {
                S::R(r) => w.row(r),
                S::V(v) => [v; 32],
            };
            w.set_row(d, exec, &v);
        }
        Uop::Load { d, a, n, shared } => {
            if !super::memops::load_warp(w, env, &a, shared, exec, usize::from(n), d) {
                return super::memops::exec(w, i, exec, env);
            }
        }
        Uop::Store { s, a, n } => {
            if !super::memops::store_warp(w, env, &a, exec, usize::from(n), s) {
                return super::memops::exec(w, i, exec, env);
            }
        }
        Uop::Uldc { d, c, wide } => {
            let lo = constant(w, env, &c, 0, pc)?;
            w.set_ur(d, lo);
            if wide {
                let hi = constant(w, env, &c, 4, pc)?;
                w.set_ur(d.saturating_add(1), hi);
            }
        }
        Uop::S2r { d, sr } => {
            let v = special_row(w, env, sr);
            w.set_row(d, exec, &v);
        }
        Uop::Isetp { p, q, cmp, signed, bool_op, a, b, pc: pin } => {
            let (a, b) = (a.read(w, env, pc)?, b.read(w, env, pc)?);
            let pc_mask = w.pred_mask(pin);
            let (tx, ty);
            let (xs, ys) = (super::alu::row_in!(w, a, tx), super::alu::row_in!(w, b, ty));
            let r = compare(xs, ys, cmp, signed, None);
            w.set_pred(Pred::p(p, false), exec, bool_op.eval_mask(r, pc_mask));
            w.set_pred(Pred::p(q, false), exec, bool_op.eval_mask(!r, pc_mask));
        }
        Uop::FfmaRows { d, a, b, c, sat } => {
            let out = super::host::ffma_rn_rows(w.row_ref(a), w.row_ref(b), w.row_ref(c), sat, false);
            w.set_row(d, exec, &out);
        }
        Uop::Ffma { d, a, b, c, sat, ftz } => {
            // A value among the sources, or `.FTZ` (three registers without
            // it are `Uop::FfmaRows`): the rows are copied, flushed where
            // `.FTZ` says.
            let (a, b, c) = (a.read(w, env, pc)?, b.read(w, env, pc)?, c.read(w, env, pc)?);
            let row = |s: S| {
                let v = match s {
                    S::R(r) => w.row(r),
                    S::V(v) => [v; 32],
                };
                if ftz {
                    map32(&v, super::float_ops::ftz)
                } else {
                    v
                }
            };
            let out = super::host::ffma_rn_rows(&row(a), &row(b), &row(c), sat, ftz);
            w.set_row(d, exec, &out);
        }
    }
    Ok(())
}

/// A wide multiply-add's 64-bit addend.
#[derive(Clone, Copy)]
enum Addend {
    /// The register pair `r:r+1`.
    Pair(u8),
    /// The warp's one value.
    Value(u64),
}

/// `ISETP`'s comparison of the whole warp, as a lane mask: the lanes less
/// and equal as masks of lane compares, combined as `cmp` takes each
/// ordering; with `.EX` (`ex`: the low words' result), equal high words
/// take the low words' result.
#[inline(always)]
pub(crate) fn compare(xs: &[u32; 32], ys: &[u32; 32], cmp: Cmp, signed: bool, ex: Option<u32>) -> u32 {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let (less, equal) = super::host::compare_masks(xs, ys, signed);
    let greater = !(less | equal);
    let when = |ord, m: u32| if cmp.eval(ord) { m } else { 0 };
    let on_equal = match ex {
        Some(pex) => equal & pex,
        None => when(Equal, equal),
    };
    when(Less, less) | when(Greater, greater) | on_equal
}

/// A special register's value in all 32 lanes, for the registers
/// [`Uop::S2r`] takes (the others read zero here; [`Uop::of`] never
/// prepares them).
#[inline(always)]
fn special_row(w: &Warp, env: &Env<'_>, sr: Sr) -> [u32; 32] {
    match sr {
        Sr::LaneId => gen32(|l| l as u32),
        // The same in every lane.
        Sr::CtaIdX => [env.ctaid[0]; 32],
        Sr::CtaIdY => [env.ctaid[1]; 32],
        Sr::CtaIdZ => [env.ctaid[2]; 32],
        Sr::TidX | Sr::TidY | Sr::TidZ | Sr::Tid => {
            let [bx, by, _] = env.cfg.block;
            let t0 = w.id * 32;
            let (x, y, z) = (t0 % bx, (t0 / bx) % by, t0 / (bx * by));
            if x.saturating_add(32) <= bx {
                // The warp's 32 threads in one row of the block (every
                // block of 32 or more threads across): x counts up, y and z
                // are the warp's.
                return match sr {
                    Sr::TidX => gen32(|l| x + l as u32),
                    Sr::TidY => [y; 32],
                    Sr::TidZ => [z; 32],
                    _ => gen32(|l| (x + l as u32) | y << 16 | z << 26),
                };
            }
            // The warp's thread indices, counted up from its first thread's
            // (no division per lane).
            let (mut x, mut y, mut z) = (x, y, z);
            let mut v = [0u32; 32];
            for out in &mut v {
                *out = match sr {
                    Sr::TidX => x,
                    Sr::TidY => y,
                    Sr::TidZ => z,
                    _ => x | y << 16 | z << 26,
                };
                x += 1;
                if x == bx {
                    x = 0;
                    y += 1;
                    if y == by {
                        y = 0;
                        z += 1;
                    }
                }
            }
            v
        }
        _ => [0; 32],
    }
}
