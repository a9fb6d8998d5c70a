//! The macro never panics: [`crate::expand::differentiate`] runs in-process on thousands of
//! mutants of the test corpus (token-level edits of the `#[differentiate]` functions under
//! `tests/`) and must return either code that parses as a file or a `compile_error!`.
//!
//! Mutations: operators swapped, tokens and statements deleted, duplicated or swapped,
//! `break`/`continue`/`return`/`?`/closures/macros and other snippets inserted, identifiers
//! renamed or replaced by types and keywords, literals changed, delimiters changed or
//! removed, `#[checkpoint]` (well- and ill-formed) put anywhere, and the attribute's
//! arguments replaced. Deterministic (fixed seeds); `AUTODIFF_FUZZ=N` runs N mutants instead
//! of the default. The corpus is read from the project's tests when the test runs.
//! `mutate` makes the mutants, `corpus` reads their seeds; the harness and the tests are here.

mod corpus;
mod mutate;

use corpus::{corpus, split};
use mutate::{mutate, stream, tree, Rng, ARGS};
use proc_macro2::TokenStream;
use quote::ToTokens;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

/// Mutants per run unless `AUTODIFF_FUZZ` says otherwise.
const DEFAULT_MUTANTS: usize = 2500;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// A panic hook that stays silent for the panics this thread catches on purpose.
fn install_quiet_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                previous(info);
            }
        }));
    });
}

enum Outcome {
    Code,
    CompileError,
    Panic(String),
    Unparsable(String),
}

fn expand_checked(args: &TokenStream, item: &TokenStream) -> Outcome {
    QUIET.with(|q| q.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        crate::expand::differentiate(args.clone(), item.clone())
    }));
    QUIET.with(|q| q.set(false));
    match result {
        Err(payload) => Outcome::Panic(
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default(),
        ),
        Ok(out) => {
            let text = out.to_string();
            if text.contains("compile_error") {
                Outcome::CompileError
            } else {
                match syn::parse2::<syn::File>(out) {
                    Ok(_) => Outcome::Code,
                    Err(e) => Outcome::Unparsable(e.to_string()),
                }
            }
        }
    }
}

#[test]
fn the_macro_never_panics_on_mutants_of_the_corpus() {
    install_quiet_hook();
    let total: usize = std::env::var("AUTODIFF_FUZZ")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_MUTANTS);
    let corpus: Vec<(TokenStream, syn::ItemFn)> = corpus().iter().map(|s| split(s)).collect();
    // The corpus itself first: it must expand to code or errors too.
    let mut failures = vec![];
    let (mut code, mut errors, mut unparsed) = (0usize, 0usize, 0usize);
    let mut rng = Rng(0x00d1_ff00);
    let mut record = |args: &TokenStream,
                      item: &TokenStream,
                      outcome: Outcome,
                      failures: &mut Vec<String>| match outcome {
        Outcome::Code => code += 1,
        Outcome::CompileError => errors += 1,
        Outcome::Panic(msg) => {
            failures.push(format!("panic `{msg}` on #[differentiate({args})]\n{item}"))
        }
        Outcome::Unparsable(e) => failures.push(format!(
            "unparsable expansion ({e}) of #[differentiate({args})]\n{item}"
        )),
    };
    for (args, f) in &corpus {
        let item = f.to_token_stream();
        let outcome = expand_checked(args, &item);
        record(args, &item, outcome, &mut failures);
    }
    for k in 0..total {
        let (args, f) = &corpus[k % corpus.len()];
        // Edits until the mutant still parses as a function (a few tries), else the last.
        let mut item = TokenStream::new();
        for attempt in 0..8 {
            let mut t = tree(f.to_token_stream());
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut t);
            }
            item = stream(&t);
            if syn::parse2::<syn::ItemFn>(item.clone()).is_ok() {
                break;
            }
            if attempt == 7 {
                unparsed += 1;
            }
        }
        let args: TokenStream = if rng.chance(0.15) {
            rng.pick(ARGS).parse().expect("args are token streams")
        } else {
            args.clone()
        };
        let outcome = expand_checked(&args, &item);
        record(&args, &item, outcome, &mut failures);
    }
    eprintln!(
        "no_panic: {} corpus functions, {total} mutants ({unparsed} not a function): {code} expanded to code, {errors} to compile errors, {} failures",
        corpus.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} inputs made the macro panic or emit unparsable code; the first ones:\n\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

/// Inputs the mutants found that the macro once mishandled (`(args, item)`), minimized and
/// kept as regressions: each must now expand to code or to a `compile_error!`.
const KNOWN_FAILURES: &[(&str, &str)] = &[
    // panics in ir/lower/iter.rs: "casts cannot be followed by a function call" (the fold's
    // function is spliced in front of a call)
    (
        "",
        "fn m(x: &[f64]) -> f64 { x.iter().cloned().fold(0.0, f64::max as f64) }",
    ),
    // a type macro named like the float type as the result: the expansion does not parse
    // ("expected `,`") and carries no `compile_error!`
    ("", "fn f(x: f64) -> f64! { x } { let q = x; }"),
];

#[test]
fn known_no_panic_failures() {
    install_quiet_hook();
    let mut still = vec![];
    for (args, item) in KNOWN_FAILURES {
        let (a, i): (TokenStream, TokenStream) = (args.parse().unwrap(), item.parse().unwrap());
        match expand_checked(&a, &i) {
            Outcome::Code | Outcome::CompileError => {}
            Outcome::Panic(m) => still.push(format!("panic `{m}`: {item}")),
            Outcome::Unparsable(e) => still.push(format!("unparsable ({e}): {item}")),
        }
    }
    assert!(still.is_empty(), "still failing:\n{}", still.join("\n"));
}
