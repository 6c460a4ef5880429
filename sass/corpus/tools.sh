# The pinned NVIDIA tools the corpora are built with, installed from PyPI on
# first use into caches (x86_64 Linux wheels; `pip --target`). Sourced by
# sass/corpus/regen.sh and the regen.sh of random/, sweep/ and tinygrad/: the
# versions are stated here once.
#
#   . "$(dirname "$0")/tools.sh"; cuda_tools; nvrtc_tools
#
# cuda_tools sets PTXAS and NVDISASM; nvrtc_tools sets LIBNVRTC.

# ptxas from CUDA 12.9 (JetPack 6 is CUDA 12) and its NVRTC; nvdisasm (and
# cuobjdump) from the oldest CUDA 13 the registry serves (12.x is not
# published); the CUDA 12.9 runtime's headers (cuda_fp16.h) for NVRTC.
NVCC_PKG="nvidia-cuda-nvcc-cu12==12.9.86"
CUOBJDUMP_PKG="nvidia-cuda-cuobjdump==13.2.51"
NVDISASM_PKG="nvidia-cuda-nvdisasm==13.2.51"
NVRTC_PKG="nvidia-cuda-nvrtc-cu12==12.9.86"
CUDART_PKG="nvidia-cuda-runtime-cu12==12.9.79"

cuda_tools() {
  local tools="${GPUIFACE_CUDA_TOOLS:-$HOME/.cache/gpuiface/cuda-tools-12.9.86-13.2.51}"
  local site="$tools/site-packages"
  if [ ! -x "$site/nvidia/cuda_nvcc/bin/ptxas" ] || [ ! -x "$site/nvidia/cu13/bin/nvdisasm" ]; then
    echo "installing $NVCC_PKG $CUOBJDUMP_PKG $NVDISASM_PKG into $tools" >&2
    mkdir -p "$tools"
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$site" \
      "$NVCC_PKG" "$CUOBJDUMP_PKG" "$NVDISASM_PKG" >&2
  fi
  PTXAS="$site/nvidia/cuda_nvcc/bin/ptxas"
  NVDISASM="$site/nvidia/cu13/bin/nvdisasm"
}

# NVRTC in a cache of its own: pip --target will not add to an existing nvidia/ tree.
nvrtc_tools() {
  local nvrtc="${GPUIFACE_NVRTC:-$HOME/.cache/gpuiface/nvrtc-12.9.86}"
  if [ ! -f "$nvrtc/site/nvidia/cuda_nvrtc/lib/libnvrtc.so.12" ]; then
    echo "installing $NVRTC_PKG into $nvrtc" >&2
    mkdir -p "$nvrtc"
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$nvrtc/site" "$NVRTC_PKG" >&2
  fi
  LIBNVRTC="$nvrtc/site/nvidia/cuda_nvrtc/lib/libnvrtc.so.12"
}

# check_tree NAME OUT HERE "FILES" DIR...: what a regeneration wrote under OUT
# against the checked-in tree under HERE (NAME is HERE's path in the repository,
# for messages). Each top-level file in FILES and every file of each DIR under
# OUT must equal its checked-in copy; every checked-in file of each DIR must
# still be produced. Says which differ; returns 1 then.
check_tree() {
  local name=$1 out=$2 here=$3 files=$4 status=0 f rel d
  shift 4
  for f in $files; do
    cmp -s "$out/$f" "$here/$f" || { echo "$name/$f differs from what $name/regen.sh produces" >&2; status=1; }
  done
  for d in "$@"; do
    for f in "$out/$d"/*; do
      rel="${f#"$out"/}"
      cmp -s "$f" "$here/$rel" || { echo "$name/$rel differs from what $name/regen.sh produces" >&2; status=1; }
    done
    for f in "$here/$d"/*; do
      rel="${f#"$here"/}"
      [ -e "$out/$rel" ] || { echo "$name/$rel is not produced any more" >&2; status=1; }
    done
  done
  return "$status"
}
