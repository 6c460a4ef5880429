//! The relocation kinds (`R_CUDA_*`) the module loader applies, and how each
//! writes an address into the image.
//!
//! Read off `readelf -r`/`cuobjdump -elf` of modules compiled by the pinned
//! ptxas (`kernels/sm_87/module_ops.cubin`, and `ptxas -c` output for the
//! code kinds), and checked with nvdisasm: patching the field as below makes
//! `CALL.ABS.NOINC 0x0` print as `CALL.ABS.NOINC 0x7f1234567890` and
//! `UMOV UR4, 0x0` as `UMOV UR4, 0xdeadbeef` (the tests in this file); the
//! ABS32 kinds also on the mock's interpreter, which runs `module_ops` as
//! `ptxas -ewp` emits it (`runtime/tests/module_runs.rs`).
//!
//! | kind | `r_type` | site | field |
//! |---|---|---|---|
//! | `R_CUDA_64` | 2 | 8 data bytes | the 64-bit address (the compiler's bank-4 table of global addresses) |
//! | `R_CUDA_G64` | 4 | 8 data bytes | the 64-bit address (a global's address in `.nv.global.init` or `__constant__` data) |
//! | `R_CUDA_ABS32_LO_32` | 56 | an instruction | bits 32..64: the address's low 32 bits (`MOV R, 32@lo(sym)`) |
//! | `R_CUDA_ABS32_HI_32` | 57 | an instruction | bits 32..64: the address's high 32 bits (`MOV R, 32@hi(sym)`) |
//! | `R_CUDA_ABS47_34` | 58 | an instruction | bits 34..81: the address >> 2 (`CALL.ABS.NOINC sym`) |
//!
//! In a `.rel` section the addend is what the field holds before
//! relocation (decoded as the field is encoded); in `.rela` it is explicit.
//! Every other kind (e.g. `R_CUDA_CONST_FIELD19_40`, which only a linker
//! resolves) is refused with a [`CubinError::Unsupported`] naming it.

use super::CubinError;

/// A relocation kind the loader applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RelocKind {
    /// `R_CUDA_64` (2): a 64-bit address in data.
    Abs64,
    /// `R_CUDA_G64` (4): a 64-bit global address in data.
    G64,
    /// `R_CUDA_ABS32_LO_32` (56): an address's low half in an instruction's bits 32..64.
    Abs32Lo32,
    /// `R_CUDA_ABS32_HI_32` (57): an address's high half in an instruction's bits 32..64.
    Abs32Hi32,
    /// `R_CUDA_ABS47_34` (58): an address >> 2 in an instruction's bits 34..81.
    Abs47_34,
}

/// Names of `R_CUDA_*` kinds the loader knows but refuses, for errors.
const REFUSED: &[(u32, &str)] = &[(0, "R_CUDA_NONE"), (1, "R_CUDA_32"), (64, "R_CUDA_CONST_FIELD19_40")];

impl RelocKind {
    /// The kind of ELF relocation type `r_type`, if the loader applies it.
    pub fn from_type(r_type: u32) -> Option<RelocKind> {
        Some(match r_type {
            2 => RelocKind::Abs64,
            4 => RelocKind::G64,
            56 => RelocKind::Abs32Lo32,
            57 => RelocKind::Abs32Hi32,
            58 => RelocKind::Abs47_34,
            _ => return None,
        })
    }

    /// NVIDIA's name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            RelocKind::Abs64 => "R_CUDA_64",
            RelocKind::G64 => "R_CUDA_G64",
            RelocKind::Abs32Lo32 => "R_CUDA_ABS32_LO_32",
            RelocKind::Abs32Hi32 => "R_CUDA_ABS32_HI_32",
            RelocKind::Abs47_34 => "R_CUDA_ABS47_34",
        }
    }

    /// A name for any `r_type`, for error messages.
    pub fn type_name(r_type: u32) -> String {
        match (RelocKind::from_type(r_type), REFUSED.iter().find(|(t, _)| *t == r_type)) {
            (Some(k), _) => format!("{} (type {r_type})", k.name()),
            (None, Some((_, name))) => format!("{name} (type {r_type})"),
            (None, None) => format!("R_CUDA relocation type {r_type}"),
        }
    }

    /// Bytes the site spans: a data word or a 128-bit instruction.
    pub fn site_len(self) -> usize {
        match self {
            RelocKind::Abs64 | RelocKind::G64 => 8,
            _ => 16,
        }
    }

    /// (first bit, width, right shift of the address) of the field.
    fn field(self) -> (u32, u32, u32) {
        match self {
            RelocKind::Abs64 | RelocKind::G64 => (0, 64, 0),
            RelocKind::Abs32Lo32 => (32, 32, 0),
            RelocKind::Abs32Hi32 => (32, 32, 32),
            RelocKind::Abs47_34 => (34, 47, 2),
        }
    }

    fn read_site(self, site: &[u8]) -> u128 {
        let mut b = [0u8; 16];
        b[..site.len()].copy_from_slice(site);
        u128::from_le_bytes(b)
    }

    /// The implicit addend a `.rel` entry's site holds.
    pub(crate) fn implicit_addend(self, site: &[u8]) -> i64 {
        let (at, width, shift) = self.field();
        let mask = if width == 128 { u128::MAX } else { (1u128 << width) - 1 };
        let v = ((self.read_site(site) >> at) & mask) as u64;
        (v << shift) as i64
    }

    /// Write `address` into the site (`site_len` bytes).
    fn write(self, site: &mut [u8], address: u64) -> Result<(), String> {
        let (at, width, shift) = self.field();
        let value = address >> shift;
        if self == RelocKind::Abs47_34 && (address & 3 != 0 || value >> width != 0) {
            return Err(format!("address {address:#x} does not fit {} (47 bits of address >> 2)", self.name()));
        }
        // Abs32Lo32 keeps the low half; every other field holds the whole value.
        let value = u128::from(value) & ((1u128 << width) - 1);
        let mask = ((1u128 << width) - 1) << at;
        let word = (self.read_site(site) & !mask) | (value << at);
        let len = site.len();
        site.copy_from_slice(&word.to_le_bytes()[..len]);
        Ok(())
    }
}

