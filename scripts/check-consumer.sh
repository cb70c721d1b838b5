#!/usr/bin/env bash
# Checks MapLang as other packages use it, in one consumer package built
# once, which depends on MapLang by version, as from a registry of tags (a
# throw-away git repository of the checkout, tagged with the tool's version,
# named with `.package(url: "file://…", from: …)`). SwiftPM is stricter with
# a package depended on by version than with a root package (unsafe build
# flags, for one, are refused there), so this is what an app meets. The
# consumer holds:
#   - `embed`: examples/embed's sources, the library through its public API
#     only; its summary of the example must be expected-summary.txt;
#   - `issues`: examples/plugin's sources, whose only model is its rules
#     file, turned into Swift by the `MapLangGenerator` build-tool plugin;
#     its listing must be expected.txt;
#   - `Generated_NAME-internal` and `Generated_NAME-public`: the Swift that
#     `maplang gen swift` writes for every example, once internal and once
#     public (with imports internal by default, as a package may ask);
#   - `roundtrip` (scripts/consumer/RoundTrip.swift): each example whose
#     records all map and which maps forward decoded through its generated
#     types, compared with expected.json, and, where the rules map back,
#     encoded and compared with what mapping and `run --reverse` give;
#   - and `swift run maplang`, the dependency's executable product, mapping
#     examples/github.
# The build must give no warning. The two example packages' own manifests
# must still name MapLang by path and the targets used here.
#
# usage: scripts/check-consumer.sh    (builds in .build/consumer)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/.build/consumer
rm -rf "$work"
mkdir -p "$work"

fail() {
    echo "check-consumer: $*" >&2
    exit 1
}

version=$(sed -n 's/.*static let version = "\([0-9.]*\)".*/\1/p' Sources/MapLangCLI/CommandLineTool.swift)
[ -n "$version" ] || fail "cannot read the version from Sources/MapLangCLI/CommandLineTool.swift"

