//! Usermode submission (no ioctl): GPFIFO entries into the channel's ring,
//! GP_PUT into its USERD, a store barrier, and the work-submit token into the
//! doorbell of the usermode register window (the ctrl fd's mmap).

use std::sync::Arc;
use std::time::{Duration, Instant};

use gpuiface_hal::{Error, GpFifoEntry, Result, RmHandle, UsermodeRegs};

use crate::device::{lock, NvgpuDevice, DOORBELL_OFFSET, USERMODE_SIZE};
use crate::fd::CpuMapping;
use crate::sys::Syscalls;

/// How long `submit` waits for room in a full GPFIFO ring.
pub const RING_FULL_TIMEOUT: Duration = Duration::from_secs(10);

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
        let ch = match self.submit_channels.read().unwrap_or_else(|p| p.into_inner()).get(&channel) {
            Some(c) => c.clone(),
            None => return Err(Error::invalid("submit", format!("{channel} is not a channel"))),
        };
        // A faulted channel executes nothing more: say so now rather than at
        // the next wait. Recovery: drop what uses the channel (the Runtime)
        // and set up a new one; the device and its buffers stay usable.
        if let Some(fault) = self.channel_fault(&ch) {
            return Err(Error::hang(
                format!("{channel} has faulted and accepts no more work; recreate its channel (a new Runtime)"),
                Some(fault),
            ));
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
            _ => {
                return Err(Error::invalid(
                    "submit",
                    format!(
                        "{} entries never fit channel {channel}'s {n}-entry GPFIFO (at most {})",
                        entries.len(),
                        n - 1
                    ),
                ))
            }
        };
        let mut put = lock(&ch.put);
        let started = Instant::now();
        // GP_GET comes from GPU-written memory: reduced, never trusted as an index.
        while (ch.gp_get() % n + n - *put - 1) % n < needed {
            if started.elapsed() > RING_FULL_TIMEOUT {
                return Err(Error::hang(
                    format!("GPFIFO of channel {channel} had no room for {needed} entries for {RING_FULL_TIMEOUT:?}; none was queued"),
                    self.faulted_channel(),
                ));
            }
            std::thread::yield_now();
        }
        for e in entries {
            ch.write_entry(*put, e.encode());
            *put = (*put + 1) % n;
        }
        ch.set_gp_put(*put);
        // SAFETY: a non-zero `self.doorbell` is only ever stored by `map_usermode`:
        // DOORBELL_OFFSET (a 4-aligned word below USERMODE_SIZE, const-asserted in
        // hal::hw) into the usermode mapping it keeps in `self.usermode`, which only
        // `Drop` clears, never while `&self` is borrowed as here; the backend writes
        // that word nowhere else than through `ring_doorbell`'s atomic store.
        unsafe { self.sys.ring_doorbell(doorbell as *mut u32, ch.token) };
        Ok(())
    }
}
