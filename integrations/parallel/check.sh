#!/usr/bin/env bash
# MapLang as the map step of GNU parallel: a large NDJSON file cut into
# blocks of whole lines, each block mapped by its own process, two at a
# time, output kept in input order.
#
#   parallel --pipe --keep-order --block 1M -j2 maplang run RULES - --ndjson --inline-rejects
#
# Compared with one process over the whole file (integrations/common.py says
# how): the mapped records must be byte-identical (cmp), and each reject
# identical but for its line numbers, which count from the start of the
# block its process read. Also checked: `--pipepart` (parallel reads the
# file itself, faster), and plain `--ndjson`, without --inline-rejects,
# whose mapped output must be byte-identical to one process's, each job
# exiting 0 or 1 (1: some lines of its block were rejected).
#
# The data (integrations/data.py) holds every kind of bad line, lines that
# are not UTF-8 and a carriage return inside a line among them: parallel
# cuts at newlines only and passes bytes through untouched.
#
# usage: integrations/parallel/check.sh MAPLANG RULES [LINES]
#   LINES: how many lines to generate (default 12000, about 42 MB)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
maplang="$1"
rules="$2"
lines="${3:-12000}"

passed=0
failed=0
check() { # check DESCRIPTION COMMAND...: runs COMMAND, counts and prints the outcome
    local what="$1"
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "  ok    $what"
    else
        failed=$((failed + 1))
        echo "  FAIL  $what"
    fi
}
compare() { # compare LABEL EXPECTED ACTUAL [MANIFEST]: the line-by-line checks of common.py
    local out code=0
    # common.py exits 1 when a check failed, counted below from its last
    # line; any other status means it did not run to the end.
    out="$(python3 "$here/common.py" compare "$1" "$2" "$3" "$work/in.ndjson" ${4:+"$4"})" || code=$?
    printf '%s\n' "$out" | sed '$d'
    if [ "$code" != 0 ] && [ "$code" != 1 ]; then
        echo "  FAIL  $1: the comparison ended with status $code"
        failed=$((failed + 1))
        return
    fi
    # The last line is `LABEL: N passed, N failed`.
    local last p f
    last="$(printf '%s\n' "$out" | tail -n 1)"
    p="$(printf '%s\n' "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')"
    f="$(printf '%s\n' "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')"
    if [ -z "$p" ]; then
        echo "  FAIL  $1: the comparison did not run: $last"
        failed=$((failed + 1))
        return
    fi
    passed=$((passed + p))
    failed=$((failed + f))
}
same_bytes() { cmp -s "$1" "$2"; }
status_is() { [ "$1" = "$2" ]; }
# grep's status 1 (every line a reject) is an answer; 2 is an error.
only_records() { grep -v -a '^{"\$reject":' "$1" || [ $? = 1 ]; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 "$here/data.py" --lines "$lines" --invalid-utf8 --raw-cr \
    -o "$work/in.ndjson" --manifest "$work/manifest.json"
echo "-- $lines lines, $(($(wc -c <"$work/in.ndjson") / 1000000)) MB"

# One process: the reference.
status=0
"$maplang" run "$rules" - --ndjson --inline-rejects <"$work/in.ndjson" >"$work/one.out" 2>"$work/one.err" || status=$?
check "one process with --inline-rejects exits 0 (status $status)" status_is "$status" 0

# parallel --pipe: parallel reads standard input and cuts it into blocks.
echo "-- parallel --pipe --keep-order --block 1M -j2 ... --inline-rejects"
status=0
parallel --will-cite --pipe --keep-order --block 1M -j2 --joblog "$work/pipe.joblog" \
    "$maplang" run "$rules" - --ndjson --inline-rejects \
    <"$work/in.ndjson" >"$work/pipe.out" 2>"$work/pipe.err" || status=$?
check "parallel exits 0 (status $status)" status_is "$status" 0
blocks="$(($(wc -l <"$work/pipe.joblog") - 1))"
check "the input was cut into several blocks ($blocks jobs)" test "$blocks" -gt 1
only_records "$work/one.out" >"$work/one.records"
only_records "$work/pipe.out" >"$work/pipe.records"
check "mapped records byte-identical to one process (cmp)" same_bytes "$work/one.records" "$work/pipe.records"
compare "parallel --pipe" "$work/one.out" "$work/pipe.out" "$work/manifest.json"

# parallel --pipepart: parallel finds block boundaries in the file itself.
echo "-- parallel --pipepart -a FILE --keep-order --block 1M -j2 ... --inline-rejects"
status=0
parallel --will-cite --pipepart -a "$work/in.ndjson" --keep-order --block 1M -j2 \
    "$maplang" run "$rules" - --ndjson --inline-rejects \
    >"$work/part.out" 2>"$work/part.err" || status=$?
check "parallel exits 0 (status $status)" status_is "$status" 0
only_records "$work/part.out" >"$work/part.records"
check "mapped records byte-identical to one process (cmp)" same_bytes "$work/one.records" "$work/part.records"
compare "parallel --pipepart" "$work/one.out" "$work/part.out"

# Plain --ndjson: mapped lines only, rejects on standard error, status 1
# where a block had rejects; parallel's own status counts failed jobs, so
# each job's status is read from the job log instead.
echo "-- parallel --pipe --keep-order --block 1M -j2 ... --ndjson (no --inline-rejects)"
status=0
"$maplang" run "$rules" - --ndjson <"$work/in.ndjson" >"$work/one.plain" 2>/dev/null || status=$?
check "one process exits 1: some lines were rejected (status $status)" status_is "$status" 1
check "its output is the --inline-rejects output without the rejects (cmp)" \
    same_bytes "$work/one.records" "$work/one.plain"
# parallel exits with the number of jobs that failed (here, that had a
# reject), at most 101; checked against the job log below.
parallel_status=0
parallel --will-cite --pipe --keep-order --block 1M -j2 --joblog "$work/joblog" \
    "$maplang" run "$rules" - --ndjson \
    <"$work/in.ndjson" >"$work/pipe.plain" 2>/dev/null || parallel_status=$?
rejecting_jobs="$(awk -F'\t' 'NR > 1 && $7 == 1' "$work/joblog" | wc -l | tr -d ' ')"
check "parallel's status counts the jobs that had rejects (status $parallel_status, jobs $rejecting_jobs)" \
    status_is "$parallel_status" "$((rejecting_jobs > 101 ? 101 : rejecting_jobs))"
statuses="$(awk -F'\t' 'NR > 1 { print $7 }' "$work/joblog" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
check "every job exited 0 or 1 (count, status: $statuses)" \
    test -z "$(awk -F'\t' 'NR > 1 && $7 != 0 && $7 != 1' "$work/joblog")"
check "mapped output byte-identical to one process (cmp)" same_bytes "$work/one.plain" "$work/pipe.plain"

echo "parallel: $passed passed, $failed failed"
[ "$failed" = 0 ]
