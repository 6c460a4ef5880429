//! Method offsets, data-word bit fields and field values of the Ampere host
//! (`NVC56F`), compute (`NVC6C0`) and copy (`NVC6B5`) classes, as `pub const`.
//!
//! Generated from the `value` and `bits` rows of
//! `facts/nv-ampere-classes.tsv` with the class prefix stripped
//! (`NVC56F_SEMAPHOREA` → [`host::SEMAPHOREA`]); `tests/classes_facts.rs`
//! checks every constant against its row and every row against the
//! constants, so the two cannot drift. The ga10b classes (`NVC76F`,
//! `NVC7C0`, `NVC7B5`) use the same methods.
//!
//! * methods are byte offsets (`u32`), as pushbuffer builders take them
//!   (see [`crate::codec::method`]);
//! * fields inside a method's data word are [`Bits`];
//! * field values are `u32`.
//!
//! ```
//! use gpuiface_hal::classes::{self, copy, host};
//! assert_eq!(host::SEMAPHOREA, 0x10);
//! let exec = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
//!     | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT);
//! assert_eq!(exec, 0x0100_0001);
//! assert_eq!(copy::LAUNCH_DMA_SEMAPHORE_TYPE.get(0x8), copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE);
//! assert_eq!(classes::method_name(0xc7c0, 0x2b4), Some("SEND_PCAS_A"));
//! assert_eq!(classes::method_name(0xc7c0, 0x2b0 + 0x1000), None);
//! ```
//!
//! ## Which `value` rows are methods
//! The table does not mark method offsets apart from field values, so
//! [`defined_methods`] uses this rule (checked by the tests): a `value` row
//! `NAME` is a method when
//! 1. no `bits` row is a prefix of `NAME` followed by `_` (that would make it
//!    a value of that field, e.g. `SEMAPHORED_OPERATION_RELEASE`), and
//! 2. at least one `bits` row starts with `NAME_` (every method in the table
//!    documents its data word; this excludes the few constants such as
//!    `NUMBER_OF_SUBCHANNELS`, `GP_ENTRY__SIZE` and `DMA_NOP`).
//!
//! Every method so found is a multiple of 4 below `0x4000`, which the tests
//! also check.

/// A bit range `hi:lo` (inclusive) inside a 32-bit method data word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits {
    /// Highest bit.
    pub hi: u32,
    /// Lowest bit.
    pub lo: u32,
}

impl Bits {
    /// Width in bits.
    pub const fn width(self) -> u32 {
        self.hi - self.lo + 1
    }

    /// The field's bits set, in place (e.g. `0x0000_ff00` for 15:8).
    pub const fn mask(self) -> u32 {
        (u32::MAX >> (32 - self.width())) << self.lo
    }

    /// The field's value in `word`.
    pub const fn get(self, word: u32) -> u32 {
        (word & self.mask()) >> self.lo
    }

    /// `value` shifted into place (bits beyond the width are dropped), to OR
    /// into a data word.
    pub const fn field(self, value: u32) -> u32 {
        (value << self.lo) & self.mask()
    }

    /// `word` with this field replaced by `value`.
    pub const fn set(self, word: u32, value: u32) -> u32 {
        (word & !self.mask()) | self.field(value)
    }
}

/// The class module's method table for a class number: the host methods for
/// `0xc56f`/`0xc76f`, compute for `0xc6c0`/`0xc7c0`, copy for
/// `0xc6b5`/`0xc7b5`, and an empty slice for any other class. Entries are
/// (name without class prefix, byte offset), sorted by offset.
pub fn defined_methods(class: u32) -> &'static [(&'static str, u32)] {
    match class {
        c if host::CLASSES.contains(&c) => host::METHODS,
        c if compute::CLASSES.contains(&c) => compute::METHODS,
        c if copy::CLASSES.contains(&c) => copy::METHODS,
        _ => &[],
    }
}

/// The name of method `method` (byte offset) of `class`, if the class
/// defines it.
pub fn method_name(class: u32, method: u32) -> Option<&'static str> {
    let methods = defined_methods(class);
    methods.binary_search_by_key(&method, |&(_, m)| m).ok().map(|i| methods[i].0)
}

/// Whether `class` defines method `method` (byte offset).
pub fn is_defined_method(class: u32, method: u32) -> bool {
    method_name(class, method).is_some()
}

/// Host (channel) class `AMPERE_CHANNEL_GPFIFO_A` (`NVC56F_*`; ga10b: `NVC76F`).
///
/// Every `value`/`bits` row of the class table with the `NVC56F_` prefix stripped
/// (compute's QMD V02_xx rows excepted). Methods are byte offsets (`u32`),
/// data-word fields are [`Bits`], field values are `u32`.
pub mod host {
    use super::Bits;

    /// The class-table name prefix of this class.
    pub const PREFIX: &str = "NVC56F_";
    /// The class numbers using these methods (Ampere GA100-style and ga10b).
    pub const CLASSES: [u32; 2] = [0xc56f, 0xc76f];

