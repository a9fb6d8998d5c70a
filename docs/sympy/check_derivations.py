#!/usr/bin/env python3
"""Checks every closed-form rule of `autodiff::ops` (docs/derivations.md): symbolically, then
through the Rust code.

For each rule y = f(X, ...) it builds small matrices of SymPy symbols, lets SymPy differentiate
the scalar L = <G, f(X)> = sum_ij G_ij f(X)_ij with respect to every input entry (that is the
VJP by definition: X_bar = dL/dX), and compares the result with the closed form the Rust code
implements. For some rules it also compares the JVP, d/dt f(X + t V) at t = 0, with its closed
form. Every difference must simplify to exactly zero.

Exponentials are handled exactly: after differentiating, every exp(z) is replaced by a positive
symbol, which turns the softmax identities into identities between rational functions that
`cancel` decides. Prints one line per identity.

The identities are about formulas typed again in Python; `rust_rules.py` then checks the Rust
rules themselves: it runs `examples/rule_oracle.rs` at random shapes and numbers (seeded) and
compares its values, JVPs and VJPs with SymPy's derivatives of the definitions (definitions.py)
to 1e-12. Exits non-zero on any mismatch of either part.

    pip install -r docs/sympy/requirements.txt && python3 docs/sympy/check_derivations.py
    python3 docs/sympy/check_derivations.py --seed 7     # other random draws
    python3 docs/sympy/check_derivations.py --no-rust    # the identities only
"""

import argparse
import sys
import time

import sympy as sp

import rust_rules
from definitions import attention_parts, inner, layer_norm_row, mat, rms_norm_row, row_sums, softmax_rows, vec

FAILURES = []


def grad(loss, x):
    """dL/dX entrywise: the VJP of the rule at cotangent G."""
    if isinstance(x, sp.MatrixBase):
        return x.applyfunc(lambda v: sp.diff(loss, v))
    return sp.diff(loss, x)


def jvp(f, args, tangents):
    """d/dt f(args + t tangents) at t = 0."""
    t = sp.Symbol("t")
    moved = [a + t * v for a, v in zip(args, tangents)]
    out = f(*moved)
    return out.applyfunc(lambda e: sp.diff(e, t).subs(t, 0))


def exps_to_symbols(expr):
    """Replaces exp(c₁u₁ + c₂u₂ + …) by E(u₁)^c₁ E(u₂)^c₂ …, with E(u) a positive symbol per
    term u: exp(−x) becomes 1/E(x) and exp(z − m) becomes E(z)/E(m), so identities between
    exponentials become identities between rational functions of the E's."""
    table = {}

    def sym(u):
        if u not in table:
            table[u] = sp.Symbol(f"E{len(table)}", positive=True)
        return table[u]

    def split(e):
        out = sp.Integer(1)
        for term in sp.Add.make_args(sp.expand(e.args[0])):
            coeff, rest = term.as_coeff_Mul()
            out *= sym(rest) ** coeff
        return out

    return expr.replace(lambda e: isinstance(e, sp.exp), split)


def is_zero(expr):
    expr = sp.sympify(expr)
    if expr.has(sp.exp):
        expr = exps_to_symbols(expr)
    if sp.cancel(sp.together(expr)) == 0:
        return True
    return sp.simplify(expr) == 0


def check(name, computed, closed_form):
    """Compares entrywise; records a failure instead of stopping, so every line prints."""
    start = time.perf_counter()
    pairs = []
    for c, e in zip(computed, closed_form):
        if isinstance(c, sp.MatrixBase):
            pairs.extend(zip(c, e))
        else:
            pairs.append((c, e))
    bad = [i for i, (c, e) in enumerate(pairs) if not is_zero(sp.expand(c - e))]
    status = "ok  " if not bad else "FAIL"
    print(f"{status} {name}  [{len(pairs)} entries, {time.perf_counter() - start:.2f}s]")
    if bad:
        FAILURES.append(name)


# ---------------------------------------------------------------- linear algebra


