//! The replay path: a queue compiled for this runtime, bound with plain
//! values, copied into fresh command memory and patched.
//!
//! Everything a replay can know before it runs was settled when the queue
//! was recorded or compiled, and is kept with the template, which any
//! change to the queue drops ([`Runtime::replays`]: no other device's
//! signals, programs or buffers, no other queue's variables, no invalid
//! command, no buffer variables or bound copy ranges, at most 16
//! variables, the placement the runtime uses). What is checked here, on
//! every replay:
//! - every variable is bound, by one of this queue's `VarId`s;
//! - each bound value passes the queue's bind-time checks (copy lengths,
//!   argument widths, launch dimensions against the SM and the kernel);
//! - the template's patches lie inside its image (checked when compiled)
//!   and the image inside the chunk (checked once per replay).
//!
//! A queue this path does not take, or a binding it cannot take as is,
//! goes the general way (`prepare` and `encode_into`), which reports the
//! precise error.

use gpuiface_hal::{Error, GpuIface, Result, SignalPlacement};

use super::Runtime;
use crate::encode;
use crate::patch::{Bound, InOrder};
use crate::queue::{Queue, VarId};
use crate::ring::{CommandRing, EngineClock};

/// What [`Runtime::try_replay`] did.
pub(super) enum Replayed {
    /// Submitted: the timeline value that marks its completion.
    Done(u64),
    /// Refused (nothing submitted).
    Failed(Box<Error>),
    /// Not the replay path's: the general path takes it.
    NotTaken,
}

/// Variables a replay binds on the stack.
const INLINE_VARS: usize = 16;

impl<I: GpuIface> Runtime<I> {
    /// Whether the replay path may take `queue`, compiled for this runtime
    /// with `placement`, as it is: decided once, when it is compiled.
    pub(super) fn replays(&self, queue: &Queue, placement: SignalPlacement) -> bool {
        queue.vars <= INLINE_VARS
            && queue.buffer_vars.is_empty()
            && queue.dynamic.is_empty()
            && !queue.options.reuse_qmd_memory
            && !queue.encode_each_submit
            && !queue.mixed_devices
            && queue.foreign_var.is_none()
            && queue.invalid.is_none()
            && queue.device.is_none_or(|d| d == self.device())
            && placement == queue.options.signal_placement.unwrap_or(self.iface.info().signal_placement)
    }

    /// Submit `queue` by its template `t`, if the replay path takes it
    /// ([`replays`](Self::replays)) and its bindings are plain.
    ///
    /// A function of its own, returning two words in registers: inlined
    /// into the submit that falls back to the general path, its values
    /// lived on the stack of a frame sized for that path.
    #[inline(never)]
    pub(super) fn try_replay(&self, queue: &Queue, t: &encode::Template, bindings: &[(VarId, u64)]) -> Replayed {
        match self.replay(queue, t, bindings) {
            None => Replayed::NotTaken,
            Some(Ok(value)) => Replayed::Done(value),
            Some(Err(e)) => Replayed::Failed(e),
        }
    }

    /// [`try_replay`](Self::try_replay) of `queue` by its template `t`:
    /// `None` (nothing done) when the general path must take the queue.
    #[inline(always)]
    fn replay(
        &self,
        queue: &Queue,
        t: &encode::Template,
        bindings: &[(VarId, u64)],
    ) -> Option<std::result::Result<u64, Box<Error>>> {
        if t.replays_for != self.id {
            return None;
        }
        // At most INLINE_VARS: `replays` said so, and a new variable drops the template.
        let n = queue.vars;
        // The common case: one binding per variable, in order, and nothing
        // to check of their values. They are read where they are.
        let in_order = |(k, (var, _)): (usize, &(VarId, u64))| var.queue == queue.id && var.index == k;
        if bindings.len() == n && queue.checks.is_empty() && bindings.iter().enumerate().all(in_order) {
            return Some(self.replay_bound(queue, t, &InOrder(bindings)));
        }
        let mut values = [0u64; INLINE_VARS];
        let mut seen = 0u32;
        for &(var, v) in bindings {
            if var.queue != queue.id || var.index >= n {
                return None;
            }
            *values.get_mut(var.index)? = v;
            seen |= 1 << var.index;
        }
        // Computed variables: a binding of one is the general path's to refuse.
        for d in &queue.derived {
            if seen & (1 << d.var) != 0 {
                return None;
            }
            seen |= 1 << d.var;
        }
        if seen != (1u32 << n) - 1 {
            return None;
        }
        queue.compute_derived(&mut values[..n]);
        let values = values.get(..n)?;
        for check in &queue.checks {
            if let Err(e) = check.check(values) {
                return Some(Err(Box::new(e)));
            }
        }
        Some(self.replay_bound(queue, t, values))
    }

    /// [`replay`](Self::replay) once the values are bound.
    ///
    /// Its error is boxed: a result of one word each way comes back in
    /// registers, where a result holding an [`Error`] is written to memory
    /// field by field on the way out of every submit, success included
    /// (the compiler merges the ways out). Only a failed replay pays the box.
    #[inline(always)]
    fn replay_bound<V: Bound + ?Sized>(
        &self,
        queue: &Queue,
        t: &encode::Template,
        values: &V,
    ) -> std::result::Result<u64, Box<Error>> {
        let engine = queue.kind.index();
        let (channel, _) = self.channel_of(queue.kind);
        let iface = &self.iface;
        // The engine's lock covers encoding and the doorbell: entries reach
        // the channel in timeline order.
        let mut state = self.engine(engine);
        let value = state.timeline_value + 1;
        let (offset, gpu_va, hit) = place_template(&mut state.ring, t, values, value, self.clock(engine))?;
        // Handed over before it is committed: a refusal leaves nothing to
        // take back (the lock keeps the ring's state to this thread until then).
        channel.submit_encoded(iface, t.entry.at(gpu_va + t.pb_offset))?;
        state.ring.commit_image(offset, &t.image_key, value, &t.footprint);
        state.timeline_value = value;
        prefetch_next(&state.ring, t, hit);
        Ok(value)
    }
}

/// Have what the next submission of template `t` will write fetched while
/// the CPU does other work (after this one's commit): a template submitted
/// once is likely submitted again, and the next chunk likely holds its
/// image if this one did (`hit`: the ring's first lap copies, later laps
/// patch).
#[inline(always)]
pub(super) fn prefetch_next(ring: &CommandRing, t: &encode::Template, hit: bool) {
    if hit {
        ring.prefetch_next_lines(t.image_key.len(), t.patched.hit_lines());
    } else {
        ring.prefetch_next(t.image_key.len());
    }
}

/// Write template `t`'s submission (`values`, timeline `value`) into fresh
/// command memory of `ring`: only its patches where the chunk still holds
/// its image, else a copy of the image and the patches. Returns the
/// chunk's ring offset and GPU address, and whether the chunk held the
/// image already; the caller commits it (`t.image_key.len()` bytes).
#[inline(always)]
pub(super) fn place_template<V: Bound + ?Sized>(
    ring: &mut CommandRing,
    t: &encode::Template,
    values: &V,
    value: u64,
    clock: impl EngineClock,
) -> Result<(u64, u64, bool)> {
    let (chunk, holds_image) = ring.alloc_image(&t.image_key, clock)?;
    t.patched.apply(&chunk, values, value, holds_image)?;
    let (offset, gpu_va) = (chunk.offset, chunk.gpu_va);
    if !holds_image {
        ring.holds_image(offset, &t.image_key);
    }
    Ok((offset, gpu_va, holds_image))
}
