//! Per-SoC hardware facts, as data, in one place.
//!
//! The runtime (which builds QMDs and programs the compute engine), the
//! nvgpu backend (which reserves address windows, sets channels up and
//! submits through USERD and the doorbell) and the mock's kernel and GPU
//! models (which check ioctls and launches the way the kernel and the
//! hardware do) all read these constants; none of them retypes a number.
//! Each fact says where it comes from. Kernel ABI facts (ioctl numbers,
//! struct layouts, error-notifier codes) are not here: they are
//! `gpuiface_nvgpu::abi`'s.
//!
//! ```
//! use gpuiface_hal::hw::ga10b;
//! assert_eq!(ga10b::SM_VERSION, 0x807);
//! assert_eq!(ga10b::CBUF0_PARAMS, 0x160);
//! // The shared-memory configuration the QMD names for a 1 KiB kernel:
//! assert_eq!(ga10b::shared_config_for(1024), Some(8 * 1024));
//! // Where a usermode submit writes GP_PUT and rings the doorbell:
//! assert_eq!((ga10b::USERD_GP_PUT, ga10b::DOORBELL_OFFSET), (0x8C, 0x90));
//! ```

/// Facts of ga10b, the GPU of Jetson Orin (Ampere, SM 8.7).
pub mod ga10b {
    use crate::codec::gpfifo;
    use crate::rm::RmClass;

    /// SM version as `major << 8 | minor` (what GET_CHARACTERISTICS reports).
    pub const SM_VERSION: u32 = 0x807;

    /// Registers in one SM's register file (64 K × 32 bit on every Ampere SM;
    /// CUDA C Programming Guide, "Compute Capabilities", 8.x).
    pub const REGISTER_FILE: u32 = 65536;
    /// Registers are allocated per warp in units of this many (the same
    /// table; tinygrad's NV backend computes its occupancy limit this way).
    pub const REGISTER_ALLOC_UNIT: u32 = 256;
    /// Most registers one thread may use.
    pub const MAX_REGISTERS_PER_THREAD: u32 = 255;
    /// Threads in a warp.
    pub const WARP_SIZE: u32 = 32;
    /// Most threads in one block (CTA).
    pub const MAX_THREADS_PER_BLOCK: u32 = 1024;
    /// Most threads in each block dimension (x, y, z).
    pub const MAX_BLOCK_DIM: [u32; 3] = [1024, 1024, 64];
    /// Most resident warps per SM on compute capability 8.7 (1,536 threads;
    /// CUDA C Programming Guide, "Compute Capabilities"). An Orin's
    /// GET_CHARACTERISTICS reports `sm_arch_warp_count` = 96
    /// ([`REPORTED_WARPS_PER_SM`]); local memory is sized from the larger
    /// of the two ([`local_bytes_per_tpc_for`]), which never undersizes.
    pub const MAX_WARPS_PER_SM: u32 = 48;
    /// `sm_arch_warp_count` as a real Orin's GET_CHARACTERISTICS reports it
    /// (issue 21 item 3, recorded on an Orin with 1 GPC x 4 TPC).
    pub const REPORTED_WARPS_PER_SM: u32 = 96;
    /// Most shared memory one SM has (the largest carve-out, 164 KiB).
    pub const MAX_SHARED_PER_SM: u32 = 164 << 10;
    /// Most shared memory one block may use (compute capability 8.7: 163
    /// KiB with the opt-in; the SM's carve-out less the 1 KiB reservation).
    pub const MAX_SHARED_PER_BLOCK: u32 = MAX_SHARED_PER_SM - SHARED_RESERVED_PER_BLOCK;
    /// SMs per TPC on ga10b.
    pub const SMS_PER_TPC: u32 = 2;
    /// Named barriers a block may use (`bar.sync 0..15`).
    pub const MAX_BARRIERS: u32 = 16;

    /// The L1/shared-memory carve-outs an SM can be configured with, in
    /// bytes (compute capability 8.7, like 8.0: 0, 8, 16, 32, 64, 100, 132
    /// or 164 KiB). The QMD's `*_SM_CONFIG_SHARED_MEM_SIZE` fields name one
    /// of these.
    pub const SHARED_CONFIGS: [u32; 8] = [0, 8 << 10, 16 << 10, 32 << 10, 64 << 10, 100 << 10, 132 << 10, 164 << 10];
    /// Shared memory the system reserves per block on 8.x (1 KiB): a block
    /// with `s` bytes of shared memory needs a carve-out of `s + 1 KiB`.
    pub const SHARED_RESERVED_PER_BLOCK: u32 = 1 << 10;

