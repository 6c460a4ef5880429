//! Submission and waits: encoding a queue into command memory, the
//! GPFIFO entry and the doorbell, and waiting for the timelines.

use gpuiface_hal::{AllocRequest, Buffer, Error, GpuIface, Result};

use super::replay::Replayed;
use super::{EngineState, Prepared, Runtime, Values};
use crate::encode::{self, EncodeCtx};
use crate::queue::{Footprint, QmdSlots, Queue};
use crate::queue::{QueueKind, VarId};
use crate::ring::Touches;
use crate::vars::BufferVar;

impl<I: GpuIface> Runtime<I> {
    /// Encode `queue` into fresh command memory with `bindings` for its
    /// variables, submit it to its channel, and return the value of its
    /// engine's [`timeline`](Self::timeline) that marks its completion. A
    /// submission waits for nothing on other engines unless the queue says
    /// so ([`Queue::wait`]).
    ///
    /// The first submit encodes the queue in place; the second compiles it
    /// once into a template (the encoding plus the places that change, each
    /// resolved to a checked store), and every later one copies that
    /// encoding into fresh command memory and patches the variables, the
    /// command-memory addresses and the timeline value in place.
    #[inline]
    pub fn submit(&self, queue: &Queue, bindings: &[(VarId, u64)]) -> Result<u64> {
        // Only a queue compiled into a template can be replayed: any other
        // (a fresh queue's first submit) goes the general way at once.
        let Some(t) = queue.template.get() else {
            return self.submit_not_replayed(queue, bindings);
        };
        match self.try_replay(queue, t, bindings) {
            Replayed::Done(value) => Ok(value),
            Replayed::Failed(e) => Err(*e),
            Replayed::NotTaken => self.submit_not_replayed(queue, bindings),
        }
    }

    /// [`submit`](Self::submit) a queue with [`BufferVar`]s: `buffers`
    /// binds each to a buffer of this runtime's device (another device's is
    /// refused), whose GPU address the launches receive and which the
    /// submission is then known to touch ([`Runtime::wait_for_buffer`]).
    ///
    /// ```
    /// # use gpuiface_runtime::{ArgVar, LaunchDims, Program, Queue, Runtime};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, prog: &Program, a: &gpuiface_hal::Buffer, b: &gpuiface_hal::Buffer) -> gpuiface_hal::Result<()> {
    /// let mut q = Queue::compute();
    /// let out = q.buffer_var();
    /// q.launch_vars(prog, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[0; 8], &[ArgVar::buffer(0, out)]);
    /// rt.submit_with(&q, &[], &[(out, a)])?; // the launch writes `a`
    /// rt.submit_with(&q, &[], &[(out, b)])?; // the same queue, now `b`
    /// # Ok(()) }
    /// ```
    pub fn submit_with(
        &self,
        queue: &Queue,
        bindings: &[(VarId, u64)],
        buffers: &[(BufferVar, &Buffer)],
    ) -> Result<u64> {
        if buffers.is_empty() {
            return self.submit(queue, bindings);
        }
        self.ensure_local_for(queue.local_per_thread)?;
        self.encode_in_full(queue, bindings, buffers)
    }

    /// A submit the replay path did not take: a queue's first, as a
    /// one-shot when it can be one, else encoded in full.
    #[inline(never)]
    fn submit_not_replayed(&self, queue: &Queue, bindings: &[(VarId, u64)]) -> Result<u64> {
        // A replay was encoded by this runtime, which grew its local memory then.
        self.ensure_local_for(queue.local_per_thread)?;
        match self.first_as_one_shot(queue, bindings) {
            Some(done) => done.map_err(|e| *e),
            None => self.encode_in_full(queue, bindings, &[]),
        }
    }

