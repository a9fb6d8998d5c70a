//! The kind of each field path of the struct parameters, from how the body uses it.
//!
//! The macro cannot see the struct's definition, so a field's kind comes from how the body
//! uses it, and rustc checks the guess (the binding goes through a runtime function that
//! only accepts that kind, whose error message says what to write): a typed `let` states
//! it (`let v: &Vec<f64> = &p.v;`); `p.blocks[l]` used as a struct (a method receiver, a
//! call argument `&p.blocks[l]`) makes `p.blocks` a sequence of structs, and in code that
//! names `ndarray` types, used as an array (`p.w[l].dot(&h)`, `p.w[l][[i, j]]`, a loop's
//! element so used, see `field_evidence`) a sequence of arrays; other indexing a
//! float sequence; a range bound or an index (`0..p.n`), or a cast's operand not otherwise
//! used as a float (`p.n as f64`), an integer (checked: a float read as one would lose its
//! derivative); a condition or an operand of `!`, `&&`, `||` (`if p.squared`) a flag; a bare operand (`x * p.scale`) or a float method a float; another method
//! (`p.mlp.forward(&x)`) a struct; `p.m[[i, j]]` an array; a field matched only by an
//! enum's variants (`match self.law { Law::Mu => … }`) no float; a field lent (`&p.w`) a
//! sequence in code that names `Vec` and no `ndarray` type, an array in code that names
//! one, and in code that names neither a value of a type the macro cannot see (weak
//! evidence, see `LentField`); anything else (`p.w.dot(&x)`) an `ndarray` array.

use super::field_evidence::{
    binds_structs, iterated_field, names_beside_products, part_used_as_integer, shape_lengths,
    used_as_integer, variant_pattern, walked_directly, walked_names, walked_patterns,
};
use super::fields::path_key;
use super::fields::{field_path, peel};
use super::*;
use syn::visit::Visit;

/// How a field path is used, in order of precedence when uses disagree.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Use {
    Typed(KindRank),
    /// A sequence whose elements are `ndarray` arrays (`p.w[l].dot(&h)`, `p.w[l][[i, j]]`,
    /// `&p.b[l]` in array arithmetic), in a function naming `ndarray` types.
    ArrayElement,
    StructElement,
    /// A sequence whose elements index another (`w[p.pos[k]]`): integers.
    IndexSeq,
    Indexed,
    /// A sequence whose element reads are all cast (`self.idx[k] as f64`): integers,
    /// unless another element read uses one as a float.
    CastElements,
    /// A range bound or an index: an integer (`0..p.n`, `v[p.k]`).
    Int,
    /// A condition, or an operand of `!`, `&&`, `||`: a flag (`if p.squared`).
    Bool,
    Float,
    /// The operand of a cast (`p.n as f64`): an integer unless it is also used as a float
    /// (`p.scale as f32` next to `x * p.scale`), which is weaker evidence than either.
    CastOperand,
    StructMethod,
    Array,
    /// Borrowed into arithmetic (`&r.width * &r.height`, `2.0 * &self.w`) where nothing
    /// else tells: a float, which `&f64` operators take (a struct or an array operand is
    /// told by its methods, or by the types the function names).
    BorrowedOperand,
    /// A method both `Vec`s and `ndarray` arrays have (`iter`, `len`): weak evidence, a
    /// sequence.
    Seq,
    /// Lent whole, in a function naming no type that tells (`LentField::Unseen`): the
    /// weakest evidence.
    Lent,
    /// Its length alone is read (`self.names.len() as f64`, `self.assets.is_empty()`):
    /// anything with a length (a `Vec<String>`, a `HashMap`), passed through with no
    /// derivative. Beside any other use it is a sequence's (`Seq`).
    Length,
}

/// A `Kind` as a number, so that `Use` can be ordered.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct KindRank(u8);

const KINDS: &[Kind] = &[
    Kind::Float,
    Kind::FloatSeq,
    Kind::Array,
    Kind::Struct,
    Kind::StructSeq,
    Kind::ArraySeq,
    Kind::Int,
    Kind::IntSeq,
    Kind::Bool,
    Kind::Other,
];

/// Methods of `ndarray` arrays (and of sequences) that users call on a field.
pub(super) const ARRAY_METHODS: &[&str] = &[
    "dot", "t", "mapv", "map", "sum", "mean", "nrows", "ncols", "shape", "dim", "raw_dim", "ndim",
    "column", "row", "view",
];

/// Methods of `Vec`s and arrays alike: a sequence, unless another use says array.
pub(super) const SEQ_METHODS: &[&str] = &[
    "iter",
    "len",
    "is_empty",
    "clone",
    "to_owned",
    "to_vec",
    "copied",
    "cloned",
    "first",
    "last",
    "windows",
    "chunks",
    "chunks_exact",
];

