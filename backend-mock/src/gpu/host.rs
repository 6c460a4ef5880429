//! The host (PBDMA): GPFIFO fetch, subchannel binding, semaphores.

use std::sync::atomic::Ordering;

use gpuiface_hal::classes::host;
use gpuiface_hal::codec::gpfifo::GpFifoEntry;
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
    if get >= n || put >= n {
        return Err(fault::pbdma(ch, format!("GP_GET {get} / GP_PUT {put} outside a {n}-entry ring")));
    }
    let mut raw = [0u8; 8];
    ch.desc.gpfifo.read(8 * get as usize, &mut raw);
    let word = u64::from_le_bytes(raw);
    let Some(entry) = GpFifoEntry::decode(word) else {
        return Err(fault::pbdma(ch, format!("malformed GPFIFO entry {word:#018x} at index {get}")));
    };
    let mut bytes = vec![0u8; 4 * entry.length_dwords as usize];
    if let Err(va) = ch.desc.vm.read(entry.address, &mut bytes) {
        return Err(fault::mmu(ch, va, Engine::Host, "pushbuffer fetch"));
    }
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes"))).collect();
    let methods: Result<Vec<Method>, _> = decode_methods(&words).collect();
    let methods = match methods {
        Ok(m) => m,
        Err(e) => return Err(fault::pbdma(ch, format!("pushbuffer at {:#x}: {e}", entry.address))),
    };
    ch.cursor = Some(Cursor { methods, pos: 0, next_get: (get + 1) % n });
    Ok(Step::Progress)
}

fn read_sem(ch: &mut Channel, va: u64, wide: bool) -> Result<u64, FaultRecord> {
    let v = if wide { ch.desc.vm.read_u64(va) } else { ch.desc.vm.read_u32(va).map(u64::from) };
    v.map_err(|va| fault::mmu(ch, va, Engine::Host, "semaphore read"))
}

fn write_sem(ch: &mut Channel, va: u64, payload: u64, wide: bool, timestamp: bool) -> Result<(), FaultRecord> {
    let r = if timestamp { ch.desc.vm.write_u64(va + 8, timestamp_ns()) } else { Ok(()) };
    let r =
        r.and_then(|_| if wide { ch.desc.vm.write_u64(va, payload) } else { ch.desc.vm.write_u32(va, payload as u32) });
    r.map_err(|va| fault::mmu(ch, va, Engine::Host, "semaphore release"))
}

/// Execute a host method (< 0x100, on any subchannel).
pub(super) fn method(shared: &Shared, ch: &mut Channel, m: Method) -> Result<bool, FaultRecord> {
    let r = &mut ch.host;
    match m.method {
        host::SET_OBJECT => {
            let class = host::SET_OBJECT_NVCLASS.get(m.data);
            if !ch.objects.contains(&class) {
                return Err(fault::pbdma(ch, format!("SET_OBJECT {class:#x}: no such object on the channel")));
            }
            ch.subchannels[m.subchannel as usize] = Some(class);
            Ok(true)
        }
        host::SEM_ADDR_LO => {
            r.sem_addr = (r.sem_addr & !0xffff_ffff) | u64::from(m.data & !3);
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
            let op = host::SEM_EXECUTE_OPERATION.get(m.data);
            if op == host::SEM_EXECUTE_OPERATION_RELEASE {
                let ts = host::SEM_EXECUTE_RELEASE_TIMESTAMP.get(m.data) == host::SEM_EXECUTE_RELEASE_TIMESTAMP_EN;
                write_sem(ch, addr, payload, wide, ts)?;
                return Ok(true);
            }
            let cur = read_sem(ch, addr, wide)?;
            let ok = match op {
                host::SEM_EXECUTE_OPERATION_ACQUIRE => cur == payload,
                host::SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ => cur >= payload,
                host::SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ => {
                    if wide {
                        (cur.wrapping_sub(payload) as i64) >= 0
                    } else {
                        ((cur as u32).wrapping_sub(payload as u32) as i32) >= 0
                    }
                }
                host::SEM_EXECUTE_OPERATION_ACQ_AND => cur & payload != 0,
                host::SEM_EXECUTE_OPERATION_ACQ_NOR => {
                    !(cur | payload) & if wide { u64::MAX } else { 0xffff_ffff } != 0
                }
                other => return Err(fault::pbdma(ch, format!("SEM_EXECUTE operation {other} is not modelled"))),
            };
            Ok(ok) // false: the channel parks here until the value arrives
        }
        host::SEMAPHOREA => {
            r.legacy_addr =
                (r.legacy_addr & 0xffff_ffff) | (u64::from(host::SEMAPHOREA_OFFSET_UPPER.get(m.data)) << 32);
            Ok(true)
        }
        host::SEMAPHOREB => {
            r.legacy_addr = (r.legacy_addr & !0xffff_ffff) | u64::from(m.data & !3);
            Ok(true)
        }
        host::SEMAPHOREC => {
            r.legacy_payload = m.data;
            Ok(true)
        }
        host::SEMAPHORED => {
            let (addr, payload) = (r.legacy_addr, u64::from(r.legacy_payload));
            match host::SEMAPHORED_OPERATION.get(m.data) {
                host::SEMAPHORED_OPERATION_RELEASE => {
                    let ts = host::SEMAPHORED_RELEASE_SIZE.get(m.data) == host::SEMAPHORED_RELEASE_SIZE_16BYTE;
                    write_sem(ch, addr, payload, false, ts)?;
                    Ok(true)
                }
                host::SEMAPHORED_OPERATION_ACQUIRE => Ok(read_sem(ch, addr, false)? == payload),
                host::SEMAPHORED_OPERATION_ACQ_GEQ => Ok(read_sem(ch, addr, false)? >= payload),
                other => Err(fault::pbdma(ch, format!("SEMAPHORED operation {other} is not modelled"))),
            }
        }
        host::NON_STALL_INTERRUPT => {
            shared.interrupts.fetch_add(1, Ordering::Relaxed);
            Ok(true)
        }
        host::WFI => Ok(true), // one engine at a time: everything before is already done
        _ => record_or_fault(ch, 0xc56f, m),
    }
}
