#!/usr/bin/env python3
"""genprog: random `#[differentiate]` programs for autodiff's differential tests.

Writes random, well-typed Rust functions inside the subset the macro supports (README,
"What Rust it takes"), together with a table of test cases that the harness in
`tests/generated/harness.rs` checks at random points (see `tests/generated_programs.rs`).

Deterministic: the same `--seed`, `--count` and `--batches` give byte-identical files.

    # the checked-in set (tests/generated/batch_*.rs and tests/generated_programs.rs)
    python3 tools/genprog.py --seed 1 --count 520 --batches 8 --out tests/generated \
        --test-file tests/generated_programs.rs

    # a bigger batch for an occasional soak run, as a standalone crate in a scratch dir
    python3 tools/genprog.py --seed 77 --count 3000 --batches 24 --scratch /tmp/adsoak
    cd /tmp/adsoak && AUTODIFF_SOAK=50 cargo test --release

What a program may contain: `f64` / `&[f64]` (fixed small lengths) / `usize` (constant)
parameters, `wrt` subsets; arithmetic and float methods kept inside their domains (`ln` and
`sqrt` of `1 + e²`, `asin` of `0.9·tanh(e)`, ...); `let`, shadowing, compound assignment;
nested `if`/`else if`/`else` on float and integer comparisons, `if` and `match` as
expressions; `for` loops over `a..b`, `a..=b`, `.rev()`, `.step_by(k)` with loop-carried
and overwritten state, `while` and `loop` with an integer counter, `break`, `continue`, early
`return`; local `Vec`s (`vec![0.0; n]`, `vec![a, b]`, `to_vec`, `clone`, `Vec::with_capacity`
+ `push`) with index reads and writes and whole-vector reassignment; calls to earlier
generated functions; `#[checkpoint]` (all three schedules) on loops and blocks; scalar and
`Vec<f64>` results.

`--hygiene P` draws a share P of the functions with the patterns that test name
resolution: `let`-bound closures (`move` or borrowing) capturing parameters, locals and
other closures, captures shadowed after the definition (also inside loop bodies), `move`
closures over mutable variables reassigned later, calls in loops and with arguments named
like the closure's parameters in another order (`g(b, a)` for `|a, b|`); shadowing of
parameters and locals at several nesting levels; raw identifiers (`r#type`, `r#in`, …, and
each file's second function named `r#match`) and names like the macro's own (`x_bar`,
`dout`, `lo`, `hi`, `t0`, `x_dot`, `x_tape`, `type_bar` beside `r#type`). The interpreter
gives closures Rust's semantics (free names resolved at the definition). It reports on
stderr how many functions exercise each pattern. The checked-in hygiene set:

    python3 tools/genprog.py --seed 1 --count 60 --batches 1 --hygiene 1 --prefix hygiene \
        --out tests/generated --test-file tests/generated_hygiene.rs

Beside each function `f` it writes `f_value`, the same function on the runtime tape
(`autodiff::Tape` / `Value`): the harness compares its `backward()` with `f_vjp`, two
independent reverse modes. `--value-every K` writes them for every K-th function only (and
the functions those call); the default is all of them.

Every program is run here by a small interpreter at the points the Rust tests use (the
same SplitMix64 stream as `autodiff::gradcheck::Rng`): programs whose values overflow or
whose central differences are unreliable at those points (a branch switch within a step) are
drawn again, so a failing check in Rust points at the macro, not at the finite differences.
"""

import argparse
import math
import os
import random
import re
import shutil
import subprocess
import sys

MASK = (1 << 64) - 1

# The harness draws points in [LO, HI) and must agree with these.
POINT_LO, POINT_HI = -1.5, 1.5
DEFAULT_POINTS = 3
SCREEN_POINTS = 8


# --------------------------------------------------------------------------------------
# The runtime's Rng (SplitMix64) and the harness's seeds, bit for bit.


class SplitMix:
    def __init__(self, seed):
        self.s = seed & MASK

    def next_u64(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def next_f64(self):
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def uniform(self, lo, hi):
        return lo + (hi - lo) * self.next_f64()

    def vector(self, n, lo, hi):
        return [self.uniform(lo, hi) for _ in range(n)]


def fnv1a(s):
    h = 0xCBF29CE484222325
    for b in s.encode():
        h ^= b
        h = (h * 0x100000001B3) & MASK
    return h


def point_seed(name, k):
    """`harness::point_seed`: the seed of the k-th point of the function `name`."""
    return fnv1a(name) ^ ((k * 0x9E3779B97F4A7C15) & MASK)


# --------------------------------------------------------------------------------------
# Control flow of the interpreter.


class Break(Exception):
    pass


class Continue(Exception):
    pass


class Return(Exception):
    def __init__(self, value):
        self.value = value


class Reject(Exception):
    """The program misbehaves numerically at a screening point: draw another."""


class Budget(Exception):
    pass


# Which way each branch went during screening (by node id): a coverage statistic.
COVER = {}
# The values the left side of each calibrated comparison took (by node id).
CAL = {}


def walk(node, seen=None):
    """Every node of a function body (not entering callees)."""
    if isinstance(node, list):
        for x in node:
            yield from walk(x)
    elif isinstance(node, tuple):
        for x in node:
            yield from walk(x)
    elif hasattr(node, "__dict__") and not isinstance(node, Func):
        yield node
        for k, v in vars(node).items():
            if k != "fn":
                yield from walk(v)


def chk(v):
    if not isinstance(v, float):
        return v
    if v != v or abs(v) > 1e6:
        raise Reject("value %r" % v)
    return v


# --------------------------------------------------------------------------------------
# Expressions. Each node prints itself as Rust and evaluates itself in Python.

FLOAT_ATOMS = ("Num", "Var", "Idx", "Cast", "Const", "Call")


class E:
    prec = 100  # atoms

    def rs(self):
        raise NotImplementedError

    def paren(self):
        s = self.rs()
        return s if self.prec >= 100 else "(" + s + ")"


class Num(E):
    def __init__(self, v, style=0):
        self.v, self.style = v, style

    def rs(self):
        v = self.v
        if v < 0:
            return "(-" + Num(-v, self.style).rs() + ")"
        if self.style == 1 and v != 0:
            m, e = ("%e" % v).split("e")
            m = m.rstrip("0").rstrip(".")
            if "." not in m:
                m += ".0"
            return "%se%d" % (m, int(e))
        if self.style == 2:
            return repr(float(v)) + "_f64"
        return repr(float(v))

    def ev(self, env):
        return self.v


class Const(E):
    NAMES = {"PI": math.pi, "E": math.e, "FRAC_PI_4": math.pi / 4, "LN_2": math.log(2.0)}

    def __init__(self, name):
        self.name = name

    def rs(self):
        return "std::f64::consts::" + self.name

    def ev(self, env):
        return Const.NAMES[self.name]


class Var(E):
    def __init__(self, name):
        self.name = name

    def rs(self):
        return self.name

    def ev(self, env):
        return env.get(self.name)


class Idx(E):
    def __init__(self, arr, idx, typed=True):
        self.arr, self.idx, self.typed = arr, idx, typed

    def rs(self):
        return "%s[%s]" % (self.arr, self.idx.rs())

    def ev(self, env):
        a = env.get(self.arr)
        i = self.idx.ev(env)
        if not 0 <= i < len(a):
            raise AssertionError("generator bug: index %d out of %s (len %d)" % (i, self.arr, len(a)))
        return a[i]


class Cast(E):
    def __init__(self, ie):
        self.ie = ie

    def rs(self):
        return "(%s as f64)" % self.ie.rs()

    def ev(self, env):
        return float(self.ie.ev(env))


class Bin(E):
    PREC = {"+": 10, "-": 10, "*": 20, "/": 20, "%": 20}

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = Bin.PREC[op]

    def rs(self):
        la = self.a.rs() if self.a.prec >= self.prec else "(" + self.a.rs() + ")"
        lb = self.b.rs() if self.b.prec > self.prec else "(" + self.b.rs() + ")"
        return "%s %s %s" % (la, self.op, lb)

    def ev(self, env):
        a, b = self.a.ev(env), self.b.ev(env)
        if self.op == "+":
            return chk(a + b)
        if self.op == "-":
            return chk(a - b)
        if self.op == "*":
            return chk(a * b)
        if self.op == "/":
            if b == 0:
                raise Reject("div 0")
            return chk(a / b)
        if b == 0:
            raise Reject("rem 0")
        return chk(math.fmod(a, b))


class Neg(E):
    prec = 30

    def __init__(self, a):
        self.a = a

    def rs(self):
        return "-" + (self.a.rs() if self.a.prec >= 100 and not isinstance(self.a, Num) else "(" + self.a.rs() + ")")

    def ev(self, env):
        return -self.a.ev(env)


def r_round(x):
    return float(math.floor(x + 0.5)) if x >= 0 else -float(math.floor(-x + 0.5))


def r_signum(x):
    return 1.0 if math.copysign(1.0, x) > 0 else -1.0


def _log(x, b):
    return math.log(x) / math.log(b)


UNARY = {
    "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin, "acos": math.acos,
    "atan": math.atan, "sinh": math.sinh, "cosh": math.cosh, "tanh": math.tanh,
    "asinh": math.asinh, "acosh": math.acosh, "atanh": math.atanh, "exp": math.exp,
    "exp2": lambda x: 2.0 ** x, "exp_m1": math.expm1, "ln": math.log, "ln_1p": math.log1p,
    "log2": math.log2, "log10": math.log10, "sqrt": math.sqrt,
    "cbrt": lambda x: math.copysign(abs(x) ** (1.0 / 3.0), x), "recip": lambda x: 1.0 / x,
    "abs": abs, "floor": lambda x: float(math.floor(x)), "ceil": lambda x: float(math.ceil(x)),
    "round": r_round, "trunc": lambda x: float(math.trunc(x)), "signum": r_signum,
    "fract": lambda x: x - float(math.trunc(x)),
}

BINARY = {
    "powf": lambda a, b: a ** b, "hypot": math.hypot, "atan2": math.atan2,
    "max": max, "min": min, "log": _log,
}


def typed(e):
    """Whether Rust knows `e` is an `f64` without context (a method call on `{float}` is
    an error, so untyped receivers are printed in path form)."""
    if isinstance(e, Num):
        return False
    if isinstance(e, Idx):
        return e.typed
    if isinstance(e, (Bin, IfE)):
        return typed(e.a) or typed(e.b)
    if isinstance(e, Neg):
        return typed(e.a)
    if isinstance(e, MatchE):
        return any(typed(a) for a in e.arms)
    return True


class M1(E):
    """`a.f()` or `f64::f(a)`."""

    def __init__(self, f, a, path=False):
        self.f, self.a, self.path = f, a, path

    def rs(self):
        if self.path or not typed(self.a):
            return "f64::%s(%s)" % (self.f, self.a.rs())
        return "%s.%s()" % (self.a.paren(), self.f)

    def ev(self, env):
        a = self.a.ev(env)
        try:
            return chk(UNARY[self.f](a))
        except (ValueError, OverflowError, ZeroDivisionError):
            raise Reject(self.f)


class M2(E):
    def __init__(self, f, a, b, path=False):
        self.f, self.a, self.b, self.path = f, a, b, path

    def rs(self):
        if self.path or not typed(self.a):
            return "f64::%s(%s, %s)" % (self.f, self.a.rs(), self.b.rs())
        return "%s.%s(%s)" % (self.a.paren(), self.f, self.b.rs())

    def ev(self, env):
        a, b = self.a.ev(env), self.b.ev(env)
        try:
            return chk(BINARY[self.f](a, b))
        except (ValueError, OverflowError, ZeroDivisionError):
            raise Reject(self.f)


class Powi(E):
    def __init__(self, a, k):
        self.a, self.k = a, k

    def rs(self):
        if not typed(self.a):
            return "f64::powi(%s, %d)" % (self.a.rs(), self.k)
        return "%s.powi(%d)" % (self.a.paren(), self.k)

    def ev(self, env):
        try:
            return chk(self.a.ev(env) ** self.k)
        except (OverflowError, ZeroDivisionError):
            raise Reject("powi")


class MulAdd(E):
    def __init__(self, a, b, c):
        self.a, self.b, self.c = a, b, c

    def rs(self):
        if not typed(self.a):
            return "f64::mul_add(%s, %s, %s)" % (self.a.rs(), self.b.rs(), self.c.rs())
        return "%s.mul_add(%s, %s)" % (self.a.paren(), self.b.rs(), self.c.rs())

    def ev(self, env):
        return chk(self.a.ev(env) * self.b.ev(env) + self.c.ev(env))


class Clamp(E):
    def __init__(self, a, lo, hi):
        self.a, self.lo, self.hi = a, lo, hi

    def rs(self):
        if not typed(self.a):
            return "f64::clamp(%s, %s, %s)" % (self.a.rs(), Num(self.lo).rs(), Num(self.hi).rs())
        return "%s.clamp(%s, %s)" % (self.a.paren(), Num(self.lo).rs(), Num(self.hi).rs())

    def ev(self, env):
        return min(max(self.a.ev(env), self.lo), self.hi)


class Call(E):
    def __init__(self, fn, args):
        self.fn, self.args = fn, args  # args: list of (kind, node-or-name)

    def rs(self):
        out = []
        for kind, a in self.args:
            if kind == "f":
                out.append(a.rs())
            elif kind == "slice":
                out.append(a)
            elif kind == "vecref":
                out.append("&" + a)
            else:
                out.append(a)
        return "%s(%s)" % (self.fn.name, ", ".join(out))

    def ev(self, env):
        vals = []
        for kind, a in self.args:
            if kind == "f":
                vals.append(a.ev(env))
            elif kind in ("slice", "vecref"):
                vals.append(list(env.get(a)))
            else:
                vals.append(int(a) if a.isdigit() else env.get(a))
        return self.fn.call(vals, env.counter)


class IfE(E):
    prec = 0

    def __init__(self, cond, a, b):
        self.cond, self.a, self.b = cond, a, b

    def rs(self):
        return "if %s { %s } else { %s }" % (self.cond.rs(), self.a.rs(), self.b.rs())

    def ev(self, env):
        c = bool(self.cond.ev(env))
        COVER.setdefault(id(self), set()).add(c)
        return self.a.ev(env) if c else self.b.ev(env)


class MatchE(E):
    prec = 0

    def __init__(self, scrut, k, arms):
        self.scrut, self.k, self.arms = scrut, k, arms

    def rs(self):
        parts = ["%d => %s" % (i, a.rs()) for i, a in enumerate(self.arms[:-1])]
        parts.append("_ => %s" % self.arms[-1].rs())
        return "match %s %% %d { %s }" % (self.scrut.paren(), self.k, ", ".join(parts))

    def ev(self, env):
        r = self.scrut.ev(env) % self.k
        return self.arms[min(r, len(self.arms) - 1)].ev(env)


# Integer expressions.


class IVar(E):
    def __init__(self, name):
        self.name = name

    def rs(self):
        return self.name

    def ev(self, env):
        return env.get(self.name)


class INum(E):
    def __init__(self, v):
        self.v = v

    def rs(self):
        return str(self.v)

    def ev(self, env):
        return self.v


class ILen(E):
    def __init__(self, arr):
        self.arr = arr

    def rs(self):
        return "%s.len()" % self.arr

    def ev(self, env):
        return len(env.get(self.arr))


class IBin(E):
    # Rust's binding strengths: `* / %` over `+ -` over `<< >>` over `&` over `^` over `|`,
    # all over the comparisons (`Cmp.prec`).
    PREC = {"+": 10, "-": 10, "*": 20, "/": 20, "%": 20, "<<": 9, ">>": 9, "&": 8, "^": 7, "|": 6}

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = IBin.PREC[op]

    def rs(self):
        la = self.a.rs() if self.a.prec >= self.prec else "(" + self.a.rs() + ")"
        lb = self.b.rs() if self.b.prec > self.prec else "(" + self.b.rs() + ")"
        return "%s %s %s" % (la, self.op, lb)

    def ev(self, env):
        a, b = self.a.ev(env), self.b.ev(env)
        if self.op == "+":
            return a + b
        if self.op == "-":
            if a < b:
                raise AssertionError("generator bug: usize underflow in " + self.rs())
            return a - b
        if self.op == "*":
            return a * b
        if self.op == "/":
            return a // b
        if self.op == "<<":
            return a << b
        if self.op == ">>":
            return a >> b
        if self.op == "&":
            return a & b
        if self.op == "^":
            return a ^ b
        if self.op == "|":
            return a | b
        return a % b


# Conditions.


class Cmp(E):
    prec = 5

    def __init__(self, op, a, b, calib=False):
        self.op, self.a, self.b, self.calib = op, a, b, calib

    def rs(self):
        if self.op == "<" and ends_with_cast(self.a) and "cast-before-less-than" in AVOID:
            return "%s > %s" % (self.b.rs(), self.a.rs())
        return "%s %s %s" % (self.a.rs(), self.op, self.b.rs())

    def ev(self, env):
        a, b = self.a.ev(env), self.b.ev(env)
        if self.calib:
            CAL.setdefault(id(self), []).append(a)
        return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "==": a == b, "!=": a != b}[self.op]


