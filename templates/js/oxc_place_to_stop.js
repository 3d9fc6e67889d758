{#- A converter's store of a value that may nest as a place to stop (`emit/js/oxc/nesting.rs`):
    where the JS stack runs out below the read, the value is left for later (`defer`). With parent
    links, in a block of its own that sets `parent` back to what it was before the read. -#}
{%- if parent -%}
{{ indent }}{
{{ indent }}  const parentBefore = parent;
{{ indent }}  try {
{{ indent }}    {{ target }} = {{ callee }}({{ args }});
{{ indent }}  } catch (error) {
{{ indent }}    if (!(error instanceof RangeError)) throw error;
{{ indent }}    parent = parentBefore;
{{ indent }}    {{ target }} = defer({{ callee }}, {{ args }});
{{ indent }}  }
{{ indent }}}
{%- else -%}
{{ indent }}try {
{{ indent }}  {{ target }} = {{ callee }}({{ args }});
{{ indent }}} catch (error) {
{{ indent }}  if (!(error instanceof RangeError)) throw error;
{{ indent }}  {{ target }} = defer({{ callee }}, {{ args }});
{{ indent }}}
{%- endif -%}
