//! The direct submit path ([`GpuIface::submit_port`]): it publishes what
//! `submit` would (the GPU runs it), refuses nothing `submit` accepts, and
//! hands to `submit` what it must not take: a destroyed channel (whose
//! handle `submit` then refuses) and a faulted one (whose fault `submit`
//! reports).

use std::sync::Arc;
use std::time::Duration;

use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::{classes::host, AllocRequest, Error, ErrorKind, GpFifoEntry, GpuIface, RmHandle};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::MockKernel;
use gpuiface_runtime::Runtime;

fn device() -> gpuiface_nvgpu::mock::MockDevice {
    let k = Arc::new(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate }).trace_stderr(false).build());
    gpuiface_nvgpu::mock::open_on(k).unwrap()
}

/// An entry that releases `signal = value` (host semaphore), in `keep`'s memory.
fn release_entry<I: GpuIface>(
    dev: &I,
    signal: &gpuiface_hal::Signal,
    value: u64,
) -> (gpuiface_hal::Buffer, GpFifoEntry) {
    let mut pb = PushBuffer::new();
    let execute = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT);
    let va = signal.gpu_va();
    pb.method(0, host::SEM_ADDR_LO, &[va as u32, (va >> 32) as u32, value as u32, (value >> 32) as u32, execute]);
    let buf = dev.alloc(AllocRequest::new(4096).host()).unwrap();
    buf.cpu().unwrap().write_u32s(0, pb.words()).unwrap();
    let entry = GpFifoEntry::new(buf.gpu_va(), pb.len_dwords() as u32);
    (buf, entry)
}

#[test]
fn the_port_is_direct_and_the_gpu_runs_what_it_publishes() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let channel = rt.objects().compute_channel;
    let port = dev.submit_port(channel).unwrap();
    assert!(port.is_direct(), "the nvgpu backend resolves the channel once");
    assert_eq!(port.channel(), channel);
    let s = dev.signal_alloc().unwrap();
    for value in 1..=3u64 {
        let (_buf, entry) = release_entry(&dev, &s, value);
        port.submit(&dev, &[entry]).unwrap();
        dev.signal_wait(&s, value, Duration::from_secs(5)).unwrap();
    }
    assert_eq!(s.value(), 3);
}

#[test]
fn a_port_of_a_destroyed_channel_submits_nothing_and_says_why() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let objects = rt.objects();
    // A channel of our own, beside the runtime's.
    let info = dev.info().clone();
    let gpfifo = gpuiface_hal::RmAllocParams::Gpfifo { entries: 1024, context_share: Some(objects.context_share) };
    let channel: RmHandle =
        dev.rm_alloc(objects.channel_group, gpuiface_hal::RmClass::from_number(info.gpfifo_class), &gpfifo).unwrap();
    let port = dev.submit_port(channel).unwrap();
    dev.rm_free(channel).unwrap();
    let s = dev.signal_alloc().unwrap();
    let (_buf, entry) = release_entry(&dev, &s, 1);
    let e = port.submit(&dev, &[entry]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    assert!(e.to_string().contains("is not a channel"), "{e}");
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(s.value(), 0, "nothing ran");
}

#[test]
fn a_port_of_a_faulted_channel_reports_the_fault() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let channel = rt.objects().copy_channel;
    let port = dev.submit_port(channel).unwrap();
    // An entry pointing at unmapped memory: the host faults fetching it.
    port.submit(&dev, &[GpFifoEntry::new(0x1000, 4)]).unwrap();
    let s = dev.signal_alloc().unwrap();
    let _ = dev.signal_wait(&s, 1, Duration::from_millis(200));
    let (_buf, entry) = release_entry(&dev, &s, 1);
    match port.submit(&dev, &[entry]) {
        Err(Error::DeviceHang { fault: Some(f), .. }) => assert!(f.to_string().contains("fault"), "{f}"),
        other => panic!("expected the channel's fault, got {other:?}"),
    }
}

#[test]
fn a_port_from_another_device_is_refused() {
    let (a, b) = (device(), device());
    let rt = Runtime::new(&a).unwrap();
    let e = b.submit_port(rt.objects().compute_channel).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
}

/// A port and `submit` on the same channel from two threads: both take the
/// channel's GP_PUT lock, so no entry is lost or overwritten (every release
/// of both threads is seen).
#[test]
fn a_port_and_submit_share_a_channel_between_threads() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let channel = rt.objects().copy_channel;
    let port = dev.submit_port(channel).unwrap();
    let (a, b) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
    const N: u64 = 200;
    let entries = |s: &gpuiface_hal::Signal| -> Vec<_> { (1..=N).map(|v| release_entry(&dev, s, v)).collect() };
    let (ea, eb) = (entries(&a), entries(&b));
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for (_, e) in &ea {
                port.submit(&dev, &[*e]).unwrap();
            }
        });
        scope.spawn(|| {
            for (_, e) in &eb {
                dev.submit(channel, &[*e]).unwrap();
            }
        });
    });
    dev.signal_wait(&a, N, Duration::from_secs(10)).unwrap();
    dev.signal_wait(&b, N, Duration::from_secs(10)).unwrap();
    assert_eq!((a.value(), b.value()), (N, N));
}
