"""Issue 40 (fidelity, round 4) as a client sees it, through raw ioctls
under LD_PRELOAD=libgpuiface_preload.so. One check per run, named by the
first argument; exit 0 when the mock answers as an Orin (or, for the hang,
as the r36 sources say a hung channel does):

  hang  a channel whose SETUP_BIND took a 3 MiB GPFIFO hangs ALLOC_OBJ_CTX
        (ETIMEDOUT after the bounded wait); every later ioctl on it fails the
        same way and its submits never run, while another channel and the
        device keep working (item 1)
  fork  a forked child's inherited fds answer as in the parent
        (GET_CHARACTERISTICS, NVMAP_IOC_CREATE), it has no doorbell mapping
        (VM_DONTCOPY), mapping the inherited ctrl fd again is EBUSY (the
        parent's mapping holds it), and work it submits on the inherited
        channel lands there (item 2)
  fds   under a limit of 20 fds, every fd the device hands out is the lowest
        free number, as a kernel numbers it (item 3)
"""
import ctypes as C, errno, mmap, os, resource, struct, sys, time

from nvgpu_client import (FACTS, GPFIFO_ENTRIES, COMPUTE_CLASS, IOC, IOR, IOW, IOWR, LIBC, AllocAs, AsBind, Create,
                          Alloc, GetChars, MapEx, ObjCtx, OpenCh, OpenTsg, Session, SetupBind, Subctx, TsgBind, Wdt, io,
                          method)


def expect_errno(want, what, fn):
    try:
        fn()
    except OSError as e:
        if e.errno != want:
            sys.exit("%s: %s, expected %s" % (what, errno.errorcode.get(e.errno, e.errno), errno.errorcode[want]))
        return
    sys.exit("%s succeeded, expected %s" % (what, errno.errorcode[want]))


def release_words(va, payload):
    return method(0, FACTS.method("C56F", "SEM_ADDR_LO"), va & 0xFFFFFFFF, va >> 32,
                  payload & 0xFFFFFFFF, payload >> 32, 1 | (1 << 24))


def hang():
    s = Session()
    fd = io(s.ctrl, IOWR('G', 11, OpenCh), OpenCh(-1)).channel_fd
    io(s.as_fd, IOWR('A', 1, AsBind), AsBind(fd))
    io(s.tsg, IOWR('T', 11, TsgBind), TsgBind(channel_fd=fd, subcontext_id=s.veid))
    io(fd, IOW('H', 119, Wdt), Wdt(1, 0))
    gp, ud, cmd = s.alloc(3 << 20), s.alloc(4096), s.alloc(64 << 10)
    token = io(fd, IOWR('H', 128, SetupBind), SetupBind(num_gpfifo_entries=GPFIFO_ENTRIES, flags=(1 << 3) | (1 << 1),
                                                         userd_dmabuf_fd=ud.fd, gpfifo_dmabuf_fd=gp.fd)).work_submit_token
    expect_errno(errno.ETIMEDOUT, "ALLOC_OBJ_CTX(compute) after a 3 MiB GPFIFO",
                 lambda: io(fd, IOWR('H', 108, ObjCtx), ObjCtx(class_num=COMPUTE_CLASS)))
    # The channel stays hung: later ioctls (the copy class the client
    # tried next, the watchdog) fail as the first did.
    expect_errno(errno.ETIMEDOUT, "ALLOC_OBJ_CTX(copy) on the hung channel",
                 lambda: io(fd, IOWR('H', 108, ObjCtx), ObjCtx(class_num=0xC7B5)))
    expect_errno(errno.ETIMEDOUT, "WDT on the hung channel", lambda: io(fd, IOW('H', 119, Wdt), Wdt(1, 0)))
    # A submit on it never runs.
    words = release_words(cmd.va, 0x1234)
    cmd.map[256:256 + 4 * len(words)] = struct.pack("<%dI" % len(words), *words)
    gp.map[0:8] = struct.pack("<Q", ((cmd.va + 256) & 0xFFFFFFFFFC) | (len(words) << 42))
    ud.map[0x8C:0x90] = struct.pack("<I", 1)
    s.regs[0x90:0x94] = struct.pack("<I", token)
    # Meanwhile another channel and the device keep working.
    other = s.open_channel()
    if other.run([]) is not None:
        sys.exit("another channel stopped working after the hang")
    chars = (C.c_uint8 * 328)()
    io(s.ctrl, IOWR('G', 5, GetChars), GetChars(328, C.addressof(chars)))
    time.sleep(0.2)
    seen, gp_get = struct.unpack_from("<Q", cmd.map, 0)[0], struct.unpack_from("<I", ud.map, 0x88)[0]
    if seen or gp_get:
        sys.exit("the hung channel ran a submit: semaphore %#x, GP_GET %d" % (seen, gp_get))
    os.close(fd)
    if other.run([]) is not None:
        sys.exit("another channel stopped working after the hung one closed")
    print("hang: later ioctls ETIMEDOUT, submits never run; another channel and the device work")


