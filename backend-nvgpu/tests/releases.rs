//! The backend over an L4T r35 kernel model and an r36 one: the release is
//! detected at open and named, each flow that differs takes the release's
//! ioctls, and the same work gives the same results on both.

use std::sync::Arc;
use std::time::Duration;

use gpuiface_abi::Release;
use gpuiface_hal::{AllocRequest, ErrorKind, GpuIface, RmAllocParams, RmClass, RmHandle};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig, ProgramKey};
use gpuiface_nvgpu::mock::kernel::Characteristics;
use gpuiface_nvgpu::mock::{open_on, MockDeviceExt, MockKernel};
use gpuiface_runtime::{LaunchDims, Queue, Runtime};

fn kernel(release: Release) -> Arc<MockKernel> {
    Arc::new(MockKernel::builder().release(release).gpu(GpuConfig { mode: ExecMode::Immediate }).build())
}

fn names(k: &MockKernel) -> Vec<String> {
    k.trace().into_iter().map(|t| t.name).collect()
}

#[test]
fn the_release_is_detected_at_open_and_named() {
    for release in Release::ALL {
        let k = kernel(release);
        let dev = open_on(k.clone()).unwrap();
        assert_eq!(dev.kernel_release(), release);
        assert_eq!(dev.info().kernel_release, Some(release.name()));
        // The characteristics read the same through either layout.
        let c = dev.characteristics();
        assert_eq!((c.L2_cache_size, c.max_veid_count_per_tsg, c.num_tpc_per_gpc), (4 << 20, 64, 4), "{release}");
        assert_eq!(dev.info().sm_version, 0x807, "{release}");
        drop(dev);
        k.assert_no_leaks();
    }
}

#[test]
fn size_and_ioctl_counts_must_agree() {
    // r35's size with r36's ioctl counts is neither release.
    let mut c = Characteristics::ga10b();
    c.reported_size = 312;
    let k = Arc::new(MockKernel::builder().characteristics(c).build());
    let e = open_on(k.clone()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Unsupported);
    assert!(e.to_string().contains("last ctrl/TSG ioctl numbers"), "{e}");
    k.assert_no_leaks();
}

#[test]
fn r35_setup_has_no_subcontext_ioctls_and_uses_r35_numbers() {
    let k = kernel(Release::R35);
    let dev = open_on(k.clone()).unwrap();
    k.clear_trace();
    let rt = Runtime::new(&dev).unwrap();
    let t = names(&k);
    assert!(t.iter().any(|n| n == "NVGPU_GPU_IOCTL_OPEN_TSG"), "{t:?}");
    assert!(!t.iter().any(|n| n.contains("SUBCONTEXT")), "r35 has no CREATE_SUBCONTEXT: {t:?}");
    assert!(t.iter().any(|n| n == "NVGPU_IOCTL_CHANNEL_SETUP_BIND"), "{t:?}");
    // Every call succeeded: the numbers were r35's (an r36 number is ENOTTY/EINVAL there).
    assert!(k.trace().iter().all(|e| e.result.is_ok()), "{:?}", k.trace().iter().find(|e| e.result.is_err()));
    drop(rt);
    drop(dev);
    k.assert_no_leaks();
}

#[test]
fn r35_context_shares_get_r36_s_veids_and_give_them_back() {
    let k = kernel(Release::R35);
    let dev = open_on(k.clone()).unwrap();
    let root = dev.rm_alloc(RmHandle::ROOT, RmClass::Device0, &RmAllocParams::None).unwrap();
    let tsg = dev.rm_alloc(root, RmClass::KeplerChannelGroupA, &RmAllocParams::None).unwrap();
    let share =
        |asynchronous| dev.rm_alloc(tsg, RmClass::FermiContextShareA, &RmAllocParams::ContextShare { asynchronous });
    let sync = share(false).unwrap();
    // A second synchronous share wants VEID 0 again: ENOSPC, as r36's kernel says.
    let e = share(false).unwrap_err();
    assert!(e.to_string().contains("ENOSPC"), "{e}");
    let a1 = share(true).unwrap();
    let a2 = share(true).unwrap();
    dev.rm_free(a1).unwrap();
    let a3 = share(true).unwrap(); // VEID 1 again
    for ctx in [sync, a2, a3] {
        let ch = dev
            .rm_alloc(
                tsg,
                RmClass::AmpereChannelGpfifoA,
                &RmAllocParams::Gpfifo { entries: 1024, context_share: Some(ctx) },
            )
            .unwrap();
        dev.rm_free(ch).unwrap();
    }
    dev.rm_free(root).unwrap();
    drop(dev);
    k.assert_no_leaks();
}

#[test]
fn the_same_work_gives_the_same_results_on_both_releases() {
    for release in Release::ALL {
        let k = kernel(release);
        let dev = open_on(k.clone()).unwrap();
        let rt = Runtime::new(&dev).unwrap();
        let a = dev.alloc(AllocRequest::new(4096)).unwrap();
        let b = dev.alloc(AllocRequest::new(4096)).unwrap();
        let src: Vec<u8> = (0..4096u32).map(|i| (i * 7) as u8).collect();
        rt.copyin(&a, 0, &src).unwrap();
        let s = dev.signal_alloc().unwrap();
        let mut q = Queue::copy_queue();
        q.copy(b.gpu_va(), a.gpu_va(), 4096u64).signal(&s, 1u64);
        rt.submit(&q, &[]).unwrap();
        dev.signal_wait(&s, 1, Duration::from_secs(5)).unwrap();
        let mut out = vec![0u8; 4096];
        rt.copyout(&mut out, &b, 0).unwrap();
        assert_eq!(out, src, "{release}");

        dev.gpu().register_kernel(ProgramKey::Bytes(b"poke".to_vec()), |c| {
            let dst = c.arg_u64(0);
            c.write_u32(dst, c.grid[0] * c.block[0])
        });
        let prog = rt.load_program(b"poke").unwrap();
        let mut q = Queue::compute();
        q.launch(&prog, LaunchDims::new([3, 1, 1], [32, 1, 1]), &b.gpu_va().to_le_bytes()).signal(&s, 2u64);
        rt.submit(&q, &[]).unwrap();
        dev.signal_wait(&s, 2, Duration::from_secs(5)).unwrap();
        let mut v = [0u8; 4];
        rt.copyout(&mut v, &b, 0).unwrap();
        assert_eq!(u32::from_le_bytes(v), 96, "{release}");
        drop(rt);
        drop(dev);
        k.assert_no_leaks();
    }
}
