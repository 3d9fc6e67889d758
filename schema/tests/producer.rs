//! The producer's answers to input that is not ESTree as the schema describes it: an error naming
//! the property path and what was wrong, never a panic or a buffer.

use rawast_runtime::SourcePlacement;
use rawast_schema::producer::{ProduceError, produce};
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
        (statement(json!({ "type": "IfStatementX", "start": 0, "end": 1 })), "at body.0.expression: node type IfStatementX is not allowed"),
        (statement(binary("<=>", 5)), "at body.0.expression.operator: expected one of"),
        (statement(binary("+", 99)), "at body.0.expression: `end` 99 is past the end of the source"),
        (statement(json!({ "type": "Identifier", "start": 1, "end": 0, "name": "a" })), "`start` 1 is after `end` 0"),
        (statement(json!({ "type": "Identifier", "start": 0, "end": 1 })), "at body.0.expression.name: expected a string, found null"),
    ];
    for (input, expected) in cases {
        let message = error(input.clone());
        assert!(message.contains(expected), "for {input}:\n  got {message}\n  expected it to contain {expected}");
    }
}
