//! The runtime's scheduling on the stepped mock: each engine has its own
//! timeline, so a copy runs while a long kernel submitted before it is
//! still in flight, and nothing orders the engines but explicit waits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use gpuiface_hal::queue::{Arg, LaunchDims, Queue, QueueKind, Runtime};
use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_mock::gpu::{ExecMode, GpuConfig};
use gpuiface_mock::{open_with, MockDevice, MockDeviceExt, MockKernel};

/// Run `f` while a helper thread steps the GPU (for calls that synchronize).
fn stepping<T>(dev: &MockDevice, f: impl FnOnce() -> T) -> T {
    let stop = Arc::new(AtomicBool::new(false));
    let (gpu, s2) = (dev.gpu().clone(), stop.clone());
    let stepper = std::thread::spawn(move || {
        while !s2.load(Ordering::Relaxed) {
            if !gpu.step() {
                std::thread::yield_now();
            }
        }
    });
    let out = f();
    stop.store(true, Ordering::Relaxed);
    stepper.join().unwrap();
    out
}

#[test]
fn a_copy_completes_while_a_kernel_submitted_before_it_is_in_flight() {
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Stepped })).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let gpu = dev.gpu().clone();
    while gpu.step() {}
    let spin = stepping(&dev, || rt.load_kernel(gpuiface_kernels::SPIN.cubin, "spin")).unwrap();
    let buf = dev.alloc(AllocRequest::new(8192)).unwrap();
    let (kernel_done, copy_done) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());

    let mut k = Queue::compute();
    let args = spin.pack_args(&[Arg::U64(buf.gpu_va), Arg::U32(1 << 30), Arg::U32(1)]).unwrap();
    k.launch(&spin, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&kernel_done, 1u64);
    rt.submit(&k, &[]).unwrap();
    let mut c = Queue::copy_queue();
    c.copy(buf.gpu_va + 4096, buf.gpu_va + 2048, 256).signal(&copy_done, 1u64);
    rt.submit(&c, &[]).unwrap();

    // Run only the copy channel: the copy needs nothing from the compute engine.
    let copy_chid = dev.channel_token(rt.objects().copy_channel).unwrap() & 0xfff;
    let mut steps = 0;
    let copy_last = rt.last_timeline_value(QueueKind::Copy);
    while rt.timeline(QueueKind::Copy).value() < copy_last && steps < 10_000 && gpu.step_channel(copy_chid) {
        steps += 1;
    }
    assert_eq!(copy_done.value(), 1, "the copy waited for the compute engine");
    assert_eq!(kernel_done.value(), 0, "the kernel is still in flight");
    assert!(rt.timeline(QueueKind::Compute).value() < rt.last_timeline_value(QueueKind::Compute));
    while gpu.step() {}
    assert_eq!(kernel_done.value(), 1);
    stepping(&dev, || rt.synchronize()).unwrap();
}

#[test]
fn a_consumer_submitted_first_runs_once_its_producer_is_submitted() {
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Stepped })).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let gpu = dev.gpu().clone();
    while gpu.step() {}
    let (ready, done) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
    let mut consumer = Queue::copy_queue();
    consumer.wait(&ready, 1u64).signal(&done, 1u64);
    rt.submit(&consumer, &[]).unwrap();
    while gpu.step() {}
    assert_eq!(done.value(), 0, "the consumer ran before its producer");
    let mut producer = Queue::compute();
    producer.signal(&ready, 1u64);
    rt.submit(&producer, &[]).unwrap();
    while gpu.step() {}
    assert_eq!((ready.value(), done.value()), (1, 1));
}
