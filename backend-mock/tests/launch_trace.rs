//! The trace names each launch's kernel, when the process named its program
//! (or it is a suite kernel), and says how many instructions the SASS
//! interpreter ran for it (issue 20, item 6).

use std::time::Duration;

use gpuiface_hal::{AllocRequest, GpuIface};
use gpuiface_nvgpu::mock::gpu::{ExecMode, GpuConfig};
use gpuiface_nvgpu::mock::{open_with, MockDevice, MockDeviceExt, MockKernel};
use gpuiface_runtime::{Arg, LaunchDims, Program, Queue, Runtime};

const UNSEEN: &[u8] = include_bytes!("nvrtc/unseen.cubin");

fn device() -> MockDevice {
    open_with(MockKernel::builder().gpu(GpuConfig { mode: ExecMode::Immediate })).unwrap()
}

/// Launch `iops(a, b, o, n)` over `n` elements and wait.
fn launch_iops(dev: &MockDevice, rt: &Runtime<&MockDevice>, p: &Program, n: u32) {
    // `o` takes 16 words per element.
    let bufs: Vec<_> =
        [4 * n, 4 * n, 64 * n].iter().map(|&b| dev.alloc(AllocRequest::new(u64::from(b))).unwrap()).collect();
    let args = [Arg::U64(bufs[0].gpu_va()), Arg::U64(bufs[1].gpu_va()), Arg::U64(bufs[2].gpu_va()), Arg::U32(n)];
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(p, LaunchDims::new([n.div_ceil(64), 1, 1], [64, 1, 1]), &p.pack_args(&args).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(60)).unwrap();
    drop(q);
    for b in bufs {
        rt.free(b).unwrap();
    }
}

/// The launch lines of the trace so far.
fn launches(dev: &MockDevice) -> Vec<String> {
    dev.kernel().trace_all().into_iter().filter(|e| e.name == "launch").map(|e| e.line).collect()
}

/// The thread-instruction count a launch line reports.
fn instructions(line: &str) -> u64 {
    let (head, _) = line.split_once(" instructions (").unwrap_or_else(|| panic!("no count in {line}"));
    head.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_named_program_is_traced_with_its_name_and_instruction_count() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = rt.load_kernel(UNSEEN, "iops").unwrap();
    dev.kernel().name_program(p.gpu_va(), "iops");
    launch_iops(&dev, &rt, &p, 64);
    launch_iops(&dev, &rt, &p, 256);
    let lines = launches(&dev);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    for l in &lines {
        assert!(l.contains("launch of kernel `iops`"), "{l}");
        assert!(l.contains(&format!("program {:#x}", p.gpu_va())), "{l}");
        assert!(l.contains("on the SASS interpreter; completed"), "{l}");
    }
    let (small, large) = (instructions(&lines[0]), instructions(&lines[1]));
    assert!(small > 64, "at least one instruction per thread: {small}");
    assert!(large > 3 * small, "four times the threads, about four times the instructions: {small} then {large}");
    // The count is what the channel's statistics add up.
    let chid: u32 = lines[0].split("GPU channel ").nth(1).unwrap().split(':').next().unwrap().parse().unwrap();
    let stats = dev.kernel().gpu().channel_stats(chid).unwrap();
    assert_eq!(stats.instructions, small + large);
}

#[test]
fn an_unnamed_program_is_traced_as_such_and_a_suite_kernel_by_its_code() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = rt.load_kernel(UNSEEN, "iops").unwrap();
    launch_iops(&dev, &rt, &p, 32);
    let lines = launches(&dev);
    assert_eq!(lines.len(), 1);
    assert!(lines[0].contains("launch of an unnamed kernel"), "{}", lines[0]);
    assert!(instructions(&lines[0]) > 32, "{}", lines[0]);

    // The suite's saxpy, recognised by its code bytes, on the interpreter.
    let k = gpuiface_kernels::SAXPY;
    let sx = rt.load_kernel(k.cubin, "saxpy").unwrap();
    let (x, y) = (dev.alloc(AllocRequest::new(4096)).unwrap(), dev.alloc(AllocRequest::new(4096)).unwrap());
    let args = [Arg::U64(x.gpu_va()), Arg::U64(y.gpu_va()), Arg::F32(2.0), Arg::U32(100)];
    let s = dev.signal_alloc().unwrap();
    let mut q = Queue::compute();
    q.launch(&sx, LaunchDims::new([1, 1, 1], [128, 1, 1]), &sx.pack_args(&args).unwrap()).signal(&s, 1u64);
    rt.submit(&q, &[]).unwrap();
    dev.signal_wait(&s, 1, Duration::from_secs(60)).unwrap();
    let lines = launches(&dev);
    assert!(lines[1].contains("launch of kernel `saxpy`"), "{}", lines[1]);
    assert!(instructions(&lines[1]) >= 100, "{}", lines[1]);
}

#[test]
fn a_faulting_launch_is_traced_as_stopped() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let k = gpuiface_kernels::FAULT_STORE;
    let p = rt.load_kernel(k.cubin, "fault_store").unwrap();
    dev.kernel().name_program(p.gpu_va(), "my_fault");
    let mut q = Queue::compute();
    q.launch(&p, LaunchDims::new([1, 1, 1], [32, 1, 1]), &p.pack_args(&[Arg::U64(0x7_0000_0000)]).unwrap());
    let _ = rt.submit(&q, &[]);
    let lines = launches(&dev);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].contains("kernel `my_fault`") && lines[0].contains("stopped: MMU fault at 0x700000000"),
        "{}",
        lines[0]
    );
}

#[test]
fn a_name_goes_with_the_memory_of_its_program() {
    let dev = device();
    let rt = Runtime::new(&dev).unwrap();
    let p = rt.load_kernel(UNSEEN, "iops").unwrap();
    let va = p.gpu_va();
    dev.kernel().name_program(va, "iops");
    assert_eq!(dev.kernel().gpu().program_name(va).as_deref(), Some("iops"));
    // Freeing the program unmaps its memory (NVGPU_AS_IOCTL_UNMAP_BUFFER): code
    // loaded there later is not this kernel.
    rt.free_program(p).unwrap();
    assert_eq!(dev.kernel().gpu().program_name(va), None);
}
