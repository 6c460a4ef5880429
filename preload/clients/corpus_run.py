"""Every corpus kernel with a reference (sass/corpus/manifest.tsv), launched
by an unmodified process through raw ioctls: its own cubin loader
(cubin_loader.py), its own QMDs and pushbuffers (nvgpu_client.py). Under
LD_PRELOAD=libgpuiface_preload.so the mock's SASS interpreter runs them;
each row must leave the bytes (or the values within the bounds) its
reference gives, on each module it names, freshly loaded.

The known failures are backend-mock/tests/corpus_known_failures.txt's, with
the in-process test's semantics: a listed run must still fail (remove it
when it passes), no other run may fail, and rows needing what the
interpreter does not model (tensor cores, asynchronous copies) may fail.

Usage: corpus_run.py [REPO_ROOT] [--filter SUBSTRING] [-v] (-v: a line per run). Exit 0 when all holds.
"""
import math, os, struct, sys, time

from cubin_loader import Module, Unsupported
from nvgpu_client import Session, launch_words, local_per_thread, local_per_tpc

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else
                       os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
FILTER = sys.argv[sys.argv.index("--filter") + 1] if "--filter" in sys.argv else None
CORPUS = os.path.join(ROOT, "sass/corpus")
VERBOSE = "-v" in sys.argv

def dims(s): return tuple(int(x) for x in s.split(","))

def ulp(ty, x):
    if ty == "f32":
        f = struct.unpack("<f", struct.pack("<f", x))[0] if math.isfinite(x) and abs(x) < 3.4e38 else x
        bits = struct.unpack("<I", struct.pack("<f", abs(f)))[0]
        return struct.unpack("<f", struct.pack("<I", bits + 1))[0] - abs(f)
    bits = struct.unpack("<Q", struct.pack("<d", abs(x)))[0]
    return struct.unpack("<d", struct.pack("<Q", bits + 1))[0] - abs(x)

