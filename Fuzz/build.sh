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
rm -rf "$snapshot" && mkdir -p "$snapshot/CThreads" "$snapshot/modules"
cp -r Sources/MapLang Sources/MapLangFuzzing "Fuzz/$file" "$snapshot"/
# The library's C module: its header under a module map, its code as an object.
cp Sources/CThreads/include/CThreads.h "$snapshot/CThreads/"
printf 'module CThreads {\n  header "CThreads.h"\n  export *\n}\n' > "$snapshot/CThreads/module.modulemap"
clang -c -O2 -g -fPIC -fsanitize=fuzzer-no-link,address -I Sources/CThreads/include \
  Sources/CThreads/Threads.c -o "$snapshot/CThreads/Threads.o"
# The linker's "Cannot export local symbol" notes are noise; anything else is shown,
# and a failed compile fails the script.
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -package-name maplang)
status=0
{
  # The library as a module of its own, as apps get it; then the fuzz
  # target's body (Sources/MapLangFuzzing) and entry point, which import it.
  swiftc "${flags[@]}" -module-name MapLang -I "$snapshot/CThreads" -wmo -c \
    $(find "$snapshot/MapLang" -name '*.swift' | sort) \
    -emit-module -emit-module-path "$snapshot/modules/MapLang.swiftmodule" -o "$snapshot/MapLang.o" &&
  swiftc "${flags[@]}" -module-name MapLangFuzzing -I "$snapshot/modules" -I "$snapshot/CThreads" \
    $(find "$snapshot/MapLangFuzzing" -name '*.swift' | sort) "$snapshot/$file" \
    "$snapshot/MapLang.o" "$snapshot/CThreads/Threads.o" -o "fuzz-out/fuzz-$name"
} > "fuzz-out/build-$name.log" 2>&1 || status=$?
# grep finding no line left to show is its status 1, not a failure.
grep -v 'Cannot export local symbol' "fuzz-out/build-$name.log" || [ $? = 1 ]
[ "$status" = 0 ] || exit "$status"
test -x "fuzz-out/fuzz-$name"
