//! [`NvgpuDevice`]: the Tegra implementation of [`GpuIface`].

use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;
use std::path::PathBuf;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use gpuiface_hal::{
    AllocRequest, Buffer, BufferId, CpuView, DeviceInfo, Engine, Error, FaultRecord, ForeignMemory, GpFifoEntry,
    GpuIface, GrInfoIndex, Result, RmAllocParams, RmClass, RmControl, RmHandle, Signal, SignalPlacement, UsermodeRegs,
};

use crate::abi::*;
use crate::fd::{CpuMapping, SysFd};
use crate::memory::{self, Allocation};
use crate::sys::{LinuxSyscalls, Syscalls};

/// Where the kernel's device nodes are.
pub const NVMAP_PATH: &str = "/dev/nvmap";
/// The GPU control node.
pub const CTRL_PATH: &str = "/dev/nvgpu/igpu0/ctrl";
/// Start of the GPU VA range we ask ALLOC_AS for (PDE-aligned, 2 MiB).
pub const VA_START: u64 = 2 << 20;
/// End of the GPU VA range (2^40 − 2 MiB).
pub const VA_END: u64 = (1 << 40) - (2 << 20);
/// The shader local-memory window, reserved so no buffer lands there (seed
/// 000); its one home is [`gpuiface_hal::hw::ga10b`].
pub use gpuiface_hal::hw::ga10b::LOCAL_MEM_WINDOW;
/// The shader shared-memory window (reserved likewise).
pub use gpuiface_hal::hw::ga10b::SHARED_MEM_WINDOW;
/// Size of each window reservation.
pub const WINDOW_SIZE: u64 = gpuiface_hal::hw::ga10b::WINDOW_RESERVATION;
/// The usermode register window's size (the ctrl fd's mmap).
pub const USERMODE_SIZE: usize = 0x10000;
/// Doorbell register offset in the usermode window.
pub const DOORBELL_OFFSET: usize = 0x90;
/// USERD: GP_GET offset.
pub const USERD_GP_GET: usize = 0x88;
/// USERD: GP_PUT offset.
pub const USERD_GP_PUT: usize = 0x8C;
/// USERD buffer size.
pub const USERD_SIZE: u64 = 4096;
/// How long `submit` waits for room in a full GPFIFO ring.
pub const RING_FULL_TIMEOUT: Duration = Duration::from_secs(10);
/// sysfs path of the GPU's devfreq node, below the sysfs root.
pub const DEVFREQ: &str = "class/devfreq/17000000.gpu";

const SIGNAL_PAGE: u64 = 4096;

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

struct Channel<S: Syscalls> {
    fd: SysFd<S>,
    token: u32,
    entries: u32,
    ring: usize,
    userd: usize,
    notifier: usize,
    /// GPFIFO, USERD and error-notifier buffers.
    buffers: Vec<Allocation<S>>,
    put: Mutex<u32>,
}

enum Object<S: Syscalls> {
    Device,
    Subdevice,
    AddressSpace,
    Vaspace,
    Debugger,
    Tsg(SysFd<S>),
    ContextShare { veid: u32 },
    Channel(Arc<Channel<S>>),
    Engine,
}

impl<S: Syscalls> Object<S> {
    fn name(&self) -> &'static str {
        match self {
            Object::Device => "NV01_DEVICE_0",
            Object::Subdevice => "NV20_SUBDEVICE_0",
            Object::AddressSpace => "NV01_MEMORY_VIRTUAL",
            Object::Vaspace => "FERMI_VASPACE_A",
            Object::Debugger => "GT200_DEBUGGER",
            Object::Tsg(_) => "KEPLER_CHANNEL_GROUP_A",
            Object::ContextShare { .. } => "FERMI_CONTEXT_SHARE_A",
            Object::Channel(_) => "AMPERE_CHANNEL_GPFIFO",
            Object::Engine => "engine object",
        }
    }
}

struct Node<S: Syscalls> {
    parent: RmHandle,
    object: Object<S>,
}

/// Returns a signal slot to its pool when the last clone of the signal drops.
struct SlotGuard<S: Syscalls> {
    _mapping: Arc<CpuMapping<S>>,
    pool: Weak<Mutex<Vec<Slot<S>>>>,
    slot: Option<Slot<S>>,
}

struct Slot<S: Syscalls> {
    gpu_va: u64,
    cpu: usize,
    mapping: Arc<CpuMapping<S>>,
}

impl<S: Syscalls> Drop for SlotGuard<S> {
    fn drop(&mut self) {
        if let (Some(pool), Some(slot)) = (self.pool.upgrade(), self.slot.take()) {
            pool.lock().unwrap_or_else(|p| p.into_inner()).push(slot);
        }
    }
}

struct State<S: Syscalls> {
    address_space: Option<SysFd<S>>,
    buffers: HashMap<u64, Allocation<S>>,
    next_buffer: u64,
    objects: BTreeMap<RmHandle, Node<S>>,
    next_handle: u32,
    signal_pages: Vec<Allocation<S>>,
}

