"""The Rust rules of `autodiff::ops` at random numbers, against SymPy's derivatives of their definitions.

The symbolic identities of `check_derivations.py` prove each closed form of docs/derivations.md,
but on formulas typed again in Python. This part checks the Rust code itself: for every rule it
draws small shapes (1 to 4, always including a single row, a single column, and the rule's own
awkward cases: repeated embedding ids, a causal mask, a constant row, relu at 0) and entries,
differentiates the rule's definition (`definitions.py`) with SymPy, evaluates

    the value y = f(X),   the JVP  d/dτ f(X + τ Ẋ) at τ = 0,   the VJP  ∂⟨G, f(X)⟩/∂X

at those numbers in 30-digit arithmetic (mpmath), and compares them with what
`ops::foo`, `ops::foo_jvp` and `ops::foo_vjp` return for the same f64 inputs, printed by
`examples/rule_oracle.rs`. Every entry must agree to 1e-12 (relative to the entry, absolute
below 1). For attention it also builds the full Jacobian from the problem set's closed form
`dO = (P ⊙ (dS − rowsum(P ⊙ dS) 1ᵀ)) V + P dV`, `dS = (dQ Kᵀ + Q dKᵀ)/√d`, checks it against
SymPy's Jacobian of the definition, and compares it column by column with `ops::attention_jvp`
at the unit tangents.

The draws are seeded (the seed is printed; `--seed N` repeats a run). On a mismatch it names
the case (rule and shapes), the output and the entry, keeps the request file, and exits
non-zero.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import mpmath
import sympy as sp

import definitions as df

SEED = 28
TOLERANCE = 1e-12
DIGITS = 30
ROOT = Path(__file__).resolve().parents[2]
ORACLE = ["cargo", "run", "--quiet", "--example", "rule_oracle", "--"]


# ---------------------------------------------------------------- arrays of symbols


def symbols(name, shape):
    """A symbolic argument of `shape` — () a symbol, (n,) a 1×n row, (r, c) a matrix — and its
    symbols in row-major order."""
    if shape == ():
        s = sp.Symbol(name)
        return s, [s]
    m = df.vec(name, shape[0]) if len(shape) == 1 else df.mat(name, *shape)
    return m, list(m)


def flat(value, shape):
    """The entries of a rule's value, row-major (a scalar is one entry)."""
    return [value] if shape == () else list(value)


def broadcast_shape(a, b):
    """NumPy's (and ndarray's) co-broadcast shape."""
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    assert all(x == y or 1 in (x, y) for x, y in zip(a, b)), (a, b)
    return tuple(max(x, y) for x, y in zip(a, b))


def entry(x, shape, index):
    """The entry of operand `x` (of `shape`) that broadcasting puts at output `index`."""
    if shape == ():
        return x
    own = [0 if n == 1 else i for i, n in zip(index[len(index) - len(shape):], shape)]
    return x[0, own[0]] if len(shape) == 1 else x[own[0], own[1]]


def from_entries(shape, at):
    """The array of `shape` whose entry at index i is at(i), in the representation of `symbols`."""
    if shape == ():
        return at(())
    if len(shape) == 1:
        return sp.Matrix(1, shape[0], lambda _, j: at((j,)))
    return sp.Matrix(*shape, lambda i, j: at((i, j)))


def broadcast_definition(op, sa, sb):
    """The definition of `a op b` with broadcasting: y[i] = a[E(i)] op b[E(i)]."""
    fn = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y,
          "mul": lambda x, y: x * y, "div": lambda x, y: x / y}[op]
    so = broadcast_shape(sa, sb)
    return so, lambda a, b: from_entries(so, lambda i: fn(entry(a, sa, i), entry(b, sb, i)))


# ---------------------------------------------------------------- the reference


_DERIVED = {}


