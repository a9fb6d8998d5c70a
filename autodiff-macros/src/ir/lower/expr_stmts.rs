//! Lowering of statements that are expressions: assignments, control flow (`if`,
//! `match`, loops, exits) and calls kept for their effect, each sent to its own lowering.

use super::assign::compound_op;
use super::loops::set_flag;
use super::stmts::Tail;
use super::*;

impl Lowerer {
    /// A statement that is an expression (`x = …;`, `if …`, `for …`, `v.push(…)`, …).
    pub(super) fn lower_expr_stmt(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) {
        let span = expr_span(e);
        self.refuse_checkpoint(super::checkpoint::expr_attrs(e));
        // `v.swap(i, j)`, `v.reverse()`, `v.extend_from_slice(x)`, `v.extend(…)`,
        // `v.clear()` of a sequence of floats: the element moves they make, written out.
        if let syn::Expr::MethodCall(m) = e {
            if let Some(moves) = self.sequence_move(m) {
                return self.lower_expr_stmt(&moves, out);
            }
        }
        // `std::mem::swap(&mut x, &mut y);`: the two places exchanged, `(x, y) = (y, x)`.
        if let Some((a, b)) = mem_swap(e) {
            let exchange: syn::Expr = syn::parse_quote_spanned!(span=> (#a, #b) = (#b, #a));
            return self.lower_expr_stmt(&exchange, out);
        }
        // `y = std::mem::take(&mut x);`: `y = x; x = 0.0;`.
        if self.mem_assign(e, out) {
            return;
        }
        // `a.slice_mut(s![…]).assign(&b);`: `a` with the part replaced.
        if self.part_assigned(e, out) {
            return;
        }
        match e {
            // `e = g(x, &mut buf);`: the lending call bound by a `let` first (`lent`).
            syn::Expr::Assign(a) if matches!(&*a.right, syn::Expr::Call(c) if self.lends_buffer(c.args.iter())) =>
            {
                let (value, place, call) = (self.synthetic_ident("lent_result"), &a.left, &a.right);
                let block: syn::Expr = syn::parse_quote_spanned! {span=>
                    {
                        let #value = #call;
                        #place = #value;
                    }
                };
                self.lower_expr_stmt(&block, out)
            }
            syn::Expr::Assign(a) => self.lower_assign(&a.left, &a.right, None, span, out),
            // `()`, as a `match` arm that does nothing (`_ => (),`): nothing to do.
            syn::Expr::Tuple(t) if t.elems.is_empty() => {}
            syn::Expr::Binary(b) => match compound_op(&b.op) {
                Some(op) => self.lower_assign(&b.left, &b.right, Some(op), span, out),
                None => self.error(
                    span,
                    "this expression's value is unused: assign it (`let y = …;`)",
                ),
            },
            syn::Expr::If(_) | syn::Expr::Match(_) => self.lower_control(e, Tail::Discard, out),
            syn::Expr::Block(b) if b.label.is_none() => {
                let checkpoint = self.checkpoint_attr(&b.attrs);
                if let (Some(_), Some(exit)) =
                    (&checkpoint, super::checkpoint::early_exit(&b.block))
                {
                    self.error(exit, "a `#[checkpoint]` block cannot `return`, `break` or `continue` out of itself: it is replayed whole in the reverse sweep; move the exit after the block, or drop `#[checkpoint]`");
                }
                let block = self.lower_body_block(&b.block);
                match checkpoint {
                    Some(Checkpoint::Sqrt) => out.push(Stmt::new(StmtKind::Block { body: block }, span)),
                    Some(_) => self.error(span, "a `#[checkpoint]` block is one segment: write `#[checkpoint]` without arguments"),
                    None => self.flatten_into(block, out),
                }
            }
            syn::Expr::ForLoop(f) => self.lower_for(f, out),
            syn::Expr::While(w) if matches!(&*w.cond, syn::Expr::Let(_)) => {
                // `while let P = e { body }` is `loop { match e { P => body, _ => break } }`.
                let syn::Expr::Let(l) = &*w.cond else {
                    unreachable!()
                };
                let (label, attrs, pat, scrutinee, body) =
                    (&w.label, &w.attrs, &l.pat, &l.expr, &w.body);
                let desugared: syn::Expr = syn::parse_quote_spanned! {span=>
                    #(#attrs)* #label loop { match #scrutinee { #pat => #body, _ => break } }
                };
                self.lower_expr_stmt(&desugared, out)
            }
            syn::Expr::While(w) => {
                let checkpoint = self.checkpoint_attr(&w.attrs);
                self.lower_while(
                    Some(&w.cond),
                    &w.body,
                    w.label.as_ref(),
                    None,
                    checkpoint,
                    span,
                    out,
                )
            }
            syn::Expr::Loop(l) => self.lower_loop(l, None, out),
            syn::Expr::Break(b) => self.lower_break(b, span, out),
            syn::Expr::Continue(c) => {
                if let Some(flags) = self.loop_flags_for(false, c.label.as_ref(), span) {
                    out.extend(flags.into_iter().map(|f| set_flag(f, span)));
                }
            }
            syn::Expr::Return(r) => {
                self.lower_valued(&syn::Expr::Return(r.clone()), &self.ret.clone(), out)
            }
            // `Zip::from(&mut a).and(&b).for_each(…)`: the zipped iterators' `for_each`.
            syn::Expr::MethodCall(m)
                if m.method == "for_each" && super::ndarray_zip::zip_as_chain(m).is_some() =>
            {
                if self.zips_matrices(m) {
                    self.unsupported(
                        span,
                        "`Zip` over an array of two or more dimensions",
                        "zip one-dimensional arrays, or write the loops over `a[[i, j]]`",
                    );
                    return;
                }
                let chain = super::ndarray_zip::zip_as_chain(m).expect("checked");
                self.lower_expr_stmt(&chain, out)
            }
            syn::Expr::MethodCall(m) if m.method == "for_each" => match self.desugar_consumer(m) {
                Some(block) => self.lower_expr_stmt(&block, out),
                None => self.lower_effect(e, span, out),
            },
            // `y.copy_from_slice(&x[a..b])`: the elements written one by one, after the
            // length check the method makes.
            syn::Expr::MethodCall(m)
                if matches!(
                    m.method.to_string().as_str(),
                    "copy_from_slice" | "clone_from_slice"
                ) && m.args.len() == 1 =>
            {
                let (dst, src) = (&m.receiver, &m.args[0]);
                let (from, k) = (self.synthetic_ident("from"), self.synthetic_ident("k"));
                let source = match src {
                    syn::Expr::Reference(r) => &*r.expr,
                    other => other,
                };
                // The source read in place where it is a sequence or a part of one (no copy,
                // and no reference to it kept), through a binding otherwise.
                let desugared: syn::Expr =
                    if let Some((base, lo, hi)) = super::views::sub_slice(source) {
                        let lo: syn::Expr = lo.cloned().unwrap_or_else(|| syn::parse_quote!(0));
                        let hi: syn::Expr = hi.unwrap_or_else(|| syn::parse_quote!(#base.len()));
                        syn::parse_quote_spanned! {span=>
                            {
                                let #from: usize = #lo;
                                assert_eq!(#dst.len(), (#hi) - #from);
                                for #k in 0..#dst.len() {
                                    #dst[#k] = #base[#from + #k];
                                }
                            }
                        }
                    } else if matches!(source, syn::Expr::Path(_)) {
                        syn::parse_quote_spanned! {span=>
                            {
                                assert_eq!(#dst.len(), #source.len());
                                for #k in 0..#dst.len() {
                                    #dst[#k] = #source[#k];
                                }
                            }
                        }
                    } else {
                        syn::parse_quote_spanned! {span=>
                            {
                                let #from = #src;
                                assert_eq!(#dst.len(), #from.len());
                                for #k in 0..#from.len() {
                                    #dst[#k] = #from[#k];
                                }
                            }
                        }
                    };
                self.lower_expr_stmt(&desugared, out)
            }
            syn::Expr::MethodCall(m)
                if matches!(
                    m.method.to_string().as_str(),
                    "sort"
                        | "sort_by"
                        | "sort_unstable"
                        | "sort_unstable_by"
                        | "sort_by_key"
                        | "sort_unstable_by_key"
                        | "sort_by_cached_key"
                ) =>
            {
                // A local sequence of floats sorted by a comparator: its order found on
                // primal values, then gathered (`searches`).
                if self.sort_of_floats(m, out) {
                    return;
                }
                let name = &m.method;
                self.error(
                    m.method.span(),
                    format!("`{name}` is not supported in a `#[differentiate]` function: the derivatives would follow the order it finds, which the macro does not record; find the order before the call and pass it as a parameter (`order: &[usize]`, reading `x[order[k]]`), or use `min_by`/`max_by` for an extreme"),
                );
            }
            syn::Expr::MethodCall(m) if m.method == "push" && m.args.len() == 1 => {
                let Some(vec) = self.place_var(&m.receiver) else {
                    return;
                };
                // A parameter of a type of the user's with a `push` method of its own
                // (`log.push(0.0)`, changing a `RefCell` behind `&self`): a call for its
                // effect. (A local's `push` is a `Vec`'s, whose messages say what fits.)
                let param = self.vars[vec].scope.is_none();
                if param && matches!(self.vars[vec].kind, Kind::Struct | Kind::Other) {
                    return self.lower_effect(e, span, out);
                }
                let value = self.lower_expr(&m.args[0], out);
                // (A chain's own accumulator, `….collect()`, is the user's value: what they
                // do with it gets the message.)
                let name = &self.vars[vec].stem;
                if matches!(self.kind_of(&value), Kind::FloatSeq | Kind::Array)
                    && !name.to_string().starts_with("__")
                {
                    return self.error(
                        expr_span(&m.args[0]),
                        format!("a `Vec` pushed into `{name}` makes a matrix of rows, which the derivatives cannot build by `push`: build it as `vec![vec![0.0; cols]; rows]` and write its entries (`{name}[i][j] = …`), or keep it flat (`{name}.push(v)` for each entry, read as `{name}[i * cols + j]`)"),
                    );
                }
                // A `&mut self` method's field lent as the `Vec` it is (`state::pushed_fields`:
                // `__self_hits` for `self.hits`) takes floats only.
                // (The body writes a copy of an output buffer, `__self_hits_value`.)
                let stem = name.to_string();
                let field = stem
                    .strip_prefix("__self_")
                    .map(|f| f.strip_suffix("_value").unwrap_or(f).to_string());
                let not_float = !matches!(self.kind_of(&value), Kind::Float | Kind::Other);
                if let (Some(field), true) = (field, not_float) {
                    return self.error(
                        expr_span(&m.args[0]),
                        format!("`self.{field}.push(…)` pushes something other than a float (an integer, a flag, a tuple, a struct) onto a field of `self`: a `#[differentiate]` method taking `&mut self` follows pushes of floats onto a `Vec` of its float type (a log of its outputs); keep this log in a method without the attribute, called beside the differentiated one"),
                    );
                }
                out.push(Stmt::new(StmtKind::Push { vec, value }, span));
            }
            syn::Expr::Paren(p) => self.lower_expr_stmt(&p.expr, out),
            // A closure called for its effect on what it captures (`add(x);`).
            syn::Expr::Call(c) => match self.closure_call(c) {
                Some(block) => self.lower_expr_stmt(&block, out),
                None => self.lower_effect(e, span, out),
            },
            _ => self.lower_effect(e, span, out),
        }
    }

    /// An expression statement that is not an assignment or control flow: a call for its
    /// side effects on inactive values, kept as a statement.
    fn lower_effect(&mut self, e: &syn::Expr, span: Span, out: &mut Vec<Stmt>) {
        let errors = self.errors.len();
        // `log("y", stop_gradient(y));`: a function called on constants only (literals,
        // values whose derivative is dropped) has none to give: called as written.
        if let syn::Expr::Call(c) = e {
            let constant = |a: &syn::Expr| constant_argument(a) || self.integer_valued(a);
            if let (syn::Expr::Path(p), true) = (&*c.func, c.args.iter().all(constant)) {
                let args = c.args.iter().map(|a| self.lower_expr(a, out)).collect();
                let call = ExprKind::Opaque(OpaqueCall::Function(p.path.clone(), args));
                return self.push_effect(Expr::new(call, span), span, out);
            }
        }
        // `c.bump();` on a local the function changes, of constants only: a call for its
        // effect on the local, run once where the primal runs it (activity analysis
        // refuses it where the local carries a derivative).
        if let syn::Expr::MethodCall(m) = e {
            let constant = |a: &syn::Expr| constant_argument(a) || self.integer_valued(a);
            let mutable_local = match &*m.receiver {
                syn::Expr::Path(p) => p
                    .path
                    .get_ident()
                    .and_then(|i| self.lookup(&i.to_string()))
                    .is_some_and(|v| self.vars[v].scope.is_some() && self.vars[v].mutable),
                _ => false,
            };
            if mutable_local && m.args.iter().all(constant) {
                let recv = self.lower_expr(&m.receiver, out);
                let args = m.args.iter().map(|a| self.lower_expr(a, out)).collect();
                let call = ExprKind::Opaque(OpaqueCall::Method(
                    Box::new(recv),
                    m.method.clone(),
                    m.turbofish.clone(),
                    args,
                ));
                return self.push_effect(Expr::new(call, span), span, out);
            }
        }
        let lowered = self.lower_expr(e, out);
        // A call that changes what it reads is bound where it runs (`effects`): that
        // binding is the statement.
        if let ExprKind::Var(t) = lowered.kind {
            let bound = matches!(out.last(), Some(Stmt { kind: StmtKind::Let { var, init: Some(Expr { kind: ExprKind::Opaque(_), .. }) }, .. }) if *var == t);
            if bound {
                return;
            }
        }
        if !matches!(lowered.kind, ExprKind::Opaque(_)) && self.errors.len() == errors {
            // An argument (or receiver) that carries a derivative.
            let mut floats = HashSet::new();
            crate::ir::lower::uses::collect_idents(
                quote::ToTokens::to_token_stream(e),
                &mut floats,
            );
            let reads_floats = floats
                .iter()
                .any(|n| self.lookup(n).is_some_and(|v| self.vars[v].kind.is_float()));
            // `a.scaled_add(k, &x);`, `rhs.column_mut(i).fill(0.0);`: an array changed in
            // place, which returns nothing to assign.
            if let syn::Expr::MethodCall(m) = e {
                let name = m.method.to_string();
                if crate::state::ARRAY_IN_PLACE.contains(&name.as_str()) {
                    return self.error(
                        span,
                        format!("`{name}` changes an array in place, which a `#[differentiate]` function does not follow: write what it does by index (`for i in 0..n {{ a[i] += k * x[i]; }}` on a buffer parameter, `&mut [f64]` or `&mut Array1<f64>`), or compute the new array and return it"),
                    );
                }
            }
            let message = match (e, &lowered.kind, reads_floats) {
                // `square_all(y);` of a differentiated function of buffers: its derived items
                // return the values it writes, which a statement drops.
                (syn::Expr::Call(_) | syn::Expr::MethodCall(_), ExprKind::Var(_), true) => "a call made for what it changes (`update(y);`, a function writing `&mut` buffers) is not supported here, where its arguments carry derivatives: the macro follows values returned, not written through references; have the function return its result (`let z = update(y);`), write the change in this function, or lend the buffer to a `#[differentiate]` function explicitly (`update(&mut y[..]);`, `update(&mut buf);`)",
                _ => "this expression's value is unused: assign it (`let y = …;`)",
            };
            self.error(span, message);
        }
        self.push_effect(lowered, span, out);
    }

    /// An integer or a flag: a variable of those kinds, or a length (`x.len()`).
    fn integer_valued(&self, a: &syn::Expr) -> bool {
        match a {
            syn::Expr::Path(p) => p.path.get_ident().is_some_and(|i| {
                self.lookup(&i.to_string())
                    .is_some_and(|v| matches!(self.vars[v].kind, Kind::Int | Kind::Bool))
            }),
            syn::Expr::MethodCall(m) => m.args.is_empty() && m.method == "len",
            _ => false,
        }
    }

    /// `let unit = call;`: a call kept for its effect.
    pub(super) fn push_effect(&mut self, lowered: Expr, span: Span, out: &mut Vec<Stmt>) {
        let tmp = self.temp("unit", Kind::Other, span);
        out.push(Stmt::new(
            StmtKind::Let {
                var: tmp,
                init: Some(lowered),
            },
            span,
        ));
    }
}

/// A literal, or a value whose derivative is dropped (`stop_gradient(y)`, borrowed or not).
fn constant_argument(a: &syn::Expr) -> bool {
    match a {
        syn::Expr::Lit(_) => true,
        syn::Expr::Reference(r) => constant_argument(&r.expr),
        syn::Expr::Call(c) => matches!(&*c.func, syn::Expr::Path(p)
            if p.path.segments.last().is_some_and(|s| s.ident == "stop_gradient")),
        _ => false,
    }
}

impl Lowerer {
    /// `v.swap(i, j)`, `v.reverse()`, `v.rotate_right(k)`, `v.extend_from_slice(x)`,
    /// `v.extend(…)`, `v.truncate(n)` and `v.clear()` on a sequence of floats (a local `Vec`, array or slice, or a buffer): the
    /// element moves, as the statements `{ let (a, b) = (i, j); let t = v[a]; v[a] = v[b];
    /// v[b] = t; }`, a loop of swaps from both ends, a loop of pushes (of a named sequence,
    /// or of the items of an iterator chain or a literal), and an empty `Vec` assigned.
    fn sequence_move(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let name = m.method.to_string();
        if !matches!(
            (name.as_str(), m.args.len()),
            ("swap", 2)
                | ("reverse", 0)
                | ("extend_from_slice", 1)
                | ("extend", 1)
                | ("clear", 0)
                | ("truncate", 1)
                | ("fill", 1)
                | ("rotate_right", 1)
                | ("rotate_left", 1)
        ) {
            return None;
        }
        let syn::Expr::Path(p) = &*m.receiver else {
            return None;
        };
        let v = self.lookup(&p.path.get_ident()?.to_string())?;
        if self.vars[v].kind != Kind::FloatSeq {
            return None;
        }
        let span = m.method.span();
        let seq = &m.receiver;
        Some(match name.as_str() {
            "swap" => {
                let [a, b, t] = ["a", "b", "swapped"].map(|n| self.synthetic_ident(n));
                let (i, j) = (&m.args[0], &m.args[1]);
                syn::parse_quote_spanned! {span=>
                    {
                        let #a: usize = #i;
                        let #b: usize = #j;
                        let #t = #seq[#a];
                        #seq[#a] = #seq[#b];
                        #seq[#b] = #t;
                    }
                }
            }
            "reverse" => {
                let [n, k, t] = ["n", "k", "swapped"].map(|n| self.synthetic_ident(n));
                syn::parse_quote_spanned! {span=>
                    {
                        let #n: usize = #seq.len();
                        for #k in 0..#n / 2 {
                            let #t = #seq[#k];
                            #seq[#k] = #seq[#n - 1 - #k];
                            #seq[#n - 1 - #k] = #t;
                        }
                    }
                }
            }
            // `buf.rotate_right(k)` (a delay line's shift): each entry moved from a copy,
            // `buf[(j + k) % n] = was[j]`; `rotate_left(k)` the other way.
            "rotate_right" | "rotate_left" => {
                let [n, k, j, was] = ["n", "k", "j", "was"].map(|n| self.synthetic_ident(n));
                let by = &m.args[0];
                let write: syn::Stmt = match name.as_str() {
                    "rotate_right" => syn::parse_quote!(#seq[(#j + #k) % #n] = #was[#j];),
                    _ => syn::parse_quote!(#seq[#j] = #was[(#j + #k) % #n];),
                };
                syn::parse_quote_spanned! {span=>
                    {
                        let #n: usize = #seq.len();
                        let #k: usize = #by;
                        let #was = #seq.to_vec();
                        for #j in 0..#n {
                            #write
                        }
                    }
                }
            }
            // `out.fill(v)`: every entry written, the value computed once.
            "fill" => {
                let [value, k] = ["filler", "k"].map(|n| self.synthetic_ident(n));
                let v = &m.args[0];
                syn::parse_quote_spanned! {span=>
                    {
                        let #value = #v;
                        for #k in 0..#seq.len() {
                            #seq[#k] = #value;
                        }
                    }
                }
            }
            // `v.truncate(n)` of a `Vec`: its first `n` entries pushed into an empty one (all of
            // them where it is shorter).
            "truncate" => {
                let [n, was, k] = ["kept", "was", "k"].map(|n| self.synthetic_ident(n));
                let len = &m.args[0];
                syn::parse_quote_spanned! {span=>
                    {
                        let #n: usize = #len;
                        let #was = #seq.to_vec();
                        #seq = ::std::vec::Vec::new();
                        for #k in 0..#n.min(#was.len()) {
                            #seq.push(#was[#k]);
                        }
                    }
                }
            }
            // `v.clear()` of a `Vec`: an empty one, whose old contents are gone.
            "clear" => syn::parse_quote_spanned! {span=>
                #seq = ::std::vec::Vec::new()
            },
            // `v.extend(x.iter().map(|a| a * a))`, `v.extend(&[0.0, 1.0])`,
            // `v.extend_from_slice(&[a, b])`, `v.extend(vec![a, b])`: a push of each item of
            // the chain or the literal.
            "extend" | "extend_from_slice"
                if !matches!(peel_reference(&m.args[0]), syn::Expr::Path(_)) =>
            {
                let item = self.synthetic_ident("item");
                let literal = vec_literal(&m.args[0]).map(syn::Expr::Array);
                let chain = literal.as_ref().unwrap_or(&m.args[0]);
                syn::parse_quote_spanned! {span=>
                    for #item in #chain {
                        #seq.push(#item);
                    }
                }
            }
            _ => {
                // (A named sequence, read in place.)
                let src = match &m.args[0] {
                    syn::Expr::Reference(r) => &*r.expr,
                    other => other,
                };
                let syn::Expr::Path(_) = src else { return None };
                let k = self.synthetic_ident("k");
                syn::parse_quote_spanned! {span=>
                    for #k in 0..#src.len() {
                        #seq.push(#src[#k]);
                    }
                }
            }
        })
    }
}

