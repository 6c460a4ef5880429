//! Compute model: QMD launches of closure kernels, releases, dependent-QMD
//! chaining, and seed 002's QMD-reuse race in Stepped mode.

mod gpu_support;

use std::sync::{Arc, Mutex};

use gpu_support::*;
use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::codec::qmd::{Release, QMD_SIZE};
use gpuiface_hal::Engine;
use gpuiface_mock::gpu::{ExecMode, ProgramKey};
use gpuiface_nvgpu::abi::{NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_GR_EXCEPTION};

const PROGRAM: u64 = DATA_VA + 0x1_0000;
const QMD_VA: u64 = DATA_VA + 0x2_0000;
const QMD2_VA: u64 = DATA_VA + 0x2_0100;
const CBUF_VA: u64 = DATA_VA + 0x3_0000;
/// Where kernel arguments start inside constant buffer 0.
const PARAMS: u64 = gpuiface_hal::hw::ga10b::CBUF0_PARAMS as u64;
const OUT_VA: u64 = DATA_VA + 0x4_0000;
const SEM: u64 = DATA_VA + 0x100;
const SEM1: u64 = DATA_VA + 0x180;

fn write_at(data: &gpuiface_mock::mem::Backing, va: u64, bytes: &[u8]) {
    data.write((va - DATA_VA) as usize, bytes);
}

#[test]
fn qmd_launch_runs_the_closure_with_grid_block_args_and_fires_releases() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let seen = Arc::new(Mutex::new(None));
    let s = seen.clone();
    gpu.register_kernel(ProgramKey::Address(PROGRAM), move |k| {
        *s.lock().unwrap() = Some((k.grid, k.block, k.args().to_vec(), k.program, k.qmd));
        let out = k.arg_u64(0);
        let scale = k.arg_u32(2);
        for i in 0..k.threads() {
            k.write_u32(out + 4 * i, i as u32 * scale)?;
        }
        Ok(())
    });
    let mut args = Vec::new();
    args.extend_from_slice(&OUT_VA.to_le_bytes());
    args.extend_from_slice(&3u32.to_le_bytes());
    // Arguments after the driver area, where the runtime puts them.
    write_at(&data, CBUF_VA + PARAMS, &args);
    let mut q = qmd(PROGRAM, [4, 2, 1], [32, 1, 1], Some((CBUF_VA, PARAMS as u32 + 16)));
    q.set_release(0, &one_word(SEM, 42));
    q.set_release(1, &Release { payload64: true, ..Release::new(SEM1, 0x5_0000_0007) });
    write_at(&data, QMD_VA, &q.to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);

    assert_eq!(gpu.channel_fault(1), None, "{:?}", gpu.faults());
    let (grid, block, cbuf, program, qmd_va) = seen.lock().unwrap().clone().expect("kernel ran");
    assert_eq!((grid, block, program, qmd_va), ([4, 2, 1], [32, 1, 1], PROGRAM, QMD_VA));
    assert_eq!(&cbuf[..12], &args[..]);
    assert_eq!(cbuf.len(), 16);
    for i in 0..256u64 {
        assert_eq!(data.read_u32((OUT_VA - DATA_VA + 4 * i) as usize), 3 * i as u32);
    }
    assert_eq!(data_u64(&data, SEM), 42);
    assert_eq!(data_u64(&data, SEM + 8), 0, "one-word release: no timestamp");
    assert_eq!(data_u64(&data, SEM1), 0x5_0000_0007);
    assert_ne!(data_u64(&data, SEM1 + 8), 0, "four-word release: timestamp");
    assert_eq!(gpu.launches(), 1);
    assert_eq!(gpu.channel_stats(1).unwrap().launches, 1);
}

#[test]
fn kernels_can_be_registered_by_program_bytes() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let code = b"\x01\x02\x03\x04 saxpy sass".to_vec();
    write_at(&data, PROGRAM + 0x400, &code);
    gpu.register_kernel(ProgramKey::Bytes(code), |k| k.write_u32(OUT_VA, 0x5a5a));
    write_at(&data, QMD_VA, &qmd(PROGRAM + 0x400, [1, 1, 1], [1, 1, 1], None).to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_fault(1), None);
    assert_eq!(data.read_u32((OUT_VA - DATA_VA) as usize), 0x5a5a);
}

