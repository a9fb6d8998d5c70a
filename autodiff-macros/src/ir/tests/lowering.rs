//! Lowering itself: exit flags guarding the rest, fresh names for shadowing, split calls,
//! output buffers read on entry, and what brackets tell of a name's kind.

use super::*;

#[test]
fn exits_become_flags_that_guard_the_rest() {
    let f = lower(
        "fn f(x: &[f64]) -> f64 {
            let mut s = 0.0;
            for i in 0..x.len() {
                if x[i] < 0.0 { continue; }
                s += x[i];
                if s > 1.0 { break; }
            }
            s
        }",
    );
    let expected = "\
let s = 0.0
let lo = 0
let hi = x.len()
let brk = false
let cont = false
for i in lo..hi {
    cont = false
    let cond = (x[i] Lt 0.0)
    if cond {
        cont = true
    }
    let go = !cont
    if go {
        s += x[i]
        let cond_2 = (s Gt 1.0)
        if cond_2 {
            brk = true
        }
    }
    exit if brk
} counted in trips
let ret = s
";
    assert_eq!(print(&f), expected);
}

#[test]
fn shadowing_gets_fresh_names_and_calls_are_split() {
    let f = lower("fn f(x: f64) -> f64 { let y = g(x) * 2.0; let y = y + x; y }");
    let printed = print(&f);
    assert!(
        printed.contains("let (call, call_pb) = split g(x)"),
        "{printed}"
    );
    assert!(printed.contains("let y_2 = (y + x)"), "{printed}");
}

#[test]
fn a_copied_call_result_keeps_its_binding() {
    // `let t = s;` copies the call's result: the call still defines `s`.
    let f = lower("fn f(a: f64) -> f64 { let s = g(a, a); let t = s; s + t }");
    let printed = print(&f);
    assert!(
        printed.contains("let (s, s_pb) = split g(a, a)"),
        "{printed}"
    );
    assert!(printed.contains("let t = s"), "{printed}");
}

/// The output buffers whose entry contents `src` may read, by name.
fn read_on_entry(src: &str) -> Vec<String> {
    lower(src)
        .read_on_entry
        .iter()
        .map(|(name, _)| name.to_string())
        .collect()
}

