//! The kernel model: `nvgpu.ko` and `nvmap` as the r36 UAPI defines them.
//!
//! [`MockKernel`] implements [`gpuiface_abi::Syscalls`]. Every fd it hands
//! out is a real fd (a memfd), so `close`, `dup` and `mmap` behave as on
//! Linux, and a dma-buf's mmap maps the very bytes the GPU model reads.
//! Ioctls are decoded by number and byte layout: a wrong struct size is a
//! different number and gets `ENOTTY`, as in the kernel.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | ioctl dispatch, in the kernel's order: the fd, the generic per-fd rules (constraints doc §0), copy-in, the family's handler, copy-out |
//! | `syscalls.rs` | the syscall seam: open, close, the ioctl entry points, mmap / munmap / msync, the doorbell |
//! | `fds.rs` | the fd table: what each fd stands for, dups, numbers closed behind the model's back, release on the last close |
//! | `fork.rs` | `fork(2)`: the model's locks held across it, a child's kernel taking over the objects its fds name |
//! | `state.rs` | [`MockKernel`], its builder, the state under its one lock, the GPU work queued under it |
//! | `nvmap.rs` | `/dev/nvmap`: handles (ids, not fds), ALLOC, GET_FD, FREE, its own number and copy rules, dma-buf mmap (§5) |
//! | `r35.rs` | the L4T r35 kernel: its dispatch limits, its ioctl numbers mapped onto the r36 handlers, its own rules |
//! | `ctrl.rs` | `/dev/nvgpu/igpu0/ctrl`: characteristics, ALLOC_AS, OPEN_TSG, OPEN_CHANNEL, usermode mmap (§1) |
//! | `vm.rs` | address spaces: ALLOC_SPACE, MAP_BUFFER_EX, UNMAP, page-granular translation (§2) |
//! | `tsg.rs` | TSGs: subcontexts (VEIDs), channel binding (§3) |
//! | `channel.rs` | channels: WDT, SETUP_BIND, ALLOC_OBJ_CTX, notifiers, syncpoints (§4) |
//! | `cpumap.rs` | the CPU mappings of the model's fds (usermode window, dma-bufs with cache modes) |
//! | `uaccess.rs` | copy_from_user / copy_to_user for pointers inside arguments (EFAULT, not a crash) |
//! | `trace.rs` | the trace format: strace for nvgpu (every field by name, the rejecting rule) |
//! | `trace_log.rs` | where the trace goes: the in-memory ring, stderr, a file, the `log` target; mmap and GPU-error lines |
//! | `inject.rs` | failure injection ([`Matcher`]) |
//! | `inspect.rs` | what tests see: [`KernelSnapshot`] (leak checks), VMs, CPU mappings, nvmap allocations |
//!
//! Each rule is a small function named after it, citing its section, in
//! the file of its ioctl family (nvmap's own number and copy rules included);
//! the rules every nvgpu fd shares (§0) are this file's.

mod channel;
pub mod cpumap;
mod ctrl;
mod fds;
mod fork;
mod inject;
mod inspect;
mod nvmap;
mod profile;
mod r35;
mod state;
mod syscalls;
pub mod trace;
mod trace_log;
mod tsg;
mod uaccess;
mod vm;

use std::os::fd::RawFd;

use gpuiface_abi::r36::{self as abi, IOC_READ};
use gpuiface_abi::Release;
use gpuiface_hal::Errno;

use crate::usermem;

pub use channel::{GPFIFO_HANG_ABOVE, USER_SYNCPOINT_MAX};
pub use fork::ForkGuard;
pub use inject::Matcher;
pub use inspect::KernelSnapshot;
pub use profile::{Characteristics, SourceValues, JETSON_AGX_ORIN_64GB_FLAGS, R35_SOURCE_VALUES, R36_SOURCE_VALUES};
pub use state::{release_from_env, MockKernel, MockKernelBuilder, DEFAULT_HANG_WAIT_MS, RELEASE_ENV};
pub use trace_log::{TraceEntry, DEFAULT_TRACE_RING, IOCTL_LOG_TARGET};
pub use vm::Vm;

pub(crate) use fds::{FdObj, FileId};
use state::lock;
pub(crate) use state::{GpuAction, KState};

/// A kernel errno result.
pub type KResult<T = i32> = Result<T, Errno>;

/// What an ioctl leaves for its trace line.
#[derive(Debug, Default)]
struct IoctlTrace {
    arg_in: Vec<u8>,
    arg_out: Vec<u8>,
    /// The call is one the real kernel never returns from (why).
    hang: Option<String>,
}

