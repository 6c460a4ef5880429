//! Named block barriers: `BAR.SYNC`, `BAR.RED` and `BAR.ARV` on barriers
//! 1..15, or on any barrier with a thread count.
//!
//! (`BAR.SYNC 0x0` and `BAR.RED 0x0` without a count, `__syncthreads`, stay
//! in `warp.rs`: every lane of the block that has not exited waits there,
//! and the barrier completes when no other lane can run.)
//!
//! A warp that executes a barrier instruction with at least one lane
//! arrives as 32 threads, as on the hardware. A barrier with a thread count
//! completes when that many threads have arrived; without one (count 0) it
//! completes, as barrier 0 does, once no lane of the block can run. Each
//! completion is a generation: the warps that arrive after it start the
//! next one, with their own count and reduction. `BAR.ARV` arrives without
//! waiting. The lanes a completed generation holds go on at the end of the
//! current round of warps (`release`), so a warp that spins on memory
//! after `BAR.ARV` cannot keep them waiting.

use super::warp::{lanes, Lane, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{BarKind, BarRed, Op};
use crate::operand::{Operand, Pred, PT};

/// One generation of one barrier: who arrived, and the reduction's inputs.
#[derive(Debug, Clone, Default)]
struct Generation {
    id: u8,
    /// Threads expected (0: every thread of the block).
    expected: u32,
    /// Threads arrived (32 per warp).
    arrived: u32,
    /// Lanes that brought a predicate, and those whose predicate held.
    lanes: u32,
    trues: u32,
    red: Option<BarRed>,
    /// The lanes that wait, by warp index.
    waiters: Vec<(usize, u32)>,
}

impl Generation {
    fn result(&self) -> u32 {
        match self.red {
            Some(BarRed::Popc) => self.trues,
            Some(BarRed::And) => u32::from(self.trues == self.lanes),
            Some(BarRed::Or) => u32::from(self.trues > 0),
            None => 0,
        }
    }
}

/// The block's named barriers.
#[derive(Debug, Default)]
pub(crate) struct Named {
    /// The generation each barrier is gathering (`arrived == 0`: none).
    open: [Generation; 16],
    /// Completed generations whose lanes have not gone on yet.
    done: Vec<Generation>,
}

/// Whether `i` is a barrier instruction this module runs: `BAR.ARV`, a
/// barrier other than an immediate 0, or one with a thread count.
pub(crate) fn named(i: &Instr) -> bool {
    match i.op {
        Op::Bar { kind: BarKind::Arrive, .. } => true,
        Op::Bar { .. } => *i.src(0) != Operand::Hex(0) || *i.src(1) != Operand::Hex(0),
        _ => false,
    }
}

/// A register operand's value: the same in every executing lane, or a fault.
fn uniform_value(w: &Warp, i: &Instr, r: u8, exec: u32) -> Result<u32, Fault> {
    let mut it = lanes(exec).map(|l| w.r(r, l));
    let v = it.next().unwrap_or(0);
    if it.any(|x| x != v) {
        return Err(unsupported(i, "a barrier id or thread count that differs between lanes"));
    }
    Ok(v)
}

fn unsupported(i: &Instr, what: &'static str) -> Fault {
    Fault::Unsupported { pc: i.pc, text: i.to_string(), what }
}

/// The barrier id and thread count of `i` for the lanes in `exec`.
fn id_and_count(w: &Warp, i: &Instr, exec: u32) -> Result<(u8, u32), Fault> {
    let (id, count) = match (*i.src(0), *i.src(1)) {
        // One register holds both: the id in its low 16 bits, the count in bits 16..28.
        (Operand::Reg(r, _), Operand::Reg(..)) => {
            let v = uniform_value(w, i, r, exec)?;
            (v & 0xffff, v >> 16 & 0xfff)
        }
        (Operand::Reg(r, _), Operand::Hex(c)) => (uniform_value(w, i, r, exec)?, c as u32),
        (Operand::Hex(id), Operand::Reg(r, _)) => (id as u32, uniform_value(w, i, r, exec)?),
        (Operand::Hex(id), Operand::Hex(c)) => (id as u32, c as u32),
        _ => return Err(unsupported(i, "barrier operands")),
    };
    if id > 15 {
        return Err(unsupported(i, "a barrier id past 15"));
    }
    if count > 0xfff {
        return Err(unsupported(i, "a thread count past 4095"));
    }
    Ok((id as u8, count))
}

/// A warp executes barrier instruction `i` with the lanes in `exec`: it
/// arrives, and (but for `BAR.ARV`) those lanes wait. Returns the lanes
/// that wait; the caller moves the others on.
pub(crate) fn arrive(w: &mut Warp, i: &Instr, exec: u32, named: &mut Named) -> Result<u32, Fault> {
    let Op::Bar { kind, .. } = i.op else { return Err(unsupported(i, "barrier")) };
    if exec == 0 {
        return Ok(0);
    }
    let (id, count) = id_and_count(w, i, exec)?;
    let (red, wait) = match kind {
        BarKind::Sync => (None, exec),
        BarKind::Arrive => (None, 0),
        BarKind::Red(r) => (Some(r), exec),
    };
    let g = &mut named.open[usize::from(id)];
    if g.arrived == 0 {
        *g = Generation { id, expected: count, red, ..Generation::default() };
    } else if g.expected != count {
        return Err(unsupported(i, "thread counts that differ at one barrier"));
    } else if g.red != red && red.is_some() {
        return Err(unsupported(i, "reductions that differ at one barrier"));
    }
    g.arrived += 32;
    if let BarKind::Red(_) = kind {
        let p = match *i.src(2) {
            Operand::Pred(p) => p,
            _ => Pred::p(PT, false),
        };
        g.lanes += exec.count_ones();
        g.trues += (w.pred_mask(p) & exec).count_ones();
        g.red = red;
    }
    if wait != 0 {
        g.waiters.push((w.id as usize, wait));
        for l in lanes(wait) {
            w.lanes[l] = Lane::Named;
        }
    }
    if g.expected != 0 && g.arrived >= g.expected {
        let g = std::mem::take(g);
        named.done.push(g);
    }
    Ok(wait)
}

/// Let the lanes of completed generations go on; `stalled`: no lane of
/// the block could run this round, so barriers without a count that
/// lanes wait at complete too. Returns whether any lane went on; faults
/// when lanes wait at barriers that can no longer complete.
pub(crate) fn release(warps: &mut [Warp], named: &mut Named, stalled: bool) -> Result<bool, Fault> {
    if stalled {
        for g in &mut named.open {
            if g.expected == 0 && !g.waiters.is_empty() {
                named.done.push(std::mem::take(g));
            }
        }
    }
    if named.done.is_empty() {
        if !stalled {
            return Ok(false);
        }
        let waiting = named.open.iter().find(|g| !g.waiters.is_empty());
        let other = warps.iter().any(|w| w.lanes.iter().any(|l| matches!(l, Lane::Bar | Lane::Warpsync)));
        return match waiting {
            Some(g) if !other => Err(Fault::Control(format!(
                "named barrier {} waits for {} threads; {} arrived and no other thread can run",
                g.id, g.expected, g.arrived
            ))),
            _ => Ok(false),
        };
    }
    for g in named.done.drain(..) {
        let result = g.result();
        for &(wi, mask) in &g.waiters {
            let Some(w) = warps.get_mut(wi) else { continue };
            if g.red.is_some() {
                w.bar_result = result;
            }
            for l in lanes(mask) {
                if w.lanes[l] == Lane::Named {
                    w.lanes[l] = Lane::Run;
                    w.pc[l] += 16;
                }
            }
        }
    }
    Ok(true)
}