struct Uses<'r> {
    roots: &'r [String],
    float: &'r Type,
    uses: HashMap<String, Use>,
    /// Field reads whose use a parent classified (by address).
    seen: std::collections::HashSet<usize>,
    /// Element reads that are a cast's operand (by address).
    cast_elements: std::collections::HashSet<usize>,
    /// How the body uses each name (`w[i]`, `w.dot(…)`): the kind of a field bound by a
    /// struct pattern (`let Params { w, b } = p;`) is its name's.
    names: HashMap<String, Kind>,
    /// The untyped integer locals of a `&mut self` method's hidden method
    /// (`let mut __self_pos = self.pos;`).
    int_locals: std::collections::HashSet<String>,
    /// What a field lent whole is taken for, by the types the function names.
    lent: LentField,
    /// The parameters whose types have generic arguments (`Point3<f64>`).
    generic_params: std::collections::HashSet<String>,
    /// The names the body binds more than once.
    rebound: std::collections::HashSet<String>,
    /// The function's statements.
    body: Vec<syn::Stmt>,
    /// The parts of a field's tuples used as integers (`self.row.0` of `for &(j, w) in
    /// &self.row { … x[j] … }`).
    integer_parts: std::collections::HashSet<String>,
    /// The fields matched by patterns whose every name is an integer: how many such sites,
    /// and one of them (`mark_constant_tuples`).
    constant_sites: HashMap<String, (usize, syn::Expr)>,
}

/// What a field lent whole (`matmul(&p.w, x)`, `dot(&m.b, x)`) with no other use is taken
/// for: an array where the function names an `ndarray` type (`Array1`, `ArrayView2`,
/// `Axis`), a sequence where it names `Vec` and nothing of `ndarray`'s, and where it names
/// neither, a value of a type the macro cannot see (`Kind::Struct`: bound, passed and
/// given its cotangent through the runtime's traits, whatever rustc finds it to be).
enum LentField {
    Array,
    Seq,
    Unseen,
}

