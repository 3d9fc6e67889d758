{#- What `walk.js` takes from `deserialize.js` (`walkInternals()`, the names `WalkerView::imports`
    lists) and re-exports: the deserializer's exports, so nodes and errors are the same whichever
    module made them. -#}
import { {% if walker.catches_buffer_errors() %}RawastBufferError, {% endif %}walkInternals } from "./deserialize.js";
export * from "./deserialize.js";

const {
{%- for name in imports %}
  {{ name }},
{%- endfor %}
} = walkInternals();
