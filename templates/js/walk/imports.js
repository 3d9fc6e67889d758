{#- What `walk.js` takes from `deserialize.js` (`internalsForWalk()`, the names `WalkerView::imports`
    lists) and re-exports: the deserializer's exports, so nodes and errors are the same whichever
    module made them. -#}
import { {% if walker.catches_buffer_errors() %}RawastBufferError, {% endif %}internalsForWalk } from "./deserialize.js";
export * from "./deserialize.js";

const {
{%- for name in imports %}
  {{ name }},
{%- endfor %}
} = internalsForWalk();
