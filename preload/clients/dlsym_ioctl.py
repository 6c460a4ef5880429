"""Issue 21 item 7: calls that reach libc through the program's own handle
(`ctypes.CDLL("libc.so.6")` = dlopen + dlsym) still go through the model.
GET_CHARACTERISTICS with a zero size answers the struct's size (328) on the
model; libc's own ioctl on the model's fd would fail instead.
Exit 0 when both the ioctl and a close through the handle reach the model.
Run under LD_PRELOAD=libgpuiface_preload.so."""
import ctypes as C, os, sys

libc = C.CDLL("libc.so.6", use_errno=True)
libc.ioctl.argtypes = [C.c_int, C.c_ulong, C.c_void_p]
fd = os.open("/dev/nvgpu/igpu0/ctrl", os.O_RDWR)

class Get(C.Structure):
    _fields_ = [("size", C.c_uint64), ("addr", C.c_uint64)]

g = Get(0, 0)
NVGPU_GPU_IOCTL_GET_CHARACTERISTICS = 0xC0104705
r = libc.ioctl(fd, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, C.addressof(g))
err = C.get_errno()
if r != 0 or g.size != 328:
    print(f"ioctl through dlsym: returned {r} (errno {err}), size {g.size}: it bypassed the model")
    sys.exit(1)
if libc.close(fd) != 0:
    print(f"close through dlsym failed: errno {C.get_errno()}")
    sys.exit(1)
print("ok: ioctl and close through dlopen/dlsym reached the model")
