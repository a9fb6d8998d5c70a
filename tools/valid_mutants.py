#!/usr/bin/env python3
"""Valid mutants: the `#[differentiate]` functions of the test corpus rewritten in ways that
keep them valid Rust with the same value (identifiers made raw, parameters shadowed, a `let`'s
value wrapped in a closure or a block, independent `let`s swapped, locals renamed like the
macro's own names), then compiled by rustc, each also with the attribute stripped.

Where rustc accepts the stripped mutant, the mutant must compile with the attribute, or get the
macro's own message (an error without an error code); any other error is a bug about
generated code, reported with the mutant. Mutants that compile are then run: each one's value
must equal its original's, its gradient its original's (to 1e-10), and its `_gradcheck` pass
wherever the original's does.

    python3 tools/valid_mutants.py --seed 1 --count 600 --scratch /tmp/vmut [--tree DIR] [--write tests/valid_mutants.rs --keep 150]

`--tree` builds against another checkout of the project (a clone at the commit measured)
instead of this one.

The corpus is every `#[differentiate]` function of the tests whose parameters are `f64` or
`&[f64]` and whose result is `f64` (those that compile on their own: helpers of their file
are not copied). `--write` keeps the first `--keep` mutants that passed as a test file, with
their originals, run by `cargo test --test valid_mutants`.
"""

import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIG = re.compile(r"fn (\w+)\s*\(([^)]*)\)\s*->\s*f64\s*\{")
PARAM = re.compile(r"(mut )?(\w+): (f64|&\[f64\])")
KEYWORDS = {"self", "Self", "super", "crate", "fn", "let", "mut", "if", "else", "for", "in",
            "while", "loop", "return", "break", "continue", "match", "as", "true", "false",
            "f64", "f32", "usize", "i32", "move", "ref", "where", "impl", "use", "mod"}
MACRO_NAMES = ["x_bar", "dout", "lo", "hi", "t0", "ret", "value", "tape", "acc", "ct"]


def functions():
    """Every `#[differentiate]` function of the tests (as the macro's `no_panic` test reads
    them): tests/*.rs, tests/expand, tests/ui and tests/ui-pass, each once, in file order."""
    files = (sorted(glob.glob(os.path.join(ROOT, "tests/*.rs")))
             + sorted(glob.glob(os.path.join(ROOT, "tests/expand/*.rs")))
             + sorted(glob.glob(os.path.join(ROOT, "tests/ui/**/*.rs"), recursive=True))
             + sorted(glob.glob(os.path.join(ROOT, "tests/ui-pass/**/*.rs"), recursive=True)))
    seen, out = set(), []
    for path in files:
        if path.endswith(".expanded.rs") or path.endswith("valid_mutants.rs"):
            continue
        src = open(path).read()
        for m in re.finditer(r"^(#\[differentiate[^\n]*\]\n)((?:#\[[^\n]*\]\n)*)(pub )?fn ", src, re.M):
            i = src.index("{", m.end())
            depth, j = 0, i
            while True:
                depth += {"{": 1, "}": -1}.get(src[j], 0)
                if depth == 0:
                    break
                j += 1
            text = src[m.start():j + 1]
            if text not in seen:
                seen.add(text)
                out.append(text)
    return out


def corpus():
    """(name, text, [(param, type)]) of each candidate function."""
    out = []
    for text in functions():
        m = SIG.search(text)
        if not m or "<" in text[:m.end()].split("fn ", 1)[1].split("(")[0]:
            continue
        params = [p.strip() for p in m.group(2).split(",") if p.strip()]
        parsed = [PARAM.fullmatch(p) for p in params]
        if not params or not all(parsed):
            continue
        out.append((m.group(1), text, [(p.group(2), p.group(3)) for p in parsed]))
    return out


def body_span(text):
    """Index of the body's opening brace and of its closing one."""
    start = SIG.search(text).end() - 1
    return start, len(text) - 1


def names_bound(body):
    """Names bound by single-identifier `let`s in the body."""
    return sorted(set(re.findall(r"\blet (?:mut )?([a-z_]\w*)\b", body)) - KEYWORDS)


def replace_ident(text, old, new):
    """Every use of the identifier `old` as a variable (not after `.` or `::`, not a call
    of a free function, not a macro) written `new`."""
    pattern = re.compile(r"(?<![\w.#:])" + re.escape(old) + r"\b(?!\s*!|\s*::)")
    return pattern.sub(new, text)


