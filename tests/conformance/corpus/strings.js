// Strings that are not plain UTF-8 in JS: lone surrogates, escapes, astral characters, NUL.
var lone = "\uD800", trail = '\uDC00x', pair = "\uD83D\uDE00", mixed = "a\uD800b\uDFFFc";
var escaped = "tab\tnew\nline", nul = "\0", unicode = "\u00e9\u{1F600}", hex = "\x41";
var replacement = "\uFFFD real replacement character", long = "a long string that is longer than sixteen bytes \uD801";
var template = `cooked ${lone} \u{41}`;
