//! The real Tegra backend (`gpuiface-nvgpu`) running over the mock kernel:
//! ioctl order, teardown, unwinding and fault-injection sweeps.

use std::sync::Arc;
use std::time::Duration;

use gpuiface_hal::{AllocRequest, Errno, Error, ErrorKind, GpuIface, RmControl};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig, ProgramKey};
use gpuiface_nvgpu::mock::kernel::{Characteristics, Matcher};
use gpuiface_nvgpu::mock::{open_on, MockDeviceExt, MockKernel};
use gpuiface_runtime::{LaunchDims, Queue, Runtime};

fn kernel() -> Arc<MockKernel> {
    Arc::new(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate }).build())
}

fn names(k: &MockKernel) -> Vec<String> {
    k.trace().into_iter().map(|t| t.name).collect()
}

const PIPELINE: [&str; 4] = ["NVMAP_IOC_CREATE", "NVMAP_IOC_ALLOC", "NVMAP_IOC_GET_FD", "NVGPU_AS_IOCTL_MAP_BUFFER_EX"];

#[test]
fn device_and_channel_setup_follow_the_cuda_trace_order() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    assert_eq!(names(&k), ["NVGPU_GPU_IOCTL_GET_CHARACTERISTICS", "NVGPU_GPU_IOCTL_GET_CHARACTERISTICS"]);
    k.clear_trace();
    let rt = Runtime::new(&dev).unwrap();
    let t = names(&k);
    let mut expect: Vec<&str> = vec![
        // NV01_MEMORY_VIRTUAL: the address space and the two window reservations.
        "NVGPU_GPU_IOCTL_ALLOC_AS",
        "NVGPU_AS_IOCTL_ALLOC_SPACE",
        "NVGPU_AS_IOCTL_ALLOC_SPACE",
        // KEPLER_CHANNEL_GROUP_A, FERMI_CONTEXT_SHARE_A.
        "NVGPU_GPU_IOCTL_OPEN_TSG",
        "NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT",
    ];
    // Seed 001 Phase 4, per channel: notifier buffer, OPEN_CHANNEL, AS bind
    // *before* TSG bind, WDT, GPFIFO + USERD buffers, SETUP_BIND, syncpoint,
    // notifier, then ALLOC_OBJ_CTX for the engine object.
    let channel: Vec<&str> = PIPELINE
        .iter()
        .copied()
        .chain([
            "NVGPU_GPU_IOCTL_OPEN_CHANNEL",
            "NVGPU_AS_IOCTL_BIND_CHANNEL",
            "NVGPU_TSG_IOCTL_BIND_CHANNEL_EX",
            "NVGPU_IOCTL_CHANNEL_WDT",
        ])
        .chain(PIPELINE)
        .chain(PIPELINE)
        .chain([
            "NVGPU_IOCTL_CHANNEL_SETUP_BIND",
            "NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT",
            "NVGPU_IOCTL_CHANNEL_SET_ERROR_NOTIFIER",
            "NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX",
        ])
        .collect();
    expect.extend(&channel);
    expect.extend(&channel);
    assert_eq!(&t[..expect.len()], &expect[..], "full trace: {t:#?}");
    // Then only memory (signal page, command ring): no submit ioctl, ever.
    assert!(t[expect.len()..].iter().all(|n| PIPELINE.contains(&n.as_str())), "{:?}", &t[expect.len()..]);
    k.clear_trace();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.signal(&s, 1u64);
    for _ in 0..10 {
        rt.submit(&q, &[]).unwrap();
    }
    rt.synchronize().unwrap();
    assert!(names(&k).is_empty(), "steady-state submission made ioctls: {:?}", names(&k));
}