def simple_lets(body):
    """(start, end, name, init) of each one-line `let name = init;` with a plain value."""
    out = []
    for m in re.finditer(r"(?m)^([ \t]*)let (mut )?([a-z_]\w*)(: [^=;\n]+)? = ([^;\n{}]+);[ \t]*$", body):
        init = m.group(5)
        if init.count("(") == init.count(")") and init.count("[") == init.count("]"):
            out.append((m.start(), m.end(), m.group(3), init, m))
    return out


def mentions(text, name):
    return re.search(r"(?<![\w.])" + re.escape(name) + r"\b", text) is not None


def mutate(name, text, params, rng):
    """One mutant: one to three rewrites that keep the value; the kinds applied."""
    kinds = []
    for _ in range(rng.randint(1, 3)):
        start, end = body_span(text)
        head, body = text[:start], text[start:]
        kind = rng.choice(["raw", "shadow", "closure", "block", "swap", "macro_name"])
        if kind == "raw":
            candidates = [p for p, _ in params] + names_bound(body)
            if not candidates:
                continue
            n = rng.choice(candidates)
            head = re.sub(r"(?<![\w#])" + re.escape(n) + r"(?=: )", "r#" + n, head)
            body = replace_ident(body, n, "r#" + n)
        elif kind == "shadow":
            scalars = [p for p, t in params if t == "f64"]
            if not scalars:
                continue
            n = rng.choice(scalars)
            body = body.replace("{", "{\n    let %s = %s;" % (n, n), 1)
        elif kind in ("closure", "block"):
            lets = simple_lets(body)
            if not lets:
                continue
            s, e, n, init, m = rng.choice(lets)
            if kind == "closure":
                # A name of its own (the function's `g` would be hidden by it).
                g = next("wrap%d" % k for k in range(100) if not mentions(text, "wrap%d" % k))
                wrapped = rng.choice(["(|| %s)()" % init, "(move || %s)()" % init,
                                      "{ let %s = || %s; %s() }" % (g, init, g),
                                      "{ let %s = move |t| t; %s(%s) }" % (g, g, init)])
            else:
                wrapped = "{ %s }" % init
            line = "%slet %s%s%s = %s;" % (m.group(1), m.group(2) or "", n, m.group(4) or "", wrapped)
            body = body[:s] + line + body[e:]
        elif kind == "swap":
            lets = simple_lets(body)
            pairs = []
            for a, b in zip(lets, lets[1:]):
                between = body[a[1]:b[0]]
                if between.strip() or a[4].group(2) or b[4].group(2):
                    continue
                if mentions(b[3], a[2]) or mentions(a[3], b[2]) or a[2] == b[2]:
                    continue
                pairs.append((a, b))
            if not pairs:
                continue
            a, b = rng.choice(pairs)
            la, lb = body[a[0]:a[1]], body[b[0]:b[1]]
            body = body[:a[0]] + lb + body[a[1]:b[0]] + la + body[b[1]:]
        elif kind == "macro_name":
            bound = names_bound(body)
            free = [m for m in MACRO_NAMES if not mentions(text, m)]
            if not bound or not free:
                continue
            n, new = rng.choice(bound), rng.choice(free)
            body = replace_ident(body, n, new)
        text = head + body
        kinds.append(kind)
    return text, kinds


def renamed(text, name, new):
    return text.replace("fn %s(" % name, "fn %s(" % new, 1)


def strip(text):
    return re.sub(r"(?m)^#\[differentiate[^\n]*\]\n", "", text)


TREE = ROOT


def write_crate(path, units, stripped):
    """A crate of one module per unit (`m{i}.rs`), the attribute stripped or not."""
    src = os.path.join(path, "src")
    if os.path.exists(src):
        shutil.rmtree(src)
    os.makedirs(src)
    with open(os.path.join(path, "Cargo.toml"), "w") as fh:
        fh.write('[package]\nname = "vmut"\nversion = "0.1.0"\nedition = "2021"\n\n'
                 '[dependencies]\nautodiff = { path = "%s" }\n\n[lints.rust]\nunused = "allow"\n' % TREE)
    lib = ["#![allow(warnings, clippy::all)]"]
    for i, text in units:
        lib.append("pub mod m%d;" % i)
        body = strip(text) if stripped else text
        with open(os.path.join(src, "m%d.rs" % i), "w") as fh:
            fh.write("#![allow(warnings)]\nuse autodiff::differentiate;\n" + body + "\n")
    with open(os.path.join(src, "lib.rs"), "w") as fh:
        fh.write("\n".join(lib) + "\n")


