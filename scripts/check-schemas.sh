#!/usr/bin/env bash
# Checks the JSON Schemas `maplang schema` writes for every example with a
# real validator, the Python `jsonschema` package (draft 2020-12, with its
# format checkers), installed from the Python package index into a virtual
# environment kept between runs (scripts/lib/cache.sh, never committed):
#   - each schema validates against the 2020-12 meta-schema;
#   - every record of an example's input that maps is valid against the
#     input schema, and every one that fails on an error the schema can
#     express (its code, at a rule the schema's description does not list)
#     is invalid;
#   - the expected output is valid against the output schema (for an
#     example that maps in reverse, the sides swap).
# Prints `N passed, N failed`; exits non-zero on any failure. Skips, saying
# so, only where Python 3 or its venv module is missing.
#
# usage: scripts/check-schemas.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v python3 >/dev/null || ! python3 -c "import venv, ensurepip" 2>/dev/null; then
    echo "check-schemas: SKIPPED: Python 3 with its venv module is not installed (Debian: apt-get install python3-venv)" >&2
    exit 0
fi
# shellcheck source=lib/cache.sh
source scripts/lib/cache.sh
venv=$(maplang_python_env schema 'jsonschema[format-nongpl]==4.26.0')

swift build --product maplang >/dev/null
"$venv/bin/python" scripts/schema/check_schemas.py "$(swift build --show-bin-path)/maplang" examples
