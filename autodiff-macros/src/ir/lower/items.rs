//! Items in the function's body: `const`, `static`, `use`, `type` aliases and nested
//! `fn`s in its outermost block. They see none of the function's locals, so each
//! generated function repeats them at the top of its body (`emit::body_items`) and the
//! user's code names them as it did. A nested `fn` has no derivatives: calls to it are
//! plain calls, which activity analysis refuses where an argument carries a derivative.
//! A nested `fn` marked `#[differentiate]` is repeated with its attribute, so each
//! generated function holds the helper's derived items beside it, and calls to it are
//! differentiated calls as calls to any other marked function.

use super::Lowerer;
use syn::spanned::Spanned;

impl Lowerer {
    /// Records the items of the outermost block before any statement is lowered (an item
    /// may be used above the line that declares it).
    pub(super) fn collect_body_items(&mut self, block: &syn::Block) {
        for stmt in &block.stmts {
            let syn::Stmt::Item(item) = stmt else {
                continue;
            };
            if !is_repeatable(item) {
                continue;
            }
            if let syn::Item::Fn(f) = item {
                if !differentiated(f) {
                    self.local_fns.push(f.sig.ident.to_string());
                }
            }
            self.body_items.push(item.clone());
        }
    }

    /// An item statement met while lowering: recorded already, or refused.
    pub(super) fn body_item(&mut self, item: &syn::Item) {
        if self.body_items.contains(item) {
            return;
        }
        let message = if is_repeatable(item) {
            "an item inside a nested block of a `#[differentiate]` function is not supported: move it to the function's outermost block, or outside the function"
        } else {
            "only `const`, `static`, `use`, `type` and `fn` items are supported inside a `#[differentiate]` function: move this one outside the function"
        };
        self.error(item.span(), message);
    }

    /// Whether `name` is a nested `fn` of the body.
    pub(super) fn is_local_fn(&self, name: &str) -> bool {
        self.local_fns.iter().any(|f| f == name)
    }
}

/// Items the generated functions can repeat as written: none of them names a local, and
/// none is a type the derivatives would have to see.
fn is_repeatable(item: &syn::Item) -> bool {
    match item {
        syn::Item::Const(_) | syn::Item::Use(_) | syn::Item::Type(_) => true,
        // A `static mut` would be one variable per generated function.
        syn::Item::Static(s) => matches!(s.mutability, syn::StaticMutability::None),
        syn::Item::Fn(_) => true,
        _ => false,
    }
}

/// Whether a nested `fn` is marked `#[differentiate]` (`#[autodiff::differentiate]`).
fn differentiated(f: &syn::ItemFn) -> bool {
    f.attrs.iter().any(|a| {
        a.path()
            .segments
            .last()
            .is_some_and(|s| s.ident == "differentiate")
    })
}
