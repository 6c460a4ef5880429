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

/// The QMD V03_00 field table (generated from the `field QMDV03_00` and
/// `fieldfn QMDV03_00` rows of `facts/nv-ampere-classes.tsv`; the tests
/// check it against the table row by row).
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

    /// `OUTER_PUT`: bits 30:0 (31 bits).
    pub const OUTER_PUT: QmdField = QmdField { name: "OUTER_PUT", hi: 30, lo: 0 };
    /// `OUTER_OVERFLOW`: bit 31.
    pub const OUTER_OVERFLOW: QmdField = QmdField { name: "OUTER_OVERFLOW", hi: 31, lo: 31 };
    /// `OUTER_GET`: bits 62:32 (31 bits).
    pub const OUTER_GET: QmdField = QmdField { name: "OUTER_GET", hi: 62, lo: 32 };
    /// `OUTER_STICKY_OVERFLOW`: bit 63.
    pub const OUTER_STICKY_OVERFLOW: QmdField = QmdField { name: "OUTER_STICKY_OVERFLOW", hi: 63, lo: 63 };
    /// `INNER_GET`: bits 94:64 (31 bits).
    pub const INNER_GET: QmdField = QmdField { name: "INNER_GET", hi: 94, lo: 64 };
    /// `INNER_OVERFLOW`: bit 95.
    pub const INNER_OVERFLOW: QmdField = QmdField { name: "INNER_OVERFLOW", hi: 95, lo: 95 };
    /// `INNER_PUT`: bits 126:96 (31 bits).
    pub const INNER_PUT: QmdField = QmdField { name: "INNER_PUT", hi: 126, lo: 96 };
    /// `INNER_STICKY_OVERFLOW`: bit 127.
    pub const INNER_STICKY_OVERFLOW: QmdField = QmdField { name: "INNER_STICKY_OVERFLOW", hi: 127, lo: 127 };
    /// `QMD_GROUP_ID`: bits 133:128 (6 bits).
    pub const QMD_GROUP_ID: QmdField = QmdField { name: "QMD_GROUP_ID", hi: 133, lo: 128 };
    /// `SM_GLOBAL_CACHING_ENABLE`: bit 134.
    pub const SM_GLOBAL_CACHING_ENABLE: QmdField = QmdField { name: "SM_GLOBAL_CACHING_ENABLE", hi: 134, lo: 134 };
    /// `RUN_CTA_IN_ONE_SM_PARTITION`: bit 135.
    pub const RUN_CTA_IN_ONE_SM_PARTITION: QmdField =
        QmdField { name: "RUN_CTA_IN_ONE_SM_PARTITION", hi: 135, lo: 135 };
    /// `IS_QUEUE`: bit 136.
    pub const IS_QUEUE: QmdField = QmdField { name: "IS_QUEUE", hi: 136, lo: 136 };
    /// `ADD_TO_HEAD_OF_QMD_GROUP_LINKED_LIST`: bit 137.
    pub const ADD_TO_HEAD_OF_QMD_GROUP_LINKED_LIST: QmdField =
        QmdField { name: "ADD_TO_HEAD_OF_QMD_GROUP_LINKED_LIST", hi: 137, lo: 137 };
    /// `QMD_RESERVED04A`: bits 139:138 (2 bits).
    pub const QMD_RESERVED04A: QmdField = QmdField { name: "QMD_RESERVED04A", hi: 139, lo: 138 };
    /// `REQUIRE_SCHEDULING_PCAS`: bit 140.
    pub const REQUIRE_SCHEDULING_PCAS: QmdField = QmdField { name: "REQUIRE_SCHEDULING_PCAS", hi: 140, lo: 140 };
    /// `QMD_RESERVED04B`: bit 141.
    pub const QMD_RESERVED04B: QmdField = QmdField { name: "QMD_RESERVED04B", hi: 141, lo: 141 };
    /// `DEPENDENCE_COUNTER`: bits 157:142 (16 bits).
    pub const DEPENDENCE_COUNTER: QmdField = QmdField { name: "DEPENDENCE_COUNTER", hi: 157, lo: 142 };
    /// `SELF_COPY_ON_COMPLETION`: bit 158.
    pub const SELF_COPY_ON_COMPLETION: QmdField = QmdField { name: "SELF_COPY_ON_COMPLETION", hi: 158, lo: 158 };
    /// `QMD_RESERVED04C`: bit 159.
    pub const QMD_RESERVED04C: QmdField = QmdField { name: "QMD_RESERVED04C", hi: 159, lo: 159 };
    /// `CIRCULAR_QUEUE_SIZE`: bits 184:160 (25 bits).
    pub const CIRCULAR_QUEUE_SIZE: QmdField = QmdField { name: "CIRCULAR_QUEUE_SIZE", hi: 184, lo: 160 };
    /// `DEMOTE_L2_EVICT_LAST`: bit 185.
    pub const DEMOTE_L2_EVICT_LAST: QmdField = QmdField { name: "DEMOTE_L2_EVICT_LAST", hi: 185, lo: 185 };
    /// `INVALIDATE_TEXTURE_HEADER_CACHE`: bit 186.
    pub const INVALIDATE_TEXTURE_HEADER_CACHE: QmdField =
        QmdField { name: "INVALIDATE_TEXTURE_HEADER_CACHE", hi: 186, lo: 186 };
    /// `INVALIDATE_TEXTURE_SAMPLER_CACHE`: bit 187.
    pub const INVALIDATE_TEXTURE_SAMPLER_CACHE: QmdField =
        QmdField { name: "INVALIDATE_TEXTURE_SAMPLER_CACHE", hi: 187, lo: 187 };
    /// `INVALIDATE_TEXTURE_DATA_CACHE`: bit 188.
    pub const INVALIDATE_TEXTURE_DATA_CACHE: QmdField =
        QmdField { name: "INVALIDATE_TEXTURE_DATA_CACHE", hi: 188, lo: 188 };
    /// `INVALIDATE_SHADER_DATA_CACHE`: bit 189.
    pub const INVALIDATE_SHADER_DATA_CACHE: QmdField =
        QmdField { name: "INVALIDATE_SHADER_DATA_CACHE", hi: 189, lo: 189 };
    /// `INVALIDATE_INSTRUCTION_CACHE`: bit 190.
    pub const INVALIDATE_INSTRUCTION_CACHE: QmdField =
        QmdField { name: "INVALIDATE_INSTRUCTION_CACHE", hi: 190, lo: 190 };
    /// `INVALIDATE_SHADER_CONSTANT_CACHE`: bit 191.
    pub const INVALIDATE_SHADER_CONSTANT_CACHE: QmdField =
        QmdField { name: "INVALIDATE_SHADER_CONSTANT_CACHE", hi: 191, lo: 191 };
    /// `CTA_RASTER_WIDTH_RESUME`: bits 223:192 (32 bits).
    pub const CTA_RASTER_WIDTH_RESUME: QmdField = QmdField { name: "CTA_RASTER_WIDTH_RESUME", hi: 223, lo: 192 };
    /// `CTA_RASTER_HEIGHT_RESUME`: bits 239:224 (16 bits).
    pub const CTA_RASTER_HEIGHT_RESUME: QmdField = QmdField { name: "CTA_RASTER_HEIGHT_RESUME", hi: 239, lo: 224 };
    /// `CTA_RASTER_DEPTH_RESUME`: bits 255:240 (16 bits).
    pub const CTA_RASTER_DEPTH_RESUME: QmdField = QmdField { name: "CTA_RASTER_DEPTH_RESUME", hi: 255, lo: 240 };
    /// `PROGRAM_PREFETCH_ADDR_LOWER_SHIFTED`: bits 287:256 (32 bits).
    pub const PROGRAM_PREFETCH_ADDR_LOWER_SHIFTED: QmdField =
        QmdField { name: "PROGRAM_PREFETCH_ADDR_LOWER_SHIFTED", hi: 287, lo: 256 };
    /// `CIRCULAR_QUEUE_ADDR_LOWER`: bits 319:288 (32 bits).
    pub const CIRCULAR_QUEUE_ADDR_LOWER: QmdField = QmdField { name: "CIRCULAR_QUEUE_ADDR_LOWER", hi: 319, lo: 288 };
    /// `CIRCULAR_QUEUE_ADDR_UPPER`: bits 327:320 (8 bits).
    pub const CIRCULAR_QUEUE_ADDR_UPPER: QmdField = QmdField { name: "CIRCULAR_QUEUE_ADDR_UPPER", hi: 327, lo: 320 };
    /// `QMD_RESERVED_D`: bits 335:328 (8 bits).
    pub const QMD_RESERVED_D: QmdField = QmdField { name: "QMD_RESERVED_D", hi: 335, lo: 328 };
    /// `CIRCULAR_QUEUE_ENTRY_SIZE`: bits 351:336 (16 bits).
    pub const CIRCULAR_QUEUE_ENTRY_SIZE: QmdField = QmdField { name: "CIRCULAR_QUEUE_ENTRY_SIZE", hi: 351, lo: 336 };
    /// `CWD_REFERENCE_COUNT_ID`: bits 357:352 (6 bits).
    pub const CWD_REFERENCE_COUNT_ID: QmdField = QmdField { name: "CWD_REFERENCE_COUNT_ID", hi: 357, lo: 352 };
    /// `CWD_REFERENCE_COUNT_DELTA_MINUS_ONE`: bits 365:358 (8 bits).
    pub const CWD_REFERENCE_COUNT_DELTA_MINUS_ONE: QmdField =
        QmdField { name: "CWD_REFERENCE_COUNT_DELTA_MINUS_ONE", hi: 365, lo: 358 };
    /// `QMD_RESERVED11A`: bit 366.
    pub const QMD_RESERVED11A: QmdField = QmdField { name: "QMD_RESERVED11A", hi: 366, lo: 366 };
    /// `CWD_REFERENCE_COUNT_INCR_ENABLE`: bit 367.
    pub const CWD_REFERENCE_COUNT_INCR_ENABLE: QmdField =
        QmdField { name: "CWD_REFERENCE_COUNT_INCR_ENABLE", hi: 367, lo: 367 };
    /// `CWD_MEMBAR_TYPE`: bits 369:368 (2 bits).
    pub const CWD_MEMBAR_TYPE: QmdField = QmdField { name: "CWD_MEMBAR_TYPE", hi: 369, lo: 368 };
    /// `SEQUENTIALLY_RUN_CTAS`: bit 370.
    pub const SEQUENTIALLY_RUN_CTAS: QmdField = QmdField { name: "SEQUENTIALLY_RUN_CTAS", hi: 370, lo: 370 };
    /// `CWD_REFERENCE_COUNT_DECR_ENABLE`: bit 371.
    pub const CWD_REFERENCE_COUNT_DECR_ENABLE: QmdField =
        QmdField { name: "CWD_REFERENCE_COUNT_DECR_ENABLE", hi: 371, lo: 371 };
    /// `QMD_RESERVED11B`: bits 377:372 (6 bits).
    pub const QMD_RESERVED11B: QmdField = QmdField { name: "QMD_RESERVED11B", hi: 377, lo: 372 };
    /// `API_VISIBLE_CALL_LIMIT`: bit 378.
    pub const API_VISIBLE_CALL_LIMIT: QmdField = QmdField { name: "API_VISIBLE_CALL_LIMIT", hi: 378, lo: 378 };
    /// `QMD_RESERVED11C`: bits 381:379 (3 bits).
    pub const QMD_RESERVED11C: QmdField = QmdField { name: "QMD_RESERVED11C", hi: 381, lo: 379 };
    /// `SAMPLER_INDEX`: bit 382.
    pub const SAMPLER_INDEX: QmdField = QmdField { name: "SAMPLER_INDEX", hi: 382, lo: 382 };
    /// `DISABLE_AUTO_INVALIDATE`: bit 383.
    pub const DISABLE_AUTO_INVALIDATE: QmdField = QmdField { name: "DISABLE_AUTO_INVALIDATE", hi: 383, lo: 383 };
    /// `CTA_RASTER_WIDTH`: bits 415:384 (32 bits).
    pub const CTA_RASTER_WIDTH: QmdField = QmdField { name: "CTA_RASTER_WIDTH", hi: 415, lo: 384 };
    /// `CTA_RASTER_HEIGHT`: bits 431:416 (16 bits).
    pub const CTA_RASTER_HEIGHT: QmdField = QmdField { name: "CTA_RASTER_HEIGHT", hi: 431, lo: 416 };
    /// `CTA_RASTER_DEPTH`: bits 463:448 (16 bits).
    pub const CTA_RASTER_DEPTH: QmdField = QmdField { name: "CTA_RASTER_DEPTH", hi: 463, lo: 448 };
    /// `DEPENDENT_QMD0_POINTER`: bits 511:480 (32 bits).
    pub const DEPENDENT_QMD0_POINTER: QmdField = QmdField { name: "DEPENDENT_QMD0_POINTER", hi: 511, lo: 480 };
    /// `DEPENDENT_QMD0_ENABLE`: bit 512.
    pub const DEPENDENT_QMD0_ENABLE: QmdField = QmdField { name: "DEPENDENT_QMD0_ENABLE", hi: 512, lo: 512 };
    /// `DEPENDENT_QMD0_ACTION`: bits 515:513 (3 bits).
    pub const DEPENDENT_QMD0_ACTION: QmdField = QmdField { name: "DEPENDENT_QMD0_ACTION", hi: 515, lo: 513 };
    /// `DEPENDENT_QMD0_PREFETCH`: bit 516.
    pub const DEPENDENT_QMD0_PREFETCH: QmdField = QmdField { name: "DEPENDENT_QMD0_PREFETCH", hi: 516, lo: 516 };
    /// `DEPENDENT_QMD1_ENABLE`: bit 517.
    pub const DEPENDENT_QMD1_ENABLE: QmdField = QmdField { name: "DEPENDENT_QMD1_ENABLE", hi: 517, lo: 517 };
    /// `DEPENDENT_QMD1_ACTION`: bits 520:518 (3 bits).
    pub const DEPENDENT_QMD1_ACTION: QmdField = QmdField { name: "DEPENDENT_QMD1_ACTION", hi: 520, lo: 518 };
    /// `DEPENDENT_QMD1_PREFETCH`: bit 521.
    pub const DEPENDENT_QMD1_PREFETCH: QmdField = QmdField { name: "DEPENDENT_QMD1_PREFETCH", hi: 521, lo: 521 };
    /// `COALESCE_WAITING_PERIOD`: bits 529:522 (8 bits).
    pub const COALESCE_WAITING_PERIOD: QmdField = QmdField { name: "COALESCE_WAITING_PERIOD", hi: 529, lo: 522 };
    /// `QUEUE_ENTRIES_PER_CTA_LOG2`: bits 534:530 (5 bits).
    pub const QUEUE_ENTRIES_PER_CTA_LOG2: QmdField = QmdField { name: "QUEUE_ENTRIES_PER_CTA_LOG2", hi: 534, lo: 530 };
    /// `SHARED_MEMORY_SIZE`: bits 561:544 (18 bits).
    pub const SHARED_MEMORY_SIZE: QmdField = QmdField { name: "SHARED_MEMORY_SIZE", hi: 561, lo: 544 };
    /// `MIN_SM_CONFIG_SHARED_MEM_SIZE`: bits 567:562 (6 bits).
    pub const MIN_SM_CONFIG_SHARED_MEM_SIZE: QmdField =
        QmdField { name: "MIN_SM_CONFIG_SHARED_MEM_SIZE", hi: 567, lo: 562 };
    /// `QMD_RESERVED17A`: bit 568.
    pub const QMD_RESERVED17A: QmdField = QmdField { name: "QMD_RESERVED17A", hi: 568, lo: 568 };
    /// `MAX_SM_CONFIG_SHARED_MEM_SIZE`: bits 574:569 (6 bits).
    pub const MAX_SM_CONFIG_SHARED_MEM_SIZE: QmdField =
        QmdField { name: "MAX_SM_CONFIG_SHARED_MEM_SIZE", hi: 574, lo: 569 };
    /// `QMD_RESERVED17B`: bit 575.
    pub const QMD_RESERVED17B: QmdField = QmdField { name: "QMD_RESERVED17B", hi: 575, lo: 575 };
    /// `QMD_VERSION`: bits 579:576 (4 bits).
    pub const QMD_VERSION: QmdField = QmdField { name: "QMD_VERSION", hi: 579, lo: 576 };
    /// `QMD_MAJOR_VERSION`: bits 583:580 (4 bits).
    pub const QMD_MAJOR_VERSION: QmdField = QmdField { name: "QMD_MAJOR_VERSION", hi: 583, lo: 580 };
    /// `CTA_THREAD_DIMENSION0`: bits 607:592 (16 bits).
    pub const CTA_THREAD_DIMENSION0: QmdField = QmdField { name: "CTA_THREAD_DIMENSION0", hi: 607, lo: 592 };
    /// `CTA_THREAD_DIMENSION1`: bits 623:608 (16 bits).
    pub const CTA_THREAD_DIMENSION1: QmdField = QmdField { name: "CTA_THREAD_DIMENSION1", hi: 623, lo: 608 };
    /// `CTA_THREAD_DIMENSION2`: bits 639:624 (16 bits).
    pub const CTA_THREAD_DIMENSION2: QmdField = QmdField { name: "CTA_THREAD_DIMENSION2", hi: 639, lo: 624 };
    /// `REGISTER_COUNT_V`: bits 656:648 (9 bits).
    pub const REGISTER_COUNT_V: QmdField = QmdField { name: "REGISTER_COUNT_V", hi: 656, lo: 648 };
    /// `TARGET_SM_CONFIG_SHARED_MEM_SIZE`: bits 662:657 (6 bits).
    pub const TARGET_SM_CONFIG_SHARED_MEM_SIZE: QmdField =
        QmdField { name: "TARGET_SM_CONFIG_SHARED_MEM_SIZE", hi: 662, lo: 657 };
    /// `SHARED_ALLOCATION_ENABLE`: bit 663.
    pub const SHARED_ALLOCATION_ENABLE: QmdField = QmdField { name: "SHARED_ALLOCATION_ENABLE", hi: 663, lo: 663 };
    /// `FREE_CTA_SLOTS_EMPTY_SM`: bits 671:664 (8 bits).
    pub const FREE_CTA_SLOTS_EMPTY_SM: QmdField = QmdField { name: "FREE_CTA_SLOTS_EMPTY_SM", hi: 671, lo: 664 };
    /// `SM_DISABLE_MASK_LOWER`: bits 703:672 (32 bits).
    pub const SM_DISABLE_MASK_LOWER: QmdField = QmdField { name: "SM_DISABLE_MASK_LOWER", hi: 703, lo: 672 };
    /// `SM_DISABLE_MASK_UPPER`: bits 735:704 (32 bits).
    pub const SM_DISABLE_MASK_UPPER: QmdField = QmdField { name: "SM_DISABLE_MASK_UPPER", hi: 735, lo: 704 };
    /// `SHADER_LOCAL_MEMORY_LOW_SIZE`: bits 759:736 (24 bits).
    pub const SHADER_LOCAL_MEMORY_LOW_SIZE: QmdField =
        QmdField { name: "SHADER_LOCAL_MEMORY_LOW_SIZE", hi: 759, lo: 736 };
    /// `BARRIER_COUNT`: bits 767:763 (5 bits).
    pub const BARRIER_COUNT: QmdField = QmdField { name: "BARRIER_COUNT", hi: 767, lo: 763 };
    /// `RELEASE0_ADDRESS_LOWER`: bits 799:768 (32 bits).
    pub const RELEASE0_ADDRESS_LOWER: QmdField = QmdField { name: "RELEASE0_ADDRESS_LOWER", hi: 799, lo: 768 };
    /// `RELEASE0_ADDRESS_UPPER`: bits 807:800 (8 bits).
    pub const RELEASE0_ADDRESS_UPPER: QmdField = QmdField { name: "RELEASE0_ADDRESS_UPPER", hi: 807, lo: 800 };
    /// `SEMAPHORE_RESERVED25A`: bits 818:808 (11 bits).
    pub const SEMAPHORE_RESERVED25A: QmdField = QmdField { name: "SEMAPHORE_RESERVED25A", hi: 818, lo: 808 };
    /// `RELEASE0_MEMBAR_TYPE`: bit 819.
    pub const RELEASE0_MEMBAR_TYPE: QmdField = QmdField { name: "RELEASE0_MEMBAR_TYPE", hi: 819, lo: 819 };
    /// `RELEASE0_REDUCTION_OP`: bits 822:820 (3 bits).
    pub const RELEASE0_REDUCTION_OP: QmdField = QmdField { name: "RELEASE0_REDUCTION_OP", hi: 822, lo: 820 };
    /// `RELEASE0_ENABLE`: bit 823.
    pub const RELEASE0_ENABLE: QmdField = QmdField { name: "RELEASE0_ENABLE", hi: 823, lo: 823 };
    /// `RELEASE0_REDUCTION_FORMAT`: bits 825:824 (2 bits).
    pub const RELEASE0_REDUCTION_FORMAT: QmdField = QmdField { name: "RELEASE0_REDUCTION_FORMAT", hi: 825, lo: 824 };
    /// `RELEASE0_REDUCTION_ENABLE`: bit 826.
    pub const RELEASE0_REDUCTION_ENABLE: QmdField = QmdField { name: "RELEASE0_REDUCTION_ENABLE", hi: 826, lo: 826 };
    /// `RELEASE0_NON_BLOCKING_INTR_TYPE`: bits 828:827 (2 bits).
    pub const RELEASE0_NON_BLOCKING_INTR_TYPE: QmdField =
        QmdField { name: "RELEASE0_NON_BLOCKING_INTR_TYPE", hi: 828, lo: 827 };
    /// `RELEASE0_PAYLOAD64B`: bit 829.
    pub const RELEASE0_PAYLOAD64B: QmdField = QmdField { name: "RELEASE0_PAYLOAD64B", hi: 829, lo: 829 };
    /// `RELEASE0_STRUCTURE_SIZE`: bits 831:830 (2 bits).
    pub const RELEASE0_STRUCTURE_SIZE: QmdField = QmdField { name: "RELEASE0_STRUCTURE_SIZE", hi: 831, lo: 830 };
    /// `RELEASE0_PAYLOAD_LOWER`: bits 863:832 (32 bits).
    pub const RELEASE0_PAYLOAD_LOWER: QmdField = QmdField { name: "RELEASE0_PAYLOAD_LOWER", hi: 863, lo: 832 };
    /// `RELEASE0_PAYLOAD_UPPER`: bits 895:864 (32 bits).
    pub const RELEASE0_PAYLOAD_UPPER: QmdField = QmdField { name: "RELEASE0_PAYLOAD_UPPER", hi: 895, lo: 864 };
    /// `RELEASE1_ADDRESS_LOWER`: bits 927:896 (32 bits).
    pub const RELEASE1_ADDRESS_LOWER: QmdField = QmdField { name: "RELEASE1_ADDRESS_LOWER", hi: 927, lo: 896 };
    /// `RELEASE1_ADDRESS_UPPER`: bits 935:928 (8 bits).
    pub const RELEASE1_ADDRESS_UPPER: QmdField = QmdField { name: "RELEASE1_ADDRESS_UPPER", hi: 935, lo: 928 };
    /// `SEMAPHORE_RESERVED29A`: bits 946:936 (11 bits).
    pub const SEMAPHORE_RESERVED29A: QmdField = QmdField { name: "SEMAPHORE_RESERVED29A", hi: 946, lo: 936 };
    /// `RELEASE1_MEMBAR_TYPE`: bit 947.
    pub const RELEASE1_MEMBAR_TYPE: QmdField = QmdField { name: "RELEASE1_MEMBAR_TYPE", hi: 947, lo: 947 };
    /// `RELEASE1_REDUCTION_OP`: bits 950:948 (3 bits).
    pub const RELEASE1_REDUCTION_OP: QmdField = QmdField { name: "RELEASE1_REDUCTION_OP", hi: 950, lo: 948 };
    /// `RELEASE1_ENABLE`: bit 951.
    pub const RELEASE1_ENABLE: QmdField = QmdField { name: "RELEASE1_ENABLE", hi: 951, lo: 951 };
    /// `RELEASE1_REDUCTION_FORMAT`: bits 953:952 (2 bits).
    pub const RELEASE1_REDUCTION_FORMAT: QmdField = QmdField { name: "RELEASE1_REDUCTION_FORMAT", hi: 953, lo: 952 };
    /// `RELEASE1_REDUCTION_ENABLE`: bit 954.
    pub const RELEASE1_REDUCTION_ENABLE: QmdField = QmdField { name: "RELEASE1_REDUCTION_ENABLE", hi: 954, lo: 954 };
    /// `RELEASE1_NON_BLOCKING_INTR_TYPE`: bits 956:955 (2 bits).
    pub const RELEASE1_NON_BLOCKING_INTR_TYPE: QmdField =
        QmdField { name: "RELEASE1_NON_BLOCKING_INTR_TYPE", hi: 956, lo: 955 };
    /// `RELEASE1_PAYLOAD64B`: bit 957.
    pub const RELEASE1_PAYLOAD64B: QmdField = QmdField { name: "RELEASE1_PAYLOAD64B", hi: 957, lo: 957 };
    /// `RELEASE1_STRUCTURE_SIZE`: bits 959:958 (2 bits).
    pub const RELEASE1_STRUCTURE_SIZE: QmdField = QmdField { name: "RELEASE1_STRUCTURE_SIZE", hi: 959, lo: 958 };
    /// `RELEASE1_PAYLOAD_LOWER`: bits 991:960 (32 bits).
    pub const RELEASE1_PAYLOAD_LOWER: QmdField = QmdField { name: "RELEASE1_PAYLOAD_LOWER", hi: 991, lo: 960 };
    /// `RELEASE1_PAYLOAD_UPPER`: bits 1023:992 (32 bits).
    pub const RELEASE1_PAYLOAD_UPPER: QmdField = QmdField { name: "RELEASE1_PAYLOAD_UPPER", hi: 1023, lo: 992 };
    /// `PROGRAM_ADDRESS_LOWER`: bits 1567:1536 (32 bits).
    pub const PROGRAM_ADDRESS_LOWER: QmdField = QmdField { name: "PROGRAM_ADDRESS_LOWER", hi: 1567, lo: 1536 };
    /// `PROGRAM_ADDRESS_UPPER`: bits 1584:1568 (17 bits).
    pub const PROGRAM_ADDRESS_UPPER: QmdField = QmdField { name: "PROGRAM_ADDRESS_UPPER", hi: 1584, lo: 1568 };
    /// `SHADER_LOCAL_MEMORY_HIGH_SIZE`: bits 1623:1600 (24 bits).
    pub const SHADER_LOCAL_MEMORY_HIGH_SIZE: QmdField =
        QmdField { name: "SHADER_LOCAL_MEMORY_HIGH_SIZE", hi: 1623, lo: 1600 };
    /// `PROGRAM_PREFETCH_ADDR_UPPER_SHIFTED`: bits 1640:1632 (9 bits).
    pub const PROGRAM_PREFETCH_ADDR_UPPER_SHIFTED: QmdField =
        QmdField { name: "PROGRAM_PREFETCH_ADDR_UPPER_SHIFTED", hi: 1640, lo: 1632 };
    /// `PROGRAM_PREFETCH_SIZE`: bits 1649:1641 (9 bits).
    pub const PROGRAM_PREFETCH_SIZE: QmdField = QmdField { name: "PROGRAM_PREFETCH_SIZE", hi: 1649, lo: 1641 };
    /// `PROGRAM_PREFETCH_TYPE`: bits 1651:1650 (2 bits).
    pub const PROGRAM_PREFETCH_TYPE: QmdField = QmdField { name: "PROGRAM_PREFETCH_TYPE", hi: 1651, lo: 1650 };
    /// `SASS_VERSION`: bits 1663:1656 (8 bits).
    pub const SASS_VERSION: QmdField = QmdField { name: "SASS_VERSION", hi: 1663, lo: 1656 };
    /// `RELEASE2_ADDRESS_LOWER`: bits 1695:1664 (32 bits).
    pub const RELEASE2_ADDRESS_LOWER: QmdField = QmdField { name: "RELEASE2_ADDRESS_LOWER", hi: 1695, lo: 1664 };
    /// `RELEASE2_ADDRESS_UPPER`: bits 1703:1696 (8 bits).
    pub const RELEASE2_ADDRESS_UPPER: QmdField = QmdField { name: "RELEASE2_ADDRESS_UPPER", hi: 1703, lo: 1696 };
    /// `SEMAPHORE_RESERVED53A`: bits 1714:1704 (11 bits).
    pub const SEMAPHORE_RESERVED53A: QmdField = QmdField { name: "SEMAPHORE_RESERVED53A", hi: 1714, lo: 1704 };
    /// `RELEASE2_MEMBAR_TYPE`: bit 1715.
    pub const RELEASE2_MEMBAR_TYPE: QmdField = QmdField { name: "RELEASE2_MEMBAR_TYPE", hi: 1715, lo: 1715 };
    /// `RELEASE2_REDUCTION_OP`: bits 1718:1716 (3 bits).
    pub const RELEASE2_REDUCTION_OP: QmdField = QmdField { name: "RELEASE2_REDUCTION_OP", hi: 1718, lo: 1716 };
    /// `RELEASE2_ENABLE`: bit 1719.
    pub const RELEASE2_ENABLE: QmdField = QmdField { name: "RELEASE2_ENABLE", hi: 1719, lo: 1719 };
    /// `RELEASE2_REDUCTION_FORMAT`: bits 1721:1720 (2 bits).
    pub const RELEASE2_REDUCTION_FORMAT: QmdField = QmdField { name: "RELEASE2_REDUCTION_FORMAT", hi: 1721, lo: 1720 };
    /// `RELEASE2_REDUCTION_ENABLE`: bit 1722.
    pub const RELEASE2_REDUCTION_ENABLE: QmdField = QmdField { name: "RELEASE2_REDUCTION_ENABLE", hi: 1722, lo: 1722 };
    /// `RELEASE2_NON_BLOCKING_INTR_TYPE`: bits 1724:1723 (2 bits).
    pub const RELEASE2_NON_BLOCKING_INTR_TYPE: QmdField =
        QmdField { name: "RELEASE2_NON_BLOCKING_INTR_TYPE", hi: 1724, lo: 1723 };
    /// `RELEASE2_PAYLOAD64B`: bit 1725.
    pub const RELEASE2_PAYLOAD64B: QmdField = QmdField { name: "RELEASE2_PAYLOAD64B", hi: 1725, lo: 1725 };
    /// `RELEASE2_STRUCTURE_SIZE`: bits 1727:1726 (2 bits).
    pub const RELEASE2_STRUCTURE_SIZE: QmdField = QmdField { name: "RELEASE2_STRUCTURE_SIZE", hi: 1727, lo: 1726 };
    /// `RELEASE2_PAYLOAD_LOWER`: bits 1759:1728 (32 bits).
    pub const RELEASE2_PAYLOAD_LOWER: QmdField = QmdField { name: "RELEASE2_PAYLOAD_LOWER", hi: 1759, lo: 1728 };
    /// `RELEASE2_PAYLOAD_UPPER`: bits 1791:1760 (32 bits).
    pub const RELEASE2_PAYLOAD_UPPER: QmdField = QmdField { name: "RELEASE2_PAYLOAD_UPPER", hi: 1791, lo: 1760 };
    /// `QMD_SPARE_I`: bits 1823:1792 (32 bits).
    pub const QMD_SPARE_I: QmdField = QmdField { name: "QMD_SPARE_I", hi: 1823, lo: 1792 };
    /// `HW_ONLY_INNER_GET`: bits 1854:1824 (31 bits).
    pub const HW_ONLY_INNER_GET: QmdField = QmdField { name: "HW_ONLY_INNER_GET", hi: 1854, lo: 1824 };
    /// `HW_ONLY_REQUIRE_SCHEDULING_PCAS`: bit 1855.
    pub const HW_ONLY_REQUIRE_SCHEDULING_PCAS: QmdField =
        QmdField { name: "HW_ONLY_REQUIRE_SCHEDULING_PCAS", hi: 1855, lo: 1855 };
    /// `HW_ONLY_INNER_PUT`: bits 1886:1856 (31 bits).
    pub const HW_ONLY_INNER_PUT: QmdField = QmdField { name: "HW_ONLY_INNER_PUT", hi: 1886, lo: 1856 };
    /// `HW_ONLY_SPAN_LIST_HEAD_INDEX`: bits 1917:1888 (30 bits).
    pub const HW_ONLY_SPAN_LIST_HEAD_INDEX: QmdField =
        QmdField { name: "HW_ONLY_SPAN_LIST_HEAD_INDEX", hi: 1917, lo: 1888 };
    /// `HW_ONLY_SPAN_LIST_HEAD_INDEX_VALID`: bit 1919.
    pub const HW_ONLY_SPAN_LIST_HEAD_INDEX_VALID: QmdField =
        QmdField { name: "HW_ONLY_SPAN_LIST_HEAD_INDEX_VALID", hi: 1919, lo: 1919 };
    /// `HW_ONLY_SKED_NEXT_QMD_POINTER`: bits 1951:1920 (32 bits).
    pub const HW_ONLY_SKED_NEXT_QMD_POINTER: QmdField =
        QmdField { name: "HW_ONLY_SKED_NEXT_QMD_POINTER", hi: 1951, lo: 1920 };
    /// `HW_ONLY_DEPENDENCE_COUNTER`: bits 1958:1952 (7 bits).
    pub const HW_ONLY_DEPENDENCE_COUNTER: QmdField =
        QmdField { name: "HW_ONLY_DEPENDENCE_COUNTER", hi: 1958, lo: 1952 };
    /// `DEBUG_ID_UPPER`: bits 2015:1984 (32 bits).
    pub const DEBUG_ID_UPPER: QmdField = QmdField { name: "DEBUG_ID_UPPER", hi: 2015, lo: 1984 };
    /// `DEBUG_ID_LOWER`: bits 2047:2016 (32 bits).
    pub const DEBUG_ID_LOWER: QmdField = QmdField { name: "DEBUG_ID_LOWER", hi: 2047, lo: 2016 };

    /// Every fixed (non-indexed) V03_00 field, in bit order of the class table.
    pub const FIELDS: &[QmdField] = &[
        OUTER_PUT,
        OUTER_OVERFLOW,
        OUTER_GET,
        OUTER_STICKY_OVERFLOW,
        INNER_GET,
        INNER_OVERFLOW,
        INNER_PUT,
        INNER_STICKY_OVERFLOW,
        QMD_GROUP_ID,
        SM_GLOBAL_CACHING_ENABLE,
        RUN_CTA_IN_ONE_SM_PARTITION,
        IS_QUEUE,
        ADD_TO_HEAD_OF_QMD_GROUP_LINKED_LIST,
        QMD_RESERVED04A,
        REQUIRE_SCHEDULING_PCAS,
        QMD_RESERVED04B,
        DEPENDENCE_COUNTER,
        SELF_COPY_ON_COMPLETION,
        QMD_RESERVED04C,
        CIRCULAR_QUEUE_SIZE,
        DEMOTE_L2_EVICT_LAST,
        INVALIDATE_TEXTURE_HEADER_CACHE,
        INVALIDATE_TEXTURE_SAMPLER_CACHE,
        INVALIDATE_TEXTURE_DATA_CACHE,
        INVALIDATE_SHADER_DATA_CACHE,
        INVALIDATE_INSTRUCTION_CACHE,
        INVALIDATE_SHADER_CONSTANT_CACHE,
        CTA_RASTER_WIDTH_RESUME,
        CTA_RASTER_HEIGHT_RESUME,
        CTA_RASTER_DEPTH_RESUME,
        PROGRAM_PREFETCH_ADDR_LOWER_SHIFTED,
        CIRCULAR_QUEUE_ADDR_LOWER,
        CIRCULAR_QUEUE_ADDR_UPPER,
        QMD_RESERVED_D,
        CIRCULAR_QUEUE_ENTRY_SIZE,
        CWD_REFERENCE_COUNT_ID,
        CWD_REFERENCE_COUNT_DELTA_MINUS_ONE,
        QMD_RESERVED11A,
        CWD_REFERENCE_COUNT_INCR_ENABLE,
        CWD_MEMBAR_TYPE,
        SEQUENTIALLY_RUN_CTAS,
        CWD_REFERENCE_COUNT_DECR_ENABLE,
        QMD_RESERVED11B,
        API_VISIBLE_CALL_LIMIT,
        QMD_RESERVED11C,
        SAMPLER_INDEX,
        DISABLE_AUTO_INVALIDATE,
        CTA_RASTER_WIDTH,
        CTA_RASTER_HEIGHT,
        CTA_RASTER_DEPTH,
        DEPENDENT_QMD0_POINTER,
        DEPENDENT_QMD0_ENABLE,
        DEPENDENT_QMD0_ACTION,
        DEPENDENT_QMD0_PREFETCH,
        DEPENDENT_QMD1_ENABLE,
        DEPENDENT_QMD1_ACTION,
        DEPENDENT_QMD1_PREFETCH,
        COALESCE_WAITING_PERIOD,
        QUEUE_ENTRIES_PER_CTA_LOG2,
        SHARED_MEMORY_SIZE,
        MIN_SM_CONFIG_SHARED_MEM_SIZE,
        QMD_RESERVED17A,
        MAX_SM_CONFIG_SHARED_MEM_SIZE,
        QMD_RESERVED17B,
        QMD_VERSION,
        QMD_MAJOR_VERSION,
        CTA_THREAD_DIMENSION0,
        CTA_THREAD_DIMENSION1,
        CTA_THREAD_DIMENSION2,
        REGISTER_COUNT_V,
        TARGET_SM_CONFIG_SHARED_MEM_SIZE,
        SHARED_ALLOCATION_ENABLE,
        FREE_CTA_SLOTS_EMPTY_SM,
        SM_DISABLE_MASK_LOWER,
        SM_DISABLE_MASK_UPPER,
        SHADER_LOCAL_MEMORY_LOW_SIZE,
        BARRIER_COUNT,
        RELEASE0_ADDRESS_LOWER,
        RELEASE0_ADDRESS_UPPER,
        SEMAPHORE_RESERVED25A,
        RELEASE0_MEMBAR_TYPE,
        RELEASE0_REDUCTION_OP,
        RELEASE0_ENABLE,
        RELEASE0_REDUCTION_FORMAT,
        RELEASE0_REDUCTION_ENABLE,
        RELEASE0_NON_BLOCKING_INTR_TYPE,
        RELEASE0_PAYLOAD64B,
        RELEASE0_STRUCTURE_SIZE,
        RELEASE0_PAYLOAD_LOWER,
        RELEASE0_PAYLOAD_UPPER,
        RELEASE1_ADDRESS_LOWER,
        RELEASE1_ADDRESS_UPPER,
        SEMAPHORE_RESERVED29A,
        RELEASE1_MEMBAR_TYPE,
        RELEASE1_REDUCTION_OP,
        RELEASE1_ENABLE,
        RELEASE1_REDUCTION_FORMAT,
        RELEASE1_REDUCTION_ENABLE,
        RELEASE1_NON_BLOCKING_INTR_TYPE,
        RELEASE1_PAYLOAD64B,
        RELEASE1_STRUCTURE_SIZE,
        RELEASE1_PAYLOAD_LOWER,
        RELEASE1_PAYLOAD_UPPER,
        PROGRAM_ADDRESS_LOWER,
        PROGRAM_ADDRESS_UPPER,
        SHADER_LOCAL_MEMORY_HIGH_SIZE,
        PROGRAM_PREFETCH_ADDR_UPPER_SHIFTED,
        PROGRAM_PREFETCH_SIZE,
        PROGRAM_PREFETCH_TYPE,
        SASS_VERSION,
        RELEASE2_ADDRESS_LOWER,
        RELEASE2_ADDRESS_UPPER,
        SEMAPHORE_RESERVED53A,
        RELEASE2_MEMBAR_TYPE,
        RELEASE2_REDUCTION_OP,
        RELEASE2_ENABLE,
        RELEASE2_REDUCTION_FORMAT,
        RELEASE2_REDUCTION_ENABLE,
        RELEASE2_NON_BLOCKING_INTR_TYPE,
        RELEASE2_PAYLOAD64B,
        RELEASE2_STRUCTURE_SIZE,
        RELEASE2_PAYLOAD_LOWER,
        RELEASE2_PAYLOAD_UPPER,
        QMD_SPARE_I,
        HW_ONLY_INNER_GET,
        HW_ONLY_REQUIRE_SCHEDULING_PCAS,
        HW_ONLY_INNER_PUT,
        HW_ONLY_SPAN_LIST_HEAD_INDEX,
        HW_ONLY_SPAN_LIST_HEAD_INDEX_VALID,
        HW_ONLY_SKED_NEXT_QMD_POINTER,
        HW_ONLY_DEPENDENCE_COUNTER,
        DEBUG_ID_UPPER,
        DEBUG_ID_LOWER,
    ];

    /// `CONSTANT_BUFFER_VALID(i)`: bits `640+(i)*1` : `640+(i)*1` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).
    pub const fn constant_buffer_valid(i: u32) -> QmdField {
        const NAMES: [&str; 8] = [
            "CONSTANT_BUFFER_VALID(0)",
            "CONSTANT_BUFFER_VALID(1)",
            "CONSTANT_BUFFER_VALID(2)",
            "CONSTANT_BUFFER_VALID(3)",
            "CONSTANT_BUFFER_VALID(4)",
            "CONSTANT_BUFFER_VALID(5)",
            "CONSTANT_BUFFER_VALID(6)",
            "CONSTANT_BUFFER_VALID(7)",
        ];
        assert!(i < CONSTANT_BUFFER_COUNT, "constant buffer index");
        QmdField { name: NAMES[i as usize], hi: 640 + i, lo: 640 + i }
    }

    /// `CONSTANT_BUFFER_ADDR_LOWER(i)`: bits `1055+(i)*64` : `1024+(i)*64` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).
    pub const fn constant_buffer_addr_lower(i: u32) -> QmdField {
        const NAMES: [&str; 8] = [
            "CONSTANT_BUFFER_ADDR_LOWER(0)",
            "CONSTANT_BUFFER_ADDR_LOWER(1)",
            "CONSTANT_BUFFER_ADDR_LOWER(2)",
            "CONSTANT_BUFFER_ADDR_LOWER(3)",
            "CONSTANT_BUFFER_ADDR_LOWER(4)",
            "CONSTANT_BUFFER_ADDR_LOWER(5)",
            "CONSTANT_BUFFER_ADDR_LOWER(6)",
            "CONSTANT_BUFFER_ADDR_LOWER(7)",
        ];
        assert!(i < CONSTANT_BUFFER_COUNT, "constant buffer index");
        QmdField { name: NAMES[i as usize], hi: 1055 + i * 64, lo: 1024 + i * 64 }
    }

    /// `CONSTANT_BUFFER_ADDR_UPPER(i)`: bits `1072+(i)*64` : `1056+(i)*64` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).
    pub const fn constant_buffer_addr_upper(i: u32) -> QmdField {
        const NAMES: [&str; 8] = [
            "CONSTANT_BUFFER_ADDR_UPPER(0)",
            "CONSTANT_BUFFER_ADDR_UPPER(1)",
            "CONSTANT_BUFFER_ADDR_UPPER(2)",
            "CONSTANT_BUFFER_ADDR_UPPER(3)",
            "CONSTANT_BUFFER_ADDR_UPPER(4)",
            "CONSTANT_BUFFER_ADDR_UPPER(5)",
            "CONSTANT_BUFFER_ADDR_UPPER(6)",
            "CONSTANT_BUFFER_ADDR_UPPER(7)",
        ];
        assert!(i < CONSTANT_BUFFER_COUNT, "constant buffer index");
        QmdField { name: NAMES[i as usize], hi: 1072 + i * 64, lo: 1056 + i * 64 }
    }

    /// `CONSTANT_BUFFER_PREFETCH_POST(i)`: bits `1073+(i)*64` : `1073+(i)*64` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).
    pub const fn constant_buffer_prefetch_post(i: u32) -> QmdField {
        const NAMES: [&str; 8] = [
            "CONSTANT_BUFFER_PREFETCH_POST(0)",
            "CONSTANT_BUFFER_PREFETCH_POST(1)",
            "CONSTANT_BUFFER_PREFETCH_POST(2)",
            "CONSTANT_BUFFER_PREFETCH_POST(3)",
            "CONSTANT_BUFFER_PREFETCH_POST(4)",
            "CONSTANT_BUFFER_PREFETCH_POST(5)",
            "CONSTANT_BUFFER_PREFETCH_POST(6)",
            "CONSTANT_BUFFER_PREFETCH_POST(7)",
        ];
        assert!(i < CONSTANT_BUFFER_COUNT, "constant buffer index");
        QmdField { name: NAMES[i as usize], hi: 1073 + i * 64, lo: 1073 + i * 64 }
    }

    /// `CONSTANT_BUFFER_INVALIDATE(i)`: bits `1074+(i)*64` : `1074+(i)*64` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).
    pub const fn constant_buffer_invalidate(i: u32) -> QmdField {
        const NAMES: [&str; 8] = [
            "CONSTANT_BUFFER_INVALIDATE(0)",
            "CONSTANT_BUFFER_INVALIDATE(1)",
            "CONSTANT_BUFFER_INVALIDATE(2)",
            "CONSTANT_BUFFER_INVALIDATE(3)",
            "CONSTANT_BUFFER_INVALIDATE(4)",
            "CONSTANT_BUFFER_INVALIDATE(5)",
            "CONSTANT_BUFFER_INVALIDATE(6)",
            "CONSTANT_BUFFER_INVALIDATE(7)",
        ];
        assert!(i < CONSTANT_BUFFER_COUNT, "constant buffer index");
        QmdField { name: NAMES[i as usize], hi: 1074 + i * 64, lo: 1074 + i * 64 }
    }

    /// `CONSTANT_BUFFER_SIZE_SHIFTED4(i)`: bits `1087+(i)*64` : `1075+(i)*64` for constant buffer `i` (< [`CONSTANT_BUFFER_COUNT`]; panics otherwise).
    pub const fn constant_buffer_size_shifted4(i: u32) -> QmdField {
        const NAMES: [&str; 8] = [
            "CONSTANT_BUFFER_SIZE_SHIFTED4(0)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(1)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(2)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(3)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(4)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(5)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(6)",
            "CONSTANT_BUFFER_SIZE_SHIFTED4(7)",
        ];
        assert!(i < CONSTANT_BUFFER_COUNT, "constant buffer index");
        QmdField { name: NAMES[i as usize], hi: 1087 + i * 64, lo: 1075 + i * 64 }
    }

    /// An indexed field: constant-buffer index → bit range.
    pub type IndexedField = fn(u32) -> QmdField;

    /// The indexed fields: (class-table name, function).
    pub const INDEXED_FIELDS: &[(&str, IndexedField)] = &[
        ("CONSTANT_BUFFER_VALID", constant_buffer_valid),
        ("CONSTANT_BUFFER_ADDR_LOWER", constant_buffer_addr_lower),
        ("CONSTANT_BUFFER_ADDR_UPPER", constant_buffer_addr_upper),
        ("CONSTANT_BUFFER_PREFETCH_POST", constant_buffer_prefetch_post),
        ("CONSTANT_BUFFER_INVALIDATE", constant_buffer_invalidate),
        ("CONSTANT_BUFFER_SIZE_SHIFTED4", constant_buffer_size_shifted4),
    ];

    /// The three `RELEASEn` blocks (V03_00 has releases 0, 1 and 2).
    pub const RELEASES: [ReleaseFields; 3] = [
        ReleaseFields {
            address_lower: RELEASE0_ADDRESS_LOWER,
            address_upper: RELEASE0_ADDRESS_UPPER,
            membar_type: RELEASE0_MEMBAR_TYPE,
            reduction_op: RELEASE0_REDUCTION_OP,
            enable: RELEASE0_ENABLE,
            reduction_format: RELEASE0_REDUCTION_FORMAT,
            reduction_enable: RELEASE0_REDUCTION_ENABLE,
            non_blocking_intr_type: RELEASE0_NON_BLOCKING_INTR_TYPE,
            payload64b: RELEASE0_PAYLOAD64B,
            structure_size: RELEASE0_STRUCTURE_SIZE,
            payload_lower: RELEASE0_PAYLOAD_LOWER,
            payload_upper: RELEASE0_PAYLOAD_UPPER,
        },
        ReleaseFields {
            address_lower: RELEASE1_ADDRESS_LOWER,
            address_upper: RELEASE1_ADDRESS_UPPER,
            membar_type: RELEASE1_MEMBAR_TYPE,
            reduction_op: RELEASE1_REDUCTION_OP,
            enable: RELEASE1_ENABLE,
            reduction_format: RELEASE1_REDUCTION_FORMAT,
            reduction_enable: RELEASE1_REDUCTION_ENABLE,
            non_blocking_intr_type: RELEASE1_NON_BLOCKING_INTR_TYPE,
            payload64b: RELEASE1_PAYLOAD64B,
            structure_size: RELEASE1_STRUCTURE_SIZE,
            payload_lower: RELEASE1_PAYLOAD_LOWER,
            payload_upper: RELEASE1_PAYLOAD_UPPER,
        },
        ReleaseFields {
            address_lower: RELEASE2_ADDRESS_LOWER,
            address_upper: RELEASE2_ADDRESS_UPPER,
            membar_type: RELEASE2_MEMBAR_TYPE,
            reduction_op: RELEASE2_REDUCTION_OP,
            enable: RELEASE2_ENABLE,
            reduction_format: RELEASE2_REDUCTION_FORMAT,
            reduction_enable: RELEASE2_REDUCTION_ENABLE,
            non_blocking_intr_type: RELEASE2_NON_BLOCKING_INTR_TYPE,
            payload64b: RELEASE2_PAYLOAD64B,
            structure_size: RELEASE2_STRUCTURE_SIZE,
            payload_lower: RELEASE2_PAYLOAD_LOWER,
            payload_upper: RELEASE2_PAYLOAD_UPPER,
        },
    ];
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
