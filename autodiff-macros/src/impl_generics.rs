//! The generics of the inherent `impl` that holds a differentiated `impl` block's derived
//! items. A trait impl may declare parameters its self type does not name
//! (`impl<T: Copy> Window<T> for Hamming`), which an inherent `impl` may not (E0207): those
//! go to each derived item whose method's signature names them, as the item's own
//! parameters, and are left out of the others.

use crate::tokens::mentions_ident;
use quote::ToTokens;
use syn::{GenericParam, Generics, Ident, ItemImpl, Signature, WherePredicate};

/// The block's generics, split into those its self type names (the inherent `impl`'s) and
/// the others.
pub struct Split {
    pub inherent: Generics,
    free: Vec<GenericParam>,
    free_predicates: Vec<WherePredicate>,
}

fn param_ident(p: &GenericParam) -> Ident {
    match p {
        GenericParam::Type(t) => t.ident.clone(),
        GenericParam::Lifetime(l) => l.lifetime.ident.clone(),
        GenericParam::Const(c) => c.ident.clone(),
    }
}

fn mentions_any_of(tokens: proc_macro2::TokenStream, names: &[Ident]) -> bool {
    names.iter().any(|n| mentions_ident(tokens.clone(), n))
}

/// Splits `block`'s generics by whether its self type names them.
pub fn split(block: &ItemImpl) -> Split {
    let self_ty = block.self_ty.to_token_stream();
    let (mut kept, mut free) = (vec![], vec![]);
    for p in &block.generics.params {
        if mentions_ident(self_ty.clone(), &param_ident(p)) {
            kept.push(p.clone());
        } else {
            free.push(p.clone());
        }
    }
    let free_names: Vec<Ident> = free.iter().map(param_ident).collect();
    let (mut kept_predicates, mut free_predicates) = (vec![], vec![]);
    if let Some(w) = &block.generics.where_clause {
        for pred in &w.predicates {
            if mentions_any_of(pred.to_token_stream(), &free_names) {
                free_predicates.push(pred.clone());
            } else {
                kept_predicates.push(pred.clone());
            }
        }
    }
    let mut inherent = block.generics.clone();
    inherent.params = kept.into_iter().collect();
    if let Some(w) = &mut inherent.where_clause {
        w.predicates = kept_predicates.into_iter().collect();
    }
    if inherent.params.is_empty() {
        inherent.lt_token = None;
        inherent.gt_token = None;
    }
    Split {
        inherent,
        free,
        free_predicates,
    }
}

impl Split {
    /// Whether the block declares parameters its self type does not name.
    pub fn has_free(&self) -> bool {
        !self.free.is_empty()
    }

    /// Gives `sig` the block's parameters (and their `where` bounds) that it names and the
    /// inherent `impl` does not declare.
    pub fn add_to(&self, sig: &mut Signature) {
        let (inputs, output) = (&sig.inputs, &sig.output);
        let written = quote::quote!(#inputs #output);
        let named: Vec<&GenericParam> = self
            .free
            .iter()
            .filter(|p| mentions_ident(written.clone(), &param_ident(p)))
            .collect();
        if named.is_empty() {
            return;
        }
        let names: Vec<Ident> = named.iter().map(|p| param_ident(p)).collect();
        for p in named {
            sig.generics.params.push(p.clone());
        }
        let preds = self
            .free_predicates
            .iter()
            .filter(|w| mentions_any_of(w.to_token_stream(), &names));
        for pred in preds {
            sig.generics
                .make_where_clause()
                .predicates
                .push(pred.clone());
        }
    }
}
