#!/usr/bin/env python3
"""minimize: shrink a generated program the macro mishandles, keeping the failure.

    python3 tools/minimize.py --seed 1 --count 520 --batches 8 --name b03_f017 \
        --compile 'E0381'            # a compile error whose text matches this regex
    python3 tools/minimize.py ... --name b03_f017 --check   # a failing derivative check

Builds candidates in a scratch crate (`--scratch`, default /tmp/adscratch, created on first
use) that depends on this repository; prints the smallest program found. Greedy: deletes
statements, replaces `if`/loops/blocks by their bodies, replaces expressions by their
operands or by a parameter or a literal, drops `#[checkpoint]` and `wrt`, and keeps a change
whenever the same failure remains. Candidates are run by genprog's interpreter first, so
ill-formed ones (unbound names, bad indices) and ones whose central differences become
unreliable are skipped without building.
"""

import argparse
import copy
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import genprog as g  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CARGO = """\
[package]
name = "adscratch"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
autodiff = {{ path = "{root}" }}
"""

STMT_TYPES = (g.Let, g.LetInt, g.Assign, g.IncInt, g.LetVec, g.LetCallVec, g.SetIdx, g.Push,
              g.MoveVec, g.If, g.Match, g.For, g.While, g.Block, g.Jump)
FLOAT_EXPRS = (g.Bin, g.Neg, g.M1, g.M2, g.Powi, g.MulAdd, g.Clamp, g.IfE, g.MatchE, g.Call,
               g.Idx, g.Cast, g.Const, g.Var)


def stmt_lists(node, out):
    """Every statement list in the function, in a fixed order."""
    if isinstance(node, list):
        if node and all(isinstance(s, STMT_TYPES) for s in node):
            out.append(node)
        for s in list(node):
            stmt_lists(s, out)
        return out
    if isinstance(node, STMT_TYPES):
        for k in sorted(vars(node)):
            v = getattr(node, k)
            if isinstance(v, list) or isinstance(v, STMT_TYPES):
                stmt_lists(v, out)
    return out


def expr_slots(node, out, float_ctx=True):
    """(holder, key) for every float expression, in a fixed order."""
    items = []
    if isinstance(node, list):
        items = list(enumerate(node))
        holder = node
    elif isinstance(node, (g.E,) + STMT_TYPES) or hasattr(node, "__dict__"):
        items = [(k, getattr(node, k)) for k in sorted(vars(node))]
        holder = node
    else:
        return out
    for k, v in items:
        if isinstance(v, FLOAT_EXPRS) and not isinstance(node, (g.Cast,)):
            out.append((holder, k))
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], g.E):
            expr_slots(v[1], out)
            continue
        if isinstance(v, (list, g.E) + STMT_TYPES):
            expr_slots(v, out)
    return out


def get(holder, k):
    return holder[k] if isinstance(holder, list) else getattr(holder, k)


def put(holder, k, v):
    if isinstance(holder, list):
        holder[k] = v
    else:
        setattr(holder, k, v)


def children(e):
    out = []
    for k in sorted(vars(e)):
        v = getattr(e, k)
        if isinstance(v, FLOAT_EXPRS) and not isinstance(v, (g.Var,)) or isinstance(v, g.Var):
            out.append(v)
        elif isinstance(v, list):
            out += [x for x in v if isinstance(x, FLOAT_EXPRS)]
    return out


