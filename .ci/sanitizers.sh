#!/usr/bin/env bash
# Sanitizers (issue 22, item 11): ThreadSanitizer over the concurrency tests
# of the mock and the runtime, then Miri over the tests it can run (code
# without system calls). Nightly only; its own target directories, so the
# instrumented builds never mix with the normal ones. `.ci/run` calls this.
#
#   bash .ci/sanitizers.sh            # both
#   bash .ci/sanitizers.sh tsan|miri  # one
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
what=${1:-all}
host=x86_64-unknown-linux-gnu
rustup toolchain install nightly --profile minimal --component rust-src --component miri >/dev/null 2>&1 || true

if [[ $what == all || $what == tsan ]]; then
    echo "== ThreadSanitizer: the runtime's and the mock's concurrency tests"
    start=$SECONDS
    # std is rebuilt instrumented (-Zbuild-std), so every access it makes is seen.
    # --target keeps build scripts and proc macros uninstrumented.
    tsan=(cargo +nightly test -q -Zbuild-std --target "$host" --target-dir target/tsan)
    export RUSTFLAGS="-Zsanitizer=thread" RUSTDOCFLAGS="-Zsanitizer=thread"
    export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
    # The mock's compute watchdog counts host time; instrumented code is slower.
    export GPUIFACE_MOCK_KERNEL_WATCHDOG_MS=120000
    # Threads racing on CpuView clones, the doorbell, CPU views against the
    # mock's GPU thread (items 8-10); the threaded mock's worker.
    "${tsan[@]}" -p gpuiface-hal --test cpu_view_race
    "${tsan[@]}" -p gpuiface-runtime --test concurrency
    # Frees another runtime's queued work can still reach (issue 41): the
    # device's reclaim fences against the mock's GPU threads.
    "${tsan[@]}" -p gpuiface-runtime --test soundness -- device_frees
    # A submit port and `submit` on one channel from two threads; a port
    # filling a GPFIFO the GPU thread drains; the spin lock itself (GP_PUT, engines).
    "${tsan[@]}" -p gpuiface-nvgpu --features mock --test submit_port -- share full_ring
    "${tsan[@]}" -p gpuiface-hal --lib -- spin_lock
    "${tsan[@]}" -p gpuiface-mock --test gpu_modes -- threaded
    "${tsan[@]}" -p gpuiface-mock --test runtime_scheduling
    unset RUSTFLAGS RUSTDOCFLAGS TSAN_OPTIONS GPUIFACE_MOCK_KERNEL_WATCHDOG_MS
    echo "ThreadSanitizer step took $((SECONDS - start)) s"
fi

if [[ $what == all || $what == miri ]]; then
    echo "== Miri: shared-memory copies and views, the spin lock, queue encoding and patching, the codecs"
    start=$SECONDS
    # The tests that reach unsafe code and make no system calls; proptest
    # cases cut (Miri runs each case ~100x slower). Isolation off: some
    # tests read files of the repository.
    export MIRIFLAGS="-Zmiri-disable-isolation" PROPTEST_CASES=4 GPUIFACE_FUZZ_CASES=8
    miri=(cargo +nightly miri test -q --target-dir target/miri)
    "${miri[@]}" -p gpuiface-hal --lib --test cpu_view_race
    "${miri[@]}" -p gpuiface-runtime --lib --test queue_encoding
    # Not code without unsafe blocks: the sass crate (`#![forbid(unsafe_code)]`),
    # the cubin loader (hal's `cubin` module and the `elf` crate, both without
    # unsafe code), the mock's VA and buddy allocators. In safe code Miri finds
    # nothing the native tests do not (they run with overflow checks). Those
    # tests, and one hal unit test that parses the ABI table (ignored under
    # Miri), took about half of Miri's time (measured 2026-11-29).
    echo "Miri step took $((SECONDS - start)) s"
fi