    /// The smallest carve-out holding `shared_bytes` of one block's shared
    /// memory plus the per-block reservation; `None` when none does.
    pub fn shared_config_for(shared_bytes: u32) -> Option<u32> {
        let need = shared_bytes.checked_add(SHARED_RESERVED_PER_BLOCK)?;
        SHARED_CONFIGS.iter().copied().find(|&c| c >= need)
    }

    /// Encode a carve-out (bytes) as the QMD's `*_SM_CONFIG_SHARED_MEM_SIZE`
    /// value: `KiB / 4 + 1` (the encoding tinygrad's NV backend uses, and
    /// the one under which 0x1a is 100 KiB, the largest GA10x consumer
    /// carve-out).
    pub const fn encode_shared_config(bytes: u32) -> u32 {
        bytes / 4096 + 1
    }
    /// The inverse of [`encode_shared_config`]; `None` for 0.
    pub const fn decode_shared_config(value: u32) -> Option<u32> {
        match value {
            0 => None,
            v => Some((v - 1) * 4096),
        }
    }

    /// GPU VA of the shader local-memory window: generic addresses in
    /// `[LOCAL_MEM_WINDOW, + 16 MiB)` reach the thread's local memory. The
    /// backend reserves `WINDOW_RESERVATION` bytes there so no buffer is
    /// mapped at it (seed 000); the runtime programs it with
    /// `SET_SHADER_LOCAL_MEMORY_WINDOW_A/B` and writes it into constant
    /// buffer 0 ([`CBUF0_LOCAL_WINDOW`]).
    pub const LOCAL_MEM_WINDOW: u64 = 0xFD_0000_0000;
    /// GPU VA of the shader shared-memory window (as above, with
    /// `SET_SHADER_SHARED_MEMORY_WINDOW_A/B` and [`CBUF0_SHARED_WINDOW`]).
    pub const SHARED_MEM_WINDOW: u64 = 0xFE_0000_0000;
    /// Size of each window's VA reservation.
    pub const WINDOW_RESERVATION: u64 = 1 << 30;

    // Constant buffer 0, as compiled SM 8.x code reads it. Read off our own
    // cubins with nvdisasm (kernels/sm_87/*.sass): `MOV R1, c[0x0][0x28]`
    // (stack pointer), `c[0x0][0x0..0x8]` for %ntid, `c[0x0][0xc..0x14]` for
    // %nctaid, `ULDC.64 UR4, c[0x0][0x118]` before every global access, and
    // parameters from `c[0x0][0x160]` (EIATTR_PARAM_CBANK in .nv.info).
    /// Block dimensions x, y, z (three u32): what `%ntid` reads.
    pub const CBUF0_BLOCK_DIM: usize = 0x0;
    /// Grid dimensions x, y, z (three u32): what `%nctaid` reads.
    pub const CBUF0_GRID_DIM: usize = 0xc;
    /// The shared-memory window (u64), for generic addressing of shared memory.
    pub const CBUF0_SHARED_WINDOW: usize = 0x18;
    /// The local-memory window (u64), for generic addressing of local memory.
    pub const CBUF0_LOCAL_WINDOW: usize = 0x20;
    /// The initial stack pointer (u32): the top of the per-thread stack inside the local window.
    pub const CBUF0_STACK_TOP: usize = 0x28;
    /// The global-memory descriptor (u64) Ampere loads before each global
    /// access; 0 selects the default (tinygrad's NV backend leaves it 0).
    pub const CBUF0_MEMORY_DESCRIPTOR: usize = 0x118;
    /// The launch's dynamic shared memory in bytes (u32): what
    /// `%dynamic_smem_size` reads (`ULDC c[0x0][0x2c]` in
    /// `kernels/sm_87/module_ops.sass`, kernel `mod_tile`).
    pub const CBUF0_DYNAMIC_SHARED: usize = 0x2c;
    /// The size of the block's reserved shared memory (u32): compiled code
    /// computes `%reserved_smem_offset_begin` as `SR_SMEMSZ - c[0x0][0x114]`
    /// (read off `kernels/sm_87/module_ops.sass`, kernel `mod_tile`).
    pub const CBUF0_RESERVED_SHARED: usize = 0x114;
    /// Where kernel parameters start: the size of the driver area.
    pub const CBUF0_PARAMS: usize = 0x160;
    /// Shared memory the system reserves per block on SM 8.x (1 KiB, the
    /// CUDA programming guide's table of compute capabilities;
    /// `cudaDevAttrReservedSharedMemoryPerBlock`). A kernel that uses it
    /// (`EIATTR_RESERVED_SMEM_USED`) gets it at the end of its shared memory.
    pub const RESERVED_SHARED_PER_BLOCK: u32 = 1024;
    /// Constant banks a QMD V03_00 binds (`CONSTANT_BUFFER_*(0..8)`); bank 0
    /// is each launch's driver area and parameters.
    pub const CONSTANT_BANKS: u32 = 8;
    /// Constant buffers are bound at addresses aligned to this.
    pub const CONSTANT_BUFFER_ALIGN: u64 = 256;

