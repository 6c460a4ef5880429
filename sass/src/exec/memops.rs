//! Loads and stores: global (through the GPU VM), shared (the block's),
//! local (the thread's slice of the bound local memory) and generic.

use super::alu::{gen32, map32, write_dst};
use super::warp::{bad, Env, Warp};
use super::{Fault, LocalMemory, LOCAL_SPACE, WINDOW_SIZE};
use crate::instr::Instr;
use crate::op::{MemSize, Op, Space};
use crate::operand::{Addr, AddrWidth, Operand};

/// The little-endian word of the first 4 bytes of `c` (0 if shorter): one
/// load, where four byte indexings would be four loads and three shifts.
#[inline(always)]
fn le_word(c: &[u8]) -> u32 {
    c.first_chunk::<4>().map_or(0, |b| u32::from_le_bytes(*b))
}

/// Where one access lands.
enum Place {
    Global(u64),
    Shared(usize),
    Local(u64),
}

/// The address operand's value for `lane` (64-bit, or 32-bit zero-extended).
pub(crate) fn address_of(w: &Warp, a: &Addr, lane: usize) -> u64 {
    address(w, a, lane)
}

fn address(w: &Warp, a: &Addr, lane: usize) -> u64 {
    let base = match a.width {
        AddrWidth::W64 | AddrWidth::W64Unmarked => w.r64(a.base, lane),
        AddrWidth::W32 | AddrWidth::U32 => u64::from(w.r(a.base, lane)),
        AddrWidth::X4 => u64::from(w.r(a.base, lane)) * 4,
        AddrWidth::X8 => u64::from(w.r(a.base, lane)) * 8,
        AddrWidth::X16 => u64::from(w.r(a.base, lane)) * 16,
    };
    let u = match a.width {
        AddrWidth::W64 | AddrWidth::W64Unmarked | AddrWidth::U32 => {
            u64::from(w.ur(a.ubase)) | u64::from(w.ur(a.ubase.saturating_add(1))) << 32
        }
        _ => u64::from(w.ur(a.ubase)),
    };
    let u = if a.ubase >= crate::operand::URZ { 0 } else { u };
    let v = base.wrapping_add(u).wrapping_add(a.offset as i64 as u64);
    match a.width {
        AddrWidth::W64 | AddrWidth::W64Unmarked | AddrWidth::U32 => v,
        _ => v & 0xffff_ffff,
    }
}

/// The address operand's value in all 32 lanes ([`address`], for the warp).
pub(crate) fn addresses(w: &Warp, a: &Addr) -> [u64; 32] {
    let lo = w.row(a.base);
    let wide = matches!(a.width, AddrWidth::W64 | AddrWidth::W64Unmarked);
    // A zero-extended register beside a 64-bit uniform pair.
    let u32_wide = a.width == AddrWidth::U32;
    // The uniform part and the offset are the same in every lane.
    let u = if a.ubase >= crate::operand::URZ {
        0
    } else if wide || u32_wide {
        u64::from(w.ur(a.ubase)) | u64::from(w.ur(a.ubase.saturating_add(1))) << 32
    } else {
        u64::from(w.ur(a.ubase))
    };
    let add = u.wrapping_add(a.offset as i64 as u64);
    if wide {
        // The pair base:base+1; RZ's pair reads zero (`Warp::r64`).
        let hi = if a.base == crate::operand::RZ { [0; 32] } else { w.row(a.base.saturating_add(1)) };
        return gen32(|l| (u64::from(lo[l]) | u64::from(hi[l]) << 32).wrapping_add(add));
    }
    if u32_wide {
        return gen32(|l| u64::from(lo[l]).wrapping_add(add));
    }
    let shift = match a.width {
        AddrWidth::X4 => 2,
        AddrWidth::X8 => 3,
        AddrWidth::X16 => 4,
        _ => 0,
    };
    // A 32-bit address: the sum modulo 2^32, so 32-bit lanes suffice.
    let add = add as u32;
    gen32(|l| u64::from((lo[l] << shift).wrapping_add(add)))
}