class Logic(E):
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = 3 if op == "&&" else 2

    def rs(self):
        la = self.a.rs() if self.a.prec >= self.prec else "(" + self.a.rs() + ")"
        lb = self.b.rs() if self.b.prec > self.prec else "(" + self.b.rs() + ")"
        return "%s %s %s" % (la, self.op, lb)

    def ev(self, env):
        if self.op == "&&":
            return self.a.ev(env) and self.b.ev(env)
        return self.a.ev(env) or self.b.ev(env)


class Not(E):
    prec = 30

    def __init__(self, a):
        self.a = a

    def rs(self):
        return "!(%s)" % self.a.rs()

    def ev(self, env):
        return not self.a.ev(env)


# --------------------------------------------------------------------------------------
# Statements.


class Env:
    def __init__(self, counter):
        self.scopes = [{}]
        self.counter = counter

    def get(self, n):
        for s in reversed(self.scopes):
            if n in s:
                return s[n]
        raise AssertionError("generator bug: unbound " + n)

    def let(self, n, v):
        self.scopes[-1][n] = v

    def set(self, n, v):
        for s in reversed(self.scopes):
            if n in s:
                s[n] = v
                return
        raise AssertionError("generator bug: unbound " + n)

    def tick(self):
        self.counter[0] += 1
        if self.counter[0] > 200000:
            raise Budget()


def run_block(stmts, env, new_scope=True):
    if new_scope:
        env.scopes.append({})
    try:
        for s in stmts:
            env.tick()
            s.ex(env)
    finally:
        if new_scope:
            env.scopes.pop()


def ind(n):
    return "    " * n


def block_rs(stmts, depth):
    lines = []
    for s in stmts:
        lines.extend(s.lines(depth))
    return lines


class Let:
    def __init__(self, name, e, mut=False, typed=False):
        self.name, self.e, self.mut, self.typed = name, e, mut, typed

    def lines(self, d):
        return ["%slet %s%s%s = %s;" % (ind(d), "mut " if self.mut else "", self.name,
                                        ": f64" if self.typed else "", self.e.rs())]

    def ex(self, env):
        env.let(self.name, chk(self.e.ev(env)))


class LetInt:
    def __init__(self, name, e, mut=False, typed=False):
        self.name, self.e, self.mut, self.typed = name, e, mut, typed

    def lines(self, d):
        return ["%slet %s%s%s = %s;" % (ind(d), "mut " if self.mut else "", self.name,
                                        ": usize" if self.typed else "", self.e.rs())]

    def ex(self, env):
        env.let(self.name, self.e.ev(env))


class Assign:
    def __init__(self, name, op, e):
        self.name, self.op, self.e = name, op, e

    def lines(self, d):
        return ["%s%s %s %s;" % (ind(d), self.name, self.op, self.e.rs())]

    def ex(self, env):
        v = self.e.ev(env)
        env.set(self.name, chk(apply_op(self.op, env.get(self.name), v)))


def apply_op(op, old, v):
    if op == "=":
        return v
    if op == "+=":
        return old + v
    if op == "-=":
        return old - v
    if op == "*=":
        return old * v
    if op == "/=":
        if v == 0:
            raise Reject("div 0")
        return old / v
    raise AssertionError(op)


class IncInt:
    def __init__(self, name):
        self.name = name

    def lines(self, d):
        return ["%s%s += 1;" % (ind(d), self.name)]

    def ex(self, env):
        env.set(self.name, env.get(self.name) + 1)


class LetVec:
    """`let [mut] v = <init>;` with init one of zeros/lit/tovec/clone/withcap/new."""

    def __init__(self, name, kind, arg, mut, annot=False):
        self.name, self.kind, self.arg, self.mut, self.annot = name, kind, arg, mut, annot

    def lines(self, d):
        m = "mut " if self.mut else ""
        if self.kind == "zeros":
            init = "vec![%s; %s]" % (Num(self.arg[0]).rs(), self.arg[1].rs())
        elif self.kind == "lit":
            init = "vec![%s]" % ", ".join(e.rs() for e in self.arg)
        elif self.kind == "tovec":
            init = "%s.to_vec()" % self.arg
        elif self.kind == "clone":
            init = "%s.clone()" % self.arg
        elif self.kind == "withcap":
            init = "Vec::with_capacity(%s)" % self.arg.rs()
        else:
            init = "Vec::new()"
        return ["%slet %s%s%s = %s;" % (ind(d), m, self.name, ": Vec<f64>" if self.annot else "", init)]

    def ex(self, env):
        if self.kind == "zeros":
            v = [float(self.arg[0])] * self.arg[1].ev(env)
        elif self.kind == "lit":
            v = [chk(e.ev(env)) for e in self.arg]
        elif self.kind in ("tovec", "clone"):
            v = list(env.get(self.arg))
        else:
            v = []
        env.let(self.name, v)


class LetCallVec:
    def __init__(self, name, call, mut):
        self.name, self.call, self.mut = name, call, mut

    def lines(self, d):
        return ["%slet %s%s = %s;" % (ind(d), "mut " if self.mut else "", self.name, self.call.rs())]

    def ex(self, env):
        env.let(self.name, list(self.call.ev(env)))


class SetIdx:
    def __init__(self, arr, idx, op, e):
        self.arr, self.idx, self.op, self.e = arr, idx, op, e

    def lines(self, d):
        return ["%s%s[%s] %s %s;" % (ind(d), self.arr, self.idx.rs(), self.op, self.e.rs())]

    def ex(self, env):
        a = env.get(self.arr)
        v = self.e.ev(env)
        i = self.idx.ev(env)
        if not 0 <= i < len(a):
            raise AssertionError("generator bug: write index %d out of %s" % (i, self.arr))
        a[i] = chk(apply_op(self.op, a[i], v))


class Push:
    def __init__(self, arr, e):
        self.arr, self.e = arr, e

    def lines(self, d):
        return ["%s%s.push(%s);" % (ind(d), self.arr, self.e.rs())]

    def ex(self, env):
        env.get(self.arr).append(chk(self.e.ev(env)))


class MoveVec:
    def __init__(self, dst, src):
        self.dst, self.src = dst, src

    def lines(self, d):
        return ["%s%s = %s;" % (ind(d), self.dst, self.src)]

    def ex(self, env):
        env.set(self.dst, env.get(self.src))


class If:
    def __init__(self, cond, then, els):
        self.cond, self.then, self.els = cond, then, els  # els: None | list | If

    def lines(self, d, head=None):
        out = ["%sif %s {" % (head if head is not None else ind(d), self.cond.rs())]
        out += block_rs(self.then, d + 1)
        if self.els is None:
            out.append(ind(d) + "}")
        elif isinstance(self.els, If):
            rest = self.els.lines(d, head=ind(d) + "} else ")
            out += rest
        else:
            out.append(ind(d) + "} else {")
            out += block_rs(self.els, d + 1)
            out.append(ind(d) + "}")
        return out

    def ex(self, env):
        c = bool(self.cond.ev(env))
        COVER.setdefault(id(self), set()).add(c)
        if c:
            run_block(self.then, env)
        elif isinstance(self.els, If):
            self.els.ex(env)
        elif self.els is not None:
            run_block(self.els, env)


class Match:
    def __init__(self, scrut, k, arms):
        self.scrut, self.k, self.arms = scrut, k, arms

    def lines(self, d):
        out = ["%smatch %s %% %d {" % (ind(d), self.scrut.paren(), self.k)]
        for i, arm in enumerate(self.arms):
            pat = "_" if i == len(self.arms) - 1 else str(i)
            out.append("%s%s => {" % (ind(d + 1), pat))
            out += block_rs(arm, d + 2)
            out.append(ind(d + 1) + "}")
        out.append(ind(d) + "}")
        return out

    def ex(self, env):
        r = self.scrut.ev(env) % self.k
        run_block(self.arms[min(r, len(self.arms) - 1)], env)


def ckpt_attr(c):
    if c is None:
        return None
    if c == "sqrt":
        return "#[checkpoint]"
    kind, k = c
    return "#[checkpoint(%s = %d)]" % (kind, k)


class For:
    def __init__(self, var, lo, hi, form, step, body, ckpt):
        # form: "excl" (lo..hi), "incl" (lo..=hi-1, printed with hi - 1), "rev", "step"
        self.var, self.lo, self.hi, self.form, self.step, self.body, self.ckpt = var, lo, hi, form, step, body, ckpt

    def range_rs(self):
        lo, hi = self.lo.rs(), self.hi.rs()
        if self.form == "excl":
            return "%s..%s" % (lo, hi)
        if self.form == "incl":
            return "%s..=%s - 1" % (lo, hi)
        if self.form == "rev":
            return "(%s..%s).rev()" % (lo, hi)
        return "(%s..%s).step_by(%d)" % (lo, hi, self.step)

    def lines(self, d, with_ckpt=True):
        out = []
        if with_ckpt and self.ckpt:
            out.append(ind(d) + ckpt_attr(self.ckpt))
        out.append("%sfor %s in %s {" % (ind(d), self.var, self.range_rs()))
        out += block_rs(self.body, d + 1)
        out.append(ind(d) + "}")
        return out

    def ex(self, env):
        lo, hi = self.lo.ev(env), self.hi.ev(env)
        if self.form == "incl" and hi < 1:
            raise AssertionError("generator bug: inclusive range underflow")
        if self.form == "excl" or self.form == "incl":
            it = range(lo, hi)
        elif self.form == "rev":
            it = reversed(range(lo, hi))
        else:
            it = range(lo, hi, self.step)
        for i in it:
            env.scopes.append({self.var: i})
            try:
                run_block(self.body, env, new_scope=False)
            except Continue:
                pass
            except Break:
                env.scopes.pop()
                break
            env.scopes.pop()


class While:
    """`while k < lim [&& cond] { body }` or `loop { if k >= lim { break; } body }`."""

    def __init__(self, counter, lim, extra, body, ckpt, style):
        self.counter, self.lim, self.extra, self.body, self.ckpt, self.style = counter, lim, extra, body, ckpt, style

    def lines(self, d, with_ckpt=True):
        out = []
        if with_ckpt and self.ckpt:
            out.append(ind(d) + ckpt_attr(self.ckpt))
        if self.style == "loop":
            out.append(ind(d) + "loop {")
            out.append("%sif %s >= %s {" % (ind(d + 1), self.counter, self.lim.rs()))
            out.append(ind(d + 2) + "break;")
            out.append(ind(d + 1) + "}")
        else:
            cond = "%s < %s" % (self.counter, self.lim.rs())
            if self.extra is not None:
                cond += " && " + (self.extra.rs() if self.extra.prec > 3 else "(" + self.extra.rs() + ")")
            out.append("%swhile %s {" % (ind(d), cond))
        out += block_rs(self.body, d + 1)
        out.append(ind(d) + "}")
        return out

    def ex(self, env):
        while True:
            env.tick()
            if self.style == "loop":
                if env.get(self.counter) >= self.lim.ev(env):
                    break
            else:
                if not env.get(self.counter) < self.lim.ev(env):
                    break
                if self.extra is not None and not self.extra.ev(env):
                    break
            try:
                run_block(self.body, env)
            except Continue:
                pass
            except Break:
                break


class Block:
    def __init__(self, body, ckpt):
        self.body, self.ckpt = body, ckpt

    def lines(self, d, with_ckpt=True):
        out = []
        if with_ckpt and self.ckpt:
            out.append(ind(d) + "#[checkpoint]")
        out.append(ind(d) + "{")
        out += block_rs(self.body, d + 1)
        out.append(ind(d) + "}")
        return out

    def ex(self, env):
        run_block(self.body, env)


class Jump:
    def __init__(self, kind, e=None):
        self.kind, self.e = kind, e

    def lines(self, d):
        if self.kind == "return":
            return ["%sreturn %s;" % (ind(d), self.e.rs())]
        return ["%s%s;" % (ind(d), self.kind)]

    def ex(self, env):
        if self.kind == "break":
            raise Break()
        if self.kind == "continue":
            raise Continue()
        v = self.e.ev(env)
        raise Return(list(v) if isinstance(v, list) else v)


# Closures (`--hygiene`): bound by `let`, called by name. Rust resolves a closure's free
# names where it is defined, so the interpreter keeps what they denoted there: a `move`
# closure copies the floats it captures, a borrowing one only captures bindings nobody
# assigns while it lives (immutable floats, slices, other closures), for which the copy
# is the same thing.


class Closure:
    """A closure value in the interpreter: its parameters, body and captured bindings."""

    def __init__(self, params, body, captured):
        self.params, self.body, self.captured = params, body, captured


def free_names(e, bound):
    """The names `e` reads that `bound` does not bind (variables, arrays, closures)."""
    out = []
    for x in walk(e):
        n = x.arr if isinstance(x, (Idx, ILen)) else getattr(x, "name", None) if isinstance(x, (Var, IVar, CCall)) else None
        if n is not None and n not in bound and n not in out:
            out.append(n)
    return out


class LetClosure:
    """`let g = [move] |p: f64, …| body;`"""

    def __init__(self, name, params, body, move):
        self.name, self.params, self.body, self.move = name, params, body, move
        self.free = free_names(body, set(params))

    def head(self, ty):
        ps = ", ".join("%s: %s" % (p, ty) for p in self.params)
        return "let %s = %s|%s|" % (self.name, "move " if self.move else "", ps)

    def lines(self, d):
        return ["%s%s %s;" % (ind(d), self.head("f64"), self.body.rs())]

    def ex(self, env):
        env.let(self.name, Closure(self.params, self.body, {n: env.get(n) for n in self.free}))


class CCall(E):
    """`g(args)`: a call of a `let`-bound closure."""

    def __init__(self, name, args):
        self.name, self.args = name, args

    def rs(self):
        return "%s(%s)" % (self.name, ", ".join(a.rs() for a in self.args))

    def ev(self, env):
        c = env.get(self.name)
        vals = [chk(a.ev(env)) for a in self.args]  # read before the parameters bind
        inner = Env(env.counter)
        inner.scopes = [dict(c.captured), dict(zip(c.params, vals))]
        return chk(c.body.ev(inner))


def bare(name):
    """The stem of derived names: the macro drops a raw identifier's `r#` (`match_grad`)."""
    return name[2:] if name.startswith("r#") else name


