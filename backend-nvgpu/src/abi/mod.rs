//! The L4T **r36** nvgpu + nvmap UAPI: every ioctl number and `#[repr(C)]`
//! argument struct the backend and the mock use, in one place.
//!
//! - Struct names are the C names in UpperCamelCase
//!   (`nvgpu_as_map_buffer_ex_args` → [`NvgpuAsMapBufferExArgs`]); fields keep
//!   their C names (`type` → `type_`). A C union is one struct whose fields
//!   cover its bytes once; the other members are listed as aliases in its
//!   [`StructLayout`] (e.g. `in.runlist_id` and `out.channel_fd` of
//!   [`NvgpuGpuOpenChannelArgs`]).
//! - Ioctl numbers carry their C names and are computed from the argument
//!   struct's size by [`ioc`] (the generic Linux `_IOC` encoding, which
//!   aarch64 and x86_64 share), never typed by hand: a wrong struct size is a
//!   different number, which the kernel answers with `ENOTTY`.
//! - [`STRUCTS`], [`IOCTLS`] and [`CONSTS`] list everything defined here;
//!   `tests/abi_facts.rs` checks every entry against `facts/nvgpu-abi.tsv`,
//!   and [`listing`] prints them in that file's row format
//!   (`cargo run -p gpuiface-nvgpu --example abi`).
//! - The structs (`structs.rs`), ioctl numbers (`ioctls.rs`) and constants
//!   (`consts.rs`) are generated from `facts/` by `cargo run -p
//!   gpuiface-factgen` (`tools/factgen`; CI fails when a regenerated file
//!   differs); this file holds the encoding, the registry types and the
//!   `abi_struct!` macro the generated structs use.
//! - The error notifier's codes mean a [`gpuiface_hal::FaultKind`] each
//!   ([`NOTIFIER_CODES`], [`fault_kind`], [`notifier_code`]); the backend
//!   decodes with them and the mock's GPU model raises faults with them.
//!
//! ```
//! use gpuiface_nvgpu::abi::*;
//! assert_eq!(NVGPU_GPU_IOCTL_ALLOC_AS, 0xc040_4708);
//! assert_eq!(core::mem::size_of::<NvgpuGpuCharacteristics>(), 328);
//! let d = decode(NVMAP_IOC_ALLOC);
//! assert_eq!((d.dir, d.ty, d.nr, d.size), (IOC_WRITE, b'N', 3, 20));
//! ```

pub mod calls;
mod consts;
mod ioctls;
mod notifier;
mod structs;

pub use consts::*;
pub use ioctls::*;
pub use notifier::*;
pub use structs::*;

/// `_IOC_NONE`: no data transfer.
pub const IOC_NONE: u32 = 0;
/// `_IOC_WRITE`: userspace writes, the kernel reads.
pub const IOC_WRITE: u32 = 1;
/// `_IOC_READ`: the kernel writes, userspace reads.
pub const IOC_READ: u32 = 2;

/// The generic Linux `_IOC(dir, type, nr, size)` encoding.
pub const fn ioc(dir: u32, ty: u8, nr: u8, size: usize) -> u32 {
    assert!(size < (1 << 14), "ioctl argument too large for _IOC");
    (dir << 30) | ((size as u32) << 16) | ((ty as u32) << 8) | nr as u32
}
/// `_IO(type, nr)`.
pub const fn io(ty: u8, nr: u8) -> u32 {
    ioc(IOC_NONE, ty, nr, 0)
}
/// `_IOR(type, nr, size)`.
pub const fn ior(ty: u8, nr: u8, size: usize) -> u32 {
    ioc(IOC_READ, ty, nr, size)
}
/// `_IOW(type, nr, size)`.
pub const fn iow(ty: u8, nr: u8, size: usize) -> u32 {
    ioc(IOC_WRITE, ty, nr, size)
}
/// `_IOWR(type, nr, size)`.
pub const fn iowr(ty: u8, nr: u8, size: usize) -> u32 {
    ioc(IOC_READ | IOC_WRITE, ty, nr, size)
}

/// An ioctl number taken apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IocParts {
    /// Direction bits ([`IOC_READ`] | [`IOC_WRITE`]).
    pub dir: u32,
    /// The type (magic) character: `b'G'`, `b'N'`, `b'A'`, `b'H'`, `b'T'`.
    pub ty: u8,
    /// The command number.
    pub nr: u8,
    /// The argument size in bytes.
    pub size: usize,
}

