//! Where oxc's deserializers stop when the JS stack runs out, and the proof that they always can.
//!
//! Reading oxc's AST recurses: a function per type calls the functions of what the type holds. A
//! call whose value is only stored (an object's property, an array's element, `node.key = …` in a
//! converter's JS) is a place to stop: where the JS stack runs out below it, its value is left as
//! a `Deferred` and read later from the top of the stack (`resolveDeferred`). A call whose value
//! the caller looks at (a converter reading `.end` of what it read, pushing onto an array it read)
//! is not: it must get the real value. Every cycle of calls must pass a place to stop, or a deep
//! enough tree overflows the stack: [`check_cycles`] proves that of the emitted functions, from the
//! calls each one records, and [`check_recorded`] that each function's code makes exactly the calls
//! it recorded.

use std::collections::{BTreeMap, BTreeSet};

use askama::Template;

use super::bodies::errors::WriteError;
use super::scan::{find_at_depth_zero, is_ident_char};

/// One call from one emitted function to another.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Call {
    pub caller: String,
    pub callee: String,
    /// Whether the call is a place to stop: its value is left for later where the stack runs out
    /// (or, where its caller looks at it, read first from the top of the stack).
    pub deferred: bool,
}

/// The groups of functions that call each other (strongly connected components of the calls that
/// are not deferred), each in name order: where a deep tree recurses with no place to stop.
pub fn undeferred_cycles(calls: &[Call]) -> Vec<Vec<String>> {
    let mut names: BTreeSet<&str> = BTreeSet::new();
    for call in calls.iter().filter(|c| !c.deferred) {
        names.insert(&call.caller);
        names.insert(&call.callee);
    }
    let index: BTreeMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let names: Vec<&str> = names.into_iter().collect();
    let mut out = vec![BTreeSet::new(); names.len()];
    for call in calls.iter().filter(|c| !c.deferred) {
        out[index[call.caller.as_str()]].insert(index[call.callee.as_str()]);
    }
    let out: Vec<Vec<usize>> = out.into_iter().map(|set| set.into_iter().collect()).collect();
    let component = crate::model::graph::components(&out);
    let mut groups: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (vertex, &c) in component.iter().enumerate() {
        groups.entry(c).or_default().push(names[vertex].to_owned());
    }
    groups.into_values().filter(|g| g.len() > 1 || out[index[g[0].as_str()]].contains(&index[g[0].as_str()])).collect()
}

/// Fails with a cycle of calls none of which is deferred, if there is one.
pub fn check_cycles(calls: &[Call]) -> Result<(), String> {
    let mut out: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for call in calls.iter().filter(|c| !c.deferred) {
        out.entry(&call.caller).or_default().insert(&call.callee);
    }
    // Depth-first search with colours, without recursion: a grey callee closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Colour {
        Grey,
        Black,
    }
    let mut colour: BTreeMap<&str, Colour> = BTreeMap::new();
    for &start in out.keys() {
        if colour.contains_key(start) {
            continue;
        }
        let mut path: Vec<(&str, Vec<&str>)> = vec![(start, out[start].iter().copied().collect())];
        colour.insert(start, Colour::Grey);
        while let Some((function, callees)) = path.last_mut() {
            let function = *function;
            let Some(callee) = callees.pop() else {
                colour.insert(function, Colour::Black);
                path.pop();
                continue;
            };
            match colour.get(callee) {
                Some(Colour::Black) => {}
                Some(Colour::Grey) => {
                    let from = path.iter().position(|(f, _)| *f == callee).expect("a grey function is on the path");
                    let cycle = path[from..].iter().map(|(f, _)| *f).chain([callee]).map(str::to_owned).collect();
                    return Err(WriteError::UndeferredCycle(cycle).into());
                }
                None => {
                    colour.insert(callee, Colour::Grey);
                    path.push((callee, out.get(callee).map(|c| c.iter().copied().collect()).unwrap_or_default()));
                }
            }
        }
    }
    Ok(())
}

