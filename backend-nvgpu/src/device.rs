//! [`NvgpuDevice`]: the Tegra implementation of [`GpuIface`].
//!
//! This file opens the device and holds its state: the builder, the device
//! nodes and characteristics, the address space and its reserved windows,
//! buffers, and the trait's entry points. Each other concern has a file of
//! its own, as `impl NvgpuDevice` blocks:
//!
//! | file | what it does |
//! |---|---|
//! | `rm.rs` | RM→nvgpu translation: `rm_alloc`, `rm_control`, `rm_free` mapped to nvgpu ioctls |
//! | `channel.rs` | channel setup (OPEN_CHANNEL … SETUP_BIND, the error notifier) and the GPFIFO overlays |
//! | `submit.rs` | usermode submission: GPFIFO entries, GP_PUT, barrier, doorbell |
//! | `signal.rs` | signal slots and waiting for them |
//! | `fault.rs` | reading a channel's error notifier and decoding the fault it reports |
//! | `teardown.rs` | freeing RM objects and dropping the device, in the kernel's order |

use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{
    AllocRequest, Buffer, BufferId, CpuView, DeviceInfo, Error, ForeignMemory, GpFifoEntry, GpuIface, Result,
    RmAllocParams, RmClass, RmControl, RmHandle, Signal, SignalPlacement, UsermodeRegs,
};

use crate::abi::*;
use crate::fd::{CpuMapping, SysFd};
use crate::memory::{self, Allocation};
pub use crate::release::detect_release;
use crate::release::read_characteristics;
use crate::rm::Node;
use crate::signal::Slot;
use crate::sys::{LinuxSyscalls, Syscalls};

/// Where the kernel's device nodes are.
pub const NVMAP_PATH: &str = "/dev/nvmap";
/// The GPU control node.
pub const CTRL_PATH: &str = "/dev/nvgpu/igpu0/ctrl";
/// Start of the GPU VA range we ask ALLOC_AS for: the first PDE boundary
/// above 0 (ALLOC_AS wants both ends PDE-aligned).
pub const VA_START: u64 = ga10b::PDE_SIZE;
/// End of the GPU VA range: one PDE below the top of the reported VA bits
/// (2^40 − 2 MiB, what tinygrad asks for).
pub const VA_END: u64 = (1 << ga10b::VA_BITS) - ga10b::PDE_SIZE;
/// The shader local-memory window, reserved so no buffer lands there (seed
/// 000); its one home is [`gpuiface_hal::hw::ga10b`].
pub use gpuiface_hal::hw::ga10b::LOCAL_MEM_WINDOW;
/// The shader shared-memory window (reserved likewise).
pub use gpuiface_hal::hw::ga10b::SHARED_MEM_WINDOW;
/// Size of each window reservation.
pub const WINDOW_SIZE: u64 = gpuiface_hal::hw::ga10b::WINDOW_RESERVATION;
pub use crate::submit::RING_FULL_TIMEOUT;
/// The host-interface facts a usermode submit uses (the usermode window's
/// size, the doorbell's offset in it, GP_GET and GP_PUT in USERD, the USERD
/// buffer's size); their one home is [`gpuiface_hal::hw::ga10b`].
pub use gpuiface_hal::hw::ga10b::{DOORBELL_OFFSET, USERD_GP_GET, USERD_GP_PUT, USERD_SIZE, USERMODE_SIZE};
/// sysfs path of the GPU's devfreq node, below the sysfs root.
pub const DEVFREQ: &str = "class/devfreq/17000000.gpu";

pub use crate::fault::{decode_fault, notifier_engine, notifier_reason};

/// Configures and opens an [`NvgpuDevice`].
#[derive(Debug, Clone)]
pub struct NvgpuDeviceBuilder {
    nvmap_path: String,
    ctrl_path: String,
    sysfs_root: PathBuf,
    backend_name: &'static str,
}

