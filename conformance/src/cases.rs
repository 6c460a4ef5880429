//! Cases every backend must pass, written against `GpuIface` and the queue API only.

use std::time::Duration;

use gpuiface::queue::{Arg, LaunchDims, Queue, QueueKind, Runtime};
use gpuiface::{AllocRequest, ErrorKind, GpuIface, GrInfoIndex, RmAllocParams, RmClass, RmControl, RmHandle};

use crate::support::{self, pattern};
use crate::{ensure, Case, CaseResult, Ctx};

const MIB: u64 = 1 << 20;

fn kind_of<T>(r: gpuiface::Result<T>) -> Option<ErrorKind> {
    r.err().map(|e| e.kind())
}

fn info_describes_an_orin(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let i = dev.info();
    ensure!(i.arch == 0x170, "arch {:#x}", i.arch);
    ensure!(i.sm_major() == 8 && i.sm_minor() == 7, "SM {:#x}", i.sm_version);
    ensure!((i.compute_class, i.dma_copy_class, i.gpfifo_class) == (0xc7c0, 0xc7b5, 0xc76f), "classes {i:?}");
    ensure!(i.va_bits == 40, "va bits {}", i.va_bits);
    ensure!(i.io_coherent, "Orin is IO-coherent");
    ensure!(i.signal_placement == gpuiface::SignalPlacement::PushbufferSemaphore, "Tegra needs pushbuffer signals");
    if ctx.is_builtin() {
        ensure!(i.backend == ctx.kind.name(), "backend name {}", i.backend);
    }
    Ok(())
}

fn alloc_zero_bytes_is_invalid(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    ensure!(kind_of(dev.alloc(AllocRequest::new(0))) == Some(ErrorKind::InvalidArgument), "size 0 accepted");
    Ok(())
}

fn alloc_one_byte_is_usable_from_cpu_and_gpu(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(1)).map_err(|e| e.to_string())?;
    ensure!(b.size() == 1 && b.gpu_va() != 0, "{b:?}");
    ensure!(b.cpu().is_some(), "no CPU mapping");
    b.write(0, &[0x5a]).map_err(|e| e.to_string())?;
    let mut back = [0u8];
    b.read(0, &mut back).map_err(|e| e.to_string())?;
    ensure!(back[0] == 0x5a, "byte did not stick");
    ensure!(b.write(1, &[0]).is_err(), "a write past the one byte was accepted");
    dev.free(b).map_err(|e| e.to_string())
}

fn alloc_page_minus_one(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(4095)).map_err(|e| e.to_string())?;
    ensure!(b.gpu_va().is_multiple_of(4096), "unaligned {:#x}", b.gpu_va());
    dev.free(b).map_err(|e| e.to_string())
}