/// `e` without a leading `&`.
fn peel_reference(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Reference(r) => &r.expr,
        other => other,
    }
}

/// `vec![a, b]` as the array literal `[a, b]` (walked as one).
fn vec_literal(e: &syn::Expr) -> Option<syn::ExprArray> {
    let syn::Expr::Macro(m) = e else {
        return None;
    };
    if !m.mac.path.is_ident("vec") {
        return None;
    }
    let elems = m
        .mac
        .parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
        .ok()?;
    Some(syn::ExprArray {
        attrs: vec![],
        bracket_token: Default::default(),
        elems,
    })
}

/// The places of `std::mem::swap(&mut a, &mut b)` (`mem::swap`, `core::mem::swap`).
fn mem_swap(e: &syn::Expr) -> Option<(&syn::Expr, &syn::Expr)> {
    let syn::Expr::Call(c) = e else { return None };
    let syn::Expr::Path(p) = &*c.func else {
        return None;
    };
    let names = crate::tokens::segment_names(&p.path);
    if !matches!(&names[..], [.., m, f] if m == "mem" && f == "swap") {
        return None;
    }
    match (c.args.first(), c.args.get(1), c.args.len()) {
        (Some(a), Some(b), 2) => Some((mut_borrowed(a)?, mut_borrowed(b)?)),
        _ => None,
    }
}

/// `x` of `&mut x`.
fn mut_borrowed(a: &syn::Expr) -> Option<&syn::Expr> {
    match a {
        syn::Expr::Reference(r) if r.mutability.is_some() => Some(&r.expr),
        _ => None,
    }
}
