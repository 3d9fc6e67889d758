"use strict";
'use\x20strict';
// A line comment with ünïcode and an astral 😀 character.
var a = 1 + 2 * 3, b = [a, , "text", 'single', null, true, false];
let c = "é" === 'ü';
/* a block
   comment */
const d = [[], [1, [2, [3]]]], e = a - b / c !== d;
;
var 𝒳 = "😀 astral", ü = 'ﬁ', nul = "a\0b";
