// The lint rules of the example linter, as a visitor of the package's walker: what `walkSource`
// calls on the nodes of each file.

/**
 * A visitor that pushes each problem it finds onto `problems`, as `{ rule, start, message }`:
 * `duplicate-key` (a key an object has twice: JSON.parse keeps the last), `trailing-comma` (a
 * comma after an object's or array's last item: JSONC allows it, JSON does not).
 */
export function rules(problems) {
  return {
    Object(node) {
      const seen = new Set();
      for (const member of node.members) {
        if (seen.has(member.key.value)) problems.push({ rule: "duplicate-key", start: member.key.start, message: `key ${JSON.stringify(member.key.value)} again` });
        seen.add(member.key.value);
      }
      if (node.trailingComma) problems.push({ rule: "trailing-comma", start: node.end - 1, message: "a comma after the object's last member" });
    },
    Array(node) {
      if (node.trailingComma) problems.push({ rule: "trailing-comma", start: node.end - 1, message: "a comma after the array's last element" });
    },
  };
}
