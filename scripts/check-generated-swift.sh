#!/usr/bin/env bash
# Compiles the Swift that `maplang gen swift` writes for every example, each
# in a module of its own, in a scratch package that depends on MapLang by
# path, with a driver that round-trips each example through its types:
# `rules.decode` of the example's input, `rules.encode` of the values, then
#   - mapping what `encode` wrote gives the example's expected output, and
#   - `encode` wrote what reverse mapping (`run --reverse`) gives for the
#     expected output.
# An example whose records fail on purpose (`expected.status`) or that maps
# in reverse (`--reverse` in `args`) is compiled only. The code is generated
# once internal and once public (with imports internal by default, as a
# package may ask); both must compile without warnings.
#
# usage: scripts/check-generated-swift.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/.build/generated-swift
rm -rf "$work"
mkdir -p "$work/Sources/roundtrip"

fail() {
    echo "check-generated-swift: $*" >&2
    exit 1
}

swift build --product maplang >/dev/null
maplang=$(swift build --show-bin-path)/maplang

targets=""
imports=""
calls=""
checked=0
for folder in examples/*/; do
    name=$(basename "$folder")
    # A package example (`examples/plugin`) keeps its rules in a target; CI builds it on its own.
    if [ -e "$folder/Package.swift" ] && [ ! -e "$folder$name.map" ]; then continue; fi
    module="Generated_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
    for access in internal public; do
        mkdir -p "$work/Sources/$module-$access"
        "$maplang" gen swift "$folder$name.map" --access "$access" -o "$work/Sources/$module-$access/Types.swift"
        # Public code must also compile where imports are internal by default.
        settings=""
        [ "$access" = public ] && settings=", swiftSettings: [.enableUpcomingFeature(\"InternalImportsByDefault\")]"
        targets="$targets        .target(name: \"$module-$access\", dependencies: [.product(name: \"MapLang\", package: \"MapLang\")]$settings),
"
    done
    root_type=$(sed -n 's/^root \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p;T;q' "$folder$name.map")
    [ -n "$root_type" ] || fail "$name.map declares no root"
    if [ -e "$folder/expected.status" ] || grep -q -- "--reverse" "$folder/args" 2>/dev/null; then
        continue
    fi
    # No pipe into `head`: under pipefail, the writer's SIGPIPE would fail the script.
    first=$(awk 'match($0, /[^ \t\r]/) { print substr($0, RSTART, 1); exit }' "$folder/input.json")
    type="${module//-/_}_public.$root_type"
    [ "$first" = "[" ] && type="[$type]"
    imports="${imports}import ${module//-/_}_public
"
    calls="${calls}    check(\"$name\", as: $type.self),
"
    checked=$((checked + 1))
done

cat > "$work/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "generated-swift",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "MapLang", path: "$root")],
    targets: [
$targets        .executableTarget(
            name: "roundtrip",
            dependencies: [$(ls "$work/Sources" | grep -v '^roundtrip$' | sed 's/.*/"&"/' | paste -sd, -), .product(name: "MapLang", package: "MapLang")]),
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE

cat > "$work/Sources/roundtrip/main.swift" <<SWIFT
import Foundation
import MapLang
$imports
let examples = URL(fileURLWithPath: CommandLine.arguments[1])

/// JSON text as plain JSON values, each object's members in key order, so
/// that two texts compare by their data: a Swift dictionary keeps no order.
/// Without nulls, an object's null member and a missing one are the same.
func plain(_ bytes: some Sequence<UInt8>, droppingNulls: Bool = false) throws -> MappedValue {
    func sorted(_ value: MappedValue) -> MappedValue {
        switch value {
        case .object(let object):
            .object(
                MappedObject(
                    object.members.filter { !droppingNulls || !\$0.value.isNull }.map { MappedMember(key: \$0.key, value: sorted(\$0.value)) }
                        .sorted { \$0.key < \$1.key }))
        case .array(let elements): .array(elements.map(sorted))
        default: value
        }
    }
    return sorted(try JSONDecoder().decode(MappedValue.self, from: Data(bytes)))
}

/// Round-trips one example through its generated types; whether it did.
func check<T: Codable>(_ name: String, as type: T.Type) -> Bool {
    do {
        let folder = examples.appendingPathComponent(name)
        let rules = try Rules(contentsOf: folder.appendingPathComponent(name + ".map"))
        let input = try Data(contentsOf: folder.appendingPathComponent("input.json"))
        let expected = try plain(Data(contentsOf: folder.appendingPathComponent("expected.json")))

        let values = try rules.decode(T.self, from: input)
        // The values hold what the output holds, written as Foundation writes them.
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp(date)?.iso8601String ?? "")
        }
        guard try plain(foundation.encode(values), droppingNulls: true) == plain(expected.jsonBytes(), droppingNulls: true) else {
            print("\(name): the decoded values do not hold expected.json")
            return false
        }
        guard rules.reversalProblems.isEmpty else {
            print("\(name): ok (decoded; the rules cannot map back)")
            return true
        }
        let encoded = try rules.encode(values)
        guard try plain(rules.map(encoded).jsonBytes()) == expected else {
            print("\(name): mapping what encode wrote does not give expected.json")
            print(String(decoding: try rules.map(encoded).jsonBytes(pretty: true), as: UTF8.self))
            return false
        }
        guard try plain(encoded) == plain(rules.reverse(expected).jsonBytes()) else {
            print("\(name): encode does not write what --reverse writes for expected.json")
            return false
        }
        print("\(name): ok")
        return true
    } catch {
        print("\(name): \(error)")
        return false
    }
}

let results = [
$calls]
exit(results.allSatisfy { \$0 } ? 0 : 1)
SWIFT

# Most examples must be checked, not only compiled, or the check proves little.
[ "$checked" -ge 10 ] || fail "only $checked examples can be round-tripped; expected at least 10"

log=$work/build.log
if ! swift build --package-path "$work" >"$log" 2>&1; then
    cat "$log" >&2
    fail "the generated code did not compile"
fi
if grep -E "Sources/Generated_.*warning:" "$log" >&2; then
    fail "the generated code compiled with warnings"
fi
"$(swift build --package-path "$work" --show-bin-path)/roundtrip" "$root/examples" || fail "an example did not round-trip"
echo "check-generated-swift: $checked examples decoded and (where their rules map back) round-tripped; every example's code compiled internal and public"