/// How the address operand's value is made in each lane where it is a
/// 32-bit address (a shared access: `[Ra+imm]`, `[Ra.X4+UR]`): the base
/// register, its scale (a left shift) and what is added; `None` for
/// 64-bit forms. The values are those [`addresses`] gives, in 32-bit lanes.
fn addresses32(w: &Warp, a: &Addr) -> Option<(u8, u32, u32)> {
    let shift = match a.width {
        AddrWidth::W64 | AddrWidth::W64Unmarked | AddrWidth::U32 => return None,
        AddrWidth::X4 => 2,
        AddrWidth::X8 => 3,
        AddrWidth::X16 => 4,
        _ => 0,
    };
    let u = if a.ubase >= crate::operand::URZ { 0 } else { w.ur(a.ubase) };
    Some((a.base, shift, u.wrapping_add(a.offset as u32)))
}

/// How a warp's shared-memory addresses are laid out (found by
/// [`host::shared_layout`](super::host::shared_layout)).
pub(crate) struct Pattern {
    /// Each half-warp at one address.
    pub(crate) spread: bool,
    /// The upper half-warp at the lower half's addresses.
    pub(crate) repeat: bool,
    /// Lane l of the lower half at word `l` after lane 0's.
    pub(crate) half_run: bool,
    /// Lane l of the warp at word `l` after lane 0's.
    pub(crate) run: bool,
}

/// A shared-memory load by the whole warp, served from the block's bytes
/// when every lane's access is aligned and in range (`false`, having
/// written nothing, otherwise: the lane-by-lane path raises the fault).
///
/// The patterns of tiled code are found without a branch per lane and
/// read once a word instead of once a lane: all lanes consecutive (a row
/// of a tile), each half-warp at one address (a row broadcast to the
/// threads of a 16-wide block row), the upper half-warp at the lower one's
/// addresses (a row read by two block rows).
fn shared_load_warp(w: &mut Warp, shared: &[u8], (base, shift, add): (u8, u32, u32), n: usize, d: u8) -> bool {
    let Some(last) = shared.len().checked_sub(n) else { return false };
    let last = u32::try_from(last).unwrap_or(u32::MAX);
    // The addresses (a copy: the load may overwrite its base register),
    // and whether any lane is misaligned or past the end (the lane-by-lane
    // path then decides).
    let mut addr = [0u32; 32];
    let layout = super::host::shared_layout(w.row_ref(base), (shift, add), n as u32, last, &mut addr);
    let Some(Pattern { spread, repeat, half_run, run }) = layout else {
        return false;
    };
    // Every address is a multiple of 4 and in range: index words.
    let (words, _) = shared.as_chunks::<4>();
    let word = |k: u32| words.get(k as usize).map_or(0, |b| u32::from_le_bytes(*b));
    let per = (n / 4) as u32;
    let (a0, b0) = (addr[0] >> 2, addr[16] >> 2);
    let slice = |len: usize| words.get(a0 as usize..a0 as usize + len);
    for j in 0..per {
        let row = if spread {
            let (a, b) = (word(a0 + j), word(b0 + j));
            gen32(|l| if l < 16 { a } else { b })
        } else if per == 1 && run {
            match slice(32).and_then(|ws| <&[[u8; 4]; 32]>::try_from(ws).ok()) {
                Some(ws) => map32(ws, u32::from_le_bytes),
                None => return false,
            }
        } else if per == 1 && repeat && half_run {
            match slice(16).and_then(|ws| <&[[u8; 4]; 16]>::try_from(ws).ok()) {
                Some(ws) => gen32(|l| u32::from_le_bytes(ws[l & 15])),
                None => return false,
            }
        } else if repeat {
            let half: [u32; 16] = std::array::from_fn(|l| word((addr[l] >> 2) + j));
            gen32(|l| half[l & 15])
        } else {
            gen32(|l| word((addr[l] >> 2) + j))
        };
        w.set_row(d.saturating_add(j as u8), u32::MAX, &row);
    }
    true
}

