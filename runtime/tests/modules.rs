//! Modules on the mock: one upload of `kernels/ptx/module_ops.ptx`'s image,
//! its relocations as they land in GPU memory, the constant banks each
//! kernel's QMD binds, and a module's lifetime against its programs.
//!
//! These tests check the bytes in GPU memory and the QMD fields a launch
//! carries; `module_runs.rs` runs the kernels on the mock's interpreter.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use gpuiface_hal::codec::qmd::Qmd;
use gpuiface_hal::cubin::ModuleImage;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::*;
use gpuiface_kernels::MODULE_OPS;
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{launch, LaunchDims, Queue, Runtime};

/// A backend that counts allocations and frees, delegating to the mock.
struct Counting {
    dev: MockDevice,
    allocs: AtomicUsize,
    frees: AtomicUsize,
}

impl GpuIface for Counting {
    fn info(&self) -> &DeviceInfo {
        self.dev.info()
    }
    fn alloc(&self, request: AllocRequest) -> Result<Buffer> {
        self.allocs.fetch_add(1, Ordering::SeqCst);
        self.dev.alloc(request)
    }
    fn free(&self, buffer: Buffer) -> Result<()> {
        self.frees.fetch_add(1, Ordering::SeqCst);
        self.dev.free(buffer)
    }
    fn map(&self, memory: ForeignMemory<'_>) -> Result<Buffer> {
        self.dev.map(memory)
    }
    fn rm_alloc(&self, parent: RmHandle, class: RmClass, params: &RmAllocParams) -> Result<RmHandle> {
        self.dev.rm_alloc(parent, class, params)
    }
    fn rm_control(&self, object: RmHandle, control: &mut RmControl) -> Result<()> {
        self.dev.rm_control(object, control)
    }
    fn rm_free(&self, object: RmHandle) -> Result<()> {
        self.dev.rm_free(object)
    }
    fn setup_usermode(&self) -> Result<UsermodeRegs> {
        self.dev.setup_usermode()
    }
    fn submit(&self, channel: RmHandle, entries: &[GpFifoEntry]) -> Result<()> {
        self.dev.submit(channel, entries)
    }
    fn signal_alloc(&self) -> Result<Signal> {
        self.dev.signal_alloc()
    }
    fn signal_wait(&self, signal: &Signal, value: u64, timeout: Duration) -> Result<()> {
        self.dev.signal_wait(signal, value, timeout)
    }
}

fn runtime() -> Runtime<Counting> {
    let dev = MockDevice::open_default().expect("mock device");
    Runtime::new(Counting { dev, allocs: AtomicUsize::new(0), frees: AtomicUsize::new(0) }).expect("runtime")
}

fn counts(rt: &Runtime<Counting>) -> (usize, usize) {
    (rt.iface().allocs.load(Ordering::SeqCst), rt.iface().frees.load(Ordering::SeqCst))
}

fn image() -> ModuleImage {
    ModuleImage::parse(MODULE_OPS.cubin).unwrap()
}

fn offset_of(name: &str) -> u64 {
    image().sections().iter().find(|p| p.name == name).unwrap().offset
}

#[test]
fn a_module_of_three_kernels_is_uploaded_once() {
    let rt = runtime();
    let (allocs, _) = counts(&rt);
    let module = rt.load_module(MODULE_OPS.cubin).unwrap();
    assert_eq!(counts(&rt).0 - allocs, 1, "one allocation for the whole module");
    assert!(module.buffer().size() >= image().len());
    let programs: Vec<_> = MODULE_OPS.kernels.iter().map(|k| module.kernel(k).unwrap()).collect();
    assert_eq!(counts(&rt).0 - allocs, 1, "looking kernels up allocates nothing");
    for p in &programs {
        let k = image().kernel(p.name()).unwrap().clone();
        assert_eq!(p.gpu_va(), module.gpu_va() + k.code_offset, "{}", p.name());
        assert_eq!(p.gpu_va() % ga10b::PROGRAM_ALIGN, 0);
        assert_eq!(p.buffer(), module.buffer(), "{}: the module's memory", p.name());
        assert_eq!(p.qmd_template().program_address(), p.gpu_va());
        // The code in GPU memory is the kernel's, byte for byte.
        let mut code = vec![0u8; k.code_len as usize];
        rt.copyout(&mut code, module.buffer(), k.code_offset).unwrap();
        assert_eq!(code, image().bytes()[k.code_offset as usize..(k.code_offset + k.code_len) as usize]);
    }
    assert!(module.kernel("nope").is_err());
    drop(programs);
    rt.free_module(module).unwrap();
}

