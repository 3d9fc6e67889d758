{#- The walker of a value a converter builds (`WalkBody::Built`; `walkers.js`'s `function`, `loop`
    and arm bindings): how it is looked into follows what is known of the converter's reads and
    whether the walk reads the whole tree (`BuiltWalk`). -#}
function {{ function.name }}(pos) {
{%- if let Some((node, step)) = value_read %}
{%- if !walker.whole_tree %}
  // Its value is what it reads here, a node whose properties it alters: walked as that, unless
  // that node is visited.
  if (enters[{{ node }}] === null && exits[{{ node }}] === null) return {{ step.function }}({{ step.pos }});
{%- endif %}
{%- endif %}
{%- match walk %}
{%- when BuiltWalk::ReadsInTree with { reads } %}
  // The converter's value holds what it reads and what it makes: its reads are walked for the
  // first node of a visited type.
{%- if function.makes_nodes() %}
  if (makes[{{ loop.index0 }}] === 1) throw FOUND;
{%- endif %}
  {{ reads.function }}({{ reads.pos }});
{%- when BuiltWalk::Scanned with { build, reads } %}
  // Built where what the converter reads holds a node of a visited type, or it makes one (past
  // `WALK_DEPTH`, where a scan would call `drain` from within `drain`, without looking).
  if ({% if function.makes_nodes() %}makes[{{ loop.index0 }}] === 0 && {% endif %}walkDepth < WALK_DEPTH && scanHits[{{ loop.index0 }}] < SCAN_HITS && !meets({{ reads.function }}, {{ reads.pos }}, {{ loop.index0 }})) return;
  if (scanning !== 0) return found();
  visitValue({{ build }});
{%- when BuiltWalk::Probed with { build } %}
  probeValue({{ build }});
{%- when BuiltWalk::Found %}
  throw FOUND;
{%- when BuiltWalk::Visited with { build } %}
{%- if walker.scans %}
  if (scanning !== 0) return found();
{%- endif %}
  visitValue({{ build }});
{%- endmatch %}
}
