//! Errors: a rich [`Error`] underneath, a small [`ErrorKind`] on top.
//!
//! Generic code matches on [`Error::kind`] (the embedded-hal pattern); people
//! read the `Display` text, which always names the failing operation, e.g.
//! `NVGPU_IOCTL_CHANNEL_SETUP_BIND failed: EINVAL (invalid argument)`.

use std::fmt;
use std::time::Duration;

/// A `Result` whose error is this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The coarse class of an [`Error`], for generic code to match on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Memory (physical, GPU VA, handles, channels) ran out.
    OutOfMemory,
    /// The request was malformed or broke a kernel rule.
    InvalidArgument,
    /// The backend or kernel does not implement this (class, control, ABI version).
    Unsupported,
    /// A wait ran out of time without the device reporting a fault.
    Timeout,
    /// The GPU stopped making progress or faulted; see [`Error::DeviceHang`].
    DeviceHang,
    /// The device went away or is unusable.
    DeviceLost,
    /// The resource is busy; retrying later may succeed.
    Busy,
    /// The caller may not use the resource (`EACCES`): for a device node,
    /// the user is not in the group that owns it.
    PermissionDenied,
    /// The resource does not exist (`ENOENT`): for a device node, this is
    /// not a Jetson or the node is not passed into the container.
    NotFound,
    /// Anything else.
    Other,
}

/// A Linux errno value, printed by its symbolic name.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Errno(pub i32);

impl Errno {
    /// `EPERM`
    pub const EPERM: Errno = Errno(libc::EPERM);
    /// `ENOENT`
    pub const ENOENT: Errno = Errno(libc::ENOENT);
    /// `EIO`
    pub const EIO: Errno = Errno(libc::EIO);
    /// `EBADF`
    pub const EBADF: Errno = Errno(libc::EBADF);
    /// `EAGAIN`
    pub const EAGAIN: Errno = Errno(libc::EAGAIN);
    /// `ENOMEM`
    pub const ENOMEM: Errno = Errno(libc::ENOMEM);
    /// `EFAULT`
    pub const EFAULT: Errno = Errno(libc::EFAULT);
    /// `EBUSY`
    pub const EBUSY: Errno = Errno(libc::EBUSY);
    /// `EEXIST`
    pub const EEXIST: Errno = Errno(libc::EEXIST);
    /// `ENODEV`
    pub const ENODEV: Errno = Errno(libc::ENODEV);
    /// `EINVAL`
    pub const EINVAL: Errno = Errno(libc::EINVAL);
    /// `ENOTTY`
    pub const ENOTTY: Errno = Errno(libc::ENOTTY);
    /// `ENOSPC`
    pub const ENOSPC: Errno = Errno(libc::ENOSPC);
    /// `ENOSYS`
    pub const ENOSYS: Errno = Errno(libc::ENOSYS);
    /// `ETIMEDOUT`
    pub const ETIMEDOUT: Errno = Errno(libc::ETIMEDOUT);
    /// `EACCES`
    pub const EACCES: Errno = Errno(libc::EACCES);
    /// `EADDRNOTAVAIL`
    pub const EADDRNOTAVAIL: Errno = Errno(libc::EADDRNOTAVAIL);

