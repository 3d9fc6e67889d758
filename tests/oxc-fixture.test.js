// The oxc emitter's small fixture (generator/tests/fixtures/oxc/mini/) at run time: its four
// deserializers and one with parent links, which `cargo test` writes to target/oxc_fixture/mini/ with the layout of each type
// (layout.json), refuse what is not a buffer and read one written here field by field in oxc's
// format (64-bit pointers whose low 32 bits are offsets, the metadata at the end). tests/oxc checks
// the same emitter on oxc's whole AST against oxc-parser's own buffers and deserializers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { root } from "./producer.js";
import { addParents, firstDifference } from "./oxc/compare.js";
import { targetModule } from "./oxc/files.js";

const dir = join(root, "target/oxc_fixture/mini");
const VARIANTS = [
  { target: "oxc-js", ts: false, range: false },
  { target: "oxc-ts", ts: true, range: false },
  { target: "oxc-js-range", ts: false, range: true },
  { target: "oxc-ts-range", ts: true, range: true },
  { target: "oxc-ts-range-parent", ts: true, range: true, parent: true },
];

function load() {
  assert.ok(existsSync(dir), `${dir} is missing: run \`cargo test -p rawast-generator --test oxc_fixture\``);
  return JSON.parse(readFileSync(join(dir, "layout.json"), "utf8"));
}

const SOURCE = '"use strict";\na; // c\n';

/**
 * `SOURCE` parsed as a module: a directive, an expression statement, a line comment, no imports.
 * The root at `base`, after bytes that are no part of the AST.
 */
function buffer(layout, base = 0) {
  const { RawTransferData, RawTransferMetadata, Program, SourceType, Directive, StringLiteral, Statement, ExpressionStatement } = layout;
  const { Expression, IdentifierReference, Comment, CommentKind, ModuleKind, EcmaScriptModule } = layout;
  const bytes = new Uint8Array(2048);
  const view = new DataView(bytes.buffer);
  // The root first: every pointer of the AST lies between it and the metadata.
  let end = base + RawTransferData.size;
  const alloc = (type) => {
    const at = Math.ceil(end / type.align) * type.align;
    end = at + type.size;
    return at;
  };
  const u32 = (at, value) => view.setUint32(at, value, true);
  const pointer = (at, offset) => (u32(at, offset), u32(at + 4, 0));
  const span = (at, start, finish) => (u32(at, start), u32(at + 4, finish));
  const vec = (at, first, len) => (pointer(at, first), u32(at + 8, len), u32(at + 16, len));

  const directive = alloc(Directive);
  const statement = alloc(Statement);
  const expressionStatement = alloc(ExpressionStatement);
  const identifier = alloc(IdentifierReference);
  const comment = alloc(Comment);
  const source = end;
  bytes.set(new TextEncoder().encode(SOURCE), source);
  const meta = Math.ceil((source + SOURCE.length) / 8) * 8;
  const str = (at, start, len) => (pointer(at, source + start), u32(at + 8, len));

  const program = base + RawTransferData.fields.program;
  span(program + Program.fields.span, 0, SOURCE.length);
  bytes[program + Program.fields.source_type + SourceType.fields.module_kind] = ModuleKind.variants.Module;
  vec(program + Program.fields.directives, directive, 1);
  vec(program + Program.fields.body, statement, 1);

  span(directive + Directive.fields.span, 0, 13);
  const literal = directive + Directive.fields.expression;
  span(literal + StringLiteral.fields.span, 0, 12);
  str(literal + StringLiteral.fields.value, 1, 10); // a `JSStr`: no lone surrogates at +12
  str(literal + StringLiteral.fields.raw, 0, 12);
  str(directive + Directive.fields.directive, 1, 10);

  bytes[statement] = Statement.variants.ExpressionStatement;
  pointer(statement + Statement.payload, expressionStatement);
  span(expressionStatement + ExpressionStatement.fields.span, 14, 16);
  const expression = expressionStatement + ExpressionStatement.fields.expression;
  bytes[expression] = Expression.variants.Identifier;
  pointer(expression + Expression.payload, identifier);
  span(identifier + IdentifierReference.fields.span, 14, 15);
  str(identifier + IdentifierReference.fields.name, 14, 1);

  vec(base + RawTransferData.fields.comments, comment, 1);
  span(comment + Comment.fields.span, 17, 21);
  bytes[comment + Comment.fields.kind] = CommentKind.variants.Line;

  bytes[base + RawTransferData.fields.module + EcmaScriptModule.fields.has_module_syntax] = 1;

  u32(meta + RawTransferMetadata.fields.data_offset, base);
  return { bytes: bytes.subarray(0, meta + RawTransferMetadata.size), sourceStartPos: source, identifier };
}

