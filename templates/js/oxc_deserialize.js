{{ header }}
{%- if let Some(linter) = linter %}
// Target `{{ target }}`: reads the buffers Oxlint 1.91.0 (built from oxc 0.157) hands its JS plugins
// and returns what Oxlint's own deserializer gives them: the program, TypeScript's output with
// `range`, `parent` and `loc` (a getter of every node's prototype), its `comments` and `tokens` read
// when first asked for, no parentheses. Node.js (`Buffer#utf8Slice` decodes strings).
//
// Oxlint's buffer: `buffer` is a `Uint8Array` over the allocator's block; `{{ metadata_size }}` bytes of
// metadata end it, the first `u32` of which (+{{ data_offset_field }}) is the offset of the program (the lowest
// allocation), and the source text's UTF-8 lies just below them (the program's `source_text`, at
// +{{ linter.source_text_field }}). Pointers are 64-bit addresses in a block aligned to 4 GiB, so their low 32 bits are
// offsets into `buffer`. Spans count UTF-16 code units already.
{%- else %}
// Target `{{ target }}`: reads oxc-parser 0.157's raw transfer buffers (oxc's own format, not rawast's)
// and returns what oxc's generated deserializer for {{ variant }} returns,
// `{{ result_shape }}`. Node.js (`Buffer#utf8Slice` decodes strings).
//
// oxc's buffer: `buffer` is a `Uint8Array` over the allocator's block; `{{ metadata_size }}` bytes of
// metadata end it, the first `u32` of which (+{{ data_offset_field }}) is the offset of the root. Pointers are 64-bit
// addresses in a block aligned to 4 GiB, so their low 32 bits are offsets into `buffer`. Spans count
// UTF-16 code units already.
{%- endif %}
//
{%- if linter.is_some() %}
// Every string comes from the buffer: the source is decoded from its bytes once per call.
{%- else if source_from_buffer %}
// Every string comes from the buffer alone (`source_text = "buffer"`): the source is decoded from
// its bytes once per call, and `sourceText` is only checked for a length its bytes can have.
{%- else %}
// As oxc's own deserializer, `raw` values and comments are slices of the caller's `sourceText`, and
// so are names when the text is ASCII (its length the source's byte count): a text other than the
// one parsed gives other strings. (`source_text = "buffer"` reads every string from the buffer.)
{%- endif %}
{%- include "js/module_note.js" %}

