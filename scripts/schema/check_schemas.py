"""Validates every example against the JSON Schemas `maplang schema` writes.

usage: check_schemas.py MAPLANG EXAMPLES_FOLDER

Run by scripts/check-schemas.sh, which installs `jsonschema` first.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

# Mapping errors a schema expresses when they come from a type, a key, a
# rule or an enum; any of them at a rule the schema's description lists as
# not expressed does not count.
EXPRESSIBLE = {
    "missing-key",
    "type-mismatch",
    "unknown-keys",
    "out-of-range",
    "length-out-of-range",
    "empty",
    "pattern-mismatch",
    "not-one-of",
    "unknown-enum-value",
    "unknown-variant",
    "integer-out-of-range",
}

RECORD = re.compile(r"^\$\[(\d+)\]")


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.rejections = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what)


def run(arguments, ok_statuses=(0, 1)):
    done = subprocess.run(arguments, capture_output=True, text=True)
    if done.returncode not in ok_statuses:
        raise SystemExit(f"{' '.join(arguments)} exited with {done.returncode}: {done.stderr}")
    return done


def schema(maplang, rules, side, model):
    arguments = [maplang, "schema", rules, "--side", side] + (["--model", model] if model else [])
    return json.loads(run(arguments, ok_statuses=(0,)).stdout)


def record_errors(maplang, rules, input_path, extra):
    """The errors of each record, by index (0 for a single record)."""
    done = run([maplang, "run", rules, input_path, "--error-format", "json"] + extra)
    errors = {}
    for line in done.stderr.split("\n"):  # not splitlines(): U+2028 is not a line break here
        try:
            error = json.loads(line)
        except ValueError:
            continue
        if error.get("type") != "mapping":
            continue
        match = RECORD.match(error.get("path", ""))
        index = int(match.group(1)) if match else 0
        errors.setdefault(index, []).append(error)
    return errors


def unexpressed(error, description):
    """Whether the schema's description lists the error's rule as not expressed."""
    place = f"{os.path.basename(error.get('ruleFile') or '')}:{error.get('ruleLine')}:{error.get('ruleColumn')}"
    return re.search(re.escape(place) + r"(?![0-9])", description) is not None


def check_example(maplang, folder, tally):
    name = os.path.basename(folder)
    rules = os.path.join(folder, name + ".map")
    arguments = open(os.path.join(folder, "args")).read().split() if os.path.exists(os.path.join(folder, "args")) else []
    model = arguments[arguments.index("--model") + 1] if "--model" in arguments else None
    reverse = "--reverse" in arguments
    extra = [a for a in arguments if a not in ("--pretty",)]

    schemas = {side: schema(maplang, rules, side, model) for side in ("input", "output")}
    for side, document in schemas.items():
        try:
            Draft202012Validator.check_schema(document)
            tally.check(True, "")
        except SchemaError as error:
            tally.check(False, f"{name}: the {side} schema is not a valid 2020-12 schema: {error.message}")
    read, written = ("output", "input") if reverse else ("input", "output")
    reader = Draft202012Validator(schemas[read], format_checker=Draft202012Validator.FORMAT_CHECKER)
    writer = Draft202012Validator(schemas[written], format_checker=Draft202012Validator.FORMAT_CHECKER)

    document = json.load(open(os.path.join(folder, "input.json")))
    records = document if isinstance(document, list) else [document]
    errors = record_errors(maplang, rules, os.path.join(folder, "input.json"), extra)
    description = schemas[read].get("description", "")
    for index, record in enumerate(records):
        failures = errors.get(index, [])
        problems = [f"{list(e.absolute_path)}: {e.message}" for e in reader.iter_errors(record)]
        if not failures:
            tally.check(not problems, f"{name}: record {index} maps, but the {read} schema refuses it: {problems[:3]}")
            continue
        counted = [e for e in failures if e.get("code") in EXPRESSIBLE and not unexpressed(e, description)]
        if counted:
            tally.rejections += 1
            codes = ", ".join(sorted({e["code"] for e in counted}))
            tally.check(problems, f"{name}: record {index} fails ({codes}), but the {read} schema accepts it")

    expected = json.load(open(os.path.join(folder, "expected.json")))
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in writer.iter_errors(expected)]
    tally.check(not problems, f"{name}: expected.json does not satisfy the {written} schema: {problems[:3]}")


# Patterns and texts on which MapLang's `pattern` rule and the validator's
# engine, given the schema's rewrite of each pattern, must agree.
PATTERNS = [
    r"^a.b$", r"\d+", r"^\w+$", r"^\s*x\s*$", r"[^@ ]+@[^@ ]+", r"\bcat\b", r"\Bat", r"^(?:ab|cd){2,3}$",
    r"(?i)^hello$", r"(?i)[a-f]+z", r"(?i)\w", r"^[\]\-^]+$", r"colou?r", r"^.{3}$", r"^[^a]$", r"x{2,}",
    r"^(?<year>[0-9]{4})-(?:0[1-9]|1[0-2])$", r"^\.\$\(\)$", r"^é$", r"^😀+$", r"(a|)$", r"^\x41\u0042\u{43}$",
]
TEXTS = [
    "", "a", "axb", "a\nb", "a😀b", "abc", "123", "x", "  x ", "x\n", "ab_9", "a-b", "me@host", "me@", "cat",
    "concat", "the cat sat", "bat", "at", "abcd", "ababab", "abababab", "HELLO", "hello", "HeLLo", "Hello!", "FAZ",
    "faz", "ſ", "K", "ı", "]-^", "color", "colour", "😀😀", "😀", "éé", "é", "e\u0301", "b", "xx", "2024-12",
    "2024-13", "p", "ABC", "\u0085", "\r", "\u2028",
]


def rules_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_patterns(maplang, work, tally):
    """MapLang and the validator's regular expressions agree on every pattern and text."""
    fields = [f"  p{i}: String? where pattern({rules_string(p)})" for i, p in enumerate(PATTERNS)]
    rules = os.path.join(work, "patterns.map")
    with open(rules, "w") as file:
        file.write("model Texts {\n" + "\n".join(fields) + "\n}\n")
    # One run per text: a run shows at most 100 errors.
    mismatched = set()
    data = os.path.join(work, "patterns.json")
    for t, text in enumerate(TEXTS):
        with open(data, "w") as file:
            json.dump({f"p{i}": text for i in range(len(PATTERNS))}, file)
        for error in sum(record_errors(maplang, rules, data, []).values(), []):
            match = re.match(r"^\$\.p(\d+)$", error["path"])
            if error.get("code") == "pattern-mismatch" and match:
                mismatched.add((t, int(match.group(1))))
    properties = schema(maplang, rules, "output", None)["$defs"]["Texts"]["properties"]
    for i, source in enumerate(PATTERNS):
        rewritten = properties[f"p{i}"].get("pattern") if isinstance(properties[f"p{i}"], dict) else None
        if rewritten is None:
            rewritten = next(s["pattern"] for s in properties[f"p{i}"]["anyOf"] if "pattern" in s)
        engine = re.compile(rewritten)
        for t, text in enumerate(TEXTS):
            ours = (t, i) not in mismatched
            theirs = engine.search(text) is not None
            tally.check(ours == theirs, f"pattern {source!r} as {rewritten!r} on {text!r}: MapLang {ours}, validator {theirs}")


def main():
    maplang, examples = sys.argv[1], sys.argv[2]
    tally = Tally()
    checked = 0
    for entry in sorted(os.listdir(examples)):
        folder = os.path.join(examples, entry)
        if os.path.exists(os.path.join(folder, entry + ".map")):
            check_example(maplang, folder, tally)
            checked += 1
    work = tempfile.mkdtemp(prefix="maplang-schemas-")
    try:
        check_patterns(maplang, work, tally)
    finally:
        shutil.rmtree(work)
    print(f"check-schemas: {checked} examples, {tally.rejections} failing records checked to be refused, {len(PATTERNS)} patterns on {len(TEXTS)} texts")
    print(f"{tally.passed} passed, {tally.failed} failed")
    # Rejections are what a lax schema would miss: the examples must hold some.
    if tally.rejections < 5:
        print(f"check-schemas: only {tally.rejections} failing records could be checked; expected at least 5")
        return 1
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
