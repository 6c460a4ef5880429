"""Operand-form oracle data: every operand form of every opcode the corpus holds, as nvdisasm reads it.

For each opcode (bits 0..9) in the corpus listings, one seed word (the same one
on every run: the least by SHA-256 among the corpus's words of that opcode) is
rewritten with each operand form (bits 9..12: 0..7) and each value of the
uniform-operand bit 91, and with each of bits 64..91 (modifiers and extra
operands: a bit that makes a predicate source uniform, say) and the opcode's
EXTRA_MODIFIER_BITS flipped, and the words go to nvdisasm (the oracle), which
prints each or refuses it. `sass/tests/operand_forms.rs` requires the decoder
to print every accepted word as nvdisasm does or refuse it, never to decode a
refused one; `sass/tests/forms_run.rs` runs every decoded word on the
interpreter and lists per opcode the forms nvdisasm accepts, those decoded and
those executed (`sass/corpus/OPERAND_FORMS.md`).

nvdisasm's JSON leaves out a modifier it has no name for, which its text
listing prints as `???0` (`LEA.???0`: LEA's form 2 exists only as `.HI`);
some it prints as `INVALID0` in both (`BRA.INVALID0 UR0`). Neither is an
instruction. Each accepted word is listed in text too, and where the text
shows `???` the opcode column holds the text's opcode; a form printed either
way is then represented by the first of that word's single modifier-bit
flips (bits 64..91, then the opcode's EXTRA_MODIFIER_BITS) that nvdisasm
accepts and names, listed right after it.

Usage: operand_forms.py OUTDIR NVDISASM   (reads OUTDIR/sm_87/*.tsv, writes OUTDIR/operand_forms.tsv)
"""

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import bitflip


def seeds(smdir):
    """{opcode: word} with one word per 9-bit opcode."""
    by_op = {}
    for f in sorted(os.listdir(smdir)):
        if not f.endswith(".tsv"):
            continue
        for line in open(os.path.join(smdir, f)):
            if line.startswith("#"):
                continue
            w = bytes.fromhex(line.split("\t")[2])
            op = int.from_bytes(w, "little") & 0x1FF
            by_op.setdefault(op, set()).add(w)
    return {op: min(ws, key=lambda w: hashlib.sha256(w).digest()) for op, ws in sorted(by_op.items())}


MODIFIER_BITS = range(64, 91)  # where operations keep their modifiers and extra operands

# Modifier bits outside 64..91, per opcode (bits 0..9), flipped after those.
# BRA (0x147) keeps its variant (plain, `.U`, `.DIV`, `.CONV`) in bits 32..33,
# below its offset: its form 2u exists only as `.U` (`BRA.U UP0`; variant 0
# is `BRA.???0 UP0`) and its form 4u only as `.DIV`/`.CONV` (`BRA.DIV UR0`;
# variant 0 is `BRA.INVALID0 UR0`), and no bit in 64..91 names either.
EXTRA_MODIFIER_BITS = {0x147: (32, 33)}


def modifier_bits(v):
    """The bits flipped in word `v` (an int): 64..91, then its opcode's extra ones."""
    return list(MODIFIER_BITS) + list(EXTRA_MODIFIER_BITS.get(v & 0x1FF, ()))


def variants(word):
    """The 16 forms, then the seed with each modifier bit flipped."""
    v = int.from_bytes(word, "little")
    out = []
    for form in range(8):
        for b91 in range(2):
            m = (v & ~(0x7 << 9) & ~(1 << 91)) | form << 9 | b91 << 91
            out.append(m.to_bytes(16, "little"))
    for bit in modifier_bits(v):
        out.append((v ^ (1 << bit)).to_bytes(16, "little"))
    return out


UNNAMED = re.compile(r"\.(?:\?\?\?|INVALID)[0-9]")


def unnamed(opcode):
    """Whether nvdisasm printed the opcode with a modifier it cannot name
    (`LEA.???0`, `BRA.INVALID0`)."""
    return UNNAMED.search(opcode) is not None


TEXT_LINE = re.compile(r"/\*([0-9a-f]+)\*/\s+(?:@!?U?P[0-9T]\s+)?(\S+)")


