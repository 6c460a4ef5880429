//! Issue 15, done-when: a bounded fuzz run (proptest, part of `cargo test`)
//! that drives ioctls with bad pointers on every fd kind, and garbage GPFIFO
//! work through the GPU model.
//!
//! Oracle: the dispatch rules of `facts/nvgpu-kernel-constraints.md` §0 give
//! the exact errno of every call they decide, before any handler runs
//! (wrong type / nr / size → EINVAL on nvgpu fds, ENOTTY on nvmap; an
//! unreadable argument of an `_IOC_WRITE` number → EFAULT; nvmap's
//! `access_ok` → EFAULT and its unknown numbers → ENOTTY), with ioctl numbers
//! read from `facts/nvgpu-abi.tsv`, not from the implementation. Calls past
//! those rules must answer 0, a positive uncopied count or an errno of the
//! constraints document. A crash ends the test binary; a panic fails it; the
//! GPU model must report no caught panic; every call returns (no hang).
//!
//! `GPUIFACE_FUZZ_CASES` scales the run (default 256 cases per property);
//! each property prints its figures (`cargo test --test fuzz_hostile -- --nocapture`).

use std::collections::{BTreeMap, HashSet};
use std::ffi::CString;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use gpuiface_hal::Errno;
use gpuiface_mock::gpu::testkit::{TestChannel, TestVm};
use gpuiface_mock::gpu::{ChannelStatus, ExecMode, Gpu, GpuConfig};
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use gpuiface_nvgpu::Syscalls;
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("GPUIFACE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

/// The r36 ioctl numbers of `facts/nvgpu-abi.tsv`.
fn fact_ioctls() -> &'static Vec<u32> {
    static N: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    N.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../facts/nvgpu-abi.tsv");
        std::fs::read_to_string(path)
            .expect("facts/nvgpu-abi.tsv")
            .lines()
            .filter_map(|l| {
                let mut f = l.split('\t');
                (f.next()? == "ioctl").then_some(())?;
                let _name = f.next()?;
                u32::from_str_radix(f.next()?.trim_start_matches("0x"), 16).ok()
            })
            .collect()
    })
}

/// Where an argument pointer points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ptr {
    Null,
    Kernel,
    ProtNone,
    /// Readable, not writable, holding the fuzzed bytes.
    ReadOnly,
    /// The first half readable (fuzzed bytes), then PROT_NONE.
    Half,
    /// Read-write, holding the fuzzed bytes.
    Valid,
}

const KERNEL_ADDR: u64 = 0xffff_8000_0000_0000;

/// Where `access_ok` ends user space, at the latest (2^48 on aarch64, just
/// under 2^47 on x86_64): the test's pages lie far below, its kernel address
/// far above, where even a 0-byte range fails.
const USER_END: u64 = 1 << 48;

/// Three pages per thread: read-write, read-only, PROT_NONE.
struct Pages {
    base: usize,
    page: usize,
}

impl Pages {
    fn new() -> Pages {
        let page = gpuiface_mock::mem::page_size();
        // SAFETY: a fresh anonymous mapping of three pages, leaked for the test's life.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                3 * page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        let base = p as usize;
        // SAFETY: the third page of that mapping.
        assert_eq!(unsafe { libc::mprotect((base + 2 * page) as *mut _, page, libc::PROT_NONE) }, 0);
        Pages { base, page }
    }
    fn set_ro(&self, writable: bool) {
        let prot = if writable { libc::PROT_READ | libc::PROT_WRITE } else { libc::PROT_READ };
        // SAFETY: the second page of the mapping made in `new`.
        assert_eq!(unsafe { libc::mprotect((self.base + self.page) as *mut _, self.page, prot) }, 0);
    }
    /// Lay out `bytes` for `ptr`; the address to pass.
    fn place(&self, ptr: Ptr, bytes: &[u8], size: usize) -> u64 {
        let write = |at: usize, b: &[u8]| {
            // SAFETY: `at..at + b.len()` lies inside the first two pages (made writable first).
            unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), at as *mut u8, b.len()) }
        };
        let n = bytes.len().min(size).min(self.page);
        match ptr {
            Ptr::Null => 0,
            Ptr::Kernel => KERNEL_ADDR,
            Ptr::ProtNone => (self.base + 2 * self.page) as u64,
            Ptr::Valid => {
                write(self.base, &bytes[..n]);
                self.base as u64
            }
            Ptr::ReadOnly => {
                self.set_ro(true);
                write(self.base + self.page, &bytes[..n]);
                self.set_ro(false);
                (self.base + self.page) as u64
            }
            Ptr::Half => {
                let half = (size / 2).min(self.page);
                self.set_ro(true);
                let at = self.base + 2 * self.page - half;
                write(at, &bytes[..half.min(n)]);
                self.set_ro(false);
                at as u64
            }
        }
    }
    /// Is `[addr, addr + size)` readable?
    fn readable(&self, addr: u64, size: usize) -> bool {
        let a = addr as usize;
        size == 0 || (a >= self.base && a.checked_add(size).is_some_and(|e| e <= self.base + 2 * self.page))
    }
    /// A safe value for a pointer field inside an argument.
    fn field_ptr(&self, pick: u8) -> u64 {
        match pick % 5 {
            0 => 0,
            1 => KERNEL_ADDR,
            2 => (self.base + 2 * self.page) as u64,
            3 => (self.base + self.page) as u64,
            _ => (self.base + 2 * self.page - 8) as u64, // 8 writable bytes, then PROT_NONE
        }
    }
}

