//! The copy engine (C6B5/C7B5): pitch copies and their semaphore.
//!
//! `LAUNCH_DMA` copies `LINE_LENGTH_IN` bytes from `OFFSET_IN` to
//! `OFFSET_OUT` — `LINE_COUNT` lines `PITCH_IN`/`PITCH_OUT` apart when
//! `MULTI_LINE_ENABLE` is set, else one line — unless `DATA_TRANSFER_TYPE`
//! is NONE (a semaphore-only launch). Then, per `SEMAPHORE_TYPE`, it releases
//! `SET_SEMAPHORE_PAYLOAD` at `SET_SEMAPHORE_A/B`: one word, or four words
//! (payload, 0, then a nonzero timestamp at +8), with the optional
//! `SEMAPHORE_REDUCTION`. A NON_BLOCKING interrupt is counted.
//!
//! The model's memory is coherent, so FLUSH_ENABLE/FLUSH_TYPE need no
//! action. What it does not model faults the channel rather than copy the
//! wrong bytes: block-linear layouts, physical addressing, REMAP (component
//! swizzles and constant fills) and the FADD reduction.

use gpuiface_hal::classes::copy;
use gpuiface_hal::codec::method::Method;
use gpuiface_hal::{Engine, FaultRecord};

use super::host::{self, Reduction};
use super::{fault, record_or_fault, Channel, Shared};

/// Copy-engine registers.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct CopyRegs {
    src: u64,
    dst: u64,
    pitch_in: u32,
    pitch_out: u32,
    line_length: u32,
    line_count: Option<u32>,
    sem_addr: u64,
    sem_payload: u32,
}

/// The largest piece moved at once (bounds the model's temporary buffer).
const CHUNK: usize = 1 << 20;

fn unsupported(ch: &mut Channel, data: u32, what: &str) -> FaultRecord {
    fault::engine(ch, Engine::Copy, format!("LAUNCH_DMA {data:#x}: {what} is not modelled"))
}

fn copy_line(ch: &mut Channel, src: u64, dst: u64, len: u64, buf: &mut [u8]) -> Result<(), FaultRecord> {
    let mut done = 0u64;
    while done < len {
        let n = (len - done).min(buf.len() as u64) as usize;
        if let Err(va) = ch.desc.vm.read(src + done, &mut buf[..n]) {
            return Err(fault::mmu(ch, va, Engine::Copy, "copy source"));
        }
        if let Err(va) = ch.desc.vm.write(dst + done, &buf[..n]) {
            return Err(fault::mmu(ch, va, Engine::Copy, "copy destination"));
        }
        done += n as u64;
    }
    Ok(())
}

fn launch(shared: &Shared, ch: &mut Channel, data: u32) -> Result<(), FaultRecord> {
    let r = ch.copy;
    if copy::LAUNCH_DMA_SRC_TYPE.get(data) == copy::LAUNCH_DMA_SRC_TYPE_PHYSICAL
        || copy::LAUNCH_DMA_DST_TYPE.get(data) == copy::LAUNCH_DMA_DST_TYPE_PHYSICAL
    {
        return Err(unsupported(ch, data, "physical addressing"));
    }
    if copy::LAUNCH_DMA_REMAP_ENABLE.get(data) == copy::LAUNCH_DMA_REMAP_ENABLE_TRUE {
        return Err(unsupported(ch, data, "REMAP"));
    }
    let transfer = copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.get(data);
    if transfer != copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE {
        if copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.get(data) != copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH
            || copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.get(data) != copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH
        {
            return Err(unsupported(ch, data, "a block-linear layout"));
        }
        let multi = copy::LAUNCH_DMA_MULTI_LINE_ENABLE.get(data) == copy::LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE;
        let lines = if multi { r.line_count.unwrap_or(1) } else { 1 };
        let len = u64::from(r.line_length);
        let mut buf = vec![0u8; CHUNK.min(len as usize)];
        for line in 0..u64::from(lines) {
            let src = r.src + line * u64::from(r.pitch_in);
            let dst = r.dst + line * u64::from(r.pitch_out);
            copy_line(ch, src, dst, len, &mut buf)?;
        }
        ch.stats.copies += 1;
    }
    let sem = copy::LAUNCH_DMA_SEMAPHORE_TYPE.get(data);
    if sem != copy::LAUNCH_DMA_SEMAPHORE_TYPE_NONE {
        let reduction = if copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE.get(data)
            == copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_TRUE
        {
            let Some(op) = Reduction::from_host(copy::LAUNCH_DMA_SEMAPHORE_REDUCTION.get(data)) else {
                return Err(unsupported(ch, data, "this semaphore reduction"));
            };
            let signed =
                copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN.get(data) == copy::LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_SIGNED;
            Some((op, signed))
        } else {
            None
        };
        let four = sem == copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE;
        if four {
            if let Err(va) = ch.desc.vm.write_u32(r.sem_addr + 4, 0) {
                return Err(fault::mmu(ch, va, Engine::Copy, "copy semaphore"));
            }
        }
        host::release(ch, Engine::Copy, r.sem_addr, u64::from(r.sem_payload), false, four, reduction)?;
    }
    if copy::LAUNCH_DMA_INTERRUPT_TYPE.get(data) == copy::LAUNCH_DMA_INTERRUPT_TYPE_NON_BLOCKING {
        host::interrupt(shared, ch);
    }
    Ok(())
}

/// Execute a copy-engine method.
pub(super) fn method(shared: &Shared, ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    let r = &mut ch.copy;
    let hi = |v: u64, d: u32| (v & 0xffff_ffff) | (u64::from(d & 0x1_ffff) << 32);
    let lo = |v: u64, d: u32| (v & !0xffff_ffff) | u64::from(d);
    match m.method {
        copy::OFFSET_IN_UPPER => r.src = hi(r.src, m.data),
        copy::OFFSET_IN_LOWER => r.src = lo(r.src, m.data),
        copy::OFFSET_OUT_UPPER => r.dst = hi(r.dst, m.data),
        copy::OFFSET_OUT_LOWER => r.dst = lo(r.dst, m.data),
        copy::PITCH_IN => r.pitch_in = m.data,
        copy::PITCH_OUT => r.pitch_out = m.data,
        copy::LINE_LENGTH_IN => r.line_length = m.data,
        copy::LINE_COUNT => r.line_count = Some(m.data),
        copy::SET_SEMAPHORE_A => r.sem_addr = hi(r.sem_addr, m.data),
        copy::SET_SEMAPHORE_B => r.sem_addr = lo(r.sem_addr, m.data),
        copy::SET_SEMAPHORE_PAYLOAD => r.sem_payload = m.data,
        copy::LAUNCH_DMA => launch(shared, ch, m.data)?,
        _ => return record_or_fault(ch, class, m),
    }
    Ok(true)
}
