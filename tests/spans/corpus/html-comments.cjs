// HTML-like comments in a script (Annex B): `<!--` to the end of the line, and `-->` at a line's start.
var a = 1; <!-- new this import class
--> new this import class (a closing HTML comment at a line's start)
var b = a <!-- c
;
function f() { return new Map(); } <!-- return new this
