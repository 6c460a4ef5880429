//! Issue 22, item 17: typed but odd input to library functions is a typed
//! error, never a panic.

use gpuiface_hal::cubin::{KernelAttributes, KernelParam};
use gpuiface_hal::{AllocRequest, CpuView, DeviceInfo, ErrorKind, GpuIface, SignalPlacement};
use gpuiface_runtime::launch::{self, raw_program_attributes};
use gpuiface_runtime::{Arg, LaunchDims, Program, Queue, Runtime};

use super::{device, kind};

#[test]
fn ensure_local_memory_past_the_local_window_is_refused() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    for per_thread in [u32::MAX, u32::MAX - 31, (1 << 24) + 1] {
        assert_eq!(kind(rt.ensure_local_memory(per_thread)), ErrorKind::InvalidArgument, "{per_thread:#x}");
    }
    assert!(rt.local_memory().is_none(), "nothing was bound");
}

#[test]
fn attributes_out_of_range_are_errors_naming_the_attribute_and_give_the_buffer_back() {
    let dev = device();
    type Breaker = Box<dyn Fn(&mut KernelAttributes)>;
    let cases: Vec<(&str, Breaker)> = vec![
        ("register count", Box::new(|a| a.registers = 1000)),
        ("barrier count", Box::new(|a| a.barriers = 32)),
        ("local memory", Box::new(|a| a.frame_size = u32::MAX - 4)),
        ("static shared memory", Box::new(|a| a.shared_static = u32::MAX)),
        ("parameter bank end", Box::new(|a| a.param_size = u32::MAX)),
        (
            "parameter 0 end",
            Box::new(|a| {
                a.param_size = 8;
                a.params = vec![KernelParam { ordinal: 0, offset: 4, size: 8 }];
            }),
        ),
    ];
    for (what, break_it) in cases {
        let mut attrs = raw_program_attributes();
        break_it(&mut attrs);
        let buffer = dev.alloc(AllocRequest::new(4096)).unwrap();
        let (e, buffer) = Program::with_attributes(buffer, "k".into(), attrs, 16).expect_err(what);
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.to_string().contains(what), "{what}: {e}");
        dev.free(buffer).unwrap();
    }
    let buffer = dev.alloc(AllocRequest::new(4096)).unwrap();
    let ok = Program::with_attributes(buffer, "k".into(), raw_program_attributes(), 16).unwrap();
    dev.free(ok.into_buffer().unwrap()).unwrap();
}

#[test]
fn pack_args_with_a_parameter_past_its_bank_is_an_error() {
    let params = [KernelParam { ordinal: 0, offset: 12, size: 8 }];
    let e = launch::pack_args("k", &params, 16, &[Arg::U64(1)]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let params = [KernelParam { ordinal: 0, offset: u16::MAX, size: 8 }];
    assert!(launch::pack_args("k", &params, 16, &[Arg::U64(1)]).is_err());
}

#[test]
fn write_driver_area_into_too_small_a_buffer_is_an_error() {
    let dims = LaunchDims::new([1, 1, 1], [1, 1, 1]);
    assert_eq!(kind(launch::write_driver_area(&mut [0u8; 8], &dims)), ErrorKind::InvalidArgument);
    let mut area = vec![0xffu8; gpuiface_hal::hw::ga10b::CBUF0_PARAMS];
    launch::write_driver_area(&mut area, &dims).unwrap();
    assert_eq!(area[0], 1, "block x");
}

#[test]
fn a_host_view_larger_than_memory_is_an_error() {
    assert_eq!(kind(CpuView::zeroed(usize::MAX)), ErrorKind::OutOfMemory);
    assert_eq!(kind(CpuView::zeroed(isize::MAX as usize)), ErrorKind::OutOfMemory);
    assert_eq!(CpuView::zeroed(3).unwrap().len(), 3);
}

#[test]
fn va_size_of_a_64_bit_space_saturates() {
    let mut info = DeviceInfo::new("x", SignalPlacement::PushbufferSemaphore);
    info.va_bits = 64;
    assert_eq!(info.va_size(), u64::MAX);
    info.va_bits = 255;
    assert_eq!(info.va_size(), u64::MAX);
    info.va_bits = 40;
    assert_eq!(info.va_size(), 1 << 40);
}

#[test]
fn a_backing_larger_than_memory_is_an_error() {
    assert!(gpuiface_mock::mem::Backing::new("huge", usize::MAX).is_err());
    assert!(gpuiface_mock::mem::Backing::new("huge", usize::MAX - 4095).is_err());
}

/// A queue larger than one GPFIFO entry can hold (2^21 - 1 dwords), with a
/// ring large enough for it, is refused before it is encoded: it used to
/// reach `GpFifoEntry::encode`'s `debug_assert!` (a release build cut the
/// entry's length short).
#[test]
fn a_queue_past_one_gpfifo_entry_is_refused_not_cut_short() {
    let dev = device();
    let rt = Runtime::with_config(&dev, 32 << 20, std::time::Duration::from_secs(20)).unwrap();
    let mut q = Queue::copy_queue();
    for i in 0..200_000u64 {
        q.copy(0x10_0000 + 64 * i, 0x20_0000, 64u64);
    }
    let err = rt.submit(&q, &[]).unwrap_err();
    assert_eq!(err.kind(), gpuiface_hal::ErrorKind::InvalidArgument);
    assert!(err.to_string().contains("GPFIFO entry"), "{err}");
}
