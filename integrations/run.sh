#!/usr/bin/env bash
# MapLang as the map step of Apache Spark, GNU parallel and Hadoop
# Streaming, with nothing lost: each engine cuts a generated NDJSON file
# (integrations/data.py) into pieces, runs
# `maplang run RULES - --ndjson --inline-rejects` on each, and its output
# is compared with one process over the whole file.
#
#   - Spark: PySpark 4.0.1, master local[2] (integrations/spark/check_spark.py);
#     needs Java 17 or later. PySpark is installed from the Python package
#     index into a virtual environment kept between runs
#     (scripts/lib/cache.sh, never committed).
#   - GNU parallel --pipe and --pipepart (integrations/parallel/check.sh).
#   - Hadoop Streaming, simulated step by step from Hadoop's sources, since
#     Hadoop cannot be installed from Debian or the package index
#     (integrations/hadoop/simulate_streaming.py).
#
# Java and GNU parallel come from Debian's `default-jre-headless` and
# `parallel`, installed with apt-get when this runs as root and they are
# missing. Each check prints `N passed, N failed`; any failure fails the
# script. A check skips, saying so, only where its tool cannot be installed.
#
# The maplang used is the release build (`swift build -c release --product
# maplang`, built here, a no-op when up to date), or $MAPLANG if set.
#
# usage: integrations/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${MAPLANG:-}" ]; then
    maplang="$(cd "$(dirname "$MAPLANG")" && pwd)/$(basename "$MAPLANG")"
else
    swift build -c release --product maplang >/dev/null
    maplang="$(swift build -c release --show-bin-path)/maplang"
fi
rules=examples/github/github.map
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
status=0
skipped=()

apt_install() { # apt_install PACKAGE: installs a Debian package when root; says so if it cannot
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        if ! apt-get install -y -qq "$1" >/dev/null 2>&1; then
            # The package lists may never have been fetched.
            apt-get update -qq >/dev/null 2>&1 || echo "integrations: apt-get update failed; trying the install anyway" >&2
            apt-get install -y -qq "$1" >/dev/null 2>&1 || echo "integrations: apt-get could not install $1" >&2
        fi
    fi
}

java_major() { # the major version of `java`, or 0
    java -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -n 1 | grep . || echo 0
}

# --- Spark
if ! command -v java >/dev/null || [ "$(java_major)" -lt 17 ]; then
    apt_install default-jre-headless
fi
if ! command -v java >/dev/null || [ "$(java_major)" -lt 17 ]; then
    skipped+=("Spark: Java 17 or later is not installed (Debian: apt-get install default-jre-headless)")
elif ! command -v python3 >/dev/null || ! python3 -c "import venv, ensurepip" 2>/dev/null; then
    skipped+=("Spark: Python 3 with its venv module is not installed (Debian: apt-get install python3-venv)")
else
    # shellcheck source=../scripts/lib/cache.sh
    source scripts/lib/cache.sh
    venv=$(maplang_python_env integrations 'pyspark==4.0.1')
    echo "== Apache Spark (PySpark 4.0.1, local[2])"
    # Spark's own start-up chatter goes to standard error; the mappers'
    # summary lines too.
    "$venv/bin/python" integrations/spark/check_spark.py "$maplang" "$rules" 2>"$logs/spark.err" || {
        status=1
        echo "-- the last lines of standard error:" >&2
        tail -n 30 "$logs/spark.err" >&2
    }
fi

# --- GNU parallel
if ! command -v parallel >/dev/null; then
    apt_install parallel
fi
if ! command -v parallel >/dev/null || ! parallel --version 2>/dev/null | grep -q "GNU parallel"; then
    skipped+=("GNU parallel: not installed (Debian: apt-get install parallel)")
else
    echo "== GNU parallel"
    integrations/parallel/check.sh "$maplang" "$rules" || status=1
fi

# --- Hadoop Streaming, simulated
echo "== Hadoop Streaming (simulated: Hadoop's splits, line reader and output format)"
python3 integrations/hadoop/simulate_streaming.py "$maplang" "$rules" || status=1

for s in "${skipped[@]}"; do
    echo "integrations: SKIPPED $s" >&2
done
exit "$status"
