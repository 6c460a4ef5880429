//! Usermode submission (no ioctl): GPFIFO entries into the channel's ring,
//! GP_PUT into its USERD, a store barrier, and the work-submit token into the
//! doorbell of the usermode register window (the ctrl fd's mmap).
//!
//! The path is short on purpose (a replayed launch is a few hundred
//! instructions end to end): the channel is found by a scan of a small
//! table under a read lock (no map, no reference count), the fault check
//! reads the error notifier's status word, and the ring-full timer starts
//! only once the ring is found full.

use std::sync::{Arc, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

use gpuiface_hal::{DirectSubmit, Error, GpFifoEntry, Result, RmHandle, SubmitPort, UsermodeRegs};

use crate::channel::{Channel, PutState};
use crate::device::{lock, NvgpuDevice, DOORBELL_OFFSET, USERMODE_SIZE};
use crate::fd::CpuMapping;
use crate::sys::Syscalls;

/// How long `submit` waits for room in a full GPFIFO ring.
pub const RING_FULL_TIMEOUT: Duration = Duration::from_secs(10);

/// The device's channels by handle, for `submit`: a read lock that only
/// channel creation and destruction take for writing, so submitters on
/// different channels never wait for each other (nor for the device's state
/// lock). A device has a handful of channels: a scan of a vector is cheaper
/// than a map's search.
pub(crate) struct SubmitChannels<S: Syscalls>(RwLock<Vec<(RmHandle, Arc<Channel<S>>)>>);

impl<S: Syscalls> Default for SubmitChannels<S> {
    fn default() -> Self {
        SubmitChannels(RwLock::new(Vec::new()))
    }
}

impl<S: Syscalls> SubmitChannels<S> {
    /// Add a channel (channel creation).
    pub(crate) fn insert(&self, handle: RmHandle, channel: Arc<Channel<S>>) {
        let mut t = self.0.write().unwrap_or_else(|p| p.into_inner());
        t.retain(|(h, _)| *h != handle);
        t.push((handle, channel));
    }

    /// Forget a channel (its destruction).
    pub(crate) fn remove(&self, handle: RmHandle) {
        self.0.write().unwrap_or_else(|p| p.into_inner()).retain(|(h, _)| *h != handle);
    }

    /// Every channel, each by reference count.
    pub(crate) fn all(&self) -> Vec<Arc<Channel<S>>> {
        self.read().iter().map(|(_, ch)| Arc::clone(ch)).collect()
    }

    fn read(&self) -> RwLockReadGuard<'_, Vec<(RmHandle, Arc<Channel<S>>)>> {
        self.0.read().unwrap_or_else(|p| p.into_inner())
    }
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// `setup_usermode`: map the usermode window once and note the doorbell's address.
    pub(crate) fn map_usermode(&self) -> Result<UsermodeRegs> {
        let mut um = lock(&self.usermode);
        if um.is_none() {
            *um = Some(Arc::new(CpuMapping::map(&self.sys, self.ctrl().raw(), USERMODE_SIZE, None)?));
        }
        let m = um.as_ref().expect("just mapped");
        self.doorbell.store(m.addr() + DOORBELL_OFFSET, std::sync::atomic::Ordering::Release);
        Ok(UsermodeRegs { base: m.addr(), len: m.len(), doorbell_offset: DOORBELL_OFFSET })
    }

    /// `submit`: write `entries` into the channel's ring and ring its doorbell.
    pub(crate) fn submit_entries(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        let table = self.submit_channels.read();
        let Some((_, ch)) = table.iter().find(|(h, _)| *h == channel) else {
            return Err(not_a_channel(channel));
        };
        // A faulted channel executes nothing more: say so now rather than at
        // the next wait. Recovery: drop what uses the channel (the Runtime)
        // and set up a new one; the device and its buffers stay usable.
        if ch.has_fault() {
            if let Some(fault) = self.channel_fault(ch) {
                return Err(faulted(channel, fault));
            }
        }
        let doorbell = match self.doorbell.load(std::sync::atomic::Ordering::Acquire) {
            0 => self.map_usermode()?.base + DOORBELL_OFFSET,
            d => d,
        };
        // All or nothing: a submit waits for room for every entry before it
        // writes one, so a timeout leaves no entry behind that a later
        // submit's GP_PUT would publish (issue 22, hole 1).
        let n = ch.entries();
        let needed = match u32::try_from(entries.len()) {
            Ok(k) if k < n => k,
            _ => return Err(never_fits(channel, entries.len(), n)),
        };
        let mut put = ch.put.lock();
        // GP_GET comes from GPU-written memory: reduced, never trusted as an
        // index (`n` is a power of two: the channel's invariant).
        let room = |put: u32| (ch.gp_get().wrapping_sub(put).wrapping_sub(1) & (n - 1)) >= needed;
        if !room(put.put) {
            // The ring is full: the slow path keeps its own reference to the
            // channel and lets channel creation (a writer of the table) go on
            // while it waits; its timer starts only now.
            let ch = Arc::clone(ch);
            drop(put);
            drop(table);
            return self.submit_when_room(channel, &ch, entries, needed, doorbell);
        }
        self.publish(ch, &mut put, entries, doorbell);
        Ok(())
    }

    /// Wait (at most [`RING_FULL_TIMEOUT`]) for room for `needed` entries
    /// in `ch`'s full ring, then publish `entries`.
    #[cold]
    fn submit_when_room(
        &self,
        channel: RmHandle,
        ch: &Channel<S>,
        entries: &[GpFifoEntry],
        needed: u32,
        doorbell: usize,
    ) -> Result<()> {
        let n = ch.entries();
        let started = Instant::now();
        loop {
            let mut put = ch.put.lock();
            if (ch.gp_get().wrapping_sub(put.put).wrapping_sub(1) & (n - 1)) >= needed {
                self.publish(ch, &mut put, entries, doorbell);
                return Ok(());
            }
            drop(put);
            if started.elapsed() > RING_FULL_TIMEOUT {
                return Err(Error::hang(
                    format!("GPFIFO of channel {channel} had no room for {needed} entries for {RING_FULL_TIMEOUT:?}; none was queued"),
                    self.faulted_channel(),
                ));
            }
            std::thread::yield_now();
        }
    }

    /// Write `entries` at `put` (the caller checked there is room), publish
    /// GP_PUT and ring the doorbell; `put` is the channel's, held locked.
    #[inline]
    fn publish(&self, ch: &Channel<S>, put: &mut PutState, entries: &[GpFifoEntry], doorbell: usize) {
        publish_entries(ch, put, entries);
        // SAFETY: a non-zero `self.doorbell` is only ever stored by `map_usermode`:
        // DOORBELL_OFFSET (a 4-aligned word below USERMODE_SIZE, const-asserted in
        // hal::hw) into the usermode mapping it keeps in `self.usermode`, which only
        // `Drop` clears, never while `&self` is borrowed as here; the backend writes
        // that word nowhere else than through `ring_doorbell`'s atomic store.
        unsafe { self.sys.ring_doorbell(doorbell as *mut u32, ch.token) };
    }

    /// `submit_port`: `channel` resolved once, with the usermode window
    /// mapped, for [`DirectChannel`].
    pub(crate) fn direct_port(&self, channel: RmHandle) -> Result<SubmitPort> {
        let ch = {
            let table = self.submit_channels.read();
            match table.iter().find(|(h, _)| *h == channel) {
                Some((_, ch)) => Arc::clone(ch),
                None => return Err(not_a_channel(channel)),
            }
        };
        self.map_usermode()?;
        let Some(usermode) = lock(&self.usermode).clone() else {
            return Err(Error::invalid("submit_port", "the usermode window is not mapped"));
        };
        let doorbell = usermode.addr() + DOORBELL_OFFSET;
        let direct = DirectChannel { ch, sys: Arc::clone(&self.sys), doorbell, _usermode: usermode };
        Ok(SubmitPort::with_direct(channel, Arc::new(direct)))
    }
}

