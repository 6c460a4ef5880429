//! `gpuiface_mock_name_program`: a process names the kernels it loaded, so
//! the trace names their launches.
//!
//! On an Orin the GPU and `nvgpu.ko` never see a kernel's name (the cubin's
//! symbol table stays in the process); a process that wants the mock's
//! trace to say which kernel a launch ran tells the model, through this
//! function that only the preload library defines (look it up with
//! `dlsym(RTLD_DEFAULT, ...)`; on an Orin it is absent).

use std::ffi::{c_char, c_int, CStr};

use gpuiface_hal::Errno;

use crate::{in_model, model_initialised, set_errno};

/// Name the kernel whose first instruction is at GPU address `program` (its
/// QMD's program address). Returns 0; or -1 with `errno` `EINVAL` (a null
/// name, or one that is not UTF-8) or `ENODEV` (no device opened yet: there
/// is no model to tell).
///
/// # Safety
/// `name` is null or a NUL-terminated string readable for the call.
#[no_mangle]
pub unsafe extern "C" fn gpuiface_mock_name_program(program: u64, name: *const c_char) -> c_int {
    if name.is_null() {
        return set_errno(Errno::EINVAL);
    }
    // SAFETY: a non-null `name` is a NUL-terminated string (this function's contract).
    let Ok(name) = unsafe { CStr::from_ptr(name) }.to_str() else {
        return set_errno(Errno::EINVAL);
    };
    if !model_initialised() {
        return set_errno(Errno::ENODEV);
    }
    in_model(|k| k.name_program(program, name));
    0
}
