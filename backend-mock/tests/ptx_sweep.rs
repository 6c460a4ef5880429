//! The PTX sweep (`sass/corpus/sweep/`, issue 38 item 3): every compute
//! instruction PTX allows on sm_87, with its types, modifiers and operand
//! kinds (registers, immediates, kernel parameters in constant bank 0,
//! uniform values, loop counters), memory of every space and width, atomics
//! and reductions, warp and barrier operations, compiled by ptxas at -O3 and
//! -O0. Every kernel runs on the mock through the public runtime API and
//! must leave exactly the reference bytes (or, for .approx instructions,
//! values within the stated bound).
//!
//! `SWEEP_ONLY=<substring of "module kernel">` runs a subset while working on
//! the interpreter (the known-failure checks then do not apply);
//! `SWEEP_DIR=<dir>` runs a sweep written elsewhere (`gen.py <dir>` and ptxas).

use std::path::{Path, PathBuf};

mod manifest;

fn sweep() -> PathBuf {
    std::env::var_os("SWEEP_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../sass/corpus/sweep"))
}

#[test]
fn every_sweep_kernel_gives_its_reference_result() {
    let dir = sweep();
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).expect("sass/corpus/sweep/manifest.tsv");
    let only = std::env::var("SWEEP_ONLY").ok();
    let (ran, failures) =
        manifest::run_manifest(&dir.join("sm_87"), &text, |k| only.as_deref().is_none_or(|o| k.contains(o)));
    eprintln!("{ran} sweep kernel runs, {} failed", failures.len());
    if only.is_some() || std::env::var_os("SWEEP_DIR").is_some() {
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        return;
    }
    assert!(ran >= 800, "the manifest names {ran} runs");
    // Runs that fail today, one per line ("module kernel<TAB>cause"): each
    // must still fail (remove it when it passes), and nothing else may.
    manifest::check_known(&failures, &dir.join("known_failures.txt"), |_| true);
}

/// Triage: `SWEEP_DUMP="<module> <kernel>" cargo test -p gpuiface-mock --test ptx_sweep -- --ignored dump`
/// runs one row and prints every element of its output buffers that differs from the reference
/// (byte offset, got, want), for `sass/corpus/sweep/triage.py` to name the form and modifiers.
#[test]
#[ignore]
fn dump() {
    use gpuiface_hal::{AllocRequest, GpuIface};
    use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
    use gpuiface_nvgpu::mock::{open_with, MockKernel};
    use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};
    use std::time::Duration;
    let want = std::env::var("SWEEP_DUMP").expect("SWEEP_DUMP=<module> <kernel>");
    let (module, kernel) = want.split_once(' ').expect("module kernel");
    let dir = sweep();
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).unwrap();
    let row = text.lines().find(|l| l.split('\t').nth(1) == Some(kernel)).expect("row");
    let c: Vec<&str> = row.split('\t').collect();
    let hex = |s: &str| -> Vec<u8> {
        (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
    };
    let dims = |s: &str| -> [u32; 3] {
        let v: Vec<u32> = s.split(',').map(|x| x.parse().unwrap()).collect();
        [v[0], v[1], v[2]]
    };
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap();
    let rt = Runtime::with_config(&dev, 1 << 20, Duration::from_secs(60)).unwrap();
    let m = rt.load_module(&std::fs::read(dir.join("sm_87").join(format!("{module}.cubin"))).unwrap()).unwrap();
    let p = m.kernel(kernel).unwrap();
    let (mut bufs, mut args) = (Vec::new(), Vec::new());
    for prm in c[6].split(';') {
        let (kind, v) = prm.split_once(':').unwrap_or((prm, ""));
        let bytes = match kind {
            "in" | "io" => Some(hex(v)),
            "out" => Some(vec![0; v.parse().unwrap()]),
            _ => None,
        };
        match (kind, bytes) {
            (_, Some(bytes)) => {
                let b = dev.alloc(AllocRequest::new(bytes.len().max(256) as u64)).unwrap();
                rt.copyin(&b, 0, &bytes).unwrap();
                args.push(Arg::U64(b.gpu_va()));
                bufs.push(Some(b));
            }
            ("null", None) => {
                args.push(Arg::U64(0));
                bufs.push(None);
            }
            (k, None) => {
                args.push(match k {
                    "u32" => Arg::U32(v.parse().unwrap()),
                    "b16" => Arg::U16(u16::from_str_radix(v, 16).unwrap()),
                    "b32" => Arg::U32(u32::from_str_radix(v, 16).unwrap()),
                    _ => Arg::U64(u64::from_str_radix(v, 16).unwrap()),
                });
                bufs.push(None);
            }
        }
    }
    let mut d = LaunchDims::new(dims(c[2]), dims(c[3]));
    d.shared_mem = c[4].parse().unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&p, d, &p.pack_args(&args).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(60)).unwrap();
    for e in c[7].split(';') {
        let f: Vec<&str> = e.splitn(4, ':').collect();
        let idx: usize = f[0].parse().unwrap();
        let want = hex(f[3]);
        let mut got = vec![0u8; want.len()];
        rt.copyout(&mut got, bufs[idx].as_ref().unwrap(), 0).unwrap();
        let size = match f[2] {
            "f64" | "u64" | "s64" | "b64" => 8,
            "f16" | "bf16" | "u16" | "s16" | "b16" => 2,
            "u8" | "s8" => 1,
            _ => 4,
        };
        for (k, (g, w)) in got.chunks(size).zip(want.chunks(size)).enumerate() {
            if g != w {
                let le = |b: &[u8]| b.iter().rev().map(|x| format!("{x:02x}")).collect::<String>();
                println!("DIFF {idx} {} {} {}", k * size, le(g), le(w));
            }
        }
    }
}
