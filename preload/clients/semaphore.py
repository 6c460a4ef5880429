"""The C client's flow in Python (ctypes structs, fcntl.ioctl, mmap), as a
tinygrad-style runtime would drive nvgpu: init, memory, a channel, and one
64-bit semaphore release with timestamp through the usermode doorbell.
Exit 0 when the payload and a non-zero timestamp arrive.
Run under LD_PRELOAD=libgpuiface_preload.so."""
import struct, sys, time

from nvgpu_client import FACTS, Session, method

s = Session()
ch = s.open_channel(notifier=False)
mem = s.alloc(4096)
payload = 0x8877665544332211
# SEM_EXECUTE: RELEASE, 64-bit payload, with timestamp.
ch.submit(method(0, FACTS.method("C56F", "SEM_ADDR_LO"), mem.va & 0xFFFFFFFF, mem.va >> 32,
                 payload & 0xFFFFFFFF, payload >> 32, 1 | (1 << 24) | (1 << 25)))
deadline = time.time() + 10
while struct.unpack_from("<Q", mem.map, 0)[0] != payload:
    if time.time() > deadline:
        sys.exit("timeout: semaphore %#x" % struct.unpack_from("<Q", mem.map, 0)[0])
    time.sleep(0.0005)
value, stamp = struct.unpack_from("<QQ", mem.map, 0)
print("arch %#x token %d: payload %#x timestamp %d" % (s.arch, ch.token, value, stamp))
sys.exit(0 if stamp else 1)
