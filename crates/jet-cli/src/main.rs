//! `jet`: check and process JSON from the command line. A thin layer over the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The exit status section of `--help`, shared by every command.
macro_rules! exit_status_help {
    () => {
        "Exit status:
  0  the input is valid
  1  the input is invalid
  2  bad usage, or a file could not be read"
    };
}

mod check;
mod input;

/// Exit status: the input is valid (or the job is done).
const EXIT_OK: u8 = 0;
/// Exit status: the input is invalid.
const EXIT_INVALID: u8 = 1;
/// Exit status: bad usage or an I/O error.
const EXIT_TROUBLE: u8 = 2;

#[derive(Parser)]
#[command(name = "jet", version, about = "Check and process JSON, strictly and fast.", after_help = exit_status_help!())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Check(check::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Check(args) => check::run(&args),
    };
    ExitCode::from(status)
}