#[test]
fn dependent_qmd_launches_after_its_parent_and_is_read_at_its_own_step() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut ch = channel(&gpu, &vm, 1);
    let order = Arc::new(Mutex::new(Vec::new()));
    let o = order.clone();
    gpu.register_kernel(ProgramKey::Address(PROGRAM), move |k| {
        o.lock().unwrap().push((k.qmd, k.grid[0]));
        Ok(())
    });
    let mut first = qmd(PROGRAM, [1, 1, 1], [1, 1, 1], None);
    first.set_release(0, &one_word(SEM, 1));
    first.set_dependent_qmd0(Some(QMD2_VA));
    let mut second = qmd(PROGRAM, [2, 1, 1], [1, 1, 1], None);
    second.set_release(0, &one_word(SEM1, 2));
    write_at(&data, QMD_VA, &first.to_bytes());
    write_at(&data, QMD2_VA, &second.to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);

    // Step to the parent's launch: the child has not run yet.
    while gpu.launches() == 0 {
        assert!(gpu.step(), "stalled before the first launch");
    }
    assert_eq!(data_u64(&data, SEM), 1);
    assert_eq!(data_u64(&data, SEM1), 0);
    // The CPU changes the child before the GPU reads it: the change is seen.
    second.set_grid([7, 1, 1]);
    write_at(&data, QMD2_VA, &second.to_bytes());
    assert!(gpu.step());
    assert_eq!(gpu.launches(), 2);
    assert_eq!(data_u64(&data, SEM1), 2);
    gpu.run_until_idle();
    assert_eq!(*order.lock().unwrap(), vec![(QMD_VA, 1), (QMD2_VA, 7)]);
    assert_eq!(ch.gp_get(), ch.gp_put());
}

#[test]
fn pcas_actions_without_schedule_do_not_launch_and_are_recorded() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |_| Ok(()));
    write_at(&data, QMD_VA, &qmd(PROGRAM, [1, 1, 1], [1, 1, 1], None).to_bytes());
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COMPUTE, compute::SEND_PCAS_A, &[(QMD_VA >> 8) as u32]);
    pb.method(
        SUBCH_COMPUTE,
        compute::SEND_SIGNALING_PCAS2_B,
        &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE],
    );
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.launches(), 0);
    assert!(gpu.recorded_methods(1).contains(&(COMPUTE_CLASS, compute::SEND_SIGNALING_PCAS2_B, 1)));
    // The legacy SEND_SIGNALING_PCAS_B with SCHEDULE launches.
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COMPUTE, compute::SEND_PCAS_A, &[(QMD_VA >> 8) as u32]);
    pb.method(
        SUBCH_COMPUTE,
        compute::SEND_SIGNALING_PCAS_B,
        &[compute::SEND_SIGNALING_PCAS_B_SCHEDULE.field(compute::SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE)],
    );
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.launches(), 1);
}

#[test]
fn an_unknown_instruction_faults_the_channel_naming_it() {
    // The program's memory holds zeros: word 0 is no SM 8.7 instruction.
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let notifier = vm.map(0x5000_0000, 4096);
    gpu.set_error_notifier(1, notifier.clone(), 0x40);
    write_at(&data, QMD_VA, &qmd(PROGRAM + 0x100, [1, 1, 1], [1, 1, 1], None).to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    release(&mut pb, SEM, 9);
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    assert_eq!(
        (f.engine, f.notifier_code, f.channel, f.address),
        (Engine::Compute, NVGPU_CHANNEL_GR_EXCEPTION, 1, None)
    );
    assert!(f.reason.contains(&format!("kernel at {:#x} failed", PROGRAM + 0x100)), "{f}");
    assert!(f.reason.contains("illegal instruction at 0x0: opcode 0x000 is not an instruction"), "{f}");
    assert_eq!(notifier.read_u32(0x48), NVGPU_CHANNEL_GR_EXCEPTION);
    assert_eq!(data_u64(&data, SEM), 0, "nothing after the fault runs");
}

#[test]
fn an_unknown_instruction_names_the_kernel_the_process_named() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    gpu.name_program(PROGRAM + 0x100, "softmax_rows");
    write_at(&data, QMD_VA, &qmd(PROGRAM + 0x100, [1, 1, 1], [1, 1, 1], None).to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    let want =
        format!("kernel softmax_rows at {:#x} failed: illegal instruction at 0x0: opcode 0x000", PROGRAM + 0x100);
    assert!(f.reason.contains(&want), "{f}");
}

#[test]
fn a_kernel_touching_unmapped_memory_is_an_mmu_fault_at_that_va() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |k| {
        let _ = k.write_u32(UNMAPPED_VA + 4, 1); // error ignored: still a fault
        Ok(())
    });
    let mut q = qmd(PROGRAM, [1, 1, 1], [1, 1, 1], None);
    q.set_release(0, &one_word(SEM, 1));
    write_at(&data, QMD_VA, &q.to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    assert_eq!(
        (f.engine, f.notifier_code, f.address),
        (Engine::Compute, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, Some(UNMAPPED_VA + 4))
    );
    assert_eq!(data_u64(&data, SEM), 0, "a faulted launch does not release");
}