#[test]
fn relocations_hold_the_final_addresses_in_gpu_memory() {
    let rt = runtime();
    let module = rt.load_module(MODULE_OPS.cubin).unwrap();
    let mut mem = vec![0u8; image().len() as usize];
    rt.copyout(&mut mem, module.buffer(), 0).unwrap();
    let u64_at = |at: u64| u64::from_le_bytes(mem[at as usize..at as usize + 8].try_into().unwrap());
    let va = |name: &str| module.symbol_va(name).unwrap();
    let (b4, b3) = (offset_of(".nv.constant4"), offset_of(".nv.constant3"));
    assert_eq!(u64_at(b4), va("counter"));
    assert_eq!(u64_at(b4 + 8), va("table"));
    assert_eq!(u64_at(b4 + 0x10), va("table_ptr"));
    assert_eq!(u64_at(b3 + 0x10), va("counter"), "__constant__ cptr = &counter");
    assert_eq!(u64_at(module.symbol_offset("table_ptr").unwrap()), va("table"), "table_ptr = table");
    let table = module.symbol_offset("table").unwrap() as usize;
    assert_eq!(&mem[table..table + 16], [10u32, 20, 30, 40].map(u32::to_le_bytes).concat());
    let counter = module.symbol_offset("counter").unwrap() as usize;
    assert!(counter as u64 >= image().file_len());
    assert_eq!(&mem[counter..counter + 4], [0; 4], "zero-initialised");
    assert!(mem[image().file_len() as usize..].iter().all(|b| *b == 0), "the zero tail is zeros");
    rt.free_module(module).unwrap();
}

#[test]
fn each_kernels_qmd_binds_its_constant_banks_through_the_launch() {
    let rt = runtime();
    let module = rt.load_module(MODULE_OPS.cubin).unwrap();
    let base = module.gpu_va();
    let (b2, b3, b4) = (offset_of(".nv.constant2.mod_tile"), offset_of(".nv.constant3"), offset_of(".nv.constant4"));
    for name in MODULE_OPS.kernels {
        let p = module.kernel(name).unwrap();
        // What a launch writes: the template with the per-launch fields set.
        let mut q: Qmd = *p.qmd_template();
        let dims = LaunchDims::new([2, 1, 1], [64, 1, 1]);
        launch::fill_launch(&mut q, p.attributes(), &dims, 0x7_0000_0000, 0x170).unwrap();
        assert_eq!(q.constant_buffer(0), Some((0x7_0000_0000, 0x170)));
        // Sizes are 16-byte granular: banks 3 and 4 are 0x18 bytes.
        assert_eq!(q.constant_buffer(3), Some((base + b3, 0x20)), "{name}");
        assert_eq!(q.constant_buffer(4), Some((base + b4, 0x20)), "{name}");
        let bank2 = q.constant_buffer(2);
        if *name == "mod_tile" {
            assert_eq!(bank2, Some((base + b2, 0x10)));
        } else {
            assert_eq!(bank2, None, "{name}: bank 2 is mod_tile's own");
        }
        for bank in [1, 5, 6, 7] {
            assert_eq!(q.constant_buffer(bank), None, "{name}: bank {bank}");
        }
    }
    rt.free_module(module).unwrap();
}

#[test]
fn the_reserved_shared_memory_is_given_and_its_size_written() {
    let rt = runtime();
    let module = rt.load_module(MODULE_OPS.cubin).unwrap();
    let dims = LaunchDims::new([1, 1, 1], [64, 1, 1]);
    for (name, shared) in [("mod_tile", 256 + ga10b::RESERVED_SHARED_PER_BLOCK), ("mod_scale", 0x400)] {
        let p = module.kernel(name).unwrap();
        let mut q: Qmd = *p.qmd_template();
        launch::fill_launch(&mut q, p.attributes(), &dims, 0, 0x170).unwrap();
        assert_eq!(q.shared_memory_size(), shared, "{name}");
        let mut driver = [0u8; ga10b::CBUF0_PARAMS];
        launch::write_driver_area(&mut driver, &dims).unwrap();
        launch::write_reserved_shared(&mut driver, p.attributes());
        let at = ga10b::CBUF0_RESERVED_SHARED;
        let want = if name == "mod_tile" { ga10b::RESERVED_SHARED_PER_BLOCK } else { 0 };
        assert_eq!(driver[at..at + 4], want.to_le_bytes(), "{name}");
    }
    rt.free_module(module).unwrap();
}

