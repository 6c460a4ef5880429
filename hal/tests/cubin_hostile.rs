//! Issue 22, item 16: crafted cubins. Parsing never panics, and its memory
//! stays proportional to the file, however many names share one string.

use gpuiface_hal::cubin::{Cubin, CubinError};

#[path = "common/elf.rs"]
mod elf;
#[path = "common/heap.rs"]
mod heap;
use heap::{peak_during, serial};

#[global_allocator]
static COUNTING: heap::Counting = heap::Counting::with_cap(usize::MAX);

struct Section {
    name: u32,
    kind: u32,
    flags: u64,
    data: Vec<u8>,
    /// Share the data of this earlier section instead of having its own.
    share: Option<usize>,
    link: u32,
    info: u32,
    entsize: u64,
}

fn section(name: u32, kind: u32, data: Vec<u8>) -> Section {
    Section { name, kind, flags: 0, data, share: None, link: 0, info: 0, entsize: 0 }
}

/// An ELF64 CUDA relocatable for SM 8.7: `sections` after the null one
/// (`.shstrtab` must be the first of them, index 1).
fn elf(sections: &[Section]) -> Vec<u8> {
    let mut out = vec![0u8; 64];
    let mut offsets = Vec::new();
    for s in sections {
        match s.share {
            Some(i) => offsets.push(offsets[i]),
            None => {
                offsets.push(out.len() as u64);
                out.extend_from_slice(&s.data);
            }
        }
        while !out.len().is_multiple_of(8) {
            out.push(0);
        }
    }
    let shoff = out.len() as u64;
    out.extend_from_slice(&[0u8; 64]); // the null section
    for (s, off) in sections.iter().zip(&offsets) {
        let size = match s.share {
            Some(i) => sections[i].data.len(),
            None => s.data.len(),
        } as u64;
        out.extend_from_slice(&s.name.to_le_bytes());
        out.extend_from_slice(&s.kind.to_le_bytes());
        out.extend_from_slice(&s.flags.to_le_bytes());
        out.extend_from_slice(&0u64.to_le_bytes()); // addr
        out.extend_from_slice(&off.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&s.link.to_le_bytes());
        out.extend_from_slice(&s.info.to_le_bytes());
        out.extend_from_slice(&8u64.to_le_bytes()); // addralign
        out.extend_from_slice(&s.entsize.to_le_bytes());
    }
    elf::write_header(&mut out, 1, shoff, sections.len() as u16 + 1); // ET_REL
    out
}

const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;

/// A kernel `.text.k` with 8 registers, and `extra` after it.
fn with_kernel(shstrtab: Vec<u8>, text_name: u32, extra: Vec<Section>) -> Vec<Section> {
    let mut s = vec![section(0, SHT_STRTAB, shstrtab)];
    let mut text = section(text_name, SHT_PROGBITS, vec![0u8; 16]);
    text.info = 8 << 24;
    s.push(text);
    s.extend(extra);
    s
}

/// Was: every symbol's name was copied; 20,000 symbols naming suffixes of
/// one 100 kB string asked for 2 GB (the crafted 1.5 MB file asked
/// for 20 GiB). Names are borrowed now; and since scanning them all would
/// read 1.8 GB of a 0.6 MB file (issue 41 item 3: parsing linear in the
/// file's size), the names read are bounded too, and this file is refused
/// (`CubinError::TooLarge`) having scanned no more than its own size.
#[test]
fn many_symbols_naming_one_long_string_cost_memory_in_proportion_to_the_file() {
    let _one = serial();
    let long = 100_000usize;
    let count = 20_000usize;
    let mut strtab = vec![0u8];
    strtab.extend(std::iter::repeat_n(b'A', long));
    strtab.push(0);
    let mut symtab = vec![0u8; 24]; // the null symbol
    for i in 0..count {
        let mut sym = [0u8; 24];
        sym[..4].copy_from_slice(&(1 + i as u32 % long as u32).to_le_bytes());
        symtab.extend_from_slice(&sym);
    }
    let shstrtab = b"\0.shstrtab\0.text.k\0.strtab\0.symtab\0".to_vec();
    let mut symsec = section(27, SHT_SYMTAB, symtab);
    symsec.link = 3; // .strtab's index
    symsec.entsize = 24;
    let file = elf(&with_kernel(shstrtab, 11, vec![section(19, SHT_STRTAB, strtab), symsec]));
    let (parsed, peak) = peak_during(|| Cubin::parse(&file));
    let err = parsed.expect_err("1.8 GB of names in a 0.6 MB file");
    assert!(matches!(err, CubinError::TooLarge { .. }), "{err}");
    assert!(peak < 4 * file.len(), "parsing a {}-byte file took {peak} bytes of heap", file.len());
}

/// Was: kernels whose sections share one long name string and one code
/// region were each copied: memory grew with sections x bytes. Now what a
/// parse copies (names and code) is bounded by the file's size; and since
/// issue 41, sections that share file bytes are refused before anything is
/// read from them.
#[test]
fn kernels_sharing_names_and_code_cannot_copy_more_than_the_file() {
    let _one = serial();
    let reps = 3_000usize;
    // ".text." repeated: the name at offset 1 + 6i is ".text." x (reps - i),
    // a kernel named ".text." x (reps - i - 1).
    let mut shstrtab = vec![0u8];
    for _ in 0..reps {
        shstrtab.extend_from_slice(b".text.");
    }
    shstrtab.push(0);
    let code = section(0, SHT_PROGBITS, vec![0u8; 64 << 10]);
    let mut sections = vec![section(0, SHT_STRTAB, shstrtab), code];
    sections[1].name = 0;
    for i in 0..reps - 1 {
        let mut text = section(1 + 6 * i as u32, SHT_PROGBITS, Vec::new());
        text.share = Some(1);
        text.info = 8 << 24;
        sections.push(text);
    }
    let file = elf(&sections);
    let (parsed, peak) = peak_during(|| Cubin::parse(&file));
    let err = parsed.expect_err("copies beyond the file");
    assert!(matches!(err, CubinError::Malformed(ref m) if m.contains("overlap")), "{err}");
    assert!(peak < 4 * file.len(), "parsing a {}-byte file took {peak} bytes of heap", file.len());
}
