pub use autodiff_macros::differentiate; pub use autodiff_runtime::*;
