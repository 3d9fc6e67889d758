{{ header }}
// Types of what the `{{ target }}` deserializer returns, from the schema's oxc attributes.
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


/**
 * What a generic walker follows to every node: for each node type, the keys of the properties that
 * can lead to a node, in output order, from the schema (oxc's converters included). Types that
 * only a converter's JS makes (`TSParameterProperty`) have none: `walk` and `visit` follow their
 * values in order.
 */
export declare const VISITOR_KEYS: Readonly<Record<string, readonly string[]>>;