#[test]
fn one_allocation_is_four_ioctls_and_one_mmap() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    dev.free(dev.alloc(AllocRequest::new(4096)).unwrap()).unwrap(); // creates the AS
    k.clear_trace();
    let b = dev.alloc(AllocRequest::new(1 << 20)).unwrap();
    assert_eq!(names(&k), PIPELINE);
    assert!(b.cpu_addr().is_some(), "mapped for the CPU");
    k.clear_trace();
    dev.free(b).unwrap();
    assert_eq!(names(&k), ["NVGPU_AS_IOCTL_UNMAP_BUFFER", "NVMAP_IOC_FREE"]);
}

#[test]
fn teardown_leaks_no_fd_handle_or_mapping() {
    let k = Arc::new(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Threaded }).build());
    {
        let dev = open_on(k.clone()).unwrap();
        let rt = Runtime::new(&dev).unwrap();
        let mut bufs = Vec::new();
        for i in 0..3000u64 {
            bufs.push(dev.alloc(AllocRequest::new(1 + (i * 7919) % (300 << 10))).unwrap());
            if i % 3 == 0 {
                dev.free(bufs.swap_remove((i as usize / 3) % bufs.len())).unwrap();
            }
        }
        let src: Vec<u8> = (0..100_000u32).map(|i| i as u8).collect();
        rt.copyin(&bufs[0], 0, &src[..bufs[0].size().min(100_000) as usize]).unwrap();
        let s = dev.signal_alloc().unwrap();
        let mut q = Queue::copy_queue();
        q.copy(bufs[1].gpu_va(), bufs[0].gpu_va(), bufs[0].size().min(bufs[1].size())).signal(&s, 9u64);
        rt.submit(&q, &[]).unwrap();
        dev.signal_wait(&s, 9, Duration::from_secs(5)).unwrap();
        // Leave buffers allocated on purpose: drop must release them.
        assert!(!k.snapshot().is_empty());
        drop(rt);
    }
    k.assert_no_leaks();
}

#[test]
fn a_kernel_of_an_unknown_release_is_refused_with_a_clear_error() {
    let c = Characteristics { reported_size: 320, ..Characteristics::ga10b() };
    let k = Arc::new(MockKernel::builder().characteristics(c).build());
    let e = open_on(k.clone()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Unsupported);
    let s = e.to_string();
    assert!(s.contains("320") && s.contains("r35") && s.contains("r36"), "{s}");
    k.assert_no_leaks();
}

#[test]
fn perf_boost_pins_min_freq_to_max_freq_in_sysfs() {
    let dir = std::env::temp_dir().join(format!("gpuiface-sysfs-{}", std::process::id()));
    let devfreq = dir.join(gpuiface_nvgpu::device::DEVFREQ);
    std::fs::create_dir_all(&devfreq).unwrap();
    std::fs::write(devfreq.join("max_freq"), "1300500000\n").unwrap();
    std::fs::write(devfreq.join("min_freq"), "306000000\n").unwrap();
    let dev = gpuiface_nvgpu::NvgpuDeviceBuilder::default()
        .sysfs_root(&dir)
        .backend_name("mock")
        .build_with(kernel())
        .unwrap();
    let rt = Runtime::new(&dev).unwrap();
    dev.rm_control(rt.objects().subdevice, &mut RmControl::PerfBoost { duration_s: 0 }).unwrap();
    assert_eq!(std::fs::read_to_string(devfreq.join("min_freq")).unwrap(), "1300500000");
    std::fs::remove_dir_all(&dir).unwrap();
    let e = dev.rm_control(rt.objects().subdevice, &mut RmControl::PerfBoost { duration_s: 0 }).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Unsupported, "{e}");
}

type Kept = Vec<Box<dyn std::any::Any>>;

/// Count the ioctls a clean run of `setup` makes (teardown not included).
fn ioctls_of(setup: &impl Fn(&Arc<MockKernel>, &mut Kept) -> Result<(), Error>) -> usize {
    let k = kernel();
    let mut kept = Kept::new();
    setup(&k, &mut kept).unwrap();
    let n = k.trace().len();
    drop(kept);
    n
}

