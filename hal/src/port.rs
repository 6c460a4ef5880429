//! [`SubmitPort`]: a channel's submits resolved once.
//!
//! [`GpuIface::submit`] names its channel by handle, so every call finds
//! the channel again (a table under a lock) and checks the handle. A
//! runtime that submits to the same channel thousands of times a second
//! asks once for a port ([`GpuIface::submit_port`]) and submits through it:
//! a backend with a direct path publishes the entries straight into the
//! channel it resolved at creation; anything the direct path does not take
//! (a full ring, a faulted or destroyed channel, a backend without one)
//! goes through [`GpuIface::submit`], which reports the precise error.

use std::sync::Arc;

use crate::codec::gpfifo::GpFifoEntry;
use crate::error::Result;
use crate::iface::GpuIface;
use crate::types::RmHandle;

/// A backend's direct submit path to one channel (see [`SubmitPort`]).
///
/// It holds what it needs to publish entries (the channel's ring, its
/// GP_PUT, the doorbell) alive by itself, so a port is sound whatever
/// happens to the handle meanwhile; a channel destroyed through
/// [`GpuIface::rm_free`] takes no more work through it.
pub trait DirectSubmit: Send + Sync {
    /// Publish `entries` and ring the doorbell, all of them or none.
    /// `false`: nothing was written, and the general path
    /// ([`GpuIface::submit`]) must take them: the ring has no room for
    /// them now, the channel has faulted or was destroyed.
    fn try_submit(&self, entries: &[GpFifoEntry]) -> bool;

    /// [`try_submit`](Self::try_submit) of one entry (a replay's whole
    /// submission), given encoded ([`GpFifoEntry::encode`]); a backend may
    /// give it a shorter path. A word with a
    /// [reserved bit](crate::codec::gpfifo::RESERVED_BITS) set is no
    /// entry: `false`, and the general path refuses it.
    ///
    /// Encoded, the entry is one word, passed in a register: as a struct it
    /// is passed through memory, and the callee's reading it back whole
    /// from stores of its fields cannot be served from the store buffer,
    /// so it waits for every store before it (a submission's command-memory
    /// writes) to reach the cache.
    #[inline]
    fn try_submit_one(&self, entry: u64) -> bool {
        match GpFifoEntry::decode(entry) {
            Some(e) => self.try_submit(std::slice::from_ref(&e)),
            None => false,
        }
    }
}

/// Repeated submits to one channel, resolved once ([`GpuIface::submit_port`]).
///
/// ```
/// use gpuiface_hal::{GpFifoEntry, GpuIface, Result, RmHandle};
///
/// fn submit_twice<I: GpuIface + ?Sized>(dev: &I, channel: RmHandle, entry: GpFifoEntry) -> Result<()> {
///     let port = dev.submit_port(channel)?; // the channel is found once
///     port.submit(dev, &[entry, entry])?;
///     port.submit_one(dev, entry) // one entry: the shortest path
/// }
/// # let _ = submit_twice::<dyn GpuIface>;
/// ```
#[derive(Clone)]
pub struct SubmitPort {
    channel: RmHandle,
    direct: Option<Arc<dyn DirectSubmit>>,
}

impl std::fmt::Debug for SubmitPort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SubmitPort").field("channel", &self.channel).field("direct", &self.direct.is_some()).finish()
    }
}

impl SubmitPort {
    /// A port that submits through [`GpuIface::submit`] every time (the
    /// default: a wrapper backend keeps seeing every submit).
    pub fn new(channel: RmHandle) -> Self {
        SubmitPort { channel, direct: None }
    }

    /// A port with a backend's direct path to `channel`.
    pub fn with_direct(channel: RmHandle, direct: Arc<dyn DirectSubmit>) -> Self {
        SubmitPort { channel, direct: Some(direct) }
    }

    /// The channel it submits to.
    pub fn channel(&self) -> RmHandle {
        self.channel
    }

    /// True when the backend gave it a direct path.
    pub fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    /// [`GpuIface::submit`] `entries` to the port's channel: through the
    /// direct path when it takes them, else through `iface` (the device
    /// the port came from), which waits for room or reports the error.
    #[inline]
    pub fn submit<I: GpuIface + ?Sized>(&self, iface: &I, entries: &[GpFifoEntry]) -> Result<()> {
        if let Some(direct) = &self.direct {
            if direct.try_submit(entries) {
                return Ok(());
            }
        }
        iface.submit(self.channel, entries)
    }

    /// [`submit`](Self::submit) of one entry.
    #[inline]
    pub fn submit_one<I: GpuIface + ?Sized>(&self, iface: &I, entry: GpFifoEntry) -> Result<()> {
        self.submit_encoded(iface, entry.encode())
    }

    /// [`submit_one`](Self::submit_one) of an entry already encoded
    /// ([`GpFifoEntry::encode`], or a
    /// [`RelocatableEntry`](crate::codec::gpfifo::RelocatableEntry) placed):
    /// what a replay hands over, with nothing to encode. A word that is
    /// no entry (a reserved bit set) is refused, and nothing is submitted.
    ///
    /// ```
    /// use gpuiface_hal::{GpFifoEntry, GpuIface, Result, SubmitPort};
    ///
    /// fn replay_at<I: GpuIface + ?Sized>(dev: &I, port: &SubmitPort, pushbuffers: &[u64]) -> Result<()> {
    ///     let fixed = GpFifoEntry::new(0, 64).relocatable(); // once
    ///     for &va in pushbuffers {
    ///         port.submit_encoded(dev, fixed.at(va))?;
    ///     }
    ///     Ok(())
    /// }
    /// # let _ = replay_at::<dyn GpuIface>;
    /// ```
    #[inline(always)]
    pub fn submit_encoded<I: GpuIface + ?Sized>(&self, iface: &I, word: u64) -> Result<()> {
        if let Some(direct) = &self.direct {
            if direct.try_submit_one(word) {
                return Ok(());
            }
        }
        self.submit_slow(iface, word)
    }

    /// [`submit_encoded`](Self::submit_encoded) of what the direct path
    /// did not take (or a port without one): through `iface`.
    #[inline(never)]
    fn submit_slow<I: GpuIface + ?Sized>(&self, iface: &I, word: u64) -> Result<()> {
        match GpFifoEntry::decode(word) {
            Some(entry) => iface.submit(self.channel, std::slice::from_ref(&entry)),
            None => Err(crate::Error::invalid(
                "SubmitPort::submit_encoded",
                format!("{word:#018x} is no GPFIFO entry (a reserved bit is set)"),
            )),
        }
    }
}
