//! [`ModuleImage`]: a whole module as one image (its docs say what goes where).

use std::collections::{HashMap, HashSet};

use super::container::{Container, SHT_CUDA_GLOBAL};
use super::{bounds, Cubin, CubinError, KernelAttributes, RelocKind, Relocation};
use crate::hw::ga10b;

/// `ET_EXEC`: an executable (linked) cubin, what ptxas and NVRTC emit.
const ET_EXEC: u16 = 2;
/// `ET_REL`: a relocatable object (`ptxas -c`).
const ET_REL: u16 = 1;
/// The ELF type of `ptxas -ewp` (extensible whole program) output.
const ET_CUDA_EWP: u16 = 0xff00;
/// `STT_CUDA_OBJECT`: NVIDIA's symbol type of variables in objects that
/// are not yet linked (`STT_OBJECT` once linked).
const STT_CUDA_OBJECT: u8 = 13;
/// `SHF_ALLOC`: the section occupies memory at run time.
const SHF_ALLOC: u64 = 2;
/// `st_other` bit of a kernel entry symbol (`STO_CUDA_ENTRY`).
const STO_CUDA_ENTRY: u8 = 0x10;
/// The largest constant bank (the `c[bank][offset]` offset is 16 bits).
const MAX_BANK_SIZE: u64 = 1 << 16;

/// What a section of the image holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SectionKind {
    /// Machine code.
    Code,
    /// A constant bank: module-wide (`kernel` is `None`) or one kernel's.
    Constant {
        /// The bank (1 to 7).
        bank: u32,
        /// The kernel it belongs to, for `.nv.constant<N>.<kernel>`.
        kernel: Option<String>,
    },
    /// Initialised global variables (`.nv.global.init`).
    GlobalInit,
    /// Zero-initialised global variables (`.nv.global`), in the zero tail.
    Global,
}

/// A section placed in the image.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placed {
    /// The ELF section's name.
    pub name: String,
    /// What it holds.
    pub kind: SectionKind,
    /// Offset in the image.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
}

/// A constant bank a kernel's QMD binds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BankBinding {
    /// The bank (1 to 7).
    pub bank: u32,
    /// Offset of its data in the image (256-aligned).
    pub offset: u64,
    /// Size in bytes (at most 64 KiB).
    pub size: u32,
}

/// A kernel of a module.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModuleKernel {
    /// The kernel's name.
    pub name: String,
    /// Offset of its code in the image.
    pub code_offset: u64,
    /// Bytes of code.
    pub code_len: u64,
    /// What a launch needs.
    pub attrs: KernelAttributes,
    /// The constant banks other than 0 its QMD binds, by bank.
    pub banks: Vec<BankBinding>,
}

/// A global or constant variable of the module.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModuleSymbol {
    /// The variable's name.
    pub name: String,
    /// Offset in the image.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
}

