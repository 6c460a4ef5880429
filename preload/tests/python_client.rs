//! Issue 12's "done when": a Python client that checks
//! `os.path.exists("/dev/nvgpu/igpu0/ctrl")` and maps the usermode window
//! twice gets what it gets on an Orin (`clients/orin_checks.py`, items 9
//! and 10), under the LD_PRELOAD library cargo built for this test.

use std::path::PathBuf;
use std::process::Command;

/// `target/<profile>/libgpuiface_preload.so`, next to this test's `deps/`,
/// (re)built first: `cargo test` builds only the rlib for integration tests.
fn preload_library() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe.parent().and_then(|d| d.parent()).expect("target/<profile>");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    build.args(["build", "-q", "-p", "gpuiface-preload", "--lib"]);
    if dir.file_name().is_some_and(|p| p == "release") {
        build.arg("--release");
    }
    let status = build.status().expect("run cargo build");
    assert!(status.success(), "building the preload library failed");
    dir.join("libgpuiface_preload.so")
}

/// python3, if it runs code of this test's architecture: the library is
/// built for that one, and under qemu-user (the aarch64 CI step) the host's
/// python3 is x86_64 and cannot load it.
fn python3() -> Option<PathBuf> {
    let code = "import sys, platform; print(sys.executable); print(platform.machine())";
    let out = Command::new("python3").arg("-c").arg(code).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = text.lines().map(str::trim);
    let (exe, machine) = (lines.next()?, lines.next()?);
    if machine != std::env::consts::ARCH {
        eprintln!("python3 runs {machine} code, this test and its library are {}", std::env::consts::ARCH);
        return None;
    }
    Some(PathBuf::from(exe))
}

#[test]
fn python_client_sees_the_device_node_and_usermode_mmap_rules_of_an_orin() {
    let Some(py) = python3() else {
        eprintln!("no python3 for this architecture: skipped");
        return;
    };
    let lib = preload_library();
    assert!(lib.exists(), "{} not built", lib.display());
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("clients/orin_checks.py");
    let out = Command::new(&py).arg(&script).env("LD_PRELOAD", &lib).output().expect("run python3");
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // And without the library the node is not there: the check can fail.
    let bare = Command::new(&py).arg(&script).output().expect("run python3");
    assert!(!bare.status.success() || std::path::Path::new("/dev/nvgpu/igpu0/ctrl").exists());
}

/// Issue 21 item 7: `ctypes.CDLL("libc.so.6").ioctl` (dlopen + dlsym) on a
/// model fd reaches the model, not libc's `ioctl` (`clients/dlsym_ioctl.py`;
/// without the `dlsym` interposer it fails with ENOTTY).
#[test]
fn python_ctypes_calls_through_dlopen_dlsym_reach_the_model() {
    let Some(py) = python3() else {
        eprintln!("no python3 for this architecture: skipped");
        return;
    };
    let lib = preload_library();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("clients/dlsym_ioctl.py");
    let out = Command::new(&py).arg(&script).env("LD_PRELOAD", &lib).output().expect("run python3");
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("reached the model"));
}

/// Issue 20: every corpus kernel with a reference, launched by a Python
/// process through raw ioctls with its own cubin loader, QMDs and
/// pushbuffers (`clients/corpus_run.py`), gives its reference on the mock,
/// with `backend-mock/tests/corpus_known_failures.txt`'s known failures
/// (each must still fail). The trace names each launch's kernel (the client
/// names its programs through `gpuiface_mock_name_program`) and counts its
/// instructions.
#[test]
fn python_client_runs_every_corpus_kernel_through_raw_ioctls() {
    let Some(py) = python3() else {
        eprintln!("no python3 for this architecture: skipped");
        return;
    };
    let lib = preload_library();
    let clients = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("clients");
    let trace = std::env::temp_dir().join(format!("gpuiface-corpus-trace-{}", std::process::id()));
    let _ = std::fs::remove_file(&trace);
    let out = Command::new(&py)
        .arg(clients.join("corpus_run.py"))
        .env("LD_PRELOAD", &lib)
        .env("GPUIFACE_MOCK_TRACE", &trace)
        .output()
        .expect("run python3");
    let text = std::fs::read_to_string(&trace).unwrap_or_default();
    let _ = std::fs::remove_file(&trace);
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("0 unexpected, 0 known failures now pass"), "{summary}");
    // A launch line per run, named as the client named it, with its count.
    let line = text
        .lines()
        .find(|l| l.contains("launch of kernel `gen_int_u32.O3:add_u32_rr`"))
        .unwrap_or_else(|| panic!("no launch line for add_u32_rr in the trace ({} bytes)", text.len()));
    let count: u64 = line.split(" instructions (").next().and_then(|h| h.rsplit(' ').next()).unwrap().parse().unwrap();
    assert!(count >= 60, "60 active threads run at least one instruction each: {line}");
    assert!(line.ends_with("completed"), "{line}");
    let launches = text.lines().filter(|l| l.contains(": launch of kernel `")).count();
    assert!(launches >= 500, "{launches} named launch lines");
}

/// Issue 40 (fidelity, round 4): `clients/round4.py <check>` under the
/// library, with a short hang wait; its stdout when it passes.
fn round4(check: &str) -> Option<String> {
    let Some(py) = python3() else {
        eprintln!("no python3 for this architecture: skipped");
        return None;
    };
    let lib = preload_library();
    let clients = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("clients");
    let out = Command::new(&py)
        .arg(clients.join("round4.py"))
        .arg(check)
        .env("LD_PRELOAD", &lib)
        .env("GPUIFACE_MOCK_HANG_WAIT_MS", "50")
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "round4.py {check}\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Issue 40 item 1: after the modelled hang (a 3 MiB GPFIFO, then
/// ALLOC_OBJ_CTX), every later ioctl on the channel fails with ETIMEDOUT and
/// its submits never run; another channel and the device keep working.
#[test]
fn python_client_a_hung_channel_stays_hung_and_others_keep_working() {
    if let Some(out) = round4("hang") {
        assert!(out.contains("later ioctls ETIMEDOUT"), "{out}");
    }
}

/// Issue 40 item 2: in a forked child, inherited fds answer as in the
/// parent, the doorbell mapping is not inherited, and the child's work lands
/// on the inherited channel (the parent sees it, and goes on).
#[test]
fn python_client_forked_child_uses_inherited_fds_without_the_doorbell_page() {
    if let Some(out) = round4("fork") {
        assert!(out.contains("child: inherited fds answer"), "{out}");
        assert!(out.contains("keeps working"), "{out}");
    }
}

/// Issue 40 item 3: under `RLIMIT_NOFILE` 20 every fd the device hands out
/// is the lowest free number, as a kernel gives it (the model's pidfd took
/// fd 10 before).
#[test]
fn python_client_fds_under_a_limit_of_20_are_numbered_as_on_an_orin() {
    if let Some(out) = round4("fds") {
        assert!(out.contains("each the lowest free number"), "{out}");
    }
}
