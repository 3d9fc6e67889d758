//! oxc's `raw_deser` snippets (`ir::snippet`, parsed by the loader) rendered for one output
//! variant: the `IF` blocks whose flag holds, the flags as `true`/`false`, the references resolved
//! by the caller (the deserializer of a type, where a field is, what `THIS.x` is), then tidied: the
//! branches and spreads of constant flags folded, `push(...spread)` made a loop, blank lines and the
//! Rust string's indentation dropped. A snippet's last line is its value; the lines before it are
//! statements to run first.

mod passes;
mod position;

use self::passes::{fold_spreads, tidy, unspread_pushes};
use self::position::PositionJs;
use super::bodies::errors::WriteError;
use super::node_literal;
use super::scan::{Scan, find_at_depth_zero};
use crate::functions::function::Construction;
use crate::ir::snippet::{Flag, Op, Part, Snippet, fold_ifs};
use crate::ir::{TypeId, TypeRef};

/// The output variant's flags, which the snippets test: the model's variant (`Flags::value`).
pub type Flags = crate::model::OutputVariant;

/// What a snippet refers to, which only the caller can resolve.
pub trait Resolve {
    /// The JS function that deserializes `ty`.
    fn deserializer(&mut self, ty: &TypeRef) -> Result<String, String>;
    /// The byte offset of a field path within the struct being converted (`within = None`) or within
    /// struct `within`, relative to `pos`.
    fn offset(&mut self, within: Option<TypeId>, path: &[String]) -> Result<u32, String>;
    /// The offset `POS` stands for, relative to `pos`.
    fn pos_offset(&self) -> u32;
    /// The JS expression for `THIS.name`; the caller computes it before the snippet.
    fn this(&mut self, name: &str) -> String;
    /// The function the snippet goes into: what the constants it hoists are named after.
    fn function(&self) -> &str;
    /// `ty` read at `pos` in place (a number, a flag), if it is read so; `None` if it has a
    /// function of its own.
    fn read_in_place(&self, ty: &TypeRef, pos: &str) -> Option<String>;
    /// The constructor of Oxlint's nodes made as `made` says (`function::Prototype`), if they get
    /// one; else they are made by `Object.create` and assignments.
    fn node_constructor(&mut self, made: &Construction, node_type: Option<&str>) -> Result<Option<String>, String>;
}

/// A rendered snippet: statements to run first, then the expression of its value.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Rewritten {
    pub statements: String,
    pub value: String,
    /// Module constants it uses, `(name, declaration)`: Oxlint's getters' descriptors.
    pub hoisted: Vec<(String, String)>,
}

/// Renders `snippet` for `flags`, resolving its references with `resolve`.
pub fn rewrite(snippet: &Snippet, flags: Flags, resolve: &mut dyn Resolve) -> Result<Rewritten, String> {
    let mut text = String::new();
    let mut in_place = Vec::new();
    render(&snippet.parts, flags, resolve, &mut text, &mut in_place)?;
    let text = read_in_place(&text, &in_place, resolve)?;
    // The passes below read its code alone: its literals, comments and brackets must close.
    match Scan::new(&text).finish() {
        Ok(open) if open.is_empty() => {}
        Ok(_) => return Err(WriteError::BracketOpen.into()),
        Err(error) => return Err(WriteError::DoesNotScan(error).into()),
    }
    let text = if flags.linter { node_literal::add_node_proto(&text)? } else { text };
    let text = tidy(&unspread_pushes(&fold_ifs(&fold_spreads(&text)?)?));
    // Oxlint's nodes: their shapes' constructors, or `Object.create(NodeProto)` and assignments
    // through temporaries.
    let literals = if flags.linter {
        let prefix = resolve.function().to_owned();
        node_literal::to_assignments(&text, &prefix, &mut |made, node_type| resolve.node_constructor(made, node_type))?
    } else {
        node_literal::Assignments { text, ..Default::default() }
    };
    let text = literals.text.trim();
    let mut rewritten = match text.rsplit_once('\n') {
        Some((statements, value)) => Rewritten {
            statements: statements.trim().to_owned(),
            value: value.trim().to_owned(),
            hoisted: literals.hoisted,
        },
        None => Rewritten { statements: String::new(), value: text.to_owned(), hoisted: literals.hoisted },
    };
    if literals.temporaries > 0 {
        rewritten.statements = node_literal::declare_temporaries(literals.temporaries, &rewritten.statements);
    }
    Ok(rewritten)
}

