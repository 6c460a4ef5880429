#!/usr/bin/env bash
# Rebuild unseen.cubin from unseen.cu with the pinned NVRTC (CUDA 12.9.86, through kernels/nvrtc.py,
# from PyPI), straight to an sm_87 cubin as a process compiling its own
# kernels would. `--check` rebuilds into a temp file and compares.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
lib="$(bash "$here/../../../tools/nvrtc.sh")"
out="$here/unseen.cubin"
[ "${1:-}" = --check ] && out="$(mktemp)"
python3 "$here/../../../kernels/nvrtc.py" "$lib" "$here/unseen.cu" "$out" -std=c++17
if [ "${1:-}" = --check ]; then
  cmp -s "$out" "$here/unseen.cubin" || { echo "backend-mock/tests/nvrtc/unseen.cubin differs from what NVRTC builds" >&2; exit 1; }
  rm -f "$out"
  echo "nvrtc fixture: unseen.cubin rebuilt byte-identical"
fi
