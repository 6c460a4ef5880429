//! Run the suite's saxpy over 64 Ki elements once on the interpreter: the
//! driver for `valgrind --tool=callgrind` when finding where the
//! interpreter's time goes (BENCHMARKS.md).

use gpuiface_sass::{run_launch, Code, ConstBuffer, FlatMemory, LaunchConfig};

fn main() {
    const BASE: u64 = 0x1_0000_0000;
    const N: u32 = 1 << 16;
    let cubin = gpuiface_hal::cubin::Cubin::parse(gpuiface_kernels::SAXPY.cubin).expect("saxpy cubin");
    let k = cubin.kernel("saxpy").expect("saxpy kernel");
    let (cbuf_va, x_va, y_va) = (BASE + 0x1_0000, BASE + 0x10_0000, BASE + 0x10_0000 + 4 * u64::from(N));
    let mem = FlatMemory::new(BASE, 0x10_0000 + 8 * N as usize);
    mem.store(BASE, &k.code);
    let mut cbuf = vec![0u8; 0x180];
    cbuf[0..4].copy_from_slice(&256u32.to_le_bytes());
    let p = k.attrs.param_offset as usize;
    cbuf[p..p + 8].copy_from_slice(&x_va.to_le_bytes());
    cbuf[p + 8..p + 16].copy_from_slice(&y_va.to_le_bytes());
    cbuf[p + 16..p + 20].copy_from_slice(&2.5f32.to_le_bytes());
    cbuf[p + 20..p + 24].copy_from_slice(&N.to_le_bytes());
    mem.store(cbuf_va, &cbuf);
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: cbuf_va, size: cbuf.len() as u32 });
    let cfg = LaunchConfig {
        grid: [N / 256, 1, 1],
        block: [256, 1, 1],
        registers: k.attrs.registers,
        shared_memory: 0,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory: None,
        max_warp_instructions: u64::MAX,
    };
    let stats = run_launch(&mut Code::new(BASE), &mem, &cfg, None).expect("saxpy runs");
    println!("{} warp-instructions, {} thread-instructions", stats.warp_instructions, stats.thread_instructions);
}
