//! A launch's blocks on several host threads (`run_launch_parallel`) give
//! what the sequential run gives: the same memory, the same instruction
//! counts, exact atomics across blocks, the lowest faulting block's fault,
//! and the budget and cancellation still stop it.

use std::sync::atomic::AtomicBool;

use gpuiface_hal::cubin::{Cubin, ModuleImage};
use gpuiface_sass::{
    run_launch, run_launch_parallel, workers_for, Code, ConstBuffer, Fault, FlatMemory, LaunchConfig, LocalMemory,
    Memory,
};

const BASE: u64 = 0x1_0000_0000;
const CODE: u64 = BASE;
const CBUF: u64 = BASE + 0x8_0000;
const OUT: u64 = BASE + 0x10_0000;

fn config(grid: u32, block: u32, registers: u32, cbuf_len: u32) -> LaunchConfig {
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: cbuf_len });
    LaunchConfig {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        registers,
        shared_memory: 0,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: 1 << 30,
    }
}

/// Constant buffer 0: block and grid dimensions, then `params` at `param_offset`.
fn cbuf0(grid: u32, block: u32, param_offset: u32, params: &[u8]) -> Vec<u8> {
    let mut c = vec![0u8; param_offset as usize + params.len()];
    c[0..12].copy_from_slice(&[block, 1, 1].map(u32::to_le_bytes).concat());
    c[12..24].copy_from_slice(&[grid, 1, 1].map(u32::to_le_bytes).concat());
    c[param_offset as usize..].copy_from_slice(params);
    c
}

fn codes(n: usize, base: u64) -> Vec<Code> {
    (0..n).map(|_| Code::new(base)).collect()
}

/// The suite's `spin` kernel: every block writes out[block] from a chain of
/// `iters` steps; (memory, config).
fn spin(grid: u32, iters: u32) -> (FlatMemory, LaunchConfig) {
    let cubin = Cubin::parse(gpuiface_kernels::SPIN.cubin).unwrap();
    let k = cubin.kernel("spin").unwrap();
    let mem = FlatMemory::new(BASE, 0x20_0000);
    mem.store(CODE, &k.code);
    let params = [OUT.to_le_bytes().as_slice(), &iters.to_le_bytes(), &7u32.to_le_bytes()].concat();
    let c = cbuf0(grid, 64, k.attrs.param_offset, &params);
    mem.store(CBUF, &c);
    (mem, config(grid, 64, k.attrs.registers, c.len() as u32))
}

#[test]
fn parallel_blocks_leave_the_memory_and_counts_of_the_sequential_run() {
    let (seq_mem, cfg) = spin(24, 300);
    let seq = run_launch(&mut Code::new(CODE), &seq_mem, &cfg, None).unwrap();
    let (par_mem, _) = spin(24, 300);
    let par = run_launch_parallel(&mut codes(4, CODE), &par_mem, &cfg, None).unwrap();
    assert_eq!(par, seq, "the same warp- and thread-instructions");
    let (a, b) = (seq_mem.load(OUT, 8 * 24), par_mem.load(OUT, 8 * 24));
    assert_eq!(a, b);
    // And the result is the kernel's: out[block] = tag << 32 | chain.
    let mut x = 7u32;
    for _ in 0..300 {
        x = x.wrapping_mul(1664525).wrapping_add(1013904223);
    }
    for blk in 0..24 {
        let v = u64::from_le_bytes(b[8 * blk..8 * blk + 8].try_into().unwrap());
        assert_eq!(v, (7u64 << 32) | u64::from(x), "block {blk}");
    }
}

#[test]
fn many_blocks_taken_a_few_at_a_time_run_each_block_once() {
    // 1,000 blocks: each worker takes several at once from the shared
    // counter (1000 / (workers * 32) of them), the last take a partial one.
    // Every block runs once and none past the grid: the same counts and
    // the same memory, up to past the grid's end, as the sequential run.
    let grid = 1000;
    let (seq_mem, cfg) = spin(grid, 3);
    let seq = run_launch(&mut Code::new(CODE), &seq_mem, &cfg, None).unwrap();
    for workers in [2, 3] {
        let (par_mem, _) = spin(grid, 3);
        let par = run_launch_parallel(&mut codes(workers, CODE), &par_mem, &cfg, None).unwrap();
        assert_eq!(par, seq, "{workers} workers: the same warp- and thread-instructions");
        let len = 8 * (grid as usize + 64);
        assert!(seq_mem.load(OUT, len) == par_mem.load(OUT, len), "{workers} workers: the same memory");
    }
}

