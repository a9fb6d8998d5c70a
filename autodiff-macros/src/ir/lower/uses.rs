//! Token scans that tell how the body uses its names: every identifier, the kind a name's
//! uses imply (a sequence, an array, an index, a struct; an integer also where it starts a
//! loop's range or is an operand of an integer literal, unless a statement binds the name
//! again), and the names cast with `as`.

use super::*;

pub(super) fn collect_idents(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    for tt in ts {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                out.insert(i.to_string().replace("r#", ""));
            }
            proc_macro2::TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

/// Whether the tokens call `method` on the name `name` (`l.push(…)`) and bind no other
/// variable of that name (whose call it could be).
pub(super) fn calls_method_unshadowed(
    ts: proc_macro2::TokenStream,
    name: &str,
    method: &str,
) -> bool {
    let mut bound = HashMap::new();
    collect_bound(ts.clone(), &mut bound);
    !bound.contains_key(name) && calls_method(ts, name, method)
}

/// Whether the tokens call `method` on the name `name`.
fn calls_method(ts: proc_macro2::TokenStream, name: &str, method: &str) -> bool {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    trees.iter().enumerate().any(|(k, t)| match t {
        TokenTree::Group(g) => calls_method(g.stream(), name, method),
        TokenTree::Ident(i) if i == name => matches!(
            (trees.get(k + 1), trees.get(k + 2)),
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(m))) if p.as_char() == '.' && m == method
        ),
        _ => false,
    })
}

/// Names used as sequences (`d[i]`, `d.len()`, `d.iter()`), as `ndarray` arrays
/// (`d[[i, j]]`, `d.dot(…)`, `d.t()`, `d.sum()`, `d.mapv(…)`) or as an index (`i` of
/// `x[i]`: an integer), by their first such use.
pub(in crate::ir) fn collect_use_kinds(
    ts: proc_macro2::TokenStream,
    out: &mut HashMap<String, Kind>,
) {
    let mut bound = HashMap::new();
    collect_bound(ts.clone(), &mut bound);
    let rebound = bound.into_keys().collect();
    use_kinds_in(ts, out, &rebound, false);
}

/// `collect_use_kinds` over a whole body, whose `let`s bind the names it asks about: a
/// name is taken as another variable's where the body binds it twice.
pub(in crate::ir) fn collect_use_kinds_of_locals(
    ts: proc_macro2::TokenStream,
    out: &mut HashMap<String, Kind>,
) {
    let mut bound = HashMap::new();
    collect_bound(ts.clone(), &mut bound);
    let rebound = bound
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(name, _)| name)
        .collect();
    use_kinds_in(ts, out, &rebound, false);
}

/// The names a body binds more than once (`let k = …;` and `for k in …`): a use of one may
/// be of the other variable.
pub(in crate::ir) fn rebound_names(ts: proc_macro2::TokenStream) -> HashSet<String> {
    let mut bound = HashMap::new();
    collect_bound(ts, &mut bound);
    bound
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(name, _)| name)
        .collect()
}

