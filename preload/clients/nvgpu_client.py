"""What the Python clients share: a tinygrad-style runtime's own way to
drive nvgpu through raw ioctls (ctypes structs laid out as the r36 UAPI,
fcntl.ioctl, mmap), its own QMD and pushbuffers, and the usermode doorbell.
Nothing here calls into the project's Rust code: under
LD_PRELOAD=libgpuiface_preload.so every call goes to the mock as it would
go to nvgpu.ko on an Orin.

- `Session`: the device, an address space with the shader windows reserved,
  a TSG + subcontext, and `open_channel()` for a compute channel.
- `Channel`: a GPFIFO channel with usermode submit, an error notifier, and
  `run(words)` (pushbuffer, GP_PUT, doorbell, wait for a semaphore release).
- `Qmd`: a QMD V03_00 whose fields are set by name, the layout read from
  the project's class facts (facts/nv-ampere-classes.tsv: NVIDIA's class
  headers), so this client has no copy of it.
- `nvrtc_cubin`: CUDA C compiled for SM 8.7 with NVRTC.
"""
import ctypes as C, fcntl, mmap, os, struct, time

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
Unmap = st("Unmap", [("offset", u64)])
OpenTsg = st("OpenTsg", [("tsg_fd", u32), ("flags", u32), ("source", u64), ("token", u64)])
Subctx = st("Subctx", [("type", u32), ("as_fd", s32), ("veid", u32), ("reserved", u32)])
OpenCh = st("OpenCh", [("channel_fd", s32)])
AsBind = st("AsBind", [("channel_fd", u32)])
TsgBind = st("TsgBind", [("channel_fd", s32), ("subcontext_id", u32), ("reserved", u8 * 16)])
Wdt = st("Wdt", [("wdt_status", u32), ("timeout_ms", u32)])
SetupBind = st("SetupBind", [("num_gpfifo_entries", u32), ("num_inflight_jobs", u32), ("flags", u32), ("userd_dmabuf_fd", s32), ("gpfifo_dmabuf_fd", s32), ("work_submit_token", u32), ("userd_off", u64), ("gpfifo_off", u64), ("gpfifo_va", u64), ("userd_va", u64), ("mmio_va", u64), ("reserved", u32 * 9)])
ObjCtx = st("ObjCtx", [("class_num", u32), ("flags", u32), ("obj_id", u64)])
ErrorNotifier = st("ErrorNotifier", [("offset", u64), ("size", u64), ("mem", u32), ("padding", u32)])
assert C.sizeof(Alloc) == 20 and C.sizeof(SetupBind) == 104 and C.sizeof(OpenTsg) == 24 and C.sizeof(ErrorNotifier) == 24

NVMAP_IOC_FREE = IOC(0, 'N', 4, 0)
LIBC = C.CDLL(None, use_errno=True)
COMPUTE_CLASS = 0xC7C0
# Where compiled code finds the shader windows (tinygrad's NV backend uses the same).
LOCAL_WINDOW, SHARED_WINDOW = 0xFD00000000, 0xFE00000000
GPFIFO_ENTRIES = 1024

def io(fd, req, s):
    fcntl.ioctl(fd, req, s, True)  # mutable buffer: the kernel writes results back
    return s

def round_up(v, a): return (v + a - 1) // a * a

def nvrtc_cubin(lib_path, src, filename):
    """`src` (CUDA C, bytes) compiled for sm_87 by the NVRTC library at
    `lib_path`: the cubin's bytes. Exits with the compiler's log on an error."""
    lib = C.CDLL(lib_path)
    prog = C.c_void_p()
    assert lib.nvrtcCreateProgram(C.byref(prog), src, filename, 0, None, None) == 0
    opts = (C.c_char_p * 1)(b"--gpu-architecture=sm_87")
    if lib.nvrtcCompileProgram(prog, 1, opts) != 0:
        n = C.c_size_t(); lib.nvrtcGetProgramLogSize(prog, C.byref(n))
        log = C.create_string_buffer(n.value); lib.nvrtcGetProgramLog(prog, log)
        raise SystemExit(log.value.decode())
    n = C.c_size_t(); lib.nvrtcGetCUBINSize(prog, C.byref(n))
    buf = C.create_string_buffer(n.value); lib.nvrtcGetCUBIN(prog, buf)
    return buf.raw

