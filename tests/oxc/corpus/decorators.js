// Decorators (stage 3) on classes, methods, fields and accessors.
@sealed
@register("widget")
export class Widget {
  @observable count = 0;
  @bound handle() {}
  @cached static get size() { return 1; }
  @logged accessor value = 1;
}
export default @frozen class {}
