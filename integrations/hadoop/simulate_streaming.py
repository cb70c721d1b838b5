#!/usr/bin/env python3
"""Runs maplang the way Hadoop Streaming runs a mapper, without Hadoop.

usage: simulate_streaming.py MAPLANG RULES [--lines N] [--splits N]

Hadoop is not installed here, so this script does, step by step, what a
map-only streaming job (`-D mapreduce.job.reduces=0`, TextInputFormat,
TextOutputFormat) does with the mapper
`maplang run rules.map - --ndjson --inline-rejects`, following Hadoop's
sources (org.apache.hadoop.mapred and org.apache.hadoop.streaming):

1. FileInputFormat.getSplits: goal size = file size / splits wanted; split
   size = max(1, min(goal size, block size)); splits of that size are cut
   while more than 1.1 split sizes remain, the rest is the last split.
2. LineRecordReader, for each split [start, end): a split that does not
   start at 0 throws away its first line (read from `start`, it is the
   previous split's or a partial one), then lines are read while the
   position is <= end, so the line that starts exactly at `end` is read
   by this split and thrown away by the next. In other words, a line
   belongs to the split that holds the byte before it. A UTF-8 byte order
   mark at the start of the file is dropped. The default reader ends a
   line at "\\n", "\\r\\n" or a lone "\\r"; with
   `-D textinputformat.record.delimiter=<newline>` only at "\\n".
3. TextInputWriter with TextInputFormat (stream.map.input.ignoreKey is
   then true): each line's bytes, untouched, and "\\n" go to the mapper's
   standard input; one mapper process per split. A mapper that exits with
   a non-zero status fails its task (stream.non.zero.exit.is.failure).
4. The mapper's standard output is read line by line (the default reader
   again) and each line is cut into key and value at the first tab
   (TextOutputReader); a line without a tab is all key, with an empty
   value. With `-D stream.map.output=keyonlytext` (KeyOnlyTextOutputReader)
   the line is the key and the value is null.
5. With no reducers, TextOutputFormat writes each pair to part-m-NNNNN as
   key, separator (mapreduce.output.textoutputformat.separator, "\\t" by
   default) and value, then "\\n"; the separator and value are left out
   only when the value is null. maplang's output lines hold no tab (JSON
   writes a tab in a string as \\t), so each line is all key, and by
   default every output line gains a trailing tab. Both
   `-D stream.map.output=keyonlytext` and
   `-D mapreduce.output.textoutputformat.separator=` (empty) avoid it.

Then the parts, concatenated in order, are compared with one maplang
process over the whole file (integrations/common.py: mapped records
byte-identical, rejects identical but for their line numbers, which count
from the start of each split).
"""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True  # no __pycache__ left in the tree
import common  # noqa: E402  (integrations/common.py)

SPLIT_SLOP = 1.1  # FileInputFormat.SPLIT_SLOP
BLOCK_SIZE = 128 * 1024 * 1024  # dfs.blocksize's default


def get_splits(size, wanted, block_size=BLOCK_SIZE):
    """FileInputFormat.getSplits (old API) for one file: [(start, length)]."""
    goal = size // max(1, wanted)
    split_size = max(1, min(goal, block_size))
    splits = []
    remaining = size
    while remaining / split_size > SPLIT_SLOP:
        splits.append((size - remaining, split_size))
        remaining -= split_size
    if remaining:
        splits.append((size - remaining, remaining))
    return splits


def read_line(data, pos, newline_only):
    """LineReader.readLine from `pos`: (line without its end, bytes consumed).
    The default reader ends a line at \\n, \\r\\n or \\r; a custom delimiter
    of \\n ends it at \\n only."""
    n = data.find(b"\n", pos)
    if not newline_only:
        r = data.find(b"\r", pos)
        if r != -1 and (n == -1 or r < n):
            end = r + 2 if data[r + 1:r + 2] == b"\n" else r + 1
            return data[pos:r], end - pos
    if n == -1:
        return data[pos:], len(data) - pos
    return data[pos:n], n + 1 - pos


def split_lines(data, start, length, newline_only):
    """LineRecordReader over one split: the values it gives the mapper."""
    end = start + length
    pos = start
    if start != 0:
        pos += read_line(data, pos, newline_only)[1]  # thrown away
    values = []
    while pos <= end:
        line, consumed = read_line(data, pos, newline_only)
        if consumed == 0:
            break
        if pos == 0 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]  # the byte order mark
        values.append(line)
        pos += consumed
    return values


def output_lines(stdout):
    """The mapper's output as the default LineReader reads it."""
    lines, pos = [], 0
    while pos < len(stdout):
        line, consumed = read_line(stdout, pos, newline_only=False)
        lines.append(line)
        pos += consumed
    return lines


def part_bytes(lines, mode):
    """TextOutputFormat's bytes for one mapper's output lines. `mode`:
    "default" (TextOutputReader, separator "\\t"), "keyonlytext"
    (-D stream.map.output=keyonlytext) or "empty-separator"
    (-D mapreduce.output.textoutputformat.separator=)."""
    out = bytearray()
    for line in lines:
        if mode == "keyonlytext":
            key, value = line, None
        else:
            tab = line.find(b"\t")
            key, value = (line, b"") if tab == -1 else (line[:tab], line[tab + 1:])
        out += key
        if value is not None:
            out += b"\t" if mode == "default" else b""
            out += value
        out += b"\n"
    return bytes(out)


