//! The 64-byte ELF header of the CUDA objects hal's hostile-cubin tests
//! build by hand (ELF64, little-endian, EM_CUDA, SM 8.7; `.shstrtab` is
//! section 1).

#![allow(dead_code)] // each binary uses what it needs

/// Write the header into `out[..64]`: type `e_type`, section headers at
/// `shoff`, `shnum` of them.
pub fn write_header(out: &mut [u8], e_type: u16, shoff: u64, shnum: u16) {
    let h = &mut out[..64];
    h[..4].copy_from_slice(b"\x7fELF");
    h[4] = 2; // ELF64
    h[5] = 1; // little-endian
    h[6] = 1; // version
    h[16..18].copy_from_slice(&e_type.to_le_bytes());
    h[18..20].copy_from_slice(&190u16.to_le_bytes()); // EM_CUDA
    h[20..24].copy_from_slice(&1u32.to_le_bytes());
    h[40..48].copy_from_slice(&shoff.to_le_bytes());
    h[48..52].copy_from_slice(&87u32.to_le_bytes()); // SM 8.7
    h[52..54].copy_from_slice(&64u16.to_le_bytes());
    h[58..60].copy_from_slice(&64u16.to_le_bytes());
    h[60..62].copy_from_slice(&shnum.to_le_bytes());
    h[62..64].copy_from_slice(&1u16.to_le_bytes()); // .shstrtab
}
