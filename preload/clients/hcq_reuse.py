"""Issue 40 item 5: tinygrad's HCQ test `test_exec_2_kernels_100_times`
(test/device/test_hcq.py) through raw nvgpu ioctls, with tinygrad's own NV
queue and program code doing all that touches the GPU's bytes.

Upstream tinygrad has no nvgpu (Tegra) interface, so its `NVDevice` cannot
open an Orin; the interface part — device, address space, TSG, channel,
nvmap buffers — is this project's client (nvgpu_client.py). Everything
else is tinygrad, imported at run time, no line changed:
- `NVProgram` loads the kernel (tinygrad's ELF loader, relocations,
  constant buffer 0 and the QMD V03_00 template);
- `NVArgsState` lays out the kernel arguments with the QMD after them;
- `NVComputeQueue` records the step once — `wait(timeline, v - 1)`, `exec`
  A (b = a + 1), `exec` B (a = b + 1), which tinygrad chains through A's
  `DEPENDENT_QMD0`, and `signal(timeline, v)`, which becomes B's
  `RELEASE0` — and submits it 100 times, `v` bound anew each time: the
  acquire's value is patched in the pushbuffer (copied to the command ring
  per submit) and B's release payload in place in the QMD, which the GPU
  may not have read yet (seed 002's race);
- the GPFIFO entry, GP_PUT and the usermode doorbell are written by
  `_submit_to_gpfifo`.
The device object those methods use is a stand-in with the attributes
they read, set as tinygrad's `NVDevice` sets them.

The test then reads `a` after `synchronize()`: a wait for the timeline to
reach the last value submitted. With the CPU ahead of the GPU, B's release
already carries the last payload after a step or two, so that read finds
the work unfinished (a[0] = 2 where 200 is due: the race tinygrad's test
relies on losing, as seed 002 reports on Tegra). The client prints that
value; it checks what the hardware guarantees: every launch runs, the
timeline reaches the last value, nothing faults, and once the GPU is idle
(a pushbuffer release after wait-for-idle) a[0] = 200.0, b[0] = 199.0.
It then runs the test again with the signal in the pushbuffer (tinygrad's
path when the queue has no active QMD, seed 002's fix), where a[0] must be
200.0 as soon as the timeline shows the last value. Exit 0 when all holds.
Usage: hcq_reuse.py LIBNVRTC (run by tinygrad's venv python)."""
import ctypes as C, itertools, os, struct, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nvgpu_client import Session, LOCAL_WINDOW, SHARED_WINDOW, COMPUTE_CLASS, nvrtc_cubin, round_up

from tinygrad import Variable, dtypes
from tinygrad.device import TinyELF
from tinygrad.helpers import Target
from tinygrad.runtime.ops_nv import NVProgram, NVComputeQueue, GPFifo
from tinygrad.runtime.support.hcq import HCQBuffer, MMIOInterface
from tinygrad.runtime.support.memory import BumpAllocator

STEPS = 100
SRC = rb"""
extern "C" __global__ void __launch_bounds__(2) E_2(float *out, const float *in) {
  int i = threadIdx.x;
  out[i] = in[i] + 1.0f;
}
"""

def address(m): return C.addressof(C.c_char.from_buffer(m))

class Iface:
    """What tinygrad's NV code reads of `dev.iface`."""
    compute_class = COMPUTE_CLASS

class Allocator:
    """tinygrad's allocator calls, served by nvmap buffers (kept alive here)."""
    def __init__(self, session): self.s, self.bufs = session, []
    def alloc(self, size, options=None):
        b = self.s.alloc(size)
        self.bufs.append(b)
        return HCQBuffer(b.va, b.size, view=MMIOInterface(address(b.map), b.size))
    def free(self, buf, size, options=None): pass
    def _copyin(self, dest, src): dest.cpu_view().view(size=len(src), fmt='B')[:] = bytes(src)

