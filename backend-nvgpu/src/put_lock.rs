//! [`PutLock`]: the lock of a channel's GP_PUT.
//!
//! Every holder writes a few GPFIFO entries and GP_PUT and lets go: no
//! holder blocks, waits for the GPU or calls out while it holds the lock
//! (`submit_when_room` lets go before it yields). So a spin lock serves:
//! one compare-and-swap to take it and a plain release store to give it
//! back, where a parking lock pays a second locked instruction on every
//! submit to check for parked waiters. A waiter spins briefly, then yields
//! its time slice (a holder preempted on a busy machine gets the CPU back).
//! [`lock_api`] builds the guard and the `Mutex` around the raw lock.

use std::sync::atomic::{AtomicBool, Ordering};

/// Spins before a waiter yields its time slice.
const SPINS_BEFORE_YIELD: u32 = 64;

/// The raw lock: `true` while held.
pub(crate) struct RawSpinLock(AtomicBool);

// SAFETY: `lock` returns only after this thread's compare-and-swap turned the
// flag from false to true (Acquire), and only `unlock`, whose contract is that
// the caller holds the lock, turns it back (Release): one holder at a time,
// and what a holder wrote is visible to the next.
unsafe impl lock_api::RawMutex for RawSpinLock {
    #[allow(clippy::declare_interior_mutable_const)]
    const INIT: RawSpinLock = RawSpinLock(AtomicBool::new(false));
    type GuardMarker = lock_api::GuardSend;

    #[inline]
    fn lock(&self) {
        if !self.try_lock() {
            self.lock_contended();
        }
    }

    #[inline]
    fn try_lock(&self) -> bool {
        self.0.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_ok()
    }

    #[inline]
    unsafe fn unlock(&self) {
        self.0.store(false, Ordering::Release);
    }

    fn is_locked(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl RawSpinLock {
    #[cold]
    fn lock_contended(&self) {
        let mut spins = 0u32;
        loop {
            // Read until it looks free, then try: waiters do not fight over
            // the line with locked instructions while it is held.
            while self.0.load(Ordering::Relaxed) {
                if spins < SPINS_BEFORE_YIELD {
                    spins += 1;
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
            if lock_api::RawMutex::try_lock(self) {
                return;
            }
        }
    }
}

/// A channel's GP_PUT behind its spin lock.
pub(crate) type PutLock = lock_api::Mutex<RawSpinLock, u32>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Threads that each add to the guarded value many times: with one
    /// holder at a time no increment is lost.
    #[test]
    fn holders_never_overlap() {
        let lock = PutLock::new(0);
        const THREADS: u32 = 4;
        const EACH: u32 = 10_000;
        std::thread::scope(|s| {
            for _ in 0..THREADS {
                s.spawn(|| {
                    for _ in 0..EACH {
                        let mut g = lock.lock();
                        // A read and a write apart: an overlapping holder would lose one.
                        let v = *g;
                        std::hint::black_box(&v);
                        *g = v + 1;
                    }
                });
            }
        });
        assert_eq!(*lock.lock(), THREADS * EACH);
        assert!(!lock.is_locked());
        let g = lock.try_lock().expect("free");
        assert!(lock.try_lock().is_none(), "held");
        drop(g);
    }
}
