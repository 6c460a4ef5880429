//! # gpuiface
//!
//! One HAL for the GPU kernel interfaces of NVIDIA Jetson (Orin, ga10b,
//! `nvgpu.ko` + `nvmap`), with a run-time choice of backend:
//!
//! - **nvgpu**: the real kernel, through [`gpuiface_nvgpu::LinuxSyscalls`];
//! - **mock**: the same backend code over `gpuiface-mock`'s model of the
//!   kernel and the GPU, so everything runs on a laptop.
//!
//! [`open`] opens the real device; the mock is chosen explicitly, never
//! silently: `GPUIFACE_BACKEND=mock`, [`open_kind`]`(BackendKind::Mock)`,
//! or [`open_or_mock`] (the real device where there is one, else the mock,
//! saying so). Without a device node, [`open`] fails with
//! [`ErrorKind::NotFound`] and, built with the mock, says how to choose it.
//!
//! ## Features
//!
//! - `mock` (default): the mock backend and its GPU worker thread
//!   ([`mock`], [`MockBackend`], [`open_or_mock`]). A production build of a
//!   runtime (`default-features = false`) links only the real backend;
//!   [`BackendKind::Mock`] then opens to an [`ErrorKind::Unsupported`]
//!   error. The examples below need it.
//!
//! Generic code works over `impl GpuIface` and over [`Backend`] alike:
//!
//! ```
//! use gpuiface::{open_kind, BackendKind, GpuIface, AllocRequest, queue::Runtime};
//!
//! fn double_buffer<I: GpuIface>(dev: &I) -> gpuiface::Result<u64> {
//!     let b = dev.alloc(AllocRequest::new(8192))?;
//!     let va = b.gpu_va();
//!     dev.free(b)?;
//!     Ok(va)
//! }
//!
//! let dev = open_kind(BackendKind::Mock)?;
//! assert_eq!(dev.info().backend, "mock");
//! assert!(double_buffer(&dev)? > 0);
//! let rt = Runtime::new(&dev)?;
//! rt.synchronize()?;
//! # Ok::<(), gpuiface::Error>(())
//! ```
//!
//! ## A runtime: copy in, launch, copy out
//!
//! [`queue::Runtime`] sets a device up (channels, command memory, one
//! timeline per engine); [`queue::Queue`]s record work and
//! [`queue::Runtime::submit`] runs them. On the mock, a program's behaviour
//! is a Rust closure registered with [`mock::gpu::Gpu::register_kernel`]:
//!
//! ```
//! use gpuiface::mock::gpu::ProgramKey;
//! use gpuiface::queue::{LaunchDims, Queue, Runtime};
//! use gpuiface::{open_kind, AllocRequest, BackendExt, BackendKind, GpuIface, MockDeviceExt};
//!
//! let dev = open_kind(BackendKind::Mock)?;
//! dev.as_mock().unwrap().gpu().register_kernel(ProgramKey::Bytes(b"double".to_vec()), |k| {
//!     let (buf, n) = (k.arg_u64(0), k.arg_u64(1));
//!     for i in 0..n {
//!         let v = k.read_u32(buf + 4 * i)?;
//!         k.write_u32(buf + 4 * i, 2 * v)?;
//!     }
//!     Ok(())
//! });
//! let rt = Runtime::new(&dev)?;
//! let buf = dev.alloc(AllocRequest::new(16))?;
//! rt.copyin(&buf, 0, &[1, 0, 0, 0, 2, 0, 0, 0])?;
//! let prog = rt.load_program(b"double")?;
//! let mut args = buf.gpu_va().to_le_bytes().to_vec();
//! args.extend_from_slice(&2u64.to_le_bytes());
//! let mut q = Queue::compute();
//! q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &args);
//! rt.submit(&q, &[])?;
//! let mut out = [0u8; 8];
//! rt.copyout(&mut out, &buf, 0)?; // waits for the work that writes `buf`
//! assert_eq!(out, [2, 0, 0, 0, 4, 0, 0, 0]);
//! rt.free(buf)?;
//! # Ok::<(), gpuiface::Error>(())
//! ```
//!
//! ## Queue variables and replay
//!
//! A queue is encoded once per runtime; each submit binds its variables
//! ([`queue::Queue::var`]) to new values and patches them in place:
//!
//! ```
//! use gpuiface::queue::{Queue, Runtime};
//! use gpuiface::{open_kind, BackendKind, GpuIface};
//! use std::time::Duration;
//!
//! let dev = open_kind(BackendKind::Mock)?;
//! let rt = Runtime::new(&dev)?;
//! let done = dev.signal_alloc()?;
//! let mut q = Queue::compute();
//! let step = q.var();
//! q.signal(&done, step); // the value comes from the variable
//! for i in 1..=3u64 {
//!     rt.submit(&q, &[(step, 10 * i)])?; // the same queue, replayed
//!     dev.signal_wait(&done, 10 * i, Duration::from_secs(5))?;
//! }
//! assert_eq!(done.value(), 30);
//! # Ok::<(), gpuiface::Error>(())
//! ```
//!
//! ## Matching errors
//!
//! Generic code matches on [`Error::kind`]; [`Error::fault`] has what the
//! kernel (or the model) reported about a GPU fault:
//!
//! ```
//! use gpuiface::queue::{Queue, Runtime};
//! use gpuiface::{open_kind, AllocRequest, BackendKind, Engine, Error, ErrorKind, GpuIface};
//!
//! let dev = open_kind(BackendKind::Mock)?;
//! match dev.alloc(AllocRequest::new(0)) {
//!     Err(e) if e.kind() == ErrorKind::InvalidArgument => {} // size 0
//!     other => panic!("{other:?}"),
//! }
//! // A copy from an address no buffer holds: an MMU fault on the copy engine.
//! let rt = Runtime::new(&dev)?;
//! let dst = dev.alloc(AllocRequest::new(64))?;
//! let mut q = Queue::copy_queue();
//! q.copy(dst.gpu_va(), 0x1000u64, 64u64);
//! rt.submit(&q, &[])?;
//! let e = rt.synchronize().unwrap_err();
//! assert_eq!(e.kind(), ErrorKind::DeviceHang);
//! let fault = e.fault().expect("the model reports the fault");
//! assert_eq!((fault.engine, fault.address), (Engine::Copy, Some(0x1000)));
//! assert!(fault.buffer.as_deref().unwrap().contains("no buffer"));
//! match e {
//!     Error::DeviceHang { .. } => {} // recreate the Runtime to go on
//!     _ => unreachable!(),
//! }
//! # Ok::<(), gpuiface::Error>(())
//! ```