def derive(key, f, in_shapes, const_names, out_shape):
    """SymPy's value, JVP and VJP of the definition f, as one function of the numbers
    (inputs, tangents, constants, cotangent) evaluated by mpmath. Cached by `key`."""
    if key in _DERIVED:
        return _DERIVED[key]
    xs = [symbols(f"x{k}", s) for k, s in enumerate(in_shapes)]
    ts = [symbols(f"t{k}", s) for k, s in enumerate(in_shapes)]
    cs = [sp.Symbol(n) for n in const_names]
    _, g_flat = symbols("g", out_shape)
    y = flat(f(*(x for x, _ in xs), *cs), out_shape)
    tau = sp.Symbol("tau")
    moved = flat(f(*(x + tau * t for (x, _), (t, _) in zip(xs, ts)), *cs), out_shape)
    dy = [sp.diff(e, tau).subs(tau, 0) for e in moved]
    loss = df.inner(g_flat, y)
    bars = [sp.diff(loss, s) for _, x_flat in xs for s in x_flat]
    args = [s for _, x_flat in xs for s in x_flat] + [s for _, t_flat in ts for s in t_flat] + cs + g_flat
    fn = sp.lambdify(args, y + dy + bars, modules="mpmath", cse=True)
    _DERIVED[key] = fn
    return fn


class Case:
    """One request to the Rust program and the results SymPy expects of it."""

    def __init__(self, label, rule, lines):
        self.label, self.rule, self.lines = label, rule, lines
        self.expected = []  # (output name, shape, values, what they come from)

    def request(self):
        return "\n".join([f"case {self.label} {self.rule}", *self.lines, "end"])


def arg_line(name, shape, values):
    return " ".join([name, "f", str(len(shape)), *map(str, shape), *map(repr, values)])


