//! The interpreter benchmark's kernels (`sass/benches/interp.rs`: saxpy and
//! the CUDA C of `kernels/cuda/bench.cu`) at small sizes, as a correctness
//! check: each launch's output is the native loop's (exactly, but for
//! softmax's `expf`; see `benches/interp/workloads.rs`), with its blocks on
//! one host thread and on four, with the same instruction counts.

#[path = "../benches/interp/workloads.rs"]
mod workloads;

use workloads::{Kernel, Workload};

#[test]
fn bench_kernels_give_the_native_loops_output() {
    for kernel in Kernel::ALL {
        let w = Workload::new(kernel, kernel.test_size());
        let label = kernel.label(w.size);
        assert!(w.blocks() >= 4, "{label}: {} blocks", w.blocks());
        let one = w.run(&mut w.code()).unwrap_or_else(|f| panic!("{label}: {f}"));
        w.check().unwrap_or_else(|e| panic!("one thread: {e}"));
        w.reset();
        let mut codes: Vec<_> = (0..4).map(|_| w.code()).collect();
        let four = w.run_parallel(&mut codes).unwrap_or_else(|f| panic!("{label}, 4 threads: {f}"));
        w.check().unwrap_or_else(|e| panic!("four threads: {e}"));
        assert_eq!(four, one, "{label}: the same instructions on four threads as on one");
        assert!(one.thread_instructions > u64::from(w.size), "{label}: {one:?}");
    }
}

/// The divergent kernel diverges: its warps run well under 32 lanes on
/// average (the uniform kernels run nearly all 32).
#[test]
fn the_divergent_kernel_diverges_and_the_others_do_not() {
    for kernel in Kernel::ALL {
        let w = Workload::new(kernel, kernel.test_size());
        let s = w.run(&mut w.code()).unwrap();
        let lanes = s.thread_instructions as f64 / s.warp_instructions as f64;
        if kernel == Kernel::Divergent {
            assert!(lanes < 16.0, "collatz: {lanes:.1} lanes per warp-instruction");
        } else {
            assert!(lanes > 24.0, "{}: {lanes:.1} lanes per warp-instruction", kernel.name());
        }
    }
}
