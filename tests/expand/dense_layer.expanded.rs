#[allow(dead_code)]
fn dense(x: &Array2<f64>, w: &Array2<f64>, b: &Array1<f64>) -> f64 {
    let h = x.dot(w) + b;
    let y = h.mapv(f64::tanh);
    y.sum()
}
/// Forward mode of [`dense`]: its value and its directional derivative along the tangents `x_dot`, `w_dot`, `b_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn dense_jvp(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
    x_dot: &Array2<f64>,
    w_dot: &Array2<f64>,
    b_dot: &Array1<f64>,
) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (matmul, matmul_dot) = ::autodiff::ops::matmul::jvp_all(x, w, x_dot, w_dot);
    let (h, h_dot) = ::autodiff::ops::add::jvp_all(&matmul, b, &matmul_dot, b_dot);
    let (y, y_dot) = ::autodiff::ops::tanh::jvp_all(&h, &h_dot);
    let (sum_2, sum_2_dot) = ::autodiff::ops::sum::jvp_all(&y, &y_dot);
    let ret = sum_2;
    let ret_dot = sum_2_dot;
    let __tangent = ret_dot;
    (ret, __tangent)
}
/// Reverse mode of [`dense`], split: runs `dense` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn dense_pullback(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &Array2<f64>,
        &Array2<f64>,
        &Array1<f64>,
        f64,
    ) -> (Array2<f64>, Array2<f64>, Array1<f64>),
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (matmul, matmul_pb) = ::autodiff::ops::matmul::pullback_all(x, w);
    let (h, add_pb) = ::autodiff::ops::add::pullback_all(&matmul, b);
    let (y, tanh_2_pb) = ::autodiff::ops::tanh::pullback_all(&h);
    let (sum_2, sum_2_pb) = ::autodiff::ops::sum::pullback_all(&y);
    let ret = sum_2;
    let pullback = move |
        x: &Array2<f64>,
        w: &Array2<f64>,
        b: &Array1<f64>,
        dout: f64,
    | -> (Array2<f64>, Array2<f64>, Array1<f64>) {
        let mut ret_bar = dout;
        let mut x_bar = ::core::option::Option::None;
        let mut w_bar = ::core::option::Option::None;
        let mut b_bar = ::core::option::Option::None;
        let mut matmul_bar = ::core::option::Option::None;
        let mut h_bar = ::core::option::Option::None;
        let mut y_bar = ::core::option::Option::None;
        let mut sum_2_bar: f64 = 0.0;
        sum_2_bar += ret_bar;
        {
            let (ct0,) = sum_2_pb(&y, sum_2_bar);
            __ad::accumulate_nd(&mut y_bar, __ad::cotangent::<f64, _>(ct0));
        }
        {
            let (ct0,) = tanh_2_pb(&h, __ad::finish_nd(y_bar, &y));
            __ad::accumulate_nd(&mut h_bar, __ad::cotangent::<f64, _>(ct0));
        }
        {
            let (ct0, ct1) = add_pb(&matmul, b, __ad::finish_nd(h_bar, &h));
            __ad::accumulate_nd(&mut matmul_bar, __ad::cotangent::<f64, _>(ct0));
            __ad::accumulate_nd(&mut b_bar, __ad::cotangent::<f64, _>(ct1));
        }
        {
            let (ct0, ct1) = matmul_pb(x, w, __ad::finish_nd(matmul_bar, &matmul));
            __ad::accumulate_nd(&mut x_bar, __ad::cotangent::<f64, _>(ct0));
            __ad::accumulate_nd(&mut w_bar, __ad::cotangent::<f64, _>(ct1));
        }
        (
            __ad::finish_nd(x_bar, &x),
            __ad::finish_nd(w_bar, &w),
            __ad::finish_nd(b_bar, &b),
        )
    };
    (ret, pullback)
}
/// Reverse mode of [`dense`]: its value, then the cotangents `x_bar`, `w_bar`, `b_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂dense/∂x.
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
fn dense_vjp(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
    dout: f64,
) -> (f64, Array2<f64>, Array2<f64>, Array1<f64>) {
    let (value, pullback) = dense_pullback(x, w, b);
    let (x_bar, w_bar, b_bar) = pullback(x, w, b, dout);
    (value, x_bar, w_bar, b_bar)
}
/// The gradient of [`dense`]: its value, then ∂dense/∂x for each active parameter (`dense_vjp` seeded with 1).
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
fn dense_grad(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
) -> (f64, Array2<f64>, Array2<f64>, Array1<f64>) {
    dense_vjp(x, w, b, 1.0)
}
/// Hessian-vector product of [`dense`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot, w_dot, b_dot)`, in one pass and without forming the Hessian.
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
fn dense_hvp(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
    x_dot: &Array2<f64>,
    w_dot: &Array2<f64>,
    b_dot: &Array1<f64>,
) -> (
    f64,
    Array2<f64>,
    Array2<f64>,
    Array1<f64>,
    Array2<f64>,
    Array2<f64>,
    Array1<f64>,
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let x_dual = __ad::duals_nd(x, x_dot);
    let w_dual = __ad::duals_nd(w, w_dot);
    let b_dual = __ad::duals_nd(b, b_dot);
    let (value, pullback) = dense::dual_pullback_all(&x_dual, &w_dual, &b_dual);
    let (x_bar, w_bar, b_bar) = pullback(
        &x_dual,
        &w_dual,
        &b_dual,
        __ad::Dual::constant(1.0),
    );
    (
        value.primal,
        __ad::primals_nd(&x_bar),
        __ad::primals_nd(&w_bar),
        __ad::primals_nd(&b_bar),
        __ad::tangents_nd(&x_bar),
        __ad::tangents_nd(&w_bar),
        __ad::tangents_nd(&b_bar),
    )
}
/// Checks the derivatives of [`dense`] at this point: the gradient of each active parameter against central differences of `dense` (the report names the parameter and coordinate), `dense_jvp` against the gradient along a random direction, and `dense_hvp` against differences of `dense_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn dense_gradcheck(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    dense_gradcheck_with(x, w, b, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`dense_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn dense_gradcheck_with(
    x: &Array2<f64>,
    w: &Array2<f64>,
    b: &Array1<f64>,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
        x.flatten(), w.flatten(), b.flatten()
    ];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| dense(
            &__ad::reshape_like(&x, &__v[__ranges[0usize].clone()]),
            &__ad::reshape_like(&w, &__v[__ranges[1usize].clone()]),
            &__ad::reshape_like(&b, &__v[__ranges[2usize].clone()]),
        ),
        |__v: &[f64]| {
            let (_, __x, __w, __b) = dense_grad(
                &__ad::reshape_like(&x, &__v[__ranges[0usize].clone()]),
                &__ad::reshape_like(&w, &__v[__ranges[1usize].clone()]),
                &__ad::reshape_like(&b, &__v[__ranges[2usize].clone()]),
            );
            [__x.flatten(), __w.flatten(), __b.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            dense_jvp(
                    &__ad::reshape_like(&x, &__v[__ranges[0usize].clone()]),
                    &__ad::reshape_like(&w, &__v[__ranges[1usize].clone()]),
                    &__ad::reshape_like(&b, &__v[__ranges[2usize].clone()]),
                    &__ad::reshape_like(&x, &__d[__ranges[0usize].clone()]),
                    &__ad::reshape_like(&w, &__d[__ranges[1usize].clone()]),
                    &__ad::reshape_like(&b, &__d[__ranges[2usize].clone()]),
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, _, _, __hv_x, __hv_w, __hv_b) = dense_hvp(
                &__ad::reshape_like(&x, &__v[__ranges[0usize].clone()]),
                &__ad::reshape_like(&w, &__v[__ranges[1usize].clone()]),
                &__ad::reshape_like(&b, &__v[__ranges[2usize].clone()]),
                &__ad::reshape_like(&x, &__d[__ranges[0usize].clone()]),
                &__ad::reshape_like(&w, &__d[__ranges[1usize].clone()]),
                &__ad::reshape_like(&b, &__d[__ranges[2usize].clone()]),
            );
            [__hv_x.flatten(), __hv_w.flatten(), __hv_b.flatten()].concat()
        },
        &__point,
        &[
            ("x", __ranges[0usize].clone()),
            ("w", __ranges[1usize].clone()),
            ("b", __ranges[2usize].clone()),
        ],
        __tol,
    )
}
/// The derivatives of [`dense`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct dense {}
#[allow(dead_code)]
impl dense {
    /// [`dense_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(
        x: &Array2<f64>,
        w: &Array2<f64>,
        b: &Array1<f64>,
        x_dot: &Array2<f64>,
        w_dot: &Array2<f64>,
        b_dot: &Array1<f64>,
    ) -> (f64, f64) {
        dense_jvp(x, w, b, x_dot, w_dot, b_dot)
    }
    /// [`dense_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
    fn pullback_all(
        x: &Array2<f64>,
        w: &Array2<f64>,
        b: &Array1<f64>,
    ) -> (
        f64,
        impl ::core::ops::FnOnce(
            &Array2<f64>,
            &Array2<f64>,
            &Array1<f64>,
            f64,
        ) -> (Array2<f64>, Array2<f64>, Array1<f64>),
    ) {
        dense_pullback(x, w, b)
    }
    /// [`dense_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
        x: &Array2<::autodiff::__private::Dual<f64>>,
        w: &Array2<::autodiff::__private::Dual<f64>>,
        b: &Array1<::autodiff::__private::Dual<f64>>,
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            &Array2<::autodiff::__private::Dual<f64>>,
            &Array2<::autodiff::__private::Dual<f64>>,
            &Array1<::autodiff::__private::Dual<f64>>,
            ::autodiff::__private::Dual<f64>,
        ) -> (
                Array2<::autodiff::__private::Dual<f64>>,
                Array2<::autodiff::__private::Dual<f64>>,
                Array1<::autodiff::__private::Dual<f64>>,
            ),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let (matmul, matmul_pb) = ::autodiff::ops::matmul::dual_pullback_all(x, w);
        let (h, add_pb) = ::autodiff::ops::add::dual_pullback_all(&matmul, b);
        let (y, tanh_2_pb) = ::autodiff::ops::tanh::dual_pullback_all(&h);
        let (sum_2, sum_2_pb) = ::autodiff::ops::sum::dual_pullback_all(&y);
        let ret = sum_2;
        let pullback = move |
            x: &Array2<::autodiff::__private::Dual<f64>>,
            w: &Array2<::autodiff::__private::Dual<f64>>,
            b: &Array1<::autodiff::__private::Dual<f64>>,
            dout: ::autodiff::__private::Dual<f64>,
        | -> (
            Array2<::autodiff::__private::Dual<f64>>,
            Array2<::autodiff::__private::Dual<f64>>,
            Array1<::autodiff::__private::Dual<f64>>,
        ) {
            let mut ret_bar = dout;
            let mut x_bar = ::core::option::Option::None;
            let mut w_bar = ::core::option::Option::None;
            let mut b_bar = ::core::option::Option::None;
            let mut matmul_bar = ::core::option::Option::None;
            let mut h_bar = ::core::option::Option::None;
            let mut y_bar = ::core::option::Option::None;
            let mut sum_2_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            sum_2_bar += ret_bar;
            {
                let (ct0,) = sum_2_pb(&y, sum_2_bar);
                __ad::accumulate_nd(&mut y_bar, __ad::cotangent::<f64, _>(ct0));
            }
            {
                let (ct0,) = tanh_2_pb(&h, __ad::finish_nd(y_bar, &y));
                __ad::accumulate_nd(&mut h_bar, __ad::cotangent::<f64, _>(ct0));
            }
            {
                let (ct0, ct1) = add_pb(&matmul, b, __ad::finish_nd(h_bar, &h));
                __ad::accumulate_nd(&mut matmul_bar, __ad::cotangent::<f64, _>(ct0));
                __ad::accumulate_nd(&mut b_bar, __ad::cotangent::<f64, _>(ct1));
            }
            {
                let (ct0, ct1) = matmul_pb(x, w, __ad::finish_nd(matmul_bar, &matmul));
                __ad::accumulate_nd(&mut x_bar, __ad::cotangent::<f64, _>(ct0));
                __ad::accumulate_nd(&mut w_bar, __ad::cotangent::<f64, _>(ct1));
            }
            (
                __ad::finish_nd(x_bar, &x),
                __ad::finish_nd(w_bar, &w),
                __ad::finish_nd(b_bar, &b),
            )
        };
        (ret, pullback)
    }
}
