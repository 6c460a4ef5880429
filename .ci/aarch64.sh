#!/usr/bin/env bash
# The binary an Orin runs, checked on x86_64: build the workspace for
# aarch64-unknown-linux-gnu, run its test suite under qemu-aarch64 (user mode),
# then the aarch64 conformance runner over the real Linux syscall path with the
# aarch64 LD_PRELOAD mock standing in for the device (--backend nvgpu), as
# preload/check.sh does natively. Installs what it needs (root, Debian) and is
# quiet when everything is already there. Run by .ci/run; alone: bash .ci/aarch64.sh
set -euo pipefail
cd "$(dirname "$0")/.."
triple=aarch64-unknown-linux-gnu
sysroot=/usr/aarch64-linux-gnu

need=()
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
command -v qemu-aarch64 >/dev/null 2>&1 || need+=(qemu-user)
if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: ${need[*]} missing and not root: sudo apt-get install ${need[*]}" >&2
        exit 1
    fi
    log=$(mktemp)
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${need[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    rm -f "$log"
fi
if ! rustup target list --installed | grep -qx "$triple"; then
    echo "installing the Rust target $triple"
    rustup target add "$triple" >/dev/null 2>&1 || { rustup target add "$triple"; exit 1; }
fi

# Linker and runner through the environment, not .cargo/config.toml: a
# [target.aarch64-unknown-linux-gnu] table there would also apply to native
# builds on a Jetson (where the host is aarch64) and send them to a cross
# linker and qemu that a Jetson does not have.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L $sysroot"
# Linked by the LLVM linker that ships with the Rust toolchain (rust-lld,
# through its gcc-ld wrapper), not by the cross binutils' ld: the build links
# about a hundred test binaries, and with lld it took 315 s against 560 s
# (2026-11-29). The cross gcc still drives the link (crt files, libc).
gccld=$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/gcc-ld
if [ -x "$gccld/ld.lld" ]; then
    export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C link-arg=-fuse-ld=lld -C link-arg=-B$gccld"
fi
# Without debug info: a failing test under qemu still names its file and
# line (a panic's location is compiled in); only a backtrace would lack
# line numbers. The build took 254 s against 315 s with line tables.
export CARGO_PROFILE_DEV_DEBUG=false
export CARGO_TERM_COLOR=never

t0=$SECONDS
# The libraries', binaries' and integration tests' test targets: doctests and
# examples run natively in .ci/run (they are target-independent code, and
# compiling each doctest for aarch64 and running it under qemu took about 80 s).
targets=(--lib --bins --tests)
echo "== aarch64: build (cargo test --no-run ${targets[*]})"
cargo test -q --workspace --target "$triple" "${targets[@]}" --no-run
# The preload library in the test profile, reusing the test build's artifacts.
cargo build -q --profile test --target "$triple" -p gpuiface-preload -p gpuiface-conformance
t1=$SECONDS
echo "aarch64 build: $((t1 - t0)) s"

echo "== aarch64: tests under qemu-aarch64 (cargo test --workspace ${targets[*]})"
# The mock's compute watchdog counts host time (5 s by default, half the
# runtime's wait timeout): qemu runs the interpreter many times slower, so a
# kernel that is no runaway would be stopped as one. Runaway tests set their own.
export GPUIFACE_MOCK_KERNEL_WATCHDOG_MS=120000
# Test deadlines meant to catch hangs natively (conformance/tests/planted_bugs.rs)
# scale the same way.
export GPUIFACE_TEST_TIME_SCALE=10
# The QMD-race interleavings (conformance/tests/qmd_race.rs): 1,000 per policy
# here (10,000 took 7.7 minutes under qemu); the native test run keeps 10,000.
export GPUIFACE_QMD_RACE_INTERLEAVINGS=1000
cargo test --workspace --target "$triple" "${targets[@]}"
t2=$SECONDS
echo "aarch64 tests: $((t2 - t1)) s"

echo "== aarch64: conformance over the real Linux seam, aarch64 preload library, qemu-aarch64"
out=${CARGO_TARGET_DIR:-target}/$triple/debug
lib=$(realpath "$out/libgpuiface_preload.so")
mkdir -p target/ci-reports
# ELF e_machine 183 (EM_AARCH64): the binary really is the one an Orin runs.
[ "$(od -An -tu2 -j18 -N2 "$out/gpuiface-conformance" | tr -d ' ')" = 183 ] || { echo "not an aarch64 binary"; exit 1; }
# qemu-user without binfmt_misc cannot re-execute an aarch64 binary: the runner
# notices (its first child exits 127) and runs the cases in threads, as
# --isolation thread would. LD_PRELOAD goes to the guest (-E), not to qemu.
GPUIFACE_ASSUME_NVGPU=1 timeout 900 qemu-aarch64 -L "$sysroot" -E LD_PRELOAD="$lib" \
    "$out/gpuiface-conformance" --backend nvgpu --allow-faults --timeout 120 \
    --report target/ci-reports/aarch64-nvgpu-preload.md --report target/ci-reports/aarch64-nvgpu-preload.json
t3=$SECONDS
echo "aarch64 conformance: $((t3 - t2)) s"
echo "aarch64 step: $((t3 - t0)) s in all"