def linear_algebra():
    a, b, g = mat("a", 2, 3), mat("b", 3, 2), mat("g", 2, 2)
    loss = inner(g, a * b)
    check("matmul: Ā = G Bᵀ, B̄ = Aᵀ G (2×3 · 3×2)", [grad(loss, a), grad(loss, b)], [g * b.T, a.T * g])
    da, db = mat("da", 2, 3), mat("db", 3, 2)
    check("matmul JVP: dY = dA B + A dB", [jvp(lambda x, y: x * y, [a, b], [da, db])], [da * b + a * db])
    gt = mat("g", 3, 2)
    check("transpose: Ā = Gᵀ", [grad(inner(gt, a.T), a)], [gt.T])


# ---------------------------------------------------------------- embedding


def embedding():
    ids = [2, 0, 2, 3, 2]  # 2 repeats, 1 is never looked up
    w, g, dw = mat("w", 4, 3), mat("g", len(ids), 3), mat("dw", 4, 3)

    def gather(table):
        return sp.Matrix([[table[t, j] for j in range(table.cols)] for t in ids])

    s = sp.Matrix(len(ids), w.rows, lambda i, j: 1 if ids[i] == j else 0)  # selection matrix
    scatter = sp.zeros(w.rows, w.cols)
    for i, t in enumerate(ids):
        scatter[t, :] += g[i, :]
    check("embedding is the product with the selection matrix: Y = S W", [gather(w)], [s * w])
    check("embedding: W̄ = Sᵀ G (ids 2, 0, 2, 3, 2)", [grad(inner(g, gather(w)), w)], [s.T * g])
    check("embedding: Sᵀ G is the scatter-add W̄[tᵢ, :] += G[i, :]", [s.T * g], [scatter])
    check("embedding JVP: dY = S dW, the same gather of the tangent", [jvp(gather, [w], [dw])], [s * dw])


# ---------------------------------------------------------------- broadcasting, reductions


def broadcasting():
    x, g = mat("x", 2, 3), mat("g", 2, 3)
    r = vec("r", 3)
    s = sp.Symbol("s")
    c = mat("c", 2, 1)
    rows = lambda v: sp.Matrix(2, 3, lambda i, j: v[0, j])  # noqa: E731  a row on every row
    cols = lambda v: sp.Matrix(2, 3, lambda i, j: v[i, 0])  # noqa: E731  a column on every column
    ones = sp.ones(2, 3)
    had = lambda p, q: p.multiply_elementwise(q)  # noqa: E731

    loss = inner(g, x + rows(r))
    check("add, row broadcast: x̄ = G, r̄ = Σ_rows G", [grad(loss, x), grad(loss, r)], [g, row_sums(g)])
    loss = inner(g, x - s * ones)
    check("sub, scalar: x̄ = G, s̄ = −Σ G", [grad(loss, x), grad(loss, s)], [g, -sum(g)])
    loss = inner(g, had(x, cols(c)))
    col_bar = sp.Matrix(2, 1, lambda i, _: sum(g[i, j] * x[i, j] for j in range(3)))
    check("mul, column broadcast: x̄ = G ⊙ c, c̄ = Σ_cols G ⊙ x", [grad(loss, x), grad(loss, c)], [had(g, cols(c)), col_bar])
    loss = inner(g, x.multiply_elementwise(rows(r).applyfunc(lambda v: 1 / v)))
    quot = sp.Matrix(2, 3, lambda i, j: x[i, j] / r[0, j])
    r_bar = sp.Matrix(1, 3, lambda _, j: -sum(g[i, j] * x[i, j] / r[0, j] ** 2 for i in range(2)))
    check("div, row broadcast: x̄ = G ⊘ r, r̄ = −Σ_rows G ⊙ x ⊘ r²", [grad(loss, x), grad(loss, r)],
          [sp.Matrix(2, 3, lambda i, j: g[i, j] / r[0, j]), r_bar])
    dx, dr = mat("dx", 2, 3), vec("dr", 3)
    check("div JVP: dy = (dx − y ⊙ dr) ⊘ r",
          [jvp(lambda p, q: sp.Matrix(2, 3, lambda i, j: p[i, j] / q[0, j]), [x, r], [dx, dr])],
          [sp.Matrix(2, 3, lambda i, j: (dx[i, j] - quot[i, j] * dr[0, j]) / r[0, j])])

    gs = sp.Symbol("gbar")
    check("sum: x̄ = ḡ 1", [grad(gs * sum(x), x)], [gs * ones])
    check("mean: x̄ = ḡ/N 1", [grad(gs * sum(x) / 6, x)], [gs / 6 * ones])
    gr, gc = vec("gr", 3), vec("gc", 2)
    check("sum_rows: x̄[i, j] = ḡ[j]", [grad(inner(gr, row_sums(x)), x)], [rows(gr)])
    col = sp.Matrix(1, 2, lambda _, i: sum(x[i, j] for j in range(3)))
    check("sum_cols: x̄[i, j] = ḡ[i]", [grad(inner(gc, col), x)], [cols(gc.T)])