/// Fail every ioctl position of `setup` with each errno: a typed error
/// naming the errno comes back, nothing leaks once the caller drops what it
/// holds, and the next attempt succeeds. (Teardown ioctls are not swept:
/// UNMAP_BUFFER and DELETE_SUBCONTEXT cannot fail in the kernel.)
fn sweep(setup: impl Fn(&Arc<MockKernel>, &mut Kept) -> Result<(), Error>) {
    let total = ioctls_of(&setup);
    assert!(total > 0);
    for nth in 1..=total {
        for errno in [Errno::EINVAL, Errno::ENOMEM, Errno::EBUSY, Errno::ENOTTY] {
            let k = kernel();
            k.inject_failure(Matcher::Any, nth, errno);
            let mut kept = Kept::new();
            let e = setup(&k, &mut kept).expect_err(&format!("ioctl #{nth} failing with {errno} went unnoticed"));
            assert_eq!(e.errno(), Some(errno), "ioctl #{nth}: {e}");
            assert_eq!(e.kind(), errno.kind(), "ioctl #{nth}: {e}");
            kept.clear();
            k.assert_no_leaks();
            setup(&k, &mut kept).unwrap_or_else(|e| panic!("retry after ioctl #{nth} failed: {e}"));
            kept.clear();
            k.assert_no_leaks();
        }
    }
}

#[test]
fn fault_injection_sweep_over_device_and_runtime_setup() {
    sweep(|k, kept| {
        let dev = Arc::new(open_on(k.clone())?);
        // The runtime borrows the device; keep both, runtime dropped first.
        let rt = Runtime::new(dev.clone())?;
        kept.push(Box::new(rt));
        kept.push(Box::new(dev));
        Ok(())
    });
}

#[test]
fn fault_injection_sweep_over_allocation() {
    sweep(|k, kept| {
        let dev = open_on(k.clone())?;
        let b = dev.alloc(AllocRequest::new(3 << 20))?;
        kept.push(Box::new((b, dev)));
        Ok(())
    });
}

#[test]
fn a_failed_mmap_unwinds_the_allocation() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    dev.free(dev.alloc(AllocRequest::new(4096)).unwrap()).unwrap();
    let before = k.snapshot();
    // One failed mmap fails the allocation: only an address that is taken
    // (EEXIST) makes the backend map elsewhere.
    k.inject_failure(Matcher::Mmap, 1, Errno::ENOMEM);
    let e = dev.alloc(AllocRequest::new(8192)).unwrap_err();
    assert_eq!((e.op(), e.errno()), (Some("mmap"), Some(Errno::ENOMEM)), "{e}");
    assert_eq!(k.snapshot(), before, "a failed allocation left something behind");
    dev.alloc(AllocRequest::new(8192)).unwrap();
}

#[test]
fn closure_kernel_launch_and_fault_reporting() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let out = dev.alloc(AllocRequest::new(64)).unwrap();
    dev.gpu().register_kernel(ProgramKey::Bytes(b"poke".to_vec()), |c| {
        let dst = c.arg_u64(0);
        let n = c.grid[0] * c.block[0];
        c.write_u32(dst, n)
    });
    let prog = rt.load_program(b"poke").unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([3, 1, 1], [32, 1, 1]), &out.gpu_va().to_le_bytes()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(2)).unwrap();
    let mut v = [0u8; 4];
    rt.copyout(&mut v, &out, 0).unwrap();
    assert_eq!(u32::from_le_bytes(v), 96);

    // The same kernel writing to an unmapped address: an MMU fault, reported as a hang.
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &0x1000u64.to_le_bytes()).signal(&s, 2u64);
    rt.submit(&q, &[]).unwrap();
    let e = dev.signal_wait(&s, 2, Duration::from_secs(2)).unwrap_err();
    let Error::DeviceHang { fault: Some(f), .. } = &e else { panic!("{e}") };
    assert_eq!(f.notifier_code, gpuiface_nvgpu::abi::NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, "{e}");
    let rec = &dev.gpu().faults()[0];
    assert_eq!(rec.address, Some(0x1000));
    drop(rt);
    drop(dev);
    k.assert_no_leaks();
}

