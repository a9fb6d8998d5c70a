impl<T: Float + 'static> Spring<T> {
    #[allow(dead_code)]
    fn energy(&self, x: &[T]) -> T {
        let mut e = T::zero();
        for i in 1..x.len() {
            let stretch = x[i] - x[i - 1] - self.rest;
            e = e + self.k * stretch * stretch;
        }
        e
    }
    /// Forward mode of [`energy`](Self::energy): its value and its directional derivative along the tangents `self_dot`, `x_dot` (one per active parameter, of the same type), computed in one pass beside the primal.
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
    fn energy_jvp(&self, x: &[T], self_dot: &Self, x_dot: &[T]) -> (T, T)
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        __ad::check_tangent_len(x.len(), x_dot.len(), "x_dot", "x");
        let this = self;
        let self_rest = __ad::float_field(this.rest);
        let self_rest_dot = if __ad::is_constant_field(self_dot, "rest") {
            __ad::zero()
        } else {
            self_dot.rest
        };
        let self_k = __ad::float_field(this.k);
        let self_k_dot = if __ad::is_constant_field(self_dot, "k") {
            __ad::zero()
        } else {
            self_dot.k
        };
        let mut e = T::zero();
        let lo = 1;
        let hi = x.len();
        let mut e_dot: T = __ad::zero();
        for i in lo..hi {
            let stretch = x[i] - x[i - 1] - self_rest;
            let stretch_dot = x_dot[i] - x_dot[i - 1] - self_rest_dot;
            e_dot = e_dot
                + __ad::mul_add(
                    __ad::mul_add(self_k_dot, stretch, self_k * stretch_dot),
                    stretch,
                    (self_k * stretch) * stretch_dot,
                );
            e = e + self_k * stretch * stretch;
        }
        let ret = e;
        let ret_dot = e_dot;
        let __tangent = ret_dot;
        (ret, __tangent)
    }
    /// Reverse mode of [`energy`](Self::energy), split: runs `energy` once, keeping what its reverse sweep reads, and returns the value with its pullback, which maps a cotangent of the result to the cotangents of the active parameters. Differentiated callers use the split form, so nested calls never re-run a callee's forward pass.
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
    fn energy_pullback(
        &self,
        x: &[T],
    ) -> (T, impl ::core::ops::FnOnce(&Self, &[T], T) -> (Self, ::std::vec::Vec<T>))
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let (value, pullback) = Self::energy_pullback_all(self, x);
        let pullback = move |
            this: &Self,
            x: &[T],
            dout: T,
        | -> (Self, ::std::vec::Vec<T>) {
            pullback(this, x, dout, __ad::no_accumulator())
        };
        (value, pullback)
    }
    /// Reverse mode of [`energy`](Self::energy): its value, then the cotangents `self_bar`, `x_bar` of the active parameters (in parameter order) for the cotangent `dout` of the result: x̄ = ȳ ∂energy/∂x.
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
    fn energy_vjp(&self, x: &[T], dout: T) -> (T, Self, ::std::vec::Vec<T>)
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        let (value, pullback) = Self::energy_pullback(self, x);
        let (self_bar, x_bar) = pullback(self, x, dout);
        (value, self_bar, x_bar)
    }
    /// The gradient of [`energy`](Self::energy): its value, then ∂energy/∂x for each active parameter (`energy_vjp` seeded with 1).
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
    fn energy_grad(&self, x: &[T]) -> (T, Self, ::std::vec::Vec<T>)
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        Self::energy_vjp(self, x, <T as ::autodiff::__private::One>::one())
    }
    /// Checks the derivatives of [`energy`] at this point: the gradient of each active parameter against central differences of `energy` (the report names the parameter and coordinate), `energy_jvp` against the gradient along a random direction, and `energy_hvp` against differences of `energy_grad`, with the default tolerance for its float type (`Tolerance::default()` for `f64`, `Tolerance::for_f32()` for `f32`).
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
    fn energy_gradcheck(
        &self,
        x: &[T],
    ) -> ::core::result::Result<(), ::autodiff::GradcheckReport>
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
        T: ::autodiff::__private::AtF64,
    {
        Self::energy_gradcheck_with(self, x, ::autodiff::__private::tolerance_for::<T>())
    }
    /// [`energy_gradcheck`] with the given tolerance; the difference steps follow the function's float type whatever its `eps`.
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
    fn energy_gradcheck_with(
        &self,
        x: &[T],
        __tol: ::autodiff::Tolerance,
    ) -> ::core::result::Result<(), ::autodiff::GradcheckReport>
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
        T: ::autodiff::__private::AtF64,
    {
        use ::autodiff::__private as __ad;
        use __ad::Flatten as _;
        let __tol = __tol.with_eps(<T as __ad::AtF64>::EPSILON);
        let __parts: ::std::vec::Vec<::std::vec::Vec<f64>> = ::std::vec![
            __ad::Differentiable::to_flat(self).flatten(), x.flatten()
        ];
        let __point: ::std::vec::Vec<f64> = __parts.concat();
        let __ranges = __ad::ranges(
            &__parts.iter().map(|p| p.len()).collect::<::std::vec::Vec<_>>(),
        );
        __ad::check_derivatives(
            |__v: &[f64]| __ad::AtF64::to_f64(
                Self::energy(
                    &__ad::rebuilt_like(
                        self,
                        &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                    ),
                    &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                ),
            ),
            |__v: &[f64]| {
                let (_, __this, __x) = Self::energy_grad(
                    &__ad::rebuilt_like(
                        self,
                        &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                    ),
                    &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                );
                [__ad::Differentiable::to_flat(&__this).flatten(), __x.flatten()]
                    .concat()
            },
            |__v: &[f64], __d: &[f64]| __ad::AtF64::to_f64(
                Self::energy_jvp(
                        &__ad::rebuilt_like(
                            self,
                            &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                        ),
                        &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                        &__ad::rebuilt_like(
                            self,
                            &__ad::seq_from_f64::<T>(&__d[__ranges[0usize].clone()]),
                        ),
                        &__ad::seq_from_f64::<T>(&__d[__ranges[1usize].clone()]),
                    )
                    .1,
            ),
            |__v: &[f64], __d: &[f64]| {
                let (_, _, _, __hv_this, __hv_x) = Self::energy_hvp(
                    &__ad::rebuilt_like(
                        self,
                        &__ad::seq_from_f64::<T>(&__v[__ranges[0usize].clone()]),
                    ),
                    &__ad::seq_from_f64::<T>(&__v[__ranges[1usize].clone()]),
                    &__ad::rebuilt_like(
                        self,
                        &__ad::seq_from_f64::<T>(&__d[__ranges[0usize].clone()]),
                    ),
                    &__ad::seq_from_f64::<T>(&__d[__ranges[1usize].clone()]),
                );
                [__ad::Differentiable::to_flat(&__hv_this).flatten(), __hv_x.flatten()]
                    .concat()
            },
            &__point,
            &[("this", __ranges[0usize].clone()), ("x", __ranges[1usize].clone())],
            __tol,
        )
    }
    /// Hessian-vector product of [`energy`](Self::energy) by forward-over-reverse: its value, its gradient, then H·v for the direction `v = (self_dot, x_dot)`, in one pass and without forming the Hessian (`energy`'s own pullback run on dual numbers; struct parameters are seeded through `DualTwin`).
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
    fn energy_hvp(
        &self,
        x: &[T],
        self_dot: &Self,
        x_dot: &[T],
    ) -> (T, Self, ::std::vec::Vec<T>, Self, ::std::vec::Vec<T>)
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let self_dual = __ad::DualTwin::duals(self, self_dot);
        let x_dual = __ad::duals(&x, &x_dot);
        let (value, pullback) = (&self_dual).energy_pullback(&x_dual);
        let (self_bar, x_bar) = pullback(
            &self_dual,
            &x_dual,
            __ad::Dual::constant(<T as ::autodiff::__private::One>::one()),
        );
        (
            value.primal,
            __ad::DualTwin::primals(&self_bar),
            __ad::primals(&x_bar),
            __ad::DualTwin::tangents(&self_bar),
            __ad::tangents(&x_bar),
        )
    }
    /// [`energy_jvp`] for differentiated callers, which pass a tangent for every float parameter.
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
    fn energy_jvp_all(&self, x: &[T], self_dot: &Self, x_dot: &[T]) -> (T, T)
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        Self::energy_jvp(self, x, self_dot, x_dot)
    }
    /// [`energy_pullback`] for differentiated callers, which expect a cotangent for every float parameter.
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
    fn energy_pullback_all(
        &self,
        x: &[T],
    ) -> (
        T,
        impl ::core::ops::FnOnce(
            &Self,
            &[T],
            T,
            ::std::vec::Vec<T>,
        ) -> (Self, ::std::vec::Vec<T>),
    )
    where
        Self: ::core::marker::Sized,
        Self: ::autodiff::__private::Differentiable<Scalar = T>,
    {
        use ::autodiff::__private as __ad;
        use ::autodiff::__private::Float as _;
        use ::autodiff::__private::methods::*;
        let this = self;
        let self_rest = __ad::float_field(this.rest);
        let self_k = __ad::float_field(this.k);
        let mut e = T::zero();
        let lo = 1;
        let hi = x.len();
        for i in lo..hi {
            let stretch = x[i] - x[i - 1] - self_rest;
            e = e + self_k * stretch * stretch;
        }
        let ret = e;
        let pullback = move |
            this: &Self,
            x: &[T],
            dout: T,
            x_acc: ::std::vec::Vec<T>,
        | -> (Self, ::std::vec::Vec<T>) {
            let mut ret_bar = dout;
            let mut self_bar = __ad::Differentiable::zero_like(this);
            let mut x_bar = __ad::accumulator(x_acc, &x);
            let mut e_bar: T = __ad::zero();
            let mut self_rest_bar: T = __ad::zero();
            let mut self_k_bar: T = __ad::zero();
            e_bar = e_bar + ret_bar;
            let mut x_bar_i_m1: T = __ad::zero();
            let mut x_bar_i: T = __ad::zero();
            for i in (lo..hi).rev() {
                let stretch = x[i] - x[i - 1] - self_rest;
                let mut stretch_bar: T = __ad::zero();
                {
                    let g0 = e_bar;
                    let t2 = self_k * stretch;
                    let g1 = g0 * stretch;
                    e_bar = g0;
                    self_k_bar = self_k_bar + g1 * stretch;
                    stretch_bar = stretch_bar + g1 * self_k + g0 * t2;
                }
                x_bar_i = x_bar_i + stretch_bar;
                x_bar_i_m1 = x_bar_i_m1 + -stretch_bar;
                self_rest_bar = self_rest_bar + -stretch_bar;
                x_bar[i] = x_bar[i] + x_bar_i;
                x_bar_i = x_bar_i_m1;
                x_bar_i_m1 = __ad::zero();
            }
            if lo < hi {
                x_bar[lo - 1] = x_bar[lo - 1] + x_bar_i;
            }
            if !__ad::is_constant_field(&self_bar, "rest") {
                __ad::accumulate_float(&mut self_bar.rest, self_rest_bar);
            }
            if !__ad::is_constant_field(&self_bar, "k") {
                __ad::accumulate_float(&mut self_bar.k, self_k_bar);
            }
            (self_bar, x_bar)
        };
        (ret, pullback)
    }
}