fn alloc_of_8mib_and_more_is_2mib_aligned(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    for size in [8 * MIB, 8 * MIB + 4096, 24 * MIB] {
        let b = dev.alloc(AllocRequest::new(size).gpu_only()).map_err(|e| e.to_string())?;
        ensure!(b.gpu_va().is_multiple_of(2 * MIB), "{size:#x} at {:#x}", b.gpu_va());
        dev.free(b).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn alloc_with_requested_alignment(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(4096).align(1 << 20)).map_err(|e| e.to_string())?;
    ensure!(b.gpu_va().is_multiple_of(1 << 20), "{:#x}", b.gpu_va());
    dev.free(b).map_err(|e| e.to_string())?;
    ensure!(
        kind_of(dev.alloc(AllocRequest::new(4096).align(3000))) == Some(ErrorKind::InvalidArgument),
        "non-power-of-two alignment accepted"
    );
    Ok(())
}

fn alloc_larger_than_the_address_space_is_out_of_memory(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let too_big = dev.info().va_size() + 4096;
    ensure!(kind_of(dev.alloc(AllocRequest::new(too_big))) == Some(ErrorKind::OutOfMemory), "not OOM");
    Ok(())
}

fn cpu_and_gpu_views_agree(ctx: &Ctx) -> CaseResult {
    // CPU writes through the buffer's mapping (at its GPU VA when that range
    // is free in the process), the copy engine moves the bytes, the CPU reads.
    with_runtime(ctx, |dev, rt| {
        let a = dev.alloc(AllocRequest::new(64 << 10)).map_err(|e| e.to_string())?;
        let b = dev.alloc(AllocRequest::new(64 << 10)).map_err(|e| e.to_string())?;
        let data = pattern(64 << 10, 77);
        a.write(0, &data).map_err(|e| e.to_string())?;
        let mut q = Queue::copy_queue();
        q.copy(b.gpu_va(), a.gpu_va(), data.len() as u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        rt.synchronize().map_err(|e| e.to_string())?;
        let mut out = vec![0u8; data.len()];
        b.read(0, &mut out).map_err(|e| e.to_string())?;
        ensure!(out == data, "the GPU did not see what the CPU wrote (or vice versa)");
        dev.free(a).map_err(|e| e.to_string())?;
        dev.free(b).map_err(|e| e.to_string())
    })
}

fn gpu_only_buffers_have_no_cpu_mapping(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(1 << 16).gpu_only()).map_err(|e| e.to_string())?;
    ensure!(b.cpu_addr().is_none(), "{b:?}");
    dev.free(b).map_err(|e| e.to_string())
}

fn free_then_reuse(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let a = dev.alloc(AllocRequest::new(1 << 16)).map_err(|e| e.to_string())?;
    let va = a.gpu_va();
    dev.free(a).map_err(|e| e.to_string())?;
    let b = dev.alloc(AllocRequest::new(1 << 16)).map_err(|e| e.to_string())?;
    ensure!(b.gpu_va() == va, "freed VA {va:#x} not reused (got {:#x})", b.gpu_va());
    dev.free(b).map_err(|e| e.to_string())
}

/// A double free cannot be written (`free` consumes the only handle; see
/// `Buffer`'s compile_fail doctest). What can be written is freeing one
/// device's buffer on another whose ids and addresses coincide: refused,
/// and neither device's memory changes.
fn another_devices_buffer_is_refused(ctx: &Ctx) -> CaseResult {
    let one = ctx.open()?;
    let two = ctx.open()?;
    let a = one.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
    let b = two.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
    b.write(0, &[7; 4]).map_err(|e| e.to_string())?;
    ensure!(kind_of(two.free(a)) == Some(ErrorKind::InvalidArgument), "device two freed device one's buffer");
    let mut back = [0u8; 4];
    b.read(0, &mut back).map_err(|e| e.to_string())?;
    ensure!(back == [7; 4], "device two's own buffer changed: {back:?}");
    two.free(b).map_err(|e| e.to_string())
}

fn thousands_of_varied_allocations(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let mut live = Vec::new();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for i in 0..2000u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let size = 1 + x % (256 << 10);
        let b = dev.alloc(AllocRequest::new(size)).map_err(|e| format!("alloc #{i} of {size}: {e}"))?;
        for o in &live {
            let o: &gpuiface::Buffer = o;
            ensure!(b.gpu_end() <= o.gpu_va() || o.gpu_end() <= b.gpu_va(), "{b:?} overlaps {o:?}");
        }
        live.push(b);
        if x.is_multiple_of(3) {
            let victim = live.swap_remove((x as usize / 3) % live.len());
            dev.free(victim).map_err(|e| e.to_string())?;
        }
        if live.len() > 64 {
            dev.free(live.remove(0)).map_err(|e| e.to_string())?;
        }
    }
    for b in live {
        dev.free(b).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn reserved_windows_are_never_handed_out(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let windows = [(0xFD_0000_0000u64, 1u64 << 30), (0xFE_0000_0000, 1 << 30)];
    let mut live = Vec::new();
    // Top-down placement reaches the windows after ~7 GiB of large buffers.
    for _ in 0..12 {
        let b = dev.alloc(AllocRequest::new(1 << 30).gpu_only()).map_err(|e| e.to_string())?;
        for (w, len) in windows {
            ensure!(b.gpu_end() <= w || b.gpu_va() >= w + len, "{:#x}+1GiB inside window {w:#x}", b.gpu_va());
        }
        live.push(b);
    }
    for b in live {
        dev.free(b).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn map_rejects_a_non_dmabuf_fd(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let f = std::fs::File::open("/dev/null").map_err(|e| e.to_string())?;
    use std::os::fd::AsFd;
    let r = dev.map(gpuiface::ForeignMemory::DmaBuf(f.as_fd()));
    ensure!(r.is_err(), "mapped /dev/null");
    Ok(())
}

fn rm_hierarchy_valid_chain(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let rt = Runtime::new(&dev).map_err(|e| e.to_string())?;
    let o = rt.objects();
    let all =
        [o.device, o.subdevice, o.address_space, o.channel_group, o.context_share, o.compute_channel, o.copy_channel];
    let mut sorted = all.to_vec();
    sorted.sort();
    sorted.dedup();
    ensure!(sorted.len() == all.len(), "handles not distinct: {all:?}");
    Ok(())
}

fn rm_alloc_rejects_invalid_parents_and_unknown_classes(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let device = dev.rm_alloc(RmHandle::ROOT, RmClass::Device0, &RmAllocParams::None).map_err(|e| e.to_string())?;
    // A compute object needs a channel parent.
    let r = dev.rm_alloc(device, RmClass::AmpereComputeB, &RmAllocParams::None);
    ensure!(kind_of(r) == Some(ErrorKind::InvalidArgument), "compute under a device accepted");
    let r = dev.rm_alloc(RmHandle(0xdead_beef), RmClass::Subdevice0, &RmAllocParams::None);
    ensure!(kind_of(r) == Some(ErrorKind::InvalidArgument), "unknown parent accepted");
    let r = dev.rm_alloc(device, RmClass::Raw(0x1234), &RmAllocParams::None);
    ensure!(kind_of(r) == Some(ErrorKind::Unsupported), "raw class not Unsupported");
    dev.rm_free(device).map_err(|e| e.to_string())
}

fn with_runtime(ctx: &Ctx, f: impl FnOnce(&crate::Device, &Runtime<&crate::Device>) -> CaseResult) -> CaseResult {
    let dev = ctx.open()?;
    let rt = Runtime::new(&dev).map_err(|e| format!("runtime: {e}"))?;
    f(&dev, &rt)
}

fn rm_control_work_submit_token(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let o = rt.objects();
        let mut a = RmControl::GetWorkSubmitToken { token: 0 };
        let mut b = RmControl::GetWorkSubmitToken { token: 0 };
        dev.rm_control(o.compute_channel, &mut a).map_err(|e| e.to_string())?;
        dev.rm_control(o.copy_channel, &mut b).map_err(|e| e.to_string())?;
        ensure!(a != b, "two channels share a token: {a:?}");
        let r = dev.rm_control(o.device, &mut RmControl::GetWorkSubmitToken { token: 0 });
        ensure!(r.is_err(), "token of a non-channel");
        Ok(())
    })
}

fn rm_control_gr_get_info(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let mut c = RmControl::GrGetInfo {
            queries: vec![(GrInfoIndex::SmVersion, 0), (GrInfoIndex::NumGpcs, 0), (GrInfoIndex::NumTpcPerGpc, 0)],
        };
        dev.rm_control(rt.objects().subdevice, &mut c).map_err(|e| e.to_string())?;
        let RmControl::GrGetInfo { queries } = c else { return Err("variant changed".into()) };
        let i = dev.info();
        ensure!(queries[0].1 == i.sm_version, "{queries:?}");
        ensure!(queries[1].1 == i.num_gpc && queries[1].1 * queries[2].1 == i.num_tpc, "{queries:?}");
        Ok(())
    })
}