def strip_ckpt_lines(fn_lines):
    return [l for l in fn_lines if not l.strip().startswith("#[checkpoint")]


# --------------------------------------------------------------------------------------
# Value twins: the same function on the runtime tape (`autodiff::Tape` / `Value`), which
# the harness differentiates with `backward()` and compares with `f_vjp`. Every float
# variable, parameter and vector element becomes a `Value`; float subexpressions without
# a variable (literals, constants, casts of integers) stay plain `f64` and become constants
# (`tape.constant(…)`) where a `Value` is needed; integer code and control flow are
# unchanged (comparisons read primal values); `#[checkpoint]`s are dropped; calls call the
# callee's twin.

INT_NODES = (IVar, INum, ILen, IBin)


class Tw:
    """A twin expression: its Rust text, its type ("V" Value, "F" f64, "I" usize, "B"
    bool) and its precedence (as `E.prec`)."""

    def __init__(self, s, ty, prec=100):
        self.s, self.ty, self.prec = s, ty, prec


def tw_value(t):
    """`t` as a `Value`."""
    return t.s if t.ty == "V" else "tape.constant(%s)" % t.s


def tw_recv(t):
    """`t` as a `Value` method receiver."""
    if t.ty != "V":
        return "tape.constant(%s)" % t.s
    return t.s if t.prec >= 100 else "(%s)" % t.s


def tw_bin(op, prec, ta, tb):
    la = ta.s if ta.prec >= prec else "(" + ta.s + ")"
    lb = tb.s if tb.prec > prec else "(" + tb.s + ")"
    return "%s %s %s" % (la, op, lb)


def tw(e):
    if isinstance(e, (Num, Const, Cast)):
        return Tw(e.rs(), "F")
    if isinstance(e, Var):
        return Tw(e.name, "V")
    if isinstance(e, Idx):
        return Tw("%s[%s]" % (e.arr, e.idx.rs()), "V")
    if isinstance(e, (IVar, INum, ILen, IBin)):
        return Tw(e.rs(), "I", e.prec)
    if isinstance(e, Bin):
        ta, tb = tw(e.a), tw(e.b)
        return Tw(tw_bin(e.op, e.prec, ta, tb), "V" if "V" in (ta.ty, tb.ty) else "F", e.prec)
    if isinstance(e, Neg):
        ta = tw(e.a)
        inner = ta.s if ta.prec >= 100 and not isinstance(e.a, Num) else "(" + ta.s + ")"
        return Tw("-" + inner, ta.ty, e.prec)
    if isinstance(e, M1):
        ta = tw(e.a)
        if ta.ty == "F":
            return Tw("f64::%s(%s)" % (e.f, ta.s), "F")
        return Tw("%s.%s()" % (tw_recv(ta), e.f), "V")
    if isinstance(e, M2):
        ta, tb = tw(e.a), tw(e.b)
        if ta.ty == tb.ty == "F":
            return Tw("f64::%s(%s, %s)" % (e.f, ta.s, tb.s), "F")
        return Tw("%s.%s(%s)" % (tw_recv(ta), e.f, tb.s), "V")
    if isinstance(e, Powi):
        ta = tw(e.a)
        if ta.ty == "F":
            return Tw("f64::powi(%s, %d)" % (ta.s, e.k), "F")
        return Tw("%s.powi(%d)" % (tw_recv(ta), e.k), "V")
    if isinstance(e, MulAdd):
        ta, tb, tc = tw(e.a), tw(e.b), tw(e.c)
        if ta.ty == tb.ty == tc.ty == "F":
            return Tw("f64::mul_add(%s, %s, %s)" % (ta.s, tb.s, tc.s), "F")
        return Tw("%s.mul_add(%s, %s)" % (tw_recv(ta), tb.s, tc.s), "V")
    if isinstance(e, Clamp):
        ta = tw(e.a)
        lo, hi = Num(e.lo).rs(), Num(e.hi).rs()
        if ta.ty == "F":
            return Tw("f64::clamp(%s, %s, %s)" % (ta.s, lo, hi), "F")
        return Tw("%s.clamp(%s, %s)" % (tw_recv(ta), lo, hi), "V")
    if isinstance(e, CCall):
        return Tw("%s(%s)" % (e.name, ", ".join(tw_value(tw(a)) for a in e.args)), "V")
    if isinstance(e, Call):
        out = []
        for kind, a in e.args:
            if kind == "f":
                out.append(tw_value(tw(a)))
            elif kind == "vecref":
                out.append("&" + a)
            else:
                out.append(a)
        return Tw("%s_value(%s)" % (bare(e.fn.name), ", ".join(["tape"] + out)), "V")
    if isinstance(e, IfE):
        tc, ta, tb = tw(e.cond), tw(e.a), tw(e.b)
        if ta.ty == tb.ty:
            a, b, ty = ta.s, tb.s, ta.ty
        else:
            a, b, ty = tw_value(ta), tw_value(tb), "V"
        return Tw("if %s { %s } else { %s }" % (tc.s, a, b), ty, e.prec)
    if isinstance(e, MatchE):
        ts = [tw(a) for a in e.arms]
        if len({t.ty for t in ts}) == 1:
            arms, ty = [t.s for t in ts], ts[0].ty
        else:
            arms, ty = [tw_value(t) for t in ts], "V"
        parts = ["%d => %s" % (i, a) for i, a in enumerate(arms[:-1])]
        parts.append("_ => %s" % arms[-1])
        return Tw("match %s %% %d { %s }" % (e.scrut.paren(), e.k, ", ".join(parts)), ty, e.prec)
    if isinstance(e, Cmp):
        if isinstance(e.a, INT_NODES):
            return Tw(e.rs(), "B", e.prec)
        ta, tb = tw(e.a), tw(e.b)
        # `Value` compares with `Value` and with `f64` on its right; no `f64 < Value`
        a = tw_value(ta) if ta.ty == "F" and tb.ty == "V" else ta.s
        return Tw("%s %s %s" % (a, e.op, tb.s), "B", e.prec)
    if isinstance(e, Logic):
        ta, tb = tw(e.a), tw(e.b)
        return Tw(tw_bin(e.op, e.prec, ta, tb), "B", e.prec)
    if isinstance(e, Not):
        return Tw("!(%s)" % tw(e.a).s, "B", e.prec)
    raise AssertionError("no Value twin for %r" % e)


def tw_block(stmts, d):
    out = []
    for s in stmts:
        out.extend(tw_stmt(s, d))
    return out


def tw_stmt(s, d, head=None):
    if isinstance(s, Let):
        return ["%slet %s%s = %s;" % (ind(d), "mut " if s.mut else "", s.name, tw_value(tw(s.e)))]
    if isinstance(s, (LetInt, IncInt, MoveVec)):
        return s.lines(d)
    if isinstance(s, LetClosure):
        return ["%s%s %s;" % (ind(d), s.head("Value<'t, f64>"), tw_value(tw(s.body)))]
    if isinstance(s, Assign):
        te = tw(s.e)
        return ["%s%s %s %s;" % (ind(d), s.name, s.op, tw_value(te) if s.op == "=" else te.s)]
    if isinstance(s, SetIdx):
        place = "%s[%s]" % (s.arr, s.idx.rs())
        te = tw(s.e)
        if s.op == "=":
            return ["%s%s = %s;" % (ind(d), place, tw_value(te))]
        # `v[i] += v[j]` borrows `v` twice for a non-primitive `+=`: spelled out
        op = s.op[0]
        return ["%s%s = %s;" % (ind(d), place, tw_bin(op, Bin.PREC[op], Tw(place, "V"), te))]
    if isinstance(s, Push):
        return ["%s%s.push(%s);" % (ind(d), s.arr, tw_value(tw(s.e)))]
    if isinstance(s, LetVec):
        m = "mut " if s.mut else ""
        if s.kind == "zeros":
            init = "vec![tape.constant(%s); %s]" % (Num(s.arg[0]).rs(), s.arg[1].rs())
        elif s.kind == "lit":
            init = "vec![%s]" % ", ".join(tw_value(tw(e)) for e in s.arg)
        elif s.kind == "tovec":
            init = "%s.to_vec()" % s.arg
        elif s.kind == "clone":
            init = "%s.clone()" % s.arg
        elif s.kind == "withcap":
            init = "Vec::with_capacity(%s)" % s.arg.rs()
        else:
            init = "Vec::new()"
        return ["%slet %s%s = %s;" % (ind(d), m, s.name, init)]
    if isinstance(s, LetCallVec):
        return ["%slet %s%s = %s;" % (ind(d), "mut " if s.mut else "", s.name, tw(s.call).s)]
    if isinstance(s, If):
        out = ["%sif %s {" % (head if head is not None else ind(d), tw(s.cond).s)]
        out += tw_block(s.then, d + 1)
        if s.els is None:
            out.append(ind(d) + "}")
        elif isinstance(s.els, If):
            out += tw_stmt(s.els, d, head=ind(d) + "} else ")
        else:
            out.append(ind(d) + "} else {")
            out += tw_block(s.els, d + 1)
            out.append(ind(d) + "}")
        return out
    if isinstance(s, Match):
        out = ["%smatch %s %% %d {" % (ind(d), s.scrut.paren(), s.k)]
        for i, arm in enumerate(s.arms):
            pat = "_" if i == len(s.arms) - 1 else str(i)
            out.append("%s%s => {" % (ind(d + 1), pat))
            out += tw_block(arm, d + 2)
            out.append(ind(d + 1) + "}")
        out.append(ind(d) + "}")
        return out
    if isinstance(s, For):
        out = ["%sfor %s in %s {" % (ind(d), s.var, s.range_rs())]
        out += tw_block(s.body, d + 1)
        out.append(ind(d) + "}")
        return out
    if isinstance(s, While):
        out = []
        if s.style == "loop":
            out.append(ind(d) + "loop {")
            out.append("%sif %s >= %s {" % (ind(d + 1), s.counter, s.lim.rs()))
            out.append(ind(d + 2) + "break;")
            out.append(ind(d + 1) + "}")
        else:
            cond = "%s < %s" % (s.counter, s.lim.rs())
            if s.extra is not None:
                ex = tw(s.extra)
                cond += " && " + (ex.s if ex.prec > 3 else "(" + ex.s + ")")
            out.append("%swhile %s {" % (ind(d), cond))
        out += tw_block(s.body, d + 1)
        out.append(ind(d) + "}")
        return out
    if isinstance(s, Block):
        return [ind(d) + "{"] + tw_block(s.body, d + 1) + [ind(d) + "}"]
    if isinstance(s, Jump):
        if s.kind == "return":
            return ["%sreturn %s;" % (ind(d), tw_value(tw(s.e)))]
        return ["%s%s;" % (ind(d), s.kind)]
    raise AssertionError("no Value twin for %r" % s)


def value_twin_lines(f):
    """`NAME_value(tape, <params as Values>)`: `f` computed on the tape."""
    ps = ["tape: &'t Tape<f64>"]
    for p in f.params:
        ty = {"f": "Value<'t, f64>", "s": "&[Value<'t, f64>]", "u": "usize"}[p.kind]
        ps.append("%s: %s" % (p.name, ty))
    ret = "Value<'t, f64>" if f.out_len is None else "Vec<Value<'t, f64>>"
    out = ["fn %s_value<'t>(%s) -> %s {" % (bare(f.name), ", ".join(ps), ret)]
    out += tw_block(f.body, 1)
    out.append(ind(1) + (tw_value(tw(f.tail)) if f.out_len is None else f.tail.rs()))
    out.append("}")
    return out


# --------------------------------------------------------------------------------------
# Functions.


class Param:
    def __init__(self, name, kind, size):
        # kind: "f" (f64), "s" (&[f64] of length size), "u" (usize constant = size)
        self.name, self.kind, self.size = name, kind, size


class Func:
    def __init__(self, name, params, wrt, body, tail, out_len, has_ckpt):
        self.name, self.params, self.wrt, self.body, self.tail = name, params, wrt, body, tail
        self.out_len = out_len  # None: scalar, else the length of the Vec result
        self.has_ckpt = has_ckpt
        self.regression = None  # a comment when the macro mishandles the program
        self.value_twin = False  # whether a twin on the `Value` tape is written

    def active(self, p):
        return p.kind != "u" and (self.wrt is None or p.name in self.wrt)

    def sig(self, name=None):
        ps = []
        for p in self.params:
            ty = {"f": "f64", "s": "&[f64]", "u": "usize"}[p.kind]
            ps.append("%s: %s" % (p.name, ty))
        ret = "f64" if self.out_len is None else "Vec<f64>"
        return "fn %s(%s) -> %s" % (name or self.name, ", ".join(ps), ret)

    def rs_lines(self, name=None, ckpt=True):
        attr = "#[differentiate]" if self.wrt is None else "#[differentiate(wrt(%s))]" % ", ".join(self.wrt)
        out = [attr, self.sig(name) + " {"]
        out += block_rs(self.body, 1)
        out.append(ind(1) + self.tail.rs())
        out.append("}")
        if not ckpt:
            out = strip_ckpt_lines(out)
        return out

    def call(self, args, counter):
        env = Env(counter)
        for p, a in zip(self.params, args):
            env.let(p.name, a)
        try:
            run_block(self.body, env, new_scope=False)
            v = self.tail.ev(env)
        except Return as r:
            v = r.value
        return list(v) if isinstance(v, list) else v

    def float_params(self):
        return [p for p in self.params if p.kind != "u"]

    def n_float(self):
        return sum(1 if p.kind == "f" else p.size for p in self.float_params())

    def args_from_point(self, pt):
        args, k = [], 0
        for p in self.params:
            if p.kind == "f":
                args.append(pt[k])
                k += 1
            elif p.kind == "s":
                args.append(list(pt[k:k + p.size]))
                k += p.size
            else:
                args.append(p.size)
        return args

    def active_coords(self):
        out, k = [], 0
        for p in self.float_params():
            n = 1 if p.kind == "f" else p.size
            if self.active(p):
                out.extend(range(k, k + n))
            k += n
        return out


# --------------------------------------------------------------------------------------
# The generator.

# Patterns the macro mishandles (reported; kept in tests/generated/regressions.rs). The
# generator steers around them unless `--no-avoid` is given, so that the checked-in set
# compiles; once the macro is fixed, drop them here and regenerate. Fixed since they were
# found (and exercised again by the set): `let mut s = g(x)` (lost `mut`), `let mut c = if
# …` (tape push before assignment), a `return` before a `#[checkpoint]` loop, restored
# element writes of inactive vectors indexed by body locals or guarded by exits, casts left
# of `<` (at any depth), inactive results, inactive slices passed to differentiated
# callees, copied call results (`let s = g(a); let t = s;`), calls of functions declared
# with `wrt` (whose other float parameters get constants: varying values there are a
# compile error by design), `a % b` with an active divisor (the quotient read off the
# remainder, as the runtime's rules do).
KNOWN_BUGS = set()
AVOID = set(KNOWN_BUGS)

# The share of scalar functions that end in a sum loop (`Gen.sum_loop`); 0 keeps the
# checked-in set reproducible.
SUMS = [0.0]

# The share of functions drawn with the hygiene patterns (`--hygiene`): closures, shadowing,
# raw identifiers and names like the macro's own; 0 keeps the checked-in set reproducible.
HYG = [0.0]
# The share of index expressions drawn with an integer operator grouped inside a sum or a
# remainder (`(i >> 1) % n`, `((i << 1) + 1) % n`, `(i & 1) == 0`), where the printed grouping
# decides the value (`--int-ops`); 0 keeps the checked-in set reproducible.
INT_OPS = [0.0]
RAW_NAMES = ["r#type", "r#in", "r#loop", "r#match"]
MACRO_NAMES = ["x_bar", "dout", "lo", "hi", "t0", "x_dot", "x_tape"]
# What `--hygiene` reports: per pattern, how many generated functions exercise it.
HYG_PATTERNS = ["closure", "move_closure", "capture_param", "capture_local", "shadow_after_def",
                "shadow_in_loop", "move_reassigned", "swapped_args", "call_in_loop",
                "closure_calls_closure", "closure_redefined", "shadow_param", "shadow_nested",
                "raw_ident", "raw_fn_name", "macro_name"]

