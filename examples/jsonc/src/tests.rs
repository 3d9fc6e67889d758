//! The parser's tricky cases and errors, checked through what `encode` builds.

use crate::constants::{BUFFER_FORMAT, LAYOUT_FINGERPRINT, METADATA_SIZE, metadata};
use crate::js_format::write_number;
use crate::{Error, encode, encode_inspect, to_json};

/// The JSON of the tree `encode` builds from `source`.
fn json(source: &str) -> String {
    let mut json = String::new();
    encode_inspect(source, |document| json = to_json(document)).unwrap_or_else(|e| panic!("{source:?}: {e}"));
    json
}

/// Just the `value` of the document's JSON, for tests about one value.
fn value_json(source: &str) -> String {
    let json = json(source);
    let start = json.find(",\"value\":").unwrap() + ",\"value\":".len();
    let end = json.rfind("},\"comments\":").unwrap();
    json[start..end].to_owned()
}

fn error(source: &str) -> String {
    match encode(source) {
        Ok(_) => panic!("{source:?} parsed"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn writes_nodes_as_the_deserializer_builds_them() {
    assert_eq!(
        json("{\"a\": [true, null]}"),
        concat!(
            r#"{"document":{"type":"Document","start":0,"end":19,"value":{"type":"Object","start":0,"end":19,"members":["#,
            r#"{"type":"Member","start":1,"end":18,"key":{"type":"StringLiteral","start":1,"end":4,"value":"a","raw":"\"a\""},"#,
            r#""value":{"type":"Array","start":6,"end":18,"elements":[{"type":"BooleanLiteral","start":7,"end":11,"value":true},"#,
            r#"{"type":"NullLiteral","start":13,"end":17}],"trailingComma":false}}],"trailingComma":false}},"comments":[]}"#,
        )
    );
}

#[test]
fn collects_comments_everywhere_in_source_order() {
    let json = json("// a\n/*b*/[/*c*/1/*d*/,//e\r2/**/]// f");
    let comments = &json[json.find("\"comments\":").unwrap()..];
    let texts: Vec<&str> = comments.split("\"text\":").skip(1).map(|t| t.split('"').nth(1).unwrap()).collect();
    assert_eq!(texts, [" a", "b", "c", "d", "e", "", " f"]);
    assert!(comments.contains(r#"{"type":"Comment","start":0,"end":4,"kind":"Line","text":" a"}"#));
    assert!(comments.contains(r#"{"type":"Comment","start":5,"end":10,"kind":"Block","text":"b"}"#));
    // A line comment stops before `\r`; a block comment may span lines.
    assert!(json.contains(r#""kind":"Line","text":"e"}"#));
    assert_eq!(value_json("/* x\n */ 1").split("\"start\":").nth(1).unwrap().split(',').next(), Some("9"));
}

#[test]
fn marks_trailing_commas() {
    assert!(value_json("[1,]").ends_with(r#"],"trailingComma":true}"#));
    assert!(value_json("[1]").ends_with(r#"],"trailingComma":false}"#));
    assert!(value_json("{\"a\":1 , /* c */ }").ends_with(r#"],"trailingComma":true}"#));
    assert!(value_json("{\"a\":1,\"b\":2}").ends_with(r#"],"trailingComma":false}"#));
    assert_eq!(error("[,]"), "expected a value at 1:2");
    assert_eq!(error("[1,,]"), "expected a value at 1:4");
    assert_eq!(error("{,}"), "expected a string key or '}' at 1:2");
    assert_eq!(error("{\"a\":1,,}"), "expected a string key or '}' at 1:8");
}

#[test]
fn decodes_escapes_and_keeps_raw() {
    let value = value_json(r#""q\"b\\s\/\b\f\n\r\t\u00e9\u0000z""#);
    assert!(value.contains(r#""value":"q\"b\\s/\b\f\n\r\té\u0000z""#), "{value}");
    assert!(value.contains(r#""raw":"\"q\\\"b\\\\s\\/\\b\\f\\n\\r\\t\\u00e9\\u0000z\"""#), "{value}");
}

#[test]
fn joins_surrogate_pairs_and_keeps_lone_surrogates() {
    let strings = value_json(r#"["\ud83d\ude00", "\ud800", "\udc00\ud800x", "\ud800\u0041", "\uD83D\uDE00é"]"#);
    let values: Vec<&str> = strings.split("\"value\":").skip(1).map(|v| v.split(",\"raw\"").next().unwrap()).collect();
    assert_eq!(values, [r#""😀""#, r#""\ud800""#, r#""\udc00\ud800x""#, r#""\ud800A""#, r#""😀é""#]);
}

#[test]
fn stores_lone_surrogates_as_wtf8_and_plain_strings_in_the_source() {
    encode_inspect(r#"["\ud800", "plain", "a\nb"]"#, |document| {
        let crate::ast::Value::Array(array) = &document.value else { panic!("not an array") };
        let strings: Vec<_> = array
            .elements
            .as_slice()
            .iter()
            .map(|v| match v {
                crate::ast::Value::String(s) => s,
                _ => panic!("not a string"),
            })
            .collect();
        assert_eq!(strings[0].value.as_bytes(), [0xED, 0xA0, 0x80]);
        assert_eq!(strings[0].value.to_str(), None);
        // No escape: the value is the raw text inside the quotes, in the buffer's source region.
        assert_eq!(strings[1].value.as_bytes().as_ptr(), strings[1].raw.as_bytes()[1..].as_ptr());
        assert_eq!(strings[2].value.to_str(), Some("a\nb"));
    })
    .unwrap();
}

#[test]
fn reads_numbers_by_the_json_grammar() {
    let number =
        |source: &str| value_json(source).split("\"value\":").nth(1).unwrap().split(',').next().unwrap().to_owned();
    assert_eq!(number("-0"), "0");
    assert_eq!(number("1e400"), "null");
    assert_eq!(number("-1E+2"), "-100");
    assert_eq!(number("123456789012345678901234567890"), "1.2345678901234568e+29");
    assert_eq!(number("0.1e-6"), "1e-7");
    assert!(value_json("-0").contains(r#""raw":"-0""#));
    encode_inspect("-0", |document| match &document.value {
        crate::ast::Value::Number(n) => assert!(n.value == 0.0 && n.value.is_sign_negative()),
        _ => panic!("not a number"),
    })
    .unwrap();
    assert_eq!(error("01"), "expected the end of input at 1:2");
    assert_eq!(error("-"), "expected a digit at 1:2");
    assert_eq!(error("1."), "expected a digit after '.' at 1:3");
    assert_eq!(error("1.e5"), "expected a digit after '.' at 1:3");
    assert_eq!(error("1e+"), "expected a digit in the exponent at 1:4");
    assert_eq!(error("+1"), "expected a value at 1:1");
    assert_eq!(error(".5"), "expected a value at 1:1");
    assert_eq!(error("[NaN]"), "expected a value at 1:2");
}

#[test]
fn formats_numbers_as_json_stringify() {
    let cases = [
        (0.1, "0.1"),
        (-0.0, "0"),
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (123456789.125, "123456789.125"),
        (1.5e-7, "1.5e-7"),
        (1e-6, "0.000001"),
        (1.25e-6, "0.00000125"),
        (5e-324, "5e-324"),
        (f64::MAX, "1.7976931348623157e+308"),
        (f64::NEG_INFINITY, "null"),
        (f64::NAN, "null"),
        (-42.0, "-42"),
        (9007199254740993.0, "9007199254740992"),
    ];
    for (value, expected) in cases {
        let mut out = String::new();
        write_number(&mut out, value);
        assert_eq!(out, expected, "{value:e}");
    }
}

#[test]
fn reports_errors_with_line_and_column() {
    assert_eq!(error("{\n  \"a\": 1\n  \"b\": 2\n}"), "expected ',' or '}' at 3:3");
    assert_eq!(error("{\r\n\"é😀\": 1 ]"), "expected ',' or '}' at 2:9");
    assert_eq!(error("[1\r2]"), "expected ',' or ']' at 2:1");
    assert_eq!(error(""), "expected a value at 1:1");
    assert_eq!(error("  // only a comment"), "expected a value at 1:20");
    assert_eq!(error("{\"a\" 1}"), "expected ':' at 1:6");
    assert_eq!(error("{a: 1}"), "expected a string key or '}' at 1:2");
    assert_eq!(error("[1] [2]"), "expected the end of input at 1:5");
    assert_eq!(error("tru"), "expected a value at 1:1");
    assert_eq!(error("[\"abc"), "unterminated string at 1:2");
    assert_eq!(error("[\"a\tb\"]"), "control character in a string (escape it) at 1:4");
    assert_eq!(error("\"a\nb\""), "control character in a string (escape it) at 1:3");
    assert_eq!(error(r#""\x""#), "invalid escape at 1:2");
    assert_eq!(error(r#""\u12G4""#), "invalid \\u escape: expected four hex digits at 1:2");
    assert_eq!(error(r#""\u+123""#), "invalid \\u escape: expected four hex digits at 1:2");
    assert_eq!(error("[1 /* open"), "unterminated block comment at 1:4");
    assert_eq!(error("[1 /*/ ]"), "unterminated block comment at 1:4");
    assert_eq!(error("[1 / 2]"), "expected '//' or '/*' at 1:4");
    assert_eq!(error("['a']"), "expected a value at 1:2");
    assert_eq!(error("[1]\u{feff}"), "expected the end of input at 1:4");
}

#[test]
fn skips_a_leading_bom() {
    let json = json("\u{feff}[1]");
    assert!(
        json.starts_with(
            r#"{"document":{"type":"Document","start":0,"end":6,"value":{"type":"Array","start":3,"end":6,"#
        ),
        "{json}"
    );
    assert_eq!(error("\u{feff}"), "expected a value at 1:2");
}

#[test]
fn nests_up_to_the_limit_and_no_deeper() {
    let nested = |depth: usize, open: &str, inner: &str, close: &str| {
        format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
    };
    assert!(
        json(&nested(1000, "[", "1", "]"))
            .contains(r#"{"type":"NumberLiteral","start":1000,"end":1001,"value":1,"raw":"1"}"#)
    );
    assert!(encode(&nested(1000, "{\"k\":", "1", "}")).is_ok());
    assert_eq!(error(&nested(1001, "[", "", "]")), "nested deeper than 1000 levels at 1:1001");
    assert_eq!(error(&nested(1001, "{\"k\":", "{}", "}")), "nested deeper than 1000 levels at 1:5001");
    // Far deeper input fails the same way, without recursing past the limit.
    assert!(matches!(encode(&"[".repeat(1_000_000)), Err(Error::TooDeep { offset: 1000, .. })));
}

#[test]
fn grows_the_arena_for_dense_trees() {
    // About 24 bytes of tree per byte of text: more than `encode`'s first region.
    let source = format!("[{}1]", "1,".repeat(100_000));
    let mut elements = 0;
    encode_inspect(&source, |document| match &document.value {
        crate::ast::Value::Array(array) => elements = array.elements.len(),
        _ => panic!("not an array"),
    })
    .unwrap();
    assert_eq!(elements, 100_001);
}

#[test]
fn buffer_holds_source_root_and_metadata() {
    let source = "/* é */ {\"k\": [1, \"v\"],}";
    let buffer = encode(source).unwrap();
    let bytes = buffer.as_bytes();
    let meta = bytes.len() - METADATA_SIZE;
    let word = |offset: usize| u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap());
    assert_eq!(&bytes[meta..meta + 4], b"RAST");
    let fingerprint =
        u64::from(word(meta + metadata::FINGERPRINT_LOW)) | u64::from(word(meta + metadata::FINGERPRINT_HIGH)) << 32;
    assert_eq!(fingerprint, LAYOUT_FINGERPRINT);
    assert_eq!(fingerprint, BUFFER_FORMAT.fingerprint());
    // The parser layout: the source at offset 0, as the deserializer requires.
    assert_eq!(word(meta + metadata::SOURCE_START), 0);
    assert_eq!(word(meta + metadata::SOURCE_LEN) as usize, source.len());
    assert_eq!(&bytes[..source.len()], source.as_bytes());
    assert_eq!(word(meta + metadata::SOURCE_ASCII_LEN), 3);
    // The root is an 8-aligned `Document` in the arena, after the source: its span, then the tag of
    // its value (0: Object).
    let root = word(meta + metadata::ROOT) as usize;
    assert!(root.is_multiple_of(8) && root >= source.len() && root + 40 <= meta, "root at {root} of {meta}");
    assert_eq!((word(root), word(root + 4) as usize), (0, source.len()));
    assert_eq!(bytes[root + 8], 0);
}

#[test]
fn refuses_sources_beyond_the_buffer_format() {
    // 4 GiB of zeroed memory, mapped lazily: NUL bytes are valid UTF-8, and `encode` refuses the
    // text by its length before reading it. Skipped where the system will not lend the address space.
    let len = u32::MAX as usize + 1;
    let layout = std::alloc::Layout::array::<u8>(len).unwrap();
    // SAFETY: a non-zero size; the memory is freed below with the same layout.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        eprintln!("skipped: cannot allocate 4 GiB");
        return;
    }
    // SAFETY: `len` zeroed bytes, all NUL, which is valid UTF-8; freed after the last use.
    let text = unsafe { core::str::from_utf8_unchecked(core::slice::from_raw_parts(ptr, len)) };
    let result = encode(text).err();
    // SAFETY: allocated above with `layout`; `text` is not used after this.
    unsafe { std::alloc::dealloc(ptr, layout) };
    assert_eq!(result, Some(Error::TooLarge));
}

/// Strings and indentation are scanned eight bytes at a time: every byte that ends a run (a quote,
/// a backslash, each control character) is found at every position in and around a word, with
/// bytes past 0x7F (which a word's arithmetic must not mistake for control characters) before it.
#[test]
fn finds_what_ends_a_string_or_indentation_at_every_position() {
    for len in 0..20 {
        for at in 0..=len {
            let before = "é".repeat(at / 2) + &"a".repeat(at % 2);
            let after = "b".repeat(len - at);
            let text = format!("{before}{after}");
            assert!(value_json(&format!("\"{text}\"")).contains(&format!("\"value\":\"{text}\"")), "{text:?}");
            let escaped = format!("{before}\\\"{after}");
            assert!(value_json(&format!("\"{escaped}\"")).contains(&format!("\"value\":\"{escaped}\"")), "{escaped:?}");
            for ender in ["\\q", "\n", "\u{1f}", "\0"] {
                let source = format!("\"{before}{ender}{after}\"");
                let message = if ender == "\\q" { "invalid escape" } else { "control character in a string" };
                assert!(error(&source).starts_with(message), "{source:?}: {}", error(&source));
            }
            let indented = format!("[{}1,{}\t 2]", " ".repeat(at), " ".repeat(len));
            assert!(value_json(&indented).contains("\"elements\""), "{indented:?}");
            assert!(error(&format!("[{}x]", " ".repeat(at))).starts_with("expected a value"));
        }
    }
}