    /// The stack pointer compiled code starts from (`c[0x0][0x28]`): 0x240
    /// bytes below the top of the 16 MiB local window (tinygrad's NV backend
    /// writes the same value).
    pub const LOCAL_STACK_TOP: u32 = 0xFF_FDC0;
    /// Local memory above the stack top that every thread owns (16 MiB −
    /// [`LOCAL_STACK_TOP`]): a kernel with an `s`-byte stack needs
    /// `s + LOCAL_RESERVED` bytes of local memory per thread.
    pub const LOCAL_RESERVED: u32 = (1 << 24) - LOCAL_STACK_TOP;
    /// The stack a thread gets when ptxas cannot bound it (recursion): the
    /// CUDA driver's default `cudaLimitStackSize` on SM 8.x, in bytes.
    pub const DEFAULT_STACK_LIMIT: u32 = 1024;
    /// The most local memory one thread can address: the 16 MiB local
    /// window (the stack and [`LOCAL_RESERVED`] both lie below its top).
    pub const MAX_LOCAL_PER_THREAD: u32 = 1 << 24;
    /// The largest constant buffer a QMD can bind (its 17-bit size field
    /// counts bytes; the hardware's constant banks are 64 KiB).
    pub const MAX_CONSTANT_BUFFER: u32 = 1 << 16;
    /// Per-thread local memory is granted in multiples of this.
    pub const LOCAL_PER_THREAD_ALIGN: u32 = 32;
    /// The most local memory per thread a launch can be given: what the
    /// QMD's 24-bit `SHADER_LOCAL_MEMORY_HIGH_SIZE` holds, in whole
    /// [`LOCAL_PER_THREAD_ALIGN`] grains (0xFF_FFE0: one grain short of
    /// the [`MAX_LOCAL_PER_THREAD`] window).
    pub const MAX_LOCAL_PER_THREAD_QMD: u32 = {
        let field = crate::codec::qmd::v03_00::SHADER_LOCAL_MEMORY_HIGH_SIZE.max();
        let field = if field < MAX_LOCAL_PER_THREAD as u64 { field as u32 } else { MAX_LOCAL_PER_THREAD };
        field / LOCAL_PER_THREAD_ALIGN * LOCAL_PER_THREAD_ALIGN
    };
    /// The largest stack (bytes per thread) a kernel may declare: the
    /// largest whose [`local_memory_per_thread`] a launch can be given
    /// ([`MAX_LOCAL_PER_THREAD_QMD`] less [`LOCAL_RESERVED`]). The cubin
    /// loader refuses a kernel with a larger one.
    pub const MAX_STACK_PER_THREAD: u32 = MAX_LOCAL_PER_THREAD_QMD - LOCAL_RESERVED;
    /// Per-thread local memory a kernel with an `stack_bytes`-byte stack
    /// needs, as the QMD (`SHADER_LOCAL_MEMORY_HIGH_SIZE`) and the compute
    /// engine are given it: the stack plus [`LOCAL_RESERVED`], 32-byte
    /// aligned; 0 when the kernel has no stack.
    ///
    /// Saturates at `u32::MAX` for a stack no thread can have (more than
    /// [`MAX_LOCAL_PER_THREAD`]): never an overflow, and every user refuses
    /// a value above that limit.
    pub const fn local_memory_per_thread(stack_bytes: u32) -> u32 {
        match stack_bytes {
            0 => 0,
            s => match s.checked_add(LOCAL_RESERVED) {
                Some(v) => match v.checked_next_multiple_of(LOCAL_PER_THREAD_ALIGN) {
                    Some(v) => v,
                    None => u32::MAX,
                },
                None => u32::MAX,
            },
        }
    }
    /// A warp's local memory is a multiple of this.
    pub const LOCAL_PER_WARP_ALIGN: u32 = 0x200;
    /// A TPC's local memory (`SET_SHADER_LOCAL_MEMORY_NON_THROTTLED`) is a multiple of this.
    pub const LOCAL_PER_TPC_ALIGN: u32 = 0x8000;

