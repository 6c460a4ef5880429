//! What a kernel launch writes: a complete QMD V03_00 and constant buffer 0
//! (the driver area compiled code reads, then the parameters).
//!
//! A program's QMD is built once, when it is loaded ([`qmd_template`]); a
//! launch copies it and sets only what changes per launch: the grid, the
//! block, the shared-memory size and configuration, and constant buffer 0's
//! address ([`fill_launch`]). Every field and why it has its value:
//!
//! | field | value | why |
//! |---|---|---|
//! | `QMD_MAJOR_VERSION` / `MINOR` | 3 / 0 | the layout the Ampere compute class (C6C0/C7C0) reads |
//! | `SASS_VERSION` | `0x87` | the code's SM (`major << 4 \| minor`), from the cubin's `e_flags` |
//! | `PROGRAM_ADDRESS_*` | the code's GPU VA | where `.text.<kernel>` was loaded (our loader's 256-byte alignment; the hardware needs 128) |
//! | `PROGRAM_PREFETCH_ADDR_*_SHIFTED`, `PROGRAM_PREFETCH_SIZE` | VA >> 8, code size >> 8 | let the SM prefetch the code; [`ga10b::PROGRAM_PREFETCH_PAD`] stays mapped after it |
//! | `REGISTER_COUNT_V` | the kernel's register count | `.text` `sh_info >> 24`; fewer faults or corrupts, more wastes occupancy |
//! | `BARRIER_COUNT` | max(1, the kernel's) | named barriers the CTA allocates (`.text` `sh_flags`); at least one, as tinygrad's NV backend allocates |
//! | `SHARED_MEMORY_SIZE` | static + dynamic (+ the reserved 1 KiB for a kernel that uses it), ≥ 1 KiB, 256-aligned | the CTA's shared memory (tinygrad's NV backend rounds the same way) |
//! | `MIN`/`TARGET_SM_CONFIG_SHARED_MEM_SIZE` | smallest carve-out holding it + 1 KiB | [`ga10b::shared_config_for`], encoded `KiB/4 + 1` |
//! | `MAX_SM_CONFIG_SHARED_MEM_SIZE` | 0x1a (100 KiB), or the launch's own carve-out when larger | the largest value proven on an Orin ([`ga10b::PROVEN_MAX_SHARED_CONFIG`]); 0x2a (164 KiB) is unproven and named only when a kernel needs it |
//! | `SHADER_LOCAL_MEMORY_HIGH_SIZE` | stack + 0x240, 32-aligned (0 without a stack) | per-thread local memory: the stack below [`ga10b::LOCAL_STACK_TOP`] and the reserve above it |
//! | `SHADER_LOCAL_MEMORY_LOW_SIZE` | 0 | no low local memory is used |
//! | `CONSTANT_BUFFER_*(0)` | this launch's buffer, its size, valid | driver area + parameters, in fresh command memory |
//! | `CONSTANT_BUFFER_INVALIDATE(0)` | 1 | constant buffer 0 moves every launch: never read a stale copy |
//! | `CONSTANT_BUFFER_*(1..=7)` | the module's banks and the kernel's own, in the module image | `__constant__` data (bank 3), the compiler's global-address table (bank 4), per-kernel tables (bank 2): [`Module::kernel`](crate::Module::kernel) binds them in the template |
//! | `INVALIDATE_SHADER_CONSTANT_CACHE` | 1 | the same, for the SM's constant cache |
//! | `INVALIDATE_INSTRUCTION_CACHE` | 1 | a program freed and reloaded may reuse the VA with new code |
//! | `INVALIDATE_SHADER_DATA_CACHE`, `INVALIDATE_TEXTURE_{DATA,HEADER,SAMPLER}_CACHE` | 1 | the CPU or the copy engine may have just written the inputs |
//! | `SM_GLOBAL_CACHING_ENABLE` | 1 | cache global memory in L1 |
//! | `CWD_MEMBAR_TYPE` | `L1_SYSMEMBAR` | the grid's writes are visible system-wide (to the CPU) when it completes |
//! | `API_VISIBLE_CALL_LIMIT` | `NO_CHECK` | no CUDA call-depth limit |
//! | `SAMPLER_INDEX` | `VIA_HEADER_INDEX` | the usual sampler binding (no samplers are used) |
//! | `QMD_GROUP_ID` | 0x3f | no QMD group (tinygrad's NV backend uses the same value) |
//! | `RELEASE0_*` | the folded signal, if any, with `PAYLOAD64B` | a 64-bit timeline value written when the grid completes |
//!
//! Constant buffer 0 holds, at the offsets compiled SM 8.x code reads them
//! ([`ga10b`]'s `CBUF0_*`): the block and grid dimensions, the shared and
//! local windows, the initial stack pointer, the dynamic shared-memory size,
//! the reserved shared-memory size, a zero memory descriptor, and
//! the parameters at the kernel's parameter-bank offset (0x160).

