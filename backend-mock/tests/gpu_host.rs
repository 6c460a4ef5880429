//! Host (PBDMA) model: GPFIFO consumption, semaphore releases and acquires,
//! cross-channel ordering, counters, and defined-but-unmodelled methods.

mod gpu_support;

use gpu_support::*;
use gpuiface_hal::classes::{self, compute, copy, host};
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_mock::gpu::testkit::wait_until;
use gpuiface_mock::gpu::{ChannelStatus, ExecMode};

const SEM: u64 = DATA_VA + 0x100;
const FLAG: u64 = DATA_VA + 0x200;

#[test]
fn release_32_bit_writes_only_the_low_word_and_64_bit_writes_both() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    set_data_u64(&data, SEM, u64::MAX);
    set_data_u64(&data, SEM + 0x10, u64::MAX);
    let mut pb = PushBuffer::new();
    sem(&mut pb, SEM, 0x1_0000_0002, release_op(false, false));
    sem(&mut pb, SEM + 0x10, 0x1_0000_0002, release_op(true, false));
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 0xffff_ffff_0000_0002);
    assert_eq!(data_u64(&data, SEM + 0x10), 0x1_0000_0002);
    assert_eq!(ch.gp_get(), ch.gp_put());
    assert_eq!(gpu.channel_fault(1), None);
    assert_eq!(gpu.channel_stats(1).unwrap().releases, 2);
}

#[test]
fn release_timestamp_is_nonzero_at_plus_8_only_when_asked() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    sem(&mut pb, SEM, 5, release_op(true, true));
    sem(&mut pb, SEM + 0x20, 6, release_op(true, false));
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 5);
    assert_ne!(data_u64(&data, SEM + 8), 0, "timestamp");
    assert_eq!(data_u64(&data, SEM + 0x20), 6);
    assert_eq!(data_u64(&data, SEM + 0x28), 0, "no timestamp requested");
}

#[test]
fn gp_get_advances_per_entry_and_wraps_the_ring() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let start = ch.gp_get();
    for i in 1..=(2 * ch.entries as u64) {
        let mut pb = PushBuffer::new();
        release(&mut pb, SEM, i);
        ch.submit(&gpu, &pb);
        assert_eq!(data_u64(&data, SEM), i);
        assert_eq!(ch.gp_get(), (start + i as u32) % ch.entries);
    }
    assert_eq!(gpu.channel_stats(1).unwrap().gpfifo_entries, 1 + 2 * ch.entries as u64);
}

/// Channel B acquires a value channel A releases later: B must park on the
/// acquire (not run past it) until A's release.
fn cross_channel_ordering(mode: ExecMode) {
    let (gpu, vm, data) = setup(mode);
    let mut a = channel(&gpu, &vm, 1);
    let mut b = channel(&gpu, &vm, 2);
    let mut pb = PushBuffer::new();
    release(&mut pb, FLAG, 1); // before the acquire: runs
    acquire_geq(&mut pb, SEM, 5);
    release(&mut pb, FLAG, 2); // after it: must wait
    b.submit(&gpu, &pb);
    let blocked = || gpu.channel_status(2) == Some(ChannelStatus::Blocked);
    assert!(wait_until(WAIT, blocked), "B should park on its acquire");
    assert_eq!(data_u64(&data, FLAG), 1, "B ran past its acquire");
    assert_eq!(b.gp_get(), 1, "GP_GET must not pass the blocked entry");

    // A releases a value that does not satisfy B (4 < 5) ...
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 4);
    a.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || a.gp_get() == a.gp_put()));
    assert!(blocked());
    assert_eq!(data_u64(&data, FLAG), 1);
    // ... then one that does.
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 5);
    a.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || data_u64(&data, FLAG) == 2), "B never resumed");
    assert!(wait_until(WAIT, || b.gp_get() == b.gp_put()));
    assert_eq!(gpu.channel_status(2), Some(ChannelStatus::Idle));
    assert_eq!(gpu.channel_stats(2).unwrap().acquire_waits, 1);
    assert!(gpu.faults().is_empty());
}

#[test]
fn acquire_blocks_until_another_channel_releases_immediate() {
    cross_channel_ordering(ExecMode::Immediate);
}

#[test]
fn acquire_blocks_until_another_channel_releases_threaded() {
    cross_channel_ordering(ExecMode::Threaded);
}

