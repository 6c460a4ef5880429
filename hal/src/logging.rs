//! A minimal stderr logger for the binaries and the preload library.
//!
//! The library crates log through the [`log`](https://docs.rs/log/0.4) facade and never print on their
//! own; a program chooses a logger. Programs that have none can call
//! [`init_stderr_from_env`]: with `GPUIFACE_LOG` set (`error`, `warn`, `info`,
//! `debug`, `trace`; any other value means `warn`) it installs a logger that
//! writes `[target] LEVEL message` lines to stderr. Targets of note:
//! `gpuiface_nvgpu` (unsupported RM classes/controls, `warn`) and
//! `gpuiface_mock::ioctl` (every line of the mock kernel's ioctl trace,
//! `debug`).

use log::{LevelFilter, Log, Metadata, Record};

struct Stderr;

impl Log for Stderr {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &Record<'_>) {
        if self.enabled(record.metadata()) {
            eprintln!("[{}] {} {}", record.target(), record.level(), record.args());
        }
    }

    fn flush(&self) {}
}

/// The level `GPUIFACE_LOG=value` selects.
pub fn level_of(value: &str) -> LevelFilter {
    match value.to_ascii_lowercase().as_str() {
        "off" => LevelFilter::Off,
        "error" => LevelFilter::Error,
        "info" => LevelFilter::Info,
        "debug" => LevelFilter::Debug,
        "trace" => LevelFilter::Trace,
        _ => LevelFilter::Warn,
    }
}

/// Install the stderr logger when `GPUIFACE_LOG` is set. Returns whether a
/// logger was installed (`false` also when the program already has one).
pub fn init_stderr_from_env() -> bool {
    let Some(value) = std::env::var_os("GPUIFACE_LOG") else { return false };
    let level = level_of(&value.to_string_lossy());
    if log::set_logger(&Stderr).is_err() {
        return false;
    }
    log::set_max_level(level);
    true
}

#[cfg(test)]
mod tests {
    use log::LevelFilter;

    #[test]
    fn levels_parse_with_warn_as_the_default() {
        assert_eq!(super::level_of("debug"), LevelFilter::Debug);
        assert_eq!(super::level_of("TRACE"), LevelFilter::Trace);
        assert_eq!(super::level_of("1"), LevelFilter::Warn);
        assert_eq!(super::level_of("off"), LevelFilter::Off);
    }
}
