//! Whitespace and comments between tokens. Comments are kept, in source order, for the document.

use crate::ast::{Comment, CommentKind};
use crate::error::Error;
use crate::parser::Parser;

impl Parser<'_, '_> {
    /// Moves the cursor past JSON whitespace and `//` and `/* */` comments.
    pub(crate) fn skip_trivia(&mut self) -> Result<(), Error> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
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