def run_job(tally, label, maplang, rules, data, splits, newline_only, outdir):
    """Runs one mapper per split, two at a time; writes the parts of every
    output mode under outdir/MODE/part-m-NNNNN. Returns (the values each
    split gave its mapper, [outdir/MODE for each mode]) or None when a
    mapper failed."""
    values = [split_lines(data, s, n, newline_only) for s, n in splits]
    command = common.maplang_command(maplang, rules)

    def mapper(lines):
        stdin = b"".join(line + b"\n" for line in lines)
        return subprocess.run(command, input=stdin, capture_output=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(mapper, values))
    failed = [(i, r.returncode, r.stderr.decode("utf-8", "replace")[-300:])
              for i, r in enumerate(results) if r.returncode != 0]
    tally.check("%s: %d map tasks, every mapper exits 0" % (label, len(splits)),
                not failed, str(failed[:3]))
    if failed:
        return None
    dirs = []
    for mode in ("default", "keyonlytext", "empty-separator"):
        d = os.path.join(outdir, mode)
        os.makedirs(d)
        for i, r in enumerate(results):
            with open(os.path.join(d, "part-m-%05d" % i), "wb") as f:
                f.write(part_bytes(output_lines(r.stdout), mode))
        dirs.append(d)
    return values, dirs


def concatenated(directory):
    """`hadoop fs -cat DIR/part-*`."""
    out = b""
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name), "rb") as f:
            out += f.read()
    return out


def check_job(tally, label, maplang, rules, path, splits, newline_only, work):
    """Runs a job over `path` and checks its parts against one process."""
    with open(path, "rb") as f:
        data = f.read()
    inputs = common.lines_of(data)
    expected_out, err, status = common.run_single(maplang, rules, path)
    expected = common.lines_of(expected_out)
    outdir = tempfile.mkdtemp(dir=work)
    job = run_job(tally, label, maplang, rules, data, splits, newline_only, outdir)
    if job is None:
        return
    values, (default, keyonly, empty) = job
    tally.check("%s: the splits give every line of the file once, in order" % label,
                [v for vs in values for v in vs] == inputs)
    default_lines = common.lines_of(concatenated(default))
    tally.check("%s: by default every output line ends in one tab, the empty value" % label,
                all(line.endswith(b"\t") and line.count(b"\t") == 1 for line in default_lines))
    tally.check("%s: the default parts less that tab are the keyonlytext parts" % label,
                b"".join(line[:-1] + b"\n" for line in default_lines) == concatenated(keyonly))
    tally.check("%s: the parts with an empty separator are the keyonlytext parts" % label,
                concatenated(empty) == concatenated(keyonly))
    actual = common.lines_of(concatenated(keyonly))
    common.compare_outputs(tally, label, expected, actual, inputs, [len(v) for v in values])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("maplang")
    parser.add_argument("rules")
    parser.add_argument("--lines", type=int, default=6000)
    parser.add_argument("--splits", type=int, default=4)
    args = parser.parse_args()
    tally = common.Tally("hadoop-streaming (simulated)")
    work = tempfile.mkdtemp(prefix="maplang-hadoop.")
    try:
        top = os.path.dirname(HERE)
        utf8 = os.path.join(work, "invalid-utf8.ndjson")
        manifest = common.generate(top, utf8, args.lines, "--invalid-utf8")
        with open(utf8, "rb") as f:
            data = f.read()
        out, err, status = common.run_single(args.maplang, args.rules, utf8)
        tally.check("one process exits 0 (status %d)" % status, status == 0, err.strip()[-300:])
        common.check_manifest(tally, "one process", common.lines_of(out),
                              common.lines_of(data), manifest)

        # The splits FileInputFormat cuts, over data with lines that are not
        # UTF-8 (Hadoop passes the bytes through untouched).
        splits = get_splits(len(data), args.splits)
        print("-- %d splits of about %d bytes, the default line reader" % (len(splits), splits[0][1]),
              flush=True)
        check_job(tally, "%d splits" % len(splits), args.maplang, args.rules, utf8,
                  splits, False, work)

        # Split boundaries exactly at the start of a line, one byte after
        # and one byte before it (on the "\n" that ends the line before).
        starts = [i + 1 for i, b in enumerate(data) if b == 0x0A][: len(common.lines_of(data)) - 1]
        at = starts[len(starts) // 2]
        for name, cut in (("at a line's start", at), ("one byte after it", at + 1),
                          ("on the newline before it", at - 1)):
            print("-- 2 splits, the boundary %s" % name, flush=True)
            check_job(tally, "boundary %s" % name, args.maplang, args.rules, utf8,
                      [(0, cut), (cut, len(data) - cut)], False, work)

        # A carriage return inside a line (JSON white space): the default
        # reader ends the line there; a "\n" record delimiter keeps it whole.
        cr = os.path.join(work, "raw-cr.ndjson")
        common.generate(top, cr, args.lines, "--invalid-utf8", "--raw-cr")
        with open(cr, "rb") as f:
            cr_data = f.read()
        splits = get_splits(len(cr_data), args.splits)
        print("-- a carriage return inside a line, -D textinputformat.record.delimiter=<newline>",
              flush=True)
        check_job(tally, "record delimiter \\n", args.maplang, args.rules, cr, splits, True, work)
        default_values = [v for s, n in splits for v in split_lines(cr_data, s, n, False)]
        tally.note("with the default line reader the same file gives %d lines for its %d:"
                   " a line holding a carriage return arrives as two, both rejected"
                   % (len(default_values), len(common.lines_of(cr_data))))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