#[test]
fn a_panicking_kernel_faults_the_channel_instead_of_the_model() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |_| panic!("boom"));
    write_at(&data, QMD_VA, &qmd(PROGRAM, [1, 1, 1], [1, 1, 1], None).to_bytes());
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    assert!(f.reason.contains("boom"), "{f}");
    // The model still works for other channels.
    let mut other = channel(&gpu, &vm, 2);
    let mut pb = PushBuffer::new();
    release(&mut pb, SEM, 3);
    other.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 3);
}

#[test]
fn a_qmd_that_is_not_v03_faults() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA); // all zeros: major version 0
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    assert!(f.reason.contains("major version 0"), "{f}");
    let _ = data;
}

/// Seed 002, hazard: the CPU rewrites the QMD of launch A (release payload
/// one) for launch B (payload two) before the GPU has read it. The GPU reads
/// a QMD when it executes the launch, so A releases two: the CPU would
/// believe B finished before B even started.
#[test]
fn qmd_reuse_race_reproduces_in_stepped_mode() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut ch = channel(&gpu, &vm, 1);
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |_| Ok(()));
    let mut q = qmd(PROGRAM, [1, 1, 1], [1, 1, 1], None);
    q.set_release(0, &one_word(SEM, 1));
    write_at(&data, QMD_VA, &q.to_bytes()); // A
    let mut pb = PushBuffer::new();
    launch(&mut pb, QMD_VA);
    ch.submit(&gpu, &pb);
    q.set_release(0, &one_word(SEM, 2));
    write_at(&data, QMD_VA, &q.to_bytes()); // B overwrites the same QMD memory
    ch.submit(&gpu, &pb);

    let mut first_release = None;
    while gpu.step() {
        let v = data_u64(&data, SEM);
        if v != 0 && first_release.is_none() {
            first_release = Some((v, gpu.launches()));
        }
    }
    assert_eq!(first_release, Some((2, 1)), "launch A released B's payload: the hazard");
    assert_eq!(gpu.launches(), 2);
    assert_eq!(QMD_SIZE, 256);
}

/// Seed 002, fix: the signal goes into the pushbuffer (fresh command memory
/// per submission) after each launch; the reused QMD carries no release.
/// Releases arrive as 1 then 2, each after its own launch.
#[test]
fn qmd_reuse_race_is_fixed_by_pushbuffer_signals_in_stepped_mode() {
    let (gpu, vm, data) = setup(ExecMode::Stepped);
    let mut ch = channel(&gpu, &vm, 1);
    gpu.register_kernel(ProgramKey::Address(PROGRAM), |_| Ok(()));
    let mut q = qmd(PROGRAM, [1, 1, 1], [1, 1, 1], Some((CBUF_VA, 16)));
    write_at(&data, QMD_VA, &q.to_bytes());
    for payload in [1u64, 2] {
        q.set_grid([payload as u32, 1, 1]);
        write_at(&data, QMD_VA, &q.to_bytes()); // the QMD is still reused
        let mut pb = PushBuffer::new();
        launch(&mut pb, QMD_VA);
        release(&mut pb, SEM, payload); // fresh command memory per submit
        ch.submit(&gpu, &pb);
    }
    let mut seen = vec![(data_u64(&data, SEM), gpu.launches())];
    while gpu.step() {
        let now = (data_u64(&data, SEM), gpu.launches());
        if seen.last() != Some(&now) {
            seen.push(now);
        }
    }
    assert_eq!(seen, vec![(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]);
}