impl Uses<'_> {
    /// Whether `e` is evidently an integer: an integer literal, an integer local, a field
    /// already read as an integer, or arithmetic of those.
    fn is_int(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => !i.suffix().starts_with('f'),
            syn::Expr::Paren(p) => self.is_int(&p.expr),
            // `x.len()`, `m.nrows()`: a length; `k as usize`: an integer.
            syn::Expr::MethodCall(m) => {
                m.args.is_empty()
                    && matches!(
                        m.method.to_string().as_str(),
                        "len" | "count" | "nrows" | "ncols" | "ndim" | "capacity"
                    )
            }
            syn::Expr::Cast(c) => {
                matches!(&*c.ty, syn::Type::Path(p) if crate::types::INTS.iter().any(|i| p.path.is_ident(i)))
            }
            syn::Expr::Path(p) => p
                .path
                .get_ident()
                .is_some_and(|i| self.int_locals.contains(&i.to_string())),
            syn::Expr::Binary(b) if arithmetic(&b.op) => {
                self.is_int(&b.left) || self.is_int(&b.right)
            }
            _ => field_path(e, self.roots).is_some_and(|(root, path)| {
                self.uses.get(&path_key(&root, &path)) == Some(&Use::Int)
            }),
        }
    }

    /// The parts of a field's tuples, from a pattern `t` matching its elements and the
    /// statements `body` that use the names: the parts whose names are used as integers
    /// (`used_as_integer`; a name the body binds again says nothing) are noted as such
    /// (`self.row.0` an integer). Where every name is (or is `_`), the site is counted
    /// (`constant_sites`), and `true`: if these patterns are the field's only reads, it
    /// holds no value with a derivative (`mark_constant_tuples`).
    fn note_tuple_parts(&mut self, seq: &syn::Expr, t: &syn::PatTuple, body: &[syn::Stmt]) -> bool {
        let integer = |p: &syn::Pat| match p {
            syn::Pat::Ident(i) => {
                !self.rebound.contains(&i.ident.to_string()) && used_as_integer(&i.ident, body)
            }
            syn::Pat::Wild(_) => true,
            _ => false,
        };
        let Some((root, path)) = field_path(seq, self.roots) else {
            return false;
        };
        let key = path_key(&root, &path);
        for (k, p) in t.elems.iter().enumerate() {
            if matches!(p, syn::Pat::Ident(_)) && integer(p) {
                self.integer_parts.insert(format!("{key}.{k}"));
            }
        }
        if !t.elems.iter().all(integer) {
            return false;
        }
        self.seen.insert(seq as *const syn::Expr as usize);
        self.constant_sites
            .entry(key)
            .or_insert_with(|| (0, seq.clone()))
            .0 += 1;
        true
    }

    /// The parts of a field's tuples that a name bound to a whole element uses as integers
    /// (`x[edge.0]` of `for edge in &self.edges`).
    fn note_element_parts(&mut self, seq: &syn::Expr, name: &syn::Ident, body: &[syn::Stmt]) {
        if self.rebound.contains(&name.to_string()) {
            return;
        }
        let Some((root, path)) = field_path(seq, self.roots) else {
            return;
        };
        let key = path_key(&root, &path);
        for k in 0..4 {
            if part_used_as_integer(name, k, body) {
                self.integer_parts.insert(format!("{key}.{k}"));
            }
        }
    }

    /// A field matched only by patterns whose names are integers (`for &(start, _, end) in
    /// &self.bins`) holds no value with a derivative; one also read otherwise (`for p in
    /// &self.row { … p.1 … }`) keeps its other evidence, its integer parts noted. (The
    /// field's reads are counted, its lengths aside.)
    fn mark_constant_tuples(&mut self, body: &syn::Block) {
        struct Count<'r> {
            roots: &'r [String],
            key: &'r str,
            reads: usize,
        }
        impl<'a> Visit<'a> for Count<'_> {
            fn visit_expr(&mut self, e: &'a syn::Expr) {
                if let syn::Expr::MethodCall(m) = e {
                    let length = matches!(m.method.to_string().as_str(), "len" | "is_empty");
                    if length && m.args.is_empty() && field_path(&m.receiver, self.roots).is_some()
                    {
                        return;
                    }
                }
                if let Some((root, path)) = field_path(e, self.roots) {
                    if path_key(&root, &path) == self.key {
                        self.reads += 1;
                        return;
                    }
                }
                syn::visit::visit_expr(self, e);
            }
        }
        let sites: Vec<(String, usize, syn::Expr)> = self
            .constant_sites
            .iter()
            .map(|(k, (n, e))| (k.clone(), *n, e.clone()))
            .collect();
        for (key, n, seq) in sites {
            let mut count = Count {
                roots: self.roots,
                key: &key,
                reads: 0,
            };
            count.visit_block(body);
            if count.reads <= n {
                let other = KINDS.iter().position(|k| *k == Kind::Other).unwrap_or(0);
                self.uses.remove(&key);
                self.note(&seq, Use::Typed(KindRank(other as u8)));
            }
        }
    }

    fn note(&mut self, e: &syn::Expr, u: Use) -> bool {
        let Some((root, path)) = field_path(e, self.roots) else {
            return false;
        };
        self.seen.insert(e as *const syn::Expr as usize);
        let key = path_key(&root, &path);
        let entry = self.uses.entry(key).or_insert(u);
        // The first typed use wins (rustc reports a later one that differs); otherwise the
        // strongest evidence, in `Use`'s order.
        if !matches!(entry, Use::Typed(_)) {
            let as_seq = |u: Use| if u == Use::Length { Use::Seq } else { u };
            *entry = match (*entry, u) {
                (Use::Length, Use::Length) => Use::Length,
                (e, u) => as_seq(e).min(as_seq(u)),
            };
        }
        true
    }

    /// The field operands of the arithmetic `e` is (`self.b - self.a`, `(p.u + p.v) * k`),
    /// as structs.
    fn note_operands(&mut self, e: &syn::Expr) {
        if let syn::Expr::Binary(b) = peel(e) {
            if arithmetic(&b.op) {
                for side in [&b.left, &b.right] {
                    if !self.note(peel(side), Use::StructMethod) {
                        self.note_operands(side);
                    }
                }
            }
        }
    }

    /// The fields a value known to be a struct is made of by arithmetic: both operands of
    /// `+`/`-` (a vector type adds vectors), the side of `*`/`/` whose other side is no
    /// field (`r.direction * t`), the operand of `-`.
    fn note_struct_value(&mut self, e: &syn::Expr) {
        match peel(e) {
            syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::Add(_) | syn::BinOp::Sub(_)) => {
                for side in [&b.left, &b.right] {
                    if !self.note(peel(side), Use::StructMethod) {
                        self.note_struct_value(side);
                    }
                }
            }
            // (`b.mass * *g`: beside a struct parameter, the field is the float.)
            syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::Mul(_) | syn::BinOp::Div(_)) => {
                let field = |e: &syn::Expr| field_path(peel(e), self.roots).is_some();
                let a_struct = |e: &syn::Expr| self.names_struct_parameter(e);
                match (field(&b.left), field(&b.right)) {
                    (true, false) if !a_struct(&b.right) => self.note_struct_value(&b.left),
                    (false, true) if matches!(b.op, syn::BinOp::Mul(_)) && !a_struct(&b.left) => {
                        self.note_struct_value(&b.right)
                    }
                    _ => {}
                }
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                self.note_struct_value(&u.expr)
            }
            other => {
                self.note(other, Use::StructMethod);
            }
        }
    }

    /// Whether `e` is a struct parameter itself (`g`, `*g`, `&g`, `(g)`).
    fn names_struct_parameter(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::Paren(p) => self.names_struct_parameter(&p.expr),
            syn::Expr::Reference(r) => self.names_struct_parameter(&r.expr),
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                self.names_struct_parameter(&u.expr)
            }
            syn::Expr::Path(p) => p
                .path
                .get_ident()
                .is_some_and(|i| self.roots.contains(&i.to_string())),
            _ => false,
        }
    }

    /// `base[i]` used as an `ndarray` array (a receiver of `dot`, `t`, `mapv`): in a
    /// function naming `ndarray` types, `base` holds one array per element (`Vec<Array2<f64>>`);
    /// elsewhere a value of another crate's with such methods (a nalgebra vector's `dot`), a
    /// sequence of structs.
    fn note_array_element(&mut self, e: &syn::Expr) {
        match (peel(e), &self.lent) {
            (syn::Expr::Index(ix), LentField::Array)
                if !matches!(peel(&ix.index), syn::Expr::Range(_)) =>
            {
                self.note(&ix.expr, Use::ArrayElement);
            }
            _ => self.note_element(e),
        }
    }

    /// `base[i]` where `base` is a field path: the path is a sequence of structs (not
    /// `base[a..b]`, a part of it).
    fn note_element(&mut self, e: &syn::Expr) {
        if let syn::Expr::Index(ix) = peel(e) {
            if !matches!(peel(&ix.index), syn::Expr::Range(_)) {
                self.note(&ix.expr, Use::StructElement);
            }
        }
    }
}

