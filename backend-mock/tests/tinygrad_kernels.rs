//! tinygrad's kernels (`sass/corpus/tinygrad/`, issue 38 item 4): CUDA C
//! rendered by tinygrad 0.14.0's CUDARenderer for sm_87, compiled by NVRTC
//! 12.9, run on the mock through the public runtime API, with the bytes
//! tinygrad's CPU device computed for the same kernel as the reference (or
//! a tolerance for transcendental functions and reordered float sums).
//! Runs listed in `sass/corpus/tinygrad/known_failures.txt` must still fail;
//! nothing else may.

use std::path::{Path, PathBuf};

mod manifest;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../sass/corpus/tinygrad")
}

#[test]
fn every_tinygrad_kernel_gives_tinygrads_cpu_result() {
    let manifest = std::fs::read_to_string(dir().join("manifest.tsv")).expect("sass/corpus/tinygrad/manifest.tsv");
    // TINYGRAD_ONLY=<substring of "module kernel"> runs a subset; the
    // known-failure checks then do not apply.
    let only = std::env::var("TINYGRAD_ONLY").ok();
    let (ran, failures) =
        manifest::run_manifest(&dir().join("sm_87"), &manifest, |k| only.as_deref().is_none_or(|o| k.contains(o)));
    eprintln!("{ran} tinygrad kernel runs, {} failed", failures.len());
    for f in &failures {
        eprintln!("  {f}");
    }
    if only.is_some() {
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        return;
    }
    assert!(ran >= 50, "the manifest names {ran} runs");
    manifest::check_known(&failures, &dir().join("known_failures.txt"), |_| true);
}
