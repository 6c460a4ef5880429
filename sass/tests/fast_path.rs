//! The interpreter's fast paths (a converged warp stepping as one, whole-warp
//! arithmetic, one copy per coalesced access; `gpuiface_sass::set_fast_path`)
//! against the per-lane path they replace: the same kernels, run both ways,
//! must leave the same bytes in memory and execute the same warp- and
//! thread-instructions (so the schedule itself is the same), and the
//! results must be right.
//!
//! One test in its own binary: the switch is process-wide. The corpus, the
//! random programs and the PTX sweep also run with the fast paths off in CI
//! (`GPUIFACE_SASS_PER_LANE=1`), against their exact references.

use gpuiface_sass::{run_launch, set_fast_path, Code, ConstBuffer, FlatMemory, LaunchConfig, Stats};

const BASE: u64 = 0x1_0000_0000;
const CBUF: u64 = BASE + 0x1_0000;
const DATA: u64 = BASE + 0x10_0000;
const DATA_LEN: usize = 0x10_0000;

/// One suite kernel's launch on flat memory: its parameters and inputs.
struct Launch {
    kernel: &'static gpuiface_kernels::SuiteKernel,
    grid: u32,
    block: u32,
    params: Vec<u8>,
    inputs: Vec<(u64, Vec<u8>)>,
}

/// Run `l` and return all of its data memory and the launch's counts.
fn run(l: &Launch) -> (Vec<u8>, Stats) {
    let cubin = gpuiface_hal::cubin::Cubin::parse(l.kernel.cubin).expect("suite cubin");
    let k = cubin.kernel(l.kernel.name).expect("suite kernel");
    let mem = FlatMemory::new(BASE, (DATA - BASE) as usize + DATA_LEN);
    mem.store(BASE, &k.code);
    let mut cbuf = vec![0u8; 0x200];
    cbuf[0..12].copy_from_slice(&[l.block, 1, 1].map(u32::to_le_bytes).concat());
    cbuf[12..24].copy_from_slice(&[l.grid, 1, 1].map(u32::to_le_bytes).concat());
    let p = k.attrs.param_offset as usize;
    cbuf[p..p + l.params.len()].copy_from_slice(&l.params);
    mem.store(CBUF, &cbuf);
    for (va, bytes) in &l.inputs {
        mem.store(*va, bytes);
    }
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: cbuf.len() as u32 });
    let cfg = LaunchConfig {
        grid: [l.grid, 1, 1],
        block: [l.block, 1, 1],
        registers: k.attrs.registers,
        shared_memory: k.attrs.shared_static + k.attrs.shared_reserved,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: 1 << 32,
    };
    let stats = run_launch(&mut Code::new(BASE), &mem, &cfg, None).expect("the kernel runs");
    (mem.load(DATA, DATA_LEN), stats)
}

fn words(v: impl IntoIterator<Item = u32>) -> Vec<u8> {
    v.into_iter().flat_map(u32::to_le_bytes).collect()
}

#[test]
fn fast_and_per_lane_paths_leave_the_same_bytes_after_the_same_instructions() {
    // saxpy over 1000 elements: the last block's last warp has 8 live lanes
    // (partial masks in the coalesced path and the blends), and lanes past
    // n exit early (a divergent EXIT).
    let n = 1000u32;
    let (x, y) = (DATA, DATA + 0x1_0000);
    let xs: Vec<f32> = (0..n).map(|i| i as f32 * 0.75 - 100.0).collect();
    let ys: Vec<f32> = (0..n).map(|i| (i as f32).sqrt()).collect();
    let saxpy = Launch {
        kernel: &gpuiface_kernels::SAXPY,
        grid: n.div_ceil(256),
        block: 256,
        params: [x.to_le_bytes().as_slice(), &y.to_le_bytes(), &2.5f32.to_le_bytes(), &n.to_le_bytes()].concat(),
        inputs: vec![(x, words(xs.iter().map(|v| v.to_bits()))), (y, words(ys.iter().map(|v| v.to_bits())))],
    };
    // reduce_sum: shared memory, a barrier per level and a shrinking set of
    // active lanes (divergence inside the warps, then whole warps idle).
    let (input, out) = (DATA + 0x2_0000, DATA + 0x3_0000);
    let vals: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
    let reduce = Launch {
        kernel: &gpuiface_kernels::REDUCE_SUM,
        grid: n.div_ceil(256),
        block: 256,
        params: [input.to_le_bytes().as_slice(), &out.to_le_bytes(), &n.to_le_bytes()].concat(),
        inputs: vec![(input, words(vals.iter().copied()))],
    };
    for launch in [&saxpy, &reduce] {
        set_fast_path(true);
        let (fast, fast_stats) = run(launch);
        set_fast_path(false);
        let (slow, slow_stats) = run(launch);
        set_fast_path(true);
        let name = launch.kernel.name;
        assert_eq!(fast_stats, slow_stats, "{name}: the same instructions on both paths");
        assert!(fast == slow, "{name}: the same bytes on both paths");
        // And both are right.
        if name == "saxpy" {
            for i in 0..n as usize {
                let got = f32::from_bits(u32::from_le_bytes(fast[0x1_0000 + 4 * i..][..4].try_into().unwrap()));
                assert_eq!(got.to_bits(), 2.5f32.mul_add(xs[i], ys[i]).to_bits(), "saxpy[{i}]");
            }
        } else {
            for b in 0..n.div_ceil(256) as usize {
                let want = vals[256 * b..(256 * b + 256).min(n as usize)].iter().fold(0u32, |s, v| s.wrapping_add(*v));
                let got = u32::from_le_bytes(fast[0x3_0000 + 4 * b..][..4].try_into().unwrap());
                assert_eq!(got, want, "reduce_sum block {b}");
            }
        }
    }
}
