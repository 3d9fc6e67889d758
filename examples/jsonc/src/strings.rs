//! String literals: escapes decoded, `\uXXXX` surrogate pairs joined, lone surrogates kept (as JS
//! strings keep them), raw control characters refused.

use rawast_runtime::{Allocator, ArenaFull, Str};

use crate::ast::StringLiteral;
use crate::error::Error;
use crate::parser::Parser;

impl<'a> Parser<'a, '_> {
    /// The string at the cursor's `"`. `raw`, and `value` when there is no escape, point into the
    /// source; a decoded value is copied into the arena.
    pub(crate) fn string(&mut self) -> Result<StringLiteral<'a>, Error> {
        let start = self.pos;
        let mut i = start + 1;
        // Source text after the last escape, not yet copied into `decoded`.
        let mut run = i;
        let mut decoded: Option<Decoded> = None;
        loop {
            i = plain_run_end(self.bytes, i);
            match self.bytes.get(i).copied() {
                None => return Err(self.error_at(start, "unterminated string")),
                Some(b'"') => break,
                Some(b'\\') => {
                    let out = decoded.get_or_insert_with(|| Decoded::Utf8(String::new()));
                    out.push_str(&self.source[run..i]);
                    i = self.escape(i, out)?;
                    run = i;
                }
                Some(_) => return Err(self.error_at(i, "control character in a string (escape it)")),
            }
        }
        let value = match decoded {
            None => self.source.slice(start + 1..i),
            Some(mut out) => {
                out.push_str(&self.source[run..i]);
                out.alloc(self.allocator)?
            }
        };
        self.pos = i + 1;
        Ok(StringLiteral { span: self.span(start, self.pos), value, raw: self.source.slice(start..self.pos) })
    }

    /// Decodes the escape at `at` (a `\`) into `out`; returns the offset after it.
    fn escape(&self, at: usize, out: &mut Decoded) -> Result<usize, Error> {
        let simple = match self.bytes.get(at + 1).copied() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => return self.unicode_escape(at, out),
            _ => return Err(self.error_at(at, "invalid escape")),
        };
        out.push_char(simple);
        Ok(at + 2)
    }

    /// `\uXXXX` at `at`, with the `\uXXXX` after it when the two make a surrogate pair.
    fn unicode_escape(&self, at: usize, out: &mut Decoded) -> Result<usize, Error> {
        let unit =
            self.hex4(at + 2).ok_or_else(|| self.error_at(at, "invalid \\u escape: expected four hex digits"))?;
        if (0xD800..0xDC00).contains(&unit)
            && self.bytes.get(at + 6..at + 8) == Some(b"\\u")
            && let Some(low @ 0xDC00..0xE000) = self.hex4(at + 8)
        {
            let code = 0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
            out.push_char(char::from_u32(code).expect("a surrogate pair encodes a scalar value"));
            return Ok(at + 12);
        }
        match char::from_u32(u32::from(unit)) {
            Some(c) => out.push_char(c),
            None => out.push_lone_surrogate(unit),
        }
        Ok(at + 6)
    }

    fn hex4(&self, at: usize) -> Option<u16> {
        let digits = self.bytes.get(at..at + 4)?;
        // `from_str_radix` would take a leading `+`; JSON takes only hex digits.
        digits.iter().try_fold(0u16, |unit, &b| Some(unit << 4 | (b as char).to_digit(16)? as u16))
    }
}

/// The offset of the first byte at or after `from` that ends a run of plain string bytes: a `"`, a
/// `\\` or a control character (below 0x20); `bytes.len()` if none does. Eight bytes at a time:
/// strings are most of a JSON file's bytes.
fn plain_run_end(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // The high bit of each byte that is below `n` (n ≤ 0x80), and possibly of bytes above a byte
    // that is: the lowest flagged byte is always a true one.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS;
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let flags =
            below(word ^ (ONES * u64::from(b'"')), 1) | below(word ^ (ONES * u64::from(b'\\')), 1) | below(word, 0x20);
        if flags != 0 {
            return i + (flags.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&byte) = bytes.get(i) {
        if byte == b'"' || byte == b'\\' || byte < 0x20 {
            return i;
        }
        i += 1;
    }
    i
}

/// A string value being decoded: UTF-8 until a lone surrogate appears, then UTF-16 code units,
/// which `Allocator::alloc_wtf8` turns into WTF-8.
enum Decoded {
    Utf8(String),
    Utf16(Vec<u16>),
}

impl Decoded {
    fn push_str(&mut self, text: &str) {
        match self {
            Decoded::Utf8(s) => s.push_str(text),
            Decoded::Utf16(units) => units.extend(text.encode_utf16()),
        }
    }

    fn push_char(&mut self, c: char) {
        match self {
            Decoded::Utf8(s) => s.push(c),
            Decoded::Utf16(units) => units.extend(c.encode_utf16(&mut [0; 2]).iter()),
        }
    }

    fn push_lone_surrogate(&mut self, unit: u16) {
        if let Decoded::Utf8(s) = self {
            *self = Decoded::Utf16(s.encode_utf16().collect());
        }
        if let Decoded::Utf16(units) = self {
            units.push(unit);
        }
    }

    fn alloc<'a>(&self, allocator: &Allocator<'a>) -> Result<Str<'a>, ArenaFull> {
        match self {
            Decoded::Utf8(s) => allocator.alloc_str(s),
            Decoded::Utf16(units) => allocator.alloc_wtf8(units),
        }
    }
}
