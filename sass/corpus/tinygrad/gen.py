"""tinygrad's kernels as a SASS corpus (issue 38, item 4).

Run with the Python of a venv holding tinygrad 0.14.0 (regen.sh makes one):

    python gen.py OUT_DIR LIBNVRTC CUDA_INCLUDE_DIR [NVDISASM]

For every case (a tensor operation modelled on tinygrad's own test_ops.py),
build the inputs (deterministic, from a fixed LCG, no RNG of numpy's), ask
tinygrad for the schedule of the realize (Tensor.schedule_linear: one CALL per
kernel), and for each kernel CALL:

- render the kernel's AST with tinygrad's CUDARenderer for sm_87 (the same
  codegen pipeline as tinygrad's CUDA device: codegen.do_to_program, with a
  compiler that compiles nothing, so no CUDA driver is needed) -> src/<m>.cu,
  the launch dims (ProgramInfo.global_size = grid, local_size = block, as
  tinygrad's CUDA runtime passes them to cuLaunchKernel) and the buffer
  parameters (ProgramInfo.globals, in slot order = the kernel's parameters);
- compile the source with NVRTC 12.9 as tinygrad's NVRTCCompiler does
  (--gpu-architecture=sm_87, -I<include>, --minimal; the include directory is
  nvidia-cuda-runtime-cu12's, for cuda_fp16.h) -> sm_87/<m>.cubin, and with
  nvdisasm (if given) the listing sm_87/<m>.sass;
- run the same CALL on tinygrad's CPU device (DEV=CPU, clang) and record the
  bytes of every buffer it reads before the run and of every buffer it writes
  after it -> one manifest.tsv row.

Each kernel is its own module ("<case>.k<i>"), so names never clash.
"""
import ctypes
import os
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

os.environ["DEV"] = "CPU"
os.environ.setdefault("CCACHE", "0")  # no disk cache: every run compiles afresh

from tinygrad import Tensor, dtypes  # noqa: E402
from tinygrad.codegen import do_to_program  # noqa: E402
from tinygrad.codegen.opt import tc  # noqa: E402
from tinygrad.device import Compiler  # noqa: E402
from tinygrad.engine.realize import ExecContext, compile_linear, pm_exec, resolve_params  # noqa: E402
from tinygrad.helpers import Target  # noqa: E402
from tinygrad.renderer.cstyle import CStyleLanguage, CUDARenderer  # noqa: E402
from tinygrad.uop.ops import Ops, UOp  # noqa: E402

TG_VERSION = "0.14.0"


# ---------------------------------------------------------------- renderer

class _NoCompile(Compiler):
    """Rendering only: the cubin is built below with the pinned NVRTC."""

    def compile_cached(self, src):
        return b""


def cuda_renderer():
    # CUDARenderer.__init__ builds an NVRTCCompiler (it loads libnvrtc through
    # tinygrad's autogen bindings); everything else it sets is reproduced here.
    r = CUDARenderer.__new__(CUDARenderer)
    CStyleLanguage.__init__(r, Target(device="CUDA", renderer="", arch="sm_87"))
    r.compiler = _NoCompile()
    r.tensor_cores = tc.get_cuda("sm_87")
    return r


class Nvrtc:
    def __init__(self, path, include):
        self.lib = ctypes.CDLL(path)
        self.include = include

    def cubin(self, src, name):
        lib = self.lib
        prog = ctypes.c_void_p()
        if lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), name.encode(), 0, None, None):
            raise SystemExit("nvrtcCreateProgram failed for %s" % name)
        # tinygrad's NVRTCCompiler options (runtime/support/compiler_cuda.py)
        args = [b"--gpu-architecture=sm_87", b"-I" + self.include.encode(), b"--minimal"]
        arr = (ctypes.c_char_p * len(args))(*args)
        rc = lib.nvrtcCompileProgram(prog, len(args), arr)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, log)
        if rc:
            sys.stderr.write(log.value.decode(errors="replace"))
            raise SystemExit("NVRTC failed on %s" % name)
        lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetCUBIN(prog, buf)
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
        return buf.raw[: size.value]