#[test]
fn sub_allocations_cost_no_ioctl_after_the_first_slab_and_release_it() {
    use gpuiface_runtime::suballoc::SubAllocator;
    let k = kernel();
    {
        let dev = open_on(k.clone()).unwrap();
        let small = SubAllocator::new(&dev);
        let first = small.alloc(100).unwrap();
        k.clear_trace();
        let bufs: Vec<_> = (0..1000).map(|i| small.alloc(1 + i % 200).unwrap()).collect();
        assert!(names(&k).is_empty(), "{:?}", names(&k));
        for w in bufs.windows(2) {
            assert!(w[0].gpu_end() <= w[1].gpu_va() || w[1].gpu_end() <= w[0].gpu_va(), "{w:?}");
        }
        for b in bufs {
            small.free(b).unwrap();
        }
        assert_eq!(small.slab_count(), 1);
        small.free(first).unwrap();
        assert_eq!(small.slab_count(), 0, "an empty slab goes back to the backend");
        assert!(small.free(dev.alloc(AllocRequest::new(70_000)).unwrap()).is_ok(), "big buffers pass through");
    }
    k.assert_no_leaks();
}

#[test]
fn gpfifo_area_overlays_show_the_channel_ring_and_userd() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let ch = rt.objects().compute_channel;
    let area = dev.alloc(AllocRequest::new(0x10000).uncached()).unwrap();
    let (ring_off, userd_off) = (0u64, 0x3000u64);
    let bad = dev.overlay_channel_buffers(ch, &area, 0x100, userd_off).unwrap_err();
    assert_eq!(bad.kind(), ErrorKind::InvalidArgument, "{bad}");
    assert!(dev.overlay_channel_buffers(ch, &area, 0, 0x1000).is_err(), "ring and USERD overlap");
    dev.overlay_channel_buffers(ch, &area, ring_off, userd_off).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.signal(&s, 5u64);
    rt.submit(&q, &[]).unwrap();
    rt.synchronize().unwrap();
    let p = area.cpu_ptr().unwrap();
    // SAFETY: the 64 KiB area is mapped; the overlays replaced some of its pages.
    let (put, get, entry) = unsafe {
        (
            (p.add((userd_off + 0x8c) as usize) as *const u32).read_volatile(),
            (p.add((userd_off + 0x88) as usize) as *const u32).read_volatile(),
            (p.add(ring_off as usize) as *const u64).read_volatile(),
        )
    };
    assert!(put >= 2 && get == put, "GP_PUT {put}, GP_GET {get} seen through the area");
    assert!(gpuiface_hal::GpFifoEntry::decode(entry).is_some_and(|e| e.length_dwords > 0), "{entry:#x}");
    drop(rt);
    drop(dev);
    k.assert_no_leaks();
}

#[test]
fn a_failed_overlay_leaves_the_area_its_own_memory() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let ch = rt.objects().compute_channel;
    let area = dev.alloc(AllocRequest::new(0x10000).uncached()).unwrap();
    let view = area.cpu().unwrap().clone();
    let pattern: Vec<u8> = (0..0x10000u32).map(|i| (i * 7) as u8).collect();
    view.write(0, &pattern).unwrap();
    // The ring overlay succeeds, the USERD one fails: both pieces show the area again.
    k.inject_failure(Matcher::Mmap, 2, Errno::ENOMEM);
    let e = dev.overlay_channel_buffers(ch, &area, 0, 0x3000).unwrap_err();
    assert_eq!(e.errno(), Some(Errno::ENOMEM), "{e}");
    let mut back = vec![0u8; pattern.len()];
    view.read(0, &mut back).unwrap();
    assert!(back == pattern, "the area's own bytes are back under the failed overlay");
    dev.overlay_channel_buffers(ch, &area, 0, 0x3000).unwrap();
    drop(rt);
    dev.free(area).unwrap();
    drop(view);
}