def check(path, target):
    """{unit index: [(code, message)]} of the errors rustc reports."""
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    run = subprocess.run(["cargo", "check", "-q", "--message-format=json"], cwd=path,
                         env=env, capture_output=True, text=True)
    errors = {}
    for line in run.stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") != "compiler-message" or msg["message"]["level"] != "error":
            continue
        m = msg["message"]
        files = [s["file_name"] for s in m["spans"]]
        units = {int(re.search(r"m(\d+)\.rs", f).group(1)) for f in files if re.search(r"src/m\d+\.rs", f)}
        code = (m.get("code") or {}).get("code")
        for u in units:
            errors.setdefault(u, []).append((code, m["message"]))
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--scratch", default="/tmp/vmut")
    ap.add_argument("--write")
    ap.add_argument("--keep", type=int, default=150)
    ap.add_argument("--tree", default=ROOT)
    args = ap.parse_args()
    global TREE
    TREE = os.path.abspath(args.tree)
    rng = random.Random(args.seed)
    target = args.scratch + "-target"
    fns = corpus()
    # The originals that compile on their own, stripped and with the attribute.
    originals = list(enumerate(text for _, text, _ in fns))
    write_crate(args.scratch, originals, stripped=True)
    bad = set(check(args.scratch, target))
    write_crate(args.scratch, originals, stripped=False)
    bad |= set(check(args.scratch, target))
    fns = [f for i, f in enumerate(fns) if i not in bad]
    print("corpus: %d functions compile on their own" % len(fns))
    mutants, counts = [], {}
    while len(mutants) < args.count:
        k = rng.randrange(len(fns))
        name, text, params = fns[k]
        new, kinds = mutate(name, text, params, rng)
        if not kinds or new == text:
            continue
        for kind in kinds:
            counts[kind] = counts.get(kind, 0) + 1
        mutants.append((k, new, kinds))
    units = list(enumerate(m[1] for m in mutants))
    write_crate(args.scratch, units, stripped=True)
    invalid = set(check(args.scratch, target))
    valid = [(i, t) for i, t in units if i not in invalid]
    write_crate(args.scratch, valid, stripped=False)
    errors = check(args.scratch, target)
    own = {u: e for u, e in errors.items() if all(code is None for code, _ in e)}
    bugs = {u: e for u, e in errors.items() if u not in own}
    print("mutants: %d (%s); valid Rust without the attribute: %d; compile with it: %d; "
          "the macro's own message: %d; rustc errors about generated code: %d"
          % (len(mutants), ", ".join("%s %d" % kv for kv in sorted(counts.items())),
             len(valid), len(valid) - len(errors), len(own), len(bugs)))
    for u, e in sorted(own.items()):
        print("\n-- own message, mutant %d: %s\n%s" % (u, e[0][1].splitlines()[0], mutants[u][1]))
    for u, e in sorted(bugs.items()):
        print("\n== BUG, mutant %d (%s):\n%s\n%s" % (u, ", ".join(mutants[u][2]), mutants[u][1],
                                                   "\n".join("%s: %s" % ce for ce in e[:3])))
    passing = [(u, t) for u, t in valid if u not in errors]
    agreed = run_harness(args, target, fns, mutants, passing)
    # For CI: a rustc error about generated code, or a mutant that disagrees, fails the run.
    sys.exit(0 if not bugs and agreed else 1)


def call_args(params, rng):
    out = []
    for _, t in params:
        if t == "f64":
            out.append(repr(round(rng.uniform(0.3, 1.2), 3)))
        else:
            out.append("&[%s]" % ", ".join(repr(round(rng.uniform(0.3, 1.2), 3)) for _ in range(5)))
    return out


def public(text):
    """The function made `pub`, so that the test reaches it and its derived items."""
    return re.sub(r"(?m)^(pub )?fn ", "pub fn ", text, count=1)