def size(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def shape_text(shape):
    return "x".join(map(str, shape)) if shape else "scalar"


class Draws:
    """The cases of one run, drawn from one seeded generator."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.cases = []
        self.problems = []  # what went wrong before the Rust program ran

    def uniform(self, n, lo=-2.0, hi=2.0):
        return [self.rng.uniform(lo, hi) for _ in range(n)]

    def dim(self, lo=1, hi=4):
        return self.rng.randint(lo, hi)

    def add(self, rule, f, inputs, out_shape, consts=(), extras=(), key=(), tangents=None):
        """A case of `rule`: `inputs` are (name, shape, values) of the differentiable
        arguments, `consts` (name, value) scalars without a tangent (eps), `extras` request
        lines of ids and flags (their values belong in `key`, as they shape the definition).
        Tangents and the cotangent are drawn unless `tangents` gives them."""
        shapes = tuple(s for _, s, _ in inputs)
        what = ",".join(f"{n}={shape_text(s)}" for n, s, _ in inputs)
        label = f"{len(self.cases):03d}:{rule}[{what}{''.join(f',{k}' for k in key)}]"
        if tangents is None:
            tangents = [self.uniform(size(s), -1.0, 1.0) for _, s, _ in inputs]
        cot = self.uniform(size(out_shape), -1.0, 1.0)
        lines = [arg_line(n, s, v) for n, s, v in inputs]
        lines += [arg_line(f"d{n}", s, t) for (n, s, _), t in zip(inputs, tangents)]
        lines += [arg_line(n, (), [v]) for n, v in consts] + list(extras)
        lines.append(arg_line("g", out_shape, cot))
        case = Case(label, rule, lines)
        fn = derive((rule, shapes, out_shape, tuple(key)), f, shapes, [n for n, _ in consts], out_shape)
        numbers = [v for _, _, vs in inputs for v in vs] + [v for t in tangents for v in t]
        numbers += [v for _, v in consts] + cot
        with mpmath.workdps(DIGITS):
            out = fn(*map(mpmath.mpf, numbers))
        n_out = size(out_shape)
        y, dy, bars = out[:n_out], out[n_out:2 * n_out], out[2 * n_out:]
        for name in ("y", "y.jvp", "y.vjp"):
            case.expected.append((name, out_shape, y, "the definition"))
        case.expected.append(("dy", out_shape, dy, "d/dτ of the definition"))
        for name, shape, _ in inputs:
            k = size(shape)
            case.expected.append((f"bar.{name}", shape, bars[:k], "∂⟨G, definition⟩"))
            bars = bars[k:]
        self.cases.append(case)
        return case


# ---------------------------------------------------------------- the cases of each rule


def linear_algebra(d):
    m, k, n = d.dim(), d.dim(), d.dim()
    for m_, k_, n_ in [(m, k, n), (1, k, n), (m, k, 1), (m, 1, n)]:
        d.add("matmul", lambda a, b: a * b,
              [("a", (m_, k_), d.uniform(m_ * k_)), ("b", (k_, n_), d.uniform(k_ * n_))], (m_, n_))
    for r, c in [(d.dim(), d.dim()), (1, d.dim()), (d.dim(), 1)]:
        d.add("transpose", lambda a: a.T, [("a", (r, c), d.uniform(r * c))], (c, r))


def embedding(d):
    vocab, width = d.dim(2, 4), d.dim()
    ids = [d.rng.randrange(vocab) for _ in range(d.dim(2, 4))]
    ids.append(ids[0])  # an id that repeats
    for v, w, t in [(vocab, width, ids), (vocab, 1, ids), (3, width, [1, 1, 1]), (4, width, [2])]:
        d.add("embedding", lambda table, t=tuple(t): df.gather(table, t),
              [("w", (v, w), d.uniform(v * w))], (len(t), w),
              extras=[f"ids ids {len(t)} {' '.join(map(str, t))}"], key=[f"ids={'.'.join(map(str, t))}"])


def broadcasting(d):
    for op in ("add", "sub", "mul", "div"):
        m, n = d.dim(2, 4), d.dim(2, 4)
        pairs = [((m, n), (m, n)), ((m, n), (n,)), ((n,), (m, n)), ((m, n), (1, n)), ((m, n), (m, 1)),
                 ((m, 1), (1, n)), ((m, n), ()), ((), (m, n)), ((n,), ()), ((), ()), ((1, 1), (m, n))]
        for sa, sb in pairs:
            so, f = broadcast_definition(op, sa, sb)
            if op == "div":  # divisors away from 0, of both signs
                b = [v * d.rng.choice((-1, 1)) for v in d.uniform(size(sb), 0.5, 2.0)]
            else:
                b = d.uniform(size(sb))
            d.add(op, f, [("a", sa, d.uniform(size(sa))), ("b", sb, b)], so)


def reductions(d):
    for r, c in [(d.dim(), d.dim()), (1, d.dim()), (d.dim(), 1)]:
        x = ("x", (r, c), d.uniform(r * c))
        d.add("sum", lambda x: sum(x), [x], ())
        d.add("mean", lambda x: sum(x) / len(x), [x], ())
        d.add("sum_rows", df.row_sums, [x], (c,))
        d.add("sum_cols", df.col_sums, [x], (r,))


def elementwise(d):
    rules = {"exp": sp.exp, "ln": sp.log, "tanh": sp.tanh, "sigmoid": df.sigmoid, "relu": df.relu, "gelu": df.gelu}
    for name, fn in rules.items():
        for r, c in [(d.dim(), d.dim()), (1, d.dim())]:
            values = d.uniform(r * c, 0.1, 4.0) if name == "ln" else d.uniform(r * c, -4.0, 4.0)
            if name == "relu":
                values[0] = 0.0  # the kink: the rule's derivative there is 0
            d.add(name, lambda x, fn=fn: x.applyfunc(fn), [("x", (r, c), values)], (r, c))


def softmax_family(d):
    m, n = d.dim(), d.dim(2, 4)
    for shape in [(m, n), (1, n), (m, 1), (n,)]:
        x = ("x", shape, d.uniform(size(shape), -3.0, 3.0))
        rows = shape[0] if len(shape) == 2 else None
        d.add("softmax", df.softmax_rows, [x], shape)
        d.add("log_softmax", df.log_softmax_rows, [x], shape)
        if rows is None:
            d.add("logsumexp", lambda z: df.logsumexp_rows(z)[0, 0], [x], ())
        else:
            d.add("logsumexp", df.logsumexp_rows, [x], (rows,))
    for r, c in [(d.dim(), d.dim(2, 4)), (1, d.dim(2, 4)), (d.dim(2, 4), 1), (4, 2)]:
        targets = [d.rng.randrange(c) for _ in range(r)]
        if (r, c) == (4, 2):
            targets = [1, 0, 1, 1]  # repeated targets
        d.add("cross_entropy", lambda z, t=tuple(targets): df.cross_entropy(z, t),
              [("z", (r, c), d.uniform(r * c, -3.0, 3.0))], (),
              extras=[f"targets ids {r} {' '.join(map(str, targets))}"], key=[f"t={'.'.join(map(str, targets))}"])


def norms(d):
    m, n = d.dim(), d.dim(2, 4)
    for r, c in [(m, n), (1, n), (m, 1), (2, 3)]:
        x = d.uniform(r * c)
        x_rms = x
        if (r, c) == (2, 3):
            x, x_rms = x[:3] + [x[3]] * 3, x[:3] + [0.0] * 3  # a constant row (σ² = 0), a zero row
        eps = 10 ** d.rng.uniform(-5, -1)
        gamma, beta = d.uniform(c), d.uniform(c)
        d.add("layer_norm", df.layer_norm,
              [("x", (r, c), x), ("gamma", (c,), gamma), ("beta", (c,), beta)], (r, c), consts=[("eps", eps)])
        d.add("rms_norm", df.rms_norm, [("x", (r, c), x_rms), ("gamma", (c,), gamma)], (r, c), consts=[("eps", eps)])


def attention_case(d, n, m, k, e, causal, values=None, tangents=None):
    """A case of attention with q: n×k, k: m×k, v: m×e; `values` (q, k, v) are drawn if not given."""
    q, kk, v = values or (d.uniform(n * k), d.uniform(m * k), d.uniform(m * e))
    flag = 1 if causal else 0
    return d.add("attention", lambda q, kk, v: df.attention_parts(q, kk, v, causal)[2],
                 [("q", (n, k), q), ("k", (m, k), kk), ("v", (m, e), v)], (n, e),
                 extras=[f"causal flag {flag}"], key=[f"causal={flag}"], tangents=tangents)


def attention(d):
    shapes = [(d.dim(1, 3), d.dim(1, 3), d.dim(1, 3), d.dim(1, 3)), (1, 3, 2, 2), (3, 1, 2, 2), (3, 2, 1, 1),
              (2, 3, 2, 1)]
    for causal in (False, True):
        for shape in shapes:
            attention_case(d, *shape, causal)
    attention_jacobian(d, 2, 3, 2, 1, False)
    attention_jacobian(d, 3, 3, 2, 2, True)


def attention_jacobian(d, n, m, k, e, causal):
    """The problem set's Jacobian of attention, column by column against `ops::attention_jvp`:
    J from the closed form dO = (P ⊙ (dS − rowsum(P ⊙ dS) 1ᵀ)) V + P dV, dS = (dQ Kᵀ + Q dKᵀ)/√d,
    checked first against SymPy's Jacobian of the definition, then column j against the Rust JVP
    at the j-th unit tangent (each of those cases is also checked against the definition)."""
    q, kk, v = df.mat("q", n, k), df.mat("k", m, k), df.mat("v", m, e)
    dq, dk, dv = df.mat("dq", n, k), df.mat("dk", m, k), df.mat("dv", m, e)
    _, p, o = df.attention_parts(q, kk, v, causal)
    ds = (dq * kk.T + q * dk.T) / sp.sqrt(k)
    rs = sp.Matrix(n, m, lambda i, _: sum(p[i, j] * ds[i, j] for j in range(m)))
    do = p.multiply_elementwise(ds - rs) * v + p * dv
    inputs, tangents = list(q) + list(kk) + list(v), list(dq) + list(dk) + list(dv)
    closed = sp.Matrix(list(do)).jacobian(tangents)  # dO is linear in the tangents
    definition = sp.Matrix(list(o)).jacobian(inputs)
    fn = sp.lambdify(inputs, [closed, definition], modules="mpmath", cse=True)
    values = (d.uniform(n * k), d.uniform(m * k), d.uniform(m * e))
    with mpmath.workdps(DIGITS):
        j_closed, j_def = fn(*map(mpmath.mpf, values[0] + values[1] + values[2]))
    tag = f"attention Jacobian (q {n}x{k}, k {m}x{k}, v {m}x{e}, causal={int(causal)})"
    bad = [(i, j) for i in range(j_def.rows) for j in range(j_def.cols)
           if abs(j_closed[i, j] - j_def[i, j]) > TOLERANCE * max(1, abs(j_def[i, j]))]
    if bad:
        d.problems.append(f"{tag}: the problem set's closed form differs from the definition's at {bad[:3]}")
    names = [f"{a}[{i},{j}]" for a, r, c in (("q", n, k), ("k", m, k), ("v", m, e)) for i in range(r) for j in range(c)]
    splits = [n * k, n * k + m * k]
    for col, name in enumerate(names):
        unit = [1.0 if i == col else 0.0 for i in range(len(inputs))]
        case = attention_case(d, n, m, k, e, causal, values,
                              [unit[: splits[0]], unit[splits[0]: splits[1]], unit[splits[1]:]])
        column = [j_closed[i, col] for i in range(j_closed.rows)]
        case.expected.append(("dy", (n, e), column, f"column {name} of the problem set's {tag}"))


FAMILIES = (linear_algebra, embedding, broadcasting, reductions, elementwise, softmax_family, norms, attention)


# ---------------------------------------------------------------- running and comparing


def parse_output(text):
    """{label: {output name: (shape, values)}} from the Rust program's output."""
    results, current = {}, None
    for line in text.splitlines():
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0] == "case":
            current = results.setdefault(tokens[1], {})
        elif tokens[0] == "end":
            current = None
        else:
            ndim = int(tokens[1])
            shape = tuple(int(t) for t in tokens[2:2 + ndim])
            current[tokens[0]] = (shape, [float(t) for t in tokens[2 + ndim:]])
    return results


