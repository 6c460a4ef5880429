//! The report a run writes: Markdown for people, JSON for machines, from one
//! [`Report`] value.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::bench::Figure;
use super::exec::{DeviceSummary, Isolation};
use super::prereq::{Check, Level, Machine};
use super::Status;

/// Everything a run found out.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// `gpuiface-conformance 0.1.0`.
    pub tool: String,
    /// When the run started, `YYYY-MM-DD HH:MM:SS UTC`.
    pub started_utc: String,
    /// The command line.
    pub command: String,
    /// The CPU architecture this binary was built for (`aarch64`).
    pub arch: &'static str,
    /// How cases were isolated.
    pub isolation: Isolation,
    /// Per-case timeout, seconds.
    pub timeout_s: f64,
    /// Whether deliberately faulting cases ran.
    pub allow_faults: bool,
    /// `GPUIFACE_ASSUME_NVGPU` was set: the nvgpu device may be served by
    /// an `LD_PRELOAD` stand-in (`gpuiface-preload`), not a GPU.
    pub stand_in: bool,
    /// The machine.
    pub machine: Machine,
    /// One run per backend.
    pub runs: Vec<Run>,
    /// Benchmark figures per backend (the backend under test, then the mock).
    pub benchmarks: Vec<BenchColumn>,
}

/// One backend's run.
#[derive(Debug, Clone, Serialize)]
pub struct Run {
    /// `nvgpu` or `mock`.
    pub backend: String,
    /// Prerequisite checks (the real backend only).
    pub prerequisites: Vec<Check>,
    /// The device as decoded, or why it could not be opened.
    pub device: Result<DeviceSummary, String>,
    /// Every case, in order.
    pub cases: Vec<CaseReport>,
    /// Counts.
    pub summary: Summary,
    /// Why the run stopped early, if it did.
    pub stopped: Option<String>,
}

/// One case's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct CaseReport {
    /// The case.
    pub name: String,
    /// How it ended.
    pub status: Status,
    /// Wall time, seconds.
    pub seconds: f64,
    /// The failure, or the expected failure's reason.
    pub detail: Option<String>,
    /// The decoded ioctl trace tail (failures only).
    pub ioctl_trace_tail: Vec<String>,
    /// The tail of the case's stderr (failures only, process isolation).
    pub stderr_tail: Vec<String>,
}

/// Counts of a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Passed.
    pub passed: usize,
    /// Failed as expected.
    pub expected_failures: usize,
    /// Failed.
    pub failed: usize,
    /// Passed although expected to fail.
    pub unexpected_passes: usize,
    /// Did not finish in time.
    pub timed_out: usize,
    /// Not run (the run stopped early).
    pub not_run: usize,
    /// Not applicable to the backend (neither passed nor failed).
    pub not_applicable: usize,
    /// Wall time of all cases, seconds.
    pub seconds: f64,
}

impl Summary {
    /// Count one case.
    pub fn add(&mut self, c: &CaseReport) {
        match c.status {
            Status::Passed => self.passed += 1,
            Status::ExpectedFailure => self.expected_failures += 1,
            Status::Failed => self.failed += 1,
            Status::UnexpectedPass => self.unexpected_passes += 1,
            Status::TimedOut => self.timed_out += 1,
            Status::NotRun => self.not_run += 1,
            Status::NotApplicable => self.not_applicable += 1,
        }
        self.seconds += c.seconds;
    }
    /// Cases that count as passing (passed or failed as expected).
    pub fn ok(&self) -> usize {
        self.passed + self.expected_failures
    }
    /// Cases that count as failing.
    pub fn bad(&self) -> usize {
        self.failed + self.unexpected_passes + self.timed_out + self.not_run
    }
}

/// One backend's benchmark figures.
#[derive(Debug, Clone, Serialize)]
pub struct BenchColumn {
    /// The backend.
    pub backend: String,
    /// The figures, or why none could be taken.
    pub figures: Result<Vec<Figure>, String>,
}

/// The report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `.md`
    Markdown,
    /// `.json`
    Json,
}

impl Format {
    /// The format a path's extension names.
    pub fn of(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "md" | "markdown" => Some(Format::Markdown),
            "json" => Some(Format::Json),
            _ => None,
        }
    }
}

/// `YYYY-MM-DD HH:MM:SS UTC` for seconds since the epoch.
pub fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC", rem / 3600, rem / 60 % 60, rem % 60)
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn status_word(s: Status) -> &'static str {
    match s {
        Status::Passed => "passed",
        Status::ExpectedFailure => "expected failure",
        Status::Failed => "**FAILED**",
        Status::UnexpectedPass => "**unexpected pass**",
        Status::TimedOut => "**timed out**",
        Status::NotRun => "not run",
        Status::NotApplicable => "not applicable",
    }
}