impl MockKernel {
    /// Run one ioctl whose argument is the client address (or value) `arg`,
    /// in the kernel's order: the fd, the fd kind's number/size checks, the
    /// copy-in (`EFAULT`), the handler, then the copy-out on success. Client
    /// memory is touched only through [`crate::usermem`]. `copy_out: false`
    /// is for callers that promised the argument is only read.
    ///
    /// # Safety
    /// As the kernel's ioctl: the copies report an unmapped address
    /// (`EFAULT`) but write whatever is mapped, so `arg`, when the request's
    /// direction and size make it an address, must be the caller's argument
    /// (`_IOC_SIZE` bytes, theirs to read and, for `_IOC_READ` with
    /// `copy_out`, to overwrite), and every user pointer inside it must name
    /// memory that is the caller's for the access the ioctl makes. A bad
    /// (unmapped) address is fine: it is the `EFAULT` answer.
    pub unsafe fn ioctl_at(&self, fd: RawFd, request: u32, arg: u64, copy_out: bool) -> KResult {
        let obj = {
            let st = lock(&self.state);
            st.canonical(fd).and_then(|c| st.fds.get(&c).cloned())
        };
        let Some(obj) = obj else {
            return Err(Errno::EBADF);
        };
        let kind = obj.kind();
        let _ = trace::take_why(); // a stale reason from an earlier call
        let name = trace::definition(request).map(|d| d.0.name);
        if let Some(errno) = self.injected(name, request, false) {
            self.record(kind, fd, request, &[], &[], arg, Err(errno), "(injected)");
            return Err(errno);
        }
        let mut trace = IoctlTrace::default();
        // SAFETY: forwarded with the caller's guarantees.
        let result = unsafe { self.ioctl_checked(&obj, fd, request, arg, copy_out, &mut trace) };
        if let Some(why) = trace.hang {
            // A call the real kernel never returns from: block for the bounded
            // wait, say so on stderr and in the trace, then fail.
            std::thread::sleep(self.hang_wait);
            eprintln!("[mock] HANG: {why}");
            self.record(kind, fd, request, &trace.arg_in, &trace.arg_out, arg, result, &format!("(HANG: {why})"));
            return result;
        }
        self.record(kind, fd, request, &trace.arg_in, &trace.arg_out, arg, result, "");
        result
    }

    /// # Safety
    /// As [`MockKernel::ioctl_at`].
    unsafe fn ioctl_checked(
        &self,
        obj: &FdObj,
        fd: RawFd,
        request: u32,
        arg: u64,
        copy_out: bool,
        trace: &mut IoctlTrace,
    ) -> KResult {
        let p = abi::decode(request);
        let release = self.characteristics.release;
        precheck(obj, request, arg, release)?;
        let mut buf = vec![0u8; p.size];
        if copies_in(obj, request) {
            // SAFETY: `_IOC_SIZE` bytes at the caller's argument (ioctl_at's contract).
            unsafe { usermem::read_user(&mut buf, arg) }?;
        }
        // The arguments going in, for the decoded trace's "changed fields".
        if self.trace_decoded {
            trace.arg_in = buf.clone();
        }
        let result = {
            let mut st = lock(&self.state);
            // SAFETY: forwarded with ioctl_at's guarantees.
            let r = match release {
                // SAFETY: forwarded with ioctl_at's guarantees.
                Release::R36 => unsafe { dispatch(&mut st, &self.characteristics, obj, fd, request, &mut buf, arg) },
                // SAFETY: forwarded with ioctl_at's guarantees.
                Release::R35 => unsafe {
                    r35::dispatch(&mut st, &self.characteristics, obj, fd, request, &mut buf, arg)
                },
            };
            trace.hang = st.hang.take();
            r
        };
        self.run_actions();
        if self.trace_decoded {
            trace.arg_out = buf.clone();
        }
        // The kernel copies results back only when the handler returned 0,
        // and only for _IOC_READ.
        if result != Ok(0) || p.dir & IOC_READ == 0 || p.size == 0 || !copy_out {
            return result;
        }
        // SAFETY: `_IOC_SIZE` bytes at the caller's argument of an _IOC_READ request
        // with `copy_out`: the caller's to overwrite (ioctl_at's contract).
        let Err(uncopied) = (unsafe { usermem::copy_to_user(arg, &buf) }) else {
            return result;
        };
        // A created object must not outlive a failed copy-out: nobody would
        // learn its fd or id.
        if self.undo_create(obj, request, &buf) {
            return Err(Errno::EFAULT);
        }
        copy_out_failure(obj, request, uncopied)
    }

    /// Undo what a creating ioctl made (its fd or nvmap id is in `out`).
    /// True when `request` creates something.
    fn undo_create(&self, obj: &FdObj, request: u32, out: &[u8]) -> bool {
        use gpuiface_abi::r36::*;
        let fd = match request {
            NVGPU_GPU_IOCTL_ALLOC_AS => arg::<NvgpuAllocAsArgs>(out).map(|a| a.as_fd),
            NVGPU_GPU_IOCTL_OPEN_TSG => arg::<NvgpuGpuOpenTsgArgs>(out).map(|a| a.tsg_fd as i32),
            gpuiface_abi::r35::NVGPU_GPU_IOCTL_OPEN_TSG => {
                arg::<gpuiface_abi::r35::NvgpuGpuOpenTsgArgs>(out).map(|a| a.tsg_fd as i32)
            }
            NVGPU_GPU_IOCTL_OPEN_CHANNEL => arg::<NvgpuGpuOpenChannelArgs>(out).map(|a| a.channel_fd),
            NVGPU_IOCTL_TSG_EVENT_ID_CTRL => arg::<NvgpuEventIdCtrlArgs>(out).map(|a| a.event_fd),
            NVMAP_IOC_GET_FD => arg::<NvmapCreateHandle>(out).map(|a| a.size as i32),
            NVMAP_IOC_CREATE => {
                if let (Ok(a), FdObj::Nvmap(client)) = (arg::<NvmapCreateHandle>(out), obj) {
                    let mut st = lock(&self.state);
                    st.nvmap.client = *client;
                    // SAFETY: FREE takes its id by value and touches no user memory.
                    let _ = unsafe { nvmap::ioctl(&mut st, NVMAP_IOC_FREE, &mut [], u64::from(a.handle)) };
                }
                return true;
            }
            _ => return false,
        };
        if let Ok(fd) = fd {
            // SAFETY: the fd this very call created; the call fails (EFAULT), so the
            // caller never owned it (whatever part of the copy-out landed) and the
            // model, its only owner, closes it.
            let _ = unsafe { self.release_fd(fd) };
        }
        true
    }
}

