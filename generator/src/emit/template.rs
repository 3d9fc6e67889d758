//! Rendering a template into a file's text.

use askama::Template;

use crate::error::Error;

/// Renders `template` (its path under `templates/` is `name`, for the error), ending the text with
/// a newline: askama drops the template's last one.
pub(crate) fn render(template: &impl Template, name: &str) -> Result<String, Error> {
    let mut text =
        template.render().map_err(|source| Error::Render { template: name.to_owned(), message: source.to_string() })?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}
