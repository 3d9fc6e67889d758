// Recoverable errors: keywords written with `\u` escapes, which oxc-parser reads as the keywords
// and reports.
n\u0065w Map();
\u0074his.x;
v\u0061r y = 1;
f\u0075nction g() { r\u0065turn n\u0065w Set(); }
