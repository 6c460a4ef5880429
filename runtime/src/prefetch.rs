//! Cache hints: ask the CPU to fetch a line it is about to write.

/// Hint that the cache line at `ptr` will be written soon. Any address is
/// allowed: a prefetch never faults, reads or writes memory.
#[inline(always)]
pub(crate) fn for_write(ptr: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `prefetcht0` is a hint that never faults and accesses no memory
    // architecturally, whatever the address; SSE is baseline on x86_64.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr.cast())
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: `prfm pstl1keep` is a hint that never faults and accesses no memory
    // architecturally, whatever the address; it changes no register or flag.
    unsafe {
        core::arch::asm!("prfm pstl1keep, [{0}]", in(reg) ptr, options(nostack, preserves_flags, readonly))
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = ptr;
}
