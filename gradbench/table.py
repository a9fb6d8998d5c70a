"""Prints RESULTS.md's table from measure.sh's summary JSONs: per eval and workload, the
mean `evaluate` time of the primal and of the derivative, their ratio, for this tool and for
`manual`, and this tool's derivative time over manual's."""

import json
import sys
from pathlib import Path

PAIRS = {
    "lse": ("primal", "gradient"),
    "llsq": ("primal", "gradient"),
    "det": ("primal", "gradient"),
    "ode": ("primal", "gradient"),
    "gmm": ("objective", "jacobian"),
    "kmeans": ("cost", "dir"),
    "lstm": ("objective", "jacobian"),
    "ba": ("objective", "jacobian"),
    "ht-simple": ("objective", "jacobian"),
    "ht-complicated": ("objective", "jacobian"),
}


def fmt(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def load(path):
    s = json.loads(path.read_text())
    assert s["outcome"] == "success", (path, s["outcome"])
    out = {}
    for e in s["evaluations"]:
        assert e["valid"] is not False, (path, e["description"])
        out[(e["description"], e["function"])] = e["evaluate_mean_ns"]
    return out


def main(folder):
    folder = Path(folder)
    print("| eval | workload | autodiff primal | autodiff derivative | ratio "
          "| manual primal | manual derivative | ratio | derivative: autodiff / manual |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, (primal, deriv) in PAIRS.items():
        ours_path = folder / f"{name}.autodiff.json"
        if not ours_path.exists():
            continue
        ours = load(ours_path)
        manual = load(folder / f"{name}.manual.json")
        workloads = list(dict.fromkeys(d for d, _ in ours))
        for w in workloads:
            op, od = ours[(w, primal)], ours[(w, deriv)]
            mp, md = manual[(w, primal)], manual[(w, deriv)]
            print(f"| {name} | {w} | {fmt(op)} | {fmt(od)} | {od / op:.2f} "
                  f"| {fmt(mp)} | {fmt(md)} | {md / mp:.2f} | {od / md:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1])
