//! [`Program`]: kernel code in GPU memory, its attributes and the QMD its
//! launches start from. The code is the program's own buffer, or a kernel
//! of a [`Module`](crate::Module) whose image it keeps alive.

use std::sync::{Arc, OnceLock};

use gpuiface_hal::codec::qmd::Qmd;
use gpuiface_hal::cubin::KernelAttributes;
use gpuiface_hal::{Buffer, Result};

use crate::launch::Arg;
use crate::launch_image::LaunchImage;
use crate::queue::LaunchDims;

/// A program (kernel code) in GPU memory, with what its launches need: the
/// kernel's attributes and the QMD every launch starts from (built once,
/// at load). Cheap to clone.
#[derive(Clone)]
pub struct Program {
    inner: Arc<ProgramInner>,
}

struct ProgramInner {
    /// Unique per program (never reused): names its launches in a runtime's
    /// cache of one-shot submission shapes, where no later program may be
    /// taken for it.
    uid: u64,
    /// Counts the program in its runtime's [`Runtime::live`](crate::Runtime::live).
    live: Option<crate::lifetimes::LiveToken>,
    code: Code,
    name: String,
    attrs: KernelAttributes,
    qmd: Qmd,
    /// The images of the first [`KEPT_LAUNCHES`] distinct checked launches
    /// ([`Program::launch_image`]): each slot is set once, then only read,
    /// so threads sharing the program read them with no lock. Boxed: a
    /// program that launches one way pays for one image.
    launches: [OnceLock<Box<LaunchImage>>; KEPT_LAUNCHES],
}

/// Distinct launches (dimensions, argument length) a program keeps the
/// image of: a kernel launched at a few sizes in turn (a batch and its
/// remainder, two tile shapes) reuses each; launches past these are checked
/// and built every time.
pub(crate) const KEPT_LAUNCHES: usize = 4;

/// A launch's image: the program's kept one, or one built for this launch
/// (boxed: the common, kept case stays a pointer wide).
pub(crate) enum Image<'a> {
    /// The program's kept image.
    Kept(&'a LaunchImage),
    /// Built for this launch alone.
    Built(Box<LaunchImage>),
}

impl std::ops::Deref for Image<'_> {
    type Target = LaunchImage;
    fn deref(&self) -> &LaunchImage {
        match self {
            Image::Kept(i) => i,
            Image::Built(i) => i,
        }
    }
}

/// Where a program's code lives.
enum Code {
    /// A buffer of its own, freed with the program.
    Own(Buffer),
    /// A kernel of a module at `offset` in the module's image: the module's
    /// memory stays allocated while this program lives.
    Module { module: Arc<crate::module::ModuleInner>, offset: u64 },
}

impl Code {
    fn buffer(&self) -> &Buffer {
        match self {
            Code::Own(b) => b,
            Code::Module { module, .. } => &module.buffer,
        }
    }
    fn gpu_va(&self) -> u64 {
        match self {
            Code::Own(b) => b.gpu_va(),
            Code::Module { module, offset } => module.buffer.gpu_va() + offset,
        }
    }
}

/// What releasing a program's last handle gives back.
pub(crate) enum Released {
    /// Its memory, to free: its own buffer, or its module's when nothing else used the module.
    Memory(Buffer),
    /// Nothing to free: the module it belongs to is still in use.
    ModuleInUse,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("name", &self.inner.name)
            .field("gpu_va", &format_args!("{:#x}", self.inner.code.gpu_va()))
            .field("registers", &self.inner.attrs.registers)
            .field("param_size", &self.inner.attrs.param_size)
            .finish()
    }
}

impl PartialEq for Program {
    fn eq(&self, other: &Self) -> bool {
        self.inner.code.buffer() == other.inner.code.buffer() && self.inner.name == other.inner.name
    }
}
impl Eq for Program {}

impl Program {
    /// Wrap a buffer holding raw code (a closure kernel on the mock): the
    /// attributes are [`launch::raw_program_attributes`](super::launch::raw_program_attributes).
    pub fn new(buffer: Buffer) -> Self {
        let attrs = super::launch::raw_program_attributes();
        // The raw attributes are in range (checked by this module's tests).
        Self::build(buffer, "<raw>".into(), attrs, 0)
    }

    /// A program whose `code_len` bytes of code at the start of `buffer`
    /// have the attributes `attrs`; attributes out of ga10b's range
    /// ([`launch::check_attributes`](super::launch::check_attributes)) are
    /// an `InvalidArgument` error naming the attribute, and the buffer is
    /// given back in the error's place: `Err((error, buffer))`.
    pub fn with_attributes(
        buffer: Buffer,
        name: String,
        attrs: KernelAttributes,
        code_len: u64,
    ) -> std::result::Result<Self, (gpuiface_hal::Error, Buffer)> {
        if let Err(e) = super::launch::check_attributes(&name, &attrs) {
            return Err((e, buffer));
        }
        Ok(Self::build(buffer, name, attrs, code_len))
    }

