#!/usr/bin/env python3
"""Compile CUDA C to an SM 8.7 cubin with NVRTC, for kernels/regen.sh.

    python3 kernels/nvrtc.py LIBNVRTC SRC.cu OUT.cubin [options...]

LIBNVRTC is libnvrtc.so.12 from the pinned nvidia-cuda-nvrtc-cu12 wheel. The
source is compiled as one program named after the file, with
-arch=sm_87 and the given options; the log is printed on failure."""
import ctypes
import os
import sys


def main():
    lib_path, src_path, out_path, *opts = sys.argv[1:]
    lib = ctypes.CDLL(lib_path)
    prog = ctypes.c_void_p()
    src = open(src_path, "rb").read()
    name = os.path.basename(src_path).encode()
    if lib.nvrtcCreateProgram(ctypes.byref(prog), src, name, 0, None, None) != 0:
        sys.exit(f"{src_path}: nvrtcCreateProgram failed")
    args = [b"-arch=sm_87"] + [o.encode() for o in opts]
    argv = (ctypes.c_char_p * len(args))(*args)
    status = lib.nvrtcCompileProgram(prog, len(args), argv)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    if status != 0:
        sys.exit(f"{src_path}: NVRTC error {status}\n{log.value.decode(errors='replace')}")
    if lib.nvrtcGetCUBINSize(prog, ctypes.byref(size)) != 0:
        sys.exit(f"{src_path}: no cubin")
    cubin = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetCUBIN(prog, cubin)
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    with open(out_path, "wb") as f:
        f.write(cubin.raw)


if __name__ == "__main__":
    main()
