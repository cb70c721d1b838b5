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
rm -rf "$snapshot" && mkdir -p "$snapshot/CThreads"
cp -r Sources/MapLang Sources/MapLangFuzzing "Fuzz/$file" "$snapshot"/
cp Sources/CThreads/include/CThreads.h Sources/CThreads/Threads.c "$snapshot/CThreads/"
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -package-name maplang)
# The library is the same for every target: it is built once for each
# state of its sources and these flags, in a folder named by their digest,
# and the targets after the first link that build.
digest=$({ printf '%s\n' "${flags[@]}"; (cd "$snapshot" && find MapLang CThreads -type f | LC_ALL=C sort | xargs cat); } \
  | sha256sum | cut -c1-16)
library=fuzz-out/library-$digest
status=0
{
  if [ ! -f "$library/built" ]; then
    # Only the latest library is kept.
    rm -rf fuzz-out/library-* && mkdir -p "$library/CThreads" "$library/modules"
    # The library's C module: its header under a module map, its code as an object.
    cp "$snapshot/CThreads/CThreads.h" "$library/CThreads/"
    printf 'module CThreads {\n  header "CThreads.h"\n  export *\n}\n' > "$library/CThreads/module.modulemap"
    clang -c -O2 -g -fPIC -fsanitize=fuzzer-no-link,address "$snapshot/CThreads/Threads.c" -o "$library/CThreads/Threads.o" &&
    # The library as a module of its own, as apps get it.
    swiftc "${flags[@]}" -module-name MapLang -I "$library/CThreads" -wmo -c \
      $(find "$snapshot/MapLang" -name '*.swift' | sort) \
      -emit-module -emit-module-path "$library/modules/MapLang.swiftmodule" -o "$library/MapLang.o" &&
    touch "$library/built"
  fi &&
  # The fuzz target's body (Sources/MapLangFuzzing) and entry point, which import it.
  swiftc "${flags[@]}" -module-name MapLangFuzzing -I "$library/modules" -I "$library/CThreads" \
    $(find "$snapshot/MapLangFuzzing" -name '*.swift' | sort) "$snapshot/$file" \
    "$library/MapLang.o" "$library/CThreads/Threads.o" -o "fuzz-out/fuzz-$name"
} > "fuzz-out/build-$name.log" 2>&1 || status=$?
# The linker's "Cannot export local symbol" notes are noise; anything else is shown,
# and a failed compile fails the script; grep finding no line left to show is
# its status 1, not a failure.
grep -v 'Cannot export local symbol' "fuzz-out/build-$name.log" || [ $? = 1 ]
[ "$status" = 0 ] || exit "$status"
test -x "fuzz-out/fuzz-$name"