    /// A queue's first submit, when it has no variables: as the one-shot of
    /// its commands ([`OneShot::record_queue`](crate::one_shot::OneShot::record_queue)), from the runtime's kept shapes
    /// (a fresh queue per launch is then encoded once per shape, not once
    /// per queue). `None` when the queue is not one.
    ///
    /// Inlined, with its error boxed as the one-shot's is: its result
    /// comes back in registers.
    #[inline(always)]
    fn first_as_one_shot(
        &self,
        queue: &Queue,
        bindings: &[(VarId, u64)],
    ) -> Option<std::result::Result<u64, Box<Error>>> {
        use std::sync::atomic::Ordering;
        if !bindings.is_empty() || queue.template.get().is_some() || queue.submits.load(Ordering::Relaxed) != 0 {
            return None;
        }
        if !crate::one_shot::OneShot::<I>::can_record(queue) {
            return None;
        }
        let mut shot = crate::one_shot::OneShot::new(self, queue.kind);
        if !shot.record_queue(queue) || shot.invalid.is_some() {
            // The general path reports it, in the queue's terms.
            return None;
        }
        // As an encoding in place would: the next submit compiles the queue.
        queue.submits.store(1, Ordering::Relaxed);
        Some(self.submit_steps(&shot, Some(&queue.encoded)))
    }

    /// [`submit_with`](Self::submit_with) of a queue the replay path does
    /// not take: its first submits, reuse mode, buffer variables, variable
    /// copy ranges, or bindings to report an error about.
    #[inline(never)]
    fn encode_in_full(
        &self,
        queue: &Queue,
        bindings: &[(VarId, u64)],
        buffers: &[(BufferVar, &Buffer)],
    ) -> Result<u64> {
        let mut scratch = Values::new();
        let mut prepared = self.prepare(queue, bindings, buffers, &mut scratch)?;
        let (channel, _) = self.channel_of(queue.kind);
        // The engine's lock covers encoding and the doorbell: entries reach
        // the channel in timeline order.
        let mut state = self.engine(queue.kind.index());
        let mut entry = gpuiface_hal::GpFifoEntry::new(0, 0);
        let value = self.encode_into(&mut state, queue, &mut prepared, &mut entry)?;
        if let Err(e) = channel.submit_one(&self.iface, entry) {
            state.unsubmit(1);
            return Err(e);
        }
        Ok(value)
    }

    /// Submit several queues back to back: every queue on one engine goes
    /// into that engine's channel with one GP_PUT update and one doorbell.
    /// Returns the last timeline value of each engine
    /// (index: [`QueueKind::index`]; 0 where none was submitted).
    ///
    /// Every queue is checked (device, bindings, encoding) before any is
    /// encoded, so a refused queue submits nothing. An error met while
    /// encoding (a wait for command memory that failed) takes back the
    /// entries not yet handed to the channel; those already handed over
    /// (earlier engines, earlier groups of 64) stay submitted and their
    /// timeline values will be released.
    pub fn submit_batch(&self, batch: &[(&Queue, &[(VarId, u64)])]) -> Result<[u64; 2]> {
        // A group's entries can all be taken back (`unsubmit`).
        const MAX: usize = crate::ring::UNCOMMIT_DEPTH;
        for (queue, bindings) in batch {
            self.prepare(queue, bindings, &[], &mut Values::new())?;
        }
        let mut last = [0u64; 2];
        for kind in [QueueKind::Compute, QueueKind::Copy] {
            let (channel, _) = self.channel_of(kind);
            let mut entries = [gpuiface_hal::GpFifoEntry::new(0, 0); MAX];
            let mut n = 0;
            let mut state = None;
            for (queue, bindings) in batch.iter().filter(|(q, _)| q.kind == kind) {
                // Prepared before the engine's lock is taken: binding,
                // checking and compiling a template need no engine state.
                let mut scratch = Values::new();
                let prepared = self.prepare(queue, bindings, &[], &mut scratch);
                let st = state.get_or_insert_with(|| self.engine(kind.index()));
                let encoded =
                    prepared.and_then(|mut prepared| self.encode_into(st, queue, &mut prepared, &mut entries[n]));
                match encoded {
                    Ok(v) => last[kind.index()] = v,
                    Err(e) => {
                        // Nothing phantom: values no entry will release are taken back.
                        st.unsubmit(n);
                        return Err(e);
                    }
                }
                n += 1;
                if n == MAX {
                    if let Err(e) = channel.submit(&self.iface, &entries[..n]) {
                        st.unsubmit(n);
                        return Err(e);
                    }
                    n = 0;
                }
            }
            if let (Some(st), true) = (state.as_mut(), n > 0) {
                if let Err(e) = channel.submit(&self.iface, &entries[..n]) {
                    st.unsubmit(n);
                    return Err(e);
                }
            }
        }
        Ok(last)
    }

