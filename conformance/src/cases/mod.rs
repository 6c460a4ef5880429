//! Cases every backend must pass, written against `GpuIface` and the queue API only.
//!
//! One module per topic; [`CASES`] lists them in the order reports and
//! expected-failure lists know them by.

mod async_copy;
mod batches;
mod hcq;
mod kernels;
mod memory;
mod one_shot;
mod queues;
mod races;
mod replay;
mod rm;
mod stress;

use gpuiface::queue::Runtime;
use gpuiface::ErrorKind;

use async_copy::*;
use batches::*;
use hcq::*;
use kernels::*;
pub(crate) use kernels::{
    a_faulted_channel_refuses_work_and_a_new_runtime_recovers, faulting_kernel_reports_an_mmu_fault,
};
use memory::*;
use one_shot::*;
use queues::*;
use races::*;
use replay::*;
use rm::*;
use stress::*;

use crate::{Case, CaseResult, Ctx, Needs};

fn kind_of<T>(r: gpuiface::Result<T>) -> Option<ErrorKind> {
    r.err().map(|e| e.kind())
}

fn with_runtime(ctx: &Ctx, f: impl FnOnce(&crate::Device, &Runtime<&crate::Device>) -> CaseResult) -> CaseResult {
    let dev = ctx.open()?;
    let rt = Runtime::new(&dev).map_err(|e| format!("runtime: {e}"))?;
    f(&dev, &rt)
}

macro_rules! case {
    ($f:ident) => {
        Case { name: stringify!($f), run: $f, expected_failures: &[], needs: Needs::Nothing }
    };
    ($f:ident, $xf:expr) => {
        Case { name: stringify!($f), run: $f, expected_failures: $xf, needs: Needs::Nothing }
    };
}

/// The backend-independent cases.
pub(crate) const CASES: &[Case] = &[
    case!(info_describes_an_orin),
    case!(alloc_zero_bytes_is_invalid),
    case!(alloc_one_byte_is_usable_from_cpu_and_gpu),
    case!(alloc_page_minus_one),
    case!(alloc_of_8mib_and_more_is_2mib_aligned),
    case!(alloc_with_requested_alignment),
    case!(alloc_larger_than_the_address_space_is_out_of_memory),
    case!(cpu_and_gpu_views_agree),
    case!(gpu_only_buffers_have_no_cpu_mapping),
    case!(free_then_reuse),
    case!(another_devices_buffer_is_refused),
    case!(thousands_of_varied_allocations),
    case!(reserved_windows_are_never_handed_out),
    case!(map_rejects_a_non_dmabuf_fd),
    case!(rm_hierarchy_valid_chain),
    case!(rm_alloc_rejects_invalid_parents_and_unknown_classes),
    case!(rm_control_work_submit_token),
    case!(rm_control_gr_get_info),
    case!(rm_control_class_list),
    case!(rm_control_gid_info_is_stable),
    case!(rm_control_schedule_and_flush),
    case!(rm_control_unknown_is_unsupported),
    case!(usermode_window_is_idempotent),
    case!(signal_set_and_wait_from_cpu),
    case!(signal_wait_without_a_fault_times_out),
    case!(gpu_signal_release_with_timestamp),
    case!(queues_order_across_engines_through_explicit_waits),
    case!(consumer_before_producer_completes),
    case!(cross_queue_wait_blocks_until_released),
    case!(batched_copies_run_in_order),
    case!(batched_launches_run_in_order),
    case!(an_interleaved_batch_keeps_each_engines_order),
    case!(copy_1_byte),
    case!(copy_4095_bytes_unaligned),
    case!(copy_1mib_plus_3_unaligned),
    case!(copy_64mib),
    case!(staged_copies_through_the_copy_engine),
    case!(copy_queue_moves_gpu_to_gpu),
    case!(copy_out_of_range_is_invalid),
    case!(async_copyin_waits_only_for_work_on_its_buffer),
    case!(kernel_launch_with_arguments_and_grid),
    case!(saxpy_on_the_sm87_cubin),
    case!(shared_memory_reduction_with_barriers),
    case!(local_memory_kernel_runs_after_binding_local_memory),
    case!(parameters_of_every_size_and_alignment_arrive),
    case!(driver_area_gives_compiled_code_its_launch_geometry),
    case!(qmd_race_safe_policies_hold_on_real_kernels),
    case!(qmd_race_stress_checks_every_signal_and_output),
    case!(replayed_queue_takes_new_values),
    case!(streaming_pipeline_records_once_and_replays_with_new_addresses_lengths_and_dims),
    case!(a_launch_replays_over_the_buffer_bound_to_it),
    case!(one_shots_stream_chunks_with_their_own_values),
    case!(local_memory_grows_after_synchronizing),
    case!(program_load_rejects_empty_code),
    case!(launch_on_a_copy_queue_is_invalid),
    case!(use_from_several_threads),
    case!(copyout_async_returns_what_the_launch_before_it_wrote),
    case!(timestamps_in_a_replayed_queue_move_forward),
    case!(values_computed_from_one_variable_follow_it),
    case!(a_buffer_view_is_the_bound_buffer_at_an_offset),
    case!(dynamic_shared_memory_is_a_launch_variable),
    case!(waits_on_any_or_all_of_several_signals),
];
