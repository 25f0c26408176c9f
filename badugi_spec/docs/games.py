"""One page per split-pot game (Badeucy, Badacy): how a hand is valued twice, reference
hands worked out by the rankings themselves, and played hands from the scenario suite.

Every value on the page comes from `badugi_spec.rankings` and every played hand from a
scenario that has just passed, so the page cannot drift from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec import profiles
from badugi_spec.cards import format_cards, parse_cards
from badugi_spec.rankings import ranking

from .examples import Executed, scenario_md
from .lessons.landmarks import ALL_HANDS, BADUGI_HALVES, LOWS, table_md
from .render import inline_md

RuleLink = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Game:
    """What a game page shows: its profile, its lead, and which scenarios to work through."""

    profile: str
    lead: str
    examples: tuple[str, ...]


REFERENCE_HANDS: Final = (
    "2♠ 3♥ 4♦ 5♣ 7♠",
    "A♠ 2♥ 3♦ 4♣ 5♠",
    "A♠ 2♥ 3♦ 4♣ 9♠",
    "2♠ 3♥ 4♦ 6♣ K♦",
    "3♠ 4♥ 5♦ 6♣ 7♦",
    "2♥ 3♥ 4♥ 5♥ 7♥",
    "2♠ 2♥ 3♦ 4♣ 8♠",
)
"""Hands whose two values differ instructively between the games (FAMILY-NOTES §3.3)."""

GAMES: Final = {
    "badeucy": Game(
        "badeucy",
        "Badeucy is Badugi and deuce-to-seven triple draw at once: five cards, three draws"
        " of none to five, and every pot split between the best Badugi, aces high, and the"
        " best 2-7 low (R21).",
        (
            "badeucy-each-half-to-its-own-hand",
            "badeucy-contrast-pair-scoop",
            "badeucy-three-way-side-pot-in-halves",
            "badeucy-odd-chip-between-halves-by-position",
        ),
    ),
    "badacy": Game(
        "badacy",
        "Badacy is Badeucy's twin with the aces turned low: the Badugi half is ordinary"
        " Badugi and the low half ace-to-five, where straights and flushes do not count"
        " (R22).",
        (
            "badacy-contrast-pair-scoop",
            "badacy-wheel-beats-a-straight",
            "badacy-flush-is-ignored-in-the-low",
            "badacy-odd-chip-within-a-half",
        ),
    ),
}


def page_name(game: str) -> str:
    return f"game-{game}.md"


def _values_table(halves: Sequence[str]) -> list[str]:
    header = " | ".join(f"`{name}`" for name in halves)
    lines = [f"| Five cards | {header} |", "| --- |" + " --- |" * len(halves)]
    for text in REFERENCE_HANDS:
        cards = parse_cards(text)
        cells = " | ".join(str(ranking(name).evaluate(cards)) for name in halves)
        lines.append(f"| {format_cards(cards)} | {cells} |")
    return lines


def _landmarks(halves: Sequence[str]) -> list[str]:
    """Hands to know in each half, best first as the ranking orders them; a low's with
    the exact share of all five-card hands it beats (`lessons.landmarks`)."""
    lines = [
        "## Landmark hands and traps",
        "",
        "Best first, as the rankings order them. *Beats* is the exact share of all"
        f" {ALL_HANDS:,} five-card hands the hand beats in that half.",
        "",
    ]
    for name in halves:
        if name in LOWS:
            lines += [f"**`{name}`**", "", *table_md(name, LOWS[name]), ""]
        elif name in BADUGI_HALVES:
            lines += [f"**`{name}`**", "", *table_md(name, BADUGI_HALVES[name], shares=False), ""]
    return lines


def game_md(
    game: str,
    executed: Sequence[Executed],
    *,
    rule_link: RuleLink,
    scenario_href: Callable[[str], str | None],
) -> str:
    """The page of one split-pot game."""
    spec = GAMES[game]
    profile = profiles.get(spec.profile)
    first, second = profile.halves
    by_id = {e.scenario.id: e for e in executed}
    lines = [
        f"# {inline_md(profile.title)}",
        "",
        spec.lead.replace(
            f"({profile.chapter})", f"({rule_link(profile.chapter + '.1')} and after)"
        ),
        "",
        f"Everything else (the blinds, the {profile.betting} betting, the"
        f" {profile.draws} draws) is played as in Badugi, at a table of {profile.min_seats}"
        f" to {profile.max_seats} players. New to the game? The [lessons](lessons.md) teach"
        " it step by step, split pots in [lesson 7](lesson-split-pots.md).",
        "",
        f"Play it with `badugi-spec play --profile {profile.name}` or check an implementation"
        f" of it with scenarios that say `profile {profile.name}` (the profile starts from"
        f" `{profile.extends}`).",
        "",
        "## Every hand valued twice",
        "",
        f"At the showdown each pot is split in two halves ({rule_link('R8.29')}): one to the"
        f" best hand in `{first}`, one to the best in `{second}`. There is no qualifier, and"
        f" one hand can take both, a scoop. Side pots are split into their own halves among"
        f" their own players. An odd chip between the halves goes"
        f" `{profile.odd_chip_between_halves}` ({rule_link('R8.30')}).",
        "",
        "The same five cards in both rankings, as the engine values them:",
        "",
        *_values_table(profile.halves),
        "",
        *_landmarks(profile.halves),
        "## Worked examples",
        "",
    ]
    for scenario_id in spec.examples:
        example = by_id.get(scenario_id)
        if example is None:  # a suite without it, such as the tests' small ones
            lines += [f"(The scenario `{scenario_id}` is missing.)", ""]
            continue
        lines.append(
            scenario_md(example, rule_link=rule_link, scenario_href=scenario_href, level=3)
        )
    return "\n".join(lines) + "\n"
