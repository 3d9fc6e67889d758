//! `jsonc-encode`: JSONC files to rawast buffers (and the JSON the deserializer gives of them), for
//! the JS tests and the npm package's smoke sample.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use jsonc_rawast_example::{encode_inspect, to_json};

const USAGE: &str = "\
usage: jsonc-encode [--json OUT.json] IN OUT.bin
       jsonc-encode --batch OUT_DIR [--with-json] FILE...

Parses a JSONC file (JSON with comments and trailing commas) into a rawast buffer for the generated
deserializer (generated/npm/parser/deserialize.js).

  IN OUT.bin            write the buffer of IN; a parse error is printed and exits 1
  --json OUT.json       also write JSON.stringify of what the buffer deserializes to
  --batch OUT_DIR       for the i-th FILE (from 0), write OUT_DIR/<i>.bin, or OUT_DIR/<i>.err
                        holding the message when it does not parse; exits 0 unless I/O fails
  --with-json           with --batch, also write OUT_DIR/<i>.json for each buffer
  -h, --help            print this help

Parent directories of the outputs are created. Exit status: 0 on success, 1 on a parse or I/O
error, 2 on a usage error.";

/// What the command line asks for.
enum Command {
    Help,
    One { input: PathBuf, output: PathBuf, json: Option<PathBuf> },
    Batch { dir: PathBuf, with_json: bool, files: Vec<PathBuf> },
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match parse_args(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("jsonc-encode: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = match command {
        Command::Help => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Command::One { input, output, json } => one(&input, &output, json.as_deref()),
        Command::Batch { dir, with_json, files } => batch(&dir, with_json, &files),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("jsonc-encode: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_args(args: &[String]) -> Result<Command, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Command::Help);
    }
    let mut json = None;
    let mut batch = None;
    let mut with_json = false;
    let mut positional = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = Some(args.next().ok_or("--json needs a file name")?.into()),
            "--batch" => batch = Some(args.next().ok_or("--batch needs a directory")?.into()),
            "--with-json" => with_json = true,
            "--" => positional.extend(args.by_ref().map(PathBuf::from)),
            flag if flag.starts_with('-') && flag.len() > 1 => return Err(format!("unknown option {flag}")),
            _ => positional.push(PathBuf::from(arg)),
        }
    }
    match batch {
        Some(_) if json.is_some() => Err("--json is for one file; with --batch, use --with-json".to_owned()),
        Some(dir) => Ok(Command::Batch { dir, with_json, files: positional }),
        None if with_json => Err("--with-json goes with --batch".to_owned()),
        None => match <[PathBuf; 2]>::try_from(positional) {
            Ok([input, output]) => Ok(Command::One { input, output, json }),
            Err(given) => Err(format!("expected IN and OUT.bin, got {} file names", given.len())),
        },
    }
}

fn one(input: &Path, output: &Path, json: Option<&Path>) -> Result<(), String> {
    match encode_file(input, json.is_some())? {
        Ok((buffer, text)) => {
            write(output, &buffer)?;
            json.map_or(Ok(()), |path| write(path, text.as_bytes()))
        }
        Err(message) => Err(format!("{}: {message}", input.display())),
    }
}

fn batch(dir: &Path, with_json: bool, files: &[PathBuf]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (i, file) in files.iter().enumerate() {
        match encode_file(file, with_json)? {
            Ok((buffer, text)) => {
                write(&dir.join(format!("{i}.bin")), &buffer)?;
                if with_json {
                    write(&dir.join(format!("{i}.json")), text.as_bytes())?;
                }
            }
            Err(message) => write(&dir.join(format!("{i}.err")), message.as_bytes())?,
        }
    }
    Ok(())
}

/// The buffer of a file and, if asked, its JSON; the inner `Err` is why it does not parse (the
/// outer one an I/O error).
fn encode_file(path: &Path, with_json: bool) -> Result<Result<(Vec<u8>, String), String>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // JSON text is UTF-8 (RFC 8259, section 8.1); anything else is not a JSONC file.
    let source = match std::str::from_utf8(&bytes) {
        Ok(source) => source,
        Err(e) => return Ok(Err(format!("invalid UTF-8 at byte {}", e.valid_up_to()))),
    };
    let mut json = String::new();
    let encoded = encode_inspect(source, |document| {
        if with_json {
            json = to_json(document);
        }
    });
    Ok(encoded.map(|buffer| (buffer.as_bytes().to_vec(), json)).map_err(|e| e.to_string()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
