//! What a submission touches ([`Footprint`]): the GPU memory its work may
//! read or write, for waits on one buffer, and the signals it names, held
//! until the GPU is done with it.

use gpuiface_hal::{Buffer, Signal};

use crate::encode::Cmd;
use crate::one_shot::Step;
use crate::queue::{Queue, Val, VarId};
use crate::vars::BufferVar;

/// Clones of the signals a queue names: two inline (a launch's signal and
/// a wait: a fresh queue's footprint allocates nothing for them), more on
/// the heap. Held only to keep the signals' slots alive.
#[derive(Debug, Default, Clone)]
pub(crate) struct Signals {
    inline: [Option<Signal>; 2],
    more: Vec<Signal>,
}

impl Signals {
    /// Keep `signal` alive.
    pub(crate) fn push(&mut self, signal: Signal) {
        match self.inline.iter_mut().find(|s| s.is_none()) {
            Some(slot) => *slot = Some(signal),
            None => self.more.push(signal),
        }
    }

    /// The `k`th signal held, in the order they were pushed.
    #[inline]
    pub(crate) fn get(&self, k: usize) -> Option<&Signal> {
        match self.inline.get(k) {
            Some(s) => s.as_ref(),
            None => self.more.get(k - self.inline.len()),
        }
    }

    /// Signals held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.inline.iter().flatten().count() + self.more.len()
    }
}

/// A range a submission touches that its bound values give.
#[derive(Debug, Clone, Copy)]
pub(crate) enum DynRange {
    /// `[addr, addr + len)` of a copy with a variable address or length.
    Copy { addr: Val, len: Val },
    /// The buffer bound to this variable.
    Buffer(VarId),
}

/// What a one-shot submission touches, borrowed from its recording: a
/// [`Footprint`] is made of it (the signals cloned) only when the run of
/// submissions the ring holds does not already touch the same.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Borrowed<'s, 'a> {
    /// A launch that declared nothing: it may touch anything.
    pub(crate) everything: bool,
    /// Copies' ranges and declared buffers.
    pub(crate) ranges: &'s [(u64, u64)],
    /// The steps, whose signals and waits name the signals.
    pub(crate) steps: &'s [Step<'a>],
    /// The kept one-shot shape the steps have ([`Footprint::shape`]).
    pub(crate) shape: ShapeId,
}

impl<'s, 'a> Borrowed<'s, 'a> {
    /// The signals the steps name, in order.
    pub(crate) fn signals(&self) -> impl Iterator<Item = &'a Signal> + use<'s, 'a> {
        self.steps.iter().filter_map(|s| match *s {
            Step::Signal { signal, .. } | Step::Wait { signal, .. } => Some(signal),
            _ => None,
        })
    }

    /// A footprint of its own, holding clones of the signals.
    pub(crate) fn to_footprint(self) -> Footprint {
        let mut signals = Signals::default();
        self.signals().for_each(|s| signals.push(s.clone()));
        Footprint { everything: self.everything, ranges: self.ranges.to_vec(), signals, shape: self.shape }
    }
}

/// The GPU memory a submission may touch, for waits on one buffer, and the
/// signals it names.
#[derive(Debug, Default)]
pub(crate) struct Footprint {
    /// A launch that declared nothing: it may touch anything.
    pub(crate) everything: bool,
    /// `[start, end)` GPU VA ranges: copies' sources and destinations, and
    /// what launches declared.
    pub(crate) ranges: Vec<(u64, u64)>,
    /// Clones of the signals the queue waits on or releases: a submission
    /// holds them until its timeline value is reached, so a signal dropped
    /// meanwhile cannot have its slot recycled while the GPU will still
    /// release it (issue 22, hole 2).
    pub(crate) signals: Signals,
    /// The kept one-shot shape of the steps it was made from, if it was
    /// made from a one-shot's ([`Borrowed::to_footprint`]).
    pub(crate) shape: ShapeId,
}

/// A one-shot shape an engine kept, by a number that engine never gives
/// another shape (0: none). Two one-shots of one runtime and engine with
/// the same `ShapeId` name the same signals, at the same addresses, in the
/// same order (the shape's key holds them), all of the runtime's device
/// (each is checked when recorded).
pub(crate) type ShapeId = u64;

