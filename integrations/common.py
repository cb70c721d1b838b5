"""Helpers shared by the integration checks (Python standard library only).

The checks all ask the same question: does an engine that cuts the input
into pieces and runs one `maplang run RULES - --ndjson --inline-rejects`
per piece write what one process writes for the whole input, with every
line accounted for?

With --inline-rejects every input line gives exactly one output line, in
order: the mapped record, or `{"$reject":{...}}`. Mapped records do not
depend on where the input was cut, so they must be byte-identical. A
reject's `line`, and the `record`, `line` and `offset` of its errors, count
from the start of the piece the process was given, so they are compared
apart: everything else in a reject must be identical, and its `text` (or
`bytes`) must be exactly the input line at that position.
"""

import base64
import json
import os
import subprocess
import sys

REJECT_PREFIX = b'{"$reject":'
# Keys of a reject, and of each of its errors, that count from the start of
# the piece of input one process read.
POSITION_KEYS = ("line",)
ERROR_POSITION_KEYS = ("record", "line", "offset")


class Tally:
    """Counts checks, prints each, and ends with `N passed, N failed`."""

    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0

    def check(self, what, ok, detail=""):
        if ok:
            self.passed += 1
            print("  ok    %s" % what, flush=True)
        else:
            self.failed += 1
            print("  FAIL  %s%s" % (what, (": " + detail) if detail else ""), flush=True)
        return ok

    def note(self, text):
        print("  note  %s" % text, flush=True)

    def finish(self):
        print("%s: %d passed, %d failed" % (self.name, self.passed, self.failed), flush=True)
        return 0 if self.failed == 0 else 1


def lines_of(data):
    """The lines of `data` (bytes) without their "\\n"; a last line without
    a newline counts, as it does for maplang, Hadoop and Spark."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def maplang_command(maplang, rules, inline_rejects=True, extra=()):
    """The argument list of one mapper process reading standard input."""
    cmd = [maplang, "run", rules, "-", "--ndjson"]
    if inline_rejects:
        cmd.append("--inline-rejects")
    return cmd + list(extra)


def run_single(maplang, rules, data_path, inline_rejects=True, extra=()):
    """One maplang process over the whole file, read from standard input as
    every engine's mappers read it. Returns (stdout bytes, stderr text,
    exit status)."""
    with open(data_path, "rb") as f:
        p = subprocess.run(maplang_command(maplang, rules, inline_rejects, extra),
                           stdin=f, capture_output=True)
    return p.stdout, p.stderr.decode("utf-8", "replace"), p.returncode


def is_reject(line):
    return line.startswith(REJECT_PREFIX)


def reject_of(line):
    """The `$reject` object of an output line (bytes or str)."""
    return json.loads(line)["$reject"]


def reject_input(reject):
    """The input line a reject carries, as bytes."""
    if "bytes" in reject:
        return base64.b64decode(reject["bytes"])
    return reject["text"].encode("utf-8")


def without_positions(reject, names=False):
    """A reject with the keys that count from the start of a piece removed,
    and, with `names`, the name of the input (`file`, and `input` in its
    errors) too."""
    drop = POSITION_KEYS + (("file",) if names else ())
    drop_in_errors = ERROR_POSITION_KEYS + (("input",) if names else ())
    r = {k: v for k, v in reject.items() if k not in drop}
    r["errors"] = [{k: v for k, v in e.items() if k not in drop_in_errors}
                   for e in reject.get("errors", [])]
    return r


def compare_outputs(tally, label, expected, actual, inputs, pieces=None, names=False):
    """Checks that `actual` (output lines of an engine, in order) matches
    `expected` (output lines of one process over the same input), line for
    line, where `inputs` are the input lines. `pieces`, when known, gives
    the number of input lines each mapper process read, in order; each
    reject's `line` must then be its line number within its piece. With
    `names`, the inputs' names in rejects may differ."""
    tally.check("%s: one output line per input line (%d input lines, %d output lines)"
                % (label, len(inputs), len(actual)), len(actual) == len(inputs))
    record_diffs, reject_diffs, text_diffs, kind_diffs = [], [], [], []
    for i, (e, a) in enumerate(zip(expected, actual)):
        if is_reject(e) != is_reject(a):
            kind_diffs.append(i + 1)
        elif not is_reject(e):
            if e != a:
                record_diffs.append(i + 1)
        else:
            er, ar = reject_of(e), reject_of(a)
            if without_positions(er, names) != without_positions(ar, names):
                reject_diffs.append(i + 1)
            if reject_input(ar) != inputs[i]:
                text_diffs.append(i + 1)
    mapped = sum(1 for a in actual if not is_reject(a))
    rejected = len(actual) - mapped
    tally.check("%s: mapped and rejected at the same lines as one process" % label,
                not kind_diffs, "input lines %s" % kind_diffs[:10])
    tally.check("%s: %d mapped records byte-identical to one process" % (label, mapped),
                not record_diffs, "input lines %s" % record_diffs[:10])
    tally.check("%s: %d rejects identical to one process but for their line numbers%s"
                % (label, rejected, " and input names" if names else ""),
                not reject_diffs, "input lines %s" % reject_diffs[:10])
    tally.check("%s: every reject carries exactly its input line" % label,
                not text_diffs, "input lines %s" % text_diffs[:10])
    tally.check("%s: input lines = mapped + rejected (%d = %d + %d)"
                % (label, len(inputs), mapped, rejected), len(inputs) == mapped + rejected)
    if pieces is not None:
        wrong = []
        i = 0
        for n in pieces:
            for local in range(1, n + 1):
                if i < len(actual) and is_reject(actual[i]) and reject_of(actual[i])["line"] != local:
                    wrong.append(i + 1)
                i += 1
        tally.check("%s: each reject's line is its line within its piece (%d pieces)"
                    % (label, len(pieces)), not wrong, "input lines %s" % wrong[:10])


