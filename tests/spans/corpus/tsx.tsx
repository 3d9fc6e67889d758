// TSX: generics in arrows, type assertions by `as`, JSX holding keywords and TS expressions.
import * as React from "react";

export const Generic = <T,>(props: { value: T }) => <div>{props.value as unknown as string} new this</div>;
export default function App<P extends object>({ items }: { items: P[] }): JSX.Element {
  const ref = React.useRef<new () => HTMLElement>(null);
  return (
    <section aria-label="new" data-x={new Map<string, number>()}>
      {items.map((item, i) => <Item<P> key={i} item={item!} />)}
      <ns:tag ns:attr="this" />
      <>{ref.current satisfies unknown}</>
      text: class interface enum type satisfies as
    </section>
  );
}
class Item<P> extends React.Component<{ item: P }> { render() { return <span>{this.props.item as any}</span>; } }
