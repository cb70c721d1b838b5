#!/usr/bin/env bash
# Removes the files scripts/install.sh installed under PREFIX (default
# /usr/local), and DESTDIR as install.sh takes it: exactly those files, read
# from install.sh's own list. Directories are left, as other programs may
# use them. Runs in bash 3.2 (macOS) and later.
#
#   scripts/uninstall.sh [PREFIX]
set -euo pipefail
# shellcheck source=install.sh
source "$(dirname "$0")/install.sh"

[ $# -le 1 ] || maplang_fail "usage: $0 [PREFIX]"
destination=$(maplang_destination "${1-/usr/local}")
for file in $(maplang_files); do
    if [ -e "$destination/$file" ] || [ -L "$destination/$file" ]; then
        rm -f "$destination/$file"
        echo "removed $destination/$file"
    fi
done
