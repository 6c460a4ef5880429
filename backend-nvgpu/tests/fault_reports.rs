//! What a user reads about a GPU fault (issue 16 item 6): the nvgpu backend
//! over the mock reports the model's reason, engine and address, names the
//! buffer the address belongs to (or says it belongs to none), and without
//! the model's details (a real kernel) classifies the engine from the error
//! notifier and points to the kernel log. For every kind of fault the
//! model raises, the backend reports the engine and kind the model raised.

use std::ffi::CStr;
use std::os::fd::RawFd;
use std::sync::Arc;

use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::hw::ga10b::token_chid;
use gpuiface_hal::{
    classify, AllocRequest, Engine, Errno, Error, FaultKind, FaultRecord, GpFifoEntry, GpuIface, RmHandle,
};
use gpuiface_nvgpu::abi::{
    fault_kind, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT as MMU, NVGPU_CHANNEL_GR_EXCEPTION as GR,
    NVGPU_CHANNEL_PBDMA_ERROR as PBDMA,
};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig, ProgramKey};
use gpuiface_nvgpu::mock::{MockDevice, MockKernel};
use gpuiface_nvgpu::{NvgpuDevice, NvgpuDeviceBuilder, Syscalls};
use gpuiface_runtime::{LaunchDims, Queue, Runtime};

fn kernel() -> Arc<MockKernel> {
    Arc::new(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate }).build())
}

/// The fault a faulted channel reports at the next submit.
fn fault_at_next_submit<I: GpuIface>(dev: &I, channel: RmHandle) -> FaultRecord {
    match dev.submit(channel, &[]) {
        Err(Error::DeviceHang { fault: Some(f), .. }) => *f,
        other => panic!("expected a fault, got {other:?}"),
    }
}

/// A poke kernel: writes one word at its first argument.
fn poke<I: GpuIface>(k: &MockKernel, rt: &Runtime<I>, dst: u64) {
    k.gpu().register_kernel(ProgramKey::Bytes(b"poke".to_vec()), |c| {
        let dst = c.arg_u64(0);
        c.write_u32(dst, 1)
    });
    let prog = rt.load_program(b"poke").unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &dst.to_le_bytes());
    rt.submit(&q, &[]).unwrap();
}

/// A pushbuffer of raw words in a fresh buffer, submitted on `channel`.
fn submit_words<I: GpuIface>(dev: &I, channel: RmHandle, words: &[u32]) {
    let buf = dev.alloc(AllocRequest::new(4096).host()).unwrap();
    let p = buf.cpu_ptr().unwrap() as *mut u32;
    for (i, w) in words.iter().enumerate() {
        // SAFETY: the buffer is 4096 mapped bytes and holds every word.
        unsafe { p.add(i).write_volatile(*w) };
    }
    dev.submit(channel, &[GpFifoEntry::new(buf.gpu_va(), words.len() as u32)]).unwrap();
    let _ = buf; // a handle; the device frees the buffer when it is dropped
}

#[test]
fn a_kernel_store_to_an_unmapped_address_is_a_compute_mmu_fault_in_no_buffer() {
    let k = kernel();
    let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    poke(&k, &rt, 0x1000);
    let f = fault_at_next_submit(&dev, rt.objects().compute_channel);
    assert_eq!((f.engine, f.address, f.notifier_code), (Engine::Compute, Some(0x1000), MMU), "{f}");
    assert!(f.reason.contains("kernel access"), "{f}");
    assert!(f.buffer.as_deref().is_some_and(|b| b.contains("no buffer")), "{f}");
    assert!(f.to_string().contains("compute fault") && f.to_string().contains("0x1000"), "{f}");
}

#[test]
fn a_copy_from_an_unmapped_address_is_a_copy_engine_mmu_fault() {
    let k = kernel();
    let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let mut q = Queue::copy_queue();
    q.copy(out.gpu_va(), 0x1000u64, 64u64);
    rt.submit(&q, &[]).unwrap();
    let f = fault_at_next_submit(&dev, rt.objects().copy_channel);
    assert_eq!((f.engine, f.notifier_code), (Engine::Copy, MMU), "{f}");
    assert_eq!(f.address, Some(0x1000), "{f}");
    assert!(f.reason.contains("copy source"), "{f}");
}

#[test]
fn an_unmapped_pushbuffer_is_a_host_mmu_fault_at_fetch() {
    let k = kernel();
    let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let ch = rt.objects().compute_channel;
    dev.submit(ch, &[GpFifoEntry::new(0x1000, 8)]).unwrap();
    let f = fault_at_next_submit(&dev, ch);
    assert_eq!((f.engine, f.address, f.notifier_code), (Engine::Host, Some(0x1000), MMU), "{f}");
    assert!(f.reason.contains("pushbuffer fetch"), "{f}");
}

