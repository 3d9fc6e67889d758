{#- `WALK_INTERNALS` of a deserializer with a walker (`emit/js/walk_module.rs`, `WalkInternals`):
    what its `walk.js` takes, each defined by the deserializer's template. -#}
/**
 * What `walk.js` reads buffers and builds nodes with: functions of this module. Not an API: its
 * names change with the schema and the generator.
 */
export const WALK_INTERNALS = Object.freeze({
{%- for name in internals.names %}
  {{ name }},
{%- endfor %}
});