thread_local! {
    static PAGES: Pages = Pages::new();
}

/// Replace every user-pointer field of the argument struct (by name, from the
/// ABI layout) with one of [`Pages::field_ptr`]'s: random bytes there could
/// name live memory of this test process.
fn sanitize_pointers(req: u32, bytes: &mut [u8], pages: &Pages) {
    let Some(arg) = ioctl_by_number(req).and_then(|d| d.arg) else { return };
    let Some(layout) = STRUCTS.iter().find(|s| s.name == arg) else { return };
    for f in layout.fields.iter().chain(layout.aliases) {
        let n = f.name.rsplit('.').next().unwrap_or(f.name);
        let pointer = n.ends_with("addr") || n.ends_with("_ptr") || n == "buffer" || n == "ops_buf";
        if pointer && f.size == 8 && f.offset + 8 <= bytes.len() {
            let v = pages.field_ptr(bytes[f.offset]);
            bytes[f.offset..f.offset + 8].copy_from_slice(&v.to_le_bytes());
        }
    }
}

/// The fd kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Nvmap,
    Ctrl,
    As,
    Tsg,
    Channel,
    DmaBuf,
    Event,
}

const KINDS: [Kind; 7] = [Kind::Nvmap, Kind::Ctrl, Kind::As, Kind::Tsg, Kind::Channel, Kind::DmaBuf, Kind::Event];

/// A kernel with one fd of every kind.
fn fds(k: &MockKernel) -> BTreeMap<Kind, RawFd> {
    let nvmap = k.open(&CString::new("/dev/nvmap").unwrap(), libc::O_RDWR).unwrap();
    let ctrl = k.open(&CString::new("/dev/nvgpu/igpu0/ctrl").unwrap(), libc::O_RDWR).unwrap();
    let io = |fd: RawFd, req: u32, arg: &mut [u8]| {
        // SAFETY: a live buffer of the ioctl's size.
        unsafe { k.ioctl_read_write(fd, req, arg.as_mut_ptr()) }.unwrap()
    };
    let mut a = NvgpuAllocAsArgs {
        flags: NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA,
        va_range_start: 2 << 20,
        va_range_end: (1 << 40) - (2 << 20),
        ..Default::default()
    };
    io(ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, a.as_bytes_mut());
    let mut t = NvgpuGpuOpenTsgArgs::default();
    io(ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, t.as_bytes_mut());
    let mut c = NvgpuGpuOpenChannelArgs { channel_fd: -1 };
    io(ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, c.as_bytes_mut());
    let mut h = NvmapCreateHandle { size: 4096, handle: 0 };
    io(nvmap, NVMAP_IOC_CREATE, h.as_bytes_mut());
    let mut al = NvmapAllocHandle {
        handle: h.handle,
        heap_mask: NVMAP_HEAP_IOVMM,
        flags: NVMAP_HANDLE_WRITE_COMBINE,
        align: 4096,
        numa_nid: 0,
    };
    io(nvmap, NVMAP_IOC_ALLOC, al.as_bytes_mut());
    let mut g = NvmapCreateHandle { size: 0, handle: h.handle };
    io(nvmap, NVMAP_IOC_GET_FD, g.as_bytes_mut());
    let mut e = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 0, ..Default::default() };
    io(t.tsg_fd as RawFd, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, e.as_bytes_mut());
    BTreeMap::from([
        (Kind::Nvmap, nvmap),
        (Kind::Ctrl, ctrl),
        (Kind::As, a.as_fd),
        (Kind::Tsg, t.tsg_fd as RawFd),
        (Kind::Channel, c.channel_fd),
        (Kind::DmaBuf, g.size as RawFd),
        (Kind::Event, e.event_fd),
    ])
}

