//! The suite's real SM 8.7 cubins, loaded and launched by the runtime over
//! the nvgpu backend on the mock kernel: the twins compute what the SASS
//! computes from constant buffer 0 as the runtime lays it out; the QMD the
//! runtime emits agrees with cuobjdump's resource usage; and the model
//! rejects, with a GR exception, launches the hardware would reject.

use std::time::Duration;

use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::codec::qmd::{v03_00, Qmd};
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{AllocRequest, Buffer, Engine, Error, GpFifoEntry, GpuIface};
use gpuiface_nvgpu::abi::{NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_GR_EXCEPTION};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{launch, Arg, LaunchDims, Program, Queue, Runtime, COMPUTE_SUBCHANNEL};

fn device() -> MockDevice {
    open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap()
}

fn load(rt: &Runtime<&MockDevice>, k: gpuiface_kernels::SuiteKernel) -> Program {
    rt.load_kernel(k.cubin, k.name).unwrap_or_else(|e| panic!("{}: {e}", k.name))
}

fn run(dev: &MockDevice, rt: &Runtime<&MockDevice>, p: &Program, dims: LaunchDims, args: &[Arg]) {
    let packed = p.pack_args(args).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(p, dims, &packed).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(5)).unwrap_or_else(|e| panic!("{}: {e}", p.name()));
}

fn words(rt: &Runtime<&MockDevice>, b: &Buffer, n: usize) -> Vec<u32> {
    let mut out = vec![0u8; 4 * n];
    rt.copyout(&mut out, b, 0).unwrap();
    out.chunks(4).map(|w| u32::from_le_bytes(w.try_into().unwrap())).collect()
}

fn chid(dev: &MockDevice, rt: &Runtime<&MockDevice>) -> u32 {
    dev.channel_token(rt.objects().compute_channel).unwrap() & 0xfff
}

#[test]
fn saxpy_fill_and_reduction_compute_what_the_sass_computes() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let n = 3000u32;
    let x = dev.alloc(AllocRequest::new(4 * u64::from(n))).unwrap();
    let y = dev.alloc(AllocRequest::new(4 * u64::from(n))).unwrap();
    let xs: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    let ys: Vec<f32> = (0..n).map(|i| 1.0 - i as f32).collect();
    rt.copyin(&x, 0, &xs.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>()).unwrap();
    rt.copyin(&y, 0, &ys.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>()).unwrap();
    let saxpy = load(&rt, gpuiface_kernels::SAXPY);
    let dims = LaunchDims::new([n.div_ceil(256), 1, 1], [256, 1, 1]);
    run(&dev, &rt, &saxpy, dims, &[Arg::U64(x.gpu_va()), Arg::U64(y.gpu_va()), Arg::F32(2.5), Arg::U32(n)]);
    for (i, w) in words(&rt, &y, n as usize).into_iter().enumerate() {
        assert_eq!(f32::from_bits(w), 2.5f32.mul_add(xs[i], ys[i]), "y[{i}]");
    }

    let fill = load(&rt, gpuiface_kernels::FILL);
    run(
        &dev,
        &rt,
        &fill,
        LaunchDims::new([10, 1, 1], [128, 1, 1]),
        &[Arg::U64(x.gpu_va()), Arg::U32(1000), Arg::U32(7)],
    );
    let got = words(&rt, &x, 1001);
    assert!(got[..1000].iter().enumerate().all(|(i, v)| *v == 7 * i as u32));
    assert_eq!(f32::from_bits(got[1000]), xs[1000], "fill stops at n");

    let reduce = load(&rt, gpuiface_kernels::REDUCE_SUM);
    let input: Vec<u32> = (0..n).map(|i| i * 3 + 1).collect();
    rt.copyin(&x, 0, &input.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>()).unwrap();
    let blocks = n.div_ceil(256);
    let dims = LaunchDims::new([blocks, 1, 1], [256, 1, 1]);
    run(&dev, &rt, &reduce, dims, &[Arg::U64(x.gpu_va()), Arg::U64(y.gpu_va()), Arg::U32(n)]);
    let sums = words(&rt, &y, blocks as usize);
    for (b, s) in sums.iter().enumerate() {
        let want: u32 = input.iter().skip(256 * b).take(256).fold(0u32, |a, v| a.wrapping_add(*v));
        assert_eq!(*s, want, "block {b}");
    }
}

