//! Copy-engine model: 1-D pitch copies of many sizes and alignments,
//! multi-line copies, semaphore-only launches, and the semaphore release.

mod gpu_support;

use gpu_support::*;
use gpuiface_hal::classes::copy;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::Engine;
use gpuiface_mock::gpu::ExecMode;
use gpuiface_nvgpu::abi::{NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, NVGPU_CHANNEL_PBDMA_ERROR};

const SRC_VA: u64 = 0x2000_0000;
const DST_VA: u64 = 0x3000_0000;
const SPAN: usize = 4 << 20;
const SEM: u64 = DATA_VA + 0x100;

fn pattern(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i.wrapping_mul(31) ^ (i >> 8)) as u8).collect()
}

#[test]
fn one_dimensional_copies_of_many_sizes_and_alignments_are_exact() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let src = vm.map(SRC_VA, SPAN);
    let dst = vm.map(DST_VA, SPAN);
    let mut ch = channel(&gpu, &vm, 1);
    src.write(0, &pattern(SPAN));
    let cases: &[(usize, usize, usize)] = &[
        (0, 0, 1),
        (1, 3, 3),
        (7, 0, 4095),
        (0, 0, 4096),
        (4095, 1, 4097),
        (13, 17, 65_536 + 13),
        (5, 4093, (1 << 20) + 77), // more than the model's 1 MiB chunk
        (0, 0, 0),
    ];
    for (n, &(so, d_off, len)) in cases.iter().enumerate() {
        let guard = 0xa5u8;
        dst.write(0, &vec![guard; SPAN]);
        let mut pb = PushBuffer::new();
        let kind = copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE;
        copy_1d(&mut pb, SRC_VA + so as u64, DST_VA + d_off as u64, len as u32, Some((SEM, n as u32 + 1, kind)));
        ch.submit(&gpu, &pb);
        assert_eq!(gpu.channel_fault(1), None, "case {n}");
        let mut out = vec![0u8; SPAN];
        dst.read(0, &mut out);
        let mut want = vec![0u8; len];
        src.read(so, &mut want);
        assert!(out[d_off..d_off + len] == want[..], "case {n}: bytes differ");
        assert!(out[..d_off].iter().all(|b| *b == guard), "case {n}: wrote before dst");
        assert!(out[d_off + len..].iter().all(|b| *b == guard), "case {n}: wrote past dst");
        assert_eq!(data.read_u32(0x100), n as u32 + 1, "case {n}: semaphore after the copy");
    }
    assert_eq!(gpu.channel_stats(1).unwrap().copies, cases.len() as u64);
}

#[test]
fn four_word_semaphore_writes_payload_then_a_timestamp() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let src = vm.map(SRC_VA, 4096);
    let _dst = vm.map(DST_VA, 4096);
    let mut ch = channel(&gpu, &vm, 1);
    src.write(0, b"hello");
    set_data_u64(&data, SEM, u64::MAX);
    let mut pb = PushBuffer::new();
    let kind = copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE;
    copy_1d(&mut pb, SRC_VA, DST_VA, 5, Some((SEM, 0x77, kind)));
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM), 0x77, "payload, and zero in the second word");
    assert_ne!(data_u64(&data, SEM + 8), 0);
    // One word leaves the rest alone.
    set_data_u64(&data, SEM + 0x10, u64::MAX);
    let mut pb = PushBuffer::new();
    let kind = copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE;
    copy_1d(&mut pb, SRC_VA, DST_VA, 5, Some((SEM + 0x10, 0x78, kind)));
    ch.submit(&gpu, &pb);
    assert_eq!(data_u64(&data, SEM + 0x10), 0xffff_ffff_0000_0078);
    assert_eq!(data_u64(&data, SEM + 0x18), 0);
}

