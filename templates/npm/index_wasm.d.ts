// {{ index.header[0] }}
// {{ index.header[1] }}

// Types of {{ index.package }}'s parser (`index.js`), which exports all that {% if index.walker %}`walk.js`{% else %}`deserialize.js`{% endif %} exports.

import type { deserialize } from "./deserialize.js";
{%- if index.walker %}
import type { Visitor } from "./walk.js";
{%- endif %}

{% if index.walker -%}
export * from "./walk.js";
{%- else -%}
export * from "./deserialize.js";
{%- endif %}

/** What `parse` returns: `deserialize`'s result. */
export type ParseResult = ReturnType<typeof deserialize>;

/**
 * Loads the parser's WebAssembly module (by default `{{ index.name }}.wasm` beside the package's
 * `index.js`, fetched); call it once before `parse`.
 */
export declare function init(input?: BufferSource | WebAssembly.Module | Response | URL | string): Promise<void>;

/**
 * Parses `source` (the text, or its UTF-8 bytes) into the tree. Throws an `Error` with the
 * parser's message for a text it refuses, a `TypeError` for a `source` that is neither.
 */
export declare function parse(source: string | Uint8Array): ParseResult;

/** Parses `source` into a rawast buffer of its own (a copy of the module's output). */
export declare function parseBuffer(source: string | Uint8Array): Uint8Array;
{%- if index.walker %}

/** Parses `source` and walks its buffer, calling `visitor` on the nodes it asks for. */
export declare function walkSource(source: string | Uint8Array, visitor: Visitor): void;
{%- endif %}