fn fmt_value(f: &Figure) -> String {
    match f.value {
        Some(v) if v >= 100.0 => format!("{v:.0} {}", f.unit),
        Some(v) => format!("{v:.2} {}", f.unit),
        None => "n/a".into(),
    }
}

impl Report {
    /// True when every run passed (every case passed or failed as expected).
    pub fn ok(&self) -> bool {
        self.runs.iter().all(|r| r.summary.bad() == 0 && r.stopped.is_none())
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The Markdown form.
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let verdict = if self.ok() { "PASS" } else { "FAIL" };
        let _ = writeln!(s, "# gpuiface conformance report: {verdict}\n");
        let _ = writeln!(s, "{} · started {} · `{}`\n", self.tool, self.started_utc, self.command);
        let _ = writeln!(s, "## Machine\n");
        let _ = writeln!(s, "| | |\n|---|---|");
        let l4t = match (&self.machine.l4t, &self.machine.l4t_unparsed) {
            (Some(r), _) => format!("{} (`{}`)", r.short(), md_escape(&r.line)),
            (None, Some(l)) => format!("not understood: `{}`", md_escape(l)),
            (None, None) => "absent (no /etc/nv_tegra_release: not L4T)".into(),
        };
        let _ = writeln!(s, "| L4T release | {l4t} |");
        let _ = writeln!(s, "| kernel (`uname -r`) | {} |", self.machine.kernel.as_deref().unwrap_or("unknown"));
        let _ = writeln!(s, "| CPU architecture | {} |", self.arch);
        let _ = writeln!(
            s,
            "| runner | isolation {}, timeout {} s per case, faulting cases {} |",
            self.isolation.name(),
            self.timeout_s,
            if self.allow_faults { "run" } else { "not run" }
        );
        if self.stand_in {
            let _ = writeln!(
                s,
                "| nvgpu device | GPUIFACE_ASSUME_NVGPU is set: served by an LD_PRELOAD stand-in (gpuiface-preload), not a GPU |"
            );
        }
        for run in &self.runs {
            // The kernel ABI the backend detected at open (the release it ran on).
            let abi = run.device.as_ref().ok().and_then(|d| d.fields.iter().find(|(k, _)| k == "kernel ABI"));
            match abi {
                Some((_, v)) => {
                    let _ = writeln!(s, "\n## Backend `{}` on {}\n", run.backend, md_escape(v));
                }
                None => {
                    let _ = writeln!(s, "\n## Backend `{}`\n", run.backend);
                }
            }
            if !run.prerequisites.is_empty() {
                let _ = writeln!(s, "Prerequisites:\n");
                for c in &run.prerequisites {
                    let tag = match c.level {
                        Level::Ok => "ok",
                        Level::Warn => "warning",
                        Level::Fail => "**missing**",
                    };
                    let _ = writeln!(s, "- {tag}: {}: {}", c.what, c.message);
                }
                let _ = writeln!(s);
            }
            match &run.device {
                Ok(d) => {
                    let _ = writeln!(s, "The GPU, as the backend decoded it:\n");
                    let _ = writeln!(s, "| characteristic | value |\n|---|---|");
                    for (k, v) in &d.fields {
                        let _ = writeln!(s, "| {k} | {} |", md_escape(v));
                    }
                }
                Err(e) => {
                    let _ = writeln!(s, "The device could not be described: {}", md_escape(e));
                }
            }
            let m = &run.summary;
            let _ = writeln!(
                s,
                "\n**{} passed, {} expected failures, {} failed, {} unexpected passes, {} timed out, {} not run, \
                 {} not applicable** in {:.1} s\n",
                m.passed,
                m.expected_failures,
                m.failed,
                m.unexpected_passes,
                m.timed_out,
                m.not_run,
                m.not_applicable,
                m.seconds
            );
            if let Some(why) = &run.stopped {
                let _ = writeln!(s, "The run stopped early: {}\n", md_escape(why));
            }
            let _ = writeln!(s, "| case | outcome | time | note |\n|---|---|---:|---|");
            for c in &run.cases {
                let note = match (&c.detail, c.status) {
                    (Some(d), Status::ExpectedFailure | Status::UnexpectedPass | Status::NotApplicable) => md_escape(d),
                    (Some(_), _) => "see below".into(),
                    (None, _) => String::new(),
                };
                let _ = writeln!(s, "| `{}` | {} | {:.3} s | {note} |", c.name, status_word(c.status), c.seconds);
            }
            let failures: Vec<&CaseReport> =
                run.cases.iter().filter(|c| matches!(c.status, Status::Failed | Status::TimedOut)).collect();
            if !failures.is_empty() {
                let _ = writeln!(s, "\n### Failures\n");
                for c in failures {
                    let _ = writeln!(s, "#### `{}`\n", c.name);
                    let _ = writeln!(s, "{}\n", md_escape(c.detail.as_deref().unwrap_or("(no detail)")));
                    if !c.ioctl_trace_tail.is_empty() {
                        let _ = writeln!(s, "Last ioctls, oldest first:\n\n```text");
                        for l in &c.ioctl_trace_tail {
                            let _ = writeln!(s, "{l}");
                        }
                        let _ = writeln!(s, "```\n");
                    }
                    if !c.stderr_tail.is_empty() {
                        let _ = writeln!(s, "stderr (tail):\n\n```text");
                        for l in &c.stderr_tail {
                            let _ = writeln!(s, "{l}");
                        }
                        let _ = writeln!(s, "```\n");
                    }
                }
            }
        }
        if !self.benchmarks.is_empty() {
            let _ = writeln!(s, "\n## Benchmarks\n");
            let _ = writeln!(
                s,
                "Medians of repeated samples on this machine (indications, not the benchmark suite: \
                 `cargo bench -p gpuiface`). `us` is microseconds per operation.\n"
            );
            let mut head = String::from("| figure |");
            let mut rule = String::from("|---|");
            for col in &self.benchmarks {
                let _ = write!(head, " {} |", col.backend);
                rule.push_str("---:|");
            }
            let _ = writeln!(s, "{head} what |\n{rule}---|");
            let first = self.benchmarks.iter().find_map(|c| c.figures.as_ref().ok());
            for f in first.into_iter().flatten() {
                let mut row = format!("| `{}` |", f.name);
                let mut notes = Vec::new();
                for col in &self.benchmarks {
                    let cell = match &col.figures {
                        Ok(figs) => match figs.iter().find(|g| g.name == f.name) {
                            Some(g) => {
                                if let Some(n) = &g.note {
                                    notes.push(format!("{}: {}", col.backend, md_escape(n)));
                                }
                                fmt_value(g)
                            }
                            None => "n/a".into(),
                        },
                        Err(_) => "n/a".into(),
                    };
                    let _ = write!(row, " {cell} |");
                }
                let what = if notes.is_empty() { f.what.clone() } else { format!("{} ({})", f.what, notes.join("; ")) };
                let _ = writeln!(s, "{row} {what} |");
            }
            for col in &self.benchmarks {
                if let Err(e) = &col.figures {
                    let _ = writeln!(s, "\nNo figures on {}: {}", col.backend, md_escape(e));
                }
            }
        }
        let _ = writeln!(
            s,
            "\n## Sending this report\n\nAttach this file and its JSON twin (`--report report.json`) to an issue \
             titled \"Conformance on <board>, L4T <release>\", with the output of `dmesg | grep -i nvgpu` if any case \
             failed."
        );
        s
    }

