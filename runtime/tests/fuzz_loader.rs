//! Issue 22, item 16: `Runtime::load_kernel` and launch contents under
//! mutated input, on the mock. A mutated cubin loads or is a typed error; a
//! launch with random dimensions and argument bytes is refused, runs, or
//! faults its channel, and the runtime reports each as a typed error —
//! never a panic or an abort. Bounded for CI: `GPUIFACE_FUZZ_CASES / 20`
//! cases per property (default 400).

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;

use proptest::prelude::*;

use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface};
use gpuiface_nvgpu::mock::{MockDevice, MockDeviceExt};
use gpuiface_runtime::{LaunchDims, Queue, Runtime};

/// Cases per property: `GPUIFACE_FUZZ_CASES / 20` (default 400).
fn cases() -> u32 {
    std::env::var("GPUIFACE_FUZZ_CASES").ok().and_then(|v| v.parse::<u32>().ok()).map_or(400, |n| (n / 20).max(1))
}

type Rt = Runtime<Arc<MockDevice>>;

thread_local! {
    /// One runtime for many cases; a new one after its channel faulted.
    static RT: RefCell<Option<Rt>> = const { RefCell::new(None) };
}

fn with_runtime<T>(f: impl FnOnce(&Rt) -> T) -> T {
    RT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let dev = Arc::new(MockDevice::open_default().expect("mock"));
            let rt = Runtime::new(dev).expect("runtime");
            rt.set_wait_timeout(Duration::from_secs(20));
            *slot = Some(rt);
        }
        let r = f(slot.as_ref().expect("just made"));
        // A faulted channel accepts no more work: start over next time.
        if slot.as_ref().is_some_and(|rt| rt.synchronize().is_err()) {
            *slot = None;
        }
        r
    })
}

fn mutate(original: &[u8], edits: &[(f64, u8, u64)]) -> Vec<u8> {
    let mut b = original.to_vec();
    let shoff = u64::from_le_bytes(b[40..48].try_into().unwrap()) as usize;
    for &(at, how, value) in edits {
        let len = b.len();
        // Half the edits land in the section headers (sizes, flags, info).
        let pos = if how % 2 == 0 {
            (at * len as f64) as usize
        } else {
            shoff.saturating_add((at * len.saturating_sub(shoff) as f64) as usize)
        };
        let width = [1usize, 2, 4, 8][usize::from(how / 2 % 4)];
        let end = pos.saturating_add(width).min(len);
        if pos < end {
            b[pos..end].copy_from_slice(&value.to_le_bytes()[..end - pos]);
        }
    }
    b
}

fn special() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1),
        Just(31),
        Just(32),
        Just(0xff),
        Just(0xffff),
        Just(0xffff_ffff),
        Just(u64::MAX),
        any::<u64>()
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), max_shrink_iters: 500, failure_persistence: None, ..ProptestConfig::default() })]

    /// A mutated cubin through `load_kernel`: a program, or a typed error.
    #[test]
    fn a_mutated_cubin_loads_or_is_a_typed_error(
        kernel in 0..gpuiface_kernels::ALL.len(),
        edits in prop::collection::vec((0.0..1.0f64, any::<u8>(), special()), 1..5),
    ) {
        let k = gpuiface_kernels::ALL[kernel];
        let bytes = mutate(k.cubin, &edits);
        with_runtime(|rt| {
            if let Ok(p) = rt.load_kernel(&bytes, k.name) {
                rt.free_program(p).expect("free what loaded");
            }
        });
    }

    /// Random launch contents (dimensions, shared memory, argument bytes)
    /// of a real kernel: refused at submit, or run (perhaps to a fault),
    /// each a typed result.
    #[test]
    fn random_launch_contents_are_refused_run_or_faulted(
        kernel in 0..gpuiface_kernels::ALL.len(),
        grid in (1u32..1 << 12, 1u32..4, 1u32..4),
        block in (0u32..1100, 0u32..3, 1u32..3),
        shared in prop_oneof![Just(0u32), 0u32..(200 << 10), Just(u32::MAX)],
        args in prop::collection::vec(any::<u8>(), 0..96),
        point_at_buffer in any::<bool>(),
    ) {
        let k = gpuiface_kernels::ALL[kernel];
        with_runtime(|rt| {
            let p = rt.load_kernel(k.cubin, k.name).expect("the suite kernel loads");
            let buf = rt.iface().alloc(AllocRequest::new(1 << 16)).expect("alloc");
            let mut args = args.clone();
            if point_at_buffer && args.len() >= 8 {
                args[..8].copy_from_slice(&buf.gpu_va().to_le_bytes());
            }
            let mut dims = LaunchDims::new([grid.0, grid.1, grid.2], [block.0, block.1, block.2]);
            dims.shared_mem = shared;
            let mut q = Queue::compute();
            q.launch(&p, dims, &args);
            match rt.submit(&q, &[]) {
                Ok(_) => match rt.synchronize() {
                    Ok(()) => {}
                    Err(e) => assert!(matches!(e.kind(), ErrorKind::DeviceHang | ErrorKind::Timeout), "{e}"),
                },
                Err(e) => assert!(
                    matches!(e.kind(), ErrorKind::InvalidArgument | ErrorKind::DeviceHang | ErrorKind::OutOfMemory),
                    "{e}"
                ),
            }
            drop(q);
            let _ = rt.free(buf);
            let _ = rt.free_program(p);
        });
    }
}

