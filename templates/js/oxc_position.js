{#- A position a converter's JS names (`POS`, `POS_OFFSET…`, `emit/js/oxc/snippet.rs`): `pos` plus
    an offset, shifted right first where it indexes a wider typed array. -#}
{%- if let Some(shift) = shift -%}
{%- if offset == 0 %}(pos >> {{ shift }}){% else %}((pos >> {{ shift }}) + {{ offset }}){% endif -%}
{%- else if offset == 0 -%}
pos
{%- else -%}
(pos + {{ offset }})
{%- endif -%}