impl Footprint {
    /// What `queue`'s commands touch. Inlined: a fresh submission's is
    /// built where the ring takes it.
    #[inline]
    pub(crate) fn of(queue: &Queue) -> Footprint {
        // An empty list is not cloned: `Vec::clone` costs a call even then.
        let ranges = if queue.declared.is_empty() { Vec::new() } else { queue.declared.clone() };
        let mut f = Footprint { everything: false, ranges, signals: Signals::default(), shape: 0 };
        // Buffer variables are declarations too: the launch names them.
        let declared = !queue.declared.is_empty() || !queue.buffer_vars.is_empty();
        for c in &queue.cmds {
            match c {
                Cmd::Launch { .. } if !declared => f.everything = true,
                Cmd::Copy { dst: Val::Lit(dst), src: Val::Lit(src), len: Val::Lit(len) } => {
                    f.ranges.push((*dst, dst.saturating_add(*len)));
                    f.ranges.push((*src, src.saturating_add(*len)));
                }
                Cmd::Wait { signal, .. } | Cmd::Signal { signal, .. } => f.signals.push(signal.clone()),
                _ => {}
            }
        }
        f
    }
    /// The queue's footprint plus the ranges its bound values give.
    pub(crate) fn with_values(queue: &Queue, values: &[u64], buffers: &[(BufferVar, &Buffer)]) -> Footprint {
        let base = queue.footprint();
        let mut f = Footprint {
            everything: base.everything,
            ranges: base.ranges.clone(),
            signals: base.signals.clone(),
            shape: 0,
        };
        let val = |v: Val| match v {
            Val::Lit(x) => x,
            Val::Var(id) => values.get(id.index).copied().unwrap_or(0),
        };
        for d in &queue.dynamic {
            match *d {
                DynRange::Copy { addr, len } => {
                    let a = val(addr);
                    f.ranges.push((a, a.saturating_add(val(len))));
                }
                DynRange::Buffer(var) => {
                    // A view touches the whole buffer bound to its base.
                    let var = queue.root_of(var);
                    if let Some((_, b)) = buffers.iter().find(|(bv, _)| bv.0 == var) {
                        f.ranges.push((b.gpu_va(), b.gpu_va().saturating_add(b.size())));
                    }
                }
            }
        }
        f
    }
    /// True when `borrowed` touches exactly what this does.
    #[inline]
    pub(crate) fn is(&self, borrowed: &Borrowed<'_, '_>) -> bool {
        // Two signals of one device at one address are one slot while either
        // is alive (the held one is): the address names it.
        let same = |a: &Signal, b: &Signal| a.gpu_va() == b.gpu_va() && a.device() == b.device();
        if self.everything != borrowed.everything || self.ranges != borrowed.ranges {
            return false;
        }
        // Made from a one-shot of the same kept shape: the same signals, in
        // the same order, held alive by this footprint since.
        if self.shape != 0 && self.shape == borrowed.shape {
            return true;
        }
        let mut k = 0;
        for step in borrowed.steps {
            if let Step::Signal { signal, .. } | Step::Wait { signal, .. } = *step {
                match self.signals.get(k) {
                    Some(held) if same(held, signal) => k += 1,
                    _ => return false,
                }
            }
        }
        self.signals.get(k).is_none()
    }

    pub(crate) fn overlaps(&self, start: u64, end: u64) -> bool {
        self.everything || self.ranges.iter().any(|&(s, e)| s < end && start < e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_beyond_the_inline_two_are_kept_too() {
        use std::sync::atomic::AtomicU64;
        use std::sync::Arc;
        let mem: Arc<Vec<AtomicU64>> = Arc::new((0..10).map(|_| AtomicU64::new(0)).collect());
        let signal = |i: usize| {
            let ptr = std::ptr::NonNull::from(&mem[2 * i]).cast::<u8>();
            // SAFETY: two 8-aligned words (16 bytes) of `mem`, which the clone of its Arc keeps alive.
            unsafe { Signal::from_raw(gpuiface_hal::DeviceId::unique(), 0x1000 + 16 * i as u64, ptr, mem.clone()) }
        };
        let mut kept = Signals::default();
        for i in 0..5 {
            kept.push(signal(i));
        }
        assert_eq!(kept.len(), 5);
        assert_eq!(Arc::strong_count(&mem), 6, "each signal kept alive, inline or not");
        drop(kept);
        assert_eq!(Arc::strong_count(&mem), 1);
    }
}
