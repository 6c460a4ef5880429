//! The runner of a manifest of kernel runs (`sass/corpus/README.md`
//! describes the format): each row loads its module through the public
//! runtime API, runs one kernel and compares the buffers it names with
//! their references. Shared by every corpus of compiled kernels
//! (`corpus_results.rs`, the random programs, tinygrad's kernels).

use std::path::Path;
use std::time::Duration;

use gpuiface_hal::{AllocRequest, Buffer, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};

fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex")).collect()
}

fn dims(s: &str) -> [u32; 3] {
    let v: Vec<u32> = s.split(',').map(|x| x.parse().expect("dim")).collect();
    [v[0], v[1], v[2]]
}

enum Param {
    Buf(Vec<u8>),
    Null,
    Scalar(Arg),
}

fn param(p: &str) -> Param {
    let (kind, v) = p.split_once(':').unwrap_or((p, ""));
    match kind {
        "in" | "io" => Param::Buf(hex(v)),
        "out" => Param::Buf(vec![0; v.parse().expect("size")]),
        "null" => Param::Null,
        "u32" => Param::Scalar(Arg::U32(v.parse().expect("u32"))),
        // A scalar's bit pattern, as a hexadecimal number.
        "b16" => Param::Scalar(Arg::U16(u16::from_str_radix(v, 16).expect("b16"))),
        "b32" => Param::Scalar(Arg::U32(u32::from_str_radix(v, 16).expect("b32"))),
        "b64" => Param::Scalar(Arg::U64(u64::from_str_radix(v, 16).expect("b64"))),
        k => panic!("unknown parameter kind {k}"),
    }
}

/// The element at `i` of type `ty` as f64 (floats) for tolerance checks.
fn float_at(ty: &str, b: &[u8], i: usize) -> Option<f64> {
    Some(match ty {
        "f32" => f64::from(f32::from_le_bytes(b.get(4 * i..4 * i + 4)?.try_into().ok()?)),
        "f64" => f64::from_le_bytes(b.get(8 * i..8 * i + 8)?.try_into().ok()?),
        _ => return None,
    })
}

fn ulp(ty: &str, x: f64) -> f64 {
    match ty {
        "f32" => {
            let f = x as f32;
            let next = f32::from_bits(f.abs().to_bits() + 1);
            f64::from(next - f.abs())
        }
        _ => {
            let next = f64::from_bits(x.abs().to_bits() + 1);
            next - x.abs()
        }
    }
}

/// Check one expectation; `Err` says which element differs.
fn check(check: &str, ty: &str, got: &[u8], want: &[u8]) -> Result<(), String> {
    if check == "exact" {
        if got == want {
            return Ok(());
        }
        let at = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(0);
        return Err(format!(
            "first differing byte {at}: got {:02x?} want {:02x?}",
            &got[at..(at + 8).min(got.len())],
            &want[at..(at + 8).min(want.len())]
        ));
    }
    let bounds: Vec<(f64, f64)> = check
        .trim_start_matches("tol=")
        .split(',')
        .map(|b| {
            let (u, a) = b.split_once('/').expect("U/A");
            (u.parse().expect("ulp"), a.parse().expect("abs"))
        })
        .collect();
    let size = if ty == "f64" { 8 } else { 4 };
    for i in 0..want.len() / size {
        let (g, w) = (float_at(ty, got, i).unwrap_or(f64::NAN), float_at(ty, want, i).unwrap_or(f64::NAN));
        let (u, a) = bounds[i % bounds.len()];
        let ok = g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= a.max(u * ulp(ty, w));
        if !ok {
            return Err(format!("element {i}: got {g:e}, want {w:e} within {u} ulp / {a:e}"));
        }
    }
    Ok(())
}