// The curated surface: the trait and the types it speaks, errors, and the
// codec and hardware-fact modules a runtime author reaches for. Everything
// else stays in its crate (`gpuiface_hal::facts`
// behind its feature, ...).
/// Class method offsets and fields (host, compute, copy).
pub use gpuiface_hal::classes;
/// GPFIFO entry, method header and QMD encodings.
pub use gpuiface_hal::codec;
/// The cubin loader.
pub use gpuiface_hal::cubin;
/// Per-SoC hardware facts (ga10b).
pub use gpuiface_hal::hw;
/// The variants' newtypes of [`Backend`]: `Backend::Mock(Mock(device))`;
/// both dereference to the backend they hold.
pub use gpuiface_hal::iface::{Mock, Nvgpu};
pub use gpuiface_hal::{
    AllocRequest, Buffer, BufferId, CpuView, DeviceId, DeviceInfo, Engine, Errno, Error, ErrorKind, FaultRecord,
    ForeignMemory, GpFifoEntry, GpuIface, GrInfoIndex, Method, MethodHeader, PushBuffer, Qmd, QmdField, Result,
    RmAllocParams, RmClass, RmControl, RmHandle, Signal, SignalPlacement, UsermodeRegs, SIGNAL_SLOT_SIZE,
};
/// What a wrapper backend forwards besides the trait's own types: the leak
/// counts of [`GpuIface::live`], the port of [`GpuIface::submit_port`] (and
/// the direct path a backend may give it), and a device's launch limits.
///
/// ```
/// use gpuiface::{open_kind, BackendKind, DeviceLimits, GpuIface, LiveCounts, SubmitPort};
///
/// let dev = open_kind(BackendKind::Mock)?;
/// let live: Option<LiveCounts> = dev.live();
/// assert_eq!(live.map(|l| l.buffers), Some(0));
/// let limits: DeviceLimits = dev.info().limits;
/// assert_eq!(limits.warp_size, 32);
/// # let _ = SubmitPort::channel;
/// # Ok::<(), gpuiface::Error>(())
/// ```
pub use gpuiface_hal::{DeviceLimits, DirectSubmit, LimitSource, LiveCounts, SubmitPort};
#[cfg(feature = "mock")]
pub use gpuiface_nvgpu::mock::MockDeviceExt;

