//! Byte offsets to the 1-based line and column that error messages show.

/// The line and column of `offset` in `source`. `\n`, `\r\n` and a lone `\r` each end a line;
/// columns count characters, so a non-ASCII character is one column whatever its UTF-8 length.
pub(crate) fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let bytes = source.as_bytes();
    let before = &bytes[..offset.min(bytes.len())];
    let mut line = 1u32;
    let mut line_start = 0;
    for (i, &byte) in before.iter().enumerate() {
        let ends_line = byte == b'\n' || (byte == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if ends_line {
            line += 1;
            line_start = i + 1;
        }
    }
    // Continuation bytes (0b10xx_xxxx) do not start a character.
    let column = before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count() as u32 + 1;
    (line, column)
}
