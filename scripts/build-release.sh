#!/usr/bin/env bash
# Builds the `maplang` executable for release and prints its path.
#
# On Linux it is one static executable, the Swift runtime and the C library
# included: no dynamic loader runs, and it starts in about a third of the
# time a dynamically linked build takes. These flags are given here rather
# than in Package.swift, where they would be unsafe flags, which SwiftPM
# refuses in a package that others depend on by version; Apple's linkers
# have no static C library, so there the build is an ordinary one.
#
# Linking the C library statically makes the linker warn that functions
# such as `dlopen` and `getpwuid_r`, called by the Swift runtime and
# Foundation (never by MapLang), need glibc's shared libraries at run time.
#
# `--all` builds every target with the same flags (the benchmark among
# them), as CI does once, so that a later build of `maplang` alone, by the
# install or here, has nothing left to do.
#
# usage: scripts/build-release.sh [--all] [more `swift build` arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
products=(--product maplang)
if [ "${1:-}" = --all ]; then
    products=()
    shift
fi
flags=()
if [ "$(uname -s)" = Linux ]; then
    flags=(-Xswiftc -static-executable -Xlinker -l_FoundationCollections -Xlinker -l_FoundationCShims)
fi
# `${flags[@]+...}`: an empty array is an unbound variable to bash 3.2, macOS's.
swift build -c release ${products[@]+"${products[@]}"} ${flags[@]+"${flags[@]}"} "$@" >&2
echo "$(swift build -c release --show-bin-path "$@")/maplang"
