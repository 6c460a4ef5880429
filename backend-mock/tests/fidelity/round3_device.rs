//! Issue 21 ("fidelity, round 3"), items 1, 3, 5 and 8, through the kernel
//! model: program alignment, GET_CHARACTERISTICS as recorded on an Orin,
//! the QMD values proven on hardware, and what DeviceInfo says is safe.

use std::time::Duration;

use gpuiface_hal::classes::compute;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::codec::qmd::v03_00;
use gpuiface_hal::cubin::Cubin;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::{AllocRequest, GpFifoEntry, GpuIface, LimitSource};
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{launch, Arg, LaunchDims, Queue, Runtime, COMPUTE_SUBCHANNEL};

use crate::harness::K;

fn device() -> MockDevice {
    open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap()
}

// ------------------------------------------- item 1: 128-byte program alignment

/// Place suite kernel `k`'s code at `offset` into a fresh buffer and launch
/// it there through a hand-written QMD; returns the channel's fault, if any.
fn launch_at(
    dev: &MockDevice,
    rt: &Runtime<&MockDevice>,
    k: gpuiface_kernels::SuiteKernel,
    offset: u64,
    args: &[Arg],
    dims: LaunchDims,
) -> Option<gpuiface_hal::FaultRecord> {
    let cubin = Cubin::parse(k.cubin).unwrap();
    let image = cubin.kernel(k.name).unwrap();
    let code = dev.alloc(AllocRequest::new(64 << 10).host()).unwrap();
    code.write(offset, &image.code).unwrap();
    let program = code.gpu_va() + offset;
    let attrs = &image.attrs;
    let packed = launch::pack_args(k.name, &attrs.params, attrs.param_size, args).unwrap();
    let mem = dev.alloc(AllocRequest::new(8192).align(256).host()).unwrap();
    let mut cbuf = vec![0u8; launch::cbuf0_size(attrs, packed.len())];
    launch::write_driver_area(&mut cbuf, &dims).unwrap();
    let at = attrs.param_offset as usize;
    cbuf[at..at + packed.len()].copy_from_slice(&packed);
    let mut q = launch::qmd_template(attrs, program, image.code.len() as u64);
    launch::fill_launch(&mut q, attrs, &dims, mem.gpu_va() + 1024, cbuf.len()).unwrap();
    let mut pb = PushBuffer::new();
    pb.method(COMPUTE_SUBCHANNEL, compute::SEND_PCAS_A, &[(mem.gpu_va() >> 8) as u32]);
    pb.method(
        COMPUTE_SUBCHANNEL,
        compute::SEND_SIGNALING_PCAS2_B,
        &[compute::SEND_SIGNALING_PCAS2_B_PCAS_ACTION_INVALIDATE_COPY_SCHEDULE],
    );
    let mut words = vec![0u8; 4 * pb.len_dwords()];
    pb.write_le_bytes(&mut words);
    mem.write(0, &q.to_bytes()).unwrap();
    mem.write(1024, &cbuf).unwrap();
    mem.write(4096, &words).unwrap();
    let ch = rt.objects().compute_channel;
    dev.submit(ch, &[GpFifoEntry::new(mem.gpu_va() + 4096, pb.len_dwords() as u32)]).unwrap();
    let s = dev.signal_alloc().unwrap();
    let mut sq = Queue::compute();
    sq.signal(&s, 1u64);
    let _ = rt.submit(&sq, &[]);
    let _ = dev.signal_wait(&s, 1, Duration::from_secs(2));
    dev.gpu().channel_fault(dev.channel_token(ch).unwrap() & 0xfff)
}

