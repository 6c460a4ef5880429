//! A loader for CUDA cubins (ELF64, `EM_CUDA`): each kernel's code and the
//! attributes a launch needs, from `.nv.info`, `.nv.info.<kernel>` and the
//! section table.
//!
//! The ELF container is parsed by the [`elf`](https://docs.rs/elf/0.8) crate; this module reads only
//! what NVIDIA puts inside it:
//!
//! | attribute | where it is |
//! |---|---|
//! | code | `.text.<kernel>` |
//! | registers per thread | `.text.<kernel>` `sh_info >> 24` (and `EIATTR_REGCOUNT` in `.nv.info`) |
//! | barriers | `.text.<kernel>` `(sh_flags >> 20) & 0x7f` |
//! | static shared memory | size of `.nv.shared.<kernel>` |
//! | constant bank 0 size | size of `.nv.constant0.<kernel>` |
//! | parameter bank offset and size | `EIATTR_PARAM_CBANK` (0x0a) |
//! | each parameter's offset and size | `EIATTR_KPARAM_INFO` (0x17) |
//! | local memory per thread (stack frame) | `EIATTR_FRAME_SIZE` (0x11), `EIATTR_MIN_STACK_SIZE` (0x12) |
//! | CRS stack | `EIATTR_CRS_STACK_SIZE` (0x1e) |
//! | max threads (`.maxntid`) / required threads (`.reqntid`) | `EIATTR_MAX_THREADS` (0x05) / `EIATTR_REQNTID` (0x10) |
//! | reserved shared memory used | `EIATTR_RESERVED_SMEM_USED` (0x41) |
//!
//! The attribute codes were read off `cuobjdump -elf` of the suite's own
//! cubins (`kernels/sm_87/`).
//!
//! [`Cubin::parse`] reads self-contained kernels: relocations, global
//! variables and constant banks other than 0 are a typed error that names
//! them. A whole module (several kernels, globals, `__constant__` data,
//! relocations) is [`ModuleImage::parse`] (`cubin/module.rs`): one image of
//! code and data, with its relocation sites, that a runtime uploads once and
//! relocates for its GPU address (`cubin/reloc.rs` names every relocation
//! kind it applies).
//!
//! ```
//! use gpuiface_hal::cubin::Cubin;
//! // Anything that is not an ELF64 cubin is refused with a reason.
//! let err = Cubin::parse(b"not an elf").unwrap_err();
//! assert!(err.to_string().contains("not an ELF"), "{err}");
//! ```

use std::collections::BTreeMap;

use crate::error::Error;
use crate::hw::ga10b;

mod container;
mod module;
mod reloc;

use container::Container;

pub use module::{BankBinding, ModuleImage, ModuleKernel, ModuleSymbol, Placed, SectionKind};
pub use reloc::{RelocKind, Relocation};

/// `e_machine` of a cubin.
pub const EM_CUDA: u16 = 190;

/// The loader's bounds: what a cubin may hold before [`Cubin::parse`] or
/// [`ModuleImage::parse`] refuses it with [`CubinError::TooLarge`], each
/// checked before anything in proportion to it is allocated.
///
/// Besides these, two rules tie the parse to the file's size: a byte of
/// the file belongs to one section at most (sections that share bytes are
/// [`CubinError::Malformed`]), so what is copied or read per section adds
/// up to at most the file; and the names read (each section's, each
/// symbol's) add up to at most [`bounds::NAME_BYTES_PER_FILE_BYTE`] per byte of
/// the file. A parse's work is then linear in the file's size (indexes by
/// name and by section, no nested loops over sections, symbols or
/// relocations), and its heap a small multiple of it: a module's
/// file-backed image is at most the file plus [`bounds::MAX_SECTION_PAD`] per
/// placed section (`backend-mock/ROBUSTNESS.md` records the multiple the
/// fuzzer in `hal/tests/cubin_limits.rs` measured).
///
/// ```
/// use gpuiface_hal::cubin::{bounds, Cubin, CubinError};
/// // A file past the limit is refused on its length alone.
/// assert!(bounds::MAX_FILE_LEN >= 256 << 20);
/// let err = Cubin::parse(b"\x7fELF").unwrap_err();
/// assert!(matches!(err, CubinError::NotElf(_)));
/// ```
pub mod bounds {
    use crate::hw::ga10b;