    /// What a submit needs before it takes the engine's lock: the bound
    /// values, the placement, and the queue's encoding for this runtime.
    fn prepare<'q, 'v>(
        &self,
        queue: &'q Queue,
        bindings: &[(VarId, u64)],
        buffers: &[(BufferVar, &Buffer)],
        scratch: &'v mut Values,
    ) -> Result<Prepared<'q, 'v>> {
        self.check_queue_device(queue)?;
        let values = self.bind(queue, bindings, buffers, scratch)?;
        let bound = values;
        for check in &queue.checks {
            check.check(bound)?;
        }
        // A queue's first submit gets a footprint of its own; later ones
        // share the queue's (`Prepared::own_footprint`).
        let own_footprint = !queue.options.reuse_qmd_memory
            && queue.template.get().is_none()
            && queue.submits.load(std::sync::atomic::Ordering::Relaxed) == 0
            && queue.footprint.get().is_none();
        let footprint =
            if queue.dynamic.is_empty() { None } else { Some(Footprint::with_values(queue, bound, buffers)) };
        let placement = queue.options.signal_placement.unwrap_or(self.iface.info().signal_placement);
        let template = self.template(queue, placement)?;
        Ok(Prepared { values, placement, template, footprint, own_footprint })
    }

    /// Encode `queue` into fresh command memory of its engine (from its
    /// template, or in full) and return its timeline value; `entry`
    /// receives its GPFIFO entry. `p` is borrowed (its footprint taken):
    /// not copied into the call.
    fn encode_into(
        &self,
        state: &mut EngineState,
        queue: &Queue,
        p: &mut Prepared<'_, '_>,
        entry: &mut gpuiface_hal::GpFifoEntry,
    ) -> Result<u64> {
        let values = p.values;
        let timeline = &self.timelines[queue.kind.index()];
        let value = state.timeline_value + 1;
        // How far the GPU got is read only when the ring needs the space of
        // finished work (`CommandRing::alloc_pruning`).
        let clock = self.clock(queue.kind.index());
        // Built in the ring's call: a footprint is not copied on the way.
        let (own, bound_footprint) = (p.own_footprint, &mut p.footprint);
        let mut touches = || match bound_footprint.take() {
            Some(f) => Touches::Own(f),
            None if own => Touches::Own(Footprint::of(queue)),
            None => Touches::Shared(queue.footprint()),
        };

        if let Some(t) = p.template {
            let (offset, gpu_va, _) = super::replay::place_template(&mut state.ring, t, values, value, clock)?;
            state.ring.commit(offset, t.patched.image().len() as u64, value, touches());
            state.timeline_value = value;
            *entry = gpuiface_hal::GpFifoEntry::new(gpu_va + t.pb_offset, t.pb_dwords);
            return Ok(value);
        }

        // Reuse mode: the queue's slots, when the GPU is done with them.
        let info = self.iface.info();
        encode::check_copies(&queue.cmds, if info.va_bits == 0 { u64::MAX } else { info.va_size() })?;
        let mut slots_guard = if queue.options.reuse_qmd_memory { Some(self.qmd_slots(queue)?) } else { None };
        let qmd_slots = slots_guard
            .as_ref()
            .and_then(|g| g.as_ref())
            .filter(|s| s.capacity >= queue.launches() && timeline.value() >= s.last_use)
            .map(|s| &s.buffer);
        let reused = qmd_slots.is_some();
        let (_, subchannel) = self.channel_of(queue.kind);
        let ctx = EncodeCtx {
            kind: queue.kind,
            subchannel,
            placement: p.placement,
            values,
            timeline,
            signal_value: value,
            qmd_slots,
            placeholder: false,
        };
        let chunk = state.ring.alloc_pruning(encode::upper_bound(&queue.cmds, &ctx), clock)?;
        let used = encode::encode(&queue.cmds, &ctx, &chunk, None)?;
        queue.encoded.store(used.total, std::sync::atomic::Ordering::Relaxed);
        let (offset, gpu_va) = (chunk.offset, chunk.gpu_va);
        state.ring.commit(offset, used.total, value, touches());
        state.timeline_value = value;
        if reused {
            if let Some(slots) = slots_guard.as_mut().and_then(|g| g.as_mut()) {
                slots.last_use = value;
            }
        }
        *entry = gpuiface_hal::GpFifoEntry::new(gpu_va + used.pushbuffer_offset, used.pushbuffer_dwords);
        Ok(value)
    }

