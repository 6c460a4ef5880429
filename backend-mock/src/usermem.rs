//! Checked access to a client's memory: the one place the model reads or
//! writes memory a caller pointed it at (ioctl arguments, the user pointers
//! inside them, path strings).
//!
//! The kernel never trusts a user pointer: `copy_from_user`/`copy_to_user`
//! report the bytes they could not copy instead of faulting, and
//! `access_ok` rejects a range outside user space. This module gives the
//! model the same primitives. A copy goes through `process_vm_readv` /
//! `process_vm_writev` on the model's own process, which the kernel performs
//! page by page and stops at the first unmapped (or, for a write, read-only)
//! page, returning how far it got; nothing in the model ever dereferences a
//! client pointer itself, so a NULL, `PROT_NONE`, read-only, half-sized or
//! kernel-range pointer yields a count of uncopied bytes, never a signal.
//!
//! Where a seccomp policy forbids those two syscalls (`EPERM`/`ENOSYS`), the
//! same answers come from a pipe: `write(2)` from the user range into a pipe
//! (and `read(2)` from it into the user range) fails with `EFAULT` rather than
//! faulting.
//!
//! "Checked" means a bad address is reported instead of faulting, not that
//! the memory is the caller's: a copy reads or writes whatever the process
//! has mapped there. So the copies are `unsafe fn`s: whoever hands the model
//! an address (an ioctl's caller, through [`MockKernel::ioctl_at`](crate::MockKernel::ioctl_at)'s
//! contract) vouches that the memory it reaches is theirs to give.

use std::sync::atomic::{AtomicU8, Ordering};

use gpuiface_hal::Errno;

/// The end of user space as `access_ok` sees it (`TASK_SIZE_MAX`).
#[cfg(target_arch = "x86_64")]
pub const TASK_SIZE: u64 = (1 << 47) - 4096;
/// The end of user space as `access_ok` sees it (`TASK_SIZE_MAX`, 48-bit VA).
#[cfg(not(target_arch = "x86_64"))]
pub const TASK_SIZE: u64 = 1 << 48;

/// `access_ok(addr, size)`: the range lies in user space (NULL does: it is
/// the copy that fails on it).
pub fn access_ok(addr: u64, size: usize) -> bool {
    addr.checked_add(size as u64).is_some_and(|end| end <= TASK_SIZE)
}

/// Which primitive works here: 0 = not probed, 1 = process_vm_*, 2 = pipe.
static METHOD: AtomicU8 = AtomicU8::new(0);

/// Probe which primitive works here and, for the pipe fallback, make its
/// pipe now: done when a kernel model is built, before a program can have
/// filled its fd table.
pub fn prepare() {
    let word = 0u64;
    let mut out = [0u8; 8];
    // SAFETY: reads the 8 bytes of `word`, a local of ours.
    let _ = unsafe { copy_from_user(&mut out, &word as *const u64 as u64) };
}

/// `copy_from_user`: fill `out` from the client's `addr`. `Err(n)`: `n` bytes
/// (counted from the end) could not be read; `out` then holds what could.
///
/// # Safety
/// The mapped bytes of `[addr, addr + out.len())` are the caller's to read
/// (an unmapped or inaccessible address is reported, not a fault, but a
/// mapped one is read whoever owns it).
pub unsafe fn copy_from_user(out: &mut [u8], addr: u64) -> Result<(), usize> {
    if out.is_empty() {
        return Ok(());
    }
    if !access_ok(addr, out.len()) {
        return Err(out.len());
    }
    // SAFETY: `out` is ours to write; the caller vouches for reading the user range.
    let done = unsafe { transfer(Dir::FromUser, addr, out.as_mut_ptr(), out.len()) };
    if done == out.len() {
        Ok(())
    } else {
        Err(out.len() - done)
    }
}