fn place(env: &Env<'_>, space: Space, addr: u64) -> Place {
    match space {
        Space::Global => Place::Global(addr),
        Space::Shared => Place::Shared(addr as usize),
        Space::Local => Place::Local(addr),
        Space::Generic => {
            let cfg = env.cfg;
            if addr.wrapping_sub(cfg.shared_window) < WINDOW_SIZE {
                Place::Shared((addr - cfg.shared_window) as usize)
            } else if addr.wrapping_sub(cfg.local_window) < WINDOW_SIZE {
                Place::Local(addr - cfg.local_window)
            } else {
                Place::Global(addr)
            }
        }
    }
}

/// The GPU address of `lane`'s local byte `addr`, checked against its slice.
fn local_va(w: &Warp, env: &Env<'_>, addr: u64, size: usize, lane: usize, pc: u64) -> Result<u64, Fault> {
    let lm = env.cfg.local_memory.unwrap_or(LocalMemory { base: 0, size: 0, low: 0, high: 0 });
    let (low, high) = (u64::from(lm.low), u64::from(lm.high));
    let end = addr.saturating_add(size as u64);
    let offset = if end <= low {
        addr
    } else if addr >= LOCAL_SPACE - high && end <= LOCAL_SPACE {
        low + addr - (LOCAL_SPACE - high)
    } else {
        return Err(Fault::OutOfRange { space: "local", addr, size, limit: low + high, pc });
    };
    let slot = env.local_slot + u64::from(w.id) * 32 + lane as u64;
    let off = slot * (low + high) + offset;
    if off + size as u64 > lm.size {
        // The bound local memory is smaller than the threads it must serve.
        return Err(Fault::Mmu { va: lm.base.wrapping_add(off), write: false, pc });
    }
    Ok(lm.base + off)
}

fn load(w: &Warp, env: &Env<'_>, p: Place, out: &mut [u8], lane: usize, pc: u64) -> Result<(), Fault> {
    match p {
        Place::Global(va) => env.mem.read(va, out).map_err(|va| Fault::Mmu { va, write: false, pc }),
        Place::Shared(off) => {
            let src = off.checked_add(out.len()).and_then(|end| env.shared.get(off..end));
            let Some(src) = src else {
                return Err(Fault::OutOfRange {
                    space: "shared",
                    addr: off as u64,
                    size: out.len(),
                    limit: env.shared.len() as u64,
                    pc,
                });
            };
            out.copy_from_slice(src);
            Ok(())
        }
        Place::Local(addr) => {
            let va = local_va(w, env, addr, out.len(), lane, pc)?;
            env.mem.read(va, out).map_err(|va| Fault::Mmu { va, write: false, pc })
        }
    }
}

fn store(w: &Warp, env: &mut Env<'_>, p: Place, data: &[u8], lane: usize, pc: u64) -> Result<(), Fault> {
    match p {
        Place::Global(va) => env.mem.write(va, data).map_err(|va| Fault::Mmu { va, write: true, pc }),
        Place::Shared(off) => {
            let limit = env.shared.len() as u64;
            let dst = off.checked_add(data.len()).and_then(|end| env.shared.get_mut(off..end));
            let Some(dst) = dst else {
                return Err(Fault::OutOfRange { space: "shared", addr: off as u64, size: data.len(), limit, pc });
            };
            dst.copy_from_slice(data);
            Ok(())
        }
        Place::Local(addr) => {
            let va = local_va(w, env, addr, data.len(), lane, pc)?;
            env.mem.write(va, data).map_err(|va| Fault::Mmu { va, write: true, pc })
        }
    }
}

fn check_align(addr: u64, size: MemSize, pc: u64) -> Result<(), Fault> {
    let n = size.bytes() as u64;
    if !addr.is_multiple_of(n) {
        return Err(Fault::Misaligned { va: addr, size: n as usize, pc });
    }
    Ok(())
}

/// A warp's access that is one contiguous, aligned span: the executing
/// lanes are consecutive (`first`, `count`), lane `first + k` accesses
/// `n` bytes at `at + k * n`, the first address is `n`-aligned (so every
/// one is), and the whole span lies in one space. Such an access (a
/// coalesced load or store) is one copy of the span instead of one per
/// lane. Anything else (`None`) goes lane by lane.
struct Span {
    first: usize,
    count: usize,
    /// Where the span starts.
    at: SpanPlace,
}

