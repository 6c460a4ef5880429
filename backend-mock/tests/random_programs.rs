//! Seeded random PTX programs (`sass/corpus/random/`, issue 38 item 5): each
//! kernel was generated together with its exact expected output by
//! `gen.py` and compiled by ptxas at -O3 and -O0; here every one runs on the
//! mock through the public runtime API and must leave exactly those bytes.
//!
//! `GPUIFACE_RANDOM_DIR=<dir> cargo test -p gpuiface-mock --test random_programs -- --ignored`
//! runs a larger batch written by `regen.sh --out <dir> --count N --seed S`
//! and prints every failure.

use std::path::{Path, PathBuf};

mod manifest;

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../sass/corpus/random")
}

/// A directory named by the environment: relative paths are taken from the
/// workspace root (cargo runs tests in the package's directory).
fn env_dir(var: &str) -> Option<PathBuf> {
    let d = PathBuf::from(std::env::var(var).ok()?);
    Some(if d.is_absolute() { d } else { Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(d) })
}

#[test]
fn every_random_program_gives_its_reference_result() {
    let dir = sample();
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).expect("sass/corpus/random/manifest.tsv");
    // RANDOM_ONLY=<substring of "module kernel"> runs a subset; the known-failure checks then do not apply.
    let only = std::env::var("RANDOM_ONLY").ok();
    let (ran, failures) =
        manifest::run_manifest(&dir.join("sm_87"), &text, |k| only.as_deref().is_none_or(|o| k.contains(o)));
    eprintln!("{ran} random program runs, {} failed", failures.len());
    if only.is_some() {
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        return;
    }
    assert!(ran >= 1000, "the manifest names {ran} runs (500 programs x -O3/-O0 expected)");
    check_known(&failures, false);
}

/// Every program that ever failed, reduced (`sass/corpus/random/regressions/`,
/// written by `triage.py --repro` and `regressions/hand.py`): each gives its
/// reference, or is a listed known failure.
#[test]
fn every_regression_gives_its_reference_result() {
    let dir = sample().join("regressions");
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).expect("sass/corpus/random/regressions/manifest.tsv");
    let (ran, failures) = manifest::run_manifest(&dir.join("sm_87"), &text, |_| true);
    eprintln!("{ran} regression runs, {} failed", failures.len());
    assert!(ran >= 20, "the regressions' manifest names {ran} runs");
    check_known(&failures, true);
}

/// Programs whose -O3 SASS departs from the PTX ISA
/// (`sass/corpus/random/regressions/ptxas/`, its README says where): their
/// manifest expects the bytes the SASS computes, checked by hand against the
/// listing, so the mock must run what ptxas emitted, departures included.
#[test]
fn every_ptxas_departure_runs_as_its_sass_says() {
    let dir = sample().join("regressions/ptxas");
    let text =
        std::fs::read_to_string(dir.join("manifest.tsv")).expect("sass/corpus/random/regressions/ptxas/manifest.tsv");
    let (ran, failures) = manifest::run_manifest(&dir.join("sm_87"), &text, |_| true);
    assert!(ran >= 9, "the ptxas departures' manifest names {ran} runs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs that fail today, one per line of `tests/random_known_failures.txt`
/// ("module kernel<TAB>cause"), which lists the sample's runs and the
/// regressions' together, told apart by their modules' names (the sample's
/// are `rp_<seed>_<n>`): the listed runs of this corpus must still fail, and
/// nothing else may.
fn check_known(failures: &[String], regressions: bool) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/random_known_failures.txt");
    manifest::check_known(failures, &file, |k| k.starts_with("rp_") != regressions);
}

/// A larger batch from a directory (`manifest.tsv` and `sm_87/*.cubin`), for
/// long campaigns: prints every failure, then fails if there was any.
#[test]
#[ignore = "needs GPUIFACE_RANDOM_DIR (a batch from sass/corpus/random/regen.sh --out)"]
fn random_batch_from_directory() {
    let Some(dir) = env_dir("GPUIFACE_RANDOM_DIR") else {
        eprintln!("GPUIFACE_RANDOM_DIR is not set: nothing to run");
        return;
    };
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).expect("manifest.tsv in GPUIFACE_RANDOM_DIR");
    let only = std::env::var("RANDOM_ONLY").ok();
    let (ran, failures) =
        manifest::run_manifest(&dir.join("sm_87"), &text, |k| only.as_deref().is_none_or(|o| k.contains(o)));
    for f in &failures {
        println!("FAIL {f}");
    }
    eprintln!("{ran} random program runs, {} failed", failures.len());
    assert!(failures.is_empty(), "{} of {ran} runs failed (listed above with FAIL)", failures.len());
}

