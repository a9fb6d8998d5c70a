//! The elementary functions are named in five places: the macro's method table
//! (`autodiff-macros/src/rules.rs`), their partial derivatives (`partial.rs`), `Dual`'s
//! `Float` impl (`dual.rs`), and `Value`'s operations and methods (`value/mod.rs`,
//! `value/ops.rs`). Each place is read here from its source, and all must name the same
//! functions with the same float arguments: a function added to one and not the others
//! fails this test, naming where it is missing.

use autodiff::differentiate;
use std::collections::BTreeMap;

fn source(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The text after each occurrence of `marker`, up to the first of `ends`.
fn fields_after<'a>(src: &'a str, marker: &str, ends: &[char]) -> Vec<&'a str> {
    src.match_indices(marker)
        .map(|(at, _)| {
            let rest = &src[at + marker.len()..];
            let end = rest.find(|c| ends.contains(&c)).unwrap_or(rest.len());
            rest[..end].trim()
        })
        .collect()
}

/// The macro's table: name → number of float arguments (`powi`'s exponent is an integer).
fn macro_rules_table() -> BTreeMap<String, usize> {
    let src = source("autodiff-macros/src/rules.rs");
    let table: BTreeMap<String, usize> = fields_after(&src, "    rule(\"", &[')'])
        .into_iter()
        .map(|row| {
            let mut parts = row.split(',').map(str::trim);
            let name = parts.next().unwrap().trim_end_matches('"').to_string();
            let arity: usize = parts.next().unwrap().parse().unwrap();
            let floats = if parts.next() == Some("Partial::IntExponent") {
                arity - 1
            } else {
                arity
            };
            (name, floats)
        })
        .collect();
    assert!(table.len() > 35, "read {} rules", table.len());
    table
}

/// The body of the first `macro!` invocation or item that `start` begins, up to its `end`.
fn block<'a>(src: &'a str, start: &str, end: &str) -> &'a str {
    let at = src
        .find(start)
        .unwrap_or_else(|| panic!("`{start}` not found"));
    let rest = &src[at..];
    &rest[..rest
        .find(end)
        .unwrap_or_else(|| panic!("`{end}` after `{start}` not found"))]
}

#[test]
fn every_place_names_the_same_elementary_functions() {
    let rules = macro_rules_table();
    let mut missing = vec![];

    // partial.rs: `pub fn NAME<T: Float>(x…, y)`: one function per rule, but the piecewise
    // constant ones, which share `piecewise_constant`.
    let partial = source("autodiff-runtime/src/partial.rs");
    let partials: Vec<&str> = fields_after(&partial, "pub fn ", &['<']);
    let rules_src = source("autodiff-macros/src/rules.rs");
    for name in rules.keys() {
        let zero = rules_src.contains(&format!("rule(\"{name}\", 1, Partial::Zero)"));
        let wanted = if zero {
            "piecewise_constant"
        } else {
            name.as_str()
        };
        if !partials.contains(&wanted) {
            missing.push(format!("partial::{wanted} (for `{name}`)"));
        }
    }
    // `rem` is the `%` operator's, not a method's.
    for p in partials {
        if !rules.contains_key(p) && !["piecewise_constant", "rem"].contains(&p) {
            missing.push(format!("the macro's rule for `{p}` (partial::{p} exists)"));
        }
    }

    // value/mod.rs: `Variant => "name" / floats` in `define_ops!`.
    let value = source("autodiff-runtime/src/value/mod.rs");
    let ops = block(&value, "define_ops! {", "\n}");
    let mut op_arity = BTreeMap::new();
    for row in fields_after(ops, "=> \"", &[',', '\n']) {
        let (name, arity) = row.split_once("\" /").unwrap();
        op_arity.insert(name.to_string(), arity.trim().parse::<usize>().unwrap());
    }
    // value/ops.rs: a method per rule, `fn NAME(self…`, or an entry `NAME => Variant`.
    let value_ops = source("autodiff-runtime/src/value/ops.rs");
    let dual = source("autodiff-runtime/src/dual.rs");
    let dual_impl = block(&dual, "macro_rules! impl_dual", "pub(crate) use impl_dual;");
    let binary = block(dual_impl, "binary_rules!(", ")");
    for (name, &floats) in &rules {
        match op_arity.get(name) {
            None => missing.push(format!("Value's operation `{name}` (value/mod.rs)")),
            Some(&a) if a != floats => missing.push(format!(
                "Value's `{name}` takes {a} operands, the macro's {floats}"
            )),
            _ => {}
        }
        let method = format!("pub fn {name}(self");
        let entry = format!("        {name} => ");
        if !value_ops.contains(&method) && !value_ops.contains(&entry) {
            missing.push(format!("Value's method `{name}` (value/ops.rs)"));
        }
        let listed = dual_impl.contains(&format!(" {name} => "))
            || binary.split([',', '(']).any(|b| b.trim() == name);
        if !listed && !dual.contains(&format!("fn {name}(self")) {
            missing.push(format!("Dual's `{name}` (dual.rs, impl_dual!)"));
        }
    }
    assert!(
        missing.is_empty(),
        "the lists of elementary functions disagree; missing:\n{}",
        missing.join("\n")
    );
}

