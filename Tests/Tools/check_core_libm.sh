#!/usr/bin/env bash
# The folders of MarbleKit that decide pixels and samples call no C maths: every object file of
# Physics, Paint, Session, Sound, Trace and Movement is read with `nm -u`, and any libm function
# among its undefined symbols fails the check, naming the file and the symbol. (Their maths is
# Support/Maths; see ARCHITECTURE.md, "Determinism".)
#
#   Tests/Tools/check_core_libm.sh [BUILD_DIR]     default: .build/debug (after `swift build`)
set -uo pipefail
cd "$(dirname "$0")/../.."
build="${1:-.build/debug}/MarbleKit.build"
[ -d "$build" ] || { echo "libm check: no $build (run swift build first)"; exit 1; }

# libm's functions, with their float and long double forms.
names="acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh erf erfc exp exp10 exp2 expm1
fabs fdim floor fma fmax fmin fmod frexp hypot ilogb j0 j1 jn ldexp lgamma llrint llround log log10 log1p
log2 logb lrint lround modf nan nearbyint nextafter nexttoward pow remainder remquo rint round scalbln
scalbn sin sincos sinh sqrt tan tanh tgamma trunc y0 y1 yn"
pattern="^($(echo $names | tr ' ' '|'))[fl]?$"

failed=0
checked=0
for folder in Physics Paint Session Sound Trace Movement; do
    # Rooms inside the folders too (Session/TwoMarbles/).
    for source in $(find Sources/MarbleKit/$folder -name '*.swift' | sort); do
        object="$build/$(basename "$source").o"
        [ -f "$object" ] || { echo "libm check: $object is missing (is it built?)"; failed=1; continue; }
        checked=$((checked + 1))
        for symbol in $(nm -u "$object" | awk '{print $NF}' | grep -E "$pattern"); do
            echo "libm check: $source calls $symbol"
            failed=1
        done
    done
done
[ "$failed" = 0 ] && echo "libm check: $checked object files of Physics, Paint, Session, Sound, Trace and Movement call no libm function"
exit "$failed"
