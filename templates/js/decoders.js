{%- if strings.node && strings.slicing != SourceSlicing::None %}
// Node's one-byte decoder, called on the Uint8Array directly: the source's chunks are one byte per
// character, which it copies as they are (faster than `TextDecoder`, whose "latin1" Node
// implements in JS).
const latin1Slice = Buffer.prototype.latin1Slice;
// Node's native check that bytes are ASCII (the source's ASCII prefix, `isAscii`): a JS loop costs
// code that is not yet optimized several times as much. Taken by `process.getBuiltinModule`, not an
// `import` of "node:buffer", which a process pays as the load of one more module; `null` on Node 20
// before 20.16.
const nativeIsAscii = typeof process.getBuiltinModule === "function" ? process.getBuiltinModule("node:buffer").isAscii : null;
{%- else if strings.slicing == SourceSlicing::Latin1 %}
// ("latin1" is windows-1252 to TextDecoder; the two agree on ASCII, all that is sliced from it.)
const latin1Decoder = new TextDecoder("latin1");
{%- endif %}
{%- if strings.long_decoder == LongDecoder::Utf8Slice %}
// Node's native UTF-8 decoder, called on the Uint8Array directly.
const utf8Slice = Buffer.prototype.utf8Slice;
{%- endif %}
