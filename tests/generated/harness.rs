//! The checks run on every generated function (see tests/generated_programs.rs).
//!
//! A [`Case`] shows one generated function through flat points: `p` holds every float
//! parameter in order (scalars and slice elements, active or not), derivatives are over
//! the active coordinates only, in order. `usize` parameters are constants baked into the
//! case. `tools/genprog.py` writes the cases.
//!
//! A case may also carry the function's twin on the runtime tape ([`Case::value`]): its
//! gradient, from `Value::backward`, is a second, independent reverse mode that `f_vjp`
//! must match to rounding.
#![allow(dead_code)]

use autodiff::gradcheck::{self, GradcheckReport, Rng, Tolerance};
use autodiff::{Tape, Value};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Points are drawn uniformly from this interval (tools/genprog.py screens the programs
/// at the same points, so it must agree).
pub const POINT_LO: f64 = -1.5;
pub const POINT_HI: f64 = 1.5;
/// Points per function in a normal run; `AUTODIFF_SOAK=N` asks for N.
pub const DEFAULT_POINTS: usize = 3;

pub type Flat = fn(&[f64]) -> Vec<f64>;
pub type Flat2 = fn(&[f64], &[f64]) -> (Vec<f64>, Vec<f64>);
/// The function on a tape: every float parameter (the flat point, as values), the results.
pub type OnTape = for<'t> fn(&'t Tape<f64>, &[Value<'t, f64>]) -> Vec<Value<'t, f64>>;

pub struct Case {
    /// The generated function.
    pub name: &'static str,
    /// Whose points it is checked at (a twin uses the points of its checkpointed original).
    pub seed_name: &'static str,
    /// For a function without `#[checkpoint]`s: the checkpointed original it must match
    /// bitwise (to 1e-12 where a loop of the twin fuses).
    pub twin_of: Option<&'static str>,
    /// The float parameters: name, flat length, active.
    pub params: &'static [(&'static str, usize, bool)],
    /// The function's value(s).
    pub f: Flat,
    /// `(value, Jᵀ s)` from `f_vjp` with seed `s`.
    pub vjp: Flat2,
    /// `(value, J d)` from `f_jvp` with tangent `d` (over the active coordinates).
    pub jvp: Flat2,
    /// Scalar results: the gradient from `f_grad`.
    pub grad: Option<Flat>,
    /// Scalar results: `(gradient, H d)` from `f_hvp`.
    pub hvp: Option<Flat2>,
    /// Scalar results: the generated `f_gradcheck`.
    pub gradcheck: Option<Gradcheck>,
    /// The same function written over `Value` (`f_value`, by tools/genprog.py), whose
    /// `backward()` must agree with `f_vjp`.
    pub value: Option<OnTape>,
}

/// A generated `f_gradcheck` at a flat point.
pub type Gradcheck = fn(&[f64]) -> Result<(), GradcheckReport>;

/// The flat vector of several parts.
pub fn cat(parts: &[&[f64]]) -> Vec<f64> {
    parts.concat()
}

