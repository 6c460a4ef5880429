#!/usr/bin/env bash
# Regenerate tinygrad's kernel corpus (issue 38 item 4) with pinned tools, and
# (with --check) fail if any checked-in byte differs.
#
#   bash sass/corpus/tinygrad/regen.sh           # rewrite src/, sm_87/, manifest.tsv
#   bash sass/corpus/tinygrad/regen.sh --check   # regenerate into a temp dir and compare (CI)
#
# gen.py renders every kernel of each case with tinygrad's CUDARenderer (sm_87),
# compiles it with NVRTC 12.9, lists it with nvdisasm, and takes the expected
# bytes from tinygrad's CPU device running the same schedule.
#
# Tools: a venv with tinygrad and numpy from PyPI (pinned); NVRTC and nvdisasm as
# for sass/corpus/regen.sh; cuda_fp16.h from nvidia-cuda-runtime-cu12 (headers
# only, for half kernels); clang on PATH (tinygrad's CPU device compiles its
# kernels with it: `apt-get install clang` on Debian/Ubuntu).
set -euo pipefail

TINYGRAD_PKG="tinygrad==0.14.0"
NUMPY_PKG="numpy==2.4.6"

here="$(cd "$(dirname "$0")" && pwd)"
check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

command -v clang >/dev/null || { echo "clang not found: tinygrad's CPU device needs it (apt-get install clang)" >&2; exit 1; }

venv="${GPUIFACE_TINYGRAD_VENV:-$HOME/.cache/gpuiface/tinygrad-0.14.0-venv}"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import tinygrad, numpy' 2>/dev/null; then
  echo "creating $venv with $TINYGRAD_PKG $NUMPY_PKG" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$TINYGRAD_PKG" "$NUMPY_PKG" >&2
fi
# NVIDIA's tools, pinned in ../tools.sh (the same caches as sass/corpus/regen.sh).
. "$here/../tools.sh"
cuda_tools
nvrtc_tools
cudart="${GPUIFACE_CUDART:-$HOME/.cache/gpuiface/cudart-12.9.79}"
if [ ! -f "$cudart/site/nvidia/cuda_runtime/include/cuda_fp16.h" ]; then
  echo "installing $CUDART_PKG (headers) into $cudart" >&2
  mkdir -p "$cudart"
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$cudart/site" "$CUDART_PKG" >&2
fi
INCLUDE="$cudart/site/nvidia/cuda_runtime/include"

out="$here"
if [ "$check" = 1 ]; then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
else
  rm -rf "$here/src" "$here/sm_87"
fi
export PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 CCACHE=0
# tinygrad's caches (compiled CPU kernels) go to a throwaway directory.
export XDG_CACHE_HOME="$(mktemp -d)"
trap 'rm -rf "$XDG_CACHE_HOME"; [ "$check" = 1 ] && rm -rf "$out"' EXIT
"$venv/bin/python" "$here/gen.py" "$out" "$LIBNVRTC" "$INCLUDE" "$NVDISASM"

if [ "$check" = 1 ]; then
  status=0
  check_tree sass/corpus/tinygrad "$out" "$here" manifest.tsv src sm_87 || status=1
  exit $status
fi