#[test]
fn atomics_across_blocks_lose_no_update() {
    // module_ops' mod_scale: out[t] = t * coeffs[1] + coeffs[0], and one
    // atomic add to the module's global `counter` per thread, in every block.
    let m = ModuleImage::parse(gpuiface_kernels::MODULE_OPS.cubin).unwrap();
    let k = m.kernel("mod_scale").unwrap();
    let image_va = BASE + 0x4_0000;
    let mem = FlatMemory::new(BASE, 0x20_0000);
    mem.store(image_va, &m.relocated(image_va).unwrap());
    let (grid, block, n) = (48u32, 64u32, 40u32);
    let params = [OUT.to_le_bytes().as_slice(), &n.to_le_bytes()].concat();
    let c = cbuf0(grid, block, k.attrs.param_offset, &params);
    mem.store(CBUF, &c);
    let mut cfg = config(grid, block, k.attrs.registers, c.len() as u32);
    for b in &k.banks {
        cfg.const_buffers[b.bank as usize] = Some(ConstBuffer { va: image_va + b.offset, size: b.size });
    }
    let code_va = image_va + k.code_offset;
    let stats = run_launch_parallel(&mut codes(4, code_va), &mem, &cfg, None).unwrap();
    assert!(stats.thread_instructions > 0);
    let counter = m.symbol("counter").unwrap().offset + image_va;
    let mut got = [0u8; 4];
    mem.read(counter, &mut got).unwrap();
    assert_eq!(u32::from_le_bytes(got), grid * n, "one atomic add per thread below n, in every block");
    let out = mem.load(OUT, 4 * n as usize);
    for t in 0..n as usize {
        assert_eq!(u32::from_le_bytes(out[4 * t..4 * t + 4].try_into().unwrap()), t as u32 * 5 + 3, "out[{t}]");
    }
}

#[test]
fn the_lowest_faulting_block_is_reported() {
    // fault_store: thread 0 of every block stores to an unmapped address.
    let cubin = Cubin::parse(gpuiface_kernels::FAULT_STORE.cubin).unwrap();
    let k = cubin.kernel("fault_store").unwrap();
    let mem = FlatMemory::new(BASE, 0x20_0000);
    mem.store(CODE, &k.code);
    let bad = 0x7_0000_0000u64;
    let c = cbuf0(16, 32, k.attrs.param_offset, &bad.to_le_bytes());
    mem.store(CBUF, &c);
    let cfg = config(16, 32, k.attrs.registers, c.len() as u32);
    let seq = run_launch(&mut Code::new(CODE), &mem, &cfg, None).unwrap_err();
    let par = run_launch_parallel(&mut codes(3, CODE), &mem, &cfg, None).unwrap_err();
    assert!(matches!(par, Fault::Mmu { va, write: true, .. } if va == bad), "{par}");
    assert_eq!(par, seq);
}

#[test]
fn the_budget_and_cancellation_stop_every_worker() {
    let (mem, mut cfg) = spin(8, u32::MAX);
    cfg.max_warp_instructions = 20_000;
    let e = run_launch_parallel(&mut codes(4, CODE), &mem, &cfg, None).unwrap_err();
    assert_eq!(e, Fault::Stopped("the launch ran past its instruction budget"));
    cfg.max_warp_instructions = u64::MAX;
    let cancel = AtomicBool::new(true);
    let e = run_launch_parallel(&mut codes(4, CODE), &mem, &cfg, Some(&cancel)).unwrap_err();
    assert_eq!(e, Fault::Stopped("the channel was closed"));
}

#[test]
fn workers_are_bounded_by_blocks_and_local_memory() {
    let mut cfg = config(3, 64, 32, 0x200);
    assert_eq!(workers_for(&cfg, 8), 3, "no more workers than blocks");
    assert_eq!(workers_for(&cfg, 0), 1);
    // 0x100 bytes per thread, 64 threads a block: 16 KiB a block; 40 KiB bound: 2 blocks at once.
    cfg.local_memory = Some(LocalMemory { base: BASE, size: 40 << 10, low: 0, high: 0x100 });
    assert_eq!(workers_for(&cfg, 8), 2);
    cfg.local_memory = Some(LocalMemory { base: BASE, size: 1 << 10, low: 0, high: 0x100 });
    assert_eq!(workers_for(&cfg, 8), 1, "at least one, even when one block does not fit");
}