fn rm_control_class_list(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let mut c = RmControl::GetClassList { classes: vec![] };
        dev.rm_control(rt.objects().device, &mut c).map_err(|e| e.to_string())?;
        let RmControl::GetClassList { classes } = c else { return Err("variant changed".into()) };
        for need in [0xc7c0, 0xc7b5, 0xc76f] {
            ensure!(classes.contains(&need), "{need:#x} missing from {classes:x?}");
        }
        Ok(())
    })
}

fn rm_control_gid_info_is_stable(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let mut a = RmControl::GetGidInfo { uuid: [0; 16] };
        let mut b = RmControl::GetGidInfo { uuid: [0; 16] };
        dev.rm_control(rt.objects().subdevice, &mut a).map_err(|e| e.to_string())?;
        dev.rm_control(rt.objects().subdevice, &mut b).map_err(|e| e.to_string())?;
        ensure!(a == b && a != RmControl::GetGidInfo { uuid: [0; 16] }, "{a:?} vs {b:?}");
        Ok(())
    })
}

fn rm_control_schedule_and_flush(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let o = rt.objects();
        dev.rm_control(o.channel_group, &mut RmControl::GpfifoSchedule { enable: true }).map_err(|e| e.to_string())?;
        dev.rm_control(o.subdevice, &mut RmControl::FbFlushGpuCache).map_err(|e| e.to_string())?;
        Ok(())
    })
}

