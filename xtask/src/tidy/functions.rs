//! The functions of a Rust file and their lengths, from `syn`'s parse: each `fn` with a body, in
//! an impl or trait (named `Type::name`), a module or another function, from its signature to its
//! closing brace (doc comments and attributes not counted).

use syn::spanned::Spanned;
use syn::visit::Visit;

/// A function's name and how many lines it spans.
pub struct Function {
    pub name: String,
    pub lines: usize,
}

/// The functions of `source`, or why it does not parse.
pub fn functions(source: &str) -> syn::Result<Vec<Function>> {
    let file = syn::parse_file(source)?;
    let mut collector = Collector { owner: None, found: Vec::new() };
    collector.visit_file(&file);
    Ok(collector.found)
}

struct Collector {
    /// The impl's or trait's type, for the functions inside it.
    owner: Option<String>,
    found: Vec<Function>,
}

impl Collector {
    fn add(&mut self, name: &syn::Ident, sig: &syn::Signature, block: &syn::Block) {
        let lines = block.brace_token.span.close().end().line + 1 - sig.span().start().line;
        let name = match &self.owner {
            Some(owner) => format!("{owner}::{name}"),
            None => name.to_string(),
        };
        self.found.push(Function { name, lines });
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.add(&item.sig.ident, &item.sig, &item.block);
        syn::visit::visit_item_fn(self, item);
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.add(&item.sig.ident, &item.sig, &item.block);
        syn::visit::visit_impl_item_fn(self, item);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(block) = &item.default {
            self.add(&item.sig.ident, &item.sig, block);
        }
        syn::visit::visit_trait_item_fn(self, item);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let owner = match &*item.self_ty {
            syn::Type::Path(path) => path.path.segments.last().map(|segment| segment.ident.to_string()),
            _ => None,
        };
        let outer = std::mem::replace(&mut self.owner, owner);
        syn::visit::visit_item_impl(self, item);
        self.owner = outer;
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        let outer = self.owner.replace(item.ident.to_string());
        syn::visit::visit_item_trait(self, item);
        self.owner = outer;
    }
}

#[cfg(test)]
mod tests {
    use super::functions;

    #[test]
    fn measures_from_signature_to_closing_brace() {
        let source = "/// Doc.\n#[inline]\nfn a() {\n    1;\n}\nstruct S;\nimpl S {\n    fn b(&self) {}\n}\n";
        let found: Vec<_> = functions(source).unwrap().into_iter().map(|f| (f.name, f.lines)).collect();
        assert_eq!(found, [("a".to_owned(), 3), ("S::b".to_owned(), 1)]);
    }
}