class Signal:
    """A timeline: its 64-bit value at `value_addr`, a timestamp after it."""
    def __init__(self, buf): self.base_buf, self.value_addr = buf, buf.va_addr
    @property
    def value(self): return struct.unpack("<Q", bytes(self.base_buf.cpu_view().view(size=8)[:]))[0]
    def wait(self, value, timeout=30.0):
        deadline = time.time() + timeout
        while self.value < value:
            if time.time() > deadline:
                return False
            time.sleep(0.0005)
        return True

class Device:
    """The attributes of tinygrad's NVDevice that its queue and program code
    read, set as NVDevice sets them on an Ampere (SM 8.7)."""
    def __init__(self, session, channel):
        self.device, self.iface, self.renderer, self.pma_enabled = "NV", Iface(), None, False
        self.allocator = Allocator(session)
        self.prof_prg_counter = itertools.count()
        self.sass_version = 0x87
        self.shared_mem_window, self.local_mem_window = SHARED_WINDOW, LOCAL_WINDOW
        self.max_warps_per_sm, self.num_sm_per_tpc, self.num_tpc_per_gpc, self.num_gpcs = 48, 2, 4, 2
        self.slm_per_thread, self.shader_local_mem = 0, None
        # Command ring and GPFIFO as NVDevice has them (cmdq_page, compute_gpfifo), doorbell at 0x90.
        self.cmdq_page = self.allocator.alloc(0x200000)
        self.cmdq_allocator = BumpAllocator(size=self.cmdq_page.size, base=self.cmdq_page.va_addr, wrap=True)
        self.cmdq = self.cmdq_page.cpu_view().view(fmt='I')
        ch = channel
        self.compute_gpfifo = GPFifo(ring=MMIOInterface(address(ch.gp.map), ch.gp.size, fmt='Q'),
                                     gpput=MMIOInterface(address(ch.ud.map) + 0x8C, 4, fmt='I'),
                                     entries_count=ch.gp.size // 8, token=ch.token)
        self.gpu_mmio = MMIOInterface(address(session.regs), 0x10000, fmt='I')
        self.kernargs_buf = self.allocator.alloc(16 << 20)
        self.kernargs_offset_allocator = BumpAllocator(self.kernargs_buf.size, wrap=True)
        self.timeline_signal, self.timeline_value = Signal(self.allocator.alloc(4096)), 1
        NVComputeQueue().setup(compute_class=self.iface.compute_class, local_mem_window=self.local_mem_window,
                               shared_mem_window=self.shared_mem_window) \
                        .signal(self.timeline_signal, self.next_timeline()).submit(self)
        self.synchronize()

    def next_timeline(self):
        self.timeline_value += 1
        return self.timeline_value - 1

    def synchronize(self):
        if not self.timeline_signal.wait(self.timeline_value - 1):
            sys.exit("synchronize: the timeline stopped at %d of %d" % (self.timeline_signal.value, self.timeline_value - 1))

    def _ensure_has_local_memory(self, required):
        # NVDevice's: local memory for `required` bytes per thread, bound with setup().
        if self.slm_per_thread >= required:
            return
        self.slm_per_thread = round_up(required, 32)
        per_tpc = round_up(round_up(self.slm_per_thread * 32, 0x200) * self.max_warps_per_sm * self.num_sm_per_tpc, 0x8000)
        self.shader_local_mem = self.allocator.alloc(round_up(per_tpc * self.num_tpc_per_gpc * self.num_gpcs, 0x20000))
        NVComputeQueue().wait(self.timeline_signal, self.timeline_value - 1) \
                        .setup(local_mem=self.shader_local_mem.va_addr, local_mem_tpc_bytes=per_tpc) \
                        .signal(self.timeline_signal, self.next_timeline()).submit(self)

def read2(buf): return struct.unpack("<ff", bytes(buf.cpu_view().view(size=8)[:]))

def step_queue(d0, prg, kernargs_ba, kernargs_ab, virt_val, qmd_signal):
    """The test's queue: wait, exec A, exec B (chained), signal. With
    `qmd_signal` False the signal goes into the pushbuffer instead of B's
    QMD: what tinygrad's NV backend does when the queue has no active QMD
    (seed 002's fix for Tegra sets it so)."""
    q = NVComputeQueue()
    q.wait(d0.timeline_signal, virt_val - 1) \
     .exec(prg, kernargs_ba, (1, 1, 1), (2, 1, 1)) \
     .exec(prg, kernargs_ab, (1, 1, 1), (2, 1, 1))
    if not qmd_signal:
        q.active_qmd = None
    return q.signal(d0.timeline_signal, virt_val)

def run(d0, ch, prg, a, b, qmd_signal):
    """setUp, then test_exec_2_kernels_100_times; returns a failure or None."""
    a.cpu_view().view(size=8)[:] = struct.pack("<ff", 0, 1)
    b.cpu_view().view(size=8)[:] = struct.pack("<ff", 0, 0)
    kernargs_ba, kernargs_ab = prg.fill_kernargs((b, a)), prg.fill_kernargs((a, b))
    start = d0.timeline_value
    virt_val = Variable("sig_val", 0, 0xffffffff, dtypes.uint32)
    q = step_queue(d0, prg, kernargs_ba, kernargs_ab, virt_val, qmd_signal)
    for _ in range(STEPS):
        q.submit(d0, {virt_val.expr: d0.timeline_value})
        d0.timeline_value += 1
    # The test's read of `a`: a copy-out after synchronize(), i.e. once the
    # timeline shows the last value submitted.
    want = d0.timeline_value - 1
    if not d0.timeline_signal.wait(want):
        return "the timeline stopped at %d of %d (%d of %d steps), channel error %s" % (
            d0.timeline_signal.value, want, d0.timeline_signal.value - start + 1, STEPS, ch.fault())
    at_sync = read2(a)[0]
    # Then a fence: a pushbuffer release after the wait-for-idle, so every
    # launch submitted has completed when it lands.
    fence = NVComputeQueue().signal(d0.timeline_signal, d0.next_timeline())
    fence.submit(d0)
    if not d0.timeline_signal.wait(d0.timeline_value - 1):
        return "the fence after the last step never landed (timeline %d), channel error %s" % (
            d0.timeline_signal.value, ch.fault())
    (a0, _), (b0, _) = read2(a), read2(b)
    how = "B's RELEASE0" if qmd_signal else "a pushbuffer release"
    print("signal through %s: the timeline reached %d (%d steps from %d); a[0] = %s when it did "
          "(the test's read), a[0] = %s, b[0] = %s once the GPU is idle; channel error %s"
          % (how, want, STEPS, start, at_sync, a0, b0, ch.fault()))
    if ch.fault() is not None:
        return "the channel is in error %#x" % ch.fault()
    if (a0, b0) != (2.0 * STEPS, 2.0 * STEPS - 1):
        return "after %d steps a[0] = %s, b[0] = %s, want %s, %s" % (STEPS, a0, b0, 2.0 * STEPS, 2.0 * STEPS - 1)
    if not qmd_signal and at_sync != 2.0 * STEPS:
        return "with the signal in the pushbuffer the timeline reached its last value before the work was done (a[0] = %s)" % at_sync
    return None

def main():
    s = Session()
    ch = s.open_channel()
    d0 = Device(s, ch)
    prg = NVProgram(d0, TinyELF(lib=nvrtc_cubin(sys.argv[1], SRC, b"E_2.cu"), name="E_2", target=Target(device="NV", arch="sm_87"), signature=()))
    name = getattr(C.CDLL(None), "gpuiface_mock_name_program", None)
    if name is not None:
        name.argtypes, name.restype = [C.c_uint64, C.c_char_p], C.c_int
        name(prg.qmd.read('program_address_lower') | prg.qmd.read('program_address_upper') << 32, b"E_2")
    a, b = d0.allocator.alloc(8), d0.allocator.alloc(8)
    for qmd_signal in (True, False):
        failure = run(d0, ch, prg, a, b, qmd_signal)
        if failure:
            sys.exit(failure)

if __name__ == "__main__":
    main()
