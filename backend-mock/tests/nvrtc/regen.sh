#!/usr/bin/env bash
# Rebuild unseen.cubin from unseen.cu with the pinned NVRTC (CUDA 12.9.86,
# from PyPI), straight to an sm_87 cubin as a process compiling its own
# kernels would. `--check` rebuilds into a temp file and compares.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tools="${GPUIFACE_CUDA_TOOLS:-$HOME/.cache/gpuiface}/nvrtc-12.9.86"
lib="$tools/site/nvidia/cuda_nvrtc/lib/libnvrtc.so.12"
if [ ! -e "$lib" ]; then
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$tools/site" "nvidia-cuda-nvrtc-cu12==12.9.86" >&2
fi
out="$here/unseen.cubin"
[ "${1:-}" = --check ] && out="$(mktemp)"
python3 - "$lib" "$here/unseen.cu" "$out" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
src = open(sys.argv[2], "rb").read()
prog = ctypes.c_void_p()
assert lib.nvrtcCreateProgram(ctypes.byref(prog), src, b"unseen.cu", 0, None, None) == 0
opts = (ctypes.c_char_p * 2)(b"--gpu-architecture=sm_87", b"-std=c++17")
if lib.nvrtcCompileProgram(prog, 2, opts) != 0:
    n = ctypes.c_size_t(); lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
    log = ctypes.create_string_buffer(n.value); lib.nvrtcGetProgramLog(prog, log)
    sys.exit(log.value.decode())
n = ctypes.c_size_t(); lib.nvrtcGetCUBINSize(prog, ctypes.byref(n))
buf = ctypes.create_string_buffer(n.value); lib.nvrtcGetCUBIN(prog, buf)
open(sys.argv[3], "wb").write(buf.raw)
PY
if [ "${1:-}" = --check ]; then
  cmp -s "$out" "$here/unseen.cubin" || { echo "backend-mock/tests/nvrtc/unseen.cubin differs from what NVRTC builds" >&2; exit 1; }
  rm -f "$out"
  echo "nvrtc fixture: unseen.cubin rebuilt byte-identical"
fi