/// The Tegra backend: `nvgpu.ko` + `nvmap`, through the syscall seam `S`.
///
/// On a Jetson, `NvgpuDevice::open()`; over the mock kernel,
/// `NvgpuDevice::builder().backend_name("mock").build_with(kernel)`.
pub struct NvgpuDevice<S: Syscalls = LinuxSyscalls> {
    sys: Arc<S>,
    info: DeviceInfo,
    characteristics: NvgpuGpuCharacteristics,
    sysfs_root: PathBuf,
    state: Mutex<State<S>>,
    usermode: Mutex<Option<Arc<CpuMapping<S>>>>,
    /// The doorbell's address once usermode is mapped (0 before): read on
    /// every submit without taking a lock.
    doorbell: std::sync::atomic::AtomicUsize,
    signal_pool: Arc<Mutex<Vec<Slot<S>>>>,
    /// The channels, for `submit`: a read lock that only channel creation
    /// and destruction take for writing, so submitters on different
    /// channels never wait for each other (nor for the device's state lock).
    submit_channels: std::sync::RwLock<std::collections::BTreeMap<RmHandle, Arc<Channel<S>>>>,
    // Dropped last, in this order (see `Drop`).
    ctrl: Option<SysFd<S>>,
    nvmap: Option<SysFd<S>>,
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

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
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
            Ok(SysFd::new(sys.clone(), fd))
        };
        let nvmap = open(&b.nvmap_path)?;
        let ctrl = open(&b.ctrl_path)?;
        let characteristics = read_characteristics(&ctrl)?;
        let info = device_info(&characteristics, b.backend_name);
        Ok(NvgpuDevice {
            sys,
            info,
            characteristics,
            sysfs_root: b.sysfs_root,
            state: Mutex::new(State {
                address_space: None,
                buffers: HashMap::new(),
                next_buffer: 1,
                objects: BTreeMap::new(),
                next_handle: 0x1000,
                signal_pages: Vec::new(),
            }),
            usermode: Mutex::new(None),
            submit_channels: Default::default(),
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

    /// The raw characteristics the kernel reported.
    pub fn characteristics(&self) -> &NvgpuGpuCharacteristics {
        &self.characteristics
    }

    /// Live user buffers (not counting channel and signal memory).
    pub fn live_buffers(&self) -> usize {
        lock(&self.state).buffers.len()
    }

    /// The work-submit token of a channel handle.
    pub fn channel_token(&self, channel: RmHandle) -> Option<u32> {
        match lock(&self.state).objects.get(&channel) {
            Some(Node { object: Object::Channel(c), .. }) => Some(c.token),
            _ => None,
        }
    }

    /// Back part of a caller's GPFIFO area with a channel's own buffers
    /// (seed 000): `MAP_FIXED` overlays put the channel's GPFIFO ring at
    /// `area + ring_offset` and its USERD page at `area + userd_offset`, so a
    /// runtime that writes GPFIFO entries and GP_PUT through one big area
    /// (tinygrad's `gpfifo_area`) writes the very memory the kernel bound.
    /// The kernel maps whole dma-bufs (SETUP_BIND takes offset 0 only), hence
    /// the small per-channel buffers and the overlays.
    ///
    /// `area` must be a CPU-mapped buffer from this device's [`GpuIface::alloc`];
    /// the offsets must be page-aligned and the ring and the USERD page must
    /// fit in it without overlapping. Freeing `area` later removes the overlays.
    pub fn overlay_channel_buffers(
        &self,
        channel: RmHandle,
        area: &Buffer,
        ring_offset: u64,
        userd_offset: u64,
    ) -> Result<()> {
        let op = "overlay_channel_buffers";
        let st = lock(&self.state);
        let ch = match st.objects.get(&channel) {
            Some(Node { object: Object::Channel(c), .. }) => c.clone(),
            _ => return Err(Error::invalid(op, format!("{channel} is not a channel"))),
        };
        let base = match st.buffers.get(&area.id().0) {
            Some(a) if area.device() == self.info.device && a.gpu_va == area.gpu_va() => {
                a.cpu.as_ref().map(|m| m.addr())
            }
            _ => None,
        }
        .ok_or_else(|| Error::invalid(op, "the area is not a CPU-mapped buffer of this device"))?;
        // buffers[1] is the GPFIFO ring, buffers[2] the USERD page (see `setup_channel`).
        let pieces = [(ring_offset, &ch.buffers[1]), (userd_offset, &ch.buffers[2])];
        let page = memory::PAGE;
        let len = |a: &Allocation<S>| a.size.next_multiple_of(page);
        for (off, a) in pieces {
            if off % page != 0 || off.checked_add(len(a)).is_none_or(|end| end > area.size().next_multiple_of(page)) {
                return Err(Error::invalid(op, format!("offset {off:#x} is unaligned or runs past the area")));
            }
        }
        if ring_offset < userd_offset + len(&ch.buffers[2]) && userd_offset < ring_offset + len(&ch.buffers[1]) {
            return Err(Error::invalid(op, "the ring and USERD overlays overlap"));
        }
        for (off, a) in pieces {
            let fd = a.dmabuf.as_ref().map(|d| d.raw()).ok_or_else(|| Error::invalid(op, "no dma-buf"))?;
            let at = base + off as usize;
            // SAFETY: `[at, at + len)` lies inside the area's mapping, which this device
            // owns (checked above); MAP_FIXED replaces those pages with the channel's
            // buffer, which is the point; the area's munmap at free removes them again.
            unsafe {
                self.sys.mmap(
                    at,
                    len(a) as usize,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED | libc::MAP_FIXED,
                    fd,
                    0,
                )
            }
            .map_err(|e| Error::sys("mmap", e))?;
        }
        Ok(())
    }

    fn ctrl(&self) -> &SysFd<S> {
        self.ctrl.as_ref().expect("ctrl fd lives until drop")
    }
    fn nvmap(&self) -> &SysFd<S> {
        self.nvmap.as_ref().expect("nvmap fd lives until drop")
    }

    /// The address space, created on first use: ALLOC_AS, then the window reservations.
    fn address_space<'a>(&self, st: &'a mut State<S>) -> Result<&'a SysFd<S>> {
        if st.address_space.is_none() {
            let mut args = NvgpuAllocAsArgs {
                big_page_size: 0,
                flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
                va_range_start: VA_START,
                va_range_end: VA_END,
                va_range_split: 0,
                ..Default::default()
            };
            self.ctrl().ioctl("NVGPU_GPU_IOCTL_ALLOC_AS", NVGPU_GPU_IOCTL_ALLOC_AS, &mut args)?;
            let as_fd = SysFd::new(self.sys.clone(), args.as_fd);
            for window in [LOCAL_MEM_WINDOW, SHARED_MEM_WINDOW] {
                let mut space = NvgpuAsAllocSpaceArgs {
                    pages: WINDOW_SIZE / memory::PAGE,
                    page_size: memory::PAGE as u32,
                    flags: NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET,
                    offset: window,
                    ..Default::default()
                };
                as_fd.ioctl("NVGPU_AS_IOCTL_ALLOC_SPACE", NVGPU_AS_IOCTL_ALLOC_SPACE, &mut space)?;
            }
            st.address_space = Some(as_fd);
        }
        Ok(st.address_space.as_ref().expect("just created"))
    }

    fn allocate(&self, st: &mut State<S>, req: &AllocRequest) -> Result<Allocation<S>> {
        let va_size = self.info.va_size();
        let as_fd = self.address_space(st)?;
        memory::allocate(&self.sys, self.nvmap(), as_fd, req, va_size)
    }

    fn release(&self, st: &State<S>, a: Allocation<S>) -> Result<()> {
        match st.address_space.as_ref() {
            Some(as_fd) => memory::release(self.nvmap(), as_fd, a),
            None => Err(Error::invalid("free", "no address space")),
        }
    }

    fn new_handle(st: &mut State<S>) -> RmHandle {
        st.next_handle += 1;
        RmHandle(st.next_handle)
    }

    fn parent<'a>(st: &'a State<S>, parent: RmHandle, op: &'static str) -> Result<&'a Object<S>> {
        st.objects
            .get(&parent)
            .map(|n| &n.object)
            .ok_or_else(|| Error::invalid(op, format!("unknown parent handle {parent}")))
    }

    fn setup_channel(&self, st: &mut State<S>, tsg_handle: RmHandle, entries: u32, veid: u32) -> Result<Channel<S>> {
        if entries < 2 || !entries.is_power_of_two() || entries > self.info.max_gpfifo_entries {
            return Err(Error::invalid("rm_alloc(GPFIFO)", format!("{entries} entries: need a power of two >= 2")));
        }
        let tsg_fd = match Self::parent(st, tsg_handle, "rm_alloc(GPFIFO)")? {
            Object::Tsg(fd) => fd.raw(),
            o => {
                return Err(Error::invalid(
                    "rm_alloc(GPFIFO)",
                    format!("parent is a {}, not a channel group", o.name()),
                ))
            }
        };
        let mut buffers = Vec::new();
        let result = (|| -> Result<Channel<S>> {
            // The error-notifier buffer comes first, as in CUDA's trace.
            buffers.push(self.allocate(st, &AllocRequest::new(4096).uncached())?);
            let mut open = NvgpuGpuOpenChannelArgs { channel_fd: -1 }; // in.runlist_id = -1: the GR runlist
            self.ctrl().ioctl("NVGPU_GPU_IOCTL_OPEN_CHANNEL", NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut open)?;
            let fd = SysFd::new(self.sys.clone(), open.channel_fd);
            // AS before TSG: the TSG records the channel's VM for its subcontext.
            let as_fd = self.address_space(st)?;
            let mut bind = NvgpuAsBindChannelArgs { channel_fd: fd.raw() as u32 };
            as_fd.ioctl("NVGPU_AS_IOCTL_BIND_CHANNEL", NVGPU_AS_IOCTL_BIND_CHANNEL, &mut bind)?;
            let mut tbind =
                NvgpuTsgBindChannelExArgs { channel_fd: fd.raw(), subcontext_id: veid, ..Default::default() };
            let tsg = SysFdRef { sys: &self.sys, raw: tsg_fd };
            tsg.ioctl("NVGPU_TSG_IOCTL_BIND_CHANNEL_EX", NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut tbind)?;
            // DETERMINISTIC needs the watchdog off.
            let mut wdt = NvgpuChannelWdtArgs { wdt_status: NVGPU_IOCTL_CHANNEL_DISABLE_WDT, timeout_ms: 0 };
            fd.ioctl("NVGPU_IOCTL_CHANNEL_WDT", NVGPU_IOCTL_CHANNEL_WDT, &mut wdt)?;
            // Small dedicated GPFIFO and USERD buffers (the kernel maps the whole dma-buf).
            let ring_bytes = (u64::from(entries) * 8).max(4096);
            buffers.push(self.allocate(st, &AllocRequest::new(ring_bytes).uncached())?);
            buffers.push(self.allocate(st, &AllocRequest::new(USERD_SIZE).uncached())?);
            let dmabuf = |a: &Allocation<S>| a.dmabuf.as_ref().map(|d| d.raw()).unwrap_or(-1);
            let mut setup = NvgpuChannelSetupBindArgs {
                num_gpfifo_entries: entries,
                flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT | NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
                userd_dmabuf_fd: dmabuf(&buffers[2]),
                gpfifo_dmabuf_fd: dmabuf(&buffers[1]),
                userd_dmabuf_offset: 0,
                gpfifo_dmabuf_offset: 0,
                ..Default::default()
            };
            fd.ioctl("NVGPU_IOCTL_CHANNEL_SETUP_BIND", NVGPU_IOCTL_CHANNEL_SETUP_BIND, &mut setup)?;
            let mut sync = NvgpuGetUserSyncpointArgs::default();
            fd.ioctl("NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT", NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut sync)?;
            let mut notifier =
                NvgpuSetErrorNotifier { offset: 0, size: 16, mem: dmabuf(&buffers[0]) as u32, padding: 0 };
            fd.ioctl("NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER", NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut notifier)?;
            let cpu = |a: &Allocation<S>| a.cpu.as_ref().map(|m| m.addr()).unwrap_or(0);
            Ok(Channel {
                token: setup.work_submit_token,
                entries,
                ring: cpu(&buffers[1]),
                userd: cpu(&buffers[2]),
                notifier: cpu(&buffers[0]),
                fd,
                buffers: Vec::new(),
                put: Mutex::new(0),
            })
        })();
        match result {
            Ok(mut ch) => {
                ch.buffers = buffers;
                Ok(ch)
            }
            Err(e) => {
                for a in buffers.into_iter().rev() {
                    let _ = self.release(st, a);
                }
                Err(e)
            }
        }
    }

    fn destroy(&self, st: &mut State<S>, node: Node<S>) {
        match node.object {
            Object::Channel(ch) => {
                // Closing the channel fd first: the kernel unbinds it and unmaps its GPFIFO.
                match Arc::try_unwrap(ch) {
                    Ok(ch) => {
                        let Channel { fd, buffers, .. } = ch;
                        drop(fd);
                        for a in buffers.into_iter().rev() {
                            let _ = self.release(st, a);
                        }
                    }
                    Err(shared) => drop(shared), // a submit holds it; its buffers go with the last reference
                }
            }
            Object::Tsg(fd) => drop(fd),
            _ => {}
        }
    }

    fn free_subtree(&self, st: &mut State<S>, root: RmHandle) {
        let children: Vec<RmHandle> = st.objects.iter().filter(|(_, n)| n.parent == root).map(|(h, _)| *h).collect();
        for c in children.into_iter().rev() {
            self.free_subtree(st, c);
        }
        if let Some(node) = st.objects.remove(&root) {
            if let Object::Channel(_) = node.object {
                self.submit_channels.write().unwrap_or_else(|p| p.into_inner()).remove(&root);
            }
            if let Object::ContextShare { veid } = node.object {
                if let Some(Node { object: Object::Tsg(tsg), .. }) = st.objects.get(&node.parent) {
                    let mut del = NvgpuTsgDeleteSubcontextArgs { veid, ..Default::default() };
                    let _ = tsg.ioctl("NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT", NVGPU_TSG_IOCTL_DELETE_SUBCONTEXT, &mut del);
                }
            }
            self.destroy(st, node);
        }
    }

    fn channels(&self) -> Vec<Arc<Channel<S>>> {
        lock(&self.state)
            .objects
            .values()
            .filter_map(|n| match &n.object {
                Object::Channel(c) => Some(c.clone()),
                _ => None,
            })
            .collect()
    }

    /// The first channel whose error notifier reports an error.
    fn faulted_channel(&self) -> Option<FaultRecord> {
        self.channels().into_iter().find_map(|c| self.channel_fault(&c))
    }

    /// The fault `c`'s error notifier reports, if any, with what the seam
    /// knows besides (the model: engine, address, reason) and the buffer
    /// the faulting address belongs to.
    fn channel_fault(&self, c: &Channel<S>) -> Option<FaultRecord> {
        let notified = notifier_fault(c)?;
        let mut rec = match self.sys.fault_details(notified.channel) {
            Some(model) => model,
            None => notified.with_see_also(
                "the kernel log (dmesg: nvgpu prints the faulting engine, address and access type) \
                 and the nvgpu debugfs (/sys/kernel/debug/gpu.0/)",
            ),
        };
        if let Some(addr) = rec.address {
            rec.buffer = Some(self.buffer_at(addr));
        }
        Some(rec)
    }

    /// Which of the device's buffers `addr` falls in, as a sentence.
    fn buffer_at(&self, addr: u64) -> String {
        let st = lock(&self.state);
        for (id, a) in &st.buffers {
            if addr >= a.gpu_va && addr - a.gpu_va < a.size.max(1) {
                return format!(
                    "buffer {id} [{:#x}, {:#x}) at offset {:#x}",
                    a.gpu_va,
                    a.gpu_va + a.size,
                    addr - a.gpu_va
                );
            }
        }
        if st.signal_pages.iter().any(|a| addr >= a.gpu_va && addr - a.gpu_va < a.size) {
            return "a signal page of this device".into();
        }
        "no buffer of this device (unmapped, freed, or another process's)".into()
    }
}