    /// Local memory each TPC needs for `per_thread` bytes per thread with
    /// every warp slot of both SMs resident ([`MAX_WARPS_PER_SM`] each):
    /// the least the hardware can use, what the mock checks a binding against.
    pub const fn local_bytes_per_tpc(per_thread: u32) -> u64 {
        local_bytes_per_tpc_for(per_thread, MAX_WARPS_PER_SM)
    }
    /// Local memory each TPC gets for `per_thread` bytes per thread when
    /// each SM is counted with `warps_per_sm` warp slots (at least
    /// [`MAX_WARPS_PER_SM`]: a smaller count would undersize).
    pub const fn local_bytes_per_tpc_for(per_thread: u32, warps_per_sm: u32) -> u64 {
        let warps = if warps_per_sm > MAX_WARPS_PER_SM { warps_per_sm } else { MAX_WARPS_PER_SM };
        let per_warp = ((per_thread as u64 * WARP_SIZE as u64).div_ceil(LOCAL_PER_WARP_ALIGN as u64))
            * LOCAL_PER_WARP_ALIGN as u64;
        let per_tpc = per_warp * warps as u64 * SMS_PER_TPC as u64;
        per_tpc.div_ceil(LOCAL_PER_TPC_ALIGN as u64) * LOCAL_PER_TPC_ALIGN as u64
    }

    // Values proven on hardware (issue 21 item 5): what runs on Orins
    // today. Values no Orin has confirmed are used only where a kernel needs
    // them, and FIDELITY.md lists them under "needs an Orin".
    /// The largest shared-memory configuration proven on an Orin: 0x1a
    /// (100 KiB) as `MAX_SM_CONFIG_SHARED_MEM_SIZE`. The QMD names a larger
    /// one (up to 0x2a, 164 KiB: unproven) only for a kernel that needs it.
    pub const PROVEN_MAX_SHARED_CONFIG: u32 = 100 << 10;
    /// `SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C` (`MAX_SM_COUNT`) as it runs
    /// on Orins: 0xff. The exact SM count (8 on a 4-TPC Orin) is unproven.
    pub const PROVEN_LOCAL_MAX_SM_COUNT: u32 = 0xff;

    /// The largest GPFIFO the project has evidence for: 1,024 entries
    /// (8 KiB) work on an Orin, while a 3 MiB GPFIFO dma-buf hangs
    /// ALLOC_OBJ_CTX (issue 12 item 1, issue 21 item 8), whatever
    /// `max_gpfifo_entries` (2^28) the kernel reports.
    pub const PROVEN_GPFIFO_ENTRIES: u32 = 1024;

    /// The QMD's `SASS_VERSION` for code of SM `major.minor`: `major << 4 | minor`.
    pub const fn sass_version(sm_version: u32) -> u32 {
        ((sm_version >> 8) << 4) | (sm_version & 0xf)
    }

    /// Registers one block of `threads` threads with `regs` registers each
    /// occupies in the register file.
    pub const fn block_registers(threads: u32, regs: u32) -> u64 {
        let warps = threads.div_ceil(WARP_SIZE) as u64;
        let per_warp =
            ((regs as u64 * WARP_SIZE as u64).div_ceil(REGISTER_ALLOC_UNIT as u64)) * REGISTER_ALLOC_UNIT as u64;
        warps * per_warp
    }

