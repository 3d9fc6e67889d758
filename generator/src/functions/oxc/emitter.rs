//! The functions of an oxc deserializer: each reader (a type, or a `Vec` read whole) gets one,
//! named when first needed and written once (again where it must read first), and every call
//! between them is recorded for [`nesting`](super::nesting). Strings need none: the runtime's
//! readers read them ([`runtime_reader`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use askama::Template;

use super::nesting::{self, Call};
use super::snippet::Flags;
use super::{FunctionJs, NodeConstructorJs};
use crate::context::EmitContext;
use crate::functions::builder::Builder;
use crate::functions::format::RuntimeFormat;
use crate::functions::function::Construction;
use crate::functions::names::member_function;
use crate::ir::{Builtin, Schema, TypeId, TypeRef};

/// Builds the deserializer functions a root needs, each once.
pub(super) struct Emitter<'s> {
    pub(super) cx: &'s EmitContext<'s>,
    pub(super) schema: &'s Schema,
    /// Writes the expressions and bodies both formats share.
    pub(super) builder: Builder<'s>,
    pub(super) flags: Flags,
    names: HashMap<&'s str, TypeId>,
    /// Function name → code; and the constants a function's snippets hoist (`node_literal`), under
    /// names that start with the function's, so they follow it.
    pub(super) functions: BTreeMap<String, String>,
    /// Readers whose function is named but not yet written.
    pending: Vec<Reader>,
    /// The reader of each function name a snippet has named.
    pub(super) named: HashMap<String, Reader>,
    /// The function being written.
    pub(super) current: String,
    /// Every call between functions, for `nesting::check_cycles`.
    pub(super) calls: Vec<Call>,
    /// Every function's reader, by name.
    readers: BTreeMap<String, Reader>,
    /// The `Box` readers that read their target first where the JS stack runs out below it.
    pub(super) read_first: BTreeSet<String>,
    /// Where an enum's case or an `Option` reads a boxed payload in place, with no call to the
    /// `Box`'s function (`Builder::read_payload_in`): all but these `Box` readers, which must be
    /// called ([`Self::call_boxes_in_nesting_cycles`]).
    pub(super) boxes_called: BTreeSet<String>,
    /// Each `Box` read in place, for [`Self::call_boxes_in_nesting_cycles`].
    pub(super) boxes_in_place: Vec<BoxInPlace>,
    /// Each node constructor's name (`function::Prototype`), by its shape (its body), and its
    /// definition in `functions` under that name: constructors sort before the `deserialize…`
    /// functions, after `NodeProto`, which they take as their `prototype`.
    constructors: HashMap<String, String>,
}

/// Why a deserializer could not be written: something in the schema oxc's buffers cannot be read
/// by, or (`Internal`) a bug in the generator.
#[derive(Debug, thiserror::Error)]
pub(super) enum Problem {
    #[error("the schema has no type `{0}`, which oxc's buffers need")]
    MissingType(String),
    /// A function that cannot be written: a converter's JS, a field its path names.
    #[error("{function}: {message}")]
    Function { function: String, message: String },
    /// A function of a cycle with no place to stop that looks at more than one value of it.
    #[error(
        "{function} looks at {count} values that may hold it again ({group}): a tree nested deeper than the JS stack holds could not be read in bounded work"
    )]
    UnboundedNesting { function: String, count: usize, group: String },
    /// Another thing the schema makes impossible (a cycle with no place to stop, a missing field).
    #[error("{0}")]
    Schema(String),
    /// A bug in the generator: calls not recorded as written.
    #[error("{0}")]
    Internal(String),
    /// A bug in the generator: a function's template that does not render.
    #[error("{function}: {message}")]
    Unrendered { function: String, message: String },
}

/// A `Box` an enum's case or an `Option` holds, read in place by function `caller`: the `Box`'s
/// reader and its function's name, as it would be called, and its target's function.
#[derive(Debug, Clone)]
pub(super) struct BoxInPlace {
    pub(super) caller: String,
    pub(super) name: String,
    pub(super) reader: Reader,
    pub(super) target: String,
}

/// What a function reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Reader {
    Value(TypeRef),
    /// A `Vec` whose elements are all read now, none left for later: for snippets that look at
    /// them (`decorators[0].start`).
    WholeVec(TypeRef),
    /// One property of a struct's object, a converter's, alone: what a walk builds of a struct it
    /// otherwise reads field by field (`functions/walker/`).
    Property(TypeId, String),
}

impl<'s> Emitter<'s> {
    pub(super) fn new(cx: &'s EmitContext<'s>, flags: Flags) -> Self {
        let schema = cx.schema;
        let names = schema.ids().map(|id| (schema.get(id).name.as_str(), id)).collect();
        Self {
            cx,
            schema,
            builder: Builder::oxc(cx),
            flags,
            names,
            functions: BTreeMap::new(),
            pending: Vec::new(),
            named: HashMap::new(),
            current: String::new(),
            calls: Vec::new(),
            readers: BTreeMap::new(),
            read_first: BTreeSet::new(),
            boxes_called: BTreeSet::new(),
            boxes_in_place: Vec::new(),
            constructors: HashMap::new(),
        }
    }