/// Write `entries` at `put` (the caller checked there is room) and publish
/// GP_PUT; `put` is the channel's, held locked.
#[inline(always)]
fn publish_entries<S: Syscalls>(ch: &Channel<S>, put: &mut PutState, entries: &[GpFifoEntry]) {
    let n = ch.entries();
    for e in entries {
        ch.write_entry(put.put, e.encode());
        put.put = (put.put + 1) & (n - 1);
    }
    put.dirty = true;
    ch.set_gp_put(put.put);
}

/// The direct path of a [`SubmitPort`]: the channel, the seam and the
/// usermode mapping held by reference count, so a submit finds nothing
/// and takes only the channel's `put` lock. A faulted, destroyed or full
/// channel is left to `submit`, which says why or waits for room.
struct DirectChannel<S: Syscalls> {
    ch: Arc<Channel<S>>,
    sys: Arc<S>,
    /// The doorbell word: DOORBELL_OFFSET into `_usermode`.
    doorbell: usize,
    /// Keeps the usermode window (and so `doorbell`) mapped.
    _usermode: Arc<CpuMapping<S>>,
}

impl<S: Syscalls> DirectSubmit for DirectChannel<S> {
    #[inline]
    fn try_submit_one(&self, word: u64) -> bool {
        let ch = &*self.ch;
        // A word that is no entry goes the general way, which refuses it.
        if word & gpuiface_hal::codec::gpfifo::RESERVED_BITS != 0 {
            return false;
        }
        if ch.closed.load(std::sync::atomic::Ordering::Acquire) || ch.has_fault() {
            return false;
        }
        let mask = ch.entries() - 1;
        // Another submitter holds GP_PUT: the general path waits for it. Not
        // waiting here leaves the direct path with no call to make but the
        // doorbell's, so it saves no registers for one.
        let Some(mut put) = ch.put.try_lock() else {
            return false;
        };
        // GP_GET comes from GPU-written memory: reduced, never trusted as an
        // index. One entry needs one free slot (the ring holds `mask` at most).
        if ch.gp_get().wrapping_sub(put.put).wrapping_sub(1) & mask == 0 {
            return false;
        }
        ch.write_entry(put.put, word);
        put.put = (put.put + 1) & mask;
        put.dirty = true;
        ch.set_gp_put(put.put);
        drop(put);
        // SAFETY: as in `try_submit`.
        unsafe { self.sys.ring_doorbell(self.doorbell as *mut u32, ch.token) };
        true
    }

