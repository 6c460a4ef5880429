//! The figures a Jetson can measure on itself, taken the same way on the
//! mock so a report shows them side by side: allocation, the signal round
//! trip, a kernel launch's round trip, and copies.
//!
//! Each figure is the median of repeated samples, bounded by a count and a
//! time budget, so the whole set takes a few seconds. These are indications
//! for a report, not the benchmark suite (`cargo bench -p gpuiface`).

use std::time::{Duration, Instant};

use gpuiface::queue::{LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, Backend, BackendKind, GpuIface};
use serde::{Deserialize, Serialize};

/// One measured figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// Stable identifier (`signal_round_trip`).
    pub name: String,
    /// What was measured, in words.
    pub what: String,
    /// `us` (median microseconds per operation) or `MB/s` (from the median time).
    pub unit: String,
    /// The value; `None` when it could not be measured here (see `note`).
    pub value: Option<f64>,
    /// Samples taken.
    pub samples: usize,
    /// Why there is no value, or a caveat.
    pub note: Option<String>,
}

/// Sampling limits.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Most samples per figure.
    pub max_samples: usize,
    /// Stop sampling a figure after this long (at least 3 samples are taken).
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_samples: 200, time: Duration::from_millis(400) }
    }
}

/// Median seconds of `f` over the budget.
fn median_secs(budget: Budget, mut f: impl FnMut() -> Result<(), String>) -> Result<(f64, usize), String> {
    f()?; // warm-up
    let start = Instant::now();
    let mut samples = Vec::new();
    while samples.len() < budget.max_samples && (samples.len() < 3 || start.elapsed() < budget.time) {
        let t = Instant::now();
        f()?;
        samples.push(t.elapsed().as_secs_f64());
    }
    samples.sort_by(f64::total_cmp);
    Ok((samples[samples.len() / 2], samples.len()))
}

fn figure(name: &str, what: &str, unit: &str, r: Result<(f64, usize), String>, bytes: Option<u64>) -> Figure {
    let (value, samples, note) = match r {
        Ok((secs, n)) => {
            let v = match bytes {
                Some(b) => b as f64 / secs / 1e6,
                None => secs * 1e6,
            };
            (Some(v), n, None)
        }
        Err(e) => (None, 0, Some(e)),
    };
    Figure { name: name.into(), what: what.into(), unit: unit.into(), value, samples, note }
}

fn e(err: gpuiface::Error) -> String {
    err.to_string()
}

/// Measure every figure on a freshly opened `kind` device.
pub fn run(kind: BackendKind, budget: Budget) -> Result<Vec<Figure>, String> {
    let dev = gpuiface::open_kind(kind).map_err(|err| format!("open {kind}: {err}"))?;
    let rt = Runtime::with_config(&dev, 8 << 20, Duration::from_secs(10)).map_err(e)?;
    let mut out = Vec::new();
    for (name, size) in [("alloc_free_4k", 4096u64), ("alloc_free_2m", 2 << 20)] {
        let r = median_secs(budget, || dev.free(dev.alloc(AllocRequest::new(size)).map_err(e)?).map_err(e));
        out.push(figure(name, &format!("alloc + free of {} KiB", size / 1024), "us", r, None));
    }
    let s = dev.signal_alloc().map_err(e)?;
    let mut next = 0u64;
    let r = median_secs(budget, || {
        next += 1;
        let mut q = Queue::compute();
        q.signal(&s, next);
        rt.submit(&q, &[]).map_err(e)?;
        dev.signal_wait(&s, next, Duration::from_secs(5)).map_err(e)
    });
    out.push(figure("signal_round_trip", "submit a GPU signal release, wait for it on the CPU", "us", r, None));
    out.push(launch_round_trip(&dev, &rt, budget));
    for (dir, size) in [("copyin", 1u64 << 20), ("copyout", 1 << 20), ("copyin", 16 << 20), ("copyout", 16 << 20)] {
        let buf = dev.alloc(AllocRequest::new(size)).map_err(e)?;
        let mut host = vec![5u8; size as usize];
        let r = median_secs(budget, || {
            if dir == "copyin" {
                rt.copyin(&buf, 0, &host).map_err(e)
            } else {
                rt.copyout(&mut host, &buf, 0).map_err(e)
            }
        });
        let what = format!("Runtime::{dir} of {} MiB (synchronize + CPU copy)", size >> 20);
        out.push(figure(&format!("{dir}_{}m", size >> 20), &what, "MB/s", r, Some(size)));
        dev.free(buf).map_err(e)?;
    }
    let size = 16u64 << 20;
    let buf = dev.alloc(AllocRequest::new(2 * size)).map_err(e)?;
    let r = median_secs(budget, || {
        next += 1;
        let mut q = Queue::copy_queue();
        q.copy(buf.gpu_va() + size, buf.gpu_va(), size).signal(&s, next);
        rt.submit(&q, &[]).map_err(e)?;
        dev.signal_wait(&s, next, Duration::from_secs(10)).map_err(e)
    });
    out.push(figure("copy_engine_16m", "copy engine, GPU to GPU, 16 MiB, submit to signal", "MB/s", r, Some(size)));
    dev.free(buf).map_err(e)?;
    Ok(out)
}

fn launch_round_trip(dev: &Backend, rt: &Runtime<&Backend>, budget: Budget) -> Figure {
    let what = "launch a 1-block kernel + signal, wait for it on the CPU";
    let prog = match crate_support_fill(dev, rt) {
        Ok(p) => p,
        Err(why) => return figure("launch_round_trip", what, "us", Err(why), None),
    };
    let r = (|| {
        let out = dev.alloc(AllocRequest::new(4096)).map_err(e)?;
        let s = dev.signal_alloc().map_err(e)?;
        let mut args = Vec::new();
        args.extend_from_slice(&out.gpu_va().to_le_bytes());
        args.extend_from_slice(&32u32.to_le_bytes());
        args.extend_from_slice(&3u32.to_le_bytes());
        let mut next = 0u64;
        let r = median_secs(budget, || {
            next += 1;
            let mut q = Queue::compute();
            q.launch(&prog, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&s, next);
            rt.submit(&q, &[]).map_err(e)?;
            dev.signal_wait(&s, next, Duration::from_secs(5)).map_err(e)
        });
        dev.free(out).map_err(e)?;
        r
    })();
    figure("launch_round_trip", what, "us", r, None)
}

fn crate_support_fill(_dev: &Backend, rt: &Runtime<&Backend>) -> Result<gpuiface::queue::Program, String> {
    gpuiface_conformance::support::load_fill_kernel(rt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_is_measured_on_the_mock() {
        let figs = run(BackendKind::Mock, Budget { max_samples: 3, time: Duration::ZERO }).unwrap();
        let names: Vec<&str> = figs.iter().map(|f| f.name.as_str()).collect();
        for want in ["alloc_free_4k", "signal_round_trip", "launch_round_trip", "copyin_16m", "copy_engine_16m"] {
            assert!(names.contains(&want), "{names:?}");
        }
        for f in &figs {
            assert!(f.value.is_some_and(|v| v > 0.0), "{f:?}");
            assert_eq!(f.samples, 3, "{f:?}");
        }
    }

    #[test]
    fn a_failing_operation_becomes_a_note() {
        let f = figure("x", "y", "us", median_secs(Budget::default(), || Err("no kernel".into())), None);
        assert_eq!((f.value, f.note.as_deref()), (None, Some("no kernel")));
    }
}
