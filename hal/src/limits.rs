//! What a runtime may ask of a device ([`DeviceLimits`]): the limits a
//! launch must respect, taken from the kernel where it reports them and
//! from the ga10b facts ([`crate::hw::ga10b`]) where it does not.

use crate::hw::ga10b;

/// Where a limit's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LimitSource {
    /// Reported by the kernel (GET_CHARACTERISTICS).
    Kernel,
    /// The ga10b facts: the kernel reports no such value.
    Facts,
}

/// Launch limits of one device.
///
/// nvgpu's GET_CHARACTERISTICS reports the topology (GPCs, TPCs per GPC)
/// and `sm_arch_warp_count`; block size, shared memory and registers are
/// not reported by any nvgpu ioctl, so they are compute capability 8.7's
/// ([`ga10b`]). `sm_count` combines the reported topology with
/// [`ga10b::SMS_PER_TPC`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DeviceLimits {
    /// Most threads in one block.
    pub max_threads_per_block: u32,
    /// Most threads in each block dimension.
    pub max_block_dim: [u32; 3],
    /// Most shared memory one block may use, in bytes.
    pub max_shared_per_block: u32,
    /// Shared memory one SM has, in bytes.
    pub max_shared_per_sm: u32,
    /// 32-bit registers in one SM's register file (also the most one block may use).
    pub registers_per_sm: u32,
    /// Most registers one thread may use.
    pub max_registers_per_thread: u32,
    /// Threads in a warp.
    pub warp_size: u32,
    /// Warp slots per SM as the device reports them (`sm_arch_warp_count`:
    /// 96 on an Orin, where CUDA's occupancy table says 48 resident warps,
    /// [`ga10b::MAX_WARPS_PER_SM`]). Size per-warp resources (local memory)
    /// from `max(warps_per_sm, 48)`: it never undersizes.
    pub warps_per_sm: u32,
    /// Where `warps_per_sm` comes from.
    pub warps_source: LimitSource,
    /// SMs on the device (GPCs × TPCs per GPC × SMs per TPC).
    pub sm_count: u32,
    /// Where `sm_count` comes from.
    pub sm_count_source: LimitSource,
}

impl DeviceLimits {
    /// ga10b's limits, with the topology (`gpcs`, `tpcs_per_gpc`) and warp
    /// count the kernel reported (0 where it reported none).
    pub fn ga10b(gpcs: u32, tpcs_per_gpc: u32, reported_warps: u32) -> DeviceLimits {
        let tpcs = gpcs.saturating_mul(tpcs_per_gpc);
        let (sm_count, sm_count_source) = match tpcs {
            0 => (0, LimitSource::Facts),
            t => (t.saturating_mul(ga10b::SMS_PER_TPC), LimitSource::Kernel),
        };
        let (warps_per_sm, warps_source) = match reported_warps {
            0 => (ga10b::MAX_WARPS_PER_SM, LimitSource::Facts),
            w => (w, LimitSource::Kernel),
        };
        DeviceLimits {
            max_threads_per_block: ga10b::MAX_THREADS_PER_BLOCK,
            max_block_dim: ga10b::MAX_BLOCK_DIM,
            max_shared_per_block: ga10b::MAX_SHARED_PER_BLOCK,
            max_shared_per_sm: ga10b::MAX_SHARED_PER_SM,
            registers_per_sm: ga10b::REGISTER_FILE,
            max_registers_per_thread: ga10b::MAX_REGISTERS_PER_THREAD,
            warp_size: ga10b::WARP_SIZE,
            warps_per_sm,
            warps_source,
            sm_count,
            sm_count_source,
        }
    }

    /// Warp slots per SM to size per-warp resources with: the reported
    /// count, never fewer than [`ga10b::MAX_WARPS_PER_SM`].
    pub fn sizing_warps_per_sm(&self) -> u32 {
        self.warps_per_sm.max(ga10b::MAX_WARPS_PER_SM)
    }
}

impl Default for DeviceLimits {
    /// ga10b's facts alone (no topology reported).
    fn default() -> Self {
        DeviceLimits::ga10b(0, 0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_values_win_and_facts_fill_in() {
        let l = DeviceLimits::ga10b(1, 4, 96);
        assert_eq!((l.sm_count, l.sm_count_source), (8, LimitSource::Kernel));
        assert_eq!((l.warps_per_sm, l.warps_source), (96, LimitSource::Kernel));
        assert_eq!(l.sizing_warps_per_sm(), 96);
        assert_eq!((l.max_threads_per_block, l.max_shared_per_block, l.registers_per_sm), (1024, 163 << 10, 65536));
        let none = DeviceLimits::default();
        assert_eq!((none.warps_per_sm, none.warps_source), (48, LimitSource::Facts));
        assert_eq!(none.sm_count_source, LimitSource::Facts);
        // A report below the facts is kept as reported, never used to undersize.
        assert_eq!(DeviceLimits::ga10b(1, 4, 32).sizing_warps_per_sm(), 48);
    }
}
