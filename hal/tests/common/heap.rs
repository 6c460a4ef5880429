//! A counting global allocator for tests that bound what code allocates:
//! the bytes live on the heap, their peak, and an optional cap past which
//! an allocation is refused (null, which the caller reports), so a test
//! of hostile input aborts its own binary rather than exhaust the machine.
//!
//! A test binary includes it with `#[path]` (`hal/tests`, and the runtime's
//! `launch_bounded.rs`) and installs it:
//!
//! ```ignore
//! #[path = "common/heap.rs"]
//! mod heap;
//! #[global_allocator]
//! static COUNTING: heap::Counting = heap::Counting::with_cap(usize::MAX);
//! ```

#![allow(dead_code)] // each binary uses what it needs

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts the bytes live on the heap and their peak; refuses past `cap`.
pub struct Counting {
    cap: usize,
}

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

impl Counting {
    /// An allocator refusing to let the heap hold more than `cap` bytes.
    pub const fn with_cap(cap: usize) -> Counting {
        Counting { cap }
    }
}

// SAFETY: forwards to the system allocator; only counts, and refuses
// (returns null) past the cap.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        if now > self.cap {
            LIVE.fetch_sub(l.size(), Ordering::Relaxed);
            return std::ptr::null_mut();
        }
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        // SAFETY: `p` came from `alloc` with `l`.
        unsafe { System.dealloc(p, l) }
    }
}

/// Peak heap growth while `f` runs. Run such measurements one at a time
/// ([`serial`]): the counters are the whole binary's.
pub fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let r = f();
    (r, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Hold while measuring: the tests of a binary run on several threads.
pub fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|p| p.into_inner())
}
