//! Run the conformance suite on every backend available here and print the
//! report: one line per case (`PASS`, `XFAIL` with its reason, `FAIL` with
//! why, `XPASS`), then the totals (the same cases `cargo test -p
//! gpuiface-conformance` runs).
//!
//! ```sh
//! cargo run -p gpuiface-examples --example conformance_report
//! ```

use gpuiface_conformance::{available_backends, run_case, Outcome, SuiteReport, CASES};

fn main() {
    let mut failed = 0;
    for kind in available_backends() {
        let outcomes: Vec<_> = CASES.iter().map(|case| (case.name, run_case(case, kind))).collect();
        let count = |f: fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| f(o)).count();
        let (passed, xfail, fail, xpass) = (
            count(|o| matches!(o, Outcome::Passed)),
            count(|o| matches!(o, Outcome::ExpectedFailure(_))),
            count(|o| matches!(o, Outcome::Failed(_))),
            count(|o| matches!(o, Outcome::UnexpectedPass(_))),
        );
        let report = SuiteReport { backend: kind.name().to_string(), outcomes };
        println!("# {kind}\n{report}");
        println!(
            "{kind:<6} {:>3} cases: {passed} passed, {xfail} expected failures, {fail} failed, {xpass} unexpected passes\n",
            CASES.len()
        );
        failed += fail + xpass;
    }
    std::process::exit(i32::from(failed > 0));
}