#[test]
fn injections_at_call_1_and_call_2_fail_both_calls() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    dev.free(dev.alloc(AllocRequest::new(4096)).unwrap()).unwrap();
    k.inject_failure(Matcher::Name("NVMAP_IOC_CREATE".into()), 1, Errno::ENOMEM);
    k.inject_failure(Matcher::Name("NVMAP_IOC_CREATE".into()), 2, Errno::EINVAL);
    let first = dev.alloc(AllocRequest::new(4096)).unwrap_err();
    let second = dev.alloc(AllocRequest::new(4096)).unwrap_err();
    assert_eq!((first.errno(), second.errno()), (Some(Errno::ENOMEM), Some(Errno::EINVAL)), "{first}; {second}");
    dev.free(dev.alloc(AllocRequest::new(4096)).unwrap()).unwrap();
}

#[test]
fn a_taken_cpu_address_is_a_visible_fallback() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    // (Whether a first buffer gets its GPU VA as CPU address depends on the
    // other tests of this process: `unified_address.rs` checks it alone.)
    let unified = dev.alloc(AllocRequest::new(4096)).unwrap();
    // The GPU VA is taken in the CPU's address space (EEXIST from MAP_FIXED_NOREPLACE).
    k.inject_failure(Matcher::Mmap, 1, Errno::EEXIST);
    let moved = dev.alloc(AllocRequest::new(4096)).unwrap();
    assert!(moved.cpu_addr().is_some() && !moved.is_unified(), "{moved:?}");
    dev.free(moved).unwrap();
    dev.free(unified).unwrap();
}

/// Issue 22, item 17. Was: when the overlay and then the restore of the
/// area's own memory both failed, the backend called `std::process::abort`.
/// Now the range gets fresh anonymous memory (the views stay mapped and
/// writable, reaching nothing else) and the call returns its error.
#[test]
fn a_failed_overlay_whose_restore_fails_too_is_an_error_not_an_abort() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let ch = rt.objects().compute_channel;
    let area = dev.alloc(AllocRequest::new(0x10000).uncached()).unwrap();
    let view = area.cpu().unwrap().clone();
    // The ring overlay succeeds, the USERD one fails, and so does the first restore.
    k.inject_failure(Matcher::Mmap, 2, Errno::ENOMEM);
    k.inject_failure(Matcher::Mmap, 3, Errno::ENOMEM);
    let e = dev.overlay_channel_buffers(ch, &area, 0, 0x3000).unwrap_err();
    assert_eq!(e.errno(), Some(Errno::ENOMEM), "{e}");
    view.write(0, &[0x5a; 0x10000]).expect("the views' range is still mapped");
    let mut back = vec![0u8; 0x10000];
    view.read(0, &mut back).unwrap();
    assert!(back.iter().all(|&b| b == 0x5a));
    drop(rt);
    dev.free(area).unwrap();
}

/// Issue 22, item 17. Was: a closure kernel calling back into the `Gpu`
/// deadlocked on the model's lock (its launch holds it). Now the launch
/// faults with an error that says so, and the wait returns.
#[test]
fn a_closure_kernel_calling_back_into_the_gpu_faults_instead_of_deadlocking() {
    let k = kernel();
    let dev = open_on(k.clone()).unwrap();
    let rt = Runtime::new(&dev).unwrap();
    let gpu = dev.gpu().clone();
    dev.gpu().register_kernel(ProgramKey::Bytes(b"reenter".to_vec()), move |_| {
        let _ = gpu.channels(); // takes the model's lock
        Ok(())
    });
    let prog = rt.load_program(b"reenter").unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&prog, LaunchDims::new([1, 1, 1], [1, 1, 1]), &[0; 8]).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    let e = dev.signal_wait(&s, 1, Duration::from_secs(5)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DeviceHang, "{e}");
    let faults = dev.gpu().faults();
    assert!(faults.iter().any(|f| format!("{f:?}").contains("called back into the Gpu")), "{faults:?}");
    // The model still works: the lock was never taken twice.
    assert!(!dev.gpu().channels().is_empty());
}
