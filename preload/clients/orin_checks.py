"""What a real client (tinygrad's TegraIface) meets before and around its
first ioctl, checked against what an Orin answers (issue 12 items 9, 10):
the device node exists and is a character device; the usermode window maps
once per ctrl fd (second: EBUSY), at most 64 KiB (128 KiB: EINVAL), at
offset 0 only (4 KiB: EINVAL); msync(MS_SYNC) of a dma-buf mapping is EINVAL.
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

if failures:
    sys.exit("not what an Orin answers:\n  " + "\n  ".join(failures))
print("ok: device node and usermode window as on an Orin")
