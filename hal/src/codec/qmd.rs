//! QMD V03_00 (Queue Meta Data): the 256-byte launch descriptor the Ampere
//! compute class (`NVC6C0`/`NVC7C0`) reads on `SEND_PCAS_A` +
//! `SEND_SIGNALING_PCAS2_B`.
//!
//! [`v03_00`] holds the field table, one [`QmdField`] per `field QMDV03_00`
//! row of `facts/nv-ampere-classes.tsv` (bit positions within the 2048-bit
//! descriptor, word `n` holding bits `32n+31 : 32n`), plus functions for the
//! indexed (`fieldfn`) constant-buffer fields. [`Qmd`] reads and writes any
//! field through that table, and has typed helpers for what a launch needs.
//!
//! ```
//! use gpuiface_hal::codec::qmd::{v03_00, Qmd, Release};
//! let mut q = Qmd::new();
//! q.set_version_v03_00();
//! q.set_program_address(0x1_2345_6700);
//! q.set_grid([128, 2, 1]);
//! q.set_block([256, 1, 1]);
//! q.set_constant_buffer(0, 0x2000_0000, 0x190);
//! q.set_release(0, &Release::new(0x3000_0010, 42));
//! assert_eq!(q.get(v03_00::CTA_RASTER_WIDTH), 128);
//! assert_eq!(q.get(v03_00::QMD_MAJOR_VERSION), 3);
//!
//! let back = Qmd::from_bytes(&q.to_bytes()).unwrap();
//! assert_eq!(back.program_address(), 0x1_2345_6700);
//! assert_eq!(back.grid(), [128, 2, 1]);
//! assert_eq!(back.constant_buffer(0), Some((0x2000_0000, 0x190)));
//! assert_eq!(back.release(0).map(|r| r.payload), Some(42));
//! assert_eq!(back.release(1), None);
//! ```

use std::fmt;

/// Size of a QMD in bytes.
pub const QMD_SIZE: usize = 256;
/// Size of a QMD in 32-bit words.
pub const QMD_WORDS: usize = QMD_SIZE / 4;

/// A bit range inside the QMD: bits `hi:lo` (inclusive) of the 2048-bit
/// descriptor, at most 64 bits wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QmdField {
    /// The class-table name (indexed fields carry their index, e.g.
    /// `CONSTANT_BUFFER_VALID(3)`).
    pub name: &'static str,
    /// Highest bit (inclusive).
    pub hi: u32,
    /// Lowest bit.
    pub lo: u32,
}

impl QmdField {
    /// Width in bits.
    pub const fn width(&self) -> u32 {
        self.hi - self.lo + 1
    }

    /// The largest value the field holds.
    pub const fn max(&self) -> u64 {
        u64::MAX >> (64 - self.width())
    }
}

/// One semaphore release of a QMD (`RELEASEn_*`), written by the compute
/// engine when the grid completes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Release {
    /// GPU VA of the semaphore (40 bits: `ADDRESS_LOWER` | `ADDRESS_UPPER` << 32).
    pub address: u64,
    /// Payload (`PAYLOAD_LOWER` | `PAYLOAD_UPPER` << 32).
    pub payload: u64,
    /// `PAYLOAD64B`: write all 64 payload bits (else the low 32).
    pub payload64: bool,
    /// `STRUCTURE_SIZE` (raw 2-bit value; 0 = four-word semaphore with timestamp).
    pub structure_size: u32,
    /// `MEMBAR_TYPE` (raw 1-bit value).
    pub membar_type: u32,
    /// `REDUCTION_ENABLE`: apply `reduction_op` instead of a plain write.
    pub reduction_enable: bool,
    /// `REDUCTION_OP` (raw 3-bit value: 0 add, 1 min, 2 max, 3 inc, 4 dec, 5 and, 6 or, 7 xor).
    pub reduction_op: u32,
    /// `REDUCTION_FORMAT` (raw 2-bit value: 0 unsigned 32, 1 signed 32).
    pub reduction_format: u32,
    /// `NON_BLOCKING_INTR_TYPE` (raw 2-bit value; 0 = no interrupt).
    pub non_blocking_intr_type: u32,
}