    /// The symbolic name (`"EINVAL"`), or `None` for a value this table lacks.
    pub fn name(self) -> Option<&'static str> {
        Some(match self.0 {
            libc::EPERM => "EPERM",
            libc::ENOENT => "ENOENT",
            libc::EIO => "EIO",
            libc::EBADF => "EBADF",
            libc::EAGAIN => "EAGAIN",
            libc::ENOMEM => "ENOMEM",
            libc::EFAULT => "EFAULT",
            libc::EBUSY => "EBUSY",
            libc::EEXIST => "EEXIST",
            libc::ENODEV => "ENODEV",
            libc::EINVAL => "EINVAL",
            libc::ENOTTY => "ENOTTY",
            libc::ENOSPC => "ENOSPC",
            libc::ENOSYS => "ENOSYS",
            libc::ETIMEDOUT => "ETIMEDOUT",
            libc::EADDRNOTAVAIL => "EADDRNOTAVAIL",
            libc::ENXIO => "ENXIO",
            libc::EACCES => "EACCES",
            libc::EOPNOTSUPP => "EOPNOTSUPP",
            libc::ERANGE => "ERANGE",
            libc::EMFILE => "EMFILE",
            _ => return None,
        })
    }

    /// The errno read from the thread's `errno` after a failed libc call.
    pub fn last() -> Errno {
        Errno(std::io::Error::last_os_error().raw_os_error().unwrap_or(libc::EIO))
    }

    /// How generic code should treat this errno.
    pub fn kind(self) -> ErrorKind {
        match self.0 {
            libc::ENOMEM | libc::ENOSPC | libc::EMFILE => ErrorKind::OutOfMemory,
            libc::EINVAL
            | libc::EBADF
            | libc::EFAULT
            | libc::EEXIST
            | libc::ERANGE
            | libc::EPERM
            | libc::EADDRNOTAVAIL => ErrorKind::InvalidArgument,
            libc::EACCES => ErrorKind::PermissionDenied,
            libc::ENOENT => ErrorKind::NotFound,
            // ENOTTY: the kernel knows no ioctl of that number, i.e. an ABI mismatch.
            libc::ENOTTY | libc::ENOSYS | libc::EOPNOTSUPP => ErrorKind::Unsupported,
            libc::EBUSY | libc::EAGAIN => ErrorKind::Busy,
            libc::ETIMEDOUT => ErrorKind::Timeout,
            libc::ENODEV | libc::ENXIO | libc::EIO => ErrorKind::DeviceLost,
            _ => ErrorKind::Other,
        }
    }
}

impl fmt::Display for Errno {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => write!(f, "{name}"),
            None => write!(f, "errno {}", self.0),
        }
    }
}

impl fmt::Debug for Errno {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({})", self.0)
    }
}

/// The engine a GPU fault was raised by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The host (PBDMA): GPFIFO and pushbuffer fetch, semaphores.
    Host,
    /// The compute engine (GR).
    Compute,
    /// The copy engine (CE).
    Copy,
    /// The error notifier did not say (an MMU fault on a real device: the
    /// kernel log names the engine).
    Unknown,
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Engine::Host => "host",
            Engine::Compute => "compute",
            Engine::Copy => "copy",
            Engine::Unknown => "unknown engine",
        })
    }
}

/// What the kernel (or the mock) reported about a GPU fault.
///
/// Built with [`FaultRecord::new`] (the struct grows):
///
/// ```
/// use gpuiface_hal::{Engine, FaultRecord};
/// let f = FaultRecord::new(Engine::Copy, 3, 31, "MMU fault: copy read at 0x1000")
///     .with_address(0x1000)
///     .with_buffer("no buffer of this device");
/// assert_eq!(f.address, Some(0x1000));
/// assert!(f.to_string().starts_with("copy fault on channel 3 at GPU VA 0x1000"));
/// assert!(f.to_string().contains("no buffer of this device"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FaultRecord {
    /// The faulting GPU virtual address, when the fault is a memory fault.
    pub address: Option<u64>,
    /// The engine that faulted.
    pub engine: Engine,
    /// The hardware channel id.
    pub channel: u32,
    /// The error notifier code (`NVGPU_ERR_NOTIFIER_*`), if any.
    pub notifier_code: u32,
    /// A human-readable reason.
    pub reason: String,
    /// What [`FaultRecord::address`] belongs to, as the backend knows it:
    /// a buffer of the device (its id, range and the offset into it), or a
    /// statement that it belongs to none.
    pub buffer: Option<String>,
    /// Where to read more (on a real device: the kernel log and debugfs).
    pub see_also: Option<String>,
}

