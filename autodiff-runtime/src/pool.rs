//! Per-thread pools of float buffers, so that a program taking one large derivative after
//! another does not allocate its tapes and dual-number buffers afresh on every call (as
//! Tapenade's stack persists between calls). Freshly allocated large blocks are costly
//! here: glibc serves a block of the size it last freed with a new `mmap`, so each call
//! faulted in every page of its buffers (Horner's rule at n = 10⁵, its gradient called in a
//! loop: `f_grad` / primal 4.5 with fresh tapes, 1.8 with pooled ones; `f_hvp` of Rosenbrock
//! spent most of its time in page faults).
//!
//! Only `f64`, `f32` and their dual numbers have pools ([`Pooled`]). Each pool (one per
//! float type and thread) keeps at most 8 buffers and 64 MiB, enough for the buffers of a
//! few nested calls; a larger buffer is freed when given back, and [`release`] frees what
//! this thread's pools hold. The pooled memory stays allocated until then: up to 64 MiB per
//! float type used, per thread.
//!
//! ```
//! use autodiff_runtime::pool;
//! let mut buffer: Vec<f64> = pool::take(1000);
//! buffer.extend((0..1000).map(f64::from));
//! pool::give_back(buffer);
//! // The next buffer is the same allocation, emptied.
//! let again: Vec<f64> = pool::take(10);
//! assert!(again.is_empty() && again.capacity() >= 1000);
//! ```

use crate::Dual;
use num_traits::Zero;
use std::cell::RefCell;
use std::thread::LocalKey;

/// Floats (and their dual numbers) with a per-thread pool of buffers.
pub trait Pooled: Copy + 'static {
    /// This type's pool on the current thread.
    fn pool() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>>;
}

const POOL_BUFFERS: usize = 8;
const POOL_BYTES: usize = 64 << 20;

macro_rules! pooled {
    ($($float:ty => $pool:ident),*) => {$(
        thread_local! {
            static $pool: RefCell<Vec<Vec<$float>>> = const { RefCell::new(Vec::new()) };
        }
        impl Pooled for $float {
            fn pool() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>> {
                &$pool
            }
        }
    )*};
}
pooled!(
    f64 => F64_BUFFERS,
    f32 => F32_BUFFERS,
    Dual<f64> => DUAL_F64_BUFFERS,
    Dual<f32> => DUAL_F32_BUFFERS
);

/// An empty buffer from this thread's pool with room for `len` values: the smallest pooled
/// one with the room, else the largest (grown), else a new one.
///
/// ```
/// let buffer: Vec<f32> = autodiff_runtime::pool::take(16);
/// assert!(buffer.is_empty() && buffer.capacity() >= 16);
/// ```
pub fn take<T: Pooled>(len: usize) -> Vec<T> {
    let taken = T::pool().try_with(|pool| {
        let mut pool = pool.borrow_mut();
        let roomy = (0..pool.len())
            .filter(|&i| pool[i].capacity() >= len)
            .min_by_key(|&i| pool[i].capacity());
        let largest = (0..pool.len()).max_by_key(|&i| pool[i].capacity());
        roomy.or(largest).map(|i| pool.swap_remove(i))
    });
    let mut buffer = taken.ok().flatten().unwrap_or_default();
    buffer.reserve(len);
    buffer
}

/// Returns a buffer to this thread's pool, emptied, unless the pool is full (then the
/// buffer is freed, as it is during the thread's teardown).
///
/// ```
/// autodiff_runtime::pool::give_back(vec![1.0f64; 4]);
/// assert!(autodiff_runtime::pool::take::<f64>(4).capacity() >= 4);
/// ```
pub fn give_back<T: Pooled>(mut buffer: Vec<T>) {
    if buffer.capacity() == 0 {
        return;
    }
    buffer.clear();
    let _ = T::pool().try_with(|pool| {
        let mut pool = pool.borrow_mut();
        let held: usize = pool.iter().map(Vec::capacity).sum();
        let fits = (held + buffer.capacity()) * std::mem::size_of::<T>() <= POOL_BYTES;
        if pool.len() < POOL_BUFFERS && fits {
            pool.push(buffer);
        }
    });
}