impl Release {
    /// A plain 32-bit write of `payload` to `address`, everything else zero.
    pub fn new(address: u64, payload: u64) -> Self {
        Release {
            address,
            payload,
            payload64: false,
            structure_size: 0,
            membar_type: 0,
            reduction_enable: false,
            reduction_op: 0,
            reduction_format: 0,
            non_blocking_intr_type: 0,
        }
    }
}

/// The fields of one `RELEASEn` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReleaseFields {
    /// `RELEASEn_ADDRESS_LOWER`.
    pub address_lower: QmdField,
    /// `RELEASEn_ADDRESS_UPPER`.
    pub address_upper: QmdField,
    /// `RELEASEn_MEMBAR_TYPE`.
    pub membar_type: QmdField,
    /// `RELEASEn_REDUCTION_OP`.
    pub reduction_op: QmdField,
    /// `RELEASEn_ENABLE`.
    pub enable: QmdField,
    /// `RELEASEn_REDUCTION_FORMAT`.
    pub reduction_format: QmdField,
    /// `RELEASEn_REDUCTION_ENABLE`.
    pub reduction_enable: QmdField,
    /// `RELEASEn_NON_BLOCKING_INTR_TYPE`.
    pub non_blocking_intr_type: QmdField,
    /// `RELEASEn_PAYLOAD64B`.
    pub payload64b: QmdField,
    /// `RELEASEn_STRUCTURE_SIZE`.
    pub structure_size: QmdField,
    /// `RELEASEn_PAYLOAD_LOWER`.
    pub payload_lower: QmdField,
    /// `RELEASEn_PAYLOAD_UPPER`.
    pub payload_upper: QmdField,
}

/// The QMD V03_00 field table: the constants below are written by hand, the
/// fields (`qmd_v03_00.rs`) by `cargo run -p gpuiface-factgen` from the
/// `field QMDV03_00` and `fieldfn QMDV03_00` rows of
/// `facts/nv-ampere-classes.tsv` (CI fails when it differs; the tests check
/// it against the table row by row).
pub mod v03_00 {
    use super::{QmdField, ReleaseFields};

    /// `CWD_MEMBAR_TYPE_L1_SYSMEMBAR`: a system-scope memory barrier when the grid completes.
    pub const CWD_MEMBAR_TYPE_L1_SYSMEMBAR: u64 = 0x1;
    /// `API_VISIBLE_CALL_LIMIT_NO_CHECK`.
    pub const API_VISIBLE_CALL_LIMIT_NO_CHECK: u64 = 0x1;
    /// `SAMPLER_INDEX_VIA_HEADER_INDEX`.
    pub const SAMPLER_INDEX_VIA_HEADER_INDEX: u64 = 0x1;
    /// Value of `QMD_MAJOR_VERSION` for this layout.
    pub const MAJOR_VERSION: u64 = 3;
    /// Value of `QMD_VERSION` (minor) for this layout.
    pub const MINOR_VERSION: u64 = 0;
    /// Number of constant-buffer slots (`CONSTANT_BUFFER_VALID` is 8 bits wide).
    pub const CONSTANT_BUFFER_COUNT: u32 = 8;
    /// `DEPENDENT_QMD0_ACTION` value that schedules the dependent QMD
    /// (`QMD_SCHEDULE`, as in the V02_04 rows of the class table).
    pub const DEPENDENT_QMD_ACTION_SCHEDULE: u64 = 1;
    /// `DEPENDENT_QMD0_POINTER` and `SEND_PCAS_A` hold a QMD address shifted
    /// right by this many bits (QMDs are 256-byte aligned).
    pub const QMD_POINTER_SHIFT: u32 = 8;

