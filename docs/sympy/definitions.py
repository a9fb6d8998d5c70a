"""The rules of `autodiff::ops` as docs/derivations.md defines them, on SymPy matrices.

Each function here is a rule's *definition* (softmax as exp over a sum of exps, LayerNorm as
centre, scale, affine), not its closed-form derivative: `check_derivations.py` differentiates
these and proves the closed forms equal, and `rust_rules.py` differentiates them at random
numbers and compares with what the Rust rules return. A matrix is an `sp.Matrix`, a vector
(`Array1` on the Rust side) a 1×n `sp.Matrix`, a scalar a plain expression.
"""

import sympy as sp


def mat(name, rows, cols, **assumptions):
    return sp.Matrix(rows, cols, lambda i, j: sp.Symbol(f"{name}_{i}{j}", **assumptions))


def vec(name, n, **assumptions):
    return sp.Matrix(1, n, lambda _, j: sp.Symbol(f"{name}_{j}", **assumptions))


def inner(a, b):
    return sum(x * y for x, y in zip(a, b))


def row_sums(m):
    """Sum over rows (axis 0): a 1×n row."""
    return sp.Matrix(1, m.cols, lambda _, j: sum(m[i, j] for i in range(m.rows)))


def col_sums(m):
    """Sum over columns (axis 1): a 1×m row, one entry per row of `m`."""
    return sp.Matrix(1, m.rows, lambda _, i: sum(m[i, j] for j in range(m.cols)))


def gather(table, ids):
    """embedding: row i is row ids[i] of the table."""
    return sp.Matrix([[table[t, j] for j in range(table.cols)] for t in ids])


def softmax_rows(s, visible=None):
    """Row-wise softmax; with `visible(i)`, row i uses columns < visible(i) and is 0 elsewhere."""
    out = sp.zeros(s.rows, s.cols)
    for i in range(s.rows):
        k = s.cols if visible is None else visible(i)
        z = sum(sp.exp(s[i, j]) for j in range(k))
        for j in range(k):
            out[i, j] = sp.exp(s[i, j]) / z
    return out


def logsumexp_rows(z):
    """log Σⱼ exp(zᵢⱼ) of each row: a 1×m row."""
    return sp.Matrix(1, z.rows, lambda _, i: sp.log(sum(sp.exp(z[i, j]) for j in range(z.cols))))


def log_softmax_rows(z):
    """z − lse(z) per row."""
    lse = logsumexp_rows(z)
    return sp.Matrix(z.rows, z.cols, lambda i, j: z[i, j] - lse[0, i])


def cross_entropy(z, targets):
    """The mean over rows of −log softmax(zᵢ)[tᵢ]."""
    p = softmax_rows(z)
    return -sum(sp.log(p[i, t]) for i, t in enumerate(targets)) / z.rows


def sigmoid(x):
    return 1 / (1 + sp.exp(-x))


def relu(x):
    """max(x, 0), written so that its derivative at 0 is 0 (the convention 1[x > 0] of the
    derivations, PyTorch's): SymPy's Max would differentiate to Heaviside(0) = ½."""
    return sp.Piecewise((x, x > 0), (0, True))


def gelu(x):
    """The tanh approximation GPT-2 uses: ½ x (1 + tanh(√(2/π)(x + 0.044715 x³)))."""
    c, k = sp.sqrt(2 / sp.pi), sp.Rational(44715, 1000000)
    return x / 2 * (1 + sp.tanh(c * (x + k * x**3)))


def layer_norm_row(x, gamma, beta, eps):
    n = x.cols
    mu = sum(x) / n
    var = sum((v - mu) ** 2 for v in x) / n
    r = 1 / sp.sqrt(var + eps)
    xh = (x - mu * sp.ones(1, n)) * r
    return xh.multiply_elementwise(gamma) + beta, xh, r


def rms_norm_row(x, gamma, eps):
    n = x.cols
    r = 1 / sp.sqrt(sum(v**2 for v in x) / n + eps)
    xh = x * r
    return xh.multiply_elementwise(gamma), xh, r


def layer_norm(x, gamma, beta, eps):
    """LayerNorm of each row of the matrix x."""
    return sp.Matrix.vstack(*(layer_norm_row(x[i, :], gamma, beta, eps)[0] for i in range(x.rows)))


def rms_norm(x, gamma, eps):
    """RMSNorm of each row of the matrix x."""
    return sp.Matrix.vstack(*(rms_norm_row(x[i, :], gamma, eps)[0] for i in range(x.rows)))


def attention_parts(q, k, v, causal):
    """S = Q Kᵀ/√d, P = softmax_rows(S + M) (row i sees keys 0..=i when causal), O = P V."""
    d = q.cols
    s = q * k.T / sp.sqrt(d)
    p = softmax_rows(s, (lambda i: min(i + 1, k.rows)) if causal else None)
    return s, p, p * v