# ---------------------------------------------------------------- inputs

class Lcg:
    """Deterministic inputs independent of numpy's generators."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0xFFFFFFFF

    def next(self):
        self.s = (self.s * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.s >> 8  # 24 bits


def data(shape, dt="float", lo=-2.0, hi=2.0, seed=1, step=1 / 64):
    """A tensor of `shape` with values in [lo, hi] on a grid of `step` (floats), or
    integers in [lo, hi]; realized on the CPU before the case's own kernels."""
    g = Lcg(seed)
    n = 1
    for s in shape:
        n *= s
    if dt in ("float", "half", "double"):
        k = int(round((hi - lo) / step))
        vals = [lo + (g.next() % (k + 1)) * step for _ in range(n)]
    elif dt == "bool":
        vals = [bool(g.next() & 1) for _ in range(n)]
    else:
        vals = [int(lo) + g.next() % (int(hi) - int(lo) + 1) for _ in range(n)]
    t = Tensor(vals, dtype=getattr(dtypes, dt)).reshape(shape)
    return t.contiguous().realize()


# ---------------------------------------------------------------- cases
# name -> function returning the tensors to realize.  Modelled on tinygrad's
# test/test_ops.py (the helper_test_op shapes where they are small).

def f(shape=(4, 5), lo=-2.0, hi=2.0, seed=1):
    return data(shape, "float", lo, hi, seed)


def i32(shape=(4, 5), lo=-50, hi=50, seed=1):
    return data(shape, "int32", lo, hi, seed)


def backward(fn, *shapes):
    xs = [f(s, seed=i + 1) for i, s in enumerate(shapes)]
    for x in xs:
        x.requires_grad = True
    fn(*xs).sum().backward()
    return [x.grad for x in xs]