/// The names a token stream binds, with how often: a `let` pattern (up to its `=`, so
/// `if let Some(&m) = …` too), a `for` pattern (up to `in`), a closure's `|k|`, a `match`
/// arm's pattern (before its `=>`). A use of a name bound again may be of the other
/// variable, so the weaker evidence below (an operand of an integer literal, a range's
/// start) is not taken for it.
fn collect_bound(ts: proc_macro2::TokenStream, out: &mut HashMap<String, usize>) {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    let count = |t: &TokenTree, out: &mut HashMap<String, usize>| match t {
        TokenTree::Ident(i) => *out.entry(i.to_string()).or_default() += 1,
        TokenTree::Group(g) => {
            let mut names = HashSet::new();
            collect_idents(g.stream(), &mut names);
            for name in names {
                *out.entry(name).or_default() += 1;
            }
        }
        _ => {}
    };
    // Where the current arm's pattern starts (after a `,` or a braced body).
    let mut arm_start = 0;
    let mut k = 0;
    while k < trees.len() {
        match &trees[k] {
            TokenTree::Ident(i) if i == "let" || i == "for" => {
                let until = if i == "let" { "=" } else { "in" };
                k += 1;
                while k < trees.len() {
                    let end = match &trees[k] {
                        // (`let x;` ends at its `;`.)
                        TokenTree::Punct(p) if p.as_char() == ';' => true,
                        TokenTree::Punct(p) => {
                            until == "=" && p.as_char() == '=' && p.spacing() == Spacing::Alone
                        }
                        TokenTree::Ident(i) => until == "in" && i == "in",
                        _ => false,
                    };
                    if end {
                        break;
                    }
                    count(&trees[k], out);
                    k += 1;
                }
            }
            TokenTree::Punct(p) if p.as_char() == '|' => {
                // A closure's parameters, up to the closing bar.
                k += 1;
                while k < trees.len()
                    && !matches!(&trees[k], TokenTree::Punct(p) if p.as_char() == '|')
                {
                    count(&trees[k], out);
                    k += 1;
                }
            }
            // `pat =>`: the tokens since the arm began.
            TokenTree::Punct(p)
                if p.as_char() == '>'
                    && k >= 1
                    && matches!(&trees[k - 1], TokenTree::Punct(q) if q.as_char() == '=' && q.spacing() == Spacing::Joint) =>
            {
                for t in &trees[arm_start..k - 1] {
                    count(t, out);
                }
                arm_start = k + 1;
            }
            TokenTree::Punct(p) if p.as_char() == ',' => arm_start = k + 1,
            TokenTree::Group(g) => {
                if g.delimiter() == Delimiter::Brace {
                    arm_start = k + 1;
                }
                collect_bound(g.stream(), out);
            }
            _ => {}
        }
        k += 1;
    }
}