#[test]
fn item1_suite_kernels_launch_from_a_128_byte_aligned_address() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    // Local memory for local_scratch, as a load of it would bind.
    rt.ensure_local_memory(ga10b::local_memory_per_thread(0x400)).unwrap();
    let out = dev.alloc(AllocRequest::new(1 << 16)).unwrap();
    let read = |n: usize| {
        let mut b = vec![0u8; 4 * n];
        rt.copyout(&mut b, &out, 0).unwrap();
        b.chunks(4).map(|w| u32::from_le_bytes(w.try_into().unwrap())).collect::<Vec<_>>()
    };
    let one = LaunchDims::new([1, 1, 1], [32, 1, 1]);
    // 0x480: 128-byte aligned, not 256-byte aligned (an Orin ran code at +0x580).
    let f =
        launch_at(&dev, &rt, gpuiface_kernels::FILL, 0x480, &[Arg::U64(out.gpu_va()), Arg::U32(32), Arg::U32(5)], one);
    assert_eq!(f.map(|f| f.to_string()), None);
    assert_eq!(read(32), (0..32).map(|i| 5 * i).collect::<Vec<u32>>());
    let f = launch_at(
        &dev,
        &rt,
        gpuiface_kernels::LAUNCH_GEOMETRY,
        0x180,
        &[Arg::U64(out.gpu_va())],
        LaunchDims::new([3, 1, 1], [64, 1, 1]),
    );
    assert_eq!(f.map(|f| f.to_string()), None);
    assert_eq!(read(6), vec![64, 1, 1, 3, 1, 1]);
    let f = launch_at(&dev, &rt, gpuiface_kernels::LOCAL_SCRATCH, 0x80, &[Arg::U64(out.gpu_va()), Arg::U32(4)], one);
    assert_eq!(f.map(|f| f.to_string()), None);
}

#[test]
fn item1_corpus_kernels_launch_from_a_128_byte_aligned_address() {
    // Code the project never wrote a twin for: a ptxas-built corpus kernel
    // (out[i] = a[i] + 100) and an NVRTC-built one (iops: division, bit
    // counts, ...), each at an address 128- but not 256-byte aligned.
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let add = gpuiface_kernels::SuiteKernel {
        name: "add_u32_ri",
        summary: "",
        ptx: "",
        cubin: include_bytes!("../../../sass/corpus/sm_87/gen_int_u32.O3.cubin"),
    };
    let a: Vec<u32> = (0..64u32).map(|i| i.wrapping_mul(0x9e37_79b9)).collect();
    let input = dev.alloc(AllocRequest::new(4096)).unwrap();
    rt.copyin(&input, 0, &a.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let args = [Arg::U64(input.gpu_va()), Arg::U64(0), Arg::U64(0), Arg::U64(out.gpu_va()), Arg::U32(60), Arg::U32(0)];
    let f = launch_at(&dev, &rt, add, 0x480, &args, LaunchDims::new([2, 1, 1], [32, 1, 1]));
    assert_eq!(f.map(|f| f.to_string()), None);
    let mut got = vec![0u8; 4 * 64];
    rt.copyout(&mut got, &out, 0).unwrap();
    let got: Vec<u32> = got.chunks(4).map(|w| u32::from_le_bytes(w.try_into().unwrap())).collect();
    let want: Vec<u32> = (0..64).map(|i| if i < 60 { a[i].wrapping_add(100) } else { 0 }).collect();
    assert_eq!(got, want);
    let iops = gpuiface_kernels::SuiteKernel {
        name: "iops",
        summary: "",
        ptx: "",
        cubin: include_bytes!("../../tests/nvrtc/unseen.cubin"),
    };
    let b = dev.alloc(AllocRequest::new(4096)).unwrap();
    rt.copyin(&b, 0, &[7u8; 256]).unwrap();
    let out2 = dev.alloc(AllocRequest::new(1 << 14)).unwrap();
    let args = [Arg::U64(input.gpu_va()), Arg::U64(b.gpu_va()), Arg::U64(out2.gpu_va()), Arg::U32(32)];
    let f = launch_at(&dev, &rt, iops, 0x180, &args, LaunchDims::new([1, 1, 1], [32, 1, 1]));
    assert_eq!(f.map(|f| f.to_string()), None);
    let mut first = [0u8; 8];
    rt.copyout(&mut first, &out2, 0).unwrap();
    let y = 0x0707_0707u32 | 1;
    assert_eq!(u32::from_le_bytes(first[0..4].try_into().unwrap()), a[0] / y, "x / y of element 0");
    assert_eq!(u32::from_le_bytes(first[4..8].try_into().unwrap()), a[0] % y, "x % y of element 0");
}

#[test]
fn item1_a_program_below_128_byte_alignment_is_still_refused() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let out = dev.alloc(AllocRequest::new(4096)).unwrap();
    let args = [Arg::U64(out.gpu_va()), Arg::U32(1), Arg::U32(1)];
    let f = launch_at(&dev, &rt, gpuiface_kernels::FILL, 0x440, &args, LaunchDims::new([1, 1, 1], [32, 1, 1]));
    let f = f.expect("a GR exception");
    assert_eq!(f.notifier_code, NVGPU_CHANNEL_GR_EXCEPTION);
    assert!(f.reason.contains("is not 128-byte aligned"), "{f}");
}

// ------------------------------------------- item 3: GET_CHARACTERISTICS as recorded