/// The parts of `parts` that render for `flags`, the `IF` blocks whose flag holds opened, in order.
pub(super) fn active_parts<'p>(parts: &'p [Part], flags: Flags, out: &mut Vec<&'p Part>) {
    for part in parts {
        match part {
            Part::If { flag, negated, body } => {
                if flags.value(*flag) != *negated {
                    active_parts(body, flags, out);
                }
            }
            other => out.push(other),
        }
    }
}

/// Renders `parts` into `out`. A `DESER` of a type read in place is left as a mark, `in_place`'s
/// index between two `IN_PLACE` characters, for `read_in_place` once its argument is rendered too.
fn render(
    parts: &[Part],
    flags: Flags,
    resolve: &mut dyn Resolve,
    out: &mut String,
    in_place: &mut Vec<TypeRef>,
) -> Result<(), String> {
    for part in parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::If { flag, negated, body } => {
                if flags.value(*flag) != *negated {
                    render(body, flags, resolve, out, in_place)?;
                }
            }
            Part::Deser(ty) if resolve.read_in_place(ty, "pos").is_some() => {
                out.push(IN_PLACE);
                out.push_str(&in_place.len().to_string());
                out.push(IN_PLACE);
                in_place.push(ty.clone());
            }
            // (A node's `range` spread, marked for `add_node_proto`.)
            Part::Flag(Flag::Range) if flags.linter && out.ends_with("...(") => {
                out.push_str(node_literal::RANGE_SPREAD_MARK)
            }
            Part::Flag(flag) => out.push_str(if flags.value(*flag) { "true" } else { "false" }),
            Part::Deser(ty) => out.push_str(&resolve.deserializer(ty)?),
            Part::PosOffset { within, path, op } => {
                let offset = resolve.offset(*within, path)?;
                let position = match op {
                    Some((Op::Shr, operand)) => PositionJs { shift: Some(*operand), offset: offset >> operand },
                    Some((Op::Add, operand)) => PositionJs { shift: None, offset: offset + operand },
                    None => PositionJs { shift: None, offset },
                };
                out.push_str(&position.text());
            }
            Part::Pos => out.push_str(&PositionJs { shift: None, offset: resolve.pos_offset() }.text()),
            Part::This(name) => out.push_str(&resolve.this(name)),
            Part::SourceText => out.push_str("sourceText"),
        }
    }
    Ok(())
}

/// Marks a `DESER` of a type read in place (`render`).
const IN_PLACE: char = '\u{1}';