fn use_kinds_in(
    ts: proc_macro2::TokenStream,
    out: &mut HashMap<String, Kind>,
    rebound: &HashSet<String>,
    after_in: bool,
) {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (k, tt) in trees.iter().enumerate() {
        if let TokenTree::Group(g) = tt {
            // `x[i]` (after an expression, not `= [i]`, `vec![i]` or `return [i]`): `i` is
            // an integer. A keyword is no expression (syn refuses it as an identifier).
            let after_expression = match k.checked_sub(1).map(|j| &trees[j]) {
                Some(TokenTree::Group(b)) => b.delimiter() != Delimiter::Brace,
                Some(TokenTree::Ident(name)) => syn::parse_str::<Ident>(&name.to_string()).is_ok(),
                _ => false,
            };
            let indexes = g.delimiter() == Delimiter::Bracket && after_expression;
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            if let ([TokenTree::Ident(i)], true) = (inner.as_slice(), indexes) {
                out.entry(i.to_string()).or_insert(Kind::Int);
            }
            // `c[n - 1 - i]`: the first name of an index's arithmetic too.
            if let ([TokenTree::Ident(i), TokenTree::Punct(op), ..], true) =
                (inner.as_slice(), indexes)
            {
                if matches!(op.as_char(), '+' | '-' | '*' | '/' | '%') {
                    out.entry(i.to_string()).or_insert(Kind::Int);
                }
            }
            let follows_in = matches!(k.checked_sub(1).map(|j| &trees[j]), Some(TokenTree::Ident(i)) if i == "in");
            use_kinds_in(g.stream(), out, rebound, follows_in);
            continue;
        }
        let TokenTree::Ident(name) = tt else { continue };
        // `for i in 0..n`, `for i in k..=n`: the end of a loop's range is an integer.
        let dot =
            |j: usize| matches!(trees.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '.');
        let range_end = if k >= 2 && dot(k - 1) && dot(k - 2) {
            Some(k - 2)
        } else if k >= 3
            && matches!(&trees[k - 1], TokenTree::Punct(p) if p.as_char() == '=')
            && dot(k - 2)
            && dot(k - 3)
        {
            Some(k - 3)
        } else {
            None
        };
        // (The name itself, not `0..a.len()` or `0..v[k]`.)
        let alone = !matches!(trees.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.')
            && !matches!(trees.get(k + 1), Some(TokenTree::Group(g)) if g.delimiter() != Delimiter::Brace);
        if let (Some(dots), true) = (range_end, alone) {
            let loop_range = (dots.saturating_sub(2)..dots)
                .any(|j| matches!(&trees[j], TokenTree::Ident(i) if i == "in"));
            if loop_range {
                out.entry(name.to_string()).or_insert(Kind::Int);
            }
        }
        let after_dot = k > 0 && matches!(&trees[k - 1], TokenTree::Punct(p) if p.as_char() == '.');
        if after_dot {
            continue;
        }
        // `for i in start..n`: the start of a loop's range is an integer too (`for i in
        // (start..m).rev()`: at the start of a group that follows `in`; not `(lo..hi)`
        // elsewhere, a range of floats perhaps).
        let range_start = ((k == 0 && after_in)
            || matches!(k.checked_sub(1).map(|j| &trees[j]), Some(TokenTree::Ident(i)) if i == "in"))
            && dot(k + 1)
            && dot(k + 2);
        // `n - 1`, `2 * k`: an operand of an integer literal is an integer (a float's
        // arithmetic takes float literals; `x - 1` of an `f64` is no Rust).
        let arithmetic = |j: usize| matches!(trees.get(j), Some(TokenTree::Punct(p)) if matches!(p.as_char(), '+' | '-' | '*' | '/' | '%'));
        let integer_literal = |j: usize| matches!(trees.get(j), Some(TokenTree::Literal(l)) if is_integer_literal(&l.to_string()));
        // (Not `s * 2 as f64`, a cast of the literal, nor `t.1 * s`, a tuple's field.)
        let cast_after = |j: usize| matches!(trees.get(j), Some(TokenTree::Ident(i)) if i == "as");
        let left_of_literal =
            alone && arithmetic(k + 1) && integer_literal(k + 2) && !cast_after(k + 3);
        let right_of_literal = k >= 2
            && arithmetic(k - 1)
            && integer_literal(k - 2)
            && !(k >= 3 && dot(k - 3))
            && alone;
        if (range_start || left_of_literal || right_of_literal)
            && !rebound.contains(&name.to_string())
        {
            out.entry(name.to_string()).or_insert(Kind::Int);
        }
        // `p.0`, `p.1` (no call): a tuple of at least that many elements, floats (the
        // result of a call returning one: `let p = pair(x, y); p.0 + p.1`).
        if let (Some(TokenTree::Punct(dot)), Some(TokenTree::Literal(l))) =
            (trees.get(k + 1), trees.get(k + 2))
        {
            let called = matches!(trees.get(k + 3), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
            if let (true, false, Ok(i)) =
                (dot.as_char() == '.', called, l.to_string().parse::<u8>())
            {
                if i < 8 {
                    let entry = out.entry(name.to_string()).or_insert(Kind::Tuple {
                        len: i + 1,
                        inactive: 0,
                        seqs: 0,
                    });
                    if let Kind::Tuple { len, .. } = entry {
                        *len = (*len).max(i + 1);
                    }
                }
                continue;
            }
        }
        // `for v in &name { … }`, `for v in name { … }`: a sequence of floats walked, where
        // the loop binds one name and the body reads it only as a float (not `r[0]` of a
        // row, `b.m` of a struct or `b.mass()`: those keep the loop's message).
        let walked = match (k.checked_sub(1).map(|j| &trees[j]), trees.get(k + 1)) {
            (Some(TokenTree::Punct(amp)), Some(TokenTree::Group(body)))
                if amp.as_char() == '&'
                    && body.delimiter() == Delimiter::Brace
                    && matches!(k.checked_sub(2).map(|j| &trees[j]), Some(TokenTree::Ident(i)) if i == "in") =>
            {
                Some(body)
            }
            (Some(TokenTree::Ident(i)), Some(TokenTree::Group(body)))
                if i == "in" && body.delimiter() == Delimiter::Brace =>
            {
                Some(body)
            }
            _ => None,
        };
        if let Some(body) = walked {
            if loop_element(&trees[..k]).is_some_and(|e| used_as_a_float(body.stream(), &e)) {
                out.entry(name.to_string()).or_insert(Kind::FloatSeq);
            }
            continue;
        }
        let kind = match (trees.get(k + 1), trees.get(k + 2)) {
            (Some(TokenTree::Group(g)), _) if g.delimiter() == Delimiter::Bracket => {
                let nested = matches!(g.stream().into_iter().next(), Some(TokenTree::Group(inner)) if inner.delimiter() == Delimiter::Bracket);
                Some(if nested { Kind::Array } else { Kind::FloatSeq })
            }
            // `u.x` (a named field, no call): a struct value, whatever else says.
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(_)))
                if p.as_char() == '.'
                    && !matches!(trees.get(k + 3), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                    && !matches!(trees.get(k + 3), Some(TokenTree::Punct(c)) if c.as_char() == ':') =>
            {
                out.insert(name.to_string(), Kind::Struct);
                continue;
            }
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(m))) if p.as_char() == '.' => {
                match m.to_string().as_str() {
                    "len" | "iter" | "to_vec" | "push" => Some(Kind::FloatSeq),
                    "dot" | "t" | "sum" | "mapv" | "mean" | "nrows" | "ncols" | "row"
                    | "column" => Some(Kind::Array),
                    // A method neither floats nor sequences have (`u.cross(&v)`): a struct
                    // value, whose method is differentiated.
                    m if struct_method(m) => Some(Kind::Struct),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(kind) = kind {
            out.entry(name.to_string()).or_insert(kind);
        }
    }
}

/// The name a `for` loop binds to each element, from the tokens before its sequence (`for
/// c in`, `for &c in &`, `for mut c in`); `None` for a pattern of more (a tuple).
fn loop_element(before: &[proc_macro2::TokenTree]) -> Option<String> {
    use proc_macro2::TokenTree;
    let start = before
        .iter()
        .rposition(|t| matches!(t, TokenTree::Ident(i) if i == "for"))?;
    let end = before
        .iter()
        .rposition(|t| matches!(t, TokenTree::Ident(i) if i == "in"))?;
    let mut pattern = before.get(start + 1..end)?.iter().filter(|t| {
        !matches!(t, TokenTree::Punct(p) if p.as_char() == '&')
            && !matches!(t, TokenTree::Ident(i) if i == "mut")
    });
    match (pattern.next(), pattern.next()) {
        (Some(TokenTree::Ident(name)), None) => Some(name.to_string()),
        _ => None,
    }
}

/// Whether every use of `name` in the tokens reads it as a float: not indexed (`r[0]`), no
/// field read (`b.m`, `p.0`), no method called but a float's (`c.abs()`).
fn used_as_a_float(ts: proc_macro2::TokenStream, name: &str) -> bool {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    trees.iter().enumerate().all(|(k, t)| match t {
        TokenTree::Group(g) => used_as_a_float(g.stream(), name),
        TokenTree::Ident(i) if i == name => {
            let indexed = matches!(trees.get(k + 1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket);
            let dot = matches!(trees.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
            let float_method = matches!(trees.get(k + 2), Some(TokenTree::Ident(m)) if crate::rules::lookup(&m.to_string()).is_some());
            !indexed && (!dot || float_method)
        }
        _ => true,
    })
}

/// `1`, `2usize`, `0x1f`: an integer literal (not `1.0`, `1e3`, `2f64`).
fn is_integer_literal(text: &str) -> bool {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '_');
    let suffix = &text[digits.len()..];
    let hex = text.starts_with("0x") || text.starts_with("0b") || text.starts_with("0o");
    (hex || (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '_')))
        && !matches!(suffix, "f32" | "f64")
        && !suffix.starts_with('e')
}

/// Names lent to a method (`u.dot(&n)`, `a.angle(&n, k)`): a borrowed argument, which
/// in numerical code is a struct, a sequence or an array, seldom a float.
pub(super) fn collect_lent_args(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (k, tt) in trees.iter().enumerate() {
        let TokenTree::Group(g) = tt else { continue };
        let method_args = g.delimiter() == Delimiter::Parenthesis
            && k >= 2
            && matches!(&trees[k - 1], TokenTree::Ident(_))
            && matches!(&trees[k - 2], TokenTree::Punct(p) if p.as_char() == '.');
        if method_args {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            for arg in inner.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ',')) {
                if let [TokenTree::Punct(amp), TokenTree::Ident(name)] = arg {
                    if amp.as_char() == '&' {
                        out.insert(name.to_string());
                    }
                }
            }
        }
        collect_lent_args(g.stream(), out);
    }
}

