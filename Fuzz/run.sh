#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for FUZZ_SECONDS (default 60).
#
#   Fuzz/run.sh                  build and run every target
#   Fuzz/run.sh Journal Index    build and run those
#   Fuzz/run.sh --build-only     only compile every target, against `swift build`'s MarbleKit
#                                (make test keeps them compiling this way; .build/fuzz-check)
#
# MarbleKit is compiled once, instrumented (coverage and AddressSanitizer) and with testing
# enabled so the targets reach its internal decoders through @testable import; each target is
# one small file linked against it. The Pictures target also links the picture decoders
# (MarblePictures and the PNG, JPEG and WebP modules under it, built the same way only when it
# is asked for) and their C libraries, found by pkg-config; the Multistatus target links the
# class folder's module (MarbleClass, its WebDAV reader) and libcurl under it, the same way.
# Everything goes to .build/fuzz. New inputs libFuzzer finds
# go to .build/fuzz/corpus/NAME (the seeds in Fuzz/Corpus/NAME stay as they are); a crash, leak
# or sanitizer report leaves its input in .build/fuzz/artifacts and makes the exit status 1.
set -uo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
SWIFTC="${SWIFTC:-swiftc}"
SECONDS_EACH="${FUZZ_SECONDS:-60}"
# Extra libFuzzer flags, e.g. FUZZ_FLAGS=-jobs=2.
EXTRA="${FUZZ_FLAGS:-}"

# What a target links beside MarbleKit (target_deps NAME sets them): its Swift modules (each
# after those it imports), the folders of their C libraries' module maps, those libraries'
# pkg-config names, and whether one of them imports MarbleKit (then they are rebuilt when
# MarbleKit is: MarblePictures reads files through MarbleKit's reader). The picture decoders for Pictures; the class folder's module for Multistatus.
target_deps() {
    case "$1" in
        Pictures)
            MODULES=(MarblePNG MarbleJPEG MarbleWebP MarblePictures); CMODULES=(CLibPNG CTurboJPEG CWebP)
            PKGS="libpng libturbojpeg libwebpmux libwebpdemux libwebp"; ON_KIT=1 ;;
        Multistatus)
            MODULES=(MarbleClass); CMODULES=(CCurl); PKGS="libcurl"; ON_KIT=1 ;;
        *)
            MODULES=(); CMODULES=(); PKGS=""; ON_KIT=0 ;;
    esac
}
# The compiler flags that find the C modules (and their headers, libpng's in a folder of its own).
target_cflags() {
    local c flag
    for c in "${CMODULES[@]}"; do printf -- '-I\n%s\n' "$ROOT/Sources/$c"; done
    for flag in $(pkg-config --cflags-only-I $PKGS); do printf -- '-Xcc\n%s\n' "$flag"; done
}

