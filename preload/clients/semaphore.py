"""The C client's flow in Python (ctypes structs, fcntl.ioctl, mmap), as a
tinygrad-style runtime would drive nvgpu: init, memory, a channel, and one
64-bit semaphore release with timestamp through the usermode doorbell.
Exit 0 when the payload and a non-zero timestamp arrive.
Run under LD_PRELOAD=libgpuiface_preload.so."""
import ctypes as C, fcntl, mmap, os, struct, sys, time

def IOC(d, t, nr, size): return (d << 30) | (size << 16) | (ord(t) << 8) | nr
def IOWR(t, nr, s): return IOC(3, t, nr, C.sizeof(s))
def IOW(t, nr, s): return IOC(1, t, nr, C.sizeof(s))
def IOR(t, nr, s): return IOC(2, t, nr, C.sizeof(s))

def st(name, fields, pack=None):
    attrs = {"_fields_": fields}
    if pack: attrs["_pack_"] = pack
    return type(name, (C.Structure,), attrs)

u32, u64, s32, s16, u8 = C.c_uint32, C.c_uint64, C.c_int32, C.c_int16, C.c_uint8
GetChars = st("GetChars", [("buf_size", u64), ("buf_addr", u64)])
Create = st("Create", [("size", u32), ("handle", u32)])
Alloc = st("Alloc", [("handle", u32), ("heap_mask", u32), ("flags", u32), ("align", u32), ("numa_nid", s32)])
AllocAs = st("AllocAs", [("big_page_size", u32), ("as_fd", s32), ("flags", u32), ("reserved", u32), ("start", u64), ("end", u64), ("split", u64), ("padding", u32 * 6)])
AllocSpace = st("AllocSpace", [("pages", u64), ("page_size", u32), ("flags", u32), ("offset", u64), ("padding", u32 * 2)])
MapEx = st("MapEx", [("flags", u32), ("compr_kind", s16), ("incompr_kind", s16), ("dmabuf_fd", u32), ("page_size", u32), ("buffer_offset", u64), ("mapping_size", u64), ("offset", u64)])
OpenTsg = st("OpenTsg", [("tsg_fd", u32), ("flags", u32), ("source", u64), ("token", u64)])
Subctx = st("Subctx", [("type", u32), ("as_fd", s32), ("veid", u32), ("reserved", u32)])
OpenCh = st("OpenCh", [("channel_fd", s32)])
AsBind = st("AsBind", [("channel_fd", u32)])
TsgBind = st("TsgBind", [("channel_fd", s32), ("subcontext_id", u32), ("reserved", u8 * 16)])
Wdt = st("Wdt", [("wdt_status", u32), ("timeout_ms", u32)])
SetupBind = st("SetupBind", [("num_gpfifo_entries", u32), ("num_inflight_jobs", u32), ("flags", u32), ("userd_dmabuf_fd", s32), ("gpfifo_dmabuf_fd", s32), ("work_submit_token", u32), ("userd_off", u64), ("gpfifo_off", u64), ("gpfifo_va", u64), ("userd_va", u64), ("mmio_va", u64), ("reserved", u32 * 9)])
ObjCtx = st("ObjCtx", [("class_num", u32), ("flags", u32), ("obj_id", u64)])
assert C.sizeof(Alloc) == 20 and C.sizeof(SetupBind) == 104 and C.sizeof(OpenTsg) == 24

def io(fd, req, s):
    fcntl.ioctl(fd, req, s, True)  # mutable buffer: the kernel writes results back
    return s

nvmap = os.open("/dev/nvmap", os.O_RDWR)
ctrl = os.open("/dev/nvgpu/igpu0/ctrl", os.O_RDWR)
chars = (u8 * 328)()
io(ctrl, IOWR('G', 5, GetChars), GetChars(328, C.addressof(chars)))
arch = struct.unpack_from("<I", bytes(chars))[0]
as_fd = io(ctrl, IOWR('G', 8, AllocAs), AllocAs(flags=2, start=2 << 20, end=(1 << 40) - (2 << 20))).as_fd
for w in (0xFD00000000, 0xFE00000000):
    io(as_fd, IOWR('A', 6, AllocSpace), AllocSpace(pages=(1 << 30) // 4096, page_size=4096, flags=1, offset=w))

def alloc(size):
    h = io(nvmap, IOWR('N', 0, Create), Create(size=size)).handle
    io(nvmap, IOW('N', 3, Alloc), Alloc(h, 1 << 30, (0x900 << 16) | 1, 4096, 0))
    fd = io(nvmap, IOWR('N', 15, Create), Create(handle=h)).size
    va = io(as_fd, IOWR('A', 7, MapEx), MapEx(compr_kind=-1, incompr_kind=0, dmabuf_fd=fd, page_size=4096)).offset
    return fd, va, mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)

tsg = io(ctrl, IOWR('G', 9, OpenTsg), OpenTsg()).tsg_fd
veid = io(tsg, IOWR('T', 18, Subctx), Subctx(type=1, as_fd=as_fd)).veid
ch = io(ctrl, IOWR('G', 11, OpenCh), OpenCh(-1)).channel_fd
io(as_fd, IOWR('A', 1, AsBind), AsBind(ch))
io(tsg, IOWR('T', 11, TsgBind), TsgBind(channel_fd=ch, subcontext_id=veid))
io(ch, IOW('H', 119, Wdt), Wdt(1, 0))
gp_fd, _, gp = alloc(8192)
ud_fd, _, ud = alloc(4096)
mem_fd, mem_va, mem = alloc(4096)
token = io(ch, IOWR('H', 128, SetupBind), SetupBind(num_gpfifo_entries=1024, flags=(1 << 3) | (1 << 1), userd_dmabuf_fd=ud_fd, gpfifo_dmabuf_fd=gp_fd)).work_submit_token
io(ch, IOWR('H', 108, ObjCtx), ObjCtx(class_num=0xC7C0))
regs = mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)

payload = 0x8877665544332211
pb = [(1 << 29) | (5 << 16) | (0x5C >> 2), mem_va & 0xFFFFFFFF, mem_va >> 32, payload & 0xFFFFFFFF, payload >> 32, 1 | (1 << 24) | (1 << 25)]
mem[256:256 + 4 * len(pb)] = struct.pack("<6I", *pb)
gp[0:8] = struct.pack("<Q", ((mem_va + 256) & 0xFFFFFFFFFC) | (len(pb) << 42))
ud[0x8C:0x90] = struct.pack("<I", 1)          # GP_PUT
regs[0x90:0x94] = struct.pack("<I", token)    # doorbell

deadline = time.time() + 10
while struct.unpack_from("<Q", mem, 0)[0] != payload:
    if time.time() > deadline:
        sys.exit("timeout: semaphore %#x" % struct.unpack_from("<Q", mem, 0)[0])
    time.sleep(0.0005)
value, stamp = struct.unpack_from("<QQ", mem, 0)
print("arch %#x token %d: payload %#x timestamp %d" % (arch, token, value, stamp))
sys.exit(0 if stamp else 1)
