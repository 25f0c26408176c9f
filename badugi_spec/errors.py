"""The exception tree. Every error a user can meet carries a place and says what is wrong.

BadugiError
├── CardError          bad card notation, duplicates, wrong count
├── RankingError       a hand ranking name that is not in the registry
├── RulebookError      a malformed rules/ file
├── IllegalAction      an action the rules forbid (stable `code` + `rule` ID)
└── ScenarioError      a scenario file that does not parse or make sense (file:line:col)
"""

from __future__ import annotations

from typing import Final

MOST_LINE_CHARS: Final = 300
"""An error line at most: a value of 40,000 characters is no message anybody reads."""
_AROUND: Final = 60
"""Characters of a long source line shown before the place an error points at."""


def clip(line: str, *, most: int = MOST_LINE_CHARS) -> str:
    """`line` cut to `most` characters, `…` marking the cut: the one limit every error
    line the command line prints goes through (`cli`, `ScenarioError.render`)."""
    return line if len(line) <= most else line[: most - 1] + "…"


class BadugiError(Exception):
    """Base of every error this package raises on purpose."""


class CardError(BadugiError, ValueError):
    """Card text that cannot be read, or cards that cannot form the hand asked for."""


class RankingError(BadugiError, ValueError):
    """A hand ranking asked for by a name the registry (`badugi_spec.rankings`) lacks."""


class RulebookError(BadugiError):
    """The rulebook in `rules/` does not follow its format."""


class IllegalAction(BadugiError):
    """An action the rules forbid. The game state is left exactly as it was.

    `code` is a stable identifier that scenarios and other implementations use; `rule` is
    the rulebook ID the action breaks.
    """

    def __init__(self, code: str, rule: str, message: str) -> None:
        super().__init__(f"{rule} {code}: {message}")
        self.code = code
        self.rule = rule
        self.message = message


class ScenarioError(BadugiError):
    """A scenario file that cannot be parsed or is inconsistent, with its location.

    Line 0 means the file as a whole (it cannot be read): the place is then only the path.
    """

    def __init__(
        self, message: str, *, path: str, line: int, column: int, source_line: str = ""
    ) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.source_line = source_line
        super().__init__(self.render())

    def render(self) -> str:
        if self.line == 0:
            return clip(f"{self.path}: {self.message}")
        head = clip(f"{self.path}:{self.line}:{self.column}: {self.message}")
        if not self.source_line:
            return head
        # A long line is shown around the place, so the caret still points at it.
        at = max(self.column, 1) - 1
        start = max(at - _AROUND, 0)
        shown = self.source_line[start:]
        if start:
            shown = "…" + shown[1:]
        shown = clip(shown, most=MOST_LINE_CHARS - 4)
        caret = " " * (at - start) + "^"
        return f"{head}\n    {shown}\n    {caret}"