/// For triage (`sass/corpus/random/triage.py`): runs every row of
/// `GPUIFACE_RANDOM_DIR/manifest.tsv` on its -O3 and -O0 modules and writes,
/// into `GPUIFACE_RANDOM_DUMP`, `<module>.<kernel>.p<i>` (the bytes each
/// checked buffer holds after the launch) or `<module>.<kernel>.err` (why
/// the run failed).
#[test]
#[ignore = "needs GPUIFACE_RANDOM_DIR and GPUIFACE_RANDOM_DUMP"]
fn random_batch_dump() {
    use gpuiface_hal::{AllocRequest, GpuIface};
    use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
    use gpuiface_nvgpu::mock::{open_with, MockKernel};
    use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};
    use std::time::Duration;

    let (Some(dir), Some(dump)) = (env_dir("GPUIFACE_RANDOM_DIR"), env_dir("GPUIFACE_RANDOM_DUMP")) else {
        eprintln!("GPUIFACE_RANDOM_DIR / GPUIFACE_RANDOM_DUMP are not set: nothing to run");
        return;
    };
    std::fs::create_dir_all(&dump).unwrap();
    let only = std::env::var("RANDOM_ONLY").ok();
    let hex = |s: &str| -> Vec<u8> {
        (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
    };
    let dims = |s: &str| -> [u32; 3] {
        let v: Vec<u32> = s.split(',').map(|x| x.parse().unwrap()).collect();
        [v[0], v[1], v[2]]
    };
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap();
    let fresh = || Runtime::with_config(&dev, 1 << 20, Duration::from_secs(60)).unwrap();
    let mut rt = fresh();
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).unwrap();
    let mut ran = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let c: Vec<&str> = line.split('\t').collect();
        for module in c[0].split(',') {
            if !only.as_deref().is_none_or(|o| format!("{module} {}", c[1]).contains(o)) {
                continue;
            }
            ran += 1;
            let run = |rt: &Runtime<&gpuiface_nvgpu::mock::MockDevice>| -> Result<Vec<(usize, Vec<u8>)>, String> {
                let cubin =
                    std::fs::read(dir.join("sm_87").join(format!("{module}.cubin"))).map_err(|e| e.to_string())?;
                let m = rt.load_module(&cubin).map_err(|e| format!("load: {e}"))?;
                let p = m.kernel(c[1]).map_err(|e| format!("kernel: {e}"))?;
                let mut bufs = Vec::new();
                let mut args = Vec::new();
                for prm in c[6].split(';') {
                    let (kind, v) = prm.split_once(':').unwrap_or((prm, ""));
                    let bytes = match kind {
                        "in" | "io" => hex(v),
                        "out" => vec![0; v.parse().unwrap()],
                        k => panic!("parameter kind {k} is not generated"),
                    };
                    let b = dev.alloc(AllocRequest::new(bytes.len().max(256) as u64)).map_err(|e| e.to_string())?;
                    rt.copyin(&b, 0, &bytes).map_err(|e| e.to_string())?;
                    args.push(Arg::U64(b.gpu_va()));
                    bufs.push((b, bytes.len()));
                }
                let mut d = LaunchDims::new(dims(c[2]), dims(c[3]));
                d.shared_mem = c[4].parse().unwrap();
                let s = dev.signal_alloc().map_err(|e| e.to_string())?;
                let mut q = Queue::compute();
                q.launch(&p, d, &p.pack_args(&args).map_err(|e| format!("args: {e}"))?).signal(&s, 1u64);
                rt.submit(&q, &[]).map_err(|e| format!("submit: {e}"))?;
                dev.signal_wait(&s, 1, Duration::from_secs(60)).map_err(|e| format!("run: {e}"))?;
                let mut out = Vec::new();
                for e in c[7].split(';') {
                    let idx: usize = e.split(':').next().unwrap().parse().unwrap();
                    let mut got = vec![0u8; bufs[idx].1];
                    rt.copyout(&mut got, &bufs[idx].0, 0).map_err(|e| e.to_string())?;
                    out.push((idx, got));
                }
                drop(q);
                for (b, _) in bufs {
                    rt.free(b).map_err(|e| e.to_string())?;
                }
                drop(p);
                rt.free_module(m).map_err(|e| format!("free_module: {e}"))?;
                Ok(out)
            };
            match run(&rt) {
                Ok(bufs) => {
                    for (idx, got) in bufs {
                        std::fs::write(dump.join(format!("{module}.{}.p{idx}", c[1])), got).unwrap();
                    }
                }
                Err(why) => {
                    std::fs::write(dump.join(format!("{module}.{}.err", c[1])), why).unwrap();
                    rt = fresh();
                }
            }
        }
    }
    eprintln!("{ran} runs dumped into {}", dump.display());
}
