#!/usr/bin/env bash
# Checks the editor support against real tools:
#   - `maplang lsp` driven by a real Language Server Protocol client, the
#     Python package pygls (scripts/editors/check_lsp.py);
#   - the TextMate grammar of editors/vscode tokenizing every example and
#     every `maplang` block of grammar.md and README.md in
#     textmate-grammar-python, a port of VS Code's TextMate engine
#     (scripts/editors/check_grammar.py);
#   - editors/vscode/extension.js run under Node.js against the real server,
#     with the `vscode` module stood in (scripts/editors/check_vscode_extension.js).
# The Python packages are installed from the Python package index into a
# virtual environment under .build (never committed); Node.js is Debian's
# `nodejs`, installed with apt-get when this runs as root. Each check prints
# `N passed, N failed`; any failure fails the script. A check skips, saying
# so, only where its tool cannot be installed.
#
# usage: scripts/check-editors.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product maplang >/dev/null
maplang="$(swift build --show-bin-path)/maplang"
status=0

if ! command -v python3 >/dev/null || ! python3 -c "import venv, ensurepip" 2>/dev/null; then
    echo "check-editors: SKIPPED the LSP client and TextMate checks: Python 3 with its venv module is not installed (Debian: apt-get install python3-venv)" >&2
else
    venv=.build/editors-venv
    if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pygls, textmate_grammar" 2>/dev/null; then
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check 'pygls==1.3.1' 'textmate-grammar-python==0.6.1'
    fi
    echo "-- maplang lsp with a real client (pygls)"
    "$venv/bin/python" scripts/editors/check_lsp.py "$maplang" || status=1
    echo "-- the TextMate grammar in a real TextMate engine (textmate-grammar-python)"
    "$venv/bin/python" scripts/editors/check_grammar.py editors/vscode/syntaxes/maplang.tmLanguage.json . || status=1
fi

if ! command -v node >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    # A failed install leaves node missing, and the check below says it skips.
    if ! apt-get install -y -qq nodejs >/dev/null; then
        echo "check-editors: apt-get could not install nodejs" >&2
    fi
fi
if command -v node >/dev/null; then
    echo "-- the VS Code extension under Node.js"
    node scripts/editors/check_vscode_extension.js "$PWD/editors/vscode" "$maplang" || status=1
else
    echo "check-editors: SKIPPED the VS Code extension check: Node.js is not installed (Debian: apt-get install nodejs)" >&2
fi
exit "$status"