/// What §0 decides for a call before any handler, if anything.
fn expected(kind: Kind, req: u32, addr: u64, pages: &Pages) -> Option<Errno> {
    use gpuiface_nvgpu::abi::limits::*;
    let p = decode(req);
    let nvgpu = |ty: u8, last: u8, max: usize| {
        if p.ty != ty || p.nr == 0 || p.nr > last || p.size > max {
            Some(Errno::EINVAL)
        } else if p.dir & IOC_WRITE != 0 && !pages.readable(addr, p.size) {
            Some(Errno::EFAULT)
        } else {
            None
        }
    };
    match kind {
        Kind::Nvmap => {
            if p.ty != b'N' || p.nr > NVMAP_MAXNR {
                Some(Errno::ENOTTY)
            } else if p.dir != IOC_NONE && addr.checked_add(p.size as u64).is_none_or(|e| e > USER_END) {
                Some(Errno::EFAULT)
            } else if !fact_ioctls().contains(&req) {
                Some(Errno::ENOTTY)
            } else {
                None
            }
        }
        Kind::Ctrl => nvgpu(b'G', CTRL_LAST_NR, CTRL_MAX_ARG_SIZE),
        Kind::As => nvgpu(b'A', AS_LAST_NR, AS_MAX_ARG_SIZE),
        Kind::Tsg => nvgpu(b'T', TSG_LAST_NR, TSG_MAX_ARG_SIZE),
        Kind::Channel => nvgpu(b'H', CHANNEL_LAST_NR, CHANNEL_MAX_ARG_SIZE),
        // Neither has ioctls of these numbers.
        Kind::DmaBuf | Kind::Event => Some(Errno::ENOTTY),
    }
}

/// Errnos the constraints document lists for handlers (plus EMFILE for fd
/// creation, which the document leaves to the VFS).
const HANDLER_ERRNOS: [i32; 13] = [
    libc::EINVAL,
    libc::ENOTTY,
    libc::EFAULT,
    libc::EBADF,
    libc::ENOMEM,
    libc::EEXIST,
    libc::ENOSPC,
    libc::ENODEV,
    libc::EPERM,
    libc::EAGAIN,
    libc::ETIMEDOUT,
    libc::EBUSY,
    libc::EMFILE,
];

#[derive(Default)]
struct Tally {
    calls: u64,
    decided_by_facts: u64,
    agree: u64,
    by_kind: BTreeMap<String, u64>,
    results: BTreeMap<String, u64>,
}

/// The ioctl type character of an fd kind.
fn type_of(kind: Kind) -> u8 {
    match kind {
        Kind::Nvmap => b'N',
        Kind::Ctrl => b'G',
        Kind::As => b'A',
        Kind::Tsg => b'T',
        Kind::Channel => b'H',
        Kind::DmaBuf | Kind::Event => b'b',
    }
}

/// A kind and a request: mostly the r36 numbers of that fd's type (so the
/// handlers run), then the other shapes of [`request`].
fn kind_and_request() -> impl Strategy<Value = (Kind, u32)> {
    prop::sample::select(KINDS.to_vec()).prop_flat_map(|kind| {
        let own: Vec<u32> = fact_ioctls().iter().copied().filter(|r| decode(*r).ty == type_of(kind)).collect();
        let own = if own.is_empty() { fact_ioctls().clone() } else { own };
        (Just(kind), prop_oneof![3 => prop::sample::select(own), 2 => request()])
    })
}

fn request() -> impl Strategy<Value = u32> {
    let known = prop::sample::select(fact_ioctls().clone());
    prop_oneof![
        3 => known.clone(),
        // A known number with another size (a different number, §0).
        2 => (known, 0u32..0x4000).prop_map(|(r, s)| (r & !(0x3fff << 16)) | (s << 16)),
        // Near-valid: every type of the five fds, any nr/dir, small sizes.
        2 => (0u32..4, prop::sample::select(vec![b'G', b'A', b'T', b'H', b'N', b'X']), any::<u8>(), 0usize..0x120)
            .prop_map(|(d, t, n, s)| ioc(d, t, n, s)),
        1 => any::<u32>(),
    ]
}

fn ptr() -> impl Strategy<Value = Ptr> {
    prop::sample::select(vec![Ptr::Null, Ptr::Kernel, Ptr::ProtNone, Ptr::ReadOnly, Ptr::Half, Ptr::Valid, Ptr::Valid])
}

fn runner() -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })
}

type Call = (Kind, u32, Ptr, Vec<u8>);