/// A whole module as one image: every kernel's code, the module's constant
/// banks and global variables at offsets, and the relocation sites, so that
/// a runtime uploads it once and relocates it for its GPU address.
///
/// What an ordinary module (ptxas or NVRTC, whole-program, `ET_EXEC`) holds,
/// and where it goes:
///
/// | section | in the image | bound by |
/// |---|---|---|
/// | `.text.<fn>` (kernels, and device functions linked into their own section) | code, each at [`PROGRAM_ALIGN`](crate::hw::ga10b::PROGRAM_ALIGN) | the kernel's QMD program address |
/// | `.nv.constant<N>` (N = 1..7: `__constant__` data in bank 3, the compiler's table of global addresses in bank 4) | data, 256-aligned | every kernel's QMD, constant buffer N |
/// | `.nv.constant<N>.<kernel>` (e.g. bank 2: a kernel's function-pointer table) | data, 256-aligned | that kernel's QMD, constant buffer N |
/// | `.nv.global.init` | data | — |
/// | `.nv.global` (zero-initialised, `NOBITS`) | the zero tail after the file's bytes | — |
/// | `.nv.constant0.<kernel>` | not loaded: each launch writes its own bank 0 | the launch |
/// | `.nv.shared.<kernel>` | not loaded: the kernel's static shared memory | the QMD's shared size |
///
/// ptxas clones a module's device functions into each kernel that calls
/// them (`CALL.REL` inside the kernel's section); a device function in its
/// own `.text` section (called with `CALL.ABS` and an `R_CUDA_ABS47_34`
/// relocation) is loaded as code too. Refused with a typed error naming
/// them: relocatable objects (`ptxas -c`, which need a linker), relocation
/// kinds other than those in [`RelocKind`], undefined symbols, constant
/// banks beyond the QMD's 8 or larger than 64 KiB, `.nv.shared.reserved.*`
/// sections, and any other section the GPU would need loaded.
///
/// The parse allocates in proportion to the file: the zero-initialised
/// tail (`.nv.global`) is a length, not bytes.
///
/// ```
/// use gpuiface_hal::cubin::ModuleImage;
/// let m = ModuleImage::parse(gpuiface_kernels::MODULE_OPS.cubin).unwrap();
/// assert_eq!(m.kernels().len(), 3);
/// let image = m.relocated(0x2_0000_0000).unwrap(); // what to upload at that VA
/// assert_eq!(image.len() as u64, m.file_len());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleImage {
    sm_version: u32,
    bytes: Vec<u8>,
    len: u64,
    code_end: u64,
    sections: Vec<Placed>,
    kernels: Vec<ModuleKernel>,
    symbols: Vec<ModuleSymbol>,
    relocations: Vec<Relocation>,
}

fn malformed(e: impl std::fmt::Display) -> CubinError {
    CubinError::Malformed(e.to_string())
}

fn unsupported(what: String) -> CubinError {
    CubinError::Unsupported { kernel: "*".into(), what }
}

/// Where a section goes, or `None` for sections the GPU does not need.
fn classify(name: &str, sh: &elf::section::SectionHeader) -> Result<Option<SectionKind>, CubinError> {
    if name.starts_with(".text.") {
        return Ok(Some(SectionKind::Code));
    }
    if name == ".nv.global.init" {
        return Ok(Some(SectionKind::GlobalInit));
    }
    if name == ".nv.global" {
        return Ok(Some(SectionKind::Global));
    }
    if name.starts_with(".nv.shared.reserved.") {
        return Err(unsupported(format!("a shared-memory reservation section ({name})")));
    }
    if name.starts_with(".nv.shared.") || name.starts_with(".nv.constant0.") {
        return Ok(None); // the kernel's attributes and each launch
    }
    if let Some(rest) = name.strip_prefix(".nv.constant") {
        let (digits, kernel) = match rest.split_once('.') {
            Some((d, k)) => (d, Some(k.to_string())),
            None => (rest, None),
        };
        let bank: u32 = digits.parse().map_err(|_| unsupported(format!("the section {name}")))?;
        if bank == 0 || bank >= ga10b::CONSTANT_BANKS {
            return Err(unsupported(format!("constant bank {bank} ({name}): a QMD binds banks 1 to 7 besides bank 0")));
        }
        if sh.sh_size > MAX_BANK_SIZE {
            return Err(unsupported(format!(
                "constant bank {bank} of {} bytes ({name}); a bank holds 64 KiB",
                sh.sh_size
            )));
        }
        return Ok(Some(SectionKind::Constant { bank, kernel }));
    }
    if sh.sh_flags & SHF_ALLOC != 0 {
        return Err(unsupported(format!("the section {name} (allocated at run time; the loader does not place it)")));
    }
    Ok(None)
}

fn align_of(kind: &SectionKind, sh: &elf::section::SectionHeader) -> u64 {
    let base = match kind {
        SectionKind::Code => ga10b::PROGRAM_ALIGN,
        SectionKind::Constant { .. } => ga10b::CONSTANT_BUFFER_ALIGN,
        SectionKind::GlobalInit | SectionKind::Global => 16,
    };
    // A section's own alignment counts when it is a power of two up to 256
    // (what ptxas emits is at most 128): padding stays small next to the
    // 64-byte section header that asks for it.
    let own = sh.sh_addralign;
    if own.is_power_of_two() && own <= 256 {
        base.max(own)
    } else {
        base
    }
}

