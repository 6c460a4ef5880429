//! Integer odds and ends, warp-wide operations and atomics, lane by lane
//! (float arithmetic is in `farith`, conversions in `convert`).

use super::alu::{get, pred_of, read_const, src, write_dst};
use super::warp::{bad, lanes, Env, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{AtomOp, AtomTy, Op, ShflMode, Space, VoteMode};
use crate::operand::Operand;

pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match &i.op {
        Op::Fadd { .. }
        | Op::Fmul { .. }
        | Op::Fmnmx { .. }
        | Op::Fsetp { .. }
        | Op::Fset { .. }
        | Op::Mufu { .. }
        | Op::Fchk
        | Op::Dadd { .. }
        | Op::Dmul { .. }
        | Op::Dfma { .. } => super::farith::exec(w, i, exec, env),
        Op::I2f { .. } | Op::F2i { .. } | Op::F2f { .. } | Op::Frnd { .. } | Op::F2ip { .. } => {
            super::convert::exec(w, i, exec, env)
        }
        Op::Imnmx { signed } => {
            let (a, b) = (src(w, i, 1, env)?, src(w, i, 2, env)?);
            let p = w.pred_mask(pred_of(i, 3));
            let pick = |x: u32, y: u32, min: bool| {
                let less = if *signed { (x as i32) < (y as i32) } else { x < y };
                if less == min {
                    x
                } else {
                    y
                }
            };
            if let (true, Operand::Reg(d, _)) = (super::alu::dense(env, exec), *i.src(0)) {
                let (xs, ys) = (super::alu::row_of(w, a.0), super::alu::row_of(w, b.0));
                w.set_row(d, exec, &super::alu::gen32(|l| pick(xs[l], ys[l], p >> l & 1 == 1)));
                return Ok(());
            }
            for l in lanes(exec) {
                let v = pick(get(w, a.0, l), get(w, b.0, l), p >> l & 1 == 1);
                write_dst(w, i, 0, l, v, false)?;
            }
            Ok(())
        }
        Op::Shfl { mode } => {
            let a = match *i.src(2) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "SHFL source")),
            };
            let (b, c) = (src(w, i, 3, env)?, src(w, i, 4, env)?);
            // Every lane's value before any is written (the destination may be the source).
            let vals = *w.row_ref(a);
            if let (true, Operand::Reg(d, _)) = (super::alu::dense(env, exec), *i.src(1)) {
                // The whole warp at once (the same lanes chosen), written by mask.
                let (tb, tc);
                let (bs, cs) = (super::alu::row_in!(w, b.0, tb), super::alu::row_in!(w, c.0, tc));
                let (from, valid) = shfl_sources(*mode, bs, cs);
                let out: [u32; 32] = std::array::from_fn(|l| vals[from[l] as usize & 31]);
                w.set_row(d, exec, &out);
                set_pred(w, pred_of(i, 0), exec, valid);
                return Ok(());
            }
            let mut valid = 0u32;
            for l in lanes(exec) {
                let (j, ok) = shfl_source(*mode, l as u32, get(w, b.0, l), get(w, c.0, l));
                let out = if ok { vals[j as usize] } else { vals[l] };
                if ok {
                    valid |= 1 << l;
                }
                write_dst(w, i, 1, l, out, false)?;
            }
            set_pred(w, pred_of(i, 0), exec, valid);
            Ok(())
        }
        Op::Vote { mode, uniform } => {
            let p = w.pred_mask(pred_of(i, 2)) & exec;
            let result = match mode {
                VoteMode::All => p == exec,
                VoteMode::Any => p != 0,
                VoteMode::Eq => p == 0 || p == exec,
            };
            if *uniform {
                if let Operand::UReg(r, _) = *i.src(0) {
                    w.set_ur(r, p);
                }
                let up = pred_of(i, 1);
                w.set_pred(crate::operand::Pred::up(up.index, false), u32::MAX, if result { u32::MAX } else { 0 });
            } else {
                for l in lanes(exec) {
                    write_dst(w, i, 0, l, p, false)?;
                }
                set_pred(w, pred_of(i, 1), exec, if result { u32::MAX } else { 0 });
            }
            Ok(())
        }
        Op::Flo { signed, sh, uniform } => {
            let a = src(w, i, 2, env)?;
            for l in lanes(super::bits::active(exec, *uniform)) {
                let x = get(w, a.0, l);
                let x = if a.1.not { !x } else { x };
                let x = if *signed && (x as i32) < 0 { !x } else { x };
                let v = if x == 0 {
                    u32::MAX
                } else if *sh {
                    x.leading_zeros()
                } else {
                    31 - x.leading_zeros()
                };
                write_dst(w, i, 0, l, v, *uniform)?;
            }
            Ok(())
        }
        Op::Atom { space, op, ty, red, .. } => atom(w, i, exec, env, *space, *op, *ty, *red),
        Op::Ldc { size } => {
            // A constant at a per-lane offset: c[bank][Ra + imm].
            let Operand::CBuf(c, _) = *i.src(1) else { return Err(bad(i, "constant")) };
            let d = match *i.src(0) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "destination")),
            };
            for l in lanes(exec) {
                let off = i64::from(c.offset) + i64::from(w.r(c.index, l) as i32);
                let byte = off.rem_euclid(4) as u32;
                let word = crate::operand::CBuf { offset: 0, index: crate::operand::RZ, ..c };
                let lo = read_const(w, env, &word, (off - i64::from(byte)) as u64, i.pc)?;
                let v = match size.bytes() {
                    1 => {
                        let b = (lo >> (8 * byte)) & 0xff;
                        if size.signed() {
                            b as u8 as i8 as i32 as u32
                        } else {
                            b
                        }
                    }
                    2 => {
                        let b = (lo >> (8 * byte)) & 0xffff;
                        if size.signed() {
                            b as u16 as i16 as i32 as u32
                        } else {
                            b
                        }
                    }
                    _ => lo,
                };
                w.set_r(d, l, v);
                if size.bytes() == 8 {
                    let hi = read_const(w, env, &word, (off + 4) as u64, i.pc)?;
                    w.set_r(d.saturating_add(1), l, hi);
                }
            }
            Ok(())
        }
        Op::Redux { op, signed } => {
            let a = match *i.src(1) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "REDUX source")),
            };
            let mut acc: Option<u32> = None;
            for l in lanes(exec) {
                let x = w.r(a, l);
                acc = Some(match acc {
                    None => x,
                    Some(v) => match op {
                        AtomOp::And => v & x,
                        AtomOp::Or => v | x,
                        AtomOp::Xor => v ^ x,
                        AtomOp::Add => v.wrapping_add(x),
                        AtomOp::Min if *signed => (v as i32).min(x as i32) as u32,
                        AtomOp::Max if *signed => (v as i32).max(x as i32) as u32,
                        AtomOp::Min => v.min(x),
                        _ => v.max(x),
                    },
                });
            }
            if let (Some(v), Operand::UReg(d, _)) = (acc, *i.src(0)) {
                w.set_ur(d, v);
            }
            Ok(())
        }
        Op::B2r => {
            let v = w.bar_result;
            for l in lanes(exec) {
                write_dst(w, i, 0, l, v, false)?;
            }
            set_pred(w, pred_of(i, 1), exec, if v != 0 { u32::MAX } else { 0 });
            Ok(())
        }
        _ => super::bits::exec(w, i, exec, env).unwrap_or_else(|| Err(bad(i, "this operation"))),
    }
}

