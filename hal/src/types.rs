//! The plain data every backend hands out: device information, buffers,
//! allocation requests, signals and the usermode register window.

use std::fmt;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub use crate::buffer::{Buffer, BufferId, CpuView, DeviceId};

/// Where a backend needs a queue's completion signals placed (seed 002).
///
/// On Tegra the doorbell is an MMIO store that takes nanoseconds, so the CPU
/// can rewrite a QMD before the GPU has read it. A signal folded into that QMD
/// would then release the *next* launch's payload. Such backends ask for
/// [`SignalPlacement::PushbufferSemaphore`]: every signal is a host semaphore
/// release written into fresh command memory, which the CPU never rewrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SignalPlacement {
    /// The signal may ride in the QMD's release slot (desktop behaviour).
    QmdRelease,
    /// Every signal must be a pushbuffer semaphore release (Tegra).
    PushbufferSemaphore,
}

/// What a device is and can do.
///
/// The struct grows: a backend builds it with [`DeviceInfo::new`] and sets
/// the fields it knows.
///
/// ```
/// use gpuiface_hal::{DeviceInfo, SignalPlacement};
/// let mut info = DeviceInfo::new("my-backend", SignalPlacement::PushbufferSemaphore);
/// info.arch = 0x170;
/// info.sm_version = 0x807;
/// assert_eq!((info.sm_major(), info.sm_minor()), (8, 7));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct DeviceInfo {
    /// The backend's name (`"nvgpu"`, `"mock"`).
    pub backend: &'static str,
    /// GPU architecture (`0x170` = Ampere).
    pub arch: u32,
    /// Implementation within the architecture (`0xb` = ga10b).
    pub implementation: u32,
    /// Revision.
    pub rev: u32,
    /// SM version as `major << 8 | minor` (`0x807` = SM 8.7).
    pub sm_version: u32,
    /// Compute class (`0xC7C0`).
    pub compute_class: u32,
    /// GPFIFO (channel) class (`0xC76F`).
    pub gpfifo_class: u32,
    /// Copy-engine class (`0xC7B5`).
    pub dma_copy_class: u32,
    /// Bits of GPU virtual address the device reports (40 on ga10b).
    pub va_bits: u8,
    /// GPCs.
    pub num_gpc: u32,
    /// TPCs in all (two SMs per TPC on ga10b: [`DeviceInfo::limits`]`.sm_count`).
    pub num_tpc: u32,
    /// L2 size in bytes.
    pub l2_cache_size: u32,
    /// Largest GPFIFO the kernel accepts (`max_gpfifo_entries`: 2^28 on an
    /// Orin). Not safe to use: see [`DeviceInfo::gpfifo_entries`].
    pub max_gpfifo_entries: u32,
    /// The GPFIFO size (entries) to use: the largest the project has
    /// evidence for on this device ([`crate::hw::ga10b::PROVEN_GPFIFO_ENTRIES`],
    /// 1,024 = 8 KiB; a 3 MiB GPFIFO hangs ALLOC_OBJ_CTX on an Orin), never
    /// more than `max_gpfifo_entries`.
    pub gpfifo_entries: u32,
    /// Launch limits: from the kernel where it reports them, else the facts.
    pub limits: crate::limits::DeviceLimits,
    /// CPU and GPU see each other's writes without cache maintenance.
    pub io_coherent: bool,
    /// Where queues must place completion signals.
    pub signal_placement: SignalPlacement,
    /// The GPU page size used for mappings.
    pub page_size: u64,
    /// The kernel ABI release the backend speaks to this device: `"r35"`
    /// (L4T r35, JetPack 5) or `"r36"` (L4T r36, JetPack 6) for the nvgpu
    /// backend, real or over the mock; `None` for a backend with no kernel.
    pub kernel_release: Option<&'static str>,
    /// This device among the process's open devices: the owner its
    /// buffers and signals name.
    pub device: DeviceId,
}