#[test]
fn a_program_that_is_no_machine_code_is_a_gr_exception_that_says_so() {
    let k = kernel();
    let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let prog = rt.load_program(b"nobody registered this").unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]);
    rt.submit(&q, &[]).unwrap();
    let f = fault_at_next_submit(&dev, rt.objects().compute_channel);
    assert_eq!((f.engine, f.address, f.notifier_code), (Engine::Compute, None, GR), "{f}");
    // "nobody r": 'n' 'o' 'b' 'o' ... is no SM 8.7 opcode; the interpreter names the word.
    assert!(f.reason.contains("illegal instruction at 0x0: opcode 0x"), "{f}");
    assert!(f.reason.contains("is not an instruction this decoder knows"), "{f}");
}

#[test]
fn a_malformed_method_is_a_host_pbdma_error() {
    let k = kernel();
    let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let ch = rt.objects().compute_channel;
    let mut pb = PushBuffer::new();
    pb.raw(&[6 << 29]); // sec_op 6 is reserved
    let words: Vec<u32> = pb.as_bytes().chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    submit_words(&dev, ch, &words);
    let f = fault_at_next_submit(&dev, ch);
    assert_eq!((f.engine, f.address, f.notifier_code), (Engine::Host, None, PBDMA), "{f}");
}

#[test]
fn a_fault_inside_a_buffer_names_the_buffer_and_the_offset() {
    let k = kernel();
    let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let data = dev.alloc(AllocRequest::new(4096)).unwrap();
    let ch = rt.objects().compute_channel;
    let gpu = k.gpu();
    // The model's injected MMU fault (a stand-in for a read-only or
    // evicted page): every channel of this device faults at data + 0x10.
    for chid in (0..4096).filter(|c| gpu.channel_status(*c).is_some()) {
        gpu.inject_mmu_fault(chid, data.gpu_va() + 0x10);
    }
    let mut q = Queue::compute();
    q.barrier();
    rt.submit(&q, &[]).unwrap();
    let f = fault_at_next_submit(&dev, ch);
    assert_eq!(f.address, Some(data.gpu_va() + 0x10), "{f}");
    let b = f.buffer.clone().unwrap_or_default();
    assert!(b.contains(&format!("buffer {}", data.id().0)) && b.contains("offset 0x10"), "{f}");
    assert!(f.to_string().contains(&b), "{f}");
}

/// The seam a real kernel offers: the error notifier and nothing more.
struct NoDetails(Arc<MockKernel>);

// SAFETY: every call is forwarded to the mock kernel, which upholds the contract.
unsafe impl Syscalls for NoDetails {
    fn open(&self, path: &CStr, flags: i32) -> Result<RawFd, Errno> {
        self.0.open(path, flags)
    }
    unsafe fn close(&self, fd: RawFd) -> Result<(), Errno> {
        // SAFETY: forwarded with the caller's guarantee.
        unsafe { self.0.close_fd(fd) }
    }
    unsafe fn ioctl_write(&self, fd: RawFd, request: u32, arg: *const u8) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.0.ioctl_write(fd, request, arg) }
    }
    unsafe fn ioctl_read_write(&self, fd: RawFd, request: u32, arg: *mut u8) -> Result<i32, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.0.ioctl_read_write(fd, request, arg) }
    }
    unsafe fn ioctl_value(&self, fd: RawFd, request: u32, value: u64) -> Result<i32, Errno> {
        self.0.ioctl_by_value(fd, request, value)
    }
    unsafe fn mmap(&self, a: usize, l: usize, p: i32, f: i32, fd: RawFd, o: i64) -> Result<usize, Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.0.mmap(a, l, p, f, fd, o) }
    }
    unsafe fn munmap(&self, addr: usize, len: usize) -> Result<(), Errno> {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.0.munmap(addr, len) }
    }
    unsafe fn ring_doorbell(&self, doorbell: *mut u32, token: u32) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { self.0.ring_doorbell(doorbell, token) }
    }
    fn fstat(&self, fd: RawFd) -> Result<libc::stat, Errno> {
        self.0.fstat(fd)
    }
}