use gpuiface_hal::codec::qmd::{v03_00 as f, Qmd};
use gpuiface_hal::cubin::{KernelAttributes, KernelParam};
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{Error, Result};

use crate::queue::LaunchDims;

const OP: &str = "Runtime::submit";

/// The largest constant buffer a QMD can describe (`SIZE_SHIFTED4` is 13 bits).
const CBUF0_MAX: usize = (f::constant_buffer_size_shifted4(0).max() as usize) << 4;

/// The attributes of a program loaded from raw code rather than a cubin (a
/// closure kernel on the mock): 32 registers, no shared or local memory,
/// one barrier, parameters at the usual offset and of any size.
pub fn raw_program_attributes() -> KernelAttributes {
    KernelAttributes {
        sm_version: ga10b::SM_VERSION,
        registers: 32,
        barriers: 1,
        shared_static: 0,
        shared_reserved: 0,
        cbank0_size: ga10b::CBUF0_PARAMS as u32,
        param_offset: ga10b::CBUF0_PARAMS as u32,
        param_size: 0,
        params: Vec::new(),
        frame_size: 0,
        min_stack_size: 0,
        crs_stack_size: 0,
        stack_unbounded: false,
        max_threads: None,
        required_threads: None,
    }
}

/// Check a kernel's attributes against what ga10b and the QMD can hold,
/// with a typed error naming the first attribute out of range: the
/// attributes come from a cubin (data), or from a caller (public fields),
/// and the QMD template and launches are built from them.
pub fn check_attributes(name: &str, attrs: &KernelAttributes) -> Result<()> {
    let op = "Program::with_attributes";
    let out = |what: &str, value: u64, max: u64| {
        Err(Error::invalid(op, format!("{name}: {what} {value:#x} exceeds ga10b's {max:#x}")))
    };
    if attrs.registers > ga10b::MAX_REGISTERS_PER_THREAD {
        return out("register count", attrs.registers.into(), ga10b::MAX_REGISTERS_PER_THREAD.into());
    }
    if attrs.barriers > ga10b::MAX_BARRIERS {
        return out("barrier count", attrs.barriers.into(), ga10b::MAX_BARRIERS.into());
    }
    let local = attrs.local_memory_per_thread();
    if local > ga10b::MAX_LOCAL_PER_THREAD {
        return out("local memory per thread (stack)", attrs.stack_bytes().into(), ga10b::MAX_LOCAL_PER_THREAD.into());
    }
    let largest_shared = ga10b::SHARED_CONFIGS[ga10b::SHARED_CONFIGS.len() - 1];
    if attrs.shared_static > largest_shared {
        return out("static shared memory", attrs.shared_static.into(), largest_shared.into());
    }
    let bank_end = u64::from(attrs.param_offset) + u64::from(attrs.param_size);
    if bank_end > u64::from(ga10b::MAX_CONSTANT_BUFFER) {
        return out("parameter bank end", bank_end, ga10b::MAX_CONSTANT_BUFFER.into());
    }
    for p in &attrs.params {
        let end = u32::from(p.offset) + u32::from(p.size);
        if end > attrs.param_size {
            return out(&format!("parameter {} end", p.ordinal), end.into(), attrs.param_size.into());
        }
    }
    // The loader's check besides: every QMD field the template writes holds
    // what passes (a stack filling the whole 16 MiB window does not).
    attrs.check_limits(name).map_err(|e| Error::invalid(op, e.to_string()))
}