    #[inline]
    fn try_submit(&self, entries: &[GpFifoEntry]) -> bool {
        let ch = &*self.ch;
        if ch.closed.load(std::sync::atomic::Ordering::Acquire) || ch.has_fault() {
            return false;
        }
        let n = ch.entries();
        let needed = match u32::try_from(entries.len()) {
            Ok(k) if k < n => k,
            _ => return false,
        };
        let mut put = ch.put.lock();
        // GP_GET comes from GPU-written memory: reduced, never trusted as an index.
        if (ch.gp_get().wrapping_sub(put.put).wrapping_sub(1) & (n - 1)) < needed {
            return false;
        }
        publish_entries(ch, &mut put, entries);
        // SAFETY: `doorbell` is DOORBELL_OFFSET (a 4-aligned word below
        // USERMODE_SIZE, const-asserted in hal::hw) into the usermode mapping that
        // `_usermode` keeps alive as long as `self`; the backend writes that word
        // only through `ring_doorbell`'s atomic store.
        unsafe { self.sys.ring_doorbell(self.doorbell as *mut u32, ch.token) };
        true
    }
}

// The errors of a submit, out of its hot path (their formatting would
// otherwise weigh on every submit's prologue).

#[cold]
#[inline(never)]
fn not_a_channel(channel: RmHandle) -> Error {
    Error::invalid("submit", format!("{channel} is not a channel"))
}

#[cold]
#[inline(never)]
fn faulted(channel: RmHandle, fault: gpuiface_hal::FaultRecord) -> Error {
    Error::hang(
        format!("{channel} has faulted and accepts no more work; recreate its channel (a new Runtime)"),
        Some(fault),
    )
}

#[cold]
#[inline(never)]
fn never_fits(channel: RmHandle, len: usize, n: u32) -> Error {
    Error::invalid(
        "submit",
        format!("{len} entries never fit channel {channel}'s {n}-entry GPFIFO (at most {})", n.saturating_sub(1)),
    )
}
