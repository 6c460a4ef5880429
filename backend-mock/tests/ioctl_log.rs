//! The mock kernel's trace is also emitted on the `gpuiface_mock::ioctl` log
//! target (its own test binary: a `log` logger is global to the process).

use std::sync::Mutex;

use gpuiface_mock::kernel::IOCTL_LOG_TARGET;
use gpuiface_mock::MockKernel;

static LINES: Mutex<Vec<(String, log::Level, String)>> = Mutex::new(Vec::new());

struct Capture;

impl log::Log for Capture {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }
    fn log(&self, r: &log::Record<'_>) {
        LINES.lock().unwrap().push((r.target().to_string(), r.level(), r.args().to_string()));
    }
    fn flush(&self) {}
}

#[test]
fn trace_lines_reach_the_log_target_at_debug() {
    log::set_logger(&Capture).unwrap();
    log::set_max_level(log::LevelFilter::Debug);
    let k = MockKernel::new();
    k.trace_note("gpu", -1, "note", "[mock] a note for the log".to_string());
    assert_eq!(
        k.trace_all().last().map(|e| e.line.as_str()),
        Some("[mock] a note for the log"),
        "the trace API still has it"
    );
    let lines = LINES.lock().unwrap();
    assert!(
        lines
            .iter()
            .any(|(t, l, m)| t == IOCTL_LOG_TARGET && *l == log::Level::Debug && m == "[mock] a note for the log"),
        "{lines:?}"
    );
}
