//! [`Buffer`]: an owned handle to GPU memory, and [`CpuView`], the CPU's
//! checked access to it.
//!
//! Soundness by construction (issue 11):
//! - a `Buffer` cannot be forged (private fields; only a backend makes one,
//!   through the `unsafe` [`Buffer::from_raw_parts`]) and cannot be cloned:
//!   [`GpuIface::free`](crate::GpuIface::free) consumes the one handle, so no
//!   stale copy outlives the allocation;
//! - it names the device it belongs to ([`DeviceId`]), so a device refuses
//!   another device's buffers instead of acting on a coinciding id;
//! - its CPU mapping is reached only through [`CpuView`], which holds what
//!   keeps the mapping alive and bounds-checks every access: even after the
//!   buffer was freed or its device dropped, a view reads and writes memory
//!   that is still mapped (it simply no longer reaches the GPU).

use std::fmt;
use std::num::NonZeroU64;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::error::{Error, Result};

/// One open device, unique in the process and never reused: the owner a
/// [`Buffer`] or [`Signal`](crate::Signal) names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeviceId(NonZeroU64);

impl DeviceId {
    /// A new id, different from every id handed out before in this process.
    pub fn unique() -> DeviceId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        DeviceId(NonZeroU64::new(n).unwrap_or(NonZeroU64::MIN))
    }
    /// The number (for logs).
    #[inline]
    pub fn get(self) -> u64 {
        self.0.get()
    }
}

/// An opaque id the backend uses to find a buffer again. Backends never
/// reuse one within a device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BufferId(pub u64);

/// A CPU mapping of GPU memory: its address, length and what keeps it
/// mapped. Cheap to clone (one reference count).
///
/// The memory is shared with the GPU and with every other view of it, as a
/// virtual machine's memory is shared with its guest: accesses are copies
/// through raw pointers, never Rust references, and every one is checked
/// against the view's length. The copies are relaxed atomic accesses
/// ([`shared_mem`](crate::shared_mem): per aligned 8-byte word, per byte at
/// unaligned edges), so two threads copying to the same bytes through
/// clones of a view is defined, not a data race: each word ends up with
/// one writer's value, and nothing is ordered but what signals order.
///
/// ```
/// # use gpuiface_hal::CpuView;
/// # fn f(view: &CpuView) -> gpuiface_hal::Result<()> {
/// view.write(0, &[1, 2, 3, 4])?;
/// assert_eq!(view.read_u32(0)?, 0x0403_0201);
/// assert!(view.write(view.len() as u64 - 2, &[0; 4]).is_err()); // out of bounds: an error, never a write
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct CpuView {
    ptr: NonNull<u8>,
    len: usize,
    keepalive: Arc<dyn Send + Sync>,
}

// SAFETY: the pointee is memory mapped for as long as `keepalive` lives,
// shared with the GPU; every access through a view is an atomic copy
// (`shared_mem`; no references are formed), so threads sharing views race
// on nothing: concurrent copies to the same bytes are atomic accesses.
unsafe impl Send for CpuView {}
// SAFETY: as above.
unsafe impl Sync for CpuView {}

impl CpuView {
    /// Wrap a mapping.
    ///
    /// # Safety
    /// `[ptr, ptr + len)` must be mapped readable and writable, and stay so
    /// for as long as `keepalive` (any clone of it) lives; nothing may hold
    /// a Rust reference into that memory, and every other access to it in
    /// the program is atomic (another view, [`shared_mem`](crate::shared_mem),
    /// an atomic type) or ordered before or after the view's accesses.
    pub unsafe fn from_raw(ptr: NonNull<u8>, len: usize, keepalive: Arc<dyn Send + Sync>) -> CpuView {
        CpuView { ptr, len, keepalive }
    }