CASES = {
    # elementwise unary (test_ops.py TestOps.test_neg/relu/exp/log/...)
    "neg": lambda: -f(),
    "relu": lambda: f().relu(),
    "abs": lambda: f().abs(),
    "square": lambda: f().square(),
    "exp": lambda: f().exp(),
    "exp2": lambda: f().exp2(),
    "log": lambda: f(lo=0.25, hi=8).log(),
    "log2": lambda: f(lo=0.25, hi=8).log2(),
    "sqrt": lambda: f(lo=0, hi=8).sqrt(),
    "rsqrt": lambda: f(lo=0.25, hi=8).rsqrt(),
    "reciprocal": lambda: f(lo=0.25, hi=8).reciprocal(),
    "sin": lambda: f(lo=-6, hi=6).sin(),
    "cos": lambda: f(lo=-6, hi=6).cos(),
    "tanh": lambda: f().tanh(),
    "sigmoid": lambda: f().sigmoid(),
    "gelu": lambda: f().gelu(),
    "softplus": lambda: f().softplus(),
    "floor": lambda: f().floor(),
    "ceil": lambda: f().ceil(),
    "round": lambda: f().round(),
    "trunc": lambda: f().trunc(),
    "sign": lambda: f().sign(),
    # binary
    "add": lambda: f() + f(seed=2),
    "sub": lambda: f() - f(seed=2),
    "mul": lambda: f() * f(seed=2),
    "div": lambda: f() / f(lo=0.5, hi=4, seed=2),
    "maximum": lambda: f().maximum(f(seed=2)),
    "minimum": lambda: f().minimum(f(seed=2)),
    "pow": lambda: f(lo=0.25, hi=4).pow(f(lo=-2, hi=2, seed=2)),
    "broadcast_add": lambda: f((4, 1)) + f((1, 5), seed=2),
    "mul_add": lambda: f() * f(seed=2) + f(seed=3),
    "int_add": lambda: i32() + i32(seed=2),
    "int_mul": lambda: i32() * i32(seed=2),
    "int_idiv": lambda: i32() // data((4, 5), "int32", 1, 9, seed=2),
    "int_mod": lambda: i32() % data((4, 5), "int32", 1, 9, seed=2),
    "int_bitwise": lambda: (i32() & i32(seed=2)) ^ (i32(seed=3) | 5),
    "int_shift": lambda: (i32() << 3) + (data((4, 5), "int32", 0, 1000, seed=2) >> 2),
    # comparisons and where
    "lt": lambda: f() < f(seed=2),
    "eq": lambda: i32(lo=0, hi=3) == i32(lo=0, hi=3, seed=2),
    "ne": lambda: f() != f(seed=2),
    "where": lambda: (f() > 0).where(f(seed=2), f(seed=3)),
    "where_const": lambda: (i32() > 3).where(i32(seed=2), -1),
    # reductions
    "sum": lambda: f((8, 9)).sum(),
    "sum_axis": lambda: f((4, 5, 6)).sum(axis=1),
    "max": lambda: f((8, 9)).max(axis=0),
    "min": lambda: f((8, 9)).min(),
    "mean": lambda: f((4, 7)).mean(axis=1),
    "std": lambda: f((4, 7)).std(axis=1),
    "var": lambda: f((5, 6)).var(),
    "softmax": lambda: f((4, 10)).softmax(),
    "log_softmax": lambda: f((4, 10)).log_softmax(),
    "logsumexp": lambda: f((4, 10)).logsumexp(axis=1),
    "prod": lambda: f((3, 4), lo=0.5, hi=1.5).prod(axis=1),
    "int_sum": lambda: i32((6, 7)).sum(axis=1),
    "big_sum": lambda: f((64, 64)).sum(axis=1),
    # matmul
    "matmul": lambda: f((4, 8)) @ f((8, 5), seed=2),
    "matmul_big": lambda: f((32, 64)) @ f((64, 16), seed=2),
    "batched_matmul": lambda: f((2, 3, 4)) @ f((2, 4, 5), seed=2),
    "int_matmul": lambda: i32((4, 6), -5, 5) @ i32((6, 3), -5, 5, seed=2),
    # convolution and pooling
    "conv2d": lambda: f((1, 2, 6, 6)).conv2d(f((3, 2, 3, 3), seed=2)),
    "conv2d_pad_stride": lambda: f((2, 2, 7, 7)).conv2d(f((4, 2, 3, 3), seed=2), padding=1, stride=2),
    "conv2d_bias": lambda: f((1, 3, 5, 5)).conv2d(f((2, 3, 2, 2), seed=2), f((2,), seed=3)),
    "conv_transpose2d": lambda: f((1, 2, 4, 4)).conv_transpose2d(f((2, 3, 3, 3), seed=2)),
    "padded_conv3d": lambda: f((1, 4, 5, 5, 5)).conv2d(f((4, 4, 3, 3, 3), seed=2), padding=1).relu(),
    "max_pool2d": lambda: f((1, 2, 6, 6)).max_pool2d(),
    "max_pool2d_stride": lambda: f((1, 1, 7, 7)).max_pool2d(kernel_size=(3, 3), stride=2),
    "avg_pool2d": lambda: f((1, 2, 6, 6)).avg_pool2d(),
    # padding (test_pad, test_pad_reflect_mode, test_pad_replicate_mode, test_pad_circular_mode)
    "pad_constant": lambda: f((1, 1, 3, 3)).pad((1, 2, 0, 1), value=1.5),
    "pad_reflect": lambda: f((1, 1, 5, 5)).pad((0, 2, 3, 2), mode="reflect"),
    "pad_reflect_3d": lambda: f((5, 5, 5)).pad((0, 2, 3, 2), mode="reflect"),
    "pad_reflect_5d": lambda: f((1, 1, 5, 5, 5)).pad((1, 2, 3, 4, 1, 2), mode="reflect"),
    "pad_reflect_5d_b": lambda: f((2, 1, 4, 4, 4)).pad((1, 1, 2, 2, 3, 3), mode="reflect"),
    "pad_replicate": lambda: f((1, 1, 5, 5)).pad((0, 2, 3, 2), mode="replicate"),
    "pad_replicate_5d": lambda: f((1, 1, 5, 5, 5)).pad((1, 2, 3, 4, 1, 2), mode="replicate"),
    "pad_circular": lambda: f((1, 1, 5, 5)).pad((1, 2, 3, 1), mode="circular"),
    # scans, indexing
    "cumsum": lambda: f((4, 9)).cumsum(axis=1),
    "cumsum_int": lambda: i32((20,)).cumsum(),
    "cumsum_big": lambda: f((600,)).cumsum(),
    "gather": lambda: f((4, 6)).gather(1, data((4, 3), "int32", 0, 5, seed=2)),
    "index": lambda: f((6, 4))[data((5,), "int32", 0, 5, seed=2)],
    "index_2d": lambda: f((5, 6))[data((3,), "int32", 0, 4, seed=2), data((3,), "int32", 0, 5, seed=3)],
    "argmax": lambda: f((4, 9)).argmax(axis=1),
    "argmin": lambda: f((24,)).argmin(),
    "one_hot": lambda: data((6,), "int32", 0, 4).one_hot(5).cast(dtypes.int32),
    # casts
    "cast_f32_i32": lambda: f(lo=-100, hi=100).cast(dtypes.int32),
    "cast_i32_f32": lambda: i32(lo=-100000, hi=100000).cast(dtypes.float),
    "cast_f32_f16": lambda: f(lo=-1000, hi=1000, seed=3).cast(dtypes.half),
    "cast_f16_f32": lambda: data((4, 5), "half", -100, 100).cast(dtypes.float),
    "half_add": lambda: data((4, 5), "half", -8, 8) + data((4, 5), "half", -8, 8, seed=2),
    "half_mul_f32": lambda: (data((4, 5), "half", -8, 8) * data((4, 5), "half", -8, 8, seed=2)).cast(dtypes.float),
    "cast_f32_u8": lambda: f(lo=0, hi=255).cast(dtypes.uint8),
    "cast_u8_f32": lambda: data((4, 5), "uint8", 0, 255).cast(dtypes.float),
    "cast_f32_bool": lambda: data((4, 5), "float", -2, 2, step=1).cast(dtypes.bool),
    "cast_f32_f64": lambda: f().cast(dtypes.double) * 3,
    "cast_i64_f32": lambda: data((4, 5), "int64", -10**12, 10**12).cast(dtypes.float),
    "bitcast": lambda: f().bitcast(dtypes.uint32) >> 3,
    # backward passes
    "relu_backward": lambda: backward(lambda x: x.relu() * 2, (4, 5)),
    "matmul_backward": lambda: backward(lambda x, w: x @ w, (4, 6), (6, 3)),
    "softmax_backward": lambda: backward(lambda x: x.softmax() * Tensor.arange(6).float(), (3, 6)),
    "conv2d_backward": lambda: backward(lambda x, w: x.conv2d(w).relu(), (1, 2, 5, 5), (2, 2, 3, 3)),
    "max_pool_backward": lambda: backward(lambda x: x.max_pool2d(), (1, 1, 4, 4)),
    # test_padded_conv3d and test_pad_reflect_mode / test_pad_replicate_mode check the gradients too
    "padded_conv3d_backward": lambda: backward(lambda x, w: x.conv2d(w, padding=1).relu(), (1, 4, 5, 5, 5), (4, 4, 3, 3, 3)),
    "pad_reflect_5d_backward": lambda: backward(lambda x: x.pad((1, 2, 3, 4, 1, 2), mode="reflect") * 3, (1, 1, 5, 5, 5)),
    "pad_replicate_5d_backward": lambda: backward(lambda x: x.pad((1, 2, 3, 4, 1, 2), mode="replicate") * 3, (1, 1, 5, 5, 5)),
}


