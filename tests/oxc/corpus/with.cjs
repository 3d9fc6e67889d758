// A `with` statement, which only a script can hold (tests/oxc/visitor-keys.test.js).
with (Math) max(1, 2);