    /// Program code is fetched ahead of the program counter: keep this much
    /// mapped after a program's last instruction (tinygrad's NV backend adds
    /// 4 KiB after each program for the same reason).
    pub const PROGRAM_PREFETCH_PAD: u64 = 4096;
    /// The alignment the hardware requires of a program's first
    /// instruction: 128 bytes (0x80). Evidence (issue 21 item 1): ptxas
    /// aligns every `.text` section to 128; Mesa NVK states that Kepler and
    /// later need the first instruction 0x80-aligned; a direct-ioctl client
    /// on a real Orin launched code at a shader VA + 0x580 and got its
    /// results back. The mock's launch check uses this value.
    pub const PROGRAM_ALIGN: u64 = 128;
    /// Where *our* loader places programs: 256-byte aligned, so that the
    /// QMD's `PROGRAM_PREFETCH_ADDR_*_SHIFTED` (address >> 8) is exact. A
    /// choice of this project, not a hardware rule (see [`PROGRAM_ALIGN`]).
    pub const LOADER_PROGRAM_ALIGN: u64 = 256;
    const _: () = assert!(LOADER_PROGRAM_ALIGN.is_multiple_of(PROGRAM_ALIGN));

    // The classes ga10b's engines implement. The numbers are NVIDIA's
    // (`RmClass::number`, checked against facts/nv-ampere-classes.tsv);
    // which of them ga10b has is nvgpu's hal/class/class_ga10b.c L30-51
    // (facts/nvgpu-kernel-constraints.md §4 ALLOC_OBJ_CTX).
    /// The channel (host) class: `AMPERE_CHANNEL_GPFIFO_B`, what
    /// GET_CHARACTERISTICS reports as `gpfifo_class`.
    pub const GPFIFO_CLASS: u32 = RmClass::AmpereChannelGpfifoB.number();
    /// The compute class: `AMPERE_COMPUTE_B` (`compute_class`).
    pub const COMPUTE_CLASS: u32 = RmClass::AmpereComputeB.number();
    /// The copy-engine class: `AMPERE_DMA_COPY_B` (`dma_copy_class`).
    pub const DMA_COPY_CLASS: u32 = RmClass::AmpereDmaCopyB.number();
    /// The graphics class, `AMPERE_B`: a GR class like compute, allowed on
    /// VEID 0 only (nvgpu's `nvgpu_tsg_validate_class_veid_pbdma`).
    pub const GRAPHICS_CLASS: u32 = 0xc797;
    /// `AMPERE_SMC_PARTITION_REF`.
    pub const SMC_PARTITION_REF_CLASS: u32 = 0xc637;
    /// Every class ALLOC_OBJ_CTX accepts on ga10b: its own five, and the
    /// GA100 compute and copy classes.
    pub const OBJ_CTX_CLASSES: [u32; 7] = [
        COMPUTE_CLASS,
        DMA_COPY_CLASS,
        GPFIFO_CLASS,
        GRAPHICS_CLASS,
        SMC_PARTITION_REF_CLASS,
        RmClass::AmpereComputeA.number(),
        RmClass::AmpereDmaCopyA.number(),
    ];

    // Memory management (GMMU). facts/nvgpu-kernel-constraints.md §1
    // GET_CHARACTERISTICS and ALLOC_AS.
    /// The GMMU's small page, 4 KiB: the granule of every GPU mapping and
    /// of nvmap allocations.
    pub const SMALL_PAGE: u64 = 4096;
    /// ga10b's only big page size, 64 KiB (`available_big_page_sizes`).
    pub const BIG_PAGE: u64 = 64 << 10;
    /// What one page-directory entry covers at the level ALLOC_AS aligns
    /// its VA range to: 2^21 = 2 MiB (`nvgpu_vm_pde_coverage_bit_count()`,
    /// ga10b's GMMU levels in hal/mm/gmmu/gmmu_ga10b*.c L353-380).
    pub const PDE_SIZE: u64 = 2 << 20;
    /// GPU VA bits GET_CHARACTERISTICS reports (`gpu_va_bit_count`,
    /// hard-coded 40 for ga10b; the kernel's own aperture is wider).
    pub const VA_BITS: u32 = 40;

