//! The interpreter's speed: thread-instructions per second on one core,
//! and an interpreted saxpy of 1 M elements against a native Rust loop over
//! the same data in the same run (the baseline).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gpuiface_sass::{run_launch, run_launch_parallel, Code, ConstBuffer, FlatMemory, LaunchConfig, Memory};

const BASE: u64 = 0x1_0000_0000;
const N: u32 = 1 << 20;

/// The saxpy suite kernel laid out in flat memory: code, cbuf0, x, y.
struct Saxpy {
    mem: FlatMemory,
    cfg: LaunchConfig,
    code_va: u64,
}

fn saxpy() -> Saxpy {
    let cubin = gpuiface_hal::cubin::Cubin::parse(gpuiface_kernels::SAXPY.cubin).unwrap();
    let k = cubin.kernel("saxpy").unwrap();
    let (code_va, cbuf_va, x_va, y_va) = (BASE, BASE + 0x1_0000, BASE + 0x10_0000, BASE + 0x10_0000 + 4 * N as u64);
    let mem = FlatMemory::new(BASE, 0x10_0000 + 8 * N as usize);
    mem.store(code_va, &k.code);
    let (block, grid) = (256u32, N / 256);
    let mut cbuf = vec![0u8; 0x180];
    cbuf[0..12].copy_from_slice(&[block, 1, 1].map(u32::to_le_bytes).concat());
    cbuf[12..24].copy_from_slice(&[grid, 1, 1].map(u32::to_le_bytes).concat());
    let p = k.attrs.param_offset as usize;
    cbuf[p..p + 8].copy_from_slice(&x_va.to_le_bytes());
    cbuf[p + 8..p + 16].copy_from_slice(&y_va.to_le_bytes());
    cbuf[p + 16..p + 20].copy_from_slice(&2.5f32.to_le_bytes());
    cbuf[p + 20..p + 24].copy_from_slice(&N.to_le_bytes());
    mem.store(cbuf_va, &cbuf);
    let xs: Vec<u8> = (0..N).flat_map(|i| (i as f32 * 0.5).to_le_bytes()).collect();
    mem.store(x_va, &xs);
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: cbuf_va, size: cbuf.len() as u32 });
    let cfg = LaunchConfig {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        registers: k.attrs.registers,
        shared_memory: 0,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: u64::MAX,
    };
    Saxpy { mem, cfg, code_va }
}

fn bench(c: &mut Criterion) {
    let s = saxpy();
    let mut code = Code::new(s.code_va);
    let stats = run_launch(&mut code, &s.mem, &s.cfg, None).unwrap();
    let mut g = c.benchmark_group("interpreter");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(stats.thread_instructions));
    g.bench_function("saxpy 1M (thread-instructions)", |b| {
        b.iter(|| black_box(run_launch(&mut code, &s.mem, &s.cfg, None).unwrap()))
    });
    // The same launch with its blocks on two host threads (the mock's
    // default outside the stepped mode uses the host's cores, at most 8).
    let mut codes: Vec<Code> = (0..2).map(|_| Code::new(s.code_va)).collect();
    g.bench_function("saxpy 1M, blocks on 2 threads (thread-instructions)", |b| {
        b.iter(|| black_box(run_launch_parallel(&mut codes, &s.mem, &s.cfg, None).unwrap()))
    });
    g.throughput(Throughput::Elements(u64::from(N)));
    let mut x = vec![0f32; N as usize];
    let mut y = vec![0f32; N as usize];
    for (i, v) in x.iter_mut().enumerate() {
        *v = i as f32 * 0.5;
    }
    g.bench_function("saxpy 1M native Rust loop (baseline)", |b| {
        b.iter(|| {
            for (y, x) in y.iter_mut().zip(&x) {
                *y = black_box(2.5f32).mul_add(*x, *y);
            }
            black_box(&y);
        })
    });
    g.finish();
    // Results are right as well as fast: y = 2.5 * x + y after each run.
    let mut y0 = [0u8; 4];
    s.mem.read(BASE + 0x10_0000 + 4 * u64::from(N) + 4 * 10, &mut y0).unwrap();
    eprintln!(
        "saxpy: {} thread-instructions per launch ({} per element); y[10] = {}",
        stats.thread_instructions,
        stats.thread_instructions / u64::from(N),
        f32::from_le_bytes(y0)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
