{{ header }}
// Types of what the `{{ target }}` deserializer returns{% if walker %}, and of its walker (`walk.js`){% endif %}, from the schema's oxc attributes.
{%- for declaration in declarations %}
{% match declaration.body -%}
{%- when DeclarationBody::Interface with (properties) %}
export interface {{ declaration.name }} {
{%- for (key, ty) in properties %}
  {{ key.literal }}: {{ ty }};
{%- endfor %}
}
{%- when DeclarationBody::Alias with (ty) %}
export type {{ declaration.name }} = {{ ty }};
{%- endmatch %}
{%- endfor %}
{%- for text in added %}

export {{ text }}
{%- endfor %}

/** Every node: an object with a `type`{% if parent %}, and the type of `parent`{% endif %}. */
export type Node = {{ nodes }};
{%- for name in located %}

export interface {{ name }} {
  loc: SourceLocation;
}
{%- endfor %}
{%- if linter %}

/** Where a node, comment or token lies: 1-based lines, 0-based columns (UTF-16), as ESLint's. */
export interface SourceLocation {
  start: { line: number; column: number };
  end: { line: number; column: number };
}

/** A comment of the program, as Oxlint's JS plugins get it. */
export interface OxlintComment {
  type: "Line" | "Block" | "Shebang";
  value: string;
  start: number;
  end: number;
  range: [number, number];
  readonly loc: SourceLocation;
}

/** A token of the program, as Oxlint's JS plugins get it (ESLint's token types). */
export interface OxlintToken {
  type: "Identifier" | "Keyword" | "PrivateIdentifier" | "Punctuator" | "Numeric" | "String" | "Boolean" | "Null" | "RegularExpression" | "Template" | "JSXText" | "JSXIdentifier";
  value: string;
  regex: { pattern: string; flags: string } | undefined;
  start: number;
  end: number;
  range: [number, number];
  readonly loc: SourceLocation;
}
{%- endif %}

/**
 * What every failure caused by the buffer's contents throws: a buffer that is not {% if linter %}Oxlint's{% else %}oxc-parser's{% endif %},
 * or a corrupt one (the message says where). Arguments of the wrong type throw a `TypeError`.
 */
export declare class RawastBufferError extends Error {
  name: "RawastBufferError";
}
{%- if linter %}

/**
 * Deserializes the program Oxlint's Rust side wrote into `buffer`, as Oxlint's deserializer does.
 * `comments` and `tokens` are read from the buffer when first asked for, until the next call: the
 * buffer must not change before then. Throws a `RawastBufferError` if the buffer is corrupt.
 */
export declare function deserialize(buffer: Uint8Array): {{ root }} & { readonly comments: OxlintComment[]; readonly tokens: OxlintToken[] };
{%- else %}

/**
 * Deserializes the AST that oxc-parser wrote into `buffer`: `sourceText` is the source, whose UTF-8
 * starts at `sourceStartPos` in `buffer` and is `sourceByteLen` bytes long. Throws a
 * `RawastBufferError` if the buffer is corrupt or `sourceText`'s length cannot be `sourceByteLen`'s.
 */
export declare function deserialize(buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number): {{ root }};
{%- endif %}

{%- if walker %}

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
{%- endif %}

/**
 * What a generic walker follows to every node: for each node type, the keys of the properties that
 * can lead to a node, in output order, from the schema (oxc's converters included). Types that
 * only a converter's JS makes (`TSParameterProperty`) have none: `walk` and `visit` follow their
 * values in order.
 */
export declare const VISITOR_KEYS: Readonly<Record<string, readonly string[]>>;