    // The host interface a usermode submit writes: the GPFIFO ring, the
    // channel's USERD block and the doorbell in the usermode register window.
    // facts/nvgpu-kernel-constraints.md §1 (ctrl mmap) and §4 (SETUP_BIND).
    /// Byte offset of GP_GET in a channel's USERD block: how far the host
    /// has fetched the ring, written by the GPU (`ram_userd_gp_get_w()`,
    /// include/nvgpu/hw/ga10b/hw_ram_ga10b.h L149-150;
    /// `USERD_Nvc56fControl.GPGet` in NVIDIA's clc56f.h).
    pub const USERD_GP_GET: usize = 0x88;
    /// Byte offset of GP_PUT in USERD: the end of the work the CPU has
    /// written into the ring (`ram_userd_gp_put_w()`, the same header;
    /// `USERD_Nvc56fControl.GPPut`).
    pub const USERD_GP_PUT: usize = 0x8C;
    /// The USERD buffer a channel gets: one small page. The hardware's
    /// USERD block is 512 bytes; the kernel binds whole dma-bufs at offset 0
    /// (SETUP_BIND), and nvmap allocates in pages, so each channel's USERD
    /// is a page of its own.
    pub const USERD_SIZE: u64 = SMALL_PAGE;
    /// The usermode register window the ctrl fd's mmap maps: 64 KiB at
    /// BAR0 + `func_full_phys_offset` + `func_cfg0` (hal/fifo/usermode_tu104.c
    /// L37-47, used by ga10b); a longer mmap is refused with EINVAL.
    pub const USERMODE_SIZE: usize = 0x10000;
    /// The doorbell register's offset in the usermode window:
    /// `func_doorbell_r()` 0x30090 − `func_cfg0_r()` 0x30000
    /// (include/nvgpu/hw/ga10b/hw_func_ga10b.h L63-64). A 32-bit store of a
    /// channel's [`work_submit_token`] tells the host to fetch its GPFIFO.
    pub const DOORBELL_OFFSET: usize = 0x90;

    // GP_GET and GP_PUT lie in the 512-byte USERD block, the doorbell in the window.
    const _: () = assert!(USERD_GP_GET + 4 <= 512 && USERD_GP_PUT + 4 <= 512 && 512 <= USERD_SIZE);
    const _: () = assert!(DOORBELL_OFFSET + 4 <= USERMODE_SIZE);

    /// Bits of a work-submit token that hold the hardware channel id.
    pub const TOKEN_CHID_MASK: u32 = 0xfff;
    /// Bits (after [`TOKEN_RUNLIST_SHIFT`]) that hold the runlist id.
    pub const TOKEN_RUNLIST_MASK: u32 = 0x7f;
    /// Where the runlist id sits in a work-submit token.
    pub const TOKEN_RUNLIST_SHIFT: u32 = 16;
    /// The work-submit token SETUP_BIND returns and the doorbell takes:
    /// `(chid & 0xfff) | ((runlist_id & 0x7f) << 16)` (the doorbell
    /// register's format; hal/fifo/usermode_tu104.c L58-66,
    /// include/nvgpu/hw/tu104/hw_ctrl_tu104.h L64-65).
    ///
    /// ```
    /// use gpuiface_hal::hw::ga10b::{token_chid, work_submit_token};
    /// assert_eq!(work_submit_token(511, 0), 0x1ff);
    /// assert_eq!(token_chid(work_submit_token(511, 3)), 511);
    /// ```
    pub const fn work_submit_token(chid: u32, runlist_id: u32) -> u32 {
        (chid & TOKEN_CHID_MASK) | ((runlist_id & TOKEN_RUNLIST_MASK) << TOKEN_RUNLIST_SHIFT)
    }
    /// The hardware channel id a work-submit token names.
    pub const fn token_chid(token: u32) -> u32 {
        token & TOKEN_CHID_MASK
    }

