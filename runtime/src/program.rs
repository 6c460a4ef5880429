//! [`Program`]: kernel code in GPU memory, its attributes and the QMD its
//! launches start from.

use std::sync::Arc;

use gpuiface_hal::codec::qmd::Qmd;
use gpuiface_hal::cubin::KernelAttributes;
use gpuiface_hal::{Buffer, Result};

use crate::launch::Arg;

/// A program (kernel code) in GPU memory, with what its launches need: the
/// kernel's attributes and the QMD every launch starts from (built once,
/// at load). Cheap to clone.
#[derive(Clone)]
pub struct Program {
    inner: Arc<ProgramInner>,
}

struct ProgramInner {
    /// Counts the program in its runtime's [`Runtime::live`](crate::Runtime::live).
    live: Option<crate::lifetimes::LiveToken>,
    buffer: Buffer,
    name: String,
    attrs: KernelAttributes,
    qmd: Qmd,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("name", &self.inner.name)
            .field("gpu_va", &format_args!("{:#x}", self.inner.buffer.gpu_va()))
            .field("registers", &self.inner.attrs.registers)
            .field("param_size", &self.inner.attrs.param_size)
            .finish()
    }
}

impl PartialEq for Program {
    fn eq(&self, other: &Self) -> bool {
        self.inner.buffer == other.inner.buffer && self.inner.name == other.inner.name
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
        Program { inner: Arc::new(ProgramInner { live: None, buffer, name, attrs, qmd }) }
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
        self.inner.buffer.gpu_va()
    }
    /// The buffer.
    pub fn buffer(&self) -> &Buffer {
        &self.inner.buffer
    }
    /// Give the buffer back (to free it), if this is the program's last
    /// handle; otherwise the program back.
    pub fn into_buffer(self) -> std::result::Result<Buffer, Program> {
        match Arc::try_unwrap(self.inner) {
            Ok(inner) => Ok(inner.buffer),
            Err(inner) => Err(Program { inner }),
        }
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
    /// Lay `args` out as this kernel's parameter bank (each at the offset
    /// and with the size its cubin gives), ready for [`Queue::launch`](super::Queue::launch).
    pub fn pack_args(&self, args: &[Arg]) -> Result<Vec<u8>> {
        super::launch::pack_args(&self.inner.name, &self.inner.attrs.params, self.inner.attrs.param_size, args)
    }
}