def check_manifest(tally, label, output, inputs, manifest):
    """Checks one process's output against what the generator says must be
    rejected (integrations/data.py --manifest)."""
    rejected = [i + 1 for i, line in enumerate(output) if is_reject(line)]
    tally.check("%s: rejects exactly the %d lines the generator made bad"
                % (label, len(manifest["rejects"])), rejected == manifest["rejects"],
                "rejected %s, expected %s" % (rejected[:10], manifest["rejects"][:10]))
    tally.check("%s: writes one line per input line" % label,
                len(output) == len(inputs) == manifest["lines"])


def generate(here, path, lines, *flags):
    """Runs integrations/data.py; returns the manifest."""
    manifest = path + ".manifest.json"
    subprocess.run([sys.executable, os.path.join(here, "data.py"), "--lines", str(lines),
                    "-o", path, "--manifest", manifest] + list(flags), check=True)
    with open(manifest) as f:
        return json.load(f)


def main(argv):
    """usage: common.py compare LABEL EXPECTED ACTUAL INPUT [MANIFEST]

    Compares two output files of maplang --inline-rejects over the file
    INPUT (EXPECTED from one process, ACTUAL from an engine), and, given
    the generator's MANIFEST, checks EXPECTED against it. Prints each check
    and `LABEL: N passed, N failed`; exits 1 if any failed."""
    if len(argv) not in (5, 6) or argv[0] != "compare":
        sys.exit(main.__doc__)
    label, expected_path, actual_path, input_path = argv[1:5]
    tally = Tally(label)
    with open(expected_path, "rb") as f:
        expected = lines_of(f.read())
    with open(actual_path, "rb") as f:
        actual = lines_of(f.read())
    with open(input_path, "rb") as f:
        inputs = lines_of(f.read())
    if len(argv) == 6:
        with open(argv[5]) as f:
            check_manifest(tally, "one process", expected, inputs, json.load(f))
    compare_outputs(tally, label, expected, actual, inputs)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
