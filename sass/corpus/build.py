#!/usr/bin/env python3
"""Compile the corpus and write its listings (called by regen.sh).

    python3 build.py OUTDIR PTXAS NVDISASM LIBNVRTC

Reads OUTDIR/gen/*.ptx (from gen.py) and sass/corpus/src/*.{ptx,cu}; writes
OUTDIR/sm_87/<module>.{cubin,tsv,sass}, OUTDIR/STATS.md and OUTDIR/bitflip.tsv.
Everything is deterministic (sorted inputs, no timestamps, fixed sampling).
"""

import ctypes
import json
import os
import re
import struct
import subprocess
import sys
from collections import Counter

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)

import bitflip  # noqa: E402
import gen  # noqa: E402


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if p.returncode != 0:
        sys.stderr.write(p.stderr.decode(errors="replace"))
        raise SystemExit("failed: %s" % " ".join(cmd))
    return p.stdout


class Nvrtc:
    """NVRTC through ctypes: CUDA C -> PTX (compute_87) or -> cubin (sm_87)."""

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)

    def compile(self, src, name, arch, opts=()):
        lib = self.lib
        prog = ctypes.c_void_p()
        if lib.nvrtcCreateProgram(ctypes.byref(prog), src, name.encode(), 0, None, None):
            raise SystemExit("nvrtcCreateProgram failed for %s" % name)
        args = [b"--gpu-architecture=" + arch.encode(), b"--std=c++17"] + [o.encode() for o in opts]
        arr = (ctypes.c_char_p * len(args))(*args)
        rc = lib.nvrtcCompileProgram(prog, len(args), arr)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, log)
        if rc:
            sys.stderr.write(log.value.decode(errors="replace"))
            raise SystemExit("NVRTC failed on %s" % name)
        if arch.startswith("compute"):
            lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetPTX(prog, buf)
            out = buf.raw[: size.value].rstrip(b"\0")
        else:
            lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetCUBIN(prog, buf)
            out = buf.raw[: size.value]
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
        return out

    def version(self):
        a, b = ctypes.c_int(), ctypes.c_int()
        self.lib.nvrtcVersion(ctypes.byref(a), ctypes.byref(b))
        return "%d.%d" % (a.value, b.value)


def sections(elf):
    """ELF64 sections by name -> bytes, and function symbol -> its section's name.

    No third-party reader: the header fields needed are few.  The compiler's
    internal subroutines (division, sqrt slow paths) sit inside their caller's
    .text section, so a function's bytes are found through its symbol.
    """
    if elf[:4] != b"\x7fELF" or elf[4] != 2:
        raise SystemExit("not an ELF64 file")
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]

    def cstr(tab, i):
        return tab[i: tab.index(b"\0", i)].decode()

    names = elf[hdrs[shstrndx][4]: hdrs[shstrndx][4] + hdrs[shstrndx][5]]
    secnames = [cstr(names, h[0]) for h in hdrs]
    out = {}
    for n, h in zip(secnames, hdrs):
        out[n] = elf[h[4]: h[4] + h[5]] if h[1] != 8 else b""  # SHT_NOBITS has no bytes
    funcs = {}
    for h in hdrs:
        if h[1] != 2:  # SHT_SYMTAB
            continue
        strtab = hdrs[h[6]]
        strs = elf[strtab[4]: strtab[4] + strtab[5]]
        for off in range(h[4], h[4] + h[5], 24):
            st_name, st_info, st_other, st_shndx = struct.unpack_from("<IBBH", elf, off)
            if st_info & 0xF == 2 and 0 < st_shndx < len(hdrs):  # STT_FUNC
                funcs[cstr(strs, st_name)] = secnames[st_shndx]
    return out, funcs


