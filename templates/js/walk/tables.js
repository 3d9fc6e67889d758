{#- The tables the generator works out from the schema: node types, their visitor keys, each walker's
    node type and the walkers it may call, and each node type's words where walks skip by them.
    Plans (`plan.js`) are read from them. -#}
/** Each node type, by index. */
const NODE_TYPES = [{% for (name, _) in walker.node_types %}{{ name }}{% if !loop.last %}, {% endif %}{% endfor %}];
/** Each node type's index. */
const NODE_INDEX = new Map(NODE_TYPES.map((type, index) => [type, index]));
{%- if walker.keyless_types > 0 %}
/**
 * Each node type's visitor keys, by index: what a walk of built objects follows. `null` for a type
 * that only a converter's JS makes, which has no entry in `VISITOR_KEYS`: its values, in order.
 */
{%- else %}
/** Each node type's visitor keys, by index: what a walk of built objects follows. */
{%- endif %}
const NODE_KEYS = [
{%- for (_, keys) in walker.node_types %}
  {{ keys }},
{%- endfor %}
];
{%- if walker.has_lists() %}
/**
 * Each walker's node type, by walker index: -1 for other values, -2 for one always needed, the
 * types its `type` field can give.
 */
const WALK_NODE = [{% for f in walker.functions %}{{ f.node_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
/** The node types the converter a walker builds with makes itself (`null`: none). */
const WALK_MADE = [{% for f in walker.functions %}{{ f.made_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- else %}
/** Each walker's node type, by walker index: -1 for other values, -2 for one always needed. */
const WALK_NODE = [{% for f in walker.functions %}{{ f.node_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- endif %}
/** The walkers each walker may call or push. */
const WALK_CHILDREN = [{% for f in walker.functions %}{{ f.edges_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- if walker.prunes() %}
/**
 * Each node type's words, by index (`[walk] keywords` of codegen.toml): the source text of every
 * node of the type holds one of them, or a `\u` escape (a keyword may be written with one); `null`
 * for the types of which nothing is known.
 */
const NODE_WORDS = [{% for words in walker.node_words %}{{ words }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- endif %}
