//! The ELF container of a cubin, read once and checked against the
//! loader's [`bounds`] before anything in proportion to it is allocated:
//! the section and symbol counts, every section's bytes (inside the file,
//! and no byte in two sections), and the names (their bytes, added up,
//! within [`bounds::NAME_BYTES_PER_FILE_BYTE`] per byte of the file).
//! Everything after works from the indexes built here, so a parse does
//! work in proportion to the file: no loop over sections inside a loop
//! over kernels or symbols, and no name scanned twice.

use std::collections::{BTreeMap, HashMap};

use elf::endian::LittleEndian;
use elf::section::{SectionHeader, SectionHeaderTable};
use elf::ElfBytes;

use super::{bounds, CubinError, EM_CUDA};

/// `SHT_CUDA_GLOBAL`: NVIDIA's section type of `.nv.global` in objects
/// that are not yet linked (no file bytes, like `SHT_NOBITS`).
pub(crate) const SHT_CUDA_GLOBAL: u32 = 0x7000_0007;

/// A symbol-table entry, its name resolved.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Symbol<'a> {
    /// The name; `None` when the entry's name cannot be read (an offset
    /// past the table, no NUL, not UTF-8).
    pub name: Option<&'a str>,
    /// `st_shndx`.
    pub shndx: u16,
    /// `st_info & 0xf`.
    pub symtype: u8,
    /// `st_other`.
    pub other: u8,
    /// `st_value`.
    pub value: u64,
    /// `st_size`.
    pub size: u64,
}

/// The container, indexed.
pub(crate) struct Container<'a> {
    pub file: ElfBytes<'a, LittleEndian>,
    /// The file's size.
    pub len: usize,
    /// `major << 8 | minor`, from `e_flags`.
    pub sm_version: u32,
    pub shdrs: SectionHeaderTable<'a, LittleEndian>,
    /// Each section's name, by section index.
    pub names: Vec<&'a str>,
    /// The (last) section of each name, in name order.
    pub by_name: BTreeMap<&'a str, usize>,
    /// Every symbol by index, the null symbol first; empty without a table.
    pub symbols: Vec<Symbol<'a>>,
    /// Whether the file has a symbol table.
    pub has_symtab: bool,
    /// The first symbol of each name.
    first_symbol: HashMap<&'a str, u32>,
}

/// What is left of the bytes of names a parse may read.
struct NameBudget {
    left: usize,
    total: usize,
}

impl NameBudget {
    /// The NUL-terminated name at `offset` of `table`: `Ok(None)` when
    /// there is none (an offset past the table, no NUL, not UTF-8). Scans
    /// at most what is left of the budget, and charges what it scanned.
    fn read<'a>(&mut self, table: &'a [u8], offset: usize) -> Result<Option<&'a str>, CubinError> {
        let Some(rest) = table.get(offset..) else { return Ok(None) };
        let window = &rest[..rest.len().min(self.left.saturating_add(1))];
        let scanned = match window.iter().position(|&b| b == 0) {
            Some(n) => n,
            None => window.len(),
        };
        if scanned > self.left || (scanned == window.len() && window.len() < rest.len()) {
            return Err(CubinError::TooLarge {
                what: "the bytes of the section and symbol names the loader reads".into(),
                value: (self.total - self.left + scanned) as u64,
                limit: self.total as u64,
            });
        }
        self.left -= scanned;
        match window.get(scanned) {
            Some(0) => Ok(std::str::from_utf8(&rest[..scanned]).ok()),
            _ => Ok(None),
        }
    }
}

fn malformed(e: impl std::fmt::Display) -> CubinError {
    CubinError::Malformed(e.to_string())
}

/// Whether a section has bytes in the file.
pub(crate) fn has_file_bytes(sh: &SectionHeader) -> bool {
    sh.sh_type != elf::abi::SHT_NULL
        && sh.sh_type != elf::abi::SHT_NOBITS
        && sh.sh_type != SHT_CUDA_GLOBAL
        && sh.sh_size != 0
}

impl<'a> Container<'a> {
    /// Read and check the container of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Result<Container<'a>, CubinError> {
        if bytes.len() > bounds::MAX_FILE_LEN {
            return Err(CubinError::TooLarge {
                what: "the file's bytes".into(),
                value: bytes.len() as u64,
                limit: bounds::MAX_FILE_LEN as u64,
            });
        }
        let file = ElfBytes::<LittleEndian>::minimal_parse(bytes).map_err(|e| CubinError::NotElf(e.to_string()))?;
        if file.ehdr.class != elf::file::Class::ELF64 {
            return Err(CubinError::NotElf("32-bit ELF".into()));
        }
        if file.ehdr.e_machine != EM_CUDA {
            return Err(CubinError::NotCuda(file.ehdr.e_machine));
        }
        // EF_CUDA_SM: the low byte of e_flags is the SM as a decimal number (87).
        let sm = file.ehdr.e_flags & 0xff;
        let sm_version = ((sm / 10) << 8) | (sm % 10);