fn arithmetic(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(
        op,
        Add(_)
            | Sub(_)
            | Mul(_)
            | Div(_)
            | Rem(_)
            | AddAssign(_)
            | SubAssign(_)
            | MulAssign(_)
            | DivAssign(_)
            | RemAssign(_)
    )
}

fn comparison(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(op, Lt(_) | Le(_) | Gt(_) | Ge(_) | Eq(_) | Ne(_))
}

impl Uses<'_> {
    /// Whether `e` names whole a parameter of a type with generic arguments
    /// (`point: Point3<f64>`, a vector type of another crate's), not of a user's own type
    /// (`v: Vec3`, whose `k * v` is its `#[differentiate] impl Mul<Vec3> for f64`).
    fn names_generic_param(&self, e: &syn::Expr) -> bool {
        matches!(peel(e), syn::Expr::Path(p)
            if p.path.get_ident().is_some_and(|i| self.generic_params.contains(&i.to_string())))
    }
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_expr(&mut self, e: &'ast syn::Expr) {
        if field_path(e, self.roots).is_some() {
            if !self.seen.contains(&(e as *const syn::Expr as usize)) {
                // A value moved or copied out of a borrowed struct: a float.
                self.note(e, Use::Float);
            }
            return;
        }
        match e {
            // `self.m[(0, 0)]`: an entry of a matrix struct (nalgebra's), not a sequence's.
            syn::Expr::Index(ix) if matches!(peel(&ix.index), syn::Expr::Tuple(_)) => {
                self.note(&ix.expr, Use::StructMethod);
            }
            // `self.m[[i, j]]`: an entry of an `ndarray` array.
            syn::Expr::Index(ix) if matches!(peel(&ix.index), syn::Expr::Array(_)) => {
                self.note(&ix.expr, Use::Array);
                // `p.w[l][[i, j]]`: an entry of one of the field's arrays.
                if let syn::Expr::Index(element) = peel(&ix.expr) {
                    if !matches!(peel(&element.index), syn::Expr::Range(_)) {
                        self.note(&element.expr, Use::ArrayElement);
                    }
                }
                if let syn::Expr::Array(a) = peel(&ix.index) {
                    for i in &a.elems {
                        self.note(i, Use::Int);
                    }
                }
            }
            syn::Expr::Index(ix) => {
                let cast = self
                    .cast_elements
                    .contains(&(e as *const syn::Expr as usize));
                self.note(
                    &ix.expr,
                    if cast {
                        Use::CastElements
                    } else {
                        Use::Indexed
                    },
                );
                if let syn::Expr::Index(inner) = peel(&ix.index) {
                    self.note(&inner.expr, Use::IndexSeq);
                }
                self.note(&ix.index, Use::Int);
            }
            syn::Expr::ForLoop(f) => {
                // `for k in self.starts[i]..self.starts[i + 1]`: offsets, integers (not the
                // bounds of a range tested, `(self.xs[i]..self.xs[i + 1]).contains(&x)`).
                if let syn::Expr::Range(r) = peel(&f.expr) {
                    for bound in r.start.iter().chain(r.end.iter()) {
                        if let syn::Expr::Index(ix) = peel(bound) {
                            self.note(&ix.expr, Use::IndexSeq);
                        }
                    }
                }
                // `for b in &self.bodies { … b.m … }`: structs; `for w in &self.w`: a
                // sequence (a `Vec`, an array, a 1-D `ndarray` array), walked by index.
                if let Some(seq) = walked_directly(&f.expr) {
                    if binds_structs(&f.pat, &f.body.stmts) {
                        self.note(seq, Use::StructElement);
                    } else {
                        self.note(seq, Use::Indexed);
                    }
                }
                // `for (f, (start, _, end)) in self.bins.iter().enumerate()` whose names are
                // used as integers: a sequence of tuples of integers, no value with a
                // derivative.
                // (Each read goes through `support::integer`, so a float there is rustc's
                // error, not a derivative dropped.) Where only some parts are integers
                // (`for &(j, w) in &self.row`), those parts are.
                for (seq, pat) in walked_patterns(&f.expr, &f.pat) {
                    match pat {
                        syn::Pat::Tuple(t) => {
                            self.note_tuple_parts(seq, t, &f.body.stmts);
                        }
                        syn::Pat::Ident(i) => self.note_element_parts(seq, &i.ident, &f.body.stmts),
                        _ => {}
                    }
                }
                // `for (w, b) in self.weights.iter().zip(&self.biases)` whose elements the
                // body uses as arrays (`w.dot(&h)`, `w[[i, j]]`): one array per element.
                if matches!(self.lent, LentField::Array) {
                    for (seq, name) in walked_names(&f.expr, &f.pat) {
                        if self.names.get(&name.to_string()) == Some(&Kind::Array) {
                            self.note(seq, Use::ArrayElement);
                        }
                    }
                }
            }
            syn::Expr::MethodCall(m) => {
                // `(self.row_ptr[i]..self.row_ptr[i + 1]).map(…)`: a range walked by a chain,
                // its bounds offsets, integers (not a range tested, `.contains(&x)`).
                if let (syn::Expr::Range(r), false) = (peel(&m.receiver), m.method == "contains") {
                    for bound in r.start.iter().chain(r.end.iter()) {
                        if let syn::Expr::Index(ix) = peel(bound) {
                            self.note(&ix.expr, Use::IndexSeq);
                        }
                    }
                }
                // `self.points.iter().map(|(x, y)| …)`, `.map(|p| p.m * p.v)`: the elements
                // are structs (tuples included).
                if let (Some(seq), Some(syn::Expr::Closure(c))) =
                    (iterated_field(&m.receiver), m.args.last())
                {
                    let body = [syn::Stmt::Expr((*c.body).clone(), None)];
                    if c.inputs
                        .iter()
                        .last()
                        .is_some_and(|p| binds_structs(p, &body))
                    {
                        self.note(seq, Use::StructElement);
                    }
                }
                let name = m.method.to_string();
                // `self.normal.dot(p)` with `p` a struct parameter (a nalgebra vector): a
                // struct's `dot`, as an array's is with an array.
                let with_a_struct = name == "dot"
                    && m.args.iter().any(|a| {
                        matches!(peel(a), syn::Expr::Path(p)
                            if p.path.get_ident().is_some_and(|i| self.roots.contains(&i.to_string())))
                    });
                // `self.kernel.min(t + 1)`: a bound beside an integer is an integer.
                let beside_int =
                    matches!(name.as_str(), "min" | "max") && m.args.iter().any(|a| self.is_int(a));
                let u = if beside_int {
                    Use::Int
                } else if crate::rules::lookup(&name).is_some() {
                    Use::Float
                } else if with_a_struct {
                    Use::StructMethod
                } else if ARRAY_METHODS.contains(&name.as_str()) {
                    // `self.weights[i].dot(&h)`: a field holding one array per layer
                    // (`Vec<Array2<f64>>`), a sequence of values of their own.
                    if name != "sum" && name != "mean" {
                        self.note_array_element(&m.receiver);
                    }
                    Use::Array
                } else if matches!(name.as_str(), "len" | "is_empty") && m.args.is_empty() {
                    Use::Length
                } else if SEQ_METHODS.contains(&name.as_str()) {
                    Use::Seq
                } else {
                    self.note_element(&m.receiver);
                    Use::StructMethod
                };
                self.note(&m.receiver, u);
                // `(self.b - self.a).length()`: a struct's method on a result of operators,
                // whose field operands are structs (with the user's operator impls).
                if u == Use::StructMethod {
                    self.note_operands(&m.receiver);
                }
                for a in &m.args {
                    // A float method's arguments are floats (`self.v[i].max(self.v[j])`),
                    // not elements passed to a struct's method.
                    if u != Use::Float {
                        self.note_element(a);
                    }
                    // `x.powi(self.period)`: the exponent is an integer.
                    if name == "powi" {
                        self.note(a, Use::Int);
                    }
                }
            }
            syn::Expr::Call(c) => {
                let powi = matches!(&*c.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "powi"));
                if let (true, Some(exponent)) = (powi, c.args.iter().nth(1)) {
                    self.note(exponent, Use::Int);
                }
                // `T::from(self.index)`, `f64::from(self.n)`: a conversion's operand, as
                // `self.n as f64`'s is (an integer, unless used as a float elsewhere);
                // `T::from_usize(self.n)`: an integer.
                if let (syn::Expr::Path(p), [arg]) =
                    (&*c.func, &c.args.iter().collect::<Vec<_>>()[..])
                {
                    let float = self.float;
                    let float = quote::quote!(#float).to_string();
                    let segments: Vec<String> = p
                        .path
                        .segments
                        .iter()
                        .map(|s| s.ident.to_string())
                        .collect();
                    if let [ty, f] = &segments[..] {
                        let of_float = *ty == float || ty == "f64" || ty == "f32";
                        if of_float && f == "from" {
                            self.note(arg, Use::CastOperand);
                        } else if of_float
                            && f.starts_with("from_")
                            && f != "from_f64"
                            && f != "from_f32"
                        {
                            self.note(arg, Use::Int);
                        }
                    }
                }
                // `Array2::zeros((self.rows, n))`: a shape's lengths are integers.
                for n in shape_lengths(c) {
                    self.note(n, Use::Int);
                }
                for a in &c.args {
                    if matches!(a, syn::Expr::Reference(_)) {
                        self.note_element(a);
                    }
                }
            }
            // `&p.w` lent (to `matmul(&p.w, x)`, `mean(&self.data)`): by the types the
            // function names (`LentField`).
            syn::Expr::Reference(r) => {
                let u = match self.lent {
                    LentField::Array => Use::Array,
                    LentField::Seq => Use::Seq,
                    LentField::Unseen => Use::Lent,
                };
                self.note(&r.expr, u);
            }
            syn::Expr::Field(f) => self.note_element(&f.base),
            syn::Expr::Range(r) => {
                for bound in r.start.iter().chain(r.end.iter()) {
                    self.note(bound, Use::Int);
                }
            }
            syn::Expr::Cast(c) => {
                self.note(&c.expr, Use::CastOperand);
                if let syn::Expr::Index(_) = peel(&c.expr) {
                    self.cast_elements
                        .insert(peel(&c.expr) as *const syn::Expr as usize);
                }
            }
            syn::Expr::If(i) => {
                self.note(&i.cond, Use::Bool);
            }
            // `match self.law { Law::Mu => …, Law::A => … }`: a field matched by an enum's
            // variants (paths, `_`) chooses a branch, no value with a derivative. (Not a
            // literal or a range, which a float may be matched by; not a pattern binding a
            // value, `Some(p)` of an `Option<f64>`.)
            syn::Expr::Match(m) if m.arms.iter().all(|a| variant_pattern(&a.pat)) => {
                let other = KINDS.iter().position(|k| *k == Kind::Other).unwrap_or(0);
                self.note(peel(&m.expr), Use::Typed(KindRank(other as u8)));
            }
            syn::Expr::While(w) => {
                self.note(&w.cond, Use::Bool);
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Not(_)) => {
                self.note(&u.expr, Use::Bool);
            }
            // `(self.pos + 1) % self.len`: the operands of an operator have one type, so a
            // field beside an integer is an integer.
            syn::Expr::Binary(b) if arithmetic(&b.op) || comparison(&b.op) => {
                if self.is_int(&b.left) {
                    self.note(peel(&b.right), Use::Int);
                } else if self.is_int(&b.right) {
                    self.note(peel(&b.left), Use::Int);
                } else if matches!(b.op, syn::BinOp::Mul(_))
                    && field_path(peel(&b.left), self.roots).is_some()
                    && self.names_generic_param(&b.right)
                {
                    // `self.rotation * point` of a struct parameter: a product of structs
                    // (a rotation, a matrix applied to a point), which rustc's types
                    // dispatch (a float field scaling it, `self.scale * point`, is
                    // `Differentiable` and multiplies the same way).
                    self.note(peel(&b.left), Use::StructMethod);
                } else if arithmetic(&b.op) {
                    // `h + &p.b[l]`: an element borrowed into arithmetic, in a function
                    // naming `ndarray` types, is an array (a float is not borrowed there).
                    // (Not beside an entry or a literal, `y[i] * &p.c[i]`: a float.)
                    for (side, other) in [(&b.left, &b.right), (&b.right, &b.left)] {
                        let side = super::fields::peel_parens(side);
                        let other = super::fields::peel_parens(other);
                        let beside_an_array = matches!(other, syn::Expr::MethodCall(m)
                            if matches!(m.method.to_string().as_str(), "dot" | "mapv" | "t" | "mapv_into"));
                        if let (syn::Expr::Reference(r), LentField::Array, true) =
                            (side, &self.lent, beside_an_array)
                        {
                            if matches!(peel(&r.expr), syn::Expr::Index(_)) {
                                self.note_array_element(&r.expr);
                            }
                        }
                    }
                    // `&r.width * &r.height`: a field borrowed into arithmetic, in a
                    // function naming no array types (where it is an array, above).
                    if !matches!(self.lent, LentField::Array) {
                        for side in [&b.left, &b.right] {
                            if let syn::Expr::Reference(r) = super::fields::peel_parens(side) {
                                self.note(peel(&r.expr), Use::BorrowedOperand);
                            }
                        }
                    }
                    // `p.z.clone() + eps`: a field cloned into arithmetic (generic code's
                    // scalars need not be `Copy`) is a float, not a sequence copied.
                    for side in [&b.left, &b.right] {
                        if let Some(field) = cloned(side) {
                            self.note(field, Use::Float);
                        }
                    }
                }
            }
            syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_) | syn::BinOp::Or(_)) => {
                self.note(&b.left, Use::Bool);
                self.note(&b.right, Use::Bool);
            }
            _ => {}
        }
        syn::visit::visit_expr(self, e);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        // `let z = p.z.clone();` with `z` read as no sequence, array or struct is (`z * k`):
        // the field is a float.
        if let (syn::Pat::Ident(name), Some(field)) =
            (&l.pat, l.init.as_ref().and_then(|i| cloned(&i.expr)))
        {
            if matches!(
                self.names.get(&name.ident.to_string()),
                None | Some(Kind::Float)
            ) {
                self.note(field, Use::Float);
            }
        }
        // `let Params { w, b } = p;`: each field read as its bound name is used.
        let pat = match &l.pat {
            syn::Pat::Reference(r) => &*r.pat,
            other => other,
        };
        if let (syn::Pat::Struct(st), Some(init)) = (pat, &l.init) {
            let base = peel(&init.expr);
            for field in &st.fields {
                let member = &field.member;
                let read: syn::Expr = syn::parse_quote!(#base.#member);
                let u = match &*field.pat {
                    syn::Pat::Ident(i) => match self.names.get(&i.ident.to_string()) {
                        Some(Kind::FloatSeq) => Use::Indexed,
                        Some(Kind::Array) => Use::Array,
                        _ => Use::Float,
                    },
                    _ => Use::Float,
                };
                self.note(&read, u);
            }
        }
        // The hidden method of a `&mut self` method binds each field it gives integers to
        // as an untyped local of that field (`let mut __self_pos = self.pos;`, see
        // `crate::state`): the field is an integer.
        if let (syn::Pat::Ident(p), Some(init)) = (&l.pat, &l.init) {
            if let syn::Expr::Field(f) = peel(&init.expr) {
                let name = p.ident.to_string();
                if matches!(&f.member, syn::Member::Named(m) if crate::state::local_name(m) == name)
                {
                    self.note(peel(&init.expr), Use::Int);
                    self.int_locals.insert(name);
                }
            }
        }
        // `let a = self.idx[0];`, `let n = self.n;` whose name is used as an integer (an
        // index, a range's bound), and bound nowhere else (a use could be the other
        // variable's): the field, or its elements, are integers (checked where the field is
        // bound: a float there is rustc's error, not a derivative dropped).
        if let (syn::Pat::Ident(p), Some(init)) = (pat, &l.init) {
            let name = p.ident.to_string();
            if self.names.get(&name) == Some(&Kind::Int) && !self.rebound.contains(&name) {
                match peel(&init.expr) {
                    syn::Expr::Index(ix) if !matches!(peel(&ix.index), syn::Expr::Range(_)) => {
                        self.note(&ix.expr, Use::IndexSeq);
                    }
                    read => {
                        self.note(read, Use::Int);
                    }
                }
            }
        }
        // `let (_, x1, y1) = self.nodes[i];`: an element taken apart, a tuple (read as a
        // struct of fields `.0`, `.1`, …), its parts used as integers integers; one whose
        // names are all integers, `let (a, b) = self.edges[k];`, no value with a derivative.
        if let (syn::Pat::Tuple(t), Some(init)) = (pat, &l.init) {
            if let syn::Expr::Index(ix) = peel(&init.expr) {
                if !t.elems.is_empty() && !matches!(peel(&ix.index), syn::Expr::Range(_)) {
                    // (A sequence of tuples, read as structs, unless these patterns are its
                    // only reads and every name is an integer: `mark_constant_tuples`.)
                    let body = self.body.clone();
                    self.note_tuple_parts(&ix.expr, t, &body);
                    self.note(&ix.expr, Use::StructElement);
                }
            }
        }
        // `let a = self.edges[k].0;` (as `element_lets` spreads `let e = self.edges[k];`)
        // whose name is used as an integer (`x[a]`), bound nowhere else: that part of the
        // field's tuples is an integer.
        if let (syn::Pat::Ident(p), Some(init)) = (pat, &l.init) {
            if let syn::Expr::Field(f) = peel(&init.expr) {
                if let (syn::Expr::Index(ix), syn::Member::Unnamed(k)) = (peel(&f.base), &f.member)
                {
                    let body = self.body.clone();
                    if !self.rebound.contains(&p.ident.to_string())
                        && !matches!(peel(&ix.index), syn::Expr::Range(_))
                        && used_as_integer(&p.ident, &body)
                    {
                        if let Some((root, path)) = field_path(&ix.expr, self.roots) {
                            let key = path_key(&root, &path);
                            self.integer_parts.insert(format!("{key}.{}", k.index));
                        }
                    }
                }
            }
        }
        // `let (start, ndim) = self.pos;` whose names index (`self.w[start]`): a tuple of
        // integers, no value with a derivative.
        if let (syn::Pat::Tuple(t), Some(init)) = (pat, &l.init) {
            let integers = !t.elems.is_empty()
                && t.elems.iter().all(|e| match e {
                    syn::Pat::Ident(i) => self.names.get(&i.ident.to_string()) == Some(&Kind::Int),
                    syn::Pat::Wild(_) => true,
                    _ => false,
                });
            if integers && field_path(peel(&init.expr), self.roots).is_some() {
                let other = KINDS.iter().position(|k| *k == Kind::Other).unwrap_or(0);
                self.note(peel(&init.expr), Use::Typed(KindRank(other as u8)));
            }
        }
        // `let d = self.b - self.a; d.length()`: the same, through a name.
        if let (syn::Pat::Ident(p), Some(init)) = (&l.pat, &l.init) {
            if self.names.get(&p.ident.to_string()) == Some(&Kind::Struct) {
                self.note_operands(&init.expr);
            }
        }
        if let (syn::Pat::Type(pt), Some(init)) = (&l.pat, &l.init) {
            let kind = crate::types::kind_of_type(&pt.ty, self.float);
            let rank = KindRank(KINDS.iter().position(|k| *k == kind).unwrap_or(0) as u8);
            self.note(peel(&init.expr), Use::Typed(rank));
        }
        syn::visit::visit_local(self, l);
    }
}