def check(how, ty, got, want):
    """None when `got` meets the expectation, else what differs."""
    if how == "exact":
        if got == want:
            return None
        at = next(i for i in range(len(want)) if got[i] != want[i])
        return "first differing byte %d: got %s want %s" % (at, got[at:at + 8].hex(), want[at:at + 8].hex())
    bounds = [tuple(float(v) for v in b.split("/")) for b in how[len("tol="):].split(",")]
    size, fmt = (8, "<d") if ty == "f64" else (4, "<f")
    for i in range(len(want) // size):
        g, w = struct.unpack_from(fmt, got, size * i)[0], struct.unpack_from(fmt, want, size * i)[0]
        u, a = bounds[i % len(bounds)]
        if not (g == w or (math.isnan(g) and math.isnan(w)) or abs(g - w) <= max(a, u * ulp(ty, w))):
            return "element %d: got %r, want %r within %g ulp / %g" % (i, g, w, u, a)
    return None

def not_modelled(needs):
    needs = needs.split(",")
    if "tensor-cores" in needs: return "tensor cores (HMMA) are not modelled"
    if "async-copy" in needs: return "asynchronous copies (LDGSTS, LDSM) are not modelled"
    return None

class Runner:
    def __init__(self):
        self.s = Session()
        self.ch = self.s.open_channel()
        self.modules = {}
        self.local = None  # (buffer, per_thread, per_tpc) bound so far
        self.name_program = self.namer()

    @staticmethod
    def namer():
        """The preload library's gpuiface_mock_name_program, if this process has it (only the mock does)."""
        import ctypes
        f = getattr(ctypes.CDLL(None), "gpuiface_mock_name_program", None)
        if f is not None:
            f.argtypes, f.restype = [ctypes.c_uint64, ctypes.c_char_p], ctypes.c_int
        return f

    def module(self, name):
        if name not in self.modules:
            with open(os.path.join(CORPUS, "sm_87", name + ".cubin"), "rb") as f:
                self.modules[name] = Module(f.read())
        return self.modules[name]

    def fresh_channel(self):
        """A fault stops the channel: the next row gets a new one."""
        self.ch.close()
        self.ch = self.s.open_channel()

    def run(self, module, c):
        """Run manifest row `c` on `module`; None, or why it failed."""
        try:
            m = self.module(module)
        except Unsupported as e:
            return "load: %s" % e
        k = m.kernels.get(c[1])
        if k is None:
            return "kernel: no %s in %s" % (c[1], module)
        bufs, image = [], self.s.alloc(m.size)
        try:
            image.map[0:len(m.image)] = m.relocated(image.va)
            k.bank_vas = [(bank, image.va + off, size) for bank, off, size in k.banks]
            code_va = image.va + k.code_offset
            if self.name_program is not None:
                self.name_program(code_va, ("%s:%s" % (module, k.name)).encode())
            args = []
            for p in c[6].split(";"):
                kind, _, v = p.partition(":")
                if kind in ("in", "io", "out"):
                    data = bytes.fromhex(v) if kind != "out" else bytes(int(v))
                    b = self.s.alloc(len(data))
                    b.map[0:len(data)] = data
                    bufs.append(b)
                    args.append(struct.pack("<Q", b.va))
                else:
                    bufs.append(None)
                    args.append({"null": lambda: bytes(8), "u32": lambda: struct.pack("<I", int(v)),
                                 "b16": lambda: struct.pack("<H", int(v, 16)), "b32": lambda: struct.pack("<I", int(v, 16)),
                                 "b64": lambda: struct.pack("<Q", int(v, 16))}[kind]())
            if len(args) != len(k.params):
                return "args: %s takes %d parameters, %d given" % (k.name, len(k.params), len(args))
            params = bytearray(k.param_size)
            for (_, offset, size), a in zip(k.params, args):
                if len(a) != size:
                    return "args: parameter at %#x is %d bytes, %d given" % (offset, size, len(a))
                params[offset:offset + size] = a
            local = None
            if k.stack:
                per_thread = local_per_thread(k.stack)
                if self.local is None or self.local[1] < per_thread:
                    if self.local is not None:
                        self.local[0].free()
                    per_tpc = local_per_tpc(per_thread)
                    self.local = (self.s.alloc(per_tpc), per_thread, per_tpc)
                local = (self.local[0].va, self.local[1], self.local[2])
            words = launch_words(self.ch, code_va, k, dims(c[2]), dims(c[3]), int(c[4]), bytes(params), local)
            err = self.ch.run(words)
            if err is not None:
                self.fresh_channel()
                return "run: %s %#x" % err
            for e in c[7].split(";"):
                idx, how, ty, want = e.split(":", 3)
                b = bufs[int(idx)]
                want = bytes.fromhex(want)
                why = check(how, ty, bytes(b.map[0:len(want)]), want)
                if why:
                    return "param %s (%s %s): %s" % (idx, how, ty, why)
            return None
        finally:
            for b in bufs:
                if b is not None:
                    b.free()
            image.free()

def main():
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(CORPUS, "manifest.tsv"))
            if not l.startswith("#") and l.strip()]
    known = {l.split("\t")[0] for l in open(os.path.join(ROOT, "backend-mock/tests/corpus_known_failures.txt"))
             if not l.startswith("#") and l.strip()}
    r = Runner()
    ran, failed, expected, unexpected = 0, set(), [], []
    for c in rows:
        assert len(c) == 8, "manifest row %.80s" % "\t".join(c)
        for module in c[0].split(","):
            key = "%s %s" % (module, c[1])
            if FILTER and FILTER not in key:
                continue
            ran += 1
            t0 = time.time()
            why = r.run(module, c)
            if VERBOSE:
                print("%-60s %6.3fs %s" % (key, time.time() - t0, why or "ok"), flush=True)
            if why is None:
                continue
            reason = not_modelled(c[5])
            if reason:
                expected.append("%s: %s" % (key, reason))
            else:
                failed.add(key)
                if key not in known:
                    unexpected.append("%s: %s" % (key, why))
    now_pass = sorted(k for k in known if k not in failed and (not FILTER or FILTER in k))
    print("%d corpus runs through raw ioctls: %d failed as known, %d expected (not modelled), %d unexpected, %d known failures now pass"
          % (ran, len(failed) - len(unexpected), len(expected), len(unexpected), len(now_pass)))
    if unexpected:
        print("runs that failed and are not known failures:\n  " + "\n  ".join(unexpected))
    if now_pass:
        print("known failures that now pass (remove them from backend-mock/tests/corpus_known_failures.txt):\n  "
              + "\n  ".join(now_pass))
    if not FILTER and ran < 300:
        print("the manifest names only %d runs" % ran)
        return 1
    return 1 if unexpected or now_pass else 0

if __name__ == "__main__":
    sys.exit(main())
