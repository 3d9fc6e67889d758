{#- The values left for later by eager deserializers, where the JS stack ran out: a `Deferred` holds
    the reader and the position, `resolveDeferred` builds them once the root is back, from the top
    of the stack. With `format.program_getters` (Oxlint's output), the program's getters are not read. With
    `parent_links`, each is built with the node that holds it as its parent
    (passed to its reader, or with `format.parent_in_variable`, set in the variable `parent` first). -#}
// Where the JS stack runs out, a value is left for later: each function that stores values that may
// nest (an object's properties, an array's elements) reads them in a `try`, and where a read throws
// the stack's `RangeError`, that value and those after it not read yet become `Deferred`s, which
// `resolveDeferred` reads once the root is back, from the top of the stack. Every cycle of the
// schema's type graph passes such a place (the generator checks it), so trees of any depth come back
// whole, and no depth is counted on the way down.
class Deferred {
  constructor(read, pos) {
    this.read = read;
    this.pos = pos;
  }
}

/** Leaves the value at `pos` for `resolveDeferred`. */
function defer(read, pos) {
  deferred++;
  return new Deferred(read, pos);
}

/** Builds every `Deferred` under `root`, walking the tree with an explicit stack. */
function resolveDeferred(root) {
{%- if parent_links %}
  // Values with the node that holds them: the `parent` of the nodes a `Deferred` builds.
  const stack = [root, null];
  while (stack.length > 0) {
    const enclosing = stack.pop();
    const value = stack.pop();
    const node = Object.hasOwn(value, "parent") ? value : enclosing;
    for (const key in value) {
{%- if format.program_getters %}
      // (The program's `comments` and `tokens` are getters, of values read on demand: not read here.)
      if (key === "parent" || key === "comments" || key === "tokens") continue;
{%- else %}
      if (key === "parent") continue;
{%- endif %}
      let child = value[key];
      if (child instanceof Deferred) {
{%- if format.parent_in_variable %}
        child = value[key] = {% if read_first %}readFromTop(child.read, child.pos, node){% else %}(parent = node, child.read(child.pos)){% endif %};
{%- else %}
        child = value[key] = child.read(child.pos, node);
{%- endif %}
      }
      if (child !== null && typeof child === "object" && !(child instanceof RegExp)) stack.push(child, node);
    }
  }
{%- else %}
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    for (const key in value) {
      let child = value[key];
      if (child instanceof Deferred) {
        child = value[key] = {% if read_first %}readFromTop(child.read, child.pos){% else %}child.read(child.pos){% endif %};
      }
      if (child !== null && typeof child === "object" && !(child instanceof RegExp)) stack.push(child);
    }
  }
{%- endif %}
}
