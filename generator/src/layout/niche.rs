//! Niches: invalid bit patterns of a scalar that `Option` can use to encode `None` without a tag.
//!
//! This follows rustc's rules (`rustc_abi`): a scalar has a wrapping range of valid values; the values
//! outside it are free. `Option<T>` reserves one free value, picking the end of the range that keeps
//! `None` closest to zero — so a pointer's niche is 0 (null), `bool`'s is 2, and an enum with
//! discriminants 0..=6 gets 7.

/// Free values of one scalar inside a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Niche {
    /// Byte offset of the scalar from the start of the type.
    pub offset: u32,
    /// Size of the scalar in bytes (1, 2, 4 or 8).
    pub size: u32,
    /// First valid value; the range wraps if `valid_start > valid_end`.
    pub valid_start: u64,
    /// Last valid value.
    pub valid_end: u64,
}

/// The largest value of an unsigned scalar of `size` bytes.
fn max_value(size: u32) -> u64 {
    if size >= 8 { u64::MAX } else { (1u64 << (size * 8)) - 1 }
}

impl Niche {
    pub fn new(offset: u32, size: u32, valid_start: u64, valid_end: u64) -> Self {
        Self { offset, size, valid_start, valid_end }
    }

    /// A non-null pointer (or any scalar whose only invalid value is zero).
    pub fn non_zero(offset: u32, size: u32) -> Self {
        Self::new(offset, size, 1, max_value(size))
    }

    /// Whether exactly zero is free: the niche of a non-null pointer.
    pub fn is_non_zero(&self) -> bool {
        self.valid_start == 1 && self.valid_end == self.max_value()
    }

    fn max_value(&self) -> u64 {
        max_value(self.size)
    }

    /// How many values are free. The count of all 2^64 values of a u64 cannot occur: a scalar always
    /// has at least one valid value.
    pub fn available(&self) -> u64 {
        let max = self.max_value();
        self.valid_start.wrapping_sub(self.valid_end.wrapping_add(1)) & max
    }

    /// The same niche seen from a containing type where this scalar's type starts at `base`.
    pub fn shifted(self, base: u32) -> Self {
        Self { offset: self.offset + base, ..self }
    }

    /// The value `None` takes with rustc 1.97 and later, which picks the free value next to the
    /// valid range whose sign-extended value is closest to zero, the one below the range on a tie,
    /// except that `0..=1` (`bool`'s) still gets 2 (rust-lang/rust#155473). Earlier rustcs, this
    /// toolchain's among them, pick as [`Niche::reserve`] does; a producer built with a newer one
    /// (oxc-parser 0.157) writes this value. `None` if no value is free.
    pub fn none_value_since_rust_1_97(&self) -> Option<u64> {
        if self.available() == 0 {
            return None;
        }
        let max = self.max_value();
        let up = self.valid_end.wrapping_add(1) & max;
        if self.valid_start == 0 && self.valid_end == 1 {
            return Some(up);
        }
        let down = self.valid_start.wrapping_sub(1) & max;
        let sign_bit = (max >> 1) + 1;
        let magnitude = |value: u64| if value < sign_bit { value } else { ((!value) & max) + 1 };
        Some(if magnitude(down) <= magnitude(up) { down } else { up })
    }

    /// Reserves one value for a new variant (`None`); returns it and the niche that remains.
    pub fn reserve(&self) -> Option<(u64, Niche)> {
        const COUNT: u64 = 1;
        if self.available() < COUNT {
            return None;
        }
        let max = self.max_value();
        let (start, end) = (self.valid_start, self.valid_end);
        let move_start = || {
            let value = start.wrapping_sub(COUNT) & max;
            (value, Niche { valid_start: value, ..*self })
        };
        let move_end = || {
            let value = end.wrapping_add(1) & max;
            (value, Niche { valid_end: end.wrapping_add(COUNT) & max, ..*self })
        };
        let distance_end_zero = max - end;
        Some(if start > end {
            // The valid range wraps through zero, so zero is taken: grow upwards.
            move_end()
        } else if start <= distance_end_zero {
            if COUNT <= start { move_start() } else { move_end() }
        } else {
            let new_end = end.wrapping_add(COUNT) & max;
            let overshoots_zero = (1..=end).contains(&new_end);
            if overshoots_zero { move_start() } else { move_end() }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_since_rust_1_97() {
        // An enum with discriminants 0..=50 (oxc's `Expression`): 255 (−1), where 1.95 picks 51.
        assert_eq!(Niche::new(0, 1, 0, 50).none_value_since_rust_1_97(), Some(255));
        assert_eq!(Niche::new(0, 1, 0, 50).reserve().map(|(value, _)| value), Some(51));
        // `bool` keeps 2; a pointer keeps 0; a non-max u32 keeps u32::MAX.
        assert_eq!(Niche::new(0, 1, 0, 1).none_value_since_rust_1_97(), Some(2));
        assert_eq!(Niche::non_zero(0, 8).none_value_since_rust_1_97(), Some(0));
        assert_eq!(
            Niche::new(0, 4, 0, u64::from(u32::MAX) - 1).none_value_since_rust_1_97(),
            Some(u64::from(u32::MAX))
        );
        // Discriminants 2..=9: 1 is closer to zero than 10.
        assert_eq!(Niche::new(0, 1, 2, 9).none_value_since_rust_1_97(), Some(1));
        assert_eq!(Niche::new(0, 1, 0, 255).none_value_since_rust_1_97(), None);
    }

    #[test]
    fn pointer_niche_is_null() {
        let pointer = Niche::new(0, 8, 1, u64::MAX);
        assert_eq!(pointer.available(), 1);
        let (value, rest) = pointer.reserve().unwrap();
        assert_eq!(value, 0);
        assert_eq!(rest.available(), 0);
        assert!(rest.reserve().is_none());
    }

    #[test]
    fn bool_niche_counts_upwards() {
        let boolean = Niche::new(0, 1, 0, 1);
        assert_eq!(boolean.available(), 254);
        let (first, rest) = boolean.reserve().unwrap();
        let (second, _) = rest.reserve().unwrap();
        assert_eq!((first, second), (2, 3));
    }

    #[test]
    fn range_away_from_zero_moves_its_start_towards_zero() {
        // Valid 5..=10: 4 is nearer zero than 11.
        assert_eq!(Niche::new(0, 1, 5, 10).reserve().unwrap().0, 4);
    }

    #[test]
    fn range_ending_at_the_top_wraps_to_zero() {
        // Valid 254..=255: the next value up wraps to 0, which is free.
        assert_eq!(Niche::new(0, 1, 254, 255).reserve().unwrap().0, 0);
    }

    #[test]
    fn full_range_has_no_niche() {
        assert_eq!(Niche::new(0, 1, 0, 255).available(), 0);
        assert_eq!(Niche::new(0, 4, 0, u32::MAX as u64).available(), 0);
    }
}