# ---------------------------------------------------------------- elementwise functions


def elementwise():
    x, g = sp.Symbol("x"), sp.Symbol("g")
    p, n = sp.Symbol("p", positive=True), sp.Symbol("n", negative=True)
    y = sp.exp(x)
    check("exp: x̄ = y ḡ", [grad(g * y, x)], [y * g])
    check("ln: x̄ = ḡ / x", [grad(g * sp.log(p), p)], [g / p])
    y = sp.tanh(x)
    check("tanh: x̄ = (1 − y²) ḡ", [grad(g * y, x)], [(1 - y**2) * g])
    y = 1 / (1 + sp.exp(-x))
    check("sigmoid: x̄ = y(1 − y) ḡ", [grad(g * y, x)], [y * (1 - y) * g])
    check("sigmoid, stable branch for x < 0: eˣ/(1 + eˣ) = 1/(1 + e⁻ˣ)", [sp.exp(x) / (1 + sp.exp(x))], [y])
    check("relu: x̄ = 1[x > 0] ḡ (x > 0 and x < 0)",
          [grad(g * sp.Max(p, 0), p), grad(g * sp.Max(n, 0), n)], [g, sp.Integer(0)])
    c, k = sp.sqrt(2 / sp.pi), sp.Rational(44715, 1000000)
    t = sp.tanh(c * (x + k * x**3))
    gelu = x / 2 * (1 + t)
    closed = (sp.Rational(1, 2) * (1 + t) + x / 2 * (1 - t**2) * c * (1 + 3 * k * x**2)) * g
    check("gelu (tanh approximation): x̄ = (½(1 + t) + ½x(1 − t²)√(2/π)(1 + 3·0.044715x²)) ḡ",
          [grad(g * gelu, x)], [closed])


# ---------------------------------------------------------------- softmax family


