//! The runtime's scheduling on the stepped mock: each engine has its own
//! timeline, so a copy runs while a long kernel submitted before it is
//! still in flight, and nothing orders the engines but explicit waits.

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Queue, QueueKind, Runtime};

/// Run `f` while a helper thread steps the GPU (for calls that synchronize).
fn stepping<T>(dev: &MockDevice, f: impl FnOnce() -> T) -> T {
    dev.gpu().run_stepping(f)
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
    let args = spin.pack_args(&[Arg::U64(buf.gpu_va()), Arg::U32(1 << 12), Arg::U32(1)]).unwrap();
    k.launch(&spin, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&kernel_done, 1u64);
    rt.submit(&k, &[]).unwrap();
    let mut c = Queue::copy_queue();
    c.copy(buf.gpu_va() + 4096, buf.gpu_va() + 2048, 256u64).signal(&copy_done, 1u64);
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

#[test]
fn copies_and_frees_wait_only_for_work_that_touches_their_buffer() {
    use gpuiface_hal::ErrorKind;
    let dev = open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Stepped })).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let gpu = dev.gpu().clone();
    while gpu.step() {}
    let spin = stepping(&dev, || rt.load_kernel(gpuiface_kernels::SPIN.cubin, "spin")).unwrap();
    let (a, b) = (dev.alloc(AllocRequest::new(4096)).unwrap(), dev.alloc(AllocRequest::new(4096)).unwrap());
    let spare = dev.alloc(AllocRequest::new(4096)).unwrap();
    rt.set_wait_timeout(std::time::Duration::from_millis(100));
    let dims = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    // A launch that declares the buffer it writes, left in flight (the GPU is not stepped).
    let mut k = Queue::compute();
    k.uses(&a).launch(&spin, dims, &spin.pack_args(&[Arg::U64(a.gpu_va()), Arg::U32(10), Arg::U32(7)]).unwrap());
    rt.submit(&k, &[]).unwrap();
    // Another buffer is not in use: copies in and out and a free go on at once.
    rt.copyin(&b, 0, &[1, 2, 3]).unwrap();
    let mut out = [0u8; 3];
    rt.copyout(&mut out, &b, 0).unwrap();
    assert_eq!(out, [1, 2, 3]);
    rt.free(spare).unwrap();
    // The declared buffer is: the wait runs out, as a timeout (nothing faulted).
    assert_eq!(rt.copyin(&a, 0, &[9]).unwrap_err().kind(), ErrorKind::Timeout);
    // A launch that declares nothing may touch anything: every buffer waits for it.
    let mut u = Queue::compute();
    u.launch(&spin, dims, &spin.pack_args(&[Arg::U64(a.gpu_va() + 8), Arg::U32(10), Arg::U32(8)]).unwrap());
    rt.submit(&u, &[]).unwrap();
    assert_eq!(rt.copyout(&mut out, &b, 0).unwrap_err().kind(), ErrorKind::Timeout);
    while gpu.step() {}
    rt.copyin(&b, 0, &[4]).unwrap();
    let mut tags = [0u8; 16];
    rt.copyout(&mut tags, &a, 0).unwrap();
    assert_eq!((tags[4], tags[12]), (7, 8), "both launches ran (tag << 32 | x): {tags:?}");
    rt.free(b).unwrap();
    rt.free(a).unwrap();
}
