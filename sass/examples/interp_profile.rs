//! Run one of the interpreter benchmark's kernels once on the interpreter,
//! on the caller's thread: the driver for `valgrind --tool=callgrind` when
//! finding where the interpreter's time goes (BENCHMARKS.md, [P]).
//!
//! ```sh
//! interp_profile [saxpy|sgemm|softmax|histogram|scan|divergent] [size]
//! ```
//!
//! The kernel defaults to saxpy; the size to one that runs 1-9 M
//! thread-instructions (saxpy 64 Ki elements, SGEMM 128³, softmax 128 rows,
//! histogram 512 Ki words, scan 128 Ki words, Collatz 4 Ki numbers). It
//! prints the launch's warp- and thread-instructions; the launch alone is
//! `interp_profile::launch`, so
//! `valgrind --tool=callgrind --toggle-collect=interp_profile::launch ...`
//! counts only the interpreter's host instructions: divide callgrind's total
//! by the thread-instructions. Afterwards it checks the output against the
//! native loop's (outside `launch`).

#[path = "../benches/interp/workloads.rs"]
mod workloads;

use std::process::ExitCode;

use gpuiface_sass::{Code, Fault, Stats};
use workloads::{Kernel, Workload};

/// The launch callgrind counts (`--toggle-collect=interp_profile::launch`).
#[inline(never)]
fn launch(w: &Workload, code: &mut Code) -> Result<Stats, Fault> {
    w.run(code)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "saxpy".into());
    let Some(kernel) = Kernel::by_name(&name) else {
        let names: Vec<_> = Kernel::ALL.iter().map(|k| k.name()).collect();
        eprintln!("usage: interp_profile [{}] [size]", names.join("|"));
        return ExitCode::from(2);
    };
    let size = match args.next().map(|s| s.parse::<u32>()) {
        None => kernel.profile_size(),
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("interp_profile: size: {e}");
            return ExitCode::from(2);
        }
    };
    let w = Workload::new(kernel, size);
    let stats = match launch(&w, &mut w.code()) {
        Ok(s) => s,
        Err(f) => {
            eprintln!("{}: {f}", kernel.label(size));
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{}: {} blocks, {} warp-instructions, {} thread-instructions",
        kernel.label(size),
        w.blocks(),
        stats.warp_instructions,
        stats.thread_instructions
    );
    match w.check() {
        Ok(how) => {
            println!("output checked against the native loop: {how}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("wrong output: {e}");
            ExitCode::FAILURE
        }
    }
}