def softmax_family():
    z, g = mat("z", 2, 3), mat("g", 2, 3)
    p = softmax_rows(z)
    had = lambda a, b: a.multiply_elementwise(b)  # noqa: E731
    per_row = lambda m: sp.Matrix(2, 3, lambda i, j: m[i, 0])  # noqa: E731
    dot_rows = lambda a, b: sp.Matrix(2, 1, lambda i, _: sum(a[i, j] * b[i, j] for j in range(3)))  # noqa: E731

    check("softmax: z̄ = p ⊙ (G − ⟨G, p⟩ per row)", [grad(inner(g, p), z)], [had(p, g - per_row(dot_rows(g, p)))])
    dz = mat("dz", 2, 3)
    check("softmax JVP: dp = p ⊙ (dz − ⟨p, dz⟩ per row)", [jvp(softmax_rows, [z], [dz])],
          [had(p, dz - per_row(dot_rows(p, dz)))])
    m = sp.Symbol("m")
    shifted = sp.Matrix(1, 3, lambda _, j: sp.exp(z[0, j] - m) / sum(sp.exp(z[0, k] - m) for k in range(3)))
    check("softmax is shift-invariant: softmax(z − m) = softmax(z)", [shifted], [p[0, :]])

    lse = sp.Matrix(2, 1, lambda i, _: sp.log(sum(sp.exp(z[i, j]) for j in range(3))))
    gl = mat("gl", 2, 1)
    check("logsumexp: z̄ = softmax(z) ḡ per row", [grad(inner(gl, lse), z)], [had(p, per_row(gl))])
    check("logsumexp shifted: m + log Σ exp(z − m) = log Σ exp z (exp of both sides)",
          [sp.exp(m) * sum(sp.exp(z[0, j] - m) for j in range(3))], [sum(sp.exp(z[0, j]) for j in range(3))])
    logp = sp.Matrix(2, 3, lambda i, j: z[i, j] - lse[i, 0])
    row_total = sp.Matrix(2, 1, lambda i, _: sum(g[i, j] for j in range(3)))
    check("log_softmax: z̄ = G − softmax(z) Σ_row G", [grad(inner(g, logp), z)], [g - had(p, per_row(row_total))])

    targets = [2, 0]
    gs = sp.Symbol("gbar")
    ce = sum(lse[i, 0] - z[i, t] for i, t in enumerate(targets)) / 2
    onehot = sp.Matrix(2, 3, lambda i, j: 1 if j == targets[i] else 0)
    check("cross_entropy: z̄ = (softmax(z) − onehot(t)) ḡ / N", [grad(gs * ce, z)], [(p - onehot) * gs / 2])
    check("cross_entropy = mean of −log_softmax at the targets",
          [ce], [-sum(logp[i, t] for i, t in enumerate(targets)) / 2])


# ---------------------------------------------------------------- norms


def norms():
    n = 3
    eps = sp.Symbol("epsilon", positive=True)
    xs = [vec(f"x{i}", n) for i in range(2)]
    gs = [vec(f"g{i}", n) for i in range(2)]
    gamma, beta = vec("gamma", n), vec("beta", n)
    mean = lambda v: sum(v) / n  # noqa: E731

    loss, x_bars, gamma_bar, beta_bar = 0, [], sp.zeros(1, n), sp.zeros(1, n)
    for x, g in zip(xs, gs):
        y, xh, r = layer_norm_row(x, gamma, beta, eps)
        loss += inner(g, y)
        gh = g.multiply_elementwise(gamma)
        x_bars.append(r * (gh - mean(gh) * sp.ones(1, n) - xh * mean(gh.multiply_elementwise(xh))))
        gamma_bar += g.multiply_elementwise(xh)
        beta_bar += g
    check("layer_norm: x̄ = r(ĝ − mean ĝ − x̂ mean(ĝ ⊙ x̂)), γ̄ = Σ_rows G ⊙ x̂, β̄ = Σ_rows G (2×3)",
          [grad(loss, xs[0]), grad(loss, xs[1]), grad(loss, gamma), grad(loss, beta)],
          [x_bars[0], x_bars[1], gamma_bar, beta_bar])
    dx, dgamma, dbeta = vec("dx", n), vec("dgamma", n), vec("dbeta", n)
    y, xh, r = layer_norm_row(xs[0], gamma, beta, eps)
    dxh = r * (dx - mean(dx) * sp.ones(1, n) - xh * mean(xh.multiply_elementwise(dx)))
    check("layer_norm JVP: dy = r(dx − mean dx − x̂ mean(x̂ ⊙ dx)) ⊙ γ + x̂ ⊙ dγ + dβ",
          [jvp(lambda a, b, c: layer_norm_row(a, b, c, eps)[0], [xs[0], gamma, beta], [dx, dgamma, dbeta])],
          [dxh.multiply_elementwise(gamma) + xh.multiply_elementwise(dgamma) + dbeta])
    const = sp.Matrix(1, n, lambda *_: sp.Symbol("c"))
    check("layer_norm of a constant row is β (r = 1/√ε finite)", [layer_norm_row(const, gamma, beta, eps)[0]], [beta])

    loss, x_bars, gamma_bar = 0, [], sp.zeros(1, n)
    for x, g in zip(xs, gs):
        y, xh, r = rms_norm_row(x, gamma, eps)
        loss += inner(g, y)
        gh = g.multiply_elementwise(gamma)
        x_bars.append(r * (gh - xh * mean(gh.multiply_elementwise(xh))))
        gamma_bar += g.multiply_elementwise(xh)
    check("rms_norm: x̄ = r(ĝ − x̂ mean(ĝ ⊙ x̂)), γ̄ = Σ_rows G ⊙ x̂ (2×3)",
          [grad(loss, xs[0]), grad(loss, xs[1]), grad(loss, gamma)], [x_bars[0], x_bars[1], gamma_bar])
    y, xh, r = rms_norm_row(xs[0], gamma, eps)
    check("rms_norm JVP: dy = r(dx − x̂ mean(x̂ ⊙ dx)) ⊙ γ + x̂ ⊙ dγ",
          [jvp(lambda a, b: rms_norm_row(a, b, eps)[0], [xs[0], gamma], [dx, dgamma])],
          [(r * (dx - xh * mean(xh.multiply_elementwise(dx)))).multiply_elementwise(gamma)
           + xh.multiply_elementwise(dgamma)])
    check("rms_norm of a zero row is 0 (r = 1/√ε finite)", [rms_norm_row(sp.zeros(1, n), gamma, eps)[0]], [sp.zeros(1, n)])


