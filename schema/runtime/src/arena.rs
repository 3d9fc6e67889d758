//! Arena primitives that AST types are built from.
//!
//! These are the only pointer-bearing types a schema may use, and their layouts are part of the buffer
//! format: the generator's layout engine (`generator/src/layout/primitives.rs`) describes them, and the
//! generated `assert_layouts.rs` makes rustc confirm that description on every build.
//!
//! | type          | 64-bit size / align | 32-bit size / align | fields (offset)                          | niche            |
//! |---------------|---------------------|---------------------|------------------------------------------|------------------|
//! | `Span`        | 8 / 4               | 8 / 4               | `start: u32` (0), `end: u32` (4)         | none             |
//! | `Box<'a, T>`  | 8 / 8               | 4 / 4               | pointer (0)                              | null pointer     |
//! | `Str<'a>`     | 16 / 8              | 8 / 4               | pointer (0), `len: u32` (ptr size)       | null pointer     |
//! | `Vec<'a, T>`  | 16 / 8              | 12 / 4              | pointer (0), `len: u32`, `cap: u32`      | null pointer     |
//!
//! Pointers are real addresses inside the buffer; a reader turns one into an offset by subtracting the
//! buffer's base address (recorded in the metadata block). Lengths are element counts for `Vec` and
//! UTF-8 byte counts for `Str`. Buffers are under 4 GiB, so `u32` lengths suffice on every target.

use core::marker::PhantomData;
use core::ptr::NonNull;

/// A source range, `start..end`. Its unit is the schema's choice, stated in `codegen.toml`
/// (`[mapping] span_unit`): UTF-16 code units (what JS string indices and ESTree consumers use) or
/// UTF-8 bytes. The builder writes spans in that unit; the runtime does not convert them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(C)]
pub struct Span {
    /// Where the range starts.
    pub start: u32,
    /// Where it ends, excluded.
    pub end: u32,
}

impl Span {
    /// The range `start..end`.
    pub const fn new(start: u32, end: u32) -> Self {
        Self { start, end }
    }
}

/// A pointer to a `T` in the arena, for a field that holds a node (or any value) by pointer: made
/// by [`Allocator::alloc`](crate::Allocator::alloc), read through `Deref`. The arena never frees,
/// so it runs no destructor.
///
/// ```
/// # use rawast_runtime::{Allocator, ArenaFull, BufferFormat, FORMAT_VERSION, METADATA_SIZE, Source, SourcePlacement, build};
/// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
/// # fn build_answer<'a>(allocator: &Allocator<'a>, _: Source<'a>) -> Result<*const u8, ArenaFull> {
/// let answer = allocator.alloc(42u64)?;
/// assert_eq!(*answer, 42);
/// // The root node's address is what a builder returns.
/// Ok(answer.as_ptr().cast())
/// # }
/// # build("", SourcePlacement::Start, &BUFFER_FORMAT, 64, build_answer)?;
/// # Ok::<(), ArenaFull>(())
/// ```
#[repr(transparent)]
pub struct Box<'a, T> {
    pub(crate) ptr: NonNull<T>,
    marker: PhantomData<&'a T>,
}

impl<'a, T> Box<'a, T> {
    /// Wraps a pointer into the arena.
    ///
    /// # Safety
    /// `ptr` must point to an initialized `T` that lives in an arena for at least `'a`.
    pub const unsafe fn from_raw(ptr: NonNull<T>) -> Self {
        Self { ptr, marker: PhantomData }
    }

    /// The address of the `T` in the arena; a builder returns the root node's, cast to `*const u8`.
    pub const fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }
}

impl<T> core::ops::Deref for Box<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        // SAFETY: `from_raw` requires an initialized `T` that outlives the box.
        unsafe { self.ptr.as_ref() }
    }
}