/// `copy_to_user`: write `data` to the client's `addr`. `Err(n)`: the last
/// `n` bytes were not written (what the kernel's `copy_to_user` returns).
///
/// # Safety
/// The mapped bytes of `[addr, addr + data.len())` are the caller's to
/// overwrite, and nothing holds a Rust reference to them (an unmapped or
/// read-only address is reported, not a fault, but a mapped writable one is
/// written whoever owns it).
pub unsafe fn copy_to_user(addr: u64, data: &[u8]) -> Result<(), usize> {
    if data.is_empty() {
        return Ok(());
    }
    if !access_ok(addr, data.len()) {
        return Err(data.len());
    }
    // SAFETY: `data` is only read; the caller vouches for writing the user range.
    let done = unsafe { transfer(Dir::ToUser, addr, data.as_ptr().cast_mut(), data.len()) };
    if done == data.len() {
        Ok(())
    } else {
        Err(data.len() - done)
    }
}

/// A typed `copy_from_user` that maps a short copy to `EFAULT`.
///
/// # Safety
/// As [`copy_from_user`].
pub unsafe fn read_user(out: &mut [u8], addr: u64) -> Result<(), Errno> {
    // SAFETY: the caller's guarantee, for the same range.
    unsafe { copy_from_user(out, addr) }.map_err(|_| Errno::EFAULT)
}

/// A NUL-terminated string at `addr`, at most `max` bytes before the NUL
/// (`strncpy_from_user`): `Ok(None)` when longer, `EFAULT` when unreadable.
///
/// # Safety
/// The mapped bytes from `addr` up to its NUL (at most `max + 1` bytes) are
/// the caller's to read, as for [`copy_from_user`].
pub unsafe fn read_cstr(addr: u64, max: usize) -> Result<Option<Vec<u8>>, Errno> {
    let page = crate::mem::page_size() as u64;
    let mut out = Vec::new();
    let mut at = addr;
    while out.len() <= max {
        // Never cross a page boundary in one read: a string that ends before
        // an unmapped page is still read whole.
        let to_page_end = (page - at % page) as usize;
        let n = to_page_end.min(max + 1 - out.len()).min(64);
        let mut chunk = vec![0u8; n];
        // SAFETY: `chunk` ends at or before the string's NUL or its `max + 1`-th
        // byte, inside what the caller vouched for.
        unsafe { read_user(&mut chunk, at) }?;
        if let Some(nul) = chunk.iter().position(|b| *b == 0) {
            out.extend_from_slice(&chunk[..nul]);
            return Ok(Some(out));
        }
        out.extend_from_slice(&chunk);
        at = at.checked_add(n as u64).ok_or(Errno::EFAULT)?;
    }
    Ok(None)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    FromUser,
    ToUser,
}

/// Move up to `len` bytes between the model's `local` buffer and the
/// client's `remote` address; returns how many moved, from the start.
///
/// # Safety
/// `local` is valid for `len` bytes (readable for `ToUser`, writable for
/// `FromUser`); the mapped part of the `remote` range is the caller's to read
/// (`FromUser`) or overwrite (`ToUser`), as [`copy_from_user`] and
/// [`copy_to_user`] say.
unsafe fn transfer(dir: Dir, remote: u64, local: *mut u8, len: usize) -> usize {
    if METHOD.load(Ordering::Relaxed) != 2 {
        // SAFETY: forwarded with the caller's guarantees.
        match unsafe { process_vm(dir, remote, local, len) } {
            Ok(n) => {
                METHOD.store(1, Ordering::Relaxed);
                return n;
            }
            Err(e) if (e == libc::EPERM || e == libc::ENOSYS) && METHOD.load(Ordering::Relaxed) == 0 => {
                METHOD.store(2, Ordering::Relaxed);
            }
            Err(_) => return 0,
        }
    }
    // SAFETY: forwarded with the caller's guarantees.
    unsafe { through_pipe(dir, remote, local, len) }
}