# ---------------------------------------------------------------- attention


def attention():
    n, m, d, e = 2, 2, 2, 1
    q, k, v, g = mat("q", n, d), mat("k", m, d), mat("v", m, e), mat("g", n, e)
    for causal in (False, True):
        s, p, o = attention_parts(q, k, v, causal)
        loss = inner(g, o)
        v_bar = p.T * g
        p_bar = g * v.T
        rs = sp.Matrix(n, 1, lambda i, _: sum(p_bar[i, j] * p[i, j] for j in range(m)))
        s_bar = p.multiply_elementwise(p_bar - sp.Matrix(n, m, lambda i, j: rs[i, 0]))
        q_bar, k_bar = s_bar * k / sp.sqrt(d), s_bar.T * q / sp.sqrt(d)
        check(f"attention{' (causal)' if causal else ''}: V̄ = PᵀG, S̄ = P ⊙ (P̄ − rowsum(P̄ ⊙ P)), "
              f"Q̄ = S̄K/√d, K̄ = S̄ᵀQ/√d (q {n}×{d}, k {m}×{d}, v {m}×{e})",
              [grad(loss, q), grad(loss, k), grad(loss, v)], [q_bar, k_bar, v_bar])
    dq, dk, dv = mat("dq", n, d), mat("dk", m, d), mat("dv", m, e)
    s, p, o = attention_parts(q, k, v, False)
    ds = (dq * k.T + q * dk.T) / sp.sqrt(d)
    rs = sp.Matrix(n, 1, lambda i, _: sum(p[i, j] * ds[i, j] for j in range(m)))
    dp = p.multiply_elementwise(ds - sp.Matrix(n, m, lambda i, j: rs[i, 0]))
    check("attention JVP: dO = (P ⊙ (dS − rowsum(P ⊙ dS))) V + P dV, dS = (dQ Kᵀ + Q dKᵀ)/√d",
          [jvp(lambda a, b, c: attention_parts(a, b, c, False)[2], [q, k, v], [dq, dk, dv])], [dp * v + p * dv])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=rust_rules.SEED,
                        help=f"the seed of the Rust part's random draws (default {rust_rules.SEED})")
    parser.add_argument("--no-rust", action="store_true", help="check the symbolic identities only")
    args = parser.parse_args()
    start = time.perf_counter()
    for family in (linear_algebra, embedding, broadcasting, elementwise, softmax_family, norms, attention):
        family()
    total = time.perf_counter() - start
    if FAILURES:
        print(f"{len(FAILURES)} identities FAILED in {total:.1f}s: {', '.join(FAILURES)}")
    else:
        print(f"all identities hold ({total:.1f}s)")
    rust_ok = args.no_rust or rust_rules.main(args.seed)
    if FAILURES or not rust_ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