/// The fault `c`'s error notifier reports, if any: the engine as far as
/// the code tells it (an MMU fault's engine is in the kernel log only).
fn notifier_fault<S: Syscalls>(c: &Channel<S>) -> Option<FaultRecord> {
    if c.notifier == 0 {
        return None;
    }
    // SAFETY: the notifier buffer is mapped for the channel's life (the caller holds an
    // Arc); `nvgpu_notification` is 16 bytes: info32 at +8, status at +14.
    let (info32, status) = unsafe {
        (((c.notifier + 8) as *const u32).read_volatile(), ((c.notifier + 14) as *const u16).read_volatile())
    };
    (status != 0).then(|| FaultRecord::new(notifier_engine(info32), c.token & 0xfff, info32, notifier_reason(info32)))
}

/// The engine an `NVGPU_CHANNEL_*` error-notifier code implies: GR codes
/// the compute engine, PBDMA and idle-timeout codes the host; an MMU fault
/// may come from any engine ([`Engine::Unknown`]).
pub fn notifier_engine(code: u32) -> Engine {
    match code {
        NVGPU_CHANNEL_GR_ERROR_SW_METHOD
        | NVGPU_CHANNEL_GR_EXCEPTION
        | NVGPU_CHANNEL_GR_SEMAPHORE_TIMEOUT
        | NVGPU_CHANNEL_GR_ILLEGAL_NOTIFY => Engine::Compute,
        NVGPU_CHANNEL_PBDMA_ERROR
        | NVGPU_CHANNEL_PBDMA_PUSHBUFFER_CRC_MISMATCH
        | NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT => Engine::Host,
        _ => Engine::Unknown,
    }
}

