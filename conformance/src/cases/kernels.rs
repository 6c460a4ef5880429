//! Kernels: launches of the suite's SM 8.7 cubins with their arguments, shared
//! and local memory, faults and recovery, program loading.

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, Queue, Runtime};
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support;
use crate::{ensure, CaseResult, Ctx};

pub(super) fn kernel_launch_with_arguments_and_grid(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let n = 1000u32;
        let out = dev.alloc(AllocRequest::new(u64::from(n) * 4)).map_err(|e| e.to_string())?;
        let prog = support::load_fill_kernel(rt)?;
        let args = prog.pack_args(&[Arg::U64(out.gpu_va()), Arg::U32(n), Arg::U32(3)]).map_err(|e| e.to_string())?;
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        q.launch(&prog, LaunchDims::new([n.div_ceil(128), 1, 1], [128, 1, 1]), &args).signal(&s, 1u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        dev.signal_wait(&s, 1, Duration::from_secs(5)).map_err(|e| e.to_string())?;
        let host = read_u32s(rt, &out, n as usize)?;
        for (i, v) in host.iter().enumerate() {
            ensure!(*v == i as u32 * 3, "out[{i}] = {v}");
        }
        drop(q);
        rt.free(out).map_err(|e| e.to_string())?;
        Ok(rt.free_program(prog).map_err(|e| e.to_string())?)
    })
}

fn read_u32s(rt: &Runtime<&crate::Device>, b: &gpuiface::Buffer, n: usize) -> Result<Vec<u32>, String> {
    let mut host = vec![0u8; n * 4];
    rt.copyout(&mut host, b, 0).map_err(|e| e.to_string())?;
    Ok(host.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect())
}

fn launch_and_wait(
    dev: &crate::Device,
    rt: &Runtime<&crate::Device>,
    prog: &gpuiface::queue::Program,
    dims: LaunchDims,
    args: &[Arg],
) -> CaseResult {
    let packed = prog.pack_args(args).map_err(|e| e.to_string())?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    let mut q = Queue::compute();
    q.launch(prog, dims, &packed).signal(&s, 1u64);
    rt.submit(&q, &[]).map_err(|e| e.to_string())?;
    Ok(dev.signal_wait(&s, 1, Duration::from_secs(10)).map_err(|e| format!("{}: {e}", prog.name()))?)
}

pub(super) fn saxpy_on_the_sm87_cubin(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let n = 100_000u32;
        let bytes = u64::from(n) * 4;
        let (x, y) = (
            dev.alloc(AllocRequest::new(bytes)).map_err(|e| e.to_string())?,
            dev.alloc(AllocRequest::new(bytes)).map_err(|e| e.to_string())?,
        );
        let xs: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.25).collect();
        let ys: Vec<f32> = (0..n).map(|i| 3.0 - (i % 77) as f32).collect();
        rt.copyin(&x, 0, &xs.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>()).map_err(|e| e.to_string())?;
        rt.copyin(&y, 0, &ys.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>()).map_err(|e| e.to_string())?;
        let saxpy = support::load_kernel(rt, gpuiface_kernels::SAXPY)?;
        let dims = LaunchDims::new([n.div_ceil(256), 1, 1], [256, 1, 1]);
        launch_and_wait(
            dev,
            rt,
            &saxpy,
            dims,
            &[Arg::U64(x.gpu_va()), Arg::U64(y.gpu_va()), Arg::F32(-2.0), Arg::U32(n)],
        )?;
        for (i, w) in read_u32s(rt, &y, n as usize)?.into_iter().enumerate() {
            let want = (-2.0f32).mul_add(xs[i], ys[i]);
            ensure!(f32::from_bits(w) == want, "y[{i}] = {} not {want}", f32::from_bits(w));
        }
        rt.free(x).map_err(|e| e.to_string())?;
        rt.free(y).map_err(|e| e.to_string())?;
        Ok(rt.free_program(saxpy).map_err(|e| e.to_string())?)
    })
}

