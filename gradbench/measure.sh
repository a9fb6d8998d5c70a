#!/usr/bin/env bash
# The measurements of RESULTS.md: each implemented eval at a few small/medium sizes, this
# tool and GradBench's `manual` C++ tool, `--min-runs 3 --min-seconds 0.1`; writes one
# summary JSON per eval and tool into OUT (default <target>/gradbench-measure) and prints
# the table (`table.py`). Same environment variables as run-quick.sh; run run-quick.sh once
# first (it creates the venv).
set -euo pipefail

ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
GB=$(cd "${GRADBENCH_DIR:-$ROOT/../shared/gradbench}" && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
VENV=${GRADBENCH_VENV:-$TARGET/venv-gradbench}
export GRADBENCH_WORKDIR=${GRADBENCH_WORKDIR:-$TARGET/gradbench-work}
OUT=${1:-$TARGET/gradbench-measure}
mkdir -p "$OUT"

(cd "$ROOT" && cargo build --release -q -p autodiff-gradbench)
TOOL=$TARGET/release/autodiff-gradbench

EVALS=(
    "lse -n 10000 40000 160000"
    "llsq -n 64 256 1024 -m 128"
    "det -l 6 7 8"
    "ode -n 1000 10000 -s 1 10"
    "gmm -d 2 10 -k 5 25 -n 1000"
    "kmeans -k 10 100 -n 1000 -d 8 16"
    "lstm -l 2 4 -c 1024 4096"
    "ba --min 1 --max 3"
    "ht --model small --min 4 --max 6 --variant simple"
    "ht --model small --min 4 --max 6 --variant complicated"
)
for e in "${EVALS[@]}"; do
    # shellcheck disable=SC2086 # the sizes are meant to split
    set -- $e
    name=$1 # ht's two variants get a summary each: ht-simple, ht-complicated
    if [[ $e =~ --variant\ ([a-z]+) ]]; then name=$1-${BASH_REMATCH[1]}; fi
    for tool in autodiff manual; do
        if [ $tool = autodiff ]; then cmd=("$TOOL"); else cmd=(manual); fi
        echo "=== $e -- $tool" >&2
        "$VENV/bin/python" "$GB/run-eval" --no-log --summary-json "$OUT/$name.$tool.json" \
            "$@" --min-runs 3 --min-seconds 0.1 -- "${cmd[@]}" >&2
    done
done
"$VENV/bin/python" "$(dirname "$0")/table.py" "$OUT"