def index_text(i, shape):
    """The multi-index of row-major entry i, as `[r,c]` (nothing for a scalar)."""
    index = []
    for n in reversed(shape):
        index.append(i % n)
        i //= n
    return "[" + ",".join(map(str, reversed(index))) + "]" if shape else ""


def compare(case, got):
    """The mismatches between the Rust results `got` of a case and what SymPy expects."""
    problems = []
    for name, shape, values, source in case.expected:
        if name not in got:
            problems.append(f"{case.label}: the Rust program printed no `{name}`")
            continue
        got_shape, got_values = got[name]
        if got_shape != shape or len(got_values) != len(values):
            problems.append(f"{case.label}: `{name}` has shape {got_shape} from Rust, {shape} from SymPy")
            continue
        for i, (r, e) in enumerate(zip(got_values, values)):
            error = abs(mpmath.mpf(r) - e)
            if not error <= TOLERANCE * max(1, abs(e)):  # NaN fails too
                problems.append(f"{case.label}: {name}{index_text(i, shape)} = {r!r} from Rust, "
                                f"{mpmath.nstr(e, 17)} from SymPy ({source}); error {float(error):.1e}")
    return problems


def main(seed=SEED):
    """Draws the cases, runs the Rust program, compares; prints one line per rule and returns
    whether every entry agreed."""
    start = time.perf_counter()
    print(f"== the Rust rules at random numbers against SymPy (seed {seed}, tolerance {TOLERANCE:g})")
    draws = Draws(seed)
    for family in FAMILIES:
        family(draws)
    derived = time.perf_counter()
    with tempfile.NamedTemporaryFile("w", prefix="rule_oracle_", suffix=".txt", delete=False) as request:
        request.write("\n".join(c.request() for c in draws.cases) + "\n")
    rerun = f"cargo run --example rule_oracle -- {request.name}"
    proc = subprocess.run(ORACLE + [request.name], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stderr, end="")
        print(f"FAIL the Rust program exited with status {proc.returncode}; the request is kept: {rerun}")
        return False
    ran = time.perf_counter()
    results = parse_output(proc.stdout)
    by_rule = defaultdict(lambda: [0, 0, []])  # cases, entries, problems
    for case in draws.cases:
        tally = by_rule[case.rule]
        tally[0] += 1
        tally[1] += sum(len(values) for _, _, values, _ in case.expected)
        tally[2] += compare(case, results.get(case.label, {}))
    for rule, (cases, entries, problems) in by_rule.items():
        print(f"{'ok  ' if not problems else 'FAIL'} {rule}  [{cases} cases, {entries} entries]")
    for p in draws.problems:
        print(f"FAIL {p}")
    problems = draws.problems + [p for _, _, ps in by_rule.values() for p in ps]
    for p in problems[:20]:
        print(f"  {p}")
    if len(problems) > 20:
        print(f"  … and {len(problems) - 20} more")
    timing = f"SymPy {derived - start:.1f}s, Rust {ran - derived:.1f}s"
    if problems:
        print(f"{len(problems)} entries differ ({timing}); seed {seed}; the request is kept: {rerun}")
        return False
    os.unlink(request.name)
    print(f"all {len(draws.cases)} cases agree ({timing})")
    return True


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED, help=f"the seed of the draws (default {SEED})")
    sys.exit(0 if main(parser.parse_args().seed) else 1)
