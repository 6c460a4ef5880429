//! The one harness of the raw-ABI tests (kernel rules, fidelity,
//! robustness): a mock kernel with `/dev/nvmap` and the ctrl node open,
//! driven only through the `Syscalls` seam with the r36 ABI structs, as a
//! user program drives a real kernel.
#![allow(dead_code)]

use std::ffi::CStr;
use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

/// What an ioctl answers.
pub type R = Result<i32, Errno>;

/// The most common answer of a rejecting rule.
pub const EINVAL: R = Err(Errno::EINVAL);

pub const NVMAP: &CStr = c"/dev/nvmap";
pub const CTRL: &CStr = c"/dev/nvgpu/igpu0/ctrl";

/// The address space the facts recommend (§1 ALLOC_AS): unified VA over
/// [2 MiB, 2^40 - 2 MiB), no big pages.
pub const VA_START: u64 = 2 << 20;
pub const VA_END: u64 = (1 << 40) - (2 << 20);

/// A mock kernel with nvmap and ctrl open (in that order, as a client does).
pub struct K {
    pub k: MockKernel,
    pub nvmap: RawFd,
    pub ctrl: RawFd,
}

impl K {
    /// A default kernel.
    pub fn new() -> K {
        Self::on(MockKernel::new())
    }

    /// A kernel whose trace lines decode every argument field.
    pub fn traced() -> K {
        Self::on(MockKernel::builder().trace_decoded(true).build())
    }

    /// `k`, with nvmap and ctrl opened on it.
    pub fn on(k: MockKernel) -> K {
        let nvmap = k.open(NVMAP, libc::O_RDWR).unwrap();
        let ctrl = k.open(CTRL, libc::O_RDWR).unwrap();
        K { k, nvmap, ctrl }
    }

    /// An ioctl whose argument is at a raw client address (it may be bad).
    pub fn raw(&self, fd: RawFd, req: u32, at: *mut u8) -> R {
        // SAFETY: the mock only hands `at` to its checked copies.
        unsafe { self.k.ioctl_read_write(fd, req, at) }
    }

    /// An ioctl with the pointer mutability its direction asks for.
    pub fn io<T: IoctlArg>(&self, fd: RawFd, req: u32, arg: &mut T) -> R {
        if decode(req).dir == IOC_WRITE {
            // SAFETY: `arg` is a live argument of the ioctl's size.
            unsafe { self.k.ioctl_write(fd, req, (arg as *const T).cast()) }
        } else {
            // SAFETY: as above, writable.
            unsafe { self.k.ioctl_read_write(fd, req, (arg as *mut T).cast()) }
        }
    }

    pub fn close_all(&self, fds: &[RawFd]) {
        for fd in fds {
            // SAFETY: the test's own fds (opened through this kernel), used no more.
            unsafe { self.k.close_fd(*fd) }.unwrap();
        }
    }

    // ------------------------------------------------------------ nvmap

    /// NVMAP_IOC_CREATE: the handle id (as the `i32` of the answer).
    pub fn create(&self, size: u32) -> R {
        let mut c = NvmapCreateHandle { size, handle: 0 };
        self.io(self.nvmap, NVMAP_IOC_CREATE, &mut c).map(|_| c.handle as i32)
    }

    /// NVMAP_IOC_CREATE that must succeed: the handle id.
    pub fn handle(&self, size: u32) -> u32 {
        self.create(size).unwrap() as u32
    }

    /// NVMAP_IOC_ALLOC's arguments as the backend passes them.
    pub fn alloc_args(handle: u32) -> NvmapAllocHandle {
        NvmapAllocHandle {
            handle,
            heap_mask: NVMAP_HEAP_IOVMM,
            flags: NVMAP_HANDLE_WRITE_COMBINE,
            align: 4096,
            numa_nid: 0,
        }
    }

    /// r35's NVMAP_IOC_ALLOC arguments (16 bytes, no `numa_nid`).
    pub fn r35_alloc_args(handle: u32) -> r35::NvmapAllocHandle {
        let a = Self::alloc_args(handle);
        r35::NvmapAllocHandle { handle, heap_mask: a.heap_mask, flags: a.flags, align: a.align }
    }

    /// NVMAP_IOC_GET_FD: a dma-buf fd of the handle `id`.
    pub fn get_fd(&self, id: u32) -> Result<RawFd, Errno> {
        let mut g = NvmapCreateHandle { size: 0, handle: id };
        self.io(self.nvmap, NVMAP_IOC_GET_FD, &mut g)?;
        Ok(g.size as RawFd)
    }

    /// CREATE + ALLOC + GET_FD: the handle id and a dma-buf fd.
    pub fn buffer(&self, size: u32) -> (u32, RawFd) {
        let h = self.handle(size);
        match self.k.release() {
            gpuiface_abi::Release::R36 => self.io(self.nvmap, NVMAP_IOC_ALLOC, &mut Self::alloc_args(h)).unwrap(),
            gpuiface_abi::Release::R35 => {
                self.io(self.nvmap, r35::NVMAP_IOC_ALLOC, &mut Self::r35_alloc_args(h)).unwrap()
            }
        };
        (h, self.get_fd(h).unwrap())
    }

    /// CREATE + ALLOC + GET_FD: a dma-buf fd.
    pub fn dmabuf(&self, size: u32) -> RawFd {
        self.buffer(size).1
    }

