//! Issue 40 ("fidelity, round 4"), in process: a hung channel stays hung
//! (item 1); the doorbell mapping is not inherited by a forked child
//! (item 2). The client-visible halves (through the preload library) are
//! `preload/tests/round4.rs`; fd numbers under a low fd limit (item 3) are
//! `tests/fd_limit.rs`, alone in its binary.

use std::os::fd::RawFd;
use std::time::Duration;

use gpuiface_hal::classes::host;
use gpuiface_hal::codec::gpfifo::GpFifoEntry;
use gpuiface_hal::codec::method::PushBuffer;
use gpuiface_hal::hw::ga10b;
use gpuiface_hal::Errno;
use gpuiface_mock::gpu::ChannelStatus;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;

use crate::harness::{map_args, K};

/// A set-up channel and what a client needs to submit on it.
struct Chan {
    fd: RawFd,
    token: u32,
    /// CPU mappings of the GPFIFO and USERD dma-bufs.
    gpfifo: usize,
    userd: usize,
    /// A 64 KiB data buffer: its CPU mapping and GPU VA.
    data: usize,
    data_va: u64,
    put: u32,
}

/// A channel with a GPFIFO dma-buf of `gpfifo_bytes` (1,024 entries) and a
/// mapped data buffer, ALLOC_OBJ_CTX(compute) issued: what it answered.
fn channel(k: &K, gpfifo_bytes: u32) -> (Chan, Result<i32, Errno>) {
    let (as_fd, _tsg, fd) = k.bound_channel();
    let mut s = k.setup_args(1024);
    s.gpfifo_dmabuf_fd = k.dmabuf(gpfifo_bytes);
    assert_eq!(k.setup_bind(fd, &mut s), Ok(0));
    let mut o = NvgpuAllocObjCtxArgs { class_num: 0xc7c0, ..Default::default() };
    let alloc = k.io(fd, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &mut o);
    let data_fd = k.dmabuf(64 << 10);
    let mut m = map_args(data_fd);
    k.map(as_fd, &mut m).unwrap();
    let ch = Chan {
        fd,
        token: s.work_submit_token,
        gpfifo: k.cpu_map(s.gpfifo_dmabuf_fd as RawFd, 8 << 10),
        userd: k.cpu_map(s.userd_dmabuf_fd as RawFd, 4096),
        data: k.cpu_map(data_fd, 64 << 10),
        data_va: m.offset,
        put: 0,
    };
    (ch, alloc)
}

/// Submit a 64-bit semaphore release of `payload` at data + 0x100 the
/// usermode way (pushbuffer, GPFIFO entry, GP_PUT, doorbell).
fn submit_release(k: &K, ch: &mut Chan, payload: u64) {
    let mut pb = PushBuffer::new();
    let va = ch.data_va + 0x100;
    let exec = host::SEM_EXECUTE_OPERATION.field(host::SEM_EXECUTE_OPERATION_RELEASE)
        | host::SEM_EXECUTE_PAYLOAD_SIZE.field(host::SEM_EXECUTE_PAYLOAD_SIZE_64BIT);
    pb.method(0, host::SEM_ADDR_LO, &[va as u32, (va >> 32) as u32, payload as u32, (payload >> 32) as u32, exec]);
    let bytes = pb.as_bytes();
    let entry = GpFifoEntry::new(ch.data_va + 0x1000, pb.len_dwords() as u32).encode();
    // SAFETY: the test's own shared mappings of dma-bufs it owns, in range
    // (pushbuffer at +0x1000 of 64 KiB, entry `put` of 1,024, USERD words).
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), (ch.data as *mut u8).add(0x1000), bytes.len());
        ((ch.gpfifo as *mut u64).add(ch.put as usize)).write_volatile(entry);
        ch.put += 1;
        ((ch.userd + ga10b::USERD_GP_PUT) as *mut u32).write_volatile(ch.put);
    }
    k.k.gpu().doorbell(ch.token);
}

fn released(ch: &Chan) -> u64 {
    // SAFETY: the test's own mapping of its data buffer, in range.
    unsafe { ((ch.data + 0x100) as *const u64).read_volatile() }
}

fn gp_get(ch: &Chan) -> u32 {
    // SAFETY: the test's own mapping of the USERD page.
    unsafe { ((ch.userd + ga10b::USERD_GP_GET) as *const u32).read_volatile() }
}