    /// `NVC56F_NUMBER_OF_SUBCHANNELS`.
    pub const NUMBER_OF_SUBCHANNELS: u32 = 0x8;
    /// Method `NVC56F_SET_OBJECT` (byte offset).
    pub const SET_OBJECT: u32 = 0x0;
    /// `NVC56F_SET_OBJECT_NVCLASS`: bits 15:0 of method [`SET_OBJECT`].
    pub const SET_OBJECT_NVCLASS: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC56F_SET_OBJECT_ENGINE`: bits 20:16 of method [`SET_OBJECT`].
    pub const SET_OBJECT_ENGINE: Bits = Bits { hi: 20, lo: 16 };
    /// `NVC56F_SET_OBJECT_ENGINE_SW`: value of [`SET_OBJECT_ENGINE`].
    pub const SET_OBJECT_ENGINE_SW: u32 = 0x1f;
    /// Method `NVC56F_ILLEGAL` (byte offset).
    pub const ILLEGAL: u32 = 0x4;
    /// `NVC56F_ILLEGAL_HANDLE`: bits 31:0 of method [`ILLEGAL`].
    pub const ILLEGAL_HANDLE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_NOP` (byte offset).
    pub const NOP: u32 = 0x8;
    /// `NVC56F_NOP_HANDLE`: bits 31:0 of method [`NOP`].
    pub const NOP_HANDLE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_SEMAPHOREA` (byte offset).
    pub const SEMAPHOREA: u32 = 0x10;
    /// `NVC56F_SEMAPHOREA_OFFSET_UPPER`: bits 7:0 of method [`SEMAPHOREA`].
    pub const SEMAPHOREA_OFFSET_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC56F_SEMAPHOREB` (byte offset).
    pub const SEMAPHOREB: u32 = 0x14;
    /// `NVC56F_SEMAPHOREB_OFFSET_LOWER`: bits 31:2 of method [`SEMAPHOREB`].
    pub const SEMAPHOREB_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 2 };
    /// Method `NVC56F_SEMAPHOREC` (byte offset).
    pub const SEMAPHOREC: u32 = 0x18;
    /// `NVC56F_SEMAPHOREC_PAYLOAD`: bits 31:0 of method [`SEMAPHOREC`].
    pub const SEMAPHOREC_PAYLOAD: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_SEMAPHORED` (byte offset).
    pub const SEMAPHORED: u32 = 0x1c;
    /// `NVC56F_SEMAPHORED_OPERATION`: bits 4:0 of method [`SEMAPHORED`].
    pub const SEMAPHORED_OPERATION: Bits = Bits { hi: 4, lo: 0 };
    /// `NVC56F_SEMAPHORED_OPERATION_ACQUIRE`: value of [`SEMAPHORED_OPERATION`].
    pub const SEMAPHORED_OPERATION_ACQUIRE: u32 = 0x1;
    /// `NVC56F_SEMAPHORED_OPERATION_RELEASE`: value of [`SEMAPHORED_OPERATION`].
    pub const SEMAPHORED_OPERATION_RELEASE: u32 = 0x2;
    /// `NVC56F_SEMAPHORED_OPERATION_ACQ_GEQ`: value of [`SEMAPHORED_OPERATION`].
    pub const SEMAPHORED_OPERATION_ACQ_GEQ: u32 = 0x4;
    /// `NVC56F_SEMAPHORED_OPERATION_ACQ_AND`: value of [`SEMAPHORED_OPERATION`].
    pub const SEMAPHORED_OPERATION_ACQ_AND: u32 = 0x8;
    /// `NVC56F_SEMAPHORED_OPERATION_REDUCTION`: value of [`SEMAPHORED_OPERATION`].
    pub const SEMAPHORED_OPERATION_REDUCTION: u32 = 0x10;
    /// `NVC56F_SEMAPHORED_ACQUIRE_SWITCH`: bit 12 of method [`SEMAPHORED`].
    pub const SEMAPHORED_ACQUIRE_SWITCH: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC56F_SEMAPHORED_ACQUIRE_SWITCH_DISABLED`: value of [`SEMAPHORED_ACQUIRE_SWITCH`].
    pub const SEMAPHORED_ACQUIRE_SWITCH_DISABLED: u32 = 0x0;
    /// `NVC56F_SEMAPHORED_ACQUIRE_SWITCH_ENABLED`: value of [`SEMAPHORED_ACQUIRE_SWITCH`].
    pub const SEMAPHORED_ACQUIRE_SWITCH_ENABLED: u32 = 0x1;
    /// `NVC56F_SEMAPHORED_RELEASE_WFI`: bit 20 of method [`SEMAPHORED`].
    pub const SEMAPHORED_RELEASE_WFI: Bits = Bits { hi: 20, lo: 20 };
    /// `NVC56F_SEMAPHORED_RELEASE_WFI_EN`: value of [`SEMAPHORED_RELEASE_WFI`].
    pub const SEMAPHORED_RELEASE_WFI_EN: u32 = 0x0;
    /// `NVC56F_SEMAPHORED_RELEASE_WFI_DIS`: value of [`SEMAPHORED_RELEASE_WFI`].
    pub const SEMAPHORED_RELEASE_WFI_DIS: u32 = 0x1;
    /// `NVC56F_SEMAPHORED_RELEASE_SIZE`: bit 24 of method [`SEMAPHORED`].
    pub const SEMAPHORED_RELEASE_SIZE: Bits = Bits { hi: 24, lo: 24 };
    /// `NVC56F_SEMAPHORED_RELEASE_SIZE_16BYTE`: value of [`SEMAPHORED_RELEASE_SIZE`].
    pub const SEMAPHORED_RELEASE_SIZE_16BYTE: u32 = 0x0;
    /// `NVC56F_SEMAPHORED_RELEASE_SIZE_4BYTE`: value of [`SEMAPHORED_RELEASE_SIZE`].
    pub const SEMAPHORED_RELEASE_SIZE_4BYTE: u32 = 0x1;
    /// `NVC56F_SEMAPHORED_REDUCTION`: bits 30:27 of method [`SEMAPHORED`].
    pub const SEMAPHORED_REDUCTION: Bits = Bits { hi: 30, lo: 27 };
    /// `NVC56F_SEMAPHORED_REDUCTION_MIN`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_MIN: u32 = 0x0;
    /// `NVC56F_SEMAPHORED_REDUCTION_MAX`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_MAX: u32 = 0x1;
    /// `NVC56F_SEMAPHORED_REDUCTION_XOR`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_XOR: u32 = 0x2;
    /// `NVC56F_SEMAPHORED_REDUCTION_AND`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_AND: u32 = 0x3;
    /// `NVC56F_SEMAPHORED_REDUCTION_OR`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_OR: u32 = 0x4;
    /// `NVC56F_SEMAPHORED_REDUCTION_ADD`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_ADD: u32 = 0x5;
    /// `NVC56F_SEMAPHORED_REDUCTION_INC`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_INC: u32 = 0x6;
    /// `NVC56F_SEMAPHORED_REDUCTION_DEC`: value of [`SEMAPHORED_REDUCTION`].
    pub const SEMAPHORED_REDUCTION_DEC: u32 = 0x7;
    /// `NVC56F_SEMAPHORED_FORMAT`: bit 31 of method [`SEMAPHORED`].
    pub const SEMAPHORED_FORMAT: Bits = Bits { hi: 31, lo: 31 };
    /// `NVC56F_SEMAPHORED_FORMAT_SIGNED`: value of [`SEMAPHORED_FORMAT`].
    pub const SEMAPHORED_FORMAT_SIGNED: u32 = 0x0;
    /// `NVC56F_SEMAPHORED_FORMAT_UNSIGNED`: value of [`SEMAPHORED_FORMAT`].
    pub const SEMAPHORED_FORMAT_UNSIGNED: u32 = 0x1;
    /// Method `NVC56F_NON_STALL_INTERRUPT` (byte offset).
    pub const NON_STALL_INTERRUPT: u32 = 0x20;
    /// `NVC56F_NON_STALL_INTERRUPT_HANDLE`: bits 31:0 of method [`NON_STALL_INTERRUPT`].
    pub const NON_STALL_INTERRUPT_HANDLE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_FB_FLUSH` (byte offset).
    pub const FB_FLUSH: u32 = 0x24;
    /// `NVC56F_FB_FLUSH_HANDLE`: bits 31:0 of method [`FB_FLUSH`].
    pub const FB_FLUSH_HANDLE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_MEM_OP_A` (byte offset).
    pub const MEM_OP_A: u32 = 0x28;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_CLIENT_UNIT_ID`: bits 5:0 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_CLIENT_UNIT_ID: Bits = Bits { hi: 5, lo: 0 };
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_INVALIDATION_SIZE`: bits 5:0 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_INVALIDATION_SIZE: Bits = Bits { hi: 5, lo: 0 };
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_GPC_ID`: bits 10:6 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_GPC_ID: Bits = Bits { hi: 10, lo: 6 };
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE`: bits 7:6 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE: Bits = Bits { hi: 7, lo: 6 };
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_ALL_TLBS`: value of [`MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE`].
    pub const MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_ALL_TLBS: u32 = 0x0;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_LINK_TLBS`: value of [`MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE`].
    pub const MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_LINK_TLBS: u32 = 0x1;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_NON_LINK_TLBS`: value of [`MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE`].
    pub const MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_NON_LINK_TLBS: u32 = 0x2;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_RSVRVD`: value of [`MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE`].
    pub const MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_RSVRVD: u32 = 0x3;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_CANCEL_MMU_ENGINE_ID`: bits 6:0 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_CANCEL_MMU_ENGINE_ID: Bits = Bits { hi: 6, lo: 0 };
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR`: bit 11 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR: Bits = Bits { hi: 11, lo: 11 };
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_EN`: value of [`MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR`].
    pub const MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_EN: u32 = 0x1;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_DIS`: value of [`MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR`].
    pub const MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_DIS: u32 = 0x0;
    /// `NVC56F_MEM_OP_A_TLB_INVALIDATE_TARGET_ADDR_LO`: bits 31:12 of method [`MEM_OP_A`].
    pub const MEM_OP_A_TLB_INVALIDATE_TARGET_ADDR_LO: Bits = Bits { hi: 31, lo: 12 };
    /// Method `NVC56F_MEM_OP_B` (byte offset).
    pub const MEM_OP_B: u32 = 0x2c;
    /// `NVC56F_MEM_OP_B_TLB_INVALIDATE_TARGET_ADDR_HI`: bits 31:0 of method [`MEM_OP_B`].
    pub const MEM_OP_B_TLB_INVALIDATE_TARGET_ADDR_HI: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_MEM_OP_C` (byte offset).
    pub const MEM_OP_C: u32 = 0x30;
    /// `NVC56F_MEM_OP_C_MEMBAR_TYPE`: bits 2:0 of method [`MEM_OP_C`].
    pub const MEM_OP_C_MEMBAR_TYPE: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC56F_MEM_OP_C_MEMBAR_TYPE_SYS_MEMBAR`: value of [`MEM_OP_C_MEMBAR_TYPE`].
    pub const MEM_OP_C_MEMBAR_TYPE_SYS_MEMBAR: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_MEMBAR_TYPE_MEMBAR`: value of [`MEM_OP_C_MEMBAR_TYPE`].
    pub const MEM_OP_C_MEMBAR_TYPE_MEMBAR: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB`: bit 0 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_ONE`: value of [`MEM_OP_C_TLB_INVALIDATE_PDB`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_ONE: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_ALL`: value of [`MEM_OP_C_TLB_INVALIDATE_PDB`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_ALL: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_GPC`: bit 1 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_GPC: Bits = Bits { hi: 1, lo: 1 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_GPC_ENABLE`: value of [`MEM_OP_C_TLB_INVALIDATE_GPC`].
    pub const MEM_OP_C_TLB_INVALIDATE_GPC_ENABLE: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_GPC_DISABLE`: value of [`MEM_OP_C_TLB_INVALIDATE_GPC`].
    pub const MEM_OP_C_TLB_INVALIDATE_GPC_DISABLE: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY`: bits 4:2 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY: Bits = Bits { hi: 4, lo: 2 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_NONE`: value of [`MEM_OP_C_TLB_INVALIDATE_REPLAY`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY_NONE: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_START`: value of [`MEM_OP_C_TLB_INVALIDATE_REPLAY`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY_START: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_START_ACK_ALL`: value of [`MEM_OP_C_TLB_INVALIDATE_REPLAY`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY_START_ACK_ALL: u32 = 0x2;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_TARGETED`: value of [`MEM_OP_C_TLB_INVALIDATE_REPLAY`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_TARGETED: u32 = 0x3;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_GLOBAL`: value of [`MEM_OP_C_TLB_INVALIDATE_REPLAY`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_GLOBAL: u32 = 0x4;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_VA_GLOBAL`: value of [`MEM_OP_C_TLB_INVALIDATE_REPLAY`].
    pub const MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_VA_GLOBAL: u32 = 0x5;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE`: bits 6:5 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACK_TYPE: Bits = Bits { hi: 6, lo: 5 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_NONE`: value of [`MEM_OP_C_TLB_INVALIDATE_ACK_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_NONE: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_GLOBALLY`: value of [`MEM_OP_C_TLB_INVALIDATE_ACK_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_GLOBALLY: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_INTRANODE`: value of [`MEM_OP_C_TLB_INVALIDATE_ACK_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_INTRANODE: u32 = 0x2;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`: bits 9:7 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE: Bits = Bits { hi: 9, lo: 7 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_READ`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_READ: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_STRONG`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_STRONG: u32 = 0x2;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_RSVRVD`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_RSVRVD: u32 = 0x3;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_WEAK`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_WEAK: u32 = 0x4;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_ALL`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_ALL: u32 = 0x5;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE_AND_ATOMIC`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE_AND_ATOMIC: u32 = 0x6;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ALL`: value of [`MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE`].
    pub const MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ALL: u32 = 0x7;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`: bits 9:7 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL: Bits = Bits { hi: 9, lo: 7 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_ALL`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_ALL: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_PTE_ONLY`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_PTE_ONLY: u32 = 0x1;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE0`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE0: u32 = 0x2;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE1`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE1: u32 = 0x3;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE2`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE2: u32 = 0x4;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE3`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE3: u32 = 0x5;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE4`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE4: u32 = 0x6;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE5`: value of [`MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL`].
    pub const MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE5: u32 = 0x7;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE`: bits 11:10 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE: Bits = Bits { hi: 11, lo: 10 };
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_VID_MEM`: value of [`MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_VID_MEM: u32 = 0x0;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_COHERENT`: value of [`MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_COHERENT: u32 = 0x2;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_NONCOHERENT`: value of [`MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_NONCOHERENT: u32 = 0x3;
    /// `NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_ADDR_LO`: bits 31:12 of method [`MEM_OP_C`].
    pub const MEM_OP_C_TLB_INVALIDATE_PDB_ADDR_LO: Bits = Bits { hi: 31, lo: 12 };
    /// `NVC56F_MEM_OP_C_ACCESS_COUNTER_CLR_TARGETED_NOTIFY_TAG`: bits 19:0 of method [`MEM_OP_C`].
    pub const MEM_OP_C_ACCESS_COUNTER_CLR_TARGETED_NOTIFY_TAG: Bits = Bits { hi: 19, lo: 0 };
    /// Method `NVC56F_MEM_OP_D` (byte offset).
    pub const MEM_OP_D: u32 = 0x34;
    /// `NVC56F_MEM_OP_D_TLB_INVALIDATE_PDB_ADDR_HI`: bits 26:0 of method [`MEM_OP_D`].
    pub const MEM_OP_D_TLB_INVALIDATE_PDB_ADDR_HI: Bits = Bits { hi: 26, lo: 0 };
    /// `NVC56F_MEM_OP_D_OPERATION`: bits 31:27 of method [`MEM_OP_D`].
    pub const MEM_OP_D_OPERATION: Bits = Bits { hi: 31, lo: 27 };
    /// `NVC56F_MEM_OP_D_OPERATION_MEMBAR`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_MEMBAR: u32 = 0x5;
    /// `NVC56F_MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE: u32 = 0x9;
    /// `NVC56F_MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE_TARGETED`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE_TARGETED: u32 = 0xa;
    /// `NVC56F_MEM_OP_D_OPERATION_L2_PEERMEM_INVALIDATE`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_L2_PEERMEM_INVALIDATE: u32 = 0xd;
    /// `NVC56F_MEM_OP_D_OPERATION_L2_SYSMEM_INVALIDATE`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_L2_SYSMEM_INVALIDATE: u32 = 0xe;
    /// `NVC56F_MEM_OP_B_OPERATION_L2_INVALIDATE_CLEAN_LINES`.
    pub const MEM_OP_B_OPERATION_L2_INVALIDATE_CLEAN_LINES: u32 = 0xe;
    /// `NVC56F_MEM_OP_D_OPERATION_L2_CLEAN_COMPTAGS`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_L2_CLEAN_COMPTAGS: u32 = 0xf;
    /// `NVC56F_MEM_OP_D_OPERATION_L2_FLUSH_DIRTY`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_L2_FLUSH_DIRTY: u32 = 0x10;
    /// `NVC56F_MEM_OP_D_OPERATION_L2_WAIT_FOR_SYS_PENDING_READS`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_L2_WAIT_FOR_SYS_PENDING_READS: u32 = 0x15;
    /// `NVC56F_MEM_OP_D_OPERATION_ACCESS_COUNTER_CLR`: value of [`MEM_OP_D_OPERATION`].
    pub const MEM_OP_D_OPERATION_ACCESS_COUNTER_CLR: u32 = 0x16;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE`: bits 1:0 of method [`MEM_OP_D`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TYPE: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MIMC`: value of [`MEM_OP_D_ACCESS_COUNTER_CLR_TYPE`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MIMC: u32 = 0x0;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MOMC`: value of [`MEM_OP_D_ACCESS_COUNTER_CLR_TYPE`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MOMC: u32 = 0x1;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_ALL`: value of [`MEM_OP_D_ACCESS_COUNTER_CLR_TYPE`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_ALL: u32 = 0x2;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_TARGETED`: value of [`MEM_OP_D_ACCESS_COUNTER_CLR_TYPE`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_TARGETED: u32 = 0x3;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE`: bit 2 of method [`MEM_OP_D`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE: Bits = Bits { hi: 2, lo: 2 };
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MIMC`: value of [`MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MIMC: u32 = 0x0;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MOMC`: value of [`MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MOMC: u32 = 0x1;
    /// `NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_BANK`: bits 6:3 of method [`MEM_OP_D`].
    pub const MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_BANK: Bits = Bits { hi: 6, lo: 3 };
    /// Method `NVC56F_SET_REFERENCE` (byte offset).
    pub const SET_REFERENCE: u32 = 0x50;
    /// `NVC56F_SET_REFERENCE_COUNT`: bits 31:0 of method [`SET_REFERENCE`].
    pub const SET_REFERENCE_COUNT: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_SEM_ADDR_LO` (byte offset).
    pub const SEM_ADDR_LO: u32 = 0x5c;
    /// `NVC56F_SEM_ADDR_LO_OFFSET`: bits 31:2 of method [`SEM_ADDR_LO`].
    pub const SEM_ADDR_LO_OFFSET: Bits = Bits { hi: 31, lo: 2 };
    /// Method `NVC56F_SEM_ADDR_HI` (byte offset).
    pub const SEM_ADDR_HI: u32 = 0x60;
    /// `NVC56F_SEM_ADDR_HI_OFFSET`: bits 7:0 of method [`SEM_ADDR_HI`].
    pub const SEM_ADDR_HI_OFFSET: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC56F_SEM_PAYLOAD_LO` (byte offset).
    pub const SEM_PAYLOAD_LO: u32 = 0x64;
    /// `NVC56F_SEM_PAYLOAD_LO_PAYLOAD`: bits 31:0 of method [`SEM_PAYLOAD_LO`].
    pub const SEM_PAYLOAD_LO_PAYLOAD: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_SEM_PAYLOAD_HI` (byte offset).
    pub const SEM_PAYLOAD_HI: u32 = 0x68;
    /// `NVC56F_SEM_PAYLOAD_HI_PAYLOAD`: bits 31:0 of method [`SEM_PAYLOAD_HI`].
    pub const SEM_PAYLOAD_HI_PAYLOAD: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC56F_SEM_EXECUTE` (byte offset).
    pub const SEM_EXECUTE: u32 = 0x6c;
    /// `NVC56F_SEM_EXECUTE_OPERATION`: bits 2:0 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_OPERATION: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC56F_SEM_EXECUTE_OPERATION_ACQUIRE`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_ACQUIRE: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_OPERATION_RELEASE`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_RELEASE: u32 = 0x1;
    /// `NVC56F_SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ: u32 = 0x2;
    /// `NVC56F_SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ: u32 = 0x3;
    /// `NVC56F_SEM_EXECUTE_OPERATION_ACQ_AND`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_ACQ_AND: u32 = 0x4;
    /// `NVC56F_SEM_EXECUTE_OPERATION_ACQ_NOR`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_ACQ_NOR: u32 = 0x5;
    /// `NVC56F_SEM_EXECUTE_OPERATION_REDUCTION`: value of [`SEM_EXECUTE_OPERATION`].
    pub const SEM_EXECUTE_OPERATION_REDUCTION: u32 = 0x6;
    /// `NVC56F_SEM_EXECUTE_ACQUIRE_SWITCH_TSG`: bit 12 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_ACQUIRE_SWITCH_TSG: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC56F_SEM_EXECUTE_ACQUIRE_SWITCH_TSG_DIS`: value of [`SEM_EXECUTE_ACQUIRE_SWITCH_TSG`].
    pub const SEM_EXECUTE_ACQUIRE_SWITCH_TSG_DIS: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_ACQUIRE_SWITCH_TSG_EN`: value of [`SEM_EXECUTE_ACQUIRE_SWITCH_TSG`].
    pub const SEM_EXECUTE_ACQUIRE_SWITCH_TSG_EN: u32 = 0x1;
    /// `NVC56F_SEM_EXECUTE_RELEASE_WFI`: bit 20 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_RELEASE_WFI: Bits = Bits { hi: 20, lo: 20 };
    /// `NVC56F_SEM_EXECUTE_RELEASE_WFI_DIS`: value of [`SEM_EXECUTE_RELEASE_WFI`].
    pub const SEM_EXECUTE_RELEASE_WFI_DIS: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_RELEASE_WFI_EN`: value of [`SEM_EXECUTE_RELEASE_WFI`].
    pub const SEM_EXECUTE_RELEASE_WFI_EN: u32 = 0x1;
    /// `NVC56F_SEM_EXECUTE_PAYLOAD_SIZE`: bit 24 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_PAYLOAD_SIZE: Bits = Bits { hi: 24, lo: 24 };
    /// `NVC56F_SEM_EXECUTE_PAYLOAD_SIZE_32BIT`: value of [`SEM_EXECUTE_PAYLOAD_SIZE`].
    pub const SEM_EXECUTE_PAYLOAD_SIZE_32BIT: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_PAYLOAD_SIZE_64BIT`: value of [`SEM_EXECUTE_PAYLOAD_SIZE`].
    pub const SEM_EXECUTE_PAYLOAD_SIZE_64BIT: u32 = 0x1;
    /// `NVC56F_SEM_EXECUTE_RELEASE_TIMESTAMP`: bit 25 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_RELEASE_TIMESTAMP: Bits = Bits { hi: 25, lo: 25 };
    /// `NVC56F_SEM_EXECUTE_RELEASE_TIMESTAMP_DIS`: value of [`SEM_EXECUTE_RELEASE_TIMESTAMP`].
    pub const SEM_EXECUTE_RELEASE_TIMESTAMP_DIS: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_RELEASE_TIMESTAMP_EN`: value of [`SEM_EXECUTE_RELEASE_TIMESTAMP`].
    pub const SEM_EXECUTE_RELEASE_TIMESTAMP_EN: u32 = 0x1;
    /// `NVC56F_SEM_EXECUTE_REDUCTION`: bits 30:27 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_REDUCTION: Bits = Bits { hi: 30, lo: 27 };
    /// `NVC56F_SEM_EXECUTE_REDUCTION_IMIN`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_IMIN: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_IMAX`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_IMAX: u32 = 0x1;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_IXOR`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_IXOR: u32 = 0x2;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_IAND`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_IAND: u32 = 0x3;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_IOR`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_IOR: u32 = 0x4;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_IADD`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_IADD: u32 = 0x5;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_INC`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_INC: u32 = 0x6;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_DEC`: value of [`SEM_EXECUTE_REDUCTION`].
    pub const SEM_EXECUTE_REDUCTION_DEC: u32 = 0x7;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_FORMAT`: bit 31 of method [`SEM_EXECUTE`].
    pub const SEM_EXECUTE_REDUCTION_FORMAT: Bits = Bits { hi: 31, lo: 31 };
    /// `NVC56F_SEM_EXECUTE_REDUCTION_FORMAT_SIGNED`: value of [`SEM_EXECUTE_REDUCTION_FORMAT`].
    pub const SEM_EXECUTE_REDUCTION_FORMAT_SIGNED: u32 = 0x0;
    /// `NVC56F_SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED`: value of [`SEM_EXECUTE_REDUCTION_FORMAT`].
    pub const SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED: u32 = 0x1;
    /// Method `NVC56F_WFI` (byte offset).
    pub const WFI: u32 = 0x78;
    /// `NVC56F_WFI_SCOPE`: bit 0 of method [`WFI`].
    pub const WFI_SCOPE: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC56F_WFI_SCOPE_CURRENT_SCG_TYPE`: value of [`WFI_SCOPE`].
    pub const WFI_SCOPE_CURRENT_SCG_TYPE: u32 = 0x0;
    /// `NVC56F_WFI_SCOPE_CURRENT_VEID`: value of [`WFI_SCOPE`].
    pub const WFI_SCOPE_CURRENT_VEID: u32 = 0x0;
    /// `NVC56F_WFI_SCOPE_ALL`: value of [`WFI_SCOPE`].
    pub const WFI_SCOPE_ALL: u32 = 0x1;
    /// Method `NVC56F_YIELD` (byte offset).
    pub const YIELD: u32 = 0x80;
    /// `NVC56F_YIELD_OP`: bits 1:0 of method [`YIELD`].
    pub const YIELD_OP: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC56F_YIELD_OP_NOP`: value of [`YIELD_OP`].
    pub const YIELD_OP_NOP: u32 = 0x0;
    /// `NVC56F_YIELD_OP_TSG`: value of [`YIELD_OP`].
    pub const YIELD_OP_TSG: u32 = 0x3;
    /// Method `NVC56F_CLEAR_FAULTED` (byte offset).
    pub const CLEAR_FAULTED: u32 = 0x84;
    /// `NVC56F_CLEAR_FAULTED_HANDLE`: bits 30:0 of method [`CLEAR_FAULTED`].
    pub const CLEAR_FAULTED_HANDLE: Bits = Bits { hi: 30, lo: 0 };
    /// `NVC56F_CLEAR_FAULTED_TYPE`: bit 31 of method [`CLEAR_FAULTED`].
    pub const CLEAR_FAULTED_TYPE: Bits = Bits { hi: 31, lo: 31 };
    /// `NVC56F_CLEAR_FAULTED_TYPE_PBDMA_FAULTED`: value of [`CLEAR_FAULTED_TYPE`].
    pub const CLEAR_FAULTED_TYPE_PBDMA_FAULTED: u32 = 0x0;
    /// `NVC56F_CLEAR_FAULTED_TYPE_ENG_FAULTED`: value of [`CLEAR_FAULTED_TYPE`].
    pub const CLEAR_FAULTED_TYPE_ENG_FAULTED: u32 = 0x1;
    /// `NVC56F_GP_ENTRY__SIZE`.
    pub const GP_ENTRY__SIZE: u32 = 0x8;
    /// `NVC56F_GP_ENTRY0_FETCH`: bit 0.
    pub const GP_ENTRY0_FETCH: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC56F_GP_ENTRY0_FETCH_UNCONDITIONAL`: value of [`GP_ENTRY0_FETCH`].
    pub const GP_ENTRY0_FETCH_UNCONDITIONAL: u32 = 0x0;
    /// `NVC56F_GP_ENTRY0_FETCH_CONDITIONAL`: value of [`GP_ENTRY0_FETCH`].
    pub const GP_ENTRY0_FETCH_CONDITIONAL: u32 = 0x1;
    /// `NVC56F_GP_ENTRY0_GET`: bits 31:2.
    pub const GP_ENTRY0_GET: Bits = Bits { hi: 31, lo: 2 };
    /// `NVC56F_GP_ENTRY0_OPERAND`: bits 31:0.
    pub const GP_ENTRY0_OPERAND: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC56F_GP_ENTRY1_GET_HI`: bits 7:0.
    pub const GP_ENTRY1_GET_HI: Bits = Bits { hi: 7, lo: 0 };
    /// `NVC56F_GP_ENTRY1_LEVEL`: bit 9.
    pub const GP_ENTRY1_LEVEL: Bits = Bits { hi: 9, lo: 9 };
    /// `NVC56F_GP_ENTRY1_LEVEL_MAIN`: value of [`GP_ENTRY1_LEVEL`].
    pub const GP_ENTRY1_LEVEL_MAIN: u32 = 0x0;
    /// `NVC56F_GP_ENTRY1_LEVEL_SUBROUTINE`: value of [`GP_ENTRY1_LEVEL`].
    pub const GP_ENTRY1_LEVEL_SUBROUTINE: u32 = 0x1;
    /// `NVC56F_GP_ENTRY1_LENGTH`: bits 30:10.
    pub const GP_ENTRY1_LENGTH: Bits = Bits { hi: 30, lo: 10 };
    /// `NVC56F_GP_ENTRY1_SYNC`: bit 31.
    pub const GP_ENTRY1_SYNC: Bits = Bits { hi: 31, lo: 31 };
    /// `NVC56F_GP_ENTRY1_SYNC_PROCEED`: value of [`GP_ENTRY1_SYNC`].
    pub const GP_ENTRY1_SYNC_PROCEED: u32 = 0x0;
    /// `NVC56F_GP_ENTRY1_SYNC_WAIT`: value of [`GP_ENTRY1_SYNC`].
    pub const GP_ENTRY1_SYNC_WAIT: u32 = 0x1;
    /// `NVC56F_GP_ENTRY1_OPCODE`: bits 7:0.
    pub const GP_ENTRY1_OPCODE: Bits = Bits { hi: 7, lo: 0 };
    /// `NVC56F_GP_ENTRY1_OPCODE_NOP`: value of [`GP_ENTRY1_OPCODE`].
    pub const GP_ENTRY1_OPCODE_NOP: u32 = 0x0;
    /// `NVC56F_GP_ENTRY1_OPCODE_ILLEGAL`: value of [`GP_ENTRY1_OPCODE`].
    pub const GP_ENTRY1_OPCODE_ILLEGAL: u32 = 0x1;
    /// `NVC56F_GP_ENTRY1_OPCODE_GP_CRC`: value of [`GP_ENTRY1_OPCODE`].
    pub const GP_ENTRY1_OPCODE_GP_CRC: u32 = 0x2;
    /// `NVC56F_GP_ENTRY1_OPCODE_PB_CRC`: value of [`GP_ENTRY1_OPCODE`].
    pub const GP_ENTRY1_OPCODE_PB_CRC: u32 = 0x3;
    /// `NVC56F_DMA_METHOD_ADDRESS_OLD`: bits 12:2.
    pub const DMA_METHOD_ADDRESS_OLD: Bits = Bits { hi: 12, lo: 2 };
    /// `NVC56F_DMA_METHOD_ADDRESS`: bits 11:0.
    pub const DMA_METHOD_ADDRESS: Bits = Bits { hi: 11, lo: 0 };
    /// `NVC56F_DMA_SUBDEVICE_MASK`: bits 15:4.
    pub const DMA_SUBDEVICE_MASK: Bits = Bits { hi: 15, lo: 4 };
    /// `NVC56F_DMA_METHOD_SUBCHANNEL`: bits 15:13.
    pub const DMA_METHOD_SUBCHANNEL: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC56F_DMA_TERT_OP`: bits 17:16.
    pub const DMA_TERT_OP: Bits = Bits { hi: 17, lo: 16 };
    /// `NVC56F_DMA_TERT_OP_GRP0_INC_METHOD`: value of [`DMA_TERT_OP`].
    pub const DMA_TERT_OP_GRP0_INC_METHOD: u32 = 0x0;
    /// `NVC56F_DMA_TERT_OP_GRP0_SET_SUB_DEV_MASK`: value of [`DMA_TERT_OP`].
    pub const DMA_TERT_OP_GRP0_SET_SUB_DEV_MASK: u32 = 0x1;
    /// `NVC56F_DMA_TERT_OP_GRP0_STORE_SUB_DEV_MASK`: value of [`DMA_TERT_OP`].
    pub const DMA_TERT_OP_GRP0_STORE_SUB_DEV_MASK: u32 = 0x2;
    /// `NVC56F_DMA_TERT_OP_GRP0_USE_SUB_DEV_MASK`: value of [`DMA_TERT_OP`].
    pub const DMA_TERT_OP_GRP0_USE_SUB_DEV_MASK: u32 = 0x3;
    /// `NVC56F_DMA_TERT_OP_GRP2_NON_INC_METHOD`: value of [`DMA_TERT_OP`].
    pub const DMA_TERT_OP_GRP2_NON_INC_METHOD: u32 = 0x0;
    /// `NVC56F_DMA_METHOD_COUNT_OLD`: bits 28:18.
    pub const DMA_METHOD_COUNT_OLD: Bits = Bits { hi: 28, lo: 18 };
    /// `NVC56F_DMA_METHOD_COUNT`: bits 28:16.
    pub const DMA_METHOD_COUNT: Bits = Bits { hi: 28, lo: 16 };
    /// `NVC56F_DMA_IMMD_DATA`: bits 28:16.
    pub const DMA_IMMD_DATA: Bits = Bits { hi: 28, lo: 16 };
    /// `NVC56F_DMA_SEC_OP`: bits 31:29.
    pub const DMA_SEC_OP: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_SEC_OP_GRP0_USE_TERT`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_GRP0_USE_TERT: u32 = 0x0;
    /// `NVC56F_DMA_SEC_OP_INC_METHOD`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_INC_METHOD: u32 = 0x1;
    /// `NVC56F_DMA_SEC_OP_GRP2_USE_TERT`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_GRP2_USE_TERT: u32 = 0x2;
    /// `NVC56F_DMA_SEC_OP_NON_INC_METHOD`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_NON_INC_METHOD: u32 = 0x3;
    /// `NVC56F_DMA_SEC_OP_IMMD_DATA_METHOD`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_IMMD_DATA_METHOD: u32 = 0x4;
    /// `NVC56F_DMA_SEC_OP_ONE_INC`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_ONE_INC: u32 = 0x5;
    /// `NVC56F_DMA_SEC_OP_RESERVED6`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_RESERVED6: u32 = 0x6;
    /// `NVC56F_DMA_SEC_OP_END_PB_SEGMENT`: value of [`DMA_SEC_OP`].
    pub const DMA_SEC_OP_END_PB_SEGMENT: u32 = 0x7;
    /// `NVC56F_DMA_INCR_ADDRESS`: bits 11:0.
    pub const DMA_INCR_ADDRESS: Bits = Bits { hi: 11, lo: 0 };
    /// `NVC56F_DMA_INCR_SUBCHANNEL`: bits 15:13.
    pub const DMA_INCR_SUBCHANNEL: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC56F_DMA_INCR_COUNT`: bits 28:16.
    pub const DMA_INCR_COUNT: Bits = Bits { hi: 28, lo: 16 };
    /// `NVC56F_DMA_INCR_OPCODE`: bits 31:29.
    pub const DMA_INCR_OPCODE: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_INCR_OPCODE_VALUE`: value of [`DMA_INCR_OPCODE`].
    pub const DMA_INCR_OPCODE_VALUE: u32 = 0x1;
    /// `NVC56F_DMA_INCR_DATA`: bits 31:0.
    pub const DMA_INCR_DATA: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC56F_DMA_NONINCR_ADDRESS`: bits 11:0.
    pub const DMA_NONINCR_ADDRESS: Bits = Bits { hi: 11, lo: 0 };
    /// `NVC56F_DMA_NONINCR_SUBCHANNEL`: bits 15:13.
    pub const DMA_NONINCR_SUBCHANNEL: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC56F_DMA_NONINCR_COUNT`: bits 28:16.
    pub const DMA_NONINCR_COUNT: Bits = Bits { hi: 28, lo: 16 };
    /// `NVC56F_DMA_NONINCR_OPCODE`: bits 31:29.
    pub const DMA_NONINCR_OPCODE: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_NONINCR_OPCODE_VALUE`: value of [`DMA_NONINCR_OPCODE`].
    pub const DMA_NONINCR_OPCODE_VALUE: u32 = 0x3;
    /// `NVC56F_DMA_NONINCR_DATA`: bits 31:0.
    pub const DMA_NONINCR_DATA: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC56F_DMA_ONEINCR_ADDRESS`: bits 11:0.
    pub const DMA_ONEINCR_ADDRESS: Bits = Bits { hi: 11, lo: 0 };
    /// `NVC56F_DMA_ONEINCR_SUBCHANNEL`: bits 15:13.
    pub const DMA_ONEINCR_SUBCHANNEL: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC56F_DMA_ONEINCR_COUNT`: bits 28:16.
    pub const DMA_ONEINCR_COUNT: Bits = Bits { hi: 28, lo: 16 };
    /// `NVC56F_DMA_ONEINCR_OPCODE`: bits 31:29.
    pub const DMA_ONEINCR_OPCODE: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_ONEINCR_OPCODE_VALUE`: value of [`DMA_ONEINCR_OPCODE`].
    pub const DMA_ONEINCR_OPCODE_VALUE: u32 = 0x5;
    /// `NVC56F_DMA_ONEINCR_DATA`: bits 31:0.
    pub const DMA_ONEINCR_DATA: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC56F_DMA_NOP`.
    pub const DMA_NOP: u32 = 0x0;
    /// `NVC56F_DMA_IMMD_ADDRESS`: bits 11:0.
    pub const DMA_IMMD_ADDRESS: Bits = Bits { hi: 11, lo: 0 };
    /// `NVC56F_DMA_IMMD_SUBCHANNEL`: bits 15:13.
    pub const DMA_IMMD_SUBCHANNEL: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC56F_DMA_IMMD_OPCODE`: bits 31:29.
    pub const DMA_IMMD_OPCODE: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_IMMD_OPCODE_VALUE`: value of [`DMA_IMMD_OPCODE`].
    pub const DMA_IMMD_OPCODE_VALUE: u32 = 0x4;
    /// `NVC56F_DMA_SET_SUBDEVICE_MASK_VALUE`: bits 15:4.
    pub const DMA_SET_SUBDEVICE_MASK_VALUE: Bits = Bits { hi: 15, lo: 4 };
    /// `NVC56F_DMA_SET_SUBDEVICE_MASK_OPCODE`: bits 31:16.
    pub const DMA_SET_SUBDEVICE_MASK_OPCODE: Bits = Bits { hi: 31, lo: 16 };
    /// `NVC56F_DMA_SET_SUBDEVICE_MASK_OPCODE_VALUE`: value of [`DMA_SET_SUBDEVICE_MASK_OPCODE`].
    pub const DMA_SET_SUBDEVICE_MASK_OPCODE_VALUE: u32 = 0x1;
    /// `NVC56F_DMA_STORE_SUBDEVICE_MASK_VALUE`: bits 15:4.
    pub const DMA_STORE_SUBDEVICE_MASK_VALUE: Bits = Bits { hi: 15, lo: 4 };
    /// `NVC56F_DMA_STORE_SUBDEVICE_MASK_OPCODE`: bits 31:16.
    pub const DMA_STORE_SUBDEVICE_MASK_OPCODE: Bits = Bits { hi: 31, lo: 16 };
    /// `NVC56F_DMA_STORE_SUBDEVICE_MASK_OPCODE_VALUE`: value of [`DMA_STORE_SUBDEVICE_MASK_OPCODE`].
    pub const DMA_STORE_SUBDEVICE_MASK_OPCODE_VALUE: u32 = 0x2;
    /// `NVC56F_DMA_USE_SUBDEVICE_MASK_OPCODE`: bits 31:16.
    pub const DMA_USE_SUBDEVICE_MASK_OPCODE: Bits = Bits { hi: 31, lo: 16 };
    /// `NVC56F_DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE`: value of [`DMA_USE_SUBDEVICE_MASK_OPCODE`].
    pub const DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE: u32 = 0x3;
    /// `NVC56F_DMA_ENDSEG_OPCODE`: bits 31:29.
    pub const DMA_ENDSEG_OPCODE: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_ENDSEG_OPCODE_VALUE`: value of [`DMA_ENDSEG_OPCODE`].
    pub const DMA_ENDSEG_OPCODE_VALUE: u32 = 0x7;
    /// `NVC56F_DMA_ADDRESS`: bits 12:2.
    pub const DMA_ADDRESS: Bits = Bits { hi: 12, lo: 2 };
    /// `NVC56F_DMA_SUBCH`: bits 15:13.
    pub const DMA_SUBCH: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC56F_DMA_OPCODE3`: bits 17:16.
    pub const DMA_OPCODE3: Bits = Bits { hi: 17, lo: 16 };
    /// `NVC56F_DMA_OPCODE3_NONE`: value of [`DMA_OPCODE3`].
    pub const DMA_OPCODE3_NONE: u32 = 0x0;
    /// `NVC56F_DMA_COUNT`: bits 28:18.
    pub const DMA_COUNT: Bits = Bits { hi: 28, lo: 18 };
    /// `NVC56F_DMA_OPCODE`: bits 31:29.
    pub const DMA_OPCODE: Bits = Bits { hi: 31, lo: 29 };
    /// `NVC56F_DMA_OPCODE_METHOD`: value of [`DMA_OPCODE`].
    pub const DMA_OPCODE_METHOD: u32 = 0x0;
    /// `NVC56F_DMA_OPCODE_NONINC_METHOD`: value of [`DMA_OPCODE`].
    pub const DMA_OPCODE_NONINC_METHOD: u32 = 0x2;
    /// `NVC56F_DMA_DATA`: bits 31:0.
    pub const DMA_DATA: Bits = Bits { hi: 31, lo: 0 };

    /// Every method this class defines, as (name without prefix, byte offset),
    /// sorted by offset; see [`super::defined_methods`].
    pub const METHODS: &[(&str, u32)] = &[
        ("SET_OBJECT", SET_OBJECT),
        ("ILLEGAL", ILLEGAL),
        ("NOP", NOP),
        ("SEMAPHOREA", SEMAPHOREA),
        ("SEMAPHOREB", SEMAPHOREB),
        ("SEMAPHOREC", SEMAPHOREC),
        ("SEMAPHORED", SEMAPHORED),
        ("NON_STALL_INTERRUPT", NON_STALL_INTERRUPT),
        ("FB_FLUSH", FB_FLUSH),
        ("MEM_OP_A", MEM_OP_A),
        ("MEM_OP_B", MEM_OP_B),
        ("MEM_OP_C", MEM_OP_C),
        ("MEM_OP_D", MEM_OP_D),
        ("SET_REFERENCE", SET_REFERENCE),
        ("SEM_ADDR_LO", SEM_ADDR_LO),
        ("SEM_ADDR_HI", SEM_ADDR_HI),
        ("SEM_PAYLOAD_LO", SEM_PAYLOAD_LO),
        ("SEM_PAYLOAD_HI", SEM_PAYLOAD_HI),
        ("SEM_EXECUTE", SEM_EXECUTE),
        ("WFI", WFI),
        ("YIELD", YIELD),
        ("CLEAR_FAULTED", CLEAR_FAULTED),
    ];

    /// Every `value` row: (full class-table name, value).
    pub const VALUES: &[(&str, u32)] = &[
        ("NVC56F_NUMBER_OF_SUBCHANNELS", NUMBER_OF_SUBCHANNELS),
        ("NVC56F_SET_OBJECT", SET_OBJECT),
        ("NVC56F_SET_OBJECT_ENGINE_SW", SET_OBJECT_ENGINE_SW),
        ("NVC56F_ILLEGAL", ILLEGAL),
        ("NVC56F_NOP", NOP),
        ("NVC56F_SEMAPHOREA", SEMAPHOREA),
        ("NVC56F_SEMAPHOREB", SEMAPHOREB),
        ("NVC56F_SEMAPHOREC", SEMAPHOREC),
        ("NVC56F_SEMAPHORED", SEMAPHORED),
        ("NVC56F_SEMAPHORED_OPERATION_ACQUIRE", SEMAPHORED_OPERATION_ACQUIRE),
        ("NVC56F_SEMAPHORED_OPERATION_RELEASE", SEMAPHORED_OPERATION_RELEASE),
        ("NVC56F_SEMAPHORED_OPERATION_ACQ_GEQ", SEMAPHORED_OPERATION_ACQ_GEQ),
        ("NVC56F_SEMAPHORED_OPERATION_ACQ_AND", SEMAPHORED_OPERATION_ACQ_AND),
        ("NVC56F_SEMAPHORED_OPERATION_REDUCTION", SEMAPHORED_OPERATION_REDUCTION),
        ("NVC56F_SEMAPHORED_ACQUIRE_SWITCH_DISABLED", SEMAPHORED_ACQUIRE_SWITCH_DISABLED),
        ("NVC56F_SEMAPHORED_ACQUIRE_SWITCH_ENABLED", SEMAPHORED_ACQUIRE_SWITCH_ENABLED),
        ("NVC56F_SEMAPHORED_RELEASE_WFI_EN", SEMAPHORED_RELEASE_WFI_EN),
        ("NVC56F_SEMAPHORED_RELEASE_WFI_DIS", SEMAPHORED_RELEASE_WFI_DIS),
        ("NVC56F_SEMAPHORED_RELEASE_SIZE_16BYTE", SEMAPHORED_RELEASE_SIZE_16BYTE),
        ("NVC56F_SEMAPHORED_RELEASE_SIZE_4BYTE", SEMAPHORED_RELEASE_SIZE_4BYTE),
        ("NVC56F_SEMAPHORED_REDUCTION_MIN", SEMAPHORED_REDUCTION_MIN),
        ("NVC56F_SEMAPHORED_REDUCTION_MAX", SEMAPHORED_REDUCTION_MAX),
        ("NVC56F_SEMAPHORED_REDUCTION_XOR", SEMAPHORED_REDUCTION_XOR),
        ("NVC56F_SEMAPHORED_REDUCTION_AND", SEMAPHORED_REDUCTION_AND),
        ("NVC56F_SEMAPHORED_REDUCTION_OR", SEMAPHORED_REDUCTION_OR),
        ("NVC56F_SEMAPHORED_REDUCTION_ADD", SEMAPHORED_REDUCTION_ADD),
        ("NVC56F_SEMAPHORED_REDUCTION_INC", SEMAPHORED_REDUCTION_INC),
        ("NVC56F_SEMAPHORED_REDUCTION_DEC", SEMAPHORED_REDUCTION_DEC),
        ("NVC56F_SEMAPHORED_FORMAT_SIGNED", SEMAPHORED_FORMAT_SIGNED),
        ("NVC56F_SEMAPHORED_FORMAT_UNSIGNED", SEMAPHORED_FORMAT_UNSIGNED),
        ("NVC56F_NON_STALL_INTERRUPT", NON_STALL_INTERRUPT),
        ("NVC56F_FB_FLUSH", FB_FLUSH),
        ("NVC56F_MEM_OP_A", MEM_OP_A),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_ALL_TLBS", MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_ALL_TLBS),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_LINK_TLBS", MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_LINK_TLBS),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_NON_LINK_TLBS", MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_NON_LINK_TLBS),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_RSVRVD", MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE_RSVRVD),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_EN", MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_EN),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_DIS", MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR_DIS),
        ("NVC56F_MEM_OP_B", MEM_OP_B),
        ("NVC56F_MEM_OP_C", MEM_OP_C),
        ("NVC56F_MEM_OP_C_MEMBAR_TYPE_SYS_MEMBAR", MEM_OP_C_MEMBAR_TYPE_SYS_MEMBAR),
        ("NVC56F_MEM_OP_C_MEMBAR_TYPE_MEMBAR", MEM_OP_C_MEMBAR_TYPE_MEMBAR),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_ONE", MEM_OP_C_TLB_INVALIDATE_PDB_ONE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_ALL", MEM_OP_C_TLB_INVALIDATE_PDB_ALL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_GPC_ENABLE", MEM_OP_C_TLB_INVALIDATE_GPC_ENABLE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_GPC_DISABLE", MEM_OP_C_TLB_INVALIDATE_GPC_DISABLE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_NONE", MEM_OP_C_TLB_INVALIDATE_REPLAY_NONE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_START", MEM_OP_C_TLB_INVALIDATE_REPLAY_START),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_START_ACK_ALL", MEM_OP_C_TLB_INVALIDATE_REPLAY_START_ACK_ALL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_TARGETED", MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_TARGETED),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_GLOBAL", MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_GLOBAL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_VA_GLOBAL", MEM_OP_C_TLB_INVALIDATE_REPLAY_CANCEL_VA_GLOBAL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_NONE", MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_NONE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_GLOBALLY", MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_GLOBALLY),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_INTRANODE", MEM_OP_C_TLB_INVALIDATE_ACK_TYPE_INTRANODE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_READ", MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_READ),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE", MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_STRONG",
            MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_STRONG,
        ),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_RSVRVD", MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_RSVRVD),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_WEAK",
            MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_WEAK,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_ALL",
            MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ATOMIC_ALL,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE_AND_ATOMIC",
            MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_WRITE_AND_ATOMIC,
        ),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ALL", MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE_VIRT_ALL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_ALL", MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_ALL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_PTE_ONLY", MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_PTE_ONLY),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE0",
            MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE0,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE1",
            MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE1,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE2",
            MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE2,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE3",
            MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE3,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE4",
            MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE4,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE5",
            MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL_UP_TO_PDE5,
        ),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_VID_MEM", MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_VID_MEM),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_COHERENT",
            MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_COHERENT,
        ),
        (
            "NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_NONCOHERENT",
            MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE_SYS_MEM_NONCOHERENT,
        ),
        ("NVC56F_MEM_OP_D", MEM_OP_D),
        ("NVC56F_MEM_OP_D_OPERATION_MEMBAR", MEM_OP_D_OPERATION_MEMBAR),
        ("NVC56F_MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE", MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE),
        ("NVC56F_MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE_TARGETED", MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE_TARGETED),
        ("NVC56F_MEM_OP_D_OPERATION_L2_PEERMEM_INVALIDATE", MEM_OP_D_OPERATION_L2_PEERMEM_INVALIDATE),
        ("NVC56F_MEM_OP_D_OPERATION_L2_SYSMEM_INVALIDATE", MEM_OP_D_OPERATION_L2_SYSMEM_INVALIDATE),
        ("NVC56F_MEM_OP_B_OPERATION_L2_INVALIDATE_CLEAN_LINES", MEM_OP_B_OPERATION_L2_INVALIDATE_CLEAN_LINES),
        ("NVC56F_MEM_OP_D_OPERATION_L2_CLEAN_COMPTAGS", MEM_OP_D_OPERATION_L2_CLEAN_COMPTAGS),
        ("NVC56F_MEM_OP_D_OPERATION_L2_FLUSH_DIRTY", MEM_OP_D_OPERATION_L2_FLUSH_DIRTY),
        ("NVC56F_MEM_OP_D_OPERATION_L2_WAIT_FOR_SYS_PENDING_READS", MEM_OP_D_OPERATION_L2_WAIT_FOR_SYS_PENDING_READS),
        ("NVC56F_MEM_OP_D_OPERATION_ACCESS_COUNTER_CLR", MEM_OP_D_OPERATION_ACCESS_COUNTER_CLR),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MIMC", MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MIMC),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MOMC", MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_MOMC),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_ALL", MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_ALL),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_TARGETED", MEM_OP_D_ACCESS_COUNTER_CLR_TYPE_TARGETED),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MIMC", MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MIMC),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MOMC", MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE_MOMC),
        ("NVC56F_SET_REFERENCE", SET_REFERENCE),
        ("NVC56F_SEM_ADDR_LO", SEM_ADDR_LO),
        ("NVC56F_SEM_ADDR_HI", SEM_ADDR_HI),
        ("NVC56F_SEM_PAYLOAD_LO", SEM_PAYLOAD_LO),
        ("NVC56F_SEM_PAYLOAD_HI", SEM_PAYLOAD_HI),
        ("NVC56F_SEM_EXECUTE", SEM_EXECUTE),
        ("NVC56F_SEM_EXECUTE_OPERATION_ACQUIRE", SEM_EXECUTE_OPERATION_ACQUIRE),
        ("NVC56F_SEM_EXECUTE_OPERATION_RELEASE", SEM_EXECUTE_OPERATION_RELEASE),
        ("NVC56F_SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ", SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ),
        ("NVC56F_SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ", SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ),
        ("NVC56F_SEM_EXECUTE_OPERATION_ACQ_AND", SEM_EXECUTE_OPERATION_ACQ_AND),
        ("NVC56F_SEM_EXECUTE_OPERATION_ACQ_NOR", SEM_EXECUTE_OPERATION_ACQ_NOR),
        ("NVC56F_SEM_EXECUTE_OPERATION_REDUCTION", SEM_EXECUTE_OPERATION_REDUCTION),
        ("NVC56F_SEM_EXECUTE_ACQUIRE_SWITCH_TSG_DIS", SEM_EXECUTE_ACQUIRE_SWITCH_TSG_DIS),
        ("NVC56F_SEM_EXECUTE_ACQUIRE_SWITCH_TSG_EN", SEM_EXECUTE_ACQUIRE_SWITCH_TSG_EN),
        ("NVC56F_SEM_EXECUTE_RELEASE_WFI_DIS", SEM_EXECUTE_RELEASE_WFI_DIS),
        ("NVC56F_SEM_EXECUTE_RELEASE_WFI_EN", SEM_EXECUTE_RELEASE_WFI_EN),
        ("NVC56F_SEM_EXECUTE_PAYLOAD_SIZE_32BIT", SEM_EXECUTE_PAYLOAD_SIZE_32BIT),
        ("NVC56F_SEM_EXECUTE_PAYLOAD_SIZE_64BIT", SEM_EXECUTE_PAYLOAD_SIZE_64BIT),
        ("NVC56F_SEM_EXECUTE_RELEASE_TIMESTAMP_DIS", SEM_EXECUTE_RELEASE_TIMESTAMP_DIS),
        ("NVC56F_SEM_EXECUTE_RELEASE_TIMESTAMP_EN", SEM_EXECUTE_RELEASE_TIMESTAMP_EN),
        ("NVC56F_SEM_EXECUTE_REDUCTION_IMIN", SEM_EXECUTE_REDUCTION_IMIN),
        ("NVC56F_SEM_EXECUTE_REDUCTION_IMAX", SEM_EXECUTE_REDUCTION_IMAX),
        ("NVC56F_SEM_EXECUTE_REDUCTION_IXOR", SEM_EXECUTE_REDUCTION_IXOR),
        ("NVC56F_SEM_EXECUTE_REDUCTION_IAND", SEM_EXECUTE_REDUCTION_IAND),
        ("NVC56F_SEM_EXECUTE_REDUCTION_IOR", SEM_EXECUTE_REDUCTION_IOR),
        ("NVC56F_SEM_EXECUTE_REDUCTION_IADD", SEM_EXECUTE_REDUCTION_IADD),
        ("NVC56F_SEM_EXECUTE_REDUCTION_INC", SEM_EXECUTE_REDUCTION_INC),
        ("NVC56F_SEM_EXECUTE_REDUCTION_DEC", SEM_EXECUTE_REDUCTION_DEC),
        ("NVC56F_SEM_EXECUTE_REDUCTION_FORMAT_SIGNED", SEM_EXECUTE_REDUCTION_FORMAT_SIGNED),
        ("NVC56F_SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED", SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED),
        ("NVC56F_WFI", WFI),
        ("NVC56F_WFI_SCOPE_CURRENT_SCG_TYPE", WFI_SCOPE_CURRENT_SCG_TYPE),
        ("NVC56F_WFI_SCOPE_CURRENT_VEID", WFI_SCOPE_CURRENT_VEID),
        ("NVC56F_WFI_SCOPE_ALL", WFI_SCOPE_ALL),
        ("NVC56F_YIELD", YIELD),
        ("NVC56F_YIELD_OP_NOP", YIELD_OP_NOP),
        ("NVC56F_YIELD_OP_TSG", YIELD_OP_TSG),
        ("NVC56F_CLEAR_FAULTED", CLEAR_FAULTED),
        ("NVC56F_CLEAR_FAULTED_TYPE_PBDMA_FAULTED", CLEAR_FAULTED_TYPE_PBDMA_FAULTED),
        ("NVC56F_CLEAR_FAULTED_TYPE_ENG_FAULTED", CLEAR_FAULTED_TYPE_ENG_FAULTED),
        ("NVC56F_GP_ENTRY__SIZE", GP_ENTRY__SIZE),
        ("NVC56F_GP_ENTRY0_FETCH_UNCONDITIONAL", GP_ENTRY0_FETCH_UNCONDITIONAL),
        ("NVC56F_GP_ENTRY0_FETCH_CONDITIONAL", GP_ENTRY0_FETCH_CONDITIONAL),
        ("NVC56F_GP_ENTRY1_LEVEL_MAIN", GP_ENTRY1_LEVEL_MAIN),
        ("NVC56F_GP_ENTRY1_LEVEL_SUBROUTINE", GP_ENTRY1_LEVEL_SUBROUTINE),
        ("NVC56F_GP_ENTRY1_SYNC_PROCEED", GP_ENTRY1_SYNC_PROCEED),
        ("NVC56F_GP_ENTRY1_SYNC_WAIT", GP_ENTRY1_SYNC_WAIT),
        ("NVC56F_GP_ENTRY1_OPCODE_NOP", GP_ENTRY1_OPCODE_NOP),
        ("NVC56F_GP_ENTRY1_OPCODE_ILLEGAL", GP_ENTRY1_OPCODE_ILLEGAL),
        ("NVC56F_GP_ENTRY1_OPCODE_GP_CRC", GP_ENTRY1_OPCODE_GP_CRC),
        ("NVC56F_GP_ENTRY1_OPCODE_PB_CRC", GP_ENTRY1_OPCODE_PB_CRC),
        ("NVC56F_DMA_TERT_OP_GRP0_INC_METHOD", DMA_TERT_OP_GRP0_INC_METHOD),
        ("NVC56F_DMA_TERT_OP_GRP0_SET_SUB_DEV_MASK", DMA_TERT_OP_GRP0_SET_SUB_DEV_MASK),
        ("NVC56F_DMA_TERT_OP_GRP0_STORE_SUB_DEV_MASK", DMA_TERT_OP_GRP0_STORE_SUB_DEV_MASK),
        ("NVC56F_DMA_TERT_OP_GRP0_USE_SUB_DEV_MASK", DMA_TERT_OP_GRP0_USE_SUB_DEV_MASK),
        ("NVC56F_DMA_TERT_OP_GRP2_NON_INC_METHOD", DMA_TERT_OP_GRP2_NON_INC_METHOD),
        ("NVC56F_DMA_SEC_OP_GRP0_USE_TERT", DMA_SEC_OP_GRP0_USE_TERT),
        ("NVC56F_DMA_SEC_OP_INC_METHOD", DMA_SEC_OP_INC_METHOD),
        ("NVC56F_DMA_SEC_OP_GRP2_USE_TERT", DMA_SEC_OP_GRP2_USE_TERT),
        ("NVC56F_DMA_SEC_OP_NON_INC_METHOD", DMA_SEC_OP_NON_INC_METHOD),
        ("NVC56F_DMA_SEC_OP_IMMD_DATA_METHOD", DMA_SEC_OP_IMMD_DATA_METHOD),
        ("NVC56F_DMA_SEC_OP_ONE_INC", DMA_SEC_OP_ONE_INC),
        ("NVC56F_DMA_SEC_OP_RESERVED6", DMA_SEC_OP_RESERVED6),
        ("NVC56F_DMA_SEC_OP_END_PB_SEGMENT", DMA_SEC_OP_END_PB_SEGMENT),
        ("NVC56F_DMA_INCR_OPCODE_VALUE", DMA_INCR_OPCODE_VALUE),
        ("NVC56F_DMA_NONINCR_OPCODE_VALUE", DMA_NONINCR_OPCODE_VALUE),
        ("NVC56F_DMA_ONEINCR_OPCODE_VALUE", DMA_ONEINCR_OPCODE_VALUE),
        ("NVC56F_DMA_NOP", DMA_NOP),
        ("NVC56F_DMA_IMMD_OPCODE_VALUE", DMA_IMMD_OPCODE_VALUE),
        ("NVC56F_DMA_SET_SUBDEVICE_MASK_OPCODE_VALUE", DMA_SET_SUBDEVICE_MASK_OPCODE_VALUE),
        ("NVC56F_DMA_STORE_SUBDEVICE_MASK_OPCODE_VALUE", DMA_STORE_SUBDEVICE_MASK_OPCODE_VALUE),
        ("NVC56F_DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE", DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE),
        ("NVC56F_DMA_ENDSEG_OPCODE_VALUE", DMA_ENDSEG_OPCODE_VALUE),
        ("NVC56F_DMA_OPCODE3_NONE", DMA_OPCODE3_NONE),
        ("NVC56F_DMA_OPCODE_METHOD", DMA_OPCODE_METHOD),
        ("NVC56F_DMA_OPCODE_NONINC_METHOD", DMA_OPCODE_NONINC_METHOD),
    ];

    /// Every `bits` row: (full class-table name, bit range).
    pub const BITS: &[(&str, Bits)] = &[
        ("NVC56F_SET_OBJECT_NVCLASS", SET_OBJECT_NVCLASS),
        ("NVC56F_SET_OBJECT_ENGINE", SET_OBJECT_ENGINE),
        ("NVC56F_ILLEGAL_HANDLE", ILLEGAL_HANDLE),
        ("NVC56F_NOP_HANDLE", NOP_HANDLE),
        ("NVC56F_SEMAPHOREA_OFFSET_UPPER", SEMAPHOREA_OFFSET_UPPER),
        ("NVC56F_SEMAPHOREB_OFFSET_LOWER", SEMAPHOREB_OFFSET_LOWER),
        ("NVC56F_SEMAPHOREC_PAYLOAD", SEMAPHOREC_PAYLOAD),
        ("NVC56F_SEMAPHORED_OPERATION", SEMAPHORED_OPERATION),
        ("NVC56F_SEMAPHORED_ACQUIRE_SWITCH", SEMAPHORED_ACQUIRE_SWITCH),
        ("NVC56F_SEMAPHORED_RELEASE_WFI", SEMAPHORED_RELEASE_WFI),
        ("NVC56F_SEMAPHORED_RELEASE_SIZE", SEMAPHORED_RELEASE_SIZE),
        ("NVC56F_SEMAPHORED_REDUCTION", SEMAPHORED_REDUCTION),
        ("NVC56F_SEMAPHORED_FORMAT", SEMAPHORED_FORMAT),
        ("NVC56F_NON_STALL_INTERRUPT_HANDLE", NON_STALL_INTERRUPT_HANDLE),
        ("NVC56F_FB_FLUSH_HANDLE", FB_FLUSH_HANDLE),
        (
            "NVC56F_MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_CLIENT_UNIT_ID",
            MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_CLIENT_UNIT_ID,
        ),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_INVALIDATION_SIZE", MEM_OP_A_TLB_INVALIDATE_INVALIDATION_SIZE),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_GPC_ID", MEM_OP_A_TLB_INVALIDATE_CANCEL_TARGET_GPC_ID),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE", MEM_OP_A_TLB_INVALIDATE_INVAL_SCOPE),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_CANCEL_MMU_ENGINE_ID", MEM_OP_A_TLB_INVALIDATE_CANCEL_MMU_ENGINE_ID),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR", MEM_OP_A_TLB_INVALIDATE_SYSMEMBAR),
        ("NVC56F_MEM_OP_A_TLB_INVALIDATE_TARGET_ADDR_LO", MEM_OP_A_TLB_INVALIDATE_TARGET_ADDR_LO),
        ("NVC56F_MEM_OP_B_TLB_INVALIDATE_TARGET_ADDR_HI", MEM_OP_B_TLB_INVALIDATE_TARGET_ADDR_HI),
        ("NVC56F_MEM_OP_C_MEMBAR_TYPE", MEM_OP_C_MEMBAR_TYPE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB", MEM_OP_C_TLB_INVALIDATE_PDB),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_GPC", MEM_OP_C_TLB_INVALIDATE_GPC),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_REPLAY", MEM_OP_C_TLB_INVALIDATE_REPLAY),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACK_TYPE", MEM_OP_C_TLB_INVALIDATE_ACK_TYPE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE", MEM_OP_C_TLB_INVALIDATE_ACCESS_TYPE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL", MEM_OP_C_TLB_INVALIDATE_PAGE_TABLE_LEVEL),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE", MEM_OP_C_TLB_INVALIDATE_PDB_APERTURE),
        ("NVC56F_MEM_OP_C_TLB_INVALIDATE_PDB_ADDR_LO", MEM_OP_C_TLB_INVALIDATE_PDB_ADDR_LO),
        ("NVC56F_MEM_OP_C_ACCESS_COUNTER_CLR_TARGETED_NOTIFY_TAG", MEM_OP_C_ACCESS_COUNTER_CLR_TARGETED_NOTIFY_TAG),
        ("NVC56F_MEM_OP_D_TLB_INVALIDATE_PDB_ADDR_HI", MEM_OP_D_TLB_INVALIDATE_PDB_ADDR_HI),
        ("NVC56F_MEM_OP_D_OPERATION", MEM_OP_D_OPERATION),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TYPE", MEM_OP_D_ACCESS_COUNTER_CLR_TYPE),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE", MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_TYPE),
        ("NVC56F_MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_BANK", MEM_OP_D_ACCESS_COUNTER_CLR_TARGETED_BANK),
        ("NVC56F_SET_REFERENCE_COUNT", SET_REFERENCE_COUNT),
        ("NVC56F_SEM_ADDR_LO_OFFSET", SEM_ADDR_LO_OFFSET),
        ("NVC56F_SEM_ADDR_HI_OFFSET", SEM_ADDR_HI_OFFSET),
        ("NVC56F_SEM_PAYLOAD_LO_PAYLOAD", SEM_PAYLOAD_LO_PAYLOAD),
        ("NVC56F_SEM_PAYLOAD_HI_PAYLOAD", SEM_PAYLOAD_HI_PAYLOAD),
        ("NVC56F_SEM_EXECUTE_OPERATION", SEM_EXECUTE_OPERATION),
        ("NVC56F_SEM_EXECUTE_ACQUIRE_SWITCH_TSG", SEM_EXECUTE_ACQUIRE_SWITCH_TSG),
        ("NVC56F_SEM_EXECUTE_RELEASE_WFI", SEM_EXECUTE_RELEASE_WFI),
        ("NVC56F_SEM_EXECUTE_PAYLOAD_SIZE", SEM_EXECUTE_PAYLOAD_SIZE),
        ("NVC56F_SEM_EXECUTE_RELEASE_TIMESTAMP", SEM_EXECUTE_RELEASE_TIMESTAMP),
        ("NVC56F_SEM_EXECUTE_REDUCTION", SEM_EXECUTE_REDUCTION),
        ("NVC56F_SEM_EXECUTE_REDUCTION_FORMAT", SEM_EXECUTE_REDUCTION_FORMAT),
        ("NVC56F_WFI_SCOPE", WFI_SCOPE),
        ("NVC56F_YIELD_OP", YIELD_OP),
        ("NVC56F_CLEAR_FAULTED_HANDLE", CLEAR_FAULTED_HANDLE),
        ("NVC56F_CLEAR_FAULTED_TYPE", CLEAR_FAULTED_TYPE),
        ("NVC56F_GP_ENTRY0_FETCH", GP_ENTRY0_FETCH),
        ("NVC56F_GP_ENTRY0_GET", GP_ENTRY0_GET),
        ("NVC56F_GP_ENTRY0_OPERAND", GP_ENTRY0_OPERAND),
        ("NVC56F_GP_ENTRY1_GET_HI", GP_ENTRY1_GET_HI),
        ("NVC56F_GP_ENTRY1_LEVEL", GP_ENTRY1_LEVEL),
        ("NVC56F_GP_ENTRY1_LENGTH", GP_ENTRY1_LENGTH),
        ("NVC56F_GP_ENTRY1_SYNC", GP_ENTRY1_SYNC),
        ("NVC56F_GP_ENTRY1_OPCODE", GP_ENTRY1_OPCODE),
        ("NVC56F_DMA_METHOD_ADDRESS_OLD", DMA_METHOD_ADDRESS_OLD),
        ("NVC56F_DMA_METHOD_ADDRESS", DMA_METHOD_ADDRESS),
        ("NVC56F_DMA_SUBDEVICE_MASK", DMA_SUBDEVICE_MASK),
        ("NVC56F_DMA_METHOD_SUBCHANNEL", DMA_METHOD_SUBCHANNEL),
        ("NVC56F_DMA_TERT_OP", DMA_TERT_OP),
        ("NVC56F_DMA_METHOD_COUNT_OLD", DMA_METHOD_COUNT_OLD),
        ("NVC56F_DMA_METHOD_COUNT", DMA_METHOD_COUNT),
        ("NVC56F_DMA_IMMD_DATA", DMA_IMMD_DATA),
        ("NVC56F_DMA_SEC_OP", DMA_SEC_OP),
        ("NVC56F_DMA_INCR_ADDRESS", DMA_INCR_ADDRESS),
        ("NVC56F_DMA_INCR_SUBCHANNEL", DMA_INCR_SUBCHANNEL),
        ("NVC56F_DMA_INCR_COUNT", DMA_INCR_COUNT),
        ("NVC56F_DMA_INCR_OPCODE", DMA_INCR_OPCODE),
        ("NVC56F_DMA_INCR_DATA", DMA_INCR_DATA),
        ("NVC56F_DMA_NONINCR_ADDRESS", DMA_NONINCR_ADDRESS),
        ("NVC56F_DMA_NONINCR_SUBCHANNEL", DMA_NONINCR_SUBCHANNEL),
        ("NVC56F_DMA_NONINCR_COUNT", DMA_NONINCR_COUNT),
        ("NVC56F_DMA_NONINCR_OPCODE", DMA_NONINCR_OPCODE),
        ("NVC56F_DMA_NONINCR_DATA", DMA_NONINCR_DATA),
        ("NVC56F_DMA_ONEINCR_ADDRESS", DMA_ONEINCR_ADDRESS),
        ("NVC56F_DMA_ONEINCR_SUBCHANNEL", DMA_ONEINCR_SUBCHANNEL),
        ("NVC56F_DMA_ONEINCR_COUNT", DMA_ONEINCR_COUNT),
        ("NVC56F_DMA_ONEINCR_OPCODE", DMA_ONEINCR_OPCODE),
        ("NVC56F_DMA_ONEINCR_DATA", DMA_ONEINCR_DATA),
        ("NVC56F_DMA_IMMD_ADDRESS", DMA_IMMD_ADDRESS),
        ("NVC56F_DMA_IMMD_SUBCHANNEL", DMA_IMMD_SUBCHANNEL),
        ("NVC56F_DMA_IMMD_OPCODE", DMA_IMMD_OPCODE),
        ("NVC56F_DMA_SET_SUBDEVICE_MASK_VALUE", DMA_SET_SUBDEVICE_MASK_VALUE),
        ("NVC56F_DMA_SET_SUBDEVICE_MASK_OPCODE", DMA_SET_SUBDEVICE_MASK_OPCODE),
        ("NVC56F_DMA_STORE_SUBDEVICE_MASK_VALUE", DMA_STORE_SUBDEVICE_MASK_VALUE),
        ("NVC56F_DMA_STORE_SUBDEVICE_MASK_OPCODE", DMA_STORE_SUBDEVICE_MASK_OPCODE),
        ("NVC56F_DMA_USE_SUBDEVICE_MASK_OPCODE", DMA_USE_SUBDEVICE_MASK_OPCODE),
        ("NVC56F_DMA_ENDSEG_OPCODE", DMA_ENDSEG_OPCODE),
        ("NVC56F_DMA_ADDRESS", DMA_ADDRESS),
        ("NVC56F_DMA_SUBCH", DMA_SUBCH),
        ("NVC56F_DMA_OPCODE3", DMA_OPCODE3),
        ("NVC56F_DMA_COUNT", DMA_COUNT),
        ("NVC56F_DMA_OPCODE", DMA_OPCODE),
        ("NVC56F_DMA_DATA", DMA_DATA),
    ];
}

