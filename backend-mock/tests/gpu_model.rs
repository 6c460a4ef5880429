//! The GPU model, fed hand-built pushbuffers through real channels (set up
//! by the nvgpu backend over the mock kernel) and usermode submit.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use gpuiface_hal::classes::{compute, host};
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::codec::qmd::Qmd;
use gpuiface_hal::{AllocRequest, Buffer, Error, GpFifoEntry, GpuIface, RmHandle, Signal};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig, ProgramKey};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Runtime, COMPUTE_SUBCHANNEL, COPY_SUBCHANNEL};

fn device(mode: ExecMode) -> MockDevice {
    open_with(MockKernel::builder().gpu(GpuConfig { mode })).unwrap()
}

/// Copy `words` into fresh GPU memory and submit them to `channel`.
fn submit_words(dev: &MockDevice, channel: RmHandle, pb: &PushBuffer, keep: &mut Vec<Buffer>) {
    let b = dev.alloc(AllocRequest::new(4 * pb.len_dwords() as u64).host()).unwrap();
    // SAFETY: the buffer is mapped for its size until freed (kept in `keep`).
    let out = unsafe { std::slice::from_raw_parts_mut(b.cpu_ptr().unwrap(), 4 * pb.len_dwords()) };
    pb.write_le_bytes(out);
    dev.submit(channel, &[GpFifoEntry::new(b.gpu_va(), pb.len_dwords() as u32)]).unwrap();
    keep.push(b);
}

fn sem(pb: &mut PushBuffer, sub: u8, s: &Signal, value: u64, release: bool) {
    let op = if release { host::SEM_EXECUTE_OPERATION_RELEASE } else { host::SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ };
    let exec = host::SEM_EXECUTE_OPERATION.field(op)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT);
    let va = s.gpu_va();
    pb.method(sub, host::SEM_ADDR_LO, &[va as u32, (va >> 32) as u32, value as u32, (value >> 32) as u32, exec]);
}

#[test]
fn an_acquire_blocks_its_channel_until_another_channel_releases() {
    for mode in [ExecMode::Immediate, ExecMode::Threaded] {
        let dev = device(mode);
        let rt = Runtime::new(&dev).unwrap();
        rt.synchronize().unwrap();
        let (gate, out) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
        let mut keep = Vec::new();
        let mut a = PushBuffer::new();
        sem(&mut a, COMPUTE_SUBCHANNEL, &gate, 1, false);
        sem(&mut a, COMPUTE_SUBCHANNEL, &out, 7, true);
        submit_words(&dev, rt.objects().compute_channel, &a, &mut keep);
        assert!(dev.signal_wait(&out, 7, Duration::from_millis(30)).is_err(), "{mode:?}: passed an unreleased acquire");
        let mut b = PushBuffer::new();
        sem(&mut b, COPY_SUBCHANNEL, &gate, 1, true);
        submit_words(&dev, rt.objects().copy_channel, &b, &mut keep);
        dev.signal_wait(&out, 7, Duration::from_secs(5)).unwrap();
        assert_eq!(gate.value(), 1);
    }
}

#[test]
fn stepped_mode_runs_nothing_until_stepped_and_respects_acquires() {
    let dev = device(ExecMode::Stepped);
    let rt = Runtime::new(&dev).unwrap();
    let gpu = dev.gpu().clone();
    while gpu.step() {}
    let (gate, out) = (dev.signal_alloc().unwrap(), dev.signal_alloc().unwrap());
    let mut keep = Vec::new();
    let mut a = PushBuffer::new();
    sem(&mut a, COMPUTE_SUBCHANNEL, &gate, 1, false);
    sem(&mut a, COMPUTE_SUBCHANNEL, &out, 3, true);
    submit_words(&dev, rt.objects().compute_channel, &a, &mut keep);
    for _ in 0..50 {
        gpu.step();
    }
    assert_eq!(out.value(), 0, "ran past the acquire");
    let mut b = PushBuffer::new();
    sem(&mut b, COPY_SUBCHANNEL, &gate, 1, true);
    submit_words(&dev, rt.objects().copy_channel, &b, &mut keep);
    assert_eq!(gate.value(), 0, "stepped mode ran work at the doorbell");
    while gpu.step() {}
    assert_eq!((gate.value(), out.value()), (1, 3));
    drop(rt);
}