#[test]
fn item1_a_hung_channel_stays_hung_while_other_channels_and_the_device_keep_working() {
    let k = K::on(MockKernel::builder().hang_wait(Duration::from_millis(20)).trace_decoded(true).build());
    let (mut hung, r) = channel(&k, 3 << 20);
    assert_eq!(r, Err(Errno::ETIMEDOUT), "the 3 MiB GPFIFO hangs ALLOC_OBJ_CTX");
    let (mut good, r) = channel(&k, 8 << 10);
    assert_eq!(r, Ok(0));

    // Every later ioctl on the hung channel waits behind the call that never
    // returned (its ioctl_lock): ETIMEDOUT after the bounded wait, each a HANG.
    let copy = &mut NvgpuAllocObjCtxArgs { class_num: 0xc7b5, ..Default::default() };
    let started = std::time::Instant::now();
    assert_eq!(k.io(hung.fd, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, copy), Err(Errno::ETIMEDOUT));
    assert!(started.elapsed() >= Duration::from_millis(20), "blocked for the hang wait");
    let last = k.k.trace().pop().unwrap();
    assert!(last.line.contains("(HANG: ") && last.line.contains("ioctl_lock"), "{}", last.line);
    assert_eq!(k.wdt(hung.fd, NVGPU_IOCTL_CHANNEL_ENABLE_WDT), Err(Errno::ETIMEDOUT));
    let mut sp = NvgpuGetUserSyncpointArgs::default();
    assert_eq!(k.io(hung.fd, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &mut sp), Err(Errno::ETIMEDOUT));
    let mut pm = NvgpuPreemptionModeArgs::default();
    assert_eq!(k.io(hung.fd, NVGPU_IOCTL_CHANNEL_SET_PREEMPTION_MODE, &mut pm), Err(Errno::ETIMEDOUT));
    // The §0 checks come before the lock: a number past the channel's LAST is still EINVAL.
    let past_last = gpuiface_abi::r36::io(b'H', 0x81);
    // SAFETY: an `_IO` number with no argument: nothing is read or written.
    assert_eq!(unsafe { k.k.ioctl_value(hung.fd, past_last, 0) }, Err(Errno::EINVAL));

    // Its submits never run; the other channel's do.
    submit_release(&k, &mut hung, 0x1111);
    submit_release(&k, &mut good, 0x2222);
    k.k.gpu().run_until_idle();
    assert_eq!(released(&good), 0x2222, "another channel keeps working");
    assert_eq!((released(&hung), gp_get(&hung)), (0, 0), "the hung channel's work never runs");
    let chid = ga10b::token_chid(hung.token);
    assert_eq!(k.k.gpu().channel_status(chid), Some(ChannelStatus::Hung));

    // The device keeps working: a new channel, set up and submitting.
    let (mut fresh, r) = channel(&k, 8 << 10);
    assert_eq!(r, Ok(0));
    submit_release(&k, &mut fresh, 0x3333);
    k.k.gpu().run_until_idle();
    assert_eq!(released(&fresh), 0x3333);
    // The hung channel can be closed; the GPU forgets it.
    // SAFETY: the test owns the channel fd and uses it no more.
    unsafe { k.k.close(hung.fd) }.unwrap();
    assert_eq!(k.k.gpu().channel_status(chid), None);
    submit_release(&k, &mut good, 0x4444);
    k.k.gpu().run_until_idle();
    assert_eq!(released(&good), 0x4444);
}

/// `const NAME value` of a facts table.
fn fact(table: &str, name: &str) -> i64 {
    let path = format!("{}/../facts/{table}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("facts table");
    let row = text
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f.len() >= 3 && f[0] == "const" && f[1] == name)
        .unwrap_or_else(|| panic!("{name} is not in {table}"));
    i64::from_str_radix(row[2].trim_start_matches("0x"), 16).unwrap()
}

