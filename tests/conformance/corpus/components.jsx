// JSX as acorn-jsx emits it: elements, fragments, names, attributes, entities and text.
const app = (
  <App.Layout title="Hello &amp; welcome" data-id={42} {...props} svg:href="#a" disabled>
    <>
      <h1 className='title'>Caf&eacute; &#169; &#x1F600; fun</h1>
      {/* an empty expression */}
      {items.map((item) => <Item key={item.id} {...item} />)}
      text with ünïcode and an astral 😀 character, and one ending in n
    </>
    <ns:tag attr=<b>element value</b> />
  </App.Layout>
);
