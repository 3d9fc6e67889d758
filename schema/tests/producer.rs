//! The producer's answers to input that is not ESTree as the schema describes it: an error naming
//! the property path and what was wrong, never a panic or a buffer.

use rawast_runtime::SourcePlacement;
use rawast_schema::producer::{ProduceError, produce, produce_json};
use serde_json::{Value, json};

const SOURCE: &str = "a + 1;";

fn statement(expression: Value) -> Value {
    json!({ "type": "Program", "start": 0, "end": 6, "sourceType": "script", "body": [
        { "type": "ExpressionStatement", "start": 0, "end": 6, "expression": expression }
    ] })
}

fn binary(operator: &str, end: u64) -> Value {
    json!({ "type": "BinaryExpression", "start": 0, "end": end, "operator": operator,
        "left": { "type": "Identifier", "start": 0, "end": 1, "name": "a" },
        "right": { "type": "Literal", "start": 4, "end": 5, "value": 1.0, "raw": "1" } })
}

fn error(program: Value) -> String {
    match produce(SOURCE, SourcePlacement::Start, &program, &json!([])) {
        Ok(_) => panic!("produced a buffer from {program}"),
        Err(error @ ProduceError::Invalid { .. }) => error.to_string(),
        Err(other) => panic!("unexpected error {other:?}"),
    }
}

#[test]
fn valid_input_gives_a_buffer() {
    for placement in [SourcePlacement::Start, SourcePlacement::End] {
        let buffer = produce(SOURCE, placement, &statement(binary("+", 5)), &json!([])).unwrap();
        let bytes = buffer.as_bytes();
        let metadata = bytes.len() - rawast_schema::constants::METADATA_SIZE;
        assert_eq!(&bytes[metadata..metadata + 4], b"RAST");
    }
}

#[test]
fn errors_name_the_path_and_the_problem() {
    let cases = [
        (json!([]), "at the root: expected an object, found an array"),
        (json!({ "type": "Script" }), "expected a Program node, found type Some(\"Script\")"),
        (
            statement(json!({ "type": "IfStatementX", "start": 0, "end": 1 })),
            "at body.0.expression: node type IfStatementX is not allowed",
        ),
        (statement(binary("<=>", 5)), "at body.0.expression.operator: expected one of"),
        (statement(binary("+", 99)), "at body.0.expression: `end` 99 is past the end of the source"),
        (statement(json!({ "type": "Identifier", "start": 1, "end": 0, "name": "a" })), "`start` 1 is after `end` 0"),
        (
            statement(json!({ "type": "Identifier", "start": 0, "end": 1 })),
            "at body.0.expression.name: expected a string, found null",
        ),
    ];
    for (input, expected) in cases {
        let message = error(input.clone());
        assert!(message.contains(expected), "for {input}:\n  got {message}\n  expected it to contain {expected}");
    }
}

/// `produce_json`'s error for `text`, read with at most `max_depth` levels of nesting.
fn json_error(text: &str, max_depth: usize) -> String {
    match produce_json(text, SourcePlacement::Start, max_depth) {
        Ok(_) => panic!("produced a buffer from {text}"),
        Err(error) => error,
    }
}

fn literal_json(literal: Value) -> String {
    json!({ "source": "1n;", "program": { "type": "Program", "start": 0, "end": 3, "sourceType": "script", "body": [
        { "type": "ExpressionStatement", "start": 0, "end": 3, "expression": literal }
    ] } })
    .to_string()
}

#[test]
fn values_the_deserializer_computes_are_checked_when_written() {
    let bigint = |value: &str| {
        literal_json(json!({ "type": "Literal", "start": 0, "end": 2, "value": value, "raw": "1n", "bigint": "1" }))
    };
    assert!(produce_json(&bigint("1"), SourcePlacement::Start, 100).is_ok());
    assert!(produce_json(&bigint("0x1F"), SourcePlacement::Start, 100).is_ok());
    assert_eq!(
        json_error(&bigint("1x"), 100),
        "not ESTree as the schema describes it, at body.0.expression.value: \"1x\" is not a bigint literal's digits"
    );
    assert!(json_error(&bigint(""), 100).ends_with("\"\" is not a bigint literal's digits"));
    assert!(json_error(&bigint("0x"), 100).ends_with("\"0x\" is not a bigint literal's digits"));

    let regex = |flags: &str| {
        literal_json(
            json!({ "type": "Literal", "start": 0, "end": 2, "value": { "pattern": "a", "flags": flags }, "raw": "1n",
            "regex": { "pattern": "a", "flags": flags } }),
        )
    };
    assert!(produce_json(&regex("dgimsuy"), SourcePlacement::Start, 100).is_ok());
    assert!(json_error(&regex("gg"), 100).ends_with("the regular expression flags \"gg\" repeat 'g'"));
    assert!(json_error(&regex("x"), 100).ends_with("'x' in \"x\" is not a regular expression flag"));
    assert!(json_error(&regex("uv"), 100).ends_with("the regular expression flags \"uv\" have both 'u' and 'v'"));
}

#[test]
fn duplicate_keys_are_refused() {
    let text = r#"{"source": "", "program": {"type": "Program", "start": 0, "end": 0, "body": [], "body": [], "sourceType": "script"}}"#;
    assert_eq!(json_error(text, 100), "not JSON: duplicate key \"body\" at line 1 column 90");
}

#[test]
fn nesting_past_the_limit_is_refused_before_parsing() {
    // Brackets in strings do not count; the limit is what the caller's stack holds.
    let nested =
        |depth: usize| format!("{{\"source\": \"[[[[\", \"program\": {}0{}}}", "[".repeat(depth), "]".repeat(depth));
    assert_eq!(
        json_error(&nested(9), 10),
        "not ESTree as the schema describes it, at the root: expected an object, found an array"
    );
    assert_eq!(
        json_error(&nested(10), 10),
        "the input nests arrays and objects more than 10 deep (at byte 39), more than this producer's stack holds"
    );
}