/// A string in the arena or in the source region of the buffer: UTF-8, or WTF-8 (UTF-8 extended
/// to lone surrogates, as JS strings may hold them: `"\uD800"`). The deserializer turns it into a
/// JS string.
///
/// There are two ways to make one: [`Source::slice`] for text that is in the source (no copy), and
/// [`Allocator::alloc_str`](crate::Allocator::alloc_str) (or
/// [`alloc_wtf8`](crate::Allocator::alloc_wtf8)) for any other text, copied into the arena. No
/// `Str` is made from an arbitrary `&str`: the deserializer reads it at an offset from the buffer's
/// start, so it must point into the buffer. Read it back with [`as_bytes`](Str::as_bytes), or
/// [`to_str`](Str::to_str) for a `&str`.
///
/// ```
/// # use rawast_runtime::{Allocator, ArenaFull, BufferFormat, FORMAT_VERSION, METADATA_SIZE, Source, SourcePlacement, build};
/// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
/// # fn build_names<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
/// // In a builder, over the source `let answer = 42`:
/// let name = source.slice(4..10);
/// assert_eq!(name.to_str(), Some("answer"));
/// let greeting = allocator.alloc_str("hello")?;
/// assert_eq!(greeting.as_bytes(), b"hello");
/// // A lone surrogate has no `&str`: `to_str` is `None`, `as_bytes` its WTF-8.
/// let lone = allocator.alloc_wtf8(&[0xD800])?;
/// assert_eq!((lone.to_str(), lone.as_bytes()), (None, &[0xED, 0xA0, 0x80][..]));
/// # Ok(allocator.alloc(name)?.as_ptr().cast())
/// # }
/// # build("let answer = 42", SourcePlacement::Start, &BUFFER_FORMAT, 64, build_names)?;
/// # Ok::<(), ArenaFull>(())
/// ```
#[repr(C)]
pub struct Str<'a> {
    pub(crate) ptr: NonNull<u8>,
    pub(crate) len: u32,
    marker: PhantomData<&'a str>,
}

/// The source text as it lies in the buffer, which [`build`](crate::build) hands its builder:
/// parse it as a `&str` (it derefs to one, and [`as_str`](Source::as_str) gives it with the
/// buffer's lifetime), and make the [`Str`]s of its text with [`slice`](Source::slice), the one way
/// to make a `Str` that points into the source region.
///
/// A `Str` must point into its buffer, since the deserializer reads it at an offset from the
/// buffer's start. A lifetime cannot say so (a `&'static str` is a `&'a str` too), so no `Str` is
/// made of just any `&str`: only this type, which only `build` makes, hands out `Str`s of the
/// source, and the [`Allocator`](crate::Allocator) copies other text into the arena.
///
/// ```compile_fail,E0599
/// # use rawast_runtime::{ArenaFull, BufferFormat, SourcePlacement, Str, build};
/// # let format = BufferFormat::new(rawast_runtime::FORMAT_VERSION, rawast_runtime::METADATA_SIZE, 1);
/// build("let x", SourcePlacement::Start, &format, 64, |allocator, source| {
///     // A string outside the buffer cannot become a `Str`: there is no `Str::from_text`.
///     let name = Str::from_text("x");
///     Ok::<_, ArenaFull>(allocator.alloc(name)?.as_ptr().cast())
/// });
/// ```
#[derive(Clone, Copy)]
pub struct Source<'a> {
    text: &'a str,
}

impl<'a> Source<'a> {
    /// # Safety
    /// `text` must be the source region of the buffer being built, alive for `'a`.
    pub(crate) unsafe fn new(text: &'a str) -> Self {
        Self { text }
    }

    /// The text, for the parser to read, borrowed for the buffer's lifetime `'a` (where `Deref`
    /// borrows it for as long as the `Source` value).
    pub fn as_str(self) -> &'a str {
        self.text
    }

    /// The `Str` of `self.as_str()[range]`, pointing into the source region: `range` is in UTF-8
    /// bytes, whatever unit the schema's spans use. Nothing is copied.
    ///
    /// # Panics
    /// Where slicing the `str` would: a range out of bounds or not on character boundaries.
    pub fn slice(self, range: core::ops::Range<usize>) -> Str<'a> {
        // SAFETY: a part of the source region, which lives for `'a`.
        unsafe { Str::from_wtf8(self.text[range].as_bytes()) }
    }
}

impl core::ops::Deref for Source<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        self.text
    }
}

impl core::fmt::Debug for Source<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.text, f)
    }
}

