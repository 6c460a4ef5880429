//! `copy_from_user` / `copy_to_user` for pointers inside ioctl arguments
//! (NVMAP_IOC_WRITE/READ's user buffer): a bad address is `EFAULT`, as in the
//! kernel, not a crash of the program. Done with `process_vm_readv` /
//! `process_vm_writev` on our own pid, which check the address range
//! against the process's mappings.
//!
//! Where those calls are unavailable (`ENOSYS` under qemu-user, which does
//! not emulate them; `EPERM` under a seccomp profile such as Docker's
//! default), the bytes go through a pipe instead: `write(2)` from the user
//! address and `read(2)` into it check the range the same way (`EFAULT`).

use gpuiface_hal::Errno;

use super::KResult;

/// Read `out.len()` bytes at user address `addr`.
///
/// # Safety
/// As [`crate::usermem::copy_from_user`]: the mapped bytes at `addr` are
/// the caller's to read.
pub(crate) unsafe fn copy_from_user(addr: u64, out: &mut [u8]) -> KResult<()> {
    if out.is_empty() {
        return Ok(());
    }
    let local = libc::iovec { iov_base: out.as_mut_ptr().cast(), iov_len: out.len() };
    let remote = libc::iovec { iov_base: addr as usize as *mut libc::c_void, iov_len: out.len() };
    // SAFETY: `local` covers `out`, which we own; the kernel stops at an unmapped
    // remote page, and the mapped ones are the caller's to read (the contract).
    let n = unsafe { libc::process_vm_readv(libc::getpid(), &local, 1, &remote, 1, 0) };
    if n == out.len() as isize {
        Ok(())
    } else if n < 0 && unavailable(Errno::last()) {
        // SAFETY: as above, through the pipe.
        unsafe { copy_through_pipe(addr as usize as *const u8, out.as_mut_ptr(), out.len()) }
    } else {
        Err(Errno::EFAULT)
    }
}

/// Write `data` to user address `addr`.
///
/// # Safety
/// As [`crate::usermem::copy_to_user`]: the mapped bytes at `addr` are the
/// caller's to overwrite, and nothing holds a Rust reference to them.
pub(crate) unsafe fn copy_to_user(addr: u64, data: &[u8]) -> KResult<()> {
    if data.is_empty() {
        return Ok(());
    }
    let local = libc::iovec { iov_base: data.as_ptr() as *mut libc::c_void, iov_len: data.len() };
    let remote = libc::iovec { iov_base: addr as usize as *mut libc::c_void, iov_len: data.len() };
    // SAFETY: `local` covers `data` (only read); the kernel stops at an unmapped or
    // read-only remote page, and the writable ones are the caller's to overwrite.
    let n = unsafe { libc::process_vm_writev(libc::getpid(), &local, 1, &remote, 1, 0) };
    if n == data.len() as isize {
        Ok(())
    } else if n < 0 && unavailable(Errno::last()) {
        // SAFETY: as above, through the pipe.
        unsafe { copy_through_pipe(data.as_ptr(), addr as usize as *mut u8, data.len()) }
    } else {
        Err(Errno::EFAULT)
    }
}

/// `process_vm_*` is not there (qemu-user) or not allowed (seccomp).
fn unavailable(e: Errno) -> bool {
    e == Errno::ENOSYS || e == Errno::EPERM
}

/// Copy `len` bytes from `src` to `dst` through a pipe: the kernel checks
/// both ranges (`write` reads `src`, `read` writes `dst`) and answers
/// `EFAULT` for an unmapped one instead of faulting.
///
/// # Safety
/// The mapped bytes of `[src, src + len)` are the caller's to read and those
/// of `[dst, dst + len)` the caller's to overwrite (no Rust reference to them).
unsafe fn copy_through_pipe(src: *const u8, dst: *mut u8, len: usize) -> KResult<()> {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(Errno::last());
    }
    // SAFETY: pipe2 returned two fresh descriptors that nothing else owns.
    let (r, w) = unsafe {
        use std::os::fd::{FromRawFd, OwnedFd};
        (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1]))
    };
    use std::os::fd::AsRawFd;
    let mut done = 0usize;
    while done < len {
        // At most PIPE_BUF bytes into an empty pipe: the write never blocks.
        let chunk = (len - done).min(4096);
        // SAFETY: the kernel fails an unmapped source range with EFAULT; a mapped
        // one is the caller's to read (the contract).
        let n = unsafe { libc::write(w.as_raw_fd(), src.wrapping_add(done).cast(), chunk) };
        if n <= 0 {
            return Err(Errno::EFAULT);
        }
        // SAFETY: the kernel fails an unmapped destination range with EFAULT; a
        // mapped one is the caller's to overwrite (the contract).
        let m = unsafe { libc::read(r.as_raw_fd(), dst.wrapping_add(done).cast(), n as usize) };
        if m != n {
            return Err(Errno::EFAULT);
        }
        done += n as usize;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pipe_path_copies_and_reports_bad_addresses() {
        let src: Vec<u8> = (0..10_000u32).map(|i| i as u8).collect();
        let mut dst = vec![0u8; src.len()];
        // SAFETY: `src` and `dst` are this test's; page 0 is never mapped.
        unsafe {
            assert_eq!(copy_through_pipe(src.as_ptr(), dst.as_mut_ptr(), src.len()), Ok(()));
            assert_eq!(dst, src);
            assert_eq!(copy_through_pipe(16 as *const u8, dst.as_mut_ptr(), 8), Err(Errno::EFAULT));
            assert_eq!(copy_through_pipe(src.as_ptr(), 16 as *mut u8, 8), Err(Errno::EFAULT));
        }
    }
}
