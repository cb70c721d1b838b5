#!/usr/bin/env bash
# Builds one libFuzzer target with the library's sources compiled in.
# usage: Fuzz/build.sh json|rules|mapping   → fuzz-out/fuzz-NAME
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1
case $name in
  json) file=FuzzJSON.swift ;;
  rules) file=FuzzRules.swift ;;
  mapping) file=FuzzMapping.swift ;;
  *) echo "usage: Fuzz/build.sh json|rules|mapping" >&2; exit 64 ;;
esac
mkdir -p fuzz-out
rm -f "fuzz-out/fuzz-$name"
# Compile a snapshot, so edits made during the build cannot break it.
snapshot=fuzz-out/src-$name
rm -rf "$snapshot" && mkdir -p "$snapshot" && cp -r Sources/MapLang "Fuzz/$file" "$snapshot"/
# The linker's "Cannot export local symbol" notes are noise; anything else is shown,
# and a failed compile fails the script.
status=0
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name MapLang \
  $(find "$snapshot" -name '*.swift' | sort) -o "fuzz-out/fuzz-$name" > "fuzz-out/build-$name.log" 2>&1 || status=$?
# grep finding no line left to show is its status 1, not a failure.
grep -v 'Cannot export local symbol' "fuzz-out/build-$name.log" || [ $? = 1 ]
[ "$status" = 0 ] || exit "$status"
test -x "fuzz-out/fuzz-$name"