/// Command queues and the device runtime (`gpuiface-runtime`): [`queue::Runtime`]
/// sets a device up, [`queue::Queue`]s record work once and replay it with
/// new values, [`queue::Program`]s are kernels in GPU memory.
///
/// ```
/// use gpuiface::queue::{Queue, QueueKind, Runtime};
/// use gpuiface::{open_kind, AllocRequest, BackendKind, GpuIface};
///
/// let dev = open_kind(BackendKind::Mock)?;
/// let rt = Runtime::new(&dev)?;
/// let buf = dev.alloc(AllocRequest::new(8192))?;
/// // Record once: a copy whose source, destination and length are bound at each submit.
/// let mut q = Queue::copy_queue();
/// let (dst, src, len) = (q.var(), q.var(), q.var());
/// q.copy(dst, src, len);
/// rt.copyin(&buf, 0, b"hello, world")?;
/// for (from, to, n) in [(0u64, 4096u64, 5u64), (7, 6000, 5)] {
///     rt.submit(&q, &[(dst, buf.gpu_va() + to), (src, buf.gpu_va() + from), (len, n)])?;
/// }
/// let mut out = [0u8; 5];
/// rt.copyout(&mut out, &buf, 6000)?; // waits for the copies that write it
/// assert_eq!(&out, b"world");
/// // A host copy that returns at once, ordered after work on its buffer only:
/// let done = rt.copyin_async(&buf, 100, b"async")?;
/// rt.wait_timeline(QueueKind::Copy, done)?;
/// rt.free(buf)?;
/// # Ok::<(), gpuiface::Error>(())
/// ```
pub mod queue {
    #[doc(inline)]
    pub use gpuiface_runtime::*;
}
/// The slab sub-allocator for small GPU buffers.
pub use gpuiface_runtime::suballoc;

/// The mock backend (`gpuiface-mock`): the nvgpu backend's code over a model
/// of the kernel and the GPU. Its knobs, from a [`Backend`] via
/// [`BackendExt::as_mock`] or from [`MockBackend`] directly:
///
/// - [`mock::gpu::Gpu::register_kernel`]: what a launch of a program runs;
/// - [`mock::MockKernel::inject_failure`]: fail the nth matching ioctl;
/// - [`mock::gpu::ExecMode`] and [`mock::MockKernel::builder`]: how the GPU
///   runs (a worker thread, at the doorbell, or stepped by the test);
/// - [`mock::MockKernel::assert_no_leaks`], [`mock::MockKernel::trace`].
///
/// ```
/// use std::time::Duration;
/// use gpuiface::mock::gpu::{ExecMode, GpuConfig, ProgramKey};
/// use gpuiface::mock::kernel::Matcher;
/// use gpuiface::mock::{open_on, MockDeviceExt, MockKernel};
/// use gpuiface::queue::{LaunchDims, Queue, Runtime};
/// use gpuiface::{AllocRequest, Errno, ErrorKind, GpuIface};
///
/// let kernel = std::sync::Arc::new(MockKernel::builder().gpu(GpuConfig::with_mode(ExecMode::Immediate)).build());
/// let dev = open_on(kernel.clone())?;
/// let rt = Runtime::new(&dev)?;
/// // A program the model runs: writes 42 at its first argument.
/// dev.gpu().register_kernel(ProgramKey::Bytes(b"answer".to_vec()), |k| {
///     let out = k.arg_u64(0);
///     k.write_u32(out, 42)
/// });
/// let prog = rt.load_program(b"answer")?;
/// let out = dev.alloc(AllocRequest::new(4))?;
/// let mut q = Queue::compute();
/// q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &out.gpu_va().to_le_bytes());
/// rt.submit(&q, &[])?;
/// rt.synchronize()?;
/// let mut v = [0u8; 4];
/// rt.copyout(&mut v, &out, 0)?;
/// assert_eq!(u32::from_le_bytes(v), 42);
///
/// // Fault injection: the next nvmap allocation fails with ENOMEM.
/// kernel.inject_failure(Matcher::Name("NVMAP_IOC_ALLOC".into()), 1, Errno::ENOMEM);
/// assert_eq!(dev.alloc(AllocRequest::new(4096)).unwrap_err().kind(), ErrorKind::OutOfMemory);
/// rt.free(out)?;
/// drop(rt);
/// drop(dev);
/// kernel.assert_no_leaks();
/// # Ok::<(), gpuiface::Error>(())
/// ```
#[cfg(feature = "mock")]
pub mod mock {
    #[doc(inline)]
    pub use gpuiface_nvgpu::mock::*;
}

