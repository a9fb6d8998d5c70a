#[allow(dead_code)]
fn mass_chain(k: &[f64], x0: &[f64], steps: usize) -> f64 {
    let n = x0.len();
    let mut x = x0.to_vec();
    let mut v = vec![0.0; n];
    let mut loss = 0.0;
    for _ in 0..steps {
        for i in 1..n - 1 {
            let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1]) - 0.1 * v[i];
            v[i] += 0.01 * a;
        }
        for i in 1..n - 1 {
            x[i] += 0.01 * v[i];
            loss += x[i] * x[i];
        }
    }
    loss
}
/// Forward mode of [`mass_chain`]: its value and its directional derivative along the tangents `k_dot`, `x0_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn mass_chain_jvp(
    k: &[f64],
    x0: &[f64],
    steps: usize,
    k_dot: &[f64],
    x0_dot: &[f64],
) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        k: &[f64],
        x0: &[f64],
        steps: usize,
        k_dot: &[f64],
        x0_dot: &[f64],
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(k.len(), k_dot.len(), "k_dot", "k");
        __ad::check_tangent_len(x0.len(), x0_dot.len(), "x0_dot", "x0");
        let n = x0.len();
        let mut x = x0.to_vec();
        let mut x_dot = x0_dot.to_vec();
        let mut v = ::std::vec![0.0; n];
        let mut v_dot = __ad::zeros_like(&v);
        let mut loss = 0.0;
        let lo = 0;
        let hi = steps;
        let mut loss_dot: f64 = 0.0;
        for _ in lo..hi {
            let lo_2 = 1;
            let hi_2 = n - 1;
            for i in lo_2..hi_2 {
                let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1])
                    - 0.1 * v[i];
                let a_dot = __Fma::mul_add(
                    v_dot[i],
                    -0.1,
                    __Fma::mul_add(
                        k_dot[i],
                        (x[i + 1] - x[i]),
                        k[i] * (x_dot[i + 1] - x_dot[i]),
                    )
                        - __Fma::mul_add(
                            k_dot[i - 1],
                            (x[i] - x[i - 1]),
                            k[i - 1] * (x_dot[i] - x_dot[i - 1]),
                        ),
                );
                v[i] = v[i] + (0.01 * a);
                v_dot[i] += a_dot * 0.01;
            }
            let lo_3 = 1;
            let hi_3 = n - 1;
            for i_2 in lo_3..hi_3 {
                x[i_2] = x[i_2] + (0.01 * v[i_2]);
                loss += x[i_2] * x[i_2];
                x_dot[i_2] += v_dot[i_2] * 0.01;
                loss_dot += x_dot[i_2] * (x[i_2] + x[i_2]);
            }
        }
        let ret = loss;
        let ret_dot = loss_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, k, x0, steps, k_dot, x0_dot))
    } else {
        __jvp_body(__ad::Separate, k, x0, steps, k_dot, x0_dot)
    }
}
/// Reverse mode of [`mass_chain`], split: runs `mass_chain` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn mass_chain_pullback(
    k: &[f64],
    x0: &[f64],
    steps: usize,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &[f64],
        f64,
    ) -> (::std::vec::Vec<f64>, ::std::vec::Vec<f64>),
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = mass_chain::pullback_all(k, x0, steps);
    let pullback = move |
        k: &[f64],
        x0: &[f64],
        dout: f64,
    | -> (::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
        pullback(k, x0, dout, __ad::no_accumulator(), __ad::no_accumulator())
    };
    (value, pullback)
}
/// Reverse mode of [`mass_chain`]: its value, then the cotangents `k_bar`, `x0_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂mass_chain/∂x.
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
fn mass_chain_vjp(
    k: &[f64],
    x0: &[f64],
    steps: usize,
    dout: f64,
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    let (value, pullback) = mass_chain_pullback(k, x0, steps);
    let (k_bar, x0_bar) = pullback(k, x0, dout);
    (value, k_bar, x0_bar)
}
/// The gradient of [`mass_chain`]: its value, then ∂mass_chain/∂x for each active parameter (`mass_chain_vjp` seeded with 1).
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
fn mass_chain_grad(
    k: &[f64],
    x0: &[f64],
    steps: usize,
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    mass_chain_vjp(k, x0, steps, 1.0)
}
/// Hessian-vector product of [`mass_chain`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (k_dot, x0_dot)`, in one pass and without forming the Hessian.
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
fn mass_chain_hvp(
    k: &[f64],
    x0: &[f64],
    steps: usize,
    k_dot: &[f64],
    x0_dot: &[f64],
) -> (
    f64,
    ::std::vec::Vec<f64>,
    ::std::vec::Vec<f64>,
    ::std::vec::Vec<f64>,
    ::std::vec::Vec<f64>,
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let k_dual = __ad::pool::duals(&k, &k_dot);
    let x0_dual = __ad::pool::duals(&x0, &x0_dot);
    let (value, pullback) = mass_chain::dual_pullback_all(&k_dual, &x0_dual, steps);
    let (k_bar, x0_bar) = pullback(
        &k_dual,
        &x0_dual,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(k.len()),
        __ad::pool::zeros(x0.len()),
    );
    let result = (
        value.primal,
        __ad::primals(&k_bar),
        __ad::primals(&x0_bar),
        __ad::tangents(&k_bar),
        __ad::tangents(&x0_bar),
    );
    __ad::pool::give_back(k_bar);
    __ad::pool::give_back(x0_bar);
    __ad::pool::give_back(k_dual);
    __ad::pool::give_back(x0_dual);
    result
}
/// Checks the derivatives of [`mass_chain`] at this point: the gradient of each active parameter against central differences of `mass_chain` (the report names the parameter and coordinate), `mass_chain_jvp` against the gradient along a random direction, and `mass_chain_hvp` against differences of `mass_chain_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn mass_chain_gradcheck(
    k: &[f64],
    x0: &[f64],
    steps: usize,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    mass_chain_gradcheck_with(
        k,
        x0,
        steps,
        ::autodiff::__private::tolerance_for::<f64>(),
    )
}
/// [`mass_chain_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn mass_chain_gradcheck_with(
    k: &[f64],
    x0: &[f64],
    steps: usize,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
        k.flatten(), x0.flatten()
    ];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| mass_chain(
            &__v[__ranges[0usize].clone()],
            &__v[__ranges[1usize].clone()],
            steps.clone(),
        ),
        |__v: &[f64]| {
            let (_, __k, __x0) = mass_chain_grad(
                &__v[__ranges[0usize].clone()],
                &__v[__ranges[1usize].clone()],
                steps.clone(),
            );
            [__k.flatten(), __x0.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            mass_chain_jvp(
                    &__v[__ranges[0usize].clone()],
                    &__v[__ranges[1usize].clone()],
                    steps.clone(),
                    &__d[__ranges[0usize].clone()],
                    &__d[__ranges[1usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, _, __hv_k, __hv_x0) = mass_chain_hvp(
                &__v[__ranges[0usize].clone()],
                &__v[__ranges[1usize].clone()],
                steps.clone(),
                &__d[__ranges[0usize].clone()],
                &__d[__ranges[1usize].clone()],
            );
            [__hv_k.flatten(), __hv_x0.flatten()].concat()
        },
        &__point,
        &[("k", __ranges[0usize].clone()), ("x0", __ranges[1usize].clone())],
        __tol,
    )
}
/// The derivatives of [`mass_chain`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct mass_chain {}
#[allow(dead_code)]
impl mass_chain {
    /// [`mass_chain_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
        k: &[f64],
        x0: &[f64],
        steps: usize,
        k_dot: &[f64],
        x0_dot: &[f64],
    ) -> (f64, f64) {
        mass_chain_jvp(k, x0, steps, k_dot, x0_dot)
    }
    /// [`mass_chain_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
    #[doc(hidden)]
    #[inline(never)]
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
        k: &[f64],
        x0: &[f64],
        steps: usize,
    ) -> (
        f64,
        impl ::core::ops::FnOnce(
            &[f64],
            &[f64],
            f64,
            ::std::vec::Vec<f64>,
            ::std::vec::Vec<f64>,
        ) -> (::std::vec::Vec<f64>, ::std::vec::Vec<f64>),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut x_elem_tape = __ad::SaveStack::pooled();
        let n = x0.len();
        let mut x = x0.to_vec();
        let mut v = ::std::vec![0.0; n];
        let mut loss = 0.0;
        let lo = 0;
        let hi = steps;
        {
            let mut x_elem_tape = x_elem_tape
                .reserved(__ad::room(&(lo..hi), || __ad::room(&(1..n - 1), || 1)));
            for _ in lo..hi {
                let lo_2 = 1;
                let hi_2 = n - 1;
                for i in lo_2..hi_2 {
                    let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1])
                        - 0.1 * v[i];
                    v[i] = v[i] + (0.01 * a);
                }
                let lo_3 = 1;
                let hi_3 = n - 1;
                if lo_3 < hi_3 {
                    x_elem_tape.extend_from_slice(&x[lo_3..hi_3]);
                }
                for i_2 in lo_3..hi_3 {
                    x[i_2] = x[i_2] + (0.01 * v[i_2]);
                    loss += x[i_2] * x[i_2];
                }
            }
        }
        let ret = loss;
        let pullback = move |
            k: &[f64],
            x0: &[f64],
            dout: f64,
            k_acc: ::std::vec::Vec<f64>,
            x0_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
            let mut ret_bar = dout;
            let mut k_bar = __ad::accumulator(k_acc, &k);
            let mut x0_bar = __ad::accumulator(x0_acc, &x0);
            let mut x_bar = __ad::zeros_like(&x);
            let mut v_bar = __ad::zeros_like(&v);
            let mut loss_bar: f64 = 0.0;
            loss_bar += ret_bar;
            for _ in (lo..hi).rev() {
                let lo_2 = 1;
                let hi_2 = n - 1;
                let lo_3 = 1;
                let hi_3 = n - 1;
                for i_2 in (lo_3..hi_3).rev() {
                    {
                        let g0 = loss_bar;
                        let t1 = x[i_2];
                        x_bar[i_2] += g0 * (t1 + t1);
                    }
                    {
                        let g0 = x_bar[i_2];
                        v_bar[i_2] += g0 * 0.01;
                    }
                }
                if lo_3 < hi_3 {
                    x_elem_tape.pop_into(&mut x[lo_3..hi_3]);
                }
                let mut k_bar_i_m1: f64 = 0.0;
                let mut k_bar_i: f64 = 0.0;
                let mut x_bar_i_m1: f64 = 0.0;
                let mut x_bar_i: f64 = 0.0;
                let mut x_bar_i_p1: f64 = 0.0;
                for i in (lo_2..hi_2).rev() {
                    let mut a_bar: f64 = 0.0;
                    {
                        let g0 = v_bar[i];
                        a_bar += g0 * 0.01;
                    }
                    {
                        let t0 = x[i + 1] - x[i];
                        let t1 = k[i];
                        let t4 = x[i] - x[i - 1];
                        let t5 = k[i - 1];
                        let g2 = a_bar * t1;
                        let g3 = -a_bar;
                        let g6 = g3 * t5;
                        let g7 = -a_bar;
                        k_bar_i += a_bar * t0;
                        x_bar_i_p1 += g2;
                        x_bar_i += -g2 + g6;
                        k_bar_i_m1 += g3 * t4;
                        x_bar_i_m1 += -g6;
                        v_bar[i] += g7 * 0.1;
                    }
                    k_bar[i] += k_bar_i;
                    k_bar_i = k_bar_i_m1;
                    k_bar_i_m1 = 0.0;
                    x_bar[i + 1] += x_bar_i_p1;
                    x_bar_i_p1 = x_bar_i;
                    x_bar_i = x_bar_i_m1;
                    x_bar_i_m1 = 0.0;
                }
                if lo_2 < hi_2 {
                    k_bar[lo_2 - 1] += k_bar_i;
                    x_bar[lo_2 - 1] += x_bar_i;
                    x_bar[lo_2] += x_bar_i_p1;
                }
            }
            __ad::add_assign(&mut x0_bar, &x_bar);
            (k_bar, x0_bar)
        };
        (ret, pullback)
    }
    /// [`mass_chain_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
    #[doc(hidden)]
    #[inline(never)]
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
        k: &[::autodiff::__private::Dual<f64>],
        x0: &[::autodiff::__private::Dual<f64>],
        steps: usize,
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            &[::autodiff::__private::Dual<f64>],
            &[::autodiff::__private::Dual<f64>],
            ::autodiff::__private::Dual<f64>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        ) -> (
                ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
                ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            ),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut x_elem_tape = __ad::SaveStack::pooled();
        let n = x0.len();
        let mut x = x0.to_vec();
        let mut v = __ad::lift_seq(&::std::vec![0.0; n]);
        let mut loss = __ad::lift(0.0);
        let lo = 0;
        let hi = steps;
        {
            let mut x_elem_tape = x_elem_tape
                .reserved(__ad::room(&(lo..hi), || __ad::room(&(1..n - 1), || 1)));
            for _ in lo..hi {
                let lo_2 = 1;
                let hi_2 = n - 1;
                for i in lo_2..hi_2 {
                    let a = k[i] * (x[i + 1] - x[i]) - k[i - 1] * (x[i] - x[i - 1])
                        - v[i] * 0.1;
                    v[i] = v[i] + (a * 0.01);
                }
                let lo_3 = 1;
                let hi_3 = n - 1;
                if lo_3 < hi_3 {
                    x_elem_tape.extend_from_slice(&x[lo_3..hi_3]);
                }
                for i_2 in lo_3..hi_3 {
                    x[i_2] = x[i_2] + (v[i_2] * 0.01);
                    loss += x[i_2] * x[i_2];
                }
            }
        }
        let ret = loss;
        let pullback = move |
            k: &[::autodiff::__private::Dual<f64>],
            x0: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            k_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            x0_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        ) {
            let mut ret_bar = dout;
            let mut k_bar = __ad::accumulator(k_acc, &k);
            let mut x0_bar = __ad::accumulator(x0_acc, &x0);
            let mut x_bar = __ad::zeros_like(&x);
            let mut v_bar = __ad::zeros_like(&v);
            let mut loss_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            loss_bar += ret_bar;
            for _ in (lo..hi).rev() {
                let lo_2 = 1;
                let hi_2 = n - 1;
                let lo_3 = 1;
                let hi_3 = n - 1;
                for i_2 in (lo_3..hi_3).rev() {
                    {
                        let g0 = loss_bar;
                        let t1 = x[i_2];
                        x_bar[i_2] += g0 * (t1 + t1);
                    }
                    {
                        let g0 = x_bar[i_2];
                        v_bar[i_2] += g0 * 0.01;
                    }
                }
                if lo_3 < hi_3 {
                    x_elem_tape.pop_into(&mut x[lo_3..hi_3]);
                }
                let mut k_bar_i_m1: ::autodiff::__private::Dual<f64> = __ad::zero();
                let mut k_bar_i: ::autodiff::__private::Dual<f64> = __ad::zero();
                let mut x_bar_i_m1: ::autodiff::__private::Dual<f64> = __ad::zero();
                let mut x_bar_i: ::autodiff::__private::Dual<f64> = __ad::zero();
                let mut x_bar_i_p1: ::autodiff::__private::Dual<f64> = __ad::zero();
                for i in (lo_2..hi_2).rev() {
                    let mut a_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
                    {
                        let g0 = v_bar[i];
                        a_bar += g0 * 0.01;
                    }
                    {
                        let t0 = x[i + 1] - x[i];
                        let t1 = k[i];
                        let t4 = x[i] - x[i - 1];
                        let t5 = k[i - 1];
                        let g2 = a_bar * t1;
                        let g3 = -a_bar;
                        let g6 = g3 * t5;
                        let g7 = -a_bar;
                        k_bar_i += a_bar * t0;
                        x_bar_i_p1 += g2;
                        x_bar_i += -g2 + g6;
                        k_bar_i_m1 += g3 * t4;
                        x_bar_i_m1 += -g6;
                        v_bar[i] += g7 * 0.1;
                    }
                    k_bar[i] += k_bar_i;
                    k_bar_i = k_bar_i_m1;
                    k_bar_i_m1 = __ad::zero();
                    x_bar[i + 1] += x_bar_i_p1;
                    x_bar_i_p1 = x_bar_i;
                    x_bar_i = x_bar_i_m1;
                    x_bar_i_m1 = __ad::zero();
                }
                if lo_2 < hi_2 {
                    k_bar[lo_2 - 1] += k_bar_i;
                    x_bar[lo_2 - 1] += x_bar_i;
                    x_bar[lo_2] += x_bar_i_p1;
                }
            }
            __ad::add_assign(&mut x0_bar, &x_bar);
            (k_bar, x0_bar)
        };
        (ret, pullback)
    }
}
