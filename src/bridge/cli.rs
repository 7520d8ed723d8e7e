//! `varia import` and `varia export` on the command line: files in and
//! out, errors on standard error, exit codes.

use std::io::Write;
use std::path::Path;

use crate::notation::printable;

/// The largest `.ini` file `varia import` reads (FS's own is about 80 KB).
const MAX_INI_BYTES: u64 = 16 * 1024 * 1024;

fn write_out(text: &str) -> bool {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => false,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            false
        }
    }
}

fn read_text(path: &str) -> Option<String> {
    let size = std::fs::metadata(path).map(|m| m.len());
    if let Ok(size) = size {
        if size > MAX_INI_BYTES {
            eprintln!(
                "error: {} is larger than {MAX_INI_BYTES} bytes",
                printable(path)
            );
            return None;
        }
    }
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", printable(path));
            None
        }
    }
}

/// `varia import FILE.ini [SECTION…] [-o DIR]`: every section translated
/// is printed (or written to DIR/NAME.variant); every one that cannot be is
/// an error on standard error. Exit 0 only when all were translated.
pub fn import(file: &str, sections: &[String], output: Option<&str>) -> i32 {
    let Some(text) = read_text(file) else {
        return 1;
    };
    let results = super::import::import_ini(&text, sections);
    if results.is_empty() {
        eprintln!("error: {} has no sections", printable(file));
        return 1;
    }
    let mut status = 0;
    for result in results {
        match result {
            Ok(imported) => match output {
                None => {
                    if !write_out(&format!("{}\n", imported.script)) {
                        return 1;
                    }
                }
                Some(dir) => {
                    if !super::is_plain_name(&imported.name) {
                        eprintln!(
                            "error: [{}]: not a name to make a file of",
                            printable(&imported.name)
                        );
                        status = 1;
                        continue;
                    }
                    let path = Path::new(dir).join(format!("{}.variant", imported.name));
                    let written = std::fs::create_dir_all(dir)
                        .and_then(|()| std::fs::write(&path, &imported.script));
                    match written {
                        Ok(()) => eprintln!("wrote {}", printable(&path.display().to_string())),
                        Err(e) => {
                            eprintln!(
                                "error: cannot write {}: {e}",
                                printable(&path.display().to_string())
                            );
                            status = 1;
                        }
                    }
                }
            },
            Err(e) => {
                eprintln!("error: {}", printable(&e.to_string()));
                status = 1;
            }
        }
    }
    status
}

/// `varia export SCRIPT [-o FILE.ini]`.
pub fn export(script: &str, name: Option<&str>, output: Option<&str>) -> i32 {
    let Some(variant) = crate::load::load_variant_or_report(script) else {
        return 1;
    };
    let name = name.map(str::to_string).unwrap_or_else(|| {
        Path::new(script)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("variant")
            .to_string()
    });
    if !super::is_plain_name(&name) || name.contains(['[', ']', ':']) {
        eprintln!(
            "error: `{}` cannot be a section name (letters, digits, `-`, `_`, `.`)",
            printable(&name)
        );
        return 1;
    }
    match super::export::export_variant(&variant, &name) {
        Ok(text) => match output {
            None => {
                write_out(&text);
                0
            }
            Some(path) => match std::fs::write(path, text) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("error: cannot write {}: {e}", printable(path));
                    1
                }
            },
        },
        Err(e) => {
            eprintln!("error: {}", printable(&e.to_string()));
            1
        }
    }
}