    /// The largest cubin file read: 1 GiB (the largest cubin of the
    /// project's corpus is under 1 MiB; a fat library's are tens of MiB).
    pub const MAX_FILE_LEN: usize = 1 << 30;
    /// The most sections: 65,280 (`SHN_LORESERVE`: a symbol's `st_shndx`
    /// can name no section past it).
    pub const MAX_SECTIONS: usize = 0xff00;
    /// The most symbols: 1 Mi (ptxas emits a few per kernel and variable).
    pub const MAX_SYMBOLS: usize = 1 << 20;
    /// The most relocations, every relocation section together: 4 Mi.
    pub const MAX_RELOCATIONS: usize = 1 << 22;
    /// Bytes of names a parse may read per byte of the file: 1 (the
    /// corpus's cubins read at most 0.15).
    pub const NAME_BYTES_PER_FILE_BYTE: usize = 1;
    /// The largest module image in GPU memory, its zero-initialised tail
    /// (`.nv.global`, a length and no host bytes) included: the GPU's
    /// virtual address space ([`ga10b::VA_BITS`]).
    pub const MAX_IMAGE_LEN: u64 = 1 << ga10b::VA_BITS;
    /// The most alignment padding before one placed section of a module
    /// image: a section's own alignment counts up to 256 bytes.
    pub const MAX_SECTION_PAD: u64 = 256;
}

/// `.nv.info` attribute codes (`EIATTR_*`) the loader reads.
pub mod eiattr {
    /// `EIATTR_MAX_THREADS`: three u32, the kernel's `.maxntid`.
    pub const MAX_THREADS: u8 = 0x05;
    /// `EIATTR_PARAM_CBANK`: u32 symbol, u16 offset, u16 size of the parameter bank.
    pub const PARAM_CBANK: u8 = 0x0a;
    /// `EIATTR_REQNTID`: three u32, the kernel's `.reqntid`.
    pub const REQNTID: u8 = 0x10;
    /// `EIATTR_FRAME_SIZE`: u32 symbol, u32 bytes of stack frame per thread.
    pub const FRAME_SIZE: u8 = 0x11;
    /// `EIATTR_MIN_STACK_SIZE`: u32 symbol, u32 bytes of stack per thread.
    pub const MIN_STACK_SIZE: u8 = 0x12;
    /// `EIATTR_KPARAM_INFO`: u32 index, u16 ordinal, u16 offset, u32 flags (size in bits 31:18).
    pub const KPARAM_INFO: u8 = 0x17;
    /// `EIATTR_CBANK_PARAM_SIZE`: u16 parameter bank size (in the header).
    pub const CBANK_PARAM_SIZE: u8 = 0x19;
    /// `EIATTR_CRS_STACK_SIZE`: u32 bytes.
    pub const CRS_STACK_SIZE: u8 = 0x1e;
    /// `EIATTR_REGCOUNT`: u32 symbol, u32 registers.
    pub const REGCOUNT: u8 = 0x2f;
    /// `EIATTR_RESERVED_SMEM_USED` (no value): the kernel reads the reserved
    /// shared memory (`%reserved_smem_offset_*`).
    pub const RESERVED_SMEM_USED: u8 = 0x41;
}

/// `.nv.info` entry formats (`EIFMT_*`).
mod eifmt {
    pub const NVAL: u8 = 0x01;
    pub const BVAL: u8 = 0x02;
    pub const HVAL: u8 = 0x03;
    pub const SVAL: u8 = 0x04;
}

