//! Analyses over the IR: which variables carry derivatives (activity) and which values
//! the reverse sweep reads (and so must survive until it runs).

pub mod activity;
pub mod needed;
pub mod remat;
pub mod residuals;
pub mod window;

pub use activity::Activity;
pub use needed::Needed;
pub use remat::Remat;
