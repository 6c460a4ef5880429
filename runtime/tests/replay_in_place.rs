//! A replay whose chunk of the command ring still holds its image (the same
//! queue was replayed there one lap ago) writes only its patches: the
//! launches must then run with this replay's values, exactly as after a
//! full copy, including when other submissions moved the queue's chunks
//! to places that held something else.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{Arg, ArgVar, LaunchDims, Queue, Runtime};

#[test]
fn replays_around_a_small_ring_run_with_their_own_values() {
    let dev = MockDevice::open_default().unwrap();
    // 64 KiB: a lap every ~60 replays of a 1 KiB launch.
    let rt = Runtime::with_config(&dev, 64 << 10, Duration::from_secs(30)).unwrap();
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let other = dev.alloc(AllocRequest::new(4096)).unwrap();
    let done = dev.signal_alloc().unwrap();
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);

    let mut q = Queue::compute();
    let (n, value, s) = (q.var(), q.var(), q.var());
    let args = fill.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(0), Arg::U32(0)]).unwrap();
    q.launch_vars(&fill, dims, &args, &[ArgVar::value(8, 4, n), ArgVar::value(12, 4, value)]).signal(&done, s);

    let mut expected = [0u32; 32];
    for i in 1..=400u64 {
        let count = 1 + (i * 7 % 32) as u32;
        rt.submit(&q, &[(n, u64::from(count)), (value, i), (s, i)]).unwrap();
        // fill: out[k] = k * value for k < n.
        for (k, word) in expected.iter_mut().enumerate().take(count as usize) {
            *word = k as u32 * i as u32;
        }
        // Now and then another submission shifts where the queue's chunks fall.
        if i % 37 == 0 {
            let mut fresh = Queue::compute();
            let a = fill.pack_args(&[Arg::U64(other.gpu_va()), Arg::U32(8), Arg::U32(i as u32)]).unwrap();
            fresh.launch(&fill, dims, &a);
            rt.submit(&fresh, &[]).unwrap();
        }
        if i % 5 == 0 {
            rt.synchronize().unwrap();
            assert_eq!(done.value(), i, "the signal value of replay {i}");
            let mut got = [0u8; 128];
            out.read(0, &mut got).unwrap();
            let got: Vec<u32> = got.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
            assert_eq!(got, expected, "after replay {i}");
        }
    }
}