#[test]
fn a_module_is_not_freed_while_a_program_or_a_queue_uses_it() {
    let rt = runtime();
    let module = rt.load_module(MODULE_OPS.cubin).unwrap();
    let scale = module.kernel("mod_scale").unwrap();
    let mut q = Queue::compute();
    q.launch(&scale, LaunchDims::new([1, 1, 1], [32, 1, 1]), &[0; 12]);
    let (_, frees) = counts(&rt);
    let busy = rt.free_module(module.clone()).unwrap_err();
    assert_eq!(busy.kind(), ErrorKind::Busy, "{busy}");
    // Freeing the program handle while the module lives frees nothing.
    assert_eq!(rt.free_program(scale.clone()).unwrap_err().kind(), ErrorKind::Busy, "the queue holds a clone");
    rt.free_program(scale).unwrap_err(); // the queue's clone still lives
    drop(q);
    let lookup = module.kernel("mod_lookup").unwrap();
    rt.free_program(lookup).unwrap();
    assert_eq!(counts(&rt).1, frees, "the module's memory is the module's");
    let mut word = [0u8; 4];
    rt.copyout(&mut word, module.buffer(), module.symbol_offset("coeffs").unwrap()).unwrap();
    assert_eq!(u32::from_le_bytes(word), 3);
    rt.free_module(module).unwrap();
    assert_eq!(counts(&rt).1, frees + 1, "freed once, with its last user");
}

#[test]
fn load_kernel_is_a_one_kernel_module_freed_with_its_program() {
    let rt = runtime();
    let (allocs, frees) = counts(&rt);
    let lookup = rt.load_kernel(MODULE_OPS.cubin, "mod_lookup").unwrap();
    assert_eq!(counts(&rt).0 - allocs, 1);
    assert_eq!(lookup.qmd_template().constant_buffer(4).map(|(_, s)| s), Some(0x20));
    rt.free_program(lookup).unwrap();
    assert_eq!(counts(&rt).1 - frees, 1, "the program was the module's last user");
    // An unknown name allocates nothing.
    let err = rt.load_kernel(MODULE_OPS.cubin, "nope").unwrap_err();
    assert!(err.to_string().contains("mod_scale"), "{err}");
    assert_eq!(counts(&rt).0 - allocs, 1);
    // The suite's one-kernel cubins load as before: code at the start of
    // the buffer, the QMD pointing at it.
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    assert_eq!(fill.gpu_va(), fill.buffer().gpu_va());
    assert_eq!(fill.qmd_template().constant_buffer(3), None);
    rt.free_program(fill).unwrap();
}

#[test]
fn another_devices_module_is_refused() {
    let rt = runtime();
    let other = runtime();
    let module = other.load_module(MODULE_OPS.cubin).unwrap();
    assert_eq!(rt.free_module(module.clone()).unwrap_err().kind(), ErrorKind::InvalidArgument);
    other.free_module(module).unwrap();
}

#[test]
fn an_nvrtc_module_loads_with_local_memory_for_its_stack() {
    let rt = runtime();
    let module = rt.load_module(gpuiface_kernels::MODULE_CUDA.cubin).unwrap();
    let sin = module.kernel("cu_sin").unwrap();
    let stack = sin.attributes().stack_bytes();
    assert_eq!(stack, gpuiface_kernels::resource_usage("cu_sin").unwrap().stack);
    let lm = rt.local_memory().expect("local memory bound for cu_sin's stack");
    assert!(lm.per_thread >= sin.attributes().local_memory_per_thread());
    let lutp = module.symbol_offset("cu_lutp").unwrap();
    let mut word = [0u8; 8];
    rt.copyout(&mut word, module.buffer(), lutp).unwrap();
    assert_eq!(u64::from_le_bytes(word), module.symbol_va("cu_lut").unwrap());
    drop(sin);
    rt.free_module(module).unwrap();
    let err = rt.load_module(gpuiface_kernels::MODULE_PRINTF.cubin).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported, "{err}");
    assert!(err.to_string().contains("vprintf"), "{err}");
}
