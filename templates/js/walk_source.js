{#- `sourceForWords` of rawast's deserializers (eager and lazy): the source as the spans count it. -#}
/** The source as a string whose indices are the spans' offsets, for a walk's search for words. */
function sourceForWords() {
{%- if spans_in_bytes %}
  // (Spans count UTF-8 bytes: one character a byte. The words are ASCII, found as they are.)
{%- if strings.node %}
  return Buffer.prototype.latin1Slice.call(uint8, sourceStart, sourceEnd);
{%- else %}
  return new TextDecoder("latin1").decode(uint8.subarray(sourceStart, sourceEnd));
{%- endif %}
{%- else %}
  return decodeWtf8(sourceStart, sourceEnd - sourceStart);
{%- endif %}
}
