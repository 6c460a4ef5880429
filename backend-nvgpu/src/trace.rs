//! An opt-in, process-wide record of the last ioctls the backend issued,
//! whichever [`Syscalls`](crate::Syscalls) serves them (the real kernel, the
//! mock, or the `LD_PRELOAD` mock): what a failure report shows as the
//! "ioctl trace tail".
//!
//! Off by default; while off, recording costs one relaxed atomic load.
//!
//! ```
//! use gpuiface_nvgpu::trace;
//!
//! trace::enable(64);
//! // ... run something that issues ioctls ...
//! let tail: Vec<String> = trace::take();   // oldest first, at most 64 lines
//! trace::disable();
//! # let _ = tail;
//! ```

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use gpuiface_hal::Errno;

static ENABLED: AtomicBool = AtomicBool::new(false);
static RING: Mutex<Ring> = Mutex::new(Ring { lines: VecDeque::new(), capacity: 0 });

struct Ring {
    lines: VecDeque<String>,
    capacity: usize,
}

fn ring() -> std::sync::MutexGuard<'static, Ring> {
    RING.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Start recording, keeping the last `capacity` ioctls (clears the record).
pub fn enable(capacity: usize) {
    let mut r = ring();
    r.lines.clear();
    r.capacity = capacity.max(1);
    ENABLED.store(true, Ordering::Release);
}

/// Stop recording (the record is kept until [`take`] or [`enable`]).
pub fn disable() {
    ENABLED.store(false, Ordering::Release);
}

/// Is recording on?
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// The recorded lines, oldest first; the record is left empty.
pub fn take() -> Vec<String> {
    ring().lines.drain(..).collect()
}

/// Record one ioctl: `NVGPU_IOCTL_CHANNEL_SETUP_BIND (fd 7) = -EINVAL`.
pub(crate) fn record(name: &str, fd: i32, result: &Result<i32, Errno>) {
    if !enabled() {
        return;
    }
    let line = match result {
        Ok(v) => format!("{name} (fd {fd}) = {v}"),
        Err(e) => format!("{name} (fd {fd}) = -{e}"),
    };
    let mut r = ring();
    while r.lines.len() >= r.capacity {
        r.lines.pop_front();
    }
    r.lines.push_back(line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_lines_only_while_enabled() {
        record("BEFORE", 1, &Ok(0));
        enable(2);
        record("A", 3, &Ok(0));
        record("B", 3, &Err(Errno::EINVAL));
        record("C", 4, &Ok(5));
        disable();
        record("AFTER", 4, &Ok(0));
        assert_eq!(take(), vec!["B (fd 3) = -EINVAL".to_string(), "C (fd 4) = 5".to_string()]);
        assert!(take().is_empty());
    }
}
