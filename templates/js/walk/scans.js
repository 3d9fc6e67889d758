{#- Scans of what a converter reads (`walker.scans`, oxc's converters), walked before its value is
    built, so that a value that holds no visited node is not built. -#}
/**
 * Whether what walker `w`'s converter reads, walked by `scan` from `pos`, holds a node of a visited
 * type. A scan visits nothing: the first such node it meets (`found`) ends it; nested scans, and
 * what the walkers at `WALK_DEPTH` push, end within it. Where it meets none, neither does the
 * converter's value, which holds what it reads and the nodes it makes (`makes`, tested first).
 * Where scans mostly meet one (identifiers in parameters), a scan only delays the build:
 * `scanHits` counts them, and the walker stops scanning.
 */
function meets(scan, pos, w) {
  const base = walkStack.length, depth = walkDepth, wereNeeded = needed;
  scanning++;
  try {
    scan(pos);
    drain(base);
  } catch (error) {
    // A scan reads what the converter is read to read (its `DESER`s of fields), not what its JS
    // decides at run time (oxc's `FormalParameter` reads its default only where both halves of
    // its pointer are not zero): where those bytes are corrupt, the converter's own function,
    // which builds the value next, decides whether the buffer is.
    if (!(error instanceof RawastBufferError)) throw error;
    walkStack.length = base;
    walkDepth = depth;
    scanFound = true;
  } finally {
    scanning--;
    needed = wereNeeded;
  }
  const met = scanFound;
  scanFound = false;
  if (met) scanHits[w]++;
  else if (scanHits[w] > 0) scanHits[w]--;
  return met;
}

/** In a scan, a node of a visited type met: nothing more needs reading until the scan ends. */
function found() {
  scanFound = true;
  needed = NOTHING_NEEDED;
}
