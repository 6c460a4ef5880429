//! The raw r36 ABI through the mock's syscall seam, as a user program
//! drives it (shared by the fidelity tests).
#![allow(dead_code)]

use std::ffi::CString;
use std::os::fd::RawFd;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

pub type R = Result<i32, Errno>;

pub struct K {
    pub k: MockKernel,
    pub nvmap: RawFd,
    pub ctrl: RawFd,
}

impl K {
    pub fn new() -> K {
        Self::on(MockKernel::builder().trace_decoded(true).build())
    }

    pub fn on(k: MockKernel) -> K {
        let nvmap = k.open(&CString::new("/dev/nvmap").unwrap(), libc::O_RDWR).unwrap();
        let ctrl = k.open(&CString::new("/dev/nvgpu/igpu0/ctrl").unwrap(), libc::O_RDWR).unwrap();
        K { k, nvmap, ctrl }
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

    pub fn create(&self, size: u32) -> R {
        let mut c = NvmapCreateHandle { size, handle: 0 };
        self.io(self.nvmap, NVMAP_IOC_CREATE, &mut c).map(|_| c.handle as i32)
    }

    pub fn alloc_args(handle: u32) -> NvmapAllocHandle {
        NvmapAllocHandle {
            handle,
            heap_mask: NVMAP_HEAP_IOVMM,
            flags: NVMAP_HANDLE_WRITE_COMBINE,
            align: 4096,
            numa_nid: 0,
        }
    }

    /// CREATE + ALLOC + GET_FD: a dma-buf fd.
    pub fn dmabuf(&self, size: u32) -> RawFd {
        let h = self.create(size).unwrap() as u32;
        self.io(self.nvmap, NVMAP_IOC_ALLOC, &mut Self::alloc_args(h)).unwrap();
        let mut g = NvmapCreateHandle { size: 0, handle: h };
        self.io(self.nvmap, NVMAP_IOC_GET_FD, &mut g).unwrap();
        g.size as RawFd
    }

    pub fn alloc_as_args() -> NvgpuAllocAsArgs {
        NvgpuAllocAsArgs {
            flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
            va_range_start: 2 << 20,
            va_range_end: (1 << 40) - (2 << 20),
            ..Default::default()
        }
    }

    pub fn alloc_as(&self) -> RawFd {
        let mut a = Self::alloc_as_args();
        self.io(self.ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &mut a).unwrap();
        a.as_fd
    }

    pub fn tsg(&self) -> RawFd {
        let mut t = NvgpuGpuOpenTsgArgs::default();
        self.io(self.ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &mut t).unwrap();
        t.tsg_fd as RawFd
    }

    pub fn subctx(&self, tsg: RawFd, as_fd: RawFd, ty: u32) -> Result<u32, Errno> {
        let mut s = NvgpuTsgCreateSubcontextArgs { type_: ty, as_fd, ..Default::default() };
        self.io(tsg, NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, &mut s).map(|_| s.veid)
    }

    pub fn channel(&self) -> RawFd {
        let mut c = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
        self.io(self.ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &mut c).unwrap();
        c.channel_fd
    }

    pub fn as_bind(&self, as_fd: RawFd, ch: RawFd) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_BIND_CHANNEL, &mut NvgpuAsBindChannelArgs { channel_fd: ch as u32 })
    }

    pub fn tsg_bind(&self, tsg: RawFd, ch: RawFd, veid: u32) -> R {
        let mut b = NvgpuTsgBindChannelExArgs { channel_fd: ch, subcontext_id: veid, ..Default::default() };
        self.io(tsg, NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &mut b)
    }

    pub fn wdt(&self, ch: RawFd, status: u32) -> R {
        self.io(ch, NVGPU_IOCTL_CHANNEL_WDT, &mut NvgpuChannelWdtArgs { wdt_status: status, timeout_ms: 0 })
    }

    /// A channel bound to an AS and a TSG (VEID from an ASYNC subcontext), watchdog off.
    pub fn bound_channel(&self) -> (RawFd, RawFd, RawFd) {
        let (as_fd, tsg) = (self.alloc_as(), self.tsg());
        let veid = self.subctx(tsg, as_fd, NVGPU_TSG_SUBCONTEXT_TYPE_ASYNC).unwrap();
        let ch = self.channel();
        self.as_bind(as_fd, ch).unwrap();
        self.tsg_bind(tsg, ch, veid).unwrap();
        self.wdt(ch, NVGPU_IOCTL_CHANNEL_DISABLE_WDT).unwrap();
        (as_fd, tsg, ch)
    }

    pub fn setup_args(&self) -> NvgpuChannelSetupBindArgs {
        NvgpuChannelSetupBindArgs {
            num_gpfifo_entries: 1024,
            flags: NVGPU_CHANNEL_SETUP_BIND_FLAGS_USERMODE_SUPPORT | NVGPU_CHANNEL_SETUP_BIND_FLAGS_DETERMINISTIC,
            gpfifo_dmabuf_fd: self.dmabuf(8192),
            userd_dmabuf_fd: self.dmabuf(4096),
            ..Default::default()
        }
    }

    pub fn setup_bind(&self, ch: RawFd, a: &mut NvgpuChannelSetupBindArgs) -> R {
        self.io(ch, NVGPU_IOCTL_CHANNEL_SETUP_BIND, a)
    }

    pub fn map(&self, as_fd: RawFd, a: &mut NvgpuAsMapBufferExArgs) -> R {
        self.io(as_fd, NVGPU_AS_IOCTL_MAP_BUFFER_EX, a)
    }
}

pub fn map_args(dmabuf: RawFd) -> NvgpuAsMapBufferExArgs {
    NvgpuAsMapBufferExArgs {
        compr_kind: -1,
        incompr_kind: 0,
        dmabuf_fd: dmabuf as u32,
        page_size: 4096,
        ..Default::default()
    }
}