fn fnv1a(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The seed of the `k`-th point of function `name` (tools/genprog.py has the same).
pub fn point_seed(name: &str, k: usize) -> u64 {
    fnv1a(name) ^ (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// How many points per function: `AUTODIFF_SOAK=N`, or [`DEFAULT_POINTS`].
pub fn points() -> usize {
    std::env::var("AUTODIFF_SOAK")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_POINTS)
}

/// What a check concluded.
enum Verdict {
    Pass,
    /// The derivative disagrees with the central difference at the standard step, but the
    /// differences at other steps disagree among themselves and one of the smaller steps
    /// agrees with the derivative: a branch switch or a kink lies within a step.
    Excused,
    Fail(String),
}

/// `(φ(x + h eᵢ·…) − φ(x − h…)) / 2h` along `v` with step `scale · step(‖x‖∞)/‖v‖∞`.
fn directional(phi: &dyn Fn(&[f64]) -> Vec<f64>, x: &[f64], v: &[f64], scale: f64) -> Vec<f64> {
    let xm = x.iter().fold(0.0f64, |m, a| m.max(a.abs()));
    let vm = v.iter().fold(0.0f64, |m, a| m.max(a.abs()));
    let h = gradcheck::step(xm) * scale / if vm > 0.0 { vm } else { 1.0 };
    let shift = |s: f64| -> Vec<f64> { x.iter().zip(v).map(|(a, b)| a + s * h * b).collect() };
    let (fp, fm) = (phi(&shift(1.0)), phi(&shift(-1.0)));
    fp.iter()
        .zip(&fm)
        .map(|(p, m)| (p - m) / (2.0 * h))
        .collect()
}

fn coordinate(phi: &dyn Fn(&[f64]) -> f64, x: &[f64], i: usize, scale: f64) -> f64 {
    let mut probe = x.to_vec();
    let h = gradcheck::step(x[i]) * scale;
    let (hi, lo) = (x[i] + h, x[i] - h);
    probe[i] = hi;
    let fh = phi(&probe);
    probe[i] = lo;
    let fl = phi(&probe);
    (fh - fl) / (hi - lo)
}

const SCALES: [f64; 4] = [1.0, 0.125, 1.0 / 64.0, 8.0];

/// Judges one derivative against central differences at several steps.
fn judge(analytic: f64, estimates: &[f64], tol: Tolerance) -> Verdict {
    if tol.accepts(analytic, estimates[0]) {
        return Verdict::Pass;
    }
    let rough = estimates.iter().any(|e| !tol.accepts(*e, estimates[0]));
    let smaller_agrees = estimates[1..3].iter().any(|e| tol.accepts(analytic, *e));
    if rough && smaller_agrees {
        Verdict::Excused
    } else {
        Verdict::Fail(format!(
            "derivative {analytic:e}, central differences {:?}",
            estimates
        ))
    }
}

/// Every coordinate of `analytic` against central differences of `phi` at `x`.
fn check_gradient(
    phi: &dyn Fn(&[f64]) -> f64,
    x: &[f64],
    analytic: &[f64],
    tol: Tolerance,
) -> Verdict {
    let mut excused = false;
    for (i, &a) in analytic.iter().enumerate().take(x.len()) {
        let est: Vec<f64> = SCALES.iter().map(|&s| coordinate(phi, x, i, s)).collect();
        match judge(a, &est, tol) {
            Verdict::Pass => {}
            Verdict::Excused => excused = true,
            Verdict::Fail(m) => return Verdict::Fail(format!("coordinate {i}: {m}")),
        }
    }
    if excused {
        Verdict::Excused
    } else {
        Verdict::Pass
    }
}

/// `hv` against differences of `grad` along `v`.
fn check_hvp(grad: &dyn Fn(&[f64]) -> Vec<f64>, x: &[f64], v: &[f64], hv: &[f64]) -> Verdict {
    let tol = Tolerance::new(1e-4, 1e-3);
    let est: Vec<Vec<f64>> = SCALES.iter().map(|&s| directional(grad, x, v, s)).collect();
    let mut excused = false;
    for i in 0..hv.len() {
        let e: Vec<f64> = est.iter().map(|e| e[i]).collect();
        match judge(hv[i], &e, tol) {
            Verdict::Pass => {}
            Verdict::Excused => excused = true,
            Verdict::Fail(m) => return Verdict::Fail(format!("H·v coordinate {i}: {m}")),
        }
    }
    if excused {
        Verdict::Excused
    } else {
        Verdict::Pass
    }
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    a == b || (a - b).abs() <= rel * (1.0 + a.abs().max(b.abs()))
}

fn all_close(a: &[f64], b: &[f64], rel: f64) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(*x, *y, rel))
}

