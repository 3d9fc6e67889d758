{#- Which of a target's two modules this is (`emit::js::Module`), for the comment at its top. -#}
{%- if walker.is_some() %}
//
// This is `walk.js`: the deserializer of `deserialize.js` with the walker (`walk`, `visit`). A
// process that only deserializes should load `deserialize.js`, half the code: V8 parses all of a
// module's code when a process loads it.
{%- else if walk_elsewhere %}
//
// The walker (`walk`, `visit`) is in `walk.js`, with a copy of this deserializer: a process that
// only deserializes loads half the code here (V8 parses all of a module's code when a process
// loads it).
{%- endif %}
