//! Issue 41, items 3 and 4: hostile modules cannot exhaust the host, and
//! kernel attributes past ga10b's limits are refused at load.
//!
//! The reproductions build cubins the way the attacker did (4,000
//! sections sharing one megabyte; 4,000 symbols naming one long string;
//! 1,000 registers; 127 barriers) and check that each is refused with a
//! typed error, quickly, and before the loader allocates more than a small
//! multiple of the file. The property-based fuzzer then builds modules over
//! section counts, symbol counts, relocations, sizes and attributes, and
//! checks that no parse panics, that every heap peak stays within
//! `heap_bound` (10 bytes per byte of file, plus 64 KiB), and that what loads is within the hardware's limits.
//! Bounded for CI: `GPUIFACE_FUZZ_CASES / 10` cases (default 2,000).
//!
//! Every test here runs under a counting allocator that refuses to let the
//! heap grow past [`HEAP_CAP`]: a loader that tried to build the issue's
//! 4 GiB image would abort this test binary rather than the machine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use gpuiface_hal::cubin::{bounds, Cubin, CubinError, ModuleImage};
use gpuiface_hal::hw::ga10b;

// ---------------------------------------------------------------------------
// A counting allocator with a cap.

#[path = "common/elf.rs"]
mod elf;
#[path = "common/heap.rs"]
mod heap;
use heap::serial;

/// The most heap this test binary may hold at once (proptest and the test
/// harness included): far above what any parse here needs once bounded,
/// far below the 4 GiB.
const HEAP_CAP: usize = 1 << 30;

#[global_allocator]
static COUNTING: heap::Counting = heap::Counting::with_cap(HEAP_CAP);

/// Heap growth allowed while parsing a file of `len` bytes: what the fuzzer
/// asserts, and what ROBUSTNESS.md records.
fn heap_bound(len: usize) -> usize {
    HEAP_BOUND_PER_FILE_BYTE * len + HEAP_BOUND_FIXED
}
/// See [`heap_bound`].
const HEAP_BOUND_PER_FILE_BYTE: usize = 10;
/// See [`heap_bound`].
const HEAP_BOUND_FIXED: usize = 64 << 10;

/// Peak heap growth while `f` runs, and its time (tests in this file run
/// one at a time: see `serial`).
fn measured<T>(f: impl FnOnce() -> T) -> (T, usize, Duration) {
    let t = Instant::now();
    let (r, peak) = heap::peak_during(f);
    (r, peak, t.elapsed())
}

/// Parse `file` both ways; the peak heap and the longest time of the two.
fn parse_both(file: &[u8]) -> (Result<Cubin, CubinError>, Result<ModuleImage, CubinError>, usize, Duration) {
    let (c, peak_c, t_c) = measured(|| Cubin::parse(file));
    let (m, peak_m, t_m) = measured(|| ModuleImage::parse(file));
    (c, m, peak_c.max(peak_m), t_c.max(t_m))
}

// ---------------------------------------------------------------------------
// Building cubins.

const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_REL: u32 = 9;
const SHT_NOBITS: u32 = 8;
const SHF_ALLOC: u64 = 2;
const SHF_EXEC: u64 = 4;
const STT_OBJECT: u8 = 1;
const STT_FUNC: u8 = 2;
const STO_CUDA_ENTRY: u8 = 0x10;
const R_CUDA_64: u32 = 2;

#[derive(Debug, Clone)]
enum Data {
    /// Bytes of its own.
    Own(Vec<u8>),
    /// The same file bytes as an earlier section (its index in `sections`).
    Share(usize),
    /// No file bytes (`SHT_NOBITS`), this many bytes in memory.
    NoBits(u64),
}

#[derive(Debug, Clone)]
struct Sec {
    /// Offset of the name in `.shstrtab`, or the name (appended to it).
    name: Result<u32, String>,
    kind: u32,
    flags: u64,
    info: u32,
    link: u32,
    entsize: u64,
    data: Data,
    /// Overrides the header's `sh_size`.
    size: Option<u64>,
}

fn sec(name: &str, kind: u32, data: Data) -> Sec {
    Sec { name: Err(name.into()), kind, flags: 0, info: 0, link: 0, entsize: 0, data, size: None }
}

/// An ELF64 executable cubin for SM 8.7. `.shstrtab` is section 1 (its
/// first bytes `shstr_head`, then the names of `sections`); `sections[i]`
/// is ELF section `i + 2`.
fn elf(e_type: u16, shstr_head: &[u8], sections: &[Sec]) -> Vec<u8> {
    elf_packed(e_type, shstr_head, sections, 8)
}

