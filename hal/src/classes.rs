//! Method offsets, data-word bit fields and field values of the Ampere host
//! (`NVC56F`), compute (`NVC6C0`) and copy (`NVC6B5`) classes, as `pub const`.
//!
//! The class modules live in `classes_generated.rs`, written by
//! `cargo run -p gpuiface-factgen` (`tools/factgen`; CI fails when it
//! differs) from the `value` and `bits` rows of
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

include!("classes_generated.rs");
