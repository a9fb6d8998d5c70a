//! Analyses over the IR: which variables carry derivatives (activity), which values the
//! reverse sweep reads (and so must survive until it runs), and how loops save and
//! accumulate them (bulk saves before a loop, adjoint windows in its reverse, loops fused
//! with their reverse where the seed is known up front).

pub mod activity;
pub mod bulk_save;
mod covering;
pub mod function_values;
pub mod fusion;
pub mod needed;
pub mod nests;
mod plan;
mod reads;
pub mod remat;
pub mod residuals;
#[cfg(test)]
mod tests;
mod unsaved;
pub mod useful;
pub mod window;

pub use activity::Activity;
pub use plan::Needed;
