// {{ header[0] }}
// {{ header[1] }}

//! napi-rs' build setup: the linker flags a Node.js addon needs on the platforms that need them.

fn main() {
    napi_build::setup();
}
