// Type-checked with `tsc --strict` by `cargo xtask package` in a fresh project where only the packed
// package is installed: the package's types resolve through its `exports` map, as a user's would.
import { deserialize, type Node, type Program } from "rawast-package-under-test";

const buffer: Uint8Array = new Uint8Array(0);
const program: Program = deserialize(buffer).program;

function describe(node: Node): string {
  switch (node.type) {
    case "Identifier":
      return node.name;
    case "BinaryExpression":
      return `${describe(node.left)} ${node.operator} ${describe(node.right)}`;
    default:
      return node.type;
  }
}

export const names: string[] = program.body.map(describe);
