//! Shared by the snapshot test files.

/// insta settings for snapshots in the top-level `snapshots/<folder>/`, named by test and input.
pub fn snapshot_settings(folder: &str) -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(format!("../../snapshots/{folder}"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}