# ---------------------------------------------------------------- checks

TRANSCENDENTAL = {Ops.EXP2, Ops.LOG2, Ops.SIN, Ops.SQRT, Ops.RECIPROCAL, Ops.FDIV, Ops.POW}
ROUNDING = {Ops.ADD, Ops.SUB, Ops.MUL, Ops.FDIV} | TRANSCENDENTAL
ELEM = {"float": "f32", "double": "f64", "half": "f16"}


def float_ops(uops):
    """The rounding operations the CUDA kernel does in floating point."""
    return {u.op for u in uops if u.op in ROUNDING and dtypes.is_float(u.dtype)}


# Cases that only move data (x + 0 + 0 is how tinygrad sums the pieces of a
# reflect pad): the GPU must reproduce the CPU's bytes exactly.
EXACT = {"pad_constant", "pad_reflect", "pad_reflect_3d", "pad_reflect_5d", "pad_reflect_5d_b", "pad_replicate",
         "pad_replicate_5d", "pad_circular", "gather", "index", "index_2d", "one_hot", "max_pool2d", "max_pool2d_stride",
         "relu_backward", "max", "min", "where", "argmax", "argmin"}


def exact_ok(ops, uops):
    """True where tinygrad's CPU kernel and the GPU must agree bit for bit: at most
    one rounding operation per element and no loop that accumulates floats
    (different reduction orders and NVRTC's FMA contraction change the last bits)."""
    if ops & TRANSCENDENTAL:
        return False
    if Ops.MUL in ops and (Ops.ADD in ops or Ops.SUB in ops):
        return False
    if ops and any(u.op is Ops.RANGE for u in uops):
        return False
    return _one_rounding_per_store(uops)


