// {{ header[0] }}
// {{ header[1] }}

//! The {{ what }} of {{ package }}: the functions of `addon.rs`, which the package's `index.js`
//! calls{% if !modules.is_empty() %}, and those of the modules codegen.toml's `modules` name{% endif %}. `addon.rs` is generated as rustfmt
//! leaves it, whatever the workspace's rustfmt settings.
{%- for (module, path) in modules %}

#[path = "{{ path }}"]
pub mod {{ module }};
{%- endfor %}

#[rustfmt::skip]
pub mod addon;