impl FaultRecord {
    /// A record without address, buffer or pointer to more.
    pub fn new(engine: Engine, channel: u32, notifier_code: u32, reason: impl Into<String>) -> FaultRecord {
        FaultRecord {
            address: None,
            engine,
            channel,
            notifier_code,
            reason: reason.into(),
            buffer: None,
            see_also: None,
        }
    }
    /// The faulting GPU VA.
    pub fn with_address(mut self, address: u64) -> FaultRecord {
        self.address = Some(address);
        self
    }
    /// What the address belongs to.
    pub fn with_buffer(mut self, buffer: impl Into<String>) -> FaultRecord {
        self.buffer = Some(buffer.into());
        self
    }
    /// Where to read more.
    pub fn with_see_also(mut self, see_also: impl Into<String>) -> FaultRecord {
        self.see_also = Some(see_also.into());
        self
    }
}

impl fmt::Display for FaultRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} fault on channel {}", self.engine, self.channel)?;
        if let Some(addr) = self.address {
            write!(f, " at GPU VA {addr:#x}")?;
        }
        write!(f, ": {} (notifier {})", self.reason, self.notifier_code)?;
        if let Some(b) = &self.buffer {
            write!(f, "; the address is in {b}")?;
        }
        if let Some(s) = &self.see_also {
            write!(f, "; more in {s}")?;
        }
        Ok(())
    }
}

/// Every error gpuiface returns.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A system call failed; `op` is the C name of the ioctl (or `mmap`, `open`, ...).
    #[error("{op} failed: {errno} ({})", kind_text(errno.kind()))]
    #[non_exhaustive]
    Sys {
        /// The operation, by its C name.
        op: &'static str,
        /// The errno the kernel returned.
        errno: Errno,
    },
    /// The caller's request was rejected before it reached the kernel.
    #[error("{op}: invalid argument: {reason}")]
    #[non_exhaustive]
    InvalidArgument {
        /// The API call.
        op: &'static str,
        /// Why.
        reason: String,
    },
    /// The request does not fit in memory or address space.
    #[error("{op}: out of memory: {reason}")]
    #[non_exhaustive]
    OutOfMemory {
        /// The API call.
        op: &'static str,
        /// Why.
        reason: String,
    },
    /// Not implemented by this backend, or not by this kernel.
    #[error("unsupported by the {backend} backend: {what}")]
    #[non_exhaustive]
    Unsupported {
        /// The backend's name.
        backend: &'static str,
        /// What was asked for.
        what: String,
    },
    /// A wait ran out of time and the device reported no fault.
    #[error("timed out after {timeout:?} waiting for {what}")]
    #[non_exhaustive]
    Timeout {
        /// What was awaited.
        what: String,
        /// How long.
        timeout: Duration,
    },
    /// The GPU hung or faulted while the caller waited.
    #[error("GPU hang: {detail}{}", fault.as_ref().map(|f| format!("; {f}")).unwrap_or_default())]
    #[non_exhaustive]
    DeviceHang {
        /// What the caller was waiting for.
        detail: String,
        /// What the kernel reported, if anything (boxed: it is large and rare).
        fault: Option<Box<FaultRecord>>,
    },
    /// The device is gone or unusable.
    #[error("device lost: {0}")]
    #[non_exhaustive]
    DeviceLost(String),
    /// A device node could not be opened; the text names the node and,
    /// for the common causes, the fix (see [`Error::open`]), then what the
    /// caller can use instead, if it said ([`Error::or_instead`]).
    #[error(
        "cannot open {path}: {errno} ({}){}{}",
        kind_text(errno.kind()),
        open_hint(path, *errno),
        instead.map(|i| format!("; {i}")).unwrap_or_default()
    )]
    #[non_exhaustive]
    Open {
        /// The node.
        path: String,
        /// What `open(2)` returned.
        errno: Errno,
        /// What to use instead of the device, as the caller that knows
        /// says (the `gpuiface` facade built with its mock: its variable).
        instead: Option<&'static str>,
    },
    /// The resource is busy.
    #[error("{op}: busy: {reason}")]
    #[non_exhaustive]
    Busy {
        /// The API call.
        op: &'static str,
        /// Why.
        reason: String,
    },
}

