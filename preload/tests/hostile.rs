//! Issue 15, through the `LD_PRELOAD` library: small C programs, built with
//! the system C compiler and run with the library preloaded, do what a
//! hostile or careless program does (bad pointers, fork, dup, closing fds it
//! did not open) and print one line per check; each test asserts the exit
//! status and the lines. The ioctl numbers come from the Rust ABI.

use std::path::PathBuf;
use std::process::Command;

use gpuiface_nvgpu::abi::*;

/// The preload library cargo built for this test run: next to the test
/// binary in `target/<profile>/deps/` (the copy in `target/<profile>/` is
/// only refreshed by `cargo build`).
fn library() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let dir = exe.parent().expect("deps dir");
    let lib = dir.join("libgpuiface_preload.so");
    assert!(lib.exists(), "{} not built", lib.display());
    lib
}

/// Common C prelude: includes, the device paths, the ioctl numbers.
fn prelude() -> String {
    format!(
        r#"
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#define CREATE 0x{create:x}u
#define GET_CHARACTERISTICS 0x{chars:x}u
#define ALLOC_AS 0x{alloc_as:x}u
#define OPEN_CHANNEL 0x{open_channel:x}u
#define WDT 0x{wdt:x}u
#define ALLOC 0x{alloc:x}u
#define GET_FD 0x{get_fd:x}u
#define FREE 0x{free:x}u
#define CHECK(cond, what) do {{ if (cond) printf("ok %s\n", what); else {{ printf("FAIL %s (errno %d)\n", what, errno); }} }} while (0)
static int nvmap_open(void) {{ return open("/dev/nvmap", O_RDWR | O_CLOEXEC); }}
static int ctrl_open(void) {{ return open("/dev/nvgpu/igpu0/ctrl", O_RDWR | O_CLOEXEC); }}
static uint32_t create(int nvmap, uint32_t size) {{
    uint32_t a[2] = {{ size, 0 }};
    if (ioctl(nvmap, CREATE, a) != 0) return 0;
    return a[1];
}}
static int alloc_as(int ctrl) {{
    struct {{ uint32_t big_page_size; int32_t as_fd; uint32_t flags; uint32_t reserved;
              uint64_t va_range_start, va_range_end, va_range_split, padding[3]; }} a;
    memset(&a, 0, sizeof a);
    a.flags = 2; a.va_range_start = 2 << 20; a.va_range_end = (1ull << 40) - (2 << 20);
    if (ioctl(ctrl, ALLOC_AS, &a) != 0) return -1;
    return a.as_fd;
}}
static int open_channel(int ctrl) {{
    int32_t a[1] = {{ -1 }};
    if (ioctl(ctrl, OPEN_CHANNEL, a) != 0) return -1;
    return a[0];
}}
"#,
        create = NVMAP_IOC_CREATE,
        chars = NVGPU_GPU_IOCTL_GET_CHARACTERISTICS,
        alloc_as = NVGPU_GPU_IOCTL_ALLOC_AS,
        open_channel = NVGPU_GPU_IOCTL_OPEN_CHANNEL,
        wdt = NVGPU_IOCTL_CHANNEL_WDT,
        alloc = NVMAP_IOC_ALLOC,
        get_fd = NVMAP_IOC_GET_FD,
        free = NVMAP_IOC_FREE,
    )
}

struct Run {
    status: std::process::ExitStatus,
    stdout: String,
    stderr: String,
}

