//! Teardown: a bounded wait for submitted work, then everything the
//! runtime made, in reverse order.

use std::time::Duration;

use gpuiface_hal::{Error, GpuIface};

use super::Runtime;

/// How long teardown waits for a timeline that stopped moving (see
/// [`Runtime::synchronize_for_teardown`]).
const TEARDOWN_STALL: Duration = Duration::from_millis(100);

impl<I: GpuIface> Runtime<I> {
    /// Teardown's wait: for submitted work while it makes progress, up to
    /// the wait timeout; a faulted queue, or a hung one whose timeline has
    /// not moved for [`TEARDOWN_STALL`], is abandoned at once. Closing its
    /// channels then stops it, as the kernel's channel close does.
    fn synchronize_for_teardown(&self) {
        let limit = self.wait_timeout();
        for (e, timeline) in self.timelines.iter().enumerate() {
            let target = self.engine(e).timeline_value;
            let start = std::time::Instant::now();
            let mut seen = timeline.value();
            while start.elapsed() < limit {
                let slice = TEARDOWN_STALL.min(limit);
                match self.iface.signal_wait(timeline, target, slice) {
                    Ok(()) => break,
                    Err(Error::Timeout { .. } | Error::DeviceHang { fault: None, .. }) if timeline.value() > seen => {
                        seen = timeline.value();
                    }
                    Err(_) => break,
                }
            }
        }
    }
}

impl<I: GpuIface> Drop for Runtime<I> {
    fn drop(&mut self) {
        // Best effort: a hung or faulted device must still be torn down
        // cleanly, and promptly.
        self.synchronize_for_teardown();
        if let Some((buffer, _)) = self.local_memory.get_mut().unwrap_or_else(|p| p.into_inner()).take() {
            let _ = self.iface.free(buffer);
        }
        for engine in &mut self.engines {
            engine.get_mut().ring.release(&self.iface);
        }
        // The ports hold the channels: let them go first, so that freeing a
        // channel closes it now.
        drop((self.compute.port.take(), self.copy.port.take()));
        let o = self.objects;
        for h in [
            self.copy.object,
            o.copy_channel,
            self.compute.object,
            o.compute_channel,
            o.context_share,
            o.channel_group,
            o.address_space,
            o.subdevice,
            o.device,
        ] {
            let _ = self.iface.rm_free(h);
        }
    }
}
