"""What may be typed at the cursor, asked of the grammar itself.

The line up to the word being typed is fed to the parser (`keywords.expected`), which
names the terminals it would accept next. Fixed words become keywords; `NAME` the players
of the file's `players` line; the profile's `SLUG` the shipped profiles; and so on for
rule IDs, overrides, rankings and error codes. A line the parser cannot read yet is offered
every keyword and player, as a plain word list would be.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from badugi_spec import profiles
from badugi_spec.engine.codes import CODES
from badugi_spec.lsp.text import Span, partial_word
from badugi_spec.rankings import ranking_names
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.keywords import expected, keyword_texts, keywords

_PLAYERS_LINE: Final = re.compile(r"^[ \t]*players[ \t]+(.*)$", re.M)
_SEAT: Final = re.compile(r"(?:^|,)\s*([A-Z][A-Za-z0-9_]*)\b")
_PROFILE_NAME: Final = re.compile(r"\s*profile\s+$")


class Kind(enum.Enum):
    KEYWORD = "keyword"
    PLAYER = "player"
    PROFILE = "profile"
    RULE = "rule"
    OVERRIDE = "override"
    VALUE = "value"


@dataclass(frozen=True, slots=True)
class Suggestion:
    label: str
    kind: Kind
    detail: str = ""


def players(text: str) -> tuple[str, ...]:
    """The names the file's `players` line seats, in order."""
    found = _PLAYERS_LINE.search(text)
    if found is None:
        return ()
    seats = found.group(1).split("#", 1)[0]
    return tuple(dict.fromkeys(m.group(1) for m in _SEAT.finditer(seats)))


def complete(text: str, line: int, column: int) -> tuple[list[Suggestion], Span]:
    """What may stand at a 0-based line and column, and the typed part it replaces."""
    before, typed = partial_word(text, line, column)
    span = Span(line, column - len(typed), column)
    accepted = expected(before)
    if accepted is None:
        everything = [_keyword(k.word) for k in keywords()] + _players(text)
        return _starting(everything, typed), span
    found: list[Suggestion] = [_keyword(word) for word in keyword_texts(accepted)]
    if "NAME" in accepted:
        found += _players(text)
    if "SLUG" in accepted and _PROFILE_NAME.fullmatch(before):
        found += [_profile(name) for name in profiles.names()]
    if "OVERRIDE" in accepted:
        found += [
            Suggestion(f"{p.name}=", Kind.OVERRIDE, f"{p.summary} ({p.rule})")
            for p in profiles.PARAMETERS.values()
        ]
    if "RULE_ID" in accepted:
        found += [Suggestion(r.id, Kind.RULE, r.title) for r in load_rules().values()]
    if "CODE" in accepted:
        found += [Suggestion(c.code, Kind.VALUE, f"{c.rule}: {c.summary}") for c in CODES.values()]
    if "RANKING" in accepted:
        found += [Suggestion(name, Kind.VALUE, "ranking (R9.1)") for name in ranking_names()]
    if "IN_RANKING" in accepted:
        found += [
            Suggestion(f"in {name}", Kind.VALUE, "ranking (R9.1)") for name in ranking_names()
        ]
    return _starting(found, typed), span


def _keyword(word: str) -> Suggestion:
    return Suggestion(word, Kind.KEYWORD)


def _players(text: str) -> list[Suggestion]:
    return [Suggestion(name, Kind.PLAYER, "player") for name in players(text)]


def _profile(name: str) -> Suggestion:
    try:
        title = profiles.get(name).title
    except profiles.ProfileError as error:  # a broken profile file is still a name to offer
        title = str(error)
    return Suggestion(name, Kind.PROFILE, title)


def _starting(found: Iterable[Suggestion], typed: str) -> list[Suggestion]:
    """The suggestions that begin with what was typed, each label once."""
    kept = {s.label: s for s in found if s.label.startswith(typed)}
    return list(kept.values())
