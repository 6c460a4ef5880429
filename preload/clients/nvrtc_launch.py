"""A process that compiles its own CUDA C kernel with NVRTC and launches it
through raw nvgpu ioctls, as a tinygrad-style runtime does: its own cubin
reading (cubin_loader.py), its own QMD and pushbuffer, the usermode doorbell
(nvgpu_client.py). Under LD_PRELOAD=libgpuiface_preload.so the mock runs the
kernel's machine code. It names the kernel for the mock's trace when the
process has gpuiface_mock_name_program (only the preload library defines it).
Usage: nvrtc_launch.py LIBNVRTC. Exit 0 when every output is right."""
import ctypes as C, struct, sys

from cubin_loader import Module
from nvgpu_client import Session, launch_words, nvrtc_cubin

SRC = rb"""
extern "C" __global__ void poly(const unsigned *in, unsigned *out, unsigned n, unsigned k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { unsigned x = in[i]; out[i] = (x * x + k) / (x % 7u + 1u) ^ (x >> 3); }
}
"""

m = Module(nvrtc_cubin(sys.argv[1], SRC, b"poly.cu"))
k = m.kernels["poly"]
s = Session()
ch = s.open_channel()
image = s.alloc(m.size)
image.map[0:len(m.image)] = m.relocated(image.va)
k.bank_vas = [(bank, image.va + off, size) for bank, off, size in k.banks]
code_va = image.va + k.code_offset
name = getattr(C.CDLL(None), "gpuiface_mock_name_program", None)
if name is not None:
    name.argtypes, name.restype = [C.c_uint64, C.c_char_p], C.c_int
    name(code_va, b"poly")

N, K, BLOCK = 300, 12345, 128
inb, outb = s.alloc(4 * N), s.alloc(4 * N)
xs = [(i * 2654435761) & 0xFFFFFFFF for i in range(N)]
inb.map[0:4 * N] = struct.pack("<%dI" % N, *xs)
params = bytearray(k.param_size)
for (_, offset, size), v in zip(k.params, [struct.pack("<Q", inb.va), struct.pack("<Q", outb.va),
                                          struct.pack("<I", N), struct.pack("<I", K)]):
    assert len(v) == size
    params[offset:offset + size] = v
grid = (N + BLOCK - 1) // BLOCK
err = ch.run(launch_words(ch, code_va, k, (grid, 1, 1), (BLOCK, 1, 1), 0, bytes(params)), timeout=30)
if err:
    sys.exit("the launch did not complete: %s %#x" % err)
got = struct.unpack_from("<%dI" % N, outb.map, 0)
want = [(((x * x + K) & 0xFFFFFFFF) // (x % 7 + 1)) ^ (x >> 3) for x in xs]
bad = [i for i in range(N) if got[i] != want[i]]
if bad:
    sys.exit("wrong at %d of %d, first %d: got %#x want %#x" % (len(bad), N, bad[0], got[bad[0]], want[bad[0]]))
print("NVRTC kernel 'poly' (%d bytes of SASS, %d registers): %d outputs right" % (k.code_len, k.registers, N))
