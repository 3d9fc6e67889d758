{#- What Oxlint's JS side adds to oxc's generated deserializer (`LINTER` and `LOC`), for targets with
    `linter = true` (`templates/js/oxc_deserialize.js` includes it): what nodes' `loc` getter
    computes (`NodeProto`, defined before the deserializers, in `js/node_proto.js`), and the
    program's `comments` and `tokens`, read from the buffer when first asked for. The values are
    Oxlint 1.91.0's (`dist/lint.js`: `location.ts`, `comments.ts`, `tokens.ts`); what is read is
    checked, as everything else here. -#}
// Oxlint's runtime, as its JS plugins see it: what a node's `loc` and the program's `comments` and
// `tokens` are. They are read from the file's buffer and source when first asked for, and stay
// those of the last file deserialized: like Oxlint's, a program's getters read the buffer of the
// latest call.
var fileBuffer = null, fileInt32 = null, fileSourceText = "", fileProgram = 0, fileLo = 0, fileHi = 0;
var comments = null, tokens = null;
// The offset of each line's start in the source (UTF-16), computed on the first `loc`.
var lineStarts = null;

/** Keeps what the getters read of the file just deserialized, and forgets the last one's. */
function setUpFile(buffer, int32View, text, program, regionStart, regionEnd) {
  fileBuffer = buffer;
  fileInt32 = int32View;
  fileSourceText = text;
  fileProgram = program;
  fileLo = regionStart;
  fileHi = regionEnd;
  comments = tokens = lineStarts = null;
}

// Line breaks as ESLint counts them.
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/gu;

/** `{ line, column }` of `offset` (1-based lines, 0-based columns), as Oxlint's `computeLoc` has it. */
function position(offset) {
  if (lineStarts === null) {
    lineStarts = [0];
    LINE_BREAK.lastIndex = 0;
    for (let match; (match = LINE_BREAK.exec(fileSourceText)) !== null; ) lineStarts.push(match.index + match[0].length);
  }
  let low = 0, high = lineStarts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offset < lineStarts[mid]) high = mid;
    else low = mid + 1;
  }
  return { line: low, column: offset - lineStarts[low - 1] };
}

function location(start, end) {
  return { start: position(start), end: position(end) };
}

/** Where the `loc` of comments and tokens comes from: an own, enumerable getter, as Oxlint's. */
function locGetter() {
  return location(this.start, this.end);
}

/** A comment, with Oxlint's keys in its order. */
class Comment {
  constructor(type, value, start, end) {
    this.type = type;
    this.value = value;
    this.start = start;
    this.end = end;
    this.range = [start, end];
    Object.defineProperty(this, "loc", { get: locGetter, enumerable: true, configurable: true });
  }
}

/** A token, with Oxlint's keys in its order (`regex` only for regular expressions' values). */
class Token {
  constructor(type, value, regex, start, end) {
    this.type = type;
    this.value = value;
    this.regex = regex;
    this.start = start;
    this.end = end;
    this.range = [start, end];
    Object.defineProperty(this, "loc", { get: locGetter, enumerable: true, configurable: true });
  }
}

/** The `start` and `end` at `pos` (of a comment or token), checked to lie in the source text. */
function sourceSpan(pos, what) {
  const start = fileInt32[pos >> 2], end = fileInt32[(pos >> 2) + 1];
  if (!(start >= 0 && start <= end && end <= fileSourceText.length)) throw corrupt(`${what} at ${start}..${end}, outside the source text`, pos);
  return [start, end];
}

/**
 * The `count` records of `size` bytes at `pointer`, checked: no more than `most` (what the source
 * can hold), aligned, below the metadata. (Not only in the program's region: Oxlint allocates some
 * files' comments after the program, below it.)
 */
function records(pointer, count, size, most, what) {
  if (!(count >= 0 && count <= most)) throw corrupt(`${count} ${what} in a source of ${fileSourceText.length} characters`, fileProgram);
  if (count === 0) return 0;
  if (!(pointer >= 0 && pointer + count * size <= fileHi && pointer % 4 === 0)) throw corrupt(`${what} at ${pointer}`, fileProgram);
  return pointer;
}