/// What an `NVGPU_CHANNEL_*` error-notifier code means.
pub fn notifier_reason(code: u32) -> &'static str {
    match code {
        NVGPU_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT => "FIFO idle timeout",
        NVGPU_CHANNEL_GR_ERROR_SW_METHOD => "GR software method error",
        NVGPU_CHANNEL_GR_ILLEGAL_NOTIFY => "GR illegal notify",
        NVGPU_CHANNEL_GR_EXCEPTION => "GR exception (a kernel error, a bad QMD or an unknown program)",
        NVGPU_CHANNEL_GR_SEMAPHORE_TIMEOUT => "GR semaphore timeout",
        NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT => "MMU fault",
        NVGPU_CHANNEL_PBDMA_ERROR => "PBDMA error (malformed GPFIFO entry or method)",
        NVGPU_CHANNEL_RESETCHANNEL_VERIF_ERROR => "channel reset",
        _ => "channel error",
    }
}

/// A borrowed fd for one ioctl (the TSG fd stays owned by its RM object).
struct SysFdRef<'a, S: Syscalls> {
    sys: &'a Arc<S>,
    raw: i32,
}

impl<S: Syscalls> SysFdRef<'_, S> {
    fn ioctl<T: IoctlArg>(&self, name: &'static str, request: u32, arg: &mut T) -> Result<i32> {
        let fd = std::mem::ManuallyDrop::new(SysFd::new(self.sys.clone(), self.raw));
        fd.ioctl(name, request, arg)
    }
}