#[test]
fn dependent_qmds_launch_in_a_chain() {
    let dev = device(ExecMode::Immediate);
    let rt = Runtime::new(&dev).unwrap();
    let count = Arc::new(AtomicU32::new(0));
    let c = count.clone();
    dev.gpu().register_kernel(ProgramKey::Address(0x1234_0000), move |_| {
        c.fetch_add(1, Ordering::SeqCst);
        Ok(())
    });
    let done = dev.signal_alloc().unwrap();
    let qmds = dev.alloc(AllocRequest::new(3 * 256).align(256)).unwrap();
    for i in 0..3u64 {
        let attrs = gpuiface_runtime::launch::raw_program_attributes();
        let mut q: Qmd = gpuiface_runtime::launch::qmd_template(&attrs, 0x1234_0000, 0);
        let dims = gpuiface_runtime::LaunchDims::new([1, 1, 1], [1, 1, 1]);
        gpuiface_runtime::launch::fill_launch(&mut q, &attrs, &dims, 0, 0).unwrap();
        q.clear_constant_buffer(0);
        if i < 2 {
            q.set_dependent_qmd0(Some(qmds.gpu_va() + 256 * (i + 1)));
        } else {
            q.set_release(0, &gpuiface_hal::codec::qmd::Release::new(done.gpu_va(), 1));
        }
        // SAFETY: 3 × 256 mapped bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(q.to_bytes().as_ptr(), qmds.cpu_ptr().unwrap().add(256 * i as usize), 256)
        };
    }
    let mut pb = PushBuffer::new();
    pb.method(COMPUTE_SUBCHANNEL, compute::SEND_PCAS_A, &[(qmds.gpu_va() >> 8) as u32]);
    pb.method(
        COMPUTE_SUBCHANNEL,
        compute::SEND_SIGNALING_PCAS2_B,
        &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
    );
    let mut keep = Vec::new();
    submit_words(&dev, rt.objects().compute_channel, &pb, &mut keep);
    dev.signal_wait(&done, 1, Duration::from_secs(2)).unwrap();
    assert_eq!(count.load(Ordering::SeqCst), 3);
}

#[test]
fn defined_methods_are_recorded_and_undefined_ones_fault_the_channel() {
    let dev = device(ExecMode::Immediate);
    let rt = Runtime::new(&dev).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut keep = Vec::new();
    let mut pb = PushBuffer::new();
    pb.method(COMPUTE_SUBCHANNEL, compute::INVALIDATE_SHADER_CACHES_NO_WFI, &[1]);
    sem(&mut pb, COMPUTE_SUBCHANNEL, &s, 1, true);
    submit_words(&dev, rt.objects().compute_channel, &pb, &mut keep);
    dev.signal_wait(&s, 1, Duration::from_secs(2)).unwrap();
    let chid = dev.channel_token(rt.objects().compute_channel).unwrap() & 0xfff;
    let rec = dev.gpu().recorded_methods(chid);
    assert!(rec.iter().any(|(_, m, n)| *m == compute::INVALIDATE_SHADER_CACHES_NO_WFI && *n == 1), "{rec:x?}");
    // The runtime gave the compute engine its windows at setup (modelled state).
    let state = dev.gpu().compute_state(chid).unwrap();
    assert_eq!(state.shared_window, gpuiface_hal::hw::ga10b::SHARED_MEM_WINDOW);
    assert_eq!(state.local_window, gpuiface_hal::hw::ga10b::LOCAL_MEM_WINDOW);

    let mut bad = PushBuffer::new();
    bad.method(COMPUTE_SUBCHANNEL, 0x3ff0, &[1]); // no Ampere compute method lives there
    sem(&mut bad, COMPUTE_SUBCHANNEL, &s, 2, true);
    submit_words(&dev, rt.objects().compute_channel, &bad, &mut keep);
    let e = dev.signal_wait(&s, 2, Duration::from_secs(2)).unwrap_err();
    let Error::DeviceHang { fault: Some(f), .. } = &e else { panic!("{e}") };
    assert_eq!(f.notifier_code, gpuiface_nvgpu::abi::NVGPU_CHANNEL_PBDMA_ERROR);
    assert!(dev.gpu().channel_fault(chid).unwrap().reason.contains("0x3ff0"), "{:?}", dev.gpu().faults());
    assert_eq!(s.value(), 1, "a faulted channel executes nothing further");
}

#[test]
fn a_pushbuffer_at_an_unmapped_address_is_an_mmu_fault() {
    let dev = device(ExecMode::Immediate);
    let rt = Runtime::new(&dev).unwrap();
    let s = dev.signal_alloc().unwrap();
    dev.submit(rt.objects().copy_channel, &[GpFifoEntry::new(0x4000_0000, 8)]).unwrap();
    let e = dev.signal_wait(&s, 1, Duration::from_millis(500)).unwrap_err();
    let Error::DeviceHang { fault: Some(f), .. } = &e else { panic!("{e}") };
    assert_eq!(f.notifier_code, gpuiface_nvgpu::abi::NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT);
    assert_eq!(dev.gpu().faults()[0].address, Some(0x4000_0000));
}

#[test]
fn the_threaded_worker_stops_when_the_device_drops() {
    let k = Arc::new(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Threaded }).build());
    let gpu = k.gpu().clone();
    {
        let dev = gpuiface_nvgpu::mock::open_on(k.clone()).unwrap();
        let rt = Runtime::new(&dev).unwrap();
        rt.synchronize().unwrap();
    }
    drop(k);
    gpu.shutdown(); // idempotent; joins the worker if it is still there
    assert!(gpu.channels().is_empty());
}
