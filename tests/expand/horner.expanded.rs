#[allow(dead_code)]
fn horner(x: f64, c: &[f64]) -> f64 {
    let mut acc = 0.0;
    for i in (0..c.len()).rev() {
        acc = acc * x + c[i];
    }
    acc
}
/// Forward mode of [`horner`]: its value and its directional derivative along the tangents `x_dot`, `c_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_jvp(x: f64, c: &[f64], x_dot: f64, c_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        x: f64,
        c: &[f64],
        x_dot: f64,
        c_dot: &[f64],
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(c.len(), c_dot.len(), "c_dot", "c");
        let mut acc = 0.0;
        let lo = 0;
        let hi = c.len();
        let mut acc_dot: f64 = 0.0;
        for i in (lo..hi).rev() {
            acc_dot = __Fma::mul_add(acc_dot, x, acc * x_dot) + c_dot[i];
            acc = acc * x + c[i];
        }
        let ret = acc;
        let ret_dot = acc_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, x, c, x_dot, c_dot))
    } else {
        __jvp_body(__ad::Separate, x, c, x_dot, c_dot)
    }
}
/// Reverse mode of [`horner`], split: runs `horner` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
#[inline]
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_pullback(
    x: f64,
    c: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], f64) -> (f64, ::std::vec::Vec<f64>)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = horner::pullback_all(x, c);
    let pullback = move |c: &[f64], dout: f64| -> (f64, ::std::vec::Vec<f64>) {
        pullback(c, dout, __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`horner`]: its value, then the cotangents `x_bar`, `c_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂horner/∂x.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_vjp(x: f64, c: &[f64], dout: f64) -> (f64, f64, ::std::vec::Vec<f64>) {
    let (value, pullback) = horner_pullback(x, c);
    let (x_bar, c_bar) = pullback(c, dout);
    (value, x_bar, c_bar)
}
/// The gradient of [`horner`]: its value, then ∂horner/∂x for each active parameter (`horner_vjp` seeded with 1).
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_grad(x: f64, c: &[f64]) -> (f64, f64, ::std::vec::Vec<f64>) {
    horner_vjp(x, c, 1.0)
}
/// Hessian-vector product of [`horner`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot, c_dot)`, in one pass and without forming the Hessian.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_hvp(
    x: f64,
    c: &[f64],
    x_dot: f64,
    c_dot: &[f64],
) -> (f64, f64, ::std::vec::Vec<f64>, f64, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let c_dual = __ad::pool::duals(&c, &c_dot);
    let (value, pullback) = horner::dual_pullback_all(
        __ad::Dual::new(x, x_dot),
        &c_dual,
    );
    let (x_bar, c_bar) = pullback(
        &c_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(c.len()),
    );
    let result = (
        value.primal,
        x_bar.primal,
        __ad::primals(&c_bar),
        x_bar.tangent,
        __ad::tangents(&c_bar),
    );
    __ad::pool::give_back(c_bar);
    __ad::pool::give_back(c_dual);
    result
}
/// Checks the derivatives of [`horner`] at this point: the gradient of each active parameter against central differences of `horner` (the report names the parameter and coordinate), `horner_jvp` against the gradient along a random direction, and `horner_hvp` against differences of `horner_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_gradcheck(
    x: f64,
    c: &[f64],
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    horner_gradcheck_with(x, c, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`horner_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
#[allow(
    dead_code,
    unused_mut,
    unused_imports,
    unused_variables,
    unused_assignments,
    unused_parens,
    unreachable_code,
    non_snake_case,
    clippy::needless_late_init,
    clippy::diverging_sub_expression,
    clippy::manual_div_ceil,
    clippy::too_many_arguments,
    clippy::type_complexity,
    clippy::let_and_return,
    clippy::assign_op_pattern,
    clippy::neg_multiply,
    clippy::double_parens,
    clippy::unnecessary_cast,
    clippy::identity_op,
    clippy::ptr_arg,
    clippy::clone_on_copy,
    clippy::boxed_local,
    clippy::unused_unit
)]
fn horner_gradcheck_with(
    x: f64,
    c: &[f64],
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
        x.flatten(), c.flatten()
    ];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| horner(
            __v[__ranges[0usize].start],
            &__v[__ranges[1usize].clone()],
        ),
        |__v: &[f64]| {
            let (_, __x, __c) = horner_grad(
                __v[__ranges[0usize].start],
                &__v[__ranges[1usize].clone()],
            );
            [__x.flatten(), __c.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            horner_jvp(
                    __v[__ranges[0usize].start],
                    &__v[__ranges[1usize].clone()],
                    __d[__ranges[0usize].start],
                    &__d[__ranges[1usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, _, __hv_x, __hv_c) = horner_hvp(
                __v[__ranges[0usize].start],
                &__v[__ranges[1usize].clone()],
                __d[__ranges[0usize].start],
                &__d[__ranges[1usize].clone()],
            );
            [__hv_x.flatten(), __hv_c.flatten()].concat()
        },
        &__point,
        &[("x", __ranges[0usize].clone()), ("c", __ranges[1usize].clone())],
        __tol,
    )
}
/// The derivatives of [`horner`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct horner {}
#[allow(dead_code)]
impl horner {
    /// [`horner_jvp`] for differentiated callers, which pass a tangent for every float parameter.
    #[doc(hidden)]
    #[inline]
    #[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        non_snake_case,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local,
        clippy::unused_unit
    )]
    fn jvp_all(x: f64, c: &[f64], x_dot: f64, c_dot: &[f64]) -> (f64, f64) {
        horner_jvp(x, c, x_dot, c_dot)
    }
    /// [`horner_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
    #[doc(hidden)]
    #[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        non_snake_case,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local,
        clippy::unused_unit
    )]
    fn pullback_all(
        x: f64,
        c: &[f64],
    ) -> (
        f64,
        impl ::core::ops::FnOnce(
            &[f64],
            f64,
            ::std::vec::Vec<f64>,
        ) -> (f64, ::std::vec::Vec<f64>),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut acc_tape = __ad::SaveStack::pooled();
        let mut acc = 0.0;
        let lo = 0;
        let hi = c.len();
        acc_tape.reserve_for(&(lo..hi).rev(), 1);
        for i in (lo..hi).rev() {
            acc_tape.push(acc);
            acc = acc * x + c[i];
        }
        let ret = acc;
        let pullback = move |
            c: &[f64],
            dout: f64,
            c_acc: ::std::vec::Vec<f64>,
        | -> (f64, ::std::vec::Vec<f64>) {
            let mut ret_bar = dout;
            let mut x_bar: f64 = 0.0;
            let mut c_bar = __ad::accumulator(c_acc, &c);
            let mut acc_bar: f64 = 0.0;
            acc_bar += ret_bar;
            for i in lo..hi {
                {
                    let g0 = acc_bar;
                    acc = acc_tape.pop();
                    acc_bar = g0 * x;
                    x_bar += g0 * acc;
                    c_bar[i] += g0;
                }
            }
            (x_bar, c_bar)
        };
        (ret, pullback)
    }
    /// [`horner_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
    #[doc(hidden)]
    #[allow(
        dead_code,
        unused_mut,
        unused_imports,
        unused_variables,
        unused_assignments,
        unused_parens,
        unreachable_code,
        non_snake_case,
        clippy::needless_late_init,
        clippy::diverging_sub_expression,
        clippy::manual_div_ceil,
        clippy::too_many_arguments,
        clippy::type_complexity,
        clippy::let_and_return,
        clippy::assign_op_pattern,
        clippy::neg_multiply,
        clippy::double_parens,
        clippy::unnecessary_cast,
        clippy::identity_op,
        clippy::ptr_arg,
        clippy::clone_on_copy,
        clippy::boxed_local,
        clippy::unused_unit
    )]
    fn dual_pullback_all(
        x: ::autodiff::__private::Dual<f64>,
        c: &[::autodiff::__private::Dual<f64>],
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            &[::autodiff::__private::Dual<f64>],
            ::autodiff::__private::Dual<f64>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        ) -> (
                ::autodiff::__private::Dual<f64>,
                ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            ),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut acc_tape = __ad::SaveStack::pooled();
        let mut acc = __ad::lift(0.0);
        let lo = 0;
        let hi = c.len();
        acc_tape.reserve_for(&(lo..hi).rev(), 1);
        for i in (lo..hi).rev() {
            acc_tape.push(acc);
            acc = acc * x + c[i];
        }
        let ret = acc;
        let pullback = move |
            c: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            c_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (
            ::autodiff::__private::Dual<f64>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        ) {
            let mut ret_bar = dout;
            let mut x_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            let mut c_bar = __ad::accumulator(c_acc, &c);
            let mut acc_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            acc_bar += ret_bar;
            for i in lo..hi {
                {
                    let g0 = acc_bar;
                    acc = acc_tape.pop();
                    acc_bar = g0 * x;
                    x_bar += g0 * acc;
                    c_bar[i] += g0;
                }
            }
            (x_bar, c_bar)
        };
        (ret, pullback)
    }
}
