{#- Where a target's walker is (`walk_internals`: the target has one), for the comment at the top of
    its `deserialize.js`. -#}
{%- if walk_internals.is_some() %}
//
// The walker (`walk`, `visit`) is in `walk.js`, which imports this module (`internalsForWalk`): a
// process that only deserializes loads none of its code, which V8 would parse.
{%- endif %}
