{#- What a walk led by words skips: a struct whose span holds none (`holdsWord`), and the elements of
    a `Vec` between those that may hold one (`stepByWords`, by the `spanOf…` functions). -#}
/** Whether one of the visited types' words (or a `\u` escape) starts in `start..end`. */
function holdsWord(start, end) {
  const i = firstWordFrom(start);
  return i < wordsAt.length && wordsAt[i] < end;
}

/** The index in `wordsAt` of the first word at or after `start` (its length if none). */
function firstWordFrom(start) {
  const at = wordsAt;
  let lo = 0, hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// `Vec`s shorter than this are walked element by element in a walk led by words too: each element's
// walker reads its span and returns, about what a probe of `stepByWords` costs.
const BY_WORDS_FROM = 8;

/**
 * Walks the elements of a `Vec` (`len` of `size` bytes from `first`) that may hold one of the walk's
 * words, with `walkElement`; `spanOf(element)` is where an element's span is (`start`, then `end`).
 * Siblings' spans are in source order and apart, and what an element holds lies between where the
 * element before it ends and where the one after it starts (what a parser writes: a node's span
 * holds what it holds, but for `[walk] outside_span`'s fields, such as decorators written before
 * `export`, which lie before their class but after the statement before it; trusted as a node's
 * span is, that it holds its words: conformance checks it, not the walk). So of the elements from
 * `i` on, the first word at or after where element `i - 1` ends can only be in `i`, or in the last
 * that starts at or before it, and those between hold none. That element is found by galloping
 * from `i`, then halving: probes in the log of the elements passed over, where a walk element by
 * element reads each (a `.d.ts` namespace of thousands of members, a few words in it). Whatever
 * the spans say, each pass walks one element and moves past it, its probes at most twice the log
 * of how far: at most ~4 probes an element.
 */
function stepByWords(first, len, size, walkElement, spanOf) {
  const at = wordsAt;
  // Where the words element `i` may hold start: where the element before it ends (the first
  // element's may lie before its span).
  for (let i = 0, from = 0; ; ) {
    const next = firstWordFrom(from);
    if (next === at.length) return;
    const word = at[next];
    // The last element that starts at or before it, or `i`: `j` is one, `hi` (if not `len`) is not.
    let j = i, step = 1;
    for (; j + step < len; step *= 2) {
      if (uint32[spanOf(first + (j + step) * size) >>> 2] > word) break;
      j += step;
    }
    let lo = j + 1, hi = Math.min(j + step, len);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (uint32[spanOf(first + mid * size) >>> 2] <= word) lo = mid + 1;
      else hi = mid;
    }
    const element = first + (lo - 1) * size;
    walkElement(element);
    if (lo === len) return;
    i = lo;
    from = uint32[(spanOf(element) + 4) >>> 2];
  }
}
{%- for spans in walker.spans %}
{%- match spans.body %}
{%- when SpansBody::Struct with { span } %}

/** Where the span of a {{ spans.comment }} is. */
function {{ spans.name }}(pos) {
  return pos + {{ span }};
}
{%- when SpansBody::Boxed with { what, payload_offset, table, values } %}

/** Where the span of each variant's struct of {{ spans.comment }} is in it, by tag. */
const {{ table }} = {{ values }};

/** Where the span of a {{ spans.comment }} is: in the struct its variant boxes. */
function {{ spans.name }}(pos) {
  const span = {{ table }}[uint8[pos]];
  if (span === undefined) throw invalid("{{ what }} tag", uint8[pos], pos);
  return readPointer(pos + {{ payload_offset }}, span + 8, 3) + span;
}
{%- endmatch %}
{%- endfor %}