fn bits(a: &[f64]) -> Vec<u64> {
    a.iter().map(|x| x.to_bits()).collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Two exact reverse modes differ only in rounding (the order in which they sum).
pub const VALUE_TOL: Tolerance = Tolerance::new(1e-10, 1e-10);

/// `(value, Jᵀ seed)` through the `Value` tape: active coordinates are variables, inactive
/// ones constants; `⟨seed, f(p)⟩` is one value, differentiated by one `backward()`.
pub fn value_vjp(
    on_tape: OnTape,
    params: &[(&str, usize, bool)],
    p: &[f64],
    seed: &[f64],
) -> (Vec<f64>, Vec<f64>) {
    let tape = Tape::new();
    let mut xs = Vec::with_capacity(p.len());
    let mut active = vec![];
    for &(_, len, act) in params {
        for _ in 0..len {
            let x = p[xs.len()];
            let v = if act { tape.var(x) } else { tape.constant(x) };
            if act {
                active.push(v);
            }
            xs.push(v);
        }
    }
    let ys = on_tape(&tape, &xs);
    let out = ys
        .iter()
        .zip(seed)
        .fold(tape.constant(0.0), |acc, (&y, &s)| acc + y * s);
    let g = out.backward();
    (
        ys.iter().map(|y| y.value()).collect(),
        active.iter().map(|&v| g.wrt(v)).collect(),
    )
}

/// The parameter and element of active coordinate `i`, as `x[2]`.
fn active_name(params: &[(&str, usize, bool)], mut i: usize) -> String {
    for &(name, len, _) in params.iter().filter(|p| p.2) {
        if i < len {
            return if len == 1 {
                name.to_string()
            } else {
                format!("{name}[{i}]")
            };
        }
        i -= len;
    }
    format!("#{i}")
}

#[derive(Default)]
pub struct Tally {
    pub functions: usize,
    /// Functions (not counting the `*_plain` twins) and how many have a `Value` twin.
    pub originals: usize,
    pub with_value: usize,
    pub value_checks: usize,
    /// The largest `|f_vjp − Value| / (1 + |f_vjp|)` seen.
    pub value_max_dev: f64,
    pub points: usize,
    pub checks: usize,
    pub excused: usize,
    pub failures: Vec<String>,
}

/// Checks every case at [`points()`] points; panics listing every mismatch.
pub fn run(batch: &str, cases: Vec<Case>) {
    let t = check_all(&cases, points());
    eprintln!(
        "{batch}: {} functions, {} points, {} checks, {} excused (branch switch or kink within a difference step), {} failures",
        t.functions,
        t.points,
        t.checks,
        t.excused,
        t.failures.len()
    );
    eprintln!(
        "{batch}: {} of {} functions have a Value twin ({} without), {} checks of f_vjp against the Value graph, largest difference {:.1e} (relative to 1 + |f_vjp|)",
        t.with_value,
        t.originals,
        t.originals - t.with_value,
        t.value_checks,
        t.value_max_dev
    );
    if !t.failures.is_empty() {
        let mut msg = String::new();
        for f in &t.failures {
            let _ = writeln!(msg, "{f}");
        }
        panic!("{batch}: {} mismatches:\n{msg}", t.failures.len());
    }
}

pub fn check_all(cases: &[Case], n_points: usize) -> Tally {
    let by_name: HashMap<&str, &Case> = cases.iter().map(|c| (c.name, c)).collect();
    let dirs = if n_points > DEFAULT_POINTS { 3 } else { 1 };
    let mut t = Tally::default();
    for case in cases {
        t.functions += 1;
        if case.twin_of.is_none() {
            t.originals += 1;
            t.with_value += usize::from(case.value.is_some());
        }
        for k in 0..n_points {
            t.points += 1;
            let twin = case.twin_of.map(|n| by_name[n]);
            if let Err(m) = check_point(case, twin, k, dirs, &mut t) {
                t.failures.push(format!("{} (point {k}): {m}", case.name));
            }
        }
    }
    t
}

fn check_point(
    case: &Case,
    twin: Option<&Case>,
    k: usize,
    dirs: usize,
    t: &mut Tally,
) -> Result<(), String> {
    let n: usize = case.params.iter().map(|p| p.1).sum();
    let mut active = vec![];
    let mut at = 0;
    for &(_, len, act) in case.params {
        if act {
            active.extend(at..at + len);
        }
        at += len;
    }
    let p = Rng::new(point_seed(case.seed_name, k)).vector(n, POINT_LO, POINT_HI);
    let xa: Vec<f64> = active.iter().map(|&i| p[i]).collect();
    let with = |a: &[f64]| {
        let mut q = p.clone();
        for (j, &i) in active.iter().enumerate() {
            q[i] = a[j];
        }
        q
    };
    let f = case.f;
    let y = f(&p);
    let mut rng = Rng::new(point_seed(case.seed_name, k) ^ 0x00ff_00ff);
    let seed = rng.vector(y.len(), -1.0, 1.0);
    let (yv, cot) = (case.vjp)(&p, &seed);
    t.checks += 1;
    if !all_close(&y, &yv, 1e-12) {
        return Err(format!("f_vjp's value {yv:?} differs from f's {y:?}"));
    }
    if cot.len() != active.len() {
        return Err(format!(
            "f_vjp gives {} cotangents for {} active coordinates",
            cot.len(),
            active.len()
        ));
    }
    // Jᵀ·seed against the Value graph: the same function on the runtime tape.
    if let Some(on_tape) = case.value {
        t.checks += 1;
        t.value_checks += 1;
        let (yt, gt) = value_vjp(on_tape, case.params, &p, &seed);
        if !all_close(&y, &yt, 1e-12) {
            return Err(format!(
                "the Value graph's value {yt:?} differs from f's {y:?}"
            ));
        }
        if gt.len() != cot.len() {
            return Err(format!(
                "the Value graph gives {} adjoints for {} cotangents",
                gt.len(),
                cot.len()
            ));
        }
        for (i, (&a, &b)) in cot.iter().zip(&gt).enumerate() {
            t.value_max_dev = t.value_max_dev.max((a - b).abs() / (1.0 + a.abs()));
            if !VALUE_TOL.accepts(a, b) {
                return Err(format!(
                    "f_vjp against the Value graph: coordinate {i} ({}): f_vjp {a:e}, Value {b:e} (seed {seed:?})",
                    active_name(case.params, i)
                ));
            }
        }
    }
    // The gradient (scalar results) or Jᵀ·seed (vectors) against central differences.
    t.checks += 1;
    match (case.gradcheck, case.grad) {
        (Some(gc), Some(grad)) => {
            let g = grad(&p);
            if let Err(report) = gc(&p) {
                let verdict = match report.label() {
                    Some("f_jvp") => Verdict::Fail(String::new()),
                    Some("f_hvp") => {
                        let v = Rng::new(0x5eed_1234).vector(xa.len(), -1.0, 1.0);
                        let hv = (case.hvp.expect("scalar"))(&p, &v).1;
                        check_hvp(&|a| grad(&with(a)), &xa, &v, &hv)
                    }
                    _ => check_gradient(&|a| f(&with(a))[0], &xa, &g, Tolerance::default()),
                };
                match verdict {
                    Verdict::Pass | Verdict::Fail(_) => {
                        return Err(format!("f_gradcheck: {report}"));
                    }
                    Verdict::Excused => t.excused += 1,
                }
            }
            t.checks += 1;
            let scaled: Vec<f64> = g.iter().map(|gi| gi * seed[0]).collect();
            if !all_close(&cot, &scaled, 1e-12) {
                return Err(format!(
                    "f_vjp(seed {}) = {cot:?}, but seed × f_grad = {scaled:?}",
                    seed[0]
                ));
            }
        }
        _ => {
            let phi = |a: &[f64]| dot(&f(&with(a)), &seed);
            let tol = Tolerance::default();
            if gradcheck::gradcheck(&phi, &xa, &cot, tol).is_err() {
                match check_gradient(&phi, &xa, &cot, tol) {
                    Verdict::Excused => t.excused += 1,
                    Verdict::Pass => unreachable!("the standard step failed"),
                    Verdict::Fail(m) => {
                        return Err(format!(
                            "f_vjp against central differences of ⟨seed, f⟩: {m}"
                        ))
                    }
                }
            }
        }
    }
    for _ in 0..dirs {
        let d = rng.vector(active.len(), -1.0, 1.0);
        // ⟨seed, J d⟩ = ⟨Jᵀ seed, d⟩
        t.checks += 1;
        let (yj, jd) = (case.jvp)(&p, &d);
        if !all_close(&y, &yj, 1e-12) {
            return Err(format!("f_jvp's value {yj:?} differs from f's {y:?}"));
        }
        let (lhs, rhs) = (dot(&seed, &jd), dot(&cot, &d));
        let scale: f64 = seed
            .iter()
            .zip(&jd)
            .map(|(a, b)| (a * b).abs())
            .sum::<f64>()
            + cot.iter().zip(&d).map(|(a, b)| (a * b).abs()).sum::<f64>();
        if (lhs - rhs).abs() > 1e-10 * (1.0 + scale) {
            return Err(format!(
                "dot-product test: ⟨seed, f_jvp⟩ = {lhs:e}, ⟨f_vjp, d⟩ = {rhs:e}"
            ));
        }
        // H d against differences of the gradient.
        if let (Some(hvp), Some(grad)) = (case.hvp, case.grad) {
            t.checks += 1;
            let (g2, hv) = hvp(&p, &d);
            let g = grad(&p);
            if !all_close(&g, &g2, 1e-12) {
                return Err(format!(
                    "f_hvp's gradient {g2:?} differs from f_grad's {g:?}"
                ));
            }
            match check_hvp(&|a| grad(&with(a)), &xa, &d, &hv) {
                Verdict::Pass => {}
                Verdict::Excused => t.excused += 1,
                Verdict::Fail(m) => {
                    return Err(format!("f_hvp against differences of f_grad: {m}"))
                }
            }
        }
        // Checkpointed against plain: every derivative, to the last bit (but see f_vjp and f_hvp).
        if let Some(orig) = twin {
            t.checks += 1;
            let same = |what: &str, a: &[f64], b: &[f64]| {
                if bits(a) == bits(b) {
                    Ok(())
                } else {
                    Err(format!(
                        "{what} of {} differs from its twin without #[checkpoint]: {a:?} vs {b:?}",
                        orig.name
                    ))
                }
            };
            same("the value", &(orig.f)(&p), &y)?;
            let (ov, oc) = (orig.vjp)(&p, &seed);
            same("f_vjp's value", &ov, &yv)?;
            // `f_vjp` and `f_hvp` may run a loop fused with its reverse in the plain twin
            // and not in the checkpointed one (a checkpointed loop never fuses): the same
            // terms, added in another order. `f_jvp` never fuses: to the last bit.
            let close = |what: &str, a: &[f64], b: &[f64]| match all_close(a, b, 1e-12) {
                true => Ok(()),
                false => same(what, a, b),
            };
            close("f_vjp", &oc, &cot)?;
            same("f_jvp", &(orig.jvp)(&p, &d).1, &jd)?;
            if let (Some(oh), Some(h)) = (orig.hvp, case.hvp) {
                let ((og, ohv), (g, hv)) = (oh(&p, &d), h(&p, &d));
                close("f_hvp's gradient", &og, &g)?;
                close("f_hvp", &ohv, &hv)?;
            }
        }
    }
    Ok(())
}
