//! What a replay may change: launch dimensions, kernel arguments of any
//! size, the buffers a launch names, and the checks a variable's value must
//! pass when it is bound.
//!
//! Every variable is patched into the queue's encoding by offset at each
//! submit (no re-encoding). What the recorded command fixes is checked once,
//! when the queue is recorded or first encoded; what depends on a
//! variable's value is checked when the value is bound, before anything is
//! written, and fails with a typed error ([`ErrorKind::InvalidArgument`]).
//!
//! [`ErrorKind::InvalidArgument`]: gpuiface_hal::ErrorKind::InvalidArgument

use gpuiface_hal::{Error, Result};

use crate::launch;
use crate::program::Program;
use crate::queue::{LaunchDims, Val, VarId};

/// Grid and block dimensions of a launch whose entries may be variables:
/// a pipeline that launches over a different number of blocks each run
/// records the launch once and binds the grid at each submit. A variable
/// dimension is checked against the SM's and the kernel's limits when it
/// is bound ([`Runtime::submit`](crate::Runtime::submit)).
///
/// ```
/// use gpuiface_runtime::{Dims, LaunchDims, Queue, Val};
/// let mut q = Queue::compute();
/// let blocks = q.var();
/// let dims = Dims::new([blocks.into(), 1u32.into(), 1u32.into()], [128u32.into(), 1u32.into(), 1u32.into()]);
/// assert_eq!(dims.grid[0], Val::Var(blocks));
/// // Fixed dimensions convert, so `launch` takes either:
/// let fixed: Dims = LaunchDims::new([4, 1, 1], [128, 1, 1]).into();
/// assert_eq!(fixed.block[0], Val::Lit(128));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dims {
    /// Thread blocks in x, y, z.
    pub grid: [Val; 3],
    /// Threads per block in x, y, z.
    pub block: [Val; 3],
    /// Dynamic shared memory per block, in bytes. A variable one is bound
    /// at each submit ([`Dims::with_shared_mem`]); its size selects the SM's
    /// shared-memory configuration, which a replay does not patch, so a
    /// queue with one is encoded afresh at every submit.
    pub shared_mem: Val,
}

impl Dims {
    /// `grid` blocks of `block` threads, no dynamic shared memory.
    pub fn new(grid: [Val; 3], block: [Val; 3]) -> Self {
        Dims { grid, block, shared_mem: Val::Lit(0) }
    }

    /// The same dimensions with `shared_mem` bytes of dynamic shared
    /// memory per block, fixed or a variable.
    ///
    /// ```
    /// use gpuiface_runtime::{Dims, LaunchDims, Queue};
    /// let mut q = Queue::compute();
    /// let smem = q.var();
    /// let dims = Dims::from(LaunchDims::new([4, 1, 1], [128, 1, 1])).with_shared_mem(smem);
    /// assert!(dims.has_vars());
    /// ```
    pub fn with_shared_mem(mut self, shared_mem: impl Into<Val>) -> Self {
        self.shared_mem = shared_mem.into();
        self
    }

    /// True when a dimension is a variable.
    #[inline]
    pub fn has_vars(&self) -> bool {
        self.grid.iter().chain(&self.block).chain([&self.shared_mem]).any(|v| matches!(v, Val::Var(_)))
    }

    /// The dimensions with `value` giving each variable's value.
    pub(crate) fn resolve(&self, value: impl Fn(Val) -> u64) -> LaunchDims {
        // A value past u32 saturates, and the launch checks refuse it.
        let get = |v: Val| u32::try_from(value(v)).unwrap_or(u32::MAX);
        LaunchDims { grid: self.grid.map(get), block: self.block.map(get), shared_mem: get(self.shared_mem) }
    }
}

/// A recorded launch's dimensions: fixed ones resolved once, at record
/// time, and held inline (a command stays small: recording, encoding and
/// dropping a queue move and drop fewer bytes); variable ones boxed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CmdDims {
    /// No variable: the dimensions as every submit launches them.
    Fixed(LaunchDims),
    /// Some dimension is a variable, resolved at each submit.
    Vars(Box<Dims>),
}

impl CmdDims {
    /// `dims` as a command holds them. A fixed value past `u32` saturates
    /// (as [`Dims::resolve`] does), and the launch checks refuse it.
    #[inline]
    pub(crate) fn new(dims: &Dims) -> Self {
        if dims.has_vars() {
            CmdDims::Vars(Box::new(*dims))
        } else {
            CmdDims::Fixed(dims.resolve(|v| match v {
                Val::Lit(x) => x,
                Val::Var(_) => 0,
            }))
        }
    }