#[test]
fn acquire_blocks_until_another_channel_releases_stepped() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut a = channel(&gpu, &vm, 1);
    let mut b = channel(&gpu, &vm, 2);
    let mut pb = PushBuffer::new();
    acquire_geq(&mut pb, SEM, 1);
    release(&mut pb, FLAG, 7);
    b.submit(&gpu, &pb);
    gpu.run_until_idle();
    assert_eq!(gpu.channel_status(2), Some(ChannelStatus::Blocked));
    assert!(!gpu.step(), "nothing can progress");
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 1);
    a.submit(&gpu, &pb);
    // Step until A's release lands; B has not moved yet.
    assert!(wait_until(WAIT, || {
        gpu.step();
        data_u64(&data, SEM) == 1
    }));
    assert_eq!(data_u64(&data, FLAG), 0);
    gpu.run_until_idle();
    assert_eq!(data_u64(&data, FLAG), 7);
}

#[test]
fn a_cpu_write_satisfies_an_acquire_at_the_next_doorbell_immediate() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut b = channel(&gpu, &vm, 2);
    let mut pb = PushBuffer::new();
    acquire_geq(&mut pb, SEM, 3);
    release(&mut pb, FLAG, 1);
    b.submit(&gpu, &pb);
    assert_eq!(gpu.channel_status(2), Some(ChannelStatus::Blocked));
    set_data_u64(&data, SEM, 3);
    assert_eq!(data_u64(&data, FLAG), 0, "Immediate mode only runs at a doorbell");
    gpu.doorbell(0xdead); // any doorbell (even an unknown token) re-polls
    assert_eq!(data_u64(&data, FLAG), 1);
}

#[test]
fn a_cpu_write_satisfies_an_acquire_without_a_doorbell_threaded() {
    let (gpu, vm, data) = setup(ExecMode::Threaded);
    let mut b = channel(&gpu, &vm, 2);
    let mut pb = PushBuffer::new();
    acquire_geq(&mut pb, SEM, 3);
    release(&mut pb, FLAG, 1);
    b.submit(&gpu, &pb);
    assert!(wait_until(WAIT, || gpu.channel_status(2) == Some(ChannelStatus::Blocked)));
    set_data_u64(&data, SEM, 3);
    assert!(wait_until(WAIT, || data_u64(&data, FLAG) == 1), "the worker re-polls parked acquires");
}

/// Run `acquire(op, payload)` against a semaphore holding `value`; true when
/// it was satisfied (the following release ran).
fn acquire_passes(op: u32, wide: bool, value: u64, payload: u64) -> bool {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    set_data_u64(&data, SEM, value);
    let mut pb = PushBuffer::new();
    sem(&mut pb, SEM, payload, acquire_op(op, wide));
    release(&mut pb, FLAG, 1);
    ch.submit(&gpu, &pb);
    assert!(gpu.faults().is_empty());
    data_u64(&data, FLAG) == 1
}

#[test]
fn acquire_operations_follow_c56f_semantics() {
    use host::*;
    // ACQUIRE: equal.
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQUIRE, false, 7, 7));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQUIRE, false, 8, 7));
    // 32-bit compares ignore the upper word of memory.
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQUIRE, false, 0xabcd_0000_0007, 7));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQUIRE, true, 0xabcd_0000_0007, 7));
    // STRICT_GEQ: unsigned >=.
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ, true, 9, 9));
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ, true, 10, 9));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ, true, 8, 9));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ, false, 1, 0xffff_fff0));
    // CIRC_GEQ: wrapping difference, so 1 is "after" 0xffff_fff0 at 32 bits.
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ, false, 1, 0xffff_fff0));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ, false, 0xffff_fff0, 1));
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ, true, 5, 5));
    // AND: any common bit.
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQ_AND, false, 0b0110, 0b0100));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQ_AND, false, 0b0110, 0b1001));
    // NOR: some bit clear in both.
    assert!(acquire_passes(SEM_EXECUTE_OPERATION_ACQ_NOR, false, 0xffff_0000, 0x0000_fff0));
    assert!(!acquire_passes(SEM_EXECUTE_OPERATION_ACQ_NOR, false, 0xffff_0000, 0x0000_ffff));
}

#[test]
fn sem_execute_reduction_adds_in_place() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    set_data_u64(&data, SEM, 40);
    let mut pb = PushBuffer::new();
    let red = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_REDUCTION)
        | host::SEM_EXECUTE_REDUCTION.field(host::SEM_EXECUTE_REDUCTION_IADD)
        | host::SEM_EXECUTE_REDUCTION_FORMAT.field(host::SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED);
    sem(&mut pb, SEM, 2, red);
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 42);
}

