//! Counts in messages, which agree with their number: "1 file", "2 files", "0 mismatches". The
//! `rawast` command and xtask count with it too.

/// `n` and `noun`, in the plural unless `n` is 1: `count(1, "file")` is "1 file", `count(2,
/// "entry")` "2 entries".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {}", plural(noun)) }
}

/// The plural of a regular English noun, or of a phrase that ends in one ("foreign error").
pub fn plural(noun: &str) -> String {
    if noun.ends_with(['s', 'x', 'z']) || noun.ends_with("ch") || noun.ends_with("sh") {
        return format!("{noun}es");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_agree_with_their_number() {
        let cases = [
            (0, "file", "0 files"),
            (1, "file", "1 file"),
            (2, "package", "2 packages"),
            (1, "mismatch", "1 mismatch"),
            (3, "mismatch", "3 mismatches"),
            (2, "entry", "2 entries"),
            (2, "key", "2 keys"),
            (2, "blow-up", "2 blow-ups"),
            (2, "stale file", "2 stale files"),
        ];
        for (n, noun, expected) in cases {
            assert_eq!(count(n, noun), expected);
        }
    }
}