fn rm_control_unknown_is_unsupported(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let r = dev.rm_control(rt.objects().subdevice, &mut RmControl::Raw { cmd: 0x2080_0101, params: vec![0; 8] });
        ensure!(kind_of(r) == Some(ErrorKind::Unsupported), "raw control not Unsupported");
        Ok(())
    })
}

fn usermode_window_is_idempotent(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let a = dev.setup_usermode().map_err(|e| e.to_string())?;
    let b = dev.setup_usermode().map_err(|e| e.to_string())?;
    ensure!(a == b, "{a:?} vs {b:?}");
    ensure!(a.doorbell_offset == 0x90 && a.len <= 0x10000 && a.base != 0, "{a:?}");
    Ok(())
}

fn signal_set_and_wait_from_cpu(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    ensure!(s.value() == 0, "fresh signal is {}", s.value());
    s.set(7);
    dev.signal_wait(&s, 7, Duration::from_millis(100)).map_err(|e| e.to_string())?;
    dev.signal_wait(&s, 3, Duration::from_millis(100)).map_err(|e| e.to_string())?;
    Ok(())
}

fn signal_wait_without_a_fault_times_out(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let s = dev.signal_alloc().map_err(|e| e.to_string())?;
    let e = dev.signal_wait(&s, 1, Duration::from_millis(50)).err().ok_or("wait on 0 >= 1 succeeded")?;
    ensure!(e.kind() == ErrorKind::Timeout, "nothing faulted, so a timeout: {e}");
    Ok(())
}

fn gpu_signal_release_with_timestamp(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        q.signal(&s, 42u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        rt.synchronize().map_err(|e| e.to_string())?;
        ensure!(s.value() == 42, "signal {}", s.value());
        ensure!(s.timestamp() != 0, "no timestamp");
        Ok(())
    })
}

fn queues_order_across_engines_through_explicit_waits(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut last = [rt.last_timeline_value(QueueKind::Compute), rt.last_timeline_value(QueueKind::Copy)];
        for i in 1..=20u64 {
            let mut q = if i % 2 == 0 { Queue::compute() } else { Queue::copy_queue() };
            q.wait(&s, i - 1).signal(&s, i);
            let v = rt.submit(&q, &[]).map_err(|e| e.to_string())?;
            let e = q.kind().index();
            ensure!(v == last[e] + 1, "{:?} timeline value {v} after {}", q.kind(), last[e]);
            last[e] = v;
        }
        rt.synchronize().map_err(|e| e.to_string())?;
        ensure!(s.value() == 20, "final {}", s.value());
        for kind in [QueueKind::Compute, QueueKind::Copy] {
            ensure!(
                rt.timeline(kind).value() == rt.last_timeline_value(kind),
                "{kind:?} timeline behind after synchronize"
            );
        }
        Ok(())
    })
}

/// A consumer submitted before its producer, on another engine, completes
/// once the producer is submitted: engines share no implicit order.
fn consumer_before_producer_completes(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let ready = dev.signal_alloc().map_err(|e| e.to_string())?;
        let done = dev.signal_alloc().map_err(|e| e.to_string())?;
        let buf = dev.alloc(AllocRequest::new(8192)).map_err(|e| e.to_string())?;
        let mut consumer = Queue::copy_queue();
        consumer.wait(&ready, 1u64).copy(buf.gpu_va() + 4096, buf.gpu_va(), 64).signal(&done, 1u64);
        rt.submit(&consumer, &[]).map_err(|e| e.to_string())?;
        let fill = support::load_fill_kernel(rt)?;
        let args = fill.pack_args(&[Arg::U64(buf.gpu_va()), Arg::U32(16), Arg::U32(5)]).map_err(|e| e.to_string())?;
        let mut producer = Queue::compute();
        producer.launch(&fill, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args).signal(&ready, 1u64);
        rt.submit(&producer, &[]).map_err(|e| e.to_string())?;
        dev.signal_wait(&done, 1, Duration::from_secs(10)).map_err(|e| e.to_string())?;
        let mut out = vec![0u8; 64];
        rt.copyout(&mut out, &buf, 4096).map_err(|e| e.to_string())?;
        let words: Vec<u32> = out.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
        ensure!(words == (0..16).map(|i| 5 * i).collect::<Vec<u32>>(), "consumer copied {words:?}");
        Ok(())
    })
}