/// Why a cubin could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CubinError {
    /// The bytes are not an ELF64 little-endian file.
    #[error("not an ELF64 little-endian cubin: {0}")]
    NotElf(String),
    /// An ELF file for another machine.
    #[error("ELF machine {0} is not EM_CUDA ({EM_CUDA})")]
    NotCuda(u16),
    /// Code for another GPU architecture.
    #[error("cubin is for SM {}.{}; this GPU runs SM {}.{}", .found >> 8, .found & 0xff, .wanted >> 8, .wanted & 0xff)]
    WrongArchitecture {
        /// The cubin's SM (`major << 8 | minor`).
        found: u32,
        /// The GPU's SM.
        wanted: u32,
    },
    /// No kernel of that name.
    #[error("no kernel named {name:?} in the cubin (it has: {available})")]
    NoSuchKernel {
        /// The name asked for.
        name: String,
        /// The kernels the cubin has, comma separated.
        available: String,
    },
    /// The cubin needs something this loader does not do.
    #[error("kernel {kernel:?} needs {what}, which the loader does not support")]
    Unsupported {
        /// The kernel (or `*` for the whole cubin).
        kernel: String,
        /// What (e.g. `relocations (.rel.text.k)`).
        what: String,
    },
    /// The cubin is inconsistent.
    #[error("malformed cubin: {0}")]
    Malformed(String),
    /// The cubin holds more than one of the loader's [`bounds`] allows;
    /// refused before anything in proportion to it is allocated.
    #[error("cubin: {what} ({value}) exceed the loader's limit of {limit}")]
    TooLarge {
        /// What was counted (e.g. `sections`).
        what: String,
        /// How many (or how many bytes) the cubin has or asks for.
        value: u64,
        /// The limit ([`bounds`]).
        limit: u64,
    },
    /// A kernel's attribute is past what ga10b can run
    /// ([`KernelAttributes::check_limits`]): refused at load, since a
    /// launch could neither run it nor encode it in a QMD.
    #[error("kernel {kernel:?}: {attribute} {value} exceeds ga10b's limit of {limit}")]
    AttributeLimit {
        /// The kernel.
        kernel: String,
        /// The attribute (e.g. `registers per thread`).
        attribute: &'static str,
        /// The kernel's value.
        value: u64,
        /// The limit (from [`hw::ga10b`](crate::hw::ga10b)).
        limit: u64,
    },
}

impl From<CubinError> for Error {
    fn from(e: CubinError) -> Self {
        match e {
            CubinError::Unsupported { .. } | CubinError::WrongArchitecture { .. } => {
                Error::Unsupported { backend: "cubin loader", what: e.to_string() }
            }
            other => Error::InvalidArgument { op: "cubin", reason: other.to_string() },
        }
    }
}

/// One kernel parameter (`EIATTR_KPARAM_INFO`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KernelParam {
    /// Position in the kernel's signature.
    pub ordinal: u16,
    /// Byte offset inside the parameter bank.
    pub offset: u16,
    /// Size in bytes.
    pub size: u16,
}

/// What a launch needs to know about a kernel.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KernelAttributes {
    /// SM version the code is for (`major << 8 | minor`, 0x807 for SM 8.7).
    pub sm_version: u32,
    /// Registers per thread.
    pub registers: u32,
    /// Named barriers the kernel uses.
    pub barriers: u32,
    /// Static shared memory per block, in bytes.
    pub shared_static: u32,
    /// Reserved shared memory per block the kernel uses, in bytes
    /// ([`ga10b::RESERVED_SHARED_PER_BLOCK`]
    /// when it has `EIATTR_RESERVED_SMEM_USED`, else 0): placed after the
    /// static and dynamic shared memory.
    pub shared_reserved: u32,
    /// Size of constant bank 0 as compiled (driver area + parameters).
    pub cbank0_size: u32,
    /// Offset of the parameter bank inside constant buffer 0.
    pub param_offset: u32,
    /// Size of the parameter bank.
    pub param_size: u32,
    /// Parameters by ordinal.
    pub params: Vec<KernelParam>,
    /// Stack frame per thread (local memory), in bytes.
    pub frame_size: u32,
    /// Minimum stack per thread including callees, in bytes.
    pub min_stack_size: u32,
    /// CRS (call/return) stack size.
    pub crs_stack_size: u32,
    /// The stack's depth is not known when compiling: a function in the
    /// kernel's code needs a bigger frame than the kernel's whole stack
    /// (`EIATTR_MIN_STACK_SIZE`), which is how ptxas leaves recursion.
    /// Launches then give the stack
    /// [`ga10b::DEFAULT_STACK_LIMIT`], as CUDA does.
    pub stack_unbounded: bool,
    /// `.maxntid`, when the kernel declares one.
    pub max_threads: Option<[u32; 3]>,
    /// `.reqntid`, when the kernel declares one.
    pub required_threads: Option<[u32; 3]>,
}

