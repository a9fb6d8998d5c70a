//! A GradBench tool (github.com/gradbench/gradbench): speaks its JSON-lines protocol on
//! stdin/stdout. Each eval's primal is ordinary Rust under `#[differentiate]`
//! (`src/evals/NAME.rs`) and every derivative it answers with is one of the functions the
//! attribute generates (`_grad`, `_vjp`, `_jvp`, `_hvp`, `_jacobian`): no derivative is
//! written by hand.
//!
//! Protocol: one JSON message per line in, one response per line out, same `id`.
//! `start` → `{"id"}` with the tool's name; `define` → `success` for the modules in
//! [`evals::IMPLEMENTED`]; `evaluate` → the output of the last of the timed runs and one
//! `{"name":"evaluate","nanoseconds":N}` per run (only the computation is timed: decoding the
//! input into native structures and encoding the output are not); anything else → `{"id"}`.

mod evals;

use serde_json::{json, Value};
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line.expect("reading stdin");
        if line.trim().is_empty() {
            continue;
        }
        let msg: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("autodiff-gradbench: not JSON ({e}): {line}");
                continue;
            }
        };
        let resp = respond(&msg);
        writeln!(out, "{resp}").expect("writing stdout");
        out.flush().expect("flushing stdout");
    }
}

fn respond(msg: &Value) -> Value {
    let id = msg["id"].clone();
    match msg["kind"].as_str().unwrap_or("") {
        "start" => json!({"id": id, "tool": "autodiff"}),
        "define" => {
            let module = msg["module"].as_str().unwrap_or("");
            if evals::IMPLEMENTED.contains(&module) {
                json!({"id": id, "success": true})
            } else {
                let why = match evals::UNSUPPORTED.iter().find(|(m, _)| *m == module) {
                    Some((_, why)) => why.to_string(),
                    None => format!("unknown module `{module}`"),
                };
                json!({"id": id, "success": false, "error": why})
            }
        }
        "evaluate" => {
            let module = msg["module"].as_str().unwrap_or("");
            let function = msg["function"].as_str().unwrap_or("");
            match evals::evaluate(module, function, &msg["input"]) {
                Ok((output, nanos)) => {
                    let timings: Vec<Value> = nanos
                        .iter()
                        .map(|&ns| json!({"name": "evaluate", "nanoseconds": ns}))
                        .collect();
                    json!({"id": id, "success": true, "output": output, "timings": timings})
                }
                Err(error) => json!({"id": id, "success": false, "error": error}),
            }
        }
        _ => json!({"id": id}),
    }
}
