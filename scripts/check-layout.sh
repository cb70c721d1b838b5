#!/usr/bin/env bash
# Checks that the package builds and loads on a case-insensitive disk, the
# default on macOS, where `Sources/MapLang` and `Sources/maplang` are one
# folder:
#
#  1. no two files of the repository have names that differ only in case,
#     and the library's target takes every Swift file of its folder but the
#     tool's `main.swift`;
#  2. in a copy of the checkout arranged as such a disk presents it (each
#     folder whose name differs only in case from an earlier one merged into
#     it, the later name a symbolic link to it), every target and the tests
#     build with no warning and the whole test suite passes; with
#     `--no-tests` (as CI runs it, having run the suite in the checkout),
#     every target but the tests builds with no warning and the `maplang`
#     built there maps examples/github as expected;
#  3. a clone onto an emulated case-insensitive, case-preserving file system
#     (`caseless_fs.py`, through FUSE) loads with `swift package describe`
#     with no error or warning, each target with its own files. Building
#     there is left to step 2: the compiler cannot memory-map files through
#     the emulation.
#
# usage: scripts/check-layout.sh [--no-tests]    (from any folder; step 3
# needs root and installs Debian's `python3-fusepy` if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
run_tests=1
if [ "${1:-}" = --no-tests ]; then run_tests=0; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/maplang-layout.XXXXXX")
mounted=""
cleanup() {
    # A mount left behind fails the run, even one that had passed; a lazy
    # unmount is the fallback for a mount still busy.
    if [ -n "$mounted" ] && ! umount "$mounted" 2>/dev/null && ! umount -l "$mounted"; then
        echo "check-layout: could not unmount $mounted" >&2
        exit 1
    fi
    # The file system process is stopped if it still runs; one already gone is no failure.
    if [ -n "${fs_pid:-}" ] && kill -0 "$fs_pid" 2>/dev/null; then kill "$fs_pid"; fi
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "check-layout: $*" >&2
    exit 1
}