def harness(fns, mutants, passing, seed):
    """Source of a test file: each passing mutant beside its original, compared."""
    rng = random.Random(seed)
    lines = ["//! Valid mutants of the corpus's functions (tools/valid_mutants.py): each must give",
             "//! its original's value and gradient, and pass its gradcheck where the original does.",
             "#![allow(warnings, clippy::all)]", "", "use autodiff::differentiate;", ""]
    calls = []
    used = sorted({mutants[u][0] for u, _ in passing})
    for k in used:
        name, text, params = fns[k]
        lines.append("mod o%d {\n    use super::*;\n%s\n}" % (k, public(text)))
    for u, text in passing:
        k, _, kinds = mutants[u]
        name, _, params = fns[k]
        lines.append("// %s\nmod m%d {\n    use super::*;\n%s\n}" % (", ".join(kinds), u, public(text)))
        for _ in range(2):
            a = ", ".join(call_args(params, rng))
            calls.append("    same(\"m%d\", || (o%d::%s(%s), o%d::%s_grad(%s), o%d::%s_gradcheck(%s).is_ok()), "
                         "|| (m%d::%s(%s), m%d::%s_grad(%s), m%d::%s_gradcheck(%s).is_ok()));"
                         % (u, k, name, a, k, name, a, k, name, a, u, name, a, u, name, a, u, name, a))
    lines.append("""
fn close<G: std::fmt::Debug>(a: &G, b: &G) -> bool {
    // The gradients as their debug text: equal, or equal numbers to 1e-10.
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    let nums = |s: &str| -> Vec<f64> {
        s.split(|c: char| !(c.is_ascii_digit() || "-.eE".contains(c)))
            .filter_map(|t| t.parse().ok())
            .collect()
    };
    let (x, y) = (nums(&a), nums(&b));
    a == b || (x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| (p - q).abs() <= 1e-10 * (1.0 + p.abs())))
}

fn same<G: std::fmt::Debug>(
    which: &str,
    original: impl FnOnce() -> (f64, G, bool) + std::panic::UnwindSafe,
    mutant: impl FnOnce() -> (f64, G, bool) + std::panic::UnwindSafe,
) {
    // A point where the original panics (an `unwrap` of nothing): the mutant must too.
    let quietly = |f: Box<dyn FnOnce() -> (f64, G, bool) + std::panic::UnwindSafe + '_>| {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let result = std::panic::catch_unwind(f);
        std::panic::set_hook(hook);
        result
    };
    let Ok((v0, g0, ok0)) = quietly(Box::new(original)) else {
        assert!(quietly(Box::new(mutant)).is_err(), "{which}: the original panics here, the mutant does not");
        return;
    };
    let (v1, g1, ok1) = mutant();
    assert!(v0 == v1 || (v0.is_nan() && v1.is_nan()), "{which}: value {v1} against the original's {v0}");
    assert!(close(&g0, &g1), "{which}: gradient {g1:?} against the original's {g0:?}");
    assert!(ok1 || !ok0, "{which}: gradcheck fails where the original's passes");
}

#[test]
fn valid_mutants_agree_with_their_originals() {""")
    lines.extend(calls)
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_harness(args, target, fns, mutants, passing):
    """Whether the mutants that compile agree with their originals."""
    if not passing:
        return True
    write_crate(args.scratch, passing, stripped=False)
    src = harness(fns, mutants, passing, args.seed)
    tests = os.path.join(args.scratch, "tests")
    os.makedirs(tests, exist_ok=True)
    with open(os.path.join(tests, "agree.rs"), "w") as fh:
        fh.write(src)
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    run = subprocess.run(["cargo", "test", "-q", "--test", "agree"], cwd=args.scratch, env=env,
                         capture_output=True, text=True)
    ok = run.returncode == 0
    print("\nrun: %d mutants that compile, each against its original at two points: %s"
          % (len(passing), "agree" if ok else "FAILED"))
    if not ok:
        print(run.stdout[-6000:], run.stderr[-6000:])
    if args.write and ok:
        kept = passing[:args.keep]
        with open(os.path.join(ROOT, args.write), "w") as fh:
            fh.write(harness(fns, mutants, kept, args.seed))
        print("wrote %s (%d mutants)" % (args.write, len(kept)))
    return ok


if __name__ == "__main__":
    main()