    pub(super) fn named(&self, name: &str) -> Result<TypeId, Problem> {
        self.names.get(name).copied().ok_or_else(|| Problem::MissingType(name.to_owned()))
    }

    /// The name of the constructor of nodes of `prototype` made as `made` says, defined once
    /// per shape: named after the nodes' `type` (`node_type`), or where another shape has that
    /// name, after the function being written.
    pub(super) fn node_constructor(
        &mut self,
        made: &Construction,
        node_type: Option<&str>,
        prototype: &str,
    ) -> Result<String, String> {
        let shape = format!("{prototype}\n{}", made.assignments.join("\n"));
        if let Some(name) = self.constructors.get(&shape) {
            return Ok(name.clone());
        }
        let function = self.current.strip_prefix("deserialize").unwrap_or(&self.current);
        let base = node_type.unwrap_or(function);
        // (`PrivateInExpression` makes `BinaryExpression`s of a shape of their own, and is written first.)
        let name = [format!("{base}Node"), format!("{function}Node")]
            .into_iter()
            .chain((2..).map(|n| format!("{base}Node{n}")))
            .find(|name| !self.functions.contains_key(name))
            .expect("some name is free");
        let code = NodeConstructorJs { name: &name, node_type: node_type.unwrap_or(function), prototype, made }
            .render()
            .map_err(|e| format!("{name}: {e}"))?;
        self.functions.insert(name.clone(), code);
        self.constructors.insert(shape, name.clone());
        Ok(name)
    }

    /// The functions' code in name order, without constructors that no function calls any more
    /// (a function written again may have made another shape).
    pub(super) fn functions_without_unused_constructors(self) -> Vec<String> {
        let constructors: BTreeSet<&String> = self.constructors.values().collect();
        let used = |name: &String| {
            let call = format!("new {name}(");
            self.functions.iter().any(|(caller, code)| caller != name && code.contains(&call))
        };
        self.functions
            .iter()
            .filter(|(name, _)| !constructors.contains(name) || used(name))
            .map(|(_, code)| code.clone())
            .collect()
    }

    /// Writes every function named so far, and those they name.
    pub(super) fn run(&mut self) -> Result<(), Problem> {
        while let Some(reader) = self.pending.pop() {
            self.write(reader)?;
        }
        Ok(())
    }

    /// Writes the function of `reader` (again, if it was written already).
    fn write(&mut self, reader: Reader) -> Result<(), Problem> {
        let name = self.reader_name(&reader);
        self.current = name.clone();
        self.calls.retain(|call| call.caller != name);
        self.boxes_in_place.retain(|read| read.caller != name);
        let function =
            self.function(&name, &reader).map_err(|message| Problem::Function { function: name.clone(), message })?;
        let code = FunctionJs { function: &function, format: RuntimeFormat::oxc(self.flags) }
            .render()
            .map_err(|e| Problem::Unrendered { function: name.clone(), message: e.to_string() })?;
        nesting::check_recorded(&name, &code, &self.calls).map_err(Problem::Internal)?;
        self.functions.insert(name.clone(), code);
        self.readers.insert(name, reader);
        Ok(())
    }

    /// Where functions call each other with no place to stop (a converter that looks at what it
    /// read: oxc's namespace declarations, `a.b.c { }`, each read inside the one before), the
    /// `Box`es among them read their target first when the JS stack runs out below it: the
    /// deepest one records itself, and `readFromTop` reads it from the top of the stack and keeps
    /// its value for the retry, which finds it there. That takes a chain: each function of the
    /// group makes at most one call into it each time it runs (else a retry would read again what
    /// a failed one read, as often as there are such calls, and each retry takes away what it
    /// found). A group with no `Box` is left for `nesting::check_cycles` to refuse.
    pub(super) fn read_first_in_nesting_cycles(&mut self) -> Result<(), Problem> {
        let groups = nesting::undeferred_cycles(&self.calls);
        self.check_chains(&self.calls, &groups, &self.readers)?;
        for name in groups.into_iter().flatten() {
            if let Some(reader @ Reader::Value(TypeRef::Box(_))) = self.readers.get(&name).cloned() {
                self.read_first.insert(name);
                self.write(reader)?;
            }
        }
        Ok(())
    }

    /// The `Box`es read in place that must be called after all, to be read first
    /// ([`Self::read_first_in_nesting_cycles`]): those on a cycle of calls with no place to stop
    /// were every `Box` called. The functions that read them in place are written again, calling
    /// them; the cycles are checked as [`Self::read_first_in_nesting_cycles`] checks them.
    pub(super) fn call_boxes_in_nesting_cycles(&mut self) -> Result<(), Problem> {
        let (calls, readers) = self.calls_through_boxes();
        let groups = nesting::undeferred_cycles(&calls);
        self.check_chains(&calls, &groups, &readers)?;
        let called: BTreeSet<String> = groups
            .into_iter()
            .flatten()
            .filter(|name| self.boxes_in_place.iter().any(|read| &read.name == name))
            .collect();
        let callers: BTreeSet<String> = self
            .boxes_in_place
            .iter()
            .filter(|read| called.contains(&read.name))
            .map(|read| read.caller.clone())
            .collect();
        self.boxes_called.extend(called);
        for caller in callers {
            let reader = self.readers[&caller].clone();
            self.write(reader)?;
        }
        self.run()
    }

