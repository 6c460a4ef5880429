"""A client's own cubin loader (ELF64, EM_CUDA), as a runtime without
libcuda has one: a module's code, constant banks and globals laid out as
one image, its R_CUDA relocations, and each kernel's launch attributes
(registers, barriers, shared memory, parameter bank, stack) from the
section table and `.nv.info`. Independent of the project's Rust loader
(hal/src/cubin), so a run through it checks the mock against what another
loader builds. Anything it does not handle raises `Unsupported`, naming it.
"""
import struct

PROGRAM_ALIGN = 128          # the hardware's alignment of a program's first instruction
PREFETCH_PAD = 4096          # code is prefetched past its end: keep it mapped
DEFAULT_STACK_LIMIT = 1024   # CUDA's default per-thread stack (cudaLimitStackSize)
SHT_NOBITS, SHT_REL, SHT_RELA, SHT_SYMTAB, SHT_CUDA_GLOBAL = 8, 9, 4, 2, 0x70000007
SHF_ALLOC, STT_FUNC, STT_OBJECT, STT_CUDA_OBJECT, STO_CUDA_ENTRY = 2, 2, 1, 13, 0x10
# .nv.info attributes (EIATTR_*)
PARAM_CBANK, KPARAM_INFO, FRAME_SIZE, MIN_STACK_SIZE, REGCOUNT, RESERVED_SMEM_USED, CBANK_PARAM_SIZE = 0x0a, 0x17, 0x11, 0x12, 0x2f, 0x41, 0x19
# R_CUDA kind: (first bit, width, right shift of the address, site bytes)
RELOCS = {2: (0, 64, 0, 8), 4: (0, 64, 0, 8), 56: (32, 32, 0, 16), 57: (32, 32, 32, 16), 58: (34, 47, 2, 16)}

class Unsupported(Exception):
    pass

def cstr(b, at): return b[at:b.index(b"\0", at)].decode()

def info_entries(d):
    """(attribute, header value, data) of each .nv.info entry."""
    o, out = 0, []
    while o < len(d):
        fmt, attr, value = d[o], d[o + 1], struct.unpack_from("<H", d, o + 2)[0]
        if fmt == 4:  # EIFMT_SVAL: `value` bytes follow
            out.append((attr, value, d[o + 4:o + 4 + value])); o += 4 + value
        elif fmt in (1, 2, 3):
            out.append((attr, value, b"")); o += 4
        else:
            raise Unsupported("an .nv.info entry of format %#x" % fmt)
    return out

class Kernel:
    def __init__(self, **kw): self.__dict__.update(kw)

