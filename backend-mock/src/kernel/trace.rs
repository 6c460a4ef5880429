//! The trace format: "strace for nvgpu" (issue 12 item 12).
//!
//! One line per call. Every field of the argument struct is decoded by its C
//! name, going in; the fields the kernel changed, coming out; flags and enums
//! by their C names (`flags=DETERMINISTIC|USERMODE_SUPPORT`), GPU classes by
//! name, fds resolved to what they are (`as_fd=7<as>`), then the result with
//! its errno name:
//!
//! ```text
//! [mock] channel(9) NVGPU_IOCTL_CHANNEL_SETUP_BIND {num_gpfifo_entries=1024, ..., flags=DETERMINISTIC|USERMODE_SUPPORT, userd_dmabuf_fd=12<dmabuf>, ...} => {work_submit_token=0x1ff} = 0
//! [mock] as(7) NVGPU_AS_IOCTL_MAP_BUFFER_EX {flags=0, compr_kind=0, incompr_kind=0, ...} = -1 EINVAL (Invalid argument)
//! ```
//!
//! Layouts come from `gpuiface_abi::r36` (checked against the facts
//! tables), constant names from its `CONSTS`, class names from the facts'
//! class table: nothing here retypes a number.

use std::cell::Cell;
use std::fmt::Write;

use gpuiface_abi::r36::{self as abi, FieldLayout, StructLayout};
use gpuiface_hal::Errno;

/// How a field's value is shown.
enum Render {
    /// A bit set: the names of the constants with this prefix that are single bits.
    Flags(&'static str),
    /// One of the constants with this prefix.
    Enum(&'static str),
    /// nvmap allocation flags: cache mode (low 2 bits), flag bits, tag (high 16).
    NvmapAllocFlags,
    /// MAP_BUFFER_EX flags: flag bits plus the 2-bit access field.
    MapFlags,
    /// WDT status: DISABLE/ENABLE in the low 2 bits, then option bits.
    Wdt,
    /// An fd, resolved.
    Fd,
    /// A GPU class number, by name.
    Class,
    /// An nvmap handle id, resolved.
    Handle,
    /// Hex.
    Hex,
    /// Decimal for small values, hex for large.
    Auto,
}

thread_local! {
    /// Why the current ioctl failed, as the rule that rejected it says.
    static WHY: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Tag `e` with the rule that rejected the call: the trace prints it, so
/// "why did this ioctl fail?" is answered from the trace alone.
pub(crate) fn why(e: Errno, reason: &'static str) -> Errno {
    WHY.with(|w| w.set(Some(reason)));
    e
}

/// The reason the last rejected call on this thread gave (cleared).
pub(crate) fn take_why() -> Option<&'static str> {
    WHY.with(|w| w.take())
}

/// What the trace resolves fds and nvmap handles to.
pub trait Resolve {
    /// The kind of object fd `fd` is (`as`, `channel`, `dmabuf`, ...).
    fn fd(&self, fd: i32) -> Option<&'static str>;
    /// A description of nvmap handle `id` (size, cache mode).
    fn handle(&self, _id: u32) -> Option<String> {
        None
    }
}

impl<F: Fn(i32) -> Option<&'static str>> Resolve for F {
    fn fd(&self, fd: i32) -> Option<&'static str> {
        self(fd)
    }
}

/// The name of an nvmap cache mode (`NVMAP_HANDLE_*`).
pub fn cache_mode_name(mode: u32) -> String {
    consts("NVMAP_HANDLE_")
        .find(|(n, c)| {
            *c == u64::from(mode) && matches!(*n, "UNCACHEABLE" | "WRITE_COMBINE" | "INNER_CACHEABLE" | "CACHEABLE")
        })
        .map(|(n, _)| n.to_string())
        .unwrap_or_else(|| format!("{mode:#x}"))
}

fn render_of(st: &str, field: &str) -> Render {
    match (st, field) {
        ("nvgpu_alloc_as_args", "flags") => Render::Flags("NVGPU_ALLOC_AS_FLAGS_"),
        ("nvgpu_channel_setup_bind_args", "flags") => Render::Flags("NVGPU_CHANNEL_SETUP_BIND_FLAGS_"),
        ("nvgpu_as_alloc_space_args", "flags") => Render::Flags("NVGPU_AS_ALLOC_SPACE_FLAGS_"),
        ("nvgpu_as_map_buffer_ex_args", "flags") => Render::MapFlags,
        ("nvmap_alloc_handle", "flags") => Render::NvmapAllocFlags,
        (_, "heap_mask") | ("nvmap_available_heaps", "heaps") => Render::Flags("NVMAP_HEAP_"),
        ("nvgpu_channel_wdt_args", "wdt_status") => Render::Wdt,
        ("nvgpu_tsg_create_subcontext_args", "type") => Render::Enum("NVGPU_TSG_SUBCONTEXT_TYPE_"),
        ("nvmap_cache_op" | "nvmap_cache_op_64", "op") => Render::Enum("NVMAP_CACHE_OP_"),
        ("nvmap_handle_param", "param") => Render::Enum("NVMAP_HANDLE_PARAM_"),
        (_, "class_num") => Render::Class,
        (st, "handle") if st.starts_with("nvmap") => Render::Handle,
        (_, f) if f.ends_with("fd") || f == "mem" => Render::Fd,
        (_, "handle" | "offset" | "addr" | "gpu_va" | "buf_addr") => Render::Hex,
        (_, f) if f.ends_with("_va") || f.ends_with("_addr") || f.starts_with("va_range") => Render::Hex,
        _ => Render::Auto,
    }
}