fn cross_queue_wait_blocks_until_released(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let gate = dev.signal_alloc().map_err(|e| e.to_string())?;
        let done = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut waiter = Queue::copy_queue();
        waiter.wait(&gate, 1u64).signal(&done, 1u64);
        rt.submit(&waiter, &[]).map_err(|e| e.to_string())?;
        let early = dev.signal_wait(&done, 1, Duration::from_millis(30));
        ensure!(early.is_err() && done.value() == 0, "ran past an unreleased acquire");
        gate.set(1);
        dev.signal_wait(&done, 1, Duration::from_secs(5)).map_err(|e| e.to_string())?;
        rt.synchronize().map_err(|e| e.to_string())
    })
}

fn copy_round_trip(ctx: &Ctx, size: usize, offset: u64) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let b = dev.alloc(AllocRequest::new(size as u64 + offset + 3)).map_err(|e| e.to_string())?;
        let src = pattern(size, size as u64);
        rt.copyin(&b, offset, &src).map_err(|e| e.to_string())?;
        let mut out = vec![0u8; size];
        rt.copyout(&mut out, &b, offset).map_err(|e| e.to_string())?;
        ensure!(out == src, "direct round trip of {size} bytes at +{offset} differs");
        dev.free(b).map_err(|e| e.to_string())
    })
}

fn copy_1_byte(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, 1, 0)
}
fn copy_4095_bytes_unaligned(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, 4095, 1)
}
fn copy_1mib_plus_3_unaligned(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, (1 << 20) + 3, 7)
}
fn copy_64mib(ctx: &Ctx) -> CaseResult {
    copy_round_trip(ctx, 64 << 20, 0)
}

fn staged_copies_through_the_copy_engine(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        for (size, off) in [(1usize, 0u64), (4097, 5), (3 << 20, 0)] {
            let b = dev.alloc(AllocRequest::new(size as u64 + off)).map_err(|e| e.to_string())?;
            let src = pattern(size, 99);
            rt.copyin_staged(&b, off, &src).map_err(|e| e.to_string())?;
            let mut direct = vec![0u8; size];
            rt.copyout(&mut direct, &b, off).map_err(|e| e.to_string())?;
            ensure!(direct == src, "staged copyin of {size} differs");
            let mut staged = vec![0u8; size];
            rt.copyout_staged(&mut staged, &b, off).map_err(|e| e.to_string())?;
            ensure!(staged == src, "staged copyout of {size} differs");
            dev.free(b).map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

fn copy_queue_moves_gpu_to_gpu(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let size = 300_001usize;
        let a = dev.alloc(AllocRequest::new(size as u64)).map_err(|e| e.to_string())?;
        let b = dev.alloc(AllocRequest::new(size as u64)).map_err(|e| e.to_string())?;
        let src = pattern(size, 5);
        rt.copyin(&a, 0, &src).map_err(|e| e.to_string())?;
        let mut q = Queue::copy_queue();
        q.copy(b.gpu_va(), a.gpu_va(), size as u64);
        rt.submit(&q, &[]).map_err(|e| e.to_string())?;
        let mut out = vec![0u8; size];
        rt.copyout(&mut out, &b, 0).map_err(|e| e.to_string())?;
        ensure!(out == src, "GPU copy differs");
        Ok(())
    })
}

fn copy_out_of_range_is_invalid(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let b = dev.alloc(AllocRequest::new(100)).map_err(|e| e.to_string())?;
        ensure!(kind_of(rt.copyin(&b, 90, &[0; 20])) == Some(ErrorKind::InvalidArgument), "overflowing copyin");
        let mut out = [0u8; 8];
        ensure!(
            kind_of(rt.copyout(&mut out, &b, u64::MAX - 2)) == Some(ErrorKind::InvalidArgument),
            "wrapping copyout"
        );
        dev.free(b).map_err(|e| e.to_string())
    })
}

fn kernel_launch_with_arguments_and_grid(ctx: &Ctx) -> CaseResult {
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
        Ok(())
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
    dev.signal_wait(&s, 1, Duration::from_secs(10)).map_err(|e| format!("{}: {e}", prog.name()))
}

