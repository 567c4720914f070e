"""The one command-line entry point: ``dealer-station`` with no subcommand opens the dealer's
screen; each subcommand lives in its own module in :mod:`dealer_station.commands`.

A command module defines ``NAME`` (the subcommand), ``HELP`` (one line), optionally
``DESCRIPTION`` (the long ``--help`` text), ``add_arguments(parser)`` and ``run(args) -> int``.
Invalid input exits non-zero with a one-line reason on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from dealer_station import __version__, commands
from dealer_station.cards import CardError
from dealer_station.integrity import IntegrityError, program_identity
from dealer_station.procedure import ProcedureError

__all__ = ["OneLineParser", "build_parser", "main"]


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit status 2), like every
    other invalid input: no usage block, no traceback.

    >>> import contextlib, io
    >>> parser = OneLineParser(prog="demo")
    >>> _ = parser.add_argument("--game", choices=["pai-gow"])
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     try:
    ...         parser.parse_args(["--game", "poker"])
    ...     except SystemExit as stop:
    ...         print(stop.code)
    2
    >>> err.getvalue().count("\\n"), err.getvalue().startswith("demo: error: argument --game")
    (1, True)
    """

    def error(self, message: str) -> NoReturn:
        reason = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {reason} (see {self.prog} --help)\n")


def command_names() -> list[str]:
    """Every subcommand, from the module names alone (nothing imported)."""
    return sorted(info.name for info in pkgutil.iter_modules(commands.__path__)
                  if not info.name.startswith("_"))


def _command_modules(only: str | None = None) -> list[ModuleType]:
    names = command_names() if only is None else [only] if only else []
    return [importlib.import_module(f"{commands.__name__}.{name}") for name in names]


#: Options of the top-level parser that take a value (skipped when looking for the subcommand).
_VALUED_OPTIONS = frozenset({"--config", "--data-dir"})


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names, found without importing any command, so that only that
    command's module is imported (``dealer-station hand ...`` does not load the analysis, numpy or
    the house way); None when there is none (the dealer's screen, ``--help``, a misspelling).

    >>> chosen_command(["--data-dir", "hand", "history", "--limit", "5"])
    'history'
    >>> chosen_command(["--help"]) is None, chosen_command(["halp"]) is None
    (True, True)
    """
    skip = False
    for token in argv:
        if skip:
            skip = False
        elif token in _VALUED_OPTIONS:
            skip = True
        elif not token.startswith("-"):
            return token if token in command_names() else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every subcommand, or with ``only`` that one alone (its module
    the only one imported; ``""``: none, for ``--version``)."""
    parser = OneLineParser(
        prog="dealer-station",
        description="Dealer Station for Let It Ride and Pai Gow Poker tables. "
        "With no command it opens the dealer's screen.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-station {__version__}")
    parser.add_argument("--config", help="table configuration file (TOML)")
    parser.add_argument("--data-dir", help="directory for the table's database and audit log")
    parser.add_argument(
        "--check",
        action="store_true",
        help="verify configuration, database, audit chain and devices, then exit",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="the dealer's screen started from a terminal: its diagnostic log lines (JSON) on "
        "the terminal too, not only in the data directory's dealer-station.log",
    )
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="full screen without a window frame (the table PC's kiosk session)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _command_modules(only):
        sub = subparsers.add_parser(
            module.NAME,
            help=module.HELP,
            description=getattr(module, "DESCRIPTION", module.HELP),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    return parser


def refusal_words(error: Exception) -> str:
    """The one line a refusal prints: a file that cannot be read or written is named with the
    system's words, without Python's "[Errno 2]".

    >>> refusal_words(FileNotFoundError(2, "No such file or directory", "/tmp/x.json"))
    '/tmp/x.json: No such file or directory'
    >>> refusal_words(ValueError("not an amount of money: 'abc'"))
    "not an amount of money: 'abc'"
    """
    if isinstance(error, OSError) and error.strerror and error.filename is not None:
        return f"{error.filename}: {error.strerror}"
    return str(error)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    chosen = chosen_command(arguments)
    if chosen is None and "--version" in arguments and not {"-h", "--help"} & set(arguments):
        chosen = ""  # the version alone: no command module needed
    parser = build_parser(chosen)
    args = parser.parse_args(arguments)
    if not args.check:  # --check reports it among its checks
        try:
            program_identity()  # a bundle: signature and every file (a checkout: nothing)
        except IntegrityError as error:
            print(f"dealer-station: refusing to run a modified program: {error}",
                  file=sys.stderr)
            return 3
    try:
        if args.command is None:
            # deferred on purpose: a command's run imports its own module alone (no other)
            from dealer_station.commands import _default

            return _default.run(args)
        result: int = args._run(args)
        return result
    except (CardError, ProcedureError, ValueError, OSError) as error:
        print(f"dealer-station: {refusal_words(error)}", file=sys.stderr)
        return 2
    except EOFError:  # a PIN asked for at a prompt, and the input ended (no terminal)
        print("dealer-station: the input ended before the PIN asked for was typed (without a "
              "terminal, give it on standard input with --pin-stdin)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
