//! `copy_from_user` / `copy_to_user` for pointers inside ioctl arguments
//! (NVMAP_IOC_WRITE/READ's user buffer): a bad address is `EFAULT`, as in the
//! kernel, not a crash of the program. Done with `process_vm_readv` /
//! `process_vm_writev` on our own pid, which check the address range
//! against the process's mappings.

use gpuiface_hal::Errno;

use super::KResult;

/// Read `out.len()` bytes at user address `addr`.
pub(crate) fn copy_from_user(addr: u64, out: &mut [u8]) -> KResult<()> {
    if out.is_empty() {
        return Ok(());
    }
    let local = libc::iovec { iov_base: out.as_mut_ptr().cast(), iov_len: out.len() };
    let remote = libc::iovec { iov_base: addr as usize as *mut libc::c_void, iov_len: out.len() };
    // SAFETY: `local` covers `out`, which we own; the remote range is checked by the kernel.
    let n = unsafe { libc::process_vm_readv(libc::getpid(), &local, 1, &remote, 1, 0) };
    if n == out.len() as isize {
        Ok(())
    } else {
        Err(Errno::EFAULT)
    }
}

/// Write `data` to user address `addr`.
pub(crate) fn copy_to_user(addr: u64, data: &[u8]) -> KResult<()> {
    if data.is_empty() {
        return Ok(());
    }
    let local = libc::iovec { iov_base: data.as_ptr() as *mut libc::c_void, iov_len: data.len() };
    let remote = libc::iovec { iov_base: addr as usize as *mut libc::c_void, iov_len: data.len() };
    // SAFETY: `local` covers `data` (only read); the remote range is checked by the kernel.
    let n = unsafe { libc::process_vm_writev(libc::getpid(), &local, 1, &remote, 1, 0) };
    if n == data.len() as isize {
        Ok(())
    } else {
        Err(Errno::EFAULT)
    }
}
