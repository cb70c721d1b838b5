# The steps of .ci/run: each one's output shown as it comes and kept in
# .build/ci/NN.log, its duration printed when it ends, and a table of every
# step's duration with the total at the end of the run (`ci_report`, which
# .ci/run calls on exit, whether it passed or not). Sourced by .ci/run; runs in bash 3.2 and later.

ci_logs=.build/ci
ci_names=()
ci_times=()
ci_started=$(date +%s)
mkdir -p "$ci_logs"

# Seconds as minutes and seconds: `1m05s`.
ci_duration() {
    printf '%dm%02ds' $(($1 / 60)) $(($1 % 60))
}

# The table of the steps run so far, the running one marked, and the total.
ci_report() {
    local index
    echo
    echo "CI steps:"
    for index in "${!ci_names[@]}"; do
        printf '  %8s  %s\n' "$(ci_duration "${ci_times[$index]}")" "${ci_names[$index]}"
    done
    printf '  %8s  total\n' "$(ci_duration $(($(date +%s) - ci_started)))"
}

# The log of the step run last.
ci_last_log() {
    printf '%s/%02d.log' "$ci_logs" "${#ci_names[@]}"
}

# step NAME COMMAND...: runs COMMAND as one step; a failure, or in CI a
# check that says it skipped for want of a tool (a line starting `skipped:`
# or `SKIPPED`, or with it after `NAME: `), ends the run.
step() {
    local name=$1 start status=0 log
    shift
    ci_names+=("$name")
    ci_times+=(0)
    log=$(ci_last_log)
    echo
    echo "== [${#ci_names[@]}] $name"
    start=$(date +%s)
    "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
    ci_times[${#ci_times[@]} - 1]=$(($(date +%s) - start))
    echo "-- $name: $( [ "$status" = 0 ] && echo passed || echo "FAILED (status $status)") in $(ci_duration "${ci_times[${#ci_times[@]} - 1]}")"
    if [ "$status" = 0 ] && [ -n "${CI:-}" ] && grep -qiE "(^|: )skipped[: ]" "$log"; then
        echo "CI: a check skipped for want of a tool (above); every check must run in CI" >&2
        status=1
    fi
    if [ "$status" != 0 ]; then
        echo "CI: FAILED at step ${#ci_names[@]}, $name" >&2
        exit "$status"
    fi
}