impl DeviceInfo {
    /// A device named `backend` whose signals go where `signal_placement`
    /// says; every other field zero (`page_size` 4 KiB): set what is known.
    pub fn new(backend: &'static str, signal_placement: SignalPlacement) -> DeviceInfo {
        DeviceInfo {
            backend,
            arch: 0,
            implementation: 0,
            rev: 0,
            sm_version: 0,
            compute_class: 0,
            gpfifo_class: 0,
            dma_copy_class: 0,
            va_bits: 0,
            num_gpc: 0,
            num_tpc: 0,
            l2_cache_size: 0,
            max_gpfifo_entries: 0,
            gpfifo_entries: 0,
            limits: crate::limits::DeviceLimits::default(),
            io_coherent: false,
            signal_placement,
            page_size: 4096,
            kernel_release: None,
            device: DeviceId::unique(),
        }
    }
    /// SM major version (8 on Orin).
    pub fn sm_major(&self) -> u32 {
        self.sm_version >> 8
    }
    /// SM minor version (7 on Orin).
    pub fn sm_minor(&self) -> u32 {
        self.sm_version & 0xff
    }
    /// The size of the GPU virtual address space in bytes: `2^va_bits`,
    /// saturating at `u64::MAX` for 64 bits or more (a 64-bit space has one
    /// byte more than a `u64` counts; no shift overflows).
    pub fn va_size(&self) -> u64 {
        1u64.checked_shl(u32::from(self.va_bits)).unwrap_or(u64::MAX)
    }
}

impl fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "backend          {}", self.backend)?;
        if let Some(r) = self.kernel_release {
            writeln!(f, "kernel ABI       L4T {r}")?;
        }
        writeln!(f, "arch             {:#x} (impl {:#x}, rev {:#x})", self.arch, self.implementation, self.rev)?;
        writeln!(f, "SM               {}.{}", self.sm_major(), self.sm_minor())?;
        writeln!(
            f,
            "classes          compute {:#06x}, copy {:#06x}, gpfifo {:#06x}",
            self.compute_class, self.dma_copy_class, self.gpfifo_class
        )?;
        writeln!(f, "GPCs / TPCs      {} / {}", self.num_gpc, self.num_tpc)?;
        writeln!(f, "SMs / warps      {} / {} per SM", self.limits.sm_count, self.limits.warps_per_sm)?;
        writeln!(f, "GPFIFO           {} entries (kernel max {})", self.gpfifo_entries, self.max_gpfifo_entries)?;
        writeln!(f, "L2               {} KiB", self.l2_cache_size / 1024)?;
        writeln!(f, "GPU VA           {} bits", self.va_bits)?;
        writeln!(f, "IO-coherent      {}", self.io_coherent)?;
        write!(f, "signal placement {:?}", self.signal_placement)
    }
}

/// What [`GpuIface::alloc`](crate::GpuIface::alloc) is asked for.
///
/// ```
/// use gpuiface_hal::AllocRequest;
/// let req = AllocRequest::new(4096).uncached().align(1 << 16);
/// assert_eq!((req.size, req.uncached, req.alignment), (4096, true, Some(1 << 16)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocRequest {
    /// Size in bytes; 0 is an error.
    pub size: u64,
    /// Host memory (the CPU writes it, the GPU reads it): write-combined on Tegra.
    pub host: bool,
    /// Uncached (write-combined) CPU mapping, for GPU control structures.
    pub uncached: bool,
    /// The CPU needs a mapping of the buffer.
    pub cpu_access: bool,
    /// Required alignment of the GPU VA; `None` lets the backend choose
    /// (4 KiB, 2 MiB from 8 MiB up on Tegra). Must be a power of two.
    pub alignment: Option<u64>,
}

impl AllocRequest {
    /// A device buffer of `size` bytes with a CPU mapping.
    pub fn new(size: u64) -> Self {
        AllocRequest { size, host: false, uncached: false, cpu_access: true, alignment: None }
    }
    /// Mark as host memory.
    pub fn host(mut self) -> Self {
        self.host = true;
        self
    }
    /// Mark as uncached (write-combined).
    pub fn uncached(mut self) -> Self {
        self.uncached = true;
        self
    }
    /// No CPU mapping needed.
    pub fn gpu_only(mut self) -> Self {
        self.cpu_access = false;
        self
    }
    /// Require an alignment.
    pub fn align(mut self, alignment: u64) -> Self {
        self.alignment = Some(alignment);
        self
    }
}

/// Size of one signal slot: a 64-bit value then a 64-bit timestamp, as the
/// host writes a 16-byte semaphore release.
pub const SIGNAL_SLOT_SIZE: u64 = 16;