echo "== 1. names and the library's files"
collisions=$(git ls-files | python3 -c '
import sys, unicodedata
seen = {}
for path in sys.stdin.read().splitlines():
    key = unicodedata.normalize("NFD", path).casefold()
    if key in seen and seen[key] != path:
        print(seen[key], "and", path)
    seen.setdefault(key, path)
')
[ -z "$collisions" ] || fail "files whose names differ only in case, which a Mac cannot hold both of: $collisions"
swift package describe --type json > "$work/package.json"
python3 - "$work/package.json" <<'PY' || fail "the library's sources in Package.swift do not match its folder"
import json, os, sys
package = json.load(open(sys.argv[1]))
library = next(t for t in package["targets"] if t["name"] == "MapLang")
tool = next(t for t in package["targets"] if "maplang" in t.get("product_memberships", []) and t["type"] == "executable")
listed = set(library["sources"])
present = set()
for folder, _, files in os.walk(library["path"]):
    for name in files:
        relative = os.path.relpath(os.path.join(folder, name), library["path"])
        if name.endswith(".swift") and relative != "main.swift":
            present.add(relative)
missing, extra = present - listed, listed - present
for path in sorted(missing):
    print(f"  not in the library target: {path}")
for path in sorted(extra):
    print(f"  in the library target but not a library file: {path}")
if tool["sources"] != ["main.swift"]:
    print(f"  the tool's target takes {tool['sources']}, not main.swift alone")
sys.exit(1 if missing or extra or tool["sources"] != ["main.swift"] else 0)
PY
echo "every library file is in the library's target, and main.swift in the tool's alone"

echo "== 2. build and test as a case-insensitive disk presents the checkout"
merged=$work/merged
# The checkout's files as they are now, committed or not (but not ignored).
git ls-files -z --cached --others --exclude-standard | python3 -c '
import os, shutil, sys, unicodedata
source, target = sys.argv[1], sys.argv[2]
chosen = {}  # folded folder path -> the spelling first created, as git checks out in index order
def place(path):
    parts, placed = path.split("/"), []
    for index, part in enumerate(parts):
        prefix = "/".join(placed + [part])
        key = unicodedata.normalize("NFD", prefix).casefold()
        if index < len(parts) - 1:
            spelling = chosen.setdefault(key, prefix)
            if spelling != prefix:
                # The later spelling: a link to the folder the disk kept.
                link = os.path.join(target, prefix)
                if not os.path.lexists(link):
                    os.symlink(os.path.basename(spelling), link)
            placed = spelling.split("/")
        else:
            placed.append(part)
    return "/".join(placed)
for path in sorted(p for p in sys.stdin.buffer.read().decode().split("\0") if p):
    if not os.path.lexists(os.path.join(source, path)):
        continue
    destination = os.path.join(target, place(path))
    os.makedirs(os.path.dirname(destination), exist_ok=True)
    shutil.copy2(os.path.join(source, path), destination, follow_symlinks=False)
' "$root" "$merged"
[ -L "$merged/Sources/maplang" ] && [ -f "$merged/Sources/MapLang/main.swift" ] \
    || fail "the copy does not merge Sources/maplang into Sources/MapLang"
echo "Sources/maplang -> $(readlink "$merged/Sources/maplang"), holding main.swift beside the library"
build=(swift build)
if [ "$run_tests" = 1 ]; then build+=(--build-tests); fi
if ! (cd "$merged" && "${build[@]}" > "$work/merged-build.log" 2>&1); then
    grep -E "warning:|error:" "$work/merged-build.log" >&2
    fail "the merged arrangement does not build"
fi
if grep -E "warning:|error:" "$work/merged-build.log"; then
    fail "the merged arrangement builds with warnings"
fi
if [ "$run_tests" = 1 ]; then
    if ! (cd "$merged" && swift test --skip-build > "$work/merged-test.log" 2>&1); then
        # No line matched (status 1) still fails below, with the message.
        grep -m 40 -E "✘|error" "$work/merged-test.log" >&2 || [ $? -eq 1 ]
        fail "the test suite fails in the merged arrangement"
    fi
    tail -n 1 "$work/merged-test.log"
else
    # shellcheck disable=SC2046
    (cd "$merged" && "$(swift build --show-bin-path)/maplang" run examples/github/github.map examples/github/input.json \
        $(cat examples/github/args)) > "$work/github.json" || fail "the maplang built there fails on examples/github"
    diff -u examples/github/expected.json "$work/github.json" || fail "the maplang built there maps examples/github otherwise"
    echo "the maplang built there maps examples/github as expected"
fi

echo "== 3. load a clone on an emulated case-insensitive file system"
if [ "$(id -u)" != 0 ] || [ ! -e /dev/fuse ]; then
    fail "step 3 needs root and /dev/fuse to mount the emulated file system"
fi
# Only the Python binding and the library it loads: as root, it mounts
# without `fusermount`, and `umount` unmounts (Debian's `fuse` and `fuse3`
# packages exclude each other, so neither is installed here).
if ! /usr/bin/python3 -c "import fusepy" 2>/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q python3-fusepy > "$work/apt.log" 2>&1 \
        || { apt-get update -q > /dev/null 2>&1 && apt-get install -y -q python3-fusepy > "$work/apt.log" 2>&1; } \
        || { cat "$work/apt.log" >&2; fail "cannot install python3-fusepy"; }
fi
mkdir -p "$work/backing" "$work/caseless"
/usr/bin/python3 scripts/caseless_fs.py "$work/backing" "$work/caseless" > "$work/fs.log" 2>&1 &
fs_pid=$!
for _ in $(seq 1 100); do
    if mountpoint -q "$work/caseless"; then break; fi
    sleep 0.1
done
mountpoint -q "$work/caseless" || { cat "$work/fs.log" >&2; fail "the emulated file system did not mount"; }
mounted=$work/caseless
# The emulation answers as a Mac's disk does.
touch "$work/caseless/Probe"
[ -e "$work/caseless/PROBE" ] && [ "$(ls "$work/caseless")" = Probe ] || fail "the emulation is not case-insensitive"
rm "$work/caseless/Probe"
git clone -q "$root" "$work/caseless/MapLang" 2> "$work/clone.log" || { cat "$work/clone.log" >&2; fail "git clone failed"; }
[ "$(git -C "$work/caseless/MapLang" config core.ignorecase)" = true ] || fail "git did not find the disk case-insensitive"
ls -d "$work/caseless/MapLang/Sources/"* | sed "s|$work/caseless/MapLang/||"
(cd "$work/caseless/MapLang" && swift package --scratch-path "$work/scratch" describe --type json) \
    > "$work/caseless.json" 2> "$work/caseless.err" || { cat "$work/caseless.err" >&2; fail "the package does not load there"; }
if grep -qiE "warning|error" "$work/caseless.err"; then
    cat "$work/caseless.err" >&2
    fail "loading the package there warns"
fi
python3 - "$work/caseless.json" <<'PY' || fail "a target does not have exactly its own files there"
import json, sys
package = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in package["targets"]}
library, tool = targets["MapLang"], targets["MapLangMain"]
assert "main.swift" not in library["sources"], "the library takes main.swift"
assert tool["sources"] == ["main.swift"], f"the tool takes {tool['sources']}"
folded = {}
for name in targets:
    assert name.casefold() not in folded, f"targets {folded[name.casefold()]} and {name} differ only in case"
    folded[name.casefold()] = name
print(f"loaded: {len(targets)} targets; MapLang has {len(library['sources'])} files, MapLangMain has main.swift")
PY
echo "the layout holds on a case-insensitive disk"
