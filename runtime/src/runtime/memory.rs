//! Copies between host and GPU memory, program loading and the compute
//! engine's local memory.

use gpuiface_hal::{AllocRequest, Buffer, Error, GpuIface, Result};

use super::{LocalMemory, Runtime};
use crate::encode::Cmd;
use crate::program::{Program, Released};
use crate::queue::Queue;
use crate::queue::QueueKind;

impl<I: GpuIface> Runtime<I> {
    /// Free a buffer once the GPU is done with it: waits for this
    /// runtime's submitted work that may touch it
    /// ([`Runtime::wait_for_buffer`]), then frees it on the device.
    ///
    /// Work this wait cannot see (another runtime's, a raw submit's) is the
    /// device's to guard: the nvgpu backend keeps freed memory mapped until
    /// every channel's work published before the free is done, so no new
    /// buffer lands where that work can still reach
    /// ([`LiveCounts::deferred_frees`](gpuiface_hal::LiveCounts::deferred_frees)
    /// counts such memory).
    ///
    /// After a fault of this runtime's own channel, the work queued there
    /// never runs: the buffer is freed (issue 22, hole 7). When the wait
    /// fails otherwise (a timeout, or another runtime's channel faulted
    /// while this one's work may still run), the error is returned and the
    /// buffer is still freed: the device keeps its memory until that work
    /// is done or its channel is closed.
    pub fn free(&self, buffer: Buffer) -> Result<()> {
        self.check_owned("Runtime::free", &buffer)?;
        let waited = self.wait_touching(&buffer, true);
        let freed = self.iface.free(buffer);
        waited.and(freed)
    }

    /// Upload raw code into GPU memory (a closure kernel on the mock; see
    /// [`Program::new`] for the attributes its launches get). Real kernels
    /// come from a cubin: [`Runtime::load_kernel`].
    pub fn load_program(&self, code: &[u8]) -> Result<Program> {
        let buffer = self.upload_code("Runtime::load_program", code)?;
        Ok(Program::new(buffer).counted(crate::lifetimes::LiveToken::new(&self.counters.programs)))
    }

    /// Load kernel `name` from a cubin: its code (followed by the prefetch
    /// pad), its attributes, and the QMD its launches start from. A kernel
    /// that needs local memory grows the runtime's local memory first.
    ///
    /// The cubin is loaded as a module ([`Runtime::load_module`]) of which
    /// only this kernel is kept: its globals and constant data come along,
    /// and the module's memory is freed with the program
    /// ([`Runtime::free_program`]). To launch several kernels of one cubin,
    /// load the module once and look each up with [`Module::kernel`](crate::Module::kernel).
    ///
    /// ```
    /// # use gpuiface_runtime::{Runtime, Queue, LaunchDims, Arg};
    /// # fn f<I: gpuiface_hal::GpuIface>(rt: &Runtime<I>, cubin: &[u8], out_va: u64) -> gpuiface_hal::Result<()> {
    /// let fill = rt.load_kernel(cubin, "fill")?;
    /// let args = fill.pack_args(&[Arg::U64(out_va), Arg::U32(1000), Arg::U32(3)])?;
    /// let mut q = Queue::compute();
    /// q.launch(&fill, LaunchDims::new([8, 1, 1], [128, 1, 1]), &args);
    /// rt.submit(&q, &[])?;
    /// # Ok(()) }
    /// ```
    pub fn load_kernel(&self, cubin: &[u8], name: &str) -> Result<Program> {
        // Refuse an unknown name or bad attributes before anything is allocated.
        let image = gpuiface_hal::cubin::ModuleImage::parse(cubin)?;
        image.check_architecture(self.iface.info().sm_version)?;
        {
            let k = image.kernel(name)?;
            crate::launch::check_attributes(&k.name, &k.attrs)?;
        }
        let module = self.load_module_image(image)?;
        let program = module.kernel(name);
        match program {
            Ok(p) => Ok(p.counted(crate::lifetimes::LiveToken::new(&self.counters.programs))),
            Err(e) => {
                let _ = self.free_module(module);
                Err(e)
            }
        }
    }

    fn upload_code(&self, op: &'static str, code: &[u8]) -> Result<Buffer> {
        if code.is_empty() {
            return Err(Error::invalid(op, "empty program"));
        }
        let size = code.len() as u64 + gpuiface_hal::hw::ga10b::PROGRAM_PREFETCH_PAD;
        let buffer = self.iface.alloc(AllocRequest::new(size).align(gpuiface_hal::hw::ga10b::LOADER_PROGRAM_ALIGN))?;
        // A buffer allocated just now holds nothing the GPU could be using:
        // write it directly rather than wait for unrelated work.
        let written = match buffer.cpu() {
            Some(_) if self.iface.info().io_coherent => buffer.write(0, code),
            _ => self.copyin_staged(&buffer, 0, code),
        };
        if let Err(e) = written {
            let _ = self.iface.free(buffer);
            return Err(e);
        }
        Ok(buffer)
    }

