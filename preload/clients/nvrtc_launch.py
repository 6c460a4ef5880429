"""A process that compiles its own CUDA C kernel with NVRTC and launches it
through raw nvgpu ioctls, as a tinygrad-style runtime does: its own cubin
reading, its own QMD, its own pushbuffer, the usermode doorbell. Under
LD_PRELOAD=libgpuiface_preload.so the mock runs the kernel's machine code.
Usage: nvrtc_launch.py LIBNVRTC. Exit 0 when every output is right."""
import ctypes as C, fcntl, mmap, os, struct, sys, time

SRC = rb"""
extern "C" __global__ void poly(const unsigned *in, unsigned *out, unsigned n, unsigned k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { unsigned x = in[i]; out[i] = (x * x + k) / (x % 7u + 1u) ^ (x >> 3); }
}
"""

def nvrtc(lib_path):
    lib = C.CDLL(lib_path)
    prog = C.c_void_p()
    assert lib.nvrtcCreateProgram(C.byref(prog), SRC, b"poly.cu", 0, None, None) == 0
    opts = (C.c_char_p * 1)(b"--gpu-architecture=sm_87")
    if lib.nvrtcCompileProgram(prog, 1, opts) != 0:
        n = C.c_size_t(); lib.nvrtcGetProgramLogSize(prog, C.byref(n))
        log = C.create_string_buffer(n.value); lib.nvrtcGetProgramLog(prog, log)
        sys.exit(log.value.decode())
    n = C.c_size_t(); lib.nvrtcGetCUBINSize(prog, C.byref(n))
    buf = C.create_string_buffer(n.value); lib.nvrtcGetCUBIN(prog, buf)
    return buf.raw

def text_section(cubin, name):
    """(code, registers) of .text.<name>: ELF64 section headers, sh_info >> 24 = registers."""
    shoff, = struct.unpack_from("<Q", cubin, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", cubin, 0x3A)
    hdr = [struct.unpack_from("<IIQQQQIIQQ", cubin, shoff + i * shentsize) for i in range(shnum)]
    names = hdr[shstrndx][4]
    for h in hdr:
        s = names + h[0]
        if cubin[s:cubin.index(b"\0", s)] == b".text." + name:
            return cubin[h[4]:h[4] + h[5]], h[7] >> 24
    sys.exit("no .text.%s" % name.decode())

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


code, regs = text_section(nvrtc(sys.argv[1]), b"poly")
N, K, BLOCK = 300, 12345, 128
prog_fd, prog_va, prog = alloc(8192)
in_fd, in_va, inm = alloc(4096)
out_fd, out_va, outm = alloc(4096)
prog[0:len(code)] = code
xs = [(i * 2654435761) & 0xFFFFFFFF for i in range(N)]
inm[0:4 * N] = struct.pack("<%dI" % N, *xs)

def put(q, lo, hi, v):
    """Set QMD V03_00 bits lo..=hi (the layout in NVIDIA's open-gpu-doc clc6c0qmd.h)."""
    word = int.from_bytes(q, "little")
    mask = ((1 << (hi - lo + 1)) - 1) << lo
    return ((word & ~mask) | ((v << lo) & mask)).to_bytes(256, "little")

grid = (N + BLOCK - 1) // BLOCK
cbuf = bytearray(0x180)
struct.pack_into("<3I3I", cbuf, 0, BLOCK, 1, 1, grid, 1, 1)   # blockDim, gridDim
struct.pack_into("<QQII", cbuf, 0x160, in_va, out_va, N, K)    # the parameters
mem[512:512 + len(cbuf)] = bytes(cbuf)
q = bytes(256)
for lo, hi, v in [(128, 133, 0x3F), (378, 378, 1), (382, 382, 1), (384, 415, grid), (416, 431, 1), (448, 463, 1),
                  (562, 567, 1), (569, 574, 3), (657, 662, 3), (576, 579, 0), (580, 583, 3), (592, 607, BLOCK),
                  (608, 623, 1), (624, 639, 1), (648, 656, regs), (763, 767, 1), (1536, 1567, prog_va & 0xFFFFFFFF),
                  (1568, 1584, prog_va >> 32), (1656, 1663, 0x87), (640, 640, 1), (1024, 1055, (mem_va + 512) & 0xFFFFFFFF),
                  (1056, 1072, (mem_va + 512) >> 32), (1075, 1087, len(cbuf) >> 4)]:
    q = put(q, lo, hi, v)
mem[1024:1280] = q
def method(sub, m, *data): return [(1 << 29) | (len(data) << 16) | (sub << 13) | (m >> 2), *data]
payload = 0x1234
pb = (method(1, 0x0, 0xC7C0) + method(1, 0x2B4, (mem_va + 1024) >> 8) + method(1, 0x2C0, 3)
      + [(1 << 29) | (5 << 16) | (0x5C >> 2), mem_va & 0xFFFFFFFF, mem_va >> 32, payload, 0, 1 | (1 << 24)])
mem[256:256 + 4 * len(pb)] = struct.pack("<%dI" % len(pb), *pb)
gp[0:8] = struct.pack("<Q", ((mem_va + 256) & 0xFFFFFFFFFC) | (len(pb) << 42))
ud[0x8C:0x90] = struct.pack("<I", 1)          # GP_PUT
regs_win = mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
regs_win[0x90:0x94] = struct.pack("<I", token)    # doorbell

deadline = time.time() + 30
while struct.unpack_from("<Q", mem, 0)[0] != payload:
    if time.time() > deadline:
        sys.exit("timeout: semaphore %#x" % struct.unpack_from("<Q", mem, 0)[0])
    time.sleep(0.001)
got = struct.unpack_from("<%dI" % N, outm, 0)
want = [(((x * x + K) & 0xFFFFFFFF) // (x % 7 + 1)) ^ (x >> 3) for x in xs]
bad = [i for i in range(N) if got[i] != want[i]]
if bad:
    sys.exit("wrong at %d of %d, first %d: got %#x want %#x" % (len(bad), N, bad[0], got[bad[0]], want[bad[0]]))
print("NVRTC kernel 'poly' (%d bytes of SASS, %d registers): %d outputs right" % (len(code), regs, N))