    fn build(buffer: Buffer, name: String, attrs: KernelAttributes, code_len: u64) -> Self {
        let qmd = super::launch::qmd_template(&attrs, buffer.gpu_va(), code_len);
        Program {
            inner: Arc::new(ProgramInner {
                uid: crate::queue::NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                live: None,
                code: Code::Own(buffer),
                name,
                attrs,
                qmd,
                launches: Default::default(),
            }),
        }
    }

    /// A kernel of a module: its code at `offset` in the module's image,
    /// and the QMD template `qmd` (with the module's constant banks bound).
    pub(crate) fn in_module(
        module: Arc<crate::module::ModuleInner>,
        offset: u64,
        name: String,
        attrs: KernelAttributes,
        qmd: Qmd,
    ) -> Self {
        Program {
            inner: Arc::new(ProgramInner {
                uid: crate::queue::NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                live: None,
                code: Code::Module { module, offset },
                name,
                attrs,
                qmd,
                launches: Default::default(),
            }),
        }
    }

    /// Count this (just made) program in a runtime's live programs.
    pub(crate) fn counted(mut self, token: crate::lifetimes::LiveToken) -> Self {
        if let Some(inner) = Arc::get_mut(&mut self.inner) {
            inner.live = Some(token);
        }
        self
    }
    /// GPU address of the code.
    pub fn gpu_va(&self) -> u64 {
        self.inner.code.gpu_va()
    }
    /// The buffer holding the code: the program's own, or for a module's
    /// kernel the module's whole image.
    pub fn buffer(&self) -> &Buffer {
        self.inner.code.buffer()
    }
    /// Give the buffer back (to free it), if this is the last handle of the
    /// program and of the code's memory (a module's kernel: no other
    /// program of the module and no [`Module`](crate::Module) handle
    /// lives); otherwise the program back.
    pub fn into_buffer(self) -> std::result::Result<Buffer, Program> {
        let inner = Arc::try_unwrap(self.inner).map_err(|inner| Program { inner })?;
        match inner.code {
            Code::Own(buffer) => Ok(buffer),
            Code::Module { module, offset } => match Arc::try_unwrap(module) {
                Ok(m) => Ok(m.into_buffer()),
                Err(module) => {
                    Err(Program { inner: Arc::new(ProgramInner { code: Code::Module { module, offset }, ..inner }) })
                }
            },
        }
    }
    /// Release the last handle: its memory to free, or nothing when the
    /// module it belongs to is still in use; the program back if it has
    /// other handles.
    pub(crate) fn release(self) -> std::result::Result<Released, Program> {
        let inner = Arc::try_unwrap(self.inner).map_err(|inner| Program { inner })?;
        Ok(match inner.code {
            Code::Own(buffer) => Released::Memory(buffer),
            Code::Module { module, .. } => match Arc::try_unwrap(module) {
                Ok(m) => Released::Memory(m.into_buffer()),
                Err(_) => Released::ModuleInUse,
            },
        })
    }
    /// Unique per program, never reused.
    #[inline]
    pub(crate) fn uid(&self) -> u64 {
        self.inner.uid
    }
    /// The kernel's name (`"<raw>"` for raw code).
    pub fn name(&self) -> &str {
        &self.inner.name
    }
    /// The kernel's attributes, from its cubin.
    pub fn attributes(&self) -> &KernelAttributes {
        &self.inner.attrs
    }
    /// The QMD every launch of this program starts from.
    pub fn qmd_template(&self) -> &Qmd {
        &self.inner.qmd
    }
    /// The checked image of a launch with `dims` and `args_len` bytes of
    /// arguments: one the program keeps when it is of the same launch (no
    /// check, no rebuild: the checks depend on nothing else), else checked
    /// and built here, and kept in the first free slot of
    /// [`KEPT_LAUNCHES`]. A launch the checks refuse is an error and is
    /// never kept.
    pub(crate) fn launch_image(&self, dims: &LaunchDims, args_len: usize) -> Result<Image<'_>> {
        let slots = &self.inner.launches;
        let mut free = None;
        for slot in slots {
            match slot.get() {
                Some(kept) if kept.matches(dims, args_len) => return Ok(Image::Kept(kept)),
                Some(_) => {}
                None => {
                    free = Some(slot);
                    break;
                }
            }
        }
        let image = Box::new(LaunchImage::checked(self, dims, args_len)?);
        let Some(slot) = free else { return Ok(Image::Built(image)) };
        // Another thread may have kept another launch's image there meanwhile:
        // this one is then built for this launch alone (kept at its next miss).
        match slot.set(image) {
            Ok(()) => match slot.get() {
                Some(kept) => Ok(Image::Kept(kept)),
                None => LaunchImage::checked(self, dims, args_len).map(|i| Image::Built(Box::new(i))),
            },
            Err(image) => Ok(Image::Built(image)),
        }
    }
    /// Lay `args` out as this kernel's parameter bank (each at the offset
    /// and with the size its cubin gives), ready for [`Queue::launch`](super::Queue::launch).
    pub fn pack_args(&self, args: &[Arg]) -> Result<Vec<u8>> {
        super::launch::pack_args(&self.inner.name, &self.inner.attrs.params, self.inner.attrs.param_size, args)
    }
}