/// One `process_vm_readv`/`writev` on our own pid, continued after a partial
/// transfer until it stops making progress. `Err(errno)` when nothing moved.
///
/// # Safety
/// As [`transfer`].
unsafe fn process_vm(dir: Dir, remote: u64, local: *mut u8, len: usize) -> Result<usize, i32> {
    let mut done = 0usize;
    while done < len {
        let l = libc::iovec { iov_base: local.wrapping_add(done).cast(), iov_len: len - done };
        let r =
            libc::iovec { iov_base: (remote as usize).wrapping_add(done) as *mut libc::c_void, iov_len: len - done };
        // SAFETY: the local iovec covers `len - done` bytes of the caller's
        // buffer (readable for ToUser, writable for FromUser); the kernel copies
        // the remote range page by page, stopping at an unmapped page, and what
        // it reaches there is the caller's to give (this function's contract).
        let n = unsafe {
            match dir {
                Dir::FromUser => libc::process_vm_readv(libc::getpid(), &l, 1, &r, 1, 0),
                Dir::ToUser => libc::process_vm_writev(libc::getpid(), &l, 1, &r, 1, 0),
            }
        };
        if n <= 0 {
            if done == 0 && n < 0 {
                return Err(std::io::Error::last_os_error().raw_os_error().unwrap_or(libc::EFAULT));
            }
            break;
        }
        done += n as usize;
    }
    Ok(done)
}

/// The fallback's pipe: made once (out of the low fd range) and kept, so a
/// copy needs no new fd (a program at its fd limit still gets its copies).
static PIPE: std::sync::Mutex<Option<KeptPipe>> = std::sync::Mutex::new(None);

/// The pipe's two fds and the files they were made for.
type KeptPipe = ([i32; 2], [(u64, u64); 2]);

/// `(st_dev, st_ino)` of an fd, by a raw `statx` (no interposable libc call).
fn id_of(fd: i32) -> Option<(u64, u64)> {
    // SAFETY: statx writes one `statx` struct we own; the path is "" with AT_EMPTY_PATH.
    unsafe {
        let mut st: libc::statx = std::mem::zeroed();
        let rc = libc::syscall(libc::SYS_statx, fd, c"".as_ptr(), libc::AT_EMPTY_PATH, libc::STATX_INO, &mut st);
        (rc == 0).then(|| (libc::makedev(st.stx_dev_major, st.stx_dev_minor), st.stx_ino))
    }
}