/// Build `body` (the inside of `main`) and run it under the library.
fn run_c(name: &str, body: &str, env: &[(&str, &str)]) -> Run {
    let dir = std::env::temp_dir().join(format!("gpuiface-hostile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{name}.c"));
    let bin = dir.join(name);
    std::fs::write(&src, format!("{}\nint main(void) {{\n{body}\nreturn 0;\n}}\n", prelude())).unwrap();
    // Under CI's aarch64 step this test runs in qemu-aarch64 on an x86_64
    // host: the C program is then cross-compiled and run in qemu too, with
    // the (aarch64) library preloaded in the guest only.
    let sysroot = std::path::Path::new("/usr/aarch64-linux-gnu");
    let cross = cfg!(target_arch = "aarch64") && sysroot.exists();
    let compiler = if cross { "aarch64-linux-gnu-gcc" } else { "cc" };
    // Under qemu-user, an ioctl the emulator does not know (one that reaches
    // the host kernel: a closed fd, /dev/null) answers ENOSYS: QEMU_ENOSYS
    // lets those checks accept it.
    let qemu = if cross { "-DQEMU_ENOSYS=ENOSYS" } else { "-DQEMU_ENOSYS=-1" };
    let cc = Command::new(compiler).args(["-O0", "-w", qemu, "-o"]).arg(&bin).arg(&src).output().expect("a C compiler");
    assert!(cc.status.success(), "{compiler} failed: {}", String::from_utf8_lossy(&cc.stderr));
    let mut cmd = if cross {
        let mut c = Command::new("qemu-aarch64");
        c.arg("-L").arg(sysroot).arg("-E").arg(format!("LD_PRELOAD={}", library().display())).arg(&bin);
        c
    } else {
        let mut c = Command::new(&bin);
        c.env("LD_PRELOAD", library());
        c
    };
    cmd.env("GPUIFACE_MOCK_MODE", "immediate");
    for (k, v) in env {
        cmd.env(k, v);
    }
    // A hang is a failure, not a stuck test run: kill after a generous bound.
    let mut child = cmd.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Run {
        status: out.status,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Assert a clean exit and every check line `ok`.
fn assert_all_ok(r: &Run, expected_checks: usize) {
    assert!(r.status.success(), "status {:?}\nstdout:\n{}\nstderr:\n{}", r.status, r.stdout, r.stderr);
    let oks = r.stdout.lines().filter(|l| l.starts_with("ok ")).count();
    assert!(!r.stdout.contains("FAIL"), "{}\nstderr:\n{}", r.stdout, r.stderr);
    assert_eq!(oks, expected_checks, "{}", r.stdout);
}

#[test]
fn item_1_bad_ioctl_pointers_through_the_preload_get_errnos() {
    let r = run_c(
        "item1",
        r#"
    int nvmap = nvmap_open(), ctrl = ctrl_open();
    char *none = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *ro = mmap(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    errno = 0; CHECK(ioctl(nvmap, CREATE, (void *)0) == -1 && errno == EFAULT, "nvmap NULL");
    errno = 0; CHECK(ioctl(nvmap, CREATE, none) == -1 && errno == EFAULT, "nvmap PROT_NONE");
    errno = 0; CHECK(ioctl(ctrl, ALLOC_AS, (void *)0) == -1 && errno == EFAULT, "ctrl NULL");
    errno = 0; CHECK(ioctl(ctrl, ALLOC_AS, (void *)0xffff800000000000ull) == -1 && errno == EFAULT, "ctrl kernel address");
    errno = 0; CHECK(ioctl(ctrl, ALLOC_AS, ro) == -1 && errno == EINVAL, "ctrl read-only zeroed args: EINVAL from the rule");
    errno = 0; CHECK(ioctl(ctrl, 0x4008ff01u, (void *)0) == -1 && errno == EINVAL, "ctrl foreign type before the copy");
    uint64_t g[2] = { 328, 0 };
    CHECK(ioctl(ctrl, GET_CHARACTERISTICS, g) == 328, "characteristics into NULL: positive uncopied count");
    g[1] = (uint64_t)(uintptr_t)none;
    CHECK(ioctl(ctrl, GET_CHARACTERISTICS, g) == 328, "characteristics into PROT_NONE");
    int ch = open_channel(ctrl);
    CHECK(ch >= 0, "a channel with a good pointer");
    errno = 0; CHECK(ioctl(ch, WDT, (void *)0) == -1 && errno == EFAULT, "channel NULL");
    CHECK(close(ch) == 0 && close(ctrl) == 0 && close(nvmap) == 0, "closes");
"#,
        &[],
    );
    assert_all_ok(&r, 11);
}

#[test]
fn item_3_open_with_a_bad_path_pointer_is_efault_like_libc() {
    let r = run_c(
        "item3",
        r#"
    char *none = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    const char *volatile null = 0;
    errno = 0; CHECK(open(null, O_RDONLY) == -1 && errno == EFAULT, "open(NULL)");
    errno = 0; CHECK(open((const char *)1, O_RDONLY) == -1 && errno == EFAULT, "open((char *)1)");
    errno = 0; CHECK(open(none, O_RDONLY) == -1 && errno == EFAULT, "open(PROT_NONE)");
    errno = 0; CHECK(openat(AT_FDCWD, none, O_RDONLY) == -1 && errno == EFAULT, "openat(PROT_NONE)");
    errno = 0; CHECK(openat(AT_FDCWD, null, O_RDONLY) == -1 && errno == EFAULT, "openat(NULL)");
    int fd = open("/dev/null", O_RDONLY);
    CHECK(fd >= 0 && close(fd) == 0, "ordinary paths still open");
    fd = open("/dev/nvmap", O_RDWR);
    CHECK(fd >= 0 && close(fd) == 0, "the device path still opens");
"#,
        &[],
    );
    assert_all_ok(&r, 7);
}

#[test]
fn item_8_a_forked_child_exits_cleanly_and_opens_its_own_device() {
    if cfg!(target_arch = "aarch64") && std::path::Path::new("/usr/aarch64-linux-gnu").exists() {
        // qemu-user aborts in its own plugin hook when a threaded guest forks.
        eprintln!("skipped under qemu-aarch64: qemu-user cannot fork a threaded guest");
        return;
    }
    let r = run_c(
        "item8",
        r#"
    int nvmap = nvmap_open(), ctrl = ctrl_open();
    int ch = open_channel(ctrl);
    CHECK(ch >= 0 && create(nvmap, 4096) != 0, "parent uses the device");
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        /* The parent's fds are the same open files: they answer in the child
           as in the parent (issue 40 item 2; on an Orin the kernel dispatches by file). */
        CHECK(create(nvmap, 4096) != 0, "child: an inherited fd answers as in the parent");
        int n2 = nvmap_open();
        CHECK(n2 >= 0 && create(n2, 4096) != 0, "child: its own open works");
        int c2 = ctrl_open();
        CHECK(c2 >= 0 && open_channel(c2) >= 0, "child: its own channel");
        fflush(stdout);
        exit(0);
    }
    int status = -1;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child exited cleanly");
    CHECK(create(nvmap, 4096) != 0 && open_channel(ctrl) >= 0, "parent still uses the device");
    fflush(stdout);
    pid = fork();
    if (pid == 0) exit(0); /* a child that never touches the device */
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "idle child exited cleanly");
"#,
        // The default mode: a GPU worker thread the child does not inherit.
        &[("GPUIFACE_MOCK_MODE", "polling")],
    );
    assert_all_ok(&r, 7);
}

/// CREATE + ALLOC (IOVMM) of one page: 0 on success.
const ALLOC_ONE: &str = r#"
static int alloc_one(int nvmap, uint32_t *id) {
    *id = create(nvmap, 4096);
    if (!*id) return -1;
    struct { uint32_t handle, heap_mask, flags, align; int32_t numa_nid; } a = { *id, 1u << 30, 1, 4096, 0 };
    return ioctl(nvmap, ALLOC, &a);
}
static int get_fd(int nvmap, uint32_t id) {
    uint32_t g[2] = { 0, id };
    if (ioctl(nvmap, GET_FD, g) != 0) return -1;
    return (int)g[0];
}
"#;

#[test]
fn item_7_model_memory_costs_no_client_fds_and_survives_a_close_all_loop() {
    let body = format!(
        r#"}}
{ALLOC_ONE}
int main2(void) {{
    struct rlimit r = {{ 64, 64 }};
    getrlimit(RLIMIT_NOFILE, &r); r.rlim_cur = 64; setrlimit(RLIMIT_NOFILE, &r);
    int nvmap = nvmap_open(), ctrl = ctrl_open();
    int ok = nvmap >= 0 && ctrl >= 0;
    uint32_t id = 0;
    for (int i = 0; i < 40 && ok; i++) ok = alloc_one(nvmap, &id) == 0;
    CHECK(ok, "40 allocations under ulimit -n 64");
    /* Model memory holds none of the program's fds: 40 more of its own fit
       (40 + 40 > 64 when every allocation cost one). */
    int own[40], n = 0;
    for (; n < 40; n++) if ((own[n] = open("/dev/null", O_RDONLY)) < 0) break;
    CHECK(n == 40, "the program's own 40 opens still work");
    while (n > 0) close(own[--n]);
    if (!ok) return 1;
    int dmabuf = get_fd(nvmap, id);
    CHECK(dmabuf >= 0, "GET_FD");
    char *p = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0);
    CHECK(p != MAP_FAILED, "mmap of the dma-buf");
    if (p == MAP_FAILED) return 1;
    p[0] = 42;
    /* A daemon's close-everything loop: the model's own memory is not in reach. */
    for (int fd = 3; fd < 64; fd++) close(fd);
    errno = 0; CHECK(ioctl(nvmap, CREATE, &id) == -1 && (errno == EBADF || errno == QEMU_ENOSYS), "closed device fd is closed");
    nvmap = nvmap_open(); ctrl = ctrl_open();
    CHECK(nvmap >= 0 && ctrl >= 0 && alloc_one(nvmap, &id) == 0, "a new open works after the loop");
    dmabuf = get_fd(nvmap, id);
    char *q = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0);
    CHECK(dmabuf >= 0 && q != MAP_FAILED && q[0] == 0, "a fresh dma-buf is fresh memory");
    if (q == MAP_FAILED) return 1;
    CHECK(p[0] == 42, "the old mapping still holds its bytes");
    CHECK(close(dmabuf) == 0 && close(nvmap) == 0 && close(ctrl) == 0, "closes");
    return 0;
"#
    );
    // run_c wraps the body in main(); end it early and continue in main2.
    let r = run_c("item7", &format!("return main2();\n{body}"), &[]);
    assert_all_ok(&r, 9);
}

#[test]
fn item_9_dup_of_a_device_fd_is_the_device_and_dup2_over_it_is_not() {
    let r = run_c(
        "item9",
        r#"
    int nvmap = nvmap_open(), ctrl = ctrl_open();
    int copy = dup(nvmap);
    CHECK(copy >= 0 && create(copy, 4096) != 0, "ioctl through a dup of /dev/nvmap");
    int ch = open_channel(ctrl);
    int null = open("/dev/null", O_RDONLY);
    CHECK(dup2(null, ch) == ch, "dup2 over the channel fd");
    uint32_t w[2] = { 1, 0 };
    errno = 0; CHECK(ioctl(ch, WDT, w) == -1 && (errno == ENOTTY || errno == QEMU_ENOSYS), "the number is /dev/null now");
    CHECK(close(nvmap) == 0 && create(copy, 4096) != 0, "the dup outlives the original");
    CHECK(close(copy) == 0 && close(ch) == 0 && close(null) == 0 && close(ctrl) == 0, "closes");
"#,
        &[],
    );
    assert_all_ok(&r, 5);
}

#[test]
fn item_14_close_can_be_failed_by_injection_under_the_preload() {
    let r = run_c(
        "item14",
        r#"
    int nvmap = nvmap_open();
    int other = open("/dev/null", O_RDONLY);
    CHECK(close(other) == 0, "closes of other files are not the model's");
    errno = 0; CHECK(close(nvmap) == -1 && errno == EIO, "injected: the first close of a model fd fails");
    CHECK(create(nvmap, 4096) != 0, "before any effect: the fd still works");
    CHECK(close(nvmap) == 0, "the next close succeeds");
"#,
        &[("GPUIFACE_MOCK_FAIL", "close:1:EIO")],
    );
    assert_all_ok(&r, 4);
}

/// The r36 ioctl numbers of `facts/nvgpu-abi.tsv`, as a C array initialiser.
fn fact_numbers() -> (usize, String) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../facts/nvgpu-abi.tsv");
    let nums: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.first() == Some(&"ioctl")).then(|| format!("{}u", f[2]))
        })
        .collect();
    (nums.len(), nums.join(", "))
}

