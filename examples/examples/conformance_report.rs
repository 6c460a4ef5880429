//! Run the conformance suite on every backend available here and print a
//! report (the same cases `cargo test -p gpuiface-conformance` runs).
//!
//! ```sh
//! cargo run -p gpuiface-examples --example conformance_report
//! ```

use gpuiface_conformance::{available_backends, run_case, Outcome, CASES};

fn main() {
    let mut failed = 0;
    for kind in available_backends() {
        let mut counts = [0usize; 4];
        for case in CASES.iter() {
            let o = run_case(case, kind);
            let slot = match &o {
                Outcome::Passed => 0,
                Outcome::ExpectedFailure(_) => 1,
                Outcome::Failed(_) => 2,
                Outcome::UnexpectedPass(_) => 3,
            };
            counts[slot] += 1;
            if !o.ok() {
                println!("  {kind}: {} -> {o:?}", case.name);
            }
        }
        failed += counts[2] + counts[3];
        println!(
            "{kind:<6} {:>3} cases: {} passed, {} expected failures, {} failed, {} unexpected passes",
            CASES.len(),
            counts[0],
            counts[1],
            counts[2],
            counts[3]
        );
    }
    std::process::exit(i32::from(failed > 0));
}
