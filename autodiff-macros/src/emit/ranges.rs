//! A loop's range as the emitted code writes it: the loop's header as the user wrote it,
//! the same range backwards, the indices it visits as a slice range, and whether it runs.

use super::Ctx;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl Ctx<'_> {
    /// The header of a `for` loop over `range`, as the user wrote it.
    pub fn range_header(&self, r: &Range) -> TokenStream {
        let (lo, hi) = (self.name(r.start), self.name(r.end));
        let mut it = if r.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        };
        if let Some(k) = r.step {
            let k = self.name(k);
            it = quote!((#it).step_by(#k));
        }
        if r.rev {
            it = quote!((#it).rev());
        }
        it
    }

    /// The same range, run backwards (only for loops without a step, which are replayed
    /// from their trip count instead).
    pub fn reversed_range(&self, r: &Range) -> TokenStream {
        let (lo, hi) = (self.name(r.start), self.name(r.end));
        let it = if r.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        };
        if r.rev {
            it
        } else {
            quote!((#it).rev())
        }
    }

    /// The indices a loop over `range` (one step apart) visits, as a slice range: `lo..hi`
    /// or `lo..=hi`.
    pub fn span(&self, range: &Range) -> TokenStream {
        let (lo, hi) = (self.name(range.start), self.name(range.end));
        if range.inclusive {
            quote!(#lo..=#hi)
        } else {
            quote!(#lo..#hi)
        }
    }

    /// Whether a loop over `range` (ascending or not, one step apart) runs at least once:
    /// `lo < hi`, or `lo <= hi` when inclusive.
    pub fn runs(&self, range: &Range) -> TokenStream {
        let (lo, hi) = (self.name(range.start), self.name(range.end));
        if range.inclusive {
            quote!(#lo <= #hi)
        } else {
            quote!(#lo < #hi)
        }
    }
}
