//! Special registers (`S2R`, `S2UR`, `CS2R`): the ones compute kernels read.
//!
//! Names are the ISA's (NVIDIA's CUDA Binary Utilities documentation lists
//! them); indices were read off nvdisasm by probing `S2R` words. A special
//! register that is not here does not decode: the interpreter could not
//! give it a value.

/// A special register the model knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Sr {
    LaneId,
    Clock,
    VirtCfg,
    VirtId,
    Tid,
    TidX,
    TidY,
    TidZ,
    CtaIdX,
    CtaIdY,
    CtaIdZ,
    NTid,
    LWinHi,
    SWinHi,
    SWinLo,
    SWinSz,
    SMemSz,
    LWinLo,
    LWinSz,
    /// `SR_LMEMHIOFF`: where a thread's high local memory (its stack)
    /// starts, the bound ptxas -O0 checks the stack pointer against.
    LMemHiOff,
    EqMask,
    LtMask,
    LeMask,
    GtMask,
    GeMask,
    VirtualSmId,
    ClockLo,
    ClockHi,
    GlobalTimerLo,
    GlobalTimerHi,
    Zero,
}

const TABLE: &[(u16, Sr, &str)] = &[
    (0, Sr::LaneId, "SR_LANEID"),
    (1, Sr::Clock, "SR_CLOCK"),
    (2, Sr::VirtCfg, "SR_VIRTCFG"),
    (3, Sr::VirtId, "SR_VIRTID"),
    (32, Sr::Tid, "SR_TID"),
    (33, Sr::TidX, "SR_TID.X"),
    (34, Sr::TidY, "SR_TID.Y"),
    (35, Sr::TidZ, "SR_TID.Z"),
    (37, Sr::CtaIdX, "SR_CTAID.X"),
    (38, Sr::CtaIdY, "SR_CTAID.Y"),
    (39, Sr::CtaIdZ, "SR_CTAID.Z"),
    (40, Sr::NTid, "SR_NTID"),
    (46, Sr::LWinHi, "SR_LWINHI"),
    (47, Sr::SWinHi, "SR_SWINHI"),
    (48, Sr::SWinLo, "SR_SWINLO"),
    (49, Sr::SWinSz, "SR_SWINSZ"),
    (50, Sr::SMemSz, "SR_SMEMSZ"),
    (52, Sr::LWinLo, "SR_LWINLO"),
    (53, Sr::LWinSz, "SR_LWINSZ"),
    (55, Sr::LMemHiOff, "SR_LMEMHIOFF"),
    (56, Sr::EqMask, "SR_EQMASK"),
    (57, Sr::LtMask, "SR_LTMASK"),
    (58, Sr::LeMask, "SR_LEMASK"),
    (59, Sr::GtMask, "SR_GTMASK"),
    (60, Sr::GeMask, "SR_GEMASK"),
    (67, Sr::VirtualSmId, "SR_VIRTUALSMID"),
    (80, Sr::ClockLo, "SR_CLOCKLO"),
    (81, Sr::ClockHi, "SR_CLOCKHI"),
    (82, Sr::GlobalTimerLo, "SR_GLOBALTIMERLO"),
    (83, Sr::GlobalTimerHi, "SR_GLOBALTIMERHI"),
    (255, Sr::Zero, "SRZ"),
];

/// The register with index `i`, if the model knows it.
pub fn known(i: u16) -> Option<Sr> {
    TABLE.iter().find(|(n, _, _)| *n == i).map(|(_, s, _)| *s)
}

/// Its name as nvdisasm prints it (`SR<i>` for one the model does not know).
pub fn name(i: u16) -> &'static str {
    TABLE.iter().find(|(n, _, _)| *n == i).map(|(_, _, s)| *s).unwrap_or("SR?")
}