#[test]
fn local_memory_is_bound_before_a_kernel_that_needs_it() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    assert_eq!(rt.local_memory(), None, "no kernel needed local memory yet");
    let k = load(&rt, gpuiface_kernels::LOCAL_SCRATCH);
    let lm = rt.local_memory().expect("loading local_scratch bound local memory");
    assert!(lm.per_thread >= k.attributes().stack_bytes() + ga10b::LOCAL_RESERVED);
    let state = dev.gpu().compute_state(chid(&dev, &rt)).unwrap();
    assert_eq!(state.local_memory, lm.gpu_va);
    assert_eq!(state.local_per_tpc, lm.per_tpc);
    assert_eq!(state.local_window, ga10b::LOCAL_MEM_WINDOW);
    let out = dev.alloc(AllocRequest::new(4 * 700)).unwrap();
    run(&dev, &rt, &k, LaunchDims::new([3, 1, 1], [256, 1, 1]), &[Arg::U64(out.gpu_va()), Arg::U32(700)]);
    for (i, v) in words(&rt, &out, 700).into_iter().enumerate() {
        let i = i as u32;
        let want = (i * (i % 256) + 1).wrapping_add(i * ((7 * i + 3) % 256) + 1);
        assert_eq!(v, want, "out[{i}]");
    }
    // Growing again rebinds a larger buffer; the engine follows.
    let grown = rt.ensure_local_memory(lm.per_thread * 4).unwrap();
    assert!(grown.per_tpc > lm.per_tpc);
    assert_eq!(dev.gpu().compute_state(chid(&dev, &rt)).unwrap().local_memory, grown.gpu_va);
}

#[test]
fn every_parameter_arrives_at_its_offset_and_the_driver_area_is_what_code_reads() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let k = load(&rt, gpuiface_kernels::MANY_PARAMS);
    let out = dev.alloc(AllocRequest::new(11 * 8)).unwrap();
    let blob: Vec<u8> = (1..=12).collect();
    let args = [
        Arg::U8(0xa5),
        Arg::U16(0xbeef),
        Arg::U32(0xdead_beef),
        Arg::U64(0x0123_4567_89ab_cdef),
        Arg::F32(-1.5),
        Arg::F64(6.25),
        Arg::U8(7),
        Arg::U64(out.gpu_va()),
        Arg::U16(0x1234),
        Arg::Bytes(blob.clone()),
    ];
    run(&dev, &rt, &k, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args);
    let mut got = vec![0u8; 88];
    rt.copyout(&mut got, &out, 0).unwrap();
    let w: Vec<u64> = got.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
    let b = |i: usize| u64::from(u32::from_le_bytes(blob[4 * i..4 * i + 4].try_into().unwrap()));
    assert_eq!(
        w,
        vec![
            0xa5,
            0xbeef,
            0xdead_beef,
            0x0123_4567_89ab_cdef,
            u64::from((-1.5f32).to_bits()),
            6.25f64.to_bits(),
            7,
            0x1234,
            b(0),
            b(1),
            b(2)
        ]
    );
    // Wrong arguments are refused before the GPU sees them.
    assert!(k.pack_args(&args[..9]).is_err());
    let mut wrong = args.to_vec();
    wrong[1] = Arg::U32(1);
    assert!(k.pack_args(&wrong).unwrap_err().to_string().contains("parameter 1 is 2 bytes"));

    let geo = load(&rt, gpuiface_kernels::LAUNCH_GEOMETRY);
    run(&dev, &rt, &geo, LaunchDims::new([5, 3, 2], [8, 4, 2]), &[Arg::U64(out.gpu_va())]);
    assert_eq!(words(&rt, &out, 6), vec![8, 4, 2, 5, 3, 2]);
}