/// The real backend (`gpuiface-nvgpu`): [`nvgpu::NvgpuDevice`], its
/// [`nvgpu::NvgpuDeviceBuilder`] and the syscall seam [`nvgpu::Syscalls`]
/// another kernel driver (or a tracing wrapper) implements.
///
/// ```no_run
/// // On a Jetson: the real device with explicit node paths.
/// let dev = gpuiface::nvgpu::NvgpuDevice::<gpuiface::nvgpu::LinuxSyscalls>::builder()
///     .ctrl_path("/dev/nvgpu/igpu0/ctrl")
///     .build_with(gpuiface::nvgpu::LinuxSyscalls)?;
/// # Ok::<(), gpuiface::Error>(())
/// ```
pub mod nvgpu {
    #[doc(inline)]
    pub use gpuiface_nvgpu::*;
}

/// The real Tegra backend.
pub type NvgpuBackend = gpuiface_nvgpu::NvgpuDevice<gpuiface_nvgpu::LinuxSyscalls>;
/// The nvgpu backend's code over the mock kernel and GPU model.
#[cfg(feature = "mock")]
pub type MockBackend = gpuiface_nvgpu::mock::MockDevice;
/// Built without the `mock` feature: a backend that cannot exist (no value
/// of it can be made), so [`Backend`] keeps its shape.
#[cfg(not(feature = "mock"))]
pub type MockBackend = NoMock;

/// The mock's place in [`Backend`] when the `mock` feature is off: an
/// uninhabited type.
#[cfg(not(feature = "mock"))]
#[derive(Debug)]
pub enum NoMock {}

#[cfg(not(feature = "mock"))]
impl GpuIface for NoMock {
    fn info(&self) -> &DeviceInfo {
        match *self {}
    }
    fn alloc(&self, _: AllocRequest) -> Result<Buffer> {
        match *self {}
    }
    fn free(&self, _: Buffer) -> Result<()> {
        match *self {}
    }
    fn map(&self, _: ForeignMemory<'_>) -> Result<Buffer> {
        match *self {}
    }
    fn rm_alloc(&self, _: RmHandle, _: RmClass, _: &RmAllocParams) -> Result<RmHandle> {
        match *self {}
    }
    fn rm_control(&self, _: RmHandle, _: &mut RmControl) -> Result<()> {
        match *self {}
    }
    fn rm_free(&self, _: RmHandle) -> Result<()> {
        match *self {}
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        match *self {}
    }
    fn submit(&self, _: RmHandle, _: &[GpFifoEntry]) -> Result<()> {
        match *self {}
    }
    fn signal_alloc(&self) -> Result<Signal> {
        match *self {}
    }
    fn signal_wait(&self, _: &Signal, _: u64, _: std::time::Duration) -> Result<()> {
        match *self {}
    }
}