#[derive(Clone, Copy)]
enum SpanPlace {
    Global(u64),
    Shared(usize),
}

/// The warp's addresses where a fast path may serve an `n`-byte access
/// (`None`: the fast paths are off, or the access is narrower than a word).
fn fast_addresses(w: &Warp, env: &Env<'_>, a: &Addr, exec: u32, n: usize) -> Option<[u64; 32]> {
    (env.fast && n >= 4 && exec != 0).then(|| addresses(w, a))
}

/// The span of a full warp's global access through a 64-bit register
/// pair (`[R2.64+off]`, `[R2.64+UR4]`) whose lanes are consecutive: lane
/// `l`'s pair is lane 0's plus `l * n`, with no carry into the high word.
/// Found from the registers, in 32-bit lanes, before the warp's 64-bit
/// addresses are made (the coalesced load and store of nearly every
/// kernel); `None` for anything else (then [`span`] decides, from the
/// addresses).
fn pair_run(w: &Warp, env: &Env<'_>, a: &Addr, space: Space, exec: u32, n: usize) -> Option<Span> {
    let wide = matches!(a.width, AddrWidth::W64 | AddrWidth::W64Unmarked);
    if !(env.fast && exec == u32::MAX && space == Space::Global && n >= 4 && wide) || a.base == crate::operand::RZ {
        return None;
    }
    let (lo, hi) = (w.row_ref(a.base), w.row_ref(a.base.saturating_add(1)));
    let step = n as u32;
    // No carry out of the low word (lane 31's stays above lane 0's), and
    // the last lane first: a warp whose halves read rows of a tile apart
    // fails here, without the scan below.
    if lo[0].checked_add(31 * step) != Some(lo[31]) || hi[31] != hi[0] {
        return None;
    }
    if !super::host::consecutive_pairs(lo, hi, step.trailing_zeros()) {
        return None;
    }
    let at = address(w, a, 0);
    // Aligned, and the span's end within the address space (as `span`).
    if !at.is_multiple_of(n as u64) {
        return None;
    }
    at.checked_add(32 * n as u64 - 1)?;
    Some(Span { first: 0, count: 32, at: SpanPlace::Global(at) })
}

/// The span the executing lanes' addresses `all` cover, if they are one.
fn span(env: &Env<'_>, all: &[u64; 32], space: Space, exec: u32, n: usize) -> Option<Span> {
    let first = exec.trailing_zeros() as usize;
    let count = (exec >> first).trailing_ones() as usize;
    if count < 32 && (exec >> first) >> count != 0 {
        return None;
    }
    let at = all[first];
    let step = n as u64;
    // The last lane first: a warp whose halves read the same words (a
    // 16-wide tile) fails here without the scan below.
    if !at.is_multiple_of(step) || all[first + count - 1] != at.wrapping_add((count as u64 - 1) * step) {
        return None;
    }
    // Contiguous: every lane's difference from its place in the span is
    // zero. An OR of the differences (64-bit subtractions and ORs
    // vectorize on baseline x86-64; 64-bit equality compares do not).
    let mut off = 0u64;
    let mut diff = 0u64;
    for &a in &all[first..first + count] {
        diff |= a.wrapping_sub(at).wrapping_sub(off);
        off = off.wrapping_add(step);
    }
    if diff != 0 {
        return None;
    }
    let len = (count * n) as u64;
    let last = at.checked_add(len - 1)?;
    let place = |addr| place(env, space, addr);
    match (place(at), place(last)) {
        (Place::Global(g), Place::Global(_)) => Some(Span { first, count, at: SpanPlace::Global(g) }),
        (Place::Shared(o), Place::Shared(e)) if e.checked_sub(o) == Some(len as usize - 1) => {
            Some(Span { first, count, at: SpanPlace::Shared(o) })
        }
        _ => None,
    }
}