    include!("qmd_v03_00.rs");
}

use v03_00 as f;

/// A QMD V03_00 launch descriptor: 64 little-endian words.
///
/// [`get`](Self::get)/[`set`](Self::set) work on any [`QmdField`] (up to 64
/// bits wide, any alignment, spanning words as needed); the typed helpers
/// below combine the split fields. `Debug` prints the non-zero fields by name.
///
/// ```
/// use gpuiface_hal::codec::qmd::{v03_00, Qmd};
/// let mut q = Qmd::new();
/// q.set(v03_00::SHARED_MEMORY_SIZE, 0x400);
/// q.set_dependent_qmd0(Some(0x1_0000_0100));
/// assert_eq!(q.get(v03_00::DEPENDENT_QMD0_POINTER), 0x100_0001);
/// assert_eq!(q.dependent_qmd0(), Some(0x1_0000_0100));
/// assert_eq!(format!("{q:?}"), "Qmd { DEPENDENT_QMD0_POINTER: 0x1000001, \
///     DEPENDENT_QMD0_ENABLE: 0x1, DEPENDENT_QMD0_ACTION: 0x1, \
///     DEPENDENT_QMD0_PREFETCH: 0x1, SHARED_MEMORY_SIZE: 0x400 }");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Qmd {
    words: [u32; QMD_WORDS],
}

impl Default for Qmd {
    fn default() -> Self {
        Qmd::new()
    }
}

impl Qmd {
    /// An all-zero QMD.
    pub const fn new() -> Self {
        Qmd { words: [0; QMD_WORDS] }
    }

    /// A QMD from its 64 words.
    pub const fn from_words(words: [u32; QMD_WORDS]) -> Self {
        Qmd { words }
    }