    /// The fewest entries a usermode GPFIFO may have (SETUP_BIND: a power
    /// of two, at least 2 with USERMODE_SUPPORT; channel.c L1314).
    pub const GPFIFO_MIN_ENTRIES: u32 = 2;
    /// The smallest GPFIFO buffer SETUP_BIND accepts for `entries` entries:
    /// `max(4096, entries × 8)` (linux-channel.c L529-537; a smaller
    /// dma-buf is EINVAL).
    pub const fn gpfifo_bytes(entries: u32) -> u64 {
        let ring = entries as u64 * gpfifo::ENTRY_BYTES;
        if ring > SMALL_PAGE {
            ring
        } else {
            SMALL_PAGE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ga10b::*;

    #[test]
    fn shared_configs_encode_as_tinygrad_does() {
        assert_eq!(encode_shared_config(100 << 10), 0x1a);
        assert_eq!(decode_shared_config(0x1a), Some(100 << 10));
        assert_eq!(shared_config_for(0), Some(8 << 10));
        assert_eq!(shared_config_for(7 << 10), Some(8 << 10));
        assert_eq!(shared_config_for((7 << 10) + 1), Some(16 << 10));
        assert_eq!(shared_config_for(163 << 10), Some(164 << 10));
        assert_eq!(shared_config_for((163 << 10) + 1), None);
        assert_eq!(shared_config_for(u32::MAX), None);
    }

    #[test]
    fn register_and_local_memory_arithmetic() {
        assert_eq!(block_registers(1024, 64), 65536);
        assert_eq!(block_registers(1, 1), 256);
        assert!(block_registers(1024, 65) > u64::from(REGISTER_FILE));
        assert_eq!(LOCAL_RESERVED, 0x240);
        // 0x640 bytes per thread: 0xC800 per warp, x 96 warps (already a multiple of 32 KiB).
        assert_eq!(local_bytes_per_tpc(0x640), 0x4B_0000);
        assert_eq!(sass_version(0x807), 0x87);
        // The reported 96 warps per SM doubles it; a smaller count never shrinks it.
        assert_eq!(local_bytes_per_tpc_for(0x640, 96), 2 * 0x4B_0000);
        assert_eq!(local_bytes_per_tpc_for(0x640, 1), local_bytes_per_tpc(0x640));
    }

    /// What the loader lets through fits the QMD fields a launch writes it
    /// into (issue 41 item 4: a value past a field tripped `QmdField::set`).
    #[test]
    fn the_loaders_limits_fit_the_qmd() {
        use crate::codec::qmd::v03_00 as f;
        assert_eq!(MAX_LOCAL_PER_THREAD_QMD, 0xFF_FFE0);
        assert_eq!(MAX_STACK_PER_THREAD, 0xFF_FDA0);
        assert_eq!(local_memory_per_thread(MAX_STACK_PER_THREAD), MAX_LOCAL_PER_THREAD_QMD);
        assert!(u64::from(local_memory_per_thread(MAX_STACK_PER_THREAD + 1)) > f::SHADER_LOCAL_MEMORY_HIGH_SIZE.max());
        assert!(u64::from(MAX_REGISTERS_PER_THREAD) <= f::REGISTER_COUNT_V.max());
        assert!(u64::from(MAX_BARRIERS) <= f::BARRIER_COUNT.max());
        assert!(u64::from(MAX_SHARED_PER_SM) <= f::SHARED_MEMORY_SIZE.max());
    }

    #[test]
    fn proven_values_are_what_runs_on_orins() {
        assert_eq!(encode_shared_config(PROVEN_MAX_SHARED_CONFIG), 0x1a);
        assert_eq!(encode_shared_config(MAX_SHARED_PER_SM), 0x2a);
        assert_eq!(PROVEN_LOCAL_MAX_SM_COUNT, 0xff);
        assert_eq!(gpfifo_bytes(PROVEN_GPFIFO_ENTRIES), 8192);
        assert_eq!((PROGRAM_ALIGN, LOADER_PROGRAM_ALIGN), (128, 256));
    }

    #[test]
    fn host_interface() {
        assert_eq!(work_submit_token(0x1ff, 0), 0x1ff);
        assert_eq!(work_submit_token(0x1fff, 0xff), 0x7f_0fff);
        assert_eq!(token_chid(0x7f_0abc), 0xabc);
        assert_eq!(gpfifo_bytes(2), 4096);
        assert_eq!(gpfifo_bytes(512), 4096);
        assert_eq!(gpfifo_bytes(1024), 8192);
    }

    #[test]
    #[cfg_attr(miri, ignore = "parses the whole r36 ABI table: safe code, four minutes under Miri")]
    fn classes_match_the_kernel_headers() {
        let abi = crate::facts::abi_r36();
        let named = |name: &str| abi.constant(name).map(|v| v as u32);
        assert_eq!(named("AMPERE_COMPUTE_B"), Some(COMPUTE_CLASS));
        assert_eq!(named("AMPERE_DMA_COPY_B"), Some(DMA_COPY_CLASS));
        assert_eq!(named("AMPERE_CHANNEL_GPFIFO_B"), Some(GPFIFO_CLASS));
        assert_eq!(named("AMPERE_B"), Some(GRAPHICS_CLASS));
        assert_eq!(named("AMPERE_SMC_PARTITION_REF"), Some(SMC_PARTITION_REF_CLASS));
        for c in OBJ_CTX_CLASSES {
            let known = crate::rm::RmClass::from_number(c).name().is_some();
            assert!(known || c == GRAPHICS_CLASS || c == SMC_PARTITION_REF_CLASS, "{c:#x}");
        }
    }
}