/// [`atom`] on 32-bit shared words (the fast paths): the same lanes in the
/// same order with the same faults, the warp's addresses and operands read
/// as rows and its results written as one.
#[allow(clippy::too_many_arguments)]
fn atom_shared32(
    w: &mut Warp,
    i: &Instr,
    exec: u32,
    env: &mut Env<'_>,
    addr: &crate::operand::Addr,
    op: AtomOp,
    ty: AtomTy,
    red: bool,
    (b, c): (u8, u8),
) -> Result<(), Fault> {
    let all = super::memops::addresses(w, addr);
    let (bv, cv) = (w.row(b), w.row(c));
    let limit = env.shared.len() as u64;
    let (words, _) = env.shared.as_chunks_mut::<4>();
    let lanes = SharedLanes { exec, all: &all, bv: &bv, cv: &cv, op, limit, pc: i.pc };
    // The update chosen once, outside the loop over lanes, for the common
    // integer additions (a histogram's `ATOMS.POPC.INC`, `atomicAdd`):
    // each its own loop with the update inlined. Else `atom_value`.
    let (olds, done, fault) = match (op, ty) {
        (AtomOp::PopcInc, _) => lanes.each(words, |old, _, _| old.wrapping_add(1)),
        (AtomOp::Add, AtomTy::U32 | AtomTy::S32) => lanes.each(words, |old, b, _| old.wrapping_add(b)),
        _ => lanes.each(words, |old, b, c| atom_value(op, ty, u64::from(old), u64::from(b), u64::from(c)) as u32),
    };
    if let (false, Operand::Reg(d, _)) = (red, *i.src(1)) {
        w.set_row(d, done, &olds);
    }
    fault.map_or(Ok(()), Err)
}

