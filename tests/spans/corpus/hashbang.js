#!/usr/bin/env node --new --this
// A hashbang holding keywords, then code.
import { x } from "./x.js";
export default new Map(x);
