//! `build_into` against `build`: the same bytes once addresses are made offsets, and each way a
//! region can fall short.

use super::*;
use crate::allocator::ArenaFull;
use crate::arena::{Box, Str};
use crate::buffer::build;
use crate::format::metadata;
use crate::testing::{FORMAT, Failure, zeroed_bytes};

/// The root the test builder makes: a string of the source and a boxed number, so the buffer
/// holds pointers into both the source and the arena.
#[repr(C)]
struct Pair<'a> {
    text: Str<'a>,
    number: Box<'a, u64>,
}

/// A builder of `Pair`, after `extra` bytes of filler that make the AST as large as a test needs.
fn pair(extra: usize) -> impl for<'a> FnMut(&Allocator<'a>, Source<'a>) -> Result<*const u8, Failure> {
    move |allocator, source| {
        allocator.alloc_vec(core::iter::repeat_n(0u64, extra / 8))?;
        let number = allocator.alloc(42u64)?;
        let text = source.slice(0..source.len());
        Ok(allocator.alloc(Pair { text, number })?.as_ptr().cast())
    }
}

impl From<ArenaFull> for Failure {
    fn from(_: ArenaFull) -> Self {
        Failure::Full
    }
}

/// The buffer with every address of a `Pair` made an offset (`address - base_low32`), `base_low32`
/// zeroed, and the padding after the `Str`'s length (which a move of the struct leaves as it likes)
/// zeroed: what two buffers of one tree share wherever they were built.
fn position_independent(buffer: &[u8]) -> std::vec::Vec<u8> {
    const POINTER: usize = size_of::<usize>();
    let meta = buffer.len() - METADATA_SIZE;
    let word = |at: usize| u32::from_le_bytes(buffer[at..at + 4].try_into().unwrap());
    let (base, root) = (word(meta + metadata::BASE_LOW32), word(meta + metadata::ROOT) as usize);
    let mut bytes = buffer.to_vec();
    for field in [root + core::mem::offset_of!(Pair, text), root + core::mem::offset_of!(Pair, number)] {
        let address = usize::from_le_bytes(bytes[field..field + POINTER].try_into().unwrap());
        let offset = (address as u32).wrapping_sub(base) as usize;
        assert!(offset <= meta, "a pointer of the tree points past the buffer's content");
        bytes[field..field + POINTER].copy_from_slice(&offset.to_le_bytes());
    }
    let text_padding = root + core::mem::offset_of!(Pair, text) + POINTER + 4;
    bytes[text_padding..root + size_of::<Str>()].fill(0);
    bytes[meta + metadata::BASE_LOW32..meta + METADATA_SIZE].fill(0);
    bytes
}

/// Asserts two buffers are the same tree, naming the first byte where they differ.
fn assert_same_tree(built: &[u8], expected: &[u8], what: &str) {
    let (built, expected) = (position_independent(built), position_independent(expected));
    let differs = built.iter().zip(&expected).position(|(a, b)| a != b);
    assert!(
        built.len() == expected.len() && differs.is_none(),
        "{what}: lengths {} and {}, first difference at {differs:?}",
        built.len(),
        expected.len()
    );
}

/// A region at an 8-aligned address, filled with `0xAA` so that nothing relies on zeroed memory.
fn dirty_region(len: usize) -> crate::testing::ZeroedBytes {
    let mut region = zeroed_bytes(len).unwrap();
    region.as_mut_slice().fill(0xAA);
    region
}

#[test]
fn builds_the_bytes_of_build_in_both_placements() {
    for placement in [SourcePlacement::Start, SourcePlacement::End] {
        for source in ["hello", "n\u{e4}ive text", ""] {
            let expected = build(source, placement, &FORMAT, 64, pair(24)).unwrap();
            let mut region = dirty_region(4096);
            let region = region.as_mut_slice();
            let built = build_into(region, source, placement, &FORMAT, pair(24)).unwrap();
            let buffer = &region[built.range()];
            assert_eq!(built.start % 8, 0);
            if placement == SourcePlacement::Start {
                assert_eq!(built.start, 0, "the parser layout starts at the region's start");
            }
            let base_low32 = u32::from_le_bytes(buffer[buffer.len() - 4..].try_into().unwrap());
            assert_eq!(base_low32, buffer.as_ptr() as usize as u32, "base_low32 is the buffer's address in the region");
            assert_same_tree(buffer, expected.as_bytes(), &format!("{placement:?} {source:?}"));
        }
    }
}

#[test]
fn a_region_too_small_for_the_source_asks_for_one_that_holds_it() {
    let source = "x".repeat(100);
    let mut region = dirty_region(64);
    let result =
        build_into(region.as_mut_slice(), &source, SourcePlacement::Start, &FORMAT, |_, _| -> Result<_, Failure> {
            unreachable!("no room for an arena: the builder does not run")
        });
    let Err(BuildIntoError::RegionTooSmall { next_size }) = result else { panic!("{result:?}") };
    assert!(next_size >= region_size(source.len(), MIN_ARENA).unwrap() && next_size >= 128, "{next_size}");
}

#[test]
fn an_ast_that_does_not_fit_asks_for_larger_regions_until_it_does() {
    for placement in [SourcePlacement::Start, SourcePlacement::End] {
        let expected = build("abc", placement, &FORMAT, 64, pair(5000)).unwrap();
        let mut len = 128;
        for tries in 1.. {
            let mut region = dirty_region(len);
            let region = region.as_mut_slice();
            match build_into(region, "abc", placement, &FORMAT, pair(5000)) {
                Ok(built) => {
                    assert_same_tree(&region[built.range()], expected.as_bytes(), &format!("{placement:?}"));
                    break;
                }
                Err(BuildIntoError::RegionTooSmall { next_size }) => {
                    assert!(next_size >= 2 * len, "{next_size} after {len}");
                    assert!(tries < 8, "doubling from 128 bytes reaches 5 KB in a few tries");
                    len = next_size;
                }
                Err(error) => panic!("{error:?}"),
            }
        }
    }
}

