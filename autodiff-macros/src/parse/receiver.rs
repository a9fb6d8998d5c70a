//! A receiver written with its type (`self: &mut Self`, `self: &Self`, `self: Self`) as the
//! shorthand it means (`&mut self`, `&self`, `self`), which the later stages read.

/// The copy of `item` whose receiver is written in shorthand; `None` where it already is,
/// or where its type is another (`self: Box<Self>`), which the later stages refuse.
pub(crate) fn receiver_shorthand(item: &syn::ItemFn) -> Option<syn::ItemFn> {
    let Some(syn::FnArg::Receiver(r)) = item.sig.inputs.first() else {
        return None;
    };
    let syn::ReceiverKind::Typed(_, ty) = &r.kind else {
        return None;
    };
    let is_self = |t: &syn::Type| matches!(t, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self"));
    let kind = match &**ty {
        t if is_self(t) => syn::ReceiverKind::Value,
        syn::Type::Reference(t) if is_self(&t.elem) => {
            syn::ReceiverKind::Reference(t.and_token, t.lifetime.clone(), t.mutability)
        }
        _ => return None,
    };
    let mut copy = item.clone();
    if let Some(syn::FnArg::Receiver(r)) = copy.sig.inputs.first_mut() {
        r.kind = kind;
    }
    Some(copy)
}

#[cfg(test)]
mod tests {
    use super::receiver_shorthand;
    use quote::ToTokens;

    fn receiver(src: &str) -> Option<String> {
        let item: syn::ItemFn = syn::parse_str(src).unwrap();
        receiver_shorthand(&item).map(|f| f.sig.inputs[0].to_token_stream().to_string())
    }

    #[test]
    fn typed_receivers_become_shorthand() {
        assert_eq!(
            receiver("fn f(self: &mut Self) {}").as_deref(),
            Some("& mut self")
        );
        assert_eq!(
            receiver("fn f(self: &'a Self) {}").as_deref(),
            Some("& 'a self")
        );
        assert_eq!(receiver("fn f(self: Self) {}").as_deref(), Some("self"));
        assert_eq!(receiver("fn f(&self) {}"), None);
        assert_eq!(receiver("fn f(self: Box<Self>) {}"), None);
    }
}
