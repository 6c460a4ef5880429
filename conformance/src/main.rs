//! The conformance runner:
//! `cargo run -p gpuiface-conformance -- --backend auto|mock|nvgpu [--filter TEXT]`.
//!
//! Prints one line per (backend, case), then `N passed, N failed`; exits
//! non-zero on any failure (an unexpected pass counts as one).

use gpuiface::BackendKind;
use gpuiface_conformance::{available_backends, run_case, Outcome, CASES};

fn usage() -> ! {
    eprintln!("usage: gpuiface-conformance [--backend auto|mock|nvgpu] [--filter TEXT]");
    std::process::exit(2)
}

fn main() {
    let mut backend = "auto".to_string();
    let mut filter = String::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--backend" => backend = args.next().unwrap_or_else(|| usage()),
            "--filter" => filter = args.next().unwrap_or_else(|| usage()),
            "-h" | "--help" => usage(),
            _ => usage(),
        }
    }
    let kinds = match BackendKind::parse(&backend) {
        Ok(Some(k)) => vec![k],
        Ok(None) => available_backends(),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2)
        }
    };
    let (mut passed, mut failed) = (0usize, 0usize);
    for kind in kinds {
        if !kind.available() {
            eprintln!("backend {kind} is not available on this machine ({})", gpuiface::NVGPU_CTRL_PATH);
            std::process::exit(2);
        }
        println!("# backend {kind}");
        for case in CASES.iter().filter(|c| c.name.contains(&filter)) {
            let outcome = run_case(case, kind);
            let line = match &outcome {
                Outcome::Passed => format!("ok      {kind:<5} {}", case.name),
                Outcome::ExpectedFailure(r) => format!("xfail   {kind:<5} {} ({r})", case.name),
                Outcome::Failed(why) => format!("FAILED  {kind:<5} {}: {why}", case.name),
                Outcome::UnexpectedPass(r) => format!("XPASS   {kind:<5} {} (expected to fail: {r})", case.name),
            };
            println!("{line}");
            if outcome.ok() {
                passed += 1
            } else {
                failed += 1
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