echo "== the example packages' manifests"
for example in embed:embed plugin:issues; do
    folder=examples/${example%%:*}
    target=${example#*:}
    swift package dump-package --package-path "$folder" > "$work/${example%%:*}-manifest.json" 2> "$work/manifest.err" \
        || { cat "$work/manifest.err" >&2; fail "$folder/Package.swift does not load"; }
    python3 - "$work/${example%%:*}-manifest.json" "$target" "$root" <<'PY' || fail "$folder/Package.swift is not what this check builds"
import json, os, sys
manifest, target, root = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
paths = [os.path.realpath(d["fileSystem"][0]["path"]) for d in manifest["dependencies"] if "fileSystem" in d]
assert paths == [os.path.realpath(root)], f"dependencies by path: {paths}"
assert [t["name"] for t in manifest["targets"]] == [target], manifest["targets"]
PY
done
echo "examples/embed and examples/plugin depend on MapLang by path, with the targets built here"

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

app=$work/app
mkdir -p "$app/Sources/roundtrip"
cp -R examples/embed/Sources/embed examples/plugin/Sources/issues "$app/Sources/"
cp scripts/consumer/RoundTrip.swift "$app/Sources/roundtrip/"

swift build --product maplang >/dev/null
maplang=$(swift build --show-bin-path)/maplang

targets=""
imports=""
calls=""
checked=0
for folder in examples/*/; do
    name=$(basename "$folder")
    # The package examples keep their rules in a target; they are built above.
    if [ -e "$folder/Package.swift" ] && [ ! -e "$folder$name.map" ]; then continue; fi
    module="Generated_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
    for access in internal public; do
        mkdir -p "$app/Sources/$module-$access"
        "$maplang" gen swift "$folder$name.map" --access "$access" -o "$app/Sources/$module-$access/Types.swift"
        settings=""
        [ "$access" = public ] && settings=", swiftSettings: [.enableUpcomingFeature(\"InternalImportsByDefault\")]"
        targets="$targets        .target(name: \"$module-$access\", dependencies: [.product(name: \"MapLang\", package: \"MapLang\")]$settings),
"
    done
    root_type=$(sed -n 's/^root \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p;T;q' "$folder$name.map")
    [ -n "$root_type" ] || fail "$name.map declares no root"
    # An example whose records fail on purpose, or that maps in reverse, is compiled only.
    if [ -e "$folder/expected.status" ] || grep -q -- "--reverse" "$folder/args" 2>/dev/null; then
        continue
    fi
    # No pipe into `head`: under pipefail, the writer's SIGPIPE would fail the script.
    first=$(awk 'match($0, /[^ \t\r]/) { print substr($0, RSTART, 1); exit }' "$folder/input.json")
    type="${module//-/_}_public.$root_type"
    [ "$first" = "[" ] && type="[$type]"
    imports="${imports}import ${module//-/_}_public
"
    calls="${calls}    check(\"$name\", as: $type.self, in: examples),
"
    checked=$((checked + 1))
done
# Most examples must be checked, not only compiled, or the check proves little.
[ "$checked" -ge 10 ] || fail "only $checked examples can be round-tripped; expected at least 10"

cat > "$app/Sources/roundtrip/main.swift" <<SWIFT
// Written by scripts/check-consumer.sh: every example that can be round-tripped.
import Foundation
$imports
let examples = URL(fileURLWithPath: CommandLine.arguments[1])
let results = [
$calls]
exit(results.allSatisfy { \$0 } ? 0 : 1)
SWIFT

generated=$(ls "$app/Sources" | grep '^Generated_' | sed 's/.*/"&"/' | paste -sd, -)
cat > "$app/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "file://$repository", from: "$version")],
    targets: [
        .executableTarget(name: "embed", dependencies: [.product(name: "MapLang", package: "MapLang")]),
        .executableTarget(
            name: "issues",
            dependencies: [.product(name: "MapLang", package: "MapLang")],
            resources: [.copy("issues.map")],
            plugins: [.plugin(name: "MapLangGenerator", package: "MapLang")]),
$targets        .executableTarget(name: "roundtrip", dependencies: [$generated, .product(name: "MapLang", package: "MapLang")]),
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE

echo "== the consumer builds, with no warning"
# SwiftPM's cache of repositories stays in the work folder, not the user's.
cache=(--cache-path "$work/cache")
log=$work/build.log
(cd "$app" && swift build "${cache[@]}" > "$log" 2>&1) || { cat "$log" >&2; fail "the consumer does not build"; }
if grep -E "(warning|error):" "$log" >&2; then
    fail "the consumer builds with warnings (above)"
fi
grep -q "Computing version for file://$repository" "$log" \
    || grep -q "$version" "$app/Package.resolved" || fail "SwiftPM did not resolve MapLang by version"
bin=$(cd "$app" && swift build "${cache[@]}" --show-bin-path)

echo "== embed: the library through its public API"
"$bin/embed" examples/embed/embed.map examples/embed/input.json > "$work/embed.txt" || fail "embed fails"
diff -u examples/embed/expected-summary.txt "$work/embed.txt" || fail "embed's output differs from examples/embed/expected-summary.txt"

echo "== issues: types from the rules file, through the build-tool plugin"
"$bin/issues" examples/plugin/input.json > "$work/issues.txt" || fail "issues fails"
diff -u examples/plugin/expected.txt "$work/issues.txt" || fail "issues' output differs from examples/plugin/expected.txt"

echo "== roundtrip: every example through its generated types"
"$bin/roundtrip" "$root/examples" || fail "an example did not round-trip"

echo "== swift run maplang, the dependency's executable product"
# The plugin built the tool for itself; the product is linked here.
(cd "$app" && swift run "${cache[@]}" maplang --version) > "$work/version.txt" 2> "$work/run.err" \
    || { cat "$work/run.err" >&2; fail "swift run maplang fails"; }
[ "$(cat "$work/version.txt")" = "maplang $version" ] || fail "swift run maplang --version printed: $(cat "$work/version.txt")"
# shellcheck disable=SC2046
(cd "$app" && swift run "${cache[@]}" --skip-build maplang run "$root/examples/github/github.map" "$root/examples/github/input.json" $(cat "$root/examples/github/args")) \
    > "$work/github.json" || fail "swift run maplang run fails"
diff -u examples/github/expected.json "$work/github.json" || fail "maplang's output differs from examples/github/expected.json"
echo "check-consumer: embed, the plugin, $checked examples round-tripped (every example's code compiled internal and public) and maplang $version, from MapLang $version as a dependency"