def mapped(addr, length):
    """Whether [addr, addr + length) is mapped (mincore: ENOMEM when not)."""
    vec = (C.c_ubyte * ((length + 4095) // 4096))()
    LIBC.mincore.argtypes = [C.c_void_p, C.c_size_t, C.c_void_p]
    if LIBC.mincore(C.c_void_p(addr), C.c_size_t(length), vec) == 0:
        return True
    if C.get_errno() != errno.ENOMEM:
        sys.exit("mincore: %s" % os.strerror(C.get_errno()))
    return False


def fork():
    s = Session()
    ch = s.open_channel()
    if ch.run([]) is not None:
        sys.exit("the parent's channel does not work")
    doorbell = C.addressof(C.c_char.from_buffer(s.regs))
    if not mapped(doorbell, 4096):
        sys.exit("mincore does not see the parent's own doorbell page")
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            chars = (C.c_uint8 * 328)()
            g = io(s.ctrl, IOWR('G', 5, GetChars), GetChars(328, C.addressof(chars)))
            arch = struct.unpack_from("<I", bytes(chars))[0]
            if g.buf_size != 328 or arch != s.arch:
                sys.exit("child: GET_CHARACTERISTICS answered %d bytes, arch %#x" % (g.buf_size, arch))
            h = io(s.nvmap, IOWR('N', 0, Create), Create(size=4096)).handle
            if not h:
                sys.exit("child: NVMAP_IOC_CREATE gave handle 0")
            if mapped(doorbell, 4096):
                sys.exit("child: the doorbell page (VM_DONTCOPY) was inherited")
            expect_errno(errno.EBUSY, "child: mmap of the inherited ctrl fd's usermode window (the parent's holds it)",
                         lambda: mmap.mmap(s.ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE))
            # A ctrl fd of its own gives the child a doorbell; the work goes to the inherited channel.
            ctrl = os.open("/dev/nvgpu/igpu0/ctrl", os.O_RDWR)
            s.regs = mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
            r = ch.run([], timeout=20)
            if r is not None:
                sys.exit("child: work on the inherited channel did not complete: %r" % (r,))
            print("child: inherited fds answer, no doorbell mapping, its work ran on the inherited channel")
            code = 0
        except SystemExit as e:
            print(e, file=sys.stderr)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        sys.exit("the child failed (status %#x)" % status)
    # The parent sees the child's release, and its channel goes on from the child's GP_PUT.
    if struct.unpack_from("<Q", ch.cmd.map, 0)[0] != ch.payload + 1:
        sys.exit("the parent does not see the child's semaphore release")
    ch.put, ch.payload = struct.unpack_from("<I", ch.ud.map, 0x8C)[0], ch.payload + 1
    if ch.run([]) is not None:
        sys.exit("the parent's channel stopped working after the fork")
    print("fork: the parent's channel ran the child's work and keeps working")


def lowest_free():
    fd = os.dup(0)
    os.close(fd)
    return fd


def fds():
    resource.setrlimit(resource.RLIMIT_NOFILE, (20, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    handed = []

    def check(what, get):
        want = lowest_free()
        fd = get()
        if fd != want:
            sys.exit("%s is fd %d; a kernel hands out the lowest free number, %d (so far %r)" % (what, fd, want, handed))
        handed.append(fd)
        return fd

    nvmap = check("nvmap", lambda: os.open("/dev/nvmap", os.O_RDWR))
    ctrl = check("ctrl", lambda: os.open("/dev/nvgpu/igpu0/ctrl", os.O_RDWR))

    def dmabuf(size):
        h = io(nvmap, IOWR('N', 0, Create), Create(size=size)).handle
        io(nvmap, IOW('N', 3, Alloc), Alloc(h, 1 << 30, (0x900 << 16) | 1, 4096, 0))
        return check("dma-buf", lambda: io(nvmap, IOWR('N', 15, Create), Create(handle=h)).size)

    bufs = [dmabuf(4096 << i) for i in range(4)]
    as_fd = check("AS", lambda: io(ctrl, IOWR('G', 8, AllocAs), AllocAs(flags=2, start=2 << 20, end=(1 << 40) - (2 << 20))).as_fd)
    tsg = check("TSG", lambda: io(ctrl, IOWR('G', 9, OpenTsg), OpenTsg()).tsg_fd)
    veid = io(tsg, IOWR('T', 18, Subctx), Subctx(type=1, as_fd=as_fd)).veid
    ch = check("channel", lambda: io(ctrl, IOWR('G', 11, OpenCh), OpenCh(-1)).channel_fd)
    io(as_fd, IOWR('A', 1, AsBind), AsBind(ch))
    io(tsg, IOWR('T', 11, TsgBind), TsgBind(channel_fd=ch, subcontext_id=veid))
    io(ch, IOW('H', 119, Wdt), Wdt(1, 0))
    gp, ud = dmabuf(8 * GPFIFO_ENTRIES), dmabuf(4096)
    io(ch, IOWR('H', 128, SetupBind), SetupBind(num_gpfifo_entries=GPFIFO_ENTRIES, flags=(1 << 3) | (1 << 1),
                                                userd_dmabuf_fd=ud, gpfifo_dmabuf_fd=gp))
    io(ch, IOWR('H', 108, ObjCtx), ObjCtx(class_num=COMPUTE_CLASS))
    regs = mmap.mmap(ctrl, 0x10000, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    last = dmabuf(4096)
    if max(handed) < 10:
        sys.exit("the check did not reach fd 10 (half the limit): %r" % handed)
    regs.close()
    print("fds under a limit of 20: %r, each the lowest free number" % handed)


{"hang": hang, "fork": fork, "fds": fds}[sys.argv[1]]()