fn saxpy_on_the_sm87_cubin(ctx: &Ctx) -> CaseResult {
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
        Ok(())
    })
}

fn shared_memory_reduction_with_barriers(ctx: &Ctx) -> CaseResult {
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
        Ok(())
    })
}

fn local_memory_kernel_runs_after_binding_local_memory(ctx: &Ctx) -> CaseResult {
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
        Ok(())
    })
}

fn parameters_of_every_size_and_alignment_arrive(ctx: &Ctx) -> CaseResult {
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
        Ok(())
    })
}

fn driver_area_gives_compiled_code_its_launch_geometry(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let k = support::load_kernel(rt, gpuiface_kernels::LAUNCH_GEOMETRY)?;
        let out = dev.alloc(AllocRequest::new(24)).map_err(|e| e.to_string())?;
        launch_and_wait(dev, rt, &k, LaunchDims::new([7, 2, 3], [16, 4, 2]), &[Arg::U64(out.gpu_va())])?;
        let got = read_u32s(rt, &out, 6)?;
        ensure!(got == [16, 4, 2, 7, 2, 3], "%ntid/%nctaid read {got:?}");
        Ok(())
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
            return Err(format!("expected a fault record, got: {e}"));
        };
        ensure!(f.notifier_code == gpuiface_nvgpu::abi::NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, "not an MMU fault: {f}");
        ensure!(f.address.is_none_or(|a| a == unmapped), "fault at {:?}", f.address);
        Ok(())
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
    Ok(())
}

/// Seed 002's race, on real kernels: back-to-back launches of one queue,
/// each with its own arguments and signal value, under each policy the
/// runtime offers. On an Orin this is the hardware test: no launch may run
/// with another's arguments or release another's value.
fn qmd_race_safe_policies_hold_on_real_kernels(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        for policy in support::RacePolicy::SAFE {
            let mut rig = support::RaceRig::new(rt, policy, 20_000)?;
            for round in 0..50u64 {
                rig.reset_outputs();
                let base = 2 * round;
                rig.submit(0, base + 1)?;
                rig.submit(1, base + 2)?;
                rt.iface().signal_wait(&rig.signal, base + 2, Duration::from_secs(10)).map_err(|e| e.to_string())?;
                rt.synchronize().map_err(|e| e.to_string())?;
                let tags = [rig.tag_written(0), rig.tag_written(1)];
                ensure!(tags == [Some(1), Some(2)], "{policy:?} round {round}: launches wrote tags {tags:?}");
                ensure!(rig.signal.value() == base + 2, "{policy:?}: signal {}", rig.signal.value());
            }
            rig.release()?;
        }
        Ok(())
    })
}

fn replayed_queue_takes_new_values(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
        let mut q = Queue::compute();
        let v = q.var();
        q.barrier().signal(&s, v);
        for value in [5u64, 9, 1 << 35] {
            rt.submit(&q, &[(v, value)]).map_err(|e| e.to_string())?;
            rt.synchronize().map_err(|e| e.to_string())?;
            ensure!(s.value() == value, "replay wrote {} not {value}", s.value());
        }
        ensure!(kind_of(rt.submit(&q, &[])) == Some(ErrorKind::InvalidArgument), "unbound variable accepted");
        Ok(())
    })
}

fn local_memory_grows_after_synchronizing(ctx: &Ctx) -> CaseResult {
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

fn program_load_rejects_empty_code(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        ensure!(kind_of(rt.load_program(&[])) == Some(ErrorKind::InvalidArgument), "empty program accepted");
        let p = rt.load_program(&[1, 2, 3]).map_err(|e| e.to_string())?;
        ensure!(p.gpu_va() % 256 == 0, "program at {:#x}", p.gpu_va());
        rt.free_program(p).map_err(|e| e.to_string())
    })
}

fn launch_on_a_copy_queue_is_invalid(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |_, rt| {
        let p = rt.load_program(&[1, 2, 3]).map_err(|e| e.to_string())?;
        let mut q = Queue::copy_queue();
        q.launch(&p, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[]);
        ensure!(kind_of(rt.submit(&q, &[])) == Some(ErrorKind::InvalidArgument), "launch on copy queue accepted");
        Ok(())
    })
}

