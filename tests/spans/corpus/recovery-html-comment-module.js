// Recoverable errors: an HTML-like comment in a module (the `export` makes it one).
<!-- new this import class
export const x = new Map();