#[test]
fn a_misaligned_region_is_refused_before_the_builder_runs() {
    let mut region = dirty_region(4096);
    let region = &mut region.as_mut_slice()[4..];
    let result = build_into(region, "hello", SourcePlacement::Start, &FORMAT, |_, _| -> Result<_, Failure> {
        unreachable!("nothing is built into a misaligned region")
    });
    assert_eq!(result, Err(BuildIntoError::Misaligned { address: region.as_ptr() as usize }));
    let message = BuildIntoError::<BufferTooLarge>::Misaligned { address: 0x1004 }.to_string();
    assert_eq!(message, "the region at 0x1004 for a rawast buffer is not 8-aligned");
}

#[test]
fn a_parse_error_is_the_builders_error_not_a_request_to_grow() {
    let mut region = dirty_region(4096);
    let result = build_into(region.as_mut_slice(), "{", SourcePlacement::Start, &FORMAT, |_, _| Err(Failure::Parse));
    assert_eq!(result, Err(BuildIntoError::Build(Failure::Parse)));
}

/// As `build`, a source the format cannot hold is refused before anything is copied; the 4 GiB of
/// zeros are mapped lazily and never touched.
#[test]
fn a_source_past_the_format_limit_is_refused_up_front() {
    let Some(zeros) = zeroed_bytes(MAX_BUFFER) else { return };
    let mut region = dirty_region(4096);
    let result = build_into(region.as_mut_slice(), zeros.as_str(), SourcePlacement::Start, &FORMAT, |_, _| {
        unreachable!("nothing to build into")
    });
    assert_eq!(result, Err(BuildIntoError::Build(Failure::TooLarge)));
}

/// In a region larger than any buffer, an AST that does not fit is too large for the format, not
/// a reason to grow the region; only the pages of the source and the arena's first bytes are touched.
#[test]
fn an_ast_past_the_format_limit_in_a_huge_region_is_too_large() {
    let Some(mut region) = MAX_BUFFER.checked_add(4096).and_then(zeroed_bytes) else { return };
    let result = build_into(region.as_mut_slice(), "x", SourcePlacement::Start, &FORMAT, |allocator, _| {
        allocator.alloc_vec(core::iter::repeat_n(0u8, MAX_BUFFER))?;
        unreachable!("no arena holds more than a buffer")
    });
    assert_eq!(result, Err(BuildIntoError::Build(Failure::TooLarge)));
}

#[test]
fn an_empty_region_asks_to_grow_whatever_its_dangling_address() {
    let result = build_into(&mut [], "", SourcePlacement::Start, &FORMAT, |_, _| -> Result<_, Failure> {
        unreachable!("no room for an arena")
    });
    assert!(
        matches!(result, Err(BuildIntoError::RegionTooSmall { next_size }) if next_size >= region_size(0, MIN_ARENA).unwrap())
    );
}

#[test]
fn the_ascii_prefix_ends_at_the_first_non_ascii_byte_wherever_it_lies() {
    for len in 0..40 {
        let ascii = vec![b'a'; len];
        assert_eq!(ascii_prefix_len(&ascii), len, "all ASCII, {len} bytes");
        for at in 0..len {
            let mut bytes = ascii.clone();
            bytes[at] = 0xC3;
            // Bytes past the first non-ASCII one do not move it.
            for byte in &mut bytes[at + 1..] {
                *byte = 0x80;
            }
            assert_eq!(ascii_prefix_len(&bytes), at, "{len} bytes, non-ASCII at {at}");
        }
    }
}

#[test]
fn a_source_written_in_the_region_builds_the_bytes_of_a_copied_one() {
    for placement in [SourcePlacement::Start, SourcePlacement::End] {
        // The last is longer than the arena before it in the linter layout: its move overlaps itself.
        for source in ["hello".to_owned(), "n\u{e4}ive text".to_owned(), String::new(), "abcdefgh".repeat(60)] {
            let expected = build(&source, placement, &FORMAT, 64, pair(24)).unwrap();
            // 900 bytes leave an arena of 372 before the long source's 480 in the linter layout.
            let mut region = dirty_region(900);
            let region = region.as_mut_slice();
            region[..source.len()].copy_from_slice(source.as_bytes());
            let built = build_into_written(region, source.len(), placement, &FORMAT, pair(24)).unwrap();
            assert_same_tree(&region[built.range()], expected.as_bytes(), &format!("{placement:?} {source:?}"));
        }
    }
}

#[test]
fn a_written_source_that_is_not_utf8_or_not_in_the_region_is_refused_before_the_builder_runs() {
    let never =
        |_: &Allocator<'_>, _: Source<'_>| -> Result<*const u8, Failure> { unreachable!("the builder does not run") };
    let mut region = dirty_region(256);
    let region = region.as_mut_slice();
    region[..4].copy_from_slice(b"ab\xFFc");
    let result = build_into_written(region, 4, SourcePlacement::Start, &FORMAT, never);
    assert!(matches!(result, Err(BuildIntoError::SourceNotUtf8 { valid_up_to: 2 })), "{result:?}");
    let result = build_into_written(region, 257, SourcePlacement::End, &FORMAT, never);
    assert!(
        matches!(result, Err(BuildIntoError::SourceOutsideRegion { source_len: 257, region_len: 256 })),
        "{result:?}"
    );
}