/// A warp's 32-bit shared atomic, as [`atom_shared32`] runs it.
struct SharedLanes<'a> {
    exec: u32,
    all: &'a [u64; 32],
    bv: &'a [u32; 32],
    cv: &'a [u32; 32],
    op: AtomOp,
    limit: u64,
    pc: u64,
}

impl SharedLanes<'_> {
    /// The lanes in order, each storing `update(old, b, c)` over its word:
    /// the old values, the lanes done, and the fault of the first lane
    /// that cannot be (the lanes before it are done, as on the per-lane
    /// path).
    #[inline(always)]
    fn each(&self, words: &mut [[u8; 4]], update: impl Fn(u32, u32, u32) -> u32) -> ([u32; 32], u32, Option<Fault>) {
        let mut olds = [0u32; 32];
        let mut done = 0u32;
        for l in lanes(self.exec) {
            let va = self.all[l];
            if !va.is_multiple_of(4) {
                return (olds, done, Some(Fault::Misaligned { va, size: 4, pc: self.pc }));
            }
            let Some(word) = usize::try_from(va / 4).ok().and_then(|k| words.get_mut(k)) else {
                let fault = Fault::OutOfRange { space: "shared", addr: va, size: 4, limit: self.limit, pc: self.pc };
                return (olds, done, Some(fault));
            };
            let old = u32::from_le_bytes(*word);
            *word = update(old, self.bv[l], self.cv[l]).to_le_bytes();
            // CAST.SPIN answers whether it stored, not the old value.
            olds[l] = if self.op == AtomOp::CastSpin { u32::from(old == self.bv[l]) } else { old };
            done |= 1 << l;
        }
        (olds, done, None)
    }
}

pub(super) fn set_pred(w: &mut Warp, p: crate::operand::Pred, exec: u32, v: u32) {
    w.set_pred(crate::operand::Pred::p(p.index, false), exec, v);
}

/// What an atomic of `op` on `ty` stores over `old`, with the lane's
/// operand `bv` (and `cv`, CAS's new value); 32-bit types in the low half.
fn atom_value(op: AtomOp, ty: AtomTy, old: u64, bv: u64, cv: u64) -> u64 {
    let s = ty == AtomTy::S32;
    match op {
        // `.F32.FTZ.RN`: subnormal operands and results flush to a
        // zero of their sign (PTX `red/atom.add.f32` on global memory).
        AtomOp::Add if ty == AtomTy::F32 => {
            let ftz = |x: f32| if x.is_subnormal() { f32::from_bits(x.to_bits() & 0x8000_0000) } else { x };
            let sum = ftz(f32::from_bits(old as u32)) + ftz(f32::from_bits(bv as u32));
            u64::from(super::farith::f32_out(ftz(sum), true, false))
        }
        AtomOp::Add if ty == AtomTy::F64 => (f64::from_bits(old) + f64::from_bits(bv)).to_bits(),
        // `.F16x2.RN` (`atom.add.noftz.f16x2`): each lane's exact sum
        // (exact in f64) rounded once to nearest, subnormals kept, a
        // NaN the canonical one.
        AtomOp::Add if ty == AtomTy::F16x2 => {
            let f16 = crate::half::HalfFmt::F16;
            let lane = |k: u32| {
                let (x, y) = ((old >> k) as u16, (bv >> k) as u16);
                u64::from(f16.from_f64(f16.to_f64(x) + f16.to_f64(y), crate::op::Rnd::Rn)) << k
            };
            lane(0) | lane(16)
        }
        AtomOp::Min if ty == AtomTy::S64 => (old as i64).min(bv as i64) as u64,
        AtomOp::Max if ty == AtomTy::S64 => (old as i64).max(bv as i64) as u64,
        AtomOp::Add => old.wrapping_add(bv),
        AtomOp::Min if s => (old as i32).min(bv as i32) as u32 as u64,
        AtomOp::Max if s => (old as i32).max(bv as i32) as u32 as u64,
        AtomOp::Min => old.min(bv),
        AtomOp::Max => old.max(bv),
        AtomOp::Inc => {
            if old >= bv {
                0
            } else {
                old + 1
            }
        }
        AtomOp::Dec => {
            if old == 0 || old > bv {
                bv
            } else {
                old - 1
            }
        }
        AtomOp::And => old & bv,
        AtomOp::Or => old | bv,
        AtomOp::Xor => old ^ bv,
        AtomOp::Exch => bv,
        AtomOp::Cas | AtomOp::CastSpin => {
            if old == bv {
                cv
            } else {
                old
            }
        }
        AtomOp::PopcInc => old.wrapping_add(1),
    }
}

