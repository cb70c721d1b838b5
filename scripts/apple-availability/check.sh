#!/usr/bin/env bash
# Type-checks the MapLang library for each Apple platform at the oldest
# version Package.swift declares, the way Xcode would build it for an app:
# every use of an API newer than that version is an error, as is code behind
# `#if canImport(Darwin)`-style conditions that does not compile there.
#
# Linux has no SDK for Apple's systems, so this one is put together from
# what the toolchain has: the standard library's own interfaces (Swift,
# _Concurrency, _StringProcessing, ...), whose declarations carry their real
# availability on Apple's systems, rebuilt for each Apple target; and small
# stand-ins for the few Foundation, Dispatch and Darwin declarations the
# library uses (`Foundation.swift`, `Dispatch.swift`, `Darwin.swift` beside
# this script; Darwin's makes `canImport(Darwin)` true), which every
# supported system has had since Swift 3. What it cannot check: the real
# Foundation's and Dispatch's signatures, and the command-line tool, the
# benchmark and the tests, which use the C library (see README, Platforms).
#
# The folder has no SDKSettings.json: given one, the compiler looks for the
# standard library where Apple's SDKs keep it, so it warns that it has none.
#
# usage: scripts/apple-availability/check.sh    (about a minute per platform
# the first time, as many platforms at once as there are cores; the rebuilt
# interfaces are kept between runs for this toolchain, in the cache of
# scripts/lib/cache.sh, and this run's files in .build/apple-availability)
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/apple-availability
work=.build/apple-availability
swiftc=$(command -v swiftc)
toolchain=$(cd "$(dirname "$(readlink -f "$swiftc")")/../lib/swift" && pwd)
mkdir -p "$work"
# shellcheck source=../lib/cache.sh
source scripts/lib/cache.sh
# The standard library's interfaces for Apple's systems and the modules
# built from them depend only on the toolchain.
shared=$(maplang_cache)/apple-availability/$({ "$swiftc" --version 2>&1; echo "$toolchain"; } | (sha256sum 2>/dev/null || shasum -a 256) | cut -c1-16)
mkdir -p "$shared"

# The library's files and the platforms, as SwiftPM reads Package.swift.
swift package describe --type json > "$work/package.json"
swift package dump-package > "$work/manifest.json"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
package = json.load(open(f"{work}/package.json"))
library = next(t for t in package["targets"] if t["name"] == "MapLang")
paths = [f"{package['path']}/{library['path']}/{source}" for source in library["sources"]]
# Files that turn pointers into objects (Unmanaged) go last: see below.
last = [path for path in paths if "Unmanaged<" in open(path).read()]
with open(f"{work}/sources.txt", "w") as out:
    out.writelines(path + "\n" for path in [p for p in paths if p not in last] + last)
with open(f"{work}/last.txt", "w") as out:
    out.writelines(path + "\n" for path in last)
manifest = json.load(open(f"{work}/manifest.json"))
with open(f"{work}/platforms.txt", "w") as out:
    for platform in manifest["platforms"]:
        out.write(f"{platform['platformName']} {platform['version']}\n")
PY
test -s "$work/platforms.txt" || { echo "check.sh: Package.swift declares no platforms" >&2; exit 1; }

# CThreads as the library imports it.
mkdir -p "$work/CThreads"
printf 'module CThreads {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CThreads/include/CThreads.h" > "$work/CThreads/module.modulemap"

