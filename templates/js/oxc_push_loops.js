{#- A snippet's lines (`emit/js/oxc/snippet/passes.rs`) with each `array.push(...elements);` a loop
    that pushes the elements one by one, every line ended by a line break. -#}
{%- for line in lines -%}
{%- match line -%}
{%- when Line::Kept with (text) -%}
{{ text }}
{%- when Line::PushLoop with { indent, array, elements } -%}
{{ indent }}for (const element of {{ elements }}) {{ array }}.push(element);
{%- endmatch %}
{% endfor -%}