    /// A view of `len` bytes of fresh, zeroed, 64-byte-aligned host memory (no
    /// GPU behind it): what an encoder writes into before the bytes go to
    /// the GPU, and what a test's fake backend hands out.
    ///
    /// A length no allocation can have (more than `isize::MAX` bytes), or
    /// one the allocator refuses, is an `OutOfMemory` error, never a panic
    /// or an abort.
    pub fn zeroed(len: usize) -> Result<CpuView> {
        let bytes = HostBytes::zeroed(len)?;
        let ptr = bytes.ptr;
        // SAFETY: `bytes` owns `len` zeroed bytes at `ptr`, freed only when the
        // last Arc to it goes; they are only ever reached through raw copies.
        Ok(unsafe { CpuView::from_raw(ptr, len, Arc::new(bytes)) })
    }

    /// The CPU address of the first byte.
    #[inline]
    pub fn addr(&self) -> usize {
        self.ptr.as_ptr() as usize
    }
    /// The raw pointer (dereferencing it is the caller's `unsafe` business).
    #[inline]
    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }
    /// Bytes mapped.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// True for an empty view.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The `len` bytes at `offset` as a view of their own (keeping the
    /// whole mapping alive), or `None` when they are not all inside this one.
    pub fn slice(&self, offset: u64, len: usize) -> Option<CpuView> {
        let ptr = self.range("CpuView::slice", offset, len).ok()?;
        Some(CpuView { ptr: NonNull::new(ptr)?, len, keepalive: self.keepalive.clone() })
    }

    /// True when both views keep the same mapping alive.
    pub fn same_mapping(&self, other: &CpuView) -> bool {
        Arc::ptr_eq(&self.keepalive, &other.keepalive)
    }

    /// `[offset, offset + len)` as a pointer, or an error naming the range.
    #[inline]
    fn range(&self, op: &'static str, offset: u64, len: usize) -> Result<*mut u8> {
        match usize::try_from(offset).ok().and_then(|o| o.checked_add(len).map(|end| (o, end))) {
            Some((o, end)) if end <= self.len => {
                // SAFETY: `o <= end <= self.len`: the result stays inside (or one past)
                // the mapped range this view covers.
                Ok(unsafe { self.ptr.as_ptr().add(o) })
            }
            _ => Err(out_of_range(op, offset, len as u64, self.len as u64, "mapping")),
        }
    }

    /// Copy `data` to `offset` (atomically per word: see the type's docs).
    #[inline]
    pub fn write(&self, offset: u64, data: &[u8]) -> Result<()> {
        let dst = self.range("CpuView::write", offset, data.len())?;
        // SAFETY: `dst..dst + data.len()` lies inside the mapping (checked by `range`),
        // which `keepalive` keeps mapped; every other access to it is atomic or
        // ordered (`from_raw`'s contract); `data` is host memory the caller borrows,
        // which cannot be the mapping (no Rust reference into it exists).
        unsafe { crate::shared_mem::copy_in(dst, data) };
        Ok(())
    }

    /// Copy `data` to `offset` with a plain `memcpy`, for memory only this
    /// thread touches now (command memory being encoded under a lock).
    ///
    /// # Safety
    /// For the duration of the call, nothing else (no other thread, view or
    /// device) reads or writes `[offset, offset + data.len())` of the
    /// mapping. Out-of-range offsets are still an error, never a write.
    #[inline]
    pub unsafe fn write_unshared(&self, offset: u64, data: &[u8]) -> Result<()> {
        let dst = self.range("CpuView::write", offset, data.len())?;
        // SAFETY: inside the live mapping (checked); nothing else accesses the range
        // during the call (this function's contract), so a plain copy races nothing;
        // `data` is not the mapping (no Rust reference into it exists).
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), dst, data.len()) };
        Ok(())
    }

    /// Copy `out.len()` bytes from `offset` into `out` (atomically per word).
    #[inline]
    pub fn read(&self, offset: u64, out: &mut [u8]) -> Result<()> {
        let src = self.range("CpuView::read", offset, out.len())?;
        // SAFETY: the source range lies inside the live mapping (checked), accessed
        // elsewhere only atomically or in order (`from_raw`); `out` is exclusively
        // borrowed host memory.
        unsafe { crate::shared_mem::copy_out(src, out) };
        Ok(())
    }

    /// Little-endian bytes of `words`, without copying on a little-endian CPU.
    #[inline]
    fn le_bytes(words: &[u32]) -> std::borrow::Cow<'_, [u8]> {
        if cfg!(target_endian = "little") {
            // SAFETY: a `u32` slice is `4 * len` initialised bytes with no padding; on a
            // little-endian CPU those bytes are its little-endian encoding.
            let bytes = unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), 4 * words.len()) };
            std::borrow::Cow::Borrowed(bytes)
        } else {
            std::borrow::Cow::Owned(words.iter().flat_map(|w| w.to_le_bytes()).collect())
        }
    }

    /// Write little-endian 32-bit words at `offset` (one bounds check).
    #[inline]
    pub fn write_u32s(&self, offset: u64, words: &[u32]) -> Result<()> {
        self.write(offset, &Self::le_bytes(words))
    }

    /// [`write_u32s`](Self::write_u32s) with a plain `memcpy`.
    ///
    /// # Safety
    /// As [`write_unshared`](Self::write_unshared).
    #[inline]
    pub unsafe fn write_u32s_unshared(&self, offset: u64, words: &[u32]) -> Result<()> {
        // SAFETY: the caller's contract, for the same range.
        unsafe { self.write_unshared(offset, &Self::le_bytes(words)) }
    }

    /// The little-endian 32-bit word at `offset`.
    #[inline]
    pub fn read_u32(&self, offset: u64) -> Result<u32> {
        let mut b = [0u8; 4];
        self.read(offset, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }
    /// Write a little-endian 32-bit word at `offset`.
    #[inline]
    pub fn write_u32(&self, offset: u64, value: u32) -> Result<()> {
        self.write(offset, &value.to_le_bytes())
    }
    /// The little-endian 64-bit word at `offset`.
    #[inline]
    pub fn read_u64(&self, offset: u64) -> Result<u64> {
        let mut b = [0u8; 8];
        self.read(offset, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    /// Write a little-endian 64-bit word at `offset`.
    #[inline]
    pub fn write_u64(&self, offset: u64, value: u64) -> Result<()> {
        self.write(offset, &value.to_le_bytes())
    }
}

/// Host memory owned by [`CpuView::zeroed`] views.
struct HostBytes {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: HostBytes owns its allocation; it is reached only through raw
// copies made by the views that keep it alive.
unsafe impl Send for HostBytes {}
// SAFETY: as above.
unsafe impl Sync for HostBytes {}

impl HostBytes {
    /// Cache-line aligned: every word inside is as aligned as in GPU memory
    /// (signals need 8, nothing the CPU touches needs more).
    const ALIGN: usize = 64;

    fn layout(len: usize) -> Option<std::alloc::Layout> {
        std::alloc::Layout::from_size_align(len.max(1), Self::ALIGN).ok()
    }

    fn zeroed(len: usize) -> Result<HostBytes> {
        let too_large = || Error::out_of_memory("CpuView::zeroed", format!("{len:#x} bytes of host memory"));
        let layout = Self::layout(len).ok_or_else(too_large)?;
        // SAFETY: `layout` has a non-zero size.
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let ptr = NonNull::new(raw).ok_or_else(too_large)?;
        Ok(HostBytes { ptr, len })
    }
}

impl Drop for HostBytes {
    fn drop(&mut self) {
        // `zeroed` made this very layout from `len`, so it exists.
        if let Some(layout) = Self::layout(self.len) {
            // SAFETY: `ptr` came from `alloc_zeroed` with this very layout in
            // `zeroed`, and is freed once, here.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr(), layout) };
        }
    }
}

impl fmt::Debug for CpuView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CpuView({:#x}+{:#x})", self.addr(), self.len)
    }
}

/// The error of an access outside a view or buffer (out of line: the
/// checks on the hot path stay small enough to inline).
#[cold]
#[inline(never)]
fn out_of_range(op: &'static str, offset: u64, len: u64, size: u64, what: &str) -> Error {
    Error::invalid(op, format!("range {offset:#x}+{len:#x} exceeds the {size:#x}-byte {what}"))
}

/// GPU memory: an owned handle from [`GpuIface::alloc`](crate::GpuIface::alloc)
/// or [`GpuIface::map`](crate::GpuIface::map), given back with
/// [`GpuIface::free`](crate::GpuIface::free).
///
/// It cannot be cloned or made by hand, so no stale copy can reach an
/// allocation after it was freed and reused; it names its device, so
/// another device refuses it. CPU access goes through a borrow of it:
/// [`Buffer::write`], [`Buffer::read`] or [`Buffer::cpu`]. On Tegra the CPU
/// sees the buffer at its GPU address ([`Buffer::is_unified`]) when that
/// address was free in the process.
///
/// Dropping a buffer without freeing it keeps its memory allocated until
/// its device closes (its CPU mapping until the last [`CpuView`] goes): the
/// handle is gone, so nothing can reach that memory again, and nothing
/// else can be placed at its addresses meanwhile. In debug builds the drop
/// logs a warning (`log` target `gpuiface_hal::buffer`) naming the
/// buffer's size and GPU address; release builds say nothing, and the
/// warning is seen only where a `log` logger is installed (`env_logger`,
/// say). Without a logger, [`GpuIface::live`](crate::GpuIface::live) shows
/// leaks: its [`LiveCounts::buffers`](crate::LiveCounts::buffers) still
/// counts a dropped buffer, so a count that does not come back to what it
/// was before a job is a leak. A backend's `free` ends the handle with
/// [`Buffer::mark_freed`].
///
/// ```compile_fail,E0599
/// # fn f(buf: gpuiface_hal::Buffer) {
/// let stale = buf.clone(); // a Buffer is not Clone: a freed one leaves no copies
/// # }
/// ```
///
/// ```compile_fail,E0382
/// # fn f(dev: &dyn gpuiface_hal::GpuIface, buf: gpuiface_hal::Buffer) {
/// dev.free(buf);
/// dev.free(buf); // `free` consumed the one handle: a double free does not compile
/// # }
/// ```
///
/// ```compile_fail,E0451
/// // A Buffer cannot be forged from an address and a size.
/// use gpuiface_hal::{Buffer, BufferId, DeviceId};
/// let forged = Buffer { device: DeviceId::unique(), id: BufferId(1), gpu_va: 0x1000, size: 4096, cpu: None };
/// ```
pub struct Buffer {
    device: DeviceId,
    id: BufferId,
    gpu_va: u64,
    size: u64,
    cpu: Option<CpuView>,
}

impl Buffer {
    /// A backend's (or a sub-allocator's) handle to an allocation it just made.
    ///
    /// # Safety
    /// The caller made a live allocation of `device` at
    /// `[gpu_va, gpu_va + size)` and names it `id`: the caller is the backend
    /// of `device`, or an allocator that carves the range out of a buffer of
    /// `device` it holds and uses ids its backend never does (as
    /// `gpuiface-runtime`'s `SubAllocator` does). No other `Buffer` with this
    /// `(device, id)` exists (the handle is unique: `free` consumes it).
    /// `cpu`, when given, covers at least `size` bytes and is the CPU view of
    /// that GPU range.
    pub unsafe fn from_raw_parts(
        device: DeviceId,
        id: BufferId,
        gpu_va: u64,
        size: u64,
        cpu: Option<CpuView>,
    ) -> Buffer {
        Buffer { device, id, gpu_va, size, cpu }
    }

    /// The device it belongs to.
    #[inline]
    pub fn device(&self) -> DeviceId {
        self.device
    }
    /// The backend's id for it.
    #[inline]
    pub fn id(&self) -> BufferId {
        self.id
    }
    /// GPU virtual address.
    #[inline]
    pub fn gpu_va(&self) -> u64 {
        self.gpu_va
    }
    /// Size in bytes (as requested; the backing may be rounded up to a page).
    #[inline]
    pub fn size(&self) -> u64 {
        self.size
    }
    /// `gpu_va + size`.
    #[inline]
    pub fn gpu_end(&self) -> u64 {
        self.gpu_va + self.size
    }
    /// True when `[va, va+len)` lies inside this buffer.
    #[inline]
    pub fn contains_gpu_range(&self, va: u64, len: u64) -> bool {
        va >= self.gpu_va && va.checked_add(len).is_some_and(|end| end <= self.gpu_end())
    }
    /// The CPU mapping, if the buffer has one.
    #[inline]
    pub fn cpu(&self) -> Option<&CpuView> {
        self.cpu.as_ref()
    }
    /// The CPU address of the mapping, if any.
    #[inline]
    pub fn cpu_addr(&self) -> Option<usize> {
        self.cpu.as_ref().map(CpuView::addr)
    }
    /// The raw CPU pointer, if mapped (dereferencing it is the caller's
    /// `unsafe` business; [`Buffer::write`] and [`Buffer::read`] are the
    /// checked way).
    #[inline]
    pub fn cpu_ptr(&self) -> Option<*mut u8> {
        self.cpu.as_ref().map(CpuView::as_ptr)
    }
    /// True when the CPU sees the buffer at its GPU address (a unified
    /// address, as the nvgpu backend maps host-visible buffers on Tegra).
    /// False when the CPU address had to differ, e.g. because the program
    /// already had a mapping at that address.
    #[inline]
    pub fn is_unified(&self) -> bool {
        self.cpu_addr() == Some(self.gpu_va as usize)
    }

    #[inline]
    fn view(&self, op: &'static str) -> Result<&CpuView> {
        self.cpu.as_ref().ok_or_else(|| Error::invalid(op, "a GPU-only buffer has no CPU mapping"))
    }
    /// Refuse (`InvalidArgument`, naming `op`) a range `[offset, offset + len)`
    /// that is not inside the buffer.
    #[inline]
    pub fn check_range(&self, op: &'static str, offset: u64, len: u64) -> Result<()> {
        if offset.checked_add(len).is_none_or(|end| end > self.size) {
            return Err(out_of_range(op, offset, len, self.size, "buffer"));
        }
        Ok(())
    }

    /// Copy `data` into the buffer at `offset`, from the CPU, at once (no
    /// ordering with GPU work: `Runtime::copyin` in `gpuiface-runtime`
    /// waits for the GPU first).
    #[inline]
    pub fn write(&self, offset: u64, data: &[u8]) -> Result<()> {
        self.check_range("Buffer::write", offset, data.len() as u64)?;
        self.view("Buffer::write")?.write(offset, data)
    }

    /// Copy `out.len()` bytes at `offset` out of the buffer, from the CPU, at once.
    #[inline]
    pub fn read(&self, offset: u64, out: &mut [u8]) -> Result<()> {
        self.check_range("Buffer::read", offset, out.len() as u64)?;
        self.view("Buffer::read")?.read(offset, out)
    }
}

impl Buffer {
    /// End the handle of an allocation that is gone (what a backend's
    /// [`GpuIface::free`](crate::GpuIface::free) calls once it released the
    /// memory): the handle drops without the leak warning.
    pub fn mark_freed(mut self) {
        drop(self.cpu.take());
        // Every other field is plain data: forgetting the handle leaks nothing.
        std::mem::forget(self);
    }
}

impl Drop for Buffer {
    /// A handle dropped without `free`: its memory stays allocated until the
    /// device closes; debug builds say so.
    fn drop(&mut self) {
        if cfg!(debug_assertions) {
            log::warn!(
                "a Buffer of {:#x} bytes at GPU VA {:#x} (device {}) was dropped without free: \
                 its memory stays allocated until the device closes",
                self.size,
                self.gpu_va,
                self.device.get()
            );
        }
    }
}

impl PartialEq for Buffer {
    /// The same allocation of the same device.
    fn eq(&self, other: &Buffer) -> bool {
        self.device == other.device && self.id == other.id
    }
}
impl Eq for Buffer {}

impl fmt::Debug for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Buffer")
            .field("device", &self.device.get())
            .field("id", &self.id.0)
            .field("gpu_va", &format_args!("{:#x}", self.gpu_va))
            .field("size", &format_args!("{:#x}", self.size))
            .field("cpu_addr", &self.cpu_addr().map(|a| format!("{a:#x}")))
            .finish()
    }
}