/// The pipe fallback: the kernel copies through `write`/`read`, reporting
/// `EFAULT` for a bad user range. Moves one page-bounded piece at a time so a
/// partial answer stops at the first bad page; whatever a failed step left
/// in the pipe is drained before the pipe is used again.
///
/// # Safety
/// As [`transfer`].
unsafe fn through_pipe(dir: Dir, remote: u64, local: *mut u8, len: usize) -> usize {
    let mut guard = PIPE.lock().unwrap_or_else(|p| p.into_inner());
    // A program may have closed the pipe's fds (a close-all loop) and reused
    // the numbers: use them only while they are still our pipe.
    if let Some((fds, ids)) = *guard {
        if id_of(fds[0]) != Some(ids[0]) || id_of(fds[1]) != Some(ids[1]) {
            *guard = None;
        }
    }
    if guard.is_none() {
        let mut fds = [0i32; 2];
        // SAFETY: pipe2 writes two fds into the array; the result is checked.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return 0;
        }
        // SAFETY: the two fds pipe2 just made, owned by nothing else.
        let fds = fds.map(|fd| unsafe { crate::mem::move_out_of_low_range(fd) });
        let (Some(a), Some(b)) = (id_of(fds[0]), id_of(fds[1])) else { return 0 };
        *guard = Some((fds, [a, b]));
    }
    let Some((fds, _)) = *guard else { return 0 };
    let page = crate::mem::page_size();
    let mut scratch = vec![0u8; page];
    let mut done = 0usize;
    while done < len {
        let at = (remote as usize).wrapping_add(done);
        let n = (page - at % page).min(len - done).min(page);
        let (src, dst) = match dir {
            Dir::FromUser => (at as *const u8, local.wrapping_add(done)),
            Dir::ToUser => (local.wrapping_add(done).cast_const(), at as *mut u8),
        };
        // SAFETY: write(2) reads `n` bytes at `src` in the kernel (a bad user
        // address is EFAULT, not a fault); the pipe holds at least one page.
        let w = unsafe { libc::write(fds[1], src.cast(), n) };
        if w != n as isize {
            if w > 0 {
                // SAFETY: draining the `w` bytes just written into our scratch page.
                unsafe { libc::read(fds[0], scratch.as_mut_ptr().cast(), w as usize) };
            }
            break;
        }
        // SAFETY: read(2) writes `n` bytes at `dst` in the kernel, as above.
        let r = unsafe { libc::read(fds[0], dst.cast(), n) };
        if r != n as isize {
            let left = n - r.max(0) as usize;
            // SAFETY: draining what the failed read left into our scratch page.
            unsafe { libc::read(fds[0], scratch.as_mut_ptr().cast(), left) };
            break;
        }
        done += n;
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guarded() -> (*mut u8, usize) {
        let page = crate::mem::page_size();
        // SAFETY: a fresh anonymous mapping of two pages; the second is made
        // inaccessible below, and the mapping is leaked for the test's life.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                2 * page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        // SAFETY: the second page of the mapping made above.
        assert_eq!(unsafe { libc::mprotect(p.cast::<u8>().add(page).cast(), page, libc::PROT_NONE) }, 0);
        (p.cast(), page)
    }

    #[test]
    fn bad_pointers_report_uncopied_bytes_instead_of_faulting() {
        let (p, page) = guarded();
        // SAFETY: every address copied to or from is NULL, a kernel address, or
        // inside the two-page mapping this test made and leaks (its second page
        // inaccessible); nothing references that mapping.
        unsafe {
            let mut buf = [0u8; 32];
            assert_eq!(copy_from_user(&mut buf, 0), Err(32));
            assert_eq!(copy_to_user(0, &buf), Err(32));
            // Half in the good page, half in the PROT_NONE page.
            let half = p as u64 + page as u64 - 16;
            assert_eq!(copy_to_user(half, &[7u8; 32]), Err(16));
            assert_eq!(copy_from_user(&mut buf, half), Err(16));
            assert_eq!(&buf[..16], &[7u8; 16]);
            // Kernel addresses fail access_ok.
            assert_eq!(copy_from_user(&mut buf, u64::MAX - 8), Err(32));
            assert!(!access_ok(TASK_SIZE, 1));
            let ok = p as u64;
            assert_eq!(copy_to_user(ok, b"hello\0"), Ok(()));
            assert_eq!(read_cstr(ok, 64), Ok(Some(b"hello".to_vec())));
            assert_eq!(read_cstr(ok, 3), Ok(None));
            assert_eq!(read_cstr(0, 64), Err(Errno::EFAULT));
            // A string running into the PROT_NONE page is EFAULT.
            assert_eq!(copy_to_user(half, &[b'a'; 16]), Ok(()));
            assert_eq!(read_cstr(half, 4096), Err(Errno::EFAULT));
        }
    }

    #[test]
    fn pipe_fallback_gives_the_same_answers() {
        let (p, page) = guarded();
        let half = p as usize + page - 16;
        let mut buf = [9u8; 32];
        // SAFETY: `buf` is ours; the user addresses are NULL or inside the mapping
        // this test made and leaks.
        unsafe {
            assert_eq!(through_pipe(Dir::ToUser, half as u64, buf.as_mut_ptr(), 32), 16);
            assert_eq!(through_pipe(Dir::FromUser, 0, buf.as_mut_ptr(), 32), 0);
            assert_eq!(through_pipe(Dir::FromUser, p as u64, buf.as_mut_ptr(), 32), 32);
        }
    }
}