    /// The calls as they would be were every `Box` called, with the readers of the functions they
    /// name: each read in place goes through its `Box`'s function.
    fn calls_through_boxes(&self) -> (Vec<Call>, BTreeMap<String, Reader>) {
        let mut calls = self.calls.clone();
        let mut readers = self.readers.clone();
        for read in &self.boxes_in_place {
            let direct = Call { caller: read.caller.clone(), callee: read.target.clone(), deferred: false };
            let at = calls.iter().position(|call| *call == direct).expect("a read in place records its call");
            calls[at].callee = read.name.clone();
            calls.push(Call { caller: read.name.clone(), callee: read.target.clone(), deferred: false });
            readers.insert(read.name.clone(), read.reader.clone());
        }
        (calls, readers)
    }

    /// Fails where a function of a cycle of `calls` with no place to stop (`groups`) looks at more
    /// than one value of it and is not read one at a time (a `Box`, an `Option`, an enum's case):
    /// read first, it would be read again on each retry.
    fn check_chains(
        &self,
        calls: &[Call],
        groups: &[Vec<String>],
        readers: &BTreeMap<String, Reader>,
    ) -> Result<(), Problem> {
        for group in groups {
            for name in group {
                let one_at_a_time = match readers.get(name) {
                    Some(Reader::Value(TypeRef::Box(_) | TypeRef::Option(_) | TypeRef::Cell(_))) => true,
                    Some(Reader::Value(TypeRef::Named(id))) => {
                        self.cx.model.enumeration(*id).is_some_and(|e| e.via.is_none())
                    }
                    _ => false,
                };
                let into_group =
                    calls.iter().filter(|c| !c.deferred && &c.caller == name && group.contains(&c.callee)).count();
                if !one_at_a_time && into_group > 1 {
                    return Err(Problem::UnboundedNesting {
                        function: name.clone(),
                        count: into_group,
                        group: group.join(", "),
                    });
                }
            }
        }
        Ok(())
    }

    /// The name of the function that reads `ty` at `pos`; it is written later if new.
    pub(super) fn deserializer(&mut self, ty: &TypeRef) -> String {
        self.register(Reader::Value(ty.clone()))
    }

    pub(super) fn reader_name(&self, reader: &Reader) -> String {
        match reader {
            Reader::Value(ty) => self.builder.function_name(ty),
            Reader::WholeVec(ty) => format!("{}Whole", self.builder.function_name(ty)),
            Reader::Property(id, key) => member_function("deserialize", Some(key), &self.schema.get(*id).name),
        }
    }

    /// The name of `reader`'s function; it is written later if new.
    pub(super) fn register(&mut self, reader: Reader) -> String {
        let name = self.reader_name(&reader);
        if !self.functions.contains_key(&name) {
            // A placeholder keeps the name taken until `run` writes the function.
            self.functions.insert(name.clone(), String::new());
            self.pending.push(reader);
        }
        name
    }

    /// Records a call from the function being written.
    pub(super) fn call(&mut self, callee: &str, deferred: bool) {
        self.calls.push(Call { caller: self.current.clone(), callee: callee.to_owned(), deferred });
    }

    pub(super) fn record(&mut self, calls: &[(String, bool)]) {
        for (callee, deferred) in calls {
            self.call(callee, *deferred);
        }
    }

    /// Whether the function of a name a snippet uses reads a value that may nest.
    pub(super) fn named_may_nest(&self, name: &str) -> bool {
        match self.named.get(name) {
            Some(Reader::Value(ty) | Reader::WholeVec(ty)) => self.cx.model.may_nest(ty),
            Some(Reader::Property(..)) | None => false,
        }
    }

    /// The reader of a function name a snippet's call uses (its own or a `…Whole` one).
    pub(super) fn reader_for(&self, name: &str) -> Option<Reader> {
        if let Some(reader) = self.named.get(name) {
            return Some(reader.clone());
        }
        let plain = name.strip_suffix("Whole")?;
        match self.named.get(plain) {
            Some(Reader::Value(ty)) => Some(Reader::WholeVec(ty.clone())),
            _ => None,
        }
    }
}

/// The runtime's function that reads `ty` (strings), which reads call at once: a function of its own
/// that only called it would be one more call per string, which costs where V8 runs the code
/// unoptimized (after a collection has thrown the optimized code away).
pub(super) fn runtime_reader(ty: &TypeRef) -> Option<&'static str> {
    match ty {
        TypeRef::Builtin(Builtin::StrRef | Builtin::Ident) | TypeRef::Str => Some("readStr"),
        TypeRef::Builtin(Builtin::JsStr) => Some("readJSStr"),
        TypeRef::Cell(inner) => runtime_reader(inner),
        _ => None,
    }
}