impl Default for NvgpuDeviceBuilder {
    fn default() -> Self {
        NvgpuDeviceBuilder {
            nvmap_path: NVMAP_PATH.into(),
            ctrl_path: CTRL_PATH.into(),
            sysfs_root: PathBuf::from("/sys"),
            backend_name: "nvgpu",
        }
    }
}

impl NvgpuDeviceBuilder {
    /// The nvmap node (default `/dev/nvmap`).
    pub fn nvmap_path(mut self, p: impl Into<String>) -> Self {
        self.nvmap_path = p.into();
        self
    }
    /// The ctrl node (default `/dev/nvgpu/igpu0/ctrl`).
    pub fn ctrl_path(mut self, p: impl Into<String>) -> Self {
        self.ctrl_path = p.into();
        self
    }
    /// The sysfs root for PERF_BOOST (default `/sys`; tests use a temp dir).
    pub fn sysfs_root(mut self, p: impl Into<PathBuf>) -> Self {
        self.sysfs_root = p.into();
        self
    }
    /// The name [`DeviceInfo::backend`] reports (the mock says `"mock"`).
    pub fn backend_name(mut self, name: &'static str) -> Self {
        self.backend_name = name;
        self
    }
    /// Open the device through `syscalls`.
    pub fn build_with<S: Syscalls>(self, syscalls: S) -> Result<NvgpuDevice<S>> {
        NvgpuDevice::open_with(self, Arc::new(syscalls))
    }
}

pub(crate) struct State<S: Syscalls> {
    pub(crate) address_space: Option<SysFd<S>>,
    pub(crate) buffers: HashMap<u64, Allocation<S>>,
    pub(crate) next_buffer: u64,
    pub(crate) objects: BTreeMap<RmHandle, Node<S>>,
    pub(crate) next_handle: u32,
    pub(crate) signal_pages: Vec<Allocation<S>>,
    /// Freed buffers the GPU may still reach (`reclaim.rs`).
    pub(crate) deferred: Vec<crate::reclaim::Deferred<S>>,
}

/// The Tegra backend: `nvgpu.ko` + `nvmap`, through the syscall seam `S`.
///
/// On a Jetson, `NvgpuDevice::open()`; over the mock kernel,
/// `NvgpuDevice::builder().backend_name("mock").build_with(kernel)`.
pub struct NvgpuDevice<S: Syscalls = LinuxSyscalls> {
    pub(crate) sys: Arc<S>,
    pub(crate) info: DeviceInfo,
    /// The L4T release of the kernel's ABI, detected at open.
    pub(crate) release: Release,
    pub(crate) characteristics: NvgpuGpuCharacteristics,
    pub(crate) sysfs_root: PathBuf,
    pub(crate) state: Mutex<State<S>>,
    pub(crate) usermode: Mutex<Option<Arc<CpuMapping<S>>>>,
    /// The doorbell's address once usermode is mapped (0 before): read on
    /// every submit without taking a lock.
    pub(crate) doorbell: std::sync::atomic::AtomicUsize,
    pub(crate) signal_pool: Arc<Mutex<Vec<Slot<S>>>>,
    /// The channels, for `submit`: a read lock that only channel creation
    /// and destruction take for writing, so submitters on different
    /// channels never wait for each other (nor for the device's state lock).
    pub(crate) submit_channels: crate::submit::SubmitChannels<S>,
    /// Errors met releasing memory or objects ([`LiveCounts::teardown_errors`](gpuiface_hal::LiveCounts::teardown_errors)).
    pub(crate) teardown_errors: std::sync::atomic::AtomicUsize,
    // Dropped last, in this order (see `Drop`).
    pub(crate) ctrl: Option<SysFd<S>>,
    pub(crate) nvmap: Option<SysFd<S>>,
}

impl<S: Syscalls> std::fmt::Debug for NvgpuDevice<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NvgpuDevice").field("info", &self.info).finish_non_exhaustive()
    }
}

