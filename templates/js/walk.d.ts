{#- `walk.d.ts` of a rawast target (`emit/ts_types.rs`, `WalkDts`): the walker's types; the tree's are
    `deserialize.d.ts`'s, which it re-exports. -#}
{{ header }}
// Types of the `{{ target }}` walker (`walk.js`), which exports all that `deserialize.js` exports.
export * from "./deserialize.js";
import type {
{%- for name in imports %}
  {{ name }},
{%- endfor %}
} from "./deserialize.js";

/** Each node interface by its node type. */
export interface NodesByType {
{%- for (node_type, interfaces) in nodes %}
  {{ node_type }}: {{ interfaces }};
{%- endfor %}
}

/**
 * What `walk` and `visit` call: for a node type, a function called with each node of that type on
 * the way down (returning `false` skips the node's children), and for `"Type:exit"` one called on
 * the way up. Keys that name no node type are a `TypeError`, but for an instance of a class:
 * its other members are its state and helpers, and its methods visit (called on it).
 */
export type Visitor = {
  [T in keyof NodesByType]?: (node: NodesByType[T]) => void | boolean;
} & {
  [T in keyof NodesByType as `${T}:exit`]?: (node: NodesByType[T]) => void;
};

/**
{%- if walk_whole_tree %}
 * Visits the nodes of the tree in a rawast buffer, in output order. Nodes have `parent`, which
 * holds the whole tree: the first node of a type the visitor names has the whole tree built, as
 * `deserialize` builds it, and visited; until then, what cannot lead to such a node is not read,
 * and a buffer with none builds nothing.
{%- else if lazy %}
 * Visits the nodes of the tree in a rawast buffer, in output order, without making what the
 * visitor does not see: a node of a type it names is a lazy node, as `deserialize`'s tree has it,
 * its subtree visited through its getters; what cannot lead to such a node is not read. The nodes
 * handed over stay usable after the walk, as long as the buffer does not change.
{%- else %}
 * Visits the nodes of the tree in a rawast buffer, in output order, without building what the
 * visitor does not see: a node of a type it names is built whole, as `deserialize` builds it, its
 * subtree visited on the objects built; what cannot lead to such a node is not read.
{%- endif %}
{%- if lazy %}
 * Trees of any depth. Throws a `RawastBufferError` for a bad buffer where the walk reads it, an
 * `Error` when called from a visitor of a walk (a visitor may read other trees and deserialize
 * other buffers), and rethrows what a visitor throws.
{%- else %}
 * Trees of any depth. Throws a `RawastBufferError` for a bad buffer where the walk reads it, an
 * `Error` when called from a visitor of a walk (as does `deserialize`), and rethrows what a
 * visitor throws.
{%- endif %}
 */
export declare function walk(buffer: Uint8Array, visitor: Visitor): void;

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
