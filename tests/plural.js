// Counts in the scripts' output, which agree with their number: "1 file", "2 files", as the Rust
// side writes them (`rawast_generator::plural`).

/** `n` and `noun`, in the plural unless `n` is 1: `count(1, "file")` is "1 file", `count(2, "mismatch")` "2 mismatches". */
export function count(n, noun) {
  return n === 1 ? `1 ${noun}` : `${n} ${plural(noun)}`;
}

/** The plural of a regular English noun, or of a phrase that ends in one ("random byte"). */
function plural(noun) {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}
