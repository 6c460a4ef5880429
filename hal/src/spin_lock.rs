//! [`SpinLock`]: a lock for state whose holders are brief and which is
//! taken on every submit (a channel's GP_PUT, a runtime's engine state).
//!
//! One compare-and-swap takes it and a plain release store gives it back,
//! where a parking lock pays a second locked instruction on every unlock
//! to check for parked waiters. A locked instruction waits for every store
//! before it to reach the cache: after a submission's command-memory
//! writes, that is most of what an unlock costs.
//!
//! A waiter spins briefly, then yields its time slice (a holder preempted
//! on a busy machine gets the CPU back), then sleeps in short steps: a
//! holder may block for a while (a runtime waiting for command memory the
//! GPU still uses), and its waiters then cost little CPU. Nothing wakes a
//! sleeper, so a waiter behind such a holder takes the lock up to one step
//! ([`MAX_SLEEP`]) after it is free.
//! [`lock_api`](https://docs.rs/lock_api/0.4) builds the guard and the `Mutex` around the raw lock.
//!
//! ```
//! use gpuiface_hal::spin_lock::SpinLock;
//! let put = SpinLock::new(0u32);
//! *put.lock() += 1;
//! assert_eq!(*put.lock(), 1);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Spins before a waiter yields its time slice.
const SPINS_BEFORE_YIELD: u32 = 64;
/// Yields before a waiter sleeps.
const YIELDS_BEFORE_SLEEP: u32 = 64;
/// A sleeping waiter's first step; each next one doubles, up to [`MAX_SLEEP`].
const FIRST_SLEEP: Duration = Duration::from_micros(5);
/// The longest step a sleeping waiter takes.
pub const MAX_SLEEP: Duration = Duration::from_micros(200);

/// The raw lock: `true` while held.
pub struct RawSpinLock(AtomicBool);

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
        let (mut spins, mut yields, mut sleep) = (0u32, 0u32, FIRST_SLEEP);
        loop {
            // Read until it looks free, then try: waiters do not fight over
            // the line with locked instructions while it is held.
            while self.0.load(Ordering::Relaxed) {
                if spins < SPINS_BEFORE_YIELD {
                    spins += 1;
                    std::hint::spin_loop();
                } else if yields < YIELDS_BEFORE_SLEEP {
                    yields += 1;
                    std::thread::yield_now();
                } else {
                    std::thread::sleep(sleep);
                    sleep = (sleep * 2).min(MAX_SLEEP);
                }
            }
            if lock_api::RawMutex::try_lock(self) {
                return;
            }
        }
    }
}

/// A value behind a [`RawSpinLock`].
pub type SpinLock<T> = lock_api::Mutex<RawSpinLock, T>;
/// A held [`SpinLock`].
pub type SpinLockGuard<'a, T> = lock_api::MutexGuard<'a, RawSpinLock, T>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Threads that each add to the guarded value many times: with one
    /// holder at a time no increment is lost.
    #[test]
    fn holders_never_overlap() {
        let lock = SpinLock::new(0);
        const THREADS: u32 = 4;
        // Fewer under Miri, which runs each step slowly.
        const EACH: u32 = if cfg!(miri) { 200 } else { 10_000 };
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

    /// A waiter behind a holder that blocks for a while (past the spins
    /// and yields, into the sleeps) still takes the lock once it is free,
    /// and sees what the holder wrote.
    #[test]
    fn a_waiter_behind_a_blocking_holder_gets_the_lock() {
        let lock = SpinLock::new(0u32);
        std::thread::scope(|s| {
            let mut g = lock.lock();
            let waiter = s.spawn(|| *lock.lock());
            std::thread::sleep(Duration::from_millis(30));
            *g = 7;
            drop(g);
            assert_eq!(waiter.join().unwrap(), 7);
        });
    }
}