        let (shdrs, strtab) = file.section_headers_with_strtab().map_err(malformed)?;
        let (Some(shdrs), Some(_)) = (shdrs, strtab) else {
            return Err(malformed("no section table"));
        };
        // The table lies inside the file (the elf crate checked), so the
        // count is at most the file's size / 64; the limit caps it besides.
        let count = shdrs.len();
        if count > bounds::MAX_SECTIONS {
            return Err(CubinError::TooLarge {
                what: "sections".into(),
                value: count as u64,
                limit: bounds::MAX_SECTIONS as u64,
            });
        }
        Self::check_section_bytes(bytes.len(), &shdrs)?;

        let mut budget = NameBudget {
            left: bytes.len().saturating_mul(bounds::NAME_BYTES_PER_FILE_BYTE),
            total: bytes.len().saturating_mul(bounds::NAME_BYTES_PER_FILE_BYTE),
        };
        let shstrndx = match file.ehdr.e_shstrndx {
            elf::abi::SHN_XINDEX => shdrs.get(0).map_err(malformed)?.sh_link as usize,
            i => usize::from(i),
        };
        let shstrtab = Self::data_of(&file, &shdrs.get(shstrndx).map_err(malformed)?)?;
        let mut names = Vec::with_capacity(count);
        let mut by_name = BTreeMap::new();
        for (i, sh) in shdrs.iter().enumerate() {
            let name = budget.read(shstrtab, sh.sh_name as usize)?.ok_or_else(|| {
                malformed(format!("section {i}: no name at offset {:#x} of the section-name table", sh.sh_name))
            })?;
            names.push(name);
            by_name.insert(name, i);
        }

        // The first SHT_SYMTAB, as the elf crate finds it.
        let mut symbols = Vec::new();
        let mut first_symbol = HashMap::new();
        let symtab = file.symbol_table().map_err(malformed)?;
        let has_symtab = symtab.is_some();
        if let Some((syms, _)) = symtab {
            if syms.len() > bounds::MAX_SYMBOLS {
                return Err(CubinError::TooLarge {
                    what: "symbols".into(),
                    value: syms.len() as u64,
                    limit: bounds::MAX_SYMBOLS as u64,
                });
            }
            let symtab_sh = shdrs.iter().find(|sh| sh.sh_type == elf::abi::SHT_SYMTAB).ok_or_else(|| {
                malformed("a symbol table without its section") // the elf crate found one: unreachable
            })?;
            let strtab = Self::data_of(&file, &shdrs.get(symtab_sh.sh_link as usize).map_err(malformed)?)?;
            symbols.reserve_exact(syms.len());
            for (i, s) in syms.iter().enumerate() {
                let name = budget.read(strtab, s.st_name as usize)?;
                if let Some(n) = name {
                    first_symbol.entry(n).or_insert(i as u32);
                }
                symbols.push(Symbol {
                    name,
                    shndx: s.st_shndx,
                    symtype: s.st_symtype(),
                    other: s.st_other,
                    value: s.st_value,
                    size: s.st_size,
                });
            }
        }
        Ok(Container { file, len: bytes.len(), sm_version, shdrs, names, by_name, symbols, has_symtab, first_symbol })
    }

    /// Every section with file bytes lies inside the file, and no byte is in
    /// two sections: what is read or copied per section then adds up to at
    /// most the file. (A cubin's sections follow one another; 4,000
    /// sections pointing at one megabyte made a 4 GiB image, issue 41.)
    fn check_section_bytes(len: usize, shdrs: &SectionHeaderTable<'a, LittleEndian>) -> Result<(), CubinError> {
        let mut ranges = Vec::new();
        for (i, sh) in shdrs.iter().enumerate().filter(|(_, sh)| has_file_bytes(sh)) {
            let end = sh.sh_offset.checked_add(sh.sh_size).filter(|&e| e <= len as u64).ok_or_else(|| {
                malformed(format!(
                    "section {i}: {:#x} bytes at {:#x} lie past the file's {len:#x} bytes",
                    sh.sh_size, sh.sh_offset
                ))
            })?;
            ranges.push((sh.sh_offset, end, i));
        }
        ranges.sort_unstable();
        if let Some(w) = ranges.windows(2).find(|w| w[1].0 < w[0].1) {
            return Err(malformed(format!(
                "sections {} and {} overlap in the file (at {:#x}): a byte of a cubin belongs to one section at most",
                w[0].2, w[1].2, w[1].0
            )));
        }
        Ok(())
    }

    /// The file bytes of a section (none for `SHT_NOBITS`).
    fn data_of(file: &ElfBytes<'a, LittleEndian>, sh: &SectionHeader) -> Result<&'a [u8], CubinError> {
        if sh.sh_type == elf::abi::SHT_NOBITS {
            return Ok(&[]);
        }
        file.section_data(sh).map(|(d, _)| d).map_err(malformed)
    }

    /// The file bytes of a section (none for `SHT_NOBITS`).
    pub fn data(&self, sh: &SectionHeader) -> Result<&'a [u8], CubinError> {
        Self::data_of(&self.file, sh)
    }

    /// The section called `name`.
    pub fn section(&self, name: &str) -> Option<SectionHeader> {
        self.by_name.get(name).and_then(|&i| self.shdrs.get(i).ok())
    }

    /// Whether a section is called `name`.
    pub fn has_section(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The index of the first symbol called `name`.
    pub fn symbol_index(&self, name: &str) -> Option<u32> {
        self.first_symbol.get(name).copied()
    }
}
