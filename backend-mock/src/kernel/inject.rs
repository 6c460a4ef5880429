//! Failure injection: make the `nth` matching call (an ioctl by name or
//! number, an mmap, munmap or close) fail with an errno before it has any
//! effect.

use gpuiface_hal::Errno;

use super::state::lock;
use super::MockKernel;

/// Which ioctls an injected failure matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Matcher {
    /// By C name (`"NVMAP_IOC_ALLOC"`).
    Name(String),
    /// By number.
    Number(u32),
    /// Every ioctl.
    Any,
    /// mmap calls.
    Mmap,
    /// munmap calls.
    Munmap,
    /// close calls on the model's fds (a failure before any effect: the fd
    /// and its object stay).
    Close,
    /// Every call of any kind (ioctl, mmap, munmap, close): what a sweep
    /// over teardown steps uses.
    AnyCall,
}

/// The kind of a call, for injection matching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CallKind {
    Ioctl,
    Mmap,
    Munmap,
    Close,
}

#[derive(Debug)]
pub(super) struct Injection {
    matcher: Matcher,
    nth: usize,
    seen: usize,
    errno: Errno,
}

impl MockKernel {
    /// Make the `nth` (1-based) ioctl matching `matcher` from now on fail
    /// with `errno`, before it has any effect.
    pub fn inject_failure(&self, matcher: Matcher, nth: usize, errno: Errno) {
        lock(&self.injections).push(Injection { matcher, nth: nth.max(1), seen: 0, errno });
    }

    /// Drop every pending injection.
    pub fn clear_injections(&self) {
        lock(&self.injections).clear();
    }

    pub(super) fn injected(&self, name: Option<&str>, number: u32, mmap: bool) -> Option<Errno> {
        self.injected_call(name, number, if mmap { CallKind::Mmap } else { CallKind::Ioctl })
    }

    pub(super) fn injected_call(&self, name: Option<&str>, number: u32, call: CallKind) -> Option<Errno> {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut inj = lock(&self.injections);
        let ioctl = call == CallKind::Ioctl;
        // Every pending injection counts this call (not only until the first
        // one fires): injecting at call 1 and at call 2 fails both. One call
        // fails once; an injection whose call was taken by another fails the
        // next matching call instead.
        let mut fired = None;
        for (idx, i) in inj.iter_mut().enumerate() {
            let hit = match &i.matcher {
                Matcher::Name(n) => ioctl && Some(n.as_str()) == name,
                Matcher::Number(n) => ioctl && *n == number,
                Matcher::Any => ioctl,
                Matcher::Mmap => call == CallKind::Mmap,
                Matcher::Munmap => call == CallKind::Munmap,
                Matcher::Close => call == CallKind::Close,
                Matcher::AnyCall => true,
            };
            if hit {
                i.seen += 1;
                if i.seen >= i.nth && fired.is_none() {
                    fired = Some(idx);
                }
            }
        }
        Some(inj.remove(fired?).errno)
    }

    /// Calls made so far (ioctls, mmaps, munmaps, closes of model fds): the
    /// positions [`Matcher::AnyCall`] counts.
    pub fn calls(&self) -> u64 {
        self.calls.load(std::sync::atomic::Ordering::Relaxed)
    }
}
