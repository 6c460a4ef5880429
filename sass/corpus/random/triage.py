#!/usr/bin/env python3
"""Classify the failures of a batch of random programs on the mock, and reduce them.

    python3 sass/corpus/random/triage.py BATCH_DIR [--work DIR] [--reuse] [--repro]
                                         [--regressions DIR] [--known FILE]

BATCH_DIR is what `regen.sh --out BATCH_DIR` wrote (manifest.tsv, ptx/, sm_87/).
Steps:
  1. runs every row on the mock and dumps what each buffer holds afterwards
     (`cargo test -p gpuiface-mock --test random_programs random_batch_dump -- --ignored`);
  2. refused runs are grouped by the SASS instruction nvdisasm reads in the
     word the interpreter refused (and by the interpreter's message);
  3. wrong results are regenerated in trace mode (gen.py: every value-producing
     operation also stores its result in a per-thread trace slot), compiled at the
     same -O level and run again: the first operation whose slot differs names
     the cause (grouped by its PTX opcode);
  4. with --repro, each group's first failing operation becomes a one-operation
     kernel that loads that operation's operands for every thread (the values the
     big program gave it), runs it, stores its results; if that still fails on the
     mock it is written to regressions/ (PTX + manifest row); if it does not, the
     traced whole program is kept instead.
Writes WORK/report.txt (default WORK = BATCH_DIR/triage); --reuse keeps WORK/dump from a
previous run; --regressions DIR writes the reproducers found (one module per cause, its
cubin and manifest row); --known FILE writes every failing run with its cause (the format of
backend-mock/tests/random_known_failures.txt).
"""

import os
import re
import subprocess
import sys
from collections import OrderedDict, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TOOLS = os.environ.get("GPUIFACE_CUDA_TOOLS", os.path.expanduser("~/.cache/gpuiface/cuda-tools-12.9.86-13.2.51"))
PTXAS = os.path.join(TOOLS, "site-packages/nvidia/cuda_nvcc/bin/ptxas")
NVDISASM = os.path.join(TOOLS, "site-packages/nvidia/cu13/bin/nvdisasm")


def read_manifest(path):
    rows = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        c = line.rstrip("\n").split("\t")
        rows.append(c)
    return rows