    /// The dimensions, with `value` giving each variable's value.
    #[inline]
    pub(crate) fn resolve(&self, value: impl Fn(Val) -> u64) -> LaunchDims {
        match self {
            CmdDims::Fixed(d) => *d,
            CmdDims::Vars(d) => d.resolve(value),
        }
    }

    /// The dimensions with variables, if any is.
    #[inline]
    pub(crate) fn vars(&self) -> Option<&Dims> {
        match self {
            CmdDims::Fixed(_) => None,
            CmdDims::Vars(d) => Some(d),
        }
    }
}

impl From<LaunchDims> for Dims {
    /// Inlined, as [`Dims::has_vars`] is: a launch of fixed dimensions
    /// then records them without a look at six variables it has not.
    #[inline]
    fn from(d: LaunchDims) -> Self {
        let lit = |x: u32| Val::Lit(u64::from(x));
        Dims { grid: d.grid.map(lit), block: d.block.map(lit), shared_mem: lit(d.shared_mem) }
    }
}

/// An address or a length of [`Queue::copy`](crate::Queue::copy): a
/// fixed value or a [`VarId`] bound at each submit.
///
/// It converts from `u64`, `u32`, `usize`, a [`Val`] and a [`VarId`], and
/// from `i32`, the type an unsuffixed integer literal takes when nothing
/// else fixes it, so `q.copy(dst, src, 4096)` compiles. A negative `i32`
/// is no address or length: the queue records it as an error, which its
/// submit reports ([`ErrorKind::InvalidArgument`]).
///
/// ```
/// use gpuiface_runtime::{CopyVal, Queue, Val};
/// let mut q = Queue::copy_queue();
/// let src = q.var();
/// q.copy(0x20_0000u64, src, 4096); // an unsuffixed literal length
/// q.copy(0x30_0000, 0x40_0000, 64); // all three unsuffixed
/// assert_eq!(q.len(), 2);
/// assert_eq!(CopyVal::from(4096), CopyVal::from(Val::Lit(4096)));
/// ```
///
/// [`ErrorKind::InvalidArgument`]: gpuiface_hal::ErrorKind::InvalidArgument
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CopyVal(pub(crate) std::result::Result<Val, i64>);

impl From<Val> for CopyVal {
    fn from(v: Val) -> Self {
        CopyVal(Ok(v))
    }
}

impl From<VarId> for CopyVal {
    fn from(v: VarId) -> Self {
        CopyVal(Ok(Val::Var(v)))
    }
}

impl From<u64> for CopyVal {
    fn from(v: u64) -> Self {
        CopyVal(Ok(Val::Lit(v)))
    }
}

impl From<u32> for CopyVal {
    fn from(v: u32) -> Self {
        CopyVal(Ok(Val::Lit(u64::from(v))))
    }
}

impl From<usize> for CopyVal {
    fn from(v: usize) -> Self {
        // usize is at most 64 bits on every target this crate builds for.
        CopyVal(u64::try_from(v).map(Val::Lit).map_err(|_| -1))
    }
}

impl From<i32> for CopyVal {
    fn from(v: i32) -> Self {
        CopyVal(u64::try_from(v).map(Val::Lit).map_err(|_| i64::from(v)))
    }
}

/// A kernel argument taken from a variable at each submit: `size` bytes
/// (1 to 8, little-endian, the low bytes of the bound value) at byte
/// `offset` of the launch's arguments. A wider argument (a struct) takes
/// several. A value that does not fit `size` bytes is refused when bound.
///
/// ```
/// use gpuiface_runtime::{ArgVar, Queue};
/// let mut q = Queue::compute();
/// let n = q.var();
/// let out = q.buffer_var();
/// let vars = [ArgVar::buffer(0, out), ArgVar::value(8, 4, n)];
/// assert_eq!(vars[1].size(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArgVar {
    pub(crate) offset: usize,
    pub(crate) size: u8,
    pub(crate) var: VarId,
}

impl ArgVar {
    /// `size` bytes (1..=8) of variable `var` at byte `offset` of the arguments.
    pub fn value(offset: usize, size: u8, var: VarId) -> Self {
        ArgVar { offset, size, var }
    }
    /// A 64-bit pointer argument at `offset`: the GPU address of the buffer
    /// bound to `buffer` at each submit. The launch then names that buffer:
    /// [`Runtime::free`](crate::Runtime::free) and the copies of it wait for
    /// the launch, as for a buffer declared with [`Queue::uses`](crate::Queue::uses).
    pub fn buffer(offset: usize, buffer: BufferVar) -> Self {
        ArgVar { offset, size: 8, var: buffer.0 }
    }
    /// Byte offset in the arguments.
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// Bytes patched.
    pub fn size(&self) -> u8 {
        self.size
    }
}

