//! A readable dump of the IR, for snapshots (`snapshots/*/`, `snapshots/oxc/oxc_ir.snap`): every
//! type with its representation, fields or variants, and what the schema says of their JS side.

use std::fmt::{self, Write as _};

use super::estree::{FieldEstree, JoinPlace, Only, Ordered, TypeEstree, VariantEstree};
use super::snippet::{Op, Part};
use super::{EnumRepr, Schema, StructRepr, TypeDef, TypeKind};

impl Schema {
    /// A readable dump of the IR, for snapshots and `--dump` style debugging.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        for def in &self.types {
            write!(out, "{}", DumpType { schema: self, def }).unwrap();
        }
        for meta in &self.meta {
            let mut notes = Vec::new();
            if let Some(only) = meta.only {
                notes.push(only_note(only).to_owned());
            }
            if let Some(ts_type) = &meta.ts_type {
                notes.push(format!("ts_type = {ts_type:?}"));
            }
            if meta.raw_deser_inline {
                notes.push("raw_deser_inline".to_owned());
            }
            writeln!(out, "meta {}{}  ({})", meta.name, bracket(&notes), meta.file).unwrap();
            if let Some(snippet) = &meta.raw_deser {
                let mut text = String::new();
                render_parts(self, &snippet.parts, &mut text);
                // The lines after the first keep the indentation of the Rust string they were in.
                let lines: Vec<&str> = text.trim().lines().map(str::trim_end).collect();
                let indent = lines
                    .iter()
                    .skip(1)
                    .filter(|l| !l.is_empty())
                    .map(|l| l.len() - l.trim_start().len())
                    .min()
                    .unwrap_or(0);
                for (n, line) in lines.iter().enumerate() {
                    let line = if n == 0 || line.len() < indent { line.trim_start() } else { &line[indent..] };
                    writeln!(out, "    | {line}").unwrap();
                }
            }
        }
        out
    }

    fn meta_name(&self, id: super::MetaId) -> &str {
        &self.meta[id.0].name
    }
}

/// `  [estree a, b]`, or nothing.
fn bracket(notes: &[String]) -> String {
    if notes.is_empty() { String::new() } else { format!("  [estree {}]", notes.join(", ")) }
}

fn only_note(only: Only) -> &'static str {
    match only {
        Only::Ts => "ts only",
        Only::Js => "js only",
    }
}

/// A snippet as it was written (references shown in the template language, types by name).
fn render_parts(schema: &Schema, parts: &[Part], out: &mut String) {
    for part in parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::If { flag, negated, body } => {
                write!(out, "/* IF {}{} */", if *negated { "!" } else { "" }, flag.name()).unwrap();
                render_parts(schema, body, out);
                out.push_str("/* END_IF */");
            }
            Part::Flag(flag) => out.push_str(flag.name()),
            Part::Deser(ty) => write!(out, "DESER[{}]", schema.rust_type(ty, "'a")).unwrap(),
            Part::PosOffset { within, path, op } => {
                out.push_str("POS_OFFSET");
                if let Some(id) = within {
                    write!(out, "<{}>", schema.get(*id).name).unwrap();
                }
                for name in path {
                    write!(out, ".{name}").unwrap();
                }
                match op {
                    Some((Op::Add, n)) => write!(out, " + {n}").unwrap(),
                    Some((Op::Shr, n)) => write!(out, " >> {n}").unwrap(),
                    None => {}
                }
            }
            Part::Pos => out.push_str("POS"),
            Part::This(name) => write!(out, "THIS.{name}").unwrap(),
            Part::SourceText => out.push_str("SOURCE_TEXT"),
        }
    }
}

struct DumpType<'s> {
    schema: &'s Schema,
    def: &'s TypeDef,
}

