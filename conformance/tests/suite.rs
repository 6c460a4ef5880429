//! Every conformance case on every backend, each a separate test
//! (libtest-mimic: the list of backends is only known at run time).
//! A backend this machine lacks is listed with its cases ignored. The cases
//! that deliberately fault the GPU run on the mock; on the real kernel only
//! with `GPUIFACE_ALLOW_FAULTS=1` (the runner's `--allow-faults`). A case
//! not applicable to a backend (a mock-only case on the real kernel) is
//! listed as ignored there.
//!
//! Each case runs with the library's deadline and leak check
//! (`gpuiface_conformance::guard`): a leak fails the case that left it, and
//! a case past its deadline fails as timed out while the others go on.

use gpuiface::BackendKind;
use gpuiface_conformance::{run_case, Ctx, Outcome, CASES, FAULTING_CASES};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for kind in [BackendKind::Mock, BackendKind::Nvgpu] {
        let allow_faults = kind == BackendKind::Mock || std::env::var_os("GPUIFACE_ALLOW_FAULTS").is_some();
        let faulting = FAULTING_CASES.iter().map(|c| (c, true));
        for (case, faults) in CASES.iter().map(|c| (c, false)).chain(faulting) {
            let name = format!("{kind}::{}", case.name);
            let case = *case;
            let applicable = case.applies_to(&Ctx::builtin(kind)).is_ok();
            let trial = Trial::test(name, move || match run_case(&case, kind) {
                Outcome::Passed | Outcome::ExpectedFailure(_) | Outcome::NotApplicable(_) => Ok(()),
                Outcome::Failed(why) => Err(Failed::from(why)),
                Outcome::UnexpectedPass(reason) => {
                    Err(Failed::from(format!("passed but expected to fail on {kind}: {reason}")))
                }
                Outcome::TimedOut(t) => Err(Failed::from(format!("still running after {t:?}: timed out"))),
            });
            trials.push(trial.with_ignored_flag(!kind.available() || !applicable || (faults && !allow_faults)));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
