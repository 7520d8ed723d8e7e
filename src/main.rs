//! The `varia` command.

fn main() {
    let code = varia::cli::run(std::env::args_os().collect());
    std::process::exit(code);
}
