//! The host (PBDMA): GPFIFO fetch, subchannel binding, semaphores.
//!
//! Semaphore operations (`SEM_EXECUTE`, C56F):
//! - RELEASE writes the 32- or 64-bit payload (`PAYLOAD_SIZE`); with
//!   `RELEASE_TIMESTAMP` a nonzero nanosecond timestamp goes to `+8`, written
//!   before the payload so a CPU that sees the payload sees the timestamp.
//! - ACQUIRE (equal), ACQ_STRICT_GEQ (unsigned `>=`), ACQ_CIRC_GEQ (wrapping
//!   signed difference `>= 0`), ACQ_AND (`value & payload != 0`), ACQ_NOR
//!   (`!(value | payload) != 0`): an unsatisfied acquire parks the channel on
//!   that method; it is retried at every later step/doorbell/worker poll.
//! - REDUCTION applies `REDUCTION` (IMIN … DEC, signed or unsigned) in place.
//!
//! The legacy SEMAPHOREA–D form is modelled too (RELEASE with 16-byte =
//! timestamped or 4-byte structure, ACQUIRE, ACQ_GEQ, ACQ_AND, REDUCTION).

use std::sync::atomic::Ordering;

use gpuiface_hal::classes::host;
use gpuiface_hal::codec::gpfifo::{GpFifoEntry, ENTRY_BYTES};
use gpuiface_hal::codec::method::{decode_methods, Method};
use gpuiface_hal::{Engine, FaultRecord};

use super::{fault, record_or_fault, timestamp_ns, Channel, Cursor, Shared, Step, USERD_GP_GET, USERD_GP_PUT};

/// Host semaphore registers.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct HostRegs {
    sem_addr: u64,
    sem_payload: u64,
    /// Legacy SEMAPHOREA-D form.
    legacy_addr: u64,
    legacy_payload: u32,
}

/// Fetch the next GPFIFO entry and its pushbuffer.
pub(super) fn fetch(ch: &mut Channel) -> Result<Step, FaultRecord> {
    let get = ch.desc.userd.read_u32(USERD_GP_GET);
    let put = ch.desc.userd.read_u32(USERD_GP_PUT);
    let n = ch.desc.gpfifo_entries;
    if get == put {
        return Ok(Step::Idle);
    }
    let entry_bytes = ENTRY_BYTES as usize;
    if n == 0 || get >= n || put >= n || entry_bytes * n as usize > ch.desc.gpfifo.len() {
        return Err(fault::pbdma(ch, format!("GP_GET {get} / GP_PUT {put} outside a {n}-entry ring")));
    }
    let mut raw = [0u8; 8];
    ch.desc.gpfifo.read(entry_bytes * get as usize, &mut raw);
    let word = u64::from_le_bytes(raw);
    let Some(entry) = GpFifoEntry::decode(word) else {
        return Err(fault::pbdma(ch, format!("malformed GPFIFO entry {word:#018x} at index {get}")));
    };
    ch.stats.gpfifo_entries += 1;
    let mut bytes = vec![0u8; 4 * entry.length_dwords as usize];
    if let Err(va) = ch.desc.vm.read(entry.address, &mut bytes) {
        return Err(fault::mmu(ch, va, Engine::Host, "pushbuffer fetch"));
    }
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    // Methods before a malformed header still execute; the error faults the
    // channel when execution reaches it.
    let mut methods = Vec::new();
    let mut error = None;
    for m in decode_methods(&words) {
        match m {
            Ok(m) => methods.push(m),
            Err(e) => {
                error = Some(format!("malformed pushbuffer at {:#x}: {e}", entry.address));
                break;
            }
        }
    }
    ch.cursor = Some(Cursor { methods, pos: 0, next_get: (get + 1) % n, error });
    Ok(Step::Progress)
}

/// A semaphore reduction (`SEM_EXECUTE_REDUCTION` numbering, shared by the
/// copy engine; QMD releases map theirs onto it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reduction {
    Min,
    Max,
    Xor,
    And,
    Or,
    Add,
    Inc,
    Dec,
}