#[test]
fn item_1_bad_pointer_probe_matrix_through_the_preload_never_kills_the_process() {
    let (n, nums) = fact_numbers();
    let body = format!(
        r#"
    static const uint32_t nums[{n}] = {{ {nums} }};
    int nvmap = nvmap_open(), ctrl = ctrl_open();
    int as = alloc_as(ctrl), ch = open_channel(ctrl);
    uint32_t id = create(nvmap, 4096);
    struct {{ uint32_t handle, heap_mask, flags, align; int32_t numa_nid; }} al = {{ id, 1u << 30, 1, 4096, 0 }};
    ioctl(nvmap, ALLOC, &al);
    uint32_t g[2] = {{ 0, id }};
    ioctl(nvmap, GET_FD, g);
    int fds[5] = {{ nvmap, ctrl, as, ch, (int)g[0] }};
    long page = sysconf(_SC_PAGESIZE);
    char *m = mmap(0, 2 * page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    mprotect(m + page, page, PROT_NONE);
    void *ptrs[5] = {{ (void *)0, (void *)0xffff800000000000ull, m + page, m, m + page - 8 }};
    long probes = 0, ok = 0, efault = 0, other = 0;
    for (int f = 0; f < 5; f++)
        for (int i = 0; i < {n}; i++)
            for (int p = 0; p < 5; p++) {{
                /* Leave the fds this matrix uses open: skip FREE, which takes a value. */
                if (nums[i] == FREE) continue;
                errno = 0;
                int r = ioctl(fds[f], nums[i], ptrs[p]);
                probes++;
                if (r >= 0) ok++; else if (errno == EFAULT) efault++; else other++;
            }}
    printf("probes %ld: %ld returned >= 0, %ld EFAULT, %ld other errnos\n", probes, ok, efault, other);
    CHECK(probes > 1730, "the whole matrix ran, the process alive");
"#
    );
    let r = run_c("probes", &body, &[]);
    eprintln!("{}", r.stdout.lines().next().unwrap_or(""));
    assert_all_ok(&r, 1);
}

/// Issue 22, item 12. Was: the preload's `stat` family read the path and
/// wrote the `struct stat` unchecked: 14 of 16 bad-pointer probes
/// segfaulted, where libc answers EFAULT. Now every probe is EFAULT, and
/// good pointers still see the device nodes.
#[test]
fn item_22_12_the_stat_family_with_bad_pointers_is_efault_like_libc() {
    let r = run_c(
        "item22_12",
        r#"
    char *none = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *ro = mmap(0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    const char *dev = "/dev/nvgpu/igpu0/ctrl";
    const char *bad_paths[2] = { none, (const char *)1 };
    void *bad_bufs[2] = { none, ro };
    struct stat st; struct statx sx;
    for (int i = 0; i < 2; i++) {
        const char *p = bad_paths[i];
        errno = 0; CHECK(stat(p, &st) == -1 && errno == EFAULT, "stat(bad path)");
        errno = 0; CHECK(lstat(p, &st) == -1 && errno == EFAULT, "lstat(bad path)");
        errno = 0; CHECK(fstatat(AT_FDCWD, p, &st, 0) == -1 && errno == EFAULT, "fstatat(bad path)");
        errno = 0; CHECK(statx(AT_FDCWD, p, 0, STATX_BASIC_STATS, &sx) == -1 && errno == EFAULT, "statx(bad path)");
        errno = 0; CHECK(access(p, F_OK) == -1 && errno == EFAULT, "access(bad path)");
        errno = 0; CHECK(faccessat(AT_FDCWD, p, F_OK, 0) == -1 && errno == EFAULT, "faccessat(bad path)");
    }
    for (int i = 0; i < 2; i++) {
        void *b = bad_bufs[i];
        errno = 0; CHECK(stat(dev, b) == -1 && errno == EFAULT, "stat(device, bad buf)");
        errno = 0; CHECK(lstat(dev, b) == -1 && errno == EFAULT, "lstat(device, bad buf)");
        errno = 0; CHECK(fstatat(AT_FDCWD, dev, b, 0) == -1 && errno == EFAULT, "fstatat(device, bad buf)");
        errno = 0; CHECK(statx(AT_FDCWD, dev, 0, STATX_BASIC_STATS, b) == -1 && errno == EFAULT, "statx(device, bad buf)");
    }
    CHECK(stat(dev, &st) == 0 && S_ISCHR(st.st_mode), "stat of the device still works");
    CHECK(statx(AT_FDCWD, dev, 0, STATX_BASIC_STATS, &sx) == 0 && S_ISCHR(sx.stx_mode), "statx of the device still works");
    CHECK(access(dev, R_OK | W_OK) == 0, "access of the device still works");
"#,
        &[],
    );
    assert_all_ok(&r, 23);
}

/// Issue 22, item 13. Was: `munmap` of a model mapping with length
/// `SIZE_MAX` overflowed an addition inside the C-callable function and
/// aborted the process. Now it is EINVAL, as Linux answers, and the
/// mapping stays.
#[test]
fn item_22_13_munmap_of_a_model_mapping_with_a_huge_length_is_einval() {
    let body = format!(
        r#"}}
{ALLOC_ONE}
int main2(void) {{
    int nvmap = nvmap_open();
    uint32_t id = 0;
    CHECK(nvmap >= 0 && alloc_one(nvmap, &id) == 0, "allocation");
    int dmabuf = get_fd(nvmap, id);
    char *p = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0);
    CHECK(p != MAP_FAILED, "mmap of the dma-buf");
    if (p == MAP_FAILED) return 1;
    errno = 0; CHECK(munmap(p, SIZE_MAX) == -1 && errno == EINVAL, "munmap(p, SIZE_MAX)");
    errno = 0; CHECK(munmap(p, SIZE_MAX - 4095) == -1 && errno == EINVAL, "munmap(p, SIZE_MAX - 4095)");
    errno = 0; CHECK(munmap(p + 1, 4096) == -1 && errno == EINVAL, "munmap(unaligned)");
    int m = msync(p, SIZE_MAX, MS_ASYNC); /* Linux: the length wraps to 0 pages: 0 */
    CHECK(m == 0 || (m == -1 && errno == ENOMEM), "msync(p, SIZE_MAX) returns");
    p[0] = 7;
    CHECK(p[0] == 7, "the mapping is still there");
    CHECK(munmap(p, 4096) == 0, "munmap(p, 4096)");
    return 0;
"#
    );
    let r = run_c("item22_13", &format!("return main2();\n{body}"), &[]);
    assert_all_ok(&r, 8);
}