pub(super) fn shared_memory_reduction_with_barriers(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let n = 10_000u32;
        let input: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2_654_435_761)).collect();
        let blocks = n.div_ceil(256);
        let inb = dev.alloc(AllocRequest::new(u64::from(n) * 4)).map_err(|e| e.to_string())?;
        let outb = dev.alloc(AllocRequest::new(u64::from(blocks) * 4)).map_err(|e| e.to_string())?;
        rt.copyin(&inb, 0, &input.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>())
            .map_err(|e| e.to_string())?;
        let k = support::load_kernel(rt, gpuiface_kernels::REDUCE_SUM)?;
        ensure!(k.attributes().shared_static == 1024 && k.attributes().barriers == 1, "{:?}", k.attributes());
        let dims = LaunchDims::new([blocks, 1, 1], [256, 1, 1]);
        launch_and_wait(dev, rt, &k, dims, &[Arg::U64(inb.gpu_va()), Arg::U64(outb.gpu_va()), Arg::U32(n)])?;
        for (b, got) in read_u32s(rt, &outb, blocks as usize)?.into_iter().enumerate() {
            let want = input.iter().skip(256 * b).take(256).fold(0u32, |a, v| a.wrapping_add(*v));
            ensure!(got == want, "block {b}: {got} != {want}");
        }
        rt.free(inb).map_err(|e| e.to_string())?;
        rt.free(outb).map_err(|e| e.to_string())?;
        Ok(rt.free_program(k).map_err(|e| e.to_string())?)
    })
}

pub(super) fn local_memory_kernel_runs_after_binding_local_memory(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        ensure!(rt.local_memory().is_none(), "local memory bound before any kernel needed it");
        let k = support::load_kernel(rt, gpuiface_kernels::LOCAL_SCRATCH)?;
        let lm = rt.local_memory().ok_or("loading a kernel with a stack bound no local memory")?;
        ensure!(lm.per_thread >= k.attributes().stack_bytes(), "{lm:?} for {:?}", k.attributes());
        let n = 5000u32;
        let out = dev.alloc(AllocRequest::new(u64::from(n) * 4)).map_err(|e| e.to_string())?;
        launch_and_wait(
            dev,
            rt,
            &k,
            LaunchDims::new([n.div_ceil(128), 1, 1], [128, 1, 1]),
            &[Arg::U64(out.gpu_va()), Arg::U32(n)],
        )?;
        for (i, v) in read_u32s(rt, &out, n as usize)?.into_iter().enumerate() {
            let i = i as u32;
            let at = |j: u32| i.wrapping_mul(j).wrapping_add(1);
            let want = at(i % 256).wrapping_add(at((7 * i + 3) % 256));
            ensure!(v == want, "out[{i}] = {v} not {want}");
        }
        rt.free(out).map_err(|e| e.to_string())?;
        Ok(rt.free_program(k).map_err(|e| e.to_string())?)
    })
}

pub(super) fn parameters_of_every_size_and_alignment_arrive(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let k = support::load_kernel(rt, gpuiface_kernels::MANY_PARAMS)?;
        let out = dev.alloc(AllocRequest::new(88)).map_err(|e| e.to_string())?;
        let blob: Vec<u8> = (0x10..0x1c).collect();
        let args = [
            Arg::U8(0x81),
            Arg::U16(0x8002),
            Arg::U32(0x8000_0003),
            Arg::U64(0x8000_0000_0000_0004),
            Arg::F32(0.5),
            Arg::F64(-0.25),
            Arg::U8(0x7f),
            Arg::U64(out.gpu_va()),
            Arg::U16(0xfffe),
            Arg::Bytes(blob.clone()),
        ];
        launch_and_wait(dev, rt, &k, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args)?;
        let w = read_u32s(rt, &out, 22)?;
        let q = |i: usize| u64::from(w[2 * i]) | (u64::from(w[2 * i + 1]) << 32);
        let blob_word = |i: usize| u64::from(u32::from_le_bytes(blob[4 * i..4 * i + 4].try_into().unwrap_or([0; 4])));
        let want = [
            0x81,
            0x8002,
            0x8000_0003,
            0x8000_0000_0000_0004,
            u64::from(0.5f32.to_bits()),
            (-0.25f64).to_bits(),
            0x7f,
            0xfffe,
            blob_word(0),
            blob_word(1),
            blob_word(2),
        ];
        for (i, want) in want.iter().enumerate() {
            ensure!(q(i) == *want, "out[{i}] = {:#x} not {want:#x}", q(i));
        }
        rt.free(out).map_err(|e| e.to_string())?;
        Ok(rt.free_program(k).map_err(|e| e.to_string())?)
    })
}

pub(super) fn driver_area_gives_compiled_code_its_launch_geometry(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let k = support::load_kernel(rt, gpuiface_kernels::LAUNCH_GEOMETRY)?;
        let out = dev.alloc(AllocRequest::new(24)).map_err(|e| e.to_string())?;
        launch_and_wait(dev, rt, &k, LaunchDims::new([7, 2, 3], [16, 4, 2]), &[Arg::U64(out.gpu_va())])?;
        let got = read_u32s(rt, &out, 6)?;
        ensure!(got == [16, 4, 2, 7, 2, 3], "%ntid/%nctaid read {got:?}");
        rt.free(out).map_err(|e| e.to_string())?;
        Ok(rt.free_program(k).map_err(|e| e.to_string())?)
    })
}

