//! `let` of a tuple pattern: `let (a, b) = (e1, e2);` binds each element through
//! temporaries, a call's or a block's tuple is spread over a variable per element, each a
//! float unless its written type or its uses make it an integer.

use super::*;

impl Lowerer {
    /// `let (a, b) = (e1, e2);` binds each element (through temporaries, so `(b, a)`
    /// swaps); `let (a, b) = f(x);` keeps the tuple and binds its fields. An element of a
    /// call's tuple is a float unless its written type (`let (v, i): (f64, usize)`) or its
    /// uses (an index `x[i]`, a range bound `0..i`, a cast `i as f64`) make it an integer;
    /// a wrong guess is a type error (the callee's seed has `()` there), never a wrong
    /// derivative.
    pub(super) fn lower_tuple_let(
        &mut self,
        pat: &syn::PatTuple,
        ty: Option<&syn::TypeTuple>,
        init: &syn::Expr,
        out: &mut Vec<Stmt>,
    ) {
        let n = pat.elems.len();
        let mut stmts: Vec<syn::Stmt> = vec![];
        let seq_fields = self.seq_tuple_fields(init, n);
        // `let (s, n) = v.iter().fold((0.0, 0usize), …)`: the fold as its block, whose
        // elements are taken apart below (a count among them an integer).
        if let syn::Expr::MethodCall(m) = init {
            if m.method == "fold" && matches!(m.args.first(), Some(syn::Expr::Tuple(_))) {
                if let Some(block) = self.desugar_consumer(m) {
                    return self.lower_tuple_let(pat, ty, &block, out);
                }
            }
        }
        match init {
            // `let (_, x1, y1) = self.nodes[i];` of a field holding tuples: each name reads
            // its part in place (`self.nodes[i].1`), as an element's fields are read.
            // (The index bound first, once: it may be a call, `stack.pop().unwrap()`, or a
            // name the pattern binds again, `let (k, j) = self.edges[k];`.)
            syn::Expr::Index(ix) if self.is_field_element(ix) && plain_names(pat) => {
                let index = self.synthetic_ident("index");
                let position = &ix.index;
                stmts.push(syn::parse_quote!(let #index = #position;));
                let base = &ix.expr;
                for (k, p) in pat.elems.iter().enumerate() {
                    if !matches!(p, syn::Pat::Wild(_)) {
                        let k = syn::Index::from(k);
                        stmts.push(syn::parse_quote!(let #p = #base[#index].#k;));
                    }
                }
            }
            // `let (l, r) = stereo;` of a tuple parameter holding sequences: each part a copy
            // of its field (`let l = stereo.0.clone();`), whose adjoint goes to the field's.
            _ if seq_fields.is_some() => {
                for (k, (p, seq)) in pat
                    .elems
                    .iter()
                    .zip(seq_fields.unwrap_or_default())
                    .enumerate()
                {
                    let k = syn::Index::from(k);
                    stmts.push(if seq {
                        syn::parse_quote!(let #p = #init.#k.clone();)
                    } else {
                        syn::parse_quote!(let #p = #init.#k;)
                    });
                }
            }
            syn::Expr::Tuple(values) if values.elems.len() == n => {
                let temps: Vec<syn::Ident> = (0..n)
                    .map(|k| self.synthetic_ident(&format!("elem{k}")))
                    .collect();
                for (t, v) in temps.iter().zip(&values.elems) {
                    stmts.push(syn::parse_quote!(let #t = #v;));
                }
                for (k, (p, t)) in pat.elems.iter().zip(&temps).enumerate() {
                    match ty.map(|ty| &ty.elems[k]) {
                        Some(ty) => stmts.push(syn::parse_quote!(let #p: #ty = #t;)),
                        None => stmts.push(syn::parse_quote!(let #p = #t;)),
                    }
                }
            }
            // `let (s, q) = { …; (a, b) }` (or an `if`, a `match`): each element assigned to
            // a variable of its own, as a tuple result's are.
            _ if n > 0 && self.as_statement_expr(init).is_some() => {
                let block_like = self.as_statement_expr(init).expect("checked");
                let span = expr_span(init);
                // A `return` or `break` in a branch leaves the elements unassigned on that
                // path, which the generated code's flags hide from rustc: they start from a
                // default.
                let diverges = crate::tokens::mentions_any(
                    quote::ToTokens::to_token_stream(block_like),
                    &["return", "break", "continue"],
                );
                let mut temps = vec![];
                let mut vars = vec![];
                for (k, p) in pat.elems.iter().enumerate() {
                    let written = ty.map(|t| t.elems[k].clone());
                    let kind = match &written {
                        Some(t) => kind_of_type(t, &self.float),
                        None if self.tuple_element_is_int(p, None) => Kind::Int,
                        None => Kind::Float,
                    };
                    let t = self.synthetic_ident(&format!("elem{k}"));
                    let var = self.declare(&t, kind, diverges, written);
                    let init = diverges.then(|| self.placeholder(var, span));
                    out.push(Stmt::new(StmtKind::Let { var, init }, span));
                    temps.push(t);
                    vars.push(var);
                }
                self.lower_valued(block_like, &vars, out);
                for (p, t) in pat.elems.iter().zip(&temps) {
                    stmts.push(syn::parse_quote!(let #p = #t;));
                }
            }
            _ => {
                let tuple = self.synthetic_ident("tuple");
                let before = self.vars.len();
                self.lower_stmt(&syn::parse_quote!(let #tuple = #init;), out);
                // `a.dim()` of an array: its lengths, integers.
                let lengths = matches!(init, syn::Expr::MethodCall(m) if m.method == "dim" && m.args.is_empty());
                let inactive = (0..n.min(8))
                    .filter(|&k| {
                        lengths || self.tuple_element_is_int(&pat.elems[k], ty.map(|t| &t.elems[k]))
                    })
                    .fold(0u8, |mask, k| mask | 1 << k);
                // `let (d, e) = residuals(y, u); d[0]`: an element used as a sequence is one
                // (a wrong guess is a type error, never a wrong derivative).
                let seqs = (0..n.min(8))
                    .filter(|&k| {
                        inactive >> k & 1 == 0
                            && self.tuple_element_is_seq(&pat.elems[k], ty.map(|t| &t.elems[k]))
                    })
                    .fold(0u8, |mask, k| mask | 1 << k);
                if let Some(v) = (before..self.vars.len())
                    .rev()
                    .find(|&v| self.vars[v].name == tuple)
                {
                    self.vars[v].kind = Kind::Tuple {
                        len: n as u8,
                        inactive,
                        seqs,
                    };
                }
                for (k, p) in pat.elems.iter().enumerate() {
                    let seq = k < 8 && seqs >> k & 1 == 1;
                    let k = syn::Index::from(k);
                    // (A sequence is copied out, the tuple left whole.)
                    stmts.push(match seq {
                        true => syn::parse_quote!(let #p = #tuple.#k.clone();),
                        false => syn::parse_quote!(let #p = #tuple.#k;),
                    });
                }
            }
        }
        for s in &stmts {
            self.lower_stmt(s, out);
        }
    }

    /// For a tuple parameter of `n` parts that holds sequences (`stereo: (Vec<f32>,
    /// Vec<f32>)`, read as a struct of fields `.0`, `.1`), which of its parts are sequences.
    fn seq_tuple_fields(&self, init: &syn::Expr, n: usize) -> Option<Vec<bool>> {
        let syn::Expr::Path(p) = init else {
            return None;
        };
        let name = p.path.get_ident()?;
        let kinds: Vec<Option<&Kind>> = (0..n)
            .map(|k| self.field_kinds.get(&format!("{name}.{k}")))
            .collect();
        let seq = |k: &Option<&Kind>| *k == Some(&Kind::FloatSeq);
        (kinds.iter().any(seq) && kinds.iter().all(Option::is_some))
            .then(|| kinds.iter().map(seq).collect())
    }

    /// Whether an element of a call's tuple is a sequence of floats: by its written type
    /// (`Vec<f64>`), else by the uses after the `let` (`d[i]`, `d.len()`, `d.iter()`).
    fn tuple_element_is_seq(&self, pat: &syn::Pat, ty: Option<&Type>) -> bool {
        if let Some(ty) = ty {
            return kind_of_type(ty, &self.float) == Kind::FloatSeq;
        }
        match pat {
            syn::Pat::Ident(p) => self.use_kinds.get(&p.ident.to_string()) == Some(&Kind::FloatSeq),
            _ => false,
        }
    }

    /// Whether an element of a call's tuple is an integer (or a `bool`): by its written type,
    /// else by the uses after the `let` (see `collect_use_kinds`).
    fn tuple_element_is_int(&self, pat: &syn::Pat, ty: Option<&Type>) -> bool {
        if let Some(ty) = ty {
            return matches!(kind_of_type(ty, &self.float), Kind::Int | Kind::Bool);
        }
        match pat {
            syn::Pat::Ident(p) => {
                let name = p.ident.to_string();
                self.use_kinds.get(&name) == Some(&Kind::Int) || self.cast_names.contains(&name)
            }
            _ => false,
        }
    }
}

/// Whether each part of the pattern is a name (`mut` too) or `_`.
fn plain_names(pat: &syn::PatTuple) -> bool {
    pat.elems.iter().all(|p| match p {
        syn::Pat::Ident(i) => i.by_ref.is_none() && i.subpat.is_none(),
        syn::Pat::Wild(_) => true,
        _ => false,
    })
}