fn characteristics() -> NvgpuGpuCharacteristics {
    let k = K::new();
    let mut bytes = [0u8; std::mem::size_of::<NvgpuGpuCharacteristics>()];
    let mut g = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: bytes.len() as u64,
        gpu_characteristics_buf_addr: bytes.as_mut_ptr() as u64,
    };
    k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g).unwrap();
    NvgpuGpuCharacteristics::from_bytes(&bytes).unwrap()
}

#[test]
fn item3_identity_and_sm_fields_are_the_recorded_orins() {
    let c = characteristics();
    assert_eq!((c.arch, c.impl_, c.rev), (0x170, 0xb, 0xa1));
    assert_eq!((c.sm_arch_sm_version, c.sm_arch_spa_version, c.sm_arch_warp_count), (0x807, 0x806, 96));
    assert_eq!(c.numa_domain_id, -1);
    assert_eq!(c.max_freq, 1_300_000_000);
}

#[test]
fn item3_topology_fields_are_the_recorded_orins() {
    let c = characteristics();
    assert_eq!((c.num_gpc, c.num_tpc_per_gpc, c.gpc_mask), (1, 4, 0x1));
    assert_eq!((c.max_fbps_count, c.fbp_en_mask, c.max_ltc_per_fbp, c.max_lts_per_ltc, c.num_ltc), (2, 0x3, 1, 4, 2));
}

#[test]
fn item3_memory_fields_are_the_recorded_orins() {
    let c = characteristics();
    assert_eq!((c.L2_cache_size, c.on_board_video_memory_size, c.bus_type), (4 << 20, 0, 0x20));
    assert_eq!((c.big_page_size, c.compression_page_size, c.gpu_va_bit_count), (0, 0x10000, 40));
    assert_eq!(c.max_gpfifo_entries, 0x1000_0000);
}

#[test]
fn item3_class_fields_are_the_recorded_orins() {
    let c = characteristics();
    assert_eq!((c.twod_class, c.threed_class, c.compute_class), (0x902d, 0xc797, 0xc7c0));
    assert_eq!((c.gpfifo_class, c.inline_to_memory_class, c.dma_copy_class), (0xc76f, 0xa140, 0xc7b5));
}

#[test]
fn item3_ioctl_nr_last_fields_are_the_recorded_orins() {
    let c = characteristics();
    assert_eq!(
        (c.gpu_ioctl_nr_last, c.tsg_ioctl_nr_last, c.ioctl_channel_nr_last, c.as_ioctl_nr_last),
        (44, 21, 128, 14)
    );
}

#[test]
fn item3_every_set_flag_bit_has_its_name_in_the_abi_facts() {
    let c = characteristics();
    assert_eq!(c.flags, 0x01bf_5fff_7f5d_035d);
    const SET: [&str; 40] = [
        "HAS_SYNCPOINTS",
        "SUPPORT_SPARSE_ALLOCS",
        "SUPPORT_SYNC_FENCE_FDS",
        "SUPPORT_CYCLE_STATS",
        "SUPPORT_CYCLE_STATS_SNAPSHOT",
        "SUPPORT_TSG",
        "SUPPORT_CLOCK_CONTROLS",
        "SUPPORT_FECS_CTXSW_TRACE",
        "SUPPORT_DETERMINISTIC_SUBMIT_NO_JOBTRACKING",
        "SUPPORT_DETERMINISTIC_SUBMIT_FULL",
        "SUPPORT_IO_COHERENCE",
        "SUPPORT_TSG_SUBCONTEXTS",
        "SUPPORT_DETERMINISTIC_OPTS",
        "SUPPORT_SCG",
        "SUPPORT_SYNCPOINT_ADDRESS",
        "SUPPORT_VPR",
        "SUPPORT_USER_SYNCPOINT",
        "CAN_RAILGATE",
        "SUPPORT_USERMODE_SUBMIT",
        "SUPPORT_SET_CTX_MMU_DEBUG_MODE",
        "SUPPORT_FAULT_RECOVERY",
        "SUPPORT_MAPPING_MODIFY",
        "SUPPORT_REMAP",
        "SUPPORT_COMPRESSION",
        "SUPPORT_SM_TTU",
        "SUPPORT_POST_L2_COMPRESSION",
        "SUPPORT_MAP_ACCESS_TYPE",
        "SUPPORT_2D",
        "SUPPORT_3D",
        "SUPPORT_COMPUTE",
        "SUPPORT_I2M",
        "SUPPORT_ZBC",
        "SUPPORT_PROFILER_V2_DEVICE",
        "SUPPORT_SMPC_GLOBAL_MODE",
        "SUPPORT_GET_GR_CONTEXT",
        "SUPPORT_BUFFER_METADATA",
        "L2_MAX_WAYS_EVICT_LAST_ENABLED",
        "SUPPORT_VAB",
        "SUPPORT_NVS",
        "SCHED_EXIT_WAIT_FOR_ERRBAR_SUPPORTED",
    ];
    let abi = gpuiface_hal::facts::abi_r36();
    let mut named = 0u64;
    for n in SET {
        let bit = abi.constant(&format!("NVGPU_GPU_FLAGS_{n}")).unwrap_or_else(|| panic!("{n} is not in the facts"));
        let bit = bit as u64;
        assert_eq!(bit.count_ones(), 1, "{n}");
        assert_ne!(c.flags & bit, 0, "{n} is not set");
        named |= bit;
    }
    // One more: MULTI_PROCESS_TSG_SHARING (bit 56).
    named |= abi.constant("NVGPU_GPU_FLAGS_MULTI_PROCESS_TSG_SHARING").unwrap() as u64;
    assert_eq!(named, c.flags, "every set bit is named, and only those are set");
}