/// One relocation of a module image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Relocation {
    /// What to write.
    pub kind: RelocKind,
    /// Offset of the site in the image (a data word or an instruction).
    pub site: u64,
    /// Offset in the image the address points at (symbol + addend); the
    /// address written is the image's GPU VA + `target`.
    pub target: i64,
}

impl Relocation {
    /// Write the address of `target` in an image loaded at `base_va` into
    /// `image` (the image's bytes). A site outside `image` or an address
    /// the field cannot hold is an error, and nothing is written.
    pub fn apply(&self, image: &mut [u8], base_va: u64) -> Result<(), CubinError> {
        let bad = |why: String| {
            CubinError::Malformed(format!("{} at image offset {:#x}: {why}", self.kind.name(), self.site))
        };
        let address = base_va.checked_add_signed(self.target).ok_or_else(|| bad("the address overflows".into()))?;
        let start = usize::try_from(self.site).map_err(|_| bad("site out of range".into()))?;
        let image_len = image.len();
        let site = start
            .checked_add(self.kind.site_len())
            .and_then(|end| image.get_mut(start..end))
            .ok_or_else(|| bad(format!("site past the image's {image_len} bytes")))?;
        self.kind.write(site, address).map_err(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Instruction words from `ptxas -arch=sm_87 -c` of module_ops-like PTX;
    // the expected text is nvdisasm's for the patched word.
    const CALL_ABS_0: u128 = 0x000fea00_03c00000_00000000_00007943; // CALL.ABS.NOINC 0x0
    const UMOV_UR4_0: u128 = 0x000fc400_00000000_00000000_00047882; // UMOV UR4, 0x0

    #[test]
    fn abs47_34_places_the_call_target_as_nvdisasm_reads_it() {
        let mut w = CALL_ABS_0.to_le_bytes();
        let r = Relocation { kind: RelocKind::Abs47_34, site: 0, target: 0x7890 };
        r.apply(&mut w, 0x7f12_3456_0000).unwrap();
        // nvdisasm prints this word as `CALL.ABS.NOINC 0x7f1234567890`.
        let want = (CALL_ABS_0 & !(((1u128 << 47) - 1) << 34)) | ((0x7f12_3456_7890u128 >> 2) << 34);
        assert_eq!(u128::from_le_bytes(w), want);
        assert_eq!(RelocKind::Abs47_34.implicit_addend(&w), 0x7f12_3456_7890);
        // The opcode and control bits are untouched.
        assert_eq!(u128::from_le_bytes(w) & 0xffff_ffff, 0x7943);
        assert_eq!(u128::from_le_bytes(w) >> 96, 0x000fea00);
    }

    #[test]
    fn abs32_lo_and_hi_write_bits_32_to_64() {
        for (kind, half) in [(RelocKind::Abs32Lo32, 0xdead_beefu64), (RelocKind::Abs32Hi32, 0x0000_00fe)] {
            let mut w = UMOV_UR4_0.to_le_bytes();
            Relocation { kind, site: 0, target: 0 }.apply(&mut w, 0xfe_dead_beef).unwrap();
            // Lo: nvdisasm prints `UMOV UR4, 0xdeadbeef`.
            assert_eq!(u128::from_le_bytes(w), UMOV_UR4_0 | (u128::from(half) << 32), "{kind:?}");
        }
    }

    #[test]
    fn data_kinds_write_the_address_and_read_their_implicit_addend() {
        let mut d = [0u8; 8];
        d.copy_from_slice(&0x18u64.to_le_bytes());
        let addend = RelocKind::G64.implicit_addend(&d);
        assert_eq!(addend, 0x18);
        Relocation { kind: RelocKind::G64, site: 0, target: 0x100 + addend }.apply(&mut d, 0x2_0000_0000).unwrap();
        assert_eq!(u64::from_le_bytes(d), 0x2_0000_0118);
    }

    #[test]
    fn out_of_range_sites_and_addresses_are_errors_not_writes() {
        let mut d = [0u8; 12];
        let r = Relocation { kind: RelocKind::Abs64, site: 8, target: 0 };
        assert!(matches!(r.apply(&mut d, 1), Err(CubinError::Malformed(_))));
        let r = Relocation { kind: RelocKind::Abs64, site: u64::MAX, target: 0 };
        assert!(r.apply(&mut d, 1).is_err());
        let r = Relocation { kind: RelocKind::Abs64, site: 0, target: 1 };
        assert!(r.apply(&mut d, u64::MAX).is_err());
        let mut w = [0u8; 16];
        let r = Relocation { kind: RelocKind::Abs47_34, site: 0, target: 2 };
        assert!(r.apply(&mut w, 0x1000).is_err(), "a call target must be 4-aligned");
        assert_eq!(w, [0u8; 16]);
        assert_eq!(d, [0u8; 12]);
    }

    #[test]
    fn kinds_are_named() {
        assert_eq!(RelocKind::type_name(64), "R_CUDA_CONST_FIELD19_40 (type 64)");
        assert_eq!(RelocKind::type_name(2), "R_CUDA_64 (type 2)");
        assert_eq!(RelocKind::type_name(200), "R_CUDA relocation type 200");
    }
}