class Facts:
    """NVIDIA's class facts as the project keeps them: method offsets and QMD fields."""
    def __init__(self, path=None):
        path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../facts/nv-ampere-classes.tsv")
        self.values, self.fields, self.fieldfns = {}, {}, {}
        for line in open(path):
            c = line.rstrip("\n").split("\t")
            if c[0] == "value":
                self.values[c[1]] = int(c[2], 0)
            elif c[0] == "field" and c[1] == "QMDV03_00":
                self.fields[c[2]] = (int(c[3]), int(c[4]))
            elif c[0] == "fieldfn" and c[1] == "QMDV03_00":
                self.fieldfns[c[2]] = (c[3], c[4])

    def method(self, cls, name): return self.values["NV%s_%s" % (cls, name)]

    def field(self, name, i=None):
        if i is None:
            return self.fields[name]
        hi, lo = self.fieldfns[name]
        return eval(hi, {"i": i}), eval(lo, {"i": i})  # the header's own expressions, e.g. 1055+(i)*64

FACTS = Facts()

class Qmd:
    """A QMD V03_00, set field by field (bits as NVIDIA's clc6c0qmd.h places them)."""
    def __init__(self):
        self.word = 0
    def set(self, name, value, i=None):
        hi, lo = FACTS.field(name, i)
        mask = ((1 << (hi - lo + 1)) - 1) << lo
        assert value >> (hi - lo + 1) == 0, "%s = %#x does not fit %d bits" % (name, value, hi - lo + 1)
        self.word = (self.word & ~mask) | (value << lo)
    def bytes(self): return self.word.to_bytes(256, "little")

def method(sub, m, *data):
    """An incrementing method header (SEND_INCR) and its data."""
    return [(1 << 29) | (len(data) << 16) | (sub << 13) | (m >> 2), *data]