/// Where each placed section went: (section index, offset in the image,
/// size, whether file-backed), by section index.
struct PlacedAt(Vec<(usize, u64, u64, bool)>);

impl PlacedAt {
    /// (offset, size, whether file-backed) of section `index`, if placed.
    fn get(&self, index: &usize) -> Option<(u64, u64, bool)> {
        let at = self.0.binary_search_by_key(index, |p| p.0).ok()?;
        self.0.get(at).map(|&(_, offset, size, file)| (offset, size, file))
    }
}

impl ModuleImage {
    /// Parse a module: see [`ModuleImage`] for what is placed where and
    /// what is refused, and [`bounds`](super::bounds) for the limits of
    /// what a module may hold ([`CubinError::TooLarge`] past them). Each
    /// kernel's attributes are checked against ga10b's limits
    /// ([`KernelAttributes::check_limits`]).
    pub fn parse(bytes: &[u8]) -> Result<ModuleImage, CubinError> {
        let c = Container::new(bytes)?;
        let cubin = Cubin::from_container(&c, false)?;
        match c.file.ehdr.e_type {
            ET_EXEC => {}
            ET_REL => {
                return Err(unsupported(
                    "a relocatable object (ELF type 1: ptxas -c or -rdc output needs nvlink first)".into(),
                ))
            }
            ET_CUDA_EWP => {
                return Err(unsupported(
                    "an extensible whole-program object (ELF type 0xff00: ptxas -ewp output needs nvlink first)".into(),
                ))
            }
            other => return Err(unsupported(format!("an ELF file of type {other:#x}, not an executable cubin"))),
        }

        // Place the sections: code first, then file-backed data, then the
        // zero tail. First where each goes (no byte is copied until the
        // whole layout is known to be within the bounds), then the copy.
        let mut plan: Vec<(usize, SectionKind)> = Vec::new();
        let mut module_bank_seen = [false; ga10b::CONSTANT_BANKS as usize];
        for (i, sh) in c.shdrs.iter().enumerate() {
            if let Some(kind) = classify(c.names[i], &sh)? {
                // Every kernel binds the module's banks: one section each.
                if let SectionKind::Constant { bank, kernel: None } = kind {
                    if std::mem::replace(&mut module_bank_seen[bank as usize], true) {
                        return Err(malformed(format!("two sections for constant bank {bank} ({})", c.names[i])));
                    }
                }
                plan.push((i, kind));
            }
        }
        let rank = |k: &SectionKind| match k {
            SectionKind::Code => 0,
            SectionKind::Constant { .. } | SectionKind::GlobalInit => 1,
            SectionKind::Global => 2,
        };
        plan.sort_by_key(|(i, k)| (rank(k), *i));
        let mut at = 0u64;
        let mut code_end = 0u64;
        let mut file_end = 0u64;
        let mut placed_at = PlacedAt(Vec::with_capacity(plan.len()));
        let mut sections = Vec::with_capacity(plan.len());
        let mut indices = Vec::with_capacity(plan.len());
        for (i, kind) in plan {
            let sh = c.shdrs.get(i).map_err(malformed)?;
            let name = c.names[i];
            let offset = at.next_multiple_of(align_of(&kind, &sh));
            // `.nv.global` is NOBITS, or NVIDIA's SHT_CUDA_GLOBAL (same
            // meaning) in `ptxas -c`/`-ewp` output.
            let nobits =
                sh.sh_type == elf::abi::SHT_NOBITS || (kind == SectionKind::Global && sh.sh_type == SHT_CUDA_GLOBAL);
            if nobits != (kind == SectionKind::Global) {
                return Err(malformed(format!("{name}: section type {} where {kind:?} was expected", sh.sh_type)));
            }
            at = offset.checked_add(sh.sh_size).filter(|e| *e <= bounds::MAX_IMAGE_LEN).ok_or_else(|| {
                CubinError::TooLarge {
                    what: format!("bytes of module image, up to the end of {name} (of {:#x} bytes)", sh.sh_size),
                    value: offset.saturating_add(sh.sh_size),
                    limit: bounds::MAX_IMAGE_LEN,
                }
            })?;
            if !nobits {
                // Inside the file, and in no other section (the container
                // checked): the file-backed bytes add up to the file at most.
                let data = c.data(&sh).map_err(|e| malformed(format!("{name}: {e}")))?;
                if data.len() as u64 != sh.sh_size {
                    return Err(malformed(format!(
                        "{name}: {} bytes of data for a {}-byte section",
                        data.len(),
                        sh.sh_size
                    )));
                }
                file_end = at;
            }
            if kind == SectionKind::Code {
                code_end = at;
            }
            placed_at.0.push((i, offset, sh.sh_size, !nobits));
            indices.push(i);
            sections.push(Placed { name: name.to_string(), kind, offset, size: sh.sh_size });
        }
        placed_at.0.sort_unstable_by_key(|p| p.0);
        let file_end = usize::try_from(file_end).map_err(|_| malformed("the module's image does not fit memory"))?;
        let mut image = Vec::with_capacity(file_end);
        for (p, &i) in sections.iter().zip(&indices).filter(|(p, _)| p.kind != SectionKind::Global) {
            let data = c.data(&c.shdrs.get(i).map_err(malformed)?)?;
            image.resize(p.offset as usize, 0);
            image.extend_from_slice(data);
        }
        drop(indices);
        // Code is prefetched past its end: keep the pad inside the image.
        let len = at.max(code_end + ga10b::PROGRAM_PREFETCH_PAD);

        // Symbols: entries (kernels) and variables.
        let mut entries: HashSet<&str> = HashSet::new();
        let mut symbols = Vec::new();
        for (i, s) in c.symbols.iter().enumerate() {
            let Some((offset, size, _)) = placed_at.get(&usize::from(s.shndx)) else { continue };
            let name = s.name.ok_or_else(|| malformed(format!("symbol {i}: its name cannot be read")))?;
            if s.symtype == elf::abi::STT_FUNC && s.other & STO_CUDA_ENTRY != 0 {
                entries.insert(name);
            } else if s.symtype == elf::abi::STT_OBJECT || s.symtype == STT_CUDA_OBJECT {
                if s.value.checked_add(s.size).is_none_or(|end| end > size) {
                    return Err(malformed(format!("symbol {name} lies past its section")));
                }
                symbols.push(ModuleSymbol { name: name.to_string(), offset: offset + s.value, size: s.size });
            }
        }

        let relocations = Self::collect_relocations(&c, &placed_at, &image)?;

        // Each kernel's code (the first section of its name, as placed) and
        // constant banks: the module's own (at most one per bank, else
        // every kernel would bind two) and the kernel's.
        let mut code_of: HashMap<&str, &Placed> = HashMap::new();
        let mut module_banks: Vec<BankBinding> = Vec::new();
        let mut kernel_banks: Vec<(&str, BankBinding)> = Vec::new();
        for p in &sections {
            match &p.kind {
                SectionKind::Code => {
                    code_of.entry(p.name.as_str()).or_insert(p);
                }
                SectionKind::Constant { bank, kernel } => {
                    let b = BankBinding { bank: *bank, offset: p.offset, size: p.size as u32 };
                    match kernel {
                        None => module_banks.push(b),
                        Some(k) => kernel_banks.push((k.as_str(), b)),
                    }
                }
                SectionKind::GlobalInit | SectionKind::Global => {}
            }
        }
        module_banks.sort_by_key(|b| b.bank);
        kernel_banks.sort_by(|a, b| a.0.cmp(b.0));
        let banks_of = |kernel: &str| -> Vec<BankBinding> {
            let first = kernel_banks.partition_point(|(k, _)| *k < kernel);
            kernel_banks[first..].iter().take_while(|(k, _)| *k == kernel).map(|(_, b)| *b).collect()
        };
        let mut kernels = Vec::with_capacity(cubin.kernels.len());
        for k in cubin.kernels.into_iter().filter(|k| entries.contains(k.name.as_str())) {
            let text = format!(".text.{}", k.name);
            let code = code_of.get(text.as_str()).ok_or_else(|| malformed(format!("no {text}")))?;
            let mut banks = module_banks.clone();
            banks.extend(banks_of(&k.name));
            banks.sort_by_key(|b| b.bank);
            if let Some(w) = banks.windows(2).find(|w| w[0].bank == w[1].bank) {
                return Err(malformed(format!("{}: two sections for constant bank {}", k.name, w[0].bank)));
            }
            kernels.push(ModuleKernel {
                name: k.name,
                code_offset: code.offset,
                code_len: code.size,
                attrs: k.attrs,
                banks,
            });
        }
        if kernels.is_empty() {
            return Err(malformed("no kernel entry in the module"));
        }
        Ok(ModuleImage {
            sm_version: cubin.sm_version,
            bytes: image,
            len,
            code_end,
            sections,
            kernels,
            symbols,
            relocations,
        })
    }

