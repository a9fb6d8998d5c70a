// A method of a struct generic over its float type: the receiver's fields read at the top of
// each item, its cotangent of type `Self`, and `_hvp`, asked for with `hvp`, running the
// method's pullback as a method of the struct over dual numbers (`Spring<Dual<T>>`).
use autodiff::differentiate;
use autodiff::num_traits::Float;

impl<T: Float + 'static> Spring<T> {
    #[differentiate(hvp)]
    fn energy(&self, x: &[T]) -> T {
        let mut e = T::zero();
        for i in 1..x.len() {
            let stretch = x[i] - x[i - 1] - self.rest;
            e = e + self.k * stretch * stretch;
        }
        e
    }
}
