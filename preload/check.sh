#!/usr/bin/env bash
# The LD_PRELOAD mock, end to end (run by .ci/run):
#  1. programs that touch no nvgpu path behave exactly as without the library;
#  2. a C client and a Python client written against the r36 UAPI layout run
#     CUDA's init sequence, set up a channel and see a 64-bit semaphore
#     release with timestamp submitted through the doorbell;
#  3. a Python client compiles a CUDA C kernel with NVRTC and launches it
#     through raw ioctls: the mock runs its machine code, the outputs are right,
#     and the trace names the launch's kernel with its instruction count;
#     another runs every corpus kernel (sass/corpus/manifest.tsv) through raw
#     ioctls with its own cubin loader: each gives its reference, except the
#     known failures (backend-mock/tests/corpus_known_failures.txt), which
#     must still fail;
#  4. a Python client meets the device node and the usermode window's mmap
#     rules as on an Orin (stat, access, EBUSY/EINVAL, msync EINVAL), and
#     its ctypes calls through dlopen("libc.so.6") + dlsym reach the model;
#     a hung channel stays hung, a forked child uses its inherited fds, and
#     fds under a low fd limit are numbered as on an Orin (issue 40);
#     tinygrad's own NV queue and program code (its venv, as
#     sass/corpus/tinygrad/regen.sh makes it) runs its HCQ test
#     test_exec_2_kernels_100_times: 400 launches, the timeline at its last
#     value, a = 200 once the GPU is idle (issue 40 item 5);
#  5. the conformance runner over the real Linux syscall path
#     (--backend nvgpu) passes the same cases as the mock backend, on an
#     r36 kernel model and on an r35 one (GPUIFACE_MOCK_RELEASE=r35).
set -uo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p gpuiface-preload -p gpuiface-conformance
target=${CARGO_TARGET_DIR:-target}
lib=$(realpath "$target/debug/libgpuiface_preload.so")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { # name, command...
    local name=$1; shift
    if "$@" >"$work/out" 2>&1; then
        echo "ok      preload $name"; passed=$((passed + 1))
    else
        echo "FAILED  preload $name"; sed 's/^/    /' "$work/out"; failed=$((failed + 1))
    fi
}
same() { # the command's output is identical with and without the library
    diff <("$@" 2>&1) <(LD_PRELOAD=$lib "$@" 2>&1)
}
check "ls is unaffected" same ls -la /usr/bin
check "python3 is unaffected" same python3 -c 'import os, sys; print(sorted(os.listdir("/etc"))[:20], sys.version)'
check "C client: compiles against the r36 layout" gcc -O1 -Wall -Wextra -Werror -o "$work/semaphore" preload/clients/semaphore.c
check "C client: semaphore release with timestamp" env LD_PRELOAD="$lib" timeout 60 "$work/semaphore"
check "Python client: semaphore release with timestamp" env LD_PRELOAD="$lib" timeout 60 python3 preload/clients/semaphore.py
check "conformance over the real Linux seam" env LD_PRELOAD="$lib" GPUIFACE_ASSUME_NVGPU=1 timeout 300 \
    "$target/debug/gpuiface-conformance" --backend nvgpu --allow-faults
nvrtc_lib=$(bash tools/nvrtc.sh)
check "Python client: compiles a CUDA C kernel with NVRTC, launches it through raw ioctls, and gets its results" \
    env LD_PRELOAD="$lib" timeout 120 python3 preload/clients/nvrtc_launch.py "$nvrtc_lib"
check "Python client: the trace names the NVRTC kernel's launch and counts its instructions" bash -c "rm -f '$work/ktrace'; LD_PRELOAD='$lib' GPUIFACE_MOCK_TRACE='$work/ktrace' timeout 120 python3 preload/clients/nvrtc_launch.py '$nvrtc_lib' >/dev/null && grep -Eq 'launch of kernel .poly. \\(program 0x[0-9a-f]+, QMD 0x[0-9a-f]+\\), grid \\[3, 1, 1\\] x block \\[128, 1, 1\\]: [1-9][0-9]* instructions \\([1-9][0-9]* warp-instructions\\) on the SASS interpreter; completed' '$work/ktrace'"
check "Python client: every corpus kernel through raw ioctls gives its reference (known failures still fail)" \
    env LD_PRELOAD="$lib" timeout 300 python3 preload/clients/corpus_run.py