/// Read `out.len()` bytes of global or shared memory; `false` where any of
/// them faults or is out of range (the lane-by-lane path then finds the
/// exact fault).
fn read_quiet(env: &Env<'_>, at: SpanPlace, out: &mut [u8]) -> bool {
    match at {
        SpanPlace::Global(va) => env.mem.read(va, out).is_ok(),
        SpanPlace::Shared(off) => match off.checked_add(out.len()).and_then(|end| env.shared.get(off..end)) {
            Some(src) => {
                out.copy_from_slice(src);
                true
            }
            None => false,
        },
    }
}

/// Write a span whole; `false` where any of it faults or is out of range.
/// A global write that faults has written at most the bytes before the
/// fault, all of which the lane-by-lane path writes again.
fn span_write(env: &mut Env<'_>, s: &Span, data: &[u8]) -> bool {
    match s.at {
        SpanPlace::Global(va) => env.mem.write(va, data).is_ok(),
        SpanPlace::Shared(off) => match off.checked_add(data.len()).and_then(|end| env.shared.get_mut(off..end)) {
            Some(dst) => {
                dst.copy_from_slice(data);
                true
            }
            None => false,
        },
    }
}

/// A load of `n` (4, 8 or 16) bytes per lane at scattered addresses, with
/// the addresses computed for the warp at once, a lane at the address of
/// the lane before it served by that lane's value (a broadcast), and the
/// registers written as rows. `false`, having written nothing, where any
/// lane's access is misaligned, out of range, local or faults: the
/// lane-by-lane path then runs the load and finds the exact fault.
fn gather(w: &mut Warp, env: &mut Env<'_>, all: &[u64; 32], space: Space, exec: u32, n: usize, d: u8) -> bool {
    match space {
        Space::Shared => return gather_shared(w, env.shared, all, exec, n, d),
        Space::Global | Space::Generic if gather_halves(w, env, all, space, exec, n, d) => return true,
        Space::Global | Space::Generic if gather_window(w, env, all, space, exec, n, d) => return true,
        _ => {}
    }
    let per = n / 4;
    let mut rows = [[0u32; 32]; 4];
    let mut last: Option<(u64, [u32; 4])> = None;
    for l in super::warp::lanes(exec) {
        let addr = all[l];
        let words = match last {
            Some((at, v)) if at == addr => v,
            _ => {
                if !addr.is_multiple_of(n as u64) {
                    return false;
                }
                let mut buf = [0u8; 16];
                let ok = match place(env, space, addr) {
                    Place::Global(va) => read_quiet(env, SpanPlace::Global(va), &mut buf[..n]),
                    Place::Shared(off) => read_quiet(env, SpanPlace::Shared(off), &mut buf[..n]),
                    Place::Local(_) => false,
                };
                if !ok {
                    return false;
                }
                let mut v = [0u32; 4];
                for (x, c) in v.iter_mut().zip(buf.chunks_exact(4)) {
                    *x = le_word(c);
                }
                last = Some((addr, v));
                v
            }
        };
        for j in 0..per {
            rows[j][l] = words[j];
        }
    }
    for (j, row) in rows.iter().enumerate().take(per) {
        w.set_row(d.saturating_add(j as u8), exec, row);
    }
    true
}

/// [`gather`] of 4-byte words by a full warp whose two half-warps each
/// read a run of 16 consecutive words (two rows of a 16-wide tile, far
/// apart or not): two 64-byte reads, straight into the halves of the row.
/// `false`, having written nothing, for any other layout, a misaligned
/// run, a generic run that may be shared or local, or a read that faults
/// (the other paths then decide).
fn gather_halves(w: &mut Warp, env: &mut Env<'_>, all: &[u64; 32], space: Space, exec: u32, n: usize, d: u8) -> bool {
    if exec != u32::MAX || n != 4 {
        return false;
    }
    let (a0, b0) = (all[0], all[16]);
    let mut diff = (a0 | b0) & 3;
    for l in 0..16 {
        diff |= (all[l] ^ a0.wrapping_add(4 * l as u64)) | (all[l + 16] ^ b0.wrapping_add(4 * l as u64));
    }
    if diff != 0 {
        return false;
    }
    if space == Space::Generic {
        let overlaps = |window: u64, at: u64| at < window.saturating_add(WINDOW_SIZE) && window < at.saturating_add(64);
        let cfg = env.cfg;
        if [a0, b0].iter().any(|&at| overlaps(cfg.shared_window, at) || overlaps(cfg.local_window, at)) {
            return false;
        }
    }
    let mut bytes = [[0u8; 64]; 2];
    if env.mem.read(a0, &mut bytes[0]).is_err() || env.mem.read(b0, &mut bytes[1]).is_err() {
        return false;
    }
    let (lo, hi) = (bytes[0].as_chunks::<4>().0, bytes[1].as_chunks::<4>().0);
    let row = gen32(|l| u32::from_le_bytes(if l < 16 { lo[l] } else { hi[l - 16] }));
    w.set_row(d, exec, &row);
    true
}