class Minimizer:
    def __init__(self, a, funcs, target):
        self.a = a
        self.funcs = funcs
        self.target = target
        self.builds = 0
        self.scratch = a.scratch
        os.makedirs(os.path.join(self.scratch, "src"), exist_ok=True)
        with open(os.path.join(self.scratch, "Cargo.toml"), "w") as fh:
            fh.write(CARGO.format(root=ROOT))

    def callees(self, f):
        names, todo = [], [f]
        while todo:
            h = todo.pop()
            for c in calls_in(h.body + [h.tail]):
                if c.fn.name not in [n.name for n in names]:
                    names.append(c.fn)
                    todo.append(c.fn)
        order = [c.name for c in self.funcs]
        byname = {c.name: c for c in self.funcs}
        return [byname[n] for n in sorted({h.name for h in names}, key=order.index)]

    def source(self, f):
        out = ["#![allow(unused, unreachable_code, unused_parens, dead_code)]",
               "use autodiff::differentiate;",
               '#[path = "%s/tests/generated/harness.rs"]' % ROOT, "mod harness;",
               "use harness::{cat, Case};", ""]
        for c in self.callees(f):
            out.append("\n".join(c.rs_lines()))
        out.append("\n".join(f.rs_lines()))
        if f.has_ckpt:
            out.append("\n".join(f.rs_lines(name=f.name + "_plain", ckpt=False)))
        out.append("fn cases() -> Vec<Case> {\n    vec![")
        out.append(g.case_rs(f, f.name))
        if f.has_ckpt:
            out.append(g.case_rs(f, f.name + "_plain", seed_name=f.name).replace(
                "twin_of: None", 'twin_of: Some("%s")' % f.name))
        out.append("    ]\n}")
        out.append("fn main() {\n    let n = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3);\n"
                   "    let t = harness::check_all(&cases(), n);\n"
                   "    for m in &t.failures { println!(\"FAIL {m}\"); }\n"
                   "    std::process::exit(if t.failures.is_empty() { 0 } else { 1 });\n}")
        return "\n".join(out) + "\n"

    def fails(self, f):
        """Whether `f` still shows the failure."""
        try:
            g.scope_check(f)
            if self.a.check:
                g.screen(f, g.SCREEN_POINTS)
            else:
                g.screen_values(f)
        except (g.Reject, g.Budget, AssertionError, KeyError, TypeError, ZeroDivisionError, IndexError):
            return False
        src = self.source(f)
        with open(os.path.join(self.scratch, "src", "main.rs"), "w") as fh:
            fh.write(src)
        self.builds += 1
        b = subprocess.run(["cargo", "build", "--quiet"], cwd=self.scratch, capture_output=True, text=True)
        if self.a.compile:
            return b.returncode != 0 and re.search(self.a.compile, b.stderr) is not None
        if b.returncode != 0:
            return False
        r = subprocess.run([os.path.join(self.scratch, "target", "debug", "adscratch"), str(self.a.points)],
                           cwd=self.scratch, capture_output=True, text=True)
        return r.returncode != 0 and (self.a.match is None or re.search(self.a.match, r.stdout))

    def attempt(self, f, edit):
        memo = {id(c): c for c in self.funcs}
        h = copy.copy(f)
        h.body = copy.deepcopy(f.body, memo)
        h.tail = copy.deepcopy(f.tail, memo)
        h.wrt = copy.copy(f.wrt)
        try:
            if edit(h) is False:
                return None
        except (IndexError, AttributeError):
            return None
        # only strictly smaller programs, so the search ends
        if size(h) >= size(f):
            return None
        return h if self.fails(h) else None

    def run(self):
        f = self.target
        if not self.fails(f):
            sys.exit("the program does not fail as described")
        progress = True
        while progress:
            progress = False
            # whole statements
            i = 0
            while True:
                lists = stmt_lists(f.body, [])
                flat = [(li, j) for li, l in enumerate(lists) for j in range(len(l))]
                if i >= len(flat):
                    break
                li, j = flat[i]

                def delete(h, li=li, j=j):
                    del stmt_lists(h.body, [])[li][j]

                def inline(h, li=li, j=j):
                    l = stmt_lists(h.body, [])[li]
                    s = l[j]
                    if isinstance(s, g.If):
                        body = s.then
                    elif isinstance(s, (g.For, g.While, g.Block)):
                        body = s.body
                    elif isinstance(s, g.Match):
                        body = s.arms[0]
                    else:
                        return False
                    l[j:j + 1] = body

                def inline_else(h, li=li, j=j):
                    l = stmt_lists(h.body, [])[li]
                    s = l[j]
                    if not isinstance(s, g.If) or s.els is None:
                        return False
                    l[j:j + 1] = [s.els] if isinstance(s.els, g.If) else s.els

                def drop_ckpt(h, li=li, j=j):
                    s = stmt_lists(h.body, [])[li][j]
                    if not getattr(s, "ckpt", None):
                        return False
                    s.ckpt = None
                    h.has_ckpt = "#[checkpoint" in "".join(h.rs_lines())

                def drop_else(h, li=li, j=j):
                    s = stmt_lists(h.body, [])[li][j]
                    if not isinstance(s, g.If) or s.els is None:
                        return False
                    s.els = None

                for edit in (delete, inline, inline_else, drop_else, drop_ckpt):
                    h = self.attempt(f, edit)
                    if h is not None:
                        f, progress = h, True
                        self.report(f)
                        break
                else:
                    i += 1
            # expressions
            i = 0
            while True:
                slots = expr_slots([f.body, f.tail], [])
                if i >= len(slots):
                    break
                holder, k = slots[i]
                e = get(holder, k)
                repl = children(e) + [g.Num(0.5)]
                fl = [p.name for p in f.params if p.kind == "f"]
                if fl and not isinstance(e, g.Var):
                    repl.append(g.Var(fl[0]))
                done = False
                for r in repl:
                    if type(r) is type(e) and r.rs() == e.rs():
                        continue

                    def edit(h, i=i, r=r):
                        hh, kk = expr_slots([h.body, h.tail], [])[i]
                        put(hh, kk, copy.deepcopy(r, {id(c): c for c in self.funcs}))

                    h = self.attempt(f, edit)
                    if h is not None:
                        f, progress, done = h, True, True
                        self.report(f)
                        break
                if not done:
                    i += 1
            if f.wrt is not None:
                def nowrt(h):
                    h.wrt = None
                h = self.attempt(f, nowrt)
                if h is not None:
                    f, progress = h, True
        self.report(f, final=True)
        return f

    def report(self, f, final=False):
        lines = len(f.rs_lines())
        print("[%d builds] %d lines" % (self.builds, lines), file=sys.stderr)
        if final:
            print(self.source(f) if self.a.full else "\n".join(
                "\n".join(c.rs_lines()) for c in self.callees(f) + [f]))