fn one_ioctl_case(calls: Vec<Call>, total: &mut Tally) -> Result<(), TestCaseError> {
    let k = MockKernel::builder().trace_ring(0).trace_stderr(false).build();
    let fds = fds(&k);
    let mut t = Tally::default();
    PAGES.with(|pages| {
        for (kind, req, ptr, mut bytes) in calls {
            let size = decode(req).size;
            bytes.resize(size.max(bytes.len()), 0);
            sanitize_pointers(req, &mut bytes, pages);
            let addr = pages.place(ptr, &bytes, size);
            let fd = fds[&kind];
            // SAFETY: the mock only hands `addr` to its checked copies.
            let r = unsafe { k.ioctl_read_write(fd, req, addr as *mut u8) };
            t.calls += 1;
            *t.by_kind.entry(format!("{kind:?}")).or_default() += 1;
            let key = match r {
                Ok(0) => "0".to_string(),
                Ok(_) => "positive".to_string(),
                Err(e) => e.name().unwrap_or("other").to_string(),
            };
            *t.results.entry(key).or_default() += 1;
            if let Some(want) = expected(kind, req, addr, pages) {
                t.decided_by_facts += 1;
                prop_assert_eq!(r, Err(want), "{:?} {:#x} {:?}", kind, req, ptr);
                t.agree += 1;
            } else {
                match r {
                    Ok(n) => prop_assert!(n >= 0 && n as usize <= 0x4000, "{:?} {:#x}: {}", kind, req, n),
                    Err(e) => prop_assert!(HANDLER_ERRNOS.contains(&e.0), "{:?} {:#x} {:?}: {:?}", kind, req, ptr, e),
                }
            }
        }
        Ok(())
    })?;
    // Teardown: every fd the run left open goes, and nothing is left.
    for (fd, _) in k.snapshot().fds {
        let _ = k.close(fd);
    }
    prop_assert!(k.snapshot().is_empty(), "{:?}", k.snapshot());
    prop_assert!(k.gpu().faults().iter().all(|f| !f.reason.contains("GPU model panic")));
    total.calls += t.calls;
    total.decided_by_facts += t.decided_by_facts;
    total.agree += t.agree;
    for (k, v) in t.by_kind {
        *total.by_kind.entry(k).or_default() += v;
    }
    for (k, v) in t.results {
        *total.results.entry(k).or_default() += v;
    }
    Ok(())
}

#[test]
fn fuzz_ioctls_with_bad_pointers_on_every_fd_kind() {
    let strategy = prop::collection::vec(
        (kind_and_request(), ptr(), prop::collection::vec(any::<u8>(), 0..0x120))
            .prop_map(|((kind, req), ptr, bytes)| (kind, req, ptr, bytes)),
        1..24,
    );
    let total = Mutex::new(Tally::default());
    runner()
        .run(&strategy, |calls| one_ioctl_case(calls, &mut total.lock().unwrap_or_else(|p| p.into_inner())))
        .unwrap();
    let t = total.into_inner().unwrap();
    eprintln!(
        "fuzz ioctls: {} calls {:?}; {} decided by the §0 rules, {} agree; results {:?}",
        t.calls, t.by_kind, t.decided_by_facts, t.agree, t.results
    );
    assert_eq!(t.agree, t.decided_by_facts);
    assert!(t.calls >= u64::from(cases()));
}

static GPFIFO_CALLS: AtomicU64 = AtomicU64::new(0);
static GPFIFO_FAULTS: AtomicU64 = AtomicU64::new(0);

/// One garbage submission: a raw GPFIFO entry, or an entry over garbage
/// pushbuffer words, or well-formed headers carrying methods the classes
/// define (on the host, compute and copy subchannels) with data that is
/// random or aimed at the mapped data region.
#[derive(Debug, Clone)]
enum Work {
    Entry(u64),
    Words(Vec<u32>),
    Methods(Vec<(u8, u32, u32)>),
}

/// Every method byte offset `class` defines.
fn defined(class: u32) -> Vec<u32> {
    (0..=gpuiface_hal::codec::method::MAX_METHOD)
        .step_by(4)
        .filter(|m| gpuiface_hal::classes::is_defined_method(class, *m))
        .collect()
}

fn method() -> impl Strategy<Value = (u8, u32)> {
    let host: Vec<u32> = (0..0x100).step_by(4).collect();
    prop_oneof![
        (0u8..8, prop::sample::select(host)),
        (Just(1u8), prop::sample::select(defined(0xc7c0))),
        (Just(4u8), prop::sample::select(defined(0xc7b5))),
        (0u8..8, (0u32..0x1000).prop_map(|m| m * 4)),
    ]
}

