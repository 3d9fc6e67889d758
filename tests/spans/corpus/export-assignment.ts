// `export =` with the walk's words in its expression, beside `import x = require()`.
import fs = require("fs");
class Exported { x = new Map(); }
export = Exported;