#[test]
fn the_emitted_qmd_agrees_with_cuobjdump_resource_usage() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let out = dev.alloc(AllocRequest::new(1 << 16)).unwrap();
    // fault_store faults its channel on purpose: launch it last.
    let mut kernels = gpuiface_kernels::ALL.to_vec();
    kernels.sort_by_key(|k| k.name == "fault_store");
    for k in &kernels {
        let p = load(&rt, *k);
        let params = p.attributes().params.clone();
        let args: Vec<Arg> = params
            .iter()
            .map(|prm| match prm.size {
                8 => Arg::U64(out.gpu_va()),
                4 => Arg::U32(16),
                2 => Arg::U16(1),
                1 => Arg::U8(1),
                n => Arg::Bytes(vec![0; usize::from(n)]),
            })
            .collect();
        if k.name == "fault_store" {
            let s = dev.signal_alloc().unwrap();
            let mut q = Queue::compute();
            q.launch(&p, LaunchDims::new([1, 1, 1], [256, 1, 1]), &p.pack_args(&[Arg::U64(0x1000)]).unwrap())
                .signal(&s, 1u64);
            rt.submit(&q, &[]).unwrap();
            assert!(dev.signal_wait(&s, 1, Duration::from_secs(2)).is_err(), "fault_store must fault");
        } else {
            run(&dev, &rt, &p, LaunchDims::new([1, 1, 1], [256, 1, 1]), &args);
        }
        let (_, q): (u64, Qmd) = dev.gpu().last_launch(chid(&dev, &rt)).expect("a launch");
        let usage = gpuiface_kernels::resource_usage(k.name).expect("in resource-usage.txt");
        assert_eq!(q.register_count(), usage.registers, "{}: REGISTER_COUNT_V vs cuobjdump REG", k.name);
        let local = q.get(v03_00::SHADER_LOCAL_MEMORY_HIGH_SIZE) as u32;
        if usage.stack == 0 {
            assert_eq!(local, 0, "{}: no stack, no local memory", k.name);
        } else {
            assert_eq!(local, (usage.stack + ga10b::LOCAL_RESERVED).next_multiple_of(32), "{}: local vs STACK", k.name);
        }
        assert!(q.shared_memory_size() >= usage.shared, "{}: SHARED_MEMORY_SIZE vs cuobjdump SHARED", k.name);
        let (_, cbuf_size) = q.constant_buffer(0).expect("constant buffer 0");
        assert!(
            cbuf_size >= usage.constant0,
            "{}: constant buffer 0 {cbuf_size} vs cuobjdump CONSTANT[0] {}",
            k.name,
            usage.constant0
        );
        assert_eq!(q.get(v03_00::SASS_VERSION), 0x87, "{}", k.name);
        assert_eq!(q.program_address(), p.gpu_va(), "{}", k.name);
        assert_eq!(q.get(v03_00::constant_buffer_invalidate(0)), 1);
        assert_eq!(q.get(v03_00::INVALIDATE_INSTRUCTION_CACHE), 1);
        let code_len = gpuiface_hal::cubin::Cubin::parse(k.cubin).unwrap().kernel(k.name).unwrap().code.len() as u64;
        assert_eq!(q.get(v03_00::PROGRAM_PREFETCH_SIZE), code_len >> 8, "{}", k.name);
        assert!(q.barrier_count() >= p.attributes().barriers.max(1));
    }
}

#[test]
fn the_faulting_kernel_reports_an_mmu_fault_at_its_address() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let k = load(&rt, gpuiface_kernels::FAULT_STORE);
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&k, LaunchDims::new([1, 1, 1], [32, 1, 1]), &k.pack_args(&[Arg::U64(0x1000)]).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    let e = dev.signal_wait(&s, 1, Duration::from_secs(2)).unwrap_err();
    let Error::DeviceHang { fault: Some(f), .. } = &e else { panic!("{e}") };
    assert_eq!(f.notifier_code, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, "{e}");
    // The model knows more than the notifier carries: the engine and the address.
    let f = dev.gpu().channel_fault(chid(&dev, &rt)).unwrap();
    assert_eq!((f.engine, f.address), (Engine::Compute, Some(0x1000)), "{f}");
}

/// Launch `k` through a hand-written QMD: the runtime's, then `tamper`ed.
/// Returns the model's fault record (its reason says what was wrong).
fn launch_tampered(
    k: gpuiface_kernels::SuiteKernel,
    args: &[Arg],
    tamper: impl Fn(&mut Qmd, &mut usize),
) -> gpuiface_hal::FaultRecord {
    try_launch_tampered(k, args, tamper).expect("the tampered launch completed")
}