/// Run one row on one module; `Err` says what went wrong.
pub fn run_row(
    dev: &MockDevice,
    rt: &Runtime<&MockDevice>,
    cubins: &Path,
    module: &str,
    c: &[&str],
) -> Result<(), String> {
    let cubin = std::fs::read(cubins.join(format!("{module}.cubin"))).map_err(|e| e.to_string())?;
    // The whole module, freshly loaded (globals at their initial values):
    // its relocations applied, its constant banks bound.
    let m = rt.load_module(&cubin).map_err(|e| format!("load: {e}"))?;
    let p = m.kernel(c[1]).map_err(|e| format!("kernel: {e}"))?;
    let params: Vec<Param> = c[6].split(';').map(param).collect();
    let mut bufs: Vec<Option<Buffer>> = Vec::new();
    let mut args = Vec::new();
    for prm in &params {
        match prm {
            Param::Buf(bytes) => {
                let b = dev.alloc(AllocRequest::new(bytes.len().max(256) as u64)).map_err(|e| e.to_string())?;
                rt.copyin(&b, 0, bytes).map_err(|e| e.to_string())?;
                args.push(Arg::U64(b.gpu_va()));
                bufs.push(Some(b));
            }
            Param::Null => {
                args.push(Arg::U64(0));
                bufs.push(None);
            }
            Param::Scalar(a) => {
                args.push(a.clone());
                bufs.push(None);
            }
        }
    }
    let mut d = LaunchDims::new(dims(c[2]), dims(c[3]));
    d.shared_mem = c[4].parse().map_err(|_| "dynamic shared")?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    let mut q = Queue::compute();
    q.launch(&p, d, &p.pack_args(&args).map_err(|e| format!("args: {e}"))?).signal(&s, 1u64);
    rt.submit(&q, &[]).map_err(|e| format!("submit: {e}"))?;
    dev.signal_wait(&s, 1, Duration::from_secs(60)).map_err(|e| format!("run: {e}"))?;
    let mut result = Ok(());
    for e in c[7].split(';') {
        let f: Vec<&str> = e.splitn(4, ':').collect();
        let idx: usize = f[0].parse().expect("param index");
        let want = hex(f[3]);
        let Some(Some(b)) = bufs.get(idx) else { return Err(format!("expectation names param {idx}, not a buffer")) };
        let mut got = vec![0u8; want.len()];
        rt.copyout(&mut got, b, 0).map_err(|e| e.to_string())?;
        if let Err(why) = check(f[1], f[2], &got, &want) {
            result = Err(format!("param {idx} ({} {}): {why}", f[1], f[2]));
            break;
        }
    }
    drop(q);
    for b in bufs.into_iter().flatten() {
        rt.free(b).map_err(|e| e.to_string())?;
    }
    drop(p);
    rt.free_module(m).map_err(|e| format!("free_module: {e}"))?;
    result
}

/// Every run a manifest names, each module of each row in order, with
/// `filter` choosing rows by "module kernel": the number run and the
/// failures, each "module kernel: why". A failed run gets a fresh runtime
/// (a fault stops the runtime's channels).
pub fn run_manifest(cubins: &Path, manifest: &str, filter: impl Fn(&str) -> bool) -> (usize, Vec<String>) {
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap();
    let fresh = || Runtime::with_config(&dev, 1 << 20, Duration::from_secs(60)).unwrap();
    let mut rt = fresh();
    let (mut ran, mut failures) = (0, Vec::new());
    for line in manifest.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 8, "manifest row {line:.80}");
        for module in c[0].split(',') {
            if !filter(&format!("{module} {}", c[1])) {
                continue;
            }
            ran += 1;
            if let Err(why) = run_row(&dev, &rt, cubins, module, &c) {
                failures.push(format!("{module} {}: {why}", c[1]));
                rt = fresh();
            }
        }
    }
    (ran, failures)
}

/// The "module kernel" a failure of [`run_manifest`] names.
pub fn failure_key(failure: &str) -> &str {
    failure.split(": ").next().unwrap_or(failure)
}

/// Hold `failures` to a known-failures file (one run a line, "module
/// kernel<TAB>cause", `#` comments): every failure must be listed, and every
/// listed run that `listed` keeps must still fail (remove it when it passes).
pub fn check_known(failures: &[String], file: &Path, listed: impl Fn(&str) -> bool) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let known: std::collections::BTreeSet<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').next().unwrap_or(l).trim())
        .filter(|k| listed(k))
        .collect();
    let failed: std::collections::BTreeSet<&str> = failures.iter().map(|f| failure_key(f)).collect();
    let unexpected: Vec<&str> =
        failures.iter().map(String::as_str).filter(|f| !known.contains(failure_key(f))).collect();
    let now_pass: Vec<&&str> = known.iter().filter(|k| !failed.contains(**k)).collect();
    eprintln!("{} runs fail as known ({} listed)", failures.len() - unexpected.len(), known.len());
    assert!(
        unexpected.is_empty(),
        "{} runs failed that are not in {}:\n{}",
        unexpected.len(),
        file.display(),
        unexpected.join("\n")
    );
    assert!(now_pass.is_empty(), "these known failures now pass: remove them from {}:\n{now_pass:?}", file.display());
}