class Module:
    """A whole module as one image: `image` (file-backed bytes), `size` (with
    the zero tail), `kernels` by name, `relocations` [(kind, site, target)]."""
    def __init__(self, b):
        if b[:4] != b"\x7fELF" or b[4] != 2:
            raise Unsupported("not an ELF64 file")
        e_type, = struct.unpack_from("<H", b, 0x10)
        if e_type != 2:
            raise Unsupported("an ELF file of type %#x, not an executable cubin" % e_type)
        self.sm = struct.unpack_from("<I", b, 0x30)[0] & 0xff
        shoff, = struct.unpack_from("<Q", b, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3A)
        sh = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize) for i in range(shnum)]
        names = [cstr(b, sh[shstrndx][4] + h[0]) for h in sh]
        by_name = {n: i for i, n in enumerate(names)}
        data = lambda i: b"" if sh[i][1] == SHT_NOBITS else b[sh[i][4]:sh[i][4] + sh[i][5]]

        # Place the sections: code, then constant banks and initialised globals, then the zero tail.
        plan = []
        for i, n in enumerate(names):
            kind = self.classify(n, sh[i])
            if kind is not None:
                plan.append((i, kind))
        rank = {"code": 0, "const": 1, "init": 1, "bss": 2}
        plan.sort(key=lambda p: (rank[p[1][0]], p[0]))
        image, at, code_end, placed, self.banks = bytearray(), 0, 0, {}, []
        for i, kind in plan:
            base = {"code": PROGRAM_ALIGN, "const": 256}.get(kind[0], 16)
            own = sh[i][8]
            align = max(base, own) if own and own & (own - 1) == 0 and own <= 256 else base
            off = (at + align - 1) // align * align
            nobits = kind[0] == "bss"
            if not nobits:
                image.extend(bytes(off - len(image)))
                image.extend(data(i))
            at = off + sh[i][5]
            if kind[0] == "code":
                code_end = at
            if kind[0] == "const":
                self.banks.append((kind[1], kind[2], off, sh[i][5]))
            placed[i] = (off, sh[i][5], not nobits)
        self.image, self.size = bytes(image), max(at, code_end + PREFETCH_PAD)

        # Symbols: kernel entries, and the module's variables.
        symtab = next((i for i, h in enumerate(sh) if h[1] == SHT_SYMTAB), None)
        syms, self.entries, self.symbols = [], [], {}
        if symtab is not None:
            strs = sh[sh[symtab][6]][4]
            raw = data(symtab)
            for k in range(len(raw) // 24):
                name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", raw, 24 * k)
                syms.append((cstr(b, strs + name), info & 0xf, other, shndx, value, size))
        for name, typ, other, shndx, value, size in syms:
            if shndx not in placed:
                continue
            if typ == STT_FUNC and other & STO_CUDA_ENTRY:
                self.entries.append(name)
            elif typ in (STT_OBJECT, STT_CUDA_OBJECT):
                self.symbols[name] = placed[shndx][0] + value

        # Relocations of loaded sections.
        self.relocations = []
        for i, h in enumerate(sh):
            if h[1] not in (SHT_REL, SHT_RELA):
                continue
            target = h[7]
            if names[target].startswith((".debug", ".nv_debug")):
                continue
            if target not in placed or not placed[target][2]:
                raise Unsupported("relocations of %s, a section not loaded" % names[target])
            step = 24 if h[1] == SHT_RELA else 16
            raw = data(i)
            for k in range(len(raw) // step):
                r_offset, r_info = struct.unpack_from("<QQ", raw, step * k)
                r_sym, r_type = r_info >> 32, r_info & 0xffffffff
                if r_type not in RELOCS:
                    raise Unsupported("the relocation kind R_CUDA type %d (%s)" % (r_type, names[i]))
                sname, _, _, shndx, value, _ = syms[r_sym]
                if shndx not in placed:
                    raise Unsupported("a relocation against %r, undefined or not loaded" % sname)
                site = placed[target][0] + r_offset
                if h[1] == SHT_RELA:
                    addend, = struct.unpack_from("<q", raw, step * k + 16)
                else:
                    lo, width, shift, n = RELOCS[r_type]
                    word = int.from_bytes(self.image[site:site + n], "little")
                    addend = ((word >> lo) & ((1 << width) - 1)) << shift
                self.relocations.append((r_type, site, placed[shndx][0] + value + addend))

        # Each kernel's attributes.
        module_attrs = {}
        if ".nv.info" in by_name:
            for attr, _, d in info_entries(data(by_name[".nv.info"])):
                if len(d) >= 8:
                    module_attrs[(attr, struct.unpack_from("<I", d)[0])] = struct.unpack_from("<I", d, 4)[0]
        sym_index = {s[0]: k for k, s in reversed(list(enumerate(syms)))}
        self.kernels = {}
        for name in self.entries:
            text = by_name[".text." + name]
            t = sh[text]
            regs = t[7] >> 24 or module_attrs.get((REGCOUNT, sym_index.get(name)), 0)
            shared = by_name.get(".nv.shared." + name)
            k = Kernel(name=name, code_offset=placed[text][0], code_len=t[5], registers=regs,
                       barriers=(t[2] >> 20) & 0x7f, shared_static=sh[shared][5] if shared is not None else 0,
                       shared_reserved=0, param_offset=0, param_size=0, params=[],
                       stack=max(module_attrs.get((FRAME_SIZE, sym_index.get(name)), 0),
                                 module_attrs.get((MIN_STACK_SIZE, sym_index.get(name)), 0)),
                       banks=sorted((bank, off, size) for bank, owner, off, size in self.banks if owner in (None, name)))
            # A function sharing the kernel's section (its callees) whose frame exceeds the kernel's
            # whole stack: only recursion leaves the stack unbounded so; CUDA then gives the
            # default stack limit, 1 KiB.
            me = sym_index.get(name)
            if me is not None and any(a == FRAME_SIZE and f != me and f < len(syms) and syms[f][3] == syms[me][3]
                                      and frame > k.stack for (a, f), frame in module_attrs.items()):
                k.stack = max(k.stack, DEFAULT_STACK_LIMIT)
            have_cbank = False
            if ".nv.info." + name in by_name:
                for attr, value, d in info_entries(data(by_name[".nv.info." + name])):
                    if attr == PARAM_CBANK:
                        k.param_offset, k.param_size = struct.unpack_from("<HH", d, 4); have_cbank = True
                    elif attr == CBANK_PARAM_SIZE and not have_cbank:
                        k.param_size = value
                    elif attr == KPARAM_INFO:
                        ordinal, offset, flags = struct.unpack_from("<HHI", d, 4)
                        k.params.append((ordinal, offset, (flags >> 18) & 0x3fff))
                    elif attr == RESERVED_SMEM_USED:
                        k.shared_reserved = 1024
            k.params.sort()
            self.kernels[name] = k

    @staticmethod
    def classify(name, h):
        if name.startswith(".text."):
            return ("code",)
        if name == ".nv.global.init":
            return ("init",)
        if name == ".nv.global":
            if h[1] not in (SHT_NOBITS, SHT_CUDA_GLOBAL):
                raise Unsupported(".nv.global with file bytes")
            return ("bss",)
        if name.startswith(".nv.shared.reserved."):
            raise Unsupported("a shared-memory reservation section (%s)" % name)
        if name.startswith((".nv.shared.", ".nv.constant0.")):
            return None
        if name.startswith(".nv.constant"):
            rest = name[len(".nv.constant"):]
            digits, _, owner = rest.partition(".")
            bank = int(digits)
            if not 1 <= bank <= 7:
                raise Unsupported("constant bank %d (%s)" % (bank, name))
            return ("const", bank, owner or None)
        if h[2] & SHF_ALLOC:
            raise Unsupported("the section %s (allocated at run time)" % name)
        return None

    def relocated(self, base):
        """The image's bytes with every relocation applied for an image at GPU address `base`."""
        out = bytearray(self.image)
        for kind, site, target in self.relocations:
            lo, width, shift, n = RELOCS[kind]
            address = base + target
            word = int.from_bytes(out[site:site + n], "little")
            mask = ((1 << width) - 1) << lo
            word = (word & ~mask) | (((address >> shift) & ((1 << width) - 1)) << lo)
            out[site:site + n] = word.to_bytes(n, "little")
        return bytes(out)
