{#- The pieces of an oxc reader's function that are no template of their own
    (`emit/js/oxc/bodies.rs`): its comment, the names of its locals and constants, and the
    expressions its properties read. -#}
{%- match self -%}
{%- when BodyPartJs::Comment with { rust, reader } -%}
{%- match reader -%}
{%- when Reader::Value(_) -%}
`{{ rust }}`
{%- when Reader::WholeVec(_) -%}
`{{ rust }}`, every element read now (a converter looks at them)
{%- when Reader::Property(_, key) -%}
`{{ rust }}`'s `{{ key }}` alone, for a walk that reads the rest field by field
{%- endmatch -%}
{%- when BodyPartJs::Call with { callee, args } -%}
{{ callee }}({{ args }})
{%- when BodyPartJs::Deferred with { function, pos } -%}
defer({{ function }}, {{ pos }})
{%- when BodyPartJs::Const with { name, value } -%}
const {{ name }} = {{ value }};
{%- when BodyPartJs::SourceSlice with { none, start, end } -%}
{%- if let Some(none) = none %}{{ none }} ? null : {% endif -%}
sourceText.slice({{ start }}, {{ end }})
{%- when BodyPartJs::Range with { start, end } -%}
[{{ start }}, {{ end }}]
{%- when BodyPartJs::ThisLocal with { key } -%}
this_{{ key }}
{%- when BodyPartJs::JoinedArray with { field } -%}
joined{{ field }}
{%- when BodyPartJs::EnumStrings with { screaming_name } -%}
{{ screaming_name }}_STRINGS
{%- endmatch -%}
