//! Items 2, 6 and 13: the GPU model — SET_OBJECT of any engine class,
//! semaphore timestamps since boot, and GR exceptions announced in the trace
//! when they happen.

use gpuiface_hal::classes::host;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_nvgpu::mock::gpu::testkit::TestChannel;
use gpuiface_nvgpu::mock::gpu::ExecMode;
use gpuiface_nvgpu::mock::MockKernel;

use crate::gpu_support::*;
use crate::harness::{map_args, K};

// ------------------------------------------- item 2: SET_OBJECT of any engine class

#[test]
fn item2_set_object_of_a_class_not_allocated_on_the_channel_is_accepted() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = TestChannel::attach(&gpu, &vm, 7);
    gpu.bind_object(7, COMPUTE_CLASS); // ALLOC_OBJ_CTX of the compute class only
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COMPUTE, host::SET_OBJECT, &[COMPUTE_CLASS]);
    pb.method(SUBCH_COPY, host::SET_OBJECT, &[COPY_CLASS]);
    release(&mut pb, DATA_VA, 0x1234);
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_fault(7).map(|f| f.to_string()), None);
    assert_eq!(data_u64(&data, DATA_VA), 0x1234, "the release after it completed");
}

// ------------------------------------------- item 6: timestamps since boot

fn boottime_ns() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec we own.
    assert_eq!(unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) }, 0);
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

#[test]
fn item6_semaphore_timestamps_are_nanoseconds_since_boot() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 3);
    let mut pb = PushBuffer::new();
    sem(&mut pb, DATA_VA, 9, release_op(true, true));
    let before = boottime_ns();
    ch.submit(&gpu, &pb);
    let after = boottime_ns();
    let stamp = data_u64(&data, DATA_VA + 8);
    assert_eq!(data_u64(&data, DATA_VA), 9);
    // Ordering against the boot clock, not a duration: an epoch-based stamp is far above `after`.
    assert!(before <= stamp && stamp <= after, "{before} <= {stamp} <= {after}");
}

// ------------------------------------------- item 13: GR exception announced

#[test]
fn item13_a_launch_of_code_without_a_twin_is_announced_in_the_trace_at_once() {
    use gpuiface_nvgpu::mock::MockDeviceExt;
    use gpuiface_runtime::{LaunchDims, Queue, Runtime};
    let dev = gpuiface_nvgpu::mock::open_with(
        MockKernel::builder().gpu(gpuiface_nvgpu::mock::gpu::GpuConfig::with_mode(ExecMode::Immediate)),
    )
    .unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let program = rt.load_program(b"SASS the model has no twin for").unwrap();
    let mut q = Queue::compute();
    q.launch(&program, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[]);
    let k = dev.kernel().clone();
    assert!(!k.trace_all().iter().any(|e| e.name == "fault"));
    let _ = rt.submit(&q, &[]);
    // Immediate mode: the doorbell ran the launch; the line is there before anyone waits.
    let t = k.trace_all();
    let f = t.iter().find(|e| e.name == "fault").expect("the GR exception is in the trace when it happens");
    assert!(f.line.contains("GR exception (NVGPU_CHANNEL_GR_EXCEPTION)"), "{}", f.line);
    drop(rt);
}

#[test]
fn item13_without_an_error_notifier_the_line_says_the_program_will_only_time_out() {
    let gpu = gpuiface_nvgpu::mock::gpu::GpuConfig::with_mode(ExecMode::Immediate);
    let k = K::on(MockKernel::builder().gpu(gpu).trace_decoded(true).build());
    let (as_fd, _, ch) = k.bound_channel();
    let mut s = k.setup_args(1024);
    let (gp_fd, ud_fd) = (s.gpfifo_dmabuf_fd, s.userd_dmabuf_fd);
    k.setup_bind(ch, &mut s).unwrap(); // no SET_ERROR_NOTIFIER: like a client that never registers one
    let pb_fd = k.dmabuf(4096);
    let mut m = map_args(pb_fd);
    k.map(as_fd, &mut m).unwrap();
    let (gp, ud, pbm) = (k.cpu_map(gp_fd, 8192), k.cpu_map(ud_fd, 4096), k.cpu_map(pb_fd, 4096));
    let mut pb = PushBuffer::new();
    pb.method(1, host::SET_OBJECT, &[0xbeef]); // a class no engine implements
    let words = pb.words();
    // SAFETY: the three mappings are live, writable and large enough for what is written.
    unsafe {
        std::ptr::copy_nonoverlapping(words.as_ptr(), pbm as *mut u32, words.len());
        (gp as *mut u64).write_volatile(m.offset | ((words.len() as u64) << 42));
        ((ud + 0x8c) as *mut u32).write_volatile(1); // GP_PUT
    }
    k.k.gpu().doorbell(s.work_submit_token);
    let t = k.k.trace_all();
    let f = t.iter().find(|e| e.name == "fault").expect("announced when raised");
    assert!(f.line.contains("PBDMA error"), "{}", f.line);
    assert!(f.line.contains("no error notifier is registered"), "{}", f.line);
}

/// nvgpu takes SET_ERROR_NOTIFIER at any time after the channel is opened;
/// one registered before SETUP_BIND reports the channel's errors too (the
/// model used to drop it: the GPU's channel did not exist yet).
#[test]
fn an_error_notifier_set_before_setup_bind_reports_the_error() {
    use gpuiface_nvgpu::abi::{NvgpuSetErrorNotifier, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER};
    let gpu = gpuiface_mock::gpu::GpuConfig::with_mode(ExecMode::Immediate);
    let k = K::on(MockKernel::builder().gpu(gpu).trace_decoded(true).build());
    let (as_fd, _, ch) = k.bound_channel();
    let mut s = k.setup_args(1024);
    let (gp_fd, ud_fd) = (s.gpfifo_dmabuf_fd, s.userd_dmabuf_fd);
    let nfd = k.dmabuf(4096);
    let mut n = NvgpuSetErrorNotifier { offset: 0, size: 16, mem: nfd as u32, padding: 0 };
    k.io(ch, NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER, &mut n).unwrap();
    k.setup_bind(ch, &mut s).unwrap();
    let pb_fd = k.dmabuf(4096);
    let mut m = map_args(pb_fd);
    k.map(as_fd, &mut m).unwrap();
    let (gp, ud, pbm, note) =
        (k.cpu_map(gp_fd, 8192), k.cpu_map(ud_fd, 4096), k.cpu_map(pb_fd, 4096), k.cpu_map(nfd, 4096));
    let mut pb = PushBuffer::new();
    pb.method(1, host::SET_OBJECT, &[0xbeef]); // a class no engine implements
    let words = pb.words();
    // SAFETY: the four mappings are live, writable and large enough for what is written and read.
    let status = unsafe {
        std::ptr::copy_nonoverlapping(words.as_ptr(), pbm as *mut u32, words.len());
        (gp as *mut u64).write_volatile(m.offset | ((words.len() as u64) << 42));
        ((ud + 0x8c) as *mut u32).write_volatile(1); // GP_PUT
        k.k.gpu().doorbell(s.work_submit_token);
        ((note + 14) as *const u16).read_volatile()
    };
    assert_eq!(status, gpuiface_mock::gpu::NOTIFIER_STATUS_ERROR, "the notifier's status says the channel is in error");
    let t = k.k.trace_all();
    let f = t.iter().find(|e| e.name == "fault").expect("announced when raised");
    assert!(f.line.contains("reported through the channel's error notifier"), "{}", f.line);
}
