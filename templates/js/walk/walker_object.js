{#- The walker of a struct (`WalkBody::Object`; `walkers.js`'s `function`, `loop` and arm bindings):
    skipped where its span holds no word, its node built where the visitor visits its type (`FOUND`
    in a walk of the whole tree, `found()` in a scan), else its fields' walkers called or pushed. -#}
function {{ function.name }}(pos) {
{%- if let Some(span) = span %}
{%- if walker.prunes() %}
  if (wordsAt !== null && !holdsWord(uint32[(pos + {{ span }}) >>> 2], uint32[(pos + {{ span + 4 }}) >>> 2])) return;
{%- endif %}
{%- endif %}
{%- if let Some((index, build)) = node %}
{%- if let NodeIndex::ByTag { offset, table, values, what } = index %}
  // The node's type, by its `type` field's tag.
  const t = {{ table }}[uint8[pos + {{ offset }}]];
  if (t === undefined) throw invalid("{{ what }}", uint8[pos + {{ offset }}], pos + {{ offset }});
{%- endif %}
{%- if function.builds_made() && walker.whole_tree %}
  if (makes[{{ loop.index0 }}] === 1) throw FOUND;
{%- else if function.builds_made() %}
  // Its converter makes a node of a visited type: found in the value built.
  if (makes[{{ loop.index0 }}] === 1) {
{%- if walker.scans %}
    if (scanning !== 0) return found();
{%- endif %}
    return visitValue({{ build }});
  }
{%- endif %}
{%- if walker.whole_tree %}
  if (enters[{{ index.js() }}] !== null || exits[{{ index.js() }}] !== null) throw FOUND;
{%- else if walker.scans %}
  if (enters[{{ index.js() }}] !== null || exits[{{ index.js() }}] !== null) {
    if (scanning !== 0) return found();
    return {% if children.is_empty() %}visitLeaf{% else %}visitNode{% endif %}({{ build }}, {{ index.js() }});
  }
{%- else %}
  if (enters[{{ index.js() }}] !== null || exits[{{ index.js() }}] !== null) return {% if children.is_empty() %}visitLeaf{% else %}visitNode{% endif %}({{ build }}, {{ index.js() }});
{%- endif %}
{%- endif %}
{%- if !children.is_empty() %}
  if (walkDepth >= WALK_DEPTH - 1) {
    const base = walkStack.length;
{%- for child in children.iter().rev() %}
    if (needed[{{ child.walker }}] === 1) walkStack.push({{ child.pos }}, {{ child.walker }});
{%- endfor %}
    drainAtDepth(base);
    return;
  }
  walkDepth++;
{%- for child in children %}
  if (needed[{{ child.walker }}] === 1) {{ child.function }}({{ child.pos }});
{%- endfor %}
  walkDepth--;
{%- endif %}
}