impl NvgpuDevice<LinuxSyscalls> {
    /// Open the real device (`/dev/nvmap`, `/dev/nvgpu/igpu0/ctrl`).
    pub fn open() -> Result<Self> {
        Self::builder().build_with(LinuxSyscalls)
    }
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// A builder with the default paths.
    pub fn builder() -> NvgpuDeviceBuilder {
        NvgpuDeviceBuilder::default()
    }

    fn open_with(b: NvgpuDeviceBuilder, sys: Arc<S>) -> Result<Self> {
        let open = |path: &str| -> Result<SysFd<S>> {
            let c = CString::new(path).map_err(|_| Error::invalid("open", "path with NUL"))?;
            let fd = sys.open(&c, libc::O_RDWR).map_err(|e| Error::open(path, e))?;
            // SAFETY: `open` just returned this fd of an nvgpu/nvmap node; we own it.
            Ok(unsafe { SysFd::from_raw(sys.clone(), fd) })
        };
        let nvmap = open(&b.nvmap_path)?;
        let ctrl = open(&b.ctrl_path)?;
        let (release, characteristics) = read_characteristics(&ctrl)?;
        let mut info = device_info(&characteristics, b.backend_name);
        info.kernel_release = Some(release.name());
        log::info!("{}: {release} kernel ABI", b.backend_name);
        Ok(NvgpuDevice {
            sys,
            info,
            release,
            characteristics,
            sysfs_root: b.sysfs_root,
            state: Mutex::new(State {
                address_space: None,
                buffers: HashMap::new(),
                next_buffer: 1,
                objects: BTreeMap::new(),
                next_handle: 0x1000,
                signal_pages: Vec::new(),
                deferred: Vec::new(),
            }),
            usermode: Mutex::new(None),
            submit_channels: Default::default(),
            teardown_errors: Default::default(),
            doorbell: std::sync::atomic::AtomicUsize::new(0),
            signal_pool: Arc::new(Mutex::new(Vec::new())),
            ctrl: Some(ctrl),
            nvmap: Some(nvmap),
        })
    }

    /// The syscall seam (the mock's tests reach the mock kernel through it).
    pub fn syscalls(&self) -> &S {
        &self.sys
    }

    /// The characteristics the kernel reported, in the r36 layout (an r35
    /// kernel's are moved there field by field:
    /// `gpuiface_abi::convert::characteristics_from_r35`).
    pub fn characteristics(&self) -> &NvgpuGpuCharacteristics {
        &self.characteristics
    }

    /// The L4T release whose kernel ABI this device speaks (detected at
    /// open; see [`detect_release`]).
    pub fn kernel_release(&self) -> Release {
        self.release
    }

    /// Live user buffers (not counting channel and signal memory).
    pub fn live_buffers(&self) -> usize {
        lock(&self.state).buffers.len()
    }

    pub(crate) fn ctrl(&self) -> &SysFd<S> {
        self.ctrl.as_ref().expect("ctrl fd lives until drop")
    }
    pub(crate) fn nvmap(&self) -> &SysFd<S> {
        self.nvmap.as_ref().expect("nvmap fd lives until drop")
    }