fn read_characteristics<S: Syscalls>(ctrl: &SysFd<S>) -> Result<NvgpuGpuCharacteristics> {
    // First ask for the size: a kernel of another L4T release has another layout.
    let mut probe = NvgpuGpuGetCharacteristics { gpu_characteristics_buf_size: 0, gpu_characteristics_buf_addr: 0 };
    ctrl.ioctl("NVGPU_GPU_IOCTL_GET_CHARACTERISTICS", NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut probe)?;
    let want = std::mem::size_of::<NvgpuGpuCharacteristics>() as u64;
    if probe.gpu_characteristics_buf_size != want {
        let release = if probe.gpu_characteristics_buf_size == r35::NVGPU_GPU_CHARACTERISTICS_SIZE as u64 {
            "an L4T r35 (JetPack 5) kernel"
        } else {
            "an unknown L4T release"
        };
        return Err(Error::unsupported(
            "nvgpu",
            format!(
                "nvgpu characteristics are {} bytes: this is {release}; gpuiface supports L4T r36 (JetPack 6, {want} bytes)",
                probe.gpu_characteristics_buf_size
            ),
        ));
    }
    let mut c = NvgpuGpuCharacteristics::default();
    let mut get = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: want,
        gpu_characteristics_buf_addr: &mut c as *mut NvgpuGpuCharacteristics as u64,
    };
    ctrl.ioctl("NVGPU_GPU_IOCTL_GET_CHARACTERISTICS", NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut get)?;
    Ok(c)
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
    i.io_coherent = c.flags & u64::from(NVGPU_GPU_FLAGS_SUPPORT_IO_COHERENCE) != 0;
    i.page_size = memory::PAGE;
    i
}

