//! Numbers and strings written exactly as JavaScript's `JSON.stringify` writes them.

use core::fmt::Write as _;

/// `JSON.stringify` of a number: `null` for NaN and ±Infinity, `0` for -0, else JS's
/// `Number.prototype.toString` (ECMA-262 Number::toString): the shortest round-trip digits, plainly
/// written for exponents -7 < e < 21 and as `1.5e-7` / `1e+21` beyond.
pub(crate) fn write_number(out: &mut String, value: f64) {
    if !value.is_finite() {
        out.push_str("null");
        return;
    }
    if value == 0.0 {
        out.push('0');
        return;
    }
    if value < 0.0 {
        out.push('-');
    }
    // Rust's `{:e}` gives the same shortest round-trip digits: `d.ddde±x`.
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').expect("`{:e}` writes an exponent");
    let digits: String = mantissa.chars().filter(|&c| c != '.').collect();
    let k = digits.len() as i32;
    // ECMA-262's `n`: the value is 0.digits × 10^n.
    let n = exponent.parse::<i32>().expect("`{:e}` writes a decimal exponent") + 1;
    if k <= n && n <= 21 {
        out.push_str(&digits);
        out.extend(core::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(core::iter::repeat_n('0', (-n) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        write!(out, "e{}{}", if n > 0 { '+' } else { '-' }, (n - 1).abs()).unwrap();
    }
}

/// `JSON.stringify` of a string given as WTF-8: `"` and `\` escaped, control characters as `\b`,
/// `\t`, `\n`, `\f`, `\r` or `\u00xx`, lone surrogates as `\udxxx`, everything else as it is.
pub(crate) fn write_string(out: &mut String, wtf8: &[u8]) {
    out.push('"');
    for code in code_points(wtf8) {
        match code {
            0x22 => out.push_str("\\\""),
            0x5C => out.push_str("\\\\"),
            0x08 => out.push_str("\\b"),
            0x09 => out.push_str("\\t"),
            0x0A => out.push_str("\\n"),
            0x0C => out.push_str("\\f"),
            0x0D => out.push_str("\\r"),
            0..0x20 | 0xD800..0xE000 => write!(out, "\\u{code:04x}").unwrap(),
            _ => out.push(char::from_u32(code).expect("not a surrogate, so a scalar value")),
        }
    }
    out.push('"');
}

/// The code points of WTF-8 (UTF-8 that may hold surrogates), which this crate's own strings are.
fn code_points(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        let lead = *bytes.get(i)?;
        let (len, bits) = match lead {
            0..0x80 => (1, u32::from(lead)),
            0xC0..0xE0 => (2, u32::from(lead & 0x1F)),
            0xE0..0xF0 => (3, u32::from(lead & 0x0F)),
            _ => (4, u32::from(lead & 0x07)),
        };
        let code = bytes[i + 1..i + len].iter().fold(bits, |code, &b| code << 6 | u32::from(b & 0x3F));
        i += len;
        Some(code)
    })
}