#[test]
fn legacy_semaphore_a_to_d_release_and_acquire() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let legacy = |pb: &mut PushBuffer, va: u64, payload: u32, d: u32| {
        pb.method(0, host::SEMAPHOREA, &[(va >> 32) as u32, va as u32, payload, d]);
    };
    let rel16 = host::SEMAPHORED_OPERATION.field(host::SEMAPHORED_OPERATION_RELEASE)
        | host::SEMAPHORED_RELEASE_SIZE.field(host::SEMAPHORED_RELEASE_SIZE_16BYTE);
    let rel4 = host::SEMAPHORED_OPERATION.field(host::SEMAPHORED_OPERATION_RELEASE)
        | host::SEMAPHORED_RELEASE_SIZE.field(host::SEMAPHORED_RELEASE_SIZE_4BYTE);
    let acq = host::SEMAPHORED_OPERATION.field(host::SEMAPHORED_OPERATION_ACQ_GEQ);
    let mut pb = PushBuffer::new();
    legacy(&mut pb, SEM, 11, rel16);
    legacy(&mut pb, SEM + 0x20, 12, rel4);
    legacy(&mut pb, SEM, 11, acq);
    legacy(&mut pb, FLAG, 1, rel4);
    legacy(&mut pb, SEM, 12, acq); // blocks: 11 < 12
    legacy(&mut pb, FLAG, 2, rel4);
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 11);
    assert_ne!(data_u64(&data, SEM + 8), 0, "16-byte release carries a timestamp");
    assert_eq!(data_u64(&data, SEM + 0x20), 12);
    assert_eq!(data_u64(&data, SEM + 0x28), 0);
    assert_eq!(data_u64(&data, FLAG), 1);
    assert_eq!(gpu.channel_status(1), Some(ChannelStatus::Blocked));
}

#[test]
fn non_stall_interrupts_wfi_and_nops_are_counted() {
    let (gpu, vm, _data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let before = gpu.methods_executed();
    let mut pb = PushBuffer::new();
    pb.method(0, host::NON_STALL_INTERRUPT, &[0]);
    pb.method(0, host::WFI, &[host::WFI_SCOPE.field(host::WFI_SCOPE_ALL)]);
    pb.method(0, host::NON_STALL_INTERRUPT, &[0]);
    pb.method(0, host::NOP, &[0]);
    pb.immediate(0, host::NOP, 0);
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.interrupts(), 2);
    assert_eq!(gpu.channel_stats(1).unwrap().interrupts, 2);
    assert_eq!(gpu.methods_executed() - before, 5);
    assert!(gpu.recorded_methods(1).contains(&(0xc56f, host::NOP, 2)));
}

#[test]
fn defined_but_unmodelled_methods_are_accepted_and_counted_per_class() {
    let (gpu, vm, _data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COMPUTE, compute::SET_SHADER_LOCAL_MEMORY_A, &[0, 0x10_0000]); // A and B
    pb.method(SUBCH_COMPUTE, compute::SET_SHADER_LOCAL_MEMORY_WINDOW_A, &[0, 0x7f00_0000]);
    pb.method(SUBCH_COMPUTE, compute::INVALIDATE_SHADER_CACHES_NO_WFI, &[1]);
    pb.method(SUBCH_COMPUTE, compute::INVALIDATE_SHADER_CACHES_NO_WFI, &[1]);
    pb.method(SUBCH_COPY, copy::NOP, &[0]);
    pb.method(0, host::MEM_OP_A, &[0, 0, 0, 0]);
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_fault(1), None);
    let rec = gpu.recorded_methods(1);
    // The local-memory state methods are modelled (the compute engine's
    // state), not merely recorded.
    for m in [
        compute::SET_SHADER_LOCAL_MEMORY_A,
        compute::SET_SHADER_LOCAL_MEMORY_B,
        compute::SET_SHADER_LOCAL_MEMORY_WINDOW_A,
        compute::SET_SHADER_LOCAL_MEMORY_WINDOW_B,
    ] {
        assert!(!rec.iter().any(|(c, mm, _)| *c == COMPUTE_CLASS && *mm == m), "{m:#x}: {rec:x?}");
        assert!(classes::is_defined_method(COMPUTE_CLASS, m));
    }
    let state = gpu.compute_state(1).expect("channel 1");
    assert_eq!((state.local_memory, state.local_window), (0x10_0000, 0x7f00_0000));
    assert!(rec.contains(&(COMPUTE_CLASS, compute::INVALIDATE_SHADER_CACHES_NO_WFI, 2)));
    assert!(rec.contains(&(COPY_CLASS, copy::NOP, 1)));
    for m in [host::MEM_OP_A, host::MEM_OP_B, host::MEM_OP_C, host::MEM_OP_D] {
        assert!(rec.contains(&(0xc56f, m, 1)), "{m:#x}");
    }
}