#[test]
fn without_the_models_details_the_notifier_classifies_and_the_log_is_named() {
    let k = kernel();
    let dev: NvgpuDevice<NoDetails> = NvgpuDeviceBuilder::default().build_with(NoDetails(k.clone())).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let prog = rt.load_program(b"nobody registered this").unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]);
    rt.submit(&q, &[]).unwrap();
    let f = fault_at_next_submit(&dev, rt.objects().compute_channel);
    assert_eq!((f.engine, f.notifier_code), (Engine::Compute, GR), "a GR exception is the compute engine's: {f}");
    assert!(f.reason.contains("GR exception"), "{f}");
    assert!(f.see_also.as_deref().is_some_and(|s| s.contains("dmesg") && s.contains("debugfs")), "{f}");
    drop(rt);

    // An MMU fault: the notifier does not say which engine.
    let rt = Runtime::new(&dev).unwrap();
    let mut q = Queue::copy_queue();
    q.copy(0x2000u64, 0x1000u64, 64u64);
    rt.submit(&q, &[]).unwrap();
    let f = fault_at_next_submit(&dev, rt.objects().copy_channel);
    assert_eq!((f.engine, f.notifier_code), (Engine::Unknown, MMU), "{f}");
    assert!(f.to_string().contains("dmesg"), "{f}");
}

#[test]
fn the_mock_device_type_gets_the_details() {
    // `MockDevice` is the backend over `Arc<MockKernel>`: the hook passes through the Arc.
    let k = kernel();
    let dev: MockDevice = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    poke(&k, &rt, 0x1000);
    assert!(fault_at_next_submit(&dev, rt.objects().compute_channel).see_also.is_none());
}

/// Every kind of fault the GPU model raises, by how it is provoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cause {
    /// A kernel stores to an unmapped address.
    KernelStoreUnmapped,
    /// A copy reads an unmapped address.
    CopyFromUnmapped,
    /// A GPFIFO entry points at an unmapped pushbuffer.
    PushbufferUnmapped,
    /// A host semaphore release to an unmapped address.
    HostReleaseUnmapped,
    /// A launch of a program the model does not know.
    UnknownProgram,
    /// A pushbuffer with a reserved method header.
    MalformedMethod,
    /// A LAUNCH_DMA the copy engine model does not support (block linear).
    UnmodelledCopy,
    /// A copy that runs past the copy watchdog.
    CopyPastWatchdog,
    /// `Gpu::inject_mmu_fault` (a read-only or evicted page).
    InjectedMmuFault,
    /// A panic inside the model.
    ModelPanic,
}

/// What the model raises for each cause (engine, kind), and the engine the
/// error notifier implies without the model's record (what the backend can
/// say on a real kernel).
const FAULTS: [(Cause, Engine, FaultKind, Engine); 10] = [
    (Cause::KernelStoreUnmapped, Engine::Compute, FaultKind::Mmu, Engine::Unknown),
    (Cause::CopyFromUnmapped, Engine::Copy, FaultKind::Mmu, Engine::Unknown),
    (Cause::PushbufferUnmapped, Engine::Host, FaultKind::Mmu, Engine::Unknown),
    (Cause::HostReleaseUnmapped, Engine::Host, FaultKind::Mmu, Engine::Unknown),
    (Cause::UnknownProgram, Engine::Compute, FaultKind::GrException, Engine::Compute),
    (Cause::MalformedMethod, Engine::Host, FaultKind::Pbdma, Engine::Host),
    // The model's stand-in: r36 has no notifier code for a copy-engine
    // launch error; the PBDMA code it writes reads as the host's by itself.
    (Cause::UnmodelledCopy, Engine::Copy, FaultKind::Pbdma, Engine::Host),
    (Cause::CopyPastWatchdog, Engine::Copy, FaultKind::IdleTimeout, Engine::Unknown),
    (Cause::InjectedMmuFault, Engine::Host, FaultKind::Mmu, Engine::Unknown),
    (Cause::ModelPanic, Engine::Host, FaultKind::Pbdma, Engine::Host),
];