/// [`gather`] of global memory whose lanes' addresses lie within a few
/// KiB of each other (rows of a tile, a stencil, a transposed read): the
/// bytes from the lowest address to the end of the highest are read in
/// one [`Memory::read`] (one translation through the VM instead of one per
/// lane) and each lane's words picked from them. `false`, having written
/// nothing, where the lanes are farther apart, any address is misaligned,
/// a generic address may be shared or local, or the read faults (a hole
/// between the lanes' buffers is read by no lane: the lane-by-lane path
/// then decides).
fn gather_window(w: &mut Warp, env: &mut Env<'_>, all: &[u64; 32], space: Space, exec: u32, n: usize, d: u8) -> bool {
    let (mut lo, mut hi, mut or) = (u64::MAX, 0u64, 0u64);
    for l in super::warp::lanes(exec) {
        lo = lo.min(all[l]);
        hi = hi.max(all[l]);
        or |= all[l];
    }
    let Some(end) = hi.checked_add(n as u64) else { return false };
    let len = end.saturating_sub(lo);
    if !or.is_multiple_of(n as u64) || len > env.scratch.len() as u64 {
        return false;
    }
    if space == Space::Generic {
        let overlaps = |window: u64| lo < window.saturating_add(WINDOW_SIZE) && window < end;
        if overlaps(env.cfg.shared_window) || overlaps(env.cfg.local_window) {
            return false;
        }
    }
    let buf = &mut env.scratch[..len as usize];
    if env.mem.read(lo, buf).is_err() {
        return false;
    }
    let per = n / 4;
    let mut rows = [[0u32; 32]; 4];
    for l in super::warp::lanes(exec) {
        let off = (all[l] - lo) as usize;
        let Some(bytes) = buf.get(off..off + n) else { return false };
        for (row, c) in rows.iter_mut().zip(bytes.chunks_exact(4)) {
            row[l] = le_word(c);
        }
    }
    for (j, row) in rows.iter().enumerate().take(per) {
        w.set_row(d.saturating_add(j as u8), exec, row);
    }
    true
}

/// [`gather`] from the block's shared memory: each lane's words read
/// straight from the block's bytes (no broadcast cache: a read is as cheap
/// as the check). `false`, having written nothing, where any lane's access
/// is misaligned or out of range.
fn gather_shared(w: &mut Warp, shared: &[u8], all: &[u64; 32], exec: u32, n: usize, d: u8) -> bool {
    let per = n / 4;
    if exec == u32::MAX {
        // The common case, checked for the warp at once: then every read
        // is in range (the bounds checks below cannot fail).
        let (or, max) = all.iter().fold((0, 0), |(o, m), &a| (o | a, m.max(a)));
        if !or.is_multiple_of(n as u64) || max.saturating_add(n as u64) > shared.len() as u64 {
            return false;
        }
        // Every address is a multiple of 4 here: index words, not bytes.
        let (words, _) = shared.as_chunks::<4>();
        for j in 0..per {
            let row = gen32(|l| words.get((all[l] as usize >> 2) + j).map_or(0, |b| u32::from_le_bytes(*b)));
            w.set_row(d.saturating_add(j as u8), exec, &row);
        }
        return true;
    }
    let mut rows = [[0u32; 32]; 4];
    for l in super::warp::lanes(exec) {
        let addr = all[l];
        let Some(bytes) =
            usize::try_from(addr).ok().filter(|a| a.is_multiple_of(n)).and_then(|a| shared.get(a..a.checked_add(n)?))
        else {
            return false;
        };
        for (row, c) in rows.iter_mut().zip(bytes.chunks_exact(4)) {
            row[l] = le_word(c);
        }
    }
    for (j, row) in rows.iter().enumerate().take(per) {
        w.set_row(d.saturating_add(j as u8), exec, row);
    }
    true
}

