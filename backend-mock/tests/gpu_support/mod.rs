//! Shared helpers for the GPU-model tests: hand-built pushbuffers over the
//! testkit VM, without the kernel model.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use gpuiface_hal::classes::{compute, copy, host};
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::codec::qmd::{Qmd, Release};
use gpuiface_mock::gpu::testkit::{TestChannel, TestVm};
use gpuiface_mock::gpu::{ExecMode, Gpu, GpuConfig};
use gpuiface_mock::mem::Backing;

/// Subchannel the compute object is bound to.
pub const SUBCH_COMPUTE: u8 = 1;
/// Subchannel the copy object is bound to.
pub const SUBCH_COPY: u8 = 4;
/// ga10b compute class.
pub const COMPUTE_CLASS: u32 = 0xc7c0;
/// ga10b copy class.
pub const COPY_CLASS: u32 = 0xc7b5;

/// GPU VA of the data region every test maps.
pub const DATA_VA: u64 = 0x1000_0000;
/// Its size.
pub const DATA_LEN: usize = 1 << 20;
/// A VA nothing maps.
pub const UNMAPPED_VA: u64 = 0x7777_0000;

/// Generous bound for waits on the threaded worker (not a timing assertion).
pub const WAIT: Duration = Duration::from_secs(20);

/// A GPU in `mode`, a test VM and its data region.
pub fn setup(mode: ExecMode) -> (Arc<Gpu>, Arc<TestVm>, Arc<Backing>) {
    let gpu = Gpu::new(GpuConfig::with_mode(mode));
    let vm = TestVm::new();
    let data = vm.map(DATA_VA, DATA_LEN);
    (gpu, vm, data)
}

/// A channel with compute on [`SUBCH_COMPUTE`] and copy on [`SUBCH_COPY`]
/// (SET_OBJECT already executed, in any mode).
pub fn channel(gpu: &Gpu, vm: &Arc<TestVm>, chid: u32) -> TestChannel {
    let mut ch = TestChannel::attach(gpu, vm, chid);
    gpu.bind_object(chid, COMPUTE_CLASS);
    gpu.bind_object(chid, COPY_CLASS);
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COMPUTE, host::SET_OBJECT, &[COMPUTE_CLASS]);
    pb.method(SUBCH_COPY, host::SET_OBJECT, &[COPY_CLASS]);
    ch.push(&pb);
    gpu.run_until_idle();
    if gpu.mode() == ExecMode::Threaded {
        assert!(gpuiface_mock::gpu::testkit::wait_until(WAIT, || ch.gp_get() == ch.gp_put()));
    }
    assert_eq!(ch.gp_get(), ch.gp_put(), "SET_OBJECT did not run");
    ch
}

/// SEM_EXECUTE data for a release.
pub fn release_op(wide: bool, timestamp: bool) -> u32 {
    host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(if wide {
            host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT
        } else {
            host::SEM_EXECUTE_PAYLOAD_SIZE_32BIT
        })
        | host::SEM_EXECUTE_RELEASE_TIMESTAMP.field(u32::from(timestamp))
}

/// SEM_EXECUTE data for an acquire with operation `op`.
pub fn acquire_op(op: u32, wide: bool) -> u32 {
    host::SEM_EXECUTE_OPERATION.field(op) | host::SEM_EXECUTE_PAYLOAD_SIZE.field(u32::from(wide))
}

/// Host semaphore methods: address, payload, execute.
pub fn sem(pb: &mut PushBuffer, va: u64, payload: u64, execute: u32) {
    pb.method(0, host::SEM_ADDR_LO, &[va as u32, (va >> 32) as u32, payload as u32, (payload >> 32) as u32, execute]);
}

/// A 64-bit host release.
pub fn release(pb: &mut PushBuffer, va: u64, payload: u64) {
    sem(pb, va, payload, release_op(true, false));
}

/// A 64-bit strict-GEQ acquire.
pub fn acquire_geq(pb: &mut PushBuffer, va: u64, payload: u64) {
    sem(pb, va, payload, acquire_op(host::SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ, true));
}

/// Launch the QMD at `qmd_va`.
pub fn launch(pb: &mut PushBuffer, qmd_va: u64) {
    pb.method(SUBCH_COMPUTE, compute::SEND_PCAS_A, &[(qmd_va >> 8) as u32]);
    pb.method(
        SUBCH_COMPUTE,
        compute::SEND_SIGNALING_PCAS2_B,
        &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
    );
}

/// A V03_00 QMD for `program` with constant buffer 0 at `cbuf`.
/// A launchable QMD as the runtime builds it for raw code (register count,
/// shared-memory configuration, SASS version, ...), with constant buffer 0
/// at `cbuf` (address, size) or none.
pub fn qmd(program: u64, grid: [u32; 3], block: [u32; 3], cbuf: Option<(u64, u32)>) -> Qmd {
    use gpuiface_runtime::{launch, LaunchDims};
    let attrs = launch::raw_program_attributes();
    let mut q = launch::qmd_template(&attrs, program, 0);
    let (va, size) = cbuf.unwrap_or((0, 0));
    launch::fill_launch(&mut q, &attrs, &LaunchDims::new(grid, block), va, size as usize).expect("a valid launch");
    if cbuf.is_none() {
        q.clear_constant_buffer(0);
    }
    q
}

/// A one-word (32-bit, no timestamp) QMD release.
pub fn one_word(address: u64, payload: u64) -> Release {
    Release { structure_size: 1, ..Release::new(address, payload) }
}

/// Copy-engine methods for a 1-D pitch copy (with an optional semaphore).
pub fn copy_1d(pb: &mut PushBuffer, src: u64, dst: u64, len: u32, sem: Option<(u64, u32, u32)>) {
    pb.method(SUBCH_COPY, copy::OFFSET_IN_UPPER, &[(src >> 32) as u32, src as u32, (dst >> 32) as u32, dst as u32]);
    pb.method(SUBCH_COPY, copy::LINE_LENGTH_IN, &[len]);
    let mut launch = copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED)
        | copy::LAUNCH_DMA_FLUSH_ENABLE.field(copy::LAUNCH_DMA_FLUSH_ENABLE_TRUE)
        | copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH)
        | copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH);
    if let Some((va, payload, kind)) = sem {
        pb.method(SUBCH_COPY, copy::SET_SEMAPHORE_A, &[(va >> 32) as u32, va as u32, payload]);
        launch |= copy::LAUNCH_DMA_SEMAPHORE_TYPE.field(kind);
    }
    pb.method(SUBCH_COPY, copy::LAUNCH_DMA, &[launch]);
}

/// Read a u64 of the data region at VA `va`.
pub fn data_u64(data: &Backing, va: u64) -> u64 {
    data.atomic_u64((va - DATA_VA) as usize).load(std::sync::atomic::Ordering::Acquire)
}

/// Write a u64 of the data region at VA `va`.
pub fn set_data_u64(data: &Backing, va: u64, v: u64) {
    data.atomic_u64((va - DATA_VA) as usize).store(v, std::sync::atomic::Ordering::Release)
}