fn kind_text(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::OutOfMemory => "out of memory",
        ErrorKind::InvalidArgument => "invalid argument",
        ErrorKind::Unsupported => "unsupported",
        ErrorKind::Timeout => "timeout",
        ErrorKind::DeviceHang => "device hang",
        ErrorKind::DeviceLost => "device lost",
        ErrorKind::Busy => "busy",
        ErrorKind::PermissionDenied => "permission denied",
        ErrorKind::NotFound => "not found",
        ErrorKind::Other => "other",
    }
}

/// The fix for the common reasons a device node does not open.
fn open_hint(path: &str, errno: Errno) -> String {
    match errno.0 {
        libc::EACCES | libc::EPERM => format!(
            ": {path} belongs to the `video`/`render` group; add the user to it \
             (sudo usermod -aG video,render $USER, then log in again) or run in a container with the group"
        ),
        libc::ENOENT | libc::ENODEV | libc::ENXIO => format!(
            ": no {path}: not a Jetson, or the device is not passed into this container \
             (docker run --device {path} ...)"
        ),
        _ => String::new(),
    }
}

impl Error {
    /// The coarse class, for generic code.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Sys { errno, .. } => errno.kind(),
            Error::InvalidArgument { .. } => ErrorKind::InvalidArgument,
            Error::OutOfMemory { .. } => ErrorKind::OutOfMemory,
            Error::Unsupported { .. } => ErrorKind::Unsupported,
            Error::Timeout { .. } => ErrorKind::Timeout,
            Error::DeviceHang { .. } => ErrorKind::DeviceHang,
            Error::DeviceLost(_) => ErrorKind::DeviceLost,
            Error::Busy { .. } => ErrorKind::Busy,
            Error::Open { errno, .. } => errno.kind(),
        }
    }

    /// The errno, when a system call failed.
    pub fn errno(&self) -> Option<Errno> {
        match self {
            Error::Sys { errno, .. } | Error::Open { errno, .. } => Some(*errno),
            _ => None,
        }
    }

    /// The failing operation's name, where the error carries one.
    pub fn op(&self) -> Option<&'static str> {
        match self {
            Error::Sys { op, .. }
            | Error::InvalidArgument { op, .. }
            | Error::OutOfMemory { op, .. }
            | Error::Busy { op, .. } => Some(op),
            _ => None,
        }
    }

    /// Shorthand for [`Error::Sys`].
    pub fn sys(op: &'static str, errno: Errno) -> Error {
        Error::Sys { op, errno }
    }

    /// [`Error::Open`]: `open(2)` of the device node `path` failed with
    /// `errno`. `EACCES` is [`ErrorKind::PermissionDenied`], `ENOENT`
    /// [`ErrorKind::NotFound`], and the text says what to do:
    ///
    /// ```
    /// use gpuiface_hal::{Errno, Error, ErrorKind};
    /// let e = Error::open("/dev/nvgpu/igpu0/ctrl", Errno::EACCES);
    /// assert_eq!(e.kind(), ErrorKind::PermissionDenied);
    /// assert!(e.to_string().contains("/dev/nvgpu/igpu0/ctrl") && e.to_string().contains("video"));
    /// let e = Error::open("/dev/nvgpu/igpu0/ctrl", Errno::ENOENT);
    /// assert_eq!(e.kind(), ErrorKind::NotFound);
    /// assert!(e.to_string().contains("not a Jetson"));
    /// ```
    pub fn open(path: impl Into<String>, errno: Errno) -> Error {
        Error::Open { path: path.into(), errno, instead: None }
    }

    /// An [`Error::Open`] that also says what to use instead of the device
    /// (`alternative`); any other error unchanged. The layer that knows
    /// the alternative adds it: the backend does not know whether its
    /// program was built with a mock.
    ///
    /// ```
    /// use gpuiface_hal::{Errno, Error};
    /// let e = Error::open("/dev/nvgpu/igpu0/ctrl", Errno::ENOENT).or_instead("set GPUIFACE_BACKEND=mock");
    /// assert!(e.to_string().ends_with("; set GPUIFACE_BACKEND=mock"), "{e}");
    /// ```
    pub fn or_instead(self, alternative: &'static str) -> Error {
        match self {
            Error::Open { path, errno, .. } => Error::Open { path, errno, instead: Some(alternative) },
            other => other,
        }
    }

    /// [`Error::DeviceHang`]: waiting for `detail`, the device stopped, with
    /// the fault the kernel reported if any.
    pub fn hang(detail: impl Into<String>, fault: Option<FaultRecord>) -> Error {
        Error::DeviceHang { detail: detail.into(), fault: fault.map(Box::new) }
    }

    /// The fault record, when the device reported one.
    pub fn fault(&self) -> Option<&FaultRecord> {
        match self {
            Error::DeviceHang { fault, .. } => fault.as_deref(),
            _ => None,
        }
    }

    /// [`Error::OutOfMemory`].
    pub fn out_of_memory(op: &'static str, reason: impl Into<String>) -> Error {
        Error::OutOfMemory { op, reason: reason.into() }
    }

    /// [`Error::Timeout`]: waiting for `what` ran out after `timeout`.
    pub fn timeout(what: impl Into<String>, timeout: Duration) -> Error {
        Error::Timeout { what: what.into(), timeout }
    }

    /// [`Error::Busy`].
    pub fn busy(op: &'static str, reason: impl Into<String>) -> Error {
        Error::Busy { op, reason: reason.into() }
    }

    /// [`Error::DeviceLost`].
    pub fn device_lost(what: impl Into<String>) -> Error {
        Error::DeviceLost(what.into())
    }

    /// Shorthand for [`Error::InvalidArgument`].
    pub fn invalid(op: &'static str, reason: impl Into<String>) -> Error {
        Error::InvalidArgument { op, reason: reason.into() }
    }

    /// Shorthand for [`Error::Unsupported`].
    pub fn unsupported(backend: &'static str, what: impl Into<String>) -> Error {
        Error::Unsupported { backend, what: what.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sys_error_names_op_and_errno() {
        let e = Error::sys("NVGPU_IOCTL_CHANNEL_SETUP_BIND", Errno::EINVAL);
        assert_eq!(e.to_string(), "NVGPU_IOCTL_CHANNEL_SETUP_BIND failed: EINVAL (invalid argument)");
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.errno(), Some(Errno::EINVAL));
        assert_eq!(e.op(), Some("NVGPU_IOCTL_CHANNEL_SETUP_BIND"));
    }

    #[test]
    fn errno_kinds() {
        assert_eq!(Errno::ENOMEM.kind(), ErrorKind::OutOfMemory);
        assert_eq!(Errno::ENOSPC.kind(), ErrorKind::OutOfMemory);
        assert_eq!(Errno::ENOTTY.kind(), ErrorKind::Unsupported);
        assert_eq!(Errno::EBUSY.kind(), ErrorKind::Busy);
        assert_eq!(Errno::ETIMEDOUT.kind(), ErrorKind::Timeout);
        assert_eq!(Errno::EACCES.kind(), ErrorKind::PermissionDenied);
        assert_eq!(Errno::ENOENT.kind(), ErrorKind::NotFound);
        assert_eq!(Errno(9999).kind(), ErrorKind::Other);
        assert_eq!(Errno(9999).to_string(), "errno 9999");
    }

    #[test]
    fn hang_display_includes_fault() {
        let e = Error::hang(
            "signal 3",
            Some(FaultRecord::new(Engine::Compute, 2, 31, "MMU fault").with_address(0xdead000)),
        );
        let s = e.to_string();
        assert!(s.contains("0xdead000") && s.contains("compute") && s.contains("channel 2"), "{s}");
        assert_eq!(e.kind(), ErrorKind::DeviceHang);
    }
}