fn data() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        (0u32..(1 << 20)).prop_map(|o| 0x1000_0000 + (o & !3)),
        Just(0u32),
        Just(u32::MAX),
        0u32..64,
    ]
}

fn work() -> impl Strategy<Value = Work> {
    prop_oneof![
        1 => any::<u64>().prop_map(Work::Entry),
        1 => prop::collection::vec(any::<u32>(), 0..64).prop_map(Work::Words),
        4 => prop::collection::vec((method(), data()), 1..32)
            .prop_map(|v| Work::Methods(v.into_iter().map(|((s, m), d)| (s, m, d)).collect())),
    ]
}

/// A channel with compute on subchannel 1 and copy on 4 (SET_OBJECT run).
fn bound_channel(gpu: &Gpu, vm: &std::sync::Arc<TestVm>, chid: u32) -> TestChannel {
    let mut ch = TestChannel::attach(gpu, vm, chid);
    gpu.bind_object(chid, 0xc7c0);
    gpu.bind_object(chid, 0xc7b5);
    let mut pb = gpuiface_hal::codec::method::PushBuffer::new();
    pb.method(1, gpuiface_hal::classes::host::SET_OBJECT, &[0xc7c0]);
    pb.method(4, gpuiface_hal::classes::host::SET_OBJECT, &[0xc7b5]);
    ch.submit(gpu, &pb);
    ch
}

fn one_gpfifo_case(subs: Vec<Work>) -> Result<(), TestCaseError> {
    let gpu = Gpu::new(GpuConfig::with_mode(ExecMode::Immediate));
    gpu.set_copy_watchdog(1 << 12);
    let vm = TestVm::new();
    let data = vm.map(0x1000_0000, 1 << 20);
    let mut chid = 1;
    let mut ch = bound_channel(&gpu, &vm, chid);
    let mut other = bound_channel(&gpu, &vm, 100);
    for w in subs {
        // A faulted (or full, or blocked) channel is replaced by a fresh one.
        let status = gpu.channel_status(chid);
        if status != Some(ChannelStatus::Idle) || (ch.gp_put() + 2) % ch.entries == ch.gp_get() {
            gpu.detach_channel(chid);
            chid += 1;
            ch = bound_channel(&gpu, &vm, chid);
        }
        match &w {
            Work::Entry(word) => {
                ch.push_entry(*word);
            }
            Work::Words(words) => {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                let va = ch.alloc_bytes(&bytes);
                ch.push_entry(gpuiface_hal::codec::gpfifo::GpFifoEntry::new(va, words.len() as u32).encode());
            }
            Work::Methods(ms) => {
                let mut pb = gpuiface_hal::codec::method::PushBuffer::new();
                for (sub, m, d) in ms {
                    pb.method(*sub, *m, &[*d]);
                }
                ch.push(&pb);
            }
        }
        ch.ring(&gpu); // Immediate: runs to idle/blocked/faulted before returning
        GPFIFO_CALLS.fetch_add(1, Ordering::Relaxed);
    }
    // The model kept working for another channel.
    let mut pb = gpuiface_hal::codec::method::PushBuffer::new();
    let exec = gpuiface_hal::classes::host::SEM_EXECUTE_OPERATION
        .field(gpuiface_hal::classes::host::SEM_EXECUTE_OPERATION_RELEASE);
    pb.method(0, gpuiface_hal::classes::host::SEM_ADDR_LO, &[0x100f_fff0, 0, 9, 0, exec]);
    other.submit(&gpu, &pb);
    prop_assert_eq!(gpu.channel_fault(100), None);
    prop_assert_eq!(data.read_u32(0xf_fff0), 9);
    let panics: HashSet<String> =
        gpu.faults().into_iter().map(|f| f.reason).filter(|r| r.contains("GPU model panic")).collect();
    prop_assert!(panics.is_empty(), "{:?}", panics);
    GPFIFO_FAULTS.fetch_add(gpu.faults().len() as u64, Ordering::Relaxed);
    Ok(())
}

#[test]
fn fuzz_garbage_gpfifo_work_never_panics_or_hangs_the_model() {
    runner().run(&prop::collection::vec(work(), 1..16), one_gpfifo_case).unwrap();
    eprintln!(
        "fuzz GPFIFO: {} garbage submissions, {} channel faults raised, 0 model panics, every doorbell returned",
        GPFIFO_CALLS.load(Ordering::Relaxed),
        GPFIFO_FAULTS.load(Ordering::Relaxed)
    );
    assert!(GPFIFO_CALLS.load(Ordering::Relaxed) >= u64::from(cases()));
}