/// Fails unless `body`, the code of function `name`, calls exactly what `calls` records: each
/// deferred call appears once called and once in `defer(…)` (or, read first, as `overflowRead`),
/// each other call once.
pub fn check_recorded(name: &str, body: &str, calls: &[Call]) -> Result<(), String> {
    let mut expected: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for call in calls.iter().filter(|c| c.caller == name) {
        let entry = expected.entry(&call.callee).or_default();
        entry.0 += 1;
        entry.1 += usize::from(call.deferred);
    }
    let mut found: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (at, callee) in function_names(body) {
        let entry = found.entry(callee).or_default();
        if body[at + callee.len()..].starts_with('(') {
            entry.0 += 1;
        } else if body[..at].ends_with("defer(") || body[..at].ends_with("overflowRead = ") {
            entry.1 += 1;
        }
    }
    found.retain(|_, (calls, defers)| *calls + *defers > 0);
    if found != expected {
        let owned = |calls: BTreeMap<&str, (usize, usize)>| calls.into_iter().map(|(f, n)| (f.to_owned(), n)).collect();
        return Err(WriteError::CallsNotRecorded {
            name: name.to_owned(),
            found: owned(found),
            expected: owned(expected),
        }
        .into());
    }
    Ok(())
}

/// Each `deserialize…` name in `text`, where it starts.
fn function_names(text: &str) -> Vec<(usize, &str)> {
    let mut names = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("deserialize") {
        let at = from + found;
        let len = text[at..].find(|c: char| !is_ident_char(c)).unwrap_or(text.len() - at);
        // Not the end of another name, nor a member (`a.deserializeX`); a spread's `...` is fine.
        let before = &text[..at];
        // (A declaration, `function deserializeX(pos)`, is no call.)
        let standalone = !before.ends_with(is_ident_char)
            && (!before.ends_with('.') || before.ends_with("..."))
            && !before.ends_with("function ");
        if standalone {
            names.push((at, &text[at..at + len]));
        }
        from = at + len;
    }
    names
}

/// A converter's rewritten JS with its calls placed: `node.key = read(pos);` statements that store
/// a value that may nest, and that nothing else in the snippet mentions, become places to stop;
/// every other call is one whose value the snippet may look at, its callee renamed by `looked_at`
/// (a `Vec`'s reader that leaves no element for later). Returns the statements and the calls.
/// `parent`: the output has parent links, and a place to stop sets `parent` back to what it was
/// before the read, which the stack's running out left anywhere below.
pub fn place_in_statements(
    statements: &str,
    value: &str,
    parent: bool,
    may_nest: impl Fn(&str) -> bool,
    looked_at: impl Fn(&str) -> String,
) -> (String, Vec<(String, bool)>) {
    let mut out = String::new();
    let mut calls = Vec::new();
    for line in statements.lines() {
        // An array a snippet reads and only adds to, or passes on, keeps what its reader left for
        // later: its elements are not looked at.
        if let Some((variable, callee)) = declared_call(line)
            && callee.starts_with("deserializeVec")
            && elements_untouched(variable, statements, value)
        {
            out.push_str(line);
            out.push('\n');
            calls.push((callee.to_owned(), false));
            continue;
        }
        if let Some((indent, target, callee, args)) = store(line)
            && may_nest(callee)
            && mentions(statements, target) == 1
            && mentions(value, target) == 0
        {
            let place = PlaceToStopJs { indent, target, callee, args, parent };
            out.push_str(&place.render().expect("a place to stop renders into a String"));
            out.push('\n');
            calls.push((callee.to_owned(), true));
        } else {
            out.push_str(&rename_calls(line, &looked_at, &mut calls));
            out.push('\n');
        }
    }
    (out.trim_end().to_owned(), calls)
}