/** What each variant returns for `SOURCE`, keys in oxc's order. */
function expected({ ts, range }) {
  const node = (type, fields, start, end) => ({ type, ...fields, start, end, ...(range && { range: [start, end] }) });
  const identifier = ts
    ? node("Identifier", { decorators: [], name: "a", optional: false, typeAnnotation: null }, 14, 15)
    : node("Identifier", { name: "a", shorthand: false }, 14, 15);
  const literal = node("Literal", { value: "use strict", raw: '"use strict"' }, 0, 12);
  const program = node(
    "Program",
    {
      body: [
        node("ExpressionStatement", { expression: literal, directive: "use strict" }, 0, 13),
        node("ExpressionStatement", { expression: identifier, ...(ts && { directive: null }) }, 14, 16),
      ],
      sourceType: "module",
      hashbang: null,
    },
    0,
    SOURCE.length,
  );
  const comment = node("Line", { value: " c" }, 17, 21);
  return { program, comments: [comment], module: { hasModuleSyntax: true, staticImports: [], dynamicImports: [] } };
}

for (const variant of VARIANTS) {
  test(`oxc fixture, ${variant.target}: reads a buffer written by hand, refuses what is not one`, async () => {
    const layout = load();
    const { deserialize, RawastBufferError } = await import(targetModule(variant.target, pathToFileURL(`${dir}/`)));
    const { bytes, sourceStartPos } = buffer(layout);
    const tree = deserialize(bytes, SOURCE, sourceStartPos, SOURCE.length);
    if (variant.parent) {
      // Each node's `parent` the node above it (the program's `null`), compared by identity.
      assert.equal(firstDifference(addParents(expected(variant)), tree), null);
      assert.equal(tree.program.body[1].expression.parent, tree.program.body[1]);
    } else {
      assert.equal(JSON.stringify(tree, null, 1), JSON.stringify(expected(variant), null, 1));
    }

    assert.throws(() => deserialize("not a buffer", SOURCE, 0, 0), TypeError);
    // Metadata alone: the root cannot lie below it.
    assert.throws(() => deserialize(new Uint8Array(layout.RawTransferMetadata.size), "", 0, 0), RawastBufferError);
    // A pointer out of the AST's region.
    const corrupt = bytes.slice();
    new DataView(corrupt.buffer).setUint32(layout.RawTransferData.fields.comments, corrupt.length, true);
    assert.throws(() => deserialize(corrupt, SOURCE, sourceStartPos, SOURCE.length), RawastBufferError);
  });
}

// oxc-parser writes a few names as a static string's address, whose low 32 bits oxc's deserializer
// takes as an offset anyway (docs/oxc.md): where they land on bytes of the
// buffer outside the AST, those are read as oxc's deserializer reads them, U+FFFD for each byte
// that is no UTF-8, not refused as a corrupt string of the AST is (tests/oxc/reads.test.js).
test("oxc fixture: a string outside the AST reads the buffer's bytes there as oxc's deserializer does", async () => {
  const layout = load();
  const { bytes, sourceStartPos, identifier } = buffer(layout, 16);
  bytes.set([0x61, 0xff, 0xc3, 0xa9, 0x80, 0x62], 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  view.setUint32(identifier + layout.IdentifierReference.fields.name, 2, true);
  view.setUint32(identifier + layout.IdentifierReference.fields.name + 8, 6, true);
  for (const { target } of VARIANTS) {
    const { deserialize } = await import(targetModule(target, pathToFileURL(`${dir}/`)));
    const tree = deserialize(bytes, SOURCE, sourceStartPos, SOURCE.length);
    assert.equal(tree.program.body[1].expression.name, "a\uFFFDé\uFFFDb", target);
  }
});