/// Make `cause` happen on a fresh runtime over `dev`: the runtime (keep it
/// until the fault is read) and the channel that faulted.
fn provoke<'d, S: Syscalls>(
    cause: Cause,
    k: &MockKernel,
    dev: &'d NvgpuDevice<S>,
) -> (Runtime<&'d NvgpuDevice<S>>, RmHandle) {
    use gpuiface_hal::classes::{copy, host};
    use gpuiface_runtime::COPY_SUBCHANNEL;
    let rt = Runtime::new(dev).unwrap();
    let (compute, copy_channel) = (rt.objects().compute_channel, rt.objects().copy_channel);
    let chid = |ch: RmHandle| token_chid(dev.channel_token(ch).unwrap());
    let words = |pb: &PushBuffer| -> Vec<u32> {
        pb.as_bytes().chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    };
    let barrier = |ch: RmHandle| {
        let mut pb = PushBuffer::new();
        pb.method(0, host::WFI, &[0]);
        submit_words(dev, ch, &words(&pb));
    };
    let channel = match cause {
        Cause::KernelStoreUnmapped => {
            poke(k, &rt, 0x1000);
            compute
        }
        Cause::CopyFromUnmapped => {
            let out = dev.alloc(AllocRequest::new(4096)).unwrap();
            let mut q = Queue::copy_queue();
            q.copy(out.gpu_va(), 0x1000u64, 64u64);
            rt.submit(&q, &[]).unwrap();
            copy_channel
        }
        Cause::PushbufferUnmapped => {
            dev.submit(compute, &[GpFifoEntry::new(0x1000, 8)]).unwrap();
            compute
        }
        Cause::HostReleaseUnmapped => {
            let mut pb = PushBuffer::new();
            let release = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE);
            pb.method(0, host::SEM_ADDR_LO, &[0x2000, 0, 9, 0, release]);
            submit_words(dev, compute, &words(&pb));
            compute
        }
        Cause::UnknownProgram => {
            let prog = rt.load_program(b"nobody registered this").unwrap();
            let mut q = Queue::compute();
            q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]);
            rt.submit(&q, &[]).unwrap();
            compute
        }
        Cause::MalformedMethod => {
            let mut pb = PushBuffer::new();
            pb.raw(&[6 << 29]); // sec_op 6 is reserved
            submit_words(dev, compute, &words(&pb));
            compute
        }
        Cause::UnmodelledCopy => {
            let buf = dev.alloc(AllocRequest::new(8192)).unwrap();
            let mut pb = PushBuffer::new();
            pb.method(COPY_SUBCHANNEL, copy::OFFSET_IN_UPPER, &[0, buf.gpu_va() as u32, 0, buf.gpu_va() as u32 + 4096]);
            pb.method(COPY_SUBCHANNEL, copy::LINE_LENGTH_IN, &[64]);
            let non_pipelined =
                copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED);
            pb.method(COPY_SUBCHANNEL, copy::LAUNCH_DMA, &[non_pipelined]); // block-linear layouts (the defaults)
            submit_words(dev, copy_channel, &words(&pb));
            copy_channel
        }
        Cause::CopyPastWatchdog => {
            k.gpu().set_copy_watchdog(1);
            let (src, dst) =
                (dev.alloc(AllocRequest::new(4 << 20)).unwrap(), dev.alloc(AllocRequest::new(4 << 20)).unwrap());
            let mut q = Queue::copy_queue();
            q.copy(dst.gpu_va(), src.gpu_va(), 4u64 << 20);
            rt.submit(&q, &[]).unwrap();
            copy_channel
        }
        Cause::InjectedMmuFault => {
            let data = dev.alloc(AllocRequest::new(4096)).unwrap();
            k.gpu().inject_mmu_fault(chid(compute), data.gpu_va() + 0x10);
            barrier(compute);
            compute
        }
        Cause::ModelPanic => {
            k.gpu().inject_model_panic(chid(compute));
            barrier(compute);
            compute
        }
    };
    (rt, channel)
}

#[test]
fn the_backend_reports_the_engine_and_kind_the_model_raised_for_every_fault() {
    for (cause, engine, kind, notifier_only) in FAULTS {
        // The backend as it runs on the mock: the notifier, decoded, and the model's details.
        let k = kernel();
        let dev: MockDevice = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
        let (rt, ch) = provoke(cause, &k, &dev);
        let chid = token_chid(dev.channel_token(ch).unwrap());
        let raised = k.gpu().channel_fault(chid).unwrap_or_else(|| panic!("{cause:?}: the model raised nothing"));
        assert_eq!((raised.engine, fault_kind(raised.notifier_code)), (engine, kind), "{cause:?}: {raised}");
        let reported = fault_at_next_submit(&dev, ch);
        assert_eq!(
            (reported.engine, fault_kind(reported.notifier_code), reported.address, reported.channel),
            (raised.engine, kind, raised.address, raised.channel),
            "{cause:?}: the model raised {raised}; the backend reported {reported}"
        );
        assert_eq!(reported.reason, raised.reason, "{cause:?}");
        drop(rt);

        // The same fault with the notifier alone (a real kernel's seam): the
        // same kind, and the engine the shared decode gives the code.
        let k = kernel();
        let dev: NvgpuDevice<NoDetails> = NvgpuDeviceBuilder::default().build_with(NoDetails(k.clone())).unwrap();
        let (rt, ch) = provoke(cause, &k, &dev);
        let reported = fault_at_next_submit(&dev, ch);
        assert_eq!(fault_kind(reported.notifier_code), kind, "{cause:?}: {reported}");
        assert_eq!(reported.engine, classify(kind, None), "{cause:?}: {reported}");
        assert_eq!(reported.engine, notifier_only, "{cause:?}: {reported}");
        assert!(
            notifier_only == engine || notifier_only == Engine::Unknown || cause == Cause::UnmodelledCopy,
            "{cause:?}: the notifier alone names another engine than the one that faulted"
        );
        assert!(reported.see_also.is_some(), "{cause:?}: {reported}");
        drop(rt);
    }
}