#[differentiate]
fn angles(a: f64, b: f64) -> f64 {
    a.copysign(b) * b.to_radians() + a.to_degrees()
}

/// The rules added to make the lists agree, differentiated: `copysign`, `to_radians`,
/// `to_degrees`. f = copysign(a, b)·b·π/180 + a·180/π; at a = 3, b = −2:
/// ∂f/∂a = sign(a)·sign(b)·b·π/180 + 180/π = 2π/180 + 180/π,
/// ∂f/∂b = copysign(a, b)·π/180 = −3π/180.
#[test]
fn copysign_and_angle_conversions_differentiate() {
    let (pi, (a, b)) = (std::f64::consts::PI, (3.0, -2.0));
    let (_, da, db) = angles_grad(a, b);
    assert!((da - (2.0 * pi / 180.0 + 180.0 / pi)).abs() < 1e-12, "{da}");
    assert!((db - (-3.0 * pi / 180.0)).abs() < 1e-12, "{db}");
    angles_gradcheck(a, b).unwrap();
    let (_, dir) = angles_jvp(a, b, 0.5, -0.25);
    assert!((dir - (0.5 * da - 0.25 * db)).abs() < 1e-12);
    let (_, _, _, hv_a, hv_b) = angles_hvp(a, b, 1.0, 0.0);
    // ∂²f/∂a² = 0, ∂²f/∂b∂a = sign(a)·sign(b)·π/180 = −π/180 (a ≠ 0).
    assert!(
        hv_a.abs() < 1e-12 && (hv_b + pi / 180.0).abs() < 1e-12,
        "{hv_a} {hv_b}"
    );
}

#[differentiate]
fn wrapped_phase(theta: f64, period: f64) -> f64 {
    let phase = (theta * 3.0).rem_euclid(period);
    phase * phase
}

/// `rem_euclid`, an angle wrapped into `[0, period)`: φ = 3θ − period·q with q = ⌊3θ/period⌋,
/// f = φ². At θ = −2.5, period = 2π: 3θ = −7.5, q = −2, φ = −7.5 + 4π.
/// ∂f/∂θ = 2φ·3, ∂f/∂period = 2φ·(−q) = 4φ.
#[test]
fn rem_euclid_differentiates() {
    let (theta, period) = (-2.5, 2.0 * std::f64::consts::PI);
    let phase = -7.5 + 2.0 * period;
    let (f, d_theta, d_period) = wrapped_phase_grad(theta, period);
    assert!((f - phase * phase).abs() < 1e-12);
    assert!((d_theta - 6.0 * phase).abs() < 1e-12, "{d_theta}");
    assert!((d_period - 4.0 * phase).abs() < 1e-12, "{d_period}");
    wrapped_phase_gradcheck(theta, period).unwrap();
    let (_, _, _, hv_theta, hv_period) = wrapped_phase_hvp(theta, period, 1.0, 0.0);
    // ∂²f/∂θ² = 18, ∂²f/∂period∂θ = 2·3·(−q) = 12.
    assert!((hv_theta - 18.0).abs() < 1e-12 && (hv_period - 12.0).abs() < 1e-12);
}

#[differentiate]
fn wrap_angle(theta: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    theta.rem_euclid(tau).sin() + 0.5 * theta.max(1.0)
}

/// `rem_euclid` by a constant, the usual way angles are wrapped: the derivative of the wrap
/// is 1, so f′ = cos(θ mod 2π) + 0.5·[θ > 1]; f″ = −sin(θ mod 2π).
#[test]
fn rem_euclid_by_a_constant_differentiates() {
    let theta = -7.0;
    let wrapped = theta + 2.0 * std::f64::consts::TAU;
    let (_, d) = wrap_angle_grad(theta);
    assert!((d - wrapped.cos()).abs() < 1e-12, "{d}");
    wrap_angle_gradcheck(theta).unwrap();
    let (_, _, hv) = wrap_angle_hvp(theta, 1.0);
    assert!((hv + wrapped.sin()).abs() < 1e-12, "{hv}");
    let (_, dot) = wrap_angle_jvp(3.0, 2.0);
    assert!((dot - 2.0 * (3.0f64.cos() + 0.5)).abs() < 1e-12, "{dot}");
}