    /// A QMD from exactly [`QMD_SIZE`] little-endian bytes; `None` for any
    /// other length.
    pub fn from_bytes(bytes: &[u8]) -> Option<Qmd> {
        if bytes.len() != QMD_SIZE {
            return None;
        }
        let mut q = Qmd::new();
        for (w, b) in q.words.iter_mut().zip(bytes.chunks_exact(4)) {
            *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        Some(q)
    }

    /// The 64 words.
    pub const fn words(&self) -> &[u32; QMD_WORDS] {
        &self.words
    }

    /// The little-endian bytes, as the GPU reads them.
    pub fn to_bytes(&self) -> [u8; QMD_SIZE] {
        let mut out = [0u8; QMD_SIZE];
        for (b, w) in out.chunks_exact_mut(4).zip(&self.words) {
            b.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Read a field (zero-extended).
    pub fn get(&self, field: QmdField) -> u64 {
        debug_assert!(field.hi >= field.lo && field.width() <= 64 && (field.hi as usize) < QMD_SIZE * 8, "{field:?}");
        let mut v = 0u64;
        let mut bit = field.lo;
        while bit <= field.hi {
            let (w, off) = ((bit / 32) as usize, bit % 32);
            let n = (32 - off).min(field.hi - bit + 1);
            let part = (self.words[w] >> off) & (u32::MAX >> (32 - n));
            v |= u64::from(part) << (bit - field.lo);
            bit += n;
        }
        v
    }

    /// Write a field, leaving every other bit alone. A value wider than the
    /// field is a caller bug: it trips a `debug_assert!` and is truncated to
    /// the field width in release builds.
    pub fn set(&mut self, field: QmdField, value: u64) {
        debug_assert!(field.hi >= field.lo && field.width() <= 64 && (field.hi as usize) < QMD_SIZE * 8, "{field:?}");
        debug_assert!(value <= field.max(), "{value:#x} does not fit {} ({} bits)", field.name, field.width());
        let value = value & field.max();
        let mut bit = field.lo;
        while bit <= field.hi {
            let (w, off) = ((bit / 32) as usize, bit % 32);
            let n = (32 - off).min(field.hi - bit + 1);
            let mask = (u32::MAX >> (32 - n)) << off;
            let part = ((value >> (bit - field.lo)) as u32) << off;
            self.words[w] = (self.words[w] & !mask) | (part & mask);
            bit += n;
        }
    }

    /// Every fixed field of [`v03_00::FIELDS`] and every indexed field whose
    /// value is non-zero, with its value, in bit order.
    pub fn nonzero_fields(&self) -> Vec<(QmdField, u64)> {
        let indexed = f::INDEXED_FIELDS.iter().flat_map(|(_, func)| (0..f::CONSTANT_BUFFER_COUNT).map(func));
        let mut v: Vec<_> =
            f::FIELDS.iter().copied().chain(indexed).map(|fld| (fld, self.get(fld))).filter(|&(_, x)| x != 0).collect();
        v.sort_by_key(|(fld, _)| fld.lo);
        v
    }

    /// Set `QMD_MAJOR_VERSION` = 3, `QMD_VERSION` = 0.
    pub fn set_version_v03_00(&mut self) {
        self.set(f::QMD_MAJOR_VERSION, f::MAJOR_VERSION);
        self.set(f::QMD_VERSION, f::MINOR_VERSION);
    }

    /// (`QMD_MAJOR_VERSION`, `QMD_VERSION`).
    pub fn version(&self) -> (u32, u32) {
        (self.get(f::QMD_MAJOR_VERSION) as u32, self.get(f::QMD_VERSION) as u32)
    }

    /// The shader entry point: `PROGRAM_ADDRESS_LOWER` | `PROGRAM_ADDRESS_UPPER` << 32.
    pub fn program_address(&self) -> u64 {
        self.get(f::PROGRAM_ADDRESS_LOWER) | (self.get(f::PROGRAM_ADDRESS_UPPER) << 32)
    }

    /// Set the shader entry point (below 2^49, the width of the two fields).
    pub fn set_program_address(&mut self, va: u64) {
        self.set(f::PROGRAM_ADDRESS_LOWER, va & 0xffff_ffff);
        self.set(f::PROGRAM_ADDRESS_UPPER, va >> 32);
    }

    /// Grid size in CTAs: `CTA_RASTER_WIDTH` (32 bits), `_HEIGHT`, `_DEPTH` (16 bits).
    pub fn grid(&self) -> [u32; 3] {
        [f::CTA_RASTER_WIDTH, f::CTA_RASTER_HEIGHT, f::CTA_RASTER_DEPTH].map(|fld| self.get(fld) as u32)
    }

    /// Set the grid size (height and depth must fit 16 bits).
    pub fn set_grid(&mut self, grid: [u32; 3]) {
        for (fld, v) in [f::CTA_RASTER_WIDTH, f::CTA_RASTER_HEIGHT, f::CTA_RASTER_DEPTH].into_iter().zip(grid) {
            self.set(fld, u64::from(v));
        }
    }

    /// Block size in threads: `CTA_THREAD_DIMENSION0..2` (16 bits each).
    pub fn block(&self) -> [u32; 3] {
        [f::CTA_THREAD_DIMENSION0, f::CTA_THREAD_DIMENSION1, f::CTA_THREAD_DIMENSION2].map(|fld| self.get(fld) as u32)
    }

    /// Set the block size (each dimension must fit 16 bits).
    pub fn set_block(&mut self, block: [u32; 3]) {
        let fields = [f::CTA_THREAD_DIMENSION0, f::CTA_THREAD_DIMENSION1, f::CTA_THREAD_DIMENSION2];
        for (fld, v) in fields.into_iter().zip(block) {
            self.set(fld, u64::from(v));
        }
    }

    /// Shared memory per CTA in bytes (`SHARED_MEMORY_SIZE`).
    pub fn shared_memory_size(&self) -> u32 {
        self.get(f::SHARED_MEMORY_SIZE) as u32
    }

    /// Set the shared memory per CTA in bytes (18 bits).
    pub fn set_shared_memory_size(&mut self, bytes: u32) {
        self.set(f::SHARED_MEMORY_SIZE, u64::from(bytes));
    }

    /// Registers per thread (`REGISTER_COUNT_V`).
    pub fn register_count(&self) -> u32 {
        self.get(f::REGISTER_COUNT_V) as u32
    }

    /// Barriers per CTA (`BARRIER_COUNT`).
    pub fn barrier_count(&self) -> u32 {
        self.get(f::BARRIER_COUNT) as u32
    }

    /// Constant buffer `i` as (GPU VA, size in bytes) when its
    /// `CONSTANT_BUFFER_VALID(i)` bit is set. The size is stored >> 4
    /// (`SIZE_SHIFTED4`, 13 bits), so it is a multiple of 16. Panics for
    /// `i >= 8`.
    pub fn constant_buffer(&self, i: u32) -> Option<(u64, u32)> {
        if self.get(f::constant_buffer_valid(i)) == 0 {
            return None;
        }
        let addr = self.get(f::constant_buffer_addr_lower(i)) | (self.get(f::constant_buffer_addr_upper(i)) << 32);
        Some((addr, (self.get(f::constant_buffer_size_shifted4(i)) as u32) << 4))
    }

    /// Bind constant buffer `i` (< 8): address (below 2^49), size in bytes
    /// (rounded up to 16, at most `0x1fff0`), and set its valid bit.
    pub fn set_constant_buffer(&mut self, i: u32, addr: u64, size: u32) {
        self.set(f::constant_buffer_addr_lower(i), addr & 0xffff_ffff);
        self.set(f::constant_buffer_addr_upper(i), addr >> 32);
        self.set(f::constant_buffer_size_shifted4(i), u64::from(size.div_ceil(16)));
        self.set(f::constant_buffer_valid(i), 1);
    }

    /// Unbind constant buffer `i`: clears its valid bit and its fields.
    pub fn clear_constant_buffer(&mut self, i: u32) {
        for (_, func) in f::INDEXED_FIELDS {
            self.set(func(i), 0);
        }
    }

    /// Release `i` (0, 1 or 2) when its `RELEASEi_ENABLE` bit is set.
    /// Panics for `i > 2`.
    pub fn release(&self, i: usize) -> Option<Release> {
        let r = &f::RELEASES[i];
        if self.get(r.enable) == 0 {
            return None;
        }
        Some(Release {
            address: self.get(r.address_lower) | (self.get(r.address_upper) << 32),
            payload: self.get(r.payload_lower) | (self.get(r.payload_upper) << 32),
            payload64: self.get(r.payload64b) != 0,
            structure_size: self.get(r.structure_size) as u32,
            membar_type: self.get(r.membar_type) as u32,
            reduction_enable: self.get(r.reduction_enable) != 0,
            reduction_op: self.get(r.reduction_op) as u32,
            reduction_format: self.get(r.reduction_format) as u32,
            non_blocking_intr_type: self.get(r.non_blocking_intr_type) as u32,
        })
    }

    /// Enable release `i` (0, 1 or 2) with `rel` (address below 2^40).
    pub fn set_release(&mut self, i: usize, rel: &Release) {
        let r = f::RELEASES[i];
        self.set(r.address_lower, rel.address & 0xffff_ffff);
        self.set(r.address_upper, rel.address >> 32);
        self.set(r.payload_lower, rel.payload & 0xffff_ffff);
        self.set(r.payload_upper, rel.payload >> 32);
        self.set(r.payload64b, u64::from(rel.payload64));
        self.set(r.structure_size, u64::from(rel.structure_size));
        self.set(r.membar_type, u64::from(rel.membar_type));
        self.set(r.reduction_enable, u64::from(rel.reduction_enable));
        self.set(r.reduction_op, u64::from(rel.reduction_op));
        self.set(r.reduction_format, u64::from(rel.reduction_format));
        self.set(r.non_blocking_intr_type, u64::from(rel.non_blocking_intr_type));
        self.set(r.enable, 1);
    }

    /// Disable release `i` and zero its fields.
    pub fn clear_release(&mut self, i: usize) {
        let r = f::RELEASES[i];
        for fld in [
            r.address_lower,
            r.address_upper,
            r.membar_type,
            r.reduction_op,
            r.enable,
            r.reduction_format,
            r.reduction_enable,
            r.non_blocking_intr_type,
            r.payload64b,
            r.structure_size,
            r.payload_lower,
            r.payload_upper,
        ] {
            self.set(fld, 0);
        }
    }

    /// The QMD to schedule when this one completes: its GPU VA when
    /// `DEPENDENT_QMD0_ENABLE` is set (`DEPENDENT_QMD0_POINTER` holds VA >> 8).
    /// The action is in [`dependent_qmd0_action`](Self::dependent_qmd0_action).
    pub fn dependent_qmd0(&self) -> Option<u64> {
        (self.get(f::DEPENDENT_QMD0_ENABLE) != 0).then(|| self.get(f::DEPENDENT_QMD0_POINTER) << f::QMD_POINTER_SHIFT)
    }

    /// `DEPENDENT_QMD0_ACTION` (1 = schedule, [`v03_00::DEPENDENT_QMD_ACTION_SCHEDULE`]).
    pub fn dependent_qmd0_action(&self) -> u32 {
        self.get(f::DEPENDENT_QMD0_ACTION) as u32
    }

    /// Chain a QMD (256-byte aligned VA below 2^40) to run after this one
    /// (enable, action = schedule, prefetch), as queues do for back-to-back
    /// launches; `None` clears the chain.
    pub fn set_dependent_qmd0(&mut self, qmd_va: Option<u64>) {
        match qmd_va {
            Some(va) => {
                debug_assert!(va & 0xff == 0, "QMD address {va:#x} is not 256-byte aligned");
                self.set(f::DEPENDENT_QMD0_POINTER, va >> f::QMD_POINTER_SHIFT);
                self.set(f::DEPENDENT_QMD0_ACTION, f::DEPENDENT_QMD_ACTION_SCHEDULE);
                self.set(f::DEPENDENT_QMD0_PREFETCH, 1);
                self.set(f::DEPENDENT_QMD0_ENABLE, 1);
            }
            None => {
                for fld in [
                    f::DEPENDENT_QMD0_POINTER,
                    f::DEPENDENT_QMD0_ACTION,
                    f::DEPENDENT_QMD0_PREFETCH,
                    f::DEPENDENT_QMD0_ENABLE,
                ] {
                    self.set(fld, 0);
                }
            }
        }
    }
}

impl fmt::Debug for Qmd {
    fn fmt(&self, fm: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = fm.debug_struct("Qmd");
        for (fld, v) in self.nonzero_fields() {
            s.field(fld.name, &format_args!("{v:#x}"));
        }
        s.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanning_fields() {
        for fld in [
            QmdField { name: "t", hi: 47, lo: 16 },
            QmdField { name: "t", hi: 95, lo: 32 },
            QmdField { name: "t", hi: 100, lo: 37 },
            QmdField { name: "t", hi: 2047, lo: 1984 },
        ] {
            let mut q = Qmd::from_words([0xa5a5_a5a5; QMD_WORDS]);
            let before = q;
            let v = 0x0123_4567_89ab_cdef & fld.max();
            q.set(fld, v);
            assert_eq!(q.get(fld), v, "{fld:?}");
            q.set(fld, before.get(fld));
            assert_eq!(q, before);
        }
        let mut q = Qmd::new();
        q.set(QmdField { name: "t", hi: 39, lo: 24 }, 0xbeef);
        assert_eq!(&q.words()[..2], &[0xef00_0000, 0xbe]);
    }
}
