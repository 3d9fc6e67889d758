{#- `VISITOR_KEYS` (`Model::visitor_keys`), of lazy and eager targets: `visitor_keys` (quoted names and
    keys), `discriminator` (its key). -#}
/**
 * What a generic walker follows to every node (the getters of lazy objects are not enumerable): for
 * each node type, and each place where plain objects holding nodes lie, the keys of the properties
 * that can lead to a node, in order. The walking rule: an object is a node of the type its
 * `{{ discriminator }}` names, when that names an entry; any other object is plain, its entry named
 * after where it lies: the entry of the object holding it, a dot and its key (`"Parent.key"`), or
 * its key in `deserialize`'s result. Arrays hold values of the name they have. It fits the eager
 * deserializer's objects too. No prototype, so that no `{{ discriminator }}` finds `Object.prototype`'s.
 */
export const VISITOR_KEYS = Object.freeze({
  __proto__: null,
{%- for (name, keys) in visitor_keys %}
  {{ name }}: [{{ keys }}],
{%- endfor %}
});