/// Load the span `s` (`n` bytes a lane) into the registers from `d` of
/// its lanes; `false`, having written nothing, where any of it faults or
/// is out of range (the lane-by-lane path then finds the exact fault).
fn load_span(w: &mut Warp, env: &Env<'_>, s: &Span, exec: u32, n: usize, d: u8) -> bool {
    if s.count == 32 && n == 4 {
        // A full warp's words: the row itself.
        let mut buf = [[0u8; 4]; 32];
        if !read_quiet(env, s.at, buf.as_flattened_mut()) {
            return false;
        }
        w.set_row(d, exec, &map32(&buf, u32::from_le_bytes));
        return true;
    }
    let mut buf = [0u8; 32 * 16];
    let bytes = &mut buf[..s.count * n];
    if !read_quiet(env, s.at, bytes) {
        return false;
    }
    // Lane first + k's word j is word k * n/4 + j of the span.
    let mut words = [0u32; 32 * 4];
    for (w4, c) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *w4 = le_word(c);
    }
    let per = n / 4;
    for j in 0..per {
        let r = d.saturating_add(j as u8);
        let mut row = w.row(r);
        for (k, lane) in row[s.first..s.first + s.count].iter_mut().enumerate() {
            *lane = words[k * per + j];
        }
        w.set_row(r, exec, &row);
    }
    true
}

/// Store the registers from `s` of the span's lanes (`n` bytes a lane) as
/// one write; `false` where any of it faults or is out of range (see
/// [`span_write`]).
fn store_span(w: &Warp, env: &mut Env<'_>, sp: &Span, n: usize, s: u8) -> bool {
    if sp.count == 32 && n == 4 {
        // A full warp's words: the row itself.
        let words = map32(&w.row(s), u32::to_le_bytes);
        return span_write(env, sp, words.as_flattened());
    }
    let mut buf = [0u8; 32 * 16];
    for k in 0..sp.count {
        for j in 0..n / 4 {
            let r = if s == crate::operand::RZ { s } else { s.saturating_add(j as u8) };
            let o = k * n + 4 * j;
            buf[o..o + 4].copy_from_slice(&w.r(r, sp.first + k).to_le_bytes());
        }
    }
    span_write(env, sp, &buf[..sp.count * n])
}

/// The whole-warp part of a prepared load ([`Uop::Load`](super::uop::Uop::Load),
/// `n` of 4, 8 or 16 bytes a lane): a full warp's shared load whose
/// addresses are aligned and in range, or a global load whose register
/// pairs are consecutive. `false`, having written nothing, for any other
/// access: [`exec`] then runs the instruction.
#[inline(always)]
pub(crate) fn load_warp(w: &mut Warp, env: &Env<'_>, a: &Addr, shared: bool, exec: u32, n: usize, d: u8) -> bool {
    if shared {
        return exec == u32::MAX
            && env.fast
            && addresses32(w, a).is_some_and(|parts| shared_load_warp(w, env.shared, parts, n, d));
    }
    pair_run(w, env, a, Space::Global, exec, n).is_some_and(|s| load_span(w, env, &s, exec, n, d))
}

/// The whole-warp part of a prepared global store
/// ([`Uop::Store`](super::uop::Uop::Store)): as [`load_warp`], a store
/// whose register pairs are consecutive; `false`, having written nothing
/// that the lane-by-lane path does not write again, for any other.
#[inline(always)]
pub(crate) fn store_warp(w: &Warp, env: &mut Env<'_>, a: &Addr, exec: u32, n: usize, s: u8) -> bool {
    pair_run(w, env, a, Space::Global, exec, n).is_some_and(|sp| store_span(w, env, &sp, n, s))
}

