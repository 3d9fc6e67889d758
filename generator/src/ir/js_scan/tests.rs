//! The scanner's cases: brackets, commas and keys inside strings, template literals, regular
//! expressions and comments are not code; text that does not scan ends the scan, never a panic.

use super::*;

/// `text`'s code with each character's depth, as `c` and a digit.
fn depths(text: &str) -> String {
    Scan::new(text).filter(|code| !code.c.is_whitespace()).map(|code| format!("{}{}", code.c, code.depth)).collect()
}

#[test]
fn brackets_nest() {
    assert_eq!(depths("a(b[c]{d})"), "a0(0b1[1c2]2{1d2}2)1");
    assert_eq!(Scan::new("f({ a: [1], b").finish(), Ok(vec![(1, '('), (2, '{')]));
    assert_eq!(closing_brace(" a: { b }, c: [d] } e"), Some(18));
    assert_eq!(find_at_depth_zero("f(a, b), c", ','), Some(7));
}

#[test]
fn strings_are_not_code() {
    assert_eq!(depths("'}' + \"{(\" + x"), "+0+0x0");
    assert_eq!(closing_brace(" a: '}', b: \"}\" }"), Some(16));
    assert_eq!(split_at_depth_zero(" a: ',', b: \"(\", c: f(1, 2)", ','), [" a: ','", " b: \"(\"", " c: f(1, 2)"]);
    // Escaped quotes and backslashes.
    assert_eq!(closing_brace(r#" a: '\'}', b: "\"}" }"#), Some(20));
    assert_eq!(closing_brace(r" a: '\\' }"), Some(9));
    assert_eq!(closing_brace(" a: 'line \\\n break}' }"), Some(21));
}

#[test]
fn templates_are_text_but_their_substitutions() {
    assert_eq!(closing_brace(" a: `}${ {b: 1}.b }{`, c }"), Some(25));
    assert_eq!(depths("`(${ {a: 1} }, ${b})` + c"), "{1a2:212}2b1+0c0");
    assert_eq!(split_at_depth_zero("`a,${b, c}`, d", ','), ["`a,${b, c}`", " d"]);
    // Templates nest in substitutions; an escaped `${` is text.
    assert_eq!(depths("`${ `${x}` }` `\\${y}`"), "x2");
    assert_eq!(Scan::new("`${").finish(), Ok(vec![(1, '$')]));
}

#[test]
fn comments_are_not_code() {
    assert_eq!(closing_brace(" // don't }\n a /* ' } */ }"), Some(25));
    assert_eq!(depths("a // b\nc /* d\n*/ e"), "a0c0e0");
    assert_eq!(find_code("/* if (true) */ if (true)", &["if"]), Some((16, "if")));
    // A comment's backticks open no template.
    assert_eq!(closing_brace(" // Clone `key\n }"), Some(16));
}

#[test]
fn regular_expressions_where_an_operand_is_due() {
    assert_eq!(closing_brace(" x = /}/g; }"), Some(11));
    assert_eq!(closing_brace(" return /'[/]}/.test(s) }"), Some(24));
    assert_eq!(split_at_depth_zero("f(/,/), /[,]/", ','), ["f(/,/)", " /[,]/"]);
    // Else a division: after a name, a number, a literal, a closing bracket, `++` or `--`.
    assert_eq!(depths("a / b / c"), "a0/0b0/0c0");
    assert_eq!(depths("(a) / 2 / 'b' / 1"), "(0a1)1/020/0/010");
    assert_eq!(depths("a++ / b / c"), "a0+0+0/0b0/0c0");
    assert_eq!(depths("x[0] / y / z"), "x0[001]1/0y0/0z0");
}

#[test]
fn text_that_does_not_scan_ends_the_scan() {
    for (text, error) in [
        ("a = 'b", ScanError::Unclosed(4)),
        ("a = 'b\nc'", ScanError::Unclosed(4)),
        ("`a${b}c", ScanError::Unclosed(5)),
        ("/* a", ScanError::Unclosed(0)),
        ("x = /a", ScanError::Unclosed(4)),
        ("x = /a\\\n/", ScanError::Unclosed(4)),
        ("a) b", ScanError::Unopened(1)),
        ("(a]", ScanError::Unopened(2)),
        ("`${a)}`", ScanError::Unopened(4)),
    ] {
        assert_eq!(Scan::new(text).finish(), Err(error), "{text}");
    }
    assert_eq!(closing_brace(" a: 1"), None);
    assert_eq!(closing_brace(" a: '}"), None);
    assert_eq!(find_at_depth_zero("a) , b", ','), None);
    assert_eq!(enclosing_brace("f(a"), None);
    assert_eq!(enclosing_brace("{ a: 'b"), None);
    assert_eq!(enclosing_brace("x }"), None);
    assert_eq!(words("a 'b"), None);
    assert_eq!(split_at_depth_zero("a, b) , c", ','), ["a", " b) , c"]);
}

#[test]
fn a_bracket_closed_at_depth_zero_lets_the_scan_go_on() {
    // The end of a longer text: what follows is still code or literals.
    assert_eq!(depths("a } '}' b"), "a0}0b0");
    assert_eq!(find_code(" } 'if (true)' if (true)", &["if"]), Some((15, "if")));
    assert_eq!(words("a) + b").unwrap(), [(0, "a"), (5, "b")]);
    // But nothing at depth zero is found past it: it closes what the text is in.
    assert_eq!(find_at_depth_zero(" x }; y", ';'), None);
    assert_eq!(Scan::new("a } b").finish(), Err(ScanError::Unopened(2)));
}

#[test]
fn every_prefix_scans_without_a_panic() {
    let text = "const a = { b: `x${ {c: '}\\''} }é`, d: /[/]ü/g.test(\"\\\"\") // ü\n /* ü */ }; a / 2";
    assert_eq!(Scan::new(text).finish(), Ok(Vec::new()));
    for (end, _) in text.char_indices() {
        let prefix = &text[..end];
        let _ = Scan::new(prefix).finish();
        let _ = (closing_brace(prefix), enclosing_brace(prefix), words(prefix), property_values(prefix, "b"));
        let _ = (split_at_depth_zero(prefix, ','), find_word(prefix, &["d"]), find_code(prefix, &["//"]));
    }
}

#[test]
fn braces_enclosing_an_end() {
    assert_eq!(enclosing_brace("f({ a: [1], b"), Some(2));
    assert_eq!(enclosing_brace("f({ a: '{', b: `${ {c} }`, d"), Some(2));
    assert_eq!(enclosing_brace("{ a: [1, "), None);
}

#[test]
fn words_and_patterns_in_code() {
    let found: Vec<(usize, &str)> = words("a.b + 'c d' + e1 /* f */ + `g${h}` + 3").unwrap();
    assert_eq!(found, [(0, "a"), (2, "b"), (14, "e1"), (31, "h"), (37, "3")]);
    let ifs = ["if (true)", "if (false)"];
    assert_eq!(find_word("notif (true) ? 'if (true)' : if (false)", &ifs), Some((29, "if (false)")));
    assert_eq!(find_word("'if (false)' + if (true) + if (false)", &ifs), Some((15, "if (true)")));
    assert_eq!(find_code("'...(true && {' + ...(true && {", &["...(true && {"]), Some((18, "...(true && {")));
}

#[test]
fn property_values_of_object_literals() {
    let text =
        "f({ type: 'A', x: { type: \"B\", kind }, y: 'type: \"C\"', z: g(type, 1) }, { types: 'D', type : `E` })";
    assert_eq!(property_values(text, "type"), ["'A'", "\"B\"", "`E`"]);
    // The value runs to the literal's own comma or brace.
    assert_eq!(property_values("{ a: f(1, 2) ? { b } : [c, d], e }", "a"), ["f(1, 2) ? { b } : [c, d]"]);
    assert_eq!(property_values("// { type: 'X' }\n{ /* type: 'Y' */ type: 'Z' }", "type"), ["'Z'"]);
    // Not a call's argument, nor an array's element.
    assert!(property_values("f(a, type: 1); [b, type: 2]", "type").is_empty());
}

#[test]
fn string_literals_without_escapes() {
    for (literal, text) in [("'Identifier'", "Identifier"), ("\"CallExpression\"", "CallExpression"), ("''", "")] {
        assert_eq!(string_literal(literal), Some(text));
    }
    for value in ["\"a\" + b", "'a' + 'b'", "\"a\\\"\"", "x", "null", "", "\"", "'a\""] {
        assert_eq!(string_literal(value), None, "{value}");
    }
}
