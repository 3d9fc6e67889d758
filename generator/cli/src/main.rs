//! `rawast`: regenerate a schema's deserializers, and build and check their npm packages.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "rawast",
    version,
    about = "Generates JS deserializers of Rust ASTs (raw transfer) from a schema, and their npm packages"
)]
struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Subcommand)]
enum Commands {
    /// Regenerate the output directory from codegen.toml and the schema files it names
    ///
    /// Writes only files whose bytes changed and lists them; removes the files it wrote before that it
    /// no longer generates. It never overwrites or removes a file it did not write (one without its
    /// generated header, not in its manifest): such files in the output directory are an error.
    Codegen {
        /// Write nothing; list stale, missing and extra files; exit 1 if there are any
        #[arg(long)]
        check: bool,
        /// The configuration; paths in it are relative to its directory
        #[arg(long, value_name = "FILE", default_value = "codegen.toml")]
        config: PathBuf,
    },
    /// Build the parser of each package that has one (a native addon or a wasm module), into the package
    ///
    /// Runs `cargo build --release` of the crate codegen wrote (<output>/napi/<target>/, or
    /// <output>/wasm/<target>/ for wasm32-unknown-unknown) and copies the library into the package,
    /// where its `parse` loads it: an addon as napi-rs names them, <name>.<platform>.node such as
    /// jsonc.linux-x64-gnu.node; a wasm module as <name>.wasm. The generated files must be up to
    /// date. The last line is `addon: N built`.
    Addon {
        /// The configuration; paths in it are relative to its directory
        #[arg(long, value_name = "FILE", default_value = "codegen.toml")]
        config: PathBuf,
        /// Build only this target's addon (repeat for several); default: every addon
        #[arg(long = "target", value_name = "NAME")]
        targets: Vec<String>,
        /// Build with Cargo's dev profile instead of --release
        #[arg(long)]
        debug: bool,
    },
    /// Pack each target's npm package and check the tarball as a user gets it
    ///
    /// Per package: npm pack into target/npm/, publint --strict, npm install into a fresh project,
    /// tsc --strict on its README's TypeScript example, and on each Node the smoke test (with the
    /// buffer and expected JSON of [targets.<name>.package.smoke], when given; a package with an
    /// addon has it built first, and `parse` of the smoke `source` is checked, in worker threads
    /// too), then the README's `js` examples, reading the smoke `source` (or `buffer`) as a user's
    /// code would. The generated files must be up to date, and the smoke table's files are checked
    /// before anything runs. The last line is `package: P packages, F failed`; exits 1 if any failed.
    Package {
        /// Also run `npm publish --dry-run` (needs no credentials)
        #[arg(long)]
        dry_run: bool,
        /// The configuration; paths in it are relative to its directory
        #[arg(long, value_name = "FILE", default_value = "codegen.toml")]
        config: PathBuf,
        /// A Node binary to run the smoke test on (repeat for several); default: `node` from PATH
        #[arg(long = "node", value_name = "PATH")]
        nodes: Vec<PathBuf>,
        /// Check only this target's package (repeat for several); default: every package
        #[arg(long = "target", value_name = "NAME")]
        targets: Vec<String>,
        /// Where publint and TypeScript are installed (pinned, with npm ci); default: target/rawast-tools
        #[arg(long, value_name = "DIR")]
        tools_dir: Option<PathBuf>,
        /// Pack the parsers already in the packages (from `rawast addon`, or other platforms'
        /// builds) instead of building them
        #[arg(long)]
        prebuilt: bool,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Commands::Codegen { check, config } => {
            let mode = if check { rawast::Mode::Check } else { rawast::Mode::Write };
            rawast::codegen(&config, mode).map(|report| {
                report.notes.iter().for_each(|note| eprintln!("{note}"));
                print!("{}", report.summary());
                report.success()
            })
        }
        Commands::Addon { config, targets, debug } => {
            let options = rawast::AddonOptions { targets, debug };
            rawast::addon(&config, &options, &mut |line| eprintln!("{line}")).map(|built| {
                for addon in &built {
                    println!("{}: {}", addon.target, addon.path.display());
                }
                println!("addon: {} built", built.len());
                true
            })
        }
        Commands::Package { dry_run, config, nodes, targets, tools_dir, prebuilt } => {
            let options = rawast::PackageOptions { dry_run, nodes, targets, out_dir: None, tools_dir, prebuilt };
            rawast::package(&config, &options, &mut |line| eprintln!("{line}")).map(|report| {
                print!("{}", report.summary());
                report.failed() == 0
            })
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // Diagnostics say `error:` on each of their own.
        Err(error @ rawast::Error::Input(_)) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