    fn collect_relocations(
        c: &Container<'_>,
        placed_at: &PlacedAt,
        image: &[u8],
    ) -> Result<Vec<Relocation>, CubinError> {
        // Count them first: past the bound, refused before any is read.
        let mut count = 0u64;
        for sh in c.shdrs.iter() {
            count += match sh.sh_type {
                elf::abi::SHT_REL => sh.sh_size / 16,
                elf::abi::SHT_RELA => sh.sh_size / 24,
                _ => 0,
            };
        }
        if count > bounds::MAX_RELOCATIONS as u64 {
            return Err(CubinError::TooLarge {
                what: "relocations".into(),
                value: count,
                limit: bounds::MAX_RELOCATIONS as u64,
            });
        }
        let mut out = Vec::with_capacity(count as usize);
        for (i, sh) in c.shdrs.iter().enumerate() {
            if sh.sh_type != elf::abi::SHT_REL && sh.sh_type != elf::abi::SHT_RELA {
                continue;
            }
            let rel_name = c.names[i];
            let target = sh.sh_info as usize;
            let target_name = c.names.get(target).copied().unwrap_or("?");
            if target_name.starts_with(".debug") || target_name.starts_with(".nv_debug") {
                continue; // debug information is not loaded
            }
            let Some((site_base, site_size, file_backed)) = placed_at.get(&target) else {
                return Err(unsupported(format!("relocations of {target_name} ({rel_name}), a section not loaded")));
            };
            if !file_backed {
                return Err(malformed(format!("{rel_name} relocates {target_name}, which has no bytes (NOBITS)")));
            }
            if !c.has_symtab {
                return Err(malformed(format!("{rel_name} without a symbol table")));
            }
            let mut add = |r_offset: u64, r_sym: u32, r_type: u32, addend: Option<i64>| -> Result<(), CubinError> {
                let kind = RelocKind::from_type(r_type).ok_or_else(|| {
                    unsupported(format!("the relocation kind {} ({rel_name})", RelocKind::type_name(r_type)))
                })?;
                let sym = c.symbols.get(r_sym as usize).ok_or_else(|| {
                    malformed(format!("{rel_name}: symbol {r_sym} is past the {} symbols", c.symbols.len()))
                })?;
                let sym_name = sym.name.unwrap_or("?");
                let Some((sym_base, _, _)) = placed_at.get(&usize::from(sym.shndx)) else {
                    return Err(unsupported(format!(
                        "a relocation against {sym_name:?} ({rel_name}), which is undefined or in a section not loaded"
                    )));
                };
                if r_offset.checked_add(kind.site_len() as u64).is_none_or(|e| e > site_size) {
                    return Err(malformed(format!("{rel_name}: site {r_offset:#x} lies past {target_name}")));
                }
                let site = site_base + r_offset;
                let addend = match addend {
                    Some(a) => a,
                    None => {
                        let bytes = image
                            .get(site as usize..site as usize + kind.site_len())
                            .ok_or_else(|| malformed(format!("{rel_name}: site {r_offset:#x} has no bytes")))?;
                        kind.implicit_addend(bytes)
                    }
                };
                let target = i64::try_from(sym_base + sym.value)
                    .ok()
                    .and_then(|t| t.checked_add(addend))
                    .ok_or_else(|| malformed(format!("{rel_name}: target of {sym_name:?} overflows")))?;
                out.push(Relocation { kind, site, target });
                Ok(())
            };
            if sh.sh_type == elf::abi::SHT_REL {
                for r in c.file.section_data_as_rels(&sh).map_err(malformed)? {
                    add(r.r_offset, r.r_sym, r.r_type, None)?;
                }
            } else {
                for r in c.file.section_data_as_relas(&sh).map_err(malformed)? {
                    add(r.r_offset, r.r_sym, r.r_type, Some(r.r_addend))?;
                }
            }
        }
        out.sort_by_key(|r| r.site);
        Ok(out)
    }

