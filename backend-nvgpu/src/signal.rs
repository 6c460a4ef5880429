//! Signals: 16-byte slots carved from host-cached signal pages, handed out
//! from a pool and returned to it when the last clone of a signal drops;
//! waiting spins, yields, then sleeps, and checks the channels' error
//! notifiers so a fault ends the wait with its record.

use std::ptr::NonNull;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use gpuiface_hal::{AllocRequest, Error, Result, Signal};

use crate::device::{lock, NvgpuDevice};
use crate::fd::CpuMapping;
use crate::sys::Syscalls;

/// Signal slots are carved from pages of this size.
const SIGNAL_PAGE: u64 = crate::memory::PAGE;

/// Returns a signal slot to its pool when the last clone of the signal drops.
pub(crate) struct SlotGuard<S: Syscalls> {
    _mapping: Arc<CpuMapping<S>>,
    pool: Weak<Mutex<Vec<Slot<S>>>>,
    slot: Option<Slot<S>>,
}

/// One free signal slot. Made only by `new_signal`: `cpu` is
/// `mapping.addr() + 16 * i` for a slot `i` of the page, so 16 bytes,
/// 16-aligned, inside `mapping`, which the slot keeps alive.
pub(crate) struct Slot<S: Syscalls> {
    gpu_va: u64,
    cpu: usize,
    mapping: Arc<CpuMapping<S>>,
}

impl<S: Syscalls> Drop for SlotGuard<S> {
    fn drop(&mut self) {
        if let (Some(pool), Some(slot)) = (self.pool.upgrade(), self.slot.take()) {
            pool.lock().unwrap_or_else(|p| p.into_inner()).push(slot);
        }
    }
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// `signal_alloc`: a zeroed slot from the pool (a new signal page when it is empty).
    pub(crate) fn new_signal(&self) -> Result<Signal> {
        let slot = {
            let mut pool = lock(&self.signal_pool);
            match pool.pop() {
                Some(s) => s,
                None => {
                    drop(pool);
                    let mut st = lock(&self.state);
                    let page = self.allocate(&mut st, &AllocRequest::new(SIGNAL_PAGE).host())?;
                    let Some(mapping) = page.cpu.clone().filter(|m| m.len() >= SIGNAL_PAGE as usize) else {
                        let _ = self.release(&st, page);
                        return Err(Error::invalid("signal_alloc", "signal page not CPU-mapped whole"));
                    };
                    let base = page.gpu_va;
                    let slots = (0..SIGNAL_PAGE / gpuiface_hal::SIGNAL_SLOT_SIZE).rev().map(|i| Slot {
                        gpu_va: base + i * gpuiface_hal::SIGNAL_SLOT_SIZE,
                        cpu: mapping.addr() + (i * gpuiface_hal::SIGNAL_SLOT_SIZE) as usize,
                        mapping: mapping.clone(),
                    });
                    let slots: Vec<Slot<S>> = slots.collect();
                    st.signal_pages.push(page);
                    let mut pool = lock(&self.signal_pool);
                    pool.extend(slots);
                    pool.pop().expect("a fresh page has slots")
                }
            }
        };
        // SAFETY: `Slot`'s invariant: 16 bytes inside `slot.mapping` (at least a
        // signal page long), which `slot` keeps mapped; 16-aligned.
        unsafe { std::ptr::write_bytes(slot.cpu as *mut u8, 0, gpuiface_hal::SIGNAL_SLOT_SIZE as usize) };
        let (gpu_va, cpu) = (slot.gpu_va, slot.cpu);
        let guard: Arc<dyn Send + Sync> = Arc::new(SlotGuard {
            _mapping: slot.mapping.clone(),
            pool: Arc::downgrade(&self.signal_pool),
            slot: Some(slot),
        });
        let ptr = NonNull::new(cpu as *mut u8).ok_or_else(|| Error::invalid("signal_alloc", "null slot"))?;
        // SAFETY: `Slot`'s invariant: 16 mapped, 16-aligned bytes, kept mapped by the
        // guard's Arc<CpuMapping>, at the CPU view of `gpu_va` of this device's page.
        Ok(unsafe { Signal::from_raw(self.info.device, gpu_va, ptr, guard) })
    }

    /// `signal_wait`: until the signal reaches `value`, a channel faults, or `timeout`.
    pub(crate) fn wait_signal(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        if signal.device() != self.info.device {
            return Err(Error::invalid("signal_wait", "the signal belongs to another device"));
        }
        let start = Instant::now();
        let mut spins = 0u32;
        let mut last_check = start;
        loop {
            if signal.value() >= value {
                return Ok(());
            }
            let now = Instant::now();
            if now.duration_since(last_check) > Duration::from_millis(2) {
                last_check = now;
                if let Some(fault) = self.faulted_channel() {
                    return Err(Error::hang(
                        format!("signal at {:#x} waiting for {value}", signal.gpu_va()),
                        Some(fault),
                    ));
                }
            }
            if now.duration_since(start) >= timeout {
                // A channel that faulted is a hang with its record; otherwise
                // the work may just be long (the channel watchdog is off), or
                // the signal is never released (a graph bug): a timeout.
                return Err(match self.faulted_channel() {
                    Some(fault) => {
                        Error::hang(format!("signal at {:#x} waiting for {value}", signal.gpu_va()), Some(fault))
                    }
                    None => Error::timeout(
                        format!(
                            "signal at {:#x} to reach {value} (it is {}; no channel has faulted)",
                            signal.gpu_va(),
                            signal.value()
                        ),
                        timeout,
                    ),
                });
            }
            spins += 1;
            if spins < 2000 {
                std::hint::spin_loop();
            } else if spins < 4000 {
                std::thread::yield_now();
            } else {
                std::thread::sleep(Duration::from_micros(50));
            }
        }
    }
}