impl Reduction {
    /// From the C56F/C6B5 numbering (IMIN 0 … DEC 7).
    pub(super) fn from_host(v: u32) -> Option<Reduction> {
        Some(match v {
            0 => Reduction::Min,
            1 => Reduction::Max,
            2 => Reduction::Xor,
            3 => Reduction::And,
            4 => Reduction::Or,
            5 => Reduction::Add,
            6 => Reduction::Inc,
            7 => Reduction::Dec,
            _ => return None,
        })
    }

    /// `value op payload` at 32 or 64 bits; `Inc` wraps to 0 past `payload`,
    /// `Dec` reloads `payload` at 0 or above it.
    pub(super) fn apply(self, signed: bool, wide: bool, value: u64, payload: u64) -> u64 {
        let mask = if wide { u64::MAX } else { 0xffff_ffff };
        let (v, p) = (value & mask, payload & mask);
        let sx = |x: u64| if wide { x as i64 } else { i64::from(x as u32 as i32) };
        let r = match self {
            Reduction::Min if signed => {
                if sx(v) <= sx(p) {
                    v
                } else {
                    p
                }
            }
            Reduction::Max if signed => {
                if sx(v) >= sx(p) {
                    v
                } else {
                    p
                }
            }
            Reduction::Min => v.min(p),
            Reduction::Max => v.max(p),
            Reduction::Xor => v ^ p,
            Reduction::And => v & p,
            Reduction::Or => v | p,
            Reduction::Add => v.wrapping_add(p),
            Reduction::Inc => {
                if v >= p {
                    0
                } else {
                    v + 1
                }
            }
            Reduction::Dec => {
                if v == 0 || v > p {
                    p
                } else {
                    v - 1
                }
            }
        };
        r & mask
    }
}

/// Read a 32- or 64-bit semaphore.
pub(super) fn read_sem(ch: &mut Channel, engine: Engine, va: u64, wide: bool) -> Result<u64, FaultRecord> {
    let v = if wide { ch.desc.vm.read_u64(va) } else { ch.desc.vm.read_u32(va).map(u64::from) };
    v.map_err(|va| fault::mmu(ch, va, engine, "semaphore read"))
}

/// A semaphore release by any engine: optional reduction (read-modify-write),
/// optional timestamp at `+8` (written first), then the payload.
pub(super) fn release(
    ch: &mut Channel,
    engine: Engine,
    va: u64,
    payload: u64,
    wide: bool,
    timestamp: bool,
    reduction: Option<(Reduction, bool)>,
) -> Result<(), FaultRecord> {
    let value = match reduction {
        Some((op, signed)) => op.apply(signed, wide, read_sem(ch, engine, va, wide)?, payload),
        None => payload,
    };
    let vm = &ch.desc.vm;
    let r = if timestamp { vm.write_u64(va + 8, timestamp_ns()) } else { Ok(()) };
    let r = r.and_then(|_| if wide { vm.write_u64(va, value) } else { vm.write_u32(va, value as u32) });
    r.map_err(|at| fault::mmu(ch, at, engine, "semaphore release"))?;
    ch.stats.releases += 1;
    Ok(())
}

/// Count a non-stall interrupt.
pub(super) fn interrupt(shared: &Shared, ch: &mut Channel) {
    shared.interrupts.fetch_add(1, Ordering::Relaxed);
    ch.stats.interrupts += 1;
}

fn acquire_ok(op: u32, wide: bool, cur: u64, payload: u64) -> Option<bool> {
    let mask = if wide { u64::MAX } else { 0xffff_ffff };
    Some(match op {
        host::SEM_EXECUTE_OPERATION_ACQUIRE => cur == payload,
        host::SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ => cur >= payload,
        host::SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ => circ_geq(wide, cur, payload),
        host::SEM_EXECUTE_OPERATION_ACQ_AND => cur & payload != 0,
        host::SEM_EXECUTE_OPERATION_ACQ_NOR => !(cur | payload) & mask != 0,
        _ => return None,
    })
}

