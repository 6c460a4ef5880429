//! The ioctl property: calls with fuzzed numbers, pointers and argument
//! bytes on one fd of every kind, each call the §0 rules decide checked
//! against the errno they give.

use std::collections::BTreeMap;
use std::os::fd::RawFd;
use std::sync::Mutex;

use gpuiface_hal::Errno;
use gpuiface_mock::MockKernel;
use gpuiface_nvgpu::abi::*;
use proptest::prelude::*;

use crate::harness::K;
use crate::{cases, runner};

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

/// One fd of every kind, opened on `k`'s kernel (nvmap and ctrl are `k`'s own).
fn fds(k: &K) -> BTreeMap<Kind, RawFd> {
    let as_fd = k.alloc_as();
    let tsg = k.tsg();
    let channel = k.channel();
    let dmabuf = k.dmabuf(4096);
    let mut e = NvgpuEventIdCtrlArgs { cmd: 1, event_id: 0, ..Default::default() };
    k.io(tsg, NVGPU_IOCTL_TSG_EVENT_ID_CTRL, &mut e).unwrap();
    BTreeMap::from([
        (Kind::Nvmap, k.nvmap),
        (Kind::Ctrl, k.ctrl),
        (Kind::As, as_fd),
        (Kind::Tsg, tsg),
        (Kind::Channel, channel),
        (Kind::DmaBuf, dmabuf),
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

type Call = (Kind, u32, Ptr, Vec<u8>);

fn one_ioctl_case(calls: Vec<Call>, total: &mut Tally) -> Result<(), TestCaseError> {
    let k = K::on(MockKernel::builder().trace_ring(0).trace_stderr(false).build());
    let fds = fds(&k);
    let mut t = Tally::default();
    PAGES.with(|pages| {
        for (kind, req, ptr, mut bytes) in calls {
            let size = decode(req).size;
            bytes.resize(size.max(bytes.len()), 0);
            sanitize_pointers(req, &mut bytes, pages);
            let addr = pages.place(ptr, &bytes, size);
            let fd = fds[&kind];
            let r = k.raw(fd, req, addr as *mut u8);
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
    for (fd, _) in k.k.snapshot().fds {
        // SAFETY: the fds the run opened (the test's), used no more.
        let _ = unsafe { k.k.close_fd(fd) };
    }
    prop_assert!(k.k.snapshot().is_empty(), "{:?}", k.k.snapshot());
    prop_assert!(k.k.gpu().faults().iter().all(|f| !f.reason.contains("GPU model panic")));
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
