//! UTF-16 to UTF-8, for a JS string written into the reused buffer as its code units
//! (`Buffer#ucs2Write`, a copy of V8's own representation of a string with characters past
//! U+00FF), which the addon turns into the UTF-8 a parser reads. V8's and Node's UTF-8 writers take
//! about a nanosecond a character on such strings; simdutf (the `simdutf` feature, on by default:
//! a C++ library, which needs a C++ compiler where the addon is built) several times less.
//!
//! A lone surrogate, which has no UTF-8, becomes U+FFFD, as it does through `TextEncoder`.

/// Writes the UTF-8 of `units`, UTF-16 code units in little-endian order, at the start of `out`,
/// which holds at least 3 bytes per unit; returns its length.
pub(crate) fn utf16le_to_utf8(units: &[u8], out: &mut [u8]) -> usize {
    assert!(units.len().is_multiple_of(2) && out.len() >= units.len() / 2 * 3, "utf16le_to_utf8: sizes");
    #[cfg(feature = "simdutf")]
    if units.as_ptr().cast::<u16>().is_aligned() {
        let len = units.len() / 2;
        // SAFETY: `units` holds `len` 2-aligned u16s (any bits are a u16), read as little-endian
        // whatever the target's order; `out` has room for the 3 bytes a unit can take, and the two
        // slices, borrowed apart, do not overlap.
        let written = unsafe { simdutf::convert_utf16le_to_utf8(units.as_ptr().cast(), len, out.as_mut_ptr()) };
        // 0 for units that are not UTF-16 (a lone surrogate), which the loop below replaces.
        if written > 0 || len == 0 {
            return written;
        }
    }
    utf16le_to_utf8_lossy(units, out)
}

/// `utf16le_to_utf8` a unit at a time, four ASCII units at a time where they come.
pub(crate) fn utf16le_to_utf8_lossy(units: &[u8], out: &mut [u8]) -> usize {
    let unit = |i: usize| u32::from(u16::from_le_bytes([units[2 * i], units[2 * i + 1]]));
    let count = units.len() / 2;
    let (mut i, mut o) = (0, 0);
    while i < count {
        if i + 4 <= count && (0..4).all(|k| unit(i + k) < 0x80) {
            for k in 0..4 {
                out[o + k] = unit(i + k) as u8;
            }
            (i, o) = (i + 4, o + 4);
            continue;
        }
        let mut code = unit(i);
        i += 1;
        if (0xD800..0xDC00).contains(&code) && i < count && (0xDC00..0xE000).contains(&unit(i)) {
            code = 0x10000 + ((code - 0xD800) << 10) + (unit(i) - 0xDC00);
            i += 1;
        } else if (0xD800..0xE000).contains(&code) {
            code = 0xFFFD;
        }
        let c = char::from_u32(code).expect("a scalar value: surrogates are paired or replaced");
        o += c.encode_utf8(&mut out[o..]).len();
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn le_bytes(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|unit| unit.to_le_bytes()).collect()
    }

    /// A 2-aligned copy of `bytes`, as the JS memory the addon reads is.
    fn aligned(bytes: &[u8]) -> (Vec<u16>, usize) {
        let mut words = vec![0u16; bytes.len() / 2];
        for (word, pair) in words.iter_mut().zip(bytes.chunks_exact(2)) {
            *word = u16::from_ne_bytes([pair[0], pair[1]]);
        }
        (words, bytes.len())
    }

    /// Both ways of transcoding `units`, checked against std's lossy decoding.
    fn check(units: &[u16]) {
        let expected = String::from_utf16_lossy(units);
        let (words, len) = aligned(&le_bytes(units));
        // SAFETY: `words` holds `len` bytes.
        let bytes = unsafe { core::slice::from_raw_parts(words.as_ptr().cast::<u8>(), len) };
        for transcode in [utf16le_to_utf8, utf16le_to_utf8_lossy] {
            let mut out = vec![0xAA; units.len() * 3];
            let written = transcode(bytes, &mut out);
            assert_eq!(core::str::from_utf8(&out[..written]).ok(), Some(expected.as_str()), "{units:x?}");
        }
    }

    #[test]
    fn transcodes_every_kind_of_unit_at_every_position() {
        let samples: [&[u16]; 8] =
            [&[0x41], &[0xE9], &[0x4E2D], &[0xD83D, 0xDE00], &[0xD800], &[0xDC00], &[0xDBFF, 0x41], &[0xFFFF]];
        for sample in samples {
            for before in 0..20 {
                for after in [0, 1, 5, 19] {
                    let mut units = vec![u16::from(b'a'); before];
                    units.extend_from_slice(sample);
                    units.extend(core::iter::repeat_n(u16::from(b'z'), after));
                    check(&units);
                }
            }
        }
        check(&[]);
    }

    #[test]
    fn transcodes_long_mixed_text() {
        let text = "JSON {\"a\": \"çay için\", \"b\": \"中文字符\", \"c\": \"😀 ok\"} ".repeat(500);
        check(&text.encode_utf16().collect::<Vec<_>>());
        let mut units: Vec<u16> = text.encode_utf16().collect();
        units[7000] = 0xD800;
        check(&units);
    }
}
