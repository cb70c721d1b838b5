#!/usr/bin/env bash
# Checks the editor support against real tools:
#   - `maplang lsp` driven end to end by a real Language Server Protocol
#     client: the pytest suite scripts/editors/test_lsp.py, in pytest-lsp
#     (built on pygls), opens documents, types edits and checks diagnostics,
#     hover, definition, references, completion, formatting, rename and the
#     lifecycle, and writes malformed frames and JSON that must not stop the
#     server; pytest's summary is followed by the `N passed, N failed` line;
#   - the TextMate grammar of editors/vscode tokenizing every example and
#     every `maplang` block of grammar.md and README.md in
#     textmate-grammar-python, a port of VS Code's TextMate engine
#     (scripts/editors/check_grammar.py);
#   - editors/vscode/extension.js run under Node.js against the real server,
#     with the `vscode` module stood in (scripts/editors/check_vscode_extension.js);
#   - editors/nvim installed as a package in a real Neovim, with no user
#     configuration, against the real server (scripts/editors/check_nvim.lua).
# The Python packages, at the versions pinned below, are installed from the
# Python package index into a virtual environment kept between runs for that
# set (scripts/lib/cache.sh, never committed); Node.js and Neovim are
# Debian's `nodejs` and `neovim`, installed with apt-get when this runs as
# root. Each check prints `N passed, N failed`; any failure fails the
# script. A check skips, saying so, only where its tool cannot be installed.
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
    # Versions that work together on Python 3.11: pytest-lsp 0.4 is the last
    # series on pygls 1 (1.0 needs pygls 2); lsprotocol, cattrs and attrs are
    # what pygls reads and writes the protocol's JSON with.
    pinned=(
        pytest-lsp==0.4.3 pygls==1.3.1 lsprotocol==2023.0.1 cattrs==26.2.1 attrs==26.1.0
        pytest==8.3.5 pytest-asyncio==0.24.0 pytest-timeout==2.3.1 textmate-grammar-python==0.6.1
    )
    # shellcheck source=lib/cache.sh
    source scripts/lib/cache.sh
    installed=yes
    venv=$(maplang_python_env editors "${pinned[@]}") || { installed=no; status=1; }
    if [ "$installed" = yes ]; then
        echo "-- maplang lsp end to end with a real client (pytest-lsp)"
        junit=.build/editors-lsp-junit.xml
        rm -f "$junit"
        lsp_status=0
        MAPLANG="$maplang" PYTHONDONTWRITEBYTECODE=1 timeout 600 \
            "$venv/bin/python" -m pytest -q --junitxml="$junit" scripts/editors/test_lsp.py || lsp_status=$?
        if [ "$lsp_status" = 124 ]; then
            echo "check-editors: the LSP tests did not finish in 600 s" >&2
        fi
        # The counts from pytest's report. A test passes with no failure,
        # error or skip: a skipped test checked nothing.
        "$venv/bin/python" - "$junit" <<'EOF' || lsp_status=1
import sys
import xml.etree.ElementTree as ElementTree

try:
    cases = list(ElementTree.parse(sys.argv[1]).getroot().iter("testcase"))
except (OSError, ElementTree.ParseError) as error:
    print(f"0 passed, 1 failed: pytest wrote no report ({error})")
    sys.exit(1)
failed = [case for case in cases if any(case.find(kind) is not None for kind in ("failure", "error", "skipped"))]
print(f"{len(cases) - len(failed)} passed, {len(failed)} failed")
sys.exit(1 if failed or not cases else 0)
EOF
        [ "$lsp_status" = 0 ] || status=1
        echo "-- the TextMate grammar in a real TextMate engine (textmate-grammar-python)"
        "$venv/bin/python" scripts/editors/check_grammar.py editors/vscode/syntaxes/maplang.tmLanguage.json . || status=1
    fi
fi

# Installs a Debian package, with no questions asked; when that fails (no
# package lists yet on a fresh machine, or stale ones), reads the lists and
# tries once more. A failed install leaves the program missing, and the
# check that needs it says it skips.
apt_install() {
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" </dev/null >/dev/null 2>&1; then
        if ! { apt-get update -qq </dev/null >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" </dev/null >/dev/null; }; then
            echo "check-editors: apt-get could not install $1" >&2
        fi
    fi
}

if ! command -v node >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt_install nodejs
fi
if command -v node >/dev/null; then
    echo "-- the VS Code extension under Node.js"
    node scripts/editors/check_vscode_extension.js "$PWD/editors/vscode" "$maplang" || status=1
else
    echo "check-editors: SKIPPED the VS Code extension check: Node.js is not installed (Debian: apt-get install nodejs)" >&2
fi

if ! command -v nvim >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt_install neovim
fi
if command -v nvim >/dev/null; then
    echo "-- Neovim's built-in client (editors/nvim)"
    # A fresh home: editors/nvim as its one package, and Neovim's
    # configuration, data, logs and temporary files kept apart from the user's.
    nvim_home="$(mktemp -d)"
    mkdir -p "$nvim_home/pack/maplang/start"
    ln -s "$PWD/editors/nvim" "$nvim_home/pack/maplang/start/maplang"
    nvim_status=0
    MAPLANG="$maplang" TMPDIR="$nvim_home" XDG_CONFIG_HOME="$nvim_home" XDG_DATA_HOME="$nvim_home" \
        XDG_STATE_HOME="$nvim_home" XDG_CACHE_HOME="$nvim_home" \
        timeout 120 nvim --headless --clean --cmd "set packpath^=$nvim_home" \
        -c "luafile scripts/editors/check_nvim.lua" || nvim_status=$?
    rm -rf "$nvim_home"
    if [ "$nvim_status" = 124 ]; then
        echo "check-editors: the Neovim check did not finish in 120 s" >&2
    fi
    [ "$nvim_status" = 0 ] || status=1
else
    echo "check-editors: SKIPPED the Neovim check: Neovim is not installed (Debian: apt-get install neovim)" >&2
fi
exit "$status"
