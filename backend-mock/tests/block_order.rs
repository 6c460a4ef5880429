//! A launch's blocks on the mock: on several host threads in the immediate
//! and threaded modes, where atomics across blocks lose no update (every
//! block takes exactly one ticket), and in order in the stepped mode, whose
//! results never depend on a host schedule (the tickets follow the block
//! index, run after run). The `ticket` kernel (`tests/nvrtc/unseen.cu`):
//! thread 0 of each block writes its block index at `order[atomicAdd(counter, 1)]`.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, Buffer, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, Runtime};

const CUBIN: &[u8] = include_bytes!("nvrtc/unseen.cubin");
const BLOCKS: u32 = 1000;

/// Run `ticket` over BLOCKS blocks; the order the blocks took their tickets in.
fn tickets(mode: ExecMode) -> Vec<u32> {
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode })).unwrap();
    let stepped = mode == ExecMode::Stepped;
    let gpu = dev.gpu().clone();
    let run = |f: &mut dyn FnMut()| if stepped { gpu.run_stepping(f) } else { f() };
    let mut rt = None;
    run(&mut || rt = Some(Runtime::new(&dev).unwrap()));
    let rt = rt.unwrap();
    let mut p = None;
    run(&mut || p = Some(rt.load_kernel(CUBIN, "ticket").unwrap()));
    let p = p.unwrap();
    let (counter, order): (Buffer, Buffer) =
        (dev.alloc(AllocRequest::new(4096)).unwrap(), dev.alloc(AllocRequest::new(u64::from(BLOCKS) * 4)).unwrap());
    let args = p.pack_args(&[Arg::U64(counter.gpu_va()), Arg::U64(order.gpu_va())]).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&p, LaunchDims::new([BLOCKS, 1, 1], [64, 1, 1]), &args).signal(&s, 1u64);
    run(&mut || {
        rt.submit(&q, &[]).unwrap();
    });
    if stepped {
        while gpu.step() {}
    }
    dev.signal_wait(&s, 1, Duration::from_secs(60)).unwrap();
    let mut raw = vec![0u8; 4 * BLOCKS as usize + 4];
    rt.copyout(&mut raw[..4], &counter, 0).unwrap();
    assert_eq!(u32::from_le_bytes(raw[..4].try_into().unwrap()), BLOCKS, "one ticket per block ({mode:?})");
    rt.copyout(&mut raw[4..], &order, 0).unwrap();
    raw[4..].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn blocks_on_host_threads_each_take_exactly_one_ticket() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded] {
        let mut order = tickets(mode);
        // Not asserted (the host may run them in order): whether they interleaved.
        let in_order = order.windows(2).all(|w| w[0] < w[1]);
        eprintln!("{mode:?}: blocks took their tickets {}", if in_order { "in order" } else { "out of order" });
        order.sort_unstable();
        assert_eq!(order, (0..BLOCKS).collect::<Vec<_>>(), "every block once ({mode:?})");
    }
}

#[test]
fn the_stepped_mode_runs_blocks_in_order_every_time() {
    let first = tickets(ExecMode::Stepped);
    assert_eq!(first, (0..BLOCKS).collect::<Vec<_>>(), "block b took ticket b");
    assert_eq!(tickets(ExecMode::Stepped), first);
}
