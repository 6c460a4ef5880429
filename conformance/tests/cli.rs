//! The `gpuiface-conformance` command as a user runs it: listing, exit
//! codes, prerequisite failures, reports, timeouts.
//!
//! Under qemu-user without binfmt_misc (the aarch64 CI step) the test binary
//! cannot execute the aarch64 runner (`ENOEXEC`, or exit 127 with no output):
//! each test then says so and returns without checking; `.ci/aarch64.sh` runs
//! the aarch64 runner itself under qemu instead.

use std::path::PathBuf;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gpuiface-conformance");

/// Run the runner with `args` (the environment cleared of the variables that
/// change its backend); `None` when this host cannot execute it.
fn run(args: &[&str], env: &[(&str, &str)]) -> Option<Output> {
    let mut cmd = Command::new(BIN);
    cmd.args(args).env_remove("GPUIFACE_ASSUME_NVGPU").env_remove("GPUIFACE_BACKEND").env_remove("LD_PRELOAD");
    for (k, v) in env {
        cmd.env(k, v);
    }
    match cmd.output() {
        // qemu-user reports a failed execve of a foreign binary this way.
        Ok(o) if o.status.code() == Some(127) && o.stdout.is_empty() && o.stderr.is_empty() => {
            eprintln!("skipped: this host cannot execute {BIN} (exit 127): qemu-user without binfmt_misc");
            None
        }
        Ok(o) => Some(o),
        Err(e) if e.raw_os_error() == Some(libc::ENOEXEC) => {
            eprintln!("skipped: this host cannot execute {BIN} ({e}): qemu-user without binfmt_misc");
            None
        }
        Err(e) => panic!("cannot run {BIN}: {e}"),
    }
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

struct TempDir(PathBuf);
impl TempDir {
    fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("gpuiface-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn path(&self, rel: &str) -> String {
        self.0.join(rel).to_string_lossy().into_owned()
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn list_names_every_case_and_marks_the_faulting_ones() {
    let Some(o) = run(&["--list"], &[]) else { return };
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().any(|l| l == "copy_1_byte"), "{out}");
    assert!(out.contains("teardown_leaks_nothing  [needs the built-in mock (kernel leak snapshot)"), "{out}");
    // Launch cases run the suite's cubins on every backend: no expected failure.
    assert!(out.lines().any(|l| l == "kernel_launch_with_arguments_and_grid"), "{out}");
    assert!(out.contains("copy_to_an_unmapped_va_faults_and_a_new_runtime_recovers  [faults the GPU deliberately"));
    let Some(o) = run(&["--list", "--filter", "copy_1_byte"], &[]) else { return };
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "copy_1_byte");
}

#[test]
fn usage_errors_exit_2() {
    for args in [&["--report", "out.txt"][..], &["--backend", "cuda"], &["--timeout", "0"], &["--no-such-flag"]] {
        let Some(o) = run(args, &[]) else { return };
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
    }
}

#[test]
fn a_mock_run_writes_both_reports_and_exits_0() {
    let dir = TempDir::new("mock");
    let (md, json) = (dir.path("r.md"), dir.path("r.json"));
    let Some(o) = run(
        &[
            "--backend",
            "mock",
            "--filter",
            "copy_1_byte",
            "--filter",
            "info_describes",
            "--report",
            &md,
            "--report",
            &json,
        ],
        &[],
    ) else {
        return;
    };
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("ok      mock  copy_1_byte ("), "{out}");
    assert!(out.trim_end().ends_with("2 passed, 0 failed"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when stdout is not a terminal: {out}");
    let md = std::fs::read_to_string(md).unwrap();
    assert!(md.starts_with("# gpuiface conformance report: PASS"), "{md}");
    assert!(md.contains("| `copy_1_byte` | passed |"), "{md}");
    assert!(md.contains("| `signal_round_trip` |"), "benchmarks with --report: {md}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(v["runs"][0]["backend"], "mock");
    assert_eq!(v["runs"][0]["cases"].as_array().unwrap().len(), 2);
    assert_eq!(v["runs"][0]["summary"]["passed"], 2);
    assert_eq!(v["benchmarks"][0]["backend"], "mock");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let Some(o) = run(&["--backend", "mock", "--filter", "copy_1_byte", "--color", "always"], &[]) else { return };
    assert!(String::from_utf8_lossy(&o.stdout).contains("\x1b[32mok"), "{}", text(&o));
}

#[test]
fn missing_prerequisites_exit_3_with_what_to_do() {
    let dir = TempDir::new("r35");
    std::fs::create_dir_all(dir.0.join("etc")).unwrap();
    std::fs::write(dir.0.join("etc/nv_tegra_release"), "# R35 (release), REVISION: 4.1, GCID: 1, BOARD: t186ref\n")
        .unwrap();
    let Some(o) = run(&["--backend", "nvgpu", "--root", &dir.path("")], &[]) else { return };
    let out = text(&o);
    assert_eq!(o.status.code(), Some(3), "{out}");
    // L4T r35 is a release the backend speaks; the missing nodes are what fails.
    assert!(out.contains("ok    L4T release: r35.4.1") && out.contains("JetPack 5"), "{out}");
    assert!(out.contains("/dev/nvgpu/igpu0/ctrl does not exist"), "{out}");
    assert!(out.contains("not run"), "{out}");
}

#[test]
fn a_case_past_its_timeout_is_killed_and_the_run_goes_on() {
    // The hook makes copy_1_byte hang forever: its child is killed after the
    // timeout, the health check finds the device working, the next case runs.
    let hang = [("GPUIFACE_CONFORMANCE_HANG_CASE", "copy_1_byte")];
    let Some(o) = run(&["--backend", "mock", "--filter", "copy_1", "--timeout", "2", "--no-bench"], &hang) else {
        return;
    };
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("TIMEOUT mock  copy_1_byte"), "{out}");
    assert!(out.contains("ok      mock  copy_1mib_plus_3_unaligned"), "{out}");
    assert!(out.contains("1 passed, 0 expected failures, 0 failed, 0 unexpected passes, 1 timed out, 0 not run"));
    assert!(out.trim_end().ends_with("1 passed, 1 failed"), "{out}");
}

#[test]
fn an_unknown_case_is_a_failure_not_a_skip() {
    // (A failure's ioctl trace tail is checked end to end by preload/check.sh,
    // with a failure injected through the LD_PRELOAD mock.)
    let Some(o) = run(&["--child", "case:no_such_case", "--backend", "mock"], &[]) else { return };
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("@@gpuiface-conformance-result "), "{out}");
    assert!(out.contains("\"failed\"") && out.contains("no case named no_such_case"), "{out}");
}

#[test]
fn a_thread_case_past_its_timeout_stops_the_run() {
    // A thread cannot be killed: after its timeout nothing else runs (exit 5).
    let hang = [("GPUIFACE_CONFORMANCE_HANG_CASE", "copy_1_byte")];
    let args = ["--backend", "mock", "--filter", "copy_1", "--timeout", "2", "--isolation", "thread", "--bench"];
    let Some(o) = run(&args, &hang) else { return };
    let out = text(&o);
    assert_eq!(o.status.code(), Some(5), "{out}");
    assert!(out.contains("TIMEOUT mock  copy_1_byte"), "{out}");
    assert!(out.contains("1 timed out, 1 not run"), "{out}");
    assert!(out.contains("stopped early: copy_1_byte timed out in a thread"), "{out}");
    assert!(!out.contains("bench mock"), "no benchmarks after a stuck thread: {out}");
}

/// Issue 22, item 18. Was: `--timeout 1e20` panicked (a duration overflow).
#[test]
fn a_timeout_no_deadline_can_hold_is_a_usage_error() {
    for t in ["1e20", "1e19", "inf", "NaN", "-1", "0"] {
        let Some(o) = run(&["--backend", "mock", "--timeout", t, "--filter", "copy_1_byte"], &[]) else { return };
        assert_eq!(o.status.code(), Some(2), "--timeout {t}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{}", text(&o));
    }
}

/// Issue 22, item 18. Was: `--report` with any non-UTF-8 argument panicked
/// after every case ran, and wrote no report; a full stdout panicked.
#[test]
fn non_utf8_arguments_and_a_full_stdout_still_write_the_report() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new("nonutf8");
    let mut path = dir.0.clone().into_os_string();
    path.push(std::ffi::OsStr::from_bytes(b"/r\xff.md"));
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let o = Command::new(BIN)
        .args(["--backend", "mock", "--filter", "copy_1_byte", "--no-bench", "--report"])
        .arg(&path)
        .env_remove("GPUIFACE_ASSUME_NVGPU")
        .env_remove("GPUIFACE_BACKEND")
        .env_remove("LD_PRELOAD")
        .stdout(full)
        .output();
    let o = match o {
        Ok(o) if o.status.code() == Some(127) && o.stderr.is_empty() => return, // qemu-user (see run)
        Ok(o) => o,
        Err(e) if e.raw_os_error() == Some(libc::ENOEXEC) => return,
        Err(e) => panic!("cannot run {BIN}: {e}"),
    };
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let report = std::fs::read_to_string(std::path::Path::new(&path)).expect("the report was written");
    assert!(report.contains("copy_1_byte"), "{report}");
}

/// Issue 22, item 18. Was: with prerequisites unmet, the closing line said
/// "0 passed, 53 failed" for cases that never ran.
#[test]
fn cases_never_run_are_counted_as_not_run_not_failed() {
    let dir = TempDir::new("notrun");
    let Some(o) = run(&["--backend", "nvgpu", "--root", &dir.path(""), "--filter", "copy_1"], &[]) else { return };
    let out = text(&o);
    assert_eq!(o.status.code(), Some(3), "{out}");
    assert!(String::from_utf8_lossy(&o.stdout).trim_end().ends_with("0 passed, 0 failed, 2 not run"), "{out}");
}