/// A GPU-visible 64-bit counter the GPU releases and the CPU waits on.
///
/// The slot keeps its backing memory alive through `keepalive`, so reading a
/// signal after the device is gone is still sound (it just stops changing).
#[derive(Clone)]
pub struct Signal {
    device: DeviceId,
    gpu_va: u64,
    ptr: NonNull<AtomicU64>,
    keepalive: Arc<dyn Send + Sync>,
}

// SAFETY: the pointee is an AtomicU64 kept alive by `keepalive`; all accesses are atomic.
unsafe impl Send for Signal {}
// SAFETY: as above; shared access only goes through atomic operations.
unsafe impl Sync for Signal {}

impl Signal {
    /// Wrap a 16-byte slot.
    ///
    /// # Safety
    /// `ptr` must be 8-aligned, point to [`SIGNAL_SLOT_SIZE`] bytes that stay
    /// mapped and writable for as long as `keepalive` lives, and be the CPU
    /// view of the GPU address `gpu_va` of `device`.
    pub unsafe fn from_raw(device: DeviceId, gpu_va: u64, ptr: NonNull<u8>, keepalive: Arc<dyn Send + Sync>) -> Self {
        Signal { device, gpu_va, ptr: ptr.cast(), keepalive }
    }

    /// The device whose GPU releases it.
    pub fn device(&self) -> DeviceId {
        self.device
    }

    /// GPU address of the value (the timestamp is at `+8`).
    pub fn gpu_va(&self) -> u64 {
        self.gpu_va
    }

    /// The CPU address of the slot.
    pub fn cpu_addr(&self) -> usize {
        self.ptr.as_ptr() as usize
    }

    fn word(&self, index: usize) -> &AtomicU64 {
        // SAFETY: `from_raw`'s contract: 16 mapped, 8-aligned bytes alive while
        // `self.keepalive` is; index is 0 or 1.
        unsafe { &*self.ptr.as_ptr().add(index) }
    }

    /// The current value.
    pub fn value(&self) -> u64 {
        self.word(0).load(Ordering::Acquire)
    }

    /// The timestamp the last 16-byte release wrote (0 if none).
    pub fn timestamp(&self) -> u64 {
        self.word(1).load(Ordering::Acquire)
    }

    /// Set the value from the CPU.
    pub fn set(&self, value: u64) {
        self.word(0).store(value, Ordering::Release);
    }

    /// True when both handles refer to the same slot.
    pub fn same_slot(&self, other: &Signal) -> bool {
        self.ptr == other.ptr && Arc::ptr_eq(&self.keepalive, &other.keepalive)
    }
}

impl fmt::Debug for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Signal")
            .field("gpu_va", &format_args!("{:#x}", self.gpu_va))
            .field("value", &self.value())
            .finish()
    }
}

/// The usermode register window (on Tegra: the ctrl fd's mmap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsermodeRegs {
    /// CPU address of the window.
    pub base: usize,
    /// Its length in bytes.
    pub len: usize,
    /// Offset of the 32-bit doorbell register
    /// ([`crate::hw::ga10b::DOORBELL_OFFSET`] on ga10b).
    pub doorbell_offset: usize,
}

/// An RM object handle (client-chosen numbering, as in NVIDIA's RM API),
/// naming the device whose object it is.
///
/// Every device numbers its handles alike, so the number alone would let
/// one device's handle act on another device's object (issue 22, hole 6):
/// a backend refuses a handle of another device with `InvalidArgument`.
/// [`RmHandle::ROOT`], the client root, belongs to no device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RmHandle {
    device: Option<DeviceId>,
    number: u32,
}

impl RmHandle {
    /// The root client object every hierarchy starts from.
    pub const ROOT: RmHandle = RmHandle { device: None, number: 0 };

    /// Handle `number` of `device` (what a backend hands out).
    pub const fn new(device: DeviceId, number: u32) -> RmHandle {
        RmHandle { device: Some(device), number }
    }
    /// The number the device gave the object.
    pub const fn number(self) -> u32 {
        self.number
    }
    /// The device whose object it names (`None` for [`RmHandle::ROOT`]).
    pub const fn device(self) -> Option<DeviceId> {
        self.device
    }
    /// True when the handle may name an object of `device`: the root, or
    /// one of `device`'s own handles.
    pub fn is_of(self, device: DeviceId) -> bool {
        self == RmHandle::ROOT || self.device == Some(device)
    }
}

impl fmt::Display for RmHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.number)
    }
}