/// The kind of each field path of the struct parameters `roots` that `item`'s body reads; with
/// `struct_result`, the function returns a struct, which its last expression's fields make
/// (`r.origin + r.direction * t`).
pub(super) fn field_kinds(
    item: &syn::ItemFn,
    roots: &[String],
    float: &Type,
    struct_result: bool,
) -> HashMap<String, Kind> {
    let body = &*item.block;
    let mut idents = std::collections::HashSet::new();
    super::uses::collect_idents(quote::ToTokens::to_token_stream(item), &mut idents);
    // (Sequences where it names `Vec` and nothing of `ndarray`'s: a nalgebra matrix, a
    // user's type, lent, is no sequence.)
    let ndarray = idents
        .iter()
        .any(|i| i.starts_with("Array") || i == "Axis" || i == "ndarray");
    let lent = match (ndarray, idents.contains("Vec")) {
        (true, _) => LentField::Array,
        (false, true) => LentField::Seq,
        (false, false) => LentField::Unseen,
    };
    let mut uses = Uses {
        lent,
        roots,
        float,
        uses: HashMap::new(),
        seen: Default::default(),
        cast_elements: Default::default(),
        names: HashMap::new(),
        int_locals: Default::default(),
        generic_params: generic_params(&item.sig),
        rebound: super::uses::rebound_names(quote::ToTokens::to_token_stream(body)),
        body: body.stmts.clone(),
        integer_parts: Default::default(),
        constant_sites: HashMap::new(),
    };
    super::uses::collect_use_kinds_of_locals(
        quote::ToTokens::to_token_stream(body),
        &mut uses.names,
    );
    // `w.dot(&h) + b`: a name beside an array's product in arithmetic is an array too (an
    // element `&f64` of a sequence cannot be added to one).
    if ndarray {
        for name in names_beside_products(body, &uses.names) {
            uses.names.entry(name).or_insert(Kind::Array);
        }
    }
    // `let m = (self.a + self.b) * 0.5; let d = *p - m;`: a name combined by an operator with
    // a struct parameter (`*p`, `p`) holds a struct, and so do the fields it is made of.
    for name in super::param_copies::operands_of_struct_params(body, roots) {
        uses.names.insert(name, Kind::Struct);
    }
    if let (true, Some(syn::Stmt::Expr(tail, None))) = (struct_result, body.stmts.last()) {
        if matches!(peel(tail), syn::Expr::Binary(_) | syn::Expr::Unary(_)) {
            uses.note_struct_value(tail);
        }
    }
    uses.visit_block(body);
    uses.mark_constant_tuples(body);
    // The integer parts of tuples (`self.row.0`), keyed as a tuple parameter's parts are.
    let parts: Vec<(String, Kind)> = uses
        .integer_parts
        .iter()
        .map(|k| (k.clone(), Kind::Int))
        .collect();
    uses.uses
        .into_iter()
        .map(|(k, u)| {
            let kind = match u {
                Use::Typed(KindRank(r)) => KINDS[r as usize],
                Use::StructElement => Kind::StructSeq,
                Use::ArrayElement => Kind::ArraySeq,
                Use::Indexed => Kind::FloatSeq,
                Use::IndexSeq | Use::CastElements => Kind::IntSeq,
                Use::Int | Use::CastOperand => Kind::Int,
                Use::Bool => Kind::Bool,
                Use::Float => Kind::Float,
                Use::StructMethod => Kind::Struct,
                Use::Array => Kind::Array,
                Use::Seq => Kind::FloatSeq,
                Use::Lent => Kind::Struct,
                Use::Length => Kind::Other,
                Use::BorrowedOperand => Kind::Float,
            };
            (k, kind)
        })
        .chain(parts)
        .collect()
}

/// The parameters whose types (references peeled) have generic arguments.
fn generic_params(sig: &syn::Signature) -> std::collections::HashSet<String> {
    sig.inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(pt) => Some(pt),
            syn::FnArg::Receiver(_) => None,
        })
        .filter(|pt| {
            matches!(crate::types::peel_refs(&pt.ty), syn::Type::Path(p)
                if p.path.segments.last().is_some_and(|s| !s.arguments.is_empty()))
        })
        .filter_map(|pt| match &*pt.pat {
            syn::Pat::Ident(i) => Some(i.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// `x` of `x.clone()` (or `x.to_owned()`).
fn cloned(e: &syn::Expr) -> Option<&syn::Expr> {
    match peel(e) {
        syn::Expr::MethodCall(m)
            if m.args.is_empty() && (m.method == "clone" || m.method == "to_owned") =>
        {
            Some(&m.receiver)
        }
        _ => None,
    }
}