    /// Free a program's memory (after synchronizing: a launch may still
    /// read it). A program with other live clones is not freed: an
    /// [`ErrorKind::Busy`](gpuiface_hal::ErrorKind::Busy) error, the memory kept.
    /// A kernel of a [`Module`](crate::Module) frees the module's memory
    /// when it was the module's last user (a [`Runtime::load_kernel`]
    /// program); while the module or its other programs live, the handle
    /// is only dropped and the memory stays theirs.
    pub fn free_program(&self, program: Program) -> Result<()> {
        self.check_owned("Runtime::free_program", program.buffer())?;
        let released = program.release().map_err(|p| {
            Error::busy(
                "Runtime::free_program",
                format!("{} has other clones still in use (drop the queues that launch it first)", p.name()),
            )
        })?;
        match released {
            Released::Memory(buffer) => {
                // A faulted channel of this runtime runs nothing more: free then too.
                // On a timeout the device still keeps the memory until no work can reach it.
                let waited = self.synchronize_or_dead();
                let freed = self.iface.free(buffer);
                waited.and(freed)
            }
            Released::ModuleInUse => Ok(()),
        }
    }

    /// Refuse another device's buffer and a range outside the buffer.
    fn check_range(&self, op: &'static str, buffer: &Buffer, offset: u64, len: u64) -> Result<()> {
        self.check_owned(op, buffer)?;
        buffer.check_range(op, offset, len)
    }

    /// Copy host bytes into a buffer. On an IO-coherent device with a CPU
    /// mapping: wait for the work that may touch the buffer
    /// ([`Runtime::wait_for_buffer`]), then one memmove through the shared
    /// address (seed 002); otherwise through the copy engine and a staging buffer.
    pub fn copyin(&self, dst: &Buffer, offset: u64, src: &[u8]) -> Result<()> {
        self.check_range("Runtime::copyin", dst, offset, src.len() as u64)?;
        if src.is_empty() {
            return Ok(());
        }
        match dst.cpu() {
            Some(view) if self.iface.info().io_coherent => {
                // Wait for in-flight GPU work on `dst` before overwriting it.
                self.wait_for_buffer(dst)?;
                view.write(offset, src)
            }
            _ => self.copyin_staged(dst, offset, src),
        }
    }

    /// Copy a buffer's bytes out to host memory (direct on IO-coherent devices).
    pub fn copyout(&self, dst: &mut [u8], src: &Buffer, offset: u64) -> Result<()> {
        self.check_range("Runtime::copyout", src, offset, dst.len() as u64)?;
        if dst.is_empty() {
            return Ok(());
        }
        match src.cpu() {
            Some(view) if self.iface.info().io_coherent => {
                // Wait for GPU writes to `src` to land before reading.
                self.wait_for_buffer(src)?;
                view.read(offset, dst)
            }
            _ => self.copyout_staged(dst, src, offset),
        }
    }

    const STAGING: u64 = 2 << 20;

    /// Copy host bytes into a buffer through the copy engine (DMA staging).
    pub fn copyin_staged(&self, dst: &Buffer, offset: u64, src: &[u8]) -> Result<()> {
        self.check_range("Runtime::copyin_staged", dst, offset, src.len() as u64)?;
        let staging = self.iface.alloc(AllocRequest::new(Self::STAGING.min(src.len().max(1) as u64)).host())?;
        let res = (|| {
            for (i, chunk) in src.chunks(staging.size() as usize).enumerate() {
                self.synchronize()?;
                staging.write(0, chunk)?;
                let mut q = Queue::copy_queue();
                q.copy(dst.gpu_va() + offset + (i as u64) * staging.size(), staging.gpu_va(), chunk.len() as u64);
                self.submit(&q, &[])?;
            }
            self.synchronize()
        })();
        let freed = self.iface.free(staging);
        res.and(freed)
    }