#[test]
fn multi_line_copies_honour_pitches_and_line_count_only_when_enabled() {
    let (gpu, vm, _data) = setup(ExecMode::Immediate);
    let src = vm.map(SRC_VA, 4096);
    let dst = vm.map(DST_VA, 4096);
    let mut ch = channel(&gpu, &vm, 1);
    src.write(0, &pattern(4096));
    let launch = |multi: bool| {
        copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED)
            | copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH)
            | copy::LAUNCH_DMA_DST_MEMORY_LAYOUT.field(copy::LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH)
            | copy::LAUNCH_DMA_MULTI_LINE_ENABLE.field(u32::from(multi))
    };
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COPY, copy::OFFSET_IN_UPPER, &[0, SRC_VA as u32, 0, DST_VA as u32]);
    pb.method(SUBCH_COPY, copy::PITCH_IN, &[16, 32, 10, 4]); // pitch in/out, line length, count
    pb.method(SUBCH_COPY, copy::LAUNCH_DMA, &[launch(true)]);
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_fault(1), None);
    let (mut s, mut d) = (vec![0u8; 4096], vec![0u8; 4096]);
    src.read(0, &mut s);
    dst.read(0, &mut d);
    for line in 0..4 {
        assert_eq!(d[32 * line..32 * line + 10], s[16 * line..16 * line + 10], "line {line}");
        assert!(d[32 * line + 10..32 * line + 32].iter().all(|b| *b == 0), "line {line} gap");
    }
    assert!(d[128..].iter().all(|b| *b == 0));

    // Without MULTI_LINE_ENABLE the same registers copy one line.
    dst.write(0, &[0u8; 4096]);
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COPY, copy::LAUNCH_DMA, &[launch(false)]);
    ch.submit(&gpu, &pb);
    dst.read(0, &mut d);
    assert_eq!(d[..10], s[..10]);
    assert!(d[10..].iter().all(|b| *b == 0));
}

#[test]
fn a_semaphore_only_launch_copies_nothing() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COPY, copy::OFFSET_IN_UPPER, &[0, UNMAPPED_VA as u32, 0, UNMAPPED_VA as u32]);
    pb.method(SUBCH_COPY, copy::LINE_LENGTH_IN, &[64]);
    pb.method(SUBCH_COPY, copy::SET_SEMAPHORE_A, &[0, SEM as u32, 5]);
    pb.method(
        SUBCH_COPY,
        copy::LAUNCH_DMA,
        &[copy::LAUNCH_DMA_SEMAPHORE_TYPE.field(copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE)],
    );
    ch.submit(&gpu, &pb);
    assert_eq!(gpu.channel_fault(1), None);
    assert_eq!(data.read_u32(0x100), 5);
    assert_eq!(gpu.channel_stats(1).unwrap().copies, 0);
}

#[test]
fn copying_into_unmapped_memory_faults_at_the_first_unmapped_byte() {
    let (gpu, vm, data) = setup(ExecMode::Immediate);
    let _src = vm.map(SRC_VA, 8192);
    let _dst = vm.map(DST_VA, 4096);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    let kind = copy::LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE;
    copy_1d(&mut pb, SRC_VA, DST_VA + 100, 5000, Some((SEM, 1, kind)));
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    assert_eq!(
        (f.engine, f.notifier_code, f.address),
        (Engine::Copy, NVGPU_CHANNEL_FIFO_ERROR_MMU_ERR_FLT, Some(DST_VA + 4096))
    );
    assert_eq!(data.read_u32(0x100), 0, "no release after a faulted copy");
}

#[test]
fn block_linear_layouts_fault_instead_of_copying_the_wrong_bytes() {
    let (gpu, vm, _data) = setup(ExecMode::Immediate);
    let _src = vm.map(SRC_VA, 4096);
    let _dst = vm.map(DST_VA, 4096);
    let mut ch = channel(&gpu, &vm, 1);
    let mut pb = PushBuffer::new();
    pb.method(SUBCH_COPY, copy::OFFSET_IN_UPPER, &[0, SRC_VA as u32, 0, DST_VA as u32]);
    pb.method(SUBCH_COPY, copy::LINE_LENGTH_IN, &[64]);
    pb.method(
        SUBCH_COPY,
        copy::LAUNCH_DMA,
        &[copy::LAUNCH_DMA_DATA_TRANSFER_TYPE.field(copy::LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED)],
    );
    ch.submit(&gpu, &pb);
    let f = gpu.channel_fault(1).expect("fault");
    assert_eq!((f.engine, f.notifier_code), (Engine::Copy, NVGPU_CHANNEL_PBDMA_ERROR));
    assert!(f.reason.contains("block-linear"), "{f}");
}
