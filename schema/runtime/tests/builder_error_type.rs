//! The forms a producer writes `build` and `build_into` in: the builder's error type is read from
//! its return type, so a named builder, or a closure whose return type is stated, compiles both
//! returned directly and with `?` after the call, with no annotation on the call. (A closure that
//! states no error type leaves it open; `build`'s docs hold that case as a `compile_fail` test.)

use core::ops::Range;

use rawast_runtime::{
    Allocator, ArenaFull, BufferFormat, BufferTooLarge, BuildIntoError, FORMAT_VERSION, IsArenaFull, METADATA_SIZE,
    RawBuffer, Source, SourcePlacement, build, build_into, build_into_written,
};

const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);

/// A producer's error type, as the README asks for it.
#[derive(Debug, PartialEq)]
enum Error {
    Empty,
    ArenaFull,
    TooLarge,
    /// `build_into`'s own failures, for `?` on it.
    Region(String),
}

impl From<ArenaFull> for Error {
    fn from(_: ArenaFull) -> Self {
        Error::ArenaFull
    }
}

impl From<BufferTooLarge> for Error {
    fn from(_: BufferTooLarge) -> Self {
        Error::TooLarge
    }
}

impl IsArenaFull for Error {
    fn is_arena_full(&self) -> bool {
        *self == Error::ArenaFull
    }
}

impl From<BuildIntoError<Error>> for Error {
    fn from(error: BuildIntoError<Error>) -> Self {
        match error {
            BuildIntoError::Build(error) => error,
            other => Error::Region(format!("{other:?}")),
        }
    }
}

/// The parser: refuses an empty source.
fn parse(source: &str) -> Result<Range<usize>, Error> {
    if source.is_empty() { Err(Error::Empty) } else { Ok(0..source.len()) }
}

/// The tree: a copy of the source's bytes (as large as the source, so that a long one outgrows the
/// first arena and `build` retries), then the root, a `Str` of `range`.
fn alloc_tree<'a>(allocator: &Allocator<'a>, source: Source<'a>, range: Range<usize>) -> Result<*const u8, ArenaFull> {
    allocator.alloc_vec(source.bytes())?;
    Ok(allocator.alloc(source.slice(range))?.as_ptr().cast())
}

/// A builder: the whole source as one `Str`.
fn build_text<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, Error> {
    let range = parse(&source)?;
    Ok(alloc_tree(allocator, source, range)?)
}

fn returned_directly(source: &str) -> Result<RawBuffer, Error> {
    build(source, SourcePlacement::Start, &BUFFER_FORMAT, 8, build_text)
}

fn with_question_mark(source: &str) -> Result<RawBuffer, Error> {
    let buffer = build(source, SourcePlacement::Start, &BUFFER_FORMAT, 8, build_text)?;
    Ok(buffer)
}

fn closure_returned_directly(source: &str) -> Result<RawBuffer, Error> {
    build(source, SourcePlacement::Start, &BUFFER_FORMAT, 8, |allocator, source| {
        let range = parse(&source)?;
        Ok(alloc_tree(allocator, source, range)?)
    })
}

fn closure_with_question_mark(source: &str) -> Result<RawBuffer, Error> {
    let buffer =
        build(source, SourcePlacement::Start, &BUFFER_FORMAT, 8, |allocator, source| -> Result<*const u8, Error> {
            let range = parse(&source)?;
            Ok(alloc_tree(allocator, source, range)?)
        })?;
    Ok(buffer)
}

fn closure_with_turbofish(source: &str) -> Result<RawBuffer, Error> {
    let buffer = build::<Error>(source, SourcePlacement::Start, &BUFFER_FORMAT, 8, |allocator, source| {
        let range = parse(&source)?;
        Ok(alloc_tree(allocator, source, range)?)
    })?;
    Ok(buffer)
}

/// An 8-aligned region of `len` bytes, rounded up to whole `u64`s.
fn region(len: usize) -> Vec<u64> {
    vec![0; len.div_ceil(8)]
}