    /// The address space, created on first use: ALLOC_AS, then the window reservations.
    pub(crate) fn address_space<'a>(&self, st: &'a mut State<S>) -> Result<&'a SysFd<S>> {
        if st.address_space.is_none() {
            let mut args = NvgpuAllocAsArgs {
                big_page_size: 0,
                flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
                va_range_start: VA_START,
                va_range_end: VA_END,
                va_range_split: 0,
                ..Default::default()
            };
            self.ctrl().call(calls::NVGPU_GPU_IOCTL_ALLOC_AS, &mut args)?;
            // SAFETY: ALLOC_AS just returned this address-space fd; we own it (the seam's contract).
            let as_fd = unsafe { SysFd::from_raw(self.sys.clone(), args.as_fd) };
            for window in [LOCAL_MEM_WINDOW, SHARED_MEM_WINDOW] {
                let mut space = NvgpuAsAllocSpaceArgs {
                    pages: WINDOW_SIZE / memory::PAGE,
                    page_size: memory::PAGE as u32,
                    flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
                    offset: window,
                    ..Default::default()
                };
                as_fd.call(calls::NVGPU_AS_IOCTL_ALLOC_SPACE, &mut space)?;
            }
            st.address_space = Some(as_fd);
        }
        Ok(st.address_space.as_ref().expect("just created"))
    }

    pub(crate) fn allocate(&self, st: &mut State<S>, req: &AllocRequest) -> Result<Allocation<S>> {
        let va_size = self.info.va_size();
        let as_fd = self.address_space(st)?;
        memory::allocate(&self.sys, self.nvmap(), as_fd, req, va_size, self.release)
    }

    /// Give an allocation back to the kernel; an error is also logged and
    /// counted ([`NvgpuDevice::note_release_error`]).
    pub(crate) fn release(&self, st: &State<S>, a: Allocation<S>) -> Result<()> {
        let released = match st.address_space.as_ref() {
            Some(as_fd) => memory::release(self.nvmap(), as_fd, a),
            None => Err(Error::invalid("free", "no address space")),
        };
        if let Err(e) = &released {
            self.note_release_error("releasing a buffer", e);
        }
        released
    }

    /// Log and count an error met while releasing memory or an object:
    /// teardown has no caller to return it to.
    pub(crate) fn note_release_error(&self, what: &str, e: &Error) {
        self.teardown_errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        log::warn!("{}: {what}: {e}", self.info.backend);
    }
}

fn device_info(c: &NvgpuGpuCharacteristics, backend: &'static str) -> DeviceInfo {
    // The doorbell is an MMIO store: the CPU can rewrite a QMD before the GPU reads it.
    let mut i = DeviceInfo::new(backend, SignalPlacement::PushbufferSemaphore);
    i.arch = c.arch;
    i.implementation = c.impl_;
    i.rev = c.rev;
    i.sm_version = c.sm_arch_sm_version;
    i.compute_class = c.compute_class;
    i.gpfifo_class = c.gpfifo_class;
    i.dma_copy_class = c.dma_copy_class;
    i.va_bits = c.gpu_va_bit_count;
    i.num_gpc = c.num_gpc;
    i.num_tpc = c.num_gpc * c.num_tpc_per_gpc;
    i.l2_cache_size = c.L2_cache_size as u32;
    i.max_gpfifo_entries = c.max_gpfifo_entries;
    // The kernel's maximum is not what works: use the largest size with evidence.
    i.gpfifo_entries = c.max_gpfifo_entries.min(gpuiface_hal::hw::ga10b::PROVEN_GPFIFO_ENTRIES);
    i.limits = gpuiface_hal::DeviceLimits::ga10b(c.num_gpc, c.num_tpc_per_gpc, c.sm_arch_warp_count);
    i.io_coherent = c.flags & u64::from(NVGPU_GPU_FLAGS_SUPPORT_IO_COHERENCE) != 0;
    i.page_size = memory::PAGE;
    i
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// The one handle to allocation `id`, just made.
    fn handle(&self, id: u64, a: &Allocation<S>) -> Buffer {
        let cpu = a.cpu.as_ref().and_then(|m| {
            let ptr = std::ptr::NonNull::new(m.addr() as *mut u8)?;
            let keepalive: Arc<dyn Send + Sync> = m.clone();
            // SAFETY: `m` maps `m.len()` bytes read-write until its last Arc
            // goes, and the view holds one; the backend replaces pages inside it
            // only with other read-write shared mappings (`overlay_channel_buffers`,
            // which undoes a failure), never leaving a hole; nothing holds a Rust
            // reference into it.
            Some(unsafe { CpuView::from_raw(ptr, m.len(), keepalive) })
        });
        // SAFETY: allocation `id` of this device was just made (ids are never
        // reused), no other handle to it exists, and its mapping covers
        // `a.size` bytes at the CPU view of `a.gpu_va`.
        unsafe { Buffer::from_raw_parts(self.info.device, BufferId(id), a.gpu_va, a.size, cpu) }
    }
}