// (Module state is `var`, not `let`: V8's interpreter and baseline code check a `let` of the module
// for its temporal dead zone at every use in a function, a cost a pass pays until V8 optimizes it.)
// Views of the buffer being read, set by `deserialize` and dropped when it returns.
var {% for view in views %}{{ view.name }}{% if !loop.last %}, {% endif %}{% endfor %};
var sourceText, sourceStartPos = 0, asciiEnd = 0, sourceEnd = 0;
// The source's bytes as a one-byte string (each byte one character): ASCII strings of the source are
// sliced out of it. Slices of the caller's string would be two-byte strings in a source with any
// character past U+00FF (CJK in a comment is enough), twice the memory and slower to build.
var sourceLatin;
{%- if few_strings() %}
// Set by a walk whose visitor skips by words (`walk.js`): it builds few strings, and a copy of a
// non-ASCII source's bytes (`sourceLatin`) would cost it more than they do, decoded one by one.
var fewStrings = false;
{%- endif %}
{%- if parent_links %}
// The node whose children are being read: each node's `parent`. A node with children sets it while
// they are read, and oxc's converters keep it up to date too.
{%- else %}
// The parent node, which oxc's converters keep up to date in its `parent` variants (not this one).
{%- endif %}
var parent = null;
// The AST's region of the buffer: oxc allocates downwards from the source, `RawTransferData` last,
// so every pointer of a sound buffer lies in `[lo, hi)`, from the root to the metadata.
var lo = 0, hi = 0;
// Bytes that reads may still take (structs pointers lead to, strings): shared or cyclic pointers in
// a corrupt buffer end in an error, not in exponential work or a hang. It starts at twice the AST's
// region, but no more than twice `SOURCE_CAP` bytes per byte of source: the region is the
// metadata's word, and a forged `data_offset` must not buy work the buffer's contents cannot
// justify. When it runs out, `overBudget` pays each read from what it really reaches.
var budget = 0;
// The reads a source justifies before `overBudget` takes over, per byte of source and for any file:
// reading what oxc-parser 0.157 writes for real files takes a few bytes per byte of source (the
// structs that may nest, and strings), and this allows about twice the most of them. (Larger
// ASTs, such as those of files whose errors quote their lines, are read in `overBudget`'s way.)
const SOURCE_CAP = 8, SOURCE_CAP_MARGIN = 1 << 18;
// Once `budget` runs out: which 16-byte lines of the region reads have touched (a bit each), and
// what the lines touched so far still allow.
var touched = null, allowance = 0;
// `Deferred` values in the tree. Where the JS stack runs out, the node being built leaves its values
// that may nest as `Deferred`s (a `catch` in its function), built after the root returns
// (`resolveDeferred`): `a + b + …` chains of any length come back whole, and no depth is counted.
var deferred = 0;
{%- if read_first %}
// Values read first, by position: where a converter looks at what it reads (so nothing can be left
// for later) and the JS stack runs out, the deepest `Box` that did not fit (`overflowRead` at
// `overflowAt`) is read from the top of the stack, kept here, and found by the retry (`readFromTop`).
const readFirst = new Map();
var overflowRead = null, overflowAt = 0;
// How many times the JS stack's running out has interrupted a read of a `Box` read first, by the
// position it points to (`interrupted`).
const interruptions = new Map();
{%- endif %}

// The views of each buffer read so far. {% if linter.is_some() %}Oxlint hands{% else %}oxc-parser hands{% endif %} its deserializer the same few buffers
// call after call (it keeps them for the next file), and making the views each call was much of a
// call's fixed cost. Weak: a buffer its owner drops goes, with its views. (A buffer's first call
// pays for its entry: no gain for buffers read once.)
const viewsOf = new WeakMap();

/** The typed-array views of one buffer{% if views.len() > 1 %} (`uint8` is the buffer itself){% endif %}, and the length they were made for. */
class BufferViews {
  constructor(buffer) {
    this.length = buffer.length;
{%- for view in views %}{% if view.shift != 0 %}
    this.{{ view.name }} = new {{ view.class }}(buffer.buffer, buffer.byteOffset, buffer.length >> {{ view.shift }});
{%- endif %}{% endfor %}
  }
}

/**
 * The views of `buffer`, made on its first call, when it is checked to be a buffer that
 * {{ buffer_writer() }} could have written, and not checked again while its length stays: a typed array's
 * class and offset do not change, and the length of a length-tracking one follows its growable
 * ArrayBuffer (its views' do not). Run cold after a collection, the checks would cost a small
 * file's call more than its reads.
 */
function viewsOfBuffer(buffer) {
  let views = viewsOf.get(buffer);
  if (views !== undefined && views.length === buffer.length) return views;
  if (!(buffer instanceof Uint8Array)) throw new TypeError("deserialize: `buffer` must be {{ buffer_writer() }}'s Uint8Array");
  if (buffer.length < {{ metadata_size }} || buffer.byteOffset % 8 !== 0 || buffer.length > 0x7fffffff) {
    throw new RawastBufferError(`a buffer of ${buffer.length} bytes at offset ${buffer.byteOffset} is not {{ buffer_writer() }}'s`);
  }
  viewsOf.set(buffer, (views = new BufferViews(buffer)));
  return views;
}

/** Makes `views`, those of `buffer`, the ones every read uses. */
function setViews(buffer, views) {
{%- for view in views %}
  {{ view.name }} = {% if view.shift == 0 %}buffer{% else %}views.{{ view.name }}{% endif %};
{%- endfor %}
}