SAFE_UNARY_PLAIN = ["sin", "cos", "tanh", "atan", "asinh"]
KINKY = ["abs"]
STEPPY = ["floor", "ceil", "round", "trunc", "signum", "fract"]


class Scope:
    def __init__(self):
        self.vars = {}  # name -> ("f", mut) | ("v", len, mut, readable) | ("i", lo, hi) | ("p", len)


class Gen:
    def __init__(self, rng, name, earlier, stats):
        self.r = rng
        self.name = name
        self.earlier = earlier
        self.scopes = [Scope()]
        self.counter = 0
        self.trips = 1  # product of the trip counts of the enclosing loops
        self.budget = 0
        self.loop_stack = []  # per enclosing loop: dict(ckpt=..., kind=...)
        self.in_ckpt = 0
        self.has_ckpt = False
        self.out_len = None
        self.stats = stats
        self.usize_params = []
        self.calls = 0
        self.recent = set()
        self.plain_only = False
        self.returned = False
        self.local_ints = set()
        self.call_bound = set()
        self.hyg = False  # whether this function gets the hygiene patterns
        self.in_closure = False  # drawing a closure's body
        self.params = []
        self.tags = set()  # the hygiene patterns it exercises (HYG_PATTERNS)

    # ---- names and scopes

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def lookup(self, n):
        for s in reversed(self.scopes):
            if n in s.vars:
                return s.vars[n]
        return None

    def visible(self):
        seen, out = set(), []
        for s in reversed(self.scopes):
            for n, info in s.vars.items():
                if n not in seen:
                    seen.add(n)
                    out.append((n, info))
        return out

    def pick_float(self):
        """A float variable, the ones of inner scopes (just computed) more likely."""
        seen, cands = set(), []
        for depth in range(len(self.scopes) - 1, -1, -1):
            for n, i in self.scopes[depth].vars.items():
                if n not in seen:
                    seen.add(n)
                    if i[0] == "f":
                        cands.append((n, 1 + 2 * depth + (3 if n in self.recent else 0)))
        total = sum(w for _, w in cands)
        x = self.r.random() * total
        for n, w in cands:
            x -= w
            if x < 0:
                return n
        return cands[-1][0]

    def outer_muts(self):
        """Mutable floats declared outside the innermost scope."""
        seen, out = set(self.scopes[-1].vars), []
        for sc in reversed(self.scopes[:-1]):
            for n, i in sc.vars.items():
                if n not in seen:
                    seen.add(n)
                    if i[0] == "f" and i[1]:
                        out.append(n)
        return out

    def sink(self):
        """An update of an outer variable that reads what this block computed."""
        outs = self.outer_muts()
        if not outs or self.chance(0.2):
            return []
        n = self.r.choice(outs)
        self.stats["sinks"] = self.stats.get("sinks", 0) + 1
        k = self.r.randrange(4)
        if k == 0:
            return [Assign(n, "+=", self.fexpr(2))]
        if k == 1:
            return [Assign(n, "=", Bin("+", Bin("*", Var(n), self.lit(-0.9, 0.9)), self.fexpr(2)))]
        if k == 2:
            return [Assign(n, "=", self.fexpr(2))]
        return [Assign(n, "-=", self.fexpr(2))]

    def floats(self, mutable=False):
        return [n for n, i in self.visible() if i[0] == "f" and (not mutable or i[1])]

    def arrays(self, writable=False):
        """(name, len) of readable slices and vectors (writable: mutable local vectors)."""
        out = []
        for n, i in self.visible():
            if i[0] == "p" and not writable:
                out.append((n, i[1]))
            elif i[0] == "v" and i[3] and (not writable or i[2]):
                out.append((n, i[1]))
        return out

    def arr_typed(self, a):
        info = self.lookup(a)
        return info[0] == "p" or info[4]

    def ints(self):
        return [(n, i[1], i[2]) for n, i in self.visible() if i[0] == "i"]

    def declare(self, n, info):
        self.scopes[-1].vars[n] = info

    def push(self):
        self.scopes.append(Scope())

    def pop(self):
        self.scopes.pop()

    # ---- small choices

    def chance(self, p):
        return self.r.random() < p

    def lit(self, lo=-2.0, hi=2.0):
        v = round(self.r.uniform(lo, hi), self.r.choice([1, 2, 2, 3]))
        if v == 0:
            v = 0.5
        style = self.r.choice([0] * 8 + [1, 2])
        return Num(v, style)

    def len_expr(self, n, avoid=None):
        """An integer expression equal to `n`, printed several ways (`avoid`: an array whose
        `len()` may not appear, as in `v[i % v.len()] = …`, which Rust's borrows refuse)."""
        opts = [INum(n)]
        for name, ln in self.arrays():
            if ln == n and name != avoid:
                opts.append(ILen(name))
        for p in self.usize_params:
            if p.size == n:
                opts.append(IVar(p.name))
        if len(opts) > 1 and self.chance(0.75):
            return self.r.choice(opts[1:])
        return opts[0]

    def index(self, n, avoid=None):
        """An index expression valid for an array of length n (n >= 1)."""
        ints = [(name, lo, hi) for name, lo, hi in self.ints()]
        if ints and INT_OPS[0] > 0 and self.chance(INT_OPS[0]):
            return self.int_op_index(ints, n, avoid)
        opts = []
        for name, lo, hi in ints:
            if hi < n:
                opts.append(lambda name=name: IVar(name))
                opts.append(lambda name=name: IVar(name))
                opts.append(lambda name=name: IBin("-", IBin("-", self.len_expr(n, avoid), INum(1)), IVar(name)))
            # neighbours, as stencils read them
            for c in (1, 2):
                if hi + c < n:
                    opts.append(lambda name=name, c=c: IBin("+", IVar(name), INum(c)))
                if lo >= c and hi - c < n:
                    opts.append(lambda name=name, c=c: IBin("-", IVar(name), INum(c)))
            opts.append(lambda name=name: IBin("%", IVar(name), self.len_expr(n, avoid)))
            opts.append(lambda name=name: IBin("%", IBin("+", IVar(name), INum(self.r.randint(1, 3))), self.len_expr(n, avoid)))
            if hi // 2 < n:
                opts.append(lambda name=name: IBin("/", IVar(name), INum(2)))
        if not opts or self.chance(0.2):
            return INum(self.r.randrange(n))
        return self.r.choice(opts)()

    def int_op_index(self, ints, n, avoid):
        """An index into an array of length n through an integer operator whose grouping
        matters: `(i >> 1) % n`, `(i & 3) % n`, `(i | 1) % n`, `(i ^ 1) % n`,
        `((i << 1) + c) % n`."""
        name = self.r.choice(ints)[0]
        i = IVar(name)
        inner = self.r.choice([
            lambda: IBin(">>", i, INum(1)),
            lambda: IBin("&", i, INum(3)),
            lambda: IBin("|", i, INum(1)),
            lambda: IBin("^", i, INum(1)),
            lambda: IBin("+", IBin("<<", i, INum(1)), INum(self.r.randint(1, 2))),
        ])()
        self.tags.add("int_ops")
        return IBin("%", inner, self.len_expr(n, avoid))

    # ---- expressions

    def leaf(self):
        opts = []
        fl = self.floats()
        arrs = [(a, n) for a, n in self.arrays() if n >= 1]
        if fl:
            opts += [lambda: Var(self.pick_float())] * 5
        if arrs:
            def rd():
                a, n = self.r.choice(arrs)
                return Idx(a, self.index(n), self.arr_typed(a))
            opts += [rd] * 4
        opts.append(lambda: self.lit())
        ints = self.ints()
        if ints:
            opts.append(lambda: Cast(IVar(self.r.choice(ints)[0])))
        if self.usize_params and self.chance(0.3):
            opts.append(lambda: Cast(IVar(self.r.choice(self.usize_params).name)))
        if self.chance(0.05):
            opts.append(lambda: Const(self.r.choice(sorted(Const.NAMES))))
        return self.r.choice(opts)()

    def active_leaf(self):
        """A leaf that is likely to depend on the inputs."""
        for _ in range(4):
            e = self.leaf()
            if isinstance(e, (Var, Idx)):
                return e
        return e

    def pos(self, d):
        """An expression that is >= 0.5 (for ln, sqrt, recip, divisions)."""
        e = self.fexpr(d)
        k = self.r.randrange(6)
        if k == 0:
            return Bin("+", self.lit(0.5, 2.0) if False else Num(1.0), Bin("*", e, e))
        if k == 1:
            return Bin("+", Num(self.r.choice([1.5, 2.0, 2.5])), M1(self.r.choice(["sin", "cos", "tanh"]), e))
        if k == 2:
            return Bin("+", Bin("*", e, e), Num(self.r.choice([0.5, 1.0, 0.25])))
        if k == 3:
            return Bin("+", M1("abs", e), Num(1.0))
        if k == 4:
            return M1("exp", M1(self.r.choice(["sin", "tanh", "cos"]), e))
        return Bin("+", Num(1.0), M1("powi", e) if False else Powi(e, 2))

    def unit(self, d, scale):
        """An expression in (-scale, scale) with scale < 1."""
        e = self.fexpr(d)
        return Bin("*", Num(scale), M1(self.r.choice(["tanh", "sin", "cos"]), e))

    def small(self, d):
        """A bounded expression, for exponentials."""
        e = self.fexpr(d)
        f = self.r.choice(["tanh", "sin", "cos", "atan"])
        return M1(f, e) if self.chance(0.8) else Bin("*", Num(0.5), M1(f, e))

    def fexpr(self, d):
        if d <= 0 or self.chance(0.25):
            return self.leaf()
        if self.hyg and (self.in_closure or not self.plain_only) and self.chance(0.12):
            c = self.closure_call()
            if c is not None:
                return c
        r = self.r.random()
        path = self.chance(0.15)
        if r < 0.32:
            op = self.r.choice(["+", "+", "-", "*", "*"])
            return Bin(op, self.fexpr(d - 1), self.fexpr(d - 1))
        if r < 0.40:
            k = self.r.randrange(3)
            if k == 0:
                return Bin("/", self.fexpr(d - 1), self.pos(d - 1))
            if k == 1:
                return Bin("/", self.fexpr(d - 1), Num(self.r.choice([2.0, 3.0, 0.5, 4.0])))
            return Bin("/", self.lit(), self.pos(d - 1))
        if r < 0.58:
            return M1(self.r.choice(SAFE_UNARY_PLAIN), self.fexpr(d - 1), path)
        if r < 0.80:
            k = self.r.randrange(17)
            if k == 0:
                return M1("ln", self.pos(d - 1), path)
            if k == 1:
                return M1("sqrt", self.pos(d - 1), path)
            if k == 2:
                return M1(self.r.choice(["exp", "exp2", "exp_m1", "sinh", "cosh"]), self.small(d - 1), path)
            if k == 3:
                return M1("asin", self.unit(d - 1, 0.9), path)
            if k == 4:
                return M1("acos", self.unit(d - 1, 0.8), path)
            if k == 5:
                return M1("atanh", self.unit(d - 1, 0.5), path)
            if k == 6:
                return M1("acosh", Bin("+", self.pos(d - 1), Num(1.0)), path)
            if k == 7:
                return M1("tan", self.unit(d - 1, 0.6), path)
            if k == 8:
                return M1(self.r.choice(["log2", "log10", "ln_1p"]), self.pos(d - 1), path)
            if k == 9:
                return M1("cbrt", self.pos(d - 1), path)
            if k == 10:
                return M1("recip", self.pos(d - 1), path)
            if k == 11:
                return M2("log", self.pos(d - 1), Num(self.r.choice([2.0, 3.0, 10.0])), path)
            if k == 12:
                return M2("powf", self.pos(d - 1), self.r.choice([Num(0.5), Num(1.5), Num(-0.5), self.unit(d - 1, 0.9)]), path)
            if k == 13:
                return Powi(self.fexpr(d - 1), self.r.choice([2, 2, 3]))
            if k == 14:
                return M2("hypot", self.fexpr(d - 1), self.pos(d - 1), path)
            if k == 15:
                return M2("atan2", self.fexpr(d - 1), self.pos(d - 1), path)
            return MulAdd(self.fexpr(d - 1), self.fexpr(d - 1), self.fexpr(d - 1))
        if r < 0.86:
            k = self.r.randrange(5)
            if k == 0:
                return M2(self.r.choice(["max", "min"]), self.fexpr(d - 1), self.fexpr(d - 1), path)
            if k == 1:
                return Clamp(self.fexpr(d - 1), -1.0, 1.0)
            if k == 2:
                return M1("abs", self.fexpr(d - 1), path)
            if k == 3:
                # derivative zero (or one for fract) away from the jumps
                f = self.r.choice(STEPPY)
                return Bin("+", M1(f, Bin("*", Num(0.5), self.fexpr(d - 1)), path), self.active_leaf())
            return Bin("%", self.fexpr(d - 1), Num(self.r.choice([1.5, 2.0, 3.0])))
        if r < 0.88:
            return Neg(self.fexpr(d - 1))
        if self.plain_only:
            return self.fexpr(d - 1)
        if r < 0.95 and self.earlier:
            c = self.call()
            if c is not None:
                return c
        if r < 0.98:
            return IfE(self.cond(1), self.fexpr(d - 1), self.fexpr(d - 1))
        ints = self.ints()
        if ints:
            k = self.r.choice([2, 3])
            return MatchE(IVar(self.r.choice(ints)[0]), k, [self.fexpr(d - 1) for _ in range(k)])
        return self.fexpr(d - 1)

    def call(self):
        """A call of an earlier scalar function, or None if none can be called here."""
        if self.calls >= 3 or self.no_calls:
            return None
        # (a callee whose name a local shadows, as a parameter `r#match` does `fn r#match`, is out)
        cands = [f for f in self.earlier if f.out_len is None and self.lookup(f.name) is None]
        if "wrt-callee" in AVOID:
            cands = [f for f in cands if f.wrt is None]
        self.r.shuffle(cands)
        for f in cands[:6]:
            args = []
            ok = True
            for p in f.params:
                if p.kind == "u":
                    names = [q.name for q in self.usize_params if q.size == p.size]
                    args.append(("u", self.r.choice(names) if names and self.chance(0.5) else str(p.size)))
                elif p.kind == "f":
                    if f.active(p):
                        args.append(("f", self.fexpr(1)))
                    else:
                        args.append(("f", self.lit()))
                else:
                    if not f.active(p):
                        ok = False
                        break
                    fits = [a for a, n in self.arrays() if n == p.size]
                    if "inactive-slice-arg" in AVOID:
                        fits = [a for a in fits if a in self.act]
                    if not fits:
                        ok = False
                        break
                    a = self.r.choice(fits)
                    args.append(("slice" if self.lookup(a)[0] == "p" else "vecref", a))
            if ok:
                self.calls += 1
                self.stats["calls"] += 1
                return Call(f, args)
        return None

    def cond(self, d):
        r = self.r.random()
        ints = self.ints()
        if r < 0.6 or not ints:
            op = self.r.choice(["<", ">", "<=", ">="])
            if self.chance(0.5):
                # the threshold is set later, from the values the left side takes
                c = Cmp(op, self.fexpr(d), self.lit(-1.0, 1.0), calib=True)
            else:
                c = Cmp(op, self.fexpr(d), self.fexpr(d))
        elif r < 0.85:
            name, lo, hi = self.r.choice(ints)
            k = self.r.randrange(6)
            if k < 2 and INT_OPS[0] > 0 and self.chance(INT_OPS[0]):
                c = Cmp("==", IBin("&", IVar(name), INum(1)), INum(self.r.randrange(2)))
                self.tags.add("int_ops")
            elif k < 2:
                c = Cmp("==", IBin("%", IVar(name), INum(2)), INum(self.r.randrange(2)))
            else:
                op = self.r.choice(["<", ">", "<=", ">=", "!="])
                # a bound inside the index's range (`i < 0` on a usize is a useless comparison)
                if op in ("<", ">="):
                    lo_b, hi_b = lo + 1, hi
                elif op in (">", "<="):
                    lo_b, hi_b = lo, hi - 1
                else:
                    lo_b, hi_b = lo, hi
                if lo_b > hi_b:
                    c = Cmp("==", IBin("%", IVar(name), INum(2)), INum(self.r.randrange(2)))
                else:
                    c = Cmp(op, IVar(name), INum(self.r.randint(lo_b, hi_b)))
        else:
            c = Logic(self.r.choice(["&&", "||"]), self.cond(0), self.cond(0))
        if self.chance(0.05):
            c = Not(c)
        return c

    # ---- statements

    def stmts(self, n, top=False):
        out = []
        for _ in range(n):
            if self.budget <= 0:
                break
            new = self.stmt(top)
            for st in new:
                self.note_active(st)
            out.extend(new)
        return out

    def active_expr(self, e):
        for x in walk(e):
            if isinstance(x, Var) and x.name in self.act or isinstance(x, Idx) and x.arr in self.act:
                return True
            if isinstance(x, Call) and any(k in ("slice", "vecref") and a in self.act for k, a in x.args):
                return True
        return False

    def note_active(self, st):
        """Adds the variables `st` surely makes active (depending on active parameters)."""
        for _ in range(2):
            for x in walk(st):
                if isinstance(x, (Let, Assign)) and self.active_expr(x.e):
                    self.act.add(x.name)
                elif isinstance(x, SetIdx) and self.active_expr(x.e):
                    self.act.add(x.arr)
                elif isinstance(x, Push) and self.active_expr(x.e):
                    self.act.add(x.arr)
                elif isinstance(x, LetVec):
                    if x.kind in ("tovec", "clone") and x.arg in self.act:
                        self.act.add(x.name)
                    elif x.kind == "lit" and any(self.active_expr(e) for e in x.arg):
                        self.act.add(x.name)
                elif isinstance(x, MoveVec) and x.src in self.act:
                    self.act.add(x.dst)

    def stmt(self, top):
        self.budget -= 1
        if self.hyg and self.floats() and self.chance(0.3):
            return self.hygiene_stmt()
        depth = len(self.loop_stack)
        nest = len(self.scopes)
        r = self.r.random()
        fl_mut = self.floats(mutable=True)
        warr = self.arrays(writable=True)
        if r < 0.16 or not self.floats():
            return [self.let_float()]
        if r < 0.34 and fl_mut:
            return [self.update(self.r.choice(fl_mut))]
        if r < 0.44 and warr:
            a, n = self.r.choice(warr)
            if n >= 1:
                op = self.r.choice(["=", "=", "+=", "-=", "*="])
                e = self.fexpr(2) if op != "*=" else self.near_one()
                idx = self.index(n, avoid=a)
                return [SetIdx(a, idx, op, self.activate_write(a, idx, e))]
        if r < 0.50:
            return self.let_vec()
        if r < 0.62 and nest < 5:
            return [self.if_stmt()]
        if r < 0.76 and nest < 5 and self.trips <= 12:
            return self.for_loop()
        if r < 0.82 and nest < 5 and self.trips <= 12:
            return self.while_loop()
        if r < 0.85 and nest < 5 and self.ints():
            return [self.match_stmt()]
        if r < 0.88 and nest < 5:
            ck = None
            if self.chance(0.6) and self.can_ckpt():
                ck = "sqrt"
                self.has_ckpt = True
            self.push()
            self.in_ckpt += 1 if ck else 0
            body = (self.stmts(self.r.randint(1, 3)) or [self.let_float()]) + self.sink()
            self.in_ckpt -= 1 if ck else 0
            self.pop()
            return [Block(body, ck)]
        if r < 0.92 and self.loop_stack and [a for a, l in warr if l >= 1] and self.chance(0.7):
            return self.recurrence()
        if r < 0.92:
            # shadowing
            fl = self.floats()
            n = self.r.choice(fl)
            e = Bin(self.r.choice(["*", "+"]), Var(n), self.fexpr(1))
            self.declare(n, ("f", False))
            return [Let(n, e)]
        if r < 0.95 and self.loop_stack and not self.in_ckpt:
            return [self.jump_if("break" if self.chance(0.5) else "continue")]
        if r < 0.965 and not self.vec_out and not self.in_ckpt and not self.returned:
            self.returned = True
            return [If(self.cond(1), [Jump("return", self.fexpr(2))], None)]
        return [self.let_float()]

    # ---- hygiene (`--hygiene`): closures, shadowing, raw and macro-like names

    def binding_depth(self, n):
        """The index of the scope that binds `n` (0: the parameters), or None."""
        for k in range(len(self.scopes) - 1, -1, -1):
            if n in self.scopes[k].vars:
                return k
        return None

    def is_param(self, n):
        return self.binding_depth(n) == 0 and any(p.name == n for p in self.params)

    def pool_name(self, kind):
        """A raw or macro-like name (`r#type`, `x_bar`, `type_bar`, …) that a new binding of
        `kind` ("f" float, "c" closure) may take: unbound or bound to the same kind."""
        pool = RAW_NAMES + MACRO_NAMES
        for p in self.params:
            if p.kind != "u":
                pool += [bare(p.name) + sfx for sfx in ("_bar", "_dot", "_tape")]
        here = len(self.scopes) - 1
        cands = [n for n in dict.fromkeys(pool) if self.lookup(n) is None or self.lookup(n)[0] == kind and (
            kind != "c" or "closure-redefined-inside" not in AVOID or self.binding_depth(n) == here)]
        return self.r.choice(cands) if cands else None

    def shadow_tags(self, n):
        """Notes what a new binding of `n` here shadows: a parameter, a binding of an outer
        scope, a capture of a visible closure (inside a loop the closure is outside of)."""
        d = self.binding_depth(n)
        if d is None:
            return
        if self.is_param(n):
            self.tags.add("shadow_param")
        if d < len(self.scopes) - 1 and len(self.scopes) >= 3:
            self.tags.add("shadow_nested")
        for _, info in self.visible():
            if info[0] == "c" and n in info[1].free:
                self.tags.add("shadow_in_loop" if len(self.loop_stack) > info[2] else "shadow_after_def")

    def shadow(self, names):
        """`let [mut] n = f(n, …);` for one of `names` (floats), or None."""
        if not names:
            return None
        n = self.r.choice(names)
        self.shadow_tags(n)
        e = Bin(self.r.choice(["*", "+", "-"]), Var(n), self.fexpr(1))
        if self.chance(0.3):
            e = M1(self.r.choice(["sin", "tanh", "atan"]), e)
        mut = self.chance(0.4)
        self.declare(n, ("f", mut))
        return Let(n, e, mut)

    def hygiene_stmt(self):
        """A closure with its uses, or a shadowing of a parameter or local (preferring the
        parameters) at the current nesting level."""
        if self.chance(0.55) and not self.in_ckpt:
            return self.closure_snippet()
        fl = self.floats()
        params = [n for n in fl if self.is_param(n)]
        return [self.shadow(params if params and self.chance(0.5) else fl)]

    def closure_body(self, params, caps):
        """An expression over `params` and the captured bindings `caps` (name, info)."""
        saved = (self.scopes, self.usize_params, self.plain_only, self.in_closure)
        outer, inner = Scope(), Scope()
        for n, info in caps:
            outer.vars[n] = ("f", False) if info[0] == "f" else info
        for n in params:
            inner.vars[n] = ("f", False)
        self.scopes, self.usize_params, self.plain_only, self.in_closure = [outer, inner], [], True, True
        body = self.fexpr(self.r.randint(1, 3))
        self.scopes, self.usize_params, self.plain_only, self.in_closure = saved
        if not any(isinstance(x, Var) and x.name in params for x in walk(body)):
            body = Bin(self.r.choice(["*", "+"]), Var(self.r.choice(params)), body)
        return body

    def closure_snippet(self):
        """`let g = [move] |…| …;`, then maybe a reassignment of a mutable capture (`move`
        closures only: a borrowing one captures no binding that is assigned), a shadowing
        of a capture, and a call (in a loop that may shadow a capture again)."""
        vis = self.visible()
        here = len(self.scopes) - 1
        closures = [n for n, i in vis if i[0] == "c" and (
            "closure-redefined-inside" not in AVOID or self.binding_depth(n) == here)]
        move = self.chance(0.4)
        if closures and self.chance(0.25):
            name = self.r.choice(closures)
            if any(name in i[1].free for _, i in vis if i[0] == "c"):
                self.tags.add("closure_redefined")
        else:
            name = (self.pool_name("c") if self.chance(0.3) else None) or self.fresh("g")
        raw_ok = "raw-in-closure" not in AVOID
        if not raw_ok and name.startswith("r#"):
            name = self.fresh("g")
        fl = [n for n in self.floats() if raw_ok or not n.startswith("r#")]
        vis = [(n, i) for n, i in vis if raw_ok or not n.startswith("r#")]
        params = []
        for _ in range(self.r.randint(1, 3)):
            others = [n for n in fl if n not in params]
            named = [n for n in RAW_NAMES + MACRO_NAMES if n not in params and (raw_ok or not n.startswith("r#"))]
            if others and self.chance(0.5):
                params.append(self.r.choice(others))  # shadows a visible float in the body
            elif self.chance(0.3):
                params.append(self.r.choice(named))
            else:
                params.append(self.fresh("p"))
        caps = [(n, i) for n, i in vis if n not in params and (
            i[0] == "f" and (move or not i[1]) or i[0] == "p" or i[0] == "c")]
        caps = self.r.sample(caps, min(len(caps), self.r.randint(1, 4)))
        # mostly a float it surely reads: a mutable one for a `move` closure
        fcaps = [(n, i) for n, i in vis if n not in params and i[0] == "f" and (move or not i[1])]
        muts = [(n, i) for n, i in fcaps if i[1]]
        must = self.r.choice(muts if move and muts else fcaps) if fcaps and self.chance(0.7) else None
        if must is not None and must not in caps:
            caps.append(must)
        body = self.closure_body(params, caps)
        if must is not None and must[0] not in free_names(body, set(params)):
            body = Bin(self.r.choice(["*", "+", "-"]), body, Var(must[0]))
        lc = LetClosure(name, params, body, move)
        self.tags.add("closure")
        if move:
            self.tags.add("move_closure")
        for n in lc.free:
            info = self.lookup(n)
            if info[0] == "c":
                self.tags.add("closure_calls_closure")
            else:
                self.tags.add("capture_param" if self.is_param(n) else "capture_local")
        out = [lc]
        self.declare(name, ("c", lc, len(self.loop_stack)))
        captured = [n for n in lc.free if self.lookup(n)[0] == "f"]
        muts = [n for n in captured if self.lookup(n)[1]]
        if move and muts and self.chance(0.8):
            n = self.r.choice(muts)
            out.append(Assign(n, "=", self.fexpr(2)))
            self.tags.add("move_reassigned")
        if self.chance(0.7):
            st = self.shadow(captured)
            if st is not None:
                out.append(st)
        acc = [n for n in self.floats(mutable=True)]
        if self.trips <= 12 and self.chance(0.45):
            if acc:
                a = self.r.choice(acc)
            else:
                a = self.fresh("s")
                out.append(Let(a, Num(0.0), True, typed=True))
                self.declare(a, ("f", True))
            n = self.trip_count()
            hi = self.len_expr(n)
            i = self.fresh("i")
            self.push()
            self.declare(i, ("i", 0, n - 1))
            self.loop_stack.append({"kind": "for", "ckpt": None})
            self.trips *= n
            body = []
            if self.chance(0.6):
                # (not the accumulator: its shadow would be immutable)
                st = self.shadow([c for c in captured if self.lookup(c)[0] == "f" and c != a])
                if st is not None:
                    body.append(st)
            body.append(Assign(a, "+=", self.make_call(name, lc)))
            self.trips //= n
            self.loop_stack.pop()
            self.pop()
            out.append(For(i, INum(0), hi, "excl", None, body, None))
        elif acc and self.chance(0.6):
            out.append(Assign(self.r.choice(acc), "+=", self.make_call(name, lc)))
        else:
            t = self.fresh("t")
            out.append(Let(t, self.make_call(name, lc)))
            self.declare(t, ("f", False))
        return out

    def make_call(self, name, lc):
        """`name(…)`: arguments drawn here, or, when the closure's parameters are named like
        visible floats, those names in another order (`g(b, a)` for `|a, b|`)."""
        ps = lc.params
        info = self.lookup(name)
        if not self.in_closure and len(self.loop_stack) > info[2]:
            self.tags.add("call_in_loop")
        fl = set(self.floats())
        if len(ps) >= 2 and all(p in fl for p in ps) and len(set(ps)) == len(ps) and self.chance(0.6):
            k = self.r.randrange(1, len(ps))
            self.tags.add("swapped_args")
            return CCall(name, [Var(p) for p in ps[k:] + ps[:k]])
        return CCall(name, [self.fexpr(1) for _ in ps])

    def closure_call(self):
        """A call of a visible closure, or None."""
        closures = [(n, i[1]) for n, i in self.visible() if i[0] == "c"]
        if not closures:
            return None
        name, lc = self.r.choice(closures)
        return self.make_call(name, lc)

    def activate_write(self, vec, idx, e):
        """`e`, made to depend on an active parameter when an element write of a vector that
        may be inactive would hit the known bug (see KNOWN_BUGS)."""
        if "inactive-vec-write-in-loop" not in AVOID or not self.loop_stack or vec in self.act:
            return e
        local = any(isinstance(x, IVar) and x.name in self.local_ints for x in walk(idx))
        broke = any(l.get("broke") for l in self.loop_stack)
        if not (self.returned or local or broke):
            return e
        self.stats["activated_writes"] = self.stats.get("activated_writes", 0) + 1
        return Bin("+", e, Bin("*", self.lit(0.1, 0.9), self.active_param_leaf()))

    def can_ckpt(self):
        if "return-before-checkpoint" in AVOID and self.returned:
            return False
        return self.in_ckpt < 2 and self.ckpt_allowed

    def near_one(self):
        return Bin("+", Num(1.0), Bin("*", Num(self.r.choice([0.1, 0.25, 0.5])), M1(self.r.choice(["sin", "tanh", "cos"]), self.fexpr(1))))

    def stencil_read(self, i, last):
        """`let t = a[i - 1] ∘ a[i] ∘ a[i + 1]` for a slice parameter `a` long enough (the
        shape whose reverse keeps the adjoints of `a` in registers)."""
        params = [(n, ln) for n, ln in self.arrays() if self.lookup(n)[0] == "p" and ln >= last + 2]
        if not params:
            return None
        a, _ = self.r.choice(params)
        left, mid, right = (Idx(a, IBin("-", IVar(i), INum(1))), Idx(a, IVar(i)),
                            Idx(a, IBin("+", IVar(i), INum(1))))
        e = Bin("*", Bin("-", right, left), Bin("+", mid, self.lit(0.3, 1.5)))
        if self.chance(0.5):
            e = Bin("+", e, Bin("*", left, right))
        n = self.fresh("st")
        self.declare(n, ("f", False))
        return Let(n, e, False, typed=False)

    def let_float(self):
        n = self.fresh(self.r.choice(["t", "s", "u", "acc"]))
        if self.hyg and self.chance(0.25):
            n = self.pool_name("f") or n
            self.shadow_tags(n)
        e = self.fexpr(self.r.randint(1, 3))
        mut = self.chance(0.55)
        if mut and isinstance(e, Call) and "mut-let-of-call" in AVOID:
            mut = False
        if mut and isinstance(e, (IfE, MatchE)) and "mut-let-of-branch" in AVOID:
            mut = False
        e = self.no_copy_of_call(e)
        if isinstance(e, Call):
            self.call_bound.add(n)
        self.declare(n, ("f", mut))
        return Let(n, e, mut, typed=self.chance(0.15) or not typed(e))

    def no_copy_of_call(self, e):
        """`e`, unless it copies a variable bound to a call (`let t = s;` after `let s =
        g(…);`): then `e` times a constant (see KNOWN_BUGS)."""
        if "copied-call-result" in AVOID and isinstance(e, Var) and e.name in self.call_bound:
            return Bin("*", e, self.lit(0.5, 1.5))
        return e

    def update(self, n):
        k = self.r.randrange(9)
        if k == 0:
            return Assign(n, "=", self.fexpr(2))  # overwritten
        if k == 1:
            return Assign(n, "=", Bin("+", Bin("*", Var(n), self.lit(-0.9, 0.9)), self.fexpr(2)))
        if k == 2:
            return Assign(n, "=", M1(self.r.choice(["tanh", "sin", "atan"]), Bin(self.r.choice(["+", "*"]), Var(n), self.fexpr(1))))
        if k in (3, 4):
            return Assign(n, "+=", self.fexpr(2))
        if k == 5:
            return Assign(n, "-=", self.fexpr(2))
        if k == 6:
            return Assign(n, "*=", self.near_one())
        if k == 7:
            return Assign(n, "/=", self.pos(1))
        return Assign(n, "=", Bin("*", Var(n), Num(0.5)) if self.chance(0.3) else Bin("+", Var(n), Bin("*", self.fexpr(1), self.fexpr(1))))

    def let_vec(self):
        n = self.fresh(self.r.choice(["v", "w", "h"]))
        k = self.r.randrange(7)
        params = [(a, ln) for a, ln in self.arrays() if self.lookup(a)[0] == "p"]
        locs = [(a, ln) for a, ln in self.arrays() if self.lookup(a)[0] == "v"]
        if k == 0 and params:
            a, ln = self.r.choice(params)
            self.declare(n, ("v", ln, True, True, True))
            return [LetVec(n, "tovec", a, True)]
        if k == 1 and locs:
            a, ln = self.r.choice(locs)
            self.declare(n, ("v", ln, True, True, self.arr_typed(a)))
            return [LetVec(n, "clone", a, True)]
        if k == 2:
            ln = self.r.randint(2, 4)
            es = [self.fexpr(1) for _ in range(ln)]
            mut = self.chance(0.5)
            annot = not any(typed(e) for e in es) or self.chance(0.2)
            self.declare(n, ("v", ln, mut, True, True))
            return [LetVec(n, "lit", es, mut, annot)]
        if k == 3 and self.trips <= 12:
            # with_capacity + push in a loop (the vector is not read while it grows)
            ln = self.r.randint(2, 4)
            i = self.fresh("i")
            hi = self.len_expr(ln)
            hi2 = self.len_expr(ln)
            self.declare(n, ("v", ln, True, False, True))
            self.push()
            self.declare(i, ("i", 0, ln - 1))
            self.loop_stack.append({"kind": "for"})
            self.trips *= ln
            e = self.fexpr(2)
            self.trips //= ln
            self.loop_stack.pop()
            self.pop()
            self.scopes[-1].vars[n] = ("v", ln, True, True, True)
            annot = not typed(e) or self.chance(0.3)
            init = LetVec(n, "withcap", hi, True, annot) if self.chance(0.7) else LetVec(n, "new", None, True, annot)
            return [init, For(i, INum(0), hi2, "excl", None, [Push(n, e)], None)]
        if k == 5 and self.loop_stack and [a for a, l in self.arrays(writable=True) if l >= 1]:
            # the next state of a vector, then a whole-vector reassignment
            return self.recurrence()
        ln = self.r.randint(1, 5)
        lens = [l for _, l in self.arrays()]
        if lens and self.chance(0.6):
            ln = self.r.choice(lens)
        annot = self.chance(0.5)
        out = [LetVec(n, "zeros", (self.r.choice([0.0, 0.0, 1.0, 0.5]), self.len_expr(ln)), True, annot)]
        self.declare(n, ("v", ln, True, True, annot))
        if self.chance(0.6) and self.trips <= 12:
            i = self.fresh("i")
            self.push()
            self.declare(i, ("i", 0, ln - 1))
            self.loop_stack.append({"kind": "for"})
            self.trips *= ln
            body = [SetIdx(n, IVar(i), self.r.choice(["=", "+="]), self.activate_write(n, IVar(i), self.fexpr(2)))]
            self.trips //= ln
            self.loop_stack.pop()
            self.pop()
            out.append(For(i, INum(0), self.len_expr(ln), "excl", None, body, None))
        return out

    def recurrence(self):
        h, ln = self.r.choice([(a, l) for a, l in self.arrays(writable=True) if l >= 1])
        nh = self.fresh("nh")
        i = self.fresh("i")
        self.push()
        self.declare(i, ("i", 0, ln - 1))
        self.loop_stack.append({"kind": "for"})
        self.trips *= ln
        ty = self.arr_typed(h)
        e = Bin("+", Bin("*", self.lit(-0.9, 0.9), Idx(h, IVar(i), ty)),
                M1(self.r.choice(["tanh", "sin"]), Bin("+", Idx(h, IBin("%", IBin("+", IVar(i), INum(1)), self.len_expr(ln)), ty), self.fexpr(1))))
        e = self.activate_write(nh, IVar(i), e)
        self.trips //= ln
        self.loop_stack.pop()
        self.pop()
        self.stats["recurrences"] += 1
        return [LetVec(nh, "zeros", (0.0, self.len_expr(ln)), True),
                For(i, INum(0), self.len_expr(ln), "excl", None, [SetIdx(nh, IVar(i), "=", e)], None),
                MoveVec(h, nh)]

    def if_stmt(self, chain=0):
        c = self.cond(self.r.randint(0, 2))
        self.push()
        then = (self.stmts(self.r.randint(1, 3)) or [self.let_float()]) + self.sink()
        self.pop()
        els = None
        if chain < 2 and self.chance(0.25):
            els = self.if_stmt(chain + 1)
        elif self.chance(0.6):
            self.push()
            els = (self.stmts(self.r.randint(1, 3)) or [self.let_float()]) + self.sink()
            self.pop()
        return If(c, then, els)

    def match_stmt(self):
        name = self.r.choice(self.ints())[0]
        k = self.r.choice([2, 3])
        arms = []
        for _ in range(k):
            self.push()
            arms.append((self.stmts(self.r.randint(1, 2)) or [self.let_float()]) + self.sink())
            self.pop()
        return Match(IVar(name), k, arms)

    def jump_if(self, kind):
        if kind == "break" and self.loop_stack:
            self.loop_stack[-1]["broke"] = True
        return If(self.cond(1), [Jump(kind)], None)

    def trip_count(self):
        cap = max(1, 36 // self.trips)
        lens = [l for _, l in self.arrays() if 1 <= l <= cap]
        lens += [p.size for p in self.usize_params if 1 <= p.size <= cap]
        if lens and self.chance(0.7):
            return self.r.choice(lens)
        return self.r.randint(1, min(5, cap))

    def for_loop(self):
        n = self.trip_count()
        hi = self.len_expr(n)
        lo = 1 if n >= 2 and self.chance(0.2) else 0
        last = n - 1
        if n >= 3 and self.chance(0.25):
            # a stencil loop, `1..n - 1`: `x[i - 1]` and `x[i + 1]` are in range
            lo, hi, last = 1, IBin("-", hi, INum(1)), n - 2
        form = self.r.choice(["excl"] * 5 + ["incl", "rev", "rev", "step"])
        step = self.r.choice([2, 3]) if form == "step" else None
        ck = None
        if form in ("excl", "incl") and self.can_ckpt() and self.chance(0.45):
            ck = self.r.choice(["sqrt", "sqrt", ("segments", self.r.randint(1, 4)), ("snapshots", self.r.randint(1, 3))])
            self.has_ckpt = True
        i = self.fresh("i")
        self.push()
        self.declare(i, ("i", lo, last))
        self.loop_stack.append({"kind": "for", "ckpt": ck})
        self.in_ckpt += 1 if ck else 0
        self.trips *= n
        kind = None
        if ck is None and self.chance(0.15):
            kind = self.r.choice(["break", "continue"])
        elif ck is not None and self.chance(0.1):
            kind = "continue"
        # the exit test goes first (seeing only the loop index) or last (seeing the body)
        first = kind is not None and self.chance(0.5)
        pre_jump = [self.jump_if(kind)] if first else []
        # a stencil loop mostly reads a parameter at its three offsets, directly in its body
        stencil = [self.stencil_read(i, last)] if lo == 1 and last == n - 2 and self.chance(0.6) else []
        stencil = [st for st in stencil if st is not None]
        body = pre_jump + stencil + (self.stmts(self.r.randint(1, 4)) or [self.let_float()]) + self.sink()
        if kind is not None and not first:
            body.append(self.jump_if(kind))
        self.trips //= n
        self.in_ckpt -= 1 if ck else 0
        self.loop_stack.pop()
        self.pop()
        self.stats["for"] += 1
        return [For(i, INum(lo), hi, form, step, body, ck)]

    def while_loop(self):
        n = self.trip_count()
        k = self.fresh("k")
        style = "loop" if self.chance(0.25) else "while"
        extra = None
        ck = None
        if style == "while" and self.chance(0.3):
            # a `while` condition may not call, nor hold an `if`/`match` expression
            self.plain_only = True
            # mostly true: the loop usually runs on, sometimes stops early
            if self.chance(0.5):
                extra = Cmp("<", self.fexpr(1), self.lit(0.3, 3.0))
            else:
                extra = Cmp(">", self.fexpr(1), self.lit(-3.0, -0.3))
            self.plain_only = False
        if style == "while" and self.can_ckpt() and self.chance(0.45):
            ck = self.r.choice(["sqrt", ("segments", self.r.randint(1, 3)), ("snapshots", self.r.randint(1, 3))])
            self.has_ckpt = True
        pre = [LetInt(k, INum(0), mut=True, typed=self.chance(0.3))]
        lim = self.len_expr(n)
        self.push()
        self.loop_stack.append({"kind": "while", "ckpt": ck, "broke": style == "loop"})
        self.in_ckpt += 1 if ck else 0
        self.trips *= n
        inc_first = self.chance(0.5)
        j = self.fresh("j")
        body = []
        if inc_first:
            body.append(IncInt(k))
            body.append(LetInt(j, IBin("-", IVar(k), INum(1))))
            self.declare(j, ("i", 0, n - 1))
            self.local_ints.add(j)
        else:
            body.append(LetInt(j, IVar(k)))
            self.declare(j, ("i", 0, n - 1))
            self.local_ints.add(j)
        kind = None
        if ck is None and self.chance(0.3 if inc_first else 0.2):
            kind = self.r.choice(["break", "continue"]) if inc_first else "break"
        first = kind is not None and self.chance(0.5)
        pre_jump = [self.jump_if(kind)] if first else []
        inner = pre_jump + (self.stmts(self.r.randint(1, 4)) or [self.let_float()]) + self.sink()
        if kind is not None and not first:
            inner.append(self.jump_if(kind))
        if inc_first:
            body += inner
        else:
            # no `continue` may skip the increment at the end
            inner = [s for s in inner if not contains_jump(s, "continue")]
            body += inner + [IncInt(k)]
        self.trips //= n
        self.in_ckpt -= 1 if ck else 0
        self.loop_stack.pop()
        self.pop()
        self.stats["while"] += 1
        return pre + [While(k, lim, extra, body, ck, style)]

    # ---- whole functions

    def function(self):
        r = self.r
        params = []
        names = iter(["a", "b", "c", "d"])
        snames = iter(["x", "y", "z"])
        unames = iter(["n", "m"])
        nf, ns, nu = r.randint(0, 3), r.randint(0, 2), r.choice([0, 0, 1, 1, 2])
        if nf + ns == 0:
            nf = 1
        for _ in range(nf):
            params.append(Param(next(names), "f", 1))
        for _ in range(ns):
            params.append(Param(next(snames), "s", r.randint(1, 5)))
        for _ in range(nu):
            params.append(Param(next(unames), "u", r.randint(1, 4)))
        r.shuffle(params)
        self.hyg = HYG[0] > 0 and self.chance(HYG[0])
        if self.hyg:
            pool = RAW_NAMES + MACRO_NAMES
            for p in params:
                if p.kind != "u" and self.chance(0.4):
                    p.name = pool.pop(r.randrange(len(pool)))
        floats = [p for p in params if p.kind != "u"]
        wrt = None
        if len(floats) >= 2 and self.chance(0.25):
            k = r.randint(1, len(floats) - 1)
            wrt = [p.name for p in r.sample(floats, k)]
        self.params, self.wrt = params, wrt
        self.act = {p.name for p in params if p.kind != "u" and (wrt is None or p.name in wrt)}
        self.usize_params = [p for p in params if p.kind == "u"]
        for p in params:
            if p.kind == "f":
                self.declare(p.name, ("f", False))
            elif p.kind == "s":
                self.declare(p.name, ("p", p.size))
        self.no_calls = False
        self.ckpt_allowed = self.chance(0.35)
        vec_out = self.chance(0.2)
        self.vec_out = vec_out
        self.budget = r.randint(4, 11)
        body = []
        for _ in range(r.choice([1, 1, 2])):
            n = self.fresh("acc")
            e = self.fexpr(1) if self.chance(0.7) else self.lit()
            if isinstance(e, Call) and "mut-let-of-call" in AVOID:
                e = Bin("*", e, self.lit())
            if isinstance(e, (IfE, MatchE)) and "mut-let-of-branch" in AVOID:
                e = Bin("+", e, self.lit())
            e = self.no_copy_of_call(e)
            if isinstance(e, Call):
                self.call_bound.add(n)
            body.append(Let(n, e, True, typed=not typed(e) or self.chance(0.2)))
            self.declare(n, ("f", True))
            self.note_active(body[-1])
        body += self.stmts(self.budget, top=True)
        if self.hyg and "closure" not in self.tags:
            body += self.closure_snippet()
        if vec_out:
            tail, ln, extra = self.vec_tail()
            body += extra
            self.out_len = ln
        elif SUMS[0] > 0 and self.chance(SUMS[0]):
            extra, tail = self.sum_loop()
            body += extra
        else:
            tail = self.scalar_tail()
        f = Func(self.name, params, wrt, body, tail, self.out_len, self.has_ckpt)
        return f

    def scalar_tail(self):
        parts = []
        fl = [n for n in self.scopes[-1].vars if self.scopes[-1].vars[n][0] == "f"]
        muts = [n for n in fl if self.scopes[-1].vars[n][1]]
        rest = [n for n in fl if n not in muts]
        pick = muts + self.r.sample(rest, min(len(rest), self.r.randint(0, 2)))
        for n in pick[:4]:
            parts.append(Var(n))
        locs = [(a, n) for a, n in self.arrays() if n >= 1 and self.lookup(a)[0] == "v"]
        for a, n in self.r.sample(locs, min(2, len(locs))):
            parts.append(Idx(a, INum(self.r.randrange(n)), self.arr_typed(a)))
        arrs = [(a, n) for a, n in self.arrays() if n >= 1]
        if arrs and self.chance(0.4):
            a, n = self.r.choice(arrs)
            parts.append(Idx(a, INum(self.r.randrange(n)), self.arr_typed(a)))
        if not parts:
            parts.append(self.fexpr(2))
        e = parts[0]
        for p in parts[1:]:
            e = Bin(self.r.choice(["+", "+", "-", "*"]), e, p)
        if self.chance(0.3):
            e = M1(self.r.choice(["tanh", "sin", "atan"]), e)
        if "inactive-result" in AVOID:
            e = Bin("+", e, Bin("*", self.lit(0.1, 0.9), self.active_param_leaf()))
        return e

    def sum_loop(self):
        """A loop that only adds terms to an accumulator, then a tail linear in it: the
        shape `f_vjp` runs fused with its reverse (README, *How it works*). The loop's body
        is random but writes nothing declared outside it (outer variables are frozen while
        it is drawn) but, sometimes, a scratch vector it writes whole first; it stops at no
        `break` or `return` and holds no checkpoint; its terms go to the accumulator
        directly or under a branch. Sometimes random statements follow it."""
        self.stats["sum_loops"] = self.stats.get("sum_loops", 0) + 1
        acc = self.fresh("sum")
        n = self.trip_count()
        hi = self.len_expr(n)
        lo, last = 0, n - 1
        if n >= 3 and self.chance(0.3):
            lo, hi, last = 1, IBin("-", hi, INum(1)), n - 2
        form = self.r.choice(["excl", "excl", "incl", "rev"])
        i = self.fresh("i")
        saved = [dict(sc.vars) for sc in self.scopes]
        for sc in self.scopes:
            for name, info in sc.vars.items():
                if info[0] in ("f", "v") and (info[1] if info[0] == "f" else info[2]):
                    sc.vars[name] = ("f", False) if info[0] == "f" else (info[0], info[1], False) + tuple(info[3:])
        ckpt_allowed, self.ckpt_allowed = self.ckpt_allowed, False
        self.push()
        self.declare(i, ("i", lo, last))
        self.loop_stack.append({"kind": "for", "ckpt": None})
        self.in_ckpt += 1  # no `break`, `continue` or `return` at this level
        self.trips *= n
        pre, cover = [], []
        if self.chance(0.4):
            # a scratch vector, written whole at the top of every iteration, then read
            sc, j, m = self.fresh("sc"), self.fresh("j"), self.trip_count()
            length = self.len_expr(m)
            # typed: filled with constants only, its elements' float type could be
            # ambiguous where a method reads one (`sc[0].atan()`)
            pre.append(LetVec(sc, "zeros", (0.0, length), True, annot=True))
            self.push()
            self.declare(j, ("i", 0, m - 1))
            self.loop_stack.append({"kind": "for"})
            self.trips *= m
            e = self.fexpr(2)
            self.trips //= m
            self.loop_stack.pop()
            self.pop()
            cover.append(For(j, INum(0), length, "excl", None, [SetIdx(sc, IVar(j), "=", e)], None))
            self.declare(sc, ("v", m, False, True, True))
            self.stats["scratch"] = self.stats.get("scratch", 0) + 1
        stencil = [self.stencil_read(i, last)] if lo == 1 and self.chance(0.6) else []
        body = cover + [st for st in stencil if st is not None] + self.stmts(self.r.randint(1, 4))
        for _ in range(self.r.choice([1, 1, 2])):
            term = Assign(acc, self.r.choice(["+=", "+=", "-="]), self.fexpr(2))
            body.append(If(self.cond(1), [term], None) if self.chance(0.25) else term)
        self.trips //= n
        self.in_ckpt -= 1
        self.loop_stack.pop()
        self.pop()
        self.ckpt_allowed = ckpt_allowed
        for scope, vars_ in zip(self.scopes, saved):
            scope.vars = vars_
        loop = For(i, INum(lo), hi, form, None, body, None)
        stmts = pre + [Let(acc, Num(0.0), True, typed=True), loop]
        for st in stmts:
            self.note_active(st)
        # statements between the loop and the tail (drawn before the sum is declared, so
        # they do not read it): the loop is then fused from the middle of the body
        if self.chance(0.4):
            self.budget = max(self.budget, 2)
            stmts += self.stmts(self.r.randint(1, 3), top=True)
        self.declare(acc, ("f", True))
        tail = Var(acc) if self.chance(0.4) else Bin("*", Var(acc), self.lit(0.3, 1.5))
        others = [x for x in self.floats() if x != acc]
        for x in self.r.sample(others, min(len(others), self.r.randint(0, 2))):
            tail = Bin(self.r.choice(["+", "-"]), tail, Var(x))
        if "inactive-result" in AVOID:
            tail = Bin("+", tail, Bin("*", self.lit(0.1, 0.9), self.active_param_leaf()))
        return stmts, tail

    def active_param_leaf(self):
        act = [p for p in self.params if p.kind != "u" and (self.wrt is None or p.name in self.wrt)]
        p = self.r.choice(act)
        return Var(p.name) if p.kind == "f" else Idx(p.name, INum(self.r.randrange(p.size)))

    def vec_tail(self):
        tail, n, stmts = self.vec_tail_()
        if "inactive-result" in AVOID:
            # make sure the result depends on an active parameter
            leaf = self.active_param_leaf()
            stmts.append(SetIdx(tail.name, INum(self.r.randrange(n)), "+=", leaf))
        return tail, n, stmts

    def vec_tail_(self):
        locs = [(a, n) for a, n in self.arrays(writable=True) if n >= 1]
        if locs and self.chance(0.6):
            a, n = self.r.choice(locs)
            return Var(a), n, []
        n = self.r.randint(1, 4)
        out = self.fresh("out")
        if self.chance(0.4):
            es = [self.fexpr(2) for _ in range(n)]
            mut = "inactive-result" in AVOID
            self.declare(out, ("v", n, mut, True, True))
            return Var(out), n, [LetVec(out, "lit", es, mut)]
        i = self.fresh("i")
        self.push()
        self.declare(i, ("i", 0, n - 1))
        self.loop_stack.append({"kind": "for"})
        body = [SetIdx(out, IVar(i), "=", self.fexpr(2))]
        self.loop_stack.pop()
        self.pop()
        init = LetVec(out, "zeros", (0.0, self.len_expr(n)), True)
        loop = For(i, INum(0), self.len_expr(n), "excl", None, body, None)
        self.declare(out, ("v", n, True, True, True))
        return Var(out), n, [init, loop]


def ends_with_cast(e):
    """Whether `e` printed without parentheses would end in `as f64`."""
    if isinstance(e, Cast):
        return True
    if isinstance(e, Bin):
        return ends_with_cast(e.b)
    if isinstance(e, Neg):
        return ends_with_cast(e.a)
    return False


def contains_jump(s, kind):
    if isinstance(s, Jump):
        return s.kind == kind
    if isinstance(s, If):
        return any(contains_jump(t, kind) for t in s.then) or (
            s.els is not None and (contains_jump(s.els, kind) if isinstance(s.els, If) else any(contains_jump(t, kind) for t in s.els)))
    if isinstance(s, Match):
        return any(contains_jump(t, kind) for arm in s.arms for t in arm)
    if isinstance(s, Block):
        return any(contains_jump(t, kind) for t in s.body)
    return False  # loops catch their own break/continue


# --------------------------------------------------------------------------------------
# Screening: the program's values and central differences must be sound at the points the
# tests use, so that a failing check blames the macro.


def step(x):
    return 2.220446049250313e-16 ** (1.0 / 3.0) * max(1.0, abs(x))


def evaluate(f, pt):
    counter = [0]
    v = f.call(f.args_from_point(pt), counter)
    return [v] if f.out_len is None else v


def calibrate(f, rounds=2):
    """Moves the threshold of each `e < c` to the median of the values `e` takes at the
    screening points, so that most branches go both ways."""
    for _ in range(rounds):
        CAL.clear()
        for k in range(SCREEN_POINTS):
            pt = SplitMix(point_seed(f.name, k)).vector(f.n_float(), POINT_LO, POINT_HI)
            try:
                evaluate(f, pt)
            except (Reject, Budget):
                pass
        for node in walk(f.body + [f.tail]):
            if isinstance(node, Cmp) and node.calib and isinstance(node.b, Num):
                vals = sorted(CAL.get(id(node), []))
                if len(set(vals)) >= 2:
                    m = vals[len(vals) // 2]
                    lo = vals[max(0, len(vals) // 2 - 1)]
                    t = round((m + lo) / 2, 2) if m != lo else round(m, 2) + 0.005
                    node.b = Num(t, node.b.style)


def scope_check(f):
    """Every name is declared before it is used (also in code a `return` makes dead)."""
    def refs_expr(e, scopes):
        for x in walk(e):
            names = []
            if isinstance(x, (Var, IVar)):
                names.append(x.name)
            elif isinstance(x, Idx):
                names.append(x.arr)
            elif isinstance(x, ILen):
                names.append(x.arr)
            elif isinstance(x, CCall):
                names.append(x.name)
            elif isinstance(x, Call):
                names += [a for k, a in x.args if k in ("slice", "vecref") or (k == "u" and not a.isdigit())]
            for n in names:
                if not any(n in sc for sc in scopes):
                    raise AssertionError("unbound " + n)

    def block(stmts, scopes):
        scopes = scopes + [set()]
        for st in stmts:
            stmt(st, scopes)

    def stmt(st, scopes):
        if isinstance(st, (Let, LetInt)):
            refs_expr(st.e, scopes)
            scopes[-1].add(st.name)
        elif isinstance(st, LetClosure):
            refs_expr(st.body, scopes + [set(st.params)])
            scopes[-1].add(st.name)
        elif isinstance(st, LetVec):
            if st.kind in ("tovec", "clone"):
                refs_expr(Var(st.arg), scopes)
            elif st.kind == "lit":
                for e in st.arg:
                    refs_expr(e, scopes)
            elif st.kind == "zeros":
                refs_expr(st.arg[1], scopes)
            elif st.kind == "withcap":
                refs_expr(st.arg, scopes)
            scopes[-1].add(st.name)
        elif isinstance(st, (Assign, IncInt)):
            refs_expr(Var(st.name), scopes)
            if isinstance(st, Assign):
                refs_expr(st.e, scopes)
        elif isinstance(st, SetIdx):
            refs_expr(Idx(st.arr, st.idx), scopes)
            refs_expr(st.e, scopes)
        elif isinstance(st, Push):
            refs_expr(Var(st.arr), scopes)
            refs_expr(st.e, scopes)
        elif isinstance(st, MoveVec):
            refs_expr(Var(st.dst), scopes)
            refs_expr(Var(st.src), scopes)
        elif isinstance(st, If):
            refs_expr(st.cond, scopes)
            block(st.then, scopes)
            if isinstance(st.els, If):
                stmt(st.els, scopes)
            elif st.els is not None:
                block(st.els, scopes)
        elif isinstance(st, Match):
            refs_expr(st.scrut, scopes)
            for arm in st.arms:
                block(arm, scopes)
        elif isinstance(st, For):
            refs_expr(st.lo, scopes)
            refs_expr(st.hi, scopes)
            block(st.body, scopes + [{st.var}])
        elif isinstance(st, While):
            refs_expr(IVar(st.counter), scopes)
            refs_expr(st.lim, scopes)
            if st.extra is not None:
                refs_expr(st.extra, scopes)
            block(st.body, scopes)
        elif isinstance(st, Block):
            block(st.body, scopes)
        elif isinstance(st, Jump) and st.e is not None:
            refs_expr(st.e, scopes)

    top = [{p.name for p in f.params}]
    scopes = top + [set()]
    for st in f.body:
        stmt(st, scopes)
    refs_expr(f.tail, scopes)


def screen_values(f):
    """Runs `f` at its first point: the program is well formed (names, indices, domains)."""
    scope_check(f)
    pt = SplitMix(point_seed(f.name, 0)).vector(f.n_float(), POINT_LO, POINT_HI)
    evaluate(f, pt)


def screen(f, points):
    ybar = None
    for k in range(points):
        pt = SplitMix(point_seed(f.name, k)).vector(f.n_float(), POINT_LO, POINT_HI)
        y = evaluate(f, pt)
        if f.out_len is not None and len(y) != f.out_len:
            raise AssertionError("generator bug: output length %d != %d" % (len(y), f.out_len))
        if any(abs(v) > 1e4 for v in y):
            raise Reject("large output")
        if ybar is None:
            ybar = SplitMix(k + 17).vector(len(y), -1.0, 1.0)

        def g(p):
            return sum(a * b for a, b in zip(evaluate(f, p), ybar))

        for i in f.active_coords():
            ests = []
            for scale in (1.0, 0.125, 8.0):
                h = step(pt[i]) * scale
                lo, hi = list(pt), list(pt)
                lo[i] -= h
                hi[i] += h
                ests.append((g(hi) - g(lo)) / (hi[i] - lo[i]))
            base = ests[0]
            for e in ests[1:]:
                if abs(e - base) > 1e-7 + 1e-6 * max(abs(e), abs(base)):
                    raise Reject("finite differences disagree")
            if abs(base) > 1e4:
                raise Reject("steep")


# --------------------------------------------------------------------------------------
# Rust output.


def case_rs(f, name, twin_of=None, seed_name=None, value=False):
    """A `Case` literal: the function behind flat points, as the harness wants it."""
    fl = f.float_params()
    bn = bare(name)
    act = [p for p in fl if f.active(p)]
    # ranges in the flat point and in the flat active vector
    prange, arange, k, a = {}, {}, 0, 0
    for p in fl:
        n = 1 if p.kind == "f" else p.size
        prange[p.name] = (k, k + n)
        k += n
        if f.active(p):
            arange[p.name] = (a, a + n)
            a += n

    def arg(p, src="p"):
        if p.kind == "u":
            return str(p.size)
        lo, hi = prange[p.name]
        return "%s[%d]" % (src, lo) if p.kind == "f" else "&%s[%d..%d]" % (src, lo, hi)

    def tan(p, src="d"):
        lo, hi = arange[p.name]
        return "%s[%d]" % (src, lo) if p.kind == "f" else "&%s[%d..%d]" % (src, lo, hi)

    args = ", ".join(arg(p) for p in f.params)
    tans = ", ".join(tan(p) for p in act)
    outs = ", ".join("g%d" % i for i in range(len(act)))
    hvs = ", ".join("h%d" % i for i in range(len(act)))

    def cat(names):
        items = []
        for p, nm in zip(act, names):
            items.append("&[%s]" % nm if p.kind == "f" else "&%s" % nm)
        return "cat(&[%s])" % ", ".join(items)

    gnames = ["g%d" % i for i in range(len(act))]
    hnames = ["h%d" % i for i in range(len(act))]
    params = ", ".join('("%s", %d, %s)' % (p.name, 1 if p.kind == "f" else p.size, "true" if f.active(p) else "false") for p in fl)
    scalar = f.out_len is None
    lines = ["    Case {"]
    lines.append('        name: "%s",' % name)
    lines.append('        seed_name: "%s",' % (seed_name or name))
    lines.append("        twin_of: %s," % ('Some("%s")' % twin_of if twin_of else "None"))
    lines.append("        params: &[%s]," % params)
    if value:
        vargs = ", ".join(["t"] + [arg(p, "v") for p in f.params])
        call = "%s_value(%s)" % (bn, vargs)
        lines.append("        value: Some(|t, v| %s)," % (("vec![%s]" % call) if scalar else call))
    else:
        lines.append("        value: None,")
    if scalar:
        lines.append("        f: |p| vec![%s(%s)]," % (name, args))
        lines.append("        vjp: |p, s| {")
        lines.append("            let (y, %s) = %s_vjp(%s, s[0]);" % (outs, bn, args))
        lines.append("            (vec![y], %s)" % cat(gnames))
        lines.append("        },")
        lines.append("        jvp: |p, d| {")
        lines.append("            let (y, t) = %s_jvp(%s, %s);" % (bn, args, tans))
        lines.append("            (vec![y], vec![t])")
        lines.append("        },")
        lines.append("        grad: Some(|p| {")
        lines.append("            let (_, %s) = %s_grad(%s);" % (outs, bn, args))
        lines.append("            %s" % cat(gnames))
        lines.append("        }),")
        lines.append("        hvp: Some(|p, d| {")
        lines.append("            let (_, %s, %s) = %s_hvp(%s, %s);" % (outs, hvs, bn, args, tans))
        lines.append("            (%s, %s)" % (cat(gnames), cat(hnames)))
        lines.append("        }),")
        lines.append("        gradcheck: Some(|p| %s_gradcheck(%s)),\n    }," % (bn, args))
    else:
        lines.append("        f: |p| %s(%s)," % (name, args))
        lines.append("        vjp: |p, s| {")
        lines.append("            let (y, %s) = %s_vjp(%s, s.to_vec());" % (outs, bn, args))
        lines.append("            (y, %s)" % cat(gnames))
        lines.append("        },")
        lines.append("        jvp: |p, d| %s_jvp(%s, %s)," % (bn, args, tans))
        lines.append("        grad: None,")
        lines.append("        hvp: None,")
        lines.append("        gradcheck: None,\n    },")
    return "\n".join(lines)


def fix_single(s):
    # `let (y, g0) = …` is fine; a tuple of one element needs no change.
    return s


BATCH_HEADER = """\
// @generated by tools/genprog.py (seed {seed}, batch {batch}): do not edit by hand.
// Regenerate with the command at the top of tests/{test}.rs.
#![allow(
    unused_variables,
    unused_mut,
    unused_assignments,
    unused_parens,
    unreachable_code,
    dead_code,
    non_snake_case,
    clippy::all
)]

use super::harness::{{cat, Case}};
use autodiff::{{differentiate, Tape, Value}};
"""


def batch_rs(seed, b, funcs, test="generated_programs"):
    out = [BATCH_HEADER.format(seed=seed, batch=b, test=test)]
    for f in funcs:
        out.append("\n".join(f.rs_lines()))
        out.append("")
        if f.has_ckpt:
            out.append("// `%s` without its `#[checkpoint]`s: the derivatives must agree bitwise (to rounding where a loop of this twin fuses)." % f.name)
            out.append("\n".join(f.rs_lines(name=bare(f.name) + "_plain", ckpt=False)))
            out.append("")
        if f.value_twin:
            out.append("// `%s` on the `Value` tape: its gradient must agree with `%s_vjp`." % (f.name, f.name))
            out.append("\n".join(value_twin_lines(f)))
            out.append("")
    out.append("pub fn cases() -> Vec<Case> {")
    out.append("    vec![")
    for f in funcs:
        out.append(case_rs(f, f.name, value=f.value_twin))
        if f.has_ckpt:
            out.append(case_rs(f, bare(f.name) + "_plain", twin_of=None, seed_name=f.name).replace(
                "twin_of: None", "twin_of: None"))
    out.append("    ]")
    out.append("}")
    text = "\n".join(out) + "\n"
    # the twin's Case names the checkpointed function it is compared with
    for f in funcs:
        if f.has_ckpt:
            text = text.replace('        name: "%s_plain",\n        seed_name: "%s",\n        twin_of: None,' % (bare(f.name), f.name),
                                '        name: "%s_plain",\n        seed_name: "%s",\n        twin_of: Some("%s"),' % (bare(f.name), f.name, f.name))
    return text


TEST_FILE = """\
//! Differential tests on generated programs: {count} random `#[differentiate]` functions
//! (tests/generated/batch_*.rs, written by tools/genprog.py) checked at random points.
//!
//! Regenerate (deterministic; review the diff):
//!
//! ```text
//! {command}
//! ```
//!
//! Per function and point (SplitMix64 seeds from the function's name): `f_gradcheck` (the
//! gradient against central differences, `f_jvp` against the gradient, `f_hvp` against
//! differences of `f_grad`) for scalar results; `f_vjp` with a random seed against central
//! differences of ⟨seed, f(x)⟩ for `Vec` results; `f_jvp` against `f_vjp` (dot-product test)
//! with random directions; `f_hvp` against differences of `f_grad` along a random direction;
//! every function with `#[checkpoint]`s against its twin without them (`*_plain`),
//! bitwise (`f_vjp` and `f_hvp` to 1e-12, since a loop of the twin may fuse with its
//! reverse, adding the same terms in another order); and `f_vjp` against the same function written over the runtime tape
//! (`*_value`, {twins} of the {count}): `Value::backward` of ⟨seed, f_value(x)⟩ must give
//! `f_vjp`'s cotangents to 1e-10 and the same values. `AUTODIFF_SOAK=N` checks N points
//! per function (default {points}) with more directions each (`-- --nocapture` prints the
//! counts). Programs the macro mishandled are kept in tests/generated/regressions.rs;
//! `-- --ignored known_macro_bugs` rebuilds them.

{mods}
#[path = "generated/harness.rs"]
mod harness;
#[path = "generated/regressions.rs"]
mod regressions;
{tests}"""


HYGIENE_TEST_FILE = """\
//! Differential tests on generated programs with the hygiene patterns: {count} random
//! `#[differentiate]` functions (tests/generated/{prefix}_*.rs, written by tools/genprog.py
//! `--hygiene`) with `let`-bound closures (capturing parameters, locals and other closures;
//! captures shadowed or, for `move` closures, reassigned after the definition; called in
//! loops and with arguments named like their parameters in another order), shadowed
//! parameters and locals at several nesting levels, raw identifiers (`r#type`, a function
//! `r#match`) and names like the macro's own (`x_bar`, `dout`, `lo`, `t0`, …), checked at
//! random points as in tests/generated_programs.rs ({twins} of the {count} also against
//! their `Value` twins).
//!
//! Regenerate (deterministic; review the diff):
//!
//! ```text
//! {command}
//! ```

{mods}
#[path = "generated/harness.rs"]
mod harness;
{tests}"""


def test_file_rs(count, command, batches, twins, prefix="batch"):
    mods = "\n".join('#[path = "generated/%s_%02d.rs"]\nmod %s_%02d;' % (prefix, b, prefix, b) for b in range(batches))
    tests = "\n".join(
        "#[test]\nfn %s_%02d_derivatives() {\n    harness::run(\"%s_%02d\", %s_%02d::cases());\n}\n"
        % (prefix, b, prefix, b, prefix, b) for b in range(batches))
    template = TEST_FILE if prefix == "batch" else HYGIENE_TEST_FILE
    text = template.format(count=count, command=command, points=DEFAULT_POINTS, mods=mods, tests=tests,
                           twins="all" if twins == count else twins, prefix=prefix)
    return text.rstrip("\n") + "\n"


SCRATCH_CARGO = """\
[package]
name = "autodiff-soak"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
autodiff = {{ path = "{root}" }}

[[test]]
name = "generated_programs"
path = "tests/generated_programs.rs"
"""


def generate(seed, count, batches, stats, stop_at=None):
    """`count` screened functions, split over `batches` files; calls stay within a file."""
    per = [count // batches + (1 if b < count % batches else 0) for b in range(batches)]
    out = []
    for b in range(batches):
        funcs = []
        for i in range(per[b]):
            name = "b%02d_f%03d" % (b, i)
            # with `--hygiene`, each file's second function is `r#match` (draws as `name`)
            fname = "r#match" if HYG[0] > 0 and i == 1 else name
            attempt = 0
            while True:
                rng = random.Random("%d/%s/%d" % (seed, name, attempt))
                g = Gen(rng, fname, funcs, stats)
                f = g.function()
                try:
                    calibrate(f)
                    COVER.clear()
                    screen(f, SCREEN_POINTS)
                    for node in walk(f.body + [f.tail]):
                        if isinstance(node, (If, IfE)):
                            stats["branches"] = stats.get("branches", 0) + 1
                            seen = COVER.get(id(node), set())
                            stats["branches_reached"] = stats.get("branches_reached", 0) + (1 if seen else 0)
                            stats["branches_both_ways"] = stats.get("branches_both_ways", 0) + (1 if len(seen) == 2 else 0)
                    break
                except Reject as e:
                    stats["rejected"] += 1
                    stats["reject:" + str(e).split(" ")[0]] = stats.get("reject:" + str(e).split(" ")[0], 0) + 1
                except Budget:
                    stats["rejected"] += 1
                attempt += 1
            stats["functions"] += 1
            stats["checkpointed"] += 1 if f.has_ckpt else 0
            stats["vec_out"] += 1 if f.out_len is not None else 0
            stats["wrt"] += 1 if f.wrt is not None else 0
            if HYG[0] > 0:
                note_hygiene(g, f, stats)
            stats["int_ops"] = stats.get("int_ops", 0) + (1 if "int_ops" in g.tags else 0)
            funcs.append(f)
            if name == stop_at:
                out.append(funcs)
                return out
        out.append(funcs)
    return out


def note_hygiene(g, f, stats):
    """Counts the hygiene patterns function `f` (drawn by `g`) exercises into `stats`."""
    tags = set(g.tags)
    words = set(re.findall(r"(?:r#)?\w+", "\n".join(f.rs_lines())))
    if any(w.startswith("r#") for w in words):
        tags.add("raw_ident")
    if f.name.startswith("r#"):
        tags.add("raw_fn_name")
    derived = {bare(p.name) + sfx for p in f.params for sfx in ("_bar", "_dot", "_tape")}
    if words & (set(MACRO_NAMES) | derived):
        tags.add("macro_name")
    stats["hyg:functions"] = stats.get("hyg:functions", 0) + (1 if g.hyg else 0)
    for t in tags:
        stats["hyg:" + t] = stats.get("hyg:" + t, 0) + 1


def callees(f):
    return {x.fn.name: x.fn for x in walk(f.body + [f.tail]) if isinstance(x, Call)}.values()


def mark_value_twins(batches, every):
    """Value twins for every `every`-th function of each batch, and for what they call."""
    n = 0
    for funcs in batches:
        for i, f in enumerate(funcs):
            if i % every == 0:
                todo = [f]
                while todo:
                    g = todo.pop()
                    if not g.value_twin:
                        g.value_twin = True
                        todo.extend(callees(g))
        n += sum(1 for f in funcs if f.value_twin)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=520)
    ap.add_argument("--batches", type=int, default=8)
    ap.add_argument("--out", help="directory for batch_NN.rs (e.g. tests/generated)")
    ap.add_argument("--test-file", help="where to write the test target (e.g. tests/generated_programs.rs)")
    ap.add_argument("--scratch", help="write a standalone crate here instead (for soak runs)")
    ap.add_argument("--print", action="store_true", help="print the functions to stdout")
    ap.add_argument("--no-avoid", action="store_true", help="do not steer around KNOWN_BUGS")
    ap.add_argument("--value-every", type=int, default=1, metavar="K",
                    help="write Value twins for every K-th function (and its callees); 0: none")
    ap.add_argument("--sums", type=float, default=0.0, metavar="P",
                    help="end this share of the scalar functions in a sum loop (the shape f_vjp fuses); "
                         "0, the default, keeps the checked-in set reproducible")
    ap.add_argument("--hygiene", type=float, default=0.0, metavar="P",
                    help="draw this share of the functions with closures (captures shadowed, reassigned, "
                         "swapped argument names, calls in loops), shadowing, raw identifiers and "
                         "macro-like names, reporting the counts per pattern; 0, the default, keeps "
                         "the checked-in set reproducible")
    ap.add_argument("--int-ops", type=float, default=0.0, metavar="P",
                    help="draw this share of index expressions and parity tests with integer operators "
                         "(`(i >> 1) % n`, `(i & 1) == 0`), reporting how many functions use them; 0, "
                         "the default, keeps the checked-in set reproducible")
    ap.add_argument("--prefix", default="batch",
                    help="file and module names: PREFIX_NN.rs (default batch)")
    a = ap.parse_args()
    SUMS[0] = a.sums
    HYG[0] = a.hygiene
    INT_OPS[0] = a.int_ops
    if a.no_avoid:
        AVOID.clear()
    stats = {k: 0 for k in ("functions", "rejected", "checkpointed", "vec_out", "wrt", "calls", "for", "while", "recurrences")}
    batches = generate(a.seed, a.count, a.batches, stats)
    stats["value_twins"] = mark_value_twins(batches, a.value_every) if a.value_every > 0 else 0
    every = "" if a.value_every == 1 else " --value-every %d" % a.value_every
    if a.hygiene:
        every += " --hygiene %g" % a.hygiene
    if a.prefix != "batch":
        every += " --prefix %s" % a.prefix
    test_name = "generated_programs" if a.prefix == "batch" else "generated_" + a.prefix
    command = "python3 tools/genprog.py --seed %d --count %d --batches %d%s --out tests/generated --test-file tests/%s.rs" % (
        a.seed, a.count, a.batches, every, test_name)
    if a.print:
        for funcs in batches:
            for f in funcs:
                print("\n".join(f.rs_lines()))
                print()
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    if a.scratch:
        os.makedirs(os.path.join(a.scratch, "tests", "generated"), exist_ok=True)
        with open(os.path.join(a.scratch, "Cargo.toml"), "w") as fh:
            fh.write(SCRATCH_CARGO.format(root=root))
        gen_dir = os.path.join(a.scratch, "tests", "generated")
        for name in ("harness.rs",):
            with open(os.path.join(root, "tests", "generated", name)) as src, open(os.path.join(gen_dir, name), "w") as dst:
                dst.write(src.read())
        with open(os.path.join(gen_dir, "regressions.rs"), "w") as fh:
            fh.write("// (the regression cases live in the repository)\n")
        test_file = os.path.join(a.scratch, "tests", "generated_programs.rs")
        a.out = gen_dir
        sums = (" --sums %g" % a.sums if a.sums else "") + (" --hygiene %g" % a.hygiene if a.hygiene else "") \
            + (" --int-ops %g" % a.int_ops if a.int_ops else "")
        command = "python3 tools/genprog.py --seed %d --count %d --batches %d%s%s --scratch %s" % (a.seed, a.count, a.batches, every, sums, a.scratch)
    else:
        test_file = a.test_file
    written = []
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        for b, funcs in enumerate(batches):
            path = os.path.join(a.out, "%s_%02d.rs" % (a.prefix, b))
            with open(path, "w") as fh:
                fh.write(batch_rs(a.seed, b, funcs, test_name))
            written.append(path)
    if test_file:
        with open(test_file, "w") as fh:
            fh.write(test_file_rs(a.count, command, a.batches, stats["value_twins"], a.prefix))
        written.append(test_file)
    # formatted as `cargo fmt` would, so that a regeneration diffs cleanly
    if written and shutil.which("rustfmt"):
        subprocess.run(["rustfmt", "--edition", "2021"] + written, check=False)
    print(" ".join("%s=%d" % kv for kv in sorted(stats.items()) if not kv[0].startswith("hyg:")), file=sys.stderr)
    if a.int_ops:
        print("int-ops: %d of %d functions use an integer operator in an index or a parity test" % (
            stats.get("int_ops", 0), stats["functions"]), file=sys.stderr)
    if a.hygiene:
        print("hygiene: %d of %d functions drawn with the patterns; functions exercising each: %s" % (
            stats.get("hyg:functions", 0), stats["functions"],
            " ".join("%s=%d" % (t, stats.get("hyg:" + t, 0)) for t in HYG_PATTERNS)), file=sys.stderr)


if __name__ == "__main__":
    main()
