//! What both releases share: the `_IOC` encoding, the registry types
//! ([`IoctlDef`], [`StructLayout`]), [`IoctlArg`] (plain-bytes arguments),
//! the `abi_struct!` macro the generated structs use, and [`Ioctl`] (a
//! request bound to its argument type). Each release module re-exports all
//! of it, so `use gpuiface_abi::r36::*` is the whole r36 ABI.

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
                <Self as $crate::IoctlArg>::zeroed()
            }
        }

        // SAFETY: generated only for repr(C) structs whose fields are integers,
        // integer arrays and other such structs (every bit pattern valid), whose
        // size the const assert above pins to the C size; padding-free exactly when
        // the fields' sizes fill the struct and each field is padding-free; and
        // `write_bytes` writes each field at its `offset_of!`.
        unsafe impl $crate::IoctlArg for $name {
            const PADDING_FREE: bool = 0 $( + core::mem::size_of::<$ty>() )* == core::mem::size_of::<$name>()
                $( && <$ty as $crate::IoctlArg>::PADDING_FREE )*;
            fn write_bytes(&self, out: &mut [u8]) {
                let out = &mut out[..core::mem::size_of::<$name>()];
                $( <$ty as $crate::IoctlArg>::write_bytes(&self.$field, &mut out[core::mem::offset_of!($name, $field)..]); )*
            }
        }

        impl $name {
            /// The C name and layout of this struct.
            pub const LAYOUT: $crate::StructLayout = $crate::StructLayout {
                name: $cname,
                size: core::mem::size_of::<$name>(),
                align: core::mem::align_of::<$name>(),
                fields: &[ $( $crate::FieldLayout {
                    name: $cfield,
                    offset: core::mem::offset_of!($name, $field),
                    size: core::mem::size_of::<$ty>(),
                }, )* ],
                aliases: &[ $( $crate::FieldLayout { name: $aname, offset: $aoff, size: $asize }, )* ],
            };
        }
    };
}
pub(crate) use abi_struct;

/// An ioctl bound to its argument type: what makes the backend's safe
/// `SysFd::call` safe (kvm-ioctls' split: an arbitrary request is `unsafe`, a
/// descriptor vouches for one).
#[derive(Debug)]
pub struct Ioctl<T> {
    name: &'static str,
    request: u32,
    _arg: std::marker::PhantomData<fn() -> T>,
}

impl<T> Clone for Ioctl<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Ioctl<T> {}

impl<T: IoctlArg> Ioctl<T> {
    /// Bind `request` (named `name`) to `T`. A request whose `_IOC_SIZE` is
    /// not `size_of::<T>()` does not compile (in a `const`).
    ///
    /// # Safety
    /// `request` takes a `T`, and a `T` carries no user pointers: whatever
    /// its field values, the ioctl reads and writes only the argument itself
    /// (fds it names are the kernel's to check).
    pub const unsafe fn new(name: &'static str, request: u32) -> Self {
        assert!(decode(request).size == std::mem::size_of::<T>(), "ioctl argument size");
        Ioctl { name, request, _arg: std::marker::PhantomData }
    }
    /// The C name.
    pub fn name(&self) -> &'static str {
        self.name
    }
    /// The request number.
    pub fn request(&self) -> u32 {
        self.request
    }
}

/// Safe ioctl descriptors ([`Ioctl`]) for a release's pointer-free requests.
macro_rules! calls {
    ($($name:ident: $ty:ty, $why:literal;)*) => {$(
        #[doc = concat!("`", stringify!($name), "` with a [`", stringify!($ty), "`]: ", $why, ".")]
        // SAFETY: the request's argument is this struct (its size is checked by
        // `Ioctl::new` at compile time), and the struct carries no user pointers:
        // the reason is stated in the entry's doc line.
        pub const $name: Ioctl<$ty> = unsafe { Ioctl::new(stringify!($name), super::$name) };
    )*};
}

pub(crate) use calls;