/// The generic rules of constraints doc §0, checked before the argument is
/// touched: wrong type, nr 0, nr past LAST or an oversized argument →
/// `EINVAL` (nvgpu fds); nvmap's own checks are [`nvmap::precheck`];
/// dma-buf and event fds have no ioctls.
fn precheck(obj: &FdObj, request: u32, arg: u64, release: Release) -> KResult<()> {
    let p = abi::decode(request);
    let l = r35::DispatchLimits::of(release);
    let limits = |ty: u8, (last, max): (u8, usize)| -> KResult<()> {
        if p.ty != ty || p.nr == 0 || p.nr > last || p.size > max {
            Err(Errno::EINVAL)
        } else {
            Ok(())
        }
    };
    match obj {
        FdObj::Nvmap(_) => nvmap::precheck(request, arg, release),
        FdObj::Ctrl { .. } => limits(b'G', l.ctrl),
        FdObj::As(_) => limits(b'A', l.as_),
        FdObj::Tsg(_) => limits(b'T', l.tsg),
        FdObj::Channel(_) => limits(b'H', l.channel),
        FdObj::DmaBuf { .. } | FdObj::Event => Err(Errno::ENOTTY),
    }
}

/// Whether the kernel copies the argument in before the handler runs: nvgpu
/// fds for every `_IOC_WRITE` number (before the number is even matched);
/// nvmap as [`nvmap::copies_in`] says.
fn copies_in(obj: &FdObj, request: u32) -> bool {
    let p = abi::decode(request);
    match obj {
        FdObj::Nvmap(_) => nvmap::copies_in(request),
        _ => p.dir & abi::IOC_WRITE != 0 && p.size > 0,
    }
}

/// What a failed copy-out returns (`uncopied` bytes were not written):
/// ctrl, TSG and channel fds return `copy_to_user`'s positive count (§0);
/// the AS fd `EFAULT` (§0); nvmap as [`nvmap::copy_out_failure`] says.
fn copy_out_failure(obj: &FdObj, request: u32, uncopied: usize) -> KResult {
    match obj {
        FdObj::Ctrl { .. } | FdObj::Tsg(_) | FdObj::Channel(_) => Ok(uncopied as i32),
        FdObj::Nvmap(_) => nvmap::copy_out_failure(request),
        _ => Err(Errno::EFAULT),
    }
}

/// Per-fd dispatch, after [`precheck`] and the copy-in.
///
/// # Safety
/// As [`MockKernel::ioctl_at`], for `value` (the raw argument) and the user
/// pointers inside `arg`.
pub(crate) unsafe fn dispatch(
    st: &mut KState,
    chars: &Characteristics,
    obj: &FdObj,
    fd: RawFd,
    request: u32,
    arg: &mut [u8],
    value: u64,
) -> KResult {
    let _ = fd;
    match obj {
        FdObj::Nvmap(client) => {
            st.nvmap.client = *client;
            // SAFETY: forwarded with the caller's guarantees.
            unsafe { nvmap::ioctl(st, request, arg, value) }
        }
        // SAFETY: forwarded with the caller's guarantees.
        FdObj::Ctrl { .. } => unsafe { ctrl::ioctl(st, chars, request, arg) },
        // SAFETY: forwarded with the caller's guarantees.
        FdObj::As(id) => unsafe { vm::ioctl(st, *id, request, arg) },
        FdObj::Tsg(id) => tsg::ioctl(st, *id, request, arg),
        FdObj::Channel(chid) => channel::ioctl(st, *chid, request, arg),
        FdObj::DmaBuf { .. } | FdObj::Event => Err(Errno::ENOTTY),
    }
}

/// Decode an argument struct from the ioctl's bytes.
pub(crate) fn arg<T: abi::IoctlArg>(bytes: &[u8]) -> KResult<T> {
    T::from_bytes(bytes).ok_or(Errno::EFAULT)
}

/// Write an argument struct's fields back into the ioctl's bytes (its
/// padding keeps the bytes copied in, as the kernel's buffer does).
pub(crate) fn put<T: abi::IoctlArg>(bytes: &mut [u8], v: &T) {
    v.write_bytes(bytes);
}
