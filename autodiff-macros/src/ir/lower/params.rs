//! The function's parameters: each declared under its own name with the kind its type and
//! its passing give, `&self` as `this`, and output buffers (`out: &mut [F]`) as local copies.

use super::*;

impl Lowerer {
    /// Declares a parameter: it keeps its name, which the generated signatures repeat;
    /// when a name derived from it is taken, the derived names get a fresh stem instead
    /// (`x` with a local `x_bar` has the adjoint `x_2_bar`).
    pub fn declare_param(&mut self, ident: &Ident, ty: &Type, mutable: bool) -> VarId {
        let kind = kind_of_type(ty, &self.float);
        let stem = self.fresh_name(&ident.to_string(), ident.span(), true);
        self.given.insert(ident.to_string());
        let id = self.vars.len();
        self.vars.push(Var {
            name: ident.clone(),
            stem,
            kind,
            scope: None,
            mutable,
            ty: Some(ty.clone()),
            element: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), id);
        }
        id
    }

    /// `&self`: visible as `self` in the body, named `this` (or a fresh variant) in the
    /// generated code, since the pullback closure takes it again and a closure parameter
    /// cannot be `self`; its derived names keep the stem `self` (`self_bar`, `self_dot`).
    pub(super) fn declare_receiver(&mut self, ident: &Ident, ty: &Type) -> VarId {
        let name = self.fresh_name("this", ident.span(), false);
        let id = self.vars.len();
        self.vars.push(Var {
            name,
            stem: ident.clone(),
            kind: Kind::Struct,
            scope: None,
            mutable: false,
            ty: Some(ty.clone()),
            element: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), id);
        }
        id
    }

    /// A parameter's kind follows how it is passed: a struct by reference is a struct
    /// parameter; a struct by value (or a `Vec` of structs) is passed through.
    pub(super) fn param_kind(&mut self, var: VarId, shape: ParamShape) {
        match (self.vars[var].kind, shape) {
            (Kind::Struct, ParamShape::Struct) => self.struct_params.push(var),
            (Kind::StructSeq, ParamShape::StructSlice) => self.struct_slices.push(var),
            (Kind::Struct | Kind::StructSeq, _) => self.vars[var].kind = Kind::Other,
            _ => {}
        }
    }

    /// `out: &mut [F]`: the body sees a local copy (`out_value`), declared at its start and
    /// written back by every generated function.
    pub(super) fn output_param(&mut self, ident: &Ident, ty: &Type) -> Option<VarId> {
        let Type::Reference(r) = ty else { return None };
        let last = |name: &str| matches!(&*r.elem, Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == name));
        let buffer = if last("Vec") {
            Buffer::Vec
        } else if last("Array1") && kind_of_type(&r.elem, &self.float) == Kind::Array {
            Buffer::Array1
        } else {
            Buffer::Slice
        };
        if buffer != Buffer::Array1
            && (kind_of_type(&r.elem, &self.float) != Kind::FloatSeq
                || matches!(&*r.elem, Type::Array(_)))
        {
            return None;
        }
        self.given.insert(ident.to_string());
        let name = self.fresh_name(&format!("{ident}_value"), ident.span(), false);
        let id = self.vars.len();
        self.vars.push(Var {
            stem: name.clone(),
            name,
            kind: Kind::FloatSeq,
            scope: Some(0),
            mutable: true,
            ty: None,
            element: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.1.insert(ident.to_string(), id);
        }
        self.outputs.push(Output {
            local: id,
            param: ident.clone(),
            buffer,
        });
        Some(id)
    }
}
