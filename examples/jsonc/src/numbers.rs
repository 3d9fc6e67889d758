//! Number literals: RFC 8259's grammar, no more (no `+1`, `.5`, `01`, `1.`, hex or `Infinity`).

use rawast_runtime::Box;

use crate::ast::NumberLiteral;
use crate::error::Error;
use crate::parser::Parser;

impl<'a> Parser<'a, '_> {
    /// The number at the cursor's `-` or digit.
    pub(crate) fn number(&mut self) -> Result<Box<'a, NumberLiteral<'a>>, Error> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            // A leading zero stands alone: `01` is the number `0` followed by a stray `1`.
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            self.required_digits("expected a digit after '.'")?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            self.required_digits("expected a digit in the exponent")?;
        }
        let raw = self.source.slice(start..self.pos);
        // Rust's float syntax includes JSON's; out-of-range values round to ±inf or ±0, as in JS.
        let value: f64 = self.source[start..self.pos].parse().expect("a JSON number is a Rust float literal");
        let span = self.span(start, self.pos);
        Ok(self.allocator.alloc(NumberLiteral { span, value, raw })?)
    }

    fn required_digits(&mut self, message: &'static str) -> Result<(), Error> {
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.error(message));
        }
        self.digits();
        Ok(())
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }
}
