//! Loading and freeing modules: one upload of a cubin's image, relocated
//! for its GPU address ([`Module`]).

use gpuiface_hal::cubin::ModuleImage;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{AllocRequest, Buffer, Error, GpuIface, Result};

use super::Runtime;
use crate::module::Module;

/// Zeros are written in pieces of this size (the zero-initialised globals
/// may be large; the host never holds them whole).
const ZERO_CHUNK: usize = 1 << 20;

impl<I: GpuIface> Runtime<I> {
    /// Load a module: every kernel, device function, global variable and
    /// constant bank of `cubin`, uploaded once as one image, relocated for
    /// its GPU address, zero-initialised globals zeroed. Look kernels up
    /// with [`Module::kernel`]. Local memory grows first for the module's
    /// largest stack. What the loader refuses (relocatable objects, unknown
    /// relocation kinds, …) is an [`Error::Unsupported`] naming it
    /// ([`ModuleImage`]'s docs list it).
    pub fn load_module(&self, cubin: &[u8]) -> Result<Module> {
        self.load_module_image(ModuleImage::parse(cubin)?)
    }

    /// [`Runtime::load_module`] of an image already parsed.
    pub fn load_module_image(&self, image: ModuleImage) -> Result<Module> {
        image.check_architecture(self.iface.info().sm_version)?;
        let per_thread = image.kernels().iter().map(|k| k.attrs.local_memory_per_thread()).max().unwrap_or(0);
        if per_thread > 0 {
            self.ensure_local_memory(per_thread)?;
        }
        let buffer = self.iface.alloc(AllocRequest::new(image.len()).align(ga10b::PROGRAM_ALIGN))?;
        match self.upload_image(&buffer, &image) {
            Ok(()) => Ok(Module::new(buffer, image, crate::lifetimes::ImageToken::new(&self.counters.modules))),
            Err(e) => {
                let _ = self.iface.free(buffer);
                Err(e)
            }
        }
    }

    /// Write the relocated image and zero the rest of `buffer`'s image range.
    fn upload_image(&self, buffer: &Buffer, image: &ModuleImage) -> Result<()> {
        let bytes = image.relocated(buffer.gpu_va())?;
        let zeros = vec![0u8; ZERO_CHUNK.min((image.len() - image.file_len()) as usize)];
        // A buffer allocated just now holds nothing the GPU could be using:
        // write it directly rather than wait for unrelated work.
        let direct = buffer.cpu().is_some() && self.iface.info().io_coherent;
        let write = |at: u64, data: &[u8]| {
            if direct {
                buffer.write(at, data)
            } else {
                self.copyin_staged(buffer, at, data)
            }
        };
        write(0, &bytes)?;
        let mut at = image.file_len();
        while at < image.len() {
            let n = zeros.len().min((image.len() - at) as usize);
            write(at, &zeros[..n])?;
            at += n as u64;
        }
        Ok(())
    }

    /// Free a module's memory (after synchronizing: a launch may still run
    /// its code or use its data). A module whose programs (or other
    /// handles) still live is not freed: an
    /// [`ErrorKind::Busy`](gpuiface_hal::ErrorKind::Busy) error, the memory
    /// kept; drop the programs and the queues that launch them first.
    ///
    /// After a fault of this runtime's channel, whose queued work never
    /// runs, the module is freed as [`Runtime::free`] and
    /// [`Runtime::free_program`] free. When the wait fails otherwise (a
    /// timeout), the error is returned and the memory is still given to the
    /// device, which keeps it until no work submitted before the free can
    /// reach it ([`LiveCounts::deferred_frees`](gpuiface_hal::LiveCounts::deferred_frees)).
    pub fn free_module(&self, module: Module) -> Result<()> {
        self.check_owned("Runtime::free_module", module.buffer())?;
        let buffer = module.into_buffer().map_err(|m| {
            Error::busy(
                "Runtime::free_module",
                format!("the module of {:?} has programs or handles still in use", m.kernel_names()),
            )
        })?;
        let waited = self.synchronize_or_dead();
        let freed = self.iface.free(buffer);
        waited.and(freed)
    }
}