/// How [`KernelAttributes::check_limits`] names static shared memory.
const SHARED_ATTRIBUTE: &str = "static shared memory per block";

impl KernelAttributes {
    /// Refuse attributes ga10b cannot run, with a
    /// [`CubinError::AttributeLimit`] naming the attribute and its limit
    /// from [`hw::ga10b`](crate::hw::ga10b): more than
    /// [`MAX_REGISTERS_PER_THREAD`](ga10b::MAX_REGISTERS_PER_THREAD)
    /// registers (255) or [`MAX_BARRIERS`](ga10b::MAX_BARRIERS) barriers
    /// (16); static and reserved shared memory past
    /// [`MAX_SHARED_PER_BLOCK`](ga10b::MAX_SHARED_PER_BLOCK); a stack past
    /// [`MAX_STACK_PER_THREAD`](ga10b::MAX_STACK_PER_THREAD); constant bank
    /// 0 or the parameter bank past
    /// [`MAX_CONSTANT_BUFFER`](ga10b::MAX_CONSTANT_BUFFER); a `.reqntid`
    /// no block can have. What passes fits every QMD field a launch writes
    /// from it. The loaders check every kernel with it; a runtime checks
    /// attributes it is given by a caller.
    ///
    /// ```
    /// use gpuiface_hal::cubin::{Cubin, CubinError};
    /// let fill = gpuiface_kernels::ALL.iter().find(|k| k.name == "fill").unwrap();
    /// let mut attrs = Cubin::parse(fill.cubin).unwrap().kernel("fill").unwrap().attrs.clone();
    /// assert!(attrs.check_limits("fill").is_ok());
    /// attrs.registers = 1000;
    /// let err = attrs.check_limits("fill").unwrap_err();
    /// assert!(matches!(err, CubinError::AttributeLimit { limit: 255, .. }), "{err}");
    /// ```
    pub fn check_limits(&self, kernel: &str) -> Result<(), CubinError> {
        let out = |attribute: &'static str, value: u64, limit: u32| CubinError::AttributeLimit {
            kernel: kernel.into(),
            attribute,
            value,
            limit: limit.into(),
        };
        let checks: [(&'static str, u64, u32); 6] = [
            ("registers per thread", self.registers.into(), ga10b::MAX_REGISTERS_PER_THREAD),
            ("barriers", self.barriers.into(), ga10b::MAX_BARRIERS),
            (
                SHARED_ATTRIBUTE,
                u64::from(self.shared_static) + u64::from(self.shared_reserved),
                ga10b::MAX_SHARED_PER_BLOCK,
            ),
            ("stack per thread", self.stack_bytes().into(), ga10b::MAX_STACK_PER_THREAD),
            ("constant bank 0 size", self.cbank0_size.into(), ga10b::MAX_CONSTANT_BUFFER),
            (
                "parameter bank end",
                u64::from(self.param_offset) + u64::from(self.param_size),
                ga10b::MAX_CONSTANT_BUFFER,
            ),
        ];
        if let Some(&(attribute, value, limit)) = checks.iter().find(|(_, value, limit)| *value > u64::from(*limit)) {
            return Err(out(attribute, value, limit));
        }
        if let Some(req) = self.required_threads {
            if let Some((d, max)) = req.iter().zip(ga10b::MAX_BLOCK_DIM).find(|(d, max)| **d > *max) {
                return Err(out(".reqntid dimension", (*d).into(), max));
            }
            let threads = req.iter().map(|d| u64::from(*d)).product::<u64>();
            if threads > u64::from(ga10b::MAX_THREADS_PER_BLOCK) {
                return Err(out(".reqntid threads", threads, ga10b::MAX_THREADS_PER_BLOCK));
            }
        }
        Ok(())
    }

    /// Local memory (bytes per thread) the kernel's stack needs; 0 when none.
    pub fn stack_bytes(&self) -> u32 {
        let known = self.frame_size.max(self.min_stack_size);
        if self.stack_unbounded {
            known.max(crate::hw::ga10b::DEFAULT_STACK_LIMIT)
        } else {
            known
        }
    }
    /// Local memory per thread the kernel's launches need on ga10b
    /// ([`ga10b::local_memory_per_thread`]).
    pub fn local_memory_per_thread(&self) -> u32 {
        crate::hw::ga10b::local_memory_per_thread(self.stack_bytes())
    }
}

