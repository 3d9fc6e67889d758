//! The recursive-descent parser: values, objects and arrays. Strings, numbers and comments are
//! scanned by `strings`, `numbers` and `trivia`, which add their methods to `Parser`.

use rawast_runtime::{Allocator, Source, Span};

use crate::ast::{Array, BooleanLiteral, Comment, Document, Member, NullLiteral, Object, StringLiteral, Value};
use crate::error::Error;
use crate::position::line_column;

/// Arrays and objects nest at most this deep: the parser recurses once per level, and a bound keeps
/// a hostile `[[[[…` file from overflowing the stack.
pub const MAX_DEPTH: u32 = 1000;

/// Parses `source`, the text in the buffer `build` lays out, into a tree allocated with `allocator`.
/// Its strings point into `source`. A leading BOM is skipped as whitespace.
pub fn parse<'a>(source: Source<'a>, allocator: &Allocator<'a>) -> Result<Document<'a>, Error> {
    if u32::try_from(source.len()).is_err() {
        return Err(Error::TooLarge);
    }
    let mut parser = Parser::new(source, allocator);
    parser.skip_trivia()?;
    let value = parser.value()?;
    parser.skip_trivia()?;
    if parser.pos < source.len() {
        return Err(parser.error("expected the end of input"));
    }
    let comments = allocator.alloc_vec(core::mem::take(&mut parser.comments).into_iter())?;
    Ok(Document { span: parser.span(0, source.len()), value, comments })
}

/// The state of one parse: a cursor over the source and the comments seen so far.
pub(crate) struct Parser<'a, 'r> {
    /// The text in the buffer, whose `slice`s are the strings that point into it.
    pub(crate) source: Source<'a>,
    pub(crate) bytes: &'a [u8],
    /// The next byte to read.
    pub(crate) pos: usize,
    pub(crate) allocator: &'r Allocator<'a>,
    /// Collected in source order by `skip_trivia`; the document's `comments` at the end.
    pub(crate) comments: Vec<Comment<'a>>,
    /// Elements and members of the open arrays and objects, innermost last: one stack for all
    /// levels instead of a vector per array, moved into the arena when its bracket closes.
    values: Vec<Value<'a>>,
    members: Vec<Member<'a>>,
    /// Arrays and objects open around the cursor.
    depth: u32,
}

impl<'a, 'r> Parser<'a, 'r> {
    fn new(source: Source<'a>, allocator: &'r Allocator<'a>) -> Self {
        let pos = if source.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
        Self {
            source,
            bytes: source.as_str().as_bytes(),
            pos,
            allocator,
            comments: Vec::new(),
            values: Vec::new(),
            members: Vec::new(),
            depth: 0,
        }
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Offsets fit in `u32`: `parse` refuses longer sources.
    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        Span::new(start as u32, end as u32)
    }

    /// A syntax error at the cursor.
    pub(crate) fn error(&self, message: &'static str) -> Error {
        self.error_at(self.pos, message)
    }

    pub(crate) fn error_at(&self, offset: usize, message: &'static str) -> Error {
        let (line, column) = line_column(&self.source, offset);
        Error::Syntax { message, offset, line, column }
    }