    /// Write the report to `path` in the format its extension names.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let text = match Format::of(path) {
            Some(Format::Json) => self.to_json(),
            Some(Format::Markdown) => self.to_markdown(),
            None => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!("{}: the extension must be .md or .json", path.display()),
                ))
            }
        };
        std::fs::write(path, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::prereq::L4tRelease;

    fn sample() -> Report {
        let mut summary = Summary::default();
        let cases = vec![
            CaseReport {
                name: "copy_1_byte".into(),
                status: Status::Passed,
                seconds: 0.01,
                detail: None,
                ioctl_trace_tail: vec![],
                stderr_tail: vec![],
            },
            CaseReport {
                name: "alloc_zero_bytes_is_invalid".into(),
                status: Status::Failed,
                seconds: 0.02,
                detail: Some("cases.rs:34: got Ok | not EINVAL".into()),
                ioctl_trace_tail: vec!["NVMAP_IOC_ALLOC (fd 3) = -ENOMEM".into()],
                stderr_tail: vec![],
            },
            CaseReport {
                name: "teardown_leaks_nothing".into(),
                status: Status::NotApplicable,
                seconds: 0.0,
                detail: Some("needs the built-in mock's kernel leak snapshot; nvgpu has none".into()),
                ioctl_trace_tail: vec![],
                stderr_tail: vec![],
            },
        ];
        for c in &cases {
            summary.add(c);
        }
        Report {
            tool: "gpuiface-conformance 0.1.0".into(),
            started_utc: utc(0),
            command: "gpuiface-conformance --report r.md".into(),
            arch: "aarch64",
            isolation: Isolation::Process,
            timeout_s: 60.0,
            allow_faults: false,
            stand_in: false,
            machine: Machine {
                root: "/".into(),
                l4t: L4tRelease::parse("# R36 (release), REVISION: 4.0, GCID: 1"),
                l4t_unparsed: None,
                kernel: Some("5.15.148-tegra".into()),
                ctrl: None,
                nvmap: None,
            },
            runs: vec![Run {
                backend: "nvgpu".into(),
                prerequisites: vec![],
                device: Err("open: ENOENT".into()),
                cases,
                summary,
                stopped: None,
            }],
            benchmarks: vec![
                BenchColumn {
                    backend: "nvgpu".into(),
                    figures: Ok(vec![Figure {
                        name: "launch_round_trip".into(),
                        what: "launch".into(),
                        unit: "us".into(),
                        value: None,
                        samples: 0,
                        note: Some("no compiled kernel".into()),
                    }]),
                },
                BenchColumn {
                    backend: "mock".into(),
                    figures: Ok(vec![Figure {
                        name: "launch_round_trip".into(),
                        what: "launch".into(),
                        unit: "us".into(),
                        value: Some(12.345),
                        samples: 3,
                        note: None,
                    }]),
                },
            ],
        }
    }

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_795_397_045), "2026-11-23 01:24:05 UTC");
    }

    #[test]
    fn markdown_shows_machine_failures_traces_and_benchmarks() {
        let r = sample();
        assert!(!r.ok());
        let md = r.to_markdown();
        assert!(md.starts_with("# gpuiface conformance report: FAIL"), "{md}");
        assert!(md.contains("| L4T release | r36.4.0"), "{md}");
        assert!(md.contains("5.15.148-tegra"));
        assert!(md.contains("| `alloc_zero_bytes_is_invalid` | **FAILED** |"), "{md}");
        assert!(md.contains("got Ok \\| not EINVAL"), "pipes are escaped: {md}");
        assert!(md.contains("```text\nNVMAP_IOC_ALLOC (fd 3) = -ENOMEM\n```"), "{md}");
        assert!(md.contains("| figure | nvgpu | mock | what |"), "{md}");
        assert!(md.contains("| `launch_round_trip` | n/a | 12.35 us | launch (nvgpu: no compiled kernel) |"), "{md}");
        // Not applicable: its own word and its reason, counted apart, not listed among the failures.
        assert!(
            md.contains("| `teardown_leaks_nothing` | not applicable | 0.000 s | needs the built-in mock's"),
            "{md}"
        );
        assert!(md.contains("0 not run, 1 not applicable**"), "{md}");
        assert!(!md.contains("#### `teardown_leaks_nothing`"), "{md}");
    }

    #[test]
    fn not_applicable_is_neither_a_pass_nor_a_failure() {
        let r = sample();
        let s = &r.runs[0].summary;
        assert_eq!((s.passed, s.failed, s.not_applicable), (1, 1, 1));
        assert_eq!((s.ok(), s.bad()), (1, 1));
        assert!(Status::NotApplicable.ok());
        let mut only_na = Summary::default();
        only_na.add(&r.runs[0].cases[2]);
        assert_eq!(only_na.bad(), 0, "a run of only not-applicable cases passes");
    }

    #[test]
    fn json_carries_the_same_facts() {
        let v: serde_json::Value = serde_json::from_str(&sample().to_json()).unwrap();
        assert_eq!(v["machine"]["l4t"]["major"], 36);
        assert_eq!(v["runs"][0]["cases"][1]["status"], "failed");
        assert_eq!(v["runs"][0]["cases"][1]["ioctl_trace_tail"][0], "NVMAP_IOC_ALLOC (fd 3) = -ENOMEM");
        assert_eq!(v["runs"][0]["summary"]["failed"], 1);
        assert_eq!(v["runs"][0]["cases"][2]["status"], "not_applicable");
        assert_eq!(v["runs"][0]["summary"]["not_applicable"], 1);
        assert_eq!(v["runs"][0]["device"]["Err"], "open: ENOENT");
        assert_eq!(v["benchmarks"][1]["figures"]["Ok"][0]["value"], 12.345);
    }

    #[test]
    fn the_extension_picks_the_format() {
        assert_eq!(Format::of(Path::new("out.md")), Some(Format::Markdown));
        assert_eq!(Format::of(Path::new("a/out.JSON")), Some(Format::Json));
        assert_eq!(Format::of(Path::new("out.txt")), None);
        assert!(sample().write(Path::new("/nonexistent-dir/out.txt")).is_err());
    }
}
