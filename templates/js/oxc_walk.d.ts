{#- `walk.d.ts` of an oxc target (`emit/oxc_types.rs`, `OxcWalkDts`): the walker's types; the tree's are
    `deserialize.d.ts`'s, which it re-exports. -#}
{{ header }}
// Types of the `{{ target }}` walker (`walk.js`), which exports all that `deserialize.js` exports.
export * from "./deserialize.js";
import type { Node } from "./deserialize.js";

/** The nodes whose `type` can be `T`. */
export type NodeOfType<T extends string, N = Node> = N extends { type: infer U } ? (T extends U ? N : never) : never;

/**
 * What `walk` and `visit` call: for a node type, a function called with each node of that type on
 * the way down (returning `false` skips the node's children), and for `"Type:exit"` one called on
 * the way up. Keys that name no node type are a `TypeError`, but for an instance of a class:
 * its other members are its state and helpers, and its methods visit (called on it).
 */
export type Visitor = {
  [T in Node["type"]]?: (node: NodeOfType<T>) => void | boolean;
} & {
  [T in Node["type"] as `${T}:exit`]?: (node: NodeOfType<T>) => void;
};

/**
{%- if parent || linter %}
 * Visits the nodes of the tree in the buffer, in output order. Nodes have `parent`, which holds
 * the whole tree: the first node of a type the visitor names has the whole tree built, as
 * `deserialize` builds it, and visited; until then, what cannot lead to such a node is not read,
 * and a buffer with none builds nothing.
{%- else %}
 * Visits the nodes of the tree in the buffer, in output order (by `VISITOR_KEYS`), without building
 * what the visitor does not see: a node of a type it names is built whole, as `deserialize` builds
 * it, its subtree visited on the objects built; what cannot lead to such a node is not read.
{%- endif %}
 * Takes `deserialize`'s arguments, then the visitor. Trees of any depth. Throws a
 * `RawastBufferError` for a bad buffer where the walk reads it, an `Error` when called from a
 * visitor of a walk (as does `deserialize`), and rethrows what a visitor throws.
 */
{%- if linter %}
export declare function walk(buffer: Uint8Array, visitor: Visitor): void;
{%- else %}
export declare function walk(buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number, visitor: Visitor): void;
{%- endif %}

/**
 * Visits the nodes of a tree already built (what `deserialize` returns, or a node or array of it)
 * as `walk` visits them in the buffer.
 */
export declare function visit(value: object, visitor: Visitor): void;
/**
 * The node types by whose words a walk skips what cannot hold a visited node: for each, words one of
 * which the source text of every node of the type holds. A walk whose visitor visits only these
 * types reads only the nodes whose span holds one of their words (or a `\u` escape); empty where
 * this target's walks cannot skip by words.
 */
export declare const WALK_WORDS: Readonly<Record<string, readonly string[]>>;
