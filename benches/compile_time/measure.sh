#!/usr/bin/env bash
# Compile-time cost of #[differentiate]: builds the 30 functions of src/lib.rs with the
# attribute (`--features ad`) and without it, and prints the wall-clock time of building
# this crate alone (its dependencies, autodiff and syn included, are built beforehand and
# not counted): `cargo check` (expansion and type checking, no code generation), then
# `cargo build` in the dev (debug) and the release profile; incremental compilation off so
# that each timed build compiles the whole crate; REPS builds each, best and all printed.
#
# Usage: benches/compile_time/measure.sh [REPS]    (default 3)
# Builds in a copy under /tmp (own target dir), so nothing is written into the repository.
set -euo pipefail

REPS="${1:-3}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="${AUTODIFF_COMPILE_TIME_DIR:-/tmp/autodiff-compile-time}"
export CARGO_TARGET_DIR="$WORK/target"
export CARGO_INCREMENTAL=0

mkdir -p "$WORK/crate/src"
sed "s|path = \"../..\"|path = \"$REPO\"|" "$HERE/Cargo.toml" > "$WORK/crate/Cargo.toml"
cp "$HERE/src/lib.rs" "$WORK/crate/src/lib.rs"
cd "$WORK/crate"

fns=$(grep -c '^#\[cfg_attr(feature = "ad", differentiate' src/lib.rs)
echo "crate: $fns annotated functions, $(wc -l < src/lib.rs) lines; autodiff at $REPO"
echo "rustc: $(rustc --version)"

now() { date +%s.%N; }

for profile in check dev release; do
    cmd=build
    flags=()
    [ "$profile" = check ] && cmd=check
    [ "$profile" = release ] && flags+=(--release)
    label="$cmd"; [ "$cmd" = build ] && label="build $profile"
    # Warm-up: dependencies for this profile, and both variants once.
    cargo "$cmd" -q "${flags[@]}"
    cargo "$cmd" -q "${flags[@]}" --features ad
    for variant in without with; do
        vflags=()
        [ "$variant" = with ] && vflags+=(--features ad)
        times=()
        for _ in $(seq "$REPS"); do
            touch src/lib.rs
            t0=$(now)
            cargo "$cmd" -q "${flags[@]}" "${vflags[@]}"
            t1=$(now)
            times+=("$(echo "$t1 - $t0" | bc -l | xargs printf '%.2f')")
        done
        best=$(printf '%s\n' "${times[@]}" | sort -n | head -1)
        printf '%-14s %-24s best %6ss   (all: %s)\n' "$label" "$variant #[differentiate]" "$best" "${times[*]}"
    done
done