pub(crate) fn exec(w: &mut Warp, i: &Instr, exec: u32, env: &mut Env<'_>) -> Result<(), Fault> {
    match &i.op {
        Op::Ld { space, size, .. } => {
            let Operand::Mem(a) = *i.src(1) else { return Err(bad(i, "address")) };
            let d = match *i.src(0) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "destination")),
            };
            let n = size.bytes();
            if *space == Space::Shared && n >= 4 && load_warp(w, env, &a, true, exec, n, d) {
                return Ok(());
            }
            let run = pair_run(w, env, &a, *space, exec, n);
            let all = if run.is_some() { None } else { fast_addresses(w, env, &a, exec, n) };
            if let Some(s) = run.or_else(|| all.as_ref().and_then(|all| span(env, all, *space, exec, n))) {
                if load_span(w, env, &s, exec, n, d) {
                    return Ok(());
                }
            }
            if all.as_ref().is_some_and(|all| gather(w, env, all, *space, exec, n, d)) {
                return Ok(());
            }
            for l in super::warp::lanes(exec) {
                let addr = address(w, &a, l);
                check_align(addr, *size, i.pc)?;
                let mut buf = [0u8; 16];
                let n = size.bytes();
                load(w, env, place(env, *space, addr), &mut buf[..n], l, i.pc)?;
                match n {
                    1 | 2 => {
                        let v =
                            if n == 1 { u32::from(buf[0]) } else { u32::from(u16::from_le_bytes([buf[0], buf[1]])) };
                        let v = match (size.signed(), n) {
                            (true, 1) => v as u8 as i8 as i32 as u32,
                            (true, _) => v as u16 as i16 as i32 as u32,
                            _ => v,
                        };
                        write_dst(w, i, 0, l, v, false)?;
                    }
                    _ => {
                        for k in 0..n / 4 {
                            let v = u32::from_le_bytes([buf[4 * k], buf[4 * k + 1], buf[4 * k + 2], buf[4 * k + 3]]);
                            w.set_r(d.saturating_add(k as u8), l, v);
                        }
                    }
                }
            }
            Ok(())
        }
        Op::St { space, size, .. } => {
            let Operand::Mem(a) = *i.src(0) else { return Err(bad(i, "address")) };
            let s = match *i.src(1) {
                Operand::Reg(r, _) => r,
                _ => return Err(bad(i, "source")),
            };
            let n = size.bytes();
            let all = || fast_addresses(w, env, &a, exec, n);
            let run = pair_run(w, env, &a, *space, exec, n);
            if let Some(sp) = run.or_else(|| all().as_ref().and_then(|all| span(env, all, *space, exec, n))) {
                if store_span(w, env, &sp, n, s) {
                    return Ok(());
                }
            }
            for l in super::warp::lanes(exec) {
                let addr = address(w, &a, l);
                check_align(addr, *size, i.pc)?;
                let n = size.bytes();
                let mut buf = [0u8; 16];
                for k in 0..n.div_ceil(4) {
                    let r = if s == crate::operand::RZ { s } else { s.saturating_add(k as u8) };
                    buf[4 * k..4 * k + 4].copy_from_slice(&w.r(r, l).to_le_bytes());
                }
                store(w, env, place(env, *space, addr), &buf[..n], l, i.pc)?;
            }
            Ok(())
        }
        Op::Ldgsts { bytes, .. } => {
            // The copy completes at once: the DEPBAR that waits for it
            // then has nothing left to wait for.
            let (Operand::Mem(to), Operand::Mem(from)) = (*i.src(0), *i.src(1)) else {
                return Err(bad(i, "LDGSTS addresses"));
            };
            let n = usize::from(*bytes);
            for l in super::warp::lanes(exec) {
                let (src, dst) = (address(w, &from, l), address(w, &to, l));
                for a in [src, dst] {
                    if !a.is_multiple_of(n as u64) {
                        return Err(Fault::Misaligned { va: a, size: n, pc: i.pc });
                    }
                }
                let mut buf = [0u8; 16];
                load(w, env, Place::Global(src), &mut buf[..n], l, i.pc)?;
                store(w, env, Place::Shared(dst as usize), &buf[..n], l, i.pc)?;
            }
            Ok(())
        }
        _ => Err(bad(i, "memory operation")),
    }
}