impl DumpType<'_> {
    fn type_notes(&self, e: &TypeEstree) -> Vec<String> {
        let schema = self.schema;
        let mut notes = Vec::new();
        if let Some(node_type) = &e.node_type {
            notes.push(format!("type = {node_type:?}"));
        }
        let flags = [
            ("no_type", e.no_type),
            ("skip", e.skip),
            ("flatten", e.flatten),
            ("no_rename_variants", e.no_rename_variants),
            ("no_ts_def", e.ts_def.none),
            ("no_parent", e.no_parent),
        ];
        notes.extend(flags.iter().filter(|(_, on)| *on).map(|(name, _)| (*name).to_owned()));
        if let Some(via) = e.via {
            notes.push(format!("via = {}", schema.meta_name(via)));
        }
        if !e.add_fields.is_empty() {
            let added: Vec<String> =
                e.add_fields.iter().map(|a| format!("{} = {}", a.key, schema.meta_name(a.converter))).collect();
            notes.push(format!("add_fields({})", added.join(", ")));
        }
        if let Some(order) = &e.field_order {
            let TypeKind::Struct(s) = &self.def.kind else { unreachable!("field_order is a struct's") };
            let names: Vec<&str> = order
                .iter()
                .map(|entry| match entry {
                    Ordered::Field(index) => s.fields[*index].name.as_str(),
                    Ordered::Added(index) => e.add_fields[*index].key.as_str(),
                })
                .collect();
            notes.push(format!("field_order({})", names.join(", ")));
        }
        if let Some(alias) = &e.ts_def.alias {
            notes.push(format!("ts_alias = {alias:?}"));
        }
        if let Some(add) = &e.ts_def.add {
            notes.push(format!("add_ts_def = {:?}", add.template_text()));
        }
        notes
    }

    fn field_notes(&self, fields: &[super::Field], e: &FieldEstree) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(rename) = &e.rename {
            notes.push(format!("rename = {rename:?}"));
        }
        let flags = [
            ("skip", e.skip),
            ("flatten", e.flatten),
            ("no_flatten", e.no_flatten),
            ("from_span", e.from_span),
            ("json_safe", e.json_safe),
        ];
        notes.extend(flags.iter().filter(|(_, on)| *on).map(|(name, _)| (*name).to_owned()));
        if let Some(convert) = e.convert {
            notes.push(format!("convert = {:?}", convert.name()));
        }
        if let Some(via) = e.via {
            notes.push(format!("via = {}", self.schema.meta_name(via)));
        }
        if let Some(join) = e.join {
            let place = match join.place {
                JoinPlace::Prepend => "prepend_to",
                JoinPlace::Append => "append_to",
            };
            notes.push(format!("{place} = {}", fields[join.into].name));
        }
        if let Some(only) = e.only {
            notes.push(only_note(only).to_owned());
        }
        if let Some(ts_type) = &e.ts_type {
            notes.push(format!("ts_type = {ts_type:?}"));
        }
        notes
    }

    fn variant_notes(&self, e: &VariantEstree) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(rename) = &e.rename {
            notes.push(format!("rename = {rename:?}"));
        }
        if e.skip {
            notes.push("skip".to_owned());
        }
        if let Some(via) = e.via {
            notes.push(format!("via = {}", self.schema.meta_name(via)));
        }
        notes
    }
}

impl fmt::Display for DumpType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let DumpType { schema, def } = self;
        let name = if def.has_lifetime { format!("{}<'a>", def.name) } else { def.name.clone() };
        match &def.kind {
            TypeKind::Struct(s) => {
                write!(f, "struct {name}")?;
                match s.repr {
                    StructRepr::C => {}
                    StructRepr::Oxc => write!(f, "  repr(oxc)")?,
                }
                if let Some(foreign) = &def.foreign {
                    write!(f, "  foreign = {foreign}")?;
                }
                writeln!(f, "{}  ({})", bracket(&self.type_notes(&def.estree)), def.file)?;
                for field in &s.fields {
                    let visibility = if field.public { "" } else { "(private) " };
                    writeln!(
                        f,
                        "    {visibility}{}: {}{}",
                        field.name,
                        schema.rust_type(&field.ty, "'a"),
                        bracket(&self.field_notes(&s.fields, &field.estree))
                    )?;
                }
            }
            TypeKind::Enum(e) => {
                let repr = match e.repr {
                    EnumRepr::U8 => "u8",
                    EnumRepr::CU8 => "C, u8",
                };
                writeln!(f, "enum {name}  repr({repr}){}  ({})", bracket(&self.type_notes(&def.estree)), def.file)?;
                for variant in &e.variants {
                    write!(f, "    {:>3} {}", variant.discriminant, variant.name)?;
                    if let Some(payload) = &variant.payload {
                        write!(f, "({})", schema.rust_type(payload, "'a"))?;
                    }
                    write!(f, "{}", bracket(&self.variant_notes(&variant.estree)))?;
                    if let Some(from) = &variant.inherited_from {
                        write!(f, "  (from {from})")?;
                    }
                    writeln!(f)?;
                }
            }
        }
        Ok(())
    }
}
