#!/usr/bin/env bash
# Runs every eval this tool implements through GradBench at its smallest sizes (one run each,
# every output validated against GradBench's `manual` C++ tool), and checks that the evals
# it does not implement are refused at `define`. Exits non-zero if any outcome differs.
#
#   gradbench/run-quick.sh                 # from anywhere inside the repository
#
# Environment (all optional):
#   GRADBENCH_DIR      GradBench's offline copy (default: <repo>/../shared/gradbench)
#   GRADBENCH_VENV     the Python venv for the evals (default: <target>/venv-gradbench;
#                      created and filled from GRADBENCH_DIR/requirements.txt when missing)
#   GRADBENCH_WORKDIR  run-eval's work directory, where it builds `manual` (default:
#                      <target>/gradbench-work; kept between runs, so later runs are faster)
#   CARGO_TARGET_DIR   as for cargo (default: <repo>/target)
set -euo pipefail

ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
GB=${GRADBENCH_DIR:-$ROOT/../shared/gradbench}
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
VENV=${GRADBENCH_VENV:-$TARGET/venv-gradbench}
export GRADBENCH_WORKDIR=${GRADBENCH_WORKDIR:-$TARGET/gradbench-work}

if [ ! -f "$GB/run-eval" ]; then
    echo "run-quick: no GradBench at $GB (set GRADBENCH_DIR)" >&2
    exit 1
fi
GB=$(cd "$GB" && pwd)

if ! "$VENV/bin/python" -c 'import numpy, scipy, pydantic, dataclasses_json, nlohmann_json' 2>/dev/null; then
    echo "run-quick: creating the venv $VENV" >&2
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q -r "$GB/requirements.txt"
fi

(cd "$ROOT" && cargo build --release -q -p autodiff-gradbench)
TOOL=$TARGET/release/autodiff-gradbench

# Each implemented eval at its smallest sizes.
EVALS=(
    "hello"
    "lse -n 2500"
    "llsq -n 16 -m 128"
    "det -l 5"
    "ode -n 1000 -s 1"
    "gmm -d 2 -k 5 -n 1000"
    "kmeans -k 10 -n 1000 -d 8"
    "lstm -l 2 -c 1024"
    "ba --max 1"
    "ht --model small --max 1 --variant simple"
    "ht --model small --max 1 --variant complicated"
    "particle"
    "saddle"
)
# The evals refused at `define` (outcome `undefined`, exit code 2): none.
UNDEFINED=()

failed=()
run() {
    "$VENV/bin/python" "$GB/run-eval" -o "$TARGET/gradbench-runs" "$@" -- "$TOOL"
}
for e in "${EVALS[@]}"; do
    # shellcheck disable=SC2086 # the sizes are meant to split
    set -- $e
    echo "=== $e" >&2
    if [ "$1" = hello ]; then
        args=("$@")
    else
        args=("$@" --min-runs 1 --min-seconds 0)
    fi
    if ! run "${args[@]}" >&2; then
        failed+=("$1")
    fi
done
for e in ${UNDEFINED[@]+"${UNDEFINED[@]}"}; do
    echo "=== $e (expected: undefined)" >&2
    code=0
    run "$e" >&2 || code=$?
    if [ "$code" != 2 ]; then
        echo "run-quick: $e ended with exit code $code, expected 2 (undefined)" >&2
        failed+=("$e")
    fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "run-quick: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "run-quick: every implemented eval succeeded (${#EVALS[@]}), ${#UNDEFINED[@]} refused as expected" >&2