// ------------------------------------------- item 5: proven values by default

#[test]
fn item5_qmds_name_0x1a_unless_the_kernel_needs_more_and_local_memory_serves_0xff_sms() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let fill = rt.load_kernel(gpuiface_kernels::FILL.cubin, "fill").unwrap();
    let max = |shared_mem: u32| {
        let mut q = *fill.qmd_template();
        let dims = LaunchDims { shared_mem, ..LaunchDims::new([1, 1, 1], [32, 1, 1]) };
        launch::fill_launch(&mut q, fill.attributes(), &dims, 0x10_0000, 0x200).unwrap();
        q.get(v03_00::MAX_SM_CONFIG_SHARED_MEM_SIZE)
    };
    assert_eq!(fill.qmd_template().get(v03_00::MAX_SM_CONFIG_SHARED_MEM_SIZE), 0x1a);
    assert_eq!(max(0), 0x1a);
    assert_eq!(max(98 << 10), 0x1a, "99 KiB + 1 KiB fits the proven 100 KiB");
    assert_eq!(max(120 << 10), 0x22, "a kernel that needs 132 KiB gets it (unproven)");
    assert_eq!(max(160 << 10), 0x2a);
    // Local memory: MAX_SM_COUNT 0xff, as on Orins; the mock records it.
    let lm = rt.ensure_local_memory(0x400).unwrap();
    assert_eq!(lm.max_sm_count, 0xff);
    let chid = dev.channel_token(rt.objects().compute_channel).unwrap() & 0xfff;
    assert_eq!(dev.gpu().compute_state(chid).unwrap().local_max_sm_count, 0xff);
    // Sized from the reported 96 warps per SM, never less than the facts' 48.
    assert_eq!(lm.per_tpc, ga10b::local_bytes_per_tpc_for(lm.per_thread, 96));
    assert!(lm.per_tpc >= ga10b::local_bytes_per_tpc(lm.per_thread));
}

// ------------------------------------------- item 8: DeviceInfo says what is safe

#[test]
fn item8_device_info_reports_the_proven_gpfifo_and_limits_from_the_kernel_or_the_facts() {
    let dev = device();
    let i = dev.info();
    assert_eq!(i.max_gpfifo_entries, 1 << 28, "what the kernel reports");
    assert_eq!(i.gpfifo_entries, 1024, "what has evidence: 8 KiB works, 3 MiB hangs");
    assert_eq!(ga10b::gpfifo_bytes(i.gpfifo_entries), 8192);
    let l = i.limits;
    assert_eq!((l.sm_count, l.sm_count_source), (8, LimitSource::Kernel));
    assert_eq!((l.warps_per_sm, l.warps_source), (96, LimitSource::Kernel));
    assert_eq!((l.max_threads_per_block, l.max_block_dim), (1024, [1024, 1024, 64]));
    assert_eq!((l.max_shared_per_block, l.max_shared_per_sm), (163 << 10, 164 << 10));
    assert_eq!((l.registers_per_sm, l.max_registers_per_thread, l.warp_size), (65536, 255, 32));
    // The runtime sets its channels up with the proven size.
    assert_eq!(gpuiface_runtime::GPFIFO_ENTRIES, i.gpfifo_entries);
}