/// A kernel: its code and attributes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KernelImage {
    /// The kernel's name (the `.entry` symbol).
    pub name: String,
    /// The SASS, as it must be placed in GPU memory.
    pub code: Vec<u8>,
    /// What a launch needs.
    pub attrs: KernelAttributes,
}

/// A parsed cubin: every kernel in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cubin {
    sm_version: u32,
    kernels: Vec<KernelImage>,
}

fn u16_at(d: &[u8], o: usize) -> Option<u16> {
    d.get(o..o + 2).map(|b| u16::from_le_bytes([b[0], b[1]]))
}
fn u32_at(d: &[u8], o: usize) -> Option<u32> {
    d.get(o..o + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// One `.nv.info` entry: attribute and its payload (the 16-bit header value
/// for NVAL/BVAL/HVAL, the bytes after the header for SVAL).
struct InfoEntry<'a> {
    attr: u8,
    header_value: u16,
    data: &'a [u8],
}

/// The entries of an `.nv.info` section, one at a time (nothing is
/// collected: a section's entries cost no memory of their own).
fn info_entries<'a>(section: &'a str, d: &'a [u8]) -> impl Iterator<Item = Result<InfoEntry<'a>, CubinError>> + 'a {
    let mut o = 0usize;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed || o >= d.len() {
            return None;
        }
        let bad = |o: usize| CubinError::Malformed(format!("{section}: truncated entry at {o:#x}"));
        let entry = (|| {
            let (fmt, attr) = (d[o], *d.get(o + 1).ok_or_else(|| bad(o))?);
            let value = u16_at(d, o + 2).ok_or_else(|| bad(o))?;
            match fmt {
                eifmt::NVAL | eifmt::BVAL | eifmt::HVAL => {
                    o += 4;
                    Ok(InfoEntry { attr, header_value: value, data: &[] })
                }
                eifmt::SVAL => {
                    let data = d.get(o + 4..o + 4 + usize::from(value)).ok_or_else(|| bad(o))?;
                    o += 4 + usize::from(value);
                    Ok(InfoEntry { attr, header_value: value, data })
                }
                other => Err(CubinError::Malformed(format!("{section}: unknown entry format {other:#x} at {o:#x}"))),
            }
        })();
        failed = entry.is_err();
        Some(entry)
    })
}

fn three_u32(d: &[u8]) -> Option<[u32; 3]> {
    Some([u32_at(d, 0)?, u32_at(d, 4)?, u32_at(d, 8)?])
}

impl Cubin {
    /// Parse a cubin and every kernel in it. Past the loader's [`bounds`]
    /// it is [`CubinError::TooLarge`]; a kernel past ga10b's limits is
    /// [`CubinError::AttributeLimit`] ([`KernelAttributes::check_limits`]).
    pub fn parse(bytes: &[u8]) -> Result<Cubin, CubinError> {
        Self::from_container(&Container::new(bytes)?, true)
    }