/// As [`launch_tampered`]; `None` when the launch completes.
fn try_launch_tampered(
    k: gpuiface_kernels::SuiteKernel,
    args: &[Arg],
    tamper: impl Fn(&mut Qmd, &mut usize),
) -> Option<gpuiface_hal::FaultRecord> {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = load(&rt, k);
    let packed = p.pack_args(args).unwrap();
    let dims = LaunchDims::new([1, 1, 1], [256, 1, 1]);
    let mem = dev.alloc(AllocRequest::new(4096).align(256).host()).unwrap();
    let cpu = mem.cpu_ptr().unwrap();
    let mut cbuf = vec![0u8; launch::cbuf0_size(p.attributes(), packed.len())];
    launch::write_driver_area(&mut cbuf, &dims).unwrap();
    let at = p.attributes().param_offset as usize;
    cbuf[at..at + packed.len()].copy_from_slice(&packed);
    let mut cbuf_len = cbuf.len();
    let mut q = *p.qmd_template();
    launch::fill_launch(&mut q, p.attributes(), &dims, mem.gpu_va() + 1024, cbuf_len).unwrap();
    tamper(&mut q, &mut cbuf_len);
    q.set_constant_buffer(0, mem.gpu_va() + 1024, cbuf_len as u32);
    let s = dev.signal_alloc().unwrap();
    let mut pb = PushBuffer::new();
    pb.method(COMPUTE_SUBCHANNEL, compute::SEND_PCAS_A, &[(mem.gpu_va() >> 8) as u32]);
    pb.method(
        COMPUTE_SUBCHANNEL,
        compute::SEND_SIGNALING_PCAS2_B,
        &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
    );
    let pb_at = 2048;
    let mut words = vec![0u8; 4 * pb.len_dwords()];
    pb.write_le_bytes(&mut words);
    // SAFETY: the 4 KiB host buffer is mapped: QMD at 0, cbuf at 1 KiB, pushbuffer at 2 KiB.
    unsafe {
        std::ptr::copy_nonoverlapping(q.to_bytes().as_ptr(), cpu, 256);
        std::ptr::copy_nonoverlapping(cbuf.as_ptr(), cpu.add(1024), cbuf.len());
        std::ptr::copy_nonoverlapping(words.as_ptr(), cpu.add(pb_at), words.len());
    }
    dev.submit(rt.objects().compute_channel, &[GpFifoEntry::new(mem.gpu_va() + pb_at as u64, pb.len_dwords() as u32)])
        .unwrap();
    let mut sq = Queue::compute();
    sq.signal(&s, 1u64);
    let _ = rt.submit(&sq, &[]);
    let e = dev.signal_wait(&s, 1, Duration::from_secs(2)).err()?;
    assert!(
        matches!(&e, Error::DeviceHang { fault: Some(f), .. } if f.notifier_code == NVGPU_CHANNEL_GR_EXCEPTION),
        "{e}"
    );
    let f = dev.gpu().channel_fault(chid(&dev, &rt)).expect("a fault");
    assert_eq!((f.engine, f.notifier_code, f.address), (Engine::Compute, NVGPU_CHANNEL_GR_EXCEPTION, None), "{f}");
    Some(f)
}

fn reason(f: &gpuiface_hal::FaultRecord) -> String {
    f.reason.clone()
}

#[test]
fn an_untampered_hand_written_launch_passes() {
    // The harness itself: the runtime's QMD launched by hand completes.
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = load(&rt, gpuiface_kernels::SPIN);
    let out = dev.alloc(AllocRequest::new(64)).unwrap();
    run(&dev, &rt, &p, LaunchDims::new([2, 1, 1], [32, 1, 1]), &[Arg::U64(out.gpu_va()), Arg::U32(10), Arg::U32(9)]);
    let mut x = 9u32;
    for _ in 0..10 {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    }
    let mut got = [0u8; 16];
    rt.copyout(&mut got, &out, 0).unwrap();
    for b in 0..2 {
        assert_eq!(u64::from_le_bytes(got[8 * b..8 * b + 8].try_into().unwrap()), (9u64 << 32) | u64::from(x));
    }
}

#[test]
fn register_count_zero_is_a_gr_exception() {
    let e = launch_tampered(gpuiface_kernels::FILL, &[Arg::U64(0x1000), Arg::U32(0), Arg::U32(0)], |q, _| {
        q.set(v03_00::REGISTER_COUNT_V, 0)
    });
    assert!(reason(&e).contains("REGISTER_COUNT_V 0"), "{e}");
}

#[test]
fn too_little_shared_memory_is_a_gr_exception_at_the_first_access_past_it() {
    // The reduction's block of 256 threads stores 1 KiB of shared memory; with
    // 512 bytes the first store past them is an out-of-range GR exception
    // (the interpreter checks each access, as the SM does).
    let e =
        launch_tampered(gpuiface_kernels::REDUCE_SUM, &[Arg::U64(0x1000), Arg::U64(0x1000), Arg::U32(0)], |q, _| {
            q.set(v03_00::SHARED_MEMORY_SIZE, 512)
        });
    assert!(reason(&e).contains("shared access at 0x200 (4 bytes) outside its 0x200 bytes"), "{e}");
}

#[test]
fn constant_reads_past_the_declared_size_return_zero() {
    // Constant buffer 0 declared as the driver area only: were the fill
    // kernel's parameters read, it would store 16 words to the unmapped
    // 0x1000 and fault; they read as zero (n = 0), so it stores nothing.
    let args = [Arg::U64(0x1000), Arg::U32(16), Arg::U32(7)];
    let cut = try_launch_tampered(gpuiface_kernels::FILL, &args, |_, len| *len = ga10b::CBUF0_PARAMS);
    assert_eq!(cut, None, "the launch completes");
    // The control: with the parameters in the buffer, the same launch faults at 0x1000.
    let f = try_launch_tampered_mmu(gpuiface_kernels::FILL, &args);
    assert_eq!(f, Some(0x1000));
}

