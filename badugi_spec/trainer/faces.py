"""Card faces for the terminal: a four-colour deck, or plain text where colour cannot go.

The four-colour deck gives each suit its own colour, so that two cards of one suit (which
cannot both play, R2.1) are seen at a glance: spades black (the terminal's own colour,
bold), hearts red, diamonds blue, clubs green. Plain faces carry no escape codes, and
where the output cannot encode the suit symbols they fall back to the letters (`As`).
"""

from __future__ import annotations

import os
import re
from typing import Final, TextIO

from badugi_spec.cards import Suit

RESET: Final = "\x1b[0m"
COLOURS: Final = {
    Suit.SPADES: "\x1b[1m",
    Suit.HEARTS: "\x1b[1;31m",
    Suit.DIAMONDS: "\x1b[1;34m",
    Suit.CLUBS: "\x1b[1;32m",
}
BOLD: Final = "\x1b[1m"
DIM: Final = "\x1b[2m"


_SUIT_OF: Final = {suit.symbol: suit for suit in Suit}
_ASCII: Final = str.maketrans({"·": "|", "─": "-", "—": "-"})
_FACE: Final = re.compile(r"(10|[A2-9TJQK])?([♠♥♦♣])")


class Faces:
    def __init__(self, *, colour: bool, symbols: bool = True) -> None:
        self.colour = colour
        self.symbols = symbols

    def paint(self, text: str) -> str:
        """`text` with every card face (`K♦`) and suit symbol in it drawn as a face."""

        def face(match: re.Match[str]) -> str:
            rank, suit = match.group(1) or "", _SUIT_OF[match.group(2)]
            shown = rank + (suit.symbol if self.symbols else suit.value)
            return f"{COLOURS[suit]}{shown}{RESET}" if self.colour else shown

        if not self.colour and self.symbols:
            return text
        if not self.symbols:
            text = text.translate(_ASCII)
        return _FACE.sub(face, text)

    def strong(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.colour else text

    def dim(self, text: str) -> str:
        return f"{DIM}{text}{RESET}" if self.colour else text


def can_encode_symbols(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def wants_colour(stream: TextIO) -> bool:
    """Colour only on a terminal that is not `dumb`, and never with NO_COLOR set."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