/// [`elf`] with each section's bytes aligned to `align` in the file.
fn elf_packed(e_type: u16, shstr_head: &[u8], sections: &[Sec], align: usize) -> Vec<u8> {
    let mut shstrtab = vec![0u8];
    shstrtab.extend_from_slice(shstr_head);
    shstrtab.push(0);
    let mut names = Vec::new();
    for s in sections {
        names.push(match &s.name {
            Ok(at) => *at,
            Err(n) => {
                let at = shstrtab.len() as u32;
                shstrtab.extend_from_slice(n.as_bytes());
                shstrtab.push(0);
                at
            }
        });
    }
    let mut out = vec![0u8; 64];
    let place = |out: &mut Vec<u8>, bytes: &[u8]| {
        while !out.len().is_multiple_of(align) {
            out.push(0);
        }
        let at = out.len() as u64;
        out.extend_from_slice(bytes);
        at
    };
    let shstr_at = place(&mut out, &shstrtab);
    let mut offsets: Vec<u64> = Vec::new();
    let mut sizes: Vec<u64> = Vec::new();
    for s in sections {
        let (at, size) = match &s.data {
            Data::Own(b) => (place(&mut out, b), b.len() as u64),
            Data::Share(i) => (offsets[*i], sizes[*i]),
            Data::NoBits(n) => (out.len() as u64, *n),
        };
        offsets.push(at);
        sizes.push(s.size.unwrap_or(size));
    }
    while !out.len().is_multiple_of(8) {
        out.push(0);
    }
    let shoff = out.len() as u64;
    let header = |out: &mut Vec<u8>, name: u32, kind: u32, flags: u64, off: u64, size: u64, s: Option<&Sec>| {
        out.extend_from_slice(&name.to_le_bytes());
        out.extend_from_slice(&kind.to_le_bytes());
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&0u64.to_le_bytes()); // addr
        out.extend_from_slice(&off.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&s.map_or(0, |s| s.link).to_le_bytes());
        out.extend_from_slice(&s.map_or(0, |s| s.info).to_le_bytes());
        out.extend_from_slice(&8u64.to_le_bytes()); // addralign
        out.extend_from_slice(&s.map_or(0, |s| s.entsize).to_le_bytes());
    };
    header(&mut out, 0, 0, 0, 0, 0, None);
    header(&mut out, 0, SHT_STRTAB, 0, shstr_at, shstrtab.len() as u64, None);
    for (i, s) in sections.iter().enumerate() {
        header(&mut out, names[i], s.kind, s.flags, offsets[i], sizes[i], Some(s));
    }
    elf::write_header(&mut out, e_type, shoff, sections.len() as u16 + 2);
    out
}

/// One `.symtab` entry.
fn sym(name: u32, kind: u8, other: u8, shndx: u16, value: u64, size: u64) -> Vec<u8> {
    let mut s = Vec::with_capacity(24);
    s.extend_from_slice(&name.to_le_bytes());
    s.push(kind | (1 << 4)); // STB_GLOBAL
    s.push(other);
    s.extend_from_slice(&shndx.to_le_bytes());
    s.extend_from_slice(&value.to_le_bytes());
    s.extend_from_slice(&size.to_le_bytes());
    s
}

/// An `.nv.info` entry with a payload (`EIFMT_SVAL`).
fn sval(attr: u8, payload: &[u8]) -> Vec<u8> {
    let mut e = vec![0x04, attr];
    e.extend_from_slice(&(payload.len() as u16).to_le_bytes());
    e.extend_from_slice(payload);
    e
}