/// A variable bound to a [`Buffer`](gpuiface_hal::Buffer) at each submit
/// ([`Runtime::submit_with`](crate::Runtime::submit_with)): the launch
/// argument receives its GPU address, the runtime checks it belongs to its
/// device, and tracks that the submission touches it. It cannot be bound to
/// a bare number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BufferVar(pub(crate) VarId);

/// A check a variable's value must pass when it is bound.
#[derive(Debug, Clone)]
pub(crate) enum BindCheck {
    /// A variable copy length: 1 to [`MAX_COPY_CHUNK`](crate::MAX_COPY_CHUNK) bytes.
    CopyLen(VarId),
    /// The value fits `size` bytes.
    Fits { var: VarId, size: u8 },
    /// A launch with variable dimensions: the launch checks, on the bound dimensions.
    Launch { program: Program, dims: Dims, args_len: usize },
}

const OP: &str = "Runtime::submit";

impl BindCheck {
    pub(crate) fn check(&self, values: &[u64]) -> Result<()> {
        let value = |v: Val| match v {
            Val::Lit(x) => x,
            Val::Var(id) => values.get(id.index).copied().unwrap_or(0),
        };
        match self {
            BindCheck::CopyLen(var) => {
                let len = value(Val::Var(*var));
                if len == 0 || len > crate::MAX_COPY_CHUNK {
                    return Err(Error::invalid(
                        OP,
                        format!(
                            "copy length variable {} = {len}: a variable length is 1 to {} bytes",
                            var.index,
                            crate::MAX_COPY_CHUNK
                        ),
                    ));
                }
                Ok(())
            }
            BindCheck::Fits { var, size } => {
                let v = value(Val::Var(*var));
                if *size < 8 && v >> (8 * u32::from(*size)) != 0 {
                    return Err(Error::invalid(
                        OP,
                        format!("argument variable {} = {v:#x} does not fit its {size} bytes", var.index),
                    ));
                }
                Ok(())
            }
            BindCheck::Launch { program, dims, args_len } => {
                launch::check_launch(program.name(), program.attributes(), &dims.resolve(value), *args_len)
            }
        }
    }
}

/// Check the argument variables of a launch against its arguments, at record time.
pub(crate) fn check_arg_vars(args_len: usize, vars: &[ArgVar]) -> Result<()> {
    for a in vars {
        if !(1..=8).contains(&a.size) {
            return Err(Error::invalid(OP, format!("argument variable at {}: {} bytes (1 to 8)", a.offset, a.size)));
        }
        if a.offset.checked_add(usize::from(a.size)).is_none_or(|end| end > args_len) {
            return Err(Error::invalid(
                OP,
                format!("argument variable at {} ({} bytes) past the {args_len} bytes of arguments", a.offset, a.size),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_dimensions_resolve_at_record_time_as_they_would_at_submit() {
        let lit = |x: u64| Val::Lit(x);
        let dims = Dims::new([lit(7), lit(u64::from(u32::MAX) + 1), lit(1)], [lit(32), lit(2), lit(1)]);
        let cmd = CmdDims::new(&dims);
        assert!(cmd.vars().is_none());
        // Past u32 saturates, as at submit (and the launch checks refuse it).
        let resolved = cmd.resolve(|_| unreachable!("no variables"));
        assert_eq!(resolved, dims.resolve(|v| if let Val::Lit(x) = v { x } else { 0 }));
        assert_eq!(resolved.grid, [7, u32::MAX, 1]);

        let v = VarId { queue: 1, index: 0 };
        let with_var = Dims::new([Val::Var(v), lit(1), lit(1)], [lit(32), lit(1), lit(1)]).with_shared_mem(64u64);
        let cmd = CmdDims::new(&with_var);
        assert_eq!(cmd.vars(), Some(&with_var));
        let bound = |v: Val| if let Val::Lit(x) = v { x } else { 9 };
        assert_eq!(cmd.resolve(bound), LaunchDims { grid: [9, 1, 1], block: [32, 1, 1], shared_mem: 64 });
    }

    #[test]
    fn a_recorded_command_stays_small() {
        // Commands are moved when recorded and dropped with the queue; the
        // inline ones are part of every queue. Variable dimensions are boxed
        // to keep them under two cache lines.
        assert!(std::mem::size_of::<crate::encode::Cmd>() <= 128, "{}", std::mem::size_of::<crate::encode::Cmd>());
    }
}