/// The backend chosen at run time: [`Backend::Nvgpu`] (the real kernel) or
/// [`Backend::Mock`] (the model), dispatched without `dyn` by
/// `enum_dispatch` (the generic enum is `gpuiface_hal::Backend`). It is a
/// [`GpuIface`] itself; [`BackendExt`] tells which it holds.
///
/// ```
/// use gpuiface::{open_kind, Backend, BackendKind, GpuIface};
///
/// let dev: Backend = open_kind(BackendKind::Mock)?;
/// match &dev {
///     Backend::Nvgpu(real) => println!("a Jetson: {}", real.info().backend),
///     Backend::Mock(model) => assert_eq!(model.info().backend, "mock"),
/// }
/// # Ok::<(), gpuiface::Error>(())
/// ```
pub type Backend = gpuiface_hal::Backend<NvgpuBackend, MockBackend>;

/// The device node whose presence selects the real backend.
pub const NVGPU_CTRL_PATH: &str = "/dev/nvgpu/igpu0/ctrl";
/// Set to treat `/dev/nvgpu/igpu0/ctrl` as present: for running the real
/// backend's Linux syscalls against the `LD_PRELOAD` mock (`gpuiface-preload`),
/// which serves the device without a node on disk.
pub const ASSUME_NVGPU_ENV: &str = "GPUIFACE_ASSUME_NVGPU";
/// The environment variable that overrides the choice.
pub const BACKEND_ENV: &str = "GPUIFACE_BACKEND";

/// Which backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendKind {
    /// The real kernel.
    Nvgpu,
    /// The mock kernel and GPU model.
    Mock,
}

impl BackendKind {
    /// `"nvgpu"` or `"mock"`.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Nvgpu => "nvgpu",
            BackendKind::Mock => "mock",
        }
    }

    /// Parse `"nvgpu"`, `"mock"` (or `"auto"` → `None`).
    pub fn parse(s: &str) -> Result<Option<BackendKind>> {
        match s.trim().to_ascii_lowercase().as_str() {
            "nvgpu" => Ok(Some(BackendKind::Nvgpu)),
            "mock" => Ok(Some(BackendKind::Mock)),
            "auto" | "" => Ok(None),
            other => Err(Error::invalid(
                "gpuiface::open",
                format!("{BACKEND_ENV}={other:?}: expected \"mock\", \"nvgpu\" or \"auto\""),
            )),
        }
    }

    /// Is this backend usable on this machine?
    pub fn available(self) -> bool {
        match self {
            BackendKind::Nvgpu => {
                std::path::Path::new(NVGPU_CTRL_PATH).exists() || std::env::var_os(ASSUME_NVGPU_ENV).is_some()
            }
            BackendKind::Mock => cfg!(feature = "mock"),
        }
    }
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The backend `GPUIFACE_BACKEND` names, if it is set (and not `auto`).
pub fn chosen_kind() -> Result<Option<BackendKind>> {
    match std::env::var(BACKEND_ENV) {
        Ok(v) => BackendKind::parse(&v),
        Err(_) => Ok(None),
    }
}

/// The backend [`open`] opens: `GPUIFACE_BACKEND` if set, else nvgpu. The
/// mock is never chosen for a missing device node.
pub fn selected_kind() -> Result<BackendKind> {
    Ok(chosen_kind()?.unwrap_or(BackendKind::Nvgpu))
}

/// Open the backend [`selected_kind`] names: the real device unless
/// `GPUIFACE_BACKEND=mock`. On a machine without `/dev/nvgpu/igpu0/ctrl`
/// this is an [`ErrorKind::NotFound`] error that says why; built with the
/// `mock` feature (the default), it also says how to choose the mock. A
/// production build (`default-features = false`) has no mock to offer, and
/// its error does not mention one.
pub fn open() -> Result<Backend> {
    open_kind(selected_kind()?)
}

