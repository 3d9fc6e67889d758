// `\u` escapes in identifiers (a keyword's letters written with escapes is an identifier where a
// name may stand) and in strings, next to real keywords.
var \u0061bc = 1;
var n\u0065wish = { \u006eew: 1, th\u0069s: 2 };
n\u0065wish.n\u0065w = new Map();
const \u{1d49c} = "new \u0074his";
label\u0031: for (const x of []) break label\u0031;
class \u0043 { \u0063onstructor() { return this; } }
obj.\u0069mport = () => new Set();
