// An unrecoverable error (a missing semicolon): oxc-parser returns an empty program, of span (0, 0),
// beside the comments, which hold spans still.
let a = new Map() let b = new Set()
