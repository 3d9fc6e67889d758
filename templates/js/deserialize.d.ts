{{ header }}
// Types of what the `{{ target }}` deserializer returns.
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
