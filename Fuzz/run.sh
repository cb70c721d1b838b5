#!/usr/bin/env bash
# Builds and runs one fuzz target; findings land in fuzz-out/NAME-crashes/.
# usage: Fuzz/run.sh json|rules|mapping [SECONDS]   (default 600)
#
# It first replays every input it is given, then fuzzes until SECONDS have
# passed in all: the saved findings the tests replay
# (Tests/MapLangTests/Fuzz/FuzzRegressions/NAME), seeds from examples/ and,
# when present, ../shared/corpus, and the corpus earlier runs on this
# machine grew, which is kept in the cache of scripts/lib/cache.sh and
# grows with what this run finds.
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1
seconds=${2:-600}
Fuzz/build.sh "$name"
# shellcheck source=../scripts/lib/cache.sh
source scripts/lib/cache.sh
corpus=$(maplang_cache)/fuzz/$name
seeds=fuzz-out/$name-seeds
rm -rf "$seeds"
mkdir -p "$corpus" "$seeds" "fuzz-out/$name-crashes"
case $name in
  rules) cp examples/*/*.map "$seeds"/ ;;
  *) for f in examples/*/input.json; do cp "$f" "$seeds/$(basename "$(dirname "$f")").json"; done
     if [ -d ../shared/corpus/jsontestsuite ]; then cp ../shared/corpus/jsontestsuite/*.json "$seeds"/; fi ;;
esac
cp Tests/MapLangTests/Fuzz/FuzzRegressions/"$name"/* "$seeds"/
# The compiled rules the mapping target keeps for the process's life are
# reported as leaked when it exits; that is not a bug, so leaks are not checked.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# New inputs go to the first folder, the corpus kept between runs.
"fuzz-out/fuzz-$name" "$corpus" "$seeds" -artifact_prefix="fuzz-out/$name-crashes/" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1
