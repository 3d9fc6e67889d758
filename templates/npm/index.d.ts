// {{ index.header[0] }}
// {{ index.header[1] }}

// Types of {{ index.package }}'s parser (`index.js`), which exports all that {% if index.walker %}`walk.js`{% else %}`deserialize.js`{% endif %} exports.

import type { deserialize } from "./deserialize.js";
{%- if index.walker %}
import type { Visitor } from "./walk.js";
{%- endif %}

{% if index.walker -%}
export * from "./walk.js";
{%- else %}
export * from "./deserialize.js";
{%- endif %}

/** What `parse` returns: `deserialize`'s result. */
export type ParseResult = ReturnType<typeof deserialize>;

/**
 * Parses `source` (the text, or its UTF-8 bytes) into the tree. Throws an `Error` with the
 * parser's message for a text it refuses, a `TypeError` for a `source` that is neither.
{%- if index.lazy %}
 * The tree is lazy and reads a buffer the next `parse` or `walkSource` call reuses: read it before
 * then (its unread parts throw a `RawastBufferError` after), or use `deserialize(parseBuffer(source))`.
{%- endif %}
 */
export declare function parse(source: string | Uint8Array): ParseResult;

/**
 * Parses `source` into a rawast buffer of its own, handed over without a copy; with
 * `transferable`, in memory JS owns, which `postMessage(buffer, [buffer.buffer])` moves to another
 * thread without a copy.
 */
export declare function parseBuffer(source: string | Uint8Array, options?: { transferable?: boolean }): Uint8Array;
{%- if index.walker %}

/** Parses `source` and walks its buffer, calling `visitor` on the nodes it asks for. */
export declare function walkSource(source: string | Uint8Array, visitor: Visitor): void;
{%- endif %}
