//! Memory shared by the kernel model and the GPU model.
//!
//! Every nvmap allocation is a [`Backing`]: a real memfd (so its dma-buf fd
//! can be mmapped, dup'ed and closed as on Linux) plus the mock's own mapping
//! of it, through which the GPU model reads and writes. A CPU mapping of the
//! same fd sees the very same bytes.
//!
//! The GPU reaches memory only through a [`GpuVm`]: page-granular translation
//! from GPU VA to (backing, offset), as the GMMU does. An untranslatable
//! address is a fault, reported as the faulting VA.

use std::io;
use std::os::fd::OwnedFd;
use std::os::fd::RawFd;

use crate::fdkeeper::{FileId, KeptFd};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// The highest fd number the model's own fds in the program's table (a
/// trace file, the copy fallback's pipe: the only ones it keeps there) are
/// moved to: one below the soft `RLIMIT_NOFILE` as it is when the fd is made,
/// at most 2^15 - 1 (a table grows to its highest fd; 2^15 entries cost the
/// kernel a few hundred KiB). A program meets them only with its table
/// (nearly) full, so the fds it is handed (nvmap, ctrl, AS, TSG, channel,
/// dma-buf) are numbered as a real kernel numbers them under any fd limit
/// (issue 12 item 11, issue 40 item 3: half the limit, the old place, is
/// fd 10 under `ulimit -n 20`, a number an Orin hands a client).
pub fn internal_fd_top() -> RawFd {
    let mut r = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes one rlimit we own.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } == 0;
    let cur = if ok { r.rlim_cur.min(1 << 15) as RawFd } else { 1024 };
    (cur - 1).max(3)
}

/// Move a fresh internal fd as high as [`internal_fd_top`] allows: to the
/// first free number found searching down from the top (kept where it is
/// when none of the top 64 is free).
///
/// # Safety
/// The caller owns `raw` and hands it over: `raw` is closed once
/// duplicated, and only the returned number may be used afterwards.
pub(crate) unsafe fn move_out_of_low_range(raw: RawFd) -> RawFd {
    let top = internal_fd_top();
    let mut high = -1;
    for from in (top.saturating_sub(63).max(raw + 1)..=top).rev() {
        // SAFETY: F_DUPFD_CLOEXEC of an fd we own (the lowest free number at
        // or above `from`, below the limit); the result is checked.
        high = unsafe { libc::fcntl(raw, libc::F_DUPFD_CLOEXEC, from) };
        if high >= 0 {
            break;
        }
    }
    if high < 0 {
        return raw;
    }
    // The raw syscall, not libc's `close`: under the preload library that
    // symbol is the library's own, which must not be re-entered from the
    // model (it may run while the model's lock is held).
    // SAFETY: the caller owns `raw` and handed it over (this function's contract);
    // it is now duplicated, and the caller uses only the duplicate.
    unsafe { libc::syscall(libc::SYS_close, raw) };
    high
}

/// Bytes backing one nvmap handle (or any GPU-visible memory of the model).
///
/// The memfd itself is held by the model's fd keeper ([`crate::fdkeeper`]),
/// outside the client's fd table; [`Backing::open_fd`] opens a new fd on it.
#[derive(Debug)]
pub struct Backing {
    kept: KeptFd,
    map: memmap2::MmapRaw,
    len: usize,
}