#[test]
fn output_buffers_read_on_entry_where_not_surely_written() {
    let accepted = [
        // softmax into the buffer: written, read in the same iteration, then divided.
        "fn f(x: &[f64], out: &mut [f64]) { let mut s = 0.0; for i in 0..x.len() { out[i] = x[i].exp(); s += out[i]; } for i in 0..x.len() { out[i] /= s; } }",
        // zeroed by a loop over its length, then accumulated anywhere.
        "fn f(x: &[f64], idx: &[usize], out: &mut [f64]) { for i in 0..out.len() { out[i] = 0.0; } for k in 0..x.len() { out[idx[k]] += x[k]; } }",
        // a recurrence: out[0] first, then out[i - 1] written by the iteration before.
        "fn f(x: &[f64], out: &mut [f64]) { out[0] = x[0]; for i in 1..x.len() { out[i] = out[i - 1] * x[i]; } }",
        // a prefix sum in place over a stretch written from 0.
        "fn f(x: &[f64], n: usize, out: &mut [f64]) { for i in 0..n { out[i] = x[i]; } for i in 1..n { out[i] += out[i - 1]; } }",
        // matrix-vector product: each row zeroed, then accumulated.
        "fn f(a: &[f64], x: &[f64], out: &mut [f64]) { let n = out.len(); let m = x.len(); for i in 0..n { out[i] = 0.0; for j in 0..m { out[i] += a[i * m + j] * x[j]; } } }",
        // literal indices, and both branches writing the element.
        "fn f(x: f64, out: &mut [f64]) { out[0] = x; out[1] = out[0] * x; if x > 0.0 { out[2] = x; } else { out[2] = -x; } out[3] = out[2] + out[1]; }",
        // filled first (`fill`: a loop over its length), then read whole.
        "fn f(x: &[f64], out: &mut [f64]) -> f64 { out.fill(x[0]); out.iter().sum() }",
        // a loop up to a length bound once.
        "fn f(x: &[f64], out: &mut [f64]) -> f64 { let n = out.len(); for i in 0..n { out[i] = x[i]; } out.iter().sum() }",
    ];
    for src in accepted {
        assert!(read_on_entry(src).is_empty(), "{src}");
    }
    let read = [
        // the first access reads the entry contents.
        "fn f(x: &[f64], out: &mut [f64]) { for i in 0..x.len() { out[i] += x[i]; } }",
        // out[0] is written, out[1] is read: its entry value.
        "fn f(x: f64, out: &mut [f64]) { out[0] = x; out[0] = out[1] * x; }",
        // written on one branch only.
        "fn f(x: f64, out: &mut [f64]) { if x > 0.0 { out[0] = x; } out[1] = out[0]; }",
        // the index changed after the write.
        "fn f(x: f64, out: &mut [f64]) { let mut k = 0; out[k] = x; k += 1; out[0] = out[k]; }",
        // a stretch 0..n does not cover a loop up to another bound.
        "fn f(x: &[f64], n: usize, out: &mut [f64]) { for i in 0..n { out[i] = x[i]; } for i in 0..x.len() { out[i] *= 2.0; } }",
        // a recurrence reaching below what was written before the loop.
        "fn f(x: &[f64], out: &mut [f64]) { out[1] = x[0]; for i in 2..x.len() { out[i] = out[i - 2] * x[i]; } }",
        // a loop that writes only some iterations.
        "fn f(x: &[f64], out: &mut [f64]) { for i in 0..out.len() { if x[i] > 0.0 { out[i] = x[i]; } } for i in 0..out.len() { out[i] *= 2.0; } }",
        // the whole buffer read after a partial write.
        "fn f(x: f64, out: &mut [f64]) -> f64 { out[0] = x; out.iter().sum::<f64>() }",
        // a stretch whose bound the writing loop changes.
        "fn f(x: &[f64], out: &mut [f64]) { let mut n = 1; for i in 0..n { out[i] = x[i]; n = x.len(); } for i in 0..n { out[i] *= 2.0; } }",
        // an enclosing loop's bound changed inside it, then compared with a stretch.
        "fn f(x: &[f64], out: &mut [f64]) -> f64 { let mut n = out.len(); let mut s = 0.0; for i in 0..n { n = 1; for j in 0..n { out[j] = x[j]; } s += out[i]; } s }",
        // a length bound, then changed before the loop.
        "fn f(x: &[f64], out: &mut [f64]) -> f64 { let mut n = out.len(); n -= 1; for i in 0..n { out[i] = x[i]; } out.iter().sum() }",
        // an index vector changed by a method between the write and the read.
        "fn f(x: f64, out: &mut [f64]) { let mut order = vec![1usize, 0]; out[order[0]] = x; order.reverse(); out[0] = out[order[0]] * x; }",
    ];
    for src in read {
        assert_eq!(read_on_entry(src), ["out"], "{src}");
    }
}

/// A name alone in brackets after an expression is an index (an integer); after a keyword
/// or `=` it is an array element, whose kind the brackets do not tell.
#[test]
fn index_evidence_only_after_expressions() {
    let mut kinds = std::collections::HashMap::new();
    let body: proc_macro2::TokenStream =
        quote::quote!(let a = x[i] + g(y)[j]; let b = [u]; let c = vec![v]; return [w];);
    crate::ir::lower::collect_use_kinds(body, &mut kinds);
    assert_eq!(kinds.get("i"), Some(&Kind::Int));
    assert_eq!(kinds.get("j"), Some(&Kind::Int));
    for name in ["u", "v", "w"] {
        assert_eq!(kinds.get(name), None, "{name}");
    }
}

/// Numbering gives every statement, nested ones too, an id of its own, in preorder; the
/// statements lowering makes have none until then.
#[test]
fn statements_numbered_in_preorder() {
    let src = "fn f(x: &[f64]) -> f64 { let mut s = 0.0; for i in 0..x.len() { if x[i] > 0.0 { s += x[i]; } else { s -= 1.0; } } s * s }";
    let item: syn::ItemFn = syn::parse_str(src).expect("test input parses");
    let all = |_: &Ident, shape: ParamShape| shape != ParamShape::Inactive;
    let Ok(mut f) = crate::ir::lower::lower_fn(&item, &all, false) else {
        panic!("lowering failed")
    };
    assert!(!statements_numbered(&f));
    number_statements(&mut f);
    assert!(statements_numbered(&f));
    fn preorder(b: &Block, out: &mut Vec<StmtId>) {
        for s in &b.stmts {
            out.push(s.id);
            s.blocks()
                .into_iter()
                .for_each(|inner| preorder(inner, out));
        }
    }
    let mut ids = vec![];
    preorder(&f.body, &mut ids);
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
    assert!(ids.len() > 4, "{}", print(&f));
}