/// The QMD every launch of a program starts from.
pub fn qmd_template(attrs: &KernelAttributes, program_va: u64, code_len: u64) -> Qmd {
    let mut q = Qmd::new();
    q.set_version_v03_00();
    q.set(f::SASS_VERSION, u64::from(ga10b::sass_version(attrs.sm_version)));
    q.set_program_address(program_va);
    q.set(f::PROGRAM_PREFETCH_ADDR_LOWER_SHIFTED, (program_va >> 8) & 0xffff_ffff);
    q.set(f::PROGRAM_PREFETCH_ADDR_UPPER_SHIFTED, (program_va >> 40) & f::PROGRAM_PREFETCH_ADDR_UPPER_SHIFTED.max());
    q.set(f::PROGRAM_PREFETCH_SIZE, (code_len >> 8).min(f::PROGRAM_PREFETCH_SIZE.max()));
    q.set(f::REGISTER_COUNT_V, u64::from(attrs.registers));
    q.set(f::BARRIER_COUNT, u64::from(attrs.barriers.max(1)));
    q.set(f::SHADER_LOCAL_MEMORY_HIGH_SIZE, u64::from(attrs.local_memory_per_thread()));
    q.set(f::SHADER_LOCAL_MEMORY_LOW_SIZE, 0);
    // The largest configuration proven on an Orin (0x1a); `fill_launch`
    // raises it only for a launch whose shared memory needs more.
    q.set(f::MAX_SM_CONFIG_SHARED_MEM_SIZE, u64::from(ga10b::encode_shared_config(ga10b::PROVEN_MAX_SHARED_CONFIG)));
    q.set(f::constant_buffer_invalidate(0), 1);
    for fld in [
        f::INVALIDATE_SHADER_CONSTANT_CACHE,
        f::INVALIDATE_INSTRUCTION_CACHE,
        f::INVALIDATE_SHADER_DATA_CACHE,
        f::INVALIDATE_TEXTURE_DATA_CACHE,
        f::INVALIDATE_TEXTURE_HEADER_CACHE,
        f::INVALIDATE_TEXTURE_SAMPLER_CACHE,
        f::SM_GLOBAL_CACHING_ENABLE,
    ] {
        q.set(fld, 1);
    }
    q.set(f::CWD_MEMBAR_TYPE, f::CWD_MEMBAR_TYPE_L1_SYSMEMBAR);
    q.set(f::API_VISIBLE_CALL_LIMIT, f::API_VISIBLE_CALL_LIMIT_NO_CHECK);
    q.set(f::SAMPLER_INDEX, f::SAMPLER_INDEX_VIA_HEADER_INDEX);
    q.set(f::QMD_GROUP_ID, 0x3f);
    q
}

/// Shared memory the QMD gives a CTA: static + dynamic + reserved, at least 1 KiB, 256-aligned.
fn shared_memory_size(attrs: &KernelAttributes, dims: &LaunchDims) -> Result<u32> {
    let total = attrs
        .shared_static
        .checked_add(dims.shared_mem)
        .and_then(|t| t.checked_add(attrs.shared_reserved))
        .ok_or_else(|| Error::invalid(OP, "shared memory overflows"))?;
    total
        .max(0x400)
        .checked_next_multiple_of(0x100)
        .ok_or_else(|| Error::invalid(OP, format!("{total:#x} bytes of shared memory fit no SM configuration")))
}

