//! The copy engine (C6B5/C7B5): 1-D pitch copies and their semaphore.

use gpuiface_hal::classes::copy;
use gpuiface_hal::codec::method::Method;
use gpuiface_hal::{Engine, FaultRecord};

use super::{fault, record_or_fault, timestamp_ns, Channel};

/// Copy-engine registers.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct CopyRegs {
    src: u64,
    dst: u64,
    line_length: u32,
    line_count: Option<u32>,
    sem_addr: u64,
    sem_payload: u32,
}

/// The largest piece moved at once (bounds the model's temporary buffer).
const CHUNK: usize = 1 << 20;

fn launch(ch: &mut Channel, data: u32) -> Result<(), FaultRecord> {
    let r = ch.copy;
    let len = u64::from(r.line_length) * u64::from(r.line_count.unwrap_or(1));
    let mut buf = vec![0u8; CHUNK.min(len as usize)];
    let mut done = 0u64;
    while done < len {
        let n = (len - done).min(CHUNK as u64) as usize;
        if let Err(va) = ch.desc.vm.read(r.src + done, &mut buf[..n]) {
            return Err(fault::mmu(ch, va, Engine::Copy, "copy source"));
        }
        if let Err(va) = ch.desc.vm.write(r.dst + done, &buf[..n]) {
            return Err(fault::mmu(ch, va, Engine::Copy, "copy destination"));
        }
        done += n as u64;
    }
    let sem = copy::LAUNCH_DMA_SEMAPHORE_TYPE.get(data);
    if sem != copy::LAUNCH_DMA_SEMAPHORE_TYPE_NONE {
        let addr = r.sem_addr;
        let mut res = ch.desc.vm.write_u32(addr, r.sem_payload);
        if sem == copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE {
            res = res
                .and_then(|_| ch.desc.vm.write_u32(addr + 4, 0))
                .and_then(|_| ch.desc.vm.write_u64(addr + 8, timestamp_ns()));
        }
        res.map_err(|va| fault::mmu(ch, va, Engine::Copy, "copy semaphore"))?;
    }
    Ok(())
}

/// Execute a copy-engine method.
pub(super) fn method(ch: &mut Channel, class: u32, m: Method) -> Result<bool, FaultRecord> {
    let r = &mut ch.copy;
    let hi = |v: u64, d: u32| (v & 0xffff_ffff) | (u64::from(d & 0x1_ffff) << 32);
    let lo = |v: u64, d: u32| (v & !0xffff_ffff) | u64::from(d);
    match m.method {
        copy::OFFSET_IN_UPPER => r.src = hi(r.src, m.data),
        copy::OFFSET_IN_LOWER => r.src = lo(r.src, m.data),
        copy::OFFSET_OUT_UPPER => r.dst = hi(r.dst, m.data),
        copy::OFFSET_OUT_LOWER => r.dst = lo(r.dst, m.data),
        copy::LINE_LENGTH_IN => r.line_length = m.data,
        copy::LINE_COUNT => r.line_count = Some(m.data),
        copy::SET_SEMAPHORE_A => r.sem_addr = hi(r.sem_addr, m.data),
        copy::SET_SEMAPHORE_B => r.sem_addr = lo(r.sem_addr, m.data),
        copy::SET_SEMAPHORE_PAYLOAD => r.sem_payload = m.data,
        copy::LAUNCH_DMA => {
            launch(ch, m.data)?;
            ch.copy.line_count = None;
        }
        _ => return record_or_fault(ch, class, m),
    }
    Ok(true)
}
