#!/usr/bin/env python3
"""Triage a failing sweep kernel: run it on the mock (ptx_sweep.rs's ignored `dump` test) and name,
for every element that differs, the operand form, the modifiers, the inputs, the reference and the
mock's value.

    python3 sass/corpus/sweep/triage.py <module> <kernel> [max lines]

With SWEEP_SPLIT=1 SWEEP_DIR=<dir> it reads a sweep generated one kernel per combination and form
(`SWEEP_SPLIT=1 python3 gen.py <dir>`, then ptxas): a refused combination then hides nothing.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402


def groups():
    out = {}
    for row in gen.TABLE:
        for grp in row.expand():
            out[grp[0].name] = grp
    return out


def scalars(e, rng):
    scal = {}
    for slot in (e.slot(), 2):
        if slot >= len(e.ins):
            continue
        st, kind = gen.base_kind(e.ins[slot])
        ssize = gen.TY[st][0]
        s = gen.one_input(e.ins[slot], rng, 0)
        if kind == "nz":
            while any(v == 0 or (st in gen.SIGNED and gen.sx(v, 8 * ssize) == -1) for v in [s ^ k for k in range(4)]):
                s = gen.one_input(e.ins[slot], rng, 0)
        if kind == "nonan":
            while any(gen.fx.isnan(s ^ k, gen.fx.FMT[st]) for k in range(4)):
                s = gen.one_input(e.ins[slot], rng, 0)
        scal[slot] = s
    return scal


def describe(grp, byte, forms=None):
    e = grp[0]
    forms = forms or e.forms()
    osize = gen.TY[e.out][0]
    sl, i = divmod(byte // osize, gen.N)
    fi, j = divmod(sl, len(grp))
    en = grp[j]
    rng = gen.random.Random(e.name)
    data = [gen.inputs(k, rng) for k in e.ins]
    scal = scalars(e, rng)
    form = forms[fi]
    slot = 2 if form in ("rri", "rrc") else e.slot()
    args = [d[i] for d in data]
    if form in ("ri", "rc", "rri", "rrc"):
        args[slot] = scal[slot]
    elif form == "ru":
        args[slot] = scal[slot] ^ (i // gen.BLOCK)
    elif form == "rl":
        args[slot] = "%#x^k" % scal[slot]
    return "%-4s %-28s i=%-2d in=%s" % (form, en.op, i, " ".join(a if isinstance(a, str) else "%#x" % a for a in args))


def main():
    module, kernel = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    p = subprocess.run(["cargo", "test", "-q", "-p", "gpuiface-mock", "--test", "ptx_sweep", "--", "--ignored", "dump",
                        "--nocapture"], env=dict(os.environ, SWEEP_DUMP="%s %s" % (module, kernel)),
                       capture_output=True, text=True, cwd=os.path.join(os.path.dirname(__file__), "../../.."))
    diffs = [l.split() for l in p.stdout.splitlines() if l.startswith("DIFF")]
    if not diffs:
        print(p.stdout[-3000:], p.stderr[-3000:])
        return
    gs = groups()
    grp, forms = gs.get(kernel), None
    if grp is None and "_" in kernel:  # SWEEP_SPLIT=1: <group>_<form>
        base, form = kernel.rsplit("_", 1)
        grp, forms = gs.get(base), [form]
    for n, (_, idx, off, got, want) in enumerate(diffs):
        if n >= limit:
            print("... %d more" % (len(diffs) - limit))
            break
        where = describe(grp, int(off), forms) if grp and idx == "4" else "param %s byte %s" % (idx, off)
        print("%s  got %s want %s" % (where, got, want))


if __name__ == "__main__":
    main()