impl<S: Syscalls> NvgpuDevice<S> {
    /// The one handle to allocation `id`, just made.
    fn handle(&self, id: u64, a: &Allocation<S>) -> Buffer {
        let cpu = a.cpu.as_ref().and_then(|m| {
            let ptr = NonNull::new(m.addr() as *mut u8)?;
            let keepalive: Arc<dyn Send + Sync> = m.clone();
            // SAFETY: `m` maps `m.len()` bytes read-write until its last Arc
            // goes, and the view holds one; nothing references them.
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
        self.release(&st, a)
    }

    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        use std::os::fd::AsRawFd;
        let fd = match memory {
            ForeignMemory::DmaBuf(fd) => fd,
            other => return Err(Error::unsupported(self.info.backend, format!("map of {other:?}"))),
        };
        let raw = fd.as_raw_fd();
        // SAFETY: fstat on a borrowed, open fd into a zeroed stat buffer.
        let size = unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            if libc::fstat(raw, &mut st) != 0 {
                return Err(Error::sys("fstat", gpuiface_hal::Errno::last()));
            }
            st.st_size as u64
        };
        let mut st = lock(&self.state);
        let as_fd = self.address_space(&mut st)?;
        let gpu_va = memory::map_dmabuf(as_fd, raw, memory::PAGE)?;
        let cpu = if size > 0 {
            match CpuMapping::map(&self.sys, raw, size as usize, usize::try_from(gpu_va).ok()) {
                Ok(m) => Some(Arc::new(m)),
                Err(e) => {
                    memory::unmap_gpu(as_fd, gpu_va);
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
        let mut st = lock(&self.state);
        let op = "rm_alloc";
        let want_parent = |ok: bool, st: &State<S>| -> Result<()> {
            if ok {
                return Ok(());
            }
            let what = st.objects.get(&parent).map(|n| n.object.name()).unwrap_or("nothing");
            Err(Error::invalid(op, format!("{class} cannot be created under {parent} ({what})")))
        };
        if parent != RmHandle::ROOT && !st.objects.contains_key(&parent) {
            return Err(Error::invalid(op, format!("unknown parent handle {parent}")));
        }
        let parent_obj = st.objects.get(&parent).map(|n| &n.object);
        let object = match class {
            RmClass::Device0 => {
                want_parent(parent == RmHandle::ROOT, &st)?;
                Object::Device
            }
            RmClass::Subdevice0 => {
                want_parent(matches!(parent_obj, Some(Object::Device)), &st)?;
                Object::Subdevice
            }
            RmClass::MemoryVirtual => {
                want_parent(matches!(parent_obj, Some(Object::Device)), &st)?;
                self.address_space(&mut st)?;
                Object::AddressSpace
            }
            RmClass::FermiVaspaceA => {
                want_parent(matches!(parent_obj, Some(Object::Device | Object::AddressSpace)), &st)?;
                Object::Vaspace
            }
            RmClass::Gt200Debugger => {
                want_parent(matches!(parent_obj, Some(Object::Device | Object::Subdevice)), &st)?;
                Object::Debugger
            }
            RmClass::KeplerChannelGroupA => {
                want_parent(matches!(parent_obj, Some(Object::Device)), &st)?;
                let mut args = NvgpuGpuOpenTsgArgs::default();
                self.ctrl().ioctl("NVGPU_GPU_IOCTL_OPEN_TSG", NVGPU_GPU_IOCTL_OPEN_TSG, &mut args)?;
                Object::Tsg(SysFd::new(self.sys.clone(), args.tsg_fd as i32))
            }
            RmClass::FermiContextShareA => {
                let tsg = match parent_obj {
                    Some(Object::Tsg(fd)) => fd.raw(),
                    _ => return want_parent(false, &st).map(|_| RmHandle::ROOT),
                };
                let asynchronous = !matches!(params, RmAllocParams::ContextShare { asynchronous: false });
                let as_raw = self.address_space(&mut st)?.raw();
                let mut args = NvgpuTsgCreateSubcontextArgs {
                    type_: if asynchronous { NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC } else { NVGPU_TSG_SUBCONTEXT_TYPE_SYNC },
                    as_fd: as_raw,
                    ..Default::default()
                };
                SysFdRef { sys: &self.sys, raw: tsg }.ioctl(
                    "NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT",
                    NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT,
                    &mut args,
                )?;
                Object::ContextShare { veid: args.veid }
            }
            c if c.is_gpfifo() => {
                want_parent(matches!(parent_obj, Some(Object::Tsg(_))), &st)?;
                let (entries, ctx) = match params {
                    RmAllocParams::Gpfifo { entries, context_share } => (*entries, *context_share),
                    RmAllocParams::None => (1024, None),
                    other => return Err(Error::invalid(op, format!("{class} takes Gpfifo parameters, not {other:?}"))),
                };
                let veid = match ctx {
                    None => 0,
                    Some(h) => match st.objects.get(&h) {
                        Some(Node { object: Object::ContextShare { veid }, parent: p }) if *p == parent => *veid,
                        _ => return Err(Error::invalid(op, format!("{h} is not a context share of {parent}"))),
                    },
                };
                Object::Channel(Arc::new(self.setup_channel(&mut st, parent, entries, veid)?))
            }
            c if c.is_engine() => {
                let ch = match parent_obj {
                    Some(Object::Channel(ch)) => ch.clone(),
                    _ => return want_parent(false, &st).map(|_| RmHandle::ROOT),
                };
                let class_num = match c {
                    RmClass::AmpereComputeA | RmClass::AmpereComputeB => self.info.compute_class,
                    _ => self.info.dma_copy_class,
                };
                let mut args = NvgpuAllocObjCtxArgs { class_num, flags: 0, obj_id: 0 };
                ch.fd.ioctl("NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX", NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut args)?;
                Object::Engine
            }
            other => {
                log::warn!("rm_alloc of unsupported class {other}");
                return Err(Error::unsupported(self.info.backend, format!("rm_alloc of {other}")));
            }
        };
        let h = Self::new_handle(&mut st);
        if let Object::Channel(c) = &object {
            self.submit_channels.write().unwrap_or_else(|p| p.into_inner()).insert(h, c.clone());
        }
        st.objects.insert(h, Node { parent, object });
        Ok(h)
    }

    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        let st = lock(&self.state);
        let node =
            st.objects.get(&object).ok_or_else(|| Error::invalid("rm_control", format!("unknown handle {object}")))?;
        let c = &self.characteristics;
        match control {
            RmControl::PerfBoost { .. } => {
                let dir = self.sysfs_root.join(DEVFREQ);
                let max = std::fs::read_to_string(dir.join("max_freq")).map_err(|e| {
                    Error::unsupported(self.info.backend, format!("PERF_BOOST: {}: {e}", dir.display()))
                })?;
                std::fs::write(dir.join("min_freq"), max.trim()).map_err(|e| {
                    Error::unsupported(self.info.backend, format!("PERF_BOOST: {}: {e}", dir.display()))
                })?;
                Ok(())
            }
            RmControl::GpfifoSchedule { .. } => Ok(()), // channels are scheduled when bound
            RmControl::GetWorkSubmitToken { token } => match &node.object {
                Object::Channel(ch) => {
                    *token = ch.token;
                    Ok(())
                }
                o => Err(Error::invalid("rm_control", format!("GET_WORK_SUBMIT_TOKEN on a {}", o.name()))),
            },
            RmControl::GrGetInfo { queries } => {
                for (index, value) in queries.iter_mut() {
                    *value = match index {
                        GrInfoIndex::SmVersion => c.sm_arch_sm_version,
                        GrInfoIndex::NumGpcs => c.num_gpc,
                        GrInfoIndex::NumTpcPerGpc => c.num_tpc_per_gpc,
                        GrInfoIndex::NumSmPerTpc => 1,
                        GrInfoIndex::MaxWarpsPerSm => c.sm_arch_warp_count.max(48),
                        other => {
                            return Err(Error::unsupported(self.info.backend, format!("GR_GET_INFO index {other:?}")))
                        }
                    };
                }
                Ok(())
            }
            RmControl::GetClassList { classes } => {
                *classes = vec![
                    RmClass::Device0.number(),
                    RmClass::Subdevice0.number(),
                    RmClass::MemoryVirtual.number(),
                    RmClass::KeplerChannelGroupA.number(),
                    RmClass::FermiContextShareA.number(),
                    c.gpfifo_class,
                    c.compute_class,
                    c.dma_copy_class,
                ];
                Ok(())
            }
            RmControl::GetGidInfo { uuid } => {
                // Synthetic and stable: 'J' (Jetson) + arch/impl/rev + per-device identifier.
                let mut u = [0u8; 16];
                u[0] = b'J';
                u[1..3].copy_from_slice(&(c.arch as u16).to_le_bytes());
                u[3] = c.impl_ as u8;
                u[4] = c.rev as u8;
                u[5..13].copy_from_slice(&c.per_device_identifier.to_le_bytes());
                u[13..16].copy_from_slice(&c.sm_arch_sm_version.to_le_bytes()[..3]);
                *uuid = u;
                Ok(())
            }
            RmControl::FbFlushGpuCache => Ok(()), // IO-coherent: nothing to flush
            other => {
                log::warn!("unsupported rm_control {:#x}", other.cmd());
                Err(Error::unsupported(self.info.backend, format!("rm_control {:#x}", other.cmd())))
            }
        }
    }

    fn rm_free(&self, object: RmHandle) -> Result<()> {
        let mut st = lock(&self.state);
        if !st.objects.contains_key(&object) {
            return Err(Error::invalid("rm_free", format!("unknown handle {object}")));
        }
        self.free_subtree(&mut st, object);
        Ok(())
    }

    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        let mut um = lock(&self.usermode);
        if um.is_none() {
            *um = Some(Arc::new(CpuMapping::map(&self.sys, self.ctrl().raw(), USERMODE_SIZE, None)?));
        }
        let m = um.as_ref().expect("just mapped");
        self.doorbell.store(m.addr() + DOORBELL_OFFSET, std::sync::atomic::Ordering::Release);
        Ok(UsermodeRegs { base: m.addr(), len: m.len(), doorbell_offset: DOORBELL_OFFSET })
    }

    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        let ch = match self.submit_channels.read().unwrap_or_else(|p| p.into_inner()).get(&channel) {
            Some(c) => c.clone(),
            None => return Err(Error::invalid("submit", format!("{channel} is not a channel"))),
        };
        // A faulted channel executes nothing more: say so now rather than at
        // the next wait. Recovery: drop what uses the channel (the Runtime)
        // and set up a new one; the device and its buffers stay usable.
        if let Some(fault) = self.channel_fault(&ch) {
            return Err(Error::hang(
                format!("{channel} has faulted and accepts no more work; recreate its channel (a new Runtime)"),
                Some(fault),
            ));
        }
        let doorbell = match self.doorbell.load(std::sync::atomic::Ordering::Acquire) {
            0 => self.setup_usermode()?.base + DOORBELL_OFFSET,
            d => d,
        };
        let mut put = lock(&ch.put);
        let userd = ch.userd;
        for e in entries {
            let next = (*put + 1) % ch.entries;
            let started = Instant::now();
            // SAFETY: USERD is mapped for the channel's life (we hold an Arc); GP_GET is a
            // 4-aligned word the GPU writes.
            while unsafe { ((userd + USERD_GP_GET) as *const u32).read_volatile() } == next {
                if started.elapsed() > RING_FULL_TIMEOUT {
                    return Err(Error::hang(
                        format!("GPFIFO of channel {channel} stayed full for {RING_FULL_TIMEOUT:?}"),
                        self.faulted_channel(),
                    ));
                }
                std::thread::yield_now();
            }
            // SAFETY: the ring holds `entries` 8-byte slots and `*put < entries`.
            unsafe { ((ch.ring + 8 * *put as usize) as *mut u64).write_volatile(e.encode()) };
            *put = next;
        }
        // SAFETY: GP_PUT is a 4-aligned word of the mapped USERD page.
        unsafe { ((userd + USERD_GP_PUT) as *mut u32).write_volatile(*put) };
        // SAFETY: `doorbell` lies inside the live usermode mapping (mapped above).
        unsafe { self.sys.ring_doorbell(doorbell as *mut u32, ch.token) };
        Ok(())
    }