/// Open the real device, or, when `GPUIFACE_BACKEND` chooses nothing and
/// this machine has no nvgpu device node, the mock (saying so on stderr):
/// the explicit opt-in of examples and tools that should run anywhere.
#[cfg(feature = "mock")]
pub fn open_or_mock() -> Result<Backend> {
    if chosen_kind()?.is_none() && !BackendKind::Nvgpu.available() {
        eprintln!(
            "gpuiface: no {NVGPU_CTRL_PATH} here: using the mock (set {BACKEND_ENV}=nvgpu to insist on the device)"
        );
        return open_kind(BackendKind::Mock);
    }
    open()
}

/// Open a specific backend.
pub fn open_kind(kind: BackendKind) -> Result<Backend> {
    Ok(match kind {
        BackendKind::Nvgpu => Backend::Nvgpu(Nvgpu(NvgpuBackend::open().map_err(offer_the_mock)?)),
        #[cfg(feature = "mock")]
        BackendKind::Mock => Backend::Mock(Mock(gpuiface_nvgpu::mock::MockDevice::open_default()?)),
        #[cfg(not(feature = "mock"))]
        BackendKind::Mock => {
            return Err(Error::unsupported("gpuiface", "the mock backend: built without the `mock` feature"))
        }
    })
}

/// What a missing device's error adds in a build that has the mock.
#[cfg(feature = "mock")]
const USE_THE_MOCK: &str = "set GPUIFACE_BACKEND=mock to use the model";

/// The real device did not open: in a build with the mock, a missing node's
/// error says how to choose it; a build without has nothing to offer.
fn offer_the_mock(e: Error) -> Error {
    #[cfg(feature = "mock")]
    if e.kind() == ErrorKind::NotFound {
        return e.or_instead(USE_THE_MOCK);
    }
    e
}

/// What generic code may want to know about a [`Backend`].
pub trait BackendExt {
    /// Which backend this is.
    fn kind(&self) -> BackendKind;
    /// The mock, for mock-only features (kernels, fault injection, leak checks).
    fn as_mock(&self) -> Option<&MockBackend>;
}

impl BackendExt for Backend {
    fn kind(&self) -> BackendKind {
        match self {
            Backend::Nvgpu(_) => BackendKind::Nvgpu,
            Backend::Mock(_) => BackendKind::Mock,
        }
    }
    fn as_mock(&self) -> Option<&MockBackend> {
        match self {
            Backend::Mock(Mock(m)) => Some(m),
            Backend::Nvgpu(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_backend_names() {
        assert_eq!(BackendKind::parse("mock").unwrap(), Some(BackendKind::Mock));
        assert_eq!(BackendKind::parse(" NVGPU ").unwrap(), Some(BackendKind::Nvgpu));
        assert_eq!(BackendKind::parse("auto").unwrap(), None);
        let e = BackendKind::parse("cuda").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.to_string().contains("GPUIFACE_BACKEND"), "{e}");
    }

    #[test]
    fn open_never_chooses_the_mock_silently() {
        if std::env::var_os(BACKEND_ENV).is_none() {
            assert_eq!(selected_kind().unwrap(), BackendKind::Nvgpu);
        }
        if !BackendKind::Nvgpu.available() && std::env::var_os(BACKEND_ENV).is_none() {
            let e = open().unwrap_err();
            assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");
            // Only a build that has the mock tells to choose it.
            assert_eq!(e.to_string().contains("GPUIFACE_BACKEND=mock"), cfg!(feature = "mock"), "{e}");
            #[cfg(feature = "mock")]
            assert_eq!(open_or_mock().unwrap().kind(), BackendKind::Mock);
        }
    }

    #[cfg(feature = "mock")]
    #[test]
    fn mock_opens_through_the_enum_and_generic_code_accepts_it() {
        fn backend_name<I: GpuIface>(i: &I) -> &'static str {
            i.info().backend
        }
        let dev = open_kind(BackendKind::Mock).unwrap();
        assert_eq!(dev.kind(), BackendKind::Mock);
        assert!(dev.as_mock().is_some());
        assert_eq!(backend_name(&dev), "mock");
        let dyn_dev: &dyn GpuIface = &dev;
        assert_eq!(dyn_dev.info().arch, 0x170);
    }
}
