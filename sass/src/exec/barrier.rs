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
//! waiting. Each warp keeps its arrivals (`Warp::arrivals`, with the clock
//! at which it came); at the end of each round of warps `release` orders
//! a barrier's arrivals in time, cuts them into generations and lets the
//! lanes of the completed ones go on, so a warp that spins on memory after
//! `BAR.ARV` cannot keep them waiting. (Both change lanes' states and pcs,
//! so each leaves the converged fast path first: `Warp::sync_pcs`.)

use super::warp::{lanes, Lane, Warp};
use super::Fault;
use crate::instr::Instr;
use crate::op::{BarKind, BarRed, Op};
use crate::operand::{Operand, Pred, PT};

/// One warp's arrival at a named barrier, kept in the warp until a
/// generation it belongs to completes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Arrival {
    id: u8,
    /// The thread count the instruction gave (0: every thread of the block).
    count: u32,
    red: Option<BarRed>,
    /// Lanes that brought a predicate (`BAR.RED`), and those whose predicate held.
    lanes: u32,
    trues: u32,
    /// The lanes that wait (none for `BAR.ARV`).
    wait: u32,
    /// When: the launch's clock, which no two instructions share.
    at: u64,
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

/// A warp executes barrier instruction `i` with the lanes in `exec` at
/// time `at`: it arrives, and (but for `BAR.ARV`) those lanes wait.
/// Returns the lanes that wait; the caller moves the others on.
pub(crate) fn arrive(w: &mut Warp, i: &Instr, exec: u32, at: u64) -> Result<u32, Fault> {
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
    let (mut lanes_in, mut trues) = (0, 0);
    if red.is_some() {
        let p = match *i.src(2) {
            Operand::Pred(p) => p,
            _ => Pred::p(PT, false),
        };
        lanes_in = exec.count_ones();
        trues = (w.pred_mask(p) & exec).count_ones();
    }
    w.arrivals.push(Arrival { id, count, red, lanes: lanes_in, trues, wait, at });
    for l in lanes(wait) {
        w.set_lane(l, Lane::Named);
    }
    Ok(wait)
}

/// Complete the generations whose threads have all arrived and let their
/// lanes go on; `stalled`: no lane of the block could run this round, so
/// a barrier without a count that lanes wait at completes too. Returns
/// whether any lane went on; faults when lanes wait at barriers that can no
/// longer complete, or the warps of one generation gave different counts.
pub(crate) fn release(warps: &mut [Warp], stalled: bool) -> Result<bool, Fault> {
    if warps.iter().all(|w| w.arrivals.is_empty()) {
        return Ok(false);
    }
    let mut released = false;
    for id in 0..16u8 {
        // This barrier's arrivals in the order they came: (time, warp, index).
        let mut order: Vec<(u64, usize, usize)> = warps
            .iter()
            .enumerate()
            .flat_map(|(wi, w)| {
                w.arrivals.iter().enumerate().filter(|(_, a)| a.id == id).map(move |(k, a)| (a.at, wi, k))
            })
            .collect();
        if order.is_empty() {
            continue;
        }
        order.sort_unstable();
        // Generations, each the run of arrivals until its count is reached.
        let mut done: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        while start < order.len() {
            let first = warps[order[start].1].arrivals[order[start].2];
            let mut end = start;
            let mut threads = 0u32;
            while end < order.len() && (first.count == 0 || threads < first.count) {
                let a = warps[order[end].1].arrivals[order[end].2];
                if a.count != first.count {
                    return Err(Fault::Control(format!(
                        "named barrier {id}: thread counts {} and {} in one generation",
                        first.count, a.count
                    )));
                }
                threads += 32;
                end += 1;
            }
            let complete = if first.count == 0 { stalled } else { threads >= first.count };
            if !complete {
                break;
            }
            let gen: Vec<Arrival> = order[start..end].iter().map(|&(_, wi, k)| warps[wi].arrivals[k]).collect();
            let (lanes_in, trues) = gen.iter().fold((0, 0), |(l, t), a| (l + a.lanes, t + a.trues));
            let red = gen.iter().find_map(|a| a.red);
            let result = match red {
                Some(BarRed::Popc) => trues,
                Some(BarRed::And) => u32::from(trues == lanes_in),
                Some(BarRed::Or) => u32::from(trues > 0),
                None => 0,
            };
            for &(_, wi, k) in &order[start..end] {
                let w = &mut warps[wi];
                w.sync_pcs();
                let wait = w.arrivals[k].wait;
                if wait != 0 && red.is_some() {
                    w.bar_result = result;
                }
                // The lanes that wait stay `Named` until here (a waiting lane does not run).
                for l in lanes(wait) {
                    w.set_lane(l, Lane::Run);
                    w.pc[l] += 16;
                    released = true;
                }
                done.push((wi, k));
            }
            start = end;
        }
        // Drop the completed arrivals (highest index first in each warp).
        done.sort_unstable_by(|a, b| b.cmp(a));
        for (wi, k) in done {
            warps[wi].arrivals.remove(k);
        }
    }
    if stalled && !released {
        let other = warps.iter().any(|w| w.any(Lane::Bar) || w.any(Lane::Warpsync));
        let waiting = warps.iter().flat_map(|w| w.arrivals.iter()).filter(|a| a.wait != 0).min_by_key(|a| a.at);
        if let (false, Some(a)) = (other, waiting) {
            let arrived: u32 = warps.iter().flat_map(|w| w.arrivals.iter()).filter(|b| b.id == a.id).map(|_| 32).sum();
            return Err(Fault::Control(format!(
                "named barrier {} waits for {} threads; {arrived} arrived and no other thread can run",
                a.id, a.count
            )));
        }
    }
    Ok(released)
}
