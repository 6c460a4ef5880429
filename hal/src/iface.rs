//! The [`GpuIface`] trait: what a backend must do.

use std::os::fd::BorrowedFd;
use std::time::Duration;

use enum_dispatch::enum_dispatch;

use crate::codec::gpfifo::GpFifoEntry;
use crate::error::Result;
use crate::port::SubmitPort;
use crate::rm::{RmAllocParams, RmClass, RmControl};
use crate::types::{AllocRequest, Buffer, DeviceInfo, RmHandle, Signal, UsermodeRegs};

/// Memory that comes from elsewhere, to be mapped into this device's GPU VA.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum ForeignMemory<'a> {
    /// A dma-buf file descriptor (exported by nvmap, a camera, another process...).
    DmaBuf(BorrowedFd<'a>),
}

/// One GPU behind one kernel interface.
///
/// Design rules (they keep generic code, `dyn GpuIface` and the run-time
/// backend enum equally usable):
/// - no associated types and no generic methods: the trait is object safe and
///   `enum_dispatch`-able, and every backend hands out the same plain data
///   ([`Buffer`], [`Signal`], [`RmHandle`]);
/// - `&self` everywhere: a device is shared between threads; backends lock
///   internally and never hold a lock across a GPU wait;
/// - a failure leaves nothing behind: every multi-step operation unwinds the
///   steps it completed before returning the error;
/// - an unknown class, control or feature is a typed
///   [`Error::Unsupported`](crate::Error::Unsupported), never a silent success.
///
/// Code written once for every backend (the `gpuiface` facade's docs run
/// it on the mock):
///
/// ```
/// use std::time::Duration;
/// use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface, Result};
///
/// /// A scratch buffer, its first word set from the CPU and read back.
/// fn scratch<I: GpuIface + ?Sized>(dev: &I) -> Result<u32> {
///     let buf = dev.alloc(AllocRequest::new(4096))?;
///     // Bounds-checked copies through the buffer's CPU view (no raw pointer).
///     let value = match buf.cpu() {
///         Some(view) => {
///             view.write_u32(0, 7)?;
///             view.read_u32(0)?
///         }
///         None => 0, // GPU-only memory
///     };
///     dev.free(buf)?;
///     Ok(value)
/// }
///
/// /// Wait for a signal, treating a timeout (nothing faulted) apart from a fault.
/// fn settle<I: GpuIface + ?Sized>(dev: &I, s: &gpuiface_hal::Signal, v: u64) -> Result<bool> {
///     match dev.signal_wait(s, v, Duration::from_secs(1)) {
///         Ok(()) => Ok(true),
///         Err(e) if e.kind() == ErrorKind::Timeout => Ok(false), // still running: wait again
///         Err(e) => Err(e), // DeviceHang carries the fault record (Error::fault)
///     }
/// }
/// # let _ = (scratch::<dyn GpuIface>, settle::<dyn GpuIface>);
/// ```
#[enum_dispatch]
pub trait GpuIface: Send + Sync {
    /// What the device is and where it wants signals placed.
    fn info(&self) -> &DeviceInfo;

    /// Allocate GPU memory, map it into the GPU VA and (if asked) the CPU.
    fn alloc(&self, request: AllocRequest) -> Result<Buffer>;

    /// Release a buffer from [`alloc`](GpuIface::alloc) or [`map`](GpuIface::map):
    /// GPU unmap, CPU unmap, then the memory itself, in that order.
    fn free(&self, buffer: Buffer) -> Result<()>;

    /// Map memory allocated elsewhere into this device's GPU VA (and the CPU).
    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer>;

    /// Create an RM object of `class` under `parent`.
    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle>;

    /// Run an RM control on `object`; outputs are written into `control`.
    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()>;

    /// Destroy an RM object and everything under it.
    fn rm_free(&self, object: RmHandle) -> Result<()>;

    /// Map the usermode register window (doorbell). Idempotent.
    fn setup_usermode(&self) -> Result<UsermodeRegs>;

    /// Append GPFIFO entries to a channel and ring its doorbell
    /// (usermode submit: entry, GP_PUT, store barrier, doorbell; no ioctl).
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()>;

    /// A port for repeated submits to `channel`, resolved once
    /// ([`SubmitPort`]). The default submits through
    /// [`submit`](GpuIface::submit) every time, so a wrapper backend that
    /// does not override it still sees every submit; a backend with a
    /// direct path (nvgpu, and the mock through it) skips the channel's
    /// lookup per submit.
    fn submit_port(&self, channel: RmHandle) -> Result<SubmitPort> {
        Ok(SubmitPort::new(channel))
    }

    /// Allocate a signal (a 16-byte GPU semaphore slot) initialised to 0.
    ///
    /// A signal needs no free: its slot returns to the device's pool when
    /// the last clone of the [`Signal`] drops. Work that names a signal
    /// holds a clone until the GPU is done with it (a `gpuiface-runtime`
    /// queue and each of its submissions do), so a slot is never handed out
    /// again while a release of it is still queued.
    fn signal_alloc(&self) -> Result<Signal>;

    /// Wait until `signal >= value`. On timeout, reports a GPU hang with the
    /// kernel's fault record when a channel has faulted, else a timeout.
    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()>;

    /// What the device holds alive (buffers, signals, RM objects), for
    /// leak checks; `None` when the backend does not count (the default).
    fn live(&self) -> Option<LiveCounts> {
        None
    }
}