/// Names used in ways only an `ndarray` array is (`a[[i, j]]`, `a.t()`, `a.mapv(…)`,
/// `a.slice(…)`): `dot`, `sum` and `mean` alone do not tell an array from a struct with
/// those methods (a nalgebra vector, a user's `Vec3`).
pub(super) fn collect_array_only_uses(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    use proc_macro2::{Delimiter, TokenTree};
    const ARRAY_ONLY: &[&str] = &[
        "t",
        "mapv",
        "mapv_inplace",
        "mapv_into",
        "sum_axis",
        "mean_axis",
        "slice",
        "slice_mut",
        "axis_iter",
        "axis_iter_mut",
        "index_axis",
        "map_axis",
        "outer_iter",
        "lanes",
        "dim",
        "raw_dim",
        "view",
        "into_shape_with_order",
    ];
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (k, tt) in trees.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => collect_array_only_uses(g.stream(), out),
            TokenTree::Ident(name) => {
                let only_array = match (trees.get(k + 1), trees.get(k + 2)) {
                    (Some(TokenTree::Group(g)), _) if g.delimiter() == Delimiter::Bracket => {
                        matches!(g.stream().into_iter().next(), Some(TokenTree::Group(inner)) if inner.delimiter() == Delimiter::Bracket)
                    }
                    (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(m)))
                        if p.as_char() == '.' =>
                    {
                        ARRAY_ONLY.contains(&m.to_string().as_str())
                    }
                    _ => false,
                };
                if only_array {
                    out.insert(name.to_string());
                }
            }
            _ => {}
        }
    }
}