fn circ_geq(wide: bool, cur: u64, payload: u64) -> bool {
    if wide {
        (cur.wrapping_sub(payload) as i64) >= 0
    } else {
        ((cur as u32).wrapping_sub(payload as u32) as i32) >= 0
    }
}

/// A class one of the modelled engines implements (compute, copy).
fn is_engine_class(class: u32) -> bool {
    gpuiface_hal::classes::compute::CLASSES.contains(&class) || gpuiface_hal::classes::copy::CLASSES.contains(&class)
}

/// Execute a host method (< 0x100, on any subchannel).
pub(super) fn method(shared: &Shared, ch: &mut Channel, m: Method) -> Result<bool, FaultRecord> {
    let r = &mut ch.host;
    match m.method {
        host::SET_OBJECT => {
            let class = host::SET_OBJECT_NVCLASS.get(m.data);
            // An engine class the GPU implements binds even when ALLOC_OBJ_CTX
            // never created it on this channel: an Orin ran SET_OBJECT(0xC7B5)
            // on subchannel 4 of a compute-only channel, then a semaphore
            // release, to completion (issue 12 item 2). Only a class no engine
            // implements faults.
            if !ch.objects.contains(&class) && !is_engine_class(class) {
                return Err(fault::pbdma(
                    ch,
                    format!("SET_OBJECT {class:#x} on subchannel {}: no such object on the channel", m.subchannel),
                ));
            }
            ch.subchannels[usize::from(m.subchannel & 7)] = Some(class);
            Ok(true)
        }
        host::SEM_ADDR_LO => {
            r.sem_addr = (r.sem_addr & !0xffff_ffff) | u64::from(m.data & host::SEM_ADDR_LO_OFFSET.mask());
            Ok(true)
        }
        host::SEM_ADDR_HI => {
            r.sem_addr = (r.sem_addr & 0xffff_ffff) | (u64::from(host::SEM_ADDR_HI_OFFSET.get(m.data)) << 32);
            Ok(true)
        }
        host::SEM_PAYLOAD_LO => {
            r.sem_payload = (r.sem_payload & !0xffff_ffff) | u64::from(m.data);
            Ok(true)
        }
        host::SEM_PAYLOAD_HI => {
            r.sem_payload = (r.sem_payload & 0xffff_ffff) | (u64::from(m.data) << 32);
            Ok(true)
        }
        host::SEM_EXECUTE => {
            let (addr, payload) = (r.sem_addr, r.sem_payload);
            let wide = host::SEM_EXECUTE_PAYLOAD_SIZE.get(m.data) == host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT;
            let payload = if wide { payload } else { payload & 0xffff_ffff };
            let ts = host::SEM_EXECUTE_RELEASE_TIMESTAMP.get(m.data) == host::SEM_EXECUTE_RELEASE_TIMESTAMP_EN;
            match host::SEM_EXECUTE_OPERATION.get(m.data) {
                host::SEM_EXECUTE_OPERATION_RELEASE => {
                    release(ch, Engine::Host, addr, payload, wide, ts, None)?;
                    Ok(true)
                }
                host::SEM_EXECUTE_OPERATION_REDUCTION => {
                    let op = Reduction::from_host(host::SEM_EXECUTE_REDUCTION.get(m.data));
                    let Some(op) = op else {
                        return Err(fault::pbdma(ch, format!("SEM_EXECUTE reduction in {:#x} is invalid", m.data)));
                    };
                    let signed =
                        host::SEM_EXECUTE_REDUCTION_FORMAT.get(m.data) == host::SEM_EXECUTE_REDUCTION_FORMAT_SIGNED;
                    release(ch, Engine::Host, addr, payload, wide, ts, Some((op, signed)))?;
                    Ok(true)
                }
                op => {
                    let cur = read_sem(ch, Engine::Host, addr, wide)?;
                    match acquire_ok(op, wide, cur, payload) {
                        // false: the channel parks here until the value arrives
                        Some(ok) => Ok(ok),
                        None => Err(fault::pbdma(ch, format!("SEM_EXECUTE operation {op} is invalid"))),
                    }
                }
            }
        }
        host::SEMAPHOREA => {
            r.legacy_addr =
                (r.legacy_addr & 0xffff_ffff) | (u64::from(host::SEMAPHOREA_OFFSET_UPPER.get(m.data)) << 32);
            Ok(true)
        }
        host::SEMAPHOREB => {
            r.legacy_addr = (r.legacy_addr & !0xffff_ffff) | u64::from(m.data & host::SEMAPHOREB_OFFSET_LOWER.mask());
            Ok(true)
        }
        host::SEMAPHOREC => {
            r.legacy_payload = m.data;
            Ok(true)
        }
        host::SEMAPHORED => {
            let (addr, payload) = (r.legacy_addr, u64::from(r.legacy_payload));
            let ts = host::SEMAPHORED_RELEASE_SIZE.get(m.data) == host::SEMAPHORED_RELEASE_SIZE_16BYTE;
            match host::SEMAPHORED_OPERATION.get(m.data) {
                host::SEMAPHORED_OPERATION_RELEASE => {
                    release(ch, Engine::Host, addr, payload, false, ts, None)?;
                    Ok(true)
                }
                host::SEMAPHORED_OPERATION_REDUCTION => {
                    let op = Reduction::from_host(host::SEMAPHORED_REDUCTION.get(m.data));
                    let Some(op) = op else {
                        return Err(fault::pbdma(ch, format!("SEMAPHORED reduction in {:#x} is invalid", m.data)));
                    };
                    let signed = host::SEMAPHORED_FORMAT.get(m.data) == host::SEMAPHORED_FORMAT_SIGNED;
                    release(ch, Engine::Host, addr, payload, false, ts, Some((op, signed)))?;
                    Ok(true)
                }
                host::SEMAPHORED_OPERATION_ACQUIRE => Ok(read_sem(ch, Engine::Host, addr, false)? == payload),
                host::SEMAPHORED_OPERATION_ACQ_GEQ => {
                    Ok(circ_geq(false, read_sem(ch, Engine::Host, addr, false)?, payload))
                }
                host::SEMAPHORED_OPERATION_ACQ_AND => Ok(read_sem(ch, Engine::Host, addr, false)? & payload != 0),
                other => Err(fault::pbdma(ch, format!("SEMAPHORED operation {other:#x} is invalid"))),
            }
        }
        host::NON_STALL_INTERRUPT => {
            interrupt(shared, ch);
            Ok(true)
        }
        // One engine at a time: everything before is already done.
        host::WFI => Ok(true),
        _ => record_or_fault(ch, host::CLASSES[0], m),
    }
}

#[cfg(test)]
mod tests {
    use super::Reduction;

    #[test]
    fn reductions() {
        assert_eq!(Reduction::Add.apply(false, false, 0xffff_ffff, 2), 1);
        assert_eq!(Reduction::Add.apply(false, true, 0xffff_ffff, 2), 0x1_0000_0001);
        assert_eq!(Reduction::Min.apply(true, false, 0xffff_ffff, 3), 0xffff_ffff); // -1 < 3
        assert_eq!(Reduction::Min.apply(false, false, 0xffff_ffff, 3), 3);
        assert_eq!(Reduction::Max.apply(true, true, 5, u64::MAX), 5);
        assert_eq!(Reduction::Inc.apply(false, false, 4, 4), 0);
        assert_eq!(Reduction::Inc.apply(false, false, 3, 4), 4);
        assert_eq!(Reduction::Dec.apply(false, false, 0, 7), 7);
        assert_eq!(Reduction::Dec.apply(false, false, 5, 7), 4);
        assert_eq!(Reduction::Xor.apply(false, false, 0b1100, 0b1010), 0b0110);
        assert_eq!(Reduction::from_host(8), None);
    }
}