#[allow(clippy::too_many_arguments)]
fn atom(
    w: &mut Warp,
    i: &Instr,
    exec: u32,
    env: &mut Env<'_>,
    space: Space,
    op: AtomOp,
    ty: AtomTy,
    red: bool,
) -> Result<(), Fault> {
    let Operand::Mem(addr) = *i.src(2) else { return Err(bad(i, "address")) };
    let (b, c) = match (*i.src(3), *i.src(4)) {
        (Operand::Reg(b, _), Operand::Reg(c, _)) => (b, c),
        _ => return Err(bad(i, "atomic operands")),
    };
    // `.POPC.INC` adds, at each address, the number of active lanes that
    // name it (ptxas's `atomicAdd(&h[i], 1)` with the result unused): one per
    // lane. What it returns is not known, so a destination other than RZ is
    // refused.
    if op == AtomOp::PopcInc && !matches!(*i.src(1), Operand::Reg(crate::operand::RZ, _)) {
        return Err(bad(i, "ATOMS.POPC.INC with a result"));
    }
    let wide = matches!(ty, AtomTy::U64 | AtomTy::S64 | AtomTy::F64);
    let size = if wide { 8 } else { 4 };
    if env.fast && space == Space::Shared && !wide {
        return atom_shared32(w, i, exec, env, &addr, op, ty, red, (b, c));
    }
    // The lanes whose atomic was performed: ATOM/ATOMG's predicate result.
    let mut performed = 0u32;
    for l in lanes(exec) {
        let va = super::memops::address_of(w, &addr, l);
        // ATOM's generic address: the block's shared window is shared memory;
        // an address in the local window is not performed (the predicate
        // stays clear: the compiled code then does the operation itself with
        // plain loads and stores, `@P0 BRA` over them); the rest is global.
        let (space, va) = match space {
            Space::Generic if va.wrapping_sub(env.cfg.shared_window) < super::WINDOW_SIZE => {
                (Space::Shared, va - env.cfg.shared_window)
            }
            Space::Generic if va.wrapping_sub(env.cfg.local_window) < super::WINDOW_SIZE => {
                if red || !matches!(*i.src(0), Operand::Pred(p) if !p.is_true()) {
                    return Err(bad(i, "an atomic on a local address without a predicate result"));
                }
                continue;
            }
            s => (s, va),
        };
        performed |= 1 << l;
        if !va.is_multiple_of(size) {
            return Err(Fault::Misaligned { va, size: size as usize, pc: i.pc });
        }
        let (bv, cv) = if wide { (w.r64(b, l), w.r64(c, l)) } else { (u64::from(w.r(b, l)), u64::from(w.r(c, l))) };
        let f = |old: u64| atom_value(op, ty, old, bv, cv);
        let old = match space {
            Space::Shared => {
                let off = va as usize;
                let limit = env.shared.len() as u64;
                let cell = off.checked_add(size as usize).and_then(|e| env.shared.get_mut(off..e));
                let Some(cell) = cell else {
                    return Err(Fault::OutOfRange { space: "shared", addr: va, size: size as usize, limit, pc: i.pc });
                };
                let mut raw = [0u8; 8];
                raw[..cell.len()].copy_from_slice(cell);
                let old = u64::from_le_bytes(raw);
                let new = f(old);
                cell.copy_from_slice(&new.to_le_bytes()[..size as usize]);
                old
            }
            _ => {
                let pc = i.pc;
                if wide {
                    env.mem.atomic_u64(va, &mut |o| f(o)).map_err(|va| Fault::Mmu { va, write: true, pc })?
                } else {
                    u64::from(env.mem.atomic_u32(va, &mut |o| f(u64::from(o)) as u32).map_err(|va| Fault::Mmu {
                        va,
                        write: true,
                        pc,
                    })?)
                }
            }
        };
        // CAST.SPIN answers whether it stored, not the old value.
        let old = if op == AtomOp::CastSpin { u64::from(old == bv) } else { old };
        if !red {
            if let Operand::Reg(d, _) = *i.src(1) {
                if wide {
                    w.set_r64(d, l, old);
                } else {
                    w.set_r(d, l, old as u32);
                }
            }
        }
    }
    // The predicate result (`ATOM.E… P0, …`): set where the atomic was
    // performed; ptxas branches over its load/store fallback on it.
    if let (false, Space::Global | Space::Generic, Operand::Pred(p)) = (red, space, *i.src(0)) {
        set_pred(w, p, exec, performed);
    }
    Ok(())
}

