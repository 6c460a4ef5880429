"""What a real client (tinygrad's TegraIface) meets before and around its
first ioctl, checked against what an Orin answers (issue 12 items 9, 10):
the device node exists and is a character device; the usermode window maps
once per ctrl fd (second: EBUSY), at most 64 KiB (128 KiB: EINVAL), at
offset 0 only (4 KiB: EINVAL); msync(MS_SYNC) of a dma-buf mapping is EINVAL;
and GPU VAs come where an Orin put them (item 3).
Exit 0 when every answer is the Orin's. Run under LD_PRELOAD=libgpuiface_preload.so."""
import ctypes as C, errno, fcntl, mmap, os, stat, sys

CTRL, NVMAP = "/dev/nvgpu/igpu0/ctrl", "/dev/nvmap"
failures = []

def expect(what, cond):
    if not cond:
        failures.append(what)

def expect_errno(what, want, fn):
    try:
        fn()
    except OSError as e:
        expect(f"{what}: {errno.errorcode.get(e.errno, e.errno)}, want {errno.errorcode[want]}", e.errno == want)
    else:
        failures.append(f"{what}: succeeded, want {errno.errorcode[want]}")

# Item 9: the node as tinygrad checks it.
expect("os.path.exists(ctrl)", os.path.exists(CTRL))
expect("os.path.exists(nvmap)", os.path.exists(NVMAP))
expect("ctrl is a character device", stat.S_ISCHR(os.stat(CTRL).st_mode))
expect("lstat(ctrl) too", stat.S_ISCHR(os.lstat(CTRL).st_mode))
expect("access(ctrl, R_OK|W_OK)", os.access(CTRL, os.R_OK | os.W_OK))
expect("/dev/nvgpu/igpu0 is a directory", os.path.isdir("/dev/nvgpu/igpu0"))

ctrl = os.open(CTRL, os.O_RDWR)
expect("fstat(ctrl fd) is a character device", stat.S_ISCHR(os.fstat(ctrl).st_mode))

# Item 10: the usermode window, twice.
regs = mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
expect_errno("second usermode mmap on the same ctrl fd", errno.EBUSY,
             lambda: mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE))
ctrl2 = os.open(CTRL, os.O_RDWR)
expect_errno("128 KiB usermode mmap", errno.EINVAL,
             lambda: mmap.mmap(ctrl2, 0x20000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE))
expect_errno("usermode mmap at offset 4 KiB", errno.EINVAL,
             lambda: mmap.mmap(ctrl2, 0x1000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE, offset=0x1000))
regs.close()  # munmap: the first fd may map its window again
mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE).close()

# msync of a dma-buf mapping.
def IOC(d, t, nr, size): return (d << 30) | (size << 16) | (ord(t) << 8) | nr
Create = type("Create", (C.Structure,), {"_fields_": [("size", C.c_uint32), ("handle", C.c_uint32)]})
Alloc = type("Alloc", (C.Structure,), {"_fields_": [("handle", C.c_uint32), ("heap_mask", C.c_uint32),
             ("flags", C.c_uint32), ("align", C.c_uint32), ("numa_nid", C.c_int32)]})
nvmap = os.open(NVMAP, os.O_RDWR)
c = Create(size=8192)
fcntl.ioctl(nvmap, IOC(3, 'N', 0, 8), c, True)
fcntl.ioctl(nvmap, IOC(1, 'N', 3, 20), Alloc(c.handle, 1 << 30, (0x900 << 16) | 2, 4096, 0), True)
g = Create(handle=c.handle)
fcntl.ioctl(nvmap, IOC(3, 'N', 15, 8), g, True)
buf = mmap.mmap(g.size, 8192, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
buf[0:4] = b"abcd"
expect_errno("msync(MS_SYNC) of a dma-buf mapping", errno.EINVAL, buf.flush)

# Item 3: GPU VAs from nvgpu's buddy allocator, as an Orin handed them out.
AllocAs = type("AllocAs", (C.Structure,), {"_fields_": [("big_page_size", C.c_uint32), ("as_fd", C.c_int32),
               ("flags", C.c_uint32), ("reserved", C.c_uint32), ("start", C.c_uint64), ("end", C.c_uint64),
               ("split", C.c_uint64), ("padding", C.c_uint32 * 6)]})
MapEx = type("MapEx", (C.Structure,), {"_fields_": [("flags", C.c_uint32), ("compr_kind", C.c_int16),
             ("incompr_kind", C.c_int16), ("dmabuf_fd", C.c_uint32), ("page_size", C.c_uint32),
             ("buffer_offset", C.c_uint64), ("mapping_size", C.c_uint64), ("offset", C.c_uint64)]})
a = AllocAs(flags=2, start=2 << 20, end=(1 << 40) - (2 << 20))
fcntl.ioctl(ctrl, IOC(3, 'G', 8, C.sizeof(AllocAs)), a, True)

def dmabuf(size):
    c = Create(size=size)
    fcntl.ioctl(nvmap, IOC(3, 'N', 0, 8), c, True)
    fcntl.ioctl(nvmap, IOC(1, 'N', 3, 20), Alloc(c.handle, 1 << 30, (0x900 << 16) | 2, 4096, 0), True)
    g = Create(handle=c.handle)
    fcntl.ioctl(nvmap, IOC(3, 'N', 15, 8), g, True)
    return g.size

def gpu_map(size):
    m = MapEx(compr_kind=-1, incompr_kind=0, dmabuf_fd=dmabuf(size), page_size=4096)
    fcntl.ioctl(a.as_fd, IOC(3, 'A', 7, C.sizeof(MapEx)), m, True)
    return m.offset

def gpu_unmap(va):
    fcntl.ioctl(a.as_fd, IOC(3, 'A', 5, 8), C.c_uint64(va), True)

first, second = gpu_map(4096), gpu_map(4096)
gpu_unmap(second)
third = gpu_map(64 << 10)
gpu_unmap(third)
fourth = gpu_map(1 << 20)
want = (0xFFFFA00000, 0xFFFFA01000, 0xFFFFA10000, 0xFFFFB00000)
expect("GPU VAs %s, want %s" % ([hex(v) for v in (first, second, third, fourth)], [hex(v) for v in want]),
       (first, second, third, fourth) == want)

if failures:
    sys.exit("not what an Orin answers:\n  " + "\n  ".join(failures))
print("ok: device node and usermode window as on an Orin")