/// Names cast with `as` (`i as f64`).
pub(super) fn collect_casts(
    ts: proc_macro2::TokenStream,
    out: &mut std::collections::HashSet<String>,
) {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = ts.into_iter().collect();
    for (k, tt) in trees.iter().enumerate() {
        match (tt, trees.get(k + 1)) {
            (TokenTree::Group(g), _) => collect_casts(g.stream(), out),
            (TokenTree::Ident(name), Some(TokenTree::Ident(as_))) if as_ == "as" => {
                out.insert(name.to_string());
            }
            _ => {}
        }
    }
}

/// Whether a method is none of a float's, a sequence's, an array's or an iterator's: its
/// receiver is a struct.
pub(super) fn struct_method(name: &str) -> bool {
    crate::rules::lookup(name).is_none()
        && !NOT_STRUCT_METHODS.contains(&name)
        && !field_kinds::ARRAY_METHODS.contains(&name)
        && !field_kinds::SEQ_METHODS.contains(&name)
}

/// Methods of floats (besides those with derivative rules), sequences, arrays, iterators,
/// options and every type: a receiver calling one is not shown to be a struct.
const NOT_STRUCT_METHODS: &[&str] = &[
    "abs_sub",
    "as_mut",
    "as_ref",
    "as_slice",
    "borrow",
    "chunks",
    "clone",
    "cloned",
    "cmp",
    "contains",
    "copied",
    "dim",
    "enumerate",
    "eq",
    "expect",
    "extend",
    "fill",
    "first",
    "fold",
    "ge",
    "get",
    "gt",
    "insert",
    "into",
    "into_iter",
    "is_empty",
    "is_finite",
    "is_infinite",
    "is_nan",
    "is_normal",
    "is_sign_negative",
    "is_sign_positive",
    "iter",
    "iter_mut",
    "last",
    "le",
    "len",
    "lt",
    "map",
    "max_by",
    "mean_axis",
    "min_by",
    "ne",
    "partial_cmp",
    "pop",
    "product",
    "remove",
    "rev",
    "reverse",
    "shape",
    "slice",
    "sort",
    "sort_by",
    "sum_axis",
    "swap",
    "to_bits",
    "to_degrees",
    "to_owned",
    "to_radians",
    "to_string",
    "total_cmp",
    "unwrap",
    "unwrap_or",
    "view",
    "windows",
    "zip",
];
