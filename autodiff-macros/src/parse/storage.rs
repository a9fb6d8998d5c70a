//! Signatures generic over an `ndarray` storage (`fn f<S: Data<Elem = f64>>(a:
//! &ArrayBase<S, Ix2>)`, ndarray's idiom for taking owned arrays and views alike): the
//! derived items are built from a copy taking the owned array (`&Array<f64, Ix2>`), with
//! the storage parameter dropped. The primal keeps its signature, and the owned arrays the
//! derived items pass it satisfy its bound.

use syn::visit_mut::VisitMut;
use syn::{GenericParam, Type, TypeParamBound, WherePredicate};

/// The storage parameters of `item` (bounded by `Data<Elem = F>`, `RawData<Elem = F>`,
/// `DataOwned<…>`, …) with their element types.
fn storage_params(item: &syn::ItemFn) -> Vec<(syn::Ident, Type)> {
    let generics = &item.sig.generics;
    let mut found = vec![];
    let mut look =
        |ident: &syn::Ident,
         bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>| {
            for b in bounds {
                let TypeParamBound::Trait(t) = b else {
                    continue;
                };
                let Some(last) = t.path.segments.last() else {
                    continue;
                };
                let storage_trait = matches!(
                    last.ident.to_string().as_str(),
                    "Data" | "RawData" | "DataOwned" | "DataShared" | "DataMut" | "RawDataClone"
                );
                let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
                    continue;
                };
                for arg in &a.args {
                    if let (true, syn::GenericArgument::AssocType(at)) = (storage_trait, arg) {
                        if at.ident == "Elem" {
                            found.push((ident.clone(), at.ty.clone()));
                        }
                    }
                }
            }
        };
    for p in generics.type_params() {
        look(&p.ident, &p.bounds);
    }
    for pred in generics.where_clause.iter().flat_map(|w| &w.predicates) {
        if let WherePredicate::Type(pt) = pred {
            if let Type::Path(tp) = &pt.bounded_ty {
                if let Some(ident) = tp.path.get_ident() {
                    look(ident, &pt.bounds);
                }
            }
        }
    }
    found
}

/// `ArrayBase<S, D>` (any path ending so) with `S` one of the storage parameters, turned
/// into `::autodiff::ndarray::Array<F, D>`.
struct Owned<'a>(&'a [(syn::Ident, Type)]);

impl VisitMut for Owned<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(p) = ty {
            if let Some(last) = p.path.segments.last() {
                if let (true, syn::PathArguments::AngleBracketed(a)) =
                    (last.ident == "ArrayBase", &last.arguments)
                {
                    let storage = match a.args.first() {
                        Some(syn::GenericArgument::Type(Type::Path(s))) => s.path.get_ident(),
                        _ => None,
                    };
                    let elem = storage.and_then(|s| self.0.iter().find(|(p, _)| p == s));
                    if let (Some((_, elem)), Some(dim)) = (elem, a.args.get(1)) {
                        *ty = syn::parse_quote!(::autodiff::ndarray::Array<#elem, #dim>);
                        return;
                    }
                }
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

/// A copy of `item` taking owned arrays where it is generic over their storage; `None` when
/// it is not.
pub(crate) fn owned_storage(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let storage = storage_params(item);
    if storage.is_empty() {
        return None;
    }
    let mut copy = item.clone();
    // Parameters, result, and the types written in the body (`let c: ArrayBase<S, Ix2>`).
    for input in copy.sig.inputs.iter_mut() {
        if let syn::FnArg::Typed(pt) = input {
            Owned(&storage).visit_type_mut(&mut pt.ty);
        }
    }
    if let syn::ReturnType::Type(_, ty) = &mut copy.sig.output {
        Owned(&storage).visit_type_mut(ty);
    }
    Owned(&storage).visit_block_mut(&mut copy.block);
    let is_storage = |i: &syn::Ident| storage.iter().any(|(s, _)| s == i);
    let generics = &mut copy.sig.generics;
    generics.params = std::mem::take(&mut generics.params)
        .into_iter()
        .filter(|p| !matches!(p, GenericParam::Type(t) if is_storage(&t.ident)))
        .collect();
    if let Some(w) = &mut generics.where_clause {
        w.predicates = std::mem::take(&mut w.predicates)
            .into_iter()
            .filter(|p| {
                !matches!(p, WherePredicate::Type(pt)
                    if matches!(&pt.bounded_ty, Type::Path(tp) if tp.path.get_ident().is_some_and(is_storage)))
            })
            .collect();
    }
    if generics.params.is_empty() {
        generics.lt_token = None;
        generics.gt_token = None;
    }
    Some(copy)
}