/// Take an ioctl number apart (`_IOC_DIR`, `_IOC_TYPE`, `_IOC_NR`, `_IOC_SIZE`).
pub const fn decode(request: u32) -> IocParts {
    IocParts {
        dir: request >> 30,
        ty: ((request >> 8) & 0xff) as u8,
        nr: (request & 0xff) as u8,
        size: ((request >> 16) & 0x3fff) as usize,
    }
}

/// One ioctl this crate defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IoctlDef {
    /// The C name.
    pub name: &'static str,
    /// The number.
    pub number: u32,
    /// The C name of the argument struct (`None` for `_IO`; `"int"` for a plain int).
    pub arg: Option<&'static str>,
}

impl IoctlDef {
    /// Describe an ioctl.
    pub const fn new(name: &'static str, number: u32, arg: Option<&'static str>) -> Self {
        IoctlDef { name, number, arg }
    }
    /// Its parts.
    pub const fn parts(&self) -> IocParts {
        decode(self.number)
    }
}

/// The ioctl with this number, if this crate defines it.
pub fn ioctl_by_number(number: u32) -> Option<&'static IoctlDef> {
    IOCTLS.iter().find(|d| d.number == number)
}

/// The ioctl with this C name.
pub fn ioctl_by_name(name: &str) -> Option<&'static IoctlDef> {
    IOCTLS.iter().find(|d| d.name == name)
}

/// One field (or union alias) of a struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldLayout {
    /// The C name (`in.runlist_id` for a member of a nested anonymous struct).
    pub name: &'static str,
    /// Byte offset.
    pub offset: usize,
    /// Size in bytes.
    pub size: usize,
}

/// The layout of one struct, computed from its Rust definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StructLayout {
    /// The C name.
    pub name: &'static str,
    /// `size_of`.
    pub size: usize,
    /// `align_of`.
    pub align: usize,
    /// Fields, from `offset_of!` and the field types' sizes.
    pub fields: &'static [FieldLayout],
    /// Union members and nested names that share bytes with `fields`.
    pub aliases: &'static [FieldLayout],
}

/// A plain-bytes ioctl argument.
///
/// # Safety
/// Implementors must be `#[repr(C)]` (or integers, or arrays of
/// implementors), contain only integers and arrays or structs of integers
/// (every bit pattern valid, so building one from bytes is sound), state in
/// [`IoctlArg::PADDING_FREE`] whether every byte belongs to a field (a
/// padding byte is uninitialised: only a padding-free value may be viewed
/// as bytes), and write in [`IoctlArg::write_bytes`] nothing but their
/// fields' bytes, at their offsets. The `abi_struct!` macro implements it
/// only for such structs and computes `PADDING_FREE` from the fields.
pub unsafe trait IoctlArg: Copy + 'static {
    /// True when the fields fill every byte of `Self` (no padding), so that
    /// [`as_bytes`](IoctlArg::as_bytes) and
    /// [`as_bytes_mut`](IoctlArg::as_bytes_mut) read only initialised bytes.
    const PADDING_FREE: bool;

    /// Write the fields' bytes at their offsets into `out[..size_of::<Self>()]`
    /// (padding bytes are left as they are). Panics when `out` is shorter.
    fn write_bytes(&self, out: &mut [u8]);

    /// The bytes of `self`, padding as zeroes: what any argument struct,
    /// padded or not, looks like as bytes.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; core::mem::size_of::<Self>()];
        self.write_bytes(&mut out);
        out
    }

    /// The bytes of `self`, in place. Compiles only for padding-free types
    /// ([`to_bytes`](IoctlArg::to_bytes) serves the others).
    fn as_bytes(&self) -> &[u8] {
        const { assert!(Self::PADDING_FREE, "a padded ABI struct has uninitialised bytes: use to_bytes") };
        // SAFETY: `Self` is `size_of::<Self>()` bytes of integer fields with no
        // padding (`PADDING_FREE`, asserted at compile time), so every byte is initialised.
        unsafe { core::slice::from_raw_parts((self as *const Self).cast::<u8>(), core::mem::size_of::<Self>()) }
    }
    /// The bytes of `self`, mutably. Compiles only for padding-free types.
    fn as_bytes_mut(&mut self) -> &mut [u8] {
        const { assert!(Self::PADDING_FREE, "a padded ABI struct has uninitialised bytes: use from_bytes") };
        // SAFETY: as above (every byte initialised); every byte pattern written
        // through the slice leaves a valid `Self` (integers only).
        unsafe { core::slice::from_raw_parts_mut((self as *mut Self).cast::<u8>(), core::mem::size_of::<Self>()) }
    }
    /// Build from the first `size_of::<Self>()` bytes (`None` when too short).
    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        if bytes.len() < core::mem::size_of::<Self>() {
            return None;
        }
        // SAFETY: length checked; every bit pattern is valid; `read_unaligned`
        // tolerates any alignment of `bytes`.
        Some(unsafe { core::ptr::read_unaligned(bytes.as_ptr().cast::<Self>()) })
    }
    /// All zeroes (the kernel's "unset").
    fn zeroed() -> Self {
        // SAFETY: all-zero bytes are a valid value of a plain-integer struct.
        unsafe { core::mem::zeroed() }
    }
}

