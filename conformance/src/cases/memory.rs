//! Memory: what the device reports, allocation sizes and alignments, CPU and
//! GPU views of one buffer, reuse, another device's buffers, the reserved
//! windows and foreign memory.

use gpuiface::queue::Queue;
use gpuiface::{AllocRequest, ErrorKind, GpuIface};

use super::{kind_of, with_runtime};
use crate::support::pattern;
use crate::{ensure, CaseResult, Ctx};

const MIB: u64 = 1 << 20;

pub(super) fn info_describes_an_orin(ctx: &Ctx) -> CaseResult {
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

pub(super) fn alloc_zero_bytes_is_invalid(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    ensure!(kind_of(dev.alloc(AllocRequest::new(0))) == Some(ErrorKind::InvalidArgument), "size 0 accepted");
    Ok(())
}

pub(super) fn alloc_one_byte_is_usable_from_cpu_and_gpu(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(1)).map_err(|e| e.to_string())?;
    ensure!(b.size() == 1 && b.gpu_va() != 0, "{b:?}");
    ensure!(b.cpu().is_some(), "no CPU mapping");
    b.write(0, &[0x5a]).map_err(|e| e.to_string())?;
    let mut back = [0u8];
    b.read(0, &mut back).map_err(|e| e.to_string())?;
    ensure!(back[0] == 0x5a, "byte did not stick");
    ensure!(b.write(1, &[0]).is_err(), "a write past the one byte was accepted");
    Ok(dev.free(b).map_err(|e| e.to_string())?)
}

pub(super) fn alloc_page_minus_one(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(4095)).map_err(|e| e.to_string())?;
    ensure!(b.gpu_va().is_multiple_of(4096), "unaligned {:#x}", b.gpu_va());
    Ok(dev.free(b).map_err(|e| e.to_string())?)
}

pub(super) fn alloc_of_8mib_and_more_is_2mib_aligned(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    for size in [8 * MIB, 8 * MIB + 4096, 24 * MIB] {
        let b = dev.alloc(AllocRequest::new(size).gpu_only()).map_err(|e| e.to_string())?;
        ensure!(b.gpu_va().is_multiple_of(2 * MIB), "{size:#x} at {:#x}", b.gpu_va());
        dev.free(b).map_err(|e| e.to_string())?;
    }
    Ok(())
}

pub(super) fn alloc_with_requested_alignment(ctx: &Ctx) -> CaseResult {
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

pub(super) fn alloc_larger_than_the_address_space_is_out_of_memory(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let too_big = dev.info().va_size() + 4096;
    ensure!(kind_of(dev.alloc(AllocRequest::new(too_big))) == Some(ErrorKind::OutOfMemory), "not OOM");
    Ok(())
}

pub(super) fn cpu_and_gpu_views_agree(ctx: &Ctx) -> CaseResult {
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
        Ok(dev.free(b).map_err(|e| e.to_string())?)
    })
}

pub(super) fn gpu_only_buffers_have_no_cpu_mapping(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let b = dev.alloc(AllocRequest::new(1 << 16).gpu_only()).map_err(|e| e.to_string())?;
    ensure!(b.cpu_addr().is_none(), "{b:?}");
    Ok(dev.free(b).map_err(|e| e.to_string())?)
}

pub(super) fn free_then_reuse(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let a = dev.alloc(AllocRequest::new(1 << 16)).map_err(|e| e.to_string())?;
    let va = a.gpu_va();
    dev.free(a).map_err(|e| e.to_string())?;
    let b = dev.alloc(AllocRequest::new(1 << 16)).map_err(|e| e.to_string())?;
    ensure!(b.gpu_va() == va, "freed VA {va:#x} not reused (got {:#x})", b.gpu_va());
    Ok(dev.free(b).map_err(|e| e.to_string())?)
}

/// A double free cannot be written (`free` consumes the only handle; see
/// `Buffer`'s compile_fail doctest). What can be written is freeing one
/// device's buffer on another whose ids and addresses coincide: refused,
/// and neither device's memory changes.
///
/// The refused free consumed the handle, so device one keeps the buffer's
/// memory until it closes: the case checks that itself (device one is
/// opened outside the leak check).
pub(super) fn another_devices_buffer_is_refused(ctx: &Ctx) -> CaseResult {
    let one = ctx.open_unchecked()?;
    let two = ctx.open()?;
    let held = one.live();
    let a = one.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
    let b = two.alloc(AllocRequest::new(4096)).map_err(|e| e.to_string())?;
    b.write(0, &[7; 4]).map_err(|e| e.to_string())?;
    ensure!(kind_of(two.free(a)) == Some(ErrorKind::InvalidArgument), "device two freed device one's buffer");
    if let (Some(before), Some(after)) = (held, one.live()) {
        ensure!(after.buffers == before.buffers + 1, "device one's buffer was released by device two's free");
    }
    let mut back = [0u8; 4];
    b.read(0, &mut back).map_err(|e| e.to_string())?;
    ensure!(back == [7; 4], "device two's own buffer changed: {back:?}");
    Ok(two.free(b).map_err(|e| e.to_string())?)
}

pub(super) fn thousands_of_varied_allocations(ctx: &Ctx) -> CaseResult {
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

pub(super) fn reserved_windows_are_never_handed_out(ctx: &Ctx) -> CaseResult {
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

pub(super) fn map_rejects_a_non_dmabuf_fd(ctx: &Ctx) -> CaseResult {
    let dev = ctx.open()?;
    let f = std::fs::File::open("/dev/null").map_err(|e| e.to_string())?;
    use std::os::fd::AsFd;
    let r = dev.map(gpuiface::ForeignMemory::DmaBuf(f.as_fd()));
    ensure!(r.is_err(), "mapped /dev/null");
    Ok(())
}
