"""Argument types for numbers on the command line: ASCII digits only (`badugi_spec.digits`).

argparse's `type=int` is `int()`, which reads `４` and `٤` as 4 and `1_0` as 10; every
numeric option takes one of these instead, and a refusal is argparse's one usage line.
"""

from __future__ import annotations

import argparse
import re
import shlex
from collections.abc import Callable
from typing import Final

from badugi_spec import digits
from badugi_spec.errors import BadugiError

SEED_DIGITS: Final = 100
"""A seed is any whole number; this many digits is more than any seed needs."""


def _refuse(text: str, what: str) -> argparse.ArgumentTypeError:
    other = any(char.isdigit() or char.isnumeric() for char in text if not "0" <= char <= "9")
    hint = " (the digits 0 to 9 only)" if other else ""
    return argparse.ArgumentTypeError(f"expected {what}, not {text[:40]!r}{hint}")


def whole(text: str) -> int:
    """A whole number of at most 13 digits, 0 or more: `--players 3`, `--draws 2`."""
    value = digits.whole(text)
    if value is None:
        raise _refuse(text, "a whole number")
    return value


def at_least(low: int, what: str) -> Callable[[str], int]:
    """A whole number of `low` or more; `what` names it in the refusal (`hand`)."""

    def read(text: str) -> int:
        value = whole(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"at least {low} {what}, not {value}")
        return value

    return read


def seed(text: str) -> int:
    """A seed: a whole number, which may be negative."""
    value = digits.signed(text, most_digits=SEED_DIGITS)
    if value is None:
        raise _refuse(text, "a whole number as the seed")
    return value


def seconds(text: str) -> float:
    """A number of seconds greater than zero: `10`, `0.5`."""
    value = digits.decimal(text)
    if value is None:
        raise _refuse(text, "a number of seconds")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be more than 0 seconds")
    return value


def force_option(parser: argparse.ArgumentParser, what: str = "a report file") -> None:
    """`--force`: replace `what` that already exists (never an input: `badugi_spec.outputs`)."""
    parser.add_argument(
        "--force", action="store_true", help=f"replace {what} that already exists (never an input)"
    )


# `--impl CMD` (verify, fuzz, board): the words of a command, run without a shell, so what a
# shell would read in them is refused with the form that works.
_ASSIGNMENT: Final = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_SHELL: Final = frozenset({"|", "||", "&&", ";", ">", ">>", "<", "2>", "&"})


def impl_argv(text: str) -> list[str]:
    """`--impl` as the words of a command, which is not run through a shell."""
    try:
        argv = shlex.split(text)
    except ValueError as bad:
        raise BadugiError(f"--impl: {bad}") from None
    if not argv:
        raise BadugiError("--impl names no command")
    if _ASSIGNMENT.match(argv[0]):
        raise BadugiError(
            f"--impl {text!r}: the command is not run through a shell, so {argv[0]!r} is not"
            f" a variable setting; write --impl {shlex.quote('env ' + text)}"
        )
    shell = [word for word in argv if word in _SHELL]
    if shell:
        raise BadugiError(
            f"--impl {text!r}: the command is not run through a shell, so {shell[0]!r} is an"
            f" argument; write --impl {shlex.quote('sh -c ' + shlex.quote(text))}"
        )
    return argv