build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; shift; fi
if [ $# -eq 0 ]; then
    set -- $(cd "$HERE/Targets" && ls *.swift | sed 's/\.swift$//')
fi

if [ "$build_only" = 1 ]; then
    # Only to see that they compile: each target against the MarbleKit that `swift build` just
    # made (a debug build has testing enabled, so @testable import works), with libFuzzer
    # linked in and no instrumentation. About a second a target; nothing is rebuilt.
    DEBUG="$ROOT/.build/debug"
    [ -f "$DEBUG/Modules/MarbleKit.swiftmodule" ] || { echo "fuzz: run swift build first (no $DEBUG/Modules/MarbleKit.swiftmodule)"; exit 1; }
    mkdir -p "$ROOT/.build/fuzz-check"
    for name in "$@"; do
        extra=()
        target_deps "$name"
        if [ ${#MODULES[@]} -gt 0 ]; then
            for m in "${MODULES[@]}"; do
                [ -d "$DEBUG/$m.build" ] || { echo "fuzz: run swift build first (no $DEBUG/$m.build)"; exit 1; }
                extra+=("$DEBUG/$m.build"/*.o)
            done
            mapfile -t -O "${#extra[@]}" extra < <(target_cflags)
            extra+=($(pkg-config --libs $PKGS))
        fi
        "$SWIFTC" -parse-as-library -sanitize=fuzzer -Onone -swift-version 6 -use-ld=lld -I "$DEBUG/Modules" \
            "$HERE/Targets/$name.swift" "$HERE"/Support/*.swift "$DEBUG"/MarbleKit.build/*.o "${extra[@]}" \
            -o "$ROOT/.build/fuzz-check/fuzz-$name" || { echo "fuzz: $name does not compile"; exit 1; }
    done
    echo "fuzz: $# targets compile"
    exit 0
fi

OUT="$ROOT/.build/fuzz"
# -O: the fuzzers run several times faster; the library builds once (about 40 s).
FLAGS=(-sanitize=fuzzer,address -O -swift-version 6 -use-ld=lld)
mkdir -p "$OUT/artifacts" "$OUT/corpus"

# build_lib MODULE [FLAGS...]: the instrumented library of Sources/MODULE, rebuilt when a source
# is newer than it or a library built before it in this run is (the modules it imports).
newest=""
build_lib() {
    local module=$1; shift
    local lib="$OUT/lib$module.a"
    if [ ! -f "$lib" ] || { [ -n "$newest" ] && [ "$newest" -nt "$lib" ]; } \
        || [ -n "$(find "$ROOT/Sources/$module" -name '*.swift' -newer "$lib" | head -1)" ]; then
        echo "fuzz: building $module (instrumented)"
        "$SWIFTC" "${FLAGS[@]}" -parse-as-library -wmo -enable-testing -package-name marblekit "$@" -I "$OUT" \
            -module-name "$module" -emit-module -emit-module-path "$OUT/$module.swiftmodule" \
            -emit-library -static -o "$lib.tmp.$$" $(find "$ROOT/Sources/$module" -name '*.swift' | sort) || exit 1
        mv "$lib.tmp.$$" "$lib"
    fi
    if [ -z "$newest" ] || [ "$lib" -nt "$newest" ]; then newest="$lib"; fi
}
build_lib MarbleKit
LIB="$OUT/libMarbleKit.a"
# target_link NAME: builds the modules NAME links beside MarbleKit (when out of date) and sets
# LINK to their flags.
target_link() {
    target_deps "$1"
    LINK=()
    [ ${#MODULES[@]} -gt 0 ] || return 0
    local cflags m
    mapfile -t cflags < <(target_cflags)
    if [ "$ON_KIT" = 1 ]; then newest="$LIB"; else newest=""; fi
    for m in "${MODULES[@]}"; do build_lib "$m" "${cflags[@]}"; LINK+=("-l$m"); done
    LINK+=("${cflags[@]}" $(pkg-config --libs $PKGS))
}

failed=()
for name in "$@"; do
    target="$HERE/Targets/$name.swift"
    [ -f "$target" ] || { echo "fuzz: no target $name (Fuzz/Targets/$name.swift)"; exit 2; }
    bin="$OUT/fuzz-$name"
    target_link "$name"
    if [ ! -f "$bin" ] || [ "$LIB" -nt "$bin" ] || [ -n "$(find "$target" "$HERE/Support" -newer "$bin" | head -1)" ] \
        || { [ ${#LINK[@]} -gt 0 ] && [ -n "$(find "$OUT" -maxdepth 1 -name 'libMarble*.a' -newer "$bin" | head -1)" ]; }; then
        "$SWIFTC" "${FLAGS[@]}" -I "$OUT" -L "$OUT" "${LINK[@]}" -lMarbleKit "$target" "$HERE"/Support/*.swift -o "$bin" || exit 1
    fi

    mkdir -p "$OUT/corpus/$name"
    # The store targets' scratch folders: in memory (/dev/shm) where there is one, since the
    # store fsyncs what it writes; removed after the run.
    scratch="$(mktemp -d "$( [ -w /dev/shm ] && echo /dev/shm || echo "$OUT")/marble-fuzz-$name.XXXXXX")"
    log="$OUT/$name.log"
    echo "fuzz: $name for ${SECONDS_EACH}s"
    # -timeout: an input that takes 20 s is a hang to fix, not a slow machine.
    # SWIFT_BACKTRACE off: the runtime's crash handler trips AddressSanitizer itself after a trap.
    SWIFT_BACKTRACE=enable=no TMPDIR="$scratch" "$bin" -max_total_time="$SECONDS_EACH" -print_final_stats=1 -timeout=20 -rss_limit_mb=3072 \
        -artifact_prefix="$OUT/artifacts/$name-" $EXTRA "$OUT/corpus/$name" "$HERE/Corpus/$name" >"$log" 2>&1
    status=$?
    rm -rf "$scratch"
    # libFuzzer's summary: the last coverage line, the runs and the speed.
    grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 | sed "s/^/  $name: /"
    grep -E '^(Done [0-9]+ runs|stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb))' "$log" | sed "s/^/  $name: /"
    if [ $status -ne 0 ] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|SUMMARY: |Fatal error|deadly signal' "$log"; then
        echo "fuzz: $name FAILED (exit $status); the report is in $log:"
        grep -E 'ERROR:|SUMMARY:|Fatal error|fuzz check failed|Test unit written|artifact_prefix' "$log" | head -8 | sed 's/^/    /'
        failed+=("$name")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} target(s) failed: ${failed[*]}"
    exit 1
fi
echo "fuzz: every target ran clean"