/// A store `target = callee(args);` as a place to stop (`templates/js/oxc_place_to_stop.js`),
/// indented by `indent`; `parent`: in a block that keeps `parent` as it was before the read.
#[derive(Template)]
#[template(path = "js/oxc_place_to_stop.js", escape = "none")]
struct PlaceToStopJs<'l> {
    indent: &'l str,
    target: &'l str,
    callee: &'l str,
    args: &'l str,
    parent: bool,
}

/// `value` with its calls renamed by `looked_at`, and those calls (none deferred).
pub fn place_in_value(value: &str, looked_at: impl Fn(&str) -> String) -> (String, Vec<(String, bool)>) {
    let mut calls = Vec::new();
    let renamed = rename_calls(value, &looked_at, &mut calls);
    (renamed, calls)
}

/// `read` and its argument when `value` is one call and nothing else: `deserializeX(pos + 8)`.
pub fn single_call(value: &str) -> Option<(&str, &str)> {
    let value = value.trim();
    let open = value.find('(')?;
    let callee = &value[..open];
    let is_name = callee.starts_with("deserialize") && callee.chars().all(is_ident_char);
    // The parentheses must be the call's own: `f(a)(b)` or `f(a) + g(b)` are not one call.
    let close = open + 1 + find_at_depth_zero(&value[open + 1..], ')')?;
    (is_name && close == value.len() - 1).then_some((callee, &value[open + 1..close]))
}

/// `(indent, target, callee, args)` of a line `target.key = deserializeX(args);`.
fn store(line: &str) -> Option<(&str, &str, &str, &str)> {
    let indent = &line[..line.len() - line.trim_start().len()];
    let (target, value) = line.trim().strip_suffix(';')?.split_once(" = ")?;
    let (object, key) = target.split_once('.')?;
    let ident = |s: &str| !s.is_empty() && s.chars().all(is_ident_char);
    if !ident(object) || !ident(key) {
        return None;
    }
    let (callee, args) = single_call(value)?;
    Some((indent, target, callee, args))
}

/// `(variable, callee)` of a line `const variable = deserializeX(…);` (or `let`).
fn declared_call(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix("const ").or_else(|| line.trim().strip_prefix("let "))?;
    let (variable, value) = rest.strip_suffix(';')?.split_once(" = ")?;
    let (callee, _) = single_call(value)?;
    variable.chars().all(is_ident_char).then_some((variable, callee))
}

/// Whether every use of `variable` after its declaration adds to it (`.push(`, `.unshift(`), reads
/// its `.length`, or passes it on whole as the snippet's value: nothing looks at its elements.
fn elements_untouched(variable: &str, statements: &str, value: &str) -> bool {
    let allowed = [".push(", ".unshift(", ".length"];
    let uses_ok = |text: &str, skip_declaration: bool| {
        let mut from = 0;
        let mut declaration_seen = !skip_declaration;
        while let Some(found) = text[from..].find(variable) {
            let at = from + found;
            let end = at + variable.len();
            from = end;
            let before = text[..at].chars().next_back().is_some_and(|c| is_ident_char(c) || c == '.');
            let after = &text[end..];
            if before || after.starts_with(is_ident_char) {
                continue;
            }
            if !declaration_seen && after.starts_with(" = ") {
                declaration_seen = true;
                continue;
            }
            if !allowed.iter().any(|a| after.starts_with(a)) {
                return false;
            }
        }
        true
    };
    uses_ok(statements, true) && (value.trim() == variable || uses_ok(value, false))
}

/// How often `target` (`node.key`) stands in `text` as a whole (not `node.keys`).
fn mentions(text: &str, target: &str) -> usize {
    let mut count = 0;
    let mut from = 0;
    while let Some(found) = text[from..].find(target) {
        let at = from + found;
        let end = at + target.len();
        let before = text[..at].chars().next_back().is_some_and(|c| is_ident_char(c) || c == '.');
        let after = text[end..].starts_with(is_ident_char);
        if !before && !after {
            count += 1;
        }
        from = end;
    }
    count
}