pub(crate) fn faulting_kernel_reports_an_mmu_fault(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let k = support::load_kernel(rt, gpuiface_kernels::FAULT_STORE)?;
        // Below the user VA range the backend asks for: never mapped.
        let unmapped = 0x1000u64;
        let packed = k.pack_args(&[Arg::U64(unmapped)]).map_err(|e| e.to_string())?;
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        q.launch(&k, LaunchDims::new([1, 1, 1], [32, 1, 1]), &packed).signal(&s, 1u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        let e = dev.signal_wait(&s, 1, Duration::from_secs(10)).err().ok_or("a store to an unmapped VA completed")?;
        let gpuiface::Error::DeviceHang { fault: Some(f), .. } = &e else {
            return Err(format!("expected a fault record, got: {e}").into());
        };
        ensure!(f.notifier_code == gpuiface_nvgpu::abi::NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, "not an MMU fault: {f}");
        ensure!(f.address.is_none_or(|a| a == unmapped), "fault at {:?}", f.address);
        // The faulted channel runs nothing more: the program's memory is freed.
        drop(q);
        Ok(rt.free_program(k).map_err(|e| e.to_string())?)
    })
}

/// After a fault, the channel refuses work at the next submit (not only at
/// the next wait); dropping the runtime and creating a new one recovers,
/// and the device's buffers survive.
pub(crate) fn a_faulted_channel_refuses_work_and_a_new_runtime_recovers(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let keep = dev.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
    {
        let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
        rt.copyin(&keep, 0, &[7; 16]).map_err(|e| e.to_string())?;
        let k = support::load_kernel(&rt, gpuiface_kernels::FAULT_STORE)?;
        let packed = k.pack_args(&[Arg::U64(0x1000)]).map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        q.launch(&k, LaunchDims::new([1, 1, 1], [32, 1, 1]), &packed);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        let e = rt.synchronize().err().ok_or("the faulting kernel completed")?;
        ensure!(e.kind() == ErrorKind::DeviceHang, "a fault is a hang with its record: {e}");
        let mut again = Queue::compute();
        again.barrier();
        let e = rt.submit(&again, &[]).err().ok_or("a faulted channel accepted work")?;
        ensure!(matches!(&e, gpuiface::Error::DeviceHang { fault: Some(_), .. }), "{e}");
        ensure!(e.to_string().contains("recreate"), "the error does not say how to recover: {e}");
        drop((q, again));
        rt.free_program(k).map_err(|e| format!("freeing a program after its channel faulted: {e}"))?;
    }
    let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    let mut q = Queue::compute();
    q.signal(&s, 1u64);
    rt.submit(&q, &[]).map_err(|e| e.to_string())?;
    rt.synchronize().map_err(|e| e.to_string())?;
    let mut out = [0u8; 16];
    rt.copyout(&mut out, &keep, 0).map_err(|e| e.to_string())?;
    ensure!(out == [7; 16] && s.value() == 1, "after recovery: {out:?}, signal {}", s.value());
    Ok(rt.free(keep).map_err(|e| e.to_string())?)
}

pub(super) fn local_memory_grows_after_synchronizing(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        let a = rt.ensure_local_memory(1 << 10).map_err(|e| e.to_string())?;
        let same = rt.ensure_local_memory(1 << 8).map_err(|e| e.to_string())?;
        ensure!(a == same, "shrinking request reallocated");
        let b = rt.ensure_local_memory(1 << 12).map_err(|e| e.to_string())?;
        ensure!(b.per_thread >= 1 << 12 && b.per_tpc > a.per_tpc, "{b:?} after {a:?}");
        ensure!(rt.local_memory() == Some(b), "the runtime does not report what it bound");
        Ok(())
    })
}

pub(super) fn program_load_rejects_empty_code(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        ensure!(kind_of(rt.load_program(&[])) == Some(ErrorKind::InvalidArgument), "empty program accepted");
        let p = rt.load_program(&[1, 2, 3]).map_err(|e| e.to_string())?;
        ensure!(p.gpu_va() % 256 == 0, "program at {:#x}", p.gpu_va());
        Ok(rt.free_program(p).map_err(|e| e.to_string())?)
    })
}

pub(super) fn launch_on_a_copy_queue_is_invalid(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        let p = rt.load_program(&[1, 2, 3]).map_err(|e| e.to_string())?;
        let mut q = Queue::copy_queue();
        q.launch(&p, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]);
        ensure!(kind_of(rt.submit(&q, &[])) == Some(ErrorKind::InvalidArgument), "launch on copy queue accepted");
        drop(q);
        Ok(rt.free_program(p).map_err(|e| e.to_string())?)
    })
}
