//! Run the conformance suite on every backend available here and print the
//! report: one line per case (`PASS`, `XFAIL` with its reason, `FAIL` with
//! why, `XPASS`, not applicable, timed out), then the totals (the same cases
//! `cargo test -p gpuiface-conformance` runs). Exits 1 when a case failed,
//! passed unexpectedly or timed out.
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
        let (not_applicable, timed_out) =
            (count(|o| matches!(o, Outcome::NotApplicable(_))), count(|o| matches!(o, Outcome::TimedOut(_))));
        let bad = count(Outcome::bad);
        let report = SuiteReport { backend: kind.name().to_string(), outcomes };
        println!("# {kind}\n{report}");
        println!(
            "{kind:<6} {:>3} cases: {passed} passed, {xfail} expected failures, {fail} failed, {xpass} unexpected passes, \
             {not_applicable} not applicable, {timed_out} timed out\n",
            CASES.len()
        );
        failed += bad;
    }
    std::process::exit(i32::from(failed > 0));
}
