#!/usr/bin/env bash
# Checks that an app can depend on MapLang by version, as from a registry of
# tags: a throw-away git repository of the checkout gets a version tag, and a
# scratch package depends on it with `.package(url: "file://…", from: …)`.
# It builds and runs code that uses the `MapLang` library product (the
# `examples/embed` tool, on its example), then runs the `maplang` executable
# product with `swift run` on the main example. SwiftPM is stricter with a
# package depended on by version than with the root package (unsafe build
# flags, for one, are refused there), so this is what an app meets.
#
# usage: scripts/check-versioned-dependency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/maplang-dependency.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
    echo "check-versioned-dependency: $*" >&2
    exit 1
}

version=$(sed -n 's/.*static let version = "\([0-9.]*\)".*/\1/p' Sources/MapLangCLI/CommandLineTool.swift)
[ -n "$version" ] || fail "cannot read the version from Sources/MapLangCLI/CommandLineTool.swift"

# The checkout's files as they are now, committed or not (but not ignored), as one tagged commit.
repository=$work/MapLang
mkdir -p "$repository"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' path; do
    if [ -e "$path" ] || [ -L "$path" ]; then printf '%s\0' "$path"; fi
done | tar --null -T - -cf - | tar -xf - -C "$repository"
(
    cd "$repository"
    git init -q
    git add -A
    git -c user.name=check -c user.email=check@example.invalid commit -q -m "MapLang $version"
    git tag "$version"
)
echo "== a repository of the checkout, tagged $version"

# The app is examples/embed itself, its path dependency turned into a versioned one.
app=$work/embed
mkdir -p "$app"
cp -R examples/embed/Package.swift examples/embed/Sources "$app"/
sed -i.orig 's|\.package(name: "MapLang", path: "\.\./\.\.")|.package(url: "file://'"$repository"'", from: "'"$version"'")|' "$app/Package.swift"
rm "$app/Package.swift.orig"
grep -q "from: \"$version\"" "$app/Package.swift" || fail "examples/embed/Package.swift no longer depends on MapLang by path as this script expects"

echo "== an app that depends on MapLang from $version builds and runs"
# SwiftPM's cache of repositories stays in the temporary folder, not the user's.
cache=(--cache-path "$work/cache")
(cd "$app" && swift build "${cache[@]}" --product embed > "$work/app-build.log" 2>&1) || { cat "$work/app-build.log" >&2; fail "the app does not build"; }
if grep -qE "(warning|error):" "$work/app-build.log"; then
    cat "$work/app-build.log" >&2
    fail "building the app warns"
fi
grep -q "Computing version for file://$repository" "$work/app-build.log" \
    || grep -q "$version" "$app/Package.resolved" || fail "SwiftPM did not resolve MapLang by version"
(cd "$app" && swift run "${cache[@]}" --skip-build embed "$root/examples/embed/embed.map" "$root/examples/embed/input.json") > "$work/summary.txt" \
    || fail "the app fails"
diff -u examples/embed/expected-summary.txt "$work/summary.txt" || fail "the app's output differs from examples/embed/expected-summary.txt"
echo "the app maps examples/embed as expected"

echo "== swift run maplang, the dependency's executable product"
(cd "$app" && swift run "${cache[@]}" maplang --version) > "$work/version.txt" 2> "$work/run-build.log" \
    || { cat "$work/run-build.log" >&2; fail "swift run maplang fails"; }
[ "$(cat "$work/version.txt")" = "maplang $version" ] || fail "swift run maplang --version printed: $(cat "$work/version.txt")"
# shellcheck disable=SC2046
(cd "$app" && swift run "${cache[@]}" --skip-build maplang run "$root/examples/github/github.map" "$root/examples/github/input.json" $(cat "$root/examples/github/args")) \
    > "$work/github.json" || fail "swift run maplang run fails"
diff -u examples/github/expected.json "$work/github.json" || fail "maplang's output differs from examples/github/expected.json"
echo "maplang $version runs from the dependency and maps examples/github as expected"