fn use_from_several_threads(ctx: &Ctx) -> CaseResult {
    with_runtime(ctx, |dev, rt| {
        let results: Vec<CaseResult> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4u64)
                .map(|t| {
                    scope.spawn(move || -> CaseResult {
                        let s = dev.signal_alloc().map_err(|e| e.to_string())?;
                        for i in 1..=25u64 {
                            let b = dev.alloc(AllocRequest::new(4096 * (t + 1))).map_err(|e| e.to_string())?;
                            let data = pattern(4096, t * 1000 + i);
                            rt.copyin(&b, 0, &data).map_err(|e| e.to_string())?;
                            let mut q = if i % 2 == 0 { Queue::compute() } else { Queue::copy_queue() };
                            // The engines are not ordered with each other:
                            // the signal moves forward only through explicit waits.
                            q.wait(&s, i - 1).signal(&s, i);
                            rt.submit(&q, &[]).map_err(|e| e.to_string())?;
                            let mut out = vec![0u8; 4096];
                            rt.copyout(&mut out, &b, 0).map_err(|e| e.to_string())?;
                            ensure!(out == data, "thread {t} iteration {i}: contents lost");
                            dev.free(b).map_err(|e| e.to_string())?;
                        }
                        dev.signal_wait(&s, 25, Duration::from_secs(5)).map_err(|e| e.to_string())
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("thread panicked".into()))).collect()
        });
        results.into_iter().collect()
    })
}

macro_rules! case {
    ($f:ident) => {
        Case { name: stringify!($f), run: $f, expected_failures: &[] }
    };
    ($f:ident, $xf:expr) => {
        Case { name: stringify!($f), run: $f, expected_failures: $xf }
    };
}

/// The backend-independent cases.
pub(crate) const CASES: &[Case] = &[
    case!(info_describes_an_orin),
    case!(alloc_zero_bytes_is_invalid),
    case!(alloc_one_byte_is_usable_from_cpu_and_gpu),
    case!(alloc_page_minus_one),
    case!(alloc_of_8mib_and_more_is_2mib_aligned),
    case!(alloc_with_requested_alignment),
    case!(alloc_larger_than_the_address_space_is_out_of_memory),
    case!(cpu_and_gpu_views_agree),
    case!(gpu_only_buffers_have_no_cpu_mapping),
    case!(free_then_reuse),
    case!(another_devices_buffer_is_refused),
    case!(thousands_of_varied_allocations),
    case!(reserved_windows_are_never_handed_out),
    case!(map_rejects_a_non_dmabuf_fd),
    case!(rm_hierarchy_valid_chain),
    case!(rm_alloc_rejects_invalid_parents_and_unknown_classes),
    case!(rm_control_work_submit_token),
    case!(rm_control_gr_get_info),
    case!(rm_control_class_list),
    case!(rm_control_gid_info_is_stable),
    case!(rm_control_schedule_and_flush),
    case!(rm_control_unknown_is_unsupported),
    case!(usermode_window_is_idempotent),
    case!(signal_set_and_wait_from_cpu),
    case!(signal_wait_without_a_fault_times_out),
    case!(gpu_signal_release_with_timestamp),
    case!(queues_order_across_engines_through_explicit_waits),
    case!(consumer_before_producer_completes),
    case!(cross_queue_wait_blocks_until_released),
    case!(copy_1_byte),
    case!(copy_4095_bytes_unaligned),
    case!(copy_1mib_plus_3_unaligned),
    case!(copy_64mib),
    case!(staged_copies_through_the_copy_engine),
    case!(copy_queue_moves_gpu_to_gpu),
    case!(copy_out_of_range_is_invalid),
    case!(kernel_launch_with_arguments_and_grid),
    case!(saxpy_on_the_sm87_cubin),
    case!(shared_memory_reduction_with_barriers),
    case!(local_memory_kernel_runs_after_binding_local_memory),
    case!(parameters_of_every_size_and_alignment_arrive),
    case!(driver_area_gives_compiled_code_its_launch_geometry),
    case!(qmd_race_safe_policies_hold_on_real_kernels),
    case!(replayed_queue_takes_new_values),
    case!(local_memory_grows_after_synchronizing),
    case!(program_load_rejects_empty_code),
    case!(launch_on_a_copy_queue_is_invalid),
    case!(use_from_several_threads),
];
