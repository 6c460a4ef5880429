//! The harness the instruction tests share: a program of `MOV`s that set
//! the registers under test, the instruction words under test, then `STG`s
//! of the result registers, run on the interpreter over a flat memory.
//! Words under test come from ptxas cubins with their text checked against
//! what nvdisasm prints (`op`).

#![allow(dead_code)]

use gpuiface_sass::{decode, run_launch, Code, ConstBuffer, FlatMemory, LaunchConfig, LocalMemory, Stats, Word};

pub const BASE: u64 = 0x1_0000_0000;
const OUT: u64 = BASE + 0x8000;
const CBUF: u64 = BASE + 0x9000;

/// Control bits (stall 2, no barriers) for the harness's own words.
const CTRL: u128 = 0x000fe4 << 104;

/// The address pair the harness stores through (clear of every register under test).
pub const ADDR: u8 = 28;

/// Where `run_data` puts its data (a buffer a test names by address, e.g.
/// in a bindless constant buffer's handle).
pub const DATA: u64 = BASE + 0xA000;

/// `UMOV URd, imm32` (ptxas's `UMOV UR2, 0x1` with its fields replaced).
pub fn umov(d: u8, imm: u32) -> Word {
    Word(0x7882 | u128::from(d) << 16 | u128::from(imm) << 32 | 0x000fe4 << 104)
}

/// `MOV Rd, URu` (`MOV R20, UR16` of `operand_forms.tsv` with its fields replaced).
pub fn mov_ur(d: u8, u: u8) -> Word {
    let w = 0x000fe40008000f000000035000147c02u128 & !(0xff << 16) & !(0x3f << 32);
    Word(w | u128::from(d) << 16 | u128::from(u) << 32)
}

/// `MOV Rd, imm32`.
pub fn mov(d: u8, imm: u32) -> Word {
    Word(0x7802 | u128::from(d) << 16 | u128::from(imm) << 32 | 0xf << 72 | CTRL)
}

/// `STG.E [R28.64], Rs`, from a ptxas word (`STG.E [R2.64], R9`) with its registers replaced.
pub fn stg(s: u8) -> Word {
    let t = Word::from_le_bytes(*b"\x86\x79\x00\x02\x09\x00\x00\x00\x06\x19\x10\x0c\x00\xe2\x0f\x00");
    let w = Word(t.0 & !(0xff << 32) & !(0xff << 24) | u128::from(s) << 32 | u128::from(ADDR) << 24);
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(format!("STG.E [R{ADDR}.64], R{s} ;")));
    w
}

/// `EXIT`.
pub fn exit() -> Word {
    Word::from_le_bytes(*b"\x4d\x79\x00\x00\x00\x00\x00\x00\x00\x00\x80\x03\x00\xea\x0f\x00")
}

/// A word from nvdisasm's two halves (`/* 0x… */` lines), checked to print as `text`.
pub fn op(lo: u64, hi: u64, text: &str) -> Word {
    let w = Word(u128::from(lo) | u128::from(hi) << 64);
    assert_eq!(decode(w, 0).map(|i| i.to_string()), Ok(text.to_string()), "{lo:#x} {hi:#x}");
    w
}

/// The program `run*` launch: `regs` set, `body`, each of `outs` stored to
/// `OUT` in turn, `EXIT`.
fn program(regs: &[(u8, u32)], body: &[Word], outs: &[u8]) -> Vec<Word> {
    let mut prog: Vec<Word> = regs.iter().map(|&(r, v)| mov(r, v)).collect();
    prog.extend_from_slice(body);
    for (k, &o) in outs.iter().enumerate() {
        let at = OUT + 4 * k as u64;
        prog.extend([mov(ADDR, at as u32), mov(ADDR + 1, (at >> 32) as u32), stg(o)]);
    }
    prog.push(exit());
    prog
}

/// Run `body` with `block` threads after setting `regs`; returns the
/// registers `outs` as the (last) thread to store them left them.
pub fn run(block: u32, regs: &[(u8, u32)], body: &[Word], outs: &[u8]) -> Vec<u32> {
    launch(block, &program(regs, body, outs), outs.len(), &[]).expect("runs")
}

/// As `run` with one thread, `data` at `DATA`; the launch's fault is returned.
pub fn run_data(regs: &[(u8, u32)], body: &[Word], outs: &[u8], data: &[u8]) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    launch(1, &program(regs, body, outs), outs.len(), data)
}

/// As `run_data` with `LOCAL` bytes of local memory bound (low, at `BASE + 0xC000`).
pub fn run_local(regs: &[(u8, u32)], body: &[Word], outs: &[u8]) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    let local = LocalMemory { base: BASE + 0xC000, size: u64::from(LOCAL), low: LOCAL, high: 0 };
    launch_with(1, &program(regs, body, outs), outs.len(), &[], Some(local), 0, &[])
}

