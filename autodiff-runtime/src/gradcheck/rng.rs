//! A tiny deterministic PRNG for the random points and directions of the checks.

/// A tiny deterministic PRNG (SplitMix64) for random test points and directions.
///
/// A test utility, **not** cryptographic: one `u64` of state, reproducible from its seed
/// on every platform, statistically good enough (SplitMix64 passes BigCrush) for picking
/// random directions. Any seed, including 0, is fine.
///
/// ```
/// use autodiff_runtime::gradcheck::Rng;
/// let (mut a, mut b) = (Rng::new(42), Rng::new(42));
/// assert_eq!(a.next_u64(), b.next_u64()); // same seed, same stream
/// let x = a.vector(4, -2.0, 2.0);
/// assert!(x.iter().all(|xi| (-2.0..2.0).contains(xi)));
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole stream is determined by `seed`.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    /// ```
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let mut rng = Rng::new(0);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        // SplitMix64 (Steele, Lea & Flood 2014): a Weyl sequence, then a bijective mixer.
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform `f64` in `[0, 1)`.
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let mut rng = Rng::new(3);
    /// assert!((0..100).map(|_| rng.next_f64()).all(|u| (0.0..1.0).contains(&u)));
    /// ```
    pub fn next_f64(&mut self) -> f64 {
        // The top 53 bits fill the mantissa exactly: every value is a multiple of 2⁻⁵³.
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }

    /// A uniform `f64` in `[lo, hi)` (up to rounding of `lo + (hi − lo)·u`).
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let mut rng = Rng::new(5);
    /// let u = rng.uniform(10.0, 20.0);
    /// assert!((10.0..20.0).contains(&u));
    /// ```
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// `n` independent draws of [`uniform(lo, hi)`](Self::uniform).
    ///
    /// ```
    /// use autodiff_runtime::gradcheck::Rng;
    /// let v = Rng::new(9).vector(5, -1.0, 1.0);
    /// assert_eq!(v.len(), 5);
    /// assert!(v.iter().all(|vi| (-1.0..1.0).contains(vi)));
    /// ```
    pub fn vector(&mut self, n: usize, lo: f64, hi: f64) -> Vec<f64> {
        (0..n).map(|_| self.uniform(lo, hi)).collect()
    }
}