/// The untampered launch's MMU fault address, if it faults so.
fn try_launch_tampered_mmu(k: gpuiface_kernels::SuiteKernel, args: &[Arg]) -> Option<u64> {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = load(&rt, k);
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&p, LaunchDims::new([1, 1, 1], [256, 1, 1]), &p.pack_args(args).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(2)).err()?;
    dev.gpu().channel_fault(chid(&dev, &rt)).and_then(|f| f.address)
}

#[test]
fn local_memory_unbound_is_a_gr_exception() {
    // A program whose attributes claim no stack while its code uses local
    // memory: the runtime binds none, and the first local store finds no
    // local memory behind the address.
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let image = gpuiface_hal::cubin::ModuleImage::parse(gpuiface_kernels::LOCAL_SCRATCH.cubin).unwrap();
    let k = image.kernel("local_scratch").unwrap();
    let bytes = image.relocated(0).unwrap();
    let code = &bytes[k.code_offset as usize..(k.code_offset + k.code_len) as usize];
    let buf = dev
        .alloc(AllocRequest::new(k.code_len + ga10b::PROGRAM_PREFETCH_PAD).align(ga10b::LOADER_PROGRAM_ALIGN))
        .unwrap();
    buf.write(0, code).unwrap();
    let mut attrs = k.attrs.clone();
    (attrs.frame_size, attrs.min_stack_size, attrs.stack_unbounded) = (0, 0, false);
    assert_eq!(attrs.local_memory_per_thread(), 0);
    let p = Program::with_attributes(buf, k.name.clone(), attrs, k.code_len).map_err(|(e, _)| e).unwrap();
    assert_eq!(rt.local_memory(), None);
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&p, LaunchDims::new([1, 1, 1], [32, 1, 1]), &p.pack_args(&[Arg::U64(0x1000), Arg::U32(4)]).unwrap())
        .signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    let e = dev.signal_wait(&s, 1, Duration::from_secs(2)).unwrap_err();
    assert!(matches!(&e, Error::DeviceHang { fault: Some(_), .. }), "{e}");
    let f = dev.gpu().channel_fault(chid(&dev, &rt)).unwrap();
    assert_eq!(f.notifier_code, NVGPU_CHANNEL_GR_EXCEPTION);
    assert!(reason(&f).contains("local access at"), "{f}");
    assert!(reason(&f).contains("outside its 0x0 bytes"), "{f}");
}

#[test]
fn a_kernel_launched_on_another_runtime_gets_local_memory_there() {
    // Loading binds local memory on the loading runtime; a second runtime
    // that launches the program grows its own first (issue 41).
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = load(&rt, gpuiface_kernels::LOCAL_SCRATCH);
    let rt2 = Runtime::new(&dev).unwrap();
    assert_eq!(rt2.local_memory(), None);
    let out = dev.alloc(AllocRequest::new(64)).unwrap();
    run(&dev, &rt2, &p, LaunchDims::new([1, 1, 1], [4, 1, 1]), &[Arg::U64(out.gpu_va()), Arg::U32(4)]);
    assert!(rt2.local_memory().is_some());
    let expected: Vec<u32> = (0..4u32).map(|i| i * (i % 256) + 1 + i * ((7 * i + 3) % 256) + 1).collect();
    assert_eq!(words(&rt2, &out, 4), expected);
}

#[test]
fn launches_outside_the_sms_limits_are_refused_before_submission() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = load(&rt, gpuiface_kernels::FILL);
    let args = p.pack_args(&[Arg::U64(0), Arg::U32(0), Arg::U32(0)]).unwrap();
    for (dims, why) in [
        (LaunchDims::new([1, 1, 1], [2048, 1, 1]), "exceeds the SM's limits"),
        (LaunchDims::new([0, 1, 1], [32, 1, 1]), "empty launch"),
        (LaunchDims { shared_mem: 200 << 10, ..LaunchDims::new([1, 1, 1], [32, 1, 1]) }, "largest configuration"),
    ] {
        let mut q = Queue::compute();
        q.launch(&p, dims, &args);
        let e = rt.submit(&q, &[]).unwrap_err();
        assert!(e.to_string().contains(why), "{e}");
    }
    let mut q = Queue::compute();
    q.launch(&p, LaunchDims::new([1, 1, 1], [32, 1, 1]), &args[..8]);
    assert!(rt.submit(&q, &[]).unwrap_err().to_string().contains("parameters take 16"));
}
