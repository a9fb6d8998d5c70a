#[allow(dead_code)]
fn damped(x: f64, y: f64, n: usize) -> f64 {
    let mut b = x;
    for _j in 0..n {
        b = (b * y).cos() + b * 0.5;
    }
    b
}
/// Forward mode of [`damped`]: its value and its directional derivative along the tangents `x_dot`, `y_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn damped_jvp(x: f64, y: f64, n: usize, x_dot: f64, y_dot: f64) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        x: f64,
        y: f64,
        n: usize,
        x_dot: f64,
        y_dot: f64,
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut b = x;
        let lo = 0;
        let hi = n;
        let mut b_dot = x_dot;
        for _j in lo..hi {
            b_dot = __Fma::mul_add(
                b_dot,
                0.5,
                __Fma::mul_add(b_dot, y, b * y_dot)
                    * __ad::partial::cos((b * y), (b * y).cos()),
            );
            b = (b * y).cos() + b * 0.5;
        }
        let ret = b;
        let ret_dot = b_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, x, y, n, x_dot, y_dot))
    } else {
        __jvp_body(__ad::Separate, x, y, n, x_dot, y_dot)
    }
}
/// Reverse mode of [`damped`], split: runs `damped` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn damped_pullback(
    x: f64,
    y: f64,
    n: usize,
) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut b_tape = __ad::SaveStack::pooled();
    let mut ckpt_tape = __ad::SaveStack::new();
    let mut b = x;
    let lo = 0;
    let hi = n;
    let ckpt_n = __ad::checkpoint::steps(lo, hi, false);
    let ckpt_seg = __ad::checkpoint::segment_len(
        ckpt_n,
        __ad::checkpoint::Schedule::Sqrt,
    );
    let mut ckpt_states = ::std::vec::Vec::new();
    for (ckpt_k, _j) in (lo..hi).enumerate() {
        if ckpt_k.is_multiple_of(ckpt_seg) {
            ckpt_states.push((b.clone(),));
        }
        b = (b * y).cos() + b * 0.5;
    }
    ckpt_tape.push(ckpt_states);
    let ret = b;
    let pullback = move |dout: f64| -> (f64, f64) {
        let mut ret_bar = dout;
        let mut x_bar: f64 = 0.0;
        let mut y_bar: f64 = 0.0;
        let mut b_bar: f64 = 0.0;
        b_bar += ret_bar;
        let mut ckpt_states = ckpt_tape.pop();
        let ckpt_n = __ad::checkpoint::steps(lo, hi, false);
        let ckpt_seg = __ad::checkpoint::segment_len(
            ckpt_n,
            __ad::checkpoint::Schedule::Sqrt,
        );
        b_tape.reserve_for(&(0..ckpt_seg), 1);
        while let ::core::option::Option::Some(ckpt_state) = ckpt_states.pop() {
            let ckpt_s = ckpt_states.len();
            b = ckpt_state.0;
            let ckpt_first = ckpt_s * ckpt_seg;
            let ckpt_last = ::core::cmp::min(ckpt_first + ckpt_seg, ckpt_n);
            for ckpt_k in ckpt_first..ckpt_last {
                let _j = __ad::checkpoint::nth_index(lo, ckpt_k);
                b_tape.push(b);
                b = (b * y).cos() + b * 0.5;
            }
            for ckpt_k in (ckpt_first..ckpt_last).rev() {
                let _j = __ad::checkpoint::nth_index(lo, ckpt_k);
                {
                    let g0 = b_bar;
                    b = b_tape.pop();
                    let t1 = b * y;
                    let t2 = (b * y).cos();
                    let g3 = g0 * __ad::partial::cos(t1, t2);
                    b_bar = g3 * y + g0 * 0.5;
                    y_bar += g3 * b;
                }
            }
        }
        x_bar += b_bar;
        (x_bar, y_bar)
    };
    (ret, pullback)
}
/// Reverse mode of [`damped`]: its value, then the cotangents `x_bar`, `y_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂damped/∂x.
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
fn damped_vjp(x: f64, y: f64, n: usize, dout: f64) -> (f64, f64, f64) {
    let (value, pullback) = damped_pullback(x, y, n);
    let (x_bar, y_bar) = pullback(dout);
    (value, x_bar, y_bar)
}
/// The gradient of [`damped`]: its value, then ∂damped/∂x for each active parameter (`damped_vjp` seeded with 1).
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
fn damped_grad(x: f64, y: f64, n: usize) -> (f64, f64, f64) {
    damped_vjp(x, y, n, 1.0)
}
/// Hessian-vector product of [`damped`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (x_dot, y_dot)`, in one pass and without forming the Hessian.
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
fn damped_hvp(
    x: f64,
    y: f64,
    n: usize,
    x_dot: f64,
    y_dot: f64,
) -> (f64, f64, f64, f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let (value, pullback) = damped::dual_pullback_all(
        __ad::Dual::new(x, x_dot),
        __ad::Dual::new(y, y_dot),
        n,
    );
    let (x_bar, y_bar) = pullback(__ad::Dual::constant(1.0));
    (value.primal, x_bar.primal, y_bar.primal, x_bar.tangent, y_bar.tangent)
}
/// Checks the derivatives of [`damped`] at this point: the gradient of each active parameter against central differences of `damped` (the report names the parameter and coordinate), `damped_jvp` against the gradient along a random direction, and `damped_hvp` against differences of `damped_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn damped_gradcheck(
    x: f64,
    y: f64,
    n: usize,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    damped_gradcheck_with(x, y, n, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`damped_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn damped_gradcheck_with(
    x: f64,
    y: f64,
    n: usize,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
        x.flatten(), y.flatten()
    ];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| damped(
            __v[__ranges[0usize].start],
            __v[__ranges[1usize].start],
            n.clone(),
        ),
        |__v: &[f64]| {
            let (_, __x, __y) = damped_grad(
                __v[__ranges[0usize].start],
                __v[__ranges[1usize].start],
                n.clone(),
            );
            [__x.flatten(), __y.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            damped_jvp(
                    __v[__ranges[0usize].start],
                    __v[__ranges[1usize].start],
                    n.clone(),
                    __d[__ranges[0usize].start],
                    __d[__ranges[1usize].start],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, _, __hv_x, __hv_y) = damped_hvp(
                __v[__ranges[0usize].start],
                __v[__ranges[1usize].start],
                n.clone(),
                __d[__ranges[0usize].start],
                __d[__ranges[1usize].start],
            );
            [__hv_x.flatten(), __hv_y.flatten()].concat()
        },
        &__point,
        &[("x", __ranges[0usize].clone()), ("y", __ranges[1usize].clone())],
        __tol,
    )
}
/// The derivatives of [`damped`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct damped {}
#[allow(dead_code)]
impl damped {
    /// [`damped_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn jvp_all(x: f64, y: f64, n: usize, x_dot: f64, y_dot: f64) -> (f64, f64) {
        damped_jvp(x, y, n, x_dot, y_dot)
    }
    /// [`damped_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
        x: f64,
        y: f64,
        n: usize,
    ) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64)) {
        damped_pullback(x, y, n)
    }
    /// [`damped_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter: what differentiated callers' `_hvp` runs.
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
        y: ::autodiff::__private::Dual<f64>,
        n: usize,
    ) -> (
        ::autodiff::__private::Dual<f64>,
        impl ::core::ops::FnOnce(
            ::autodiff::__private::Dual<f64>,
        ) -> (::autodiff::__private::Dual<f64>, ::autodiff::__private::Dual<f64>),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let mut b_tape = __ad::SaveStack::pooled();
        let mut ckpt_tape = __ad::SaveStack::new();
        let mut b = x;
        let lo = 0;
        let hi = n;
        let ckpt_n = __ad::checkpoint::steps(lo, hi, false);
        let ckpt_seg = __ad::checkpoint::segment_len(
            ckpt_n,
            __ad::checkpoint::Schedule::Sqrt,
        );
        let mut ckpt_states = ::std::vec::Vec::new();
        for (ckpt_k, _j) in (lo..hi).enumerate() {
            if ckpt_k.is_multiple_of(ckpt_seg) {
                ckpt_states.push((b.clone(),));
            }
            b = (b * y).cos() + b * 0.5;
        }
        ckpt_tape.push(ckpt_states);
        let ret = b;
        let pullback = move |
            dout: ::autodiff::__private::Dual<f64>,
        | -> (::autodiff::__private::Dual<f64>, ::autodiff::__private::Dual<f64>) {
            let mut ret_bar = dout;
            let mut x_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            let mut y_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            let mut b_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            b_bar += ret_bar;
            let mut ckpt_states = ckpt_tape.pop();
            let ckpt_n = __ad::checkpoint::steps(lo, hi, false);
            let ckpt_seg = __ad::checkpoint::segment_len(
                ckpt_n,
                __ad::checkpoint::Schedule::Sqrt,
            );
            b_tape.reserve_for(&(0..ckpt_seg), 1);
            while let ::core::option::Option::Some(ckpt_state) = ckpt_states.pop() {
                let ckpt_s = ckpt_states.len();
                b = ckpt_state.0;
                let ckpt_first = ckpt_s * ckpt_seg;
                let ckpt_last = ::core::cmp::min(ckpt_first + ckpt_seg, ckpt_n);
                for ckpt_k in ckpt_first..ckpt_last {
                    let _j = __ad::checkpoint::nth_index(lo, ckpt_k);
                    b_tape.push(b);
                    b = (b * y).cos() + b * 0.5;
                }
                for ckpt_k in (ckpt_first..ckpt_last).rev() {
                    let _j = __ad::checkpoint::nth_index(lo, ckpt_k);
                    {
                        let g0 = b_bar;
                        b = b_tape.pop();
                        let t1 = b * y;
                        let t2 = (b * y).cos();
                        let g3 = g0 * __ad::partial::cos(t1, t2);
                        b_bar = g3 * y + g0 * 0.5;
                        y_bar += g3 * b;
                    }
                }
            }
            x_bar += b_bar;
            (x_bar, y_bar)
        };
        (ret, pullback)
    }
}
