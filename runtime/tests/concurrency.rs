//! Issue 22, items 8-10: what threads share, exercised for the sanitizers
//! (`.ci/sanitizers.sh` runs this file under ThreadSanitizer). Each test
//! also checks its results, so it means something without one.
//!
//! The mock here runs its GPU on a worker thread (the default, threaded
//! mode), as a real GPU runs beside the CPU.

use std::time::Duration;

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{Queue, Runtime};

const ROUNDS: u64 = 200;

/// Item 10: two threads submitting to a runtime's compute and copy
/// channels at once store the device-wide doorbell word concurrently.
#[test]
fn two_threads_submitting_to_both_engines_ring_one_doorbell() {
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let (a, b) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
    let src = dev.alloc(AllocRequest::new(4096)).unwrap();
    let dst = dev.alloc(AllocRequest::new(4096)).unwrap();
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut q = Queue::compute();
            let v = q.var();
            q.signal(&a, v);
            for i in 1..=ROUNDS {
                rt.submit(&q, &[(v, i)]).unwrap();
            }
        });
        s.spawn(|| {
            let mut q = Queue::copy_queue();
            let v = q.var();
            q.copy(dst.gpu_va(), src.gpu_va(), 4096u64).signal(&b, v);
            for i in 1..=ROUNDS {
                rt.submit(&q, &[(v, i)]).unwrap();
            }
        });
    });
    rt.synchronize().unwrap();
    assert_eq!((a.value(), b.value()), (ROUNDS, ROUNDS));
    rt.free(src).unwrap();
    rt.free(dst).unwrap();
}

/// Items 8 and 9: CPU threads write a buffer through clones of its view
/// while the GPU (the mock's worker thread) copies into and out of it.
#[test]
fn cpu_views_and_the_gpu_thread_share_bytes_without_a_race() {
    let dev = MockDevice::open_default().unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let shared = dev.alloc(AllocRequest::new(8192)).unwrap();
    let other = dev.alloc(AllocRequest::new(8192)).unwrap();
    let view = shared.cpu().unwrap().clone();
    let done = dev.signal_alloc().unwrap();
    std::thread::scope(|s| {
        for t in 1..=2u8 {
            let v = view.clone();
            s.spawn(move || {
                for _ in 0..ROUNDS {
                    v.write(0, &[t; 4096]).unwrap();
                    let mut back = [0u8; 64];
                    v.read(4096, &mut back).unwrap();
                }
            });
        }
        s.spawn(|| {
            let mut q = Queue::copy_queue();
            let n = q.var();
            q.copy(shared.gpu_va() + 4096, other.gpu_va(), 4096u64)
                .copy(other.gpu_va(), shared.gpu_va(), 4096u64)
                .signal(&done, n);
            for i in 1..=ROUNDS {
                rt.submit(&q, &[(n, i)]).unwrap();
            }
        });
    });
    dev.signal_wait(&done, ROUNDS, Duration::from_secs(30)).unwrap();
    let mut first = [0u8; 4096];
    view.read(0, &mut first).unwrap();
    assert!(first.chunks_exact(8).all(|w| w.iter().all(|&b| b == w[0]) && (w[0] == 1 || w[0] == 2)));
    rt.free(shared).unwrap();
    rt.free(other).unwrap();
}
