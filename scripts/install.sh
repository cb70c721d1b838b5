#!/usr/bin/env bash
# Builds maplang for release and installs it under PREFIX (default /usr/local):
# the binary, its manual page, and completion scripts where bash, zsh and fish
# look for them. The manual page and the scripts are printed by the binary
# just built, so they always match it.
#
#   scripts/install.sh [PREFIX]              e.g. scripts/install.sh ~/.local
#   DESTDIR="$PWD/stage" scripts/install.sh /usr
#
# DESTDIR, for packagers, goes in front of every path written: the files land
# in DESTDIR/PREFIX, to be found in PREFIX once the package is installed.
# Nothing is written outside DESTDIR/PREFIX but the build in .build.
# scripts/uninstall.sh [PREFIX] removes exactly these files; it reads the list
# and the checks of the prefix from this file.
# Runs in bash 3.2 (macOS) and later.
set -euo pipefail

# The files installed, relative to the prefix, one a line.
maplang_files() {
    echo bin/maplang
    echo share/man/man1/maplang.1
    echo share/bash-completion/completions/maplang
    echo share/zsh/site-functions/_maplang
    echo share/fish/vendor_completions.d/maplang.fish
}

# Says what went wrong, on standard error, and exits with status 1.
maplang_fail() {
    echo "$(basename "$0"): error: $*" >&2
    exit 1
}

# Checks the prefix ($1) and DESTDIR, then prints where the files go:
# DESTDIR followed by the prefix, without a trailing slash.
maplang_destination() {
    local prefix=$1
    case $prefix in
        "") maplang_fail "the prefix is empty; give a directory such as /usr/local or \"\$HOME/.local\"" ;;
        "~"*) maplang_fail "the prefix \`$prefix\` starts with a quoted \`~\`, which is not expanded; write it unquoted or as \"\$HOME/...\"" ;;
        /*) ;;
        *) maplang_fail "the prefix \`$prefix\` is not an absolute path; give one such as /usr/local or \"\$HOME/.local\"" ;;
    esac
    while [ "${prefix%/}" != "$prefix" ]; do prefix=${prefix%/}; done
    if [ -z "$prefix" ]; then
        maplang_fail "the prefix \`/\` would put files in /share; give a directory such as /usr/local"
    fi
    case ${DESTDIR:-} in
        "" | /*) ;;
        *) maplang_fail "DESTDIR \`$DESTDIR\` is not an absolute path" ;;
    esac
    local destdir=${DESTDIR:-}
    while [ "${destdir%/}" != "$destdir" ]; do destdir=${destdir%/}; done
    echo "$destdir$prefix"
}

# Builds the release binary, its progress on standard error, and prints its path.
#
# Under sudo it builds as the user who ran sudo, not as root: a build as root
# would leave files in .build that the user's own builds could no longer write.
maplang_build() {
    local binary
    if [ "$(id -u)" = 0 ] && [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
        binary=$(sudo -u "$SUDO_USER" env "PATH=$PATH" bash "$1/scripts/build-release.sh" | tail -n 1)
    else
        command -v swift >/dev/null || maplang_fail "\`swift\` is not on PATH; under sudo, try: sudo env \"PATH=\$PATH\" $0 ..."
        binary=$(bash "$1/scripts/build-release.sh" | tail -n 1)
    fi
    [ -x "$binary" ] || maplang_fail "the build gave no executable \`$binary\`"
    echo "$binary"
}

maplang_install() {
    local prefix=${1-/usr/local} root destination binary file
    [ $# -le 1 ] || maplang_fail "usage: $0 [PREFIX]"
    destination=$(maplang_destination "$prefix")
    root=$(cd "$(dirname "$0")/.." && pwd)
    binary=$(maplang_build "$root")

    # The generated files are staged, then installed like the binary. The
    # stage is not local: the trap runs after this function has returned.
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    "$binary" manpage >"$stage/maplang.1"
    "$binary" completions bash >"$stage/bash"
    "$binary" completions zsh >"$stage/zsh"
    "$binary" completions fish >"$stage/fish"

    for file in $(maplang_files); do
        if [ ! -d "$destination/$(dirname "$file")" ]; then
            install -d -m 755 "$destination/$(dirname "$file")"
        fi
    done
    install -m 755 "$binary" "$destination/bin/maplang"
    install -m 644 "$stage/maplang.1" "$destination/share/man/man1/maplang.1"
    install -m 644 "$stage/bash" "$destination/share/bash-completion/completions/maplang"
    install -m 644 "$stage/zsh" "$destination/share/zsh/site-functions/_maplang"
    install -m 644 "$stage/fish" "$destination/share/fish/vendor_completions.d/maplang.fish"
    for file in $(maplang_files); do
        echo "installed $destination/$file"
    done
    if [ -z "${DESTDIR:-}" ]; then
        case ":$PATH:" in
            *":$destination/bin:"*) ;;
            *) echo "note: $destination/bin is not on PATH" ;;
        esac
    fi
}

# Installs when run; only defines the functions above when sourced.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    maplang_install "$@"
fi