/// A release module's registry over its generated tables: `STRUCTS`,
/// `listing`, `ioctl_by_number`/`ioctl_by_name` and the dispatch `limits`.
macro_rules! registry {
    ($file:literal) => {
        /// Every struct this release defines.
        pub static STRUCTS: &[$crate::StructLayout] = &structs::ALL_LAYOUTS;

        /// The ioctl with this number, if this release defines it.
        pub fn ioctl_by_number(number: u32) -> Option<&'static $crate::IoctlDef> {
            IOCTLS.iter().find(|d| d.number == number)
        }

        /// The ioctl with this C name, if this release defines it.
        pub fn ioctl_by_name(name: &str) -> Option<&'static $crate::IoctlDef> {
            IOCTLS.iter().find(|d| d.name == name)
        }

        #[doc = concat!("Every ioctl number, struct size and field offset defined here, one row each, in `facts/", $file, "`'s own tab-separated format.")]
        pub fn listing() -> Vec<String> {
            $crate::common::listing(IOCTLS, STRUCTS, CONSTS)
        }

        /// Dispatch limits of each fd's ioctl handler (constraints doc §0),
        /// which the UAPI headers define as `*_IOCTL_LAST` /
        /// `*_MAX_ARG_SIZE` (this release's values, from its facts table).
        pub mod limits {
            use super::*;
            /// ctrl fd: highest command number (`NVGPU_GPU_IOCTL_LAST`).
            pub const CTRL_LAST_NR: u8 = NVGPU_GPU_IOCTL_LAST as u8;
            /// ctrl fd: largest argument (`NVGPU_GPU_IOCTL_MAX_ARG_SIZE`).
            pub const CTRL_MAX_ARG_SIZE: usize = NVGPU_GPU_IOCTL_MAX_ARG_SIZE as usize;
            /// AS fd: highest command number (`NVGPU_AS_IOCTL_LAST`).
            pub const AS_LAST_NR: u8 = NVGPU_AS_IOCTL_LAST as u8;
            /// AS fd: largest argument (`NVGPU_AS_IOCTL_MAX_ARG_SIZE`).
            pub const AS_MAX_ARG_SIZE: usize = NVGPU_AS_IOCTL_MAX_ARG_SIZE as usize;
            /// channel fd: highest command number (`NVGPU_IOCTL_CHANNEL_LAST`: SETUP_BIND).
            pub const CHANNEL_LAST_NR: u8 = NVGPU_IOCTL_CHANNEL_LAST as u8;
            /// channel fd: largest argument (`NVGPU_IOCTL_CHANNEL_MAX_ARG_SIZE`).
            pub const CHANNEL_MAX_ARG_SIZE: usize = NVGPU_IOCTL_CHANNEL_MAX_ARG_SIZE as usize;
            /// TSG fd: highest command number (`NVGPU_TSG_IOCTL_LAST`).
            pub const TSG_LAST_NR: u8 = NVGPU_TSG_IOCTL_LAST as u8;
            /// TSG fd: largest argument (`NVGPU_TSG_IOCTL_MAX_ARG_SIZE`).
            pub const TSG_MAX_ARG_SIZE: usize = NVGPU_TSG_IOCTL_MAX_ARG_SIZE as usize;
            /// nvmap: highest command number (`NVMAP_IOC_MAXNR`).
            pub const NVMAP_MAXNR: u8 = NVMAP_IOC_MAXNR as u8;
        }
    };
}
pub(crate) use registry;

/// The rows of a release's registry in its facts table's format.
pub(crate) fn listing(ioctls: &[IoctlDef], structs: &[StructLayout], consts: &[(&str, i128)]) -> Vec<String> {
    let mut rows = Vec::new();
    for d in ioctls {
        rows.push(format!("ioctl\t{}\t{:#010x}\t{}", d.name, d.number, d.parts().size));
    }
    for s in structs {
        rows.push(format!("struct\t{}\t{}\t{}", s.name, s.size, s.align));
        let mut all: Vec<&FieldLayout> = s.fields.iter().chain(s.aliases.iter()).collect();
        all.sort_by_key(|f| f.offset);
        for f in all {
            rows.push(format!("field\t{}\t{}\t{}\t{}", s.name, f.name, f.offset, f.size));
        }
    }
    for (name, value) in consts {
        rows.push(format!("const\t{name}\t{value:#x}"));
    }
    rows
}

/// `NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA` (`linux/nvgpu-ctrl.h`: `1 << 1`, the
/// same on r35 and r36; the only ALLOC_AS flag r36 translates, constraints
/// doc §1). The facts tables name it `NVGPU_GPU_IOCTL_ALLOC_AS_FLAGS_UNIFIED_VA`.
pub const NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA: u32 = 1 << 1;

#[cfg(test)]
mod padding_tests {
    use crate::r36::*;

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