fn words(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A `.text` section: `code_len` bytes, `regs` registers (`sh_info`),
/// `barriers` (`sh_flags` bits 20..27).
fn text(name: &str, code_len: usize, regs: u32, barriers: u64) -> Sec {
    let mut t = sec(name, SHT_PROGBITS, Data::Own(vec![0u8; code_len]));
    t.flags = SHF_ALLOC | SHF_EXEC | ((barriers & 0x7f) << 20);
    t.info = (regs & 0xff) << 24;
    t
}

/// `.strtab` (section index 2) holding `head`, then `.symtab` (index 3)
/// with `syms` after the null symbol.
fn symbol_sections(head: &[u8], syms: &[Vec<u8>]) -> [Sec; 2] {
    let mut strtab = vec![0u8];
    strtab.extend_from_slice(head);
    strtab.push(0);
    let mut table = vec![0u8; 24];
    for s in syms {
        table.extend_from_slice(s);
    }
    let mut symtab = sec(".symtab", SHT_SYMTAB, Data::Own(table));
    symtab.link = 2;
    symtab.entsize = 24;
    [sec(".strtab", SHT_STRTAB, Data::Own(strtab)), symtab]
}

/// The smallest module: kernel `k` (16 bytes, 8 registers), entry symbol
/// `k` (name at offset 1 of `.strtab`), then `extra` sections from index 5.
fn module_with(extra: Vec<Sec>, extra_syms: &[Vec<u8>], strtab_tail: &[u8]) -> Vec<u8> {
    let mut head = b"k\0".to_vec();
    head.extend_from_slice(strtab_tail);
    let mut syms = vec![sym(1, STT_FUNC, STO_CUDA_ENTRY, 4, 0, 16)];
    syms.extend_from_slice(extra_syms);
    let [strtab, symtab] = symbol_sections(&head, &syms);
    let mut s = vec![strtab, symtab, text(".text.k", 16, 8, 1)];
    s.extend(extra);
    elf(2, b"", &s)
}

#[test]
fn the_module_builder_makes_a_module_that_loads() {
    let _one = serial();
    let file = module_with(Vec::new(), &[], b"");
    let m = ModuleImage::parse(&file).expect("a minimal module");
    assert_eq!(m.kernels().len(), 1);
    assert_eq!((m.kernels()[0].attrs.registers, m.kernels()[0].attrs.barriers), (8, 1));
    Cubin::parse(&file).expect("and a cubin");
}

// ---------------------------------------------------------------------------
// Item 3: the reproductions.

/// Was: a 1.3 MB cubin with 4,008 sections whose headers all point at one
/// megabyte parsed (7 s) into a 4 GiB image, and the process aborted. Each
/// byte of a cubin now belongs to one section at most: the module's image
/// holds at most the file's bytes (plus alignment), and the sharing is a
/// typed error found before anything is copied.
#[test]
fn four_thousand_sections_sharing_a_megabyte_are_refused_without_a_4_gib_image() {
    let _one = serial();
    let mut sections = {
        let [strtab, symtab] = symbol_sections(b"k\0", &[sym(1, STT_FUNC, STO_CUDA_ENTRY, 4, 0, 16)]);
        vec![strtab, symtab, text(".text.k", 16, 8, 1)]
    };
    let first = sections.len();
    let mut blob = sec(".nv.global.init", SHT_PROGBITS, Data::Own(vec![0x5a; 1 << 20]));
    blob.flags = SHF_ALLOC;
    sections.push(blob);
    for _ in 0..4_002 {
        let mut s = sec("", SHT_PROGBITS, Data::Share(first));
        s.name = Ok(1); // ".nv.global.init", the shstrtab's head
        s.flags = SHF_ALLOC;
        sections.push(s);
    }
    let file = elf(2, b".nv.global.init", &sections);
    assert_eq!(sections.len() + 2, 4_008);
    assert!((1_300_000..1_400_000).contains(&file.len()), "{}", file.len());

    let (c, m, peak, took) = parse_both(&file);
    eprintln!("4,008 sections, {} bytes: {peak} bytes of heap at most, {took:?}", file.len());
    let err = m.expect_err("4,003 sections sharing one megabyte");
    assert!(matches!(err, CubinError::Malformed(ref why) if why.contains("overlap")), "{err}");
    assert!(c.is_err());
    assert!(peak <= heap_bound(file.len()), "{peak} bytes of heap for a {}-byte file", file.len());
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// The same 4,000 sections, each with bytes of its own, load: they are
/// what a module can need, and the image holds each once.
#[test]
fn four_thousand_sections_of_their_own_load_into_an_image_the_size_of_the_file() {
    let _one = serial();
    let mut sections = {
        let [strtab, symtab] = symbol_sections(b"k\0", &[sym(1, STT_FUNC, STO_CUDA_ENTRY, 4, 0, 16)]);
        vec![strtab, symtab, text(".text.k", 16, 8, 1)]
    };
    for _ in 0..4_003 {
        let mut s = sec("", SHT_PROGBITS, Data::Own(vec![0x5a; 256]));
        s.name = Ok(1);
        s.flags = SHF_ALLOC;
        sections.push(s);
    }
    let file = elf(2, b".nv.global.init", &sections);
    let (_, m, peak, took) = parse_both(&file);
    let m = m.expect("4,003 sections of 256 bytes each");
    eprintln!("4,008 sections, {} bytes: image {} bytes, heap {peak}, {took:?}", file.len(), m.file_len());
    assert!(m.file_len() <= file.len() as u64 + 256 * sections.len() as u64);
    assert_eq!(m.sections().len(), 4_004);
    assert!(peak <= heap_bound(file.len()), "{peak} bytes of heap for a {}-byte file", file.len());
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// The most heap per byte of file a module can ask for: sections of one
/// byte each, packed one after the other, each a constant bank (placed at
/// 256-byte alignment). The image holds 256 bytes per 65 of the file, and
/// the bookkeeping for each section adds to it; the whole stays within
/// `heap_bound`. (Such a module is refused in the end: a kernel cannot
/// bind bank 3 twice.)
#[test]
fn one_byte_sections_at_256_byte_alignment_stay_within_the_heap_bound() {
    let _one = serial();
    for kernel_banks in [false, true] {
        let mut sections = {
            let [strtab, symtab] = symbol_sections(b"k\0", &[sym(1, STT_FUNC, STO_CUDA_ENTRY, 4, 0, 16)]);
            vec![strtab, symtab, text(".text.k", 16, 8, 1)]
        };
        for i in 0..8_000 {
            let mut s = sec("", SHT_PROGBITS, Data::Own(vec![1]));
            if kernel_banks {
                // Each its own name: a bank of a kernel that is not there.
                s.name = Err(format!(".nv.constant2.{i}"));
            } else {
                s.name = Ok(1);
            }
            sections.push(s);
        }
        let file = elf_packed(2, b".nv.constant3", &sections, 1);
        let (_, m, peak, took) = parse_both(&file);
        eprintln!(
            "8,000 one-byte banks{}: {} bytes, heap {peak} ({:.2} x the file), {took:?}: {:?}",
            if kernel_banks { " of absent kernels" } else { "" },
            file.len(),
            peak as f64 / file.len() as f64,
            m.as_ref().map(|m| m.file_len()).map_err(|e| e.to_string())
        );
        assert!(peak <= heap_bound(file.len()), "{peak} bytes of heap for a {}-byte file", file.len());
    }
}

/// Kernels as small as a module can hold them (one byte of code, packed,
/// each entry symbol naming the tail of its section's name, `.text.<n>`, in
/// the section-name table): each costs a kernel's bookkeeping (attributes,
/// its name, its placed section) and 128 bytes of alignment in the image,
/// the most heap per byte of file found; within `heap_bound`.
#[test]
fn one_byte_kernels_stay_within_the_heap_bound() {
    let _one = serial();
    let kernels = 4_000u16;
    // .shstrtab: "\0" + "" + "\0", ".symtab\0", then ".text.<i>\0" each.
    let mut at = 2 + ".symtab\0".len() as u32;
    let mut table = vec![0u8; 24];
    for i in 0..kernels {
        // Section i + 3: the null one, .shstrtab, .symtab, then the kernels.
        table.extend(sym(at + 6, STT_FUNC, STO_CUDA_ENTRY, 3 + i, 0, 1));
        at += format!(".text.{i}\0").len() as u32;
    }
    let mut symtab = sec(".symtab", SHT_SYMTAB, Data::Own(table));
    symtab.link = 1; // names in .shstrtab
    symtab.entsize = 24;
    let mut sections = vec![symtab];
    for i in 0..kernels {
        let mut t = text(&format!(".text.{i}"), 1, 8, 1);
        t.data = Data::Own(vec![1]);
        sections.push(t);
    }
    let file = elf_packed(2, b"", &sections, 1);
    let (_, m, peak, took) = parse_both(&file);
    let m = m.expect("4,000 one-byte kernels");
    eprintln!(
        "4,000 one-byte kernels: {} bytes, heap {peak} ({:.2} x the file), {took:?}, image {}",
        file.len(),
        peak as f64 / file.len() as f64,
        m.file_len()
    );
    assert_eq!(m.kernels().len(), usize::from(kernels));
    assert!(peak <= heap_bound(file.len()), "{peak} bytes of heap for a {}-byte file", file.len());
}

/// Was: a 1.1 MB cubin with 4,005 symbols, each naming a suffix of one
/// megabyte-long string, took 23 s and 4 GiB to parse, then aborted: every
/// name was scanned and copied. The names a parse reads now add up to at
/// most [`bounds::MAX_NAME_BYTES`] and the file's size: past that, a typed
/// error, found by scanning no more than that many bytes.
#[test]
fn four_thousand_symbols_naming_one_long_string_are_refused_quickly() {
    let _one = serial();
    let long = 1usize << 20;
    let mut tail = vec![b'A'; long];
    tail.push(0);
    let global = sec(".nv.global.init", SHT_PROGBITS, Data::Own(vec![0; 16]));
    let mut global = global;
    global.flags = SHF_ALLOC;
    let syms: Vec<Vec<u8>> = (0..4_004u32).map(|i| sym(3 + i * 64, STT_OBJECT, 0, 5, 0, 0)).collect();
    let file = module_with(vec![global], &syms, &tail);
    assert!((1_100_000..1_200_000).contains(&file.len()), "{}", file.len());

    let (c, m, peak, took) = parse_both(&file);
    eprintln!("4,005 symbols, {} bytes: {peak} bytes of heap at most, {took:?}", file.len());
    for err in [c.map(|_| ()).expect_err("cubin"), m.map(|_| ()).expect_err("module")] {
        assert!(matches!(err, CubinError::TooLarge { .. }), "{err}");
        assert!(err.to_string().contains("names"), "{err}");
    }
    assert!(peak <= heap_bound(file.len()), "{peak} bytes of heap for a {}-byte file", file.len());
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// The quadratic loops the parse had (each kernel against every symbol,
/// every `EIATTR_FRAME_SIZE`, every section; each relocation scanning its
/// symbol's name) with 2,000 kernels, 2,000 frame sizes and 20,000
/// relocations against a symbol with a 100 kB name: linear now.
#[test]
fn many_kernels_frames_and_relocations_parse_in_linear_time() {
    let _one = serial();
    let kernels = 2_000u32;
    let relocs = 20_000usize;
    let mut strtab = Vec::new();
    let mut syms = Vec::new();
    let mut names = Vec::new();
    // .strtab: the null byte, then each kernel's name, then one long name.
    for i in 0..kernels {
        names.push(1 + strtab.len() as u32);
        strtab.extend_from_slice(format!("k{i}\0").as_bytes());
    }
    let long_at = 1 + strtab.len() as u32;
    strtab.extend(std::iter::repeat_n(b'G', 100_000));
    // Sections: 2 .strtab, 3 .symtab, 4 .nv.info, 5 .nv.global.init,
    // 6 .rel.nv.global.init, then .text.k<i> at 7 + i.
    let text_index = |i: u32| 7 + i as u16;
    for i in 0..kernels {
        syms.push(sym(names[i as usize], STT_FUNC, STO_CUDA_ENTRY, text_index(i), 0, 16));
    }
    syms.push(sym(long_at, STT_OBJECT, 0, 5, 0, 8));
    let long_sym = kernels + 1; // after the null symbol and the kernels
    let mut info = Vec::new();
    for i in 0..kernels {
        info.extend(sval(0x11, &words(&[1 + i, 16]))); // EIATTR_FRAME_SIZE
        info.extend(sval(0x2f, &words(&[1 + i, 8]))); // EIATTR_REGCOUNT
    }
    let mut rel = Vec::new();
    for r in 0..relocs {
        rel.extend_from_slice(&((r % 2 * 8) as u64).to_le_bytes());
        rel.extend_from_slice(&((u64::from(long_sym) << 32) | u64::from(R_CUDA_64)).to_le_bytes());
    }
    let [strtab, symtab] = symbol_sections(&strtab, &syms);
    let mut global = sec(".nv.global.init", SHT_PROGBITS, Data::Own(vec![0; 16]));
    global.flags = SHF_ALLOC;
    let mut relsec = sec(".rel.nv.global.init", SHT_REL, Data::Own(rel));
    relsec.link = 3;
    relsec.info = 5;
    relsec.entsize = 16;
    let mut sections = vec![strtab, symtab, sec(".nv.info", 0x7000_0000, Data::Own(info)), global, relsec];
    for i in 0..kernels {
        sections.push(text(&format!(".text.k{i}"), 16, 0, 1));
    }
    let file = elf(2, b"", &sections);
    let (c, m, peak, took) = parse_both(&file);
    eprintln!("2,000 kernels, 20,000 relocations, {} bytes: heap {peak}, {took:?}", file.len());
    let m = m.expect("the module loads");
    assert_eq!(m.kernels().len(), kernels as usize);
    assert_eq!(m.relocations().len(), relocs);
    assert!(m.kernels().iter().all(|k| k.attrs.registers == 8 && k.attrs.frame_size == 16));
    // The one-kernel loader refuses a module with globals, by name.
    assert!(matches!(c, Err(CubinError::Unsupported { .. })), "{c:?}");
    assert!(peak <= heap_bound(file.len()), "{peak} bytes of heap for a {}-byte file", file.len());
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// A section whose header claims more bytes than the file has, or a count
/// past the stated limits, is a typed error naming the limit.
#[test]
fn sizes_past_the_file_or_the_stated_limits_are_refused() {
    let _one = serial();
    let mut big = sec(".nv.global.init", SHT_PROGBITS, Data::Own(vec![0; 16]));
    big.flags = SHF_ALLOC;
    big.size = Some(1 << 40);
    let err = ModuleImage::parse(&module_with(vec![big], &[], b"")).unwrap_err();
    assert!(matches!(err, CubinError::Malformed(_)), "{err}");
    // A zero tail (.nv.global) past the stated image limit.
    let mut tail = sec(".nv.global", SHT_NOBITS, Data::NoBits(bounds::MAX_IMAGE_LEN));
    tail.flags = SHF_ALLOC;
    let err = ModuleImage::parse(&module_with(vec![tail], &[], b"")).unwrap_err();
    assert!(matches!(err, CubinError::TooLarge { limit, .. } if limit == bounds::MAX_IMAGE_LEN), "{err}");
}

/// Counts past the stated limits are refused from the headers, before a
/// table of that many entries is built: 65,300 sections (past
/// `MAX_SECTIONS`, what `st_shndx` can name), `MAX_SYMBOLS` + 1 symbols,
/// `MAX_RELOCATIONS` + 1 relocations.
#[test]
fn counts_past_the_stated_limits_are_refused_before_their_tables_are_built() {
    let _one = serial();
    let mut sections = {
        let [strtab, symtab] = symbol_sections(b"k\0", &[sym(1, STT_FUNC, STO_CUDA_ENTRY, 4, 0, 16)]);
        vec![strtab, symtab, text(".text.k", 16, 8, 1)]
    };
    for _ in sections.len()..65_298 {
        let mut s = sec("", SHT_PROGBITS, Data::Own(Vec::new()));
        s.name = Ok(0);
        sections.push(s);
    }
    let file = elf(2, b"", &sections);
    let (c, m, peak, _) = parse_both(&file);
    for err in [c.map(|_| ()).unwrap_err(), m.map(|_| ()).unwrap_err()] {
        assert!(
            matches!(err, CubinError::TooLarge { value: 65_300, limit, .. } if limit == bounds::MAX_SECTIONS as u64),
            "{err}"
        );
    }
    assert!(peak < 64 << 10, "{peak} bytes of heap before refusing");

    let syms = vec![sym(0, STT_OBJECT, 0, 0, 0, 0); bounds::MAX_SYMBOLS];
    let file = module_with(Vec::new(), &syms, b"");
    let (c, m, peak, _) = parse_both(&file);
    for err in [c.map(|_| ()).unwrap_err(), m.map(|_| ()).unwrap_err()] {
        let want = bounds::MAX_SYMBOLS as u64 + 2; // the null symbol and `k` too
        assert!(
            matches!(err, CubinError::TooLarge { value, limit, .. } if value == want && limit == bounds::MAX_SYMBOLS as u64),
            "{err}"
        );
    }
    assert!(peak < 64 << 10, "{peak} bytes of heap before refusing");
    drop((syms, file));

    let mut global = sec(".nv.global.init", SHT_PROGBITS, Data::Own(vec![0; 16]));
    global.flags = SHF_ALLOC;
    let mut rel = sec(".rel.nv.global.init", SHT_REL, Data::Own(vec![0; 16 * (bounds::MAX_RELOCATIONS + 1)]));
    rel.link = 3;
    rel.info = 5;
    rel.entsize = 16;
    let file = module_with(vec![global, rel], &[], b"");
    let (m, peak, _) = measured(|| ModuleImage::parse(&file));
    let err = m.unwrap_err();
    assert!(matches!(err, CubinError::TooLarge { limit, .. } if limit == bounds::MAX_RELOCATIONS as u64), "{err}");
    assert!(peak < 64 << 10, "{peak} bytes of heap before refusing");
}

// ---------------------------------------------------------------------------
// Item 4: attributes past the hardware's limits.

/// A module whose kernel `k` has `regs` registers (via `EIATTR_REGCOUNT`
/// when above 255), `barriers` barriers, and `shared` bytes of static
/// shared memory and an `frame`-byte stack.
fn kernel_with(regs: u32, barriers: u64, shared: u64, frame: u32) -> Vec<u8> {
    let [strtab, symtab] = symbol_sections(b"k\0", &[sym(1, STT_FUNC, STO_CUDA_ENTRY, 4, 0, 16)]);
    let mut t = text(".text.k", 16, if regs > 255 { 0 } else { regs }, barriers);
    t.flags = SHF_ALLOC | SHF_EXEC | ((barriers & 0x7f) << 20);
    let mut info = sval(0x2f, &words(&[1, regs]));
    info.extend(sval(0x11, &words(&[1, frame])));
    let mut s = vec![strtab, symtab, t, sec(".nv.info", 0x7000_0000, Data::Own(info))];
    if shared > 0 {
        s.push(sec(".nv.shared.k", SHT_NOBITS, Data::NoBits(shared)));
    }
    elf(2, b"", &s)
}

fn refused(file: &[u8], attribute: &str, limit: u64) {
    for err in [Cubin::parse(file).map(|_| ()).unwrap_err(), ModuleImage::parse(file).map(|_| ()).unwrap_err()] {
        match &err {
            CubinError::AttributeLimit { kernel, attribute: a, limit: l, .. } => {
                assert_eq!((kernel.as_str(), *a, *l), ("k", attribute, limit), "{err}");
            }
            other => panic!("{attribute}: {other}"),
        }
        assert!(err.to_string().contains(&limit.to_string()), "the error names the limit: {err}");
        let hal: gpuiface_hal::Error = err.into();
        assert_eq!(hal.kind(), gpuiface_hal::ErrorKind::InvalidArgument);
    }
}

/// Was: a module whose kernel declares 1,000 registers, or 127 barriers,
/// loaded, and its launch panicked in `QmdField::set` (a release build
/// would have truncated the field). Refused at load now, naming the limit.
#[test]
fn a_kernel_with_1000_registers_or_127_barriers_is_refused_at_load() {
    let _one = serial();
    refused(&kernel_with(1_000, 1, 0, 0), "registers per thread", ga10b::MAX_REGISTERS_PER_THREAD.into());
    refused(&kernel_with(8, 127, 0, 0), "barriers", ga10b::MAX_BARRIERS.into());
    refused(&kernel_with(8, 17, 0, 0), "barriers", ga10b::MAX_BARRIERS.into());
    // At the limits, each loads.
    for file in [kernel_with(255, 16, ga10b::MAX_SHARED_PER_BLOCK.into(), 0), kernel_with(8, 0, 0, 1024)] {
        ModuleImage::parse(&file).expect("at the limits");
        Cubin::parse(&file).expect("at the limits");
    }
}

/// Static shared memory past the SoC's per-block limit, a `sh_size` past
/// 4 GiB (which was truncated to 32 bits), and a stack the QMD's 24-bit
/// local-memory field cannot hold are refused the same way.
#[test]
fn shared_memory_and_stacks_past_the_limits_are_refused_at_load() {
    let _one = serial();
    let max_shared = u64::from(ga10b::MAX_SHARED_PER_BLOCK);
    refused(&kernel_with(8, 1, max_shared + 1, 0), "static shared memory per block", max_shared);
    refused(&kernel_with(8, 1, (1 << 32) + 1024, 0), "static shared memory per block", max_shared);
    let max_stack = u64::from(ga10b::MAX_STACK_PER_THREAD);
    refused(&kernel_with(8, 1, 0, ga10b::LOCAL_STACK_TOP), "stack per thread", max_stack);
    ModuleImage::parse(&kernel_with(8, 1, 0, ga10b::MAX_STACK_PER_THREAD)).expect("the largest stack");
    assert!(ga10b::local_memory_per_thread(ga10b::MAX_STACK_PER_THREAD) <= ga10b::MAX_LOCAL_PER_THREAD_QMD);
}

// ---------------------------------------------------------------------------
// The fuzzer.

fn cases() -> u32 {
    std::env::var("GPUIFACE_FUZZ_CASES").ok().and_then(|v| v.parse::<u32>().ok()).map_or(2_000, |n| (n / 10).max(1))
}

/// One kernel of a generated module.
#[derive(Debug, Clone)]
struct KernelSpec {
    code_len: usize,
    regs: u32,
    barriers: u64,
    shared: u64,
    frame: u32,
    params: u16,
}

/// What the fuzzer varies.
#[derive(Debug, Clone)]
struct ModuleSpec {
    kernels: Vec<KernelSpec>,
    /// Extra sections (`.nv.global.init` pieces, or `.nv.constant3` banks
    /// when `extra_banks`), each `extra_size` bytes.
    extra_sections: usize,
    extra_size: usize,
    extra_banks: bool,
    /// Object symbols in the first extra section (or the global one).
    objects: usize,
    /// Length of each object's name; names share one string when `shared_names`.
    name_len: usize,
    shared_names: bool,
    /// `R_CUDA_64` relocations in `.nv.global.init`, and a kind to put in one.
    relocs: usize,
    odd_kind: Option<u32>,
    /// Sections sharing the bytes of the first extra section.
    sharing: usize,
    /// A zero tail (`.nv.global`) of this size.
    zero_tail: u64,
    /// Overwrite one section header field: (section, byte, value).
    poke: Option<(usize, usize, u64)>,
}

fn kernel_spec() -> impl Strategy<Value = KernelSpec> {
    let regs = prop_oneof![24 => 1u32..=255, 1 => Just(0u32), 1 => 256u32..2_000, 1 => Just(u32::MAX)];
    let barriers = prop_oneof![24 => 0u64..=16, 1 => 17u64..128];
    let shared = prop_oneof![
        12 => Just(0u64),
        12 => 0u64..=u64::from(ga10b::MAX_SHARED_PER_BLOCK),
        1 => u64::from(ga10b::MAX_SHARED_PER_BLOCK)..(1u64 << 33),
    ];
    let frame = prop_oneof![12 => Just(0u32), 12 => 0u32..4096, 1 => any::<u32>()];
    (16usize..2048, regs, barriers, shared, frame, 0u16..8).prop_map(|(code, regs, barriers, shared, frame, params)| {
        KernelSpec { code_len: code & !15, regs, barriers, shared, frame, params }
    })
}

fn module_spec() -> impl Strategy<Value = ModuleSpec> {
    let some = |max: usize| prop_oneof![1 => Just(0usize), 2 => 0..max];
    (
        prop::collection::vec(kernel_spec(), 1..6),
        (some(600), prop_oneof![Just(16usize), Just(1usize), 1usize..4096], any::<bool>()),
        (some(2_000), prop_oneof![1usize..32, 1usize..20_000], any::<bool>()),
        (some(3_000), prop::option::weighted(0.1, any::<u32>())),
        (prop_oneof![6 => Just(0usize), 1 => 1usize..600], prop_oneof![Just(0u64), 0u64..(1 << 20), Just(1u64 << 44)]),
        prop::option::weighted(0.2, (0usize..16, 0usize..64, any::<u64>())),
    )
        .prop_map(|(kernels, extra, objects, relocs, (sharing, zero_tail), poke)| ModuleSpec {
            kernels,
            extra_sections: extra.0,
            extra_size: extra.1,
            extra_banks: extra.2,
            objects: objects.0,
            // Unshared names take 1 MiB at most.
            name_len: if objects.2 { objects.1 } else { objects.1.min((1 << 20) / objects.0.max(1)) },
            shared_names: objects.2,
            relocs: relocs.0,
            odd_kind: relocs.1,
            sharing,
            zero_tail,
            poke,
        })
}

impl KernelSpec {
    fn in_limits(&self) -> bool {
        let stack_ok = ga10b::local_memory_per_thread(self.frame) <= ga10b::MAX_LOCAL_PER_THREAD_QMD;
        (1..=ga10b::MAX_REGISTERS_PER_THREAD).contains(&self.regs)
            && self.barriers <= u64::from(ga10b::MAX_BARRIERS)
            && self.shared <= u64::from(ga10b::MAX_SHARED_PER_BLOCK)
            && stack_ok
    }
}

impl ModuleSpec {
    /// Bytes of the objects' names, each counted as often as it is read.
    fn object_name_bytes(&self) -> usize {
        if self.shared_names {
            (0..self.objects).map(|i| self.name_len + self.objects - i).sum()
        } else {
            (0..self.objects).map(|i| self.name_len.max(format!("o{i}_").len())).sum()
        }
    }

    /// Whether a correct loader must accept the module (as built, `len`
    /// bytes): every kernel within ga10b's limits, no section sharing
    /// bytes, nothing poked, only known relocations, the image within its
    /// bound, and names that add up to less than the file (the other
    /// sections' and symbols' names are short: 32 bytes each at most).
    fn valid(&self, len: usize) -> bool {
        let sections = 8 + 3 * self.kernels.len() + self.extra_sections;
        let names = self.object_name_bytes() + 32 * (sections + self.kernels.len() + 1);
        self.kernels.iter().all(KernelSpec::in_limits)
            && self.sharing == 0
            && self.poke.is_none()
            && self.odd_kind.is_none()
            && self.zero_tail < bounds::MAX_IMAGE_LEN / 2
            && (!self.extra_banks || self.extra_sections <= 1)
            && names <= len
    }

    /// Whether the module has globals (and so is for [`ModuleImage`]
    /// only: [`Cubin::parse`] refuses them by name).
    fn has_globals(&self) -> bool {
        self.objects > 0 || self.relocs > 0 || self.zero_tail > 0 || self.extra_sections > 0 || self.sharing > 0
    }

    fn build(&self) -> Vec<u8> {
        // .strtab: kernels' names, then the objects' names.
        let mut strtab = Vec::new();
        let mut kernel_names = Vec::new();
        for i in 0..self.kernels.len() {
            kernel_names.push(1 + strtab.len() as u32);
            strtab.extend_from_slice(format!("k{i}\0").as_bytes());
        }
        let mut object_names = Vec::new();
        if self.shared_names {
            let at = 1 + strtab.len() as u32;
            strtab.extend(std::iter::repeat_n(b'o', self.name_len + self.objects));
            strtab.push(0);
            object_names.extend((0..self.objects as u32).map(|i| at + i));
        } else {
            for i in 0..self.objects {
                object_names.push(1 + strtab.len() as u32);
                let n = format!("o{i}_");
                strtab.extend_from_slice(n.as_bytes());
                strtab.extend(std::iter::repeat_n(b'x', self.name_len.saturating_sub(n.len())));
                strtab.push(0);
            }
        }
        // Sections: 2 .strtab, 3 .symtab, 4 .nv.info, 5 .nv.global.init,
        // 6 .rel.nv.global.init, 7 .nv.global, then per kernel .text,
        // .nv.info.k, .nv.shared.k, then the extra and the sharing ones.
        let per_kernel = 3;
        let first_kernel = 8usize;
        let first_extra = first_kernel + per_kernel * self.kernels.len();
        let global_len = 16 * (self.objects.max(1));
        let mut syms = Vec::new();
        for (i, k) in self.kernels.iter().enumerate() {
            let idx = (first_kernel + per_kernel * i) as u16;
            syms.push(sym(kernel_names[i], STT_FUNC, STO_CUDA_ENTRY, idx, 0, k.code_len as u64));
        }
        for (i, n) in object_names.iter().enumerate() {
            syms.push(sym(*n, STT_OBJECT, 0, 5, 16 * i as u64, 16));
        }
        let mut info = Vec::new();
        for (i, k) in self.kernels.iter().enumerate() {
            let s = 1 + i as u32;
            info.extend(sval(0x2f, &words(&[s, k.regs])));
            info.extend(sval(0x11, &words(&[s, k.frame])));
        }
        let mut rel = Vec::new();
        for r in 0..self.relocs {
            let target = 1 + self.kernels.len() as u64 + (r % self.objects.max(1)) as u64;
            let target = if self.objects == 0 { 1 } else { target };
            let kind = if r == 0 { self.odd_kind.unwrap_or(R_CUDA_64) } else { R_CUDA_64 };
            rel.extend_from_slice(&((r * 8 % global_len.saturating_sub(8).max(8)) as u64 & !7).to_le_bytes());
            rel.extend_from_slice(&((target << 32) | u64::from(kind)).to_le_bytes());
        }
        let [strtab, symtab] = symbol_sections(&strtab, &syms);
        let mut global = sec(".nv.global.init", SHT_PROGBITS, Data::Own(vec![0; global_len]));
        global.flags = SHF_ALLOC;
        let mut relsec = sec(".rel.nv.global.init", SHT_REL, Data::Own(rel));
        relsec.link = 3;
        relsec.info = 5;
        relsec.entsize = 16;
        let mut zero = sec(".nv.global", SHT_NOBITS, Data::NoBits(self.zero_tail));
        zero.flags = SHF_ALLOC;
        if !self.has_globals() {
            // The same places, holding nothing a loader reads.
            for s in [&mut global, &mut relsec, &mut zero] {
                s.name = Err(format!(".note.unused{}", s.kind));
                s.kind = SHT_PROGBITS;
                s.flags = 0;
            }
        }
        let mut sections = vec![strtab, symtab, sec(".nv.info", 0x7000_0000, Data::Own(info)), global, relsec, zero];
        for (i, k) in self.kernels.iter().enumerate() {
            sections.push(text(&format!(".text.k{i}"), k.code_len.max(16), k.regs.min(255), k.barriers));
            let mut kinfo = Vec::new();
            let bank = 8 * u32::from(k.params);
            kinfo.extend(sval(0x0a, &words(&[1 + i as u32, (bank << 16) | 0x160])));
            for p in 0..k.params {
                kinfo.extend(sval(0x17, &words(&[0, (u32::from(p) * 8) << 16 | u32::from(p), 8 << 18])));
            }
            sections.push(sec(&format!(".nv.info.k{i}"), 0x7000_0000, Data::Own(kinfo)));
            sections.push(sec(&format!(".nv.shared.k{i}"), SHT_NOBITS, Data::NoBits(k.shared)));
        }
        for _ in 0..self.extra_sections {
            let mut s = sec("", SHT_PROGBITS, Data::Own(vec![0x11; self.extra_size]));
            s.name = Ok(if self.extra_banks { 17 } else { 1 });
            s.flags = SHF_ALLOC;
            sections.push(s);
        }
        for _ in 0..self.sharing {
            let mut s = sec("", SHT_PROGBITS, Data::Share(first_extra.min(sections.len()) - 2));
            s.name = Ok(1);
            s.flags = SHF_ALLOC;
            sections.push(s);
        }
        let mut file = elf(2, b".nv.global.init\0.nv.constant3", &sections);
        if let Some((section, byte, value)) = self.poke {
            let shoff = u64::from_le_bytes(file[40..48].try_into().unwrap()) as usize;
            let at = shoff + 64 * (section % (sections.len() + 2)) + byte;
            let end = (at + 8).min(file.len());
            file[at..end].copy_from_slice(&value.to_le_bytes()[..end - at]);
        }
        file
    }
}

/// Generated modules: no panic, the heap within its bound, a valid module
/// accepted, and what loads within ga10b's limits and the file. Prints the
/// case count and the worst heap/file ratio (ROBUSTNESS.md records them).
#[test]
fn generated_modules_load_or_are_refused_within_the_heap_bound() {
    use proptest::test_runner::{Config, TestRunner};
    let _one = serial();
    let worst_milli = AtomicUsize::new(0);
    let worst_len = AtomicUsize::new(0);
    let run = AtomicUsize::new(0);
    let accepted = AtomicUsize::new(0);
    let t = Instant::now();
    let config = Config { cases: cases(), max_shrink_iters: 200, failure_persistence: None, ..Config::default() };
    let result = TestRunner::new(config).run(&module_spec(), |spec| {
        let file = spec.build();
        let (c, m, peak, _) = parse_both(&file);
        run.fetch_add(1, Ordering::Relaxed);
        let ratio = peak * 1000 / file.len();
        if worst_milli.fetch_max(ratio, Ordering::Relaxed) < ratio {
            worst_len.store(file.len(), Ordering::Relaxed);
        }
        prop_assert!(peak <= heap_bound(file.len()), "{} bytes of heap for a {}-byte file", peak, file.len());
        if spec.valid(file.len()) {
            prop_assert!(m.is_ok(), "a valid module was refused: {:?}", m.as_ref().err());
            if spec.has_globals() {
                prop_assert!(matches!(c, Err(CubinError::Unsupported { .. })), "{:?}", c.as_ref().err());
            } else {
                prop_assert!(c.is_ok(), "a valid cubin was refused: {:?}", c.as_ref().err());
            }
        }
        if let Ok(m) = &m {
            accepted.fetch_add(1, Ordering::Relaxed);
            prop_assert!(m.file_len() <= file.len() as u64 + 256 * m.sections().len() as u64);
            prop_assert!(m.len() <= bounds::MAX_IMAGE_LEN);
            for k in m.kernels() {
                let a = &k.attrs;
                prop_assert!(a.registers <= ga10b::MAX_REGISTERS_PER_THREAD && a.barriers <= ga10b::MAX_BARRIERS);
                prop_assert!(a.shared_static + a.shared_reserved <= ga10b::MAX_SHARED_PER_BLOCK);
                prop_assert!(a.local_memory_per_thread() <= ga10b::MAX_LOCAL_PER_THREAD_QMD);
            }
            let _ = m.relocated(0x2_0000_0000);
        }
        Ok(())
    });
    eprintln!(
        "fuzzer: {} cases ({} loaded) in {:?}; worst heap/file ratio {:.3} (a {}-byte file)",
        run.load(Ordering::Relaxed),
        accepted.load(Ordering::Relaxed),
        t.elapsed(),
        worst_milli.load(Ordering::Relaxed) as f64 / 1000.0,
        worst_len.load(Ordering::Relaxed),
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(accepted.load(Ordering::Relaxed) > 0, "the fuzzer must also build modules that load");
}