/// `SHFL`'s source lane for `lane` and whether it is in range, as PTX
/// defines them: `bv` the lane operand, `cv` the clamp (bits 0..5) and
/// segment mask (bits 8..13).
#[inline(always)]
fn shfl_source(mode: ShflMode, lane: u32, bv: u32, cv: u32) -> (u32, bool) {
    let bv = bv & 0x1f;
    let clamp = cv & 0x1f;
    let seg = (cv >> 8) & 0x1f;
    let min_lane = lane & seg;
    let max_lane = min_lane | (clamp & !seg);
    let (j, ok) = match mode {
        ShflMode::Idx => {
            let j = min_lane | (bv & !seg);
            (j, j <= max_lane)
        }
        // PTX's rule: the source lane must be at least maxLane, which is
        // minLane when the clamp is 0 (what CUDA's __shfl_up_sync passes)
        // and more with another clamp.
        ShflMode::Up => (lane.wrapping_sub(bv), lane >= bv && lane - bv >= max_lane),
        ShflMode::Down => (lane + bv, lane + bv <= max_lane),
        ShflMode::Bfly => (lane ^ bv, (lane ^ bv) <= max_lane),
    };
    (j & 31, ok)
}

/// [`shfl_source`] for the whole warp: each lane's source (itself where
/// the source is out of range, as the instruction reads it) and the mask
/// of lanes whose source is in range. The mode is chosen once, outside
/// the loop over lanes, so each mode's loop is plain lane arithmetic the
/// compiler vectorises (chosen per lane, it cost about 34 host
/// instructions a lane).
fn shfl_sources(mode: ShflMode, bs: &[u32; 32], cs: &[u32; 32]) -> ([u32; 32], u32) {
    #[inline(always)]
    fn each(mode: ShflMode, bs: &[u32; 32], cs: &[u32; 32]) -> ([u32; 32], u32) {
        let mut from = [0u32; 32];
        let mut valid = 0u32;
        for l in 0..32 {
            let (j, ok) = shfl_source(mode, l as u32, bs[l], cs[l]);
            from[l] = if ok { j } else { l as u32 };
            valid |= u32::from(ok) << l;
        }
        (from, valid)
    }
    match mode {
        ShflMode::Idx => each(ShflMode::Idx, bs, cs),
        ShflMode::Up => each(ShflMode::Up, bs, cs),
        ShflMode::Down => each(ShflMode::Down, bs, cs),
        ShflMode::Bfly => each(ShflMode::Bfly, bs, cs),
    }
}