impl<S: Syscalls> GpuIface for NvgpuDevice<S> {
    fn info(&self) -> &DeviceInfo {
        &self.info
    }

    fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
        let mut st = lock(&self.state);
        self.reclaim(&mut st);
        let a = self.allocate(&mut st, &request)?;
        let id = st.next_buffer;
        st.next_buffer += 1;
        let buf = self.handle(id, &a);
        st.buffers.insert(id, a);
        Ok(buf)
    }

    fn free(&self, buffer: Buffer) -> Result<()> {
        if buffer.device() != self.info.device {
            return Err(Error::invalid("free", format!("{buffer:?} belongs to another device")));
        }
        let mut st = lock(&self.state);
        match st.buffers.get(&buffer.id().0) {
            Some(a) if a.gpu_va == buffer.gpu_va() => {}
            _ => return Err(Error::invalid("free", format!("unknown buffer {buffer:?}"))),
        }
        let a = st.buffers.remove(&buffer.id().0).expect("checked");
        buffer.mark_freed();
        // The memory stays mapped until no work submitted so far can reach it.
        self.defer_free(&mut st, a)
    }

    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        use std::os::fd::AsRawFd;
        let fd = match memory {
            ForeignMemory::DmaBuf(fd) => fd,
            other => return Err(Error::unsupported(self.info.backend, format!("map of {other:?}"))),
        };
        let raw = fd.as_raw_fd();
        let size = self.sys.fstat(raw).map_err(|e| Error::sys("fstat", e))?.st_size as u64;
        let mut st = lock(&self.state);
        let as_fd = self.address_space(&mut st)?;
        let gpu_va = memory::map_dmabuf(as_fd, raw, memory::PAGE, self.release)?;
        let cpu = if size > 0 {
            match CpuMapping::map(&self.sys, raw, size as usize, usize::try_from(gpu_va).ok()) {
                Ok(m) => Some(Arc::new(m)),
                Err(e) => {
                    let _ = memory::unmap_gpu(as_fd, gpu_va);
                    return Err(e);
                }
            }
        } else {
            None
        };
        let id = st.next_buffer;
        st.next_buffer += 1;
        let a = Allocation { handle: None, dmabuf: None, gpu_va, size, cpu };
        let buf = self.handle(id, &a);
        st.buffers.insert(id, a);
        Ok(buf)
    }

    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        self.check_handle("rm_alloc", parent)?;
        self.alloc_object(parent, class, params)
    }

    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        self.check_handle("rm_control", object)?;
        self.control(object, control)
    }

    fn rm_free(&self, object: RmHandle) -> Result<()> {
        self.check_handle("rm_free", object)?;
        self.free_object(object)
    }

    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        self.map_usermode()
    }

    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        self.check_handle("submit", channel)?;
        self.submit_entries(channel, entries)
    }

    fn submit_port(&self, channel: RmHandle) -> Result<gpuiface_hal::SubmitPort> {
        self.check_handle("submit_port", channel)?;
        self.direct_port(channel)
    }

    fn live(&self) -> Option<gpuiface_hal::LiveCounts> {
        let (buffers, pages, rm_objects, deferred_frees) = {
            let mut st = lock(&self.state);
            self.reclaim(&mut st);
            (st.buffers.len(), st.signal_pages.len(), st.objects.len(), st.deferred.len())
        };
        let slots = pages * (crate::memory::PAGE / gpuiface_hal::SIGNAL_SLOT_SIZE) as usize;
        let pooled = lock(&self.signal_pool).len();
        Some(gpuiface_hal::LiveCounts {
            buffers,
            signals: slots.saturating_sub(pooled),
            rm_objects,
            deferred_frees,
            teardown_errors: self.teardown_errors.load(std::sync::atomic::Ordering::Relaxed),
        })
    }

    fn signal_alloc(&self) -> Result<Signal> {
        self.new_signal()
    }

    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        self.wait_signal(signal, value, timeout)
    }
}