/// Constants with `prefix`, the prefix stripped (plus the one the ABI pins by hand).
fn consts(prefix: &str) -> impl Iterator<Item = (&'static str, u64)> + '_ {
    let extra: &[(&'static str, i128)] =
        &[("NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA", abi::NVGPU_ALLOC_AS_FLAGS_UNIFIED_VA as i128)];
    abi::CONSTS
        .iter()
        .chain(extra.iter())
        .filter(move |(n, _)| n.starts_with(prefix) && !n.ends_with("_MASK"))
        // NVMAP_HANDLE_PARAM_* share the NVMAP_HANDLE_ prefix but are PARAM's enum.
        .filter(move |(n, _)| prefix == "NVMAP_HANDLE_PARAM_" || !n.starts_with("NVMAP_HANDLE_PARAM_"))
        .map(move |(n, v)| (&n[prefix.len()..], *v as u64))
}

fn flags(prefix: &str, v: u64) -> String {
    if v == 0 {
        return "0".into();
    }
    let mut names = Vec::new();
    let mut rest = v;
    for (n, bit) in consts(prefix).filter(|(_, b)| b.is_power_of_two()) {
        if rest & bit != 0 {
            names.push(n.to_string());
            rest &= !bit;
        }
    }
    if rest != 0 {
        names.push(format!("{rest:#x}"));
    }
    names.join("|")
}

fn enum_name(prefix: &str, v: u64) -> String {
    consts(prefix).find(|(_, c)| *c == v).map(|(n, _)| n.to_string()).unwrap_or_else(|| format!("{v:#x}"))
}

fn read_le(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(b)
}

fn value(st: &str, f: &FieldLayout, bytes: &[u8], fds: &dyn Resolve) -> String {
    let Some(raw) = bytes.get(f.offset..f.offset + f.size) else {
        return "?".into();
    };
    if f.size > 8 {
        return if raw.iter().all(|b| *b == 0) {
            "{0}".into()
        } else {
            let hex: Vec<String> = raw.iter().map(|b| format!("{b:02x}")).collect();
            format!("{{{}}}", hex.join(""))
        };
    }
    let v = read_le(raw);
    let signed = match f.size {
        1 => i64::from(v as u8 as i8),
        2 => i64::from(v as u16 as i16),
        4 => i64::from(v as u32 as i32),
        _ => v as i64,
    };
    match render_of(st, f.name) {
        Render::Flags(p) => flags(p, v),
        Render::Enum(p) => enum_name(p, v),
        Render::NvmapAllocFlags => {
            let cache = consts("NVMAP_HANDLE_")
                .find(|(n, c)| {
                    *c == v & 3 && matches!(*n, "UNCACHEABLE" | "WRITE_COMBINE" | "INNER_CACHEABLE" | "CACHEABLE")
                })
                .map(|(n, _)| n)
                .unwrap_or("?");
            let bits = flags("NVMAP_HANDLE_", v & 0xfffc);
            let mut s = cache.to_string();
            if bits != "0" {
                let _ = write!(s, "|{bits}");
            }
            if v >> 16 != 0 {
                let _ = write!(s, "|TAG({:#x})", v >> 16);
            }
            s
        }
        Render::MapFlags => {
            let off = abi::NVGPU_AS_MAP_BUFFER_FLAGS_ACCESS_BITMASK_OFFSET;
            let access = (v >> off) & 3;
            let mut s = flags("NVGPU_AS_MAP_BUFFER_FLAGS_", v & !(3 << off));
            if access != 0 {
                s = if s == "0" { format!("ACCESS({access})") } else { format!("{s}|ACCESS({access})") };
            }
            s
        }
        Render::Wdt => {
            let op = match v & 3 {
                x if x == u64::from(abi::NVGPU_IOCTL_CHANNEL_DISABLE_WDT) => "DISABLE_WDT".to_string(),
                x if x == u64::from(abi::NVGPU_IOCTL_CHANNEL_ENABLE_WDT) => "ENABLE_WDT".to_string(),
                x => format!("{x:#x}"),
            };
            if v & !3 != 0 {
                format!("{op}|{:#x}", v & !3)
            } else {
                op
            }
        }
        Render::Fd => match fds.fd(signed as i32) {
            Some(kind) => format!("{signed}<{kind}>"),
            None => signed.to_string(),
        },
        Render::Class => {
            let name = gpuiface_hal::facts::classes().classes.iter().find(|(_, c)| **c == v).map(|(n, _)| n.clone());
            match name {
                Some(n) => format!("{n}({v:#x})"),
                None => format!("{v:#x}"),
            }
        }
        Render::Handle => match fds.handle(v as u32) {
            Some(d) => format!("{v:#x}<{d}>"),
            None => format!("{v:#x}"),
        },
        Render::Hex => format!("{v:#x}"),
        Render::Auto if signed < 0 && f.size < 8 => signed.to_string(),
        Render::Auto if v < 0x10000 => v.to_string(),
        Render::Auto => format!("{v:#x}"),
    }
}

/// The ioctl with this number in either release's ABI (r36's first; a
/// number both define takes the same struct on both), with its release's structs.
pub(crate) fn definition(request: u32) -> Option<(&'static abi::IoctlDef, &'static [StructLayout])> {
    abi::ioctl_by_number(request)
        .map(|d| (d, abi::STRUCTS))
        .or_else(|| gpuiface_abi::r35::ioctl_by_number(request).map(|d| (d, gpuiface_abi::r35::STRUCTS)))
}

fn layout(request: u32) -> Option<&'static StructLayout> {
    let (d, structs) = definition(request)?;
    let arg = d.arg?;
    structs.iter().find(|s| s.name == arg)
}

/// Every field of `bytes` decoded by name, `{a=1, b=FLAG|FLAG}`.
pub fn decode_struct(request: u32, bytes: &[u8], fds: &dyn Resolve) -> String {
    let Some(l) = layout(request) else {
        return if bytes.is_empty() { String::new() } else { format!("{{{} bytes}}", bytes.len()) };
    };
    let parts: Vec<String> = l.fields.iter().map(|f| format!("{}={}", f.name, value(l.name, f, bytes, fds))).collect();
    format!("{{{}}}", parts.join(", "))
}

/// The fields whose bytes differ between `before` and `after`, decoded.
pub fn decode_changes(request: u32, before: &[u8], after: &[u8], fds: &dyn Resolve) -> String {
    let Some(l) = layout(request) else {
        return String::new();
    };
    let parts: Vec<String> = l
        .fields
        .iter()
        .filter(|f| before.get(f.offset..f.offset + f.size) != after.get(f.offset..f.offset + f.size))
        .map(|f| format!("{}={}", f.name, value(l.name, f, after, fds)))
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// A result as strace shows it: `= 0`, `= -1 EINVAL (Invalid argument)`.
pub fn result(r: Result<i32, Errno>) -> String {
    match r {
        Ok(v) => format!("= {v}"),
        Err(e) => {
            let msg = std::io::Error::from_raw_os_error(e.0).to_string();
            let msg = msg.split(" (os error").next().unwrap_or_default().to_string();
            format!("= -1 {} ({msg})", e.name().unwrap_or("E?"))
        }
    }
}

/// The ioctl's C name, or its number taken apart.
pub fn name(request: u32) -> String {
    match definition(request) {
        Some((d, _)) => d.name.to_string(),
        None => {
            let p = abi::decode(request);
            format!("{request:#010x}(dir={},type='{}',nr={},size={})", p.dir, p.ty as char, p.nr, p.size)
        }
    }
}

/// One full line for an ioctl.
#[allow(clippy::too_many_arguments)]
pub fn ioctl_line(
    fd_kind: &str,
    fd: i32,
    request: u32,
    arg_in: &[u8],
    arg_out: &[u8],
    value: u64,
    r: Result<i32, Errno>,
    note: &str,
    fds: &dyn Resolve,
) -> String {
    let mut line = format!("[mock] {fd_kind}({fd}) {}", name(request));
    if abi::decode(request).dir == abi::IOC_NONE {
        let _ = write!(line, " arg={value:#x}");
    } else {
        let _ = write!(line, " {}", decode_struct(request, arg_in, fds));
        let out = abi::decode(request).dir & abi::IOC_READ != 0;
        if r.is_ok() && out {
            let changes = decode_changes(request, arg_in, arg_out, fds);
            if changes != "{}" {
                let _ = write!(line, " => {changes}");
            }
        }
    }
    let _ = write!(line, " {}", result(r));
    if !note.is_empty() {
        let _ = write!(line, " {note}");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nvmap_flags_decode_cache_mode_bits_and_tag() {
        let f = FieldLayout { name: "flags", offset: 0, size: 4 };
        let v = (0x900u32 << 16) | abi::NVMAP_HANDLE_SECURE | abi::NVMAP_HANDLE_INNER_CACHEABLE;
        let none = |_: i32| None;
        assert_eq!(value("nvmap_alloc_handle", &f, &v.to_le_bytes(), &none), "INNER_CACHEABLE|SECURE|TAG(0x900)");
        let p = FieldLayout { name: "param", offset: 0, size: 4 };
        let heap = abi::NVMAP_HANDLE_PARAM_HEAP.to_le_bytes();
        assert_eq!(value("nvmap_handle_param", &p, &heap, &none), "HEAP");
    }
}