def listing(nvdisasm, cubin_path):
    """Rows (function, offset, word bytes, predicate, opcode, operands) from nvdisasm -json."""
    js = json.loads(run([nvdisasm, "-c", "-json", cubin_path]))
    secs, funcs = sections(open(cubin_path, "rb").read())
    rows = []
    for fn in js[1]:
        name = fn["function-name"]
        text = secs[funcs[name]]
        for i, ins in enumerate(fn["sass-instructions"]):
            off = fn["start"] + 16 * i
            rows.append((name, off, text[off: off + 16], ins.get("predicate", ""), ins["opcode"],
                         ins.get("operands", "")))
    kernels = sorted(n[len(".nv.constant0."):] for n in secs if n.startswith(".nv.constant0."))
    return rows, kernels, features(secs, rows)


def features(secs, rows):
    """What a loader needs for this module, read from its sections and code."""
    f = set()
    for n, data in secs.items():
        if n.startswith(".nv.constant") and not n.startswith(".nv.constant0."):
            f.add("constant-bank-" + n[len(".nv.constant"):].split(".")[0])
        elif n == ".nv.global.init":
            f.add("global-init")
        elif n == ".nv.global":
            f.add("global-bss")
        elif n.startswith(".nv.shared.") and n != ".nv.shared.reserved.0":
            f.add("shared")
        elif (n.startswith(".rel.") or n.startswith(".rela.")) and not n.endswith(".debug_frame"):
            # Relocations to apply at load (debug_frame's only serve debuggers).
            step = 24 if n.startswith(".rela.") else 16
            target = n.split(".", 2)[2]
            target = "text" if target.startswith("text.") else "." + target
            for off in range(0, len(data) - step + 1, step):
                info, = struct.unpack_from("<Q", data, off + 8)
                f.add("reloc-%d@%s" % (info & 0xFFFFFFFF, target))
    ops = set(r[4].split(".")[0] for r in rows)
    if "CALL" in ops:
        f.add("calls")
    if ops & {"LDL", "STL"}:
        f.add("local-memory")
    return sorted(f)


def sources():
    """(module source name, path) for every source, sorted: gen/*.ptx then src/*."""
    out = []
    for sub, base in (("gen", None), ("src", here)):
        d = os.path.join(base or OUT, sub)
        for f in sorted(os.listdir(d)):
            if f.endswith((".ptx", ".cu")):
                out.append((f, os.path.join(d, f)))
    return out


def compile_all(ptxas, nvrtc, smdir):
    for src, path in sources():
        data = open(path, "rb").read()
        for mod in gen.variants(src):
            cubin = os.path.join(smdir, mod + ".cubin")
            kind = mod.rsplit(".", 1)[1]
            if kind in ("O3", "O0"):
                run([ptxas, "-arch=sm_87", "-" + kind, path, "-o", cubin])
            elif kind == "nvrtc_ptxas":
                ptx = os.path.join(smdir, mod + ".ptx.tmp")
                with open(ptx, "wb") as f:
                    f.write(nvrtc.compile(data, src, "compute_87"))
                run([ptxas, "-arch=sm_87", "-O3", ptx, "-o", cubin])
                os.remove(ptx)
            else:
                with open(cubin, "wb") as f:
                    f.write(nvrtc.compile(data, src, "sm_87"))


