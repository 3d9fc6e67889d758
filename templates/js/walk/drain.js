{#- The walk loop: `drain` runs the frames of `walkStack`, where walkers past `WALK_DEPTH` and the
    objects built leave their work; a lazy target's walk resumes its context after an exit. -#}
/** Runs the frames of `walkStack` above `base`: walkers at `WALK_DEPTH` push rather than call. */
function drain(base) {
  while (walkStack.length > base) {
    const code = walkStack.pop();
    const value = walkStack.pop();
    if (code >= 0) WALKERS[code](value);
    else if (code === VISIT) visitBuilt(value);
    else {
      const exit = exits[-2 - code];
      exit(value);
{%- if walker.lazy %}
      resumeWalk();
{%- endif %}
    }
  }
}
