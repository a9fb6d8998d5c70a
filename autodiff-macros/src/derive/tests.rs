//! Unit tests of `#[derive(Differentiable)]`: the expansion of small structs, read as text.

use super::*;

fn expand(item: TokenStream) -> String {
    let out = differentiable(item);
    let file: syn::File = syn::parse2(out.clone()).unwrap_or_else(|e| panic!("{e}: {out}"));
    prettyplease::unparse(&file)
}

/// Whether `out` contains `needle`, ignoring whitespace and the trailing commas that
/// prettyplease adds where it breaks long lines.
fn has(out: &str, needle: &str) -> bool {
    let squash = |s: &str| s.split_whitespace().collect::<String>().replace(",>", ">");
    squash(out).contains(&squash(needle))
}

fn error(item: TokenStream) -> String {
    let input: DeriveInput = syn::parse2(item).unwrap();
    match Model::read(&input).and_then(|m| m.check()) {
        Ok(_) => panic!("accepted"),
        Err(e) => e
            .into_iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn scalar_comes_from_the_first_float_keyword() {
    let out = expand(quote!(
        struct P {
            blocks: Vec<Block>,
            w: ndarray::Array2<f64>,
            #[no_grad]
            name: String,
        }
    ));
    assert!(has(&out, "type Scalar = f64;"), "{out}");
    assert!(
        has(&out, "Vec<Block>: ::autodiff::Differentiable<Scalar = f64>"),
        "{out}"
    );
    assert!(has(&out, "String: ::core::clone::Clone"), "{out}");
    assert!(!has(&out, "set_zero(&mut self.name)"), "{out}");
    assert!(
        has(&out, "name: ::core::clone::Clone::clone(&self.name)"),
        "{out}"
    );
}

#[test]
fn a_float_type_parameter_is_the_scalar() {
    let out = expand(quote!(
        struct P<T: Float> {
            w: Array2<T>,
        }
    ));
    assert!(has(&out, "type Scalar = T;"), "{out}");
    assert!(
        has(&out, "Array2<T>: ::autodiff::Differentiable<Scalar = T>"),
        "{out}"
    );
}

#[test]
fn a_struct_generic_over_its_float_type_gets_a_dual_twin() {
    let out = expand(quote!(
        struct Net<T: Float + 'static> {
            layers: Vec<Layer<T>>,
            w: Array2<T>,
            gain: T,
            #[no_grad]
            eps: T,
            #[no_grad]
            name: String,
        }
    ));
    assert!(has(&out, "type Dual = Net<::autodiff::Dual<T>>;"), "{out}");
    // The struct's bounds repeated for `Dual<T>`, so the twin type is well formed.
    assert!(has(&out, "::autodiff::Dual<T>: Float + 'static"), "{out}");
    assert!(has(&out,
        "Vec<Layer<T>>: ::autodiff::dual_twin::DualTwin<T, Dual = Vec<Layer<::autodiff::Dual<T>>>>"
    ), "{out}");
    // A field of the float type converts directly, a constant becomes one, others clone.
    assert!(
        has(&out, "gain: ::autodiff::Dual::new(self.gain, __t.gain)"),
        "{out}"
    );
    assert!(
        has(&out, "eps: ::autodiff::Dual::constant(self.eps)"),
        "{out}"
    );
    assert!(
        has(&out, "name: ::core::clone::Clone::clone(&self.name)"),
        "{out}"
    );
    // and needs no `T: Differentiable`, which a function generic over `T: Float` lacks.
    assert!(
        !has(&out, "T: ::autodiff::Differentiable<Scalar = T>"),
        "{out}"
    );
    assert!(has(&out, "self.gain = self.gain + __other.gain"), "{out}");
}

#[test]
fn a_struct_of_f64_gets_no_dual_twin() {
    let out = expand(quote!(
        struct P {
            w: Array2<f64>,
        }
    ));
    assert!(!out.contains("DualTwin"), "{out}");
}

#[test]
fn scalar_of_a_generic_field_is_projected() {
    let out = expand(quote!(
        struct P<T: Real>(T, Vec<T>, #[no_grad] usize);
    ));
    assert!(has(
        &out,
        "type Scalar = <T as ::autodiff::Differentiable>::Scalar;"
    ));
    assert!(has(&out, "T: ::autodiff::Differentiable,"), "{out}");
    assert!(has(&out,
        "Vec<T>: ::autodiff::Differentiable<Scalar = <T as ::autodiff::Differentiable>::Scalar>"
    ), "{out}");
    assert!(
        has(
            &out,
            "::autodiff::Differentiable::scale_leaves(&mut self.1, __s)"
        ),
        "{out}"
    );
    assert!(has(&out, "Self("), "{out}");
}

#[test]
fn written_where_clauses_are_kept() {
    let out = expand(quote!(
        struct P<'a, T, const N: usize>
        where
            T: Float,
        {
            w: [T; N],
            #[no_grad]
            tag: &'a str,
        }
    ));
    assert!(
        has(
            &out,
            "impl<'a, T, const N: usize> ::autodiff::Differentiable for P<'a, T, N>"
        ),
        "{out}"
    );
    // `[T; N]` of the float parameter is handled element by element: no bound.
    assert!(
        has(&out, "where T: Float, &'a str: ::core::clone::Clone,"),
        "{out}"
    );
    assert!(has(&out, "__f(&mut self.w[..])"), "{out}");
    assert!(
        has(&out, "w: [<T as ::autodiff::num_traits::Zero>::zero(); N]"),
        "{out}"
    );
}

#[test]
fn recursive_fields_get_no_bound() {
    let out = expand(quote!(
        struct Tree {
            kids: Vec<Tree>,
            w: f64,
        }
    ));
    assert!(has(&out, "type Scalar = f64;"));
    assert!(!has(&out, "Vec<Tree>: ::autodiff"), "{out}");
    assert!(has(
        &out,
        "zip_leaves_mut(&mut self.kids, &__other.kids, __f)"
    ));
}

#[test]
fn refusals_name_the_construct_and_the_way_out() {
    let e = error(quote!(
        enum E {
            A(f64),
        }
    ));
    assert!(e.contains("does not support enums") && e.contains("put the parameters in a struct"));
    let e = error(quote!(
        union U {
            a: f64,
        }
    ));
    assert!(e.contains("does not support unions"));
    let e = error(quote!(
        struct T {
            kids: Vec<T>,
        }
    ));
    assert!(e.contains("does not contain `T` itself"));
}

#[test]
fn structs_of_constants_have_no_leaves() {
    // A unit struct, and a struct whose fields are all constants (an integer is one
    // without the mark): `f64` and nothing to visit.
    for item in [
        quote!(
            struct Unit;
        ),
        quote!(
            struct C {
                n: usize,
                #[no_grad]
                w: f64,
                name: String,
            }
        ),
    ] {
        let out = expand(item);
        assert!(has(&out, "type Scalar = f64;"), "{out}");
        assert!(!has(&out, "__f("), "{out}");
    }
    // Mixed: the integer is skipped, the float visited.
    let out = expand(quote!(
        struct M {
            k: u32,
            x: f32,
        }
    ));
    assert!(
        has(&out, "type Scalar = f32;") && !has(&out, "self.k +"),
        "{out}"
    );
}

#[test]
fn all_malformed_marks_are_reported_at_once() {
    let e = error(quote!(
        #[no_grad]
        struct S {
            #[no_grad(always)]
            a: usize,
            #[no_grad = "yes"]
            b: usize,
            c: f64,
        }
    ));
    assert_eq!(e.matches("takes no arguments").count(), 2, "{e}");
    assert!(e.contains("goes on a field, not on the struct"));
}
