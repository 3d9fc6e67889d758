{{ header }}
// Types of what the `{{ target }}` deserializer returns{% if walker.is_some() %}, and of its walker (`walk.js`){% endif %}.
{%- for declaration in declarations %}
{% match declaration -%}
{%- when Declaration::Interface with { name, properties } %}
export interface {{ name }} {
{%- for (key, ty, doc) in properties %}
{%- if let Some(doc) = doc %}
  /** {{ doc }} */
{%- endif %}
  {% if lazy %}readonly {% endif %}{{ key.literal }}: {{ ty }};
{%- endfor %}
}
{%- when Declaration::Alias with { name, ty } %}
export type {{ name }} = {{ ty }};
{%- endmatch %}
{%- endfor %}

/**
 * What every failure caused by the buffer's contents throws: a buffer that is not a rawast buffer,
 * one of another format version, schema or pointer width, and a corrupt one (its message starts
 * "corrupt rawast buffer" and says where). Arguments of the wrong type throw a `TypeError` instead.
 */
export declare class RawastBufferError extends Error {
  name: "RawastBufferError";
}

/**
{%- if lazy %}
 * Deserializes a rawast buffer lazily: only the root is read now, every other property on its first
 * access, so the buffer must not change while the tree is used. Throws a `RawastBufferError` when the
 * buffer is truncated or was written with another schema or pointer width; a getter throws one when
 * what it reads is corrupt, or the buffer was detached meanwhile.
{%- else %}
 * Deserializes a rawast buffer. Throws a `RawastBufferError` when the buffer is truncated, corrupt,
 * or was written with another schema or pointer width.
{%- endif %}
{%- if int64_numbers %}
 * 64-bit integers are read as numbers (`int64 = "number"`): one past `Number.MAX_SAFE_INTEGER` (or
 * below `Number.MIN_SAFE_INTEGER`) is a `RawastBufferError` naming its field, never rounded; a
 * target generated with `int64 = "bigint"` reads them as `bigint`s.
{%- endif %}
 * Reading is bounded by the buffer's size: a corrupt buffer cannot make it run or allocate without
 * limit. A `buffer` that is not a `Uint8Array` (a `Proxy` of one included) is a `TypeError`.
 */
export declare function deserialize(buffer: Uint8Array): {{ result }};
{%- if encode_source %}

/**
 * Writes the UTF-8 of `text` at the start of `buffer` (`buffer[0..n]`), where the parser reads the
 * source, and returns `n`. Lone surrogates become U+FFFD, as with `TextEncoder`. `text.length * 3`
 * bytes always suffice; throws an `Error` (naming the bytes needed) if `buffer` is too small, and a
 * `TypeError` if `text` is not a string or `buffer` not a `Uint8Array`.
 */
export declare function encodeSource(text: string, buffer: Uint8Array): number;
{%- endif %}
{%- if lazy %}

/**
 * The plain JS objects of a lazy node, array or `deserialize` result, as the eager deserializer
 * returns them. Throws a `RawastBufferError` when a part not read yet is corrupt.
 */
export declare function materialize<T>(value: T): T;
{%- endif %}
{%- if let Some(nodes) = walker %}

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
{%- endif %}
{%- if lazy || visitor_keys %}

/**
 * What a generic walker follows to every node: for each node type, and each place where plain
 * objects holding nodes lie, the keys of the properties that can lead to a node, in order. An object
 * is a node of the type its `{{ discriminator }}` names, when that names an entry; any other object is
 * plain, its entry named after where it lies: `"<entry of the object holding it>.<key>"`, or its key
 * in `deserialize`'s result. Arrays hold values of the name they have.
 */
export declare const VISITOR_KEYS: Readonly<Record<string, readonly string[]>>;
{%- endif %}