#[test]
fn item4_characteristics_fields_the_sources_fix_are_filled_from_them() {
    let k = K::new();
    let mut bytes = [0u8; std::mem::size_of::<NvgpuGpuCharacteristics>()];
    let mut g = NvgpuGpuGetCharacteristics {
        gpu_characteristics_buf_size: bytes.len() as u64,
        gpu_characteristics_buf_addr: bytes.as_mut_ptr() as u64,
    };
    k.io(k.ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &mut g).unwrap();
    let c = NvgpuGpuCharacteristics::from_bytes(&bytes).unwrap();
    // The highest number of each device node's ioctl table (the UAPI headers, via the facts).
    let t = "nvgpu-abi.tsv";
    let lasts = [
        (c.dbg_gpu_ioctl_nr_last, "NVGPU_DBG_GPU_IOCTL_LAST"),
        (c.event_ioctl_nr_last, "NVGPU_EVENT_IOCTL_LAST"),
        (c.ctxsw_ioctl_nr_last, "NVGPU_CTXSW_IOCTL_LAST"),
        (c.prof_ioctl_nr_last, "NVGPU_PROFILER_IOCTL_LAST"),
        (c.nvs_ioctl_nr_last, "NVGPU_NVS_IOCTL_LAST"),
    ];
    for (got, name) in lasts {
        assert_eq!(i64::from(got), fact(t, name), "{name}");
    }
    // ioctl_dbg.h L27, cyclestats_snapshot.c L604-608, fecs_trace_linux.h L23 (128 4 KiB pages).
    assert_eq!((c.reg_ops_limit, c.max_css_buffer_size, c.max_ctxsw_ring_buffer_size), (1024, 0xffff_ffff, 0x80000));
    // Read from the hardware by the kernel, recorded by no log: left zero (FIDELITY.md lists them).
    assert_eq!(c.lts_per_ltc, 0);

    // r35: its own debugger table's last number.
    let r35 = gpuiface_mock::kernel::Characteristics::r35();
    let v = gpuiface_abi::r35::NvgpuGpuCharacteristics::from_bytes(&r35.bytes()).unwrap();
    assert_eq!(i64::from(v.dbg_gpu_ioctl_nr_last), fact("nvgpu-abi-r35.tsv", "NVGPU_DBG_GPU_IOCTL_LAST"));
    assert_eq!(i64::from(v.prof_ioctl_nr_last), fact("nvgpu-abi-r35.tsv", "NVGPU_PROFILER_IOCTL_LAST"));
    assert_eq!(v.reg_ops_limit, 1024);
}

#[test]
fn item2_a_forked_child_does_not_inherit_the_usermode_doorbell_mapping() {
    let k = K::new();
    // SAFETY: a fresh shared mapping of the ctrl fd's usermode window (no MAP_FIXED).
    let regs =
        unsafe { k.k.mmap(0, ga10b::USERMODE_SIZE, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, k.ctrl, 0) }
            .unwrap();
    let data = k.cpu_map(k.dmabuf(4096), 4096);
    let mapped = |addr: usize| {
        let mut vec = [0u8; 1];
        // SAFETY: mincore writes one byte per page into `vec`; the address is only probed.
        unsafe { libc::mincore(addr as *mut libc::c_void, 4096, vec.as_mut_ptr()) == 0 }
    };
    assert!(mapped(regs) && mapped(data));
    if !dontfork_is_honoured() {
        // qemu-user passes fork and mincore through but not MADV_DONTFORK:
        // no mapping the model makes can be kept from a child there.
        eprintln!("MADV_DONTFORK is not honoured on this platform (qemu-user): the child's view is not checked");
        return;
    }
    // SAFETY: fork; the child makes only system calls (mincore, _exit), as a
    // child of a multithreaded process may.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0);
    if pid == 0 {
        // VM_DONTCOPY (facts §1): no doorbell page; a dma-buf mapping is inherited.
        let code = if !mapped(regs) && mapped(data) { 0 } else { 1 };
        // SAFETY: leaves the child at once, running nothing of the test harness.
        unsafe { libc::_exit(code) };
    }
    let mut status = 0;
    // SAFETY: waits for the child just forked.
    assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "status {status:#x}");
    assert!(mapped(regs), "the parent keeps its doorbell page");
}

/// Whether `madvise(MADV_DONTFORK)` keeps a page from a forked child here:
/// the probe maps an anonymous page, marks it, forks, and the child reports
/// whether it has the page.
fn dontfork_is_honoured() -> bool {
    // SAFETY: a fresh anonymous private page (no MAP_FIXED), checked below.
    let page = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            4096,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    assert_ne!(page, libc::MAP_FAILED);
    // SAFETY: `page` is the page just mapped, ours alone.
    assert_eq!(unsafe { libc::madvise(page, 4096, libc::MADV_DONTFORK) }, 0);
    // SAFETY: fork; the child makes only system calls (mincore, _exit).
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0);
    if pid == 0 {
        let mut vec = [0u8; 1];
        // SAFETY: mincore only probes the address.
        let present = unsafe { libc::mincore(page, 4096, vec.as_mut_ptr()) } == 0;
        // SAFETY: leaves the child at once.
        unsafe { libc::_exit(i32::from(present)) };
    }
    let mut status = 0;
    // SAFETY: waits for the child just forked.
    assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
    // SAFETY: unmaps the probe page mapped above.
    unsafe { libc::munmap(page, 4096) };
    libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
}