    /// The SM version the module was compiled for (`major << 8 | minor`).
    pub fn sm_version(&self) -> u32 {
        self.sm_version
    }
    /// Refuse code for another SM than `sm_version`.
    pub fn check_architecture(&self, sm_version: u32) -> Result<(), CubinError> {
        if self.sm_version != sm_version {
            return Err(CubinError::WrongArchitecture { found: self.sm_version, wanted: sm_version });
        }
        Ok(())
    }
    /// Every kernel entry, in section order.
    pub fn kernels(&self) -> &[ModuleKernel] {
        &self.kernels
    }
    /// The kernel called `name`.
    pub fn kernel(&self, name: &str) -> Result<&ModuleKernel, CubinError> {
        self.kernels.iter().find(|k| k.name == name).ok_or_else(|| CubinError::NoSuchKernel {
            name: name.into(),
            available: self.kernels.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", "),
        })
    }
    /// The placed sections, in image order.
    pub fn sections(&self) -> &[Placed] {
        &self.sections
    }
    /// The module's variables (globals and `__constant__` data).
    pub fn symbols(&self) -> &[ModuleSymbol] {
        &self.symbols
    }
    /// The variable called `name`.
    pub fn symbol(&self, name: &str) -> Option<&ModuleSymbol> {
        self.symbols.iter().find(|s| s.name == name)
    }
    /// Every relocation, by site.
    pub fn relocations(&self) -> &[Relocation] {
        &self.relocations
    }
    /// The image's file-backed bytes, before relocation.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
    /// Bytes of the image that come from the file; the rest of
    /// [`len`](Self::len) is zeros (`.nv.global` and the prefetch pad).
    pub fn file_len(&self) -> u64 {
        self.bytes.len() as u64
    }
    /// The whole image's size in GPU memory.
    pub fn len(&self) -> u64 {
        self.len
    }
    /// Whether the image is empty (never, for a parsed module).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Where the code ends (data follows).
    pub fn code_end(&self) -> u64 {
        self.code_end
    }
    /// The file-backed bytes with every relocation applied for an image at
    /// `base_va` (which must be [`PROGRAM_ALIGN`](ga10b::PROGRAM_ALIGN)-aligned).
    pub fn relocated(&self, base_va: u64) -> Result<Vec<u8>, CubinError> {
        if !base_va.is_multiple_of(ga10b::PROGRAM_ALIGN) {
            return Err(malformed(format!("image address {base_va:#x} is not {}-aligned", ga10b::PROGRAM_ALIGN)));
        }
        let mut out = self.bytes.clone();
        for r in &self.relocations {
            r.apply(&mut out, base_va)?;
        }
        Ok(out)
    }
}