    /// Parse the kernels; `self_contained` refuses what only a module
    /// loader handles (globals, constant banks other than 0, relocations),
    /// and copies each kernel's code (a module's is in its image instead).
    fn from_container(c: &Container<'_>, self_contained: bool) -> Result<Cubin, CubinError> {
        let sm_version = c.sm_version;
        // What parsing copies out of the file (kernel names and code) stays
        // within the file's size.
        let mut budget = c.len;
        let mut spend = |what: &str, n: usize| -> Result<(), CubinError> {
            budget = budget.checked_sub(n).ok_or_else(|| {
                CubinError::Malformed(format!(
                    "{what}: the kernels' names and code add up to more than the file's {} bytes",
                    c.len
                ))
            })?;
            Ok(())
        };

        for &name in c.by_name.keys().filter(|_| self_contained) {
            if name == ".nv.global" || name == ".nv.global.init" || name.starts_with(".nv.constant2") {
                return Err(CubinError::Unsupported {
                    kernel: "*".into(),
                    what: format!("global variables or module constants ({name})"),
                });
            }
        }

        // Module-wide attributes, keyed by the function's symbol index.
        let mut per_symbol: BTreeMap<(u8, u32), u32> = BTreeMap::new();
        if let Some(sh) = c.section(".nv.info") {
            for e in info_entries(".nv.info", c.data(&sh)?) {
                let e = e?;
                if let (Some(sym), Some(v)) = (u32_at(e.data, 0), u32_at(e.data, 4)) {
                    per_symbol.insert((e.attr, sym), v);
                }
            }
        }
        // The two largest stack frames (frame, symbol) of the functions of
        // each section: whether another function sharing a kernel's section
        // needs a bigger frame, for every kernel in one pass.
        let section_of = |sym: u32| c.symbols.get(sym as usize).map(|s| s.shndx);
        let mut frames: BTreeMap<u16, [(u32, u32); 2]> = BTreeMap::new();
        for (&(_, f), &frame) in per_symbol.range((eiattr::FRAME_SIZE, 0)..=(eiattr::FRAME_SIZE, u32::MAX)) {
            let Some(section) = section_of(f) else { continue };
            let top = frames.entry(section).or_insert([(0, u32::MAX); 2]);
            if frame > top[0].0 || top[0].1 == u32::MAX {
                top[1] = top[0];
                top[0] = (frame, f);
            } else if frame > top[1].0 || top[1].1 == u32::MAX {
                top[1] = (frame, f);
            }
        }

        let mut kernels = Vec::with_capacity(c.by_name.keys().filter(|n| n.starts_with(".text.")).count());
        for (name, &index) in c.by_name.iter().filter_map(|(n, i)| n.strip_prefix(".text.").map(|k| (k, i))) {
            let text = c.shdrs.get(index).map_err(|e| CubinError::Malformed(e.to_string()))?;
            for rel in [format!(".rel.text.{name}"), format!(".rela.text.{name}")].iter().filter(|_| self_contained) {
                if c.has_section(rel) {
                    return Err(CubinError::Unsupported { kernel: name.into(), what: format!("relocations ({rel})") });
                }
            }
            for bank in (1..18).filter(|_| self_contained) {
                if c.has_section(&format!(".nv.constant{bank}.{name}")) {
                    return Err(CubinError::Unsupported {
                        kernel: name.into(),
                        what: format!("constant bank {bank} (.nv.constant{bank}.{name})"),
                    });
                }
            }
            let code = c.data(&text)?;
            spend(name, code.len().saturating_add(name.len()))?;
            let sym = c.symbol_index(name);
            let module_attr = |attr: u8| sym.and_then(|s| per_symbol.get(&(attr, s)).copied());
            let registers = match (text.sh_info >> 24, module_attr(eiattr::REGCOUNT)) {
                (0, Some(r)) => r,
                (r, _) => r,
            };
            // Sizes are checked at their full width before they are narrowed.
            let size_of = |section: String, attribute: &'static str, limit: u32| -> Result<u32, CubinError> {
                let size = c.section(&section).map_or(0, |s| s.sh_size);
                u32::try_from(size).ok().filter(|s| *s <= limit).ok_or_else(|| CubinError::AttributeLimit {
                    kernel: name.into(),
                    attribute,
                    value: size,
                    limit: limit.into(),
                })
            };
            let mut attrs = KernelAttributes {
                sm_version,
                registers,
                barriers: ((text.sh_flags >> 20) & 0x7f) as u32,
                shared_static: size_of(format!(".nv.shared.{name}"), SHARED_ATTRIBUTE, ga10b::MAX_SHARED_PER_BLOCK)?,
                shared_reserved: 0,
                cbank0_size: size_of(
                    format!(".nv.constant0.{name}"),
                    "constant bank 0 size",
                    ga10b::MAX_CONSTANT_BUFFER,
                )?,
                param_offset: 0,
                param_size: 0,
                params: Vec::new(),
                frame_size: module_attr(eiattr::FRAME_SIZE).unwrap_or(0),
                min_stack_size: module_attr(eiattr::MIN_STACK_SIZE).unwrap_or(0),
                crs_stack_size: 0,
                stack_unbounded: false,
                max_threads: None,
                required_threads: None,
            };
            // A function sharing the kernel's section (the compiler puts the
            // kernel's callees there) whose frame exceeds the kernel's whole
            // stack: only recursion leaves the stack unbounded like that.
            if let Some(s) = sym {
                let other = section_of(s).and_then(|section| frames.get(&section)).map(|top| {
                    let (frame, f) = if top[0].1 != s { top[0] } else { top[1] };
                    if f == u32::MAX {
                        0
                    } else {
                        frame
                    }
                });
                attrs.stack_unbounded = other.is_some_and(|frame| frame > attrs.min_stack_size.max(attrs.frame_size));
            }
            let info_name = format!(".nv.info.{name}");
            let mut have_cbank = false;
            if let Some(sh) = c.section(&info_name) {
                for e in info_entries(&info_name, c.data(&sh)?) {
                    let e = e?;
                    let malformed = || CubinError::Malformed(format!("{info_name}: attribute {:#x} too short", e.attr));
                    match e.attr {
                        eiattr::PARAM_CBANK => {
                            attrs.param_offset = u32::from(u16_at(e.data, 4).ok_or_else(malformed)?);
                            attrs.param_size = u32::from(u16_at(e.data, 6).ok_or_else(malformed)?);
                            have_cbank = true;
                        }
                        eiattr::CBANK_PARAM_SIZE if !have_cbank => attrs.param_size = u32::from(e.header_value),
                        eiattr::KPARAM_INFO => {
                            let ordinal = u16_at(e.data, 4).ok_or_else(malformed)?;
                            let offset = u16_at(e.data, 6).ok_or_else(malformed)?;
                            let flags = u32_at(e.data, 8).ok_or_else(malformed)?;
                            attrs.params.push(KernelParam { ordinal, offset, size: ((flags >> 18) & 0x3fff) as u16 });
                        }
                        eiattr::CRS_STACK_SIZE => attrs.crs_stack_size = u32_at(e.data, 0).ok_or_else(malformed)?,
                        eiattr::MAX_THREADS => attrs.max_threads = Some(three_u32(e.data).ok_or_else(malformed)?),
                        eiattr::REQNTID => attrs.required_threads = Some(three_u32(e.data).ok_or_else(malformed)?),
                        eiattr::RESERVED_SMEM_USED => {
                            attrs.shared_reserved = crate::hw::ga10b::RESERVED_SHARED_PER_BLOCK;
                        }
                        _ => {}
                    }
                }
            }
            attrs.params.sort_by_key(|p| p.ordinal);
            for p in &attrs.params {
                if u32::from(p.offset) + u32::from(p.size) > attrs.param_size {
                    return Err(CubinError::Malformed(format!(
                        "{name}: parameter {} at {:#x}+{} lies past the {}-byte parameter bank",
                        p.ordinal, p.offset, p.size, attrs.param_size
                    )));
                }
            }
            if attrs.registers == 0 || code.is_empty() {
                return Err(CubinError::Malformed(format!("{name}: no code or no register count")));
            }
            attrs.check_limits(name)?;
            let code = if self_contained { code.to_vec() } else { Vec::new() };
            kernels.push(KernelImage { name: name.to_string(), code, attrs });
        }
        if kernels.is_empty() {
            return Err(CubinError::Malformed("no .text.<kernel> section".into()));
        }
        Ok(Cubin { sm_version, kernels })
    }

    /// The SM version the cubin was compiled for (`major << 8 | minor`).
    pub fn sm_version(&self) -> u32 {
        self.sm_version
    }

    /// Every kernel, by name order.
    pub fn kernels(&self) -> &[KernelImage] {
        &self.kernels
    }

    /// The kernel called `name`.
    pub fn kernel(&self, name: &str) -> Result<&KernelImage, CubinError> {
        self.kernels.iter().find(|k| k.name == name).ok_or_else(|| CubinError::NoSuchKernel {
            name: name.into(),
            available: self.kernels.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", "),
        })
    }

    /// Refuse code for another SM than `sm_version` (`major << 8 | minor`).
    pub fn check_architecture(&self, sm_version: u32) -> Result<(), CubinError> {
        if self.sm_version != sm_version {
            return Err(CubinError::WrongArchitecture { found: self.sm_version, wanted: sm_version });
        }
        Ok(())
    }
}
