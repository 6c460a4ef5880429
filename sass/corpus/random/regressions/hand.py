#!/usr/bin/env python3
"""Hand-reduced reproducers for causes that no single generated operation reproduces.

    python3 sass/corpus/random/regressions/hand.py      # rewrites hand_*.ptx, their cubins and manifest rows

Each kernel is the smallest program found by hand for a cause triage.py reported;
the expected bytes come from gen.py's reference functions.
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(HERE))
import gen  # noqa: E402
import triage  # noqa: E402

X = [0x0015C823, 0x00000001, 0x807FFFFF, 0x3F800000, 0x00800000, 0x80000001, 0x40490FDB, 0x00400000]
Y = [0x00000000, 0x00000001, 0x00800000, 0x80000000, 0x807FFFFF, 0x3F800000, 0x00000003, 0xC0490FDB]


def atom_f32(space, red):
    """Each thread: its slot := x; atom/red.<space>.add.f32 slot, y; out = (slot, old)."""
    name = "hand_%s_add_f32_%s" % ("red" if red else "atom", space)
    lines = [".visible .entry %s(.param .u64 rp_in, .param .u64 rp_out)" % name, "{",
             "  .reg .b32 %r<4>;", "  .reg .f32 %f<4>;", "  .reg .b64 %rd<6>;",
             "  .shared .align 4 .b8 sm[128];" if space == "shared" else "",
             "  ld.param.u64 %rd0, [rp_in];", "  ld.param.u64 %rd1, [rp_out];",
             "  cvta.to.global.u64 %rd0, %rd0;", "  cvta.to.global.u64 %rd1, %rd1;",
             "  mov.u32 %r0, %tid.x;", "  mul.wide.u32 %rd2, %r0, 8;",
             "  add.u64 %rd0, %rd0, %rd2;", "  add.u64 %rd1, %rd1, %rd2;",
             "  ld.global.f32 %f0, [%rd0];", "  ld.global.f32 %f1, [%rd0+4];"]
    if space == "global":
        addr = "%rd1"
    else:
        lines += ["  mov.u32 %r1, sm;", "  mad.lo.u32 %r1, %r0, 4, %r1;"]
        addr = "%r1"
    lines.append("  st.%s.f32 [%s], %%f0;" % (space, addr))
    if red:
        lines += ["  red.%s.add.f32 [%s], %%f1;" % (space, addr), "  mov.f32 %f2, %f0;"]
    else:
        lines.append("  atom.%s.add.f32 %%f2, [%s], %%f1;" % (space, addr))
    lines += ["  ld.%s.f32 %%f3, [%s];" % (space, addr), "  st.global.f32 [%rd1], %f3;",
              "  st.global.f32 [%rd1+4], %f2;", "  ret;", "}", ""]
    data, out = bytearray(), bytearray()
    for t in range(32):
        x, y = X[t % 8], Y[(t // 8 + t) % 8]
        data += x.to_bytes(4, "little") + y.to_bytes(4, "little")
        fin = gen.farith("add", x, y, "f", "rn", space == "global")
        out += fin.to_bytes(4, "little") + x.to_bytes(4, "little")
    row = [name, "1,1,1", "32,1,1", "0", "atomics" + (",shared" if space == "shared" else ""),
           "in:%s;out:%d" % (bytes(data).hex(), len(out)), "1:exact:u32:" + bytes(out).hex()]
    return name, "\n".join(ln for ln in lines if ln != "") + "\n", row


def main():
    rows = []
    for space in ("global", "shared"):
        for red in (False, True):
            name, text, row = atom_f32(space, red)
            path = os.path.join(HERE, name + ".ptx")
            with open(path, "w") as f:
                f.write(gen.HEADER % 0 + "// cause: float atomic add and FTZ (global flushes subnormals, shared does not)\n\n"
                        + text)
            for opt in ("O3", "O0"):
                triage.compile_module(path, os.path.join(HERE, "sm_87", "%s.%s.cubin" % (name, opt)), opt)
            rows.append(["%s.O3,%s.O0" % (name, name)] + row)
    mpath = os.path.join(HERE, "manifest.tsv")
    old = [c for c in triage.read_manifest(mpath) if not c[1].startswith("hand_")] if os.path.exists(mpath) else []
    with open(mpath, "w") as f:
        f.write(gen.MANIFEST_HEADER)
        for r in sorted(old + rows, key=lambda r: r[1]):
            f.write("\t".join(r) + "\n")


if __name__ == "__main__":
    main()