def main():
    global OUT
    OUT, ptxas, nvdisasm, libnvrtc = sys.argv[1:5]
    nvrtc = Nvrtc(libnvrtc)
    smdir = os.path.join(OUT, "sm_87")
    os.makedirs(smdir, exist_ok=True)
    compile_all(ptxas, nvrtc, smdir)
    ops = Counter()
    n_kernels = n_insts = n_real = 0
    names = set()
    words = []
    modkernels = {}
    featlines = []
    for f in sorted(os.listdir(smdir)):
        if not f.endswith(".cubin"):
            continue
        mod = f[: -len(".cubin")]
        rows, kernels, feats = listing(nvdisasm, os.path.join(smdir, f))
        modkernels[mod] = set(kernels)
        featlines.append("%s\t%s\t%s\n" % (mod, ",".join(feats) or "-", ",".join(kernels)))
        n_kernels += len(kernels)
        names.update(kernels)
        with open(os.path.join(smdir, mod + ".tsv"), "w") as out:
            out.write("# @generated by sass/corpus/regen.sh from %s.cubin (nvdisasm -c -json): "
                      "function offset encoding predicate opcode operands\n" % mod)
            for name, off, word, pred, op, opnds in rows:
                out.write("%s\t0x%04x\t%s\t%s\t%s\t%s\n" % (name, off, word.hex(), pred, op, opnds))
                ops[op.split(".")[0]] += 1
                if mod in bitflip.MODULES:
                    words.append((word, op))
        # Instructions before each function's trailing NOP/BRA-to-self padding.
        n_insts += len(rows)
        n_real += sum(1 for r in rows if r[4] != "NOP")
        sass = run([nvdisasm, "-c", "-hex", f], cwd=smdir).decode()
        with open(os.path.join(smdir, mod + ".sass"), "w") as out:
            out.write("// @generated by sass/corpus/regen.sh: nvdisasm -c -hex %s\n" % f)
            # nvdisasm pads the second line of each encoding with ~90 spaces: squeezed
            # to keep the checked-in size down (the words are also in the .tsv).
            out.write(re.sub(r"(?m)^ {40,}(/\* 0x)", r"\t\t\t\t\1", sass))
    with open(os.path.join(OUT, "modules.tsv"), "w") as out:
        out.write("# @generated by sass/corpus/regen.sh: module, loader features (constant-bank-N, global-init, "
                  "global-bss, shared, reloc-<R_CUDA type>@<section patched>, calls, local-memory), kernels\n")
        out.writelines(featlines)
    # Every manifest row must name kernels that exist in the modules it lists.
    for line in open(os.path.join(OUT, "manifest.tsv")):
        if line.startswith("#"):
            continue
        c = line.split("\t")
        for mod in c[0].split(","):
            if c[1] not in modkernels.get(mod, ()):
                raise SystemExit("manifest: %s is not a kernel of %s" % (c[1], mod))
    distinct = len(set(w for w, _ in words))
    with open(os.path.join(OUT, "STATS.md"), "w") as s:
        s.write("# SASS corpus statistics (@generated by sass/corpus/regen.sh)\n\n")
        s.write("Tools: %s; NVRTC %s; %s\n\n" % (
            run([ptxas, "--version"]).decode().strip().splitlines()[-1], nvrtc.version(),
            run([nvdisasm, "--version"]).decode().strip().splitlines()[-1]))
        s.write("- cubins: %d\n- kernels (entry functions over all cubins): %d (%d distinct names)\n"
                % (len([f for f in os.listdir(smdir) if f.endswith(".cubin")]), n_kernels, len(names)))
        s.write("- instructions: %d (%d excluding NOP padding), %d distinct 128-bit words\n"
                % (n_insts, n_real, distinct))
        s.write("- distinct opcodes (mnemonic before the first '.'): %d\n\n" % len(ops))
        s.write("| opcode | instructions |\n|---|---|\n")
        for op, c in sorted(ops.items(), key=lambda kv: (-kv[1], kv[0])):
            s.write("| %s | %d |\n" % (op, c))
    print("corpus: %d cubins, %d kernels, %d instructions (%d non-NOP), %d distinct opcodes"
          % (len([f for f in os.listdir(smdir) if f.endswith(".cubin")]), n_kernels, n_insts, n_real, len(ops)))
    # --check regenerates only a prefix of the bit-flip data (every nvdisasm
    # refusal costs one process start; the whole file takes ~15 min).
    count = bitflip.CHECK_WORDS if os.environ.get("GPUIFACE_BITFLIP_CHECK") else None
    if os.environ.get("GPUIFACE_BITFLIP_KEEP") and count is None:
        # The sample's words come from bitflip.MODULES only, so new sources
        # leave it as it is: a regeneration while adding sources may keep it.
        print("bitflip: kept (GPUIFACE_BITFLIP_KEEP)")
        return
    bitflip.write(nvdisasm, words, os.path.join(OUT, "bitflip.tsv"), count)


if __name__ == "__main__":
    main()
