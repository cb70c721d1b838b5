#!/usr/bin/env bash
# Fails on any compiler or linker warning from a clean debug build of every
# target and the tests, and a static release build of every target, linked
# as scripts/build-release.sh links `maplang`.
#
# Kept out of the count: the linker's warnings about functions of glibc's
# that the Swift runtime and Foundation call (`dlopen`, `getpwuid_r`, …,
# and `mktemp`), which it gives when the C library is linked statically, as
# the Linux release build is. They name objects of the toolchain's own
# static libraries (`…/swift_static/…/lib….a(….o)`), never MapLang's.
#
# usage: scripts/check-warnings.sh    (builds in .build-warnings; about 5
#                                      minutes on 2 cores the first time)
#        scripts/check-warnings.sh --logs LOG...
#            reads the logs of builds already made instead, as CI does with
#            those of its own builds from a fresh clone, where every file is
#            compiled: a build that compiled nothing says nothing
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --logs ]; then
    shift
    [ $# -gt 0 ] || { echo "usage: scripts/check-warnings.sh [--logs LOG...]" >&2; exit 64; }
    logs=("$@")
else
    scratch=.build-warnings
    log=.build-warnings.log
    # Clean, so that every file is compiled and says what it has to say.
    rm -rf "$scratch"
    : > "$log"
    build() {
        echo "== $*"
        if ! "$@" --scratch-path "$scratch" >> "$log" 2>&1; then
            tail -n 40 "$log" >&2
            echo "check-warnings: the build failed: $*" >&2
            exit 1
        fi
    }
    build swift build --build-tests
    build scripts/build-release.sh --all
    logs=("$log")
fi

toolchain_warning='/swift_static/[^ ]*/lib[^ /]*\.a\('
# grep's status 1 is "no line": no warning, which is the point.
findings=$(cat "${logs[@]}" | grep -E "warning:" | grep -vE "$toolchain_warning" | sort -u) || [ $? = 1 ]
toolchain=$(cat "${logs[@]}" | grep -E "warning:" | grep -cE "$toolchain_warning") || [ $? = 1 ]
if [ -n "$findings" ]; then
    echo "$findings" >&2
    echo "check-warnings: the builds warn (above)" >&2
    exit 1
fi
echo "no warnings from MapLang's code ($toolchain from the toolchain's static libraries, left out)"
