#!/usr/bin/env bash
# Installs maplang into a fresh temporary prefix with scripts/install.sh and
# checks what was installed: the binary runs the shipped example, the bash
# completion completes in a real bash, the manual page renders without a
# single warning, the zsh and fish scripts load (and fish's completes), and
# scripts/uninstall.sh leaves no file behind. Also checks that a relative or
# empty prefix is refused, and that DESTDIR stages the files.
#
#   scripts/test-install.sh
#
# zsh, fish and (when no renderer is there) mandoc are installed with apt-get
# when missing, if this runs as root on Debian or Ubuntu, as CI does;
# elsewhere their checks are skipped, saying so.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
# The shells started below keep their own files here, not in $HOME.
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache ZDOTDIR=$work/zsh

fail() {
    echo "test-install: FAILED: $*" >&2
    exit 1
}

step() {
    echo "== $*"
}

# Fails unless $1 (what was got) is $2 (what was expected); $3 says what it is.
expect() {
    if [ "$1" != "$2" ]; then
        fail "$3: expected [$(echo "$2" | tr '\n' ' ')], got [$(echo "$1" | tr '\n' ' ')]"
    fi
}

# shellcheck source=install.sh
source "$root/scripts/install.sh"

step "a relative or empty prefix is refused before anything is built"
for bad in relative/prefix "" "~/quoted" /; do
    if bash "$root/scripts/install.sh" "$bad" >"$work/out" 2>"$work/err"; then
        fail "install.sh accepted the prefix \`$bad\`"
    fi
    grep -q "^install.sh: error: the prefix" "$work/err" || fail "install.sh \`$bad\` said: $(cat "$work/err")"
done

step "install into $prefix"
bash "$root/scripts/install.sh" "$prefix"
for file in $(maplang_files); do
    [ -f "$prefix/$file" ] || fail "$prefix/$file was not installed"
done
[ -x "$prefix/bin/maplang" ] || fail "$prefix/bin/maplang is not executable"
maplang=$prefix/bin/maplang

step "maplang --version"
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$root/Sources/MapLangCLI/CommandLineTool.swift")
[ -n "$version" ] || fail "no version found in Sources/MapLangCLI/CommandLineTool.swift"
expect "$("$maplang" --version)" "maplang $version" "maplang --version"