/// The shared memory `run_shared` binds to its block (`SHARED` bytes, zeroed).
pub const SHARED: u32 = 0x100;

/// As `run_data` with `SHARED` bytes of shared memory bound.
pub fn run_shared(
    regs: &[(u8, u32)],
    body: &[Word],
    outs: &[u8],
    data: &[u8],
) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    launch_with(1, &program(regs, body, outs), outs.len(), data, None, SHARED, &[])
}

/// The local memory `run_local` binds to its thread.
pub const LOCAL: u32 = 0x100;

/// Run `body` with `block` threads; each thread stores register `out` at
/// its thread index: returns one value per thread, or the launch's fault.
/// (R27 holds the thread index.)
pub fn run_threads(block: u32, body: &[Word], out: u8) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    run_threads_with(block, body, out, &[], &[])
}

/// As `run_threads` with `data` at `DATA` and `cbuf` at the start of constant bank 0.
pub fn run_threads_with(
    block: u32,
    body: &[Word],
    out: u8,
    data: &[u8],
    cbuf: &[u8],
) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    launch_with(block, &threads_program(body, out), block as usize, data, None, 0, cbuf)
}

/// As `run_threads_with` with `SHARED` bytes of shared memory bound.
pub fn run_threads_shared(block: u32, body: &[Word], out: u8, data: &[u8]) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    launch_with(block, &threads_program(body, out), block as usize, data, None, SHARED, &[])
}

/// The program `run_threads*` launch: R27 = the thread index, `body`,
/// register `out` stored at the thread's word of `OUT`, `EXIT`.
fn threads_program(body: &[Word], out: u8) -> Vec<Word> {
    let s2r = op(0x00000000001b7919, 0x000e220000002100, "S2R R27, SR_TID.X ;");
    let scale = op(0x000000041b1c7825, 0x000fe400078e001c, "IMAD.WIDE.U32 R28, R27, 0x4, R28 ;");
    let mut prog = vec![s2r];
    prog.extend_from_slice(body);
    prog.extend([mov(ADDR, OUT as u32), mov(ADDR + 1, (OUT >> 32) as u32), scale, stg(out), exit()]);
    prog
}

/// Bytes of flat memory the harness's launches run over, from `BASE`.
pub const MEMORY: u64 = 0x10000;

/// Run `prog` with `block` threads and `data` at `DATA`; returns the `n` words at OUT.
fn launch(block: u32, prog: &[Word], n: usize, data: &[u8]) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    launch_with(block, prog, n, data, None, 0, &[])
}

fn launch_with(
    block: u32,
    prog: &[Word],
    n: usize,
    data: &[u8],
    local_memory: Option<LocalMemory>,
    shared_memory: u32,
    cbuf: &[u8],
) -> Result<Vec<u32>, gpuiface_sass::Fault> {
    let mem = FlatMemory::new(BASE, MEMORY as usize);
    let code: Vec<u8> = prog.iter().flat_map(|w| w.0.to_le_bytes()).collect();
    mem.store(BASE, &code);
    mem.store(DATA, data);
    mem.store(CBUF, cbuf);
    run_launch(&mut Code::new(BASE), &mem, &config(block, local_memory, shared_memory), None)?;
    Ok(mem.load(OUT, 4 * n).chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect())
}

/// The harness's launch of one block of `block` threads: 32 registers,
/// constant bank 0 at `CBUF`, a budget of 1,000 warp-instructions.
fn config(block: u32, local_memory: Option<LocalMemory>, shared_memory: u32) -> LaunchConfig {
    let mut const_buffers = [None; 18];
    const_buffers[0] = Some(ConstBuffer { va: CBUF, size: 0x200 });
    LaunchConfig {
        grid: [1, 1, 1],
        block: [block, 1, 1],
        registers: 32,
        shared_memory,
        const_buffers,
        shared_window: 0xFE_0000_0000,
        local_window: 0xFD_0000_0000,
        local_memory,
        max_warp_instructions: 1000,
    }
}

/// Run `prog` as it is (no prologue or stores added) with `block` threads;
/// returns the launch's counts.
pub fn run_program(block: u32, prog: &[Word]) -> Result<Stats, gpuiface_sass::Fault> {
    let mem = FlatMemory::new(BASE, MEMORY as usize);
    let code: Vec<u8> = prog.iter().flat_map(|w| w.0.to_le_bytes()).collect();
    mem.store(BASE, &code);
    run_launch(&mut Code::new(BASE), &mem, &config(block, None, 0), None)
}

/// One thread, one result register.
pub fn one(regs: &[(u8, u32)], body: &[Word], out: u8) -> u32 {
    run(1, regs, body, &[out])[0]
}

/// A double in registers `r`, `r + 1`.
pub fn dreg(r: u8, v: f64) -> [(u8, u32); 2] {
    let b = v.to_bits();
    [(r, b as u32), (r + 1, (b >> 32) as u32)]
}