    /// The queue's slots, allocated at its first submit for the launches it
    /// then had; held locked for the submit.
    fn qmd_slots<'q>(&self, queue: &'q Queue) -> Result<std::sync::MutexGuard<'q, Option<QmdSlots>>> {
        let mut slots = queue.qmd_slots.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = slots.as_ref() {
            self.check_slots_owner("Runtime::submit", s)?;
        }
        if slots.is_none() {
            let capacity = queue.launches().max(1);
            let buffer = self.iface.alloc(AllocRequest::new(capacity * encode::QMD_SLOT_SIZE).uncached())?;
            *slots = Some(QmdSlots {
                buffer,
                runtime: self.id,
                capacity,
                last_use: 0,
                _live: crate::lifetimes::LiveToken::new(&self.counters.queue_slots),
            });
        }
        Ok(slots)
    }

    /// Refuse a queue's QMD slots that another runtime (of this device or
    /// another) uses: its queued launches may not have read them yet.
    fn check_slots_owner(&self, op: &'static str, slots: &QmdSlots) -> Result<()> {
        if slots.runtime != self.id || slots.buffer.device() != self.device() {
            return Err(Error::invalid(
                op,
                "the queue's QMD slots belong to another runtime: release_queue it there first",
            ));
        }
        Ok(())
    }

    /// Release a queue's persistent QMD memory (reuse mode), after synchronizing.
    pub fn release_queue(&self, queue: &Queue) -> Result<()> {
        let mut guard = queue.qmd_slots.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = guard.as_ref() {
            self.check_slots_owner("Runtime::release_queue", s)?;
        }
        let slot = guard.take();
        drop(guard);
        if let Some(s) = slot {
            self.synchronize()?;
            self.iface.free(s.buffer)?;
        }
        Ok(())
    }

    /// Wait until every submitted command, on every engine, has completed.
    pub fn synchronize(&self) -> Result<()> {
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = self.engine(e).timeline_value;
            self.iface.signal_wait(timeline, target, self.wait_timeout())?;
            // What finished work held (the signals it named) goes now, not
            // at the ring's next lap: a signal dropped meanwhile gives its
            // slot back here.
            self.engine(e).ring.prune_idle(timeline.value());
        }
        Ok(())
    }

    /// Wait until no submitted work that may touch `buffer` is running:
    /// copies to or from it, launches that declared it ([`Queue::uses`]),
    /// and launches that declared nothing. Other work goes on.
    pub fn wait_for_buffer(&self, buffer: &Buffer) -> Result<()> {
        self.check_owned("Runtime::wait_for_buffer", buffer)?;
        self.wait_touching(buffer, false)
    }

    /// [`wait_for_buffer`](Self::wait_for_buffer); with `dead_is_done`, an
    /// engine whose channel has faulted counts as done: it runs nothing
    /// more, so nothing of it can touch the buffer again.
    pub(crate) fn wait_touching(&self, buffer: &Buffer, dead_is_done: bool) -> Result<()> {
        let (start, end) = (buffer.gpu_va(), buffer.gpu_va().saturating_add(buffer.size()));
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = {
                // Submissions are forgotten lazily (at a lap of the ring): forget
                // the finished ones first, so the scan is short and stops early.
                let mut state = self.engine(e);
                state.ring.prune_idle(timeline.value());
                state.ring.last_touching(start, end)
            };
            if let Some(target) = target {
                self.settle(e, timeline, target, dead_is_done)?;
            }
        }
        Ok(())
    }

    /// Wait for engine `e`'s timeline to reach `target`; with
    /// `dead_is_done`, a hang whose cause is this engine's own faulted
    /// channel ends the wait successfully (the channel runs nothing more).
    fn settle(&self, e: usize, timeline: &gpuiface_hal::Signal, target: u64, dead_is_done: bool) -> Result<()> {
        match self.iface.signal_wait(timeline, target, self.wait_timeout()) {
            Err(err @ Error::DeviceHang { .. }) if dead_is_done => {
                if self.channel_dead(e) {
                    Ok(())
                } else {
                    Err(err)
                }
            }
            other => other,
        }
    }

    /// True when engine `e`'s channel has faulted and accepts no more work
    /// (a submit of no entries is refused with `DeviceHang`).
    fn channel_dead(&self, e: usize) -> bool {
        let kind = if e == QueueKind::Compute.index() { QueueKind::Compute } else { QueueKind::Copy };
        let (channel, _) = self.channel_of(kind);
        matches!(self.iface.submit(channel.handle, &[]), Err(Error::DeviceHang { .. }))
    }

    /// Wait until every `(signal, value)` pair holds (`signal >= value`),
    /// within the runtime's wait timeout for them all.
    ///
    /// ```
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &gpuiface_runtime::Runtime<I>, a: &gpuiface_hal::Signal, b: &gpuiface_hal::Signal) -> gpuiface_hal::Result<()> {
    /// rt.wait_all(&[(a, 1), (b, 5)])?;
    /// # Ok(()) }
    /// ```
    pub fn wait_all(&self, signals: &[(&gpuiface_hal::Signal, u64)]) -> Result<()> {
        let start = std::time::Instant::now();
        let limit = self.wait_timeout();
        for (signal, value) in signals {
            let left = limit.saturating_sub(start.elapsed());
            self.iface.signal_wait(signal, *value, left)?;
        }
        Ok(())
    }

    /// Wait until one of the `(signal, value)` pairs holds, within the
    /// runtime's wait timeout; the index of one that holds (the lowest
    /// among those found holding at the same check). No pairs: an error.
    ///
    /// ```
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &gpuiface_runtime::Runtime<I>, a: &gpuiface_hal::Signal, b: &gpuiface_hal::Signal) -> gpuiface_hal::Result<()> {
    /// let first = rt.wait_any(&[(a, 1), (b, 1)])?; // 0 or 1
    /// # Ok(()) }
    /// ```
    pub fn wait_any(&self, signals: &[(&gpuiface_hal::Signal, u64)]) -> Result<usize> {
        const SLICE: std::time::Duration = std::time::Duration::from_millis(1);
        let Some(&(first, first_value)) = signals.first() else {
            return Err(Error::invalid("Runtime::wait_any", "no signal to wait for"));
        };
        let start = std::time::Instant::now();
        let limit = self.wait_timeout();
        loop {
            if let Some(i) = signals.iter().position(|(s, v)| s.value() >= *v) {
                return Ok(i);
            }
            let left = limit.saturating_sub(start.elapsed());
            if left.is_zero() {
                return Err(Error::timeout(format!("any of {} signals to reach its value", signals.len()), limit));
            }
            // A short wait on one of them: the backend's own wait drives a
            // model GPU and reports a fault; a timeout of the slice is no error.
            match self.iface.signal_wait(first, first_value, SLICE.min(left)) {
                Ok(()) | Err(Error::Timeout { .. }) => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// [`synchronize`](Self::synchronize), where an engine whose channel
    /// has faulted counts as done.
    pub(crate) fn synchronize_or_dead(&self) -> Result<()> {
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = self.engine(e).timeline_value;
            self.settle(e, timeline, target, true)?;
        }
        Ok(())
    }
}
