//! [`Module`]: a cubin's kernels and data in GPU memory.

use std::sync::Arc;

use gpuiface_hal::cubin::{ModuleImage, ModuleKernel};
use gpuiface_hal::{Buffer, Result};

use crate::program::Program;

/// A cubin's kernels, device functions, global variables and
/// constant data in GPU memory, uploaded once and relocated for their
/// address ([`Runtime::load_module`](crate::Runtime::load_module)).
///
/// The image is [`ModuleImage`]'s layout: code, then the constant banks
/// and initialised globals, then the zero-initialised globals. Each kernel
/// looked up with [`Module::kernel`] is a [`Program`] whose QMD binds the
/// module's constant banks (and the kernel's own) as constant buffers 1 to 7;
/// bank 0 is each launch's. A program keeps its module's memory alive:
/// [`Runtime::free_module`](crate::Runtime::free_module) refuses a module
/// whose programs still live (in the caller's hands or in queues), as
/// [`Runtime::free_program`](crate::Runtime::free_program) refuses a
/// program with live clones.
///
/// Cheap to clone.
///
/// ```
/// # use gpuiface_runtime::Runtime;
/// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, cubin: &[u8]) -> gpuiface_hal::Result<()> {
/// let module = rt.load_module(cubin)?;
/// let scale = module.kernel("mod_scale")?;
/// let lookup = module.kernel("mod_lookup")?;
/// let counter_va = module.symbol_va("counter"); // a global's GPU address
/// assert_eq!(scale.buffer(), lookup.buffer()); // one image holds both
/// # let _ = counter_va;
/// drop((scale, lookup));
/// rt.free_module(module)?;
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Module {
    pub(crate) inner: Arc<ModuleInner>,
}

pub(crate) struct ModuleInner {
    pub(crate) buffer: Buffer,
    pub(crate) image: ModuleImage,
    /// Counts the image in its runtime's `live().modules` until freed.
    token: crate::lifetimes::ImageToken,
}

impl ModuleInner {
    /// The image's buffer, to be freed (the image no longer counts).
    pub(crate) fn into_buffer(self) -> Buffer {
        self.token.release();
        self.buffer
    }
}

impl std::fmt::Debug for Module {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Module")
            .field("gpu_va", &format_args!("{:#x}", self.gpu_va()))
            .field("size", &self.inner.image.len())
            .field("kernels", &self.kernel_names())
            .finish()
    }
}

impl Module {
    pub(crate) fn new(buffer: Buffer, image: ModuleImage, token: crate::lifetimes::ImageToken) -> Self {
        Module { inner: Arc::new(ModuleInner { buffer, image, token }) }
    }

    /// GPU address of the image (its first kernel's code).
    pub fn gpu_va(&self) -> u64 {
        self.inner.buffer.gpu_va()
    }
    /// The buffer holding the image: globals may be read and written
    /// through it ([`Runtime::copyout`](crate::Runtime::copyout) at
    /// [`symbol_offset`](Self::symbol_offset)).
    pub fn buffer(&self) -> &Buffer {
        &self.inner.buffer
    }
    /// The layout the image was uploaded with.
    pub fn image(&self) -> &ModuleImage {
        &self.inner.image
    }
    /// The names of the module's kernels.
    pub fn kernel_names(&self) -> Vec<&str> {
        self.inner.image.kernels().iter().map(|k| k.name.as_str()).collect()
    }
    /// Offset in the image of a global or `__constant__` variable.
    pub fn symbol_offset(&self, name: &str) -> Option<u64> {
        self.inner.image.symbol(name).map(|s| s.offset)
    }
    /// GPU address of a global or `__constant__` variable.
    pub fn symbol_va(&self, name: &str) -> Option<u64> {
        self.symbol_offset(name).map(|o| self.gpu_va() + o)
    }

    /// Kernel `name` as a program: its code in this module's image and a
    /// QMD template that binds the kernel's constant banks. The program
    /// keeps the module's memory alive.
    pub fn kernel(&self, name: &str) -> Result<Program> {
        let k = self.inner.image.kernel(name)?;
        Ok(self.program(k))
    }

    fn program(&self, k: &ModuleKernel) -> Program {
        let code_va = self.gpu_va() + k.code_offset;
        let mut qmd = crate::launch::qmd_template(&k.attrs, code_va, k.code_len);
        for b in &k.banks {
            qmd.set_constant_buffer(b.bank, self.gpu_va() + b.offset, b.size);
        }
        Program::in_module(self.inner.clone(), k.code_offset, k.name.clone(), k.attrs.clone(), qmd)
    }

    /// Give the buffer back (to free it) if no program of the module and
    /// no other handle lives; otherwise the module back.
    pub(crate) fn into_buffer(self) -> std::result::Result<Buffer, Module> {
        Arc::try_unwrap(self.inner).map(ModuleInner::into_buffer).map_err(|inner| Module { inner })
    }
}
