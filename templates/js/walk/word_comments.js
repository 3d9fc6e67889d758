{#- The words inside the source's comments (`[walk] comments`), taken out of those found: they are
    no node's, and would lead a walk down to the innermost node around them. -#}
// Sources shorter than this (in the spans' units) keep the words in their comments: in them, a
// walk led into a comment costs less than the drop, whose code runs cold, in V8's interpreter,
// after a collection; on large sources the drop saves more than it costs.
const DROP_COMMENTED_FROM = 131072;

/**
 * Takes out of `at` (in order) the positions inside the source's comments (`[walk] comments`): a
 * word there is no node's, and a walk would look for one down to the innermost node around it (a
 * doc comment that says `import`). A comment's span is trusted as a node's is (that its source
 * holds its words): what checks it is conformance, not the walk.
 */
function dropCommented(at, root) {
{%- for c in walker.comments %}
  dropInside(at, root + {{ c.offset }}, {{ c.len_offset }}, {{ c.size }}, {{ c.align_mask }}, {{ c.span }});
{%- endfor %}
}

/**
 * Takes out of `at` the positions inside the spans of the comments of the `Vec` at `vec` (their
 * spans' `start` at `span` in each `size` bytes): for each position, the last comment that starts
 * at or before it, by a search from the last one's (positions are in order, and so are a sound
 * buffer's comments; in a corrupt one, the work is still a search per position).
 */
function dropInside(at, vec, lenOffset, size, alignMask, span) {
  const len = uint32[(vec + lenOffset) >>> 2];
  if (len === 0) return;
  let first;
  try {
    first = {% if walker.comments_outside_ast %}readPointerBelow{% else %}readPointer{% endif %}(vec, len * size, alignMask) + span;
  } catch (error) {
    // Comments that cannot be read drop no word: the walk reads what it reads without them, and
    // refuses no buffer that `deserialize` (which may not read them) takes.
    if (error instanceof RawastBufferError) return;
    throw error;
  }
  let kept = 0;
  for (let i = 0, before = 0; i < at.length; i++) {
    const word = at[i];
    // Galloping from the last position's comments: words close together (a file's imports) read
    // comments close together, few lines of memory, where a search of all of them would read up to
    // one line per step, cold after a collection.
    let hi = before;
    for (let step = 1; hi < len && uint32[(first + hi * size) >>> 2] <= word; step *= 2) {
      before = hi + 1;
      hi += step;
    }
    if (hi > len) hi = len;
    while (before < hi) {
      const mid = (before + hi) >>> 1;
      if (uint32[(first + mid * size) >>> 2] <= word) before = mid + 1;
      else hi = mid;
    }
    if (before > 0 && word < uint32[(first + (before - 1) * size + 4) >>> 2]) continue;
    at[kept++] = word;
  }
  at.length = kept;
}
