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

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod manifest;

fn sweep() -> PathBuf {
    std::env::var_os("SWEEP_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../sass/corpus/sweep"))
}

fn key(failure: &str) -> &str {
    failure.split(": ").next().unwrap_or(failure)
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
    let known = std::fs::read_to_string(dir.join("known_failures.txt")).expect("sass/corpus/sweep/known_failures.txt");
    let known: BTreeSet<&str> = known
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').next().unwrap_or(l))
        .collect();
    let failed: BTreeSet<&str> = failures.iter().map(|f| key(f)).collect();
    let unexpected: Vec<&String> = failures.iter().filter(|f| !known.contains(key(f))).collect();
    let now_pass: Vec<&&str> = known.iter().filter(|k| !failed.contains(**k)).collect();
    eprintln!("{} runs fail as known ({} listed)", failures.len() - unexpected.len(), known.len());
    assert!(
        unexpected.is_empty(),
        "{} sweep runs failed that are not known failures:\n{}",
        unexpected.len(),
        unexpected.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    assert!(
        now_pass.is_empty(),
        "these known failures now pass: remove them from sass/corpus/sweep/known_failures.txt:\n{now_pass:?}"
    );
}
