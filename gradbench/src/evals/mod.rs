//! One module per eval; [`evaluate`] dispatches on the module's name. Each module has an
//! `evaluate(function, input)` that decodes the input (not timed), runs the function through
//! [`timed`], and encodes the last run's output (not timed).

pub mod ba;
pub mod det;
pub mod gd;
pub mod gmm;
pub mod hello;
pub mod ht;
pub mod kmeans;
pub mod llsq;
pub mod lse;
pub mod lstm;
pub mod ode;
pub mod particle;
pub mod saddle;

use serde_json::Value;
use std::hint::black_box;
use std::time::Instant;

/// The modules this tool answers `define` with `success: true` for.
pub const IMPLEMENTED: &[&str] = &[
    "hello", "lse", "llsq", "det", "ode", "gmm", "kmeans", "lstm", "ba", "ht", "particle", "saddle",
];

/// The evals GradBench has that this tool does not implement, with the reason given in the
/// `define` response: none.
pub const UNSUPPORTED: &[(&str, &str)] = &[];

/// The output and the per-run nanoseconds of one `evaluate`.
pub type Evaluated = Result<(Value, Vec<u64>), String>;

pub fn evaluate(module: &str, function: &str, input: &Value) -> Evaluated {
    match module {
        "hello" => hello::evaluate(function, input),
        "lse" => lse::evaluate(function, input),
        "llsq" => llsq::evaluate(function, input),
        "det" => det::evaluate(function, input),
        "ode" => ode::evaluate(function, input),
        "gmm" => gmm::evaluate(function, input),
        "kmeans" => kmeans::evaluate(function, input),
        "lstm" => lstm::evaluate(function, input),
        "ba" => ba::evaluate(function, input),
        "ht" => ht::evaluate(function, input),
        "particle" => particle::evaluate(function, input),
        "saddle" => saddle::evaluate(function, input),
        _ => Err(format!("unknown module `{module}`")),
    }
}

/// How many times to run: at least `min_runs` times and until the runs add up to
/// `min_seconds` (both from the input; 1 run and 0 s where absent, as in `hello`).
#[derive(Clone, Copy, Debug)]
pub struct Runs {
    pub min_runs: u64,
    pub min_seconds: f64,
}

impl Runs {
    pub fn of(input: &Value) -> Runs {
        Runs {
            min_runs: input.get("min_runs").and_then(Value::as_u64).unwrap_or(1),
            min_seconds: input
                .get("min_seconds")
                .and_then(Value::as_f64)
                .unwrap_or(0.0),
        }
    }
}

/// Runs `f` as `runs` asks, timing each call alone (single-threaded); returns the last
/// call's result and the nanoseconds of every call.
pub fn timed<T>(runs: Runs, mut f: impl FnMut() -> T) -> (T, Vec<u64>) {
    let mut nanos = Vec::new();
    let mut total = 0.0;
    loop {
        let start = Instant::now();
        let result = black_box(f());
        let ns = start.elapsed().as_nanos() as u64;
        nanos.push(ns);
        total += ns as f64 * 1e-9;
        if nanos.len() as u64 >= runs.min_runs && total >= runs.min_seconds {
            return (result, nanos);
        }
    }
}

/// `input[key]` as a float.
pub fn float(input: &Value, key: &str) -> Result<f64, String> {
    input[key]
        .as_f64()
        .ok_or_else(|| format!("`{key}` is not a number"))
}

/// `input[key]` as a non-negative integer.
pub fn int(input: &Value, key: &str) -> Result<usize, String> {
    input[key]
        .as_u64()
        .map(|v| v as usize)
        .ok_or_else(|| format!("`{key}` is not a non-negative integer"))
}

/// A JSON list of numbers.
pub fn floats(v: &Value) -> Result<Vec<f64>, String> {
    v.as_array()
        .ok_or("expected a list of numbers")?
        .iter()
        .map(|x| x.as_f64().ok_or_else(|| format!("not a number: {x}")))
        .collect()
}

/// `input[key]` as a list of numbers.
pub fn vector(input: &Value, key: &str) -> Result<Vec<f64>, String> {
    floats(&input[key]).map_err(|e| format!("`{key}`: {e}"))
}

/// `input[key]`, a list of `rows` lists of `cols` numbers each, flattened row-major.
pub fn matrix(input: &Value, key: &str, rows: usize, cols: usize) -> Result<Vec<f64>, String> {
    let list = input[key]
        .as_array()
        .ok_or_else(|| format!("`{key}` is not a list of lists"))?;
    if list.len() != rows {
        return Err(format!("`{key}` has {} rows, not {rows}", list.len()));
    }
    let mut flat = Vec::with_capacity(rows * cols);
    for row in list {
        let row = floats(row).map_err(|e| format!("`{key}`: {e}"))?;
        if row.len() != cols {
            return Err(format!(
                "`{key}` has a row of {} entries, not {cols}",
                row.len()
            ));
        }
        flat.extend(row);
    }
    Ok(flat)
}

/// `input[key]`, a list of lists of numbers of one length, flattened row-major; returns the
/// entries and `(rows, cols)`.
pub fn any_matrix(input: &Value, key: &str) -> Result<(Vec<f64>, usize, usize), String> {
    let list = input[key]
        .as_array()
        .ok_or_else(|| format!("`{key}` is not a list of lists"))?;
    let cols = list.first().and_then(Value::as_array).map_or(0, Vec::len);
    Ok((matrix(input, key, list.len(), cols)?, list.len(), cols))
}

/// A flat row-major `rows × cols` matrix as a JSON list of `rows` lists.
pub fn rows_json(flat: &[f64], rows: usize, cols: usize) -> Value {
    assert_eq!(flat.len(), rows * cols);
    Value::Array(
        (0..rows)
            .map(|i| Value::from(&flat[i * cols..(i + 1) * cols]))
            .collect(),
    )
}

/// The message for a function the module does not have.
pub fn unknown(module: &str, function: &str) -> String {
    format!("module `{module}` has no function `{function}`")
}

/// Central differences for the modules' unit tests.
#[cfg(test)]
pub mod test_support {
    /// ∂f/∂xᵢ by central differences, step `h·max(1, |xᵢ|)`.
    pub fn central_differences(f: impl Fn(&[f64]) -> f64, x: &[f64], h: f64) -> Vec<f64> {
        let mut p = x.to_vec();
        (0..x.len())
            .map(|i| {
                let step = h * x[i].abs().max(1.0);
                p[i] = x[i] + step;
                let up = f(&p);
                p[i] = x[i] - step;
                let down = f(&p);
                p[i] = x[i];
                (up - down) / (2.0 * step)
            })
            .collect()
    }

    /// `grad` against central differences of `f` at `x` (step 1e-5), each entry within
    /// `tol·max(1, |fd|)`.
    pub fn assert_gradient(f: impl Fn(&[f64]) -> f64, x: &[f64], grad: &[f64], tol: f64) {
        assert_eq!(grad.len(), x.len(), "gradient length");
        let fd = central_differences(f, x, 1e-5);
        for (i, (&g, &d)) in grad.iter().zip(&fd).enumerate() {
            assert!(
                (g - d).abs() <= tol * d.abs().max(1.0),
                "entry {i}: derivative {g:e}, central differences {d:e}"
            );
        }
    }
}
