// JSX: text holding keywords, attributes, namespaced and member names, spread children and
// attributes, fragments, expression containers, comments in braces.
import React from "react";

export function App({ items, Component }) {
  return (
    <div className="new this class" data-new={new Map()} {...{ this: 1 }}>
      new this import export class function return await yield
      <svg:rect xlink:href="#new" />
      <Component.Inner.Deep prop={() => this} />
      <this.Component prop={new Set()} />
      <>
        fragment text with new and this
        {items.map((item) => <li key={item?.id}>{new Date(item).toString()}</li>)}
        {/* comment with new this */}
        {}
      </>
      <a b="&amp; new" c='this' d={<b>{"class"}</b>} />
      {...items}
    </div>
  );
}
const element = <Foo.Bar {...props} e:f="g">text</Foo.Bar>;
