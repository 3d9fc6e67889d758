//! Whitespace and comments between tokens. Comments are kept, in source order, for the document.

use crate::ast::{Comment, CommentKind};
use crate::error::Error;
use crate::parser::Parser;

impl Parser<'_, '_> {
    /// Moves the cursor past JSON whitespace and `//` and `/* */` comments. Inlined for the common
    /// case of none (minified files, and between a key and its `:`), which costs one comparison.
    #[inline]
    pub(crate) fn skip_trivia(&mut self) -> Result<(), Error> {
        match self.peek() {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'/') => self.skip_some_trivia(),
            _ => Ok(()),
        }
    }

    #[inline(never)]
    fn skip_some_trivia(&mut self) -> Result<(), Error> {
        loop {
            match self.peek() {
                // Indentation: spaces eight at a time.
                Some(b' ') => self.pos = space_run_end(self.bytes, self.pos),
                Some(b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') => self.comment()?,
                _ => return Ok(()),
            }
        }
    }

    /// A comment at the cursor's `/`. Its text is what lies between the markers: a line comment ends
    /// before `\n` or `\r`, which stay whitespace.
    fn comment(&mut self) -> Result<(), Error> {
        let start = self.pos;
        let body = start + 2;
        let (kind, text_end, end) = match self.bytes.get(start + 1).copied() {
            Some(b'/') => {
                let end = self.bytes[body..]
                    .iter()
                    .position(|&b| b == b'\n' || b == b'\r')
                    .map_or(self.bytes.len(), |n| body + n);
                (CommentKind::Line, end, end)
            }
            Some(b'*') => {
                let Some(n) = self.bytes[body..].windows(2).position(|pair| pair == b"*/") else {
                    return Err(self.error("unterminated block comment"));
                };
                (CommentKind::Block, body + n, body + n + 2)
            }
            _ => return Err(self.error("expected '//' or '/*'")),
        };
        // The markers are ASCII, so `body..text_end` lies on character boundaries.
        let text = self.source.slice(body..text_end);
        self.comments.push(Comment { span: self.span(start, end), kind, text });
        self.pos = end;
        Ok(())
    }
}

/// The offset of the first byte at or after `from` that is not a space (`bytes.len()` if none).
fn space_run_end(bytes: &[u8], from: usize) -> usize {
    const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let other = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ SPACES;
        if other != 0 {
            return i + (other.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + bytes[i..].iter().take_while(|&&b| b == b' ').count()
}