macro_rules! ioctl_arg_int {
    ($($t:ty),*) => {$(
        // SAFETY: a plain integer: every bit pattern valid, no padding, and
        // `write_bytes` writes its own native-endian bytes.
        unsafe impl IoctlArg for $t {
            const PADDING_FREE: bool = true;
            fn write_bytes(&self, out: &mut [u8]) {
                out[..core::mem::size_of::<$t>()].copy_from_slice(&self.to_ne_bytes());
            }
        }
    )*};
}
ioctl_arg_int!(u8, i8, u16, i16, u32, i32, u64, i64);

// SAFETY: an array of implementors: valid for every bit pattern as its
// elements are; the elements sit `size_of::<T>()` apart with no bytes
// between them, so it is padding-free exactly when `T` is; `write_bytes`
// writes each element's fields at its place.
unsafe impl<T: IoctlArg, const N: usize> IoctlArg for [T; N] {
    const PADDING_FREE: bool = T::PADDING_FREE;
    fn write_bytes(&self, out: &mut [u8]) {
        let size = core::mem::size_of::<T>();
        for (i, e) in self.iter().enumerate() {
            e.write_bytes(&mut out[i * size..]);
        }
    }
}

/// Define a `#[repr(C)]` argument struct together with its [`StructLayout`]
/// (`LAYOUT`), so the registry cannot drift from the definition; the size
/// given in parentheses is asserted at compile time.
macro_rules! abi_struct {
    (
        $(#[$meta:meta])*
        $cname:literal => $name:ident ($size:literal) {
            $( $(#[$fmeta:meta])* $cfield:literal $field:ident : $ty:ty, )*
        }
        aliases [ $( ($aname:literal, $aoff:literal, $asize:literal) ),* $(,)? ]
    ) => {
        $(#[$meta])*
        #[repr(C)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[allow(non_snake_case)] // fields keep their C names, e.g. `L2_cache_size`
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        const _: () = assert!(core::mem::size_of::<$name>() == $size);

        impl Default for $name {
            fn default() -> Self {
                <Self as $crate::abi::IoctlArg>::zeroed()
            }
        }

        // SAFETY: generated only for repr(C) structs whose fields are integers,
        // integer arrays and other such structs (every bit pattern valid), whose
        // size the const assert above pins to the C size; padding-free exactly when
        // the fields' sizes fill the struct and each field is padding-free; and
        // `write_bytes` writes each field at its `offset_of!`.
        unsafe impl $crate::abi::IoctlArg for $name {
            const PADDING_FREE: bool = 0 $( + core::mem::size_of::<$ty>() )* == core::mem::size_of::<$name>()
                $( && <$ty as $crate::abi::IoctlArg>::PADDING_FREE )*;
            fn write_bytes(&self, out: &mut [u8]) {
                let out = &mut out[..core::mem::size_of::<$name>()];
                $( <$ty as $crate::abi::IoctlArg>::write_bytes(&self.$field, &mut out[core::mem::offset_of!($name, $field)..]); )*
            }
        }

        impl $name {
            /// The C name and layout of this struct.
            pub const LAYOUT: $crate::abi::StructLayout = $crate::abi::StructLayout {
                name: $cname,
                size: core::mem::size_of::<$name>(),
                align: core::mem::align_of::<$name>(),
                fields: &[ $( $crate::abi::FieldLayout {
                    name: $cfield,
                    offset: core::mem::offset_of!($name, $field),
                    size: core::mem::size_of::<$ty>(),
                }, )* ],
                aliases: &[ $( $crate::abi::FieldLayout { name: $aname, offset: $aoff, size: $asize }, )* ],
            };
        }
    };
}
pub(crate) use abi_struct;

/// What L4T r35 (JetPack 5) differs in, for what the backend must detect.
/// Checked against `facts/nvgpu-abi-r35.tsv`.
pub mod r35 {
    /// `sizeof(struct nvgpu_gpu_characteristics)` on r35 (r36: 328).
    pub const NVGPU_GPU_CHARACTERISTICS_SIZE: usize = 312;
    /// r35's `NVMAP_IOC_ALLOC` (16-byte `nvmap_alloc_handle`, no `numa_nid`).
    pub const NVMAP_IOC_ALLOC: u32 = super::iow(b'N', 3, 16);
    /// r35's `NVGPU_GPU_IOCTL_OPEN_TSG` (8-byte argument).
    pub const NVGPU_GPU_IOCTL_OPEN_TSG: u32 = super::iowr(b'G', 9, 8);
    /// r35's `NVMAP_IOC_QUERY_HEAP_PARAMS` (40-byte argument).
    pub const NVMAP_IOC_QUERY_HEAP_PARAMS: u32 = super::ior(b'N', 105, 40);
}

/// Dispatch limits of each fd's ioctl handler (constraints doc §0), which
/// the UAPI headers define as `*_IOCTL_LAST` / `*_MAX_ARG_SIZE`.
pub mod limits {
    /// ctrl fd: highest command number (`NVGPU_GPU_IOCTL_LAST`).
    pub const CTRL_LAST_NR: u8 = 0x2c;
    /// ctrl fd: largest argument (`NVGPU_GPU_IOCTL_MAX_ARG_SIZE`).
    pub const CTRL_MAX_ARG_SIZE: usize = 0x108;
    /// AS fd: highest command number.
    pub const AS_LAST_NR: u8 = 0xe;
    /// AS fd: largest argument.
    pub const AS_MAX_ARG_SIZE: usize = 0x28;
    /// channel fd: highest command number (SETUP_BIND).
    pub const CHANNEL_LAST_NR: u8 = 0x80;
    /// channel fd: largest argument.
    pub const CHANNEL_MAX_ARG_SIZE: usize = 0x68;
    /// TSG fd: highest command number.
    pub const TSG_LAST_NR: u8 = 0x15;
    /// TSG fd: largest argument.
    pub const TSG_MAX_ARG_SIZE: usize = 0x20;
    /// nvmap: highest command number (`NVMAP_IOC_MAXNR`).
    pub const NVMAP_MAXNR: u8 = 107;
}

/// Every struct this crate defines.
pub static STRUCTS: &[StructLayout] = &structs::ALL_LAYOUTS;

/// Every ioctl number, struct size and field offset defined here, one row
/// each, in `facts/nvgpu-abi.tsv`'s own tab-separated format.
pub fn listing() -> Vec<String> {
    let mut rows = Vec::new();
    for d in IOCTLS {
        rows.push(format!("ioctl\t{}\t{:#010x}\t{}", d.name, d.number, d.parts().size));
    }
    for s in STRUCTS {
        rows.push(format!("struct\t{}\t{}\t{}", s.name, s.size, s.align));
        let mut all: Vec<&FieldLayout> = s.fields.iter().chain(s.aliases.iter()).collect();
        all.sort_by_key(|f| f.offset);
        for f in all {
            rows.push(format!("field\t{}\t{}\t{}\t{}", s.name, f.name, f.offset, f.size));
        }
    }
    for (name, value) in CONSTS {
        rows.push(format!("const\t{name}\t{value:#x}"));
    }
    rows
}

/// `NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA` (`linux/nvgpu-ctrl.h`: `1 << 1`; the only
/// ALLOC_AS flag r36 translates, constraints doc §1). Not among the facts
/// table's constants, so it is pinned here by hand.
pub const NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA: u32 = 1 << 1;

#[cfg(test)]
mod padding_tests {
    use super::*;

    #[test]
    fn padded_structs_are_known_and_serialise_their_fields_only() {
        // The C structs with holes (facts: the struct docs name them).
        const {
            assert!(!NvgpuChannelSetupBindArgs::PADDING_FREE);
            assert!(!NvgpuGpuCharacteristics::PADDING_FREE);
            assert!(!NvmapRwHandle::PADDING_FREE);
            assert!(NvmapCreateHandle::PADDING_FREE && NvgpuAsMapBufferExArgs::PADDING_FREE);
        }
        let a = NvmapRwHandle { addr: 1, handle: 2, offset: 3, elem_size: 4, hmem_stride: 5, user_stride: 6, count: 7 };
        let bytes = a.to_bytes();
        assert_eq!(bytes.len(), 56);
        assert_eq!(&bytes[12..16], &[0; 4], "the hole after `handle` is written as zeroes");
        assert_eq!(NvmapRwHandle::from_bytes(&bytes), Some(a));
        let mut into = [0xffu8; 56];
        a.write_bytes(&mut into);
        assert_eq!(&into[12..16], &[0xff; 4], "write_bytes leaves padding alone");
        assert_eq!(NvmapRwHandle::from_bytes(&into), Some(a));
    }
}
