#!/usr/bin/env bash
# Builds and runs one fuzz target; findings land in fuzz-out/NAME-crashes/.
# usage: Fuzz/run.sh json|rules|mapping [SECONDS]   (default 600)
# Seeds come from examples/ and, when present, ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1
seconds=${2:-600}
Fuzz/build.sh "$name"
corpus=fuzz-out/$name-corpus
mkdir -p "$corpus" "fuzz-out/$name-crashes"
case $name in
  rules) cp examples/*/*.map "$corpus"/ ;;
  *) for f in examples/*/input.json; do cp "$f" "$corpus/$(basename "$(dirname "$f")").json"; done
     if [ -d ../shared/corpus/jsontestsuite ]; then cp ../shared/corpus/jsontestsuite/*.json "$corpus"/; fi ;;
esac
# The compiled rules the mapping target keeps for the process's life are
# reported as leaked when it exits; that is not a bug, so leaks are not checked.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
"fuzz-out/fuzz-$name" "$corpus" -artifact_prefix="fuzz-out/$name-crashes/" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1
