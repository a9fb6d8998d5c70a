#[allow(dead_code)]
fn fused(w: &[f64], data: &[f64], m: usize) -> f64 {
    let n = data.len() / m;
    let mut h = vec![0.0; m];
    let mut loss = 0.0;
    for s in 0..n {
        for j in 0..m {
            h[j] = (w[j] * data[s * m + j]).tanh();
        }
        let mut y = 0.0;
        for j in 0..m {
            y += h[j];
        }
        loss += (y - 1.0) * (y - 1.0);
    }
    let mut reg = 0.0;
    for j in 0..m {
        reg += w[j] * w[j];
    }
    loss / (n as f64) + 0.01 * reg
}
/// Forward mode of [`fused`]: its value and its directional derivative along the tangents `w_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
fn fused_jvp(w: &[f64], data: &[f64], m: usize, w_dot: &[f64]) -> (f64, f64) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    #[inline(always)]
    fn __jvp_body<__Fma: ::autodiff::__private::MulAdd>(
        _: __Fma,
        w: &[f64],
        data: &[f64],
        m: usize,
        w_dot: &[f64],
    ) -> (f64, f64) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(w.len(), w_dot.len(), "w_dot", "w");
        let n = data.len() / m;
        let mut h = ::std::vec![0.0; m];
        let mut h_dot = __ad::zeros_like(&h);
        let mut loss = 0.0;
        let lo = 0;
        let hi = n;
        let mut loss_dot: f64 = 0.0;
        for s in lo..hi {
            let lo_2 = 0;
            let hi_2 = m;
            for j in lo_2..hi_2 {
                let tanh_result = (w[j] * data[s * m + j]).tanh();
                h[j] = tanh_result;
                let tanh_result_dot = w_dot[j]
                    * (data[s * m + j]
                        * __ad::partial::tanh((w[j] * data[s * m + j]), tanh_result));
                h_dot[j] = tanh_result_dot;
            }
            let mut y = 0.0;
            let lo_3 = 0;
            let hi_3 = m;
            let mut y_dot: f64 = 0.0;
            for j_2 in lo_3..hi_3 {
                y += h[j_2];
                y_dot += h_dot[j_2];
            }
            loss += (y - 1.0) * (y - 1.0);
            loss_dot += y_dot * ((y - 1.0) + (y - 1.0));
        }
        let mut reg = 0.0;
        let lo_4 = 0;
        let hi_4 = m;
        let mut reg_dot: f64 = 0.0;
        for j_3 in lo_4..hi_4 {
            reg += w[j_3] * w[j_3];
            reg_dot += w_dot[j_3] * (w[j_3] + w[j_3]);
        }
        let ret = loss / (n as f64) + 0.01 * reg;
        let ret_dot = __Fma::mul_add(reg_dot, 0.01, loss_dot / (n as f64));
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    if __ad::use_fused() {
        __ad::run_fused(|| __jvp_body(__ad::Fused, w, data, m, w_dot))
    } else {
        __jvp_body(__ad::Separate, w, data, m, w_dot)
    }
}
/// Reverse mode of [`fused`], split: runs `fused` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
fn fused_pullback(
    w: &[f64],
    data: &[f64],
    m: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &[f64], f64) -> (::std::vec::Vec<f64>,)) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut tanh_result_tape = __ad::SaveStack::pooled();
    let mut y_tape = __ad::SaveStack::pooled();
    let n = data.len() / m;
    let mut h = ::std::vec![0.0; m];
    let mut loss = 0.0;
    let lo = 0;
    let hi = n;
    {
        let mut tanh_result_tape = tanh_result_tape
            .reserved(__ad::room(&(lo..hi), || __ad::room(&(0..m), || 1)));
        let mut y_tape = y_tape.reserved(__ad::room(&(lo..hi), || 1));
        for s in lo..hi {
            let lo_2 = 0;
            let hi_2 = m;
            for j in lo_2..hi_2 {
                let tanh_result = (w[j] * data[s * m + j]).tanh();
                h[j] = tanh_result;
                tanh_result_tape.push(tanh_result);
            }
            let mut y = 0.0;
            let lo_3 = 0;
            let hi_3 = m;
            for j_2 in lo_3..hi_3 {
                y += h[j_2];
            }
            loss += (y - 1.0) * (y - 1.0);
            y_tape.push(y);
        }
    }
    let mut reg = 0.0;
    let lo_4 = 0;
    let hi_4 = m;
    for j_3 in lo_4..hi_4 {
        reg += w[j_3] * w[j_3];
    }
    let ret = loss / (n as f64) + 0.01 * reg;
    let pullback = move |w: &[f64], data: &[f64], dout: f64| -> (::std::vec::Vec<f64>,) {
        let mut ret_bar = dout;
        let mut w_bar = __ad::zeros_like(&w);
        let mut h_bar = __ad::zeros_like(&h);
        let mut loss_bar: f64 = 0.0;
        let mut reg_bar: f64 = 0.0;
        {
            let t0 = n as f64;
            loss_bar += ret_bar / t0;
            reg_bar += ret_bar * 0.01;
        }
        for j_3 in (lo_4..hi_4).rev() {
            {
                let g0 = reg_bar;
                let t1 = w[j_3];
                w_bar[j_3] += g0 * (t1 + t1);
            }
        }
        for s in (lo..hi).rev() {
            let mut y = y_tape.pop();
            let lo_2 = 0;
            let hi_2 = m;
            let lo_3 = 0;
            let hi_3 = m;
            let mut y_bar: f64 = 0.0;
            {
                let g0 = loss_bar;
                let t1 = y - 1.0;
                let g2 = g0 * (t1 + t1);
                y_bar += g2;
            }
            for j_2 in (lo_3..hi_3).rev() {
                {
                    let g0 = y_bar;
                    h_bar[j_2] += g0;
                }
            }
            for j in (lo_2..hi_2).rev() {
                let tanh_result = tanh_result_tape.pop();
                let mut tanh_result_bar: f64 = 0.0;
                {
                    let g0 = h_bar[j];
                    h_bar[j] = 0.0;
                    tanh_result_bar += g0;
                }
                {
                    let t0 = w[j] * data[s * m + j];
                    let t2 = data[s * m + j];
                    let g1 = tanh_result_bar * __ad::partial::tanh(t0, tanh_result);
                    w_bar[j] += g1 * t2;
                }
            }
        }
        (w_bar,)
    };
    (ret, pullback)
}
/// [`fused_pullback`] on dual numbers, for [`fused_hvp`] (forward-over-reverse).
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
fn fused_dual_pullback(
    w: &[::autodiff::__private::Dual<f64>],
    data: &[f64],
    m: usize,
) -> (
    ::autodiff::__private::Dual<f64>,
    impl ::core::ops::FnOnce(
        &[::autodiff::__private::Dual<f64>],
        &[f64],
        ::autodiff::__private::Dual<f64>,
    ) -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,),
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut tanh_result_tape = __ad::SaveStack::pooled();
    let mut y_tape = __ad::SaveStack::pooled();
    let n = data.len() / m;
    let mut h = __ad::lift_seq(&::std::vec![0.0; m]);
    let mut loss = __ad::lift(0.0);
    let lo = 0;
    let hi = n;
    {
        let mut tanh_result_tape = tanh_result_tape
            .reserved(__ad::room(&(lo..hi), || __ad::room(&(0..m), || 1)));
        let mut y_tape = y_tape.reserved(__ad::room(&(lo..hi), || 1));
        for s in lo..hi {
            let lo_2 = 0;
            let hi_2 = m;
            for j in lo_2..hi_2 {
                let tanh_result = (w[j] * data[s * m + j]).tanh();
                h[j] = tanh_result;
                tanh_result_tape.push(tanh_result);
            }
            let mut y = __ad::lift(0.0);
            let lo_3 = 0;
            let hi_3 = m;
            for j_2 in lo_3..hi_3 {
                y += h[j_2];
            }
            loss += (y - 1.0) * (y - 1.0);
            y_tape.push(y);
        }
    }
    let mut reg = __ad::lift(0.0);
    let lo_4 = 0;
    let hi_4 = m;
    for j_3 in lo_4..hi_4 {
        reg += w[j_3] * w[j_3];
    }
    let ret = loss / (n as f64) + reg * 0.01;
    let pullback = move |
        w: &[::autodiff::__private::Dual<f64>],
        data: &[f64],
        dout: ::autodiff::__private::Dual<f64>,
    | -> (::std::vec::Vec<::autodiff::__private::Dual<f64>>,) {
        let mut ret_bar = dout;
        let mut w_bar = __ad::zeros_like(&w);
        let mut h_bar = __ad::zeros_like(&h);
        let mut loss_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        let mut reg_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        {
            let t0 = n as f64;
            loss_bar += ret_bar / t0;
            reg_bar += ret_bar * 0.01;
        }
        for j_3 in (lo_4..hi_4).rev() {
            {
                let g0 = reg_bar;
                let t1 = w[j_3];
                w_bar[j_3] += g0 * (t1 + t1);
            }
        }
        for s in (lo..hi).rev() {
            let mut y = y_tape.pop();
            let lo_2 = 0;
            let hi_2 = m;
            let lo_3 = 0;
            let hi_3 = m;
            let mut y_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            {
                let g0 = loss_bar;
                let t1 = y - 1.0;
                let g2 = g0 * (t1 + t1);
                y_bar += g2;
            }
            for j_2 in (lo_3..hi_3).rev() {
                {
                    let g0 = y_bar;
                    h_bar[j_2] += g0;
                }
            }
            for j in (lo_2..hi_2).rev() {
                let tanh_result = tanh_result_tape.pop();
                let mut tanh_result_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
                {
                    let g0 = h_bar[j];
                    h_bar[j] = __ad::zero();
                    tanh_result_bar += g0;
                }
                {
                    let t0 = w[j] * data[s * m + j];
                    let t2 = data[s * m + j];
                    let g1 = tanh_result_bar * __ad::partial::tanh(t0, tanh_result);
                    w_bar[j] += g1 * t2;
                }
            }
        }
        (w_bar,)
    };
    (ret, pullback)
}
/// Reverse mode of [`fused`]: its value, then the cotangents `w_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂fused/∂x.
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
fn fused_vjp(
    w: &[f64],
    data: &[f64],
    m: usize,
    dout: f64,
) -> (f64, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut tanh_result_tape = __ad::SaveStack::pooled();
    let n = data.len() / m;
    let mut h = ::std::vec![0.0; m];
    let mut loss = 0.0;
    let lo = 0;
    let hi = n;
    let mut ret_bar = dout;
    let mut w_bar = __ad::zeros_like(&w);
    let mut h_bar = __ad::zeros_like(&h);
    let mut loss_bar: f64 = 0.0;
    let mut reg_bar: f64 = 0.0;
    {
        let t0 = n as f64;
        loss_bar += ret_bar / t0;
        reg_bar += ret_bar * 0.01;
    }
    for s in lo..hi {
        let lo_2 = 0;
        let hi_2 = m;
        tanh_result_tape.reserve_for(&(lo_2..hi_2), 1);
        for j in lo_2..hi_2 {
            let tanh_result = (w[j] * data[s * m + j]).tanh();
            h[j] = tanh_result;
            tanh_result_tape.push(tanh_result);
        }
        let mut y = 0.0;
        let lo_3 = 0;
        let hi_3 = m;
        for j_2 in lo_3..hi_3 {
            y += h[j_2];
        }
        loss += (y - 1.0) * (y - 1.0);
        let mut y_bar: f64 = 0.0;
        {
            let g0 = loss_bar;
            let t1 = y - 1.0;
            let g2 = g0 * (t1 + t1);
            y_bar += g2;
        }
        for j_2 in (lo_3..hi_3).rev() {
            {
                let g0 = y_bar;
                h_bar[j_2] += g0;
            }
        }
        for j in (lo_2..hi_2).rev() {
            let tanh_result = tanh_result_tape.pop();
            let mut tanh_result_bar: f64 = 0.0;
            {
                let g0 = h_bar[j];
                h_bar[j] = 0.0;
                tanh_result_bar += g0;
            }
            {
                let t0 = w[j] * data[s * m + j];
                let t2 = data[s * m + j];
                let g1 = tanh_result_bar * __ad::partial::tanh(t0, tanh_result);
                w_bar[j] += g1 * t2;
            }
        }
    }
    let mut reg = 0.0;
    let lo_4 = 0;
    let hi_4 = m;
    for j_3 in lo_4..hi_4 {
        reg += w[j_3] * w[j_3];
        {
            let g0 = reg_bar;
            let t1 = w[j_3];
            w_bar[j_3] += g0 * (t1 + t1);
        }
    }
    let ret = loss / (n as f64) + 0.01 * reg;
    (ret, w_bar)
}
/// The gradient of [`fused`]: its value, then ∂fused/∂x for each active parameter (`fused_vjp` seeded with 1).
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
fn fused_grad(w: &[f64], data: &[f64], m: usize) -> (f64, ::std::vec::Vec<f64>) {
    fused_vjp(w, data, m, 1.0)
}
/// Hessian-vector product of [`fused`] by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (w_dot)`, in one pass and without forming the Hessian.
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
fn fused_hvp(
    w: &[f64],
    data: &[f64],
    m: usize,
    w_dot: &[f64],
) -> (f64, ::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let w_dual = __ad::pool::duals(&w, &w_dot);
    let (value, w_bar) = fused_dual_vjp(
        &w_dual,
        data,
        m,
        __ad::Dual::constant(1.0),
        __ad::pool::zeros(w.len()),
    );
    let result = (value.primal, __ad::primals(&w_bar), __ad::tangents(&w_bar));
    __ad::pool::give_back(w_bar);
    __ad::pool::give_back(w_dual);
    result
}
/// [`fused_vjp`] on dual numbers, for [`fused_hvp`] (forward-over-reverse).
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
fn fused_dual_vjp(
    w: &[::autodiff::__private::Dual<f64>],
    data: &[f64],
    m: usize,
    dout: ::autodiff::__private::Dual<f64>,
    w_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
) -> (
    ::autodiff::__private::Dual<f64>,
    ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
) {
    use ::autodiff::__private as __ad;
    use ::autodiff::__private::Float as _;
    use ::autodiff::__private::methods::*;
    let mut tanh_result_tape = __ad::SaveStack::pooled();
    let n = data.len() / m;
    let mut h = __ad::lift_seq(&::std::vec![0.0; m]);
    let mut loss = __ad::lift(0.0);
    let lo = 0;
    let hi = n;
    let mut ret_bar = dout;
    let mut w_bar = __ad::accumulator(w_acc, &w);
    let mut h_bar = __ad::zeros_like(&h);
    let mut loss_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
    let mut reg_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
    {
        let t0 = n as f64;
        loss_bar += ret_bar / t0;
        reg_bar += ret_bar * 0.01;
    }
    for s in lo..hi {
        let lo_2 = 0;
        let hi_2 = m;
        tanh_result_tape.reserve_for(&(lo_2..hi_2), 1);
        for j in lo_2..hi_2 {
            let tanh_result = (w[j] * data[s * m + j]).tanh();
            h[j] = tanh_result;
            tanh_result_tape.push(tanh_result);
        }
        let mut y = __ad::lift(0.0);
        let lo_3 = 0;
        let hi_3 = m;
        for j_2 in lo_3..hi_3 {
            y += h[j_2];
        }
        loss += (y - 1.0) * (y - 1.0);
        let mut y_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
        {
            let g0 = loss_bar;
            let t1 = y - 1.0;
            let g2 = g0 * (t1 + t1);
            y_bar += g2;
        }
        for j_2 in (lo_3..hi_3).rev() {
            {
                let g0 = y_bar;
                h_bar[j_2] += g0;
            }
        }
        for j in (lo_2..hi_2).rev() {
            let tanh_result = tanh_result_tape.pop();
            let mut tanh_result_bar: ::autodiff::__private::Dual<f64> = __ad::zero();
            {
                let g0 = h_bar[j];
                h_bar[j] = __ad::zero();
                tanh_result_bar += g0;
            }
            {
                let t0 = w[j] * data[s * m + j];
                let t2 = data[s * m + j];
                let g1 = tanh_result_bar * __ad::partial::tanh(t0, tanh_result);
                w_bar[j] += g1 * t2;
            }
        }
    }
    let mut reg = __ad::lift(0.0);
    let lo_4 = 0;
    let hi_4 = m;
    for j_3 in lo_4..hi_4 {
        reg += w[j_3] * w[j_3];
        {
            let g0 = reg_bar;
            let t1 = w[j_3];
            w_bar[j_3] += g0 * (t1 + t1);
        }
    }
    let ret = loss / (n as f64) + reg * 0.01;
    (ret, w_bar)
}
/// Checks the derivatives of [`fused`] at this point: the gradient of each active parameter against central differences of `fused` (the report names the parameter and coordinate), `fused_jvp` against the gradient along a random direction, and `fused_hvp` against differences of `fused_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
fn fused_gradcheck(
    w: &[f64],
    data: &[f64],
    m: usize,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    fused_gradcheck_with(w, data, m, ::autodiff::__private::tolerance_for::<f64>())
}
/// [`fused_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
fn fused_gradcheck_with(
    w: &[f64],
    data: &[f64],
    m: usize,
    __tol: ::autodiff::Tolerance,
) -> ::core::result::Result<(), ::autodiff::GradcheckReport> {
    use ::autodiff::__private as __ad;
    use __ad::Flatten as _;
    let __tol = __tol.with_eps(<f64 as __ad::AtF64>::EPSILON);
    let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![w.flatten()];
    let __point: ::std::vec::Vec<f64> = __parts.concat();
    let __ranges = __ad::ranges(
        &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
    );
    __ad::check_derivatives(
        |__v: &[f64]| fused(&__v[__ranges[0usize].clone()], data, m.clone()),
        |__v: &[f64]| {
            let (_, __w) = fused_grad(&__v[__ranges[0usize].clone()], data, m.clone());
            [__w.flatten()].concat()
        },
        |__v: &[f64], __d: &[f64]| {
            fused_jvp(
                    &__v[__ranges[0usize].clone()],
                    data,
                    m.clone(),
                    &__d[__ranges[0usize].clone()],
                )
                .1
        },
        |__v: &[f64], __d: &[f64]| {
            let (_, _, __hv_w) = fused_hvp(
                &__v[__ranges[0usize].clone()],
                data,
                m.clone(),
                &__d[__ranges[0usize].clone()],
            );
            [__hv_w.flatten()].concat()
        },
        &__point,
        &[("w", __ranges[0usize].clone())],
        __tol,
    )
}
/// The derivatives of [`fused`] that differentiated callers call.
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
struct fused {}
#[allow(dead_code)]
impl fused {
    /// [`fused_jvp`] for differentiated callers, which pass a tangent for every float parameter (ignored for those `wrt` leaves out).
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
        w: &[f64],
        data: &[f64],
        m: usize,
        w_dot: &[f64],
        data_dot: &[f64],
    ) -> (f64, f64) {
        fused_jvp(w, data, m, w_dot)
    }
    /// [`fused_pullback`] for differentiated callers, which expect a cotangent for every float parameter (`ExcludedByWrt` for those `wrt` leaves out).
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
        w: &[f64],
        data: &[f64],
        m: usize,
    ) -> (
        f64,
        impl ::core::ops::FnOnce(
            &[f64],
            &[f64],
            f64,
            ::std::vec::Vec<f64>,
            ::std::vec::Vec<f64>,
        ) -> (::std::vec::Vec<f64>, ::autodiff::__private::ExcludedByWrt),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let (value, pullback) = fused_pullback(w, data, m);
        let pullback = move |
            w: &[f64],
            data: &[f64],
            dout: f64,
            w_acc: ::std::vec::Vec<f64>,
            data_acc: ::std::vec::Vec<f64>,
        | -> (::std::vec::Vec<f64>, ::autodiff::__private::ExcludedByWrt) {
            let (w_bar,) = pullback(w, data, dout);
            (__ad::accumulate(w_acc, w_bar), __ad::ExcludedByWrt)
        };
        (value, pullback)
    }
    /// [`fused_pullback`] on dual numbers (forward-over-reverse), with a cotangent for every float parameter (`ExcludedByWrt` for those `wrt` leaves out): what differentiated callers' `_hvp` runs.
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
    fn dual_pullback_all(
        w: &[::autodiff::__private::Dual<f64>],
        data: &[::autodiff::__private::Dual<f64>],
        m: usize,
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
                ::autodiff::__private::ExcludedByWrt,
            ),
    ) {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let (value, pullback) = fused_dual_pullback(w, &__ad::primals(data), m);
        let pullback = move |
            w: &[::autodiff::__private::Dual<f64>],
            data: &[::autodiff::__private::Dual<f64>],
            dout: ::autodiff::__private::Dual<f64>,
            w_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            data_acc: ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
        | -> (
            ::std::vec::Vec<::autodiff::__private::Dual<f64>>,
            ::autodiff::__private::ExcludedByWrt,
        ) {
            let (w_bar,) = pullback(w, &__ad::primals(data), dout);
            (__ad::accumulate(w_acc, w_bar), __ad::ExcludedByWrt)
        };
        (value, pullback)
    }
}