class Buf:
    """nvmap memory mapped into the GPU VA space and into this process."""
    def __init__(self, session, size):
        self.s, self.size = session, round_up(max(size, 1), 4096)
        s = session
        self.handle = io(s.nvmap, IOWR('N', 0, Create), Create(size=self.size)).handle
        io(s.nvmap, IOW('N', 3, Alloc), Alloc(self.handle, 1 << 30, (0x900 << 16) | 1, 4096, 0))
        self.fd = io(s.nvmap, IOWR('N', 15, Create), Create(handle=self.handle)).size
        self.va = io(s.as_fd, IOWR('A', 7, MapEx), MapEx(compr_kind=-1, incompr_kind=0, dmabuf_fd=self.fd, page_size=4096)).offset
        self.map = mmap.mmap(self.fd, self.size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    def free(self):
        self.map.close()
        io(self.s.as_fd, IOWR('A', 5, Unmap), Unmap(self.va))
        os.close(self.fd)
        # The handle is the argument itself, an unsigned long (fcntl.ioctl would pass a C int).
        if LIBC.ioctl(self.s.nvmap, C.c_ulong(NVMAP_IOC_FREE), C.c_ulong(self.handle)) != 0:
            raise OSError(C.get_errno(), "NVMAP_IOC_FREE")

class Session:
    """The device, an address space with both shader windows reserved, a TSG."""
    def __init__(self):
        self.nvmap = os.open("/dev/nvmap", os.O_RDWR)
        self.ctrl = os.open("/dev/nvgpu/igpu0/ctrl", os.O_RDWR)
        chars = (u8 * 328)()
        io(self.ctrl, IOWR('G', 5, GetChars), GetChars(328, C.addressof(chars)))
        self.arch = struct.unpack_from("<I", bytes(chars))[0]
        self.as_fd = io(self.ctrl, IOWR('G', 8, AllocAs), AllocAs(flags=2, start=2 << 20, end=(1 << 40) - (2 << 20))).as_fd
        for w in (LOCAL_WINDOW, SHARED_WINDOW):
            io(self.as_fd, IOWR('A', 6, AllocSpace), AllocSpace(pages=(1 << 30) // 4096, page_size=4096, flags=1, offset=w))
        self.tsg = io(self.ctrl, IOWR('G', 9, OpenTsg), OpenTsg()).tsg_fd
        self.veid = io(self.tsg, IOWR('T', 18, Subctx), Subctx(type=1, as_fd=self.as_fd)).veid
        self.regs = mmap.mmap(self.ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)

    def alloc(self, size): return Buf(self, size)

    def open_channel(self, notifier=True): return Channel(self, notifier)

class Channel:
    """A compute channel: GPFIFO and USERD in nvmap memory, usermode submit,
    an error notifier (so a faulted launch is seen at once, not at a timeout),
    and command memory: a semaphore at 0, pushbuffers in [256, 64 KiB), a
    launch's QMD and constant buffer 0 from 64 KiB (`DATA`)."""
    DATA = 0x10000

    def __init__(self, s, notifier=True):
        self.s = s
        self.fd = io(s.ctrl, IOWR('G', 11, OpenCh), OpenCh(-1)).channel_fd
        io(s.as_fd, IOWR('A', 1, AsBind), AsBind(self.fd))
        io(s.tsg, IOWR('T', 11, TsgBind), TsgBind(channel_fd=self.fd, subcontext_id=s.veid))
        io(self.fd, IOW('H', 119, Wdt), Wdt(1, 0))
        self.gp, self.ud, self.cmd = s.alloc(8 * GPFIFO_ENTRIES), s.alloc(4096), s.alloc(128 << 10)
        self.notifier = s.alloc(4096) if notifier else None
        flags = (1 << 3) | (1 << 1)  # USERMODE_SUPPORT | DETERMINISTIC
        self.token = io(self.fd, IOWR('H', 128, SetupBind), SetupBind(num_gpfifo_entries=GPFIFO_ENTRIES, flags=flags, userd_dmabuf_fd=self.ud.fd, gpfifo_dmabuf_fd=self.gp.fd)).work_submit_token
        io(self.fd, IOWR('H', 108, ObjCtx), ObjCtx(class_num=COMPUTE_CLASS))
        if notifier:  # once the channel is set up, as CUDA does
            io(self.fd, IOWR('H', 111, ErrorNotifier), ErrorNotifier(offset=0, size=16, mem=self.notifier.fd))
        self.put, self.payload, self.pb_at = 0, 0, 256
        self.sem_va = self.cmd.va

    def fault(self):
        """The notifier's info32 (the error code) once the channel is in error, else None."""
        if self.notifier is None:
            return None
        info32, _, status = struct.unpack_from("<IHH", self.notifier.map, 8)
        return info32 if status else None

    def submit(self, words):
        """Copy a pushbuffer into command memory and hand it to the GPU."""
        size = 4 * len(words)
        if self.pb_at + size > self.DATA:
            self.pb_at = 256  # earlier pushbuffers completed: run() waits for each
        va = self.cmd.va + self.pb_at
        self.cmd.map[self.pb_at:self.pb_at + size] = struct.pack("<%dI" % len(words), *words)
        self.pb_at = round_up(self.pb_at + size, 64)
        self.gp.map[8 * self.put:8 * self.put + 8] = struct.pack("<Q", (va & 0xFFFFFFFFFC) | (len(words) << 42))
        self.put = (self.put + 1) % GPFIFO_ENTRIES
        self.ud.map[0x8C:0x90] = struct.pack("<I", self.put)     # GP_PUT
        self.s.regs[0x90:0x94] = struct.pack("<I", self.token)    # doorbell

    def run(self, words, timeout=60.0):
        """Submit `words` and then a 64-bit semaphore release on the host
        (after the work before it completes); wait for it. Returns None, or
        the channel's error: ("fault", info32) or ("timeout", value seen)."""
        self.payload += 1
        sem = method(0, FACTS.method("C56F", "SEM_ADDR_LO"), self.sem_va & 0xFFFFFFFF, self.sem_va >> 32,
                     self.payload & 0xFFFFFFFF, self.payload >> 32, 1 | (1 << 24))
        self.submit(list(words) + sem)
        deadline, nap = time.time() + timeout, 0.00005
        while struct.unpack_from("<Q", self.cmd.map, 0)[0] != self.payload:
            code = self.fault()
            if code is not None:
                return ("fault", code)
            if time.time() > deadline:
                return ("timeout", struct.unpack_from("<Q", self.cmd.map, 0)[0])
            time.sleep(nap)
            nap = min(nap * 2, 0.002)
        return None

    def close(self):
        os.close(self.fd)
        for b in (self.gp, self.ud, self.cmd, self.notifier):
            if b is not None:
                b.free()

# Constant buffer 0's driver area, where SM 8.x code reads it (the project's
# hal/src/hw.rs keeps the same offsets for its own runtime).
CBUF0_BLOCK, CBUF0_GRID, CBUF0_SHARED_WINDOW, CBUF0_LOCAL_WINDOW, CBUF0_STACK_TOP = 0x0, 0xc, 0x18, 0x20, 0x28
CBUF0_DYNAMIC_SHARED, CBUF0_RESERVED_SHARED, CBUF0_PARAMS = 0x2c, 0x114, 0x160
LOCAL_STACK_TOP = 0xFFFDC0
SHARED_CONFIGS = [0, 8 << 10, 16 << 10, 32 << 10, 64 << 10, 100 << 10, 132 << 10, 164 << 10]

def local_per_thread(stack):
    """Local memory a thread needs for a `stack`-byte stack: the stack and the 0x240 bytes above it."""
    return 0 if stack == 0 else round_up(stack + (1 << 24) - LOCAL_STACK_TOP, 32)

def local_per_tpc(per_thread):
    """Local memory a TPC needs with every warp slot (48 per SM, 2 SMs) resident."""
    return round_up(round_up(per_thread * 32, 0x200) * 48 * 2, 0x8000)

def launch_words(ch, code_va, k, grid, block, dynamic_shared, params, local=None):
    """Write kernel `k`'s QMD (code at `code_va`, its banks at `k.bank_vas`)
    and constant buffer 0 into the channel's data area; return the pushbuffer
    that sets the shader windows (and `local`: (va, per_thread, per_tpc))
    and launches it."""
    cbuf = bytearray(round_up(max(k.param_offset + len(params), CBUF0_PARAMS), 16))
    struct.pack_into("<3I3I", cbuf, CBUF0_BLOCK, *block, *grid)
    struct.pack_into("<QQII", cbuf, CBUF0_SHARED_WINDOW, SHARED_WINDOW, LOCAL_WINDOW, LOCAL_STACK_TOP, dynamic_shared)
    struct.pack_into("<I", cbuf, CBUF0_RESERVED_SHARED, k.shared_reserved)
    cbuf[k.param_offset:k.param_offset + len(params)] = params
    qmd_va, cbuf_va = ch.cmd.va + ch.DATA, ch.cmd.va + ch.DATA + 256
    shared = round_up(max(k.shared_static + dynamic_shared + k.shared_reserved, 0x400), 0x100)
    config = next(c for c in SHARED_CONFIGS if c >= shared + 1024)
    q = Qmd()
    for name, v in [("QMD_MAJOR_VERSION", 3), ("QMD_VERSION", 0), ("SASS_VERSION", 0x87), ("QMD_GROUP_ID", 0x3f),
                    ("PROGRAM_ADDRESS_LOWER", code_va & 0xFFFFFFFF), ("PROGRAM_ADDRESS_UPPER", code_va >> 32),
                    ("PROGRAM_PREFETCH_ADDR_LOWER_SHIFTED", (code_va >> 8) & 0xFFFFFFFF),
                    ("PROGRAM_PREFETCH_SIZE", min(k.code_len >> 8, 0x1ff)),
                    ("REGISTER_COUNT_V", k.registers), ("BARRIER_COUNT", max(1, k.barriers)),
                    ("SHADER_LOCAL_MEMORY_HIGH_SIZE", local_per_thread(k.stack)),
                    ("CTA_RASTER_WIDTH", grid[0]), ("CTA_RASTER_HEIGHT", grid[1]), ("CTA_RASTER_DEPTH", grid[2]),
                    ("CTA_THREAD_DIMENSION0", block[0]), ("CTA_THREAD_DIMENSION1", block[1]),
                    ("CTA_THREAD_DIMENSION2", block[2]), ("SHARED_MEMORY_SIZE", shared),
                    ("MIN_SM_CONFIG_SHARED_MEM_SIZE", config // 4096 + 1),
                    ("TARGET_SM_CONFIG_SHARED_MEM_SIZE", config // 4096 + 1),
                    ("MAX_SM_CONFIG_SHARED_MEM_SIZE", max(config, 100 << 10) // 4096 + 1),
                    ("INVALIDATE_SHADER_CONSTANT_CACHE", 1), ("INVALIDATE_INSTRUCTION_CACHE", 1),
                    ("INVALIDATE_SHADER_DATA_CACHE", 1), ("SM_GLOBAL_CACHING_ENABLE", 1),
                    ("CWD_MEMBAR_TYPE", 1), ("API_VISIBLE_CALL_LIMIT", 1), ("SAMPLER_INDEX", 1)]:
        q.set(name, v)
    for bank, va, size in [(0, cbuf_va, len(cbuf))] + [(b, va, size) for b, va, size in k.bank_vas]:
        q.set("CONSTANT_BUFFER_VALID", 1, bank)
        q.set("CONSTANT_BUFFER_ADDR_LOWER", va & 0xFFFFFFFF, bank)
        q.set("CONSTANT_BUFFER_ADDR_UPPER", va >> 32, bank)
        q.set("CONSTANT_BUFFER_SIZE_SHIFTED4", round_up(size, 16) >> 4, bank)
    q.set("CONSTANT_BUFFER_INVALIDATE", 1, 0)
    d = ch.DATA
    ch.cmd.map[d:d + 256] = q.bytes()
    ch.cmd.map[d + 256:d + 256 + len(cbuf)] = bytes(cbuf)
    m = lambda name: FACTS.method("C6C0", name)
    words = (method(1, m("SET_OBJECT"), COMPUTE_CLASS)
             + method(1, m("SET_SHADER_LOCAL_MEMORY_WINDOW_A"), LOCAL_WINDOW >> 32, LOCAL_WINDOW & 0xFFFFFFFF)
             + method(1, m("SET_SHADER_SHARED_MEMORY_WINDOW_A"), SHARED_WINDOW >> 32, SHARED_WINDOW & 0xFFFFFFFF))
    if local is not None:
        va, _, per_tpc = local
        words += (method(1, m("SET_SHADER_LOCAL_MEMORY_A"), va >> 32, va & 0xFFFFFFFF)
                  + method(1, m("SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A"), per_tpc >> 32, per_tpc & 0xFFFFFFFF, 0xff))
    return words + method(1, m("SEND_PCAS_A"), qmd_va >> 8) + method(1, m("SEND_SIGNALING_PCAS2_B"), 3)
