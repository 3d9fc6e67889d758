// A consumer of the generated types, type-checked with `tsc --strict` by tests/types.test.js.
import { deserialize as parse, encodeSource, RawastBufferError } from "../../generated/npm/parser/deserialize.js";
import { deserialize as lint, type AnyNode, type Node as LinterNode } from "../../generated/npm/linter/deserialize.js";
import type { Node, Program, Comment } from "../../generated/npm/parser/deserialize.js";

const buffer: Uint8Array = new Uint8Array(0);
// The parser layout's JS side writes the source first.
const sourceLength: number = encodeSource("const a = 1;", new Uint8Array(36));
const { program, comments }: { program: Program; comments: Comment[] } = parse(buffer);

function describe(node: Node): string {
  switch (node.type) {
    case "Identifier":
      return node.name;
    case "Literal":
      return "raw" in node ? node.raw : "";
    case "BinaryExpression":
      return `${describe(node.left)} ${node.operator} ${describe(node.right)}`;
    case "TemplateElement":
      return node.value.cooked ?? node.value.raw;
    default:
      return node.type;
  }
}

const names: string[] = program.body.map(describe);
const lines: number = comments.filter((c) => c.type === "Line").length;
const root = lint(buffer).program;
const parent: AnyNode | null = root.parent;
const first: LinterNode | undefined = root.body[0];
export { names, lines, parent, first, sourceLength };

// A corrupt buffer's error is told apart by its class.
function parseOrNull(bytes: Uint8Array): Program | null {
  try {
    return parse(bytes).program;
  } catch (error) {
    if (error instanceof RawastBufferError) {
      const name: "RawastBufferError" = error.name;
      console.warn(`${name}: ${error.message}`);
      return null;
    }
    throw error;
  }
}
export { parseOrNull };

// The lazy target: the same node types, read-only, and `materialize` keeps them.
import { deserialize as parseLazily, materialize, VISITOR_KEYS, type Program as LazyProgram } from "../../generated/npm/parser-lazy/deserialize.js";

const lazy: LazyProgram = parseLazily(buffer).program;
const imports: number = lazy.body.filter((statement) => statement.type === "ImportDeclaration").length;
const plain: LazyProgram = materialize(lazy);
const childKeys: readonly string[] = VISITOR_KEYS[plain.type] ?? [];
// @ts-expect-error: lazy nodes are read-only
lazy.sourceType = "module";
export { imports, childKeys };

// The walker (`walk.js`, the deserializer with it): a visitor's functions take the node of the type
// they are keyed by.
import { walk, visit, type Visitor } from "../../generated/npm/parser/walk.js";

const called: string[] = [];
const visitor: Visitor = {
  Identifier: (node) => {
    called.push(node.name);
  },
  FunctionDeclaration: (node) => node.params.length > 3,
  "CallExpression:exit": (node) => {
    called.push(node.callee.type);
  },
};
walk(buffer, visitor);
visit(program, { Literal: (node) => void called.push(node.type) });
// @ts-expect-error: no such node type
walk(buffer, { Identifer: () => {} });
// @ts-expect-error: an Identifier has no `callee`
walk(buffer, { Identifier: (node) => void called.push(node.callee) });
export { called };

// The lazy target's walker: the same visitor types, over read-only nodes.
import { walk as walkLazily } from "../../generated/npm/parser-lazy/walk.js";

const lazyCalls: string[] = [];
walkLazily(buffer, {
  CallExpression: (node) => {
    if (node.callee.type === "Identifier") lazyCalls.push(node.callee.name);
    // @ts-expect-error: lazy nodes are read-only
    node.optional = true;
  },
  "Program:exit": (node) => void lazyCalls.push(node.sourceType),
});
// @ts-expect-error: no such node type
walkLazily(buffer, { Identifer: () => {} });
export { lazyCalls };