fn rename_calls(text: &str, looked_at: &impl Fn(&str) -> String, calls: &mut Vec<(String, bool)>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (at, callee) in function_names(text) {
        if !text[at + callee.len()..].starts_with('(') {
            continue;
        }
        let renamed = looked_at(callee);
        out.push_str(&text[last..at]);
        out.push_str(&renamed);
        last = at + callee.len();
        calls.push((renamed, false));
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(caller: &str, callee: &str, deferred: bool) -> Call {
        Call { caller: caller.to_owned(), callee: callee.to_owned(), deferred }
    }

    #[test]
    fn a_cycle_without_a_deferred_call_is_found() {
        let calls = [call("a", "b", false), call("b", "c", false), call("c", "a", false), call("c", "d", false)];
        let error = check_cycles(&calls).unwrap_err();
        assert!(error.contains("a → b → c → a"), "{error}");
        let deferred = [call("a", "b", false), call("b", "c", true), call("c", "a", false)];
        assert_eq!(check_cycles(&deferred), Ok(()));
        assert!(check_cycles(&[call("a", "a", false)]).is_err());
    }

    #[test]
    fn recorded_calls_must_be_the_code_calls() {
        let body = "let x;\ntry { x = deserializeA(pos); } catch (error) { x = defer(deserializeA, pos); }\nreturn { x, y: deserializeB(pos + 8) };";
        let calls = [call("f", "deserializeA", true), call("f", "deserializeB", false)];
        assert_eq!(check_recorded("f", body, &calls), Ok(()));
        assert!(check_recorded("f", body, &calls[..1]).is_err());
        assert!(
            check_recorded("f", body, &[call("f", "deserializeA", false), call("f", "deserializeB", false)]).is_err()
        );
    }

    #[test]
    fn stores_become_places_to_stop() {
        let statements = "const node = { expression: null };\nnode.expression = deserializeExpression((pos + 16));\nrest.end = deserializeI32(pos);\nrest.start = deserializeVecX(pos);\nif (rest.start) f();";
        let (placed, calls) = place_in_statements(
            statements,
            "node",
            false,
            |f| f != "deserializeI32",
            |f| if f == "deserializeVecX" { "deserializeVecXWhole".to_owned() } else { f.to_owned() },
        );
        assert!(placed.contains("node.expression = defer(deserializeExpression, (pos + 16));"), "{placed}");
        assert!(placed.contains("rest.end = deserializeI32(pos);"), "{placed}");
        // Mentioned again: looked at, so read whole.
        assert!(placed.contains("rest.start = deserializeVecXWhole(pos);"), "{placed}");
        assert_eq!(
            calls,
            [
                ("deserializeExpression".to_owned(), true),
                ("deserializeI32".to_owned(), false),
                ("deserializeVecXWhole".to_owned(), false)
            ]
        );
    }

    #[test]
    fn arrays_only_added_to_keep_their_deferred_elements() {
        let whole = |f: &str| match f {
            "deserializeVecP" => "deserializeVecPWhole".to_owned(),
            "deserializeVecD" => "deserializeVecDWhole".to_owned(),
            other => panic!("no reader of {other} read whole"),
        };
        let statements = "const params = deserializeVecP(pos);\nif (x) params.push(rest);";
        let (placed, calls) = place_in_statements(statements, "params", false, |_| true, whole);
        assert_eq!(placed, statements);
        assert_eq!(calls, [("deserializeVecP".to_owned(), false)]);
        let looked =
            "const decorators = deserializeVecD(pos);\nif (decorators.length !== 0) start = decorators[0].start;";
        let (placed, _) = place_in_statements(looked, "x", false, |_| true, whole);
        assert!(placed.starts_with("const decorators = deserializeVecDWhole(pos);"), "{placed}");
    }

    #[test]
    fn single_calls() {
        assert_eq!(single_call("deserializeA((pos + 8))"), Some(("deserializeA", "(pos + 8)")));
        assert_eq!(single_call("deserializeA(pos) + deserializeB(pos)"), None);
        assert_eq!(single_call("x(pos)"), None);
    }
}
