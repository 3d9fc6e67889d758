  if (!isUint8Array(buffer)) {
    throw new TypeError(`deserialize() expects a Uint8Array or Buffer, not ${typeName(buffer)}`);
  }
  const length = typedArrayLength.call(buffer);
  // Offsets are u32s: past 4 GiB they, and the views' lengths below (`length >>> 2`), would wrap.
  if (length > MAX_BUFFER_SIZE) {
    throw new RawastBufferError(`not a rawast buffer: ${length} bytes is 4 GiB or more, and rawast buffers are under 4 GiB (their offsets are u32s)`);
  }
  let memory = typedArrayBuffer.call(buffer), byteOffset = typedArrayByteOffset.call(buffer);
  if (length < METADATA_SIZE || length % 4 !== 0) {
    const detached = isDetached(memory) ? " (its ArrayBuffer is detached)" : "";
    throw new RawastBufferError(`not a rawast buffer: ${length} bytes${detached} cannot end with the ${METADATA_SIZE}-byte metadata block`);
  }
{%- if strings.node %}
  // Typed-array views need an 8-aligned start: a buffer that is not is copied once.
{%- else %}
  // Typed-array views need an 8-aligned start, and web runtimes' `TextDecoder` refuses views of
  // shared memory: a buffer that is not aligned, or is shared, is copied once.
{%- endif %}
{%- if format.lazy %}
  // So is a resizable ArrayBuffer: it can shrink and grow back while the tree is in use, and growing
  // zero-fills what shrinking dropped and brings views back in bounds, so no getter could tell. The
  // tree reads the bytes `deserialize` was given. (A growable SharedArrayBuffer cannot shrink; a
  // detached buffer's views read as length 0, which the getters test.)
{%- endif %}
  if (byteOffset % 8 !== 0{% if !strings.node %} || (typeof SharedArrayBuffer === "function" && memory instanceof SharedArrayBuffer){% endif %}{% if format.lazy %} || memory.resizable === true{% endif %}) {
    const copy = new Uint8Array(buffer);
    memory = copy.buffer;
    byteOffset = 0;
  }
  // Fixed-length views, `uint8` too: a length-tracking view would follow a growable buffer's length.
{%- for view in buffer.views %}
  {{ view.name }} = new {{ view.class }}(memory, byteOffset, {% if view.shift == 0 %}length{% else %}length >>> {{ view.shift }}{% endif %});
{%- endfor %}

  limit = length - METADATA_SIZE;
  const meta = limit >>> 2;
  const magic = uint32[meta + (META_MAGIC >>> 2)];
  if (magic !== MAGIC) {
    throw new RawastBufferError(`not a rawast buffer: it ends with magic 0x${hex(magic)}, expected 0x${hex(MAGIC)} ("RAST"); is it truncated?`);
  }
  const version = uint32[meta + (META_FORMAT_VERSION >>> 2)];
  if (version !== FORMAT_VERSION) {
    throw new RawastBufferError(`rawast buffer format version ${version} is not supported: this deserializer reads version ${FORMAT_VERSION}`);
  }
  if (uint32[meta + (META_FINGERPRINT_HIGH >>> 2)] !== {{ buffer.fingerprint_high|fmt("{:#010x}") }} || uint32[meta + (META_FINGERPRINT_LOW >>> 2)] !== {{ buffer.fingerprint_low|fmt("{:#010x}") }}) {
    const fingerprint = hex(uint32[meta + (META_FINGERPRINT_HIGH >>> 2)]) + hex(uint32[meta + (META_FINGERPRINT_LOW >>> 2)]);
    throw new RawastBufferError(
      `rawast buffer layout fingerprint ${fingerprint} does not match this deserializer's ${LAYOUT_FINGERPRINT}: ` +
        "the buffer was written with another schema or pointer width",
    );
  }
  sourceStart = uint32[meta + (META_SOURCE_START >>> 2)];
  sourceEnd = sourceStart + uint32[meta + (META_SOURCE_LEN >>> 2)];
  if (sourceEnd > limit) {
    throw corrupt(`source text ${sourceStart}..${sourceEnd} runs past the arena end ${limit}`);
  }
  if ({{ buffer.placement_check.wrong }}) {
    throw new RawastBufferError(`rawast buffer has the source text at ${sourceStart}..${sourceEnd} of ${limit}: this deserializer reads buffers with {{ buffer.placement_check.expected }}`);
  }
  asciiEnd = sourceStart + uint32[meta + (META_SOURCE_ASCII_LEN >>> 2)];
  if (asciiEnd > sourceEnd) {
    throw corrupt(`the source's ASCII prefix ends at ${asciiEnd}, past the source's end ${sourceEnd}`);
  }
  // Strings past a prefix longer than one JS string can be are decoded one by one.
  asciiEnd = Math.min(asciiEnd, sourceStart + MAX_SOURCE_SLICE);
{%- if strings.slicing != SourceSlicing::None %}
  chunksEnd = sourceChunksEnd();
  sourceChunks = new Array(Math.ceil((chunksEnd - sourceStart) / SOURCE_CHUNK));
  chunkText = "";
  chunkStart = chunkEnd = 0;
{%- endif %}
  decodedStart = -1;
  base = uint32[meta + (META_BASE_LOW32 >>> 2)];
  budget = STRUCT_BUDGET * limit;
  stringBudget = STRING_BUDGET * limit;
  const root = uint32[meta + (META_ROOT >>> 2)];
  if (root >= limit || root % {{ buffer.root_align }} !== 0) {
    throw corrupt(`root offset ${root} is outside the arena (0..${limit}) or misaligned`);
  }
  return root;