def size(f):
    return len("".join(f.rs_lines()).replace(" ", "")) + (20 if f.wrt else 0)


def calls_in(node, out=None):
    out = [] if out is None else out
    if isinstance(node, g.Call):
        out.append(node)
    if isinstance(node, list):
        for x in node:
            calls_in(x, out)
    elif isinstance(node, tuple):
        for x in node:
            calls_in(x, out)
    elif hasattr(node, "__dict__") and not isinstance(node, g.Func):
        for k, v in vars(node).items():
            if k != "fn":
                calls_in(v, out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=520)
    ap.add_argument("--batches", type=int, default=8)
    ap.add_argument("--name", required=True)
    ap.add_argument("--compile", help="regex the compiler's errors must match")
    ap.add_argument("--check", action="store_true", help="a failing derivative check")
    ap.add_argument("--match", help="regex the check's failure must match")
    ap.add_argument("--points", type=int, default=3)
    ap.add_argument("--scratch", default="/tmp/adscratch")
    ap.add_argument("--full", action="store_true", help="print the whole scratch program")
    a = ap.parse_args()
    stats = {k: 0 for k in ("functions", "rejected", "checkpointed", "vec_out", "wrt", "calls", "for", "while", "recurrences")}
    batches = g.generate(a.seed, a.count, a.batches, stats, stop_at=a.name)
    funcs = [f for b in batches for f in b]
    target = [f for f in funcs if f.name == a.name][0]
    Minimizer(a, funcs, target).run()


if __name__ == "__main__":
    main()