/// Check a launch against the kernel and the SM before the GPU sees it.
pub fn check_launch(name: &str, attrs: &KernelAttributes, dims: &LaunchDims, args_len: usize) -> Result<()> {
    let bad = |reason: String| Err(Error::invalid(OP, format!("launch of {name}: {reason}")));
    let [bx, by, bz] = dims.block;
    let threads = u64::from(bx) * u64::from(by) * u64::from(bz);
    if threads == 0 || dims.grid.contains(&0) {
        return bad(format!("empty launch (grid {:?}, block {:?})", dims.grid, dims.block));
    }
    if dims.block.iter().zip(ga10b::MAX_BLOCK_DIM).any(|(d, max)| *d > max)
        || threads > u64::from(ga10b::MAX_THREADS_PER_BLOCK)
    {
        return bad(format!(
            "block {:?} exceeds the SM's limits ({:?}, {} threads)",
            dims.block,
            ga10b::MAX_BLOCK_DIM,
            ga10b::MAX_THREADS_PER_BLOCK
        ));
    }
    if dims.grid[0] > i32::MAX as u32 || dims.grid[1] > 0xffff || dims.grid[2] > 0xffff {
        return bad(format!("grid {:?} exceeds (2^31-1, 65535, 65535)", dims.grid));
    }
    if let Some(max) = attrs.max_threads {
        if threads > max.iter().map(|d| u64::from(*d)).product::<u64>() {
            return bad(format!("block {:?} exceeds the kernel's .maxntid {max:?}", dims.block));
        }
    }
    if let Some(req) = attrs.required_threads {
        if dims.block != req {
            return bad(format!("block {:?} is not the kernel's .reqntid {req:?}", dims.block));
        }
    }
    let regs = ga10b::block_registers(threads as u32, attrs.registers);
    if regs > u64::from(ga10b::REGISTER_FILE) {
        return bad(format!(
            "{threads} threads x {} registers need {regs} registers; the SM has {}",
            attrs.registers,
            ga10b::REGISTER_FILE
        ));
    }
    let shared = shared_memory_size(attrs, dims)?;
    if ga10b::shared_config_for(shared).is_none() {
        return bad(format!("{shared} bytes of shared memory exceed the SM's largest configuration"));
    }
    if (!attrs.params.is_empty() || attrs.param_size != 0) && args_len != attrs.param_size as usize {
        return bad(format!("{args_len} bytes of arguments; the kernel's parameters take {}", attrs.param_size));
    }
    if ga10b::CBUF0_PARAMS + args_len > CBUF0_MAX {
        return bad(format!("{args_len} bytes of arguments exceed constant buffer 0"));
    }
    Ok(())
}

/// Bytes of constant buffer 0 a launch with `args_len` bytes of arguments
/// needs (16-byte granular, as the QMD stores sizes >> 4).
pub fn cbuf0_size(attrs: &KernelAttributes, args_len: usize) -> usize {
    (attrs.param_offset as usize + args_len).max(ga10b::CBUF0_PARAMS).next_multiple_of(16)
}

/// Write constant buffer 0's driver area for `dims` into `out` (at least
/// [`ga10b::CBUF0_PARAMS`] bytes).
pub fn write_driver_area(out: &mut [u8], dims: &LaunchDims) -> Result<()> {
    let Some(area) = out.get_mut(..ga10b::CBUF0_PARAMS) else {
        return Err(Error::invalid(
            OP,
            format!("the driver area is {:#x} bytes; {:#x} given", ga10b::CBUF0_PARAMS, out.len()),
        ));
    };
    area.fill(0);
    // Every offset below is a const of hw.rs ending below CBUF0_PARAMS (the
    // layout's own tests check it), so `copy_from_slice` never panics here.
    let mut put = |at: usize, bytes: &[u8]| area[at..at + bytes.len()].copy_from_slice(bytes);
    for (i, d) in dims.block.iter().enumerate() {
        put(ga10b::CBUF0_BLOCK_DIM + 4 * i, &d.to_le_bytes());
    }
    for (i, d) in dims.grid.iter().enumerate() {
        put(ga10b::CBUF0_GRID_DIM + 4 * i, &d.to_le_bytes());
    }
    put(ga10b::CBUF0_SHARED_WINDOW, &ga10b::SHARED_MEM_WINDOW.to_le_bytes());
    put(ga10b::CBUF0_LOCAL_WINDOW, &ga10b::LOCAL_MEM_WINDOW.to_le_bytes());
    put(ga10b::CBUF0_STACK_TOP, &ga10b::LOCAL_STACK_TOP.to_le_bytes());
    put(ga10b::CBUF0_DYNAMIC_SHARED, &dims.shared_mem.to_le_bytes());
    put(ga10b::CBUF0_MEMORY_DESCRIPTOR, &0u64.to_le_bytes());
    Ok(())
}

