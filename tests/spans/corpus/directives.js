"use strict";
'new this';
// Directives beside statements, and in functions.
function f() { "use strict"; "this"; return new Map(); }
const g = () => { "use asm"; return this; };
class C { m() { "directive"; return new Set(); } }