/// Each `DESER[T](pos)` of a type read in place (`render`'s marks) as the read itself, `int32[pos >>> 2]`
/// for `i32`: a call of a function that only reads a number costs where V8 runs the code unoptimized.
fn read_in_place(text: &str, in_place: &[TypeRef], resolve: &dyn Resolve) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(IN_PLACE) {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let end = after.find(IN_PLACE).ok_or(WriteError::UnterminatedMark)?;
        let ty = &in_place[after[..end].parse::<usize>().map_err(|e| e.to_string())?];
        let call = after[end + 1..].strip_prefix('(').ok_or(WriteError::InPlaceReadNotCalled)?;
        let close = find_at_depth_zero(call, ')').ok_or(WriteError::InPlaceReadNotClosed)?;
        let mut pos = call[..close].trim();
        // (`(pos + 4)` is grouped again where the read needs it.)
        if pos.starts_with('(') && find_at_depth_zero(&pos[1..], ')') == Some(pos.len() - 2) {
            pos = &pos[1..pos.len() - 1];
        }
        let read = resolve.read_in_place(ty, pos).expect("marked as read in place");
        // In parentheses unless it is one operand (`int32[…]`, not `uint8[…] === 1`), as the call was.
        let operand = !Scan::new(&read).any(|code| code.c == ' ' && code.depth == 0);
        if operand {
            out.push_str(&read);
        } else {
            out.push('(');
            out.push_str(&read);
            out.push(')');
        }
        rest = &call[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed;

    impl Resolve for Fixed {
        fn deserializer(&mut self, ty: &TypeRef) -> Result<String, String> {
            let t = || Box::new(TypeRef::Named(TypeId(0)));
            let known = [
                (TypeRef::Named(TypeId(0)), "deserializeT"),
                (TypeRef::Option(Box::new(TypeRef::Box(t()))), "deserializeOptionBoxT"),
                (TypeRef::Vec(t()), "deserializeVecT"),
            ];
            let found = known.into_iter().find(|(known, _)| known == ty);
            Ok(found.unwrap_or_else(|| panic!("no deserializer of {ty:?}")).1.to_owned())
        }
        fn offset(&mut self, within: Option<TypeId>, path: &[String]) -> Result<u32, String> {
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            Ok(match (within, path.as_slice()) {
                (None, ["span", "start"]) => 0,
                (None, ["span", "end"]) => 4,
                (None, ["rest"]) => 40,
                (Some(TypeId(1)), ["value"]) => 8,
                _ => return Err(WriteError::NoField { name: "T".to_owned(), field: path.join(".") }.into()),
            })
        }
        fn pos_offset(&self) -> u32 {
            16
        }
        fn this(&mut self, name: &str) -> String {
            crate::functions::oxc::convert::this_name(name)
        }
        fn function(&self) -> &str {
            "deserializeT"
        }
        /// Numbers and flags are read in place, at the positions the tests read them.
        fn read_in_place(&self, ty: &TypeRef, pos: &str) -> Option<String> {
            let TypeRef::Primitive(primitive) = ty else { return None };
            let read = match (primitive, pos) {
                (crate::ir::Primitive::Bool, "pos + 4") => "uint8[pos + 4] === 1",
                (_, "pos + 4") => "int32[(pos + 4) >> 2]",
                (_, "f(1, 2)") => "int32[(f(1, 2)) >> 2]",
                (_, "pos") => "int32[(pos) >> 2]",
                (_, other) => panic!("no read at {other}"),
            };
            Some(read.to_owned())
        }
        fn node_constructor(&mut self, _: &Construction, _: Option<&str>) -> Result<Option<String>, String> {
            Ok(None)
        }
    }

    /// Parses `text` as the loader does (types `T` and `Other`) and renders it.
    fn rewrite(text: &str, flags: Flags, resolve: &mut Fixed) -> Result<Rewritten, String> {
        let names = std::collections::HashMap::from([("T".to_owned(), TypeId(0)), ("Other".to_owned(), TypeId(1))]);
        super::rewrite(&crate::load::snippet::parse(text, &names)?, flags, resolve)
    }

    const TS: Flags = Flags { is_ts: true, range: false, parent: false, linter: false };

    #[test]
    fn last_line_is_the_value() {
        let rewritten = rewrite("\n  const a = DESER[i32](POS_OFFSET.span.end);\n  a + 1\n", TS, &mut Fixed).unwrap();
        // (A number is read in place, not through a function of its own.)
        assert_eq!(
            rewritten,
            Rewritten {
                statements: "const a = int32[(pos + 4) >> 2];".to_owned(),
                value: "a + 1".to_owned(),
                hoisted: Vec::new()
            }
        );
        // A flag's read is one operand, as the call was.
        let flag = rewrite("!DESER[bool](POS_OFFSET.span.end) && DESER[i32](f(1, 2))", TS, &mut Fixed).unwrap();
        assert_eq!(flag.value, "!(uint8[pos + 4] === 1) && int32[(f(1, 2)) >> 2]");
    }

    #[test]
    fn references() {
        let value = |s: &str| rewrite(s, TS, &mut Fixed).unwrap().value;
        assert_eq!(value("DESER[Option<Box<T>>](POS)"), "deserializeOptionBoxT((pos + 16))");
        assert_eq!(value("POS_OFFSET.span.start"), "pos");
        assert_eq!(value("POS_OFFSET.rest >> 2"), "((pos >> 2) + 10)");
        assert_eq!(value("POS_OFFSET.rest + 8"), "(pos + 48)");
        assert_eq!(value("POS_OFFSET<Other>.value"), "(pos + 8)");
        assert_eq!(value("THIS.start === 0 ? SOURCE_TEXT : THIS.end"), "this_start === 0 ? sourceText : this_end");
        // Words that only contain a keyword are left alone.
        assert_eq!(value("restFieldPos32 + MY_POS + a.POS"), "restFieldPos32 + MY_POS + a.POS");
        assert_eq!(value("f(...DESER[T](POS))"), "f(...deserializeT((pos + 16)))");
    }

    #[test]
    fn flags_and_blocks() {
        let value = |s: &str, flags| rewrite(s, flags, &mut Fixed).unwrap().value;
        let js = Flags { is_ts: false, range: true, parent: false, linter: false };
        assert_eq!(value("IS_TS ? 1 : 2", TS), "true ? 1 : 2");
        assert_eq!(value("/* IF IS_TS */1/* END_IF *//* IF !IS_TS */2/* END_IF */", js), "2");
        // Blocks nest: the inner one's `END_IF` does not close the outer one.
        let nested = "a;/* IF IS_TS */b;/* IF RANGE */c;/* END_IF */d;/* END_IF */e;";
        assert_eq!(value(nested, js), "a;e;");
        assert_eq!(value(nested, TS), "a;b;d;e;");
        assert_eq!(value(nested, Flags { is_ts: true, range: true, parent: false, linter: false }), "a;b;c;d;e;");
        assert_eq!(
            value("{ a, ...(IS_TS && { b: 1, c: 2, }), ...(RANGE && { range: [s, e] }), d }", js),
            "{ a, range: [s, e], d }"
        );
        assert_eq!(value("{ a, ...(PARENT && { parent }) }", js), "{ a, }");
        assert_eq!(value("{ a, ...(x && { b: '}' }), c }", js), "{ a, ...(x && { b: '}' }), c }");
        // Brackets in literals and comments are not the spread's.
        assert_eq!(
            value("{ a, ...(IS_TS && { b: `}${ {c} }`, d: 1 /* } */ }), e }", TS),
            "{ a, b: `}${ {c} }`, d: 1 /* } */, e }"
        );
        // Oxlint's: the objects with a `range` spread are nodes, with `NodeProto` (`LOC`), literals
        // inside others too, built by `Object.create` (node_literal.rs) in temporaries it declares.
        let linter = Flags { is_ts: true, range: true, parent: true, linter: true };
        let node =
            rewrite("f({ a: [1], b: { c }, ...(RANGE && { range: [s, e] }) }, { d })", linter, &mut Fixed).unwrap();
        assert_eq!(node.statements, "var node$0;");
        assert_eq!(
            node.value,
            "f((node$0 = Object.create(NodeProto), node$0.a = [1], node$0.b = { c }, node$0.range = [s, e], node$0), { d })"
        );
        let nested = rewrite(
            "{ type: 'X', id: { type: 'I', ...(RANGE && { range }) }, ...(RANGE && { range }) }",
            linter,
            &mut Fixed,
        )
        .unwrap();
        assert_eq!(nested.statements, "var node$0, node$1;");
        assert_eq!(
            nested.value,
            "(node$0 = Object.create(NodeProto), node$0.type = 'X', node$0.id = (node$1 = Object.create(NodeProto), node$1.type = 'I', node$1.range = range, node$1), node$0.range = range, node$0)"
        );
        assert_eq!(value("/* IF LINTER */1/* END_IF *//* IF !PRESERVE_PARENS */2/* END_IF */", linter), "12");
    }

    #[test]
    fn constant_ifs() {
        let value = |s: &str| rewrite(s, TS, &mut Fixed).unwrap();
        let folded = value(
            "let a;\nif (IS_TS) { a = 1; } else { a = 2; }\nif (RANGE) a.range = [0, 1];\nif (PARENT) {\n  a.parent = null;\n}\na",
        );
        assert_eq!(folded.statements, "let a;\n{ a = 1; }");
        assert_eq!(folded.value, "a");
        // Only whole words, and nested ones too.
        assert_eq!(value("notif (true) ? 1 : 2").value, "notif (true) ? 1 : 2");
        assert_eq!(value("if (IS_TS) { if (RANGE) x(); y(); }\nz").statements, "{  y(); }");
        // Nor one in a string.
        assert_eq!(
            value("f('if (true) x;');\nif (IS_TS) { g('}'); }\nz").statements,
            "f('if (true) x;');\n{ g('}'); }"
        );
        // An `else if` is not folded blindly.
        assert!(rewrite("if (IS_TS) a(); else if (b) c();\nd", TS, &mut Fixed).is_err());
    }

    #[test]
    fn pushes_of_spreads_are_loops() {
        let rewritten = rewrite("const body = f();\nbody.push(...DESER[Vec<T>](POS));\nbody", TS, &mut Fixed).unwrap();
        assert_eq!(
            rewritten.statements,
            "const body = f();\nfor (const element of deserializeVecT((pos + 16))) body.push(element);"
        );
    }

    #[test]
    fn errors() {
        assert!(rewrite("DESER[T", TS, &mut Fixed).is_err());
        assert!(rewrite("POS_OFFSET.nope", TS, &mut Fixed).is_err());
        assert!(rewrite("/* IF MAGIC */ 1 /* END_IF */", TS, &mut Fixed).is_err());
        assert!(rewrite("/* IF IS_TS */ 1", TS, &mut Fixed).is_err());
        assert!(rewrite("f('a)", TS, &mut Fixed).unwrap_err().contains("does not scan"));
        assert!(rewrite("f(a", TS, &mut Fixed).unwrap_err().contains("bracket open"));
    }
}