def _one_rounding_per_store(uops):
    # Several independent roundings (upcast kernels store 4 results of one add
    # each) are fine; chains are not.
    for u in uops:
        if u.op in ROUNDING and dtypes.is_float(u.dtype):
            if any(s.op in ROUNDING and dtypes.is_float(s.dtype) for s in u.src):
                return False
    return True


def tolerance(elem, ref):
    """tol=U/A for approximate results: 64 ulp, or 1e-5 of the largest output."""
    size = 4 if elem == "f32" else 8
    fmt = "<%d%s" % (len(ref) // size, "f" if size == 4 else "d")
    vals = [abs(v) for v in struct.unpack(fmt, ref) if v == v and abs(v) != float("inf")]
    big = max(vals) if vals else 1.0
    a = 1e-5 * max(big, 1.0)
    # one significant digit, rounded up, so the text is short and stable
    e = 0
    while a >= 10:
        a /= 10
        e += 1
    while a < 1:
        a *= 10
        e -= 1
    return "tol=64/%de%d" % (int(a) + 1, e)


# ---------------------------------------------------------------- main

def buf_bytes(b):
    return bytes(b.as_memoryview())


def run_case(name, fn, ren, nvrtc, out, nvdisasm, rows):
    res = fn()
    ts = list(res) if isinstance(res, (list, tuple)) else [res]
    linear = Tensor.schedule_linear(*ts) if len(ts) > 1 else ts[0].schedule_linear()
    k = 0
    for call in linear.src:
        ast = call.src[0]
        bufs = [u.buffer for u in resolve_params(call, ())]
        row = None
        if ast.op is Ops.SINK:
            prg = do_to_program(ast, ren)
            info, uops, src = prg.arg, list(prg.src[1].src), prg.src[2].arg
            assert info.local_size is not None, name
            assert not info.vars, "%s: symbolic variables are not supported" % name
            module = "%s.k%d" % (name, k)
            k += 1
            ins = {i: buf_bytes(bufs[i].ensure_allocated()) for i in info.ins}
            row = (module, info, uops, src, ins)
        cl = compile_linear(UOp(Ops.LINEAR, src=(call,)))
        for c in cl.src:
            pm_exec.rewrite(c, ExecContext())
        if row is None:
            continue
        module, info, uops, src, ins = row
        params, expect = [], []
        ops = float_ops(uops)
        for pi, slot in enumerate(info.globals):
            b = bufs[slot]
            if slot in info.outs:
                got = buf_bytes(b)
                elem = ELEM.get(b.dtype.name, None)
                if slot in ins:
                    params.append("io:" + ins[slot].hex())
                else:
                    params.append("out:%d" % b.nbytes)
                if elem == "f32" and any(u.op in ROUNDING and u.dtype == dtypes.half for u in uops):
                    # half arithmetic: the GPU rounds each result to half (__hmul), tinygrad's CPU
                    # kernel keeps float precision; 8192 f32 ulp = 1 ulp of half
                    expect.append("%d:tol=8192/1e-3:%s:%s" % (pi, elem, got.hex()))
                elif elem in ("f32", "f64") and name not in EXACT and not exact_ok(ops, uops):
                    expect.append("%d:%s:%s:%s" % (pi, tolerance(elem, got), elem, got.hex()))
                else:
                    expect.append("%d:exact:%s:%s" % (pi, elem or _int_elem(b.dtype), got.hex()))
            elif slot in ins:
                params.append("in:" + ins[slot].hex())
            else:
                params.append("null")
        with open(os.path.join(out, "src", module + ".cu"), "w") as fh:
            fh.write("// tinygrad %s, case %s, kernel %d of its schedule\n" % (TG_VERSION, name, k - 1))
            fh.write(src + "\n")
        cubin = nvrtc.cubin(src, module + ".cu")
        with open(os.path.join(out, "sm_87", module + ".cubin"), "wb") as fh:
            fh.write(cubin)
        if nvdisasm:
            # On another thread, beside the next kernels' rendering and CPU runs.
            LISTINGS.append(LISTING_POOL.submit(listing, nvdisasm, os.path.join(out, "sm_87", module)))
        g, l = info.global_size, info.local_size
        rows.append("\t".join([module, info.function_name, "%d,%d,%d" % tuple(int(x) for x in g),
                               "%d,%d,%d" % tuple(l), "0", "-", ";".join(params), ";".join(expect)]))


# nvdisasm's listings, written while the cases go on (each run is about half
# a second; one at a time they were a third of the regeneration).
LISTING_POOL = ThreadPoolExecutor(max_workers=2)
LISTINGS = []


def listing(nvdisasm, stem):
    """Write stem.sass, nvdisasm's listing of stem.cubin."""
    sass = subprocess.run([nvdisasm, "-c", stem + ".cubin"], check=True, capture_output=True, text=True).stdout
    with open(stem + ".sass", "w") as fh:
        fh.write(sass)


def _int_elem(dt):
    n = dt.itemsize
    return {1: "u8", 2: "u16", 4: "u32" if "u" in dt.name else "s32", 8: "u64"}.get(n, "u8")


def main():
    out, libnvrtc, include = sys.argv[1:4]
    nvdisasm = sys.argv[4] if len(sys.argv) > 4 else None
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    os.makedirs(os.path.join(out, "sm_87"), exist_ok=True)
    only = os.environ.get("TG_ONLY")
    ren, nvrtc = cuda_renderer(), Nvrtc(libnvrtc, include)
    rows = []
    for name, fn in CASES.items():
        if only and only not in name:
            continue
        try:
            run_case(name, fn, ren, nvrtc, out, nvdisasm, rows)
        except Exception as e:  # a case tinygrad cannot build is a bug in CASES
            raise SystemExit("case %s: %s: %s" % (name, type(e).__name__, e))
    for done in LISTINGS:
        done.result()  # raises nvdisasm's failure, if any
    LISTING_POOL.shutdown()
    with open(os.path.join(out, "manifest.tsv"), "w") as fh:
        fh.write("# tinygrad %s kernels (sass/corpus/tinygrad/gen.py): rendered by its CUDARenderer for sm_87,\n"
                 "# compiled by NVRTC 12.9, expected bytes from tinygrad's CPU device running the same schedule.\n"
                 "# modules\tkernel\tgrid\tblock\tdynamic_shared\tneeds\tparams\texpect\n" % TG_VERSION)
        for r in rows:
            fh.write(r + "\n")
    print("%d kernels" % len(rows), file=sys.stderr)


if __name__ == "__main__":
    main()