impl<'a> Str<'a> {
    /// The bytes: UTF-8, or WTF-8 when the string has lone surrogates (see
    /// [`Allocator::alloc_wtf8`](crate::Allocator::alloc_wtf8)).
    pub fn as_bytes(&self) -> &'a [u8] {
        // SAFETY: the constructors take `len` initialized bytes that live for `'a`.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len as usize) }
    }

    /// The text, or `None` when it holds lone surrogates (which `str` cannot): only a `Str` of
    /// [`Allocator::alloc_wtf8`](crate::Allocator::alloc_wtf8) can.
    pub fn to_str(&self) -> Option<&'a str> {
        core::str::from_utf8(self.as_bytes()).ok()
    }

    /// Wraps UTF-8 or WTF-8 bytes of the buffer.
    ///
    /// # Safety
    /// `bytes` must live in the buffer being built (its arena or its source) for `'a`.
    pub(crate) unsafe fn from_wtf8(bytes: &'a [u8]) -> Self {
        let len = u32::try_from(bytes.len()).expect("strings in a buffer are under 4 GiB");
        // A slice's pointer is never null, even for an empty one.
        Self { ptr: NonNull::from(bytes).cast::<u8>(), len, marker: PhantomData }
    }
}

/// An array of `T` in the arena, for a field that holds a list: made by
/// [`Allocator::alloc_vec`](crate::Allocator::alloc_vec) with all its items at once, or
/// [`Vec::new`] for an empty one. It cannot grow after it is made; read it with
/// [`as_slice`](Vec::as_slice).
///
/// ```
/// # use rawast_runtime::{Allocator, ArenaFull, BufferFormat, FORMAT_VERSION, METADATA_SIZE, Source, SourcePlacement, build};
/// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
/// # fn build_lists<'a>(allocator: &Allocator<'a>, _: Source<'a>) -> Result<*const u8, ArenaFull> {
/// let empty = rawast_runtime::Vec::<u32>::new();
/// let numbers = allocator.alloc_vec([1u32, 2, 3].into_iter())?;
/// assert_eq!((empty.len(), numbers.as_slice()), (0, &[1, 2, 3][..]));
/// # Ok(allocator.alloc(numbers)?.as_ptr().cast())
/// # }
/// # build("", SourcePlacement::Start, &BUFFER_FORMAT, 64, build_lists)?;
/// # Ok::<(), ArenaFull>(())
/// ```
#[repr(C)]
pub struct Vec<'a, T> {
    pub(crate) ptr: NonNull<T>,
    pub(crate) len: u32,
    pub(crate) cap: u32,
    marker: PhantomData<&'a [T]>,
}

impl<'a, T> Vec<'a, T> {
    /// The empty vector, for a list with no items: it allocates nothing (also `Vec::default()`).
    pub const fn new() -> Self {
        Self { ptr: NonNull::dangling(), len: 0, cap: 0, marker: PhantomData }
    }

    /// Wraps `len` initialized elements that live in an arena.
    ///
    /// # Safety
    /// `ptr` must point to `len` initialized `T`s that live in an arena for at least `'a`.
    pub const unsafe fn from_raw_parts(ptr: NonNull<T>, len: u32) -> Self {
        Self { ptr, len, cap: len, marker: PhantomData }
    }

    /// The items, borrowed for the arena's lifetime `'a`.
    pub fn as_slice(&self) -> &'a [T] {
        // SAFETY: `new` (empty, dangling but aligned) and `from_raw_parts` are the only constructors.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len as usize) }
    }

    /// The number of items.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it has no items.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<T> Default for Vec<'_, T> {
    fn default() -> Self {
        Self::new()
    }
}

// The internal offsets the table above documents (sizes and alignments are in the generated
// `assert_layouts.rs`, with every schema type). A reader finds a `Str`'s or `Vec`'s length right
// after the pointer.
const _: () = {
    use core::mem::{offset_of, size_of};
    const POINTER: usize = size_of::<usize>();
    if offset_of!(Str<'static>, ptr) != 0 || offset_of!(Str<'static>, len) != POINTER {
        panic!("Str: pointer at 0, then len");
    }
    if offset_of!(Vec<'static, u8>, ptr) != 0
        || offset_of!(Vec<'static, u8>, len) != POINTER
        || offset_of!(Vec<'static, u8>, cap) != POINTER + 4
    {
        panic!("Vec: pointer at 0, then len, then cap");
    }
    if offset_of!(Span, start) != 0 || offset_of!(Span, end) != 4 {
        panic!("Span: start at 0, end at 4");
    }
};
