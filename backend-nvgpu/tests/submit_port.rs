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
use gpuiface_nvgpu::mock::{MockDeviceExt, MockKernel};
use gpuiface_runtime::Runtime;

fn device() -> gpuiface_nvgpu::mock::MockDevice {
    device_in(ExecMode::Immediate)
}

fn device_in(mode: ExecMode) -> gpuiface_nvgpu::mock::MockDevice {
    let k = Arc::new(MockKernel::builder().gpu(GpuConfig { mode }).trace_stderr(false).build());
    gpuiface_nvgpu::mock::open_on(k).unwrap()
}

/// The two ways into a port: a slice of entries, and one entry.
const WAYS: [bool; 2] = [false, true];

/// Submit `entry` through `port`, as a slice of one or alone (`one`).
fn submit<I: GpuIface>(port: &gpuiface_hal::SubmitPort, dev: &I, entry: GpFifoEntry, one: bool) -> Result<(), Error> {
    if one {
        port.submit_one(dev, entry)
    } else {
        port.submit(dev, &[entry])
    }
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
    for value in 1..=4u64 {
        let (_buf, entry) = release_entry(&dev, &s, value);
        submit(&port, &dev, entry, value % 2 == 0).unwrap();
        dev.signal_wait(&s, value, Duration::from_secs(5)).unwrap();
    }
    assert_eq!(s.value(), 4);
}

/// An encoded entry runs as the entry does; a word with a reserved bit
/// set is no entry: the direct path leaves it to the general one, which
/// refuses it, and the channel runs nothing of it (nor faults).
#[test]
fn an_encoded_entry_runs_and_a_word_with_a_reserved_bit_is_refused() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let port = dev.submit_port(rt.objects().compute_channel).unwrap();
    let s = dev.signal_alloc().unwrap();
    let (_buf, entry) = release_entry(&dev, &s, 1);
    let fixed = GpFifoEntry::new(0, entry.length_dwords).relocatable();
    port.submit_encoded(&dev, fixed.at(entry.address)).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(5)).unwrap();
    let (_buf2, entry2) = release_entry(&dev, &s, 2);
    for bit in [0u32, 1, 40] {
        let e = port.submit_encoded(&dev, entry2.encode() | 1 << bit).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "bit {bit}: {e}");
        assert!(e.to_string().contains("reserved bit"), "{e}");
    }
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(s.value(), 1, "nothing of the refused words ran");
    port.submit_encoded(&dev, entry2.encode()).unwrap();
    dev.signal_wait(&s, 2, Duration::from_secs(5)).unwrap();
}

#[test]
fn a_port_of_a_destroyed_channel_submits_nothing_and_says_why() {
    for one in WAYS {
        a_port_of_a_destroyed_channel_submits_nothing(one);
    }
}

fn a_port_of_a_destroyed_channel_submits_nothing(one: bool) {
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
    let e = submit(&port, &dev, entry, one).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    assert!(e.to_string().contains("is not a channel"), "{e}");
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(s.value(), 0, "nothing ran");
}

#[test]
fn a_port_of_a_faulted_channel_reports_the_fault() {
    for one in WAYS {
        a_port_of_a_faulted_channel_reports(one);
    }
}

fn a_port_of_a_faulted_channel_reports(one: bool) {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let channel = rt.objects().copy_channel;
    let port = dev.submit_port(channel).unwrap();
    // An entry pointing at unmapped memory: the host faults fetching it.
    port.submit(&dev, &[GpFifoEntry::new(0x1000, 4)]).unwrap();
    let s = dev.signal_alloc().unwrap();
    let _ = dev.signal_wait(&s, 1, Duration::from_millis(200));
    let (_buf, entry) = release_entry(&dev, &s, 1);
    match submit(&port, &dev, entry, one) {
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
            for (k, (_, e)) in ea.iter().enumerate() {
                submit(&port, &dev, *e, k % 2 == 0).unwrap();
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

/// A full GPFIFO: the port's direct path takes nothing more (it would
/// overwrite an entry the GPU has not fetched), and `submit` waits for the
/// room the GPU makes. Each of more than a ring's worth of entries writes
/// its own word of a buffer; an overwritten entry would leave its word 0.
#[test]
fn a_full_ring_goes_to_submit_which_waits_for_room() {
    for one in WAYS {
        let dev = device_in(ExecMode::Stepped);
        let gpu = dev.gpu().clone();
        let rt = gpu.run_stepping(|| Runtime::new(&dev)).unwrap();
        while gpu.step() {}
        let channel = rt.objects().copy_channel;
        let port = dev.submit_port(channel).unwrap();
        // GPFIFO_ENTRIES (1,024) hold 1,023 unfetched entries; 1,100 overflow it.
        const N: u64 = 1_100;
        let words = dev.alloc(AllocRequest::new(8 * N).host()).unwrap();
        let pbs = dev.alloc(AllocRequest::new(32 * N).host()).unwrap();
        let execute = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
            | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT);
        let entries: Vec<GpFifoEntry> = (0..N)
            .map(|k| {
                let va = words.gpu_va() + 8 * k;
                let value = k + 1;
                let mut pb = PushBuffer::new();
                pb.method(0, host::SEM_ADDR_LO, &[va as u32, (va >> 32) as u32, value as u32, 0, execute]);
                pbs.cpu().unwrap().write_u32s(32 * k, pb.words()).unwrap();
                GpFifoEntry::new(pbs.gpu_va() + 32 * k, pb.len_dwords() as u32)
            })
            .collect();
        let stepping = std::sync::atomic::AtomicBool::new(true);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                // Let the submitter fill the ring first, then drain it.
                std::thread::sleep(Duration::from_millis(100));
                while stepping.load(std::sync::atomic::Ordering::Relaxed) {
                    if !gpu.step() {
                        std::thread::yield_now();
                    }
                }
            });
            for e in &entries {
                submit(&port, &dev, *e, one).unwrap();
            }
            let last = dev.signal_alloc().unwrap();
            let (_buf, fence) = release_entry(&dev, &last, 1);
            submit(&port, &dev, fence, one).unwrap();
            dev.signal_wait(&last, 1, Duration::from_secs(20)).unwrap();
            stepping.store(false, std::sync::atomic::Ordering::Relaxed);
        });
        let mut got = vec![0u8; 8 * N as usize];
        words.cpu().unwrap().read(0, &mut got).unwrap();
        let lost: Vec<u64> = (0..N)
            .filter(|&k| {
                let at = 8 * k as usize;
                u64::from_le_bytes(got[at..at + 8].try_into().unwrap()) != k + 1
            })
            .collect();
        assert!(lost.is_empty(), "one = {one}: {} entries never ran, the first {:?}", lost.len(), lost.first());
    }
}