    /// Copy a buffer out through the copy engine (DMA staging).
    pub fn copyout_staged(&self, dst: &mut [u8], src: &Buffer, offset: u64) -> Result<()> {
        self.check_range("Runtime::copyout_staged", src, offset, dst.len() as u64)?;
        let staging = self.iface.alloc(AllocRequest::new(Self::STAGING.min(dst.len().max(1) as u64)).host())?;
        let res = (|| {
            let step = staging.size() as usize;
            for (i, chunk) in dst.chunks_mut(step).enumerate() {
                let mut q = Queue::copy_queue();
                q.copy(staging.gpu_va(), src.gpu_va() + offset + (i * step) as u64, chunk.len() as u64);
                self.submit(&q, &[])?;
                self.synchronize()?;
                staging.read(0, chunk)?;
            }
            Ok(())
        })();
        let freed = self.iface.free(staging);
        res.and(freed)
    }

    /// Make sure the local memory holds `per_thread` bytes per thread: a
    /// launch of a program loaded on another runtime (whose loading grew
    /// that runtime's local memory, not this one's) gets it here too.
    #[inline]
    pub(crate) fn ensure_local_for(&self, per_thread: u32) -> Result<()> {
        if per_thread > self.local_per_thread.load(std::sync::atomic::Ordering::Acquire) {
            self.grow_local_for(per_thread)?;
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn grow_local_for(&self, per_thread: u32) -> Result<()> {
        self.ensure_local_memory(per_thread).map(drop)
    }

    /// The local memory bound to the compute engine, if any.
    pub fn local_memory(&self) -> Option<LocalMemory> {
        self.local_memory.lock().unwrap_or_else(|p| p.into_inner()).as_ref().map(|(_, lm)| lm.clone())
    }

    /// Make sure the compute engine has at least `per_thread` bytes of
    /// shader local memory per thread, for every warp slot of every SM, and
    /// return what is bound. Growing allocates a new buffer, binds it with
    /// `SET_SHADER_LOCAL_MEMORY_A/B` and `..._NON_THROTTLED_A/B/C` on the
    /// compute channel, synchronizes, and only then frees the old buffer:
    /// launches submitted before the rebinding may still use it (seed 002).
    pub fn ensure_local_memory(&self, per_thread: u32) -> Result<LocalMemory> {
        use gpuiface_hal::hw::ga10b;
        if per_thread > ga10b::MAX_LOCAL_PER_THREAD {
            return Err(Error::invalid(
                "Runtime::ensure_local_memory",
                format!(
                    "{per_thread:#x} bytes per thread exceed the {:#x}-byte local window",
                    ga10b::MAX_LOCAL_PER_THREAD
                ),
            ));
        }
        let mut lm = self.local_memory.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, cur)) = lm.as_ref() {
            if cur.per_thread >= per_thread {
                return Ok(cur.clone());
            }
        }
        let per_thread = per_thread.max(1).next_multiple_of(ga10b::LOCAL_PER_THREAD_ALIGN);
        // Warp slots per SM: the device's report (96 on an Orin), never
        // fewer than CUDA's 48 — sizing from the larger never undersizes
        // (issue 21 item 3; the runtime that works on Orins does the same).
        let warps = self.iface.info().limits.sizing_warps_per_sm();
        let per_tpc = ga10b::local_bytes_per_tpc_for(per_thread, warps);
        let tpcs = u64::from(self.iface.info().num_tpc.max(1));
        let size = (per_tpc * tpcs).next_multiple_of(1 << 17);
        let buffer = self.iface.alloc(AllocRequest::new(size).gpu_only())?;
        // What runs on Orins (0xff), not the unproven exact SM count (issue 21 item 5).
        let max_sm_count = ga10b::PROVEN_LOCAL_MAX_SM_COUNT;
        let mut q = Queue::compute();
        q.cmds.push(Cmd::Method64 {
            method: gpuiface_hal::classes::compute::SET_SHADER_LOCAL_MEMORY_A,
            value: buffer.gpu_va(),
        });
        q.cmds.push(Cmd::Method64 {
            method: gpuiface_hal::classes::compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A,
            value: per_tpc,
        });
        q.cmds.push(Cmd::Method32 {
            method: gpuiface_hal::classes::compute::SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C,
            value: max_sm_count,
        });
        let compute = &self.timelines[QueueKind::Compute.index()];
        let bound = self.submit(&q, &[]).and_then(|v| self.iface.signal_wait(compute, v, self.wait_timeout()));
        if let Err(e) = bound {
            let _ = self.iface.free(buffer);
            return Err(e);
        }
        let new = LocalMemory { gpu_va: buffer.gpu_va(), size: buffer.size(), per_thread, per_tpc, max_sm_count };
        self.local_per_thread.store(per_thread, std::sync::atomic::Ordering::Release);
        if let Some((old, _)) = lm.replace((buffer, new.clone())) {
            self.iface.free(old)?;
        }
        Ok(new)
    }
}