step "the shipped example, examples/github"
extra=()
if [ -f "$root/examples/github/args" ]; then
    # `read` returns 1 at a last line with no newline, having read it.
    read -r -a extra <"$root/examples/github/args" || [ ${#extra[@]} -gt 0 ]
fi
(cd "$root" && "$maplang" run examples/github/github.map examples/github/input.json ${extra[@]+"${extra[@]}"}) >"$work/github.json"
diff -u "$root/examples/github/expected.json" "$work/github.json" || fail "examples/github's output differs from expected.json"

step "bash completion, in a real bash"
mkdir "$work/files"
touch "$work/files/rules.map" "$work/files/input.json"
# Prints what the installed completion offers, one a line, for the words
# given, the last being the word being completed, in $work/files.
bash_completes() {
    (cd "$work/files" && bash --norc --noprofile -c '
        source "$1"
        shift
        spec=$(complete -p maplang) || exit 3
        function=${spec##*-F }
        function=${function%% *}
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        "$function" maplang "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        if [ ${#COMPREPLY[@]} -gt 0 ]; then printf "%s\n" "${COMPREPLY[@]}"; fi
    ' bash "$prefix/share/bash-completion/completions/maplang" "$@") || fail "the bash completion failed for: $*"
}
expect "$(bash_completes maplang ru)" "run" "maplang ru"
expect "$(bash_completes maplang r)" "$(printf 'run\nrepl')" "maplang r"
expect "$(bash_completes maplang run --error-format '')" "$(printf 'text\njson')" "maplang run --error-format"
expect "$(bash_completes maplang run --color '')" "$(printf 'auto\nalways\nnever')" "maplang run --color"
expect "$(bash_completes maplang run '')" "rules.map" "maplang run (RULES)"
expect "$(bash_completes maplang run rules.map '' | sort)" "$(printf 'input.json\nrules.map')" "maplang run rules.map (INPUT)"
expect "$(bash_completes maplang completions '')" "$(printf 'bash\nzsh\nfish')" "maplang completions"
expect "$(bash_completes maplang help m)" "manpage" "maplang help m"

step "the tools the checks below use"
# Installs the missing shells, and mandoc when no manual page renderer is
# there, with apt-get, as root on Debian; updates the package lists once,
# only if the first try fails. Elsewhere a missing tool's check is skipped,
# saying so.
missing=()
for shell in zsh fish; do
    command -v "$shell" >/dev/null || missing+=("$shell")
done
command -v groff >/dev/null || command -v mandoc >/dev/null || missing+=(mandoc)
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; then
    echo "installing ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q "${missing[@]}" >"$work/apt.log" 2>&1 \
        || { apt-get update -q >>"$work/apt.log" 2>&1 && apt-get install -y -q "${missing[@]}" >>"$work/apt.log" 2>&1; } \
        || echo "apt-get could not install ${missing[*]}: $(tail -n 3 "$work/apt.log")"
fi

step "the manual page renders without warnings"
manual=$prefix/share/man/man1/maplang.1
checked=
if command -v groff >/dev/null; then
    groff -ww -z -man "$manual" 2>"$work/groff.err" || fail "groff failed on the manual page"
    [ ! -s "$work/groff.err" ] || fail "groff warned: $(cat "$work/groff.err")"
    checked=groff
fi
if [[ "$(man --help 2>&1)" == *--warnings* ]]; then
    MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$manual" >"$work/man.txt" 2>"$work/man.err" || fail "man failed on the manual page"
    [ ! -s "$work/man.err" ] || fail "man warned: $(cat "$work/man.err")"
    grep -q "maplang run RULES INPUT \[INPUT...\] \[options\]" "$work/man.txt" || fail "the rendered page has no usage of run"
    checked="$checked man"
fi
if command -v mandoc >/dev/null; then
    mandoc -T lint -W warning "$manual" || fail "mandoc warned on the manual page"
    checked="$checked mandoc"
fi
[ -n "$checked" ] && echo "checked with:$checked" || echo "skipped: neither groff, man-db's man nor mandoc is installed"

step "zsh and fish"

if command -v zsh >/dev/null; then
    zsh_script=$prefix/share/zsh/site-functions/_maplang
    zsh -f -c 'autoload -U compinit && compinit -u -D && source "$1" && [[ $_comps[maplang] == _maplang ]]' zsh "$zsh_script" \
        || fail "the zsh script does not load"
    zsh -f -c 'fpath=("$1" $fpath) && autoload -U compinit && compinit -u -D && [[ $_comps[maplang] == _maplang ]]' \
        zsh "$(dirname "$zsh_script")" || fail "zsh does not find _maplang in site-functions"
    echo "zsh: loads, sourced and from fpath"
else
    echo "skipped: zsh not installed"
fi

if command -v fish >/dev/null; then
    fish_script=$prefix/share/fish/vendor_completions.d/maplang.fish
    fish -n "$fish_script" || fail "the fish script does not parse"
    # Prints the words fish offers for a command line, in $work/files.
    fish_completes() {
        (cd "$work/files" && fish --no-config -c 'source $argv[1]; complete --do-complete=$argv[2]' "$fish_script" "$1" | cut -f 1) \
            || fail "fish failed to complete: $1"
    }
    expect "$(fish_completes 'maplang ru')" "run" "fish: maplang ru"
    expect "$(fish_completes 'maplang run --error-format ' | sort)" "$(printf 'json\ntext')" "fish: maplang run --error-format"
    expect "$(fish_completes 'maplang run ')" "rules.map" "fish: maplang run (RULES)"
    echo "fish: parses and completes"
else
    echo "skipped: fish not installed"
fi

step "under sudo, the build runs as the user who ran sudo, never as root"
if [ "$(id -u)" = 0 ]; then
    # A stand-in sudo records how it was asked to run the build; a stand-in
    # build prints where its binary is, as scripts/build-release.sh does.
    fake=$work/sudo-root
    mkdir -p "$fake/scripts" "$fake/bin"
    printf '#!/bin/sh\necho "$*" >"%s/sudo.args"\nshift 2\nexec "$@"\n' "$work" >"$fake/bin/sudo"
    printf 'touch "%s/built" && chmod +x "%s/built"\necho "%s/built"\n' "$work" "$work" "$work" >"$fake/scripts/build-release.sh"
    chmod +x "$fake/bin/sudo"
    built=$( (source "$root/scripts/install.sh" && PATH="$fake/bin:$PATH" SUDO_USER=someone maplang_build "$fake") 2>&1)
    expect "$built" "$work/built" "the binary the build under sudo gave"
    expect "$(cut -d' ' -f1,2 "$work/sudo.args")" "-u someone" "how sudo was asked to run the build"
else
    echo "skipped: this check runs as root, where sudo would have put the build"
fi

step "uninstall"
bash "$root/scripts/uninstall.sh" "$prefix"
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || fail "files left after uninstall.sh: $left"

step "DESTDIR stages the files under DESTDIR/PREFIX"
DESTDIR=$work/stage bash "$root/scripts/install.sh" /usr >/dev/null
for file in $(maplang_files); do
    [ -f "$work/stage/usr/$file" ] || fail "DESTDIR: $work/stage/usr/$file was not installed"
done
expect "$(cd "$work/stage" && find . -type f | sort)" "$(maplang_files | sed 's|^|./usr/|' | sort)" "the files under DESTDIR"
DESTDIR=$work/stage bash "$root/scripts/uninstall.sh" /usr >/dev/null
expect "$(find "$work/stage" -type f)" "" "the files under DESTDIR after uninstall.sh"

echo "test-install: all checks passed"