check "Python client: device node and usermode window as on an Orin" env LD_PRELOAD="$lib" timeout 60 python3 preload/clients/orin_checks.py
check "Python client: ctypes ioctl through dlopen/dlsym reaches the model" env LD_PRELOAD="$lib" timeout 60 python3 preload/clients/dlsym_ioctl.py
check "Python client: a hung channel stays hung, other channels and the device keep working" \
    env LD_PRELOAD="$lib" GPUIFACE_MOCK_HANG_WAIT_MS=50 timeout 60 python3 preload/clients/round4.py hang
check "Python client: a forked child uses inherited fds, has no doorbell page, and its work lands on the same channel" \
    env LD_PRELOAD="$lib" timeout 60 python3 preload/clients/round4.py fork
check "Python client: under ulimit -n 20 the fds are numbered as on an Orin" \
    bash -c "ulimit -n 20 && LD_PRELOAD='$lib' timeout 60 python3 preload/clients/round4.py fds"
tinygrad_py="${GPUIFACE_TINYGRAD_VENV:-$HOME/.cache/gpuiface/tinygrad-0.14.0-venv}/bin/python"
check "tinygrad's NV queue: test_exec_2_kernels_100_times, QMDs reused 100 times, reaches its last value and a = 200" bash -c \
    "[ -x '$tinygrad_py' ] || { echo 'no tinygrad venv at $tinygrad_py (sass/corpus/tinygrad/regen.sh makes it)'; exit 1; }
     rm -f '$work/hcq'; LD_PRELOAD='$lib' GPUIFACE_MOCK_TRACE='$work/hcq' PYTHONDONTWRITEBYTECODE=1 timeout 120 '$tinygrad_py' preload/clients/hcq_reuse.py '$nvrtc_lib' || exit 1
     n=\$(grep -c 'launch of kernel .E_2. .*; completed' '$work/hcq'); [ \"\$n\" = 400 ] || { echo \"\$n launches completed, want 400\"; exit 1; }"
check "trace to a file, every field decoded" bash -c "rm -f '$work/trace'; LD_PRELOAD='$lib' GPUIFACE_MOCK_TRACE='$work/trace' '$work/semaphore' >/dev/null && grep -q 'NVGPU_IOCTL_CHANNEL_SETUP_BIND {num_gpfifo_entries=1024.*flags=DETERMINISTIC|USERMODE_SUPPORT.*} => {work_submit_token=.*} = 0' '$work/trace' && grep -q 'mmap(.*<ctrl>' '$work/trace'"
check "injected failure reaches the program" bash -c "! LD_PRELOAD='$lib' GPUIFACE_MOCK_FAIL=NVMAP_IOC_ALLOC:1:ENOMEM '$work/semaphore' 2>&1 | grep -q 'payload' && LD_PRELOAD='$lib' GPUIFACE_MOCK_FAIL=NVMAP_IOC_ALLOC:1:ENOMEM '$work/semaphore' 2>&1 | grep -q 'Cannot allocate memory'"
check "conformance over the real Linux seam on an L4T r35 kernel, the report naming it" env LD_PRELOAD="$lib" \
    GPUIFACE_MOCK_RELEASE=r35 GPUIFACE_ASSUME_NVGPU=1 timeout 300 bash -c \
    "'$target/debug/gpuiface-conformance' --backend nvgpu --allow-faults --no-bench --report '$work/r35.md' && grep -q 'Backend .nvgpu. on L4T r35' '$work/r35.md'"
check "the r36-layout C client on an r35 kernel gets the kernel's answer (ENOTTY), not a wrong result" bash -c \
    "! LD_PRELOAD='$lib' GPUIFACE_MOCK_RELEASE=r35 timeout 60 '$work/semaphore' >'$work/r35c' 2>&1; grep -q 'Inappropriate ioctl' '$work/r35c'"
check "a failure's ioctl trace tail reaches the runner's report" bash -c "LD_PRELOAD='$lib' GPUIFACE_ASSUME_NVGPU=1 GPUIFACE_MOCK_FAIL=NVGPU_AS_IOCTL_MAP_BUFFER_EX:3:EINVAL '$target/debug/gpuiface-conformance' --backend nvgpu --filter copy_1_byte --no-bench --report '$work/fail.md' >/dev/null; [ \$? -ne 0 ] && grep -q 'NVGPU_AS_IOCTL_MAP_BUFFER_EX (fd [0-9]*) = -EINVAL' '$work/fail.md'"
echo "preload: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
