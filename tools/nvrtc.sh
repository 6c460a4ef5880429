#!/usr/bin/env bash
# Install the pinned NVRTC (CUDA 12.9.86, from PyPI) into the project's tool
# cache once, and print the path of libnvrtc.so.12. Used by the NVRTC test
# fixtures' regeneration and by preload/check.sh's NVRTC client.
set -euo pipefail
NVRTC_PKG="nvidia-cuda-nvrtc-cu12==12.9.86"
tools="${GPUIFACE_CUDA_TOOLS:-$HOME/.cache/gpuiface}/nvrtc-12.9.86"
lib="$tools/site/nvidia/cuda_nvrtc/lib/libnvrtc.so.12"
if [ ! -e "$lib" ]; then
  echo "installing $NVRTC_PKG into $tools" >&2
  python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$tools/site" "$NVRTC_PKG" >&2
fi
echo "$lib"
