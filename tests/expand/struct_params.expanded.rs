#[allow(dead_code)]
fn loss<T: Float + 'static>(p: &Layer<T>, x: &Array2<T>, targets: &[usize]) -> T {
    let h = &x.dot(&p.w) + &p.b;
    ops::cross_entropy(&h, targets) * p.gain
}
/// Forward mode of [`loss`]: its value and its directional derivative along the tangents `p_dot`, `x_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn loss_jvp<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
    p_dot: &Layer<T>,
    x_dot: &Array2<T>,
) -> (T, T)
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
{
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let p_w = __ad::array_field(&p.w);
    let p_w_dot_zero;
    let p_w_dot = if __ad::is_constant_field(p_dot, "w") {
        p_w_dot_zero = __ad::Differentiable::zero_like(&p.w);
        &p_w_dot_zero
    } else {
        &p_dot.w
    };
    let p_b = __ad::array_field(&p.b);
    let p_b_dot_zero;
    let p_b_dot = if __ad::is_constant_field(p_dot, "b") {
        p_b_dot_zero = __ad::Differentiable::zero_like(&p.b);
        &p_b_dot_zero
    } else {
        &p_dot.b
    };
    let p_gain = __ad::float_field(p.gain);
    let p_gain_dot = if __ad::is_constant_field(p_dot, "gain") {
        __ad::zero()
    } else {
        p_dot.gain
    };
    let (product, product_dot) = ::autodiff::ops::product::jvp_all(
        x,
        p_w,
        x_dot,
        p_w_dot,
    );
    let (h, h_dot) = ::autodiff::ops::add::jvp_all(&product, p_b, &product_dot, p_b_dot);
    let (call, call_dot) = ops::cross_entropy::jvp_all(&h, targets, &h_dot);
    let ret = call * p_gain;
    let ret_dot = __ad::mul_add(call_dot, p_gain, call * p_gain_dot);
    let __tangent = ret_dot;
    (ret, __tangent)
}
/// Reverse mode of [`loss`], split: runs `loss` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn loss_pullback<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
) -> (
    T,
    impl ::core::ops::FnOnce(&Layer<T>, &Array2<T>, &[usize], T) -> (Layer<T>, Array2<T>),
)
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
{
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let p_w = __ad::array_field(&p.w);
    let p_b = __ad::array_field(&p.b);
    let p_gain = __ad::float_field(p.gain);
    let (product, product_pb) = ::autodiff::ops::product::pullback_all(x, p_w);
    let (h, add_pb) = ::autodiff::ops::add::pullback_all(&product, p_b);
    let (call, call_pb) = ops::cross_entropy::pullback_all(&h, targets);
    let ret = call * p_gain;
    let pullback = move |
        p: &Layer<T>,
        x: &Array2<T>,
        targets: &[usize],
        dout: T,
    | -> (Layer<T>, Array2<T>) {
        let p_w = &p.w;
        let p_b = &p.b;
        let mut ret_bar = dout;
        let mut p_bar = __ad::Differentiable::zero_like(p);
        let mut x_bar = ::core::option::Option::None;
        let mut p_w_bar = ::core::option::Option::None;
        let mut product_bar = ::core::option::Option::None;
        let mut p_b_bar = ::core::option::Option::None;
        let mut h_bar = ::core::option::Option::None;
        let mut call_bar: T = __ad::zero();
        let mut p_gain_bar: T = __ad::zero();
        call_bar = call_bar + ret_bar * p_gain;
        p_gain_bar = p_gain_bar + ret_bar * call;
        {
            let (ct0,) = call_pb(&h, targets, call_bar);
            __ad::accumulate_nd(&mut h_bar, __ad::cotangent::<T, _>(ct0));
        }
        {
            let (ct0, ct1) = add_pb(&product, p_b, __ad::finish_nd(h_bar, &h));
            __ad::accumulate_nd(&mut product_bar, __ad::cotangent::<T, _>(ct0));
            __ad::accumulate_nd(&mut p_b_bar, __ad::cotangent::<T, _>(ct1));
        }
        {
            let (ct0, ct1) = product_pb(x, p_w, __ad::finish_nd(product_bar, &product));
            __ad::accumulate_nd(&mut x_bar, __ad::cotangent::<T, _>(ct0));
            __ad::accumulate_nd(&mut p_w_bar, __ad::cotangent::<T, _>(ct1));
        }
        if !__ad::is_constant_field(&p_bar, "w") {
            __ad::accumulate_lazy(&mut p_bar.w, p_w_bar);
        }
        if !__ad::is_constant_field(&p_bar, "b") {
            __ad::accumulate_lazy(&mut p_bar.b, p_b_bar);
        }
        if !__ad::is_constant_field(&p_bar, "gain") {
            __ad::accumulate_float(&mut p_bar.gain, p_gain_bar);
        }
        (p_bar, __ad::finish_nd(x_bar, &x))
    };
    (ret, pullback)
}
/// Reverse mode of [`loss`]: its value, then the cotangents `p_bar`, `x_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂loss/∂x.
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
fn loss_vjp<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
    dout: T,
) -> (T, Layer<T>, Array2<T>)
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
{
    let (value, pullback) = loss_pullback(p, x, targets);
    let (p_bar, x_bar) = pullback(p, x, targets, dout);
    (value, p_bar, x_bar)
}
/// The gradient of [`loss`]: its value, then ∂loss/∂x for each active parameter (`loss_vjp` seeded with 1).
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
fn loss_grad<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
) -> (T, Layer<T>, Array2<T>)
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
{
    loss_vjp(p, x, targets, <T as ::autodiff::__private::One>::one())
}
/// Checks the derivatives of [`loss`] at this point: the gradient of each active parameter against central differences of `loss` (the report names the parameter and coordinate), `loss_jvp` against the gradient along a random direction, and `loss_hvp` against differences of `loss_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
#[allow(clippy::multiple_bound_locations)]
fn loss_gradcheck<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
) -> ::core::result::Result<(), ::autodiff::GradcheckReport>
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
    T: ::autodiff::__private::AtF64,
{
    loss_gradcheck_with(p, x, targets, ::autodiff::__private::tolerance_for::<T>())
}
/// [`loss_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
#[allow(clippy::multiple_bound_locations)]
fn loss_gradcheck_with<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport>
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
    T: ::autodiff::__private::AtF64,
{
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<T as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
        __ad::Differentiable::to_flat(p).flatten(), x.flatten()
    ];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| __ad::AtF64::to_f64(
            loss(
                &__ad::rebuilt_like(
                    p,
                    &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                ),
                &__ad::reshape_like(
                    &x,
                    &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                ),
                targets,
            ),
        ),
        |__v: &[f64]| {
            let (_, __p, __x) = loss_grad(
                &__ad::rebuilt_like(
                    p,
                    &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                ),
                &__ad::reshape_like(
                    &x,
                    &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                ),
                targets,
            );
            [__ad::Differentiable::to_flat(&__p).flatten(), __x.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| __ad::AtF64::to_f64(
            loss_jvp(
                    &__ad::rebuilt_like(
                        p,
                        &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                    ),
                    &__ad::reshape_like(
                        &x,
                        &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                    ),
                    targets,
                    &__ad::rebuilt_like(
                        p,
                        &__ad::seq_from_f64::<T>(&__d[__ranges[0usize].clone()]),
                    ),
                    &__ad::reshape_like(
                        &x,
                        &__ad::seq_from_f64::<T>(&__d[__ranges[1usize].clone()]),
                    ),
                )
                .1,
        ),
        |__v: &[f64], __d: &[f64]| {
            let (_, _, _, __hv_p, __hv_x) = loss_hvp(
                &__ad::rebuilt_like(
                    p,
                    &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                ),
                &__ad::reshape_like(
                    &x,
                    &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                ),
                targets,
                &__ad::rebuilt_like(
                    p,
                    &__ad::seq_from_f64::<T>(&__d[__ranges[0usize].clone()]),
                ),
                &__ad::reshape_like(
                    &x,
                    &__ad::seq_from_f64::<T>(&__d[__ranges[1usize].clone()]),
                ),
            );
            [__ad::Differentiable::to_flat(&__hv_p).flatten(), __hv_x.flatten()].concat()
        },
        &__point,
        &[("p", __ranges[0usize].clone()), ("x", __ranges[1usize].clone())],
        __tol,
    )
}
/// Hessian-vector product of [`loss`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (p_dot, x_dot)`, in one pass and without forming the Hessian (`loss`'s own pullback run on dual numbers; struct parameters are seeded through `DualTwin`).
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
fn loss_hvp<T: Float + 'static>(
    p: &Layer<T>,
    x: &Array2<T>,
    targets: &[usize],
    p_dot: &Layer<T>,
    x_dot: &Array2<T>,
) -> (T, Layer<T>, Array2<T>, Layer<T>, Array2<T>)
where
    Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
    ::autodiff::__private::Dual<T>: Float + 'static,
    Layer<
        ::autodiff::__private::Dual<T>,
    >: ::autodiff::__private::Differentiable<Scalar = ::autodiff::__private::Dual<T>>,
    Layer<
        T,
    >: ::autodiff::__private::DualTwin<T, Dual = Layer<::autodiff::__private::Dual<T>>>,
{
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let p_dual = __ad::DualTwin::duals(p, p_dot);
    let x_dual = __ad::duals_nd(x, x_dot);
    let (value, pullback) = loss_pullback(&p_dual, &x_dual, targets);
    let (p_bar, x_bar) = pullback(
        &p_dual,
        &x_dual,
        targets,
        __ad::Dual::constant(<T as ::autodiff::__private::One>::one()),
    );
    (
        value.primal,
        __ad::DualTwin::primals(&p_bar),
        __ad::primals_nd(&x_bar),
        __ad::DualTwin::tangents(&p_bar),
        __ad::tangents_nd(&x_bar),
    )
}
/// The derivatives of [`loss`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct loss {}
#[allow(dead_code)]
impl loss {
    /// [`loss_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all<T: Float + 'static>(
        p: &Layer<T>,
        x: &Array2<T>,
        targets: &[usize],
        p_dot: &Layer<T>,
        x_dot: &Array2<T>,
    ) -> (T, T)
    where
        Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        loss_jvp(p, x, targets, p_dot, x_dot)
    }
    /// [`loss_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
    fn pullback_all<T: Float + 'static>(
        p: &Layer<T>,
        x: &Array2<T>,
        targets: &[usize],
    ) -> (
        T,
        impl ::core::ops::FnOnce(
            &Layer<T>,
            &Array2<T>,
            &[usize],
            T,
        ) -> (Layer<T>, Array2<T>),
    )
    where
        Layer<T>: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        loss_pullback(p, x, targets)
    }
}
