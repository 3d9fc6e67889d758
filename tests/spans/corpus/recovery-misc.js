// Recoverable errors in JS: each statement one.
for (async of []) new Map();
new.target;
`\unicode ${new Map()}`;
let [a, ...b,] = new Set();