    /// One value at the cursor, which `skip_trivia` has left at a non-blank byte; the cursor ends
    /// right after the value.
    ///
    /// `value`, `object` and `array` are the recursion: they keep to small frames (the work is in
    /// the `#[inline(never)]` functions they call), so `MAX_DEPTH` levels take about 1 MiB of stack
    /// unoptimized and 256 KiB optimized.
    fn value(&mut self) -> Result<Value<'a>, Error> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            _ => self.scalar(),
        }
    }

    fn object(&mut self) -> Result<Value<'a>, Error> {
        let start = self.open()?;
        let mark = self.members.len();
        let mut trailing_comma = false;
        while self.peek() != Some(b'}') {
            let key = self.key()?;
            let value = self.value()?;
            self.members.push(Member { span: self.span(key.span.start as usize, self.pos), key, value });
            trailing_comma = self.after_item(b'}', "expected ',' or '}'")?;
        }
        self.close_object(start, mark, trailing_comma)
    }

    fn array(&mut self) -> Result<Value<'a>, Error> {
        let start = self.open()?;
        let mark = self.values.len();
        let mut trailing_comma = false;
        while self.peek() != Some(b']') {
            // "expected a value" reads oddly for `[1,,]`, but it is what is missing there too.
            let value = self.value()?;
            self.values.push(value);
            trailing_comma = self.after_item(b']', "expected ',' or ']'")?;
        }
        self.close_array(start, mark, trailing_comma)
    }

    /// A string, number, boolean or null at the cursor.
    #[inline(never)]
    fn scalar(&mut self) -> Result<Value<'a>, Error> {
        let start = self.pos;
        let rest = &self.bytes[start..];
        let keyword = |word: &str| rest.starts_with(word.as_bytes());
        let value = match self.peek() {
            Some(b'"') => Value::String(self.allocator.alloc(self.string()?)?),
            Some(b'-' | b'0'..=b'9') => Value::Number(self.number()?),
            _ if keyword("true") || keyword("false") => {
                let value = keyword("true");
                self.pos += if value { 4 } else { 5 };
                Value::Boolean(self.allocator.alloc(BooleanLiteral { span: self.span(start, self.pos), value })?)
            }
            _ if keyword("null") => {
                self.pos += 4;
                Value::Null(self.allocator.alloc(NullLiteral { span: self.span(start, self.pos) })?)
            }
            _ => return Err(self.error("expected a value")),
        };
        Ok(value)
    }

    /// Steps into the array or object at the cursor's bracket, counting its level; returns where it starts.
    #[inline(never)]
    fn open(&mut self) -> Result<usize, Error> {
        let start = self.pos;
        if self.depth == MAX_DEPTH {
            let (line, column) = line_column(&self.source, start);
            return Err(Error::TooDeep { offset: start, line, column });
        }
        self.depth += 1;
        self.pos += 1;
        self.skip_trivia()?;
        Ok(start)
    }

    /// A member's key and its `:`, leaving the cursor at the value.
    #[inline(never)]
    fn key(&mut self) -> Result<StringLiteral<'a>, Error> {
        if self.peek() != Some(b'"') {
            return Err(self.error("expected a string key or '}'"));
        }
        let key = self.string()?;
        self.skip_trivia()?;
        if self.peek() != Some(b':') {
            return Err(self.error("expected ':'"));
        }
        self.pos += 1;
        self.skip_trivia()?;
        Ok(key)
    }

    /// What follows an element or member: a `,` (returns `true`, a trailing comma if the bracket
    /// comes next) or the closing bracket (returns `false`), which the cursor is left at.
    #[inline(never)]
    fn after_item(&mut self, close: u8, message: &'static str) -> Result<bool, Error> {
        self.skip_trivia()?;
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                self.skip_trivia()?;
                Ok(true)
            }
            Some(byte) if byte == close => Ok(false),
            _ => Err(self.error(message)),
        }
    }

    /// Moves the members parsed since `mark` into the arena, past the cursor's `}`.
    #[inline(never)]
    fn close_object(&mut self, start: usize, mark: usize, trailing_comma: bool) -> Result<Value<'a>, Error> {
        self.pos += 1;
        self.depth -= 1;
        let members = self.allocator.alloc_vec(self.members.drain(mark..))?;
        Ok(Value::Object(self.allocator.alloc(Object { span: self.span(start, self.pos), members, trailing_comma })?))
    }

    /// Moves the elements parsed since `mark` into the arena, past the cursor's `]`.
    #[inline(never)]
    fn close_array(&mut self, start: usize, mark: usize, trailing_comma: bool) -> Result<Value<'a>, Error> {
        self.pos += 1;
        self.depth -= 1;
        let elements = self.allocator.alloc_vec(self.values.drain(mark..))?;
        Ok(Value::Array(self.allocator.alloc(Array { span: self.span(start, self.pos), elements, trailing_comma })?))
    }
}