/** The program's `comments`: Oxlint's `initComments`. */
function initComments() {
  if (fileBuffer === null) throw new RawastBufferError("the comments of a program whose buffer is gone");
  const programPos32 = fileProgram >> 2;
  const len = fileInt32[programPos32 + {{ linter.comments_field / 4 + 2 }}];
  // (A comment takes two characters at least, `//`.)
  const at = records(fileInt32[programPos32 + {{ linter.comments_field / 4 }}], len, {{ linter.comment_size }}, fileSourceText.length >> 1, "comments");
  comments = new Array(len);
  for (let i = 0; i < len; i++) {
    const pos = at + i * {{ linter.comment_size }};
    const [start, end] = sourceSpan(pos, "a comment");
    // `CommentKind`: Line 0, SingleLineBlock 1, MultiLineBlock 2, HtmlClose 3 and HtmlOpen 4 (their
    // delimiters' lengths).
    const kind = fileBuffer[pos + {{ linter.comment_kind_field }}];
    if (kind > 4) throw invalid("CommentKind", kind, pos);
    const isBlock = kind !== 0 && kind < 3;
    const type = i === 0 && start === 0 && fileSourceText.startsWith("#!") ? "Shebang" : isBlock ? "Block" : "Line";
    comments[i] = new Comment(type, fileSourceText.slice(start + (kind < 3 ? 2 : kind), end - (isBlock ? 2 : 0)), start, end);
  }
}

// Oxlint's token kinds, by the byte at +8 of each 16-byte token.
const TOKEN_TYPES = ["Identifier", "Keyword", "PrivateIdentifier", "Punctuator", "Numeric", "String", "Boolean", "Null", "RegularExpression", "Template", "JSXText", "JSXIdentifier"];

/** The program's `tokens`: Oxlint's `initTokens`, from the metadata's `tokens_offset` and `tokens_len`. */
function initTokens() {
  if (fileBuffer === null) throw new RawastBufferError("the tokens of a program whose buffer is gone");
  const meta32 = fileHi >> 2;
  const len = fileInt32[meta32 + {{ linter.tokens_len_field / 4 }}];
  // (A token takes a character at least; one more for an end token.)
  const at = records(fileInt32[meta32 + {{ linter.tokens_offset_field / 4 }}], len, 16, fileSourceText.length + 1, "tokens");
  tokens = new Array(len);
  for (let i = 0; i < len; i++) {
    const pos = at + i * 16;
    const [start, end] = sourceSpan(pos, "a token");
    const kind = fileBuffer[pos + 8];
    const type = TOKEN_TYPES[kind];
    if (type === undefined) throw invalid("token kind", kind, pos);
    // (A private name's value has no `#`.)
    let value = fileSourceText.slice(kind === 2 ? start + 1 : start, end);
    let regex;
    if (kind <= 2) {
      // (Whether the name has `\u` escapes: a `bool`, 0 or 1.)
      const escaped = fileBuffer[pos + 10];
      if (escaped > 1) throw invalid("token's escaped flag", escaped, pos + 10);
      if (escaped === 1) value = unescapeIdentifier(value);
    } else if (kind === 8) {
      const patternEnd = value.lastIndexOf("/");
      regex = { pattern: value.slice(1, patternEnd), flags: value.slice(patternEnd + 1) };
    }
    tokens[i] = new Token(type, value, regex, start, end);
  }
}

/** An identifier's `\u` escapes decoded, as Oxlint's `unescapeIdentifier`. */
function unescapeIdentifier(name) {
  return name.replace(/\\u(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/g, (_, braced, four) => {
    const code = parseInt(braced ?? four, 16);
    if (code > 0x10ffff) throw new RawastBufferError(`an identifier with the escape of ${braced}, past U+10FFFF`);
    return String.fromCodePoint(code);
  });
}