def dump(batch, out, only=None):
    env = dict(os.environ, GPUIFACE_RANDOM_DIR=batch, GPUIFACE_RANDOM_DUMP=out)
    if only:
        env["RANDOM_ONLY"] = only
    subprocess.run(["cargo", "test", "-q", "-p", "gpuiface-mock", "--test", "random_programs",
                    "random_batch_dump", "--", "--ignored"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def results(batch, dumpdir):
    """(module, kernel, 'ok' | 'err' | 'wrong', detail) for every run."""
    res = []
    for c in read_manifest(os.path.join(batch, "manifest.tsv")):
        for module in c[0].split(","):
            base = os.path.join(dumpdir, "%s.%s" % (module, c[1]))
            if os.path.exists(base + ".err"):
                res.append((module, c[1], "err", open(base + ".err").read()))
                continue
            bad = []
            for e in c[7].split(";"):
                idx, _, _, want = e.split(":", 3)
                p = base + ".p" + idx
                got = open(p, "rb").read() if os.path.exists(p) else b""
                if got != bytes.fromhex(want):
                    bad.append((int(idx), got, bytes.fromhex(want)))
            res.append((module, c[1], "wrong" if bad else "ok", bad))
    return res


_sass_cache = {}


def sass_of(word_hex):
    """nvdisasm's reading of one 128-bit word given as the interpreter prints it (a big hex number)."""
    if word_hex in _sass_cache:
        return _sass_cache[word_hex]
    v = int(word_hex, 16)
    path = "/tmp/rp_word_%d.bin" % os.getpid()
    with open(path, "wb") as f:
        f.write(v.to_bytes(16, "little"))
    p = subprocess.run([NVDISASM, "-b", "SM87", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    text = p.stdout.decode()
    m = re.search(r"/\*0000\*/\s+(.*?);", text)
    ins = m.group(1).strip() if m else "nvdisasm: " + p.stderr.decode().strip()[:80]
    _sass_cache[word_hex] = ins
    return ins


def operand_shape(ops):
    kinds = []
    for o in ops.split(","):
        o = o.strip().lstrip("-|!~")
        if not o:
            continue
        if o.startswith("c["):
            kinds.append("c[][]")
        elif re.match(r"U?P(T|\d)", o):
            continue
        elif re.match(r"UR(Z|\d+)", o):
            kinds.append("UR")
        elif re.match(r"R(Z|\d+)", o):
            kinds.append("R")
        elif o.startswith("["):
            kinds.append("[mem]")
        else:
            kinds.append("imm")
    return " ".join(kinds)


def err_cause(msg):
    """(group key, detail) for a refused run."""
    m = re.search(r"illegal instruction at 0x[0-9a-f]+: (.*?)\(word 0x([0-9a-f]{32})\)", msg)
    if m:
        text, word = m.group(1).strip(), m.group(2)
        ins = sass_of(word)
        head, _, why = text.rpartition(": ") if ": " in text else ("", "", text)
        why = re.sub(r"0x[0-9a-f]+", "N", why)
        ins_ops = re.sub(r"^@!?U?P\w+\s+", "", ins)
        opcode, _, ops = ins_ops.partition(" ")
        key = "refused %s %s: %s" % (opcode.split(".")[0], operand_shape(ops), why)
        return key, "%s  [%s] word 0x%s" % (ins, text, word)
    why = re.sub(r"0x[0-9a-f]+|\b\d+\b", "N", msg)
    why = re.sub(r"^run: GPU hang: .*?kernel at N: ", "", why)
    return "error: " + why[:160], msg[:300]


def kernel_index(name):
    _, seed, k = name.split("_")
    return int(seed), int(k)


def regen(name, trace):
    seed, k = kernel_index(name)
    res = None
    rng = gen.kernel_rng(seed, k)
    while res is None:
        res = gen.make_kernel(rng, name, trace=trace)
    return res


def compile_module(ptx_path, cubin, opt):
    p = subprocess.run([PTXAS, "-arch=sm_87", "-" + opt, ptx_path, "-o", cubin],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode:
        raise RuntimeError("ptxas: " + p.stderr.decode()[:500])


def write_batch(d, mod, kernels, opts):
    """kernels: list of (text, row); writes d/ptx/mod.ptx, d/sm_87/mod.<opt>.cubin, d/manifest.tsv."""
    os.makedirs(os.path.join(d, "ptx"), exist_ok=True)
    os.makedirs(os.path.join(d, "sm_87"), exist_ok=True)
    path = os.path.join(d, "ptx", mod + ".ptx")
    with open(path, "w") as f:
        f.write(gen.HEADER % 0 + "\n" + "\n".join(t for t, _ in kernels))
    for o in opts:
        compile_module(path, os.path.join(d, "sm_87", "%s.%s.cubin" % (mod, o)), o)
    with open(os.path.join(d, "manifest.tsv"), "w") as f:
        f.write(gen.MANIFEST_HEADER)
        for _, row in kernels:
            f.write("\t".join([",".join("%s.%s" % (mod, o) for o in opts)] + row) + "\n")


def opcode_of(stmt):
    line = stmt.lines[0] if hasattr(stmt, "lines") else "call"
    line = re.sub(r"^@!?%\w+\s+", "", line.strip())
    if isinstance(stmt, gen.MemOp):
        for ln in stmt.lines:
            if ln.split()[0].split(".")[0] in ("atom", "red", "ld", "setp"):
                line = ln
                if ln.startswith("atom") or ln.startswith("red"):
                    break
    if isinstance(stmt, gen.Call):
        return "call"
    op = line.split()[0]
    if len(stmt.lines) > 1 and isinstance(stmt, gen.Op) and not isinstance(stmt, gen.WarpOp):
        ops = [re.sub(r"^@!?%\w+\s+", "", ln.strip()).split()[0] for ln in stmt.lines]
        op = "+".join(OrderedDict.fromkeys(ops))
    return op


def first_diff(k, got, want):
    """(slot, thread) of the earliest (program order) trace slot that differs for any thread."""
    best = None
    stride = k.trace_stride
    nthreads = k.block * k.grid
    for slot in range(len(k.slots)):
        for t in range(nthreads):
            off = t * stride + 8 * slot
            if got[off:off + 8] != want[off:off + 8]:
                return slot, t
    return best


def one_op_kernel(name, stmt, k, uniform_imm=False):
    """A kernel running only `stmt` on the operands the big program gave it (every thread; a
    thread that did not reach it gets zeros)."""
    env = k.env
    nthreads = k.block * k.grid
    slot0 = stmt.trace[0][1]
    special = {"%r_tid", "%r_lane"}
    loaded = [r for r in gen.operands(stmt) if r.name not in special]
    loaded = list(OrderedDict((r.name, r) for r in loaded).values())
    in_stride = 8 * max(len(loaded), 1)
    out_stride = 8 * len(stmt.dsts)
    data = bytearray()
    threads = []
    reached = [env.trace_srcs[(slot0, t)] for t in range(nthreads) if (slot0, t) in env.trace_srcs]
    for t in range(nthreads):
        # a thread that did not reach the operation gets the operands of one that did
        pre = env.trace_srcs.get((slot0, t)) or (reached[t % len(reached)] if reached else {})
        row = bytearray(in_stride)
        th = gen.Thread(t % k.block, t // k.block, k.block)
        th.r["%r_tid"] = th.tid
        th.r["%r_lane"] = th.lane
        for i, r in enumerate(loaded):
            th.r[r.name] = pre.get(r.name, 0)
            gen.wr(row, 8 * i, th.r[r.name], max(gen.BITS[r.cls] // 8, 1))
        data += row
        threads.append(th)
    out = bytearray(out_stride * nthreads)
    cls = gen.WarpOp if isinstance(stmt, gen.WarpOp) else gen.Op
    plain = cls(stmt.lines, stmt.dsts, stmt.srcs, stmt.fn, getattr(stmt, "guard", None))

    class KK:
        pass
    kk = KK()
    kk.trace_stride, kk.block, kk.grid, kk.out_stride = 0, k.block, k.grid, out_stride
    kk.acc_init = b""
    kk.out_bytes = lambda: len(out)
    e = gen.Env(kk)
    for w in range(0, nthreads, 32):
        plain.run(threads[w:w + 32], e)
    for th in threads:
        for i, d in enumerate(stmt.dsts):
            v = th.r[d.name]
            if d.cls in gen.FMT and gen.isnan(v, d.cls):
                v = gen.STORE_NAN[d.cls]
            gen.wr(out, th.gtid * out_stride + 8 * i, v, max(gen.BITS[d.cls] // 8, 1))
    regs = defaultdict(set)
    for r in loaded + [x for x in stmt.srcs if isinstance(x, gen.Reg)] + list(stmt.dsts):
        if r.name not in special:
            regs[r.cls].add(r.name)
    # temporaries of multi-line operations (e.g. the predicate packing before the stores)
    for ln in stmt.lines:
        for nm in re.findall(r"%(?:q?)(rd|r|fd|f|p|h)(\d+)\b", ln):
            rname = "%" + ("q" if ("%q" + nm[0] + nm[1]) in ln else "") + nm[0] + nm[1]
            regs[nm[0]].add(rname)
    txt = ["// one-operation reproducer from %s (triage.py)" % k.name,
           ".visible .entry %s(.param .u64 rp_in, .param .u64 rp_out)" % name, "{"]
    for c in sorted(regs):
        txt.append("  .reg %s %s;" % (gen.DECL[c], ", ".join(sorted(regs[c]))))
    txt += ["  .reg .b32 %r_tid, %r_lane, %r_ctaid, %r_ntid, %r_gtid;", "  .reg .b64 %rd_in, %rd_out, %rd_t;",
            "  .reg .pred %p_st;", "  .reg .b32 %r_st;", "  .reg .f32 %f_st;", "  .reg .f64 %fd_st;",
            "  ld.param.u64 %rd_in, [rp_in];", "  ld.param.u64 %rd_out, [rp_out];",
            "  cvta.to.global.u64 %rd_in, %rd_in;", "  cvta.to.global.u64 %rd_out, %rd_out;",
            "  mov.u32 %r_tid, %tid.x;", "  mov.u32 %r_lane, %laneid;", "  mov.u32 %r_ctaid, %ctaid.x;",
            "  mov.u32 %r_ntid, %ntid.x;", "  mad.lo.u32 %r_gtid, %r_ctaid, %r_ntid, %r_tid;",
            "  mul.wide.u32 %%rd_t, %%r_gtid, %d;" % in_stride, "  add.u64 %rd_in, %rd_in, %rd_t;",
            "  mul.wide.u32 %%rd_t, %%r_gtid, %d;" % out_stride, "  add.u64 %rd_out, %rd_out, %rd_t;"]
    for i, s in enumerate(loaded):
        vals = set(th.r[s.name] for th in threads)
        if uniform_imm and len(vals) == 1 and s.cls != "p":
            # the same value in every thread: an immediate (ptxas may fold it into a constant bank
            # or a uniform register, as in the program it came from)
            v = vals.pop()
            if s.cls in gen.FMT:
                txt.append("  mov.%s %s, %s;" % (gen.ftype(s.cls), s, gen.fimm(s.cls, v)))
            else:
                txt.append("  mov.b%d %s, 0x%X;" % (gen.BITS[s.cls], s, v))
            continue
        if s.cls == "p":
            txt += ["  ld.global.u8 %%r_st, [%%rd_in+%d];" % (8 * i), "  setp.ne.u32 %s, %%r_st, 0;" % s]
        else:
            ty = {"r": "b32", "rd": "b64", "f": "f32", "fd": "f64"}[s.cls]
            txt.append("  ld.global.%s %s, [%%rd_in+%d];" % (ty, s, 8 * i))
    txt += ["  " + ln for ln in stmt.lines]
    for i, d in enumerate(stmt.dsts):
        if d.cls == "p":
            txt += ["  selp.b32 %%r_st, 1, 0, %s;" % d, "  st.global.b8 [%%rd_out+%d], %%r_st;" % (8 * i)]
        elif d.cls in gen.FMT:
            t = gen.ftype(d.cls)
            tmp = "%f_st" if d.cls == "f" else "%fd_st"
            txt += ["  setp.nan.%s %%p_st, %s, %s;" % (t, d, d),
                    "  selp.%s %s, %s, %s, %%p_st;" % (t, tmp, gen.fimm(d.cls, gen.STORE_NAN[d.cls]), d),
                    "  st.global.%s [%%rd_out+%d], %s;" % (t, 8 * i, tmp)]
        else:
            txt.append("  st.global.b%d [%%rd_out+%d], %s;" % (gen.BITS[d.cls], 8 * i, d))
    txt += ["  ret;", "}", ""]
    row = [name, "%d,1,1" % k.grid, "%d,1,1" % k.block, "0", "-",
           "in:%s;out:%d" % (bytes(data).hex(), len(out)), "1:exact:u32:" + bytes(out).hex()]
    return "\n".join(txt), row


def slug(cause):
    c = re.sub(r"\(-O[03]\)", "", cause)
    c = c.replace("wrong result; traced version refused", "wrong_traced_refused")
    c = re.sub(r"^error: .*?kernel at N failed: ", "error ", c)
    if c.startswith("refused") or c.startswith("wrong_traced_refused"):
        head, _, why = c.partition(": ")
        c = head + " " + " ".join(why.replace("(bits 9..12)", "").split()[:3])
    elif not c.startswith("error"):
        c = c.split(":")[0]
    else:
        c = c[:40]
    return re.sub(r"[^a-z0-9]+", "_", c.lower()).strip("_")[:60]


def write_regressions(rdir, regress):
    """One module per cause: regressions/<slug>.ptx, sm_87/<slug>.<opt>.cubin, a manifest row each."""
    os.makedirs(os.path.join(rdir, "sm_87"), exist_ok=True)
    rows = []
    for cause, src, kernel, text, row, opt in regress:
        if not kernel:
            # no single operation reproduces it: the whole (small) program it was found in
            text, row = regen(src, False)
            kernel = src
            text = "// the whole program %s (no single operation of it reproduces the failure)\n%s" % (src, text)
        name = slug(cause) + "_" + opt.lower()
        if any(r[1] == name for r in rows):
            continue
        text = re.sub(r"\b%s\b" % re.escape(kernel), name, text)
        path = os.path.join(rdir, name + ".ptx")
        with open(path, "w") as f:
            f.write(gen.HEADER % 0 + "// cause: %s\n\n" % cause + text)
        compile_module(path, os.path.join(rdir, "sm_87", "%s.%s.cubin" % (name, opt)), opt)
        rows.append(["%s.%s" % (name, opt), name] + row[1:])
    old = []
    mpath = os.path.join(rdir, "manifest.tsv")
    if os.path.exists(mpath):
        old = [c for c in read_manifest(mpath) if c[1] not in {r[1] for r in rows}]
    with open(mpath, "w") as f:
        f.write(gen.MANIFEST_HEADER)
        for r in sorted(old + rows, key=lambda r: r[1]):
            f.write("\t".join(r) + "\n")


def main(argv):
    batch = os.path.abspath(argv[0])
    work = os.path.join(batch, "triage")
    repro = "--repro" in argv
    if "--work" in argv:
        work = os.path.abspath(argv[argv.index("--work") + 1])
    os.makedirs(work, exist_ok=True)
    dumpdir = os.path.join(work, "dump")
    if not os.path.isdir(dumpdir) or "--reuse" not in argv:
        dump(batch, dumpdir)
    res = results(batch, dumpdir)
    report = []
    groups = defaultdict(list)
    wrong = []
    for module, kernel, kind, detail in res:
        if kind == "err":
            cause, info = err_cause(detail)
            groups[cause].append((module + " " + kernel, kernel, info))
        elif kind == "wrong":
            wrong.append((module, kernel, detail))
    nrun = len(res)
    nok = sum(1 for r in res if r[2] == "ok")
    report.append("runs: %d, passed: %d, refused: %d, wrong: %d" % (
        nrun, nok, sum(1 for r in res if r[2] == "err"), len(wrong)))

    # wrong results: trace them
    traced = {}
    if wrong:
        byopt = defaultdict(list)
        orig = {}
        for module, kernel, detail in wrong:
            byopt[module.rsplit(".", 1)[1]].append(kernel)
            orig[(module.rsplit(".", 1)[1], kernel)] = module + " " + kernel
        for opt, names in sorted(byopt.items()):
            tdir = os.path.join(work, "trace_" + opt)
            kernels = []
            for name in sorted(set(names), key=kernel_index):
                text, row, k = regen(name, True)
                traced[(opt, name)] = k
                kernels.append((text, row))
            write_batch(tdir, "trace", kernels, [opt])
            tdump = os.path.join(tdir, "dump")
            dump(tdir, tdump)
            for module, kernel, kind, detail in results(tdir, tdump):
                k = traced[(opt, kernel)]
                if kind == "err":
                    cause, info = err_cause(detail)
                    groups["wrong result; traced version " + cause].append((orig[(opt, kernel)], kernel, info))
                    continue
                tr = [d for d in detail if d[0] == 3] if kind == "wrong" else []
                if not tr:
                    why = "trace matches" if kind == "ok" else "only final outputs differ"
                    groups["wrong result, not located (%s)" % why].append((orig[(opt, kernel)], kernel, str(
                        [(i, g.hex()[:64], w.hex()[:64]) for i, g, w in detail][:1])))
                    continue
                _, got, want = tr[0]
                slot, t = first_diff(k, got, want)
                stmt = k.slots[slot]
                # which destination of the statement
                off = t * k.trace_stride + 8 * slot
                src_vals = k.env.trace_srcs.get((slot, t))
                src_vals = ", ".join("%s=%#x" % kv for kv in src_vals.items()) if src_vals else "-"
                cause = "wrong %s (-%s)" % (opcode_of(stmt), opt)
                info = "%s thread %d: %s | srcs %s | got %s want %s" % (
                    kernel, t, " / ".join(ln.strip() for ln in stmt.lines) if hasattr(stmt, "lines") else "call",
                    src_vals, got[off:off + 8].hex(), want[off:off + 8].hex())
                groups[cause].append((orig[(opt, kernel)], kernel, info, stmt, k, t))

    # one-operation reproducers: for a wrong result, the first operation whose trace slot
    # differs; for a refusal, every operation of the first refused program, tried alone
    regress = []
    if repro:
        rdir = os.path.join(work, "repro")
        for opt in ("O3", "O0"):
            kernels, meta = [], {}
            for gi, (cause, items) in enumerate(sorted(groups.items())):
                its = [it for it in items if it[0].split()[0].endswith("." + opt)]
                if not its:
                    continue
                if len(its[0]) == 6:
                    stmts = [(0, its[0][3], its[0][4])]
                elif cause.startswith("refused") or cause.startswith("error"):
                    _, _, k = regen(its[0][1], True)
                    seen = set()
                    stmts = []
                    for slot, st in enumerate(k.slots):
                        if id(st) not in seen:
                            seen.add(id(st))
                            stmts.append((slot, st, k))
                else:
                    continue
                for slot, st, k in stmts:
                    if not isinstance(st, gen.Op):
                        continue
                    for u in (False, True):
                        nm = "rr_%d_%s_%d%s" % (gi, opt, slot, "_u" if u else "")
                        try:
                            text, row = one_op_kernel(nm, st, k, u)
                        except (ZeroDivisionError, KeyError, ValueError, gen.Reject):
                            continue
                        kernels.append((text, row))
                        meta[nm] = (cause, its[0][1], text, row)
            if not kernels:
                continue
            d = os.path.join(rdir, opt)
            write_batch(d, "repro", kernels, [opt])
            dump(d, os.path.join(d, "dump"))
            found = set()
            for module, kernel, kind, detail in results(d, os.path.join(d, "dump")):
                cause, src, text, row = meta[kernel]
                if cause in found:
                    continue
                if kind == "err":
                    ok = err_cause(detail)[0] == cause
                else:
                    ok = kind == "wrong" and cause.startswith("wrong")
                if ok:
                    found.add(cause)
                    regress.append((cause, src, kernel, text, row, opt))
            for cause, items in sorted(groups.items()):
                its = [it for it in items if it[0].split()[0].endswith("." + opt)]
                if its and cause not in found:
                    regress.append((cause, its[0][1], None, None, None, opt))
        if "--regressions" in argv:
            write_regressions(argv[argv.index("--regressions") + 1], regress)
    # report
    for cause, items in sorted(groups.items(), key=lambda x: (-len(x[1]), x[0])):
        report.append("")
        report.append("== %s: %d runs" % (cause, len(items)))
        for it in items[:4]:
            report.append("   %s %s" % (it[0], it[2]))
        if len(items) > 4:
            report.append("   ... and %d more: %s" % (len(items) - 4, " ".join(it[0] for it in items[4:12])))
    if regress:
        report.append("")
        report.append("one-operation reproducers (%s):" % os.path.join(work, "repro"))
        for cause, src, kernel, text, row, opt in regress:
            report.append("   -%s %s: %s" % (opt, cause, ("reproduced alone by %s (from %s)" % (kernel, src)) if kernel
                                             else "no single operation reproduces it (see %s)" % src))
    if "--known" in argv:
        with open(argv[argv.index("--known") + 1], "w") as f:
            f.write("# Random program runs (module kernel<TAB>cause) that fail today (backend-mock/tests/random_programs.rs),\n"
                    "# written by sass/corpus/random/triage.py --known. Each must still fail; remove a line when its\n"
                    "# run passes (the test says so). Causes are explained in sass/corpus/random/README.md.\n")
            for run, cause in sorted((it[0], cause) for cause, items in groups.items() for it in items):
                f.write("%s\t%s\n" % (run, re.sub(r"\s+", " ", cause)))
    text = "\n".join(report) + "\n"
    with open(os.path.join(work, "report.txt"), "w") as f:
        f.write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
