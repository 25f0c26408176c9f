"""Numbers read from outside text: the ASCII digits 0 to 9, and nothing else.

`str.isdigit()` is true for `²`, `٤` and `４`, and `int()` reads the last two as 4 but
refuses the first: a number checked one way and read the other was refused with a
traceback, or quietly read as another number. `\\d` in a `str` pattern matches every
Unicode decimal digit too. Every reader of a number in text that reaches us from outside
(scenario overrides, profile files, hand histories, the trainer's keys, the command line)
reads it here instead, so all of them accept exactly the same spellings.

It uses nothing: every layer above may read numbers.
"""

from __future__ import annotations

import re
from typing import Final

MOST_DIGITS: Final = 13
"""Digits a chip count may have: 10^12, the most chips a profile holds, has 13."""
INT_DIGITS: Final = 4300
"""The most digits `int()` reads by default: for a reader that checks sizes itself."""

_WHOLE: Final = re.compile(r"[0-9]+")
_DECIMAL: Final = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
# Spelled as classes, not \d: a str pattern's \d is every Unicode Nd digit.


def whole(text: str, *, most_digits: int = MOST_DIGITS) -> int | None:
    """The number `text` writes in ASCII digits (`0`, `42`), or None for anything else.

    No sign, no spaces, no `_` and no other digits: `int()` takes all of those.
    `most_digits` bounds the work and the size, since `int()` is slow on long texts.
    """
    if len(text) > most_digits or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def signed(text: str, *, most_digits: int = MOST_DIGITS) -> int | None:
    """Like `whole`, with an optional leading `-` (a seed may be negative)."""
    negative = text.startswith("-")
    value = whole(text[1:] if negative else text, most_digits=most_digits)
    if value is None:
        return None
    return -value if negative else value


def decimal(text: str, *, most_digits: int = MOST_DIGITS) -> float | None:
    """A number of seconds and the like: `2`, `0.5`, `.5`, `3.`, in ASCII digits only.

    `float()` also takes other digits, `inf`, `nan`, `1e9` and `1_0`; none is read here.
    """
    if len(text) > most_digits + 1 or not _DECIMAL.fullmatch(text):
        return None
    return float(text)


def is_ascii_digit(char: str) -> bool:
    """One of `0123456789` (what `str.isdigit` would also say of `²` or `٤`)."""
    return len(char) == 1 and "0" <= char <= "9"


__all__ = ["INT_DIGITS", "MOST_DIGITS", "decimal", "is_ascii_digit", "signed", "whole"]