/// What a device holds alive ([`GpuIface::live`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LiveCounts {
    /// Buffers allocated or mapped and not freed (programs' and command
    /// memory included; dropped-but-not-freed ones too: their memory stays).
    pub buffers: usize,
    /// Signals handed out whose slot has not gone back to the pool.
    pub signals: usize,
    /// RM objects (devices, address spaces, channel groups, channels...).
    pub rm_objects: usize,
    /// Buffers freed by their owner whose memory the device still holds
    /// because work submitted before the free may still reach it (on any
    /// channel of the device). They go once that work is done, or its
    /// channel is closed or has faulted; a buffer that never comes back
    /// here is not a leak of the caller's but GPU work that never ends.
    pub deferred_frees: usize,
    /// Errors met while releasing what the device held (an unmap, an
    /// nvmap free, a subcontext's deletion), also during teardown, where
    /// no caller can be told: each is logged (`log::warn!`) and counted here.
    pub teardown_errors: usize,
}

/// The run-time choice between the real backend and the mock, dispatched
/// without `dyn` (`enum_dispatch`: a `match` per call, inlined).
///
/// `gpuiface::Backend` instantiates it with the nvgpu backend and the mock;
/// any pair of [`GpuIface`] types works. Each variant wraps its backend in
/// a newtype of its own ([`Nvgpu`], [`Mock`]) so that the conversions
/// `enum_dispatch` derives stay coherent even when `N == M`; both
/// dereference to the backend.
///
/// ```
/// use gpuiface_hal::iface::{Backend, Mock, Nvgpu};
/// use gpuiface_hal::GpuIface;
///
/// fn describe<N: GpuIface, M: GpuIface>(b: &Backend<N, M>) -> &'static str {
///     match b {
///         Backend::Nvgpu(_) => "the real kernel",
///         Backend::Mock(_) => "the model",
///     }
/// }
/// # let _ = describe::<&dyn GpuIface, &dyn GpuIface>;
/// # let _ = (Nvgpu::<()>(()), Mock::<()>(()));
/// ```
#[enum_dispatch(GpuIface)]
#[derive(Debug)]
pub enum Backend<N: GpuIface, M: GpuIface> {
    /// The real kernel driver (`nvgpu.ko` + `nvmap`).
    Nvgpu(Nvgpu<N>),
    /// The mock kernel and GPU model.
    Mock(Mock<M>),
}

/// The `Backend::Nvgpu` variant's backend.
#[derive(Debug)]
pub struct Nvgpu<N>(pub N);
/// The `Backend::Mock` variant's backend.
#[derive(Debug)]
pub struct Mock<M>(pub M);

macro_rules! deref_newtype {
    ($($wrapper:ident),*) => {$(
        impl<T> std::ops::Deref for $wrapper<T> {
            type Target = T;
            fn deref(&self) -> &T {
                &self.0
            }
        }
    )*};
}
deref_newtype!(Nvgpu, Mock);

macro_rules! delegate_gpu_iface {
    ($wrapper:ident) => {
        impl<T: GpuIface> GpuIface for $wrapper<T> {
            fn info(&self) -> &DeviceInfo {
                self.0.info()
            }
            fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
                self.0.alloc(request)
            }
            fn free(&self, buffer: Buffer) -> Result<()> {
                self.0.free(buffer)
            }
            fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
                self.0.map(memory)
            }
            fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
                self.0.rm_alloc(parent, class, params)
            }
            fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
                self.0.rm_control(object, control)
            }
            fn rm_free(&self, object: RmHandle) -> Result<()> {
                self.0.rm_free(object)
            }
            fn setup_usermode(&self) -> Result<UsermodeRegs> {
                self.0.setup_usermode()
            }
            fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
                self.0.submit(channel, entries)
            }
            fn submit_port(&self, channel: RmHandle) -> Result<SubmitPort> {
                self.0.submit_port(channel)
            }
            fn signal_alloc(&self) -> Result<Signal> {
                self.0.signal_alloc()
            }
            fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
                self.0.signal_wait(signal, value, timeout)
            }
            fn live(&self) -> Option<LiveCounts> {
                self.0.live()
            }
        }
    };
}
delegate_gpu_iface!(Nvgpu);
delegate_gpu_iface!(Mock);

macro_rules! delegate_through_deref {
    ($($ty:ty),*) => {$(
        impl<T: GpuIface + ?Sized> GpuIface for $ty {
            fn info(&self) -> &DeviceInfo {
                (**self).info()
            }
            fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
                (**self).alloc(request)
            }
            fn free(&self, buffer: Buffer) -> Result<()> {
                (**self).free(buffer)
            }
            fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
                (**self).map(memory)
            }
            fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
                (**self).rm_alloc(parent, class, params)
            }
            fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
                (**self).rm_control(object, control)
            }
            fn rm_free(&self, object: RmHandle) -> Result<()> {
                (**self).rm_free(object)
            }
            fn setup_usermode(&self) -> Result<UsermodeRegs> {
                (**self).setup_usermode()
            }
            fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
                (**self).submit(channel, entries)
            }
            fn submit_port(&self, channel: RmHandle) -> Result<SubmitPort> {
                (**self).submit_port(channel)
            }
            fn signal_alloc(&self) -> Result<Signal> {
                (**self).signal_alloc()
            }
            fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
                (**self).signal_wait(signal, value, timeout)
            }
            fn live(&self) -> Option<LiveCounts> {
                (**self).live()
            }
        }
    )*};
}
// Generic code can hold a device by reference, in an `Arc` or in a `Box`.
delegate_through_deref!(&T, std::sync::Arc<T>, Box<T>);