/// Write the size of the kernel's reserved shared memory into the driver
/// area `out` ([`ga10b::CBUF0_RESERVED_SHARED`]; 0 for a kernel that does
/// not use it): compiled code finds the reservation at `SR_SMEMSZ - size`.
pub fn write_reserved_shared(out: &mut [u8], attrs: &KernelAttributes) {
    let at = ga10b::CBUF0_RESERVED_SHARED;
    if let Some(slot) = out.get_mut(at..at + 4) {
        slot.copy_from_slice(&attrs.shared_reserved.to_le_bytes());
    }
}

/// Set the per-launch fields of a copy of the program's template.
pub fn fill_launch(
    q: &mut Qmd,
    attrs: &KernelAttributes,
    dims: &LaunchDims,
    cbuf0_va: u64,
    cbuf0_len: usize,
) -> Result<()> {
    q.set_grid(dims.grid);
    q.set_block(dims.block);
    let shared = shared_memory_size(attrs, dims)?;
    let config = ga10b::shared_config_for(shared)
        .ok_or_else(|| Error::invalid(OP, format!("{shared} bytes of shared memory fit no SM configuration")))?;
    q.set(f::SHARED_MEMORY_SIZE, u64::from(shared));
    let encoded = u64::from(ga10b::encode_shared_config(config));
    q.set(f::MIN_SM_CONFIG_SHARED_MEM_SIZE, encoded);
    q.set(f::TARGET_SM_CONFIG_SHARED_MEM_SIZE, encoded);
    // Proven 0x1a unless this launch needs a larger (unproven) carve-out.
    let max = config.max(ga10b::PROVEN_MAX_SHARED_CONFIG);
    q.set(f::MAX_SM_CONFIG_SHARED_MEM_SIZE, u64::from(ga10b::encode_shared_config(max)));
    q.set_constant_buffer(0, cbuf0_va, cbuf0_len as u32);
    Ok(())
}

/// A kernel argument, for [`pack_args`].
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A `u8` / `.u8` / `char` parameter.
    U8(u8),
    /// A 16-bit parameter.
    U16(u16),
    /// A 32-bit integer parameter.
    U32(u32),
    /// A 64-bit integer parameter (a pointer: a GPU VA).
    U64(u64),
    /// An `f32` parameter.
    F32(f32),
    /// An `f64` parameter.
    F64(f64),
    /// Raw bytes (a struct or array parameter).
    Bytes(Vec<u8>),
}

impl Arg {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Arg::U8(v) => vec![*v],
            Arg::U16(v) => v.to_le_bytes().to_vec(),
            Arg::U32(v) => v.to_le_bytes().to_vec(),
            Arg::U64(v) => v.to_le_bytes().to_vec(),
            Arg::F32(v) => v.to_le_bytes().to_vec(),
            Arg::F64(v) => v.to_le_bytes().to_vec(),
            Arg::Bytes(b) => b.clone(),
        }
    }
}

/// Lay `args` out as the kernel's parameter bank: each at its offset from
/// `EIATTR_KPARAM_INFO`, each checked against its size.
pub fn pack_args(name: &str, params: &[KernelParam], param_size: u32, args: &[Arg]) -> Result<Vec<u8>> {
    let op = "Program::pack_args";
    if args.len() != params.len() {
        return Err(Error::invalid(op, format!("{name} takes {} parameters, {} given", params.len(), args.len())));
    }
    let mut out = vec![0u8; param_size as usize];
    for (p, a) in params.iter().zip(args) {
        let b = a.bytes();
        if b.len() != usize::from(p.size) {
            return Err(Error::invalid(
                op,
                format!("{name}: parameter {} is {} bytes; {a:?} is {}", p.ordinal, p.size, b.len()),
            ));
        }
        // The cubin's offsets are data: a parameter past the bank is an error.
        let at = usize::from(p.offset);
        let Some(slot) = out.get_mut(at..at + b.len()) else {
            return Err(Error::invalid(
                op,
                format!(
                    "{name}: parameter {} at {at:#x}+{:#x} lies past the {param_size:#x}-byte parameter bank",
                    p.ordinal,
                    b.len()
                ),
            ));
        };
        slot.copy_from_slice(&b);
    }
    Ok(out)
}
