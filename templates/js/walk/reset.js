{#- What `walk` and `visit` clear in `finally`, so that a visitor that throws leaves no state behind.
    Included where its first line goes: the lines after it carry their own indentation. -#}
clearVisitor(visitedTypes);
    walkStack = needed = typeNeeded = childrenNeeded = enters = exits = visitedTypes = null;
{%- if walker.prunes() %}
    wordSearch = wordsAt = null;
{%- endif %}
{%- if walker.makes %}
    makes = null;
{%- endif %}