/// Frees the buffers this thread's pools hold (after a phase of large derivatives, say).
///
/// ```
/// use autodiff_runtime::pool;
/// pool::give_back(vec![0.0f64; 1000]);
/// pool::release();
/// assert_eq!(pool::take::<f64>(0).capacity(), 0);
/// ```
pub fn release() {
    fn clear<T: Pooled>() {
        let _ = T::pool().try_with(|pool| pool.borrow_mut().clear());
    }
    clear::<f64>();
    clear::<f32>();
    clear::<Dual<f64>>();
    clear::<Dual<f32>>();
}

/// `x` seeded with the direction `t`, as dual numbers, in a pooled buffer: `f_hvp`'s
/// inputs, given back with [`give_back`] when it is done.
///
/// ```
/// let d = autodiff_runtime::pool::duals(&[1.0, 2.0], &[0.5, 0.0]);
/// assert_eq!((d[0].primal, d[0].tangent, d[1].tangent), (1.0, 0.5, 0.0));
/// ```
#[track_caller]
pub fn duals<T: num_traits::Float>(x: &[T], t: &[T]) -> Vec<Dual<T>>
where
    Dual<T>: Pooled,
{
    let mut buffer = take(x.len());
    buffer.extend(crate::support::paired_duals(x, t));
    buffer
}

/// `len` zeros in a pooled buffer: the cotangent accumulator `f_hvp` lends its pullback.
///
/// ```
/// let z = autodiff_runtime::pool::zeros::<f64>(3);
/// assert_eq!(z, vec![0.0; 3]);
/// ```
pub fn zeros<T: Pooled + Zero>(len: usize) -> Vec<T> {
    let mut buffer = take(len);
    buffer.resize(len, T::zero());
    buffer
}

#[cfg(test)]
mod tests {
    use super::{give_back, take, POOL_BUFFERS, POOL_BYTES};
    use crate::save_stack::SaveStack;

    #[test]
    fn pooled_stacks_reuse_buffers_within_the_pool_bounds() {
        // Tests run on threads of their own, so this pool starts empty.
        let mut a = SaveStack::<f32>::pooled();
        let mut b = SaveStack::<f32>::pooled();
        a.reserve_for(&(0..100), 1);
        b.reserve_for(&(0..300), 1);
        a.push(1.0);
        drop(a);
        drop(b);
        // Best fit: a small reservation gets `a`'s buffer, a large one `b`'s, emptied.
        let mut c = SaveStack::<f32>::pooled();
        c.reserve_for(&(0..50), 1);
        let mut d = SaveStack::<f32>::pooled();
        d.reserve_for(&(0..50), 1);
        assert!(c.capacity() >= 100 && c.capacity() < 300 && c.is_empty());
        assert!(d.capacity() >= 300 && d.capacity() < 600 && d.is_empty());
        assert_eq!(take::<f32>(0).capacity(), 0);
        // A buffer larger than the pool may hold is freed, not kept.
        let mut huge = SaveStack::<f32>::pooled();
        huge.reserve_for(&(0..POOL_BYTES / 4 + 1), 1);
        drop(huge);
        assert_eq!(take::<f32>(0).capacity(), 0);
        // The smallest buffer with room serves a request; without one, the largest grows.
        give_back(Vec::<f32>::with_capacity(500));
        give_back(Vec::<f32>::with_capacity(50));
        give_back(Vec::<f32>::with_capacity(5));
        let fit = take::<f32>(40);
        assert!(fit.capacity() >= 50 && fit.capacity() < 500);
        assert!(take::<f32>(1000).capacity() >= 1000);
        assert!(take::<f32>(0).capacity() >= 5);
        assert_eq!(take::<f32>(0).capacity(), 0);
        // `release` empties the pool.
        give_back(Vec::<f32>::with_capacity(5));
        super::release();
        assert_eq!(take::<f32>(0).capacity(), 0);
        // At most POOL_BUFFERS buffers wait.
        let many: Vec<_> = (0..POOL_BUFFERS + 3)
            .map(|_| {
                let mut s = SaveStack::<f32>::pooled();
                s.reserve_for(&(0..10), 1);
                s
            })
            .collect();
        drop(many);
        let again: Vec<_> = (0..POOL_BUFFERS + 3).map(|_| take::<f32>(0)).collect();
        let kept = again.iter().filter(|s| s.capacity() > 0).count();
        assert_eq!(kept, POOL_BUFFERS);
    }
}