    /// A fresh shared read-write CPU mapping of `len` bytes of the dma-buf `fd`.
    pub fn cpu_map(&self, fd: RawFd, len: usize) -> usize {
        // SAFETY: a fresh shared mapping (no MAP_FIXED) of a dma-buf the test owns.
        unsafe { self.k.mmap(0, len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd, 0) }.unwrap()
    }

    // ------------------------------------------------------------ ctrl

    /// ALLOC_AS's arguments for the recommended address space.
    pub fn alloc_as_args() -> NvgpuAllocAsArgs {
        NvgpuAllocAsArgs {
            flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
            va_range_start: VA_START,
            va_range_end: VA_END,
            ..Default::default()
        }
    }

    /// ALLOC_AS with `a`.
    pub fn alloc_as_with(&self, a: &mut NvgpuAllocAsArgs) -> R {
        self.io(self.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, a)
    }

    /// The recommended address space: its fd.
    pub fn alloc_as(&self) -> RawFd {
        let mut a = Self::alloc_as_args();
        self.alloc_as_with(&mut a).unwrap();
        a.as_fd
    }

    /// The recommended address space with 64 KiB big pages: its fd.
    pub fn big_page_as(&self) -> RawFd {
        let mut a = NvgpuAllocAsArgs { big_page_size: 64 << 10, ..Self::alloc_as_args() };
        self.alloc_as_with(&mut a).unwrap();
        a.as_fd
    }

    pub fn tsg(&self) -> RawFd {
        let mut t = NvgpuGpuOpenTsgArgs::default();
        self.io(self.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t).unwrap();
        t.tsg_fd as RawFd
    }

    pub fn channel(&self) -> RawFd {
        let mut c = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
        self.io(self.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut c).unwrap();
        c.channel_fd
    }

    // ------------------------------------------------------------ AS, TSG

    pub fn as_bind(&self, as_fd: RawFd, ch: RawFd) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_BIND_CHANNEL, &mut NvgpuAsBindChannelArgs { channel_fd: ch as u32 })
    }

    pub fn alloc_space(&self, as_fd: RawFd, a: &mut NvgpuAsAllocSpaceArgs) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, a)
    }

    pub fn map(&self, as_fd: RawFd, a: &mut NvgpuAsMapBufferExArgs) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_MAP_BUFFER_EX, a)
    }

    /// CREATE_SUBCONTEXT of type `ty` on `as_fd`: the VEID.
    pub fn subctx(&self, tsg: RawFd, as_fd: RawFd, ty: u32) -> Result<u32, Errno> {
        let mut s = NvgpuTsgCreateSubcontextArgs { type_: ty, as_fd, ..Default::default() };
        self.io(tsg, NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, &mut s).map(|_| s.veid)
    }

    pub fn tsg_bind(&self, tsg: RawFd, ch: RawFd, veid: u32) -> R {
        let mut b = NvgpuTsgBindChannelExArgs { channel_fd: ch, subcontext_id: veid, ..Default::default() };
        self.io(tsg, NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut b)
    }

    // ------------------------------------------------------------ channel

    pub fn wdt(&self, ch: RawFd, status: u32) -> R {
        self.io(ch, NVGPU_IOCTL_CHANNEL_WDT, &mut NvgpuChannelWdtArgs { wdt_status: status, timeout_ms: 0 })
    }

    /// A channel bound to an AS and a TSG (VEID from an ASYNC subcontext),
    /// in the order that works (AS first), watchdog off: (AS, TSG, channel).
    pub fn bound_channel(&self) -> (RawFd, RawFd, RawFd) {
        let (as_fd, tsg) = (self.alloc_as(), self.tsg());
        let veid = self.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC).unwrap();
        let ch = self.channel();
        self.as_bind(as_fd, ch).unwrap();
        self.tsg_bind(tsg, ch, veid).unwrap();
        self.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
        (as_fd, tsg, ch)
    }

    /// SETUP_BIND's arguments for `entries` GPFIFO entries, usermode and
    /// deterministic, with fresh dma-bufs: a GPFIFO of `max(entries, 512) * 8`
    /// bytes and a 4 KiB USERD.
    pub fn setup_args(&self, entries: u32) -> NvgpuChannelSetupBindArgs {
        NvgpuChannelSetupBindArgs {
            num_gpfifo_entries: entries,
            flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT | NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
            gpfifo_dmabuf_fd: self.dmabuf(entries.max(512) * 8),
            userd_dmabuf_fd: self.dmabuf(4096),
            ..Default::default()
        }
    }

    pub fn setup_bind(&self, ch: RawFd, a: &mut NvgpuChannelSetupBindArgs) -> R {
        self.io(ch, NVGPU_IOCTL_CHANNEL_SETUP_BIND, a)
    }
}

/// MAP_BUFFER_EX's arguments for a plain (non-fixed, uncompressed) map of
/// `dmabuf`. (`page_size` is ignored by the kernel, facts §2.)
pub fn map_args(dmabuf: RawFd) -> NvgpuAsMapBufferExArgs {
    NvgpuAsMapBufferExArgs {
        compr_kind: -1,
        incompr_kind: 0,
        dmabuf_fd: dmabuf as u32,
        page_size: 4096,
        ..Default::default()
    }
}