/// Compute class `AMPERE_COMPUTE_A` (`NVC6C0_*`; ga10b: `NVC7C0`).
///
/// Every `value`/`bits` row of the class table with the `NVC6C0_` prefix stripped
/// (compute's QMD V02_xx rows excepted). Methods are byte offsets (`u32`),
/// data-word fields are [`Bits`], field values are `u32`.
pub mod compute {
    use super::Bits;

    /// The class-table name prefix of this class.
    pub const PREFIX: &str = "NVC6C0_";
    /// The class numbers using these methods (Ampere GA100-style and ga10b).
    pub const CLASSES: [u32; 2] = [0xc6c0, 0xc7c0];

    /// Method `NVC6C0_SET_OBJECT` (byte offset).
    pub const SET_OBJECT: u32 = 0x0;
    /// `NVC6C0_SET_OBJECT_CLASS_ID`: bits 15:0 of method [`SET_OBJECT`].
    pub const SET_OBJECT_CLASS_ID: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6C0_SET_OBJECT_ENGINE_ID`: bits 20:16 of method [`SET_OBJECT`].
    pub const SET_OBJECT_ENGINE_ID: Bits = Bits { hi: 20, lo: 16 };
    /// Method `NVC6C0_NO_OPERATION` (byte offset).
    pub const NO_OPERATION: u32 = 0x100;
    /// `NVC6C0_NO_OPERATION_V`: bits 31:0 of method [`NO_OPERATION`].
    pub const NO_OPERATION_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_NOTIFY_A` (byte offset).
    pub const SET_NOTIFY_A: u32 = 0x104;
    /// `NVC6C0_SET_NOTIFY_A_ADDRESS_UPPER`: bits 7:0 of method [`SET_NOTIFY_A`].
    pub const SET_NOTIFY_A_ADDRESS_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_NOTIFY_B` (byte offset).
    pub const SET_NOTIFY_B: u32 = 0x108;
    /// `NVC6C0_SET_NOTIFY_B_ADDRESS_LOWER`: bits 31:0 of method [`SET_NOTIFY_B`].
    pub const SET_NOTIFY_B_ADDRESS_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_NOTIFY` (byte offset).
    pub const NOTIFY: u32 = 0x10c;
    /// `NVC6C0_NOTIFY_TYPE`: bits 31:0 of method [`NOTIFY`].
    pub const NOTIFY_TYPE: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC6C0_NOTIFY_TYPE_WRITE_ONLY`: value of [`NOTIFY_TYPE`].
    pub const NOTIFY_TYPE_WRITE_ONLY: u32 = 0x0;
    /// `NVC6C0_NOTIFY_TYPE_WRITE_THEN_AWAKEN`: value of [`NOTIFY_TYPE`].
    pub const NOTIFY_TYPE_WRITE_THEN_AWAKEN: u32 = 0x1;
    /// Method `NVC6C0_WAIT_FOR_IDLE` (byte offset).
    pub const WAIT_FOR_IDLE: u32 = 0x110;
    /// `NVC6C0_WAIT_FOR_IDLE_V`: bits 31:0 of method [`WAIT_FOR_IDLE`].
    pub const WAIT_FOR_IDLE_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_GLOBAL_RENDER_ENABLE_A` (byte offset).
    pub const SET_GLOBAL_RENDER_ENABLE_A: u32 = 0x130;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_A_OFFSET_UPPER`: bits 7:0 of method [`SET_GLOBAL_RENDER_ENABLE_A`].
    pub const SET_GLOBAL_RENDER_ENABLE_A_OFFSET_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_GLOBAL_RENDER_ENABLE_B` (byte offset).
    pub const SET_GLOBAL_RENDER_ENABLE_B: u32 = 0x134;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_B_OFFSET_LOWER`: bits 31:0 of method [`SET_GLOBAL_RENDER_ENABLE_B`].
    pub const SET_GLOBAL_RENDER_ENABLE_B_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C` (byte offset).
    pub const SET_GLOBAL_RENDER_ENABLE_C: u32 = 0x138;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE`: bits 2:0 of method [`SET_GLOBAL_RENDER_ENABLE_C`].
    pub const SET_GLOBAL_RENDER_ENABLE_C_MODE: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_FALSE`: value of [`SET_GLOBAL_RENDER_ENABLE_C_MODE`].
    pub const SET_GLOBAL_RENDER_ENABLE_C_MODE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_TRUE`: value of [`SET_GLOBAL_RENDER_ENABLE_C_MODE`].
    pub const SET_GLOBAL_RENDER_ENABLE_C_MODE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_CONDITIONAL`: value of [`SET_GLOBAL_RENDER_ENABLE_C_MODE`].
    pub const SET_GLOBAL_RENDER_ENABLE_C_MODE_CONDITIONAL: u32 = 0x2;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL`: value of [`SET_GLOBAL_RENDER_ENABLE_C_MODE`].
    pub const SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL: u32 = 0x3;
    /// `NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL`: value of [`SET_GLOBAL_RENDER_ENABLE_C_MODE`].
    pub const SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL: u32 = 0x4;
    /// Method `NVC6C0_SEND_GO_IDLE` (byte offset).
    pub const SEND_GO_IDLE: u32 = 0x13c;
    /// `NVC6C0_SEND_GO_IDLE_V`: bits 31:0 of method [`SEND_GO_IDLE`].
    pub const SEND_GO_IDLE_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_PM_TRIGGER` (byte offset).
    pub const PM_TRIGGER: u32 = 0x140;
    /// `NVC6C0_PM_TRIGGER_V`: bits 31:0 of method [`PM_TRIGGER`].
    pub const PM_TRIGGER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_PM_TRIGGER_WFI` (byte offset).
    pub const PM_TRIGGER_WFI: u32 = 0x144;
    /// `NVC6C0_PM_TRIGGER_WFI_V`: bits 31:0 of method [`PM_TRIGGER_WFI`].
    pub const PM_TRIGGER_WFI_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_FE_ATOMIC_SEQUENCE_BEGIN` (byte offset).
    pub const FE_ATOMIC_SEQUENCE_BEGIN: u32 = 0x148;
    /// `NVC6C0_FE_ATOMIC_SEQUENCE_BEGIN_V`: bits 31:0 of method [`FE_ATOMIC_SEQUENCE_BEGIN`].
    pub const FE_ATOMIC_SEQUENCE_BEGIN_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_FE_ATOMIC_SEQUENCE_END` (byte offset).
    pub const FE_ATOMIC_SEQUENCE_END: u32 = 0x14c;
    /// `NVC6C0_FE_ATOMIC_SEQUENCE_END_V`: bits 31:0 of method [`FE_ATOMIC_SEQUENCE_END`].
    pub const FE_ATOMIC_SEQUENCE_END_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_INSTRUMENTATION_METHOD_HEADER` (byte offset).
    pub const SET_INSTRUMENTATION_METHOD_HEADER: u32 = 0x150;
    /// `NVC6C0_SET_INSTRUMENTATION_METHOD_HEADER_V`: bits 31:0 of method [`SET_INSTRUMENTATION_METHOD_HEADER`].
    pub const SET_INSTRUMENTATION_METHOD_HEADER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_INSTRUMENTATION_METHOD_DATA` (byte offset).
    pub const SET_INSTRUMENTATION_METHOD_DATA: u32 = 0x154;
    /// `NVC6C0_SET_INSTRUMENTATION_METHOD_DATA_V`: bits 31:0 of method [`SET_INSTRUMENTATION_METHOD_DATA`].
    pub const SET_INSTRUMENTATION_METHOD_DATA_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_LINE_LENGTH_IN` (byte offset).
    pub const LINE_LENGTH_IN: u32 = 0x180;
    /// `NVC6C0_LINE_LENGTH_IN_VALUE`: bits 31:0 of method [`LINE_LENGTH_IN`].
    pub const LINE_LENGTH_IN_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_LINE_COUNT` (byte offset).
    pub const LINE_COUNT: u32 = 0x184;
    /// `NVC6C0_LINE_COUNT_VALUE`: bits 31:0 of method [`LINE_COUNT`].
    pub const LINE_COUNT_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_OFFSET_OUT_UPPER` (byte offset).
    pub const OFFSET_OUT_UPPER: u32 = 0x188;
    /// `NVC6C0_OFFSET_OUT_UPPER_VALUE`: bits 16:0 of method [`OFFSET_OUT_UPPER`].
    pub const OFFSET_OUT_UPPER_VALUE: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_OFFSET_OUT` (byte offset).
    pub const OFFSET_OUT: u32 = 0x18c;
    /// `NVC6C0_OFFSET_OUT_VALUE`: bits 31:0 of method [`OFFSET_OUT`].
    pub const OFFSET_OUT_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_PITCH_OUT` (byte offset).
    pub const PITCH_OUT: u32 = 0x190;
    /// `NVC6C0_PITCH_OUT_VALUE`: bits 31:0 of method [`PITCH_OUT`].
    pub const PITCH_OUT_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_DST_BLOCK_SIZE` (byte offset).
    pub const SET_DST_BLOCK_SIZE: u32 = 0x194;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_WIDTH`: bits 3:0 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_WIDTH: Bits = Bits { hi: 3, lo: 0 };
    /// `NVC6C0_SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB`: value of [`SET_DST_BLOCK_SIZE_WIDTH`].
    pub const SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB: u32 = 0x0;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT`: bits 7:4 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT: Bits = Bits { hi: 7, lo: 4 };
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB: u32 = 0x0;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS: u32 = 0x1;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS: u32 = 0x2;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS: u32 = 0x3;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS: u32 = 0x4;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS: u32 = 0x5;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH`: bits 11:8 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_DEPTH: Bits = Bits { hi: 11, lo: 8 };
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB: u32 = 0x0;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS: u32 = 0x1;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS: u32 = 0x2;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS: u32 = 0x3;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS: u32 = 0x4;
    /// `NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS: u32 = 0x5;
    /// Method `NVC6C0_SET_DST_WIDTH` (byte offset).
    pub const SET_DST_WIDTH: u32 = 0x198;
    /// `NVC6C0_SET_DST_WIDTH_V`: bits 31:0 of method [`SET_DST_WIDTH`].
    pub const SET_DST_WIDTH_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_DST_HEIGHT` (byte offset).
    pub const SET_DST_HEIGHT: u32 = 0x19c;
    /// `NVC6C0_SET_DST_HEIGHT_V`: bits 31:0 of method [`SET_DST_HEIGHT`].
    pub const SET_DST_HEIGHT_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_DST_DEPTH` (byte offset).
    pub const SET_DST_DEPTH: u32 = 0x1a0;
    /// `NVC6C0_SET_DST_DEPTH_V`: bits 31:0 of method [`SET_DST_DEPTH`].
    pub const SET_DST_DEPTH_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_DST_LAYER` (byte offset).
    pub const SET_DST_LAYER: u32 = 0x1a4;
    /// `NVC6C0_SET_DST_LAYER_V`: bits 31:0 of method [`SET_DST_LAYER`].
    pub const SET_DST_LAYER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_DST_ORIGIN_BYTES_X` (byte offset).
    pub const SET_DST_ORIGIN_BYTES_X: u32 = 0x1a8;
    /// `NVC6C0_SET_DST_ORIGIN_BYTES_X_V`: bits 20:0 of method [`SET_DST_ORIGIN_BYTES_X`].
    pub const SET_DST_ORIGIN_BYTES_X_V: Bits = Bits { hi: 20, lo: 0 };
    /// Method `NVC6C0_SET_DST_ORIGIN_SAMPLES_Y` (byte offset).
    pub const SET_DST_ORIGIN_SAMPLES_Y: u32 = 0x1ac;
    /// `NVC6C0_SET_DST_ORIGIN_SAMPLES_Y_V`: bits 16:0 of method [`SET_DST_ORIGIN_SAMPLES_Y`].
    pub const SET_DST_ORIGIN_SAMPLES_Y_V: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_LAUNCH_DMA` (byte offset).
    pub const LAUNCH_DMA: u32 = 0x1b0;
    /// `NVC6C0_LAUNCH_DMA_DST_MEMORY_LAYOUT`: bit 0 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_DST_MEMORY_LAYOUT: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR`: value of [`LAUNCH_DMA_DST_MEMORY_LAYOUT`].
    pub const LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH`: value of [`LAUNCH_DMA_DST_MEMORY_LAYOUT`].
    pub const LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_COMPLETION_TYPE`: bits 5:4 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_COMPLETION_TYPE: Bits = Bits { hi: 5, lo: 4 };
    /// `NVC6C0_LAUNCH_DMA_COMPLETION_TYPE_FLUSH_DISABLE`: value of [`LAUNCH_DMA_COMPLETION_TYPE`].
    pub const LAUNCH_DMA_COMPLETION_TYPE_FLUSH_DISABLE: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_COMPLETION_TYPE_FLUSH_ONLY`: value of [`LAUNCH_DMA_COMPLETION_TYPE`].
    pub const LAUNCH_DMA_COMPLETION_TYPE_FLUSH_ONLY: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE`: value of [`LAUNCH_DMA_COMPLETION_TYPE`].
    pub const LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE: u32 = 0x2;
    /// `NVC6C0_LAUNCH_DMA_INTERRUPT_TYPE`: bits 9:8 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE: Bits = Bits { hi: 9, lo: 8 };
    /// `NVC6C0_LAUNCH_DMA_INTERRUPT_TYPE_NONE`: value of [`LAUNCH_DMA_INTERRUPT_TYPE`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE_NONE: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_INTERRUPT_TYPE_INTERRUPT`: value of [`LAUNCH_DMA_INTERRUPT_TYPE`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE_INTERRUPT: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE`: bit 12 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC6C0_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_FOUR_WORDS`: value of [`LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE`].
    pub const LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_FOUR_WORDS: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD`: value of [`LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE`].
    pub const LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_ENABLE`: bit 1 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_REDUCTION_ENABLE: Bits = Bits { hi: 1, lo: 1 };
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_ENABLE_FALSE`: value of [`LAUNCH_DMA_REDUCTION_ENABLE`].
    pub const LAUNCH_DMA_REDUCTION_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_ENABLE_TRUE`: value of [`LAUNCH_DMA_REDUCTION_ENABLE`].
    pub const LAUNCH_DMA_REDUCTION_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP`: bits 15:13 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_REDUCTION_OP: Bits = Bits { hi: 15, lo: 13 };
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_ADD`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_ADD: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_MIN`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_MIN: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_MAX`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_MAX: u32 = 0x2;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_INC`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_INC: u32 = 0x3;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_DEC`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_DEC: u32 = 0x4;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_AND`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_AND: u32 = 0x5;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_OR`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_OR: u32 = 0x6;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_XOR`: value of [`LAUNCH_DMA_REDUCTION_OP`].
    pub const LAUNCH_DMA_REDUCTION_OP_RED_XOR: u32 = 0x7;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_FORMAT`: bits 3:2 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_REDUCTION_FORMAT: Bits = Bits { hi: 3, lo: 2 };
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_FORMAT_UNSIGNED_32`: value of [`LAUNCH_DMA_REDUCTION_FORMAT`].
    pub const LAUNCH_DMA_REDUCTION_FORMAT_UNSIGNED_32: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_REDUCTION_FORMAT_SIGNED_32`: value of [`LAUNCH_DMA_REDUCTION_FORMAT`].
    pub const LAUNCH_DMA_REDUCTION_FORMAT_SIGNED_32: u32 = 0x1;
    /// `NVC6C0_LAUNCH_DMA_SYSMEMBAR_DISABLE`: bit 6 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SYSMEMBAR_DISABLE: Bits = Bits { hi: 6, lo: 6 };
    /// `NVC6C0_LAUNCH_DMA_SYSMEMBAR_DISABLE_FALSE`: value of [`LAUNCH_DMA_SYSMEMBAR_DISABLE`].
    pub const LAUNCH_DMA_SYSMEMBAR_DISABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_LAUNCH_DMA_SYSMEMBAR_DISABLE_TRUE`: value of [`LAUNCH_DMA_SYSMEMBAR_DISABLE`].
    pub const LAUNCH_DMA_SYSMEMBAR_DISABLE_TRUE: u32 = 0x1;
    /// Method `NVC6C0_LOAD_INLINE_DATA` (byte offset).
    pub const LOAD_INLINE_DATA: u32 = 0x1b4;
    /// `NVC6C0_LOAD_INLINE_DATA_V`: bits 31:0 of method [`LOAD_INLINE_DATA`].
    pub const LOAD_INLINE_DATA_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_I2M_SEMAPHORE_A` (byte offset).
    pub const SET_I2M_SEMAPHORE_A: u32 = 0x1dc;
    /// `NVC6C0_SET_I2M_SEMAPHORE_A_OFFSET_UPPER`: bits 7:0 of method [`SET_I2M_SEMAPHORE_A`].
    pub const SET_I2M_SEMAPHORE_A_OFFSET_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_I2M_SEMAPHORE_B` (byte offset).
    pub const SET_I2M_SEMAPHORE_B: u32 = 0x1e0;
    /// `NVC6C0_SET_I2M_SEMAPHORE_B_OFFSET_LOWER`: bits 31:0 of method [`SET_I2M_SEMAPHORE_B`].
    pub const SET_I2M_SEMAPHORE_B_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_I2M_SEMAPHORE_C` (byte offset).
    pub const SET_I2M_SEMAPHORE_C: u32 = 0x1e4;
    /// `NVC6C0_SET_I2M_SEMAPHORE_C_PAYLOAD`: bits 31:0 of method [`SET_I2M_SEMAPHORE_C`].
    pub const SET_I2M_SEMAPHORE_C_PAYLOAD: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SM_SCG_CONTROL` (byte offset).
    pub const SET_SM_SCG_CONTROL: u32 = 0x1e8;
    /// `NVC6C0_SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS`: bit 0 of method [`SET_SM_SCG_CONTROL`].
    pub const SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_FALSE`: value of [`SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS`].
    pub const SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_TRUE`: value of [`SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS`].
    pub const SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_I2M_SPARE_NOOP00` (byte offset).
    pub const SET_I2M_SPARE_NOOP00: u32 = 0x1f0;
    /// `NVC6C0_SET_I2M_SPARE_NOOP00_V`: bits 31:0 of method [`SET_I2M_SPARE_NOOP00`].
    pub const SET_I2M_SPARE_NOOP00_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_I2M_SPARE_NOOP01` (byte offset).
    pub const SET_I2M_SPARE_NOOP01: u32 = 0x1f4;
    /// `NVC6C0_SET_I2M_SPARE_NOOP01_V`: bits 31:0 of method [`SET_I2M_SPARE_NOOP01`].
    pub const SET_I2M_SPARE_NOOP01_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_I2M_SPARE_NOOP02` (byte offset).
    pub const SET_I2M_SPARE_NOOP02: u32 = 0x1f8;
    /// `NVC6C0_SET_I2M_SPARE_NOOP02_V`: bits 31:0 of method [`SET_I2M_SPARE_NOOP02`].
    pub const SET_I2M_SPARE_NOOP02_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_I2M_SPARE_NOOP03` (byte offset).
    pub const SET_I2M_SPARE_NOOP03: u32 = 0x1fc;
    /// `NVC6C0_SET_I2M_SPARE_NOOP03_V`: bits 31:0 of method [`SET_I2M_SPARE_NOOP03`].
    pub const SET_I2M_SPARE_NOOP03_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_A` (byte offset).
    pub const SET_VALID_SPAN_OVERFLOW_AREA_A: u32 = 0x200;
    /// `NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_A_ADDRESS_UPPER`: bits 7:0 of method [`SET_VALID_SPAN_OVERFLOW_AREA_A`].
    pub const SET_VALID_SPAN_OVERFLOW_AREA_A_ADDRESS_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_B` (byte offset).
    pub const SET_VALID_SPAN_OVERFLOW_AREA_B: u32 = 0x204;
    /// `NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_B_ADDRESS_LOWER`: bits 31:0 of method [`SET_VALID_SPAN_OVERFLOW_AREA_B`].
    pub const SET_VALID_SPAN_OVERFLOW_AREA_B_ADDRESS_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_C` (byte offset).
    pub const SET_VALID_SPAN_OVERFLOW_AREA_C: u32 = 0x208;
    /// `NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_C_SIZE`: bits 31:0 of method [`SET_VALID_SPAN_OVERFLOW_AREA_C`].
    pub const SET_VALID_SPAN_OVERFLOW_AREA_C_SIZE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_PERFMON_TRANSFER` (byte offset).
    pub const PERFMON_TRANSFER: u32 = 0x210;
    /// `NVC6C0_PERFMON_TRANSFER_V`: bits 31:0 of method [`PERFMON_TRANSFER`].
    pub const PERFMON_TRANSFER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_QMD_VIRTUALIZATION_BASE_A` (byte offset).
    pub const SET_QMD_VIRTUALIZATION_BASE_A: u32 = 0x214;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_BASE_A_ADDRESS_UPPER`: bits 7:0 of method [`SET_QMD_VIRTUALIZATION_BASE_A`].
    pub const SET_QMD_VIRTUALIZATION_BASE_A_ADDRESS_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_QMD_VIRTUALIZATION_BASE_B` (byte offset).
    pub const SET_QMD_VIRTUALIZATION_BASE_B: u32 = 0x218;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_BASE_B_ADDRESS_LOWER`: bits 31:0 of method [`SET_QMD_VIRTUALIZATION_BASE_B`].
    pub const SET_QMD_VIRTUALIZATION_BASE_B_ADDRESS_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_INVALIDATE_SHADER_CACHES` (byte offset).
    pub const INVALIDATE_SHADER_CACHES: u32 = 0x21c;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_INSTRUCTION`: bit 0 of method [`INVALIDATE_SHADER_CACHES`].
    pub const INVALIDATE_SHADER_CACHES_INSTRUCTION: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_INSTRUCTION_FALSE`: value of [`INVALIDATE_SHADER_CACHES_INSTRUCTION`].
    pub const INVALIDATE_SHADER_CACHES_INSTRUCTION_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_INSTRUCTION_TRUE`: value of [`INVALIDATE_SHADER_CACHES_INSTRUCTION`].
    pub const INVALIDATE_SHADER_CACHES_INSTRUCTION_TRUE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_DATA`: bit 4 of method [`INVALIDATE_SHADER_CACHES`].
    pub const INVALIDATE_SHADER_CACHES_DATA: Bits = Bits { hi: 4, lo: 4 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_DATA_FALSE`: value of [`INVALIDATE_SHADER_CACHES_DATA`].
    pub const INVALIDATE_SHADER_CACHES_DATA_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_DATA_TRUE`: value of [`INVALIDATE_SHADER_CACHES_DATA`].
    pub const INVALIDATE_SHADER_CACHES_DATA_TRUE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_CONSTANT`: bit 12 of method [`INVALIDATE_SHADER_CACHES`].
    pub const INVALIDATE_SHADER_CACHES_CONSTANT: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_CONSTANT_FALSE`: value of [`INVALIDATE_SHADER_CACHES_CONSTANT`].
    pub const INVALIDATE_SHADER_CACHES_CONSTANT_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_CONSTANT_TRUE`: value of [`INVALIDATE_SHADER_CACHES_CONSTANT`].
    pub const INVALIDATE_SHADER_CACHES_CONSTANT_TRUE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_LOCKS`: bit 1 of method [`INVALIDATE_SHADER_CACHES`].
    pub const INVALIDATE_SHADER_CACHES_LOCKS: Bits = Bits { hi: 1, lo: 1 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_LOCKS_FALSE`: value of [`INVALIDATE_SHADER_CACHES_LOCKS`].
    pub const INVALIDATE_SHADER_CACHES_LOCKS_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_LOCKS_TRUE`: value of [`INVALIDATE_SHADER_CACHES_LOCKS`].
    pub const INVALIDATE_SHADER_CACHES_LOCKS_TRUE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_FLUSH_DATA`: bit 2 of method [`INVALIDATE_SHADER_CACHES`].
    pub const INVALIDATE_SHADER_CACHES_FLUSH_DATA: Bits = Bits { hi: 2, lo: 2 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_FLUSH_DATA_FALSE`: value of [`INVALIDATE_SHADER_CACHES_FLUSH_DATA`].
    pub const INVALIDATE_SHADER_CACHES_FLUSH_DATA_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_FLUSH_DATA_TRUE`: value of [`INVALIDATE_SHADER_CACHES_FLUSH_DATA`].
    pub const INVALIDATE_SHADER_CACHES_FLUSH_DATA_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD00` (byte offset).
    pub const SET_RESERVED_SW_METHOD00: u32 = 0x220;
    /// `NVC6C0_SET_RESERVED_SW_METHOD00_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD00`].
    pub const SET_RESERVED_SW_METHOD00_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD01` (byte offset).
    pub const SET_RESERVED_SW_METHOD01: u32 = 0x224;
    /// `NVC6C0_SET_RESERVED_SW_METHOD01_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD01`].
    pub const SET_RESERVED_SW_METHOD01_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD02` (byte offset).
    pub const SET_RESERVED_SW_METHOD02: u32 = 0x228;
    /// `NVC6C0_SET_RESERVED_SW_METHOD02_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD02`].
    pub const SET_RESERVED_SW_METHOD02_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD03` (byte offset).
    pub const SET_RESERVED_SW_METHOD03: u32 = 0x22c;
    /// `NVC6C0_SET_RESERVED_SW_METHOD03_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD03`].
    pub const SET_RESERVED_SW_METHOD03_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD04` (byte offset).
    pub const SET_RESERVED_SW_METHOD04: u32 = 0x230;
    /// `NVC6C0_SET_RESERVED_SW_METHOD04_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD04`].
    pub const SET_RESERVED_SW_METHOD04_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD05` (byte offset).
    pub const SET_RESERVED_SW_METHOD05: u32 = 0x234;
    /// `NVC6C0_SET_RESERVED_SW_METHOD05_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD05`].
    pub const SET_RESERVED_SW_METHOD05_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD06` (byte offset).
    pub const SET_RESERVED_SW_METHOD06: u32 = 0x238;
    /// `NVC6C0_SET_RESERVED_SW_METHOD06_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD06`].
    pub const SET_RESERVED_SW_METHOD06_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD07` (byte offset).
    pub const SET_RESERVED_SW_METHOD07: u32 = 0x23c;
    /// `NVC6C0_SET_RESERVED_SW_METHOD07_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD07`].
    pub const SET_RESERVED_SW_METHOD07_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI` (byte offset).
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI: u32 = 0x244;
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES`: bit 0 of method [`INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ALL`: value of [`INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ALL: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ONE`: value of [`INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ONE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_TAG`: bits 25:4 of method [`INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_TAG: Bits = Bits { hi: 25, lo: 4 };
    /// Method `NVC6C0_SET_CWD_REF_COUNTER` (byte offset).
    pub const SET_CWD_REF_COUNTER: u32 = 0x248;
    /// `NVC6C0_SET_CWD_REF_COUNTER_SELECT`: bits 5:0 of method [`SET_CWD_REF_COUNTER`].
    pub const SET_CWD_REF_COUNTER_SELECT: Bits = Bits { hi: 5, lo: 0 };
    /// `NVC6C0_SET_CWD_REF_COUNTER_VALUE`: bits 23:8 of method [`SET_CWD_REF_COUNTER`].
    pub const SET_CWD_REF_COUNTER_VALUE: Bits = Bits { hi: 23, lo: 8 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD08` (byte offset).
    pub const SET_RESERVED_SW_METHOD08: u32 = 0x24c;
    /// `NVC6C0_SET_RESERVED_SW_METHOD08_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD08`].
    pub const SET_RESERVED_SW_METHOD08_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD09` (byte offset).
    pub const SET_RESERVED_SW_METHOD09: u32 = 0x250;
    /// `NVC6C0_SET_RESERVED_SW_METHOD09_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD09`].
    pub const SET_RESERVED_SW_METHOD09_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD10` (byte offset).
    pub const SET_RESERVED_SW_METHOD10: u32 = 0x254;
    /// `NVC6C0_SET_RESERVED_SW_METHOD10_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD10`].
    pub const SET_RESERVED_SW_METHOD10_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD11` (byte offset).
    pub const SET_RESERVED_SW_METHOD11: u32 = 0x258;
    /// `NVC6C0_SET_RESERVED_SW_METHOD11_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD11`].
    pub const SET_RESERVED_SW_METHOD11_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD12` (byte offset).
    pub const SET_RESERVED_SW_METHOD12: u32 = 0x25c;
    /// `NVC6C0_SET_RESERVED_SW_METHOD12_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD12`].
    pub const SET_RESERVED_SW_METHOD12_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD13` (byte offset).
    pub const SET_RESERVED_SW_METHOD13: u32 = 0x260;
    /// `NVC6C0_SET_RESERVED_SW_METHOD13_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD13`].
    pub const SET_RESERVED_SW_METHOD13_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD14` (byte offset).
    pub const SET_RESERVED_SW_METHOD14: u32 = 0x264;
    /// `NVC6C0_SET_RESERVED_SW_METHOD14_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD14`].
    pub const SET_RESERVED_SW_METHOD14_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RESERVED_SW_METHOD15` (byte offset).
    pub const SET_RESERVED_SW_METHOD15: u32 = 0x268;
    /// `NVC6C0_SET_RESERVED_SW_METHOD15_V`: bits 31:0 of method [`SET_RESERVED_SW_METHOD15`].
    pub const SET_RESERVED_SW_METHOD15_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SCG_CONTROL` (byte offset).
    pub const SET_SCG_CONTROL: u32 = 0x270;
    /// `NVC6C0_SET_SCG_CONTROL_COMPUTE1_MAX_SM_COUNT`: bits 8:0 of method [`SET_SCG_CONTROL`].
    pub const SET_SCG_CONTROL_COMPUTE1_MAX_SM_COUNT: Bits = Bits { hi: 8, lo: 0 };
    /// `NVC6C0_SET_SCG_CONTROL_COMPUTE1_MIN_SM_COUNT`: bits 20:12 of method [`SET_SCG_CONTROL`].
    pub const SET_SCG_CONTROL_COMPUTE1_MIN_SM_COUNT: Bits = Bits { hi: 20, lo: 12 };
    /// `NVC6C0_SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE`: bit 24 of method [`SET_SCG_CONTROL`].
    pub const SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE: Bits = Bits { hi: 24, lo: 24 };
    /// `NVC6C0_SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_FALSE`: value of [`SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE`].
    pub const SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_TRUE`: value of [`SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE`].
    pub const SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_COMPUTE_CLASS_VERSION` (byte offset).
    pub const SET_COMPUTE_CLASS_VERSION: u32 = 0x280;
    /// `NVC6C0_SET_COMPUTE_CLASS_VERSION_CURRENT`: bits 15:0 of method [`SET_COMPUTE_CLASS_VERSION`].
    pub const SET_COMPUTE_CLASS_VERSION_CURRENT: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6C0_SET_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED`: bits 31:16 of method [`SET_COMPUTE_CLASS_VERSION`].
    pub const SET_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED: Bits = Bits { hi: 31, lo: 16 };
    /// Method `NVC6C0_CHECK_COMPUTE_CLASS_VERSION` (byte offset).
    pub const CHECK_COMPUTE_CLASS_VERSION: u32 = 0x284;
    /// `NVC6C0_CHECK_COMPUTE_CLASS_VERSION_CURRENT`: bits 15:0 of method [`CHECK_COMPUTE_CLASS_VERSION`].
    pub const CHECK_COMPUTE_CLASS_VERSION_CURRENT: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6C0_CHECK_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED`: bits 31:16 of method [`CHECK_COMPUTE_CLASS_VERSION`].
    pub const CHECK_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED: Bits = Bits { hi: 31, lo: 16 };
    /// Method `NVC6C0_SET_QMD_VERSION` (byte offset).
    pub const SET_QMD_VERSION: u32 = 0x288;
    /// `NVC6C0_SET_QMD_VERSION_CURRENT`: bits 15:0 of method [`SET_QMD_VERSION`].
    pub const SET_QMD_VERSION_CURRENT: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6C0_SET_QMD_VERSION_OLDEST_SUPPORTED`: bits 31:16 of method [`SET_QMD_VERSION`].
    pub const SET_QMD_VERSION_OLDEST_SUPPORTED: Bits = Bits { hi: 31, lo: 16 };
    /// Method `NVC6C0_CHECK_QMD_VERSION` (byte offset).
    pub const CHECK_QMD_VERSION: u32 = 0x290;
    /// `NVC6C0_CHECK_QMD_VERSION_CURRENT`: bits 15:0 of method [`CHECK_QMD_VERSION`].
    pub const CHECK_QMD_VERSION_CURRENT: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6C0_CHECK_QMD_VERSION_OLDEST_SUPPORTED`: bits 31:16 of method [`CHECK_QMD_VERSION`].
    pub const CHECK_QMD_VERSION_OLDEST_SUPPORTED: Bits = Bits { hi: 31, lo: 16 };
    /// Method `NVC6C0_INVALIDATE_SKED_CACHES` (byte offset).
    pub const INVALIDATE_SKED_CACHES: u32 = 0x298;
    /// `NVC6C0_INVALIDATE_SKED_CACHES_V`: bit 0 of method [`INVALIDATE_SKED_CACHES`].
    pub const INVALIDATE_SKED_CACHES_V: Bits = Bits { hi: 0, lo: 0 };
    /// Method `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL` (byte offset).
    pub const SET_QMD_VIRTUALIZATION_CONTROL: u32 = 0x29c;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_CONSTANT_BUFFER_MASK`: bits 7:0 of method [`SET_QMD_VIRTUALIZATION_CONTROL`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_CONSTANT_BUFFER_MASK: Bits = Bits { hi: 7, lo: 0 };
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE`: bit 8 of method [`SET_QMD_VIRTUALIZATION_CONTROL`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE: Bits = Bits { hi: 8, lo: 8 };
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_FALSE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_TRUE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE`: bit 12 of method [`SET_QMD_VIRTUALIZATION_CONTROL`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_FALSE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_TRUE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE`: bit 16 of method [`SET_QMD_VIRTUALIZATION_CONTROL`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE: Bits = Bits { hi: 16, lo: 16 };
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_FALSE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_TRUE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE`: bit 20 of method [`SET_QMD_VIRTUALIZATION_CONTROL`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE: Bits = Bits { hi: 20, lo: 20 };
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_FALSE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_TRUE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE`: bit 24 of method [`SET_QMD_VIRTUALIZATION_CONTROL`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE: Bits = Bits { hi: 24, lo: 24 };
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_FALSE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_TRUE`: value of [`SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE`].
    pub const SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_A` (byte offset).
    pub const SET_SHADER_SHARED_MEMORY_WINDOW_A: u32 = 0x2a0;
    /// `NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER`: bits 16:0 of method [`SET_SHADER_SHARED_MEMORY_WINDOW_A`].
    pub const SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_B` (byte offset).
    pub const SET_SHADER_SHARED_MEMORY_WINDOW_B: u32 = 0x2a4;
    /// `NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_B_BASE_ADDRESS`: bits 31:0 of method [`SET_SHADER_SHARED_MEMORY_WINDOW_B`].
    pub const SET_SHADER_SHARED_MEMORY_WINDOW_B_BASE_ADDRESS: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SCG_HYSTERESIS_CONTROL` (byte offset).
    pub const SCG_HYSTERESIS_CONTROL: u32 = 0x2a8;
    /// `NVC6C0_SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE`: bit 0 of method [`SCG_HYSTERESIS_CONTROL`].
    pub const SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_FALSE`: value of [`SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE`].
    pub const SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_FALSE: u32 = 0x0;
    /// `NVC6C0_SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_TRUE`: value of [`SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE`].
    pub const SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_TRUE: u32 = 0x1;
    /// `NVC6C0_SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE`: bit 1 of method [`SCG_HYSTERESIS_CONTROL`].
    pub const SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE: Bits = Bits { hi: 1, lo: 1 };
    /// `NVC6C0_SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_FALSE`: value of [`SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE`].
    pub const SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_FALSE: u32 = 0x0;
    /// `NVC6C0_SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_TRUE`: value of [`SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE`].
    pub const SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_CWD_SLOT_COUNT` (byte offset).
    pub const SET_CWD_SLOT_COUNT: u32 = 0x2b0;
    /// `NVC6C0_SET_CWD_SLOT_COUNT_V`: bits 7:0 of method [`SET_CWD_SLOT_COUNT`].
    pub const SET_CWD_SLOT_COUNT_V: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SEND_PCAS_A` (byte offset).
    pub const SEND_PCAS_A: u32 = 0x2b4;
    /// `NVC6C0_SEND_PCAS_A_QMD_ADDRESS_SHIFTED8`: bits 31:0 of method [`SEND_PCAS_A`].
    pub const SEND_PCAS_A_QMD_ADDRESS_SHIFTED8: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SEND_PCAS_B` (byte offset).
    pub const SEND_PCAS_B: u32 = 0x2b8;
    /// `NVC6C0_SEND_PCAS_B_FROM`: bits 23:0 of method [`SEND_PCAS_B`].
    pub const SEND_PCAS_B_FROM: Bits = Bits { hi: 23, lo: 0 };
    /// `NVC6C0_SEND_PCAS_B_DELTA`: bits 31:24 of method [`SEND_PCAS_B`].
    pub const SEND_PCAS_B_DELTA: Bits = Bits { hi: 31, lo: 24 };
    /// Method `NVC6C0_SEND_SIGNALING_PCAS_B` (byte offset).
    pub const SEND_SIGNALING_PCAS_B: u32 = 0x2bc;
    /// `NVC6C0_SEND_SIGNALING_PCAS_B_INVALIDATE`: bit 0 of method [`SEND_SIGNALING_PCAS_B`].
    pub const SEND_SIGNALING_PCAS_B_INVALIDATE: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SEND_SIGNALING_PCAS_B_INVALIDATE_FALSE`: value of [`SEND_SIGNALING_PCAS_B_INVALIDATE`].
    pub const SEND_SIGNALING_PCAS_B_INVALIDATE_FALSE: u32 = 0x0;
    /// `NVC6C0_SEND_SIGNALING_PCAS_B_INVALIDATE_TRUE`: value of [`SEND_SIGNALING_PCAS_B_INVALIDATE`].
    pub const SEND_SIGNALING_PCAS_B_INVALIDATE_TRUE: u32 = 0x1;
    /// `NVC6C0_SEND_SIGNALING_PCAS_B_SCHEDULE`: bit 1 of method [`SEND_SIGNALING_PCAS_B`].
    pub const SEND_SIGNALING_PCAS_B_SCHEDULE: Bits = Bits { hi: 1, lo: 1 };
    /// `NVC6C0_SEND_SIGNALING_PCAS_B_SCHEDULE_FALSE`: value of [`SEND_SIGNALING_PCAS_B_SCHEDULE`].
    pub const SEND_SIGNALING_PCAS_B_SCHEDULE_FALSE: u32 = 0x0;
    /// `NVC6C0_SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE`: value of [`SEND_SIGNALING_PCAS_B_SCHEDULE`].
    pub const SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SEND_SIGNALING_PCAS2_B` (byte offset).
    pub const SEND_SIGNALING_PCAS2_B: u32 = 0x2c0;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION`: bits 3:0 of method [`SEND_SIGNALING_PCAS2_B`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION: Bits = Bits { hi: 3, lo: 0 };
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_NOP`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_NOP: u32 = 0x0;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE: u32 = 0x1;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_SCHEDULE`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_SCHEDULE: u32 = 0x2;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE: u32 = 0x3;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INCREMENT_PUT`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INCREMENT_PUT: u32 = 0x6;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_DECREMENT_DEPENDENCE`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_DECREMENT_DEPENDENCE: u32 = 0x7;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH: u32 = 0x8;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH_SCHEDULE`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH_SCHEDULE: u32 = 0x9;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_SCHEDULE`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_SCHEDULE: u32 = 0xa;
    /// `NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_FORCE_REQUIRE_SCHEDULING`: value of [`SEND_SIGNALING_PCAS2_B_PCAS_ACTION`].
    pub const SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_FORCE_REQUIRE_SCHEDULING: u32 = 0xb;
    /// Method `NVC6C0_SET_SKED_CACHE_CONTROL` (byte offset).
    pub const SET_SKED_CACHE_CONTROL: u32 = 0x2cc;
    /// `NVC6C0_SET_SKED_CACHE_CONTROL_IGNORE_VEID`: bit 0 of method [`SET_SKED_CACHE_CONTROL`].
    pub const SET_SKED_CACHE_CONTROL_IGNORE_VEID: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SET_SKED_CACHE_CONTROL_IGNORE_VEID_FALSE`: value of [`SET_SKED_CACHE_CONTROL_IGNORE_VEID`].
    pub const SET_SKED_CACHE_CONTROL_IGNORE_VEID_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_SKED_CACHE_CONTROL_IGNORE_VEID_TRUE`: value of [`SET_SKED_CACHE_CONTROL_IGNORE_VEID`].
    pub const SET_SKED_CACHE_CONTROL_IGNORE_VEID_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A: u32 = 0x2e4;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A_SIZE_UPPER`: bits 7:0 of method [`SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A`].
    pub const SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A_SIZE_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B: u32 = 0x2e8;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B_SIZE_LOWER`: bits 31:0 of method [`SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B`].
    pub const SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B_SIZE_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C: u32 = 0x2ec;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C_MAX_SM_COUNT`: bits 8:0 of method [`SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C`].
    pub const SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C_MAX_SM_COUNT: Bits = Bits { hi: 8, lo: 0 };
    /// Method `NVC6C0_SET_SPA_VERSION` (byte offset).
    pub const SET_SPA_VERSION: u32 = 0x310;
    /// `NVC6C0_SET_SPA_VERSION_MINOR`: bits 7:0 of method [`SET_SPA_VERSION`].
    pub const SET_SPA_VERSION_MINOR: Bits = Bits { hi: 7, lo: 0 };
    /// `NVC6C0_SET_SPA_VERSION_MAJOR`: bits 15:8 of method [`SET_SPA_VERSION`].
    pub const SET_SPA_VERSION_MAJOR: Bits = Bits { hi: 15, lo: 8 };
    /// Method `NVC6C0_SET_INLINE_QMD_ADDRESS_A` (byte offset).
    pub const SET_INLINE_QMD_ADDRESS_A: u32 = 0x318;
    /// `NVC6C0_SET_INLINE_QMD_ADDRESS_A_QMD_ADDRESS_SHIFTED8_UPPER`: bits 31:0 of method [`SET_INLINE_QMD_ADDRESS_A`].
    pub const SET_INLINE_QMD_ADDRESS_A_QMD_ADDRESS_SHIFTED8_UPPER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_INLINE_QMD_ADDRESS_B` (byte offset).
    pub const SET_INLINE_QMD_ADDRESS_B: u32 = 0x31c;
    /// `NVC6C0_SET_INLINE_QMD_ADDRESS_B_QMD_ADDRESS_SHIFTED8_LOWER`: bits 31:0 of method [`SET_INLINE_QMD_ADDRESS_B`].
    pub const SET_INLINE_QMD_ADDRESS_B_QMD_ADDRESS_SHIFTED8_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC6C0_LOAD_INLINE_QMD_DATA_V`: bits 31:0.
    pub const LOAD_INLINE_QMD_DATA_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON00` (byte offset).
    pub const SET_FALCON00: u32 = 0x500;
    /// `NVC6C0_SET_FALCON00_V`: bits 31:0 of method [`SET_FALCON00`].
    pub const SET_FALCON00_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON01` (byte offset).
    pub const SET_FALCON01: u32 = 0x504;
    /// `NVC6C0_SET_FALCON01_V`: bits 31:0 of method [`SET_FALCON01`].
    pub const SET_FALCON01_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON02` (byte offset).
    pub const SET_FALCON02: u32 = 0x508;
    /// `NVC6C0_SET_FALCON02_V`: bits 31:0 of method [`SET_FALCON02`].
    pub const SET_FALCON02_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON03` (byte offset).
    pub const SET_FALCON03: u32 = 0x50c;
    /// `NVC6C0_SET_FALCON03_V`: bits 31:0 of method [`SET_FALCON03`].
    pub const SET_FALCON03_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON04` (byte offset).
    pub const SET_FALCON04: u32 = 0x510;
    /// `NVC6C0_SET_FALCON04_V`: bits 31:0 of method [`SET_FALCON04`].
    pub const SET_FALCON04_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON05` (byte offset).
    pub const SET_FALCON05: u32 = 0x514;
    /// `NVC6C0_SET_FALCON05_V`: bits 31:0 of method [`SET_FALCON05`].
    pub const SET_FALCON05_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON06` (byte offset).
    pub const SET_FALCON06: u32 = 0x518;
    /// `NVC6C0_SET_FALCON06_V`: bits 31:0 of method [`SET_FALCON06`].
    pub const SET_FALCON06_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON07` (byte offset).
    pub const SET_FALCON07: u32 = 0x51c;
    /// `NVC6C0_SET_FALCON07_V`: bits 31:0 of method [`SET_FALCON07`].
    pub const SET_FALCON07_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON08` (byte offset).
    pub const SET_FALCON08: u32 = 0x520;
    /// `NVC6C0_SET_FALCON08_V`: bits 31:0 of method [`SET_FALCON08`].
    pub const SET_FALCON08_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON09` (byte offset).
    pub const SET_FALCON09: u32 = 0x524;
    /// `NVC6C0_SET_FALCON09_V`: bits 31:0 of method [`SET_FALCON09`].
    pub const SET_FALCON09_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON10` (byte offset).
    pub const SET_FALCON10: u32 = 0x528;
    /// `NVC6C0_SET_FALCON10_V`: bits 31:0 of method [`SET_FALCON10`].
    pub const SET_FALCON10_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON11` (byte offset).
    pub const SET_FALCON11: u32 = 0x52c;
    /// `NVC6C0_SET_FALCON11_V`: bits 31:0 of method [`SET_FALCON11`].
    pub const SET_FALCON11_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON12` (byte offset).
    pub const SET_FALCON12: u32 = 0x530;
    /// `NVC6C0_SET_FALCON12_V`: bits 31:0 of method [`SET_FALCON12`].
    pub const SET_FALCON12_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON13` (byte offset).
    pub const SET_FALCON13: u32 = 0x534;
    /// `NVC6C0_SET_FALCON13_V`: bits 31:0 of method [`SET_FALCON13`].
    pub const SET_FALCON13_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON14` (byte offset).
    pub const SET_FALCON14: u32 = 0x538;
    /// `NVC6C0_SET_FALCON14_V`: bits 31:0 of method [`SET_FALCON14`].
    pub const SET_FALCON14_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_FALCON15` (byte offset).
    pub const SET_FALCON15: u32 = 0x53c;
    /// `NVC6C0_SET_FALCON15_V`: bits 31:0 of method [`SET_FALCON15`].
    pub const SET_FALCON15_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_A` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_A: u32 = 0x790;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER`: bits 16:0 of method [`SET_SHADER_LOCAL_MEMORY_A`].
    pub const SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_B` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_B: u32 = 0x794;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_B_ADDRESS_LOWER`: bits 31:0 of method [`SET_SHADER_LOCAL_MEMORY_B`].
    pub const SET_SHADER_LOCAL_MEMORY_B_ADDRESS_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_WINDOW_A: u32 = 0x7b0;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER`: bits 16:0 of method [`SET_SHADER_LOCAL_MEMORY_WINDOW_A`].
    pub const SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B` (byte offset).
    pub const SET_SHADER_LOCAL_MEMORY_WINDOW_B: u32 = 0x7b4;
    /// `NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B_BASE_ADDRESS`: bits 31:0 of method [`SET_SHADER_LOCAL_MEMORY_WINDOW_B`].
    pub const SET_SHADER_LOCAL_MEMORY_WINDOW_B_BASE_ADDRESS: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_CACHE_CONTROL` (byte offset).
    pub const SET_SHADER_CACHE_CONTROL: u32 = 0xd94;
    /// `NVC6C0_SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE`: bit 0 of method [`SET_SHADER_CACHE_CONTROL`].
    pub const SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_FALSE`: value of [`SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE`].
    pub const SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_TRUE`: value of [`SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE`].
    pub const SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_SCG_COMPUTE_SCHEDULING_PARAMETERS_V`: bits 31:0.
    pub const SET_SCG_COMPUTE_SCHEDULING_PARAMETERS_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SM_TIMEOUT_INTERVAL` (byte offset).
    pub const SET_SM_TIMEOUT_INTERVAL: u32 = 0xde4;
    /// `NVC6C0_SET_SM_TIMEOUT_INTERVAL_COUNTER_BIT`: bits 5:0 of method [`SET_SM_TIMEOUT_INTERVAL`].
    pub const SET_SM_TIMEOUT_INTERVAL_COUNTER_BIT: Bits = Bits { hi: 5, lo: 0 };
    /// Method `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI` (byte offset).
    pub const INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI: u32 = 0x1288;
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES`: bit 0 of method [`INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ALL`: value of [`INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ALL: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ONE`: value of [`INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ONE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_TAG`: bits 25:4 of method [`INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_TAG: Bits = Bits { hi: 25, lo: 4 };
    /// Method `NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT` (byte offset).
    pub const ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT: u32 = 0x12a8;
    /// `NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL`: bit 0 of method [`ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT`].
    pub const ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_FALSE`: value of [`ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL`].
    pub const ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_FALSE: u32 = 0x0;
    /// `NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_TRUE`: value of [`ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL`].
    pub const ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_TRUE: u32 = 0x1;
    /// Method `NVC6C0_INVALIDATE_SAMPLER_CACHE` (byte offset).
    pub const INVALIDATE_SAMPLER_CACHE: u32 = 0x1330;
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_LINES`: bit 0 of method [`INVALIDATE_SAMPLER_CACHE`].
    pub const INVALIDATE_SAMPLER_CACHE_LINES: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_LINES_ALL`: value of [`INVALIDATE_SAMPLER_CACHE_LINES`].
    pub const INVALIDATE_SAMPLER_CACHE_LINES_ALL: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_LINES_ONE`: value of [`INVALIDATE_SAMPLER_CACHE_LINES`].
    pub const INVALIDATE_SAMPLER_CACHE_LINES_ONE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_TAG`: bits 25:4 of method [`INVALIDATE_SAMPLER_CACHE`].
    pub const INVALIDATE_SAMPLER_CACHE_TAG: Bits = Bits { hi: 25, lo: 4 };
    /// Method `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE` (byte offset).
    pub const INVALIDATE_TEXTURE_HEADER_CACHE: u32 = 0x1334;
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_LINES`: bit 0 of method [`INVALIDATE_TEXTURE_HEADER_CACHE`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_LINES: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ALL`: value of [`INVALIDATE_TEXTURE_HEADER_CACHE_LINES`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ALL: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ONE`: value of [`INVALIDATE_TEXTURE_HEADER_CACHE_LINES`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ONE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_TAG`: bits 25:4 of method [`INVALIDATE_TEXTURE_HEADER_CACHE`].
    pub const INVALIDATE_TEXTURE_HEADER_CACHE_TAG: Bits = Bits { hi: 25, lo: 4 };
    /// Method `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE` (byte offset).
    pub const INVALIDATE_TEXTURE_DATA_CACHE: u32 = 0x1338;
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_LINES`: bit 0 of method [`INVALIDATE_TEXTURE_DATA_CACHE`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_LINES: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_LINES_ALL`: value of [`INVALIDATE_TEXTURE_DATA_CACHE_LINES`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_LINES_ALL: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_LINES_ONE`: value of [`INVALIDATE_TEXTURE_DATA_CACHE_LINES`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_LINES_ONE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_TAG`: bits 25:4 of method [`INVALIDATE_TEXTURE_DATA_CACHE`].
    pub const INVALIDATE_TEXTURE_DATA_CACHE_TAG: Bits = Bits { hi: 25, lo: 4 };
    /// Method `NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI` (byte offset).
    pub const INVALIDATE_SAMPLER_CACHE_NO_WFI: u32 = 0x1424;
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES`: bit 0 of method [`INVALIDATE_SAMPLER_CACHE_NO_WFI`].
    pub const INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ALL`: value of [`INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES`].
    pub const INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ALL: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ONE`: value of [`INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES`].
    pub const INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ONE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_TAG`: bits 25:4 of method [`INVALIDATE_SAMPLER_CACHE_NO_WFI`].
    pub const INVALIDATE_SAMPLER_CACHE_NO_WFI_TAG: Bits = Bits { hi: 25, lo: 4 };
    /// Method `NVC6C0_SET_SHADER_EXCEPTIONS` (byte offset).
    pub const SET_SHADER_EXCEPTIONS: u32 = 0x1528;
    /// `NVC6C0_SET_SHADER_EXCEPTIONS_ENABLE`: bit 0 of method [`SET_SHADER_EXCEPTIONS`].
    pub const SET_SHADER_EXCEPTIONS_ENABLE: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SET_SHADER_EXCEPTIONS_ENABLE_FALSE`: value of [`SET_SHADER_EXCEPTIONS_ENABLE`].
    pub const SET_SHADER_EXCEPTIONS_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_SHADER_EXCEPTIONS_ENABLE_TRUE`: value of [`SET_SHADER_EXCEPTIONS_ENABLE`].
    pub const SET_SHADER_EXCEPTIONS_ENABLE_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_RENDER_ENABLE_A` (byte offset).
    pub const SET_RENDER_ENABLE_A: u32 = 0x1550;
    /// `NVC6C0_SET_RENDER_ENABLE_A_OFFSET_UPPER`: bits 7:0 of method [`SET_RENDER_ENABLE_A`].
    pub const SET_RENDER_ENABLE_A_OFFSET_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_RENDER_ENABLE_B` (byte offset).
    pub const SET_RENDER_ENABLE_B: u32 = 0x1554;
    /// `NVC6C0_SET_RENDER_ENABLE_B_OFFSET_LOWER`: bits 31:0 of method [`SET_RENDER_ENABLE_B`].
    pub const SET_RENDER_ENABLE_B_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_RENDER_ENABLE_C` (byte offset).
    pub const SET_RENDER_ENABLE_C: u32 = 0x1558;
    /// `NVC6C0_SET_RENDER_ENABLE_C_MODE`: bits 2:0 of method [`SET_RENDER_ENABLE_C`].
    pub const SET_RENDER_ENABLE_C_MODE: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC6C0_SET_RENDER_ENABLE_C_MODE_FALSE`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_RENDER_ENABLE_C_MODE_TRUE`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_RENDER_ENABLE_C_MODE_CONDITIONAL`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_CONDITIONAL: u32 = 0x2;
    /// `NVC6C0_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL: u32 = 0x3;
    /// `NVC6C0_SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL: u32 = 0x4;
    /// Method `NVC6C0_SET_TEX_SAMPLER_POOL_A` (byte offset).
    pub const SET_TEX_SAMPLER_POOL_A: u32 = 0x155c;
    /// `NVC6C0_SET_TEX_SAMPLER_POOL_A_OFFSET_UPPER`: bits 16:0 of method [`SET_TEX_SAMPLER_POOL_A`].
    pub const SET_TEX_SAMPLER_POOL_A_OFFSET_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_SET_TEX_SAMPLER_POOL_B` (byte offset).
    pub const SET_TEX_SAMPLER_POOL_B: u32 = 0x1560;
    /// `NVC6C0_SET_TEX_SAMPLER_POOL_B_OFFSET_LOWER`: bits 31:0 of method [`SET_TEX_SAMPLER_POOL_B`].
    pub const SET_TEX_SAMPLER_POOL_B_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_TEX_SAMPLER_POOL_C` (byte offset).
    pub const SET_TEX_SAMPLER_POOL_C: u32 = 0x1564;
    /// `NVC6C0_SET_TEX_SAMPLER_POOL_C_MAXIMUM_INDEX`: bits 19:0 of method [`SET_TEX_SAMPLER_POOL_C`].
    pub const SET_TEX_SAMPLER_POOL_C_MAXIMUM_INDEX: Bits = Bits { hi: 19, lo: 0 };
    /// Method `NVC6C0_SET_TEX_HEADER_POOL_A` (byte offset).
    pub const SET_TEX_HEADER_POOL_A: u32 = 0x1574;
    /// `NVC6C0_SET_TEX_HEADER_POOL_A_OFFSET_UPPER`: bits 16:0 of method [`SET_TEX_HEADER_POOL_A`].
    pub const SET_TEX_HEADER_POOL_A_OFFSET_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_SET_TEX_HEADER_POOL_B` (byte offset).
    pub const SET_TEX_HEADER_POOL_B: u32 = 0x1578;
    /// `NVC6C0_SET_TEX_HEADER_POOL_B_OFFSET_LOWER`: bits 31:0 of method [`SET_TEX_HEADER_POOL_B`].
    pub const SET_TEX_HEADER_POOL_B_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_TEX_HEADER_POOL_C` (byte offset).
    pub const SET_TEX_HEADER_POOL_C: u32 = 0x157c;
    /// `NVC6C0_SET_TEX_HEADER_POOL_C_MAXIMUM_INDEX`: bits 21:0 of method [`SET_TEX_HEADER_POOL_C`].
    pub const SET_TEX_HEADER_POOL_C_MAXIMUM_INDEX: Bits = Bits { hi: 21, lo: 0 };
    /// Method `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI` (byte offset).
    pub const INVALIDATE_SHADER_CACHES_NO_WFI: u32 = 0x1698;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION`: bit 0 of method [`INVALIDATE_SHADER_CACHES_NO_WFI`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_FALSE`: value of [`INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_TRUE`: value of [`INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_TRUE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA`: bit 4 of method [`INVALIDATE_SHADER_CACHES_NO_WFI`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA: Bits = Bits { hi: 4, lo: 4 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_FALSE`: value of [`INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_TRUE`: value of [`INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_TRUE: u32 = 0x1;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT`: bit 12 of method [`INVALIDATE_SHADER_CACHES_NO_WFI`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_FALSE`: value of [`INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_FALSE: u32 = 0x0;
    /// `NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_TRUE`: value of [`INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT`].
    pub const INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_RENDER_ENABLE_OVERRIDE` (byte offset).
    pub const SET_RENDER_ENABLE_OVERRIDE: u32 = 0x1944;
    /// `NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE`: bits 1:0 of method [`SET_RENDER_ENABLE_OVERRIDE`].
    pub const SET_RENDER_ENABLE_OVERRIDE_MODE: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE_USE_RENDER_ENABLE`: value of [`SET_RENDER_ENABLE_OVERRIDE_MODE`].
    pub const SET_RENDER_ENABLE_OVERRIDE_MODE_USE_RENDER_ENABLE: u32 = 0x0;
    /// `NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE_ALWAYS_RENDER`: value of [`SET_RENDER_ENABLE_OVERRIDE_MODE`].
    pub const SET_RENDER_ENABLE_OVERRIDE_MODE_ALWAYS_RENDER: u32 = 0x1;
    /// `NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE_NEVER_RENDER`: value of [`SET_RENDER_ENABLE_OVERRIDE_MODE`].
    pub const SET_RENDER_ENABLE_OVERRIDE_MODE_NEVER_RENDER: u32 = 0x2;
    /// Method `NVC6C0_PIPE_NOP` (byte offset).
    pub const PIPE_NOP: u32 = 0x1a2c;
    /// `NVC6C0_PIPE_NOP_V`: bits 31:0 of method [`PIPE_NOP`].
    pub const PIPE_NOP_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SPARE00` (byte offset).
    pub const SET_SPARE00: u32 = 0x1a30;
    /// `NVC6C0_SET_SPARE00_V`: bits 31:0 of method [`SET_SPARE00`].
    pub const SET_SPARE00_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SPARE01` (byte offset).
    pub const SET_SPARE01: u32 = 0x1a34;
    /// `NVC6C0_SET_SPARE01_V`: bits 31:0 of method [`SET_SPARE01`].
    pub const SET_SPARE01_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SPARE02` (byte offset).
    pub const SET_SPARE02: u32 = 0x1a38;
    /// `NVC6C0_SET_SPARE02_V`: bits 31:0 of method [`SET_SPARE02`].
    pub const SET_SPARE02_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SPARE03` (byte offset).
    pub const SET_SPARE03: u32 = 0x1a3c;
    /// `NVC6C0_SET_SPARE03_V`: bits 31:0 of method [`SET_SPARE03`].
    pub const SET_SPARE03_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_REPORT_SEMAPHORE_A` (byte offset).
    pub const SET_REPORT_SEMAPHORE_A: u32 = 0x1b00;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_A_OFFSET_UPPER`: bits 7:0 of method [`SET_REPORT_SEMAPHORE_A`].
    pub const SET_REPORT_SEMAPHORE_A_OFFSET_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_REPORT_SEMAPHORE_B` (byte offset).
    pub const SET_REPORT_SEMAPHORE_B: u32 = 0x1b04;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_B_OFFSET_LOWER`: bits 31:0 of method [`SET_REPORT_SEMAPHORE_B`].
    pub const SET_REPORT_SEMAPHORE_B_OFFSET_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_REPORT_SEMAPHORE_C` (byte offset).
    pub const SET_REPORT_SEMAPHORE_C: u32 = 0x1b08;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_C_PAYLOAD`: bits 31:0 of method [`SET_REPORT_SEMAPHORE_C`].
    pub const SET_REPORT_SEMAPHORE_C_PAYLOAD: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_REPORT_SEMAPHORE_D` (byte offset).
    pub const SET_REPORT_SEMAPHORE_D: u32 = 0x1b0c;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_OPERATION`: bits 1:0 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_OPERATION: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE`: value of [`SET_REPORT_SEMAPHORE_D_OPERATION`].
    pub const SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_OPERATION_TRAP`: value of [`SET_REPORT_SEMAPHORE_D_OPERATION`].
    pub const SET_REPORT_SEMAPHORE_D_OPERATION_TRAP: u32 = 0x3;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE`: bit 20 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE: Bits = Bits { hi: 20, lo: 20 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_FALSE`: value of [`SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE`].
    pub const SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_TRUE`: value of [`SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE`].
    pub const SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE`: bit 28 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE: Bits = Bits { hi: 28, lo: 28 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_FOUR_WORDS`: value of [`SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE`].
    pub const SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_FOUR_WORDS: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD`: value of [`SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE`].
    pub const SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD: u32 = 0x1;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE`: bit 2 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE: Bits = Bits { hi: 2, lo: 2 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_FALSE`: value of [`SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE`].
    pub const SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_TRUE`: value of [`SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE`].
    pub const SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE`: bit 3 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE: Bits = Bits { hi: 3, lo: 3 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_FALSE`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_TRUE`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP`: bits 11:9 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP: Bits = Bits { hi: 11, lo: 9 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_ADD`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_ADD: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MIN`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MIN: u32 = 0x1;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MAX`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MAX: u32 = 0x2;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_INC`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_INC: u32 = 0x3;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_DEC`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_DEC: u32 = 0x4;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_AND`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_AND: u32 = 0x5;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_OR`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_OR: u32 = 0x6;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_XOR`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_OP`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_XOR: u32 = 0x7;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT`: bits 18:17 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT: Bits = Bits { hi: 18, lo: 17 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_UNSIGNED_32`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_UNSIGNED_32: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_SIGNED_32`: value of [`SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT`].
    pub const SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_SIGNED_32: u32 = 0x1;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP`: bit 19 of method [`SET_REPORT_SEMAPHORE_D`].
    pub const SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP: Bits = Bits { hi: 19, lo: 19 };
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_FALSE`: value of [`SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP`].
    pub const SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_FALSE: u32 = 0x0;
    /// `NVC6C0_SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_TRUE`: value of [`SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP`].
    pub const SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_TRUE: u32 = 0x1;
    /// Method `NVC6C0_SET_TRAP_HANDLER_A` (byte offset).
    pub const SET_TRAP_HANDLER_A: u32 = 0x25f8;
    /// `NVC6C0_SET_TRAP_HANDLER_A_ADDRESS_UPPER`: bits 16:0 of method [`SET_TRAP_HANDLER_A`].
    pub const SET_TRAP_HANDLER_A_ADDRESS_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6C0_SET_TRAP_HANDLER_B` (byte offset).
    pub const SET_TRAP_HANDLER_B: u32 = 0x25fc;
    /// `NVC6C0_SET_TRAP_HANDLER_B_ADDRESS_LOWER`: bits 31:0 of method [`SET_TRAP_HANDLER_B`].
    pub const SET_TRAP_HANDLER_B_ADDRESS_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_BINDLESS_TEXTURE` (byte offset).
    pub const SET_BINDLESS_TEXTURE: u32 = 0x2608;
    /// `NVC6C0_SET_BINDLESS_TEXTURE_CONSTANT_BUFFER_SLOT_SELECT`: bits 2:0 of method [`SET_BINDLESS_TEXTURE`].
    pub const SET_BINDLESS_TEXTURE_CONSTANT_BUFFER_SLOT_SELECT: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_V`: bits 31:0.
    pub const SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_V: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_UPPER_V`: bits 31:0.
    pub const SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_UPPER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER` (byte offset).
    pub const ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER: u32 = 0x3334;
    /// `NVC6C0_ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V`: bit 0 of method [`ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER`].
    pub const ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V: Bits = Bits { hi: 0, lo: 0 };
    /// Method `NVC6C0_DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER` (byte offset).
    pub const DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER: u32 = 0x3338;
    /// `NVC6C0_DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V`: bit 0 of method [`DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER`].
    pub const DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_VALUE_UPPER_V`: bits 31:0.
    pub const SET_SHADER_PERFORMANCE_COUNTER_VALUE_UPPER_V: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_VALUE_V`: bits 31:0.
    pub const SET_SHADER_PERFORMANCE_COUNTER_VALUE_V: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_EVENT_EVENT`: bits 7:0.
    pub const SET_SHADER_PERFORMANCE_COUNTER_EVENT_EVENT: Bits = Bits { hi: 7, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT0`: bits 1:0.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT0: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT0`: bits 4:2.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT0: Bits = Bits { hi: 4, lo: 2 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT1`: bits 6:5.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT1: Bits = Bits { hi: 6, lo: 5 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT1`: bits 9:7.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT1: Bits = Bits { hi: 9, lo: 7 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT2`: bits 11:10.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT2: Bits = Bits { hi: 11, lo: 10 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT2`: bits 14:12.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT2: Bits = Bits { hi: 14, lo: 12 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT3`: bits 16:15.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT3: Bits = Bits { hi: 16, lo: 15 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT3`: bits 19:17.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT3: Bits = Bits { hi: 19, lo: 17 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT4`: bits 21:20.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT4: Bits = Bits { hi: 21, lo: 20 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT4`: bits 24:22.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT4: Bits = Bits { hi: 24, lo: 22 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT5`: bits 26:25.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT5: Bits = Bits { hi: 26, lo: 25 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT5`: bits 29:27.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT5: Bits = Bits { hi: 29, lo: 27 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_SPARE`: bits 31:30.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_SPARE: Bits = Bits { hi: 31, lo: 30 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_EDGE`: bit 0.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_EDGE: Bits = Bits { hi: 0, lo: 0 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_MODE`: bits 2:1.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_MODE: Bits = Bits { hi: 2, lo: 1 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_WINDOWED`: bit 3.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_WINDOWED: Bits = Bits { hi: 3, lo: 3 };
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_FUNC`: bits 19:4.
    pub const SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_FUNC: Bits = Bits { hi: 19, lo: 4 };
    /// Method `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL` (byte offset).
    pub const SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL: u32 = 0x33dc;
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL_MASK`: bits 7:0 of method [`SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL`].
    pub const SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL_MASK: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_START_SHADER_PERFORMANCE_COUNTER` (byte offset).
    pub const START_SHADER_PERFORMANCE_COUNTER: u32 = 0x33e0;
    /// `NVC6C0_START_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK`: bits 7:0 of method [`START_SHADER_PERFORMANCE_COUNTER`].
    pub const START_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_STOP_SHADER_PERFORMANCE_COUNTER` (byte offset).
    pub const STOP_SHADER_PERFORMANCE_COUNTER: u32 = 0x33e4;
    /// `NVC6C0_STOP_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK`: bits 7:0 of method [`STOP_SHADER_PERFORMANCE_COUNTER`].
    pub const STOP_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER` (byte offset).
    pub const SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER: u32 = 0x33e8;
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER_V`: bits 31:0 of method [`SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER`].
    pub const SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER` (byte offset).
    pub const SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER: u32 = 0x33ec;
    /// `NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER_V`: bits 31:0 of method [`SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER`].
    pub const SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER_V: Bits = Bits { hi: 31, lo: 0 };
    /// `NVC6C0_SET_MME_SHADOW_SCRATCH_V`: bits 31:0.
    pub const SET_MME_SHADOW_SCRATCH_V: Bits = Bits { hi: 31, lo: 0 };

    /// Every method this class defines, as (name without prefix, byte offset),
    /// sorted by offset; see [`super::defined_methods`].
    pub const METHODS: &[(&str, u32)] = &[
        ("SET_OBJECT", SET_OBJECT),
        ("NO_OPERATION", NO_OPERATION),
        ("SET_NOTIFY_A", SET_NOTIFY_A),
        ("SET_NOTIFY_B", SET_NOTIFY_B),
        ("NOTIFY", NOTIFY),
        ("WAIT_FOR_IDLE", WAIT_FOR_IDLE),
        ("SET_GLOBAL_RENDER_ENABLE_A", SET_GLOBAL_RENDER_ENABLE_A),
        ("SET_GLOBAL_RENDER_ENABLE_B", SET_GLOBAL_RENDER_ENABLE_B),
        ("SET_GLOBAL_RENDER_ENABLE_C", SET_GLOBAL_RENDER_ENABLE_C),
        ("SEND_GO_IDLE", SEND_GO_IDLE),
        ("PM_TRIGGER", PM_TRIGGER),
        ("PM_TRIGGER_WFI", PM_TRIGGER_WFI),
        ("FE_ATOMIC_SEQUENCE_BEGIN", FE_ATOMIC_SEQUENCE_BEGIN),
        ("FE_ATOMIC_SEQUENCE_END", FE_ATOMIC_SEQUENCE_END),
        ("SET_INSTRUMENTATION_METHOD_HEADER", SET_INSTRUMENTATION_METHOD_HEADER),
        ("SET_INSTRUMENTATION_METHOD_DATA", SET_INSTRUMENTATION_METHOD_DATA),
        ("LINE_LENGTH_IN", LINE_LENGTH_IN),
        ("LINE_COUNT", LINE_COUNT),
        ("OFFSET_OUT_UPPER", OFFSET_OUT_UPPER),
        ("OFFSET_OUT", OFFSET_OUT),
        ("PITCH_OUT", PITCH_OUT),
        ("SET_DST_BLOCK_SIZE", SET_DST_BLOCK_SIZE),
        ("SET_DST_WIDTH", SET_DST_WIDTH),
        ("SET_DST_HEIGHT", SET_DST_HEIGHT),
        ("SET_DST_DEPTH", SET_DST_DEPTH),
        ("SET_DST_LAYER", SET_DST_LAYER),
        ("SET_DST_ORIGIN_BYTES_X", SET_DST_ORIGIN_BYTES_X),
        ("SET_DST_ORIGIN_SAMPLES_Y", SET_DST_ORIGIN_SAMPLES_Y),
        ("LAUNCH_DMA", LAUNCH_DMA),
        ("LOAD_INLINE_DATA", LOAD_INLINE_DATA),
        ("SET_I2M_SEMAPHORE_A", SET_I2M_SEMAPHORE_A),
        ("SET_I2M_SEMAPHORE_B", SET_I2M_SEMAPHORE_B),
        ("SET_I2M_SEMAPHORE_C", SET_I2M_SEMAPHORE_C),
        ("SET_SM_SCG_CONTROL", SET_SM_SCG_CONTROL),
        ("SET_I2M_SPARE_NOOP00", SET_I2M_SPARE_NOOP00),
        ("SET_I2M_SPARE_NOOP01", SET_I2M_SPARE_NOOP01),
        ("SET_I2M_SPARE_NOOP02", SET_I2M_SPARE_NOOP02),
        ("SET_I2M_SPARE_NOOP03", SET_I2M_SPARE_NOOP03),
        ("SET_VALID_SPAN_OVERFLOW_AREA_A", SET_VALID_SPAN_OVERFLOW_AREA_A),
        ("SET_VALID_SPAN_OVERFLOW_AREA_B", SET_VALID_SPAN_OVERFLOW_AREA_B),
        ("SET_VALID_SPAN_OVERFLOW_AREA_C", SET_VALID_SPAN_OVERFLOW_AREA_C),
        ("PERFMON_TRANSFER", PERFMON_TRANSFER),
        ("SET_QMD_VIRTUALIZATION_BASE_A", SET_QMD_VIRTUALIZATION_BASE_A),
        ("SET_QMD_VIRTUALIZATION_BASE_B", SET_QMD_VIRTUALIZATION_BASE_B),
        ("INVALIDATE_SHADER_CACHES", INVALIDATE_SHADER_CACHES),
        ("SET_RESERVED_SW_METHOD00", SET_RESERVED_SW_METHOD00),
        ("SET_RESERVED_SW_METHOD01", SET_RESERVED_SW_METHOD01),
        ("SET_RESERVED_SW_METHOD02", SET_RESERVED_SW_METHOD02),
        ("SET_RESERVED_SW_METHOD03", SET_RESERVED_SW_METHOD03),
        ("SET_RESERVED_SW_METHOD04", SET_RESERVED_SW_METHOD04),
        ("SET_RESERVED_SW_METHOD05", SET_RESERVED_SW_METHOD05),
        ("SET_RESERVED_SW_METHOD06", SET_RESERVED_SW_METHOD06),
        ("SET_RESERVED_SW_METHOD07", SET_RESERVED_SW_METHOD07),
        ("INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI", INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI),
        ("SET_CWD_REF_COUNTER", SET_CWD_REF_COUNTER),
        ("SET_RESERVED_SW_METHOD08", SET_RESERVED_SW_METHOD08),
        ("SET_RESERVED_SW_METHOD09", SET_RESERVED_SW_METHOD09),
        ("SET_RESERVED_SW_METHOD10", SET_RESERVED_SW_METHOD10),
        ("SET_RESERVED_SW_METHOD11", SET_RESERVED_SW_METHOD11),
        ("SET_RESERVED_SW_METHOD12", SET_RESERVED_SW_METHOD12),
        ("SET_RESERVED_SW_METHOD13", SET_RESERVED_SW_METHOD13),
        ("SET_RESERVED_SW_METHOD14", SET_RESERVED_SW_METHOD14),
        ("SET_RESERVED_SW_METHOD15", SET_RESERVED_SW_METHOD15),
        ("SET_SCG_CONTROL", SET_SCG_CONTROL),
        ("SET_COMPUTE_CLASS_VERSION", SET_COMPUTE_CLASS_VERSION),
        ("CHECK_COMPUTE_CLASS_VERSION", CHECK_COMPUTE_CLASS_VERSION),
        ("SET_QMD_VERSION", SET_QMD_VERSION),
        ("CHECK_QMD_VERSION", CHECK_QMD_VERSION),
        ("INVALIDATE_SKED_CACHES", INVALIDATE_SKED_CACHES),
        ("SET_QMD_VIRTUALIZATION_CONTROL", SET_QMD_VIRTUALIZATION_CONTROL),
        ("SET_SHADER_SHARED_MEMORY_WINDOW_A", SET_SHADER_SHARED_MEMORY_WINDOW_A),
        ("SET_SHADER_SHARED_MEMORY_WINDOW_B", SET_SHADER_SHARED_MEMORY_WINDOW_B),
        ("SCG_HYSTERESIS_CONTROL", SCG_HYSTERESIS_CONTROL),
        ("SET_CWD_SLOT_COUNT", SET_CWD_SLOT_COUNT),
        ("SEND_PCAS_A", SEND_PCAS_A),
        ("SEND_PCAS_B", SEND_PCAS_B),
        ("SEND_SIGNALING_PCAS_B", SEND_SIGNALING_PCAS_B),
        ("SEND_SIGNALING_PCAS2_B", SEND_SIGNALING_PCAS2_B),
        ("SET_SKED_CACHE_CONTROL", SET_SKED_CACHE_CONTROL),
        ("SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A", SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A),
        ("SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B", SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B),
        ("SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C", SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C),
        ("SET_SPA_VERSION", SET_SPA_VERSION),
        ("SET_INLINE_QMD_ADDRESS_A", SET_INLINE_QMD_ADDRESS_A),
        ("SET_INLINE_QMD_ADDRESS_B", SET_INLINE_QMD_ADDRESS_B),
        ("SET_FALCON00", SET_FALCON00),
        ("SET_FALCON01", SET_FALCON01),
        ("SET_FALCON02", SET_FALCON02),
        ("SET_FALCON03", SET_FALCON03),
        ("SET_FALCON04", SET_FALCON04),
        ("SET_FALCON05", SET_FALCON05),
        ("SET_FALCON06", SET_FALCON06),
        ("SET_FALCON07", SET_FALCON07),
        ("SET_FALCON08", SET_FALCON08),
        ("SET_FALCON09", SET_FALCON09),
        ("SET_FALCON10", SET_FALCON10),
        ("SET_FALCON11", SET_FALCON11),
        ("SET_FALCON12", SET_FALCON12),
        ("SET_FALCON13", SET_FALCON13),
        ("SET_FALCON14", SET_FALCON14),
        ("SET_FALCON15", SET_FALCON15),
        ("SET_SHADER_LOCAL_MEMORY_A", SET_SHADER_LOCAL_MEMORY_A),
        ("SET_SHADER_LOCAL_MEMORY_B", SET_SHADER_LOCAL_MEMORY_B),
        ("SET_SHADER_LOCAL_MEMORY_WINDOW_A", SET_SHADER_LOCAL_MEMORY_WINDOW_A),
        ("SET_SHADER_LOCAL_MEMORY_WINDOW_B", SET_SHADER_LOCAL_MEMORY_WINDOW_B),
        ("SET_SHADER_CACHE_CONTROL", SET_SHADER_CACHE_CONTROL),
        ("SET_SM_TIMEOUT_INTERVAL", SET_SM_TIMEOUT_INTERVAL),
        ("INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI", INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI),
        ("ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT", ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT),
        ("INVALIDATE_SAMPLER_CACHE", INVALIDATE_SAMPLER_CACHE),
        ("INVALIDATE_TEXTURE_HEADER_CACHE", INVALIDATE_TEXTURE_HEADER_CACHE),
        ("INVALIDATE_TEXTURE_DATA_CACHE", INVALIDATE_TEXTURE_DATA_CACHE),
        ("INVALIDATE_SAMPLER_CACHE_NO_WFI", INVALIDATE_SAMPLER_CACHE_NO_WFI),
        ("SET_SHADER_EXCEPTIONS", SET_SHADER_EXCEPTIONS),
        ("SET_RENDER_ENABLE_A", SET_RENDER_ENABLE_A),
        ("SET_RENDER_ENABLE_B", SET_RENDER_ENABLE_B),
        ("SET_RENDER_ENABLE_C", SET_RENDER_ENABLE_C),
        ("SET_TEX_SAMPLER_POOL_A", SET_TEX_SAMPLER_POOL_A),
        ("SET_TEX_SAMPLER_POOL_B", SET_TEX_SAMPLER_POOL_B),
        ("SET_TEX_SAMPLER_POOL_C", SET_TEX_SAMPLER_POOL_C),
        ("SET_TEX_HEADER_POOL_A", SET_TEX_HEADER_POOL_A),
        ("SET_TEX_HEADER_POOL_B", SET_TEX_HEADER_POOL_B),
        ("SET_TEX_HEADER_POOL_C", SET_TEX_HEADER_POOL_C),
        ("INVALIDATE_SHADER_CACHES_NO_WFI", INVALIDATE_SHADER_CACHES_NO_WFI),
        ("SET_RENDER_ENABLE_OVERRIDE", SET_RENDER_ENABLE_OVERRIDE),
        ("PIPE_NOP", PIPE_NOP),
        ("SET_SPARE00", SET_SPARE00),
        ("SET_SPARE01", SET_SPARE01),
        ("SET_SPARE02", SET_SPARE02),
        ("SET_SPARE03", SET_SPARE03),
        ("SET_REPORT_SEMAPHORE_A", SET_REPORT_SEMAPHORE_A),
        ("SET_REPORT_SEMAPHORE_B", SET_REPORT_SEMAPHORE_B),
        ("SET_REPORT_SEMAPHORE_C", SET_REPORT_SEMAPHORE_C),
        ("SET_REPORT_SEMAPHORE_D", SET_REPORT_SEMAPHORE_D),
        ("SET_TRAP_HANDLER_A", SET_TRAP_HANDLER_A),
        ("SET_TRAP_HANDLER_B", SET_TRAP_HANDLER_B),
        ("SET_BINDLESS_TEXTURE", SET_BINDLESS_TEXTURE),
        ("ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER", ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER),
        ("DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER", DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER),
        ("SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL", SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL),
        ("START_SHADER_PERFORMANCE_COUNTER", START_SHADER_PERFORMANCE_COUNTER),
        ("STOP_SHADER_PERFORMANCE_COUNTER", STOP_SHADER_PERFORMANCE_COUNTER),
        ("SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER", SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER),
        ("SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER", SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER),
    ];

    /// Every `value` row: (full class-table name, value).
    pub const VALUES: &[(&str, u32)] = &[
        ("NVC6C0_SET_OBJECT", SET_OBJECT),
        ("NVC6C0_NO_OPERATION", NO_OPERATION),
        ("NVC6C0_SET_NOTIFY_A", SET_NOTIFY_A),
        ("NVC6C0_SET_NOTIFY_B", SET_NOTIFY_B),
        ("NVC6C0_NOTIFY", NOTIFY),
        ("NVC6C0_NOTIFY_TYPE_WRITE_ONLY", NOTIFY_TYPE_WRITE_ONLY),
        ("NVC6C0_NOTIFY_TYPE_WRITE_THEN_AWAKEN", NOTIFY_TYPE_WRITE_THEN_AWAKEN),
        ("NVC6C0_WAIT_FOR_IDLE", WAIT_FOR_IDLE),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_A", SET_GLOBAL_RENDER_ENABLE_A),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_B", SET_GLOBAL_RENDER_ENABLE_B),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_C", SET_GLOBAL_RENDER_ENABLE_C),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_FALSE", SET_GLOBAL_RENDER_ENABLE_C_MODE_FALSE),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_TRUE", SET_GLOBAL_RENDER_ENABLE_C_MODE_TRUE),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_CONDITIONAL", SET_GLOBAL_RENDER_ENABLE_C_MODE_CONDITIONAL),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL", SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL),
        (
            "NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL",
            SET_GLOBAL_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL,
        ),
        ("NVC6C0_SEND_GO_IDLE", SEND_GO_IDLE),
        ("NVC6C0_PM_TRIGGER", PM_TRIGGER),
        ("NVC6C0_PM_TRIGGER_WFI", PM_TRIGGER_WFI),
        ("NVC6C0_FE_ATOMIC_SEQUENCE_BEGIN", FE_ATOMIC_SEQUENCE_BEGIN),
        ("NVC6C0_FE_ATOMIC_SEQUENCE_END", FE_ATOMIC_SEQUENCE_END),
        ("NVC6C0_SET_INSTRUMENTATION_METHOD_HEADER", SET_INSTRUMENTATION_METHOD_HEADER),
        ("NVC6C0_SET_INSTRUMENTATION_METHOD_DATA", SET_INSTRUMENTATION_METHOD_DATA),
        ("NVC6C0_LINE_LENGTH_IN", LINE_LENGTH_IN),
        ("NVC6C0_LINE_COUNT", LINE_COUNT),
        ("NVC6C0_OFFSET_OUT_UPPER", OFFSET_OUT_UPPER),
        ("NVC6C0_OFFSET_OUT", OFFSET_OUT),
        ("NVC6C0_PITCH_OUT", PITCH_OUT),
        ("NVC6C0_SET_DST_BLOCK_SIZE", SET_DST_BLOCK_SIZE),
        ("NVC6C0_SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB", SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB", SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB", SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS", SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS", SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS", SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS", SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS", SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS),
        ("NVC6C0_SET_DST_WIDTH", SET_DST_WIDTH),
        ("NVC6C0_SET_DST_HEIGHT", SET_DST_HEIGHT),
        ("NVC6C0_SET_DST_DEPTH", SET_DST_DEPTH),
        ("NVC6C0_SET_DST_LAYER", SET_DST_LAYER),
        ("NVC6C0_SET_DST_ORIGIN_BYTES_X", SET_DST_ORIGIN_BYTES_X),
        ("NVC6C0_SET_DST_ORIGIN_SAMPLES_Y", SET_DST_ORIGIN_SAMPLES_Y),
        ("NVC6C0_LAUNCH_DMA", LAUNCH_DMA),
        ("NVC6C0_LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR", LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR),
        ("NVC6C0_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH", LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH),
        ("NVC6C0_LAUNCH_DMA_COMPLETION_TYPE_FLUSH_DISABLE", LAUNCH_DMA_COMPLETION_TYPE_FLUSH_DISABLE),
        ("NVC6C0_LAUNCH_DMA_COMPLETION_TYPE_FLUSH_ONLY", LAUNCH_DMA_COMPLETION_TYPE_FLUSH_ONLY),
        ("NVC6C0_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE", LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE),
        ("NVC6C0_LAUNCH_DMA_INTERRUPT_TYPE_NONE", LAUNCH_DMA_INTERRUPT_TYPE_NONE),
        ("NVC6C0_LAUNCH_DMA_INTERRUPT_TYPE_INTERRUPT", LAUNCH_DMA_INTERRUPT_TYPE_INTERRUPT),
        ("NVC6C0_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_FOUR_WORDS", LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_FOUR_WORDS),
        ("NVC6C0_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD", LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_ENABLE_FALSE", LAUNCH_DMA_REDUCTION_ENABLE_FALSE),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_ENABLE_TRUE", LAUNCH_DMA_REDUCTION_ENABLE_TRUE),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_ADD", LAUNCH_DMA_REDUCTION_OP_RED_ADD),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_MIN", LAUNCH_DMA_REDUCTION_OP_RED_MIN),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_MAX", LAUNCH_DMA_REDUCTION_OP_RED_MAX),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_INC", LAUNCH_DMA_REDUCTION_OP_RED_INC),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_DEC", LAUNCH_DMA_REDUCTION_OP_RED_DEC),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_AND", LAUNCH_DMA_REDUCTION_OP_RED_AND),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_OR", LAUNCH_DMA_REDUCTION_OP_RED_OR),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP_RED_XOR", LAUNCH_DMA_REDUCTION_OP_RED_XOR),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_FORMAT_UNSIGNED_32", LAUNCH_DMA_REDUCTION_FORMAT_UNSIGNED_32),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_FORMAT_SIGNED_32", LAUNCH_DMA_REDUCTION_FORMAT_SIGNED_32),
        ("NVC6C0_LAUNCH_DMA_SYSMEMBAR_DISABLE_FALSE", LAUNCH_DMA_SYSMEMBAR_DISABLE_FALSE),
        ("NVC6C0_LAUNCH_DMA_SYSMEMBAR_DISABLE_TRUE", LAUNCH_DMA_SYSMEMBAR_DISABLE_TRUE),
        ("NVC6C0_LOAD_INLINE_DATA", LOAD_INLINE_DATA),
        ("NVC6C0_SET_I2M_SEMAPHORE_A", SET_I2M_SEMAPHORE_A),
        ("NVC6C0_SET_I2M_SEMAPHORE_B", SET_I2M_SEMAPHORE_B),
        ("NVC6C0_SET_I2M_SEMAPHORE_C", SET_I2M_SEMAPHORE_C),
        ("NVC6C0_SET_SM_SCG_CONTROL", SET_SM_SCG_CONTROL),
        ("NVC6C0_SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_FALSE", SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_FALSE),
        ("NVC6C0_SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_TRUE", SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS_TRUE),
        ("NVC6C0_SET_I2M_SPARE_NOOP00", SET_I2M_SPARE_NOOP00),
        ("NVC6C0_SET_I2M_SPARE_NOOP01", SET_I2M_SPARE_NOOP01),
        ("NVC6C0_SET_I2M_SPARE_NOOP02", SET_I2M_SPARE_NOOP02),
        ("NVC6C0_SET_I2M_SPARE_NOOP03", SET_I2M_SPARE_NOOP03),
        ("NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_A", SET_VALID_SPAN_OVERFLOW_AREA_A),
        ("NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_B", SET_VALID_SPAN_OVERFLOW_AREA_B),
        ("NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_C", SET_VALID_SPAN_OVERFLOW_AREA_C),
        ("NVC6C0_PERFMON_TRANSFER", PERFMON_TRANSFER),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_BASE_A", SET_QMD_VIRTUALIZATION_BASE_A),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_BASE_B", SET_QMD_VIRTUALIZATION_BASE_B),
        ("NVC6C0_INVALIDATE_SHADER_CACHES", INVALIDATE_SHADER_CACHES),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_INSTRUCTION_FALSE", INVALIDATE_SHADER_CACHES_INSTRUCTION_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_INSTRUCTION_TRUE", INVALIDATE_SHADER_CACHES_INSTRUCTION_TRUE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_DATA_FALSE", INVALIDATE_SHADER_CACHES_DATA_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_DATA_TRUE", INVALIDATE_SHADER_CACHES_DATA_TRUE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_CONSTANT_FALSE", INVALIDATE_SHADER_CACHES_CONSTANT_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_CONSTANT_TRUE", INVALIDATE_SHADER_CACHES_CONSTANT_TRUE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_LOCKS_FALSE", INVALIDATE_SHADER_CACHES_LOCKS_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_LOCKS_TRUE", INVALIDATE_SHADER_CACHES_LOCKS_TRUE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_FLUSH_DATA_FALSE", INVALIDATE_SHADER_CACHES_FLUSH_DATA_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_FLUSH_DATA_TRUE", INVALIDATE_SHADER_CACHES_FLUSH_DATA_TRUE),
        ("NVC6C0_SET_RESERVED_SW_METHOD00", SET_RESERVED_SW_METHOD00),
        ("NVC6C0_SET_RESERVED_SW_METHOD01", SET_RESERVED_SW_METHOD01),
        ("NVC6C0_SET_RESERVED_SW_METHOD02", SET_RESERVED_SW_METHOD02),
        ("NVC6C0_SET_RESERVED_SW_METHOD03", SET_RESERVED_SW_METHOD03),
        ("NVC6C0_SET_RESERVED_SW_METHOD04", SET_RESERVED_SW_METHOD04),
        ("NVC6C0_SET_RESERVED_SW_METHOD05", SET_RESERVED_SW_METHOD05),
        ("NVC6C0_SET_RESERVED_SW_METHOD06", SET_RESERVED_SW_METHOD06),
        ("NVC6C0_SET_RESERVED_SW_METHOD07", SET_RESERVED_SW_METHOD07),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI", INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ALL", INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ALL),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ONE", INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES_ONE),
        ("NVC6C0_SET_CWD_REF_COUNTER", SET_CWD_REF_COUNTER),
        ("NVC6C0_SET_RESERVED_SW_METHOD08", SET_RESERVED_SW_METHOD08),
        ("NVC6C0_SET_RESERVED_SW_METHOD09", SET_RESERVED_SW_METHOD09),
        ("NVC6C0_SET_RESERVED_SW_METHOD10", SET_RESERVED_SW_METHOD10),
        ("NVC6C0_SET_RESERVED_SW_METHOD11", SET_RESERVED_SW_METHOD11),
        ("NVC6C0_SET_RESERVED_SW_METHOD12", SET_RESERVED_SW_METHOD12),
        ("NVC6C0_SET_RESERVED_SW_METHOD13", SET_RESERVED_SW_METHOD13),
        ("NVC6C0_SET_RESERVED_SW_METHOD14", SET_RESERVED_SW_METHOD14),
        ("NVC6C0_SET_RESERVED_SW_METHOD15", SET_RESERVED_SW_METHOD15),
        ("NVC6C0_SET_SCG_CONTROL", SET_SCG_CONTROL),
        (
            "NVC6C0_SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_FALSE",
            SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_FALSE,
        ),
        (
            "NVC6C0_SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_TRUE",
            SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE_TRUE,
        ),
        ("NVC6C0_SET_COMPUTE_CLASS_VERSION", SET_COMPUTE_CLASS_VERSION),
        ("NVC6C0_CHECK_COMPUTE_CLASS_VERSION", CHECK_COMPUTE_CLASS_VERSION),
        ("NVC6C0_SET_QMD_VERSION", SET_QMD_VERSION),
        ("NVC6C0_CHECK_QMD_VERSION", CHECK_QMD_VERSION),
        ("NVC6C0_INVALIDATE_SKED_CACHES", INVALIDATE_SKED_CACHES),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL", SET_QMD_VIRTUALIZATION_CONTROL),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_FALSE",
            SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_FALSE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_TRUE",
            SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE_TRUE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_FALSE",
            SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_FALSE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_TRUE",
            SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE_TRUE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_FALSE",
            SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_FALSE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_TRUE",
            SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE_TRUE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_FALSE",
            SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_FALSE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_TRUE",
            SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE_TRUE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_FALSE",
            SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_FALSE,
        ),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_TRUE",
            SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE_TRUE,
        ),
        ("NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_A", SET_SHADER_SHARED_MEMORY_WINDOW_A),
        ("NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_B", SET_SHADER_SHARED_MEMORY_WINDOW_B),
        ("NVC6C0_SCG_HYSTERESIS_CONTROL", SCG_HYSTERESIS_CONTROL),
        ("NVC6C0_SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_FALSE", SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_FALSE),
        ("NVC6C0_SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_TRUE", SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE_TRUE),
        (
            "NVC6C0_SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_FALSE",
            SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_FALSE,
        ),
        ("NVC6C0_SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_TRUE", SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE_TRUE),
        ("NVC6C0_SET_CWD_SLOT_COUNT", SET_CWD_SLOT_COUNT),
        ("NVC6C0_SEND_PCAS_A", SEND_PCAS_A),
        ("NVC6C0_SEND_PCAS_B", SEND_PCAS_B),
        ("NVC6C0_SEND_SIGNALING_PCAS_B", SEND_SIGNALING_PCAS_B),
        ("NVC6C0_SEND_SIGNALING_PCAS_B_INVALIDATE_FALSE", SEND_SIGNALING_PCAS_B_INVALIDATE_FALSE),
        ("NVC6C0_SEND_SIGNALING_PCAS_B_INVALIDATE_TRUE", SEND_SIGNALING_PCAS_B_INVALIDATE_TRUE),
        ("NVC6C0_SEND_SIGNALING_PCAS_B_SCHEDULE_FALSE", SEND_SIGNALING_PCAS_B_SCHEDULE_FALSE),
        ("NVC6C0_SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE", SEND_SIGNALING_PCAS_B_SCHEDULE_TRUE),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B", SEND_SIGNALING_PCAS2_B),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_NOP", SEND_SIGNALING_PCAS2_B_PCAS_ACTION_NOP),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE", SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_SCHEDULE", SEND_SIGNALING_PCAS2_B_PCAS_ACTION_SCHEDULE),
        (
            "NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE",
            SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE,
        ),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INCREMENT_PUT", SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INCREMENT_PUT),
        (
            "NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_DECREMENT_DEPENDENCE",
            SEND_SIGNALING_PCAS2_B_PCAS_ACTION_DECREMENT_DEPENDENCE,
        ),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH", SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH),
        (
            "NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH_SCHEDULE",
            SEND_SIGNALING_PCAS2_B_PCAS_ACTION_PREFETCH_SCHEDULE,
        ),
        (
            "NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_SCHEDULE",
            SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_SCHEDULE,
        ),
        (
            "NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_FORCE_REQUIRE_SCHEDULING",
            SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_PREFETCH_COPY_FORCE_REQUIRE_SCHEDULING,
        ),
        ("NVC6C0_SET_SKED_CACHE_CONTROL", SET_SKED_CACHE_CONTROL),
        ("NVC6C0_SET_SKED_CACHE_CONTROL_IGNORE_VEID_FALSE", SET_SKED_CACHE_CONTROL_IGNORE_VEID_FALSE),
        ("NVC6C0_SET_SKED_CACHE_CONTROL_IGNORE_VEID_TRUE", SET_SKED_CACHE_CONTROL_IGNORE_VEID_TRUE),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A", SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B", SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C", SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C),
        ("NVC6C0_SET_SPA_VERSION", SET_SPA_VERSION),
        ("NVC6C0_SET_INLINE_QMD_ADDRESS_A", SET_INLINE_QMD_ADDRESS_A),
        ("NVC6C0_SET_INLINE_QMD_ADDRESS_B", SET_INLINE_QMD_ADDRESS_B),
        ("NVC6C0_SET_FALCON00", SET_FALCON00),
        ("NVC6C0_SET_FALCON01", SET_FALCON01),
        ("NVC6C0_SET_FALCON02", SET_FALCON02),
        ("NVC6C0_SET_FALCON03", SET_FALCON03),
        ("NVC6C0_SET_FALCON04", SET_FALCON04),
        ("NVC6C0_SET_FALCON05", SET_FALCON05),
        ("NVC6C0_SET_FALCON06", SET_FALCON06),
        ("NVC6C0_SET_FALCON07", SET_FALCON07),
        ("NVC6C0_SET_FALCON08", SET_FALCON08),
        ("NVC6C0_SET_FALCON09", SET_FALCON09),
        ("NVC6C0_SET_FALCON10", SET_FALCON10),
        ("NVC6C0_SET_FALCON11", SET_FALCON11),
        ("NVC6C0_SET_FALCON12", SET_FALCON12),
        ("NVC6C0_SET_FALCON13", SET_FALCON13),
        ("NVC6C0_SET_FALCON14", SET_FALCON14),
        ("NVC6C0_SET_FALCON15", SET_FALCON15),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_A", SET_SHADER_LOCAL_MEMORY_A),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_B", SET_SHADER_LOCAL_MEMORY_B),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A", SET_SHADER_LOCAL_MEMORY_WINDOW_A),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B", SET_SHADER_LOCAL_MEMORY_WINDOW_B),
        ("NVC6C0_SET_SHADER_CACHE_CONTROL", SET_SHADER_CACHE_CONTROL),
        (
            "NVC6C0_SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_FALSE",
            SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_FALSE,
        ),
        (
            "NVC6C0_SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_TRUE",
            SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE_TRUE,
        ),
        ("NVC6C0_SET_SM_TIMEOUT_INTERVAL", SET_SM_TIMEOUT_INTERVAL),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI", INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ALL", INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ALL),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ONE", INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES_ONE),
        ("NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT", ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT),
        (
            "NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_FALSE",
            ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_FALSE,
        ),
        (
            "NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_TRUE",
            ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL_TRUE,
        ),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE", INVALIDATE_SAMPLER_CACHE),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_LINES_ALL", INVALIDATE_SAMPLER_CACHE_LINES_ALL),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_LINES_ONE", INVALIDATE_SAMPLER_CACHE_LINES_ONE),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE", INVALIDATE_TEXTURE_HEADER_CACHE),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ALL", INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ALL),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ONE", INVALIDATE_TEXTURE_HEADER_CACHE_LINES_ONE),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE", INVALIDATE_TEXTURE_DATA_CACHE),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_LINES_ALL", INVALIDATE_TEXTURE_DATA_CACHE_LINES_ALL),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_LINES_ONE", INVALIDATE_TEXTURE_DATA_CACHE_LINES_ONE),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI", INVALIDATE_SAMPLER_CACHE_NO_WFI),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ALL", INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ALL),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ONE", INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES_ONE),
        ("NVC6C0_SET_SHADER_EXCEPTIONS", SET_SHADER_EXCEPTIONS),
        ("NVC6C0_SET_SHADER_EXCEPTIONS_ENABLE_FALSE", SET_SHADER_EXCEPTIONS_ENABLE_FALSE),
        ("NVC6C0_SET_SHADER_EXCEPTIONS_ENABLE_TRUE", SET_SHADER_EXCEPTIONS_ENABLE_TRUE),
        ("NVC6C0_SET_RENDER_ENABLE_A", SET_RENDER_ENABLE_A),
        ("NVC6C0_SET_RENDER_ENABLE_B", SET_RENDER_ENABLE_B),
        ("NVC6C0_SET_RENDER_ENABLE_C", SET_RENDER_ENABLE_C),
        ("NVC6C0_SET_RENDER_ENABLE_C_MODE_FALSE", SET_RENDER_ENABLE_C_MODE_FALSE),
        ("NVC6C0_SET_RENDER_ENABLE_C_MODE_TRUE", SET_RENDER_ENABLE_C_MODE_TRUE),
        ("NVC6C0_SET_RENDER_ENABLE_C_MODE_CONDITIONAL", SET_RENDER_ENABLE_C_MODE_CONDITIONAL),
        ("NVC6C0_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL", SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL),
        ("NVC6C0_SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL", SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL),
        ("NVC6C0_SET_TEX_SAMPLER_POOL_A", SET_TEX_SAMPLER_POOL_A),
        ("NVC6C0_SET_TEX_SAMPLER_POOL_B", SET_TEX_SAMPLER_POOL_B),
        ("NVC6C0_SET_TEX_SAMPLER_POOL_C", SET_TEX_SAMPLER_POOL_C),
        ("NVC6C0_SET_TEX_HEADER_POOL_A", SET_TEX_HEADER_POOL_A),
        ("NVC6C0_SET_TEX_HEADER_POOL_B", SET_TEX_HEADER_POOL_B),
        ("NVC6C0_SET_TEX_HEADER_POOL_C", SET_TEX_HEADER_POOL_C),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI", INVALIDATE_SHADER_CACHES_NO_WFI),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_FALSE", INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_TRUE", INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION_TRUE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_FALSE", INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_TRUE", INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA_TRUE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_FALSE", INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_FALSE),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_TRUE", INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT_TRUE),
        ("NVC6C0_SET_RENDER_ENABLE_OVERRIDE", SET_RENDER_ENABLE_OVERRIDE),
        ("NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE_USE_RENDER_ENABLE", SET_RENDER_ENABLE_OVERRIDE_MODE_USE_RENDER_ENABLE),
        ("NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE_ALWAYS_RENDER", SET_RENDER_ENABLE_OVERRIDE_MODE_ALWAYS_RENDER),
        ("NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE_NEVER_RENDER", SET_RENDER_ENABLE_OVERRIDE_MODE_NEVER_RENDER),
        ("NVC6C0_PIPE_NOP", PIPE_NOP),
        ("NVC6C0_SET_SPARE00", SET_SPARE00),
        ("NVC6C0_SET_SPARE01", SET_SPARE01),
        ("NVC6C0_SET_SPARE02", SET_SPARE02),
        ("NVC6C0_SET_SPARE03", SET_SPARE03),
        ("NVC6C0_SET_REPORT_SEMAPHORE_A", SET_REPORT_SEMAPHORE_A),
        ("NVC6C0_SET_REPORT_SEMAPHORE_B", SET_REPORT_SEMAPHORE_B),
        ("NVC6C0_SET_REPORT_SEMAPHORE_C", SET_REPORT_SEMAPHORE_C),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D", SET_REPORT_SEMAPHORE_D),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE", SET_REPORT_SEMAPHORE_D_OPERATION_RELEASE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_OPERATION_TRAP", SET_REPORT_SEMAPHORE_D_OPERATION_TRAP),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_FALSE", SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_FALSE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_TRUE", SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE_TRUE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_FOUR_WORDS", SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_FOUR_WORDS),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD", SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE_ONE_WORD),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_FALSE", SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_FALSE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_TRUE", SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE_TRUE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_FALSE", SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_FALSE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_TRUE", SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE_TRUE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_ADD", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_ADD),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MIN", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MIN),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MAX", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_MAX),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_INC", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_INC),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_DEC", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_DEC),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_AND", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_AND),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_OR", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_OR),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_XOR", SET_REPORT_SEMAPHORE_D_REDUCTION_OP_RED_XOR),
        (
            "NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_UNSIGNED_32",
            SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_UNSIGNED_32,
        ),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_SIGNED_32", SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT_SIGNED_32),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_FALSE", SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_FALSE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_TRUE", SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP_TRUE),
        ("NVC6C0_SET_TRAP_HANDLER_A", SET_TRAP_HANDLER_A),
        ("NVC6C0_SET_TRAP_HANDLER_B", SET_TRAP_HANDLER_B),
        ("NVC6C0_SET_BINDLESS_TEXTURE", SET_BINDLESS_TEXTURE),
        ("NVC6C0_ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER", ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER),
        ("NVC6C0_DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER", DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL", SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL),
        ("NVC6C0_START_SHADER_PERFORMANCE_COUNTER", START_SHADER_PERFORMANCE_COUNTER),
        ("NVC6C0_STOP_SHADER_PERFORMANCE_COUNTER", STOP_SHADER_PERFORMANCE_COUNTER),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER", SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER", SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER),
    ];

    /// Every `bits` row: (full class-table name, bit range).
    pub const BITS: &[(&str, Bits)] = &[
        ("NVC6C0_SET_OBJECT_CLASS_ID", SET_OBJECT_CLASS_ID),
        ("NVC6C0_SET_OBJECT_ENGINE_ID", SET_OBJECT_ENGINE_ID),
        ("NVC6C0_NO_OPERATION_V", NO_OPERATION_V),
        ("NVC6C0_SET_NOTIFY_A_ADDRESS_UPPER", SET_NOTIFY_A_ADDRESS_UPPER),
        ("NVC6C0_SET_NOTIFY_B_ADDRESS_LOWER", SET_NOTIFY_B_ADDRESS_LOWER),
        ("NVC6C0_NOTIFY_TYPE", NOTIFY_TYPE),
        ("NVC6C0_WAIT_FOR_IDLE_V", WAIT_FOR_IDLE_V),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_A_OFFSET_UPPER", SET_GLOBAL_RENDER_ENABLE_A_OFFSET_UPPER),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_B_OFFSET_LOWER", SET_GLOBAL_RENDER_ENABLE_B_OFFSET_LOWER),
        ("NVC6C0_SET_GLOBAL_RENDER_ENABLE_C_MODE", SET_GLOBAL_RENDER_ENABLE_C_MODE),
        ("NVC6C0_SEND_GO_IDLE_V", SEND_GO_IDLE_V),
        ("NVC6C0_PM_TRIGGER_V", PM_TRIGGER_V),
        ("NVC6C0_PM_TRIGGER_WFI_V", PM_TRIGGER_WFI_V),
        ("NVC6C0_FE_ATOMIC_SEQUENCE_BEGIN_V", FE_ATOMIC_SEQUENCE_BEGIN_V),
        ("NVC6C0_FE_ATOMIC_SEQUENCE_END_V", FE_ATOMIC_SEQUENCE_END_V),
        ("NVC6C0_SET_INSTRUMENTATION_METHOD_HEADER_V", SET_INSTRUMENTATION_METHOD_HEADER_V),
        ("NVC6C0_SET_INSTRUMENTATION_METHOD_DATA_V", SET_INSTRUMENTATION_METHOD_DATA_V),
        ("NVC6C0_LINE_LENGTH_IN_VALUE", LINE_LENGTH_IN_VALUE),
        ("NVC6C0_LINE_COUNT_VALUE", LINE_COUNT_VALUE),
        ("NVC6C0_OFFSET_OUT_UPPER_VALUE", OFFSET_OUT_UPPER_VALUE),
        ("NVC6C0_OFFSET_OUT_VALUE", OFFSET_OUT_VALUE),
        ("NVC6C0_PITCH_OUT_VALUE", PITCH_OUT_VALUE),
        ("NVC6C0_SET_DST_BLOCK_SIZE_WIDTH", SET_DST_BLOCK_SIZE_WIDTH),
        ("NVC6C0_SET_DST_BLOCK_SIZE_HEIGHT", SET_DST_BLOCK_SIZE_HEIGHT),
        ("NVC6C0_SET_DST_BLOCK_SIZE_DEPTH", SET_DST_BLOCK_SIZE_DEPTH),
        ("NVC6C0_SET_DST_WIDTH_V", SET_DST_WIDTH_V),
        ("NVC6C0_SET_DST_HEIGHT_V", SET_DST_HEIGHT_V),
        ("NVC6C0_SET_DST_DEPTH_V", SET_DST_DEPTH_V),
        ("NVC6C0_SET_DST_LAYER_V", SET_DST_LAYER_V),
        ("NVC6C0_SET_DST_ORIGIN_BYTES_X_V", SET_DST_ORIGIN_BYTES_X_V),
        ("NVC6C0_SET_DST_ORIGIN_SAMPLES_Y_V", SET_DST_ORIGIN_SAMPLES_Y_V),
        ("NVC6C0_LAUNCH_DMA_DST_MEMORY_LAYOUT", LAUNCH_DMA_DST_MEMORY_LAYOUT),
        ("NVC6C0_LAUNCH_DMA_COMPLETION_TYPE", LAUNCH_DMA_COMPLETION_TYPE),
        ("NVC6C0_LAUNCH_DMA_INTERRUPT_TYPE", LAUNCH_DMA_INTERRUPT_TYPE),
        ("NVC6C0_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE", LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_ENABLE", LAUNCH_DMA_REDUCTION_ENABLE),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_OP", LAUNCH_DMA_REDUCTION_OP),
        ("NVC6C0_LAUNCH_DMA_REDUCTION_FORMAT", LAUNCH_DMA_REDUCTION_FORMAT),
        ("NVC6C0_LAUNCH_DMA_SYSMEMBAR_DISABLE", LAUNCH_DMA_SYSMEMBAR_DISABLE),
        ("NVC6C0_LOAD_INLINE_DATA_V", LOAD_INLINE_DATA_V),
        ("NVC6C0_SET_I2M_SEMAPHORE_A_OFFSET_UPPER", SET_I2M_SEMAPHORE_A_OFFSET_UPPER),
        ("NVC6C0_SET_I2M_SEMAPHORE_B_OFFSET_LOWER", SET_I2M_SEMAPHORE_B_OFFSET_LOWER),
        ("NVC6C0_SET_I2M_SEMAPHORE_C_PAYLOAD", SET_I2M_SEMAPHORE_C_PAYLOAD),
        ("NVC6C0_SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS", SET_SM_SCG_CONTROL_COMPUTE_IN_GRAPHICS),
        ("NVC6C0_SET_I2M_SPARE_NOOP00_V", SET_I2M_SPARE_NOOP00_V),
        ("NVC6C0_SET_I2M_SPARE_NOOP01_V", SET_I2M_SPARE_NOOP01_V),
        ("NVC6C0_SET_I2M_SPARE_NOOP02_V", SET_I2M_SPARE_NOOP02_V),
        ("NVC6C0_SET_I2M_SPARE_NOOP03_V", SET_I2M_SPARE_NOOP03_V),
        ("NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_A_ADDRESS_UPPER", SET_VALID_SPAN_OVERFLOW_AREA_A_ADDRESS_UPPER),
        ("NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_B_ADDRESS_LOWER", SET_VALID_SPAN_OVERFLOW_AREA_B_ADDRESS_LOWER),
        ("NVC6C0_SET_VALID_SPAN_OVERFLOW_AREA_C_SIZE", SET_VALID_SPAN_OVERFLOW_AREA_C_SIZE),
        ("NVC6C0_PERFMON_TRANSFER_V", PERFMON_TRANSFER_V),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_BASE_A_ADDRESS_UPPER", SET_QMD_VIRTUALIZATION_BASE_A_ADDRESS_UPPER),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_BASE_B_ADDRESS_LOWER", SET_QMD_VIRTUALIZATION_BASE_B_ADDRESS_LOWER),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_INSTRUCTION", INVALIDATE_SHADER_CACHES_INSTRUCTION),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_DATA", INVALIDATE_SHADER_CACHES_DATA),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_CONSTANT", INVALIDATE_SHADER_CACHES_CONSTANT),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_LOCKS", INVALIDATE_SHADER_CACHES_LOCKS),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_FLUSH_DATA", INVALIDATE_SHADER_CACHES_FLUSH_DATA),
        ("NVC6C0_SET_RESERVED_SW_METHOD00_V", SET_RESERVED_SW_METHOD00_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD01_V", SET_RESERVED_SW_METHOD01_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD02_V", SET_RESERVED_SW_METHOD02_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD03_V", SET_RESERVED_SW_METHOD03_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD04_V", SET_RESERVED_SW_METHOD04_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD05_V", SET_RESERVED_SW_METHOD05_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD06_V", SET_RESERVED_SW_METHOD06_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD07_V", SET_RESERVED_SW_METHOD07_V),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES", INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_LINES),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_TAG", INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI_TAG),
        ("NVC6C0_SET_CWD_REF_COUNTER_SELECT", SET_CWD_REF_COUNTER_SELECT),
        ("NVC6C0_SET_CWD_REF_COUNTER_VALUE", SET_CWD_REF_COUNTER_VALUE),
        ("NVC6C0_SET_RESERVED_SW_METHOD08_V", SET_RESERVED_SW_METHOD08_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD09_V", SET_RESERVED_SW_METHOD09_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD10_V", SET_RESERVED_SW_METHOD10_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD11_V", SET_RESERVED_SW_METHOD11_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD12_V", SET_RESERVED_SW_METHOD12_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD13_V", SET_RESERVED_SW_METHOD13_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD14_V", SET_RESERVED_SW_METHOD14_V),
        ("NVC6C0_SET_RESERVED_SW_METHOD15_V", SET_RESERVED_SW_METHOD15_V),
        ("NVC6C0_SET_SCG_CONTROL_COMPUTE1_MAX_SM_COUNT", SET_SCG_CONTROL_COMPUTE1_MAX_SM_COUNT),
        ("NVC6C0_SET_SCG_CONTROL_COMPUTE1_MIN_SM_COUNT", SET_SCG_CONTROL_COMPUTE1_MIN_SM_COUNT),
        (
            "NVC6C0_SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE",
            SET_SCG_CONTROL_DISABLE_COMPUTE1_LIMIT_IN_ALL_COMPUTE,
        ),
        ("NVC6C0_SET_COMPUTE_CLASS_VERSION_CURRENT", SET_COMPUTE_CLASS_VERSION_CURRENT),
        ("NVC6C0_SET_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED", SET_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED),
        ("NVC6C0_CHECK_COMPUTE_CLASS_VERSION_CURRENT", CHECK_COMPUTE_CLASS_VERSION_CURRENT),
        ("NVC6C0_CHECK_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED", CHECK_COMPUTE_CLASS_VERSION_OLDEST_SUPPORTED),
        ("NVC6C0_SET_QMD_VERSION_CURRENT", SET_QMD_VERSION_CURRENT),
        ("NVC6C0_SET_QMD_VERSION_OLDEST_SUPPORTED", SET_QMD_VERSION_OLDEST_SUPPORTED),
        ("NVC6C0_CHECK_QMD_VERSION_CURRENT", CHECK_QMD_VERSION_CURRENT),
        ("NVC6C0_CHECK_QMD_VERSION_OLDEST_SUPPORTED", CHECK_QMD_VERSION_OLDEST_SUPPORTED),
        ("NVC6C0_INVALIDATE_SKED_CACHES_V", INVALIDATE_SKED_CACHES_V),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_CONSTANT_BUFFER_MASK",
            SET_QMD_VIRTUALIZATION_CONTROL_CONSTANT_BUFFER_MASK,
        ),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE", SET_QMD_VIRTUALIZATION_CONTROL_I2M_ADDR_ENABLE),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE",
            SET_QMD_VIRTUALIZATION_CONTROL_I2M_CONSTANT_BUFFER_ENABLE,
        ),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE", SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_ADDR_ENABLE),
        (
            "NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE",
            SET_QMD_VIRTUALIZATION_CONTROL_IQ2M_CONSTANT_BUFFER_ENABLE,
        ),
        ("NVC6C0_SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE", SET_QMD_VIRTUALIZATION_CONTROL_SEND_PCAS_ENABLE),
        (
            "NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER",
            SET_SHADER_SHARED_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER,
        ),
        ("NVC6C0_SET_SHADER_SHARED_MEMORY_WINDOW_B_BASE_ADDRESS", SET_SHADER_SHARED_MEMORY_WINDOW_B_BASE_ADDRESS),
        ("NVC6C0_SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE", SCG_HYSTERESIS_CONTROL_USE_TIMEOUT_ONCE),
        ("NVC6C0_SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE", SCG_HYSTERESIS_CONTROL_USE_NULL_TIMEOUT_ONCE),
        ("NVC6C0_SET_CWD_SLOT_COUNT_V", SET_CWD_SLOT_COUNT_V),
        ("NVC6C0_SEND_PCAS_A_QMD_ADDRESS_SHIFTED8", SEND_PCAS_A_QMD_ADDRESS_SHIFTED8),
        ("NVC6C0_SEND_PCAS_B_FROM", SEND_PCAS_B_FROM),
        ("NVC6C0_SEND_PCAS_B_DELTA", SEND_PCAS_B_DELTA),
        ("NVC6C0_SEND_SIGNALING_PCAS_B_INVALIDATE", SEND_SIGNALING_PCAS_B_INVALIDATE),
        ("NVC6C0_SEND_SIGNALING_PCAS_B_SCHEDULE", SEND_SIGNALING_PCAS_B_SCHEDULE),
        ("NVC6C0_SEND_SIGNALING_PCAS2_B_PCAS_ACTION", SEND_SIGNALING_PCAS2_B_PCAS_ACTION),
        ("NVC6C0_SET_SKED_CACHE_CONTROL_IGNORE_VEID", SET_SKED_CACHE_CONTROL_IGNORE_VEID),
        (
            "NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A_SIZE_UPPER",
            SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A_SIZE_UPPER,
        ),
        (
            "NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B_SIZE_LOWER",
            SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B_SIZE_LOWER,
        ),
        (
            "NVC6C0_SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C_MAX_SM_COUNT",
            SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C_MAX_SM_COUNT,
        ),
        ("NVC6C0_SET_SPA_VERSION_MINOR", SET_SPA_VERSION_MINOR),
        ("NVC6C0_SET_SPA_VERSION_MAJOR", SET_SPA_VERSION_MAJOR),
        (
            "NVC6C0_SET_INLINE_QMD_ADDRESS_A_QMD_ADDRESS_SHIFTED8_UPPER",
            SET_INLINE_QMD_ADDRESS_A_QMD_ADDRESS_SHIFTED8_UPPER,
        ),
        (
            "NVC6C0_SET_INLINE_QMD_ADDRESS_B_QMD_ADDRESS_SHIFTED8_LOWER",
            SET_INLINE_QMD_ADDRESS_B_QMD_ADDRESS_SHIFTED8_LOWER,
        ),
        ("NVC6C0_LOAD_INLINE_QMD_DATA_V", LOAD_INLINE_QMD_DATA_V),
        ("NVC6C0_SET_FALCON00_V", SET_FALCON00_V),
        ("NVC6C0_SET_FALCON01_V", SET_FALCON01_V),
        ("NVC6C0_SET_FALCON02_V", SET_FALCON02_V),
        ("NVC6C0_SET_FALCON03_V", SET_FALCON03_V),
        ("NVC6C0_SET_FALCON04_V", SET_FALCON04_V),
        ("NVC6C0_SET_FALCON05_V", SET_FALCON05_V),
        ("NVC6C0_SET_FALCON06_V", SET_FALCON06_V),
        ("NVC6C0_SET_FALCON07_V", SET_FALCON07_V),
        ("NVC6C0_SET_FALCON08_V", SET_FALCON08_V),
        ("NVC6C0_SET_FALCON09_V", SET_FALCON09_V),
        ("NVC6C0_SET_FALCON10_V", SET_FALCON10_V),
        ("NVC6C0_SET_FALCON11_V", SET_FALCON11_V),
        ("NVC6C0_SET_FALCON12_V", SET_FALCON12_V),
        ("NVC6C0_SET_FALCON13_V", SET_FALCON13_V),
        ("NVC6C0_SET_FALCON14_V", SET_FALCON14_V),
        ("NVC6C0_SET_FALCON15_V", SET_FALCON15_V),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER", SET_SHADER_LOCAL_MEMORY_A_ADDRESS_UPPER),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_B_ADDRESS_LOWER", SET_SHADER_LOCAL_MEMORY_B_ADDRESS_LOWER),
        (
            "NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER",
            SET_SHADER_LOCAL_MEMORY_WINDOW_A_BASE_ADDRESS_UPPER,
        ),
        ("NVC6C0_SET_SHADER_LOCAL_MEMORY_WINDOW_B_BASE_ADDRESS", SET_SHADER_LOCAL_MEMORY_WINDOW_B_BASE_ADDRESS),
        ("NVC6C0_SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE", SET_SHADER_CACHE_CONTROL_ICACHE_PREFETCH_ENABLE),
        ("NVC6C0_SET_SCG_COMPUTE_SCHEDULING_PARAMETERS_V", SET_SCG_COMPUTE_SCHEDULING_PARAMETERS_V),
        ("NVC6C0_SET_SM_TIMEOUT_INTERVAL_COUNTER_BIT", SET_SM_TIMEOUT_INTERVAL_COUNTER_BIT),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES", INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_LINES),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_TAG", INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI_TAG),
        ("NVC6C0_ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL", ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT_ALL),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_LINES", INVALIDATE_SAMPLER_CACHE_LINES),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_TAG", INVALIDATE_SAMPLER_CACHE_TAG),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_LINES", INVALIDATE_TEXTURE_HEADER_CACHE_LINES),
        ("NVC6C0_INVALIDATE_TEXTURE_HEADER_CACHE_TAG", INVALIDATE_TEXTURE_HEADER_CACHE_TAG),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_LINES", INVALIDATE_TEXTURE_DATA_CACHE_LINES),
        ("NVC6C0_INVALIDATE_TEXTURE_DATA_CACHE_TAG", INVALIDATE_TEXTURE_DATA_CACHE_TAG),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES", INVALIDATE_SAMPLER_CACHE_NO_WFI_LINES),
        ("NVC6C0_INVALIDATE_SAMPLER_CACHE_NO_WFI_TAG", INVALIDATE_SAMPLER_CACHE_NO_WFI_TAG),
        ("NVC6C0_SET_SHADER_EXCEPTIONS_ENABLE", SET_SHADER_EXCEPTIONS_ENABLE),
        ("NVC6C0_SET_RENDER_ENABLE_A_OFFSET_UPPER", SET_RENDER_ENABLE_A_OFFSET_UPPER),
        ("NVC6C0_SET_RENDER_ENABLE_B_OFFSET_LOWER", SET_RENDER_ENABLE_B_OFFSET_LOWER),
        ("NVC6C0_SET_RENDER_ENABLE_C_MODE", SET_RENDER_ENABLE_C_MODE),
        ("NVC6C0_SET_TEX_SAMPLER_POOL_A_OFFSET_UPPER", SET_TEX_SAMPLER_POOL_A_OFFSET_UPPER),
        ("NVC6C0_SET_TEX_SAMPLER_POOL_B_OFFSET_LOWER", SET_TEX_SAMPLER_POOL_B_OFFSET_LOWER),
        ("NVC6C0_SET_TEX_SAMPLER_POOL_C_MAXIMUM_INDEX", SET_TEX_SAMPLER_POOL_C_MAXIMUM_INDEX),
        ("NVC6C0_SET_TEX_HEADER_POOL_A_OFFSET_UPPER", SET_TEX_HEADER_POOL_A_OFFSET_UPPER),
        ("NVC6C0_SET_TEX_HEADER_POOL_B_OFFSET_LOWER", SET_TEX_HEADER_POOL_B_OFFSET_LOWER),
        ("NVC6C0_SET_TEX_HEADER_POOL_C_MAXIMUM_INDEX", SET_TEX_HEADER_POOL_C_MAXIMUM_INDEX),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION", INVALIDATE_SHADER_CACHES_NO_WFI_INSTRUCTION),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA", INVALIDATE_SHADER_CACHES_NO_WFI_GLOBAL_DATA),
        ("NVC6C0_INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT", INVALIDATE_SHADER_CACHES_NO_WFI_CONSTANT),
        ("NVC6C0_SET_RENDER_ENABLE_OVERRIDE_MODE", SET_RENDER_ENABLE_OVERRIDE_MODE),
        ("NVC6C0_PIPE_NOP_V", PIPE_NOP_V),
        ("NVC6C0_SET_SPARE00_V", SET_SPARE00_V),
        ("NVC6C0_SET_SPARE01_V", SET_SPARE01_V),
        ("NVC6C0_SET_SPARE02_V", SET_SPARE02_V),
        ("NVC6C0_SET_SPARE03_V", SET_SPARE03_V),
        ("NVC6C0_SET_REPORT_SEMAPHORE_A_OFFSET_UPPER", SET_REPORT_SEMAPHORE_A_OFFSET_UPPER),
        ("NVC6C0_SET_REPORT_SEMAPHORE_B_OFFSET_LOWER", SET_REPORT_SEMAPHORE_B_OFFSET_LOWER),
        ("NVC6C0_SET_REPORT_SEMAPHORE_C_PAYLOAD", SET_REPORT_SEMAPHORE_C_PAYLOAD),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_OPERATION", SET_REPORT_SEMAPHORE_D_OPERATION),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE", SET_REPORT_SEMAPHORE_D_AWAKEN_ENABLE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE", SET_REPORT_SEMAPHORE_D_STRUCTURE_SIZE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE", SET_REPORT_SEMAPHORE_D_FLUSH_DISABLE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE", SET_REPORT_SEMAPHORE_D_REDUCTION_ENABLE),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_OP", SET_REPORT_SEMAPHORE_D_REDUCTION_OP),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT", SET_REPORT_SEMAPHORE_D_REDUCTION_FORMAT),
        ("NVC6C0_SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP", SET_REPORT_SEMAPHORE_D_CONDITIONAL_TRAP),
        ("NVC6C0_SET_TRAP_HANDLER_A_ADDRESS_UPPER", SET_TRAP_HANDLER_A_ADDRESS_UPPER),
        ("NVC6C0_SET_TRAP_HANDLER_B_ADDRESS_LOWER", SET_TRAP_HANDLER_B_ADDRESS_LOWER),
        ("NVC6C0_SET_BINDLESS_TEXTURE_CONSTANT_BUFFER_SLOT_SELECT", SET_BINDLESS_TEXTURE_CONSTANT_BUFFER_SLOT_SELECT),
        ("NVC6C0_SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_V", SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_V),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_UPPER_V",
            SET_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_VALUE_UPPER_V,
        ),
        ("NVC6C0_ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V", ENABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V),
        ("NVC6C0_DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V", DISABLE_SHADER_PERFORMANCE_SNAPSHOT_COUNTER_V),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_VALUE_UPPER_V", SET_SHADER_PERFORMANCE_COUNTER_VALUE_UPPER_V),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_VALUE_V", SET_SHADER_PERFORMANCE_COUNTER_VALUE_V),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_EVENT_EVENT", SET_SHADER_PERFORMANCE_COUNTER_EVENT_EVENT),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT0", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT0),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT0",
            SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT0,
        ),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT1", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT1),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT1",
            SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT1,
        ),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT2", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT2),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT2",
            SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT2,
        ),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT3", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT3),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT3",
            SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT3,
        ),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT4", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT4),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT4",
            SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT4,
        ),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT5", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_EVENT5),
        (
            "NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT5",
            SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_BIT_SELECT5,
        ),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_SPARE", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A_SPARE),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_EDGE", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_EDGE),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_MODE", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_MODE),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_WINDOWED", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_WINDOWED),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_FUNC", SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B_FUNC),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL_MASK", SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL_MASK),
        ("NVC6C0_START_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK", START_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK),
        ("NVC6C0_STOP_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK", STOP_SHADER_PERFORMANCE_COUNTER_COUNTER_MASK),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER_V", SET_SHADER_PERFORMANCE_COUNTER_SCTL_FILTER_V),
        ("NVC6C0_SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER_V", SET_SHADER_PERFORMANCE_COUNTER_CORE_MIO_FILTER_V),
        ("NVC6C0_SET_MME_SHADOW_SCRATCH_V", SET_MME_SHADOW_SCRATCH_V),
    ];
}

/// Copy-engine class `AMPERE_DMA_COPY_A` (`NVC6B5_*`; ga10b: `NVC7B5`).
///
/// Every `value`/`bits` row of the class table with the `NVC6B5_` prefix stripped
/// (compute's QMD V02_xx rows excepted). Methods are byte offsets (`u32`),
/// data-word fields are [`Bits`], field values are `u32`.
pub mod copy {
    use super::Bits;

    /// The class-table name prefix of this class.
    pub const PREFIX: &str = "NVC6B5_";
    /// The class numbers using these methods (Ampere GA100-style and ga10b).
    pub const CLASSES: [u32; 2] = [0xc6b5, 0xc7b5];

    /// Method `NVC6B5_NOP` (byte offset).
    pub const NOP: u32 = 0x100;
    /// `NVC6B5_NOP_PARAMETER`: bits 31:0 of method [`NOP`].
    pub const NOP_PARAMETER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_PM_TRIGGER` (byte offset).
    pub const PM_TRIGGER: u32 = 0x140;
    /// `NVC6B5_PM_TRIGGER_V`: bits 31:0 of method [`PM_TRIGGER`].
    pub const PM_TRIGGER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_SEMAPHORE_A` (byte offset).
    pub const SET_SEMAPHORE_A: u32 = 0x240;
    /// `NVC6B5_SET_SEMAPHORE_A_UPPER`: bits 16:0 of method [`SET_SEMAPHORE_A`].
    pub const SET_SEMAPHORE_A_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6B5_SET_SEMAPHORE_B` (byte offset).
    pub const SET_SEMAPHORE_B: u32 = 0x244;
    /// `NVC6B5_SET_SEMAPHORE_B_LOWER`: bits 31:0 of method [`SET_SEMAPHORE_B`].
    pub const SET_SEMAPHORE_B_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_SEMAPHORE_PAYLOAD` (byte offset).
    pub const SET_SEMAPHORE_PAYLOAD: u32 = 0x248;
    /// `NVC6B5_SET_SEMAPHORE_PAYLOAD_PAYLOAD`: bits 31:0 of method [`SET_SEMAPHORE_PAYLOAD`].
    pub const SET_SEMAPHORE_PAYLOAD_PAYLOAD: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_RENDER_ENABLE_A` (byte offset).
    pub const SET_RENDER_ENABLE_A: u32 = 0x254;
    /// `NVC6B5_SET_RENDER_ENABLE_A_UPPER`: bits 7:0 of method [`SET_RENDER_ENABLE_A`].
    pub const SET_RENDER_ENABLE_A_UPPER: Bits = Bits { hi: 7, lo: 0 };
    /// Method `NVC6B5_SET_RENDER_ENABLE_B` (byte offset).
    pub const SET_RENDER_ENABLE_B: u32 = 0x258;
    /// `NVC6B5_SET_RENDER_ENABLE_B_LOWER`: bits 31:0 of method [`SET_RENDER_ENABLE_B`].
    pub const SET_RENDER_ENABLE_B_LOWER: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_RENDER_ENABLE_C` (byte offset).
    pub const SET_RENDER_ENABLE_C: u32 = 0x25c;
    /// `NVC6B5_SET_RENDER_ENABLE_C_MODE`: bits 2:0 of method [`SET_RENDER_ENABLE_C`].
    pub const SET_RENDER_ENABLE_C_MODE: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC6B5_SET_RENDER_ENABLE_C_MODE_FALSE`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_FALSE: u32 = 0x0;
    /// `NVC6B5_SET_RENDER_ENABLE_C_MODE_TRUE`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_TRUE: u32 = 0x1;
    /// `NVC6B5_SET_RENDER_ENABLE_C_MODE_CONDITIONAL`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_CONDITIONAL: u32 = 0x2;
    /// `NVC6B5_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL: u32 = 0x3;
    /// `NVC6B5_SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL`: value of [`SET_RENDER_ENABLE_C_MODE`].
    pub const SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL: u32 = 0x4;
    /// Method `NVC6B5_SET_SRC_PHYS_MODE` (byte offset).
    pub const SET_SRC_PHYS_MODE: u32 = 0x260;
    /// `NVC6B5_SET_SRC_PHYS_MODE_TARGET`: bits 1:0 of method [`SET_SRC_PHYS_MODE`].
    pub const SET_SRC_PHYS_MODE_TARGET: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC6B5_SET_SRC_PHYS_MODE_TARGET_LOCAL_FB`: value of [`SET_SRC_PHYS_MODE_TARGET`].
    pub const SET_SRC_PHYS_MODE_TARGET_LOCAL_FB: u32 = 0x0;
    /// `NVC6B5_SET_SRC_PHYS_MODE_TARGET_COHERENT_SYSMEM`: value of [`SET_SRC_PHYS_MODE_TARGET`].
    pub const SET_SRC_PHYS_MODE_TARGET_COHERENT_SYSMEM: u32 = 0x1;
    /// `NVC6B5_SET_SRC_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM`: value of [`SET_SRC_PHYS_MODE_TARGET`].
    pub const SET_SRC_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM: u32 = 0x2;
    /// `NVC6B5_SET_SRC_PHYS_MODE_TARGET_PEERMEM`: value of [`SET_SRC_PHYS_MODE_TARGET`].
    pub const SET_SRC_PHYS_MODE_TARGET_PEERMEM: u32 = 0x3;
    /// `NVC6B5_SET_SRC_PHYS_MODE_BASIC_KIND`: bits 5:2 of method [`SET_SRC_PHYS_MODE`].
    pub const SET_SRC_PHYS_MODE_BASIC_KIND: Bits = Bits { hi: 5, lo: 2 };
    /// `NVC6B5_SET_SRC_PHYS_MODE_PEER_ID`: bits 8:6 of method [`SET_SRC_PHYS_MODE`].
    pub const SET_SRC_PHYS_MODE_PEER_ID: Bits = Bits { hi: 8, lo: 6 };
    /// `NVC6B5_SET_SRC_PHYS_MODE_FLA`: bit 9 of method [`SET_SRC_PHYS_MODE`].
    pub const SET_SRC_PHYS_MODE_FLA: Bits = Bits { hi: 9, lo: 9 };
    /// Method `NVC6B5_SET_DST_PHYS_MODE` (byte offset).
    pub const SET_DST_PHYS_MODE: u32 = 0x264;
    /// `NVC6B5_SET_DST_PHYS_MODE_TARGET`: bits 1:0 of method [`SET_DST_PHYS_MODE`].
    pub const SET_DST_PHYS_MODE_TARGET: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC6B5_SET_DST_PHYS_MODE_TARGET_LOCAL_FB`: value of [`SET_DST_PHYS_MODE_TARGET`].
    pub const SET_DST_PHYS_MODE_TARGET_LOCAL_FB: u32 = 0x0;
    /// `NVC6B5_SET_DST_PHYS_MODE_TARGET_COHERENT_SYSMEM`: value of [`SET_DST_PHYS_MODE_TARGET`].
    pub const SET_DST_PHYS_MODE_TARGET_COHERENT_SYSMEM: u32 = 0x1;
    /// `NVC6B5_SET_DST_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM`: value of [`SET_DST_PHYS_MODE_TARGET`].
    pub const SET_DST_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM: u32 = 0x2;
    /// `NVC6B5_SET_DST_PHYS_MODE_TARGET_PEERMEM`: value of [`SET_DST_PHYS_MODE_TARGET`].
    pub const SET_DST_PHYS_MODE_TARGET_PEERMEM: u32 = 0x3;
    /// `NVC6B5_SET_DST_PHYS_MODE_BASIC_KIND`: bits 5:2 of method [`SET_DST_PHYS_MODE`].
    pub const SET_DST_PHYS_MODE_BASIC_KIND: Bits = Bits { hi: 5, lo: 2 };
    /// `NVC6B5_SET_DST_PHYS_MODE_PEER_ID`: bits 8:6 of method [`SET_DST_PHYS_MODE`].
    pub const SET_DST_PHYS_MODE_PEER_ID: Bits = Bits { hi: 8, lo: 6 };
    /// `NVC6B5_SET_DST_PHYS_MODE_FLA`: bit 9 of method [`SET_DST_PHYS_MODE`].
    pub const SET_DST_PHYS_MODE_FLA: Bits = Bits { hi: 9, lo: 9 };
    /// Method `NVC6B5_LAUNCH_DMA` (byte offset).
    pub const LAUNCH_DMA: u32 = 0x300;
    /// `NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE`: bits 1:0 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_DATA_TRANSFER_TYPE: Bits = Bits { hi: 1, lo: 0 };
    /// `NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE`: value of [`LAUNCH_DMA_DATA_TRANSFER_TYPE`].
    pub const LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_PIPELINED`: value of [`LAUNCH_DMA_DATA_TRANSFER_TYPE`].
    pub const LAUNCH_DMA_DATA_TRANSFER_TYPE_PIPELINED: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED`: value of [`LAUNCH_DMA_DATA_TRANSFER_TYPE`].
    pub const LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED: u32 = 0x2;
    /// `NVC6B5_LAUNCH_DMA_FLUSH_ENABLE`: bit 2 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_FLUSH_ENABLE: Bits = Bits { hi: 2, lo: 2 };
    /// `NVC6B5_LAUNCH_DMA_FLUSH_ENABLE_FALSE`: value of [`LAUNCH_DMA_FLUSH_ENABLE`].
    pub const LAUNCH_DMA_FLUSH_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE`: value of [`LAUNCH_DMA_FLUSH_ENABLE`].
    pub const LAUNCH_DMA_FLUSH_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_FLUSH_TYPE`: bit 25 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_FLUSH_TYPE: Bits = Bits { hi: 25, lo: 25 };
    /// `NVC6B5_LAUNCH_DMA_FLUSH_TYPE_SYS`: value of [`LAUNCH_DMA_FLUSH_TYPE`].
    pub const LAUNCH_DMA_FLUSH_TYPE_SYS: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_FLUSH_TYPE_GL`: value of [`LAUNCH_DMA_FLUSH_TYPE`].
    pub const LAUNCH_DMA_FLUSH_TYPE_GL: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE`: bits 4:3 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SEMAPHORE_TYPE: Bits = Bits { hi: 4, lo: 3 };
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_NONE`: value of [`LAUNCH_DMA_SEMAPHORE_TYPE`].
    pub const LAUNCH_DMA_SEMAPHORE_TYPE_NONE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE`: value of [`LAUNCH_DMA_SEMAPHORE_TYPE`].
    pub const LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE`: value of [`LAUNCH_DMA_SEMAPHORE_TYPE`].
    pub const LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE: u32 = 0x2;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_CONDITIONAL_INTR_SEMAPHORE`: value of [`LAUNCH_DMA_SEMAPHORE_TYPE`].
    pub const LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_CONDITIONAL_INTR_SEMAPHORE: u32 = 0x3;
    /// `NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE`: bits 6:5 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE: Bits = Bits { hi: 6, lo: 5 };
    /// `NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE_NONE`: value of [`LAUNCH_DMA_INTERRUPT_TYPE`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE_NONE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE_BLOCKING`: value of [`LAUNCH_DMA_INTERRUPT_TYPE`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE_BLOCKING: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE_NON_BLOCKING`: value of [`LAUNCH_DMA_INTERRUPT_TYPE`].
    pub const LAUNCH_DMA_INTERRUPT_TYPE_NON_BLOCKING: u32 = 0x2;
    /// `NVC6B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT`: bit 7 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SRC_MEMORY_LAYOUT: Bits = Bits { hi: 7, lo: 7 };
    /// `NVC6B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_BLOCKLINEAR`: value of [`LAUNCH_DMA_SRC_MEMORY_LAYOUT`].
    pub const LAUNCH_DMA_SRC_MEMORY_LAYOUT_BLOCKLINEAR: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH`: value of [`LAUNCH_DMA_SRC_MEMORY_LAYOUT`].
    pub const LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_DST_MEMORY_LAYOUT`: bit 8 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_DST_MEMORY_LAYOUT: Bits = Bits { hi: 8, lo: 8 };
    /// `NVC6B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR`: value of [`LAUNCH_DMA_DST_MEMORY_LAYOUT`].
    pub const LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH`: value of [`LAUNCH_DMA_DST_MEMORY_LAYOUT`].
    pub const LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_MULTI_LINE_ENABLE`: bit 9 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_MULTI_LINE_ENABLE: Bits = Bits { hi: 9, lo: 9 };
    /// `NVC6B5_LAUNCH_DMA_MULTI_LINE_ENABLE_FALSE`: value of [`LAUNCH_DMA_MULTI_LINE_ENABLE`].
    pub const LAUNCH_DMA_MULTI_LINE_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE`: value of [`LAUNCH_DMA_MULTI_LINE_ENABLE`].
    pub const LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_REMAP_ENABLE`: bit 10 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_REMAP_ENABLE: Bits = Bits { hi: 10, lo: 10 };
    /// `NVC6B5_LAUNCH_DMA_REMAP_ENABLE_FALSE`: value of [`LAUNCH_DMA_REMAP_ENABLE`].
    pub const LAUNCH_DMA_REMAP_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_REMAP_ENABLE_TRUE`: value of [`LAUNCH_DMA_REMAP_ENABLE`].
    pub const LAUNCH_DMA_REMAP_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_FORCE_RMWDISABLE`: bit 11 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_FORCE_RMWDISABLE: Bits = Bits { hi: 11, lo: 11 };
    /// `NVC6B5_LAUNCH_DMA_FORCE_RMWDISABLE_FALSE`: value of [`LAUNCH_DMA_FORCE_RMWDISABLE`].
    pub const LAUNCH_DMA_FORCE_RMWDISABLE_FALSE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_FORCE_RMWDISABLE_TRUE`: value of [`LAUNCH_DMA_FORCE_RMWDISABLE`].
    pub const LAUNCH_DMA_FORCE_RMWDISABLE_TRUE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_SRC_TYPE`: bit 12 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SRC_TYPE: Bits = Bits { hi: 12, lo: 12 };
    /// `NVC6B5_LAUNCH_DMA_SRC_TYPE_VIRTUAL`: value of [`LAUNCH_DMA_SRC_TYPE`].
    pub const LAUNCH_DMA_SRC_TYPE_VIRTUAL: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_SRC_TYPE_PHYSICAL`: value of [`LAUNCH_DMA_SRC_TYPE`].
    pub const LAUNCH_DMA_SRC_TYPE_PHYSICAL: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_DST_TYPE`: bit 13 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_DST_TYPE: Bits = Bits { hi: 13, lo: 13 };
    /// `NVC6B5_LAUNCH_DMA_DST_TYPE_VIRTUAL`: value of [`LAUNCH_DMA_DST_TYPE`].
    pub const LAUNCH_DMA_DST_TYPE_VIRTUAL: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_DST_TYPE_PHYSICAL`: value of [`LAUNCH_DMA_DST_TYPE`].
    pub const LAUNCH_DMA_DST_TYPE_PHYSICAL: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION`: bits 17:14 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION: Bits = Bits { hi: 17, lo: 14 };
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IMIN`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_IMIN: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IMAX`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_IMAX: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IXOR`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_IXOR: u32 = 0x2;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IAND`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_IAND: u32 = 0x3;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IOR`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_IOR: u32 = 0x4;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IADD`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_IADD: u32 = 0x5;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_INC`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_INC: u32 = 0x6;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_DEC`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_DEC: u32 = 0x7;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_FADD`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_FADD: u32 = 0xa;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN`: bit 18 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN: Bits = Bits { hi: 18, lo: 18 };
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_SIGNED`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_SIGNED: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_UNSIGNED`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_UNSIGNED: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE`: bit 19 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE: Bits = Bits { hi: 19, lo: 19 };
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_FALSE`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_FALSE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_TRUE`: value of [`LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE`].
    pub const LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_TRUE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_VPRMODE`: bits 23:22 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_VPRMODE: Bits = Bits { hi: 23, lo: 22 };
    /// `NVC6B5_LAUNCH_DMA_VPRMODE_VPR_NONE`: value of [`LAUNCH_DMA_VPRMODE`].
    pub const LAUNCH_DMA_VPRMODE_VPR_NONE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_VPRMODE_VPR_VID2VID`: value of [`LAUNCH_DMA_VPRMODE`].
    pub const LAUNCH_DMA_VPRMODE_VPR_VID2VID: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_RESERVED_START_OF_COPY`: bit 24 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_RESERVED_START_OF_COPY: Bits = Bits { hi: 24, lo: 24 };
    /// `NVC6B5_LAUNCH_DMA_DISABLE_PLC`: bit 26 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_DISABLE_PLC: Bits = Bits { hi: 26, lo: 26 };
    /// `NVC6B5_LAUNCH_DMA_DISABLE_PLC_FALSE`: value of [`LAUNCH_DMA_DISABLE_PLC`].
    pub const LAUNCH_DMA_DISABLE_PLC_FALSE: u32 = 0x0;
    /// `NVC6B5_LAUNCH_DMA_DISABLE_PLC_TRUE`: value of [`LAUNCH_DMA_DISABLE_PLC`].
    pub const LAUNCH_DMA_DISABLE_PLC_TRUE: u32 = 0x1;
    /// `NVC6B5_LAUNCH_DMA_RESERVED_ERR_CODE`: bits 31:28 of method [`LAUNCH_DMA`].
    pub const LAUNCH_DMA_RESERVED_ERR_CODE: Bits = Bits { hi: 31, lo: 28 };
    /// Method `NVC6B5_OFFSET_IN_UPPER` (byte offset).
    pub const OFFSET_IN_UPPER: u32 = 0x400;
    /// `NVC6B5_OFFSET_IN_UPPER_UPPER`: bits 16:0 of method [`OFFSET_IN_UPPER`].
    pub const OFFSET_IN_UPPER_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6B5_OFFSET_IN_LOWER` (byte offset).
    pub const OFFSET_IN_LOWER: u32 = 0x404;
    /// `NVC6B5_OFFSET_IN_LOWER_VALUE`: bits 31:0 of method [`OFFSET_IN_LOWER`].
    pub const OFFSET_IN_LOWER_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_OFFSET_OUT_UPPER` (byte offset).
    pub const OFFSET_OUT_UPPER: u32 = 0x408;
    /// `NVC6B5_OFFSET_OUT_UPPER_UPPER`: bits 16:0 of method [`OFFSET_OUT_UPPER`].
    pub const OFFSET_OUT_UPPER_UPPER: Bits = Bits { hi: 16, lo: 0 };
    /// Method `NVC6B5_OFFSET_OUT_LOWER` (byte offset).
    pub const OFFSET_OUT_LOWER: u32 = 0x40c;
    /// `NVC6B5_OFFSET_OUT_LOWER_VALUE`: bits 31:0 of method [`OFFSET_OUT_LOWER`].
    pub const OFFSET_OUT_LOWER_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_PITCH_IN` (byte offset).
    pub const PITCH_IN: u32 = 0x410;
    /// `NVC6B5_PITCH_IN_VALUE`: bits 31:0 of method [`PITCH_IN`].
    pub const PITCH_IN_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_PITCH_OUT` (byte offset).
    pub const PITCH_OUT: u32 = 0x414;
    /// `NVC6B5_PITCH_OUT_VALUE`: bits 31:0 of method [`PITCH_OUT`].
    pub const PITCH_OUT_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_LINE_LENGTH_IN` (byte offset).
    pub const LINE_LENGTH_IN: u32 = 0x418;
    /// `NVC6B5_LINE_LENGTH_IN_VALUE`: bits 31:0 of method [`LINE_LENGTH_IN`].
    pub const LINE_LENGTH_IN_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_LINE_COUNT` (byte offset).
    pub const LINE_COUNT: u32 = 0x41c;
    /// `NVC6B5_LINE_COUNT_VALUE`: bits 31:0 of method [`LINE_COUNT`].
    pub const LINE_COUNT_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_REMAP_CONST_A` (byte offset).
    pub const SET_REMAP_CONST_A: u32 = 0x700;
    /// `NVC6B5_SET_REMAP_CONST_A_V`: bits 31:0 of method [`SET_REMAP_CONST_A`].
    pub const SET_REMAP_CONST_A_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_REMAP_CONST_B` (byte offset).
    pub const SET_REMAP_CONST_B: u32 = 0x704;
    /// `NVC6B5_SET_REMAP_CONST_B_V`: bits 31:0 of method [`SET_REMAP_CONST_B`].
    pub const SET_REMAP_CONST_B_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_REMAP_COMPONENTS` (byte offset).
    pub const SET_REMAP_COMPONENTS: u32 = 0x708;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X`: bits 2:0 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_DST_X: Bits = Bits { hi: 2, lo: 0 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_X`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_SRC_X: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_Y`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_SRC_Y: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_Z`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_SRC_Z: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_W`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_SRC_W: u32 = 0x3;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_CONST_A`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_CONST_A: u32 = 0x4;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_CONST_B`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_CONST_B: u32 = 0x5;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_X_NO_WRITE`: value of [`SET_REMAP_COMPONENTS_DST_X`].
    pub const SET_REMAP_COMPONENTS_DST_X_NO_WRITE: u32 = 0x6;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y`: bits 6:4 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_DST_Y: Bits = Bits { hi: 6, lo: 4 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_X`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_SRC_X: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_Y`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_SRC_Y: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_Z`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_SRC_Z: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_W`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_SRC_W: u32 = 0x3;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_CONST_A`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_CONST_A: u32 = 0x4;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_CONST_B`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_CONST_B: u32 = 0x5;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Y_NO_WRITE`: value of [`SET_REMAP_COMPONENTS_DST_Y`].
    pub const SET_REMAP_COMPONENTS_DST_Y_NO_WRITE: u32 = 0x6;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z`: bits 10:8 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_DST_Z: Bits = Bits { hi: 10, lo: 8 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_X`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_SRC_X: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_Y`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_SRC_Y: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_Z`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_SRC_Z: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_W`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_SRC_W: u32 = 0x3;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_CONST_A`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_CONST_A: u32 = 0x4;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_CONST_B`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_CONST_B: u32 = 0x5;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_Z_NO_WRITE`: value of [`SET_REMAP_COMPONENTS_DST_Z`].
    pub const SET_REMAP_COMPONENTS_DST_Z_NO_WRITE: u32 = 0x6;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W`: bits 14:12 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_DST_W: Bits = Bits { hi: 14, lo: 12 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_X`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_SRC_X: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_Y`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_SRC_Y: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_Z`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_SRC_Z: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_W`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_SRC_W: u32 = 0x3;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_CONST_A`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_CONST_A: u32 = 0x4;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_CONST_B`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_CONST_B: u32 = 0x5;
    /// `NVC6B5_SET_REMAP_COMPONENTS_DST_W_NO_WRITE`: value of [`SET_REMAP_COMPONENTS_DST_W`].
    pub const SET_REMAP_COMPONENTS_DST_W_NO_WRITE: u32 = 0x6;
    /// `NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE`: bits 17:16 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_COMPONENT_SIZE: Bits = Bits { hi: 17, lo: 16 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_ONE`: value of [`SET_REMAP_COMPONENTS_COMPONENT_SIZE`].
    pub const SET_REMAP_COMPONENTS_COMPONENT_SIZE_ONE: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_TWO`: value of [`SET_REMAP_COMPONENTS_COMPONENT_SIZE`].
    pub const SET_REMAP_COMPONENTS_COMPONENT_SIZE_TWO: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_THREE`: value of [`SET_REMAP_COMPONENTS_COMPONENT_SIZE`].
    pub const SET_REMAP_COMPONENTS_COMPONENT_SIZE_THREE: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_FOUR`: value of [`SET_REMAP_COMPONENTS_COMPONENT_SIZE`].
    pub const SET_REMAP_COMPONENTS_COMPONENT_SIZE_FOUR: u32 = 0x3;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS`: bits 21:20 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS: Bits = Bits { hi: 21, lo: 20 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_ONE`: value of [`SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_ONE: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_TWO`: value of [`SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_TWO: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_THREE`: value of [`SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_THREE: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_FOUR`: value of [`SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_FOUR: u32 = 0x3;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS`: bits 25:24 of method [`SET_REMAP_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS: Bits = Bits { hi: 25, lo: 24 };
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_ONE`: value of [`SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_ONE: u32 = 0x0;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_TWO`: value of [`SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_TWO: u32 = 0x1;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_THREE`: value of [`SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_THREE: u32 = 0x2;
    /// `NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_FOUR`: value of [`SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS`].
    pub const SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_FOUR: u32 = 0x3;
    /// Method `NVC6B5_SET_DST_BLOCK_SIZE` (byte offset).
    pub const SET_DST_BLOCK_SIZE: u32 = 0x70c;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_WIDTH`: bits 3:0 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_WIDTH: Bits = Bits { hi: 3, lo: 0 };
    /// `NVC6B5_SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB`: value of [`SET_DST_BLOCK_SIZE_WIDTH`].
    pub const SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB: u32 = 0x0;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT`: bits 7:4 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT: Bits = Bits { hi: 7, lo: 4 };
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB: u32 = 0x0;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS: u32 = 0x1;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS: u32 = 0x2;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS: u32 = 0x3;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS: u32 = 0x4;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS: u32 = 0x5;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH`: bits 11:8 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_DEPTH: Bits = Bits { hi: 11, lo: 8 };
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB: u32 = 0x0;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS: u32 = 0x1;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS: u32 = 0x2;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS: u32 = 0x3;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS: u32 = 0x4;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS`: value of [`SET_DST_BLOCK_SIZE_DEPTH`].
    pub const SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS: u32 = 0x5;
    /// `NVC6B5_SET_DST_BLOCK_SIZE_GOB_HEIGHT`: bits 15:12 of method [`SET_DST_BLOCK_SIZE`].
    pub const SET_DST_BLOCK_SIZE_GOB_HEIGHT: Bits = Bits { hi: 15, lo: 12 };
    /// `NVC6B5_SET_DST_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8`: value of [`SET_DST_BLOCK_SIZE_GOB_HEIGHT`].
    pub const SET_DST_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8: u32 = 0x1;
    /// Method `NVC6B5_SET_DST_WIDTH` (byte offset).
    pub const SET_DST_WIDTH: u32 = 0x710;
    /// `NVC6B5_SET_DST_WIDTH_V`: bits 31:0 of method [`SET_DST_WIDTH`].
    pub const SET_DST_WIDTH_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_DST_HEIGHT` (byte offset).
    pub const SET_DST_HEIGHT: u32 = 0x714;
    /// `NVC6B5_SET_DST_HEIGHT_V`: bits 31:0 of method [`SET_DST_HEIGHT`].
    pub const SET_DST_HEIGHT_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_DST_DEPTH` (byte offset).
    pub const SET_DST_DEPTH: u32 = 0x718;
    /// `NVC6B5_SET_DST_DEPTH_V`: bits 31:0 of method [`SET_DST_DEPTH`].
    pub const SET_DST_DEPTH_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_DST_LAYER` (byte offset).
    pub const SET_DST_LAYER: u32 = 0x71c;
    /// `NVC6B5_SET_DST_LAYER_V`: bits 31:0 of method [`SET_DST_LAYER`].
    pub const SET_DST_LAYER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_DST_ORIGIN` (byte offset).
    pub const SET_DST_ORIGIN: u32 = 0x720;
    /// `NVC6B5_SET_DST_ORIGIN_X`: bits 15:0 of method [`SET_DST_ORIGIN`].
    pub const SET_DST_ORIGIN_X: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6B5_SET_DST_ORIGIN_Y`: bits 31:16 of method [`SET_DST_ORIGIN`].
    pub const SET_DST_ORIGIN_Y: Bits = Bits { hi: 31, lo: 16 };
    /// Method `NVC6B5_SET_SRC_BLOCK_SIZE` (byte offset).
    pub const SET_SRC_BLOCK_SIZE: u32 = 0x728;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_WIDTH`: bits 3:0 of method [`SET_SRC_BLOCK_SIZE`].
    pub const SET_SRC_BLOCK_SIZE_WIDTH: Bits = Bits { hi: 3, lo: 0 };
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_WIDTH_ONE_GOB`: value of [`SET_SRC_BLOCK_SIZE_WIDTH`].
    pub const SET_SRC_BLOCK_SIZE_WIDTH_ONE_GOB: u32 = 0x0;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT`: bits 7:4 of method [`SET_SRC_BLOCK_SIZE`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT: Bits = Bits { hi: 7, lo: 4 };
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_ONE_GOB`: value of [`SET_SRC_BLOCK_SIZE_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT_ONE_GOB: u32 = 0x0;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_TWO_GOBS`: value of [`SET_SRC_BLOCK_SIZE_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT_TWO_GOBS: u32 = 0x1;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_FOUR_GOBS`: value of [`SET_SRC_BLOCK_SIZE_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT_FOUR_GOBS: u32 = 0x2;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_EIGHT_GOBS`: value of [`SET_SRC_BLOCK_SIZE_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT_EIGHT_GOBS: u32 = 0x3;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS`: value of [`SET_SRC_BLOCK_SIZE_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS: u32 = 0x4;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS`: value of [`SET_SRC_BLOCK_SIZE_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS: u32 = 0x5;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH`: bits 11:8 of method [`SET_SRC_BLOCK_SIZE`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH: Bits = Bits { hi: 11, lo: 8 };
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_ONE_GOB`: value of [`SET_SRC_BLOCK_SIZE_DEPTH`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH_ONE_GOB: u32 = 0x0;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_TWO_GOBS`: value of [`SET_SRC_BLOCK_SIZE_DEPTH`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH_TWO_GOBS: u32 = 0x1;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_FOUR_GOBS`: value of [`SET_SRC_BLOCK_SIZE_DEPTH`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH_FOUR_GOBS: u32 = 0x2;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_EIGHT_GOBS`: value of [`SET_SRC_BLOCK_SIZE_DEPTH`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH_EIGHT_GOBS: u32 = 0x3;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS`: value of [`SET_SRC_BLOCK_SIZE_DEPTH`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS: u32 = 0x4;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS`: value of [`SET_SRC_BLOCK_SIZE_DEPTH`].
    pub const SET_SRC_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS: u32 = 0x5;
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_GOB_HEIGHT`: bits 15:12 of method [`SET_SRC_BLOCK_SIZE`].
    pub const SET_SRC_BLOCK_SIZE_GOB_HEIGHT: Bits = Bits { hi: 15, lo: 12 };
    /// `NVC6B5_SET_SRC_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8`: value of [`SET_SRC_BLOCK_SIZE_GOB_HEIGHT`].
    pub const SET_SRC_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8: u32 = 0x1;
    /// Method `NVC6B5_SET_SRC_WIDTH` (byte offset).
    pub const SET_SRC_WIDTH: u32 = 0x72c;
    /// `NVC6B5_SET_SRC_WIDTH_V`: bits 31:0 of method [`SET_SRC_WIDTH`].
    pub const SET_SRC_WIDTH_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_SRC_HEIGHT` (byte offset).
    pub const SET_SRC_HEIGHT: u32 = 0x730;
    /// `NVC6B5_SET_SRC_HEIGHT_V`: bits 31:0 of method [`SET_SRC_HEIGHT`].
    pub const SET_SRC_HEIGHT_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_SRC_DEPTH` (byte offset).
    pub const SET_SRC_DEPTH: u32 = 0x734;
    /// `NVC6B5_SET_SRC_DEPTH_V`: bits 31:0 of method [`SET_SRC_DEPTH`].
    pub const SET_SRC_DEPTH_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_SRC_LAYER` (byte offset).
    pub const SET_SRC_LAYER: u32 = 0x738;
    /// `NVC6B5_SET_SRC_LAYER_V`: bits 31:0 of method [`SET_SRC_LAYER`].
    pub const SET_SRC_LAYER_V: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SET_SRC_ORIGIN` (byte offset).
    pub const SET_SRC_ORIGIN: u32 = 0x73c;
    /// `NVC6B5_SET_SRC_ORIGIN_X`: bits 15:0 of method [`SET_SRC_ORIGIN`].
    pub const SET_SRC_ORIGIN_X: Bits = Bits { hi: 15, lo: 0 };
    /// `NVC6B5_SET_SRC_ORIGIN_Y`: bits 31:16 of method [`SET_SRC_ORIGIN`].
    pub const SET_SRC_ORIGIN_Y: Bits = Bits { hi: 31, lo: 16 };
    /// Method `NVC6B5_SRC_ORIGIN_X` (byte offset).
    pub const SRC_ORIGIN_X: u32 = 0x744;
    /// `NVC6B5_SRC_ORIGIN_X_VALUE`: bits 31:0 of method [`SRC_ORIGIN_X`].
    pub const SRC_ORIGIN_X_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_SRC_ORIGIN_Y` (byte offset).
    pub const SRC_ORIGIN_Y: u32 = 0x748;
    /// `NVC6B5_SRC_ORIGIN_Y_VALUE`: bits 31:0 of method [`SRC_ORIGIN_Y`].
    pub const SRC_ORIGIN_Y_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_DST_ORIGIN_X` (byte offset).
    pub const DST_ORIGIN_X: u32 = 0x74c;
    /// `NVC6B5_DST_ORIGIN_X_VALUE`: bits 31:0 of method [`DST_ORIGIN_X`].
    pub const DST_ORIGIN_X_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_DST_ORIGIN_Y` (byte offset).
    pub const DST_ORIGIN_Y: u32 = 0x750;
    /// `NVC6B5_DST_ORIGIN_Y_VALUE`: bits 31:0 of method [`DST_ORIGIN_Y`].
    pub const DST_ORIGIN_Y_VALUE: Bits = Bits { hi: 31, lo: 0 };
    /// Method `NVC6B5_PM_TRIGGER_END` (byte offset).
    pub const PM_TRIGGER_END: u32 = 0x1114;
    /// `NVC6B5_PM_TRIGGER_END_V`: bits 31:0 of method [`PM_TRIGGER_END`].
    pub const PM_TRIGGER_END_V: Bits = Bits { hi: 31, lo: 0 };

    /// Every method this class defines, as (name without prefix, byte offset),
    /// sorted by offset; see [`super::defined_methods`].
    pub const METHODS: &[(&str, u32)] = &[
        ("NOP", NOP),
        ("PM_TRIGGER", PM_TRIGGER),
        ("SET_SEMAPHORE_A", SET_SEMAPHORE_A),
        ("SET_SEMAPHORE_B", SET_SEMAPHORE_B),
        ("SET_SEMAPHORE_PAYLOAD", SET_SEMAPHORE_PAYLOAD),
        ("SET_RENDER_ENABLE_A", SET_RENDER_ENABLE_A),
        ("SET_RENDER_ENABLE_B", SET_RENDER_ENABLE_B),
        ("SET_RENDER_ENABLE_C", SET_RENDER_ENABLE_C),
        ("SET_SRC_PHYS_MODE", SET_SRC_PHYS_MODE),
        ("SET_DST_PHYS_MODE", SET_DST_PHYS_MODE),
        ("LAUNCH_DMA", LAUNCH_DMA),
        ("OFFSET_IN_UPPER", OFFSET_IN_UPPER),
        ("OFFSET_IN_LOWER", OFFSET_IN_LOWER),
        ("OFFSET_OUT_UPPER", OFFSET_OUT_UPPER),
        ("OFFSET_OUT_LOWER", OFFSET_OUT_LOWER),
        ("PITCH_IN", PITCH_IN),
        ("PITCH_OUT", PITCH_OUT),
        ("LINE_LENGTH_IN", LINE_LENGTH_IN),
        ("LINE_COUNT", LINE_COUNT),
        ("SET_REMAP_CONST_A", SET_REMAP_CONST_A),
        ("SET_REMAP_CONST_B", SET_REMAP_CONST_B),
        ("SET_REMAP_COMPONENTS", SET_REMAP_COMPONENTS),
        ("SET_DST_BLOCK_SIZE", SET_DST_BLOCK_SIZE),
        ("SET_DST_WIDTH", SET_DST_WIDTH),
        ("SET_DST_HEIGHT", SET_DST_HEIGHT),
        ("SET_DST_DEPTH", SET_DST_DEPTH),
        ("SET_DST_LAYER", SET_DST_LAYER),
        ("SET_DST_ORIGIN", SET_DST_ORIGIN),
        ("SET_SRC_BLOCK_SIZE", SET_SRC_BLOCK_SIZE),
        ("SET_SRC_WIDTH", SET_SRC_WIDTH),
        ("SET_SRC_HEIGHT", SET_SRC_HEIGHT),
        ("SET_SRC_DEPTH", SET_SRC_DEPTH),
        ("SET_SRC_LAYER", SET_SRC_LAYER),
        ("SET_SRC_ORIGIN", SET_SRC_ORIGIN),
        ("SRC_ORIGIN_X", SRC_ORIGIN_X),
        ("SRC_ORIGIN_Y", SRC_ORIGIN_Y),
        ("DST_ORIGIN_X", DST_ORIGIN_X),
        ("DST_ORIGIN_Y", DST_ORIGIN_Y),
        ("PM_TRIGGER_END", PM_TRIGGER_END),
    ];

    /// Every `value` row: (full class-table name, value).
    pub const VALUES: &[(&str, u32)] = &[
        ("NVC6B5_NOP", NOP),
        ("NVC6B5_PM_TRIGGER", PM_TRIGGER),
        ("NVC6B5_SET_SEMAPHORE_A", SET_SEMAPHORE_A),
        ("NVC6B5_SET_SEMAPHORE_B", SET_SEMAPHORE_B),
        ("NVC6B5_SET_SEMAPHORE_PAYLOAD", SET_SEMAPHORE_PAYLOAD),
        ("NVC6B5_SET_RENDER_ENABLE_A", SET_RENDER_ENABLE_A),
        ("NVC6B5_SET_RENDER_ENABLE_B", SET_RENDER_ENABLE_B),
        ("NVC6B5_SET_RENDER_ENABLE_C", SET_RENDER_ENABLE_C),
        ("NVC6B5_SET_RENDER_ENABLE_C_MODE_FALSE", SET_RENDER_ENABLE_C_MODE_FALSE),
        ("NVC6B5_SET_RENDER_ENABLE_C_MODE_TRUE", SET_RENDER_ENABLE_C_MODE_TRUE),
        ("NVC6B5_SET_RENDER_ENABLE_C_MODE_CONDITIONAL", SET_RENDER_ENABLE_C_MODE_CONDITIONAL),
        ("NVC6B5_SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL", SET_RENDER_ENABLE_C_MODE_RENDER_IF_EQUAL),
        ("NVC6B5_SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL", SET_RENDER_ENABLE_C_MODE_RENDER_IF_NOT_EQUAL),
        ("NVC6B5_SET_SRC_PHYS_MODE", SET_SRC_PHYS_MODE),
        ("NVC6B5_SET_SRC_PHYS_MODE_TARGET_LOCAL_FB", SET_SRC_PHYS_MODE_TARGET_LOCAL_FB),
        ("NVC6B5_SET_SRC_PHYS_MODE_TARGET_COHERENT_SYSMEM", SET_SRC_PHYS_MODE_TARGET_COHERENT_SYSMEM),
        ("NVC6B5_SET_SRC_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM", SET_SRC_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM),
        ("NVC6B5_SET_SRC_PHYS_MODE_TARGET_PEERMEM", SET_SRC_PHYS_MODE_TARGET_PEERMEM),
        ("NVC6B5_SET_DST_PHYS_MODE", SET_DST_PHYS_MODE),
        ("NVC6B5_SET_DST_PHYS_MODE_TARGET_LOCAL_FB", SET_DST_PHYS_MODE_TARGET_LOCAL_FB),
        ("NVC6B5_SET_DST_PHYS_MODE_TARGET_COHERENT_SYSMEM", SET_DST_PHYS_MODE_TARGET_COHERENT_SYSMEM),
        ("NVC6B5_SET_DST_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM", SET_DST_PHYS_MODE_TARGET_NONCOHERENT_SYSMEM),
        ("NVC6B5_SET_DST_PHYS_MODE_TARGET_PEERMEM", SET_DST_PHYS_MODE_TARGET_PEERMEM),
        ("NVC6B5_LAUNCH_DMA", LAUNCH_DMA),
        ("NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE", LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE),
        ("NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_PIPELINED", LAUNCH_DMA_DATA_TRANSFER_TYPE_PIPELINED),
        ("NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED", LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED),
        ("NVC6B5_LAUNCH_DMA_FLUSH_ENABLE_FALSE", LAUNCH_DMA_FLUSH_ENABLE_FALSE),
        ("NVC6B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE", LAUNCH_DMA_FLUSH_ENABLE_TRUE),
        ("NVC6B5_LAUNCH_DMA_FLUSH_TYPE_SYS", LAUNCH_DMA_FLUSH_TYPE_SYS),
        ("NVC6B5_LAUNCH_DMA_FLUSH_TYPE_GL", LAUNCH_DMA_FLUSH_TYPE_GL),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_NONE", LAUNCH_DMA_SEMAPHORE_TYPE_NONE),
        (
            "NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE",
            LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE,
        ),
        (
            "NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE",
            LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE,
        ),
        (
            "NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_CONDITIONAL_INTR_SEMAPHORE",
            LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_CONDITIONAL_INTR_SEMAPHORE,
        ),
        ("NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE_NONE", LAUNCH_DMA_INTERRUPT_TYPE_NONE),
        ("NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE_BLOCKING", LAUNCH_DMA_INTERRUPT_TYPE_BLOCKING),
        ("NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE_NON_BLOCKING", LAUNCH_DMA_INTERRUPT_TYPE_NON_BLOCKING),
        ("NVC6B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_BLOCKLINEAR", LAUNCH_DMA_SRC_MEMORY_LAYOUT_BLOCKLINEAR),
        ("NVC6B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH", LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH),
        ("NVC6B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR", LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR),
        ("NVC6B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH", LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH),
        ("NVC6B5_LAUNCH_DMA_MULTI_LINE_ENABLE_FALSE", LAUNCH_DMA_MULTI_LINE_ENABLE_FALSE),
        ("NVC6B5_LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE", LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE),
        ("NVC6B5_LAUNCH_DMA_REMAP_ENABLE_FALSE", LAUNCH_DMA_REMAP_ENABLE_FALSE),
        ("NVC6B5_LAUNCH_DMA_REMAP_ENABLE_TRUE", LAUNCH_DMA_REMAP_ENABLE_TRUE),
        ("NVC6B5_LAUNCH_DMA_FORCE_RMWDISABLE_FALSE", LAUNCH_DMA_FORCE_RMWDISABLE_FALSE),
        ("NVC6B5_LAUNCH_DMA_FORCE_RMWDISABLE_TRUE", LAUNCH_DMA_FORCE_RMWDISABLE_TRUE),
        ("NVC6B5_LAUNCH_DMA_SRC_TYPE_VIRTUAL", LAUNCH_DMA_SRC_TYPE_VIRTUAL),
        ("NVC6B5_LAUNCH_DMA_SRC_TYPE_PHYSICAL", LAUNCH_DMA_SRC_TYPE_PHYSICAL),
        ("NVC6B5_LAUNCH_DMA_DST_TYPE_VIRTUAL", LAUNCH_DMA_DST_TYPE_VIRTUAL),
        ("NVC6B5_LAUNCH_DMA_DST_TYPE_PHYSICAL", LAUNCH_DMA_DST_TYPE_PHYSICAL),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IMIN", LAUNCH_DMA_SEMAPHORE_REDUCTION_IMIN),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IMAX", LAUNCH_DMA_SEMAPHORE_REDUCTION_IMAX),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IXOR", LAUNCH_DMA_SEMAPHORE_REDUCTION_IXOR),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IAND", LAUNCH_DMA_SEMAPHORE_REDUCTION_IAND),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IOR", LAUNCH_DMA_SEMAPHORE_REDUCTION_IOR),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_IADD", LAUNCH_DMA_SEMAPHORE_REDUCTION_IADD),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_INC", LAUNCH_DMA_SEMAPHORE_REDUCTION_INC),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_DEC", LAUNCH_DMA_SEMAPHORE_REDUCTION_DEC),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_FADD", LAUNCH_DMA_SEMAPHORE_REDUCTION_FADD),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_SIGNED", LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_SIGNED),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_UNSIGNED", LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN_UNSIGNED),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_FALSE", LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_FALSE),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_TRUE", LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE_TRUE),
        ("NVC6B5_LAUNCH_DMA_VPRMODE_VPR_NONE", LAUNCH_DMA_VPRMODE_VPR_NONE),
        ("NVC6B5_LAUNCH_DMA_VPRMODE_VPR_VID2VID", LAUNCH_DMA_VPRMODE_VPR_VID2VID),
        ("NVC6B5_LAUNCH_DMA_DISABLE_PLC_FALSE", LAUNCH_DMA_DISABLE_PLC_FALSE),
        ("NVC6B5_LAUNCH_DMA_DISABLE_PLC_TRUE", LAUNCH_DMA_DISABLE_PLC_TRUE),
        ("NVC6B5_OFFSET_IN_UPPER", OFFSET_IN_UPPER),
        ("NVC6B5_OFFSET_IN_LOWER", OFFSET_IN_LOWER),
        ("NVC6B5_OFFSET_OUT_UPPER", OFFSET_OUT_UPPER),
        ("NVC6B5_OFFSET_OUT_LOWER", OFFSET_OUT_LOWER),
        ("NVC6B5_PITCH_IN", PITCH_IN),
        ("NVC6B5_PITCH_OUT", PITCH_OUT),
        ("NVC6B5_LINE_LENGTH_IN", LINE_LENGTH_IN),
        ("NVC6B5_LINE_COUNT", LINE_COUNT),
        ("NVC6B5_SET_REMAP_CONST_A", SET_REMAP_CONST_A),
        ("NVC6B5_SET_REMAP_CONST_B", SET_REMAP_CONST_B),
        ("NVC6B5_SET_REMAP_COMPONENTS", SET_REMAP_COMPONENTS),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_X", SET_REMAP_COMPONENTS_DST_X_SRC_X),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_Y", SET_REMAP_COMPONENTS_DST_X_SRC_Y),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_Z", SET_REMAP_COMPONENTS_DST_X_SRC_Z),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_SRC_W", SET_REMAP_COMPONENTS_DST_X_SRC_W),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_CONST_A", SET_REMAP_COMPONENTS_DST_X_CONST_A),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_CONST_B", SET_REMAP_COMPONENTS_DST_X_CONST_B),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X_NO_WRITE", SET_REMAP_COMPONENTS_DST_X_NO_WRITE),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_X", SET_REMAP_COMPONENTS_DST_Y_SRC_X),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_Y", SET_REMAP_COMPONENTS_DST_Y_SRC_Y),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_Z", SET_REMAP_COMPONENTS_DST_Y_SRC_Z),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_SRC_W", SET_REMAP_COMPONENTS_DST_Y_SRC_W),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_CONST_A", SET_REMAP_COMPONENTS_DST_Y_CONST_A),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_CONST_B", SET_REMAP_COMPONENTS_DST_Y_CONST_B),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y_NO_WRITE", SET_REMAP_COMPONENTS_DST_Y_NO_WRITE),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_X", SET_REMAP_COMPONENTS_DST_Z_SRC_X),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_Y", SET_REMAP_COMPONENTS_DST_Z_SRC_Y),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_Z", SET_REMAP_COMPONENTS_DST_Z_SRC_Z),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_SRC_W", SET_REMAP_COMPONENTS_DST_Z_SRC_W),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_CONST_A", SET_REMAP_COMPONENTS_DST_Z_CONST_A),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_CONST_B", SET_REMAP_COMPONENTS_DST_Z_CONST_B),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z_NO_WRITE", SET_REMAP_COMPONENTS_DST_Z_NO_WRITE),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_X", SET_REMAP_COMPONENTS_DST_W_SRC_X),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_Y", SET_REMAP_COMPONENTS_DST_W_SRC_Y),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_Z", SET_REMAP_COMPONENTS_DST_W_SRC_Z),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_SRC_W", SET_REMAP_COMPONENTS_DST_W_SRC_W),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_CONST_A", SET_REMAP_COMPONENTS_DST_W_CONST_A),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_CONST_B", SET_REMAP_COMPONENTS_DST_W_CONST_B),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W_NO_WRITE", SET_REMAP_COMPONENTS_DST_W_NO_WRITE),
        ("NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_ONE", SET_REMAP_COMPONENTS_COMPONENT_SIZE_ONE),
        ("NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_TWO", SET_REMAP_COMPONENTS_COMPONENT_SIZE_TWO),
        ("NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_THREE", SET_REMAP_COMPONENTS_COMPONENT_SIZE_THREE),
        ("NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_FOUR", SET_REMAP_COMPONENTS_COMPONENT_SIZE_FOUR),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_ONE", SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_ONE),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_TWO", SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_TWO),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_THREE", SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_THREE),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_FOUR", SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_FOUR),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_ONE", SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_ONE),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_TWO", SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_TWO),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_THREE", SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_THREE),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_FOUR", SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_FOUR),
        ("NVC6B5_SET_DST_BLOCK_SIZE", SET_DST_BLOCK_SIZE),
        ("NVC6B5_SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB", SET_DST_BLOCK_SIZE_WIDTH_ONE_GOB),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB", SET_DST_BLOCK_SIZE_HEIGHT_ONE_GOB),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_TWO_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_FOUR_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_EIGHT_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS", SET_DST_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB", SET_DST_BLOCK_SIZE_DEPTH_ONE_GOB),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS", SET_DST_BLOCK_SIZE_DEPTH_TWO_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS", SET_DST_BLOCK_SIZE_DEPTH_FOUR_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS", SET_DST_BLOCK_SIZE_DEPTH_EIGHT_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS", SET_DST_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS", SET_DST_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8", SET_DST_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8),
        ("NVC6B5_SET_DST_WIDTH", SET_DST_WIDTH),
        ("NVC6B5_SET_DST_HEIGHT", SET_DST_HEIGHT),
        ("NVC6B5_SET_DST_DEPTH", SET_DST_DEPTH),
        ("NVC6B5_SET_DST_LAYER", SET_DST_LAYER),
        ("NVC6B5_SET_DST_ORIGIN", SET_DST_ORIGIN),
        ("NVC6B5_SET_SRC_BLOCK_SIZE", SET_SRC_BLOCK_SIZE),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_WIDTH_ONE_GOB", SET_SRC_BLOCK_SIZE_WIDTH_ONE_GOB),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_ONE_GOB", SET_SRC_BLOCK_SIZE_HEIGHT_ONE_GOB),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_TWO_GOBS", SET_SRC_BLOCK_SIZE_HEIGHT_TWO_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_FOUR_GOBS", SET_SRC_BLOCK_SIZE_HEIGHT_FOUR_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_EIGHT_GOBS", SET_SRC_BLOCK_SIZE_HEIGHT_EIGHT_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS", SET_SRC_BLOCK_SIZE_HEIGHT_SIXTEEN_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS", SET_SRC_BLOCK_SIZE_HEIGHT_THIRTYTWO_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_ONE_GOB", SET_SRC_BLOCK_SIZE_DEPTH_ONE_GOB),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_TWO_GOBS", SET_SRC_BLOCK_SIZE_DEPTH_TWO_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_FOUR_GOBS", SET_SRC_BLOCK_SIZE_DEPTH_FOUR_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_EIGHT_GOBS", SET_SRC_BLOCK_SIZE_DEPTH_EIGHT_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS", SET_SRC_BLOCK_SIZE_DEPTH_SIXTEEN_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS", SET_SRC_BLOCK_SIZE_DEPTH_THIRTYTWO_GOBS),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8", SET_SRC_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8),
        ("NVC6B5_SET_SRC_WIDTH", SET_SRC_WIDTH),
        ("NVC6B5_SET_SRC_HEIGHT", SET_SRC_HEIGHT),
        ("NVC6B5_SET_SRC_DEPTH", SET_SRC_DEPTH),
        ("NVC6B5_SET_SRC_LAYER", SET_SRC_LAYER),
        ("NVC6B5_SET_SRC_ORIGIN", SET_SRC_ORIGIN),
        ("NVC6B5_SRC_ORIGIN_X", SRC_ORIGIN_X),
        ("NVC6B5_SRC_ORIGIN_Y", SRC_ORIGIN_Y),
        ("NVC6B5_DST_ORIGIN_X", DST_ORIGIN_X),
        ("NVC6B5_DST_ORIGIN_Y", DST_ORIGIN_Y),
        ("NVC6B5_PM_TRIGGER_END", PM_TRIGGER_END),
    ];

    /// Every `bits` row: (full class-table name, bit range).
    pub const BITS: &[(&str, Bits)] = &[
        ("NVC6B5_NOP_PARAMETER", NOP_PARAMETER),
        ("NVC6B5_PM_TRIGGER_V", PM_TRIGGER_V),
        ("NVC6B5_SET_SEMAPHORE_A_UPPER", SET_SEMAPHORE_A_UPPER),
        ("NVC6B5_SET_SEMAPHORE_B_LOWER", SET_SEMAPHORE_B_LOWER),
        ("NVC6B5_SET_SEMAPHORE_PAYLOAD_PAYLOAD", SET_SEMAPHORE_PAYLOAD_PAYLOAD),
        ("NVC6B5_SET_RENDER_ENABLE_A_UPPER", SET_RENDER_ENABLE_A_UPPER),
        ("NVC6B5_SET_RENDER_ENABLE_B_LOWER", SET_RENDER_ENABLE_B_LOWER),
        ("NVC6B5_SET_RENDER_ENABLE_C_MODE", SET_RENDER_ENABLE_C_MODE),
        ("NVC6B5_SET_SRC_PHYS_MODE_TARGET", SET_SRC_PHYS_MODE_TARGET),
        ("NVC6B5_SET_SRC_PHYS_MODE_BASIC_KIND", SET_SRC_PHYS_MODE_BASIC_KIND),
        ("NVC6B5_SET_SRC_PHYS_MODE_PEER_ID", SET_SRC_PHYS_MODE_PEER_ID),
        ("NVC6B5_SET_SRC_PHYS_MODE_FLA", SET_SRC_PHYS_MODE_FLA),
        ("NVC6B5_SET_DST_PHYS_MODE_TARGET", SET_DST_PHYS_MODE_TARGET),
        ("NVC6B5_SET_DST_PHYS_MODE_BASIC_KIND", SET_DST_PHYS_MODE_BASIC_KIND),
        ("NVC6B5_SET_DST_PHYS_MODE_PEER_ID", SET_DST_PHYS_MODE_PEER_ID),
        ("NVC6B5_SET_DST_PHYS_MODE_FLA", SET_DST_PHYS_MODE_FLA),
        ("NVC6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE", LAUNCH_DMA_DATA_TRANSFER_TYPE),
        ("NVC6B5_LAUNCH_DMA_FLUSH_ENABLE", LAUNCH_DMA_FLUSH_ENABLE),
        ("NVC6B5_LAUNCH_DMA_FLUSH_TYPE", LAUNCH_DMA_FLUSH_TYPE),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_TYPE", LAUNCH_DMA_SEMAPHORE_TYPE),
        ("NVC6B5_LAUNCH_DMA_INTERRUPT_TYPE", LAUNCH_DMA_INTERRUPT_TYPE),
        ("NVC6B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT", LAUNCH_DMA_SRC_MEMORY_LAYOUT),
        ("NVC6B5_LAUNCH_DMA_DST_MEMORY_LAYOUT", LAUNCH_DMA_DST_MEMORY_LAYOUT),
        ("NVC6B5_LAUNCH_DMA_MULTI_LINE_ENABLE", LAUNCH_DMA_MULTI_LINE_ENABLE),
        ("NVC6B5_LAUNCH_DMA_REMAP_ENABLE", LAUNCH_DMA_REMAP_ENABLE),
        ("NVC6B5_LAUNCH_DMA_FORCE_RMWDISABLE", LAUNCH_DMA_FORCE_RMWDISABLE),
        ("NVC6B5_LAUNCH_DMA_SRC_TYPE", LAUNCH_DMA_SRC_TYPE),
        ("NVC6B5_LAUNCH_DMA_DST_TYPE", LAUNCH_DMA_DST_TYPE),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION", LAUNCH_DMA_SEMAPHORE_REDUCTION),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN", LAUNCH_DMA_SEMAPHORE_REDUCTION_SIGN),
        ("NVC6B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE", LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE),
        ("NVC6B5_LAUNCH_DMA_VPRMODE", LAUNCH_DMA_VPRMODE),
        ("NVC6B5_LAUNCH_DMA_RESERVED_START_OF_COPY", LAUNCH_DMA_RESERVED_START_OF_COPY),
        ("NVC6B5_LAUNCH_DMA_DISABLE_PLC", LAUNCH_DMA_DISABLE_PLC),
        ("NVC6B5_LAUNCH_DMA_RESERVED_ERR_CODE", LAUNCH_DMA_RESERVED_ERR_CODE),
        ("NVC6B5_OFFSET_IN_UPPER_UPPER", OFFSET_IN_UPPER_UPPER),
        ("NVC6B5_OFFSET_IN_LOWER_VALUE", OFFSET_IN_LOWER_VALUE),
        ("NVC6B5_OFFSET_OUT_UPPER_UPPER", OFFSET_OUT_UPPER_UPPER),
        ("NVC6B5_OFFSET_OUT_LOWER_VALUE", OFFSET_OUT_LOWER_VALUE),
        ("NVC6B5_PITCH_IN_VALUE", PITCH_IN_VALUE),
        ("NVC6B5_PITCH_OUT_VALUE", PITCH_OUT_VALUE),
        ("NVC6B5_LINE_LENGTH_IN_VALUE", LINE_LENGTH_IN_VALUE),
        ("NVC6B5_LINE_COUNT_VALUE", LINE_COUNT_VALUE),
        ("NVC6B5_SET_REMAP_CONST_A_V", SET_REMAP_CONST_A_V),
        ("NVC6B5_SET_REMAP_CONST_B_V", SET_REMAP_CONST_B_V),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_X", SET_REMAP_COMPONENTS_DST_X),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Y", SET_REMAP_COMPONENTS_DST_Y),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_Z", SET_REMAP_COMPONENTS_DST_Z),
        ("NVC6B5_SET_REMAP_COMPONENTS_DST_W", SET_REMAP_COMPONENTS_DST_W),
        ("NVC6B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE", SET_REMAP_COMPONENTS_COMPONENT_SIZE),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS", SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS),
        ("NVC6B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS", SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS),
        ("NVC6B5_SET_DST_BLOCK_SIZE_WIDTH", SET_DST_BLOCK_SIZE_WIDTH),
        ("NVC6B5_SET_DST_BLOCK_SIZE_HEIGHT", SET_DST_BLOCK_SIZE_HEIGHT),
        ("NVC6B5_SET_DST_BLOCK_SIZE_DEPTH", SET_DST_BLOCK_SIZE_DEPTH),
        ("NVC6B5_SET_DST_BLOCK_SIZE_GOB_HEIGHT", SET_DST_BLOCK_SIZE_GOB_HEIGHT),
        ("NVC6B5_SET_DST_WIDTH_V", SET_DST_WIDTH_V),
        ("NVC6B5_SET_DST_HEIGHT_V", SET_DST_HEIGHT_V),
        ("NVC6B5_SET_DST_DEPTH_V", SET_DST_DEPTH_V),
        ("NVC6B5_SET_DST_LAYER_V", SET_DST_LAYER_V),
        ("NVC6B5_SET_DST_ORIGIN_X", SET_DST_ORIGIN_X),
        ("NVC6B5_SET_DST_ORIGIN_Y", SET_DST_ORIGIN_Y),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_WIDTH", SET_SRC_BLOCK_SIZE_WIDTH),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_HEIGHT", SET_SRC_BLOCK_SIZE_HEIGHT),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_DEPTH", SET_SRC_BLOCK_SIZE_DEPTH),
        ("NVC6B5_SET_SRC_BLOCK_SIZE_GOB_HEIGHT", SET_SRC_BLOCK_SIZE_GOB_HEIGHT),
        ("NVC6B5_SET_SRC_WIDTH_V", SET_SRC_WIDTH_V),
        ("NVC6B5_SET_SRC_HEIGHT_V", SET_SRC_HEIGHT_V),
        ("NVC6B5_SET_SRC_DEPTH_V", SET_SRC_DEPTH_V),
        ("NVC6B5_SET_SRC_LAYER_V", SET_SRC_LAYER_V),
        ("NVC6B5_SET_SRC_ORIGIN_X", SET_SRC_ORIGIN_X),
        ("NVC6B5_SET_SRC_ORIGIN_Y", SET_SRC_ORIGIN_Y),
        ("NVC6B5_SRC_ORIGIN_X_VALUE", SRC_ORIGIN_X_VALUE),
        ("NVC6B5_SRC_ORIGIN_Y_VALUE", SRC_ORIGIN_Y_VALUE),
        ("NVC6B5_DST_ORIGIN_X_VALUE", DST_ORIGIN_X_VALUE),
        ("NVC6B5_DST_ORIGIN_Y_VALUE", DST_ORIGIN_Y_VALUE),
        ("NVC6B5_PM_TRIGGER_END_V", PM_TRIGGER_END_V),
    ];
}
