//! Constant banks as the SM reads them: on access, not up front.
//!
//! The QMD binds up to eight constant buffers (`CONSTANT_BUFFER_*(i)`:
//! address, size, valid). The hardware fetches constants as the kernel
//! reads them (`LDC`, `c[bank][offset]` operands), so a QMD may declare a
//! constant buffer larger than what its kernel reads, and larger than the
//! mapping it lies in: only an access that reaches unmapped memory faults
//! (issue 21 item 2: a runtime whose argument buffer ended at a mapping's
//! end ran on hardware and faulted on the old mock, which read the whole
//! declared size before the kernel ran).
//!
//! [`ConstBanks`] is the one accessor the compute engine gives a kernel —
//! closure kernels and twins through [`KernelCtx`](super::KernelCtx), and
//! the SASS interpreter when it is plugged in. Per access:
//! - bytes inside the bank's declared size are read from GPU memory at that
//!   moment; an unmapped byte is an MMU fault at its address;
//! - bytes at or past the declared size, and every byte of a bank the QMD
//!   does not mark valid, read **zero** and touch no memory. This follows
//!   our reading of Mesa's NVK (it relies on the hardware's bounds check of
//!   bound constant buffers for robust uniform-buffer access); it is not
//!   recorded on an Orin, and FIDELITY.md lists it under "needs an Orin".

use gpuiface_hal::codec::qmd::Qmd;

use crate::mem::GpuVm;

/// Constant banks a QMD can bind.
pub const CONST_BANKS: usize = 8;

/// The constant banks of one launch, read through the channel's VM on
/// each access.
pub struct ConstBanks<'a> {
    vm: &'a dyn GpuVm,
    /// Per bank: GPU VA and declared size in bytes (`None`: not valid).
    banks: [Option<(u64, u32)>; CONST_BANKS],
}

impl std::fmt::Debug for ConstBanks<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConstBanks").field("banks", &self.banks).finish_non_exhaustive()
    }
}

impl<'a> ConstBanks<'a> {
    /// The banks `qmd` binds, read through `vm`.
    pub fn from_qmd(qmd: &Qmd, vm: &'a dyn GpuVm) -> ConstBanks<'a> {
        let mut banks = [None; CONST_BANKS];
        for (i, b) in banks.iter_mut().enumerate() {
            *b = qmd.constant_buffer(i as u32);
        }
        ConstBanks { vm, banks }
    }

    /// Bank `bank`'s GPU VA and declared size (`None`: not bound).
    pub fn bound(&self, bank: usize) -> Option<(u64, u32)> {
        self.banks.get(bank).copied().flatten()
    }

    /// Read `out.len()` bytes of `c[bank][offset..]`. Bytes past the
    /// declared size (or of an unbound bank) read zero; `Err(va)` is an MMU
    /// fault at the first unmapped byte inside the declared size.
    pub fn read(&self, bank: usize, offset: u32, out: &mut [u8]) -> Result<(), u64> {
        out.fill(0);
        let Some((base, size)) = self.bound(bank) else { return Ok(()) };
        let inside = (size as usize).saturating_sub(offset as usize).min(out.len());
        if inside == 0 {
            return Ok(());
        }
        let va = base.checked_add(u64::from(offset)).ok_or(u64::MAX)?;
        self.vm.read(va, &mut out[..inside])
    }

    /// `c[bank][offset]` as a little-endian u32 (see [`ConstBanks::read`]).
    pub fn read_u32(&self, bank: usize, offset: u32) -> Result<u32, u64> {
        let mut b = [0u8; 4];
        self.read(bank, offset, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    /// `c[bank][offset]` as a little-endian u64 (see [`ConstBanks::read`]).
    pub fn read_u64(&self, bank: usize, offset: u32) -> Result<u64, u64> {
        let mut b = [0u8; 8];
        self.read(bank, offset, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}