# Checks one platform, writing what it has to say to $work/NAME.report;
# fails when the library does not type-check there.
check_platform() {
    local name=$1 version=$2 folder triple suffix sdk resources stub log this status accepted inherited
    # x86_64 everywhere, so the interfaces' Float80 declarations have a type.
    case $name in
        macos) folder=macosx; triple=x86_64-apple-macos; suffix= ;;
        ios) folder=iphonesimulator; triple=x86_64-apple-ios; suffix=-simulator ;;
        tvos) folder=appletvsimulator; triple=x86_64-apple-tvos; suffix=-simulator ;;
        watchos) folder=watchsimulator; triple=x86_64-apple-watchos; suffix=-simulator ;;
        visionos) folder=xrsimulator; triple=x86_64-apple-xros; suffix=-simulator ;;
        *) echo "check.sh: no Apple target for platform \`$name\`"; return 1 ;;
    esac
    sdk=$shared/sdk-$name
    resources=$sdk/usr/lib/swift
    stubs=$work/stubs-$name
    if [ ! -f "$sdk/ready" ]; then
        rm -rf "$sdk"
        mkdir -p "$resources/$folder"
        ln -s "$toolchain/shims" "$resources/shims"
        ln -s "$toolchain/clang" "$resources/clang"
        # The standard library's modules that Apple's systems have too (not
        # Glibc, which would make `canImport(Glibc)` true).
        for module in Swift _Concurrency _StringProcessing _RegexParser RegexBuilder SwiftOnoneSupport \
            Synchronization Distributed Observation _Volatile _Builtin_float; do
            interface=$toolchain/linux/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface
            mkdir -p "$resources/$folder/$module.swiftmodule"
            # Built for the newest system, as Apple's SDK is; Linux's interfaces
            # leave out the bodies of back-deployed functions and carry Linux's
            # own availability for a few conformances, which this build skips.
            sed -e "s/-target x86_64-unknown-linux-gnu/-target ${triple}26.0$suffix -disable-availability-checking/" \
                -e 's/@backDeployed([^)]*)//' \
                "$interface" > "$resources/$folder/$module.swiftmodule/$triple$suffix.swiftinterface"
        done
        touch "$sdk/ready"
    fi
    # The stand-ins, for the version checked.
    rm -rf "$stubs" && mkdir -p "$stubs"
    for stub in Foundation Dispatch Darwin; do
        if ! "$swiftc" -emit-module -parse-as-library -module-name "$stub" -target "$triple$version$suffix" \
            -sdk "$sdk" -resource-dir "$resources" -module-cache-path "$shared/cache-$name" \
            "$here/$stub.swift" -o "$stubs/$stub.swiftmodule" > "$work/$name-$stub.log" 2>&1; then
            cat "$work/$name-$stub.log"
            return 1
        fi
    done
    echo "== MapLang for $name $version"
    log=$work/$name.log
    this=0
    status=0
    # shellcheck disable=SC2046
    "$swiftc" -typecheck -target "$triple$version$suffix" -sdk "$sdk" -resource-dir "$resources" \
        -module-cache-path "$shared/cache-$name" -I "$stubs" -I "$work/CThreads" \
        -module-name MapLang -package-name MapLang -swift-version 6 -parse-as-library \
        $(cat "$work/sources.txt") > "$log" 2>&1 || status=$?
    # Any error or warning fails the check, wherever it is, but one. The
    # standard library rebuilt from Linux's interface lacks the intrinsics
    # that typed pointer arithmetic and `Unmanaged` use, which Apple's own
    # has, and the compiler checks no file after the first such error. So
    # the library does without pointer arithmetic (buffer slices and raw
    # loads instead), and only the files that use `Unmanaged`, checked last,
    # may give that error.
    accepted="error: broken standard library: cannot find intrinsic operations on UnsafeMutablePointer<T>$"
    # visionOS takes the availability of iOS, at versions that only an SDK's
    # SDKSettings.json maps (visionOS 1 has all of iOS 17); without one the
    # compiler compares iOS versions with visionOS's, so that comparison is
    # left out for visionOS, and its own (visionOS) availability still counts.
    inherited='^$'
    if [ "$name" = visionos ]; then inherited="error: .* is only available in iOS [0-9.]+ or newer$"; fi
    if grep -E "(error|warning):" "$log" | grep -v "SDKSettings" | grep -vE "$inherited" \
        | grep -vE "^ *[0-9]* *\|" | grep -v "^ *\`- " \
        | grep -vF -f <(grep -E "$accepted" "$log" | grep -F -f "$work/last.txt" | grep -v "^ ") \
        > "$work/$name.findings"; then
        this=1
        cat "$work/$name.findings"
    fi
    # The compiler fails for the accepted error too; failing with none (a
    # crash, a kill) fails the check.
    # grep's status 1 is "no line matched", which leaves the file empty; 2 is an error.
    grep -E "$accepted" "$log" > "$work/$name.accepted" || [ $? -eq 1 ]
    if [ "$status" != 0 ] && ! grep -qF -f "$work/last.txt" "$work/$name.accepted" \
        && ! grep -qE "$inherited" "$log"; then
        this=1
        cat "$log"
    fi
    [ "$this" = 0 ]
}

# Each platform's check runs on one core, most of it rebuilding the
# standard library's interfaces: as many run at once as there are cores,
# each reporting into its own file, and the reports are shown in order.
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
names=()
pids=()
failed=0
finish() {
    if ! wait "${pids[0]}"; then failed=1; fi
    cat "$work/${names[0]}.report"
    names=("${names[@]:1}")
    pids=("${pids[@]:1}")
}
while read -r name version; do
    check_platform "$name" "$version" > "$work/$name.report" 2>&1 &
    names+=("$name")
    pids+=($!)
    if [ "${#pids[@]}" -ge "$cores" ]; then finish; fi
done < "$work/platforms.txt"
while [ "${#pids[@]}" -gt 0 ]; do finish; done

if [ "$failed" != 0 ]; then
    echo "check.sh: the library does not build for every declared Apple platform" >&2
    exit 1
fi
echo "the library type-checks for every declared Apple platform"