    fn signal_alloc(&self) -> Result<Signal> {
        let slot = {
            let mut pool = lock(&self.signal_pool);
            match pool.pop() {
                Some(s) => s,
                None => {
                    drop(pool);
                    let mut st = lock(&self.state);
                    let page = self.allocate(&mut st, &AllocRequest::new(SIGNAL_PAGE).host())?;
                    let mapping =
                        page.cpu.clone().ok_or_else(|| Error::invalid("signal_alloc", "signal page unmapped"))?;
                    let base = page.gpu_va;
                    let slots = (0..SIGNAL_PAGE / gpuiface_hal::SIGNAL_SLOT_SIZE).rev().map(|i| Slot {
                        gpu_va: base + i * gpuiface_hal::SIGNAL_SLOT_SIZE,
                        cpu: mapping.addr() + (i * gpuiface_hal::SIGNAL_SLOT_SIZE) as usize,
                        mapping: mapping.clone(),
                    });
                    let slots: Vec<Slot<S>> = slots.collect();
                    st.signal_pages.push(page);
                    let mut pool = lock(&self.signal_pool);
                    pool.extend(slots);
                    pool.pop().expect("a fresh page has slots")
                }
            }
        };
        // SAFETY: the slot is 16 bytes of our mapped signal page, 16-aligned.
        unsafe { std::ptr::write_bytes(slot.cpu as *mut u8, 0, gpuiface_hal::SIGNAL_SLOT_SIZE as usize) };
        let (gpu_va, cpu) = (slot.gpu_va, slot.cpu);
        let guard: Arc<dyn Send + Sync> = Arc::new(SlotGuard {
            _mapping: slot.mapping.clone(),
            pool: Arc::downgrade(&self.signal_pool),
            slot: Some(slot),
        });
        let ptr = NonNull::new(cpu as *mut u8).ok_or_else(|| Error::invalid("signal_alloc", "null slot"))?;
        // SAFETY: 16 mapped, 16-aligned bytes kept mapped by the guard's Arc<CpuMapping>.
        Ok(unsafe { Signal::from_raw(self.info.device, gpu_va, ptr, guard) })
    }

    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        if signal.device() != self.info.device {
            return Err(Error::invalid("signal_wait", "the signal belongs to another device"));
        }
        let start = Instant::now();
        let mut spins = 0u32;
        let mut last_check = start;
        loop {
            if signal.value() >= value {
                return Ok(());
            }
            let now = Instant::now();
            if now.duration_since(last_check) > Duration::from_millis(2) {
                last_check = now;
                if let Some(fault) = self.faulted_channel() {
                    return Err(Error::hang(
                        format!("signal at {:#x} waiting for {value}", signal.gpu_va()),
                        Some(fault),
                    ));
                }
            }
            if now.duration_since(start) >= timeout {
                // A channel that faulted is a hang with its record; otherwise
                // the work may just be long (the channel watchdog is off), or
                // the signal is never released (a graph bug): a timeout.
                return Err(match self.faulted_channel() {
                    Some(fault) => {
                        Error::hang(format!("signal at {:#x} waiting for {value}", signal.gpu_va()), Some(fault))
                    }
                    None => Error::timeout(
                        format!(
                            "signal at {:#x} to reach {value} (it is {}; no channel has faulted)",
                            signal.gpu_va(),
                            signal.value()
                        ),
                        timeout,
                    ),
                });
            }
            spins += 1;
            if spins < 2000 {
                std::hint::spin_loop();
            } else if spins < 4000 {
                std::thread::yield_now();
            } else {
                std::thread::sleep(Duration::from_micros(50));
            }
        }
    }
}

impl<S: Syscalls> Drop for NvgpuDevice<S> {
    fn drop(&mut self) {
        let mut st = lock(&self.state);
        // RM objects, children before parents: channels before TSGs.
        let roots: Vec<RmHandle> =
            st.objects.iter().filter(|(_, n)| n.parent == RmHandle::ROOT).map(|(h, _)| *h).collect();
        for r in roots.into_iter().rev() {
            self.free_subtree(&mut st, r);
        }
        let orphans: Vec<RmHandle> = st.objects.keys().rev().copied().collect();
        for h in orphans {
            self.free_subtree(&mut st, h);
        }
        // Buffers: GPU unmap, munmap, close, nvmap free (each in `release`).
        let buffers: Vec<Allocation<S>> = st.buffers.drain().map(|(_, a)| a).collect();
        for a in buffers {
            let _ = self.release(&st, a);
        }
        lock(&self.signal_pool).clear();
        let pages: Vec<Allocation<S>> = st.signal_pages.drain(..).collect();
        for a in pages {
            let _ = self.release(&st, a);
        }
        // The address space after everything mapped in it, then the device fds.
        st.address_space = None;
        drop(st);
        *lock(&self.usermode) = None;
        self.ctrl = None;
        self.nvmap = None;
    }
}