def text_opcodes(nvdisasm, words, tmpdir, tag):
    """{word: opcode as nvdisasm's text listing prints it} for words it accepts."""
    if not words:
        return {}
    path = os.path.join(tmpdir, "text%s.bin" % tag)
    with open(path, "wb") as f:
        f.write(b"".join(words))
    p = subprocess.run([nvdisasm, "-b", "SM87", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    out = {}
    for line in p.stdout.decode().splitlines():
        m = TEXT_LINE.search(line)
        if m:
            out[words[int(m.group(1), 16) // 16]] = m.group(2)
    # A few words (HFMA2.MMA, LDSM, ...) are listed without an address;
    # they keep their JSON opcode.
    return out


def name_unnamed(nvdisasm, words, forms, res, tmp):
    """The text opcode into `res` for words whose modifier nvdisasm cannot name
    (`???`, `INVALID`), and {such word among `forms`: the first of its
    modifier-bit flips that nvdisasm names, with its verdict}."""
    accepted = [m for m in words if res[m] is not None]
    text = text_opcodes(nvdisasm, accepted, tmp, "all")
    reps = {}
    for m in accepted:
        if "???" in text.get(m, ""):
            off, pred, _, ops = res[m]
            res[m] = (off, pred, text[m], ops)
        if m not in forms or not unnamed(res[m][2]):
            continue
        v = int.from_bytes(m, "little")
        cands = [(v ^ (1 << bit)).to_bytes(16, "little") for bit in modifier_bits(v)]
        got = bitflip.decode_batch(nvdisasm, cands, tmp, 1000000)
        ok = [c for c in cands if got[c] is not None]
        names = text_opcodes(nvdisasm, ok, tmp, "rep")
        for c in ok:
            if c in names and not unnamed(names[c]):
                reps[m] = (c, got[c])
                break
    return reps


def main():
    out, nvdisasm = sys.argv[1:3]
    words, seen, batches, forms = [], set(), [], set()
    for op, w in seeds(os.path.join(out, "sm_87")).items():
        batch = []
        forms.update(variants(w)[:16])
        for m in variants(w):
            if m not in seen:
                seen.add(m)
                batch.append(m)
        words += batch
        # One batch per opcode: nvdisasm's JSON of a word can depend on the
        # words before it (after a P2R, an R2P's `PR` operand is left out).
        batches.append(batch)
    res = {}
    with tempfile.TemporaryDirectory() as tmp:
        with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as ex:
            for r in ex.map(lambda ib: bitflip.decode_batch(nvdisasm, ib[1], tmp, ib[0]), enumerate(batches)):
                res.update(r)
        reps = name_unnamed(nvdisasm, words, forms, res, tmp)
    listed = []
    for m in words:
        listed.append(m)
        if m in reps and reps[m][0] not in res:
            c, v = reps[m]
            res[c] = v
            listed.append(c)
    words = listed
    invalid = sum(1 for v in res.values() if v is None)
    with open(os.path.join(out, "operand_forms.tsv"), "w") as f:
        f.write("# @generated by sass/corpus/regen.sh (operand_forms.py): one corpus word per opcode with each operand form\n"
                "# (bits 9..12) and uniform-operand bit 91, then with each modifier bit flipped, as nvdisasm\n"
                "# -b SM87 -json decodes it. Columns as bitflip.tsv: encoding predicate opcode operands offset,\n"
                "# or encoding !INVALID. A form whose opcode has `???` or `INVALID` (a modifier nvdisasm cannot\n"
                "# name; `???` from its text listing) is followed by the first of its modifier-bit flips that\n"
                "# nvdisasm names. Per operand_forms.py's EXTRA_MODIFIER_BITS, BRA's bits 32..33 are flipped too.\n"
                "# %d words, %d refused by nvdisasm\n" % (len(words), invalid))
        for m in words:
            v = res[m]
            if v is None:
                f.write("%s\t!INVALID\n" % m.hex())
            else:
                f.write("%s\t%s\t%s\t%s\t0x%04x\n" % (m.hex(), v[1], v[2], v[3], v[0]))
    print("operand forms: %d words, %d refused by nvdisasm" % (len(words), invalid))


if __name__ == "__main__":
    main()
