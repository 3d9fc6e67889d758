{#- Where the visited types' words start in the source (`findWords`, with what `searchOf` works out
    once per plan): a walk that skips by words reads only the nodes whose span holds one. -#}
/**
 * What `findWords` looks for, worked out once per plan (a walk's fixed cost, which a small file's
 * sparse walk is mostly made of after a collection, is builtins run cold): each word, where its
 * rarest character is in it (its search looks for the tail from there on, then checks the
 * characters before it: `indexOf` goes fast from one occurrence of its first character to the
 * next, and much slower where that character is common, `d`, `i`), that tail, and whether it is a name; and the letters of the names.
 */
function searchOf(words) {
  const froms = [], tails = [], names = [];
  let letters = "";
  for (const word of words) {
    const from = rarestFrom(word), name = isName(word);
    froms.push(from);
    tails.push(word.slice(from));
    names.push(name);
    if (name) letters += word;
  }
  return { words, froms, tails, names, letters };
}

/**
 * Where `search`'s words start in `text`, in order, and `\u` escapes that a word could be written
 * with. A word of name characters counts only where no name character is next to it: a keyword is
 * a token of its own (`debuggers` holds no `debugger`). An escape counts unless it stands for a
 * character that is in no word (most are in strings and regular expressions: `\u00e9`). `root`:
 * the root's position, by which the comments are found.
 */
function findWords(search, root) {
{%- if !walker.errors.is_empty() %}
  // A parser's recovery may make nodes that no fact of the grammar describes (oxc's `this` of span
  // 0..0 for an interface that extends an expression): a buffer with errors is walked without words.
  if ({% for offset in walker.errors %}uint32[(root + {{ offset }}) >>> 2] !== 0{% if !loop.last %} || {% endif %}{% endfor %}) return null;
{%- endif %}
  const text = searchableSource();
  // (Without the source, the walk reads what it would read without words.)
  if (text === null) return null;
  const { words, froms, tails, names, letters } = search;
  // Each word's positions come in order: merged with those before them, not sorted (`Array#sort`
  // after a collection costs a small file's walk more than the merge), in an array, not a typed
  // one (right after a collection, making one costs a small file's walk more).
  let at = [];
  for (let w = 0; w < words.length; w++) {
    const word = words[w], from = froms[w], tail = tails[w], name = names[w], run = at.length;
    for (let j = text.indexOf(tail, from); j !== -1; j = text.indexOf(tail, j + 1)) {
      const i = j - from;
      if (from !== 0 && !text.startsWith(word, i)) continue;
      if (name && (isNameChar(text.charCodeAt(i - 1)) || isNameChar(text.charCodeAt(i + word.length)))) continue;
      at.push(i);
    }
    if (run !== 0 && at.length > run) at = mergeRuns(at, run);
  }
  // (Escapes make names only: a word that is no name, such as `=>`, cannot be written with one.)
  if (letters !== "") {
    const run = at.length;
    for (let i = text.indexOf("\\u"); i !== -1; i = text.indexOf("\\u", i + 1)) {
      const code = escapedCode(text, i + 2);
      if (code === -1 || (code < 0x80 && letters.includes(String.fromCharCode(code)))) at.push(i);
    }
    if (run !== 0 && at.length > run) at = mergeRuns(at, run);
  }
{%- if !walker.comments.is_empty() %}
  if (at.length !== 0 && text.length >= DROP_COMMENTED_FROM) dropCommented(at, root);
{%- endif %}
  return at;
}

/** `at`'s positions, whose first `run` and the rest are each in order, in one array in order. */
function mergeRuns(at, run) {
  const merged = [];
  let i = 0, j = run;
  while (i < run && j < at.length) merged.push(at[i] <= at[j] ? at[i++] : at[j++]);
  while (i < run) merged.push(at[i++]);
  while (j < at.length) merged.push(at[j++]);
  return merged;
}
{%- if !walker.comments.is_empty() %}

{% include "js/walk/word_comments.js" %}

{% endif -%}
/**
 * The source as a string whose indices are the spans' offsets, or null where its bytes are no
 * UTF-8 (a corrupt buffer, whose source `deserialize` decodes only where a string lies).
 */
function searchableSource() {
  try {
    return sourceForWords();
  } catch (error) {
    if (error instanceof RawastBufferError) return null;
    throw error;
  }
}

// Characters of JavaScript source, the most frequent first (measured on lodash, three, TypeScript,
// Vue and antd); any other is rarer than all of them.
const CHARS_BY_FREQUENCY = " etnroaislc\ndpum=f()_g,.yh;/*xbv{}:k\"w'j[]|-!`>?z$\\q+@#<%^~";

/** Where in `word` its rarest character is, short of its last (a search of one character is slow). */
function rarestFrom(word) {
  let from = 0, rank = -1;
  for (let i = 0; i < Math.max(1, word.length - 1); i++) {
    const found = CHARS_BY_FREQUENCY.indexOf(word[i]), r = found === -1 ? CHARS_BY_FREQUENCY.length : found;
    if (r > rank) {
      rank = r;
      from = i;
    }
  }
  return from;
}

/** Whether `word` is made of ASCII characters of names only. */
function isName(word) {
  for (let i = 0; i < word.length; i++) if (!isNameChar(word.charCodeAt(i))) return false;
  return true;
}

/** Whether UTF-16 unit `c` (`NaN` past either end) is an ASCII character of names. */
function isNameChar(c) {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x24;
}

/** The code point of the escape whose hex digits start at `i` (`XXXX` or `{X...}`), or -1. */
function escapedCode(text, i) {
  let digits = text.slice(i, i + 4);
  if (text.charCodeAt(i) === 0x7b) {
    // (Any number of digits: a long run of zeros counts as not known.)
    const tail = text.slice(i + 1, i + 10), end = tail.indexOf("}");
    if (end === -1) return -1;
    digits = tail.slice(0, end);
  }
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i) | 0x20;
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return -1;
  }
  return digits === "" ? -1 : parseInt(digits, 16);
}