impl Backing {
    /// A zero-filled memfd of `len` bytes (rounded up to a page), mapped shared.
    pub fn new(name: &str, len: usize) -> io::Result<Backing> {
        // A length no memfd can have is an error, never an overflow panic.
        let len = len.max(1).checked_next_multiple_of(page_size()).filter(|l| isize::try_from(*l).is_ok()).ok_or_else(
            || {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("a {len:#x}-byte backing is larger than memory can be"),
                )
            },
        )?;
        // The keeper holds the memfd; `fd` (ours) maps it and is closed after.
        let (kept, fd) = KeptFd::memfd(name, len as u64)?;
        let file = std::fs::File::from(fd);
        let map = memmap2::MmapOptions::new().len(len).map_raw(&file)?;
        Ok(Backing { kept, map, len })
    }

    /// Size in bytes (page-rounded).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true: a backing has at least one page.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A new fd on the memory's file, owned by the caller (a dma-buf fd to
    /// hand out, or one to mmap): a CPU mapping of it sees the same bytes.
    pub fn open_fd(&self) -> io::Result<OwnedFd> {
        self.kept.open()
    }

    /// The memory's file `(st_dev, st_ino)`: what a dma-buf fd is recognised by.
    pub fn file_id(&self) -> FileId {
        self.kept.file_id()
    }

    /// The model's own mapping (for tests and the GPU model).
    pub fn as_ptr(&self) -> *mut u8 {
        self.map.as_mut_ptr()
    }

    fn check(&self, offset: usize, len: usize) {
        assert!(
            offset.checked_add(len).is_some_and(|end| end <= self.len),
            "backing access {offset:#x}+{len:#x} past {:#x}",
            self.len
        );
    }

    /// Copy bytes out. Panics when out of range (translation already checked it).
    pub fn read(&self, offset: usize, out: &mut [u8]) {
        self.check(offset, out.len());
        // SAFETY: range checked above; the mapping lives as long as `self`, and its
        // memfd's size is sealed (`KeptFd::memfd`), so every byte of it stays backed.
        // The bytes are shared with the program's CPU views (other threads): an
        // atomic copy, as theirs are, so the GPU model never races them.
        unsafe { gpuiface_hal::shared_mem::copy_out(self.map.as_mut_ptr().add(offset), out) };
    }

    /// Copy bytes in. Panics when out of range.
    pub fn write(&self, offset: usize, data: &[u8]) {
        self.check(offset, data.len());
        // SAFETY: range checked above; the mapping lives as long as `self` and stays
        // backed (size sealed); `data` is a borrow of other memory. Atomic, as the
        // CPU views' copies of the same bytes are.
        unsafe { gpuiface_hal::shared_mem::copy_in(self.map.as_mut_ptr().add(offset), data) };
    }

    /// An aligned 32-bit word, as an atomic (USERD GP_GET/GP_PUT, doorbells).
    pub fn atomic_u32(&self, offset: usize) -> &AtomicU32 {
        self.check(offset, 4);
        assert!(offset.is_multiple_of(4), "unaligned u32 at {offset:#x}");
        // SAFETY: in range, aligned, backed (size sealed), and the mapping outlives
        // the borrow of `self`; an AtomicU32 is valid for any bit pattern.
        unsafe { &*self.map.as_mut_ptr().add(offset).cast::<AtomicU32>() }
    }

    /// An aligned 64-bit word, as an atomic (semaphores).
    pub fn atomic_u64(&self, offset: usize) -> &AtomicU64 {
        self.check(offset, 8);
        assert!(offset.is_multiple_of(8), "unaligned u64 at {offset:#x}");
        // SAFETY: as for `atomic_u32`.
        unsafe { &*self.map.as_mut_ptr().add(offset).cast::<AtomicU64>() }
    }

    /// Read a little-endian u32 (atomic when aligned).
    pub fn read_u32(&self, offset: usize) -> u32 {
        if offset.is_multiple_of(4) {
            return self.atomic_u32(offset).load(Ordering::Acquire);
        }
        let mut b = [0; 4];
        self.read(offset, &mut b);
        u32::from_le_bytes(b)
    }

    /// Write a little-endian u32 (atomic when aligned).
    pub fn write_u32(&self, offset: usize, v: u32) {
        if offset.is_multiple_of(4) {
            return self.atomic_u32(offset).store(v, Ordering::Release);
        }
        self.write(offset, &v.to_le_bytes());
    }
}