fn bytes(memory: &mut [u64]) -> &mut [u8] {
    // SAFETY: the `u64`s are initialized and any byte is a valid `u8`; borrowed mutably through `memory`.
    unsafe { core::slice::from_raw_parts_mut(memory.as_mut_ptr().cast::<u8>(), memory.len() * 8) }
}

fn into_with_question_mark(memory: &mut [u64], source: &str) -> Result<Vec<u8>, Error> {
    let region = bytes(memory);
    let built = build_into(region, source, SourcePlacement::Start, &BUFFER_FORMAT, build_text)?;
    Ok(region[built.range()].to_vec())
}

fn into_closure_with_question_mark(memory: &mut [u64], source: &str) -> Result<Vec<u8>, Error> {
    let region = bytes(memory);
    let built = build_into(
        region,
        source,
        SourcePlacement::Start,
        &BUFFER_FORMAT,
        |allocator, source| -> Result<*const u8, Error> {
            let range = parse(&source)?;
            Ok(alloc_tree(allocator, source, range)?)
        },
    )?;
    Ok(region[built.range()].to_vec())
}

fn written_with_question_mark(memory: &mut [u64], source: &str) -> Result<Vec<u8>, Error> {
    let region = bytes(memory);
    region[..source.len()].copy_from_slice(source.as_bytes());
    let built = build_into_written(region, source.len(), SourcePlacement::Start, &BUFFER_FORMAT, build_text)?;
    Ok(region[built.range()].to_vec())
}

/// A form of `build`.
type Encode = fn(&str) -> Result<RawBuffer, Error>;
/// A form of `build_into`, over memory of `u64`s (8-aligned).
type EncodeInto = fn(&mut [u64], &str) -> Result<Vec<u8>, Error>;

/// The source the buffer holds, from its metadata block.
fn source_of(buffer: &[u8]) -> &[u8] {
    let block = &buffer[buffer.len() - METADATA_SIZE..];
    let field = |at: usize| u32::from_le_bytes(block[at..at + 4].try_into().unwrap()) as usize;
    let start = field(rawast_runtime::format::metadata::SOURCE_START);
    &buffer[start..start + field(rawast_runtime::format::metadata::SOURCE_LEN)]
}

/// Each form builds the same buffer, starting from an arena too small for the tree (so `build`
/// retries, and passes the builder's `ArenaFull` through its error type), and returns the
/// builder's own error as it was.
#[test]
fn every_form_builds_and_returns_the_builders_error() {
    let forms: [(&str, Encode); 5] = [
        ("returned directly", returned_directly),
        ("with ?", with_question_mark),
        ("closure returned directly", closure_returned_directly),
        ("closure with ?", closure_with_question_mark),
        ("closure with build::<Error>", closure_with_turbofish),
    ];
    let long = "a".repeat(300);
    for (form, encode) in forms {
        for source in ["hello", long.as_str()] {
            let buffer = encode(source).unwrap_or_else(|error| panic!("{form}: {error:?}"));
            assert_eq!(source_of(buffer.as_bytes()), source.as_bytes(), "{form}");
        }
        assert_eq!(encode("").err(), Some(Error::Empty), "{form}");
    }
}

#[test]
fn build_into_forms_build_and_return_the_builders_error() {
    let forms: [(&str, EncodeInto); 3] = [
        ("build_into with ?", into_with_question_mark),
        ("build_into, closure with ?", into_closure_with_question_mark),
        ("build_into_written with ?", written_with_question_mark),
    ];
    for (form, encode) in forms {
        let buffer = encode(&mut region(256), "hello").unwrap_or_else(|error| panic!("{form}: {error:?}"));
        assert_eq!(source_of(&buffer), b"hello", "{form}");
        assert_eq!(encode(&mut region(256), "").err(), Some(Error::Empty), "{form}");
        let too_small = encode(&mut region(16), "hello").err();
        assert!(
            matches!(&too_small, Some(Error::Region(message)) if message.starts_with("RegionTooSmall")),
            "{form}: {too_small:?}"
        );
    }
}
