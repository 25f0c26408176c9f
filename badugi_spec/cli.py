"""The `badugi-spec` command. Each subcommand lives in `badugi_spec.commands`.

Errors the user can cause end as one line on stderr with exit status 2, never a traceback.

Only the chosen command's module is imported (`badugi_spec.commands`): the others appear in
`--help` from the list there, as parsers with no arguments that are never run.
"""

from __future__ import annotations

import argparse
import functools
import select
import sys
from collections.abc import Sequence

from badugi_spec import commands
from badugi_spec.errors import BadugiError, clip

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse prints the whole usage block; one line is what the rest of the CLI gives.
        self.exit(USAGE_ERROR, f"badugi-spec: error: {message} (see --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with `command` given, one in which only that command's module
    is imported and registered: every other command is a stand-in with its help line, enough
    for `--help` and for argparse's list of choices."""
    parser = _Parser(
        prog="badugi-spec",
        description=(
            "Rules verifier and teaching tool for Badugi: the house game (heads-up, fixed"
            " limit, triple draw) and the rule profiles of its family, for 2 to 8 seats."
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    wanted = commands.modules() if command is None else (commands.module_of(command),)
    registered: set[str] = set()
    for name, module, help_line in commands.COMMANDS:
        if module not in wanted:
            sub.add_parser(name, help=help_line)
        elif module not in registered:
            # A module registers all of its commands, in the order COMMANDS lists them.
            commands.load(module).register(sub)
            registered.add(module)
    return parser


@functools.cache
def _parser_for(command: str) -> argparse.ArgumentParser:
    """`build_parser(command)`, built once per command in a process: parsing keeps nothing
    in the parser, and a process that calls `main` many times (the tests call it a few
    thousand times) spent 5 ms building it at each call."""
    return build_parser(command)


def _command_word(argv: Sequence[str]) -> str | None:
    """The command `argv` names: its first word not starting with `-`. The only option
    before the command is `-h`, which takes no value, so that word is the command."""
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        # "" names no command: every command is a stand-in, enough for `--help` and errors.
        args = _parser_for(_command_word(words) or "").parse_args(words)
    except SystemExit as stop:  # --help, or a usage error already printed as one line
        return stop.code if isinstance(stop.code, int) else USAGE_ERROR
    try:
        status: int = args.run(args)
    except BadugiError as error:
        first, *rest = str(error).splitlines() or [type(error).__name__]
        print(clip(f"badugi-spec: error: {first}"), file=sys.stderr)
        for line in rest:
            print(clip(line), file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError as error:
        if _stdout_is_closed():
            # The reader (e.g. `| head`) went away; that is not the user's mistake to report.
            sys.stderr.close()
            return 0
        print(f"badugi-spec: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except OSError as error:
        print(f"badugi-spec: error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("badugi-spec: interrupted", file=sys.stderr)
        return 130
    return status


def _stdout_is_closed() -> bool:
    """Whether the reader of our stdout went away (the pipe reports an error on poll).

    A broken pipe elsewhere, such as to an implementation under `verify`, is a real error;
    flushing cannot tell them apart, since a failed write may already have dropped the data.
    """
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(event & (select.POLLERR | select.POLLHUP) for _, event in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return True  # no poll on this platform, or no real stdout: stay quiet as before


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