const { utf8Slice, latin1Slice } = Buffer.prototype;
// The most bytes Node decodes into one string (V8's longest string, `buffer.constants.MAX_STRING_LENGTH`).
const MAX_STRING_BYTES = 0x1fffffe8;

/** What a buffer that is not a sound oxc-parser buffer of this version throws. */
export class RawastBufferError extends Error {}
RawastBufferError.prototype.name = "RawastBufferError";

{% if let Some(linter) = linter -%}
/**
 * Deserializes the program Oxlint's Rust side wrote into `buffer` (a transfer buffer, as Oxlint's
 * JS plugins get it), as Oxlint's deserializer does, with its source text decoded from the buffer.
 * The program's `comments` and `tokens` are read from the buffer when first asked for, until the
 * next call: the buffer must not change before then. Throws a `RawastBufferError` if the buffer is
 * corrupt; its work is bounded by what the buffer holds, whatever its metadata says.
 */
export function deserialize(buffer) {
{%- if walk_internals.is_some() %}
  if (walking) throw new Error("deserialize: called from a visitor of a walk, whose buffer it would replace");
{%- endif %}
  const root = setUp(buffer);
  try {
    return readResult(root);
  } finally {
    release();
  }
}

/** Checks the buffer and sets up the views and the source text; returns the root's offset. */
function setUp(buffer) {
  const views = viewsOfBuffer(buffer);
  hi = views.length - {{ metadata_size }};
  setViews(buffer, views);
  // The source text: the program's `source_text`, which must lie between it and the metadata.
  const program = int32[(hi + {{ data_offset_field }}) >> 2];
  const sourceStartPosInput = program >= 0 && program <= hi - {{ root_size }} ? int32[(program + {{ linter.source_text_field }}) >> 2] : -1;
  const sourceByteLen = sourceStartPosInput >= 0 ? int32[(program + {{ linter.source_text_field + 8 }}) >> 2] : -1;
  if (!(sourceStartPosInput > program && sourceByteLen >= 0 && sourceStartPosInput + sourceByteLen <= hi)) {
    {% for view in views %}{{ view.name }} = {% endfor %}undefined;
    throw new RawastBufferError(`the program's offset ${program} or its source (${sourceByteLen} bytes at ${sourceStartPosInput}) is outside the buffer`);
  }
{%- else -%}
/**
 * Deserializes the AST that oxc-parser wrote into `buffer`, with oxc's arguments:
 * `sourceText` is the source, whose UTF-8 starts at `sourceStartPos` in `buffer` and is
 * `sourceByteLen` bytes long.
{%- if source_from_buffer %} Every string is read from the buffer; `sourceText` must have a length
 * that `sourceByteLen` bytes of UTF-8 can have, and is not read otherwise.
{%- else %} As oxc's own deserializer does, `raw` values and comments are sliced
 * from `sourceText`, and names too when it is ASCII: it must be the text that was parsed.
{%- endif %}
 * Throws a `RawastBufferError` if the buffer is corrupt or `sourceText`'s length cannot be
 * `sourceByteLen`'s; its work is bounded by what the buffer holds, whatever its metadata says.
 */
export function deserialize(buffer, sourceTextInput, sourceStartPosInput, sourceByteLen) {
{%- if walk_internals.is_some() %}
  if (walking) throw new Error("deserialize: called from a visitor of a walk, whose buffer it would replace");
{%- endif %}
  const root = setUp(buffer, sourceTextInput, sourceStartPosInput, sourceByteLen);
  try {
    return readResult(root);
  } finally {
    release();
  }
}

/** Checks the buffer and the arguments, sets up the views and the source; returns the root's offset. */
function setUp(buffer, sourceTextInput, sourceStartPosInput, sourceByteLen) {
  const views = viewsOfBuffer(buffer);
  if (typeof sourceTextInput !== "string") throw new TypeError("deserialize: `sourceText` must be a string");
  hi = views.length - {{ metadata_size }};
  if (!(Number.isInteger(sourceStartPosInput) && Number.isInteger(sourceByteLen) && sourceStartPosInput >= 0 && sourceByteLen >= 0 && sourceStartPosInput + sourceByteLen <= hi)) {
    // (No arithmetic in the message: the arguments may be anything, BigInts among them.)
    throw new RawastBufferError(`the source (${String(sourceByteLen)} bytes at ${String(sourceStartPosInput)}) is not inside the buffer`);
  }
  // Each UTF-16 code unit is 1 to 3 bytes of UTF-8 (a surrogate pair 4, a lone one U+FFFD's 3).
  if (sourceByteLen < sourceTextInput.length || sourceByteLen > 3 * sourceTextInput.length) {
    throw new RawastBufferError(`a source text of ${sourceTextInput.length} UTF-16 code units cannot be ${sourceByteLen} bytes of UTF-8: it is not the text this buffer was parsed from`);
  }
  setViews(buffer, views);
{%- endif %}
  sourceStartPos = sourceStartPosInput;
  lo = int32[(hi + {{ data_offset_field }}) >> 2];
  if (lo < 0 || lo > hi - {{ root_size }} || lo % 8 !== 0) {
    {% for view in views %}{{ view.name }} = {% endfor %}sourceText = undefined;
    throw new RawastBufferError(`the root's offset ${lo} is outside the buffer`);
  }
  budget = 2 * Math.min(hi - lo, SOURCE_CAP * sourceByteLen + SOURCE_CAP_MARGIN);
  touched = null;
  allowance = 0;
  deferred = 0;
  // Strings that lie in the source's ASCII prefix are slices of `sourceLatin` at once; ASCII strings
  // past it too, once their bytes are checked.
  sourceEnd = sourceStartPos + sourceByteLen;
{%- if source_from_buffer %}
  sourceText = decodeSource(sourceStartPos, sourceEnd);
{%- else %}
  sourceText = sourceTextInput;
{%- endif %}
  let end = sourceStartPos;
  if (sourceText.length === sourceByteLen) {
    end = sourceEnd;
    sourceLatin = sourceText;
  } else if (sourceByteLen > MAX_STRING_BYTES{% if few_strings() %} || fewStrings{% endif %}) {
{%- if few_strings() %}
    // Too long for one string of its bytes, or a walk that builds few strings: every string is
    // decoded on its own.
{%- else %}
    // Too long for one string of its bytes: every string is decoded on its own.
{%- endif %}
    sourceLatin = "";
    sourceEnd = sourceStartPos;
  } else {
    while (end < sourceEnd && uint8[end] < 128) end++;
    sourceLatin = latin1Slice.call(uint8, sourceStartPos, sourceEnd);
  }
  asciiEnd = end;
  return lo;
}

/** What `deserialize` returns, read from the root at `root` of the buffer `setUp` set up. */
function readResult(root) {
{%- if parent_links %}
  parent = null;
{%- endif %}
  const data = {% if read_first %}readFromTop({{ root }}, root{% if parent_links %}, null{% endif %}){% else %}{{ root }}(root){% endif %};
  if (deferred > 0) resolveDeferred(data);
{%- if linter.is_some() %}
  setUpFile(uint8, int32, sourceText, lo, lo, hi);
{%- endif %}
  return data;
}

/** Drops the buffer's views and what was read of it, once a call is done with it. */
function release() {
  {% for view in views %}{{ view.name }} = {% endfor %}sourceText = sourceLatin = touched = undefined;
{%- if few_strings() %}
  fewStrings = false;
{%- endif %}
{%- if parent_links %}
  parent = null;
{%- endif %}
{%- if read_first %}
  // (Only where something was kept: `clear` gives a map a new table, which costs more than most
  // small files' whole read.)
  if (readFirst.size !== 0) readFirst.clear();
  if (interruptions.size !== 0) interruptions.clear();
{%- endif %}
}
{%- if let Some(internals) = walk_internals %}

// A walk (`walk.js`) reads this module's buffer: `deserialize`, called from one of its visitors,
// would replace it.
var walking = false;

/**
 * Sets up the buffer for a walk, with `deserialize`'s arguments{% if few_strings() %} (`fewStringsInput`: it skips by words){% endif %}:
 * the root's offset, and the views its walkers read with.
 */
function beginWalk({% if few_strings() %}fewStringsInput, {% endif %}{% if linter.is_some() %}buffer{% else %}buffer, sourceTextInput, sourceStartPosInput, sourceByteLen{% endif %}) {
{%- if few_strings() %}
  fewStrings = fewStringsInput;
{%- endif %}
  const root = setUp({% if linter.is_some() %}buffer{% else %}buffer, sourceTextInput, sourceStartPosInput, sourceByteLen{% endif %});
  walking = true;
  return { root{% for view in views %}, {{ view.name }}{% endfor %} };
}

/** Ends a walk: nothing left for later, the buffer's views dropped. */
function endWalk() {
  walking = false;
  deferred = 0;
  release();
}

{%- if internals.has("sourceForWords") %}

/** The source, whose indices are the spans' offsets, for a walk's search for words. */
function sourceForWords() {
  return sourceText;
}
{%- endif %}
{%- if internals.has("buildWhole") %}

/** `read(pos)`, whole: what a walk hands over{% if read_first %} (from the top of the stack where a read must be first){% endif %}. */
function buildWhole(read, pos) {
  return {% if read_first %}readFromTop(read, pos{% if parent_links %}, parent{% endif %}){% else %}read(pos){% endif %};
}
{%- endif %}
{%- if internals.has("readPointerBelow") %}

/**
 * The pointer at `pos` to `size` bytes aligned to `alignMask + 1`, checked to lie below the
 * metadata: Oxlint allocates some files' comments below the AST's region, where `readPointer`
 * would refuse them.
 */
function readPointerBelow(pos, size, alignMask) {
  const target = uint32[pos >>> 2];
  if (!(target + size <= hi) || (target & alignMask) !== 0) throw corrupt(`pointer to ${size} bytes of comments`, pos);
  return target;
}
{%- endif %}
{%- endif %}
{%- if read_first %}

/**
 * `read(pos)` from the top of the stack. Where the JS stack runs out in a converter that looks at
 * what it reads, the deepest value that did not fit is read first (from here, and so on below it
 * if that does not fit either), kept in `readFirst`, and the read tried again: it finds the value
 * there, one stack's depth further down each time. Each attempt reads again what the one before
 * it read on the way down: `interrupted` gives those reads back.
{%- if parent_links %}
 * Each attempt starts with `parent` as the value's parent, `parentOfRead`; a value read first
 * takes its parent when it is taken (`takeReadFirst`).
{%- endif %}
 */
function readFromTop(read, pos{% if parent_links %}, parentOfRead{% endif %}) {
  // The first attempt, which most reads are (no array made for them).
  overflowRead = null;
{%- if parent_links %}
  parent = parentOfRead;
{%- endif %}
  try {
    return read(pos);
  } catch (error) {
    if (!(error instanceof RangeError) || overflowRead === null) throw error;
  }
  const reads = [read, pos, overflowRead, overflowAt];
  let value;
  while (reads.length > 0) {
    const at = reads[reads.length - 1];
    overflowRead = null;
{%- if parent_links %}
    parent = parentOfRead;
{%- endif %}
    try {
      value = reads[reads.length - 2](at);
    } catch (error) {
      if (!(error instanceof RangeError) || overflowRead === null) throw error;
      reads.push(overflowRead, overflowAt);
      continue;
    }
    reads.length -= 2;
    if (reads.length > 0) readFirst.set(at, value);
  }
  return value;
}

/** The value read first at `pos`, which only the `Box` that points there takes. */
function takeReadFirst(pos) {
  const value = readFirst.get(pos);
  readFirst.delete(pos);
{%- if parent_links %}
  // Read from the top of the stack, under a parent of an attempt given up: its parent is the one
  // the read that takes it has.
  if (value !== null && typeof value === "object" && Object.hasOwn(value, "parent")) value.parent = parent;
{%- endif %}
  return value;
}

// How many interrupted reads of one position `interrupted` gives back. On the way down to where the
// stack ran out, a value is read by the attempt that overflowed, then by its retry; once more where
// a `try` above it had left it for later; once or twice more where the JIT's frames grew between an
// attempt and its retry (V8 deoptimizes code that meets a branch it has not run), so that the retry
// ran out before the value read first. tests/oxc/read-first.test.js's chains: at most 3 per
// position.
const FREE_INTERRUPTIONS = 4;

/**
 * Called where the JS stack ran out while the `Box` at `target`, which paid `size`, was being read:
 * the value will be read again from the top of the stack, and paid then, so the first
 * `FREE_INTERRUPTIONS` times at a position this gives back what the `Box` paid. A valid buffer's
 * values are then paid once, however often the stack cuts their reads short: paid at each attempt,
 * oxc's sparse structs ran past what their lines allow (`overBudget`), and deep chains of class
 * heritages were refused (a `Class` is 144 bytes, of which 4 lines of 9 may be all that is not
 * zeros). What a corrupt buffer gets back is at most `FREE_INTERRUPTIONS` reads of each struct that
 * a read-first `Box` points to, each one behind a pointer of its own: its work and memory (one
 * `interruptions` entry per position) stay linear in what it holds. (Where the stack has no room
 * left for this call, the read stays paid.)
 */
function interrupted(target, size) {
  const count = interruptions.get(target) ?? 0;
  if (count < FREE_INTERRUPTIONS) {
    interruptions.set(target, count + 1);
    // (Once `budget` has run out, every read goes through `overBudget`, which counts the lines.)
    if (touched === null) budget += size;
    else allowance += size;
  }
}
{%- endif %}
{%- if source_from_buffer %}

/** The source's bytes at `start..end`, decoded (in pieces no longer than Node decodes at once). */
function decodeSource(start, end) {
  let text = "";
  while (start < end) {
    let cut = Math.min(end, start + MAX_STRING_BYTES);
    // Not inside a character: back to the start of one.
    while (cut < end && (uint8[cut] & 0xc0) === 0x80) cut--;
    // (Checked as strings are: {{ buffer_writer() }} writes the source as UTF-8.)
    text += decodeUtf8(start, cut);
    start = cut;
  }
  return text;
}
{%- endif %}

// oxc's `BigIntLiteral` converter calls `BigInt` on the literal's digits: in a corrupt buffer they may
// be anything, and the `SyntaxError` is a `RawastBufferError` here. (Valid digits convert as before.)
function BigInt(digits) {
  try {
    return globalThis.BigInt(digits);
  } catch {
    throw new RawastBufferError(`corrupt oxc-parser buffer: ${JSON.stringify(String(digits).slice(0, 40))} is not a BigInt`);
  }
}

function corrupt(what, pos) {
  return new RawastBufferError(`corrupt oxc-parser buffer: ${what}${pos === undefined ? "" : ` at ${pos}`}`);
}

function invalid(what, value, pos) {
  return corrupt(`${value} is not a valid ${what}`, pos);
}
{%- if reads_bool %}

/** The `bool` at `pos`: its byte is 0 or 1, and any other, which {{ buffer_writer() }} never writes, is refused. */
function readBool(pos) {
  const value = uint8[pos];
  if (value > 1) throw invalid("bool", value, pos);
  return value === 1;
}
{%- endif %}
{%- if reads_option_tag %}

/** An `Option`'s tag other than 0 (`None`) and 1 (`Some`), which {{ buffer_writer() }} never writes. */
function invalidOptionTag(value, pos) {
  throw invalid("Option tag", value, pos);
}
{%- endif %}

/**
 * The offset a pointer at `pos` gives (its low 32 bits: the block is aligned to 4 GiB); throws
 * unless its `size` bytes lie in the AST's region, aligned (`alignMask`: the alignment less one).
 * (The tests are written so that `undefined`, a snippet's read past the buffer, fails them.)
 */
function readPointer(pos, size, alignMask) {
  const target = uint32[pos >>> 2];
  if (!(target >= lo && target <= hi - size) || (target & alignMask) !== 0) throw corrupt(`pointer to ${size} bytes`, pos);
  return target;
}

/**
 * `readPointer`, and the `size` bytes it points to paid for: a `Box` that may lead back to itself,
 * read in place by an enum's case or an `Option` (`Builder::read_payload_in`). The check is written
 * again here, not called: a call less per boxed node is what this is for.
 */
function readPaidPointer(pos, size, alignMask) {
  const target = uint32[pos >>> 2];
  if (!(target >= lo && target <= hi - size) || (target & alignMask) !== 0) throw corrupt(`pointer to ${size} bytes`, pos);
  if ((budget -= size) < 0) overBudget(target, size, pos);
  return target;
}

function overBudgetError(pos) {
  return corrupt("the value read here takes the reads past what the buffer holds (a pointer cycle, or a subtree shared many times?)", pos);
}

/**
 * Called when `budget` runs out, for a read of `len` bytes at `start` (read at `pos`): from then on
 * each read is paid from what it really reaches. Every 16-byte line of the region that holds
 * something (not all zeros) and that a read touches for the first time allows 64 bytes of reads
 * (structs and strings). A valid buffer gets through: its reads take each byte a few times at
 * most (a literal's `raw` and `value`, the start of a read that the stack cut short where a `try`
 * left the value for later).
{%- if read_first %}
 * (`interrupted` gives back the reads of values read first that the stack cut short.)
{%- endif %}
 * A buffer whose pointers lead round the same bytes (a cycle, a subtree shared many times), or
 * into the zeros that fill most of oxc-parser's 2 GiB, gets as far as four times what it really
 * holds, whatever its metadata says, then a `RawastBufferError`. (Strings outside the region
 * allow nothing. What `budget` still held pays for the first bytes of the read.)
 */
function overBudget(start, len, pos) {
  if (touched === null) touched = new Uint8Array(((hi - lo) >>> 7) + 1);
  if (start >= lo && start + len <= hi) {
    const last = (start + len - 1 - lo) >>> 4;
    for (let line = (start - lo) >>> 4; line <= last; line++) {
      const bit = 1 << (line & 7);
      if ((touched[line >>> 3] & bit) === 0) {
        touched[line >>> 3] |= bit;
        // (`lo` is 8-aligned, so each line is four `int32`s.)
        const at = (lo >> 2) + line * 4;
        if ((int32[at] | int32[at + 1] | int32[at + 2] | int32[at + 3]) !== 0) allowance += 64;
      }
    }
  }
  // `budget` is what it held less `len`: below zero by what the read still needs, or by more where
  // the JS stack ran out on entry to this function before (the `RangeError` left `budget` as it
  // was, and the reads then stopped were read again, paid, from the top of the stack): no read is
  // charged more than its `len`.
  if ((allowance -= Math.min(len, -budget)) < 0) throw overBudgetError(pos);
  budget = 0;
}

{% include "js/deferred.js" %}

// `&str`, `Str`, `Ident`: a pointer, then the length at +8.
//
// oxc-parser 0.157 writes some names as pointers to memory outside its buffer (`default` in
// `import { default as x }` and `export { default } from`: a static string), whose low 32 bits its
// deserializer takes as an offset into the buffer anyway. For the same output, such a string is
// read as oxc's deserializer reads it: the buffer's bytes there, or NUL for each byte that is not in
// the buffer (a typed array's `undefined`), up to 64 bytes; past that oxc's throws, and so does this.
function readStr(pos) {
  const pos32 = pos >> 2, len = int32[pos32 + 2];
  if (len === 0) return "";
  const start = int32[pos32], end = start + len;
  if (!(start >= lo && end <= hi && len > 0)) return readStrOutside(pos, start, len);
  // Strings are paid for too: many pointing at one long run of bytes would decode it again and
  // again, or give a tree whose strings are many times the buffer's size (slices share memory).
  if ((budget -= len) < 0) overBudget(start, len, pos);
  if (len > MAX_STRING_BYTES) throw corrupt(`a string of ${len} bytes, more than a JS string can hold`, pos);
  if (start >= sourceStartPos) {
    if (end <= asciiEnd) return sourceLatin.substr(start - sourceStartPos, len);
    if (end <= sourceEnd) {
      for (let i = start; i < end; i++) if (uint8[i] >= 128) return decodeUtf8(start, end, pos);
      return sourceLatin.substr(start - sourceStartPos, len);
    }
  }
  if (len <= 16) {
    let out = "";
    for (let i = start; i < end; i++) {
      const byte = uint8[i];
      if (byte >= 128) return decodeUtf8(start, end, pos);
      out += String.fromCharCode(byte);
    }
    return out;
  }
  return decodeUtf8(start, end, pos);
}

/**
 * The UTF-8 at `start..end` (of the string at `pos`), decoded. {{ buffer_writer() }} writes these strings as
 * UTF-8 (lone surrogates only in a flagged `JSStr`): a U+FFFD in the text is checked to be one the
 * bytes spell, not what the decoder puts for bytes that are no UTF-8 (which are the buffer's
 * error). Only texts that hold one pay for the check.
 */
function decodeUtf8(start, end, pos) {
  const text = utf8Slice.call(uint8, start, end);
  if (text.includes("\uFFFD")) strictRun(uint8.subarray(start, end), 0, end - start, start);
  return text;
}

// The bytes such a pointer lands on are whatever the buffer holds there, not a string oxc wrote:
// they are decoded as oxc's deserializer decodes them (U+FFFD for bytes that are no UTF-8), not
// checked as a string's are. Which bytes they are depends on where the static string was mapped.
function readStrOutside(pos, start, len) {
  // (`undefined`, from a read past the buffer, fails these tests too.)
  if (!(len >= 0 && start >= -0x80000000)) throw corrupt("string", pos);
  if ((budget -= len) < 0) overBudget(start, len, pos);
  const inBuffer = start >= 0 && start + len <= uint8.length;
  if (inBuffer && len > 64) return utf8Slice.call(uint8, start, start + len);
  if (len > 64) throw corrupt("string", pos);
  let out = "";
  for (let i = start; i < start + len; i++) {
    const byte = i >= 0 && i < uint8.length ? uint8[i] : 0;
    if (byte >= 128) {
      if (inBuffer) return utf8Slice.call(uint8, start, start + len);
      throw corrupt("string", pos);
    }
    out += String.fromCharCode(byte);
  }
  return out;
}

// `JSStr`: a string that may hold lone surrogates, which oxc writes as WTF-8 and flags at +12 (a
// `bool`, whose 2 is an `Option<JSStr>`'s `None`).
function readJSStr(pos) {
  const flag = uint8[pos + 12];
  if (flag === 0) return readStr(pos);
  if (flag !== 1) throw invalid("JSStr's lone surrogates flag", flag, pos + 12);
  const start = uint32[pos >>> 2], len = uint32[(pos + 8) >>> 2];
  if (!(start >= lo && start + len <= hi)) throw corrupt("string", pos);
  if ((budget -= len) < 0) overBudget(start, len, pos);
  if (len > MAX_STRING_BYTES) throw corrupt(`a string of ${len} bytes, more than a JS string can hold`, pos);
  return decodeWtf8(start, len);
}

{% include "js/wtf8.js" %}
{%- if linter.is_some() %}

{% include "js/node_proto.js" %}
{%- endif %}
{%- for function in functions %}

{{ function }}
{%- endfor %}
{%- if let Some(linter) = linter %}

{% include "js/oxlint_runtime.js" %}
{%- endif %}
{%- if let Some(internals) = walk_internals %}
{%- include "js/walk_internals.js" %}
{%- endif %}

{% include "js/visitor_keys.js" %}