/// The host page size.
pub fn page_size() -> usize {
    // SAFETY: sysconf has no memory-safety preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

/// A GPU page-table walk result: `va` lives at `backing[offset..offset + len]`,
/// where `len` runs to the end of the mapping that holds `va`.
#[derive(Debug, Clone)]
pub struct Translation {
    /// The memory.
    pub backing: Arc<Backing>,
    /// Byte offset of `va` in it.
    pub offset: usize,
    /// Contiguous bytes from `offset` that the same mapping covers.
    pub len: usize,
    /// The mapping is writable by the GPU (GPFIFO rings are mapped read-only).
    pub writable: bool,
}

/// A GPU virtual address space as the GPU model sees it.
pub trait GpuVm: Send + Sync {
    /// Translate one address (page-granular; `None` = unmapped = MMU fault).
    fn translate(&self, va: u64) -> Option<Translation>;

    /// A number that changes before any translation does (a mapping made,
    /// removed or changed), so that a caller may keep a translation while
    /// it stays the same; `None` (provided): not tracked, translate every
    /// access.
    fn generation(&self) -> Option<u64> {
        None
    }

    /// Read `out.len()` bytes at `va`; `Err(fault_va)` at the first unmapped byte.
    fn read(&self, va: u64, out: &mut [u8]) -> Result<(), u64> {
        let mut done = 0usize;
        while done < out.len() {
            let at = va.checked_add(done as u64).ok_or(u64::MAX)?;
            let t = self.translate(at).ok_or(at)?;
            let n = t.len.min(out.len() - done);
            if n == 0 {
                return Err(at);
            }
            t.backing.read(t.offset, &mut out[done..done + n]);
            done += n;
        }
        Ok(())
    }

    /// Write `data` at `va`; `Err(fault_va)` at the first unmapped or read-only byte.
    fn write(&self, va: u64, data: &[u8]) -> Result<(), u64> {
        let mut done = 0usize;
        while done < data.len() {
            let at = va.checked_add(done as u64).ok_or(u64::MAX)?;
            let t = self.translate(at).filter(|t| t.writable).ok_or(at)?;
            let n = t.len.min(data.len() - done);
            if n == 0 {
                return Err(at);
            }
            t.backing.write(t.offset, &data[done..done + n]);
            done += n;
        }
        Ok(())
    }

    /// Read a u32 at `va`.
    fn read_u32(&self, va: u64) -> Result<u32, u64> {
        let mut b = [0; 4];
        self.read(va, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    /// Write a u32 at `va`.
    fn write_u32(&self, va: u64, v: u32) -> Result<(), u64> {
        self.write(va, &v.to_le_bytes())
    }

    /// Write a u64 at `va` (atomically when it is 8-aligned inside one mapping,
    /// so a CPU polling a semaphore never sees a torn value). A VA that is
    /// aligned while its backing offset is not (a mapping at `buffer_offset`
    /// 4) is written bytewise.
    fn write_u64(&self, va: u64, v: u64) -> Result<(), u64> {
        if va.is_multiple_of(8) {
            if let Some(t) = self.translate(va).filter(|t| t.writable && t.len >= 8 && t.offset.is_multiple_of(8)) {
                t.backing.atomic_u64(t.offset).store(v, Ordering::Release);
                return Ok(());
            }
        }
        self.write(va, &v.to_le_bytes())
    }

    /// Read a u64 at `va`.
    fn read_u64(&self, va: u64) -> Result<u64, u64> {
        if va.is_multiple_of(8) {
            if let Some(t) = self.translate(va).filter(|t| t.len >= 8 && t.offset.is_multiple_of(8)) {
                return Ok(t.backing.atomic_u64(t.offset).load(Ordering::Acquire));
            }
        }
        let mut b = [0; 8];
        self.read(va, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backing_is_zeroed_page_rounded_and_shared_with_its_fd() {
        let b = Backing::new("t", 10).unwrap();
        assert_eq!(b.len(), page_size());
        let mut buf = [1u8; 10];
        b.read(0, &mut buf);
        assert_eq!(buf, [0; 10]);
        b.write_u32(4, 0xdead_beef);
        // A second mapping of the same fd sees the write.
        let fd = b.open_fd().unwrap();
        let raw = std::os::fd::AsRawFd::as_raw_fd(&fd);
        // SAFETY: fresh read-only mapping of the backing's file, unmapped below.
        let p = unsafe { libc::mmap(std::ptr::null_mut(), b.len(), libc::PROT_READ, libc::MAP_SHARED, raw, 0) };
        assert_ne!(p, libc::MAP_FAILED);
        // SAFETY: offset 4 is inside the page we just mapped.
        let v = unsafe { p.cast::<u8>().add(4).cast::<u32>().read_volatile() };
        // SAFETY: unmapping the mapping made above.
        unsafe { libc::munmap(p, b.len()) };
        assert_eq!(v, 0xdead_beef);
    }

    struct OneMapping(Arc<Backing>, u64);
    impl GpuVm for OneMapping {
        fn translate(&self, va: u64) -> Option<Translation> {
            let off = va.checked_sub(self.1)? as usize;
            (off < self.0.len()).then(|| Translation {
                backing: self.0.clone(),
                offset: off,
                len: self.0.len() - off,
                writable: true,
            })
        }
    }

    #[test]
    fn vm_read_write_and_fault_address() {
        let vm = OneMapping(Arc::new(Backing::new("t", 4096).unwrap()), 0x10000);
        vm.write_u64(0x10008, 42).unwrap();
        assert_eq!(vm.read_u64(0x10008), Ok(42));
        assert_eq!(vm.read_u32(0x0fffc), Err(0x0fffc));
        // A write that runs off the end faults at the first unmapped byte.
        assert_eq!(vm.write(0x10ffe, &[0; 4]), Err(0x11000));
    }

    /// A mapping that starts 4 bytes into its backing (MAP_BUFFER_EX with
    /// `buffer_offset` 4): 8-aligned VAs land on offsets ≡ 4 mod 8.
    struct Shifted(Arc<Backing>, u64);
    impl GpuVm for Shifted {
        fn translate(&self, va: u64) -> Option<Translation> {
            let off = va.checked_sub(self.1)? as usize + 4;
            (off < self.0.len()).then(|| Translation {
                backing: self.0.clone(),
                offset: off,
                len: self.0.len() - off,
                writable: true,
            })
        }
    }

    #[test]
    fn item_4_a_u64_at_an_aligned_va_over_an_unaligned_offset_does_not_panic() {
        let b = Arc::new(Backing::new("t", 4096).unwrap());
        let vm = Shifted(b.clone(), 0x10000);
        vm.write_u64(0x10008, 0x1122_3344_5566_7788).unwrap();
        assert_eq!(vm.read_u64(0x10008), Ok(0x1122_3344_5566_7788));
        let mut raw = [0u8; 8];
        b.read(12, &mut raw);
        assert_eq!(u64::from_le_bytes(raw), 0x1122_3344_5566_7788);
        // Address arithmetic at the top of the space faults instead of overflowing.
        assert_eq!(vm.read(u64::MAX - 2, &mut [0u8; 8]), Err(u64::MAX - 2));
    }
}