/// (name, offset of the header) of each section of an ELF64 file.
fn section_headers(b: &[u8]) -> Vec<(String, usize)> {
    let int = |at: usize, n: usize| {
        let mut v = [0u8; 8];
        v[..n].copy_from_slice(&b[at..at + n]);
        u64::from_le_bytes(v) as usize
    };
    let (shoff, shnum, shstrndx) = (int(40, 8), int(60, 2), int(62, 2));
    let names = int(shoff + 64 * shstrndx + 24, 8);
    (0..shnum)
        .map(|i| {
            let at = names + int(shoff + 64 * i, 4);
            let end = at + b[at..].iter().position(|&c| c == 0).expect("a NUL");
            (String::from_utf8_lossy(&b[at..end]).into_owned(), shoff + 64 * i)
        })
        .collect()
}

/// Issue 41 item 4: a module whose kernels declare 127 barriers, or 1,000
/// registers (`EIATTR_REGCOUNT`, with `sh_info`'s count 0), loaded, and
/// building a kernel's QMD panicked in `QmdField::set` (a release build
/// truncated the field). `load_module` and `load_kernel` refuse it now with
/// a typed error naming the limit, before anything is allocated.
#[test]
fn a_module_whose_kernels_exceed_ga10b_is_refused_at_load() {
    let module = gpuiface_kernels::MODULE_OPS.cubin;
    let (mut barriers, mut registers) = (module.to_vec(), module.to_vec());
    let mut regcounts = 0;
    for (name, h) in section_headers(module) {
        if name.starts_with(".text.") {
            let flags = u64::from_le_bytes(barriers[h + 8..h + 16].try_into().unwrap()) | (0x7f << 20);
            barriers[h + 8..h + 16].copy_from_slice(&flags.to_le_bytes()); // sh_flags bits 20..27: 127 barriers
            registers[h + 44 + 3] = 0; // sh_info's top byte: the register count
        }
        if name == ".nv.info" {
            let int = |at: usize| u64::from_le_bytes(module[at..at + 8].try_into().unwrap()) as usize;
            let (start, len) = (int(h + 24), int(h + 32));
            let mut o = start;
            while o < start + len {
                let (format, attr, size) =
                    (module[o], module[o + 1], u16::from_le_bytes([module[o + 2], module[o + 3]]));
                if format == 0x04 && attr == 0x2f {
                    registers[o + 8..o + 12].copy_from_slice(&1000u32.to_le_bytes()); // EIATTR_REGCOUNT
                    regcounts += 1;
                }
                o += if format == 0x04 { 4 + usize::from(size) } else { 4 };
            }
        }
    }
    assert_eq!(regcounts, 3, "module_ops has one EIATTR_REGCOUNT per kernel");
    with_runtime(|rt| {
        let before = rt.live();
        for (bytes, what, limit) in [(&barriers, "barriers", "16"), (&registers, "registers per thread", "255")] {
            let err = match rt.load_module(bytes) {
                Err(e) => e,
                Ok(m) => {
                    let kernels: Vec<String> = m.kernel_names().iter().map(|n| n.to_string()).collect();
                    let built = kernels.iter().map(|k| m.kernel(k).is_ok()).collect::<Vec<_>>();
                    panic!("a module with {what} past ga10b's loaded (kernels built: {built:?})");
                }
            };
            assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{err}");
            let text = err.to_string();
            assert!(text.contains(what) && text.contains(limit), "{text}");
            let err = rt.load_kernel(bytes, "mod_scale").expect_err("load_kernel refuses it too");
            assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{err}");
        }
        let after = rt.live();
        assert_eq!((after.modules, after.programs), (before.modules, before.programs), "nothing loaded");
    });
}

/// A caller's attributes (`Program::with_attributes`) whose stack needs the
/// whole 16 MiB local window: `SHADER_LOCAL_MEMORY_HIGH_SIZE` (24 bits)
/// cannot hold it. Was a `debug_assert!` panic building the QMD (and a
/// truncated field in release builds); an `InvalidArgument` naming the
/// limit now, the buffer handed back.
#[test]
fn caller_attributes_past_the_qmd_fields_are_an_error_not_a_panic() {
    with_runtime(|rt| {
        let buf = rt.iface().alloc(AllocRequest::new(4096)).expect("alloc");
        let mut attrs = gpuiface_runtime::launch::raw_program_attributes();
        attrs.frame_size = gpuiface_hal::hw::ga10b::LOCAL_STACK_TOP;
        let (err, buf) = match gpuiface_runtime::Program::with_attributes(buf, "deep".into(), attrs, 16) {
            Err(pair) => pair,
            Ok(_) => panic!("a 16 MiB stack was accepted"),
        };
        assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{err}");
        assert!(err.to_string().contains("stack per thread"), "{err}");
        rt.free(buf).expect("free");
    });
}
