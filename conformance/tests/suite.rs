//! Every conformance case on every backend, each a separate test
//! (libtest-mimic: the list of backends is only known at run time).
//! A backend this machine lacks is listed with its cases ignored.

use gpuiface::BackendKind;
use gpuiface_conformance::{run_case, Outcome, CASES};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for kind in [BackendKind::Mock, BackendKind::Nvgpu] {
        for case in CASES.iter() {
            let name = format!("{kind}::{}", case.name);
            let case = *case;
            let trial = Trial::test(name, move || match run_case(&case, kind) {
                Outcome::Passed | Outcome::ExpectedFailure(_) => Ok(()),
                Outcome::Failed(why) => Err(Failed::from(why)),
                Outcome::UnexpectedPass(reason) => {
                    Err(Failed::from(format!("passed but expected to fail on {kind}: {reason}")))
                }
            });
            trials.push(trial.with_ignored_flag(!kind.available()));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
