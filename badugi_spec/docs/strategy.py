"""The strategy page: what to keep, when to stand pat or break, which hands to start with,
and the split games, with exact chances counted as the page is built (`rankings.odds`,
`trainer.split_odds`). Advice is marked as strategy, not a rule: the rulebook says what is
allowed, never what is wise. The drill at the end is `drill`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.cards import Rank, parse_cards
from badugi_spec.rankings.odds import MAX_DRAWS, DrawOdds, draw_odds, hand_odds
from badugi_spec.trainer.split_odds import split_odds

from .drill import drill_json
from .learn import faces
from .render import RuleLink, cards_html
from .templating import data, render

STRATEGY_PAGE: Final = "strategy.md"
STRATEGY_MARK: Final = "Strategy, not a rule"


HANDS: Final = data("strategy")
"""The page's hands (`data/strategy.toml`); every chance of them is counted."""


def by_draws_left(odds: DrawOdds) -> list[Fraction]:
    """The chance by the showdown with 3, 2 and 1 draws left: every draw is alike, so k of
    one count's three draws is k draws left."""
    return [odds.badugi[left - 1] for left in range(MAX_DRAWS, 0, -1)]


def discards(hand: str, rows: Sequence[tuple[str, Rank | None, str]]) -> list[dict[str, Any]]:
    """A table of discards of `hand`: (discard, top or None, what counts) per row."""
    cards = parse_cards(hand)
    out = []
    for discard, top, counted in rows:
        thrown = parse_cards(discard)
        kept = " ".join(str(c) for c in cards if c not in thrown)
        odds = hand_odds(hand, discard, top=top)
        out.append(
            {
                "throw": cards_html(thrown),
                "keep": faces(kept),
                "counted": counted,
                "left": by_draws_left(odds),
            }
        )
    return out


def _pat_or_break() -> dict[str, Any]:
    hand = "A♠ 3♥ 4♦ J♣"
    broken = hand_odds(hand, "J♣", top=Rank.TEN).badugi
    # Your four cards cannot come to them: for their draw they are as good as dead.
    opponent = draw_odds("2♠ 5♥ 7♦", dead=hand)
    return {"hand": hand, "last": broken[0], "first": broken[-1], "opponent": opponent}


def _dead_cards() -> list[dict[str, Any]]:
    return [
        {
            "label": label,
            "cards": cards_html(parse_cards(dead)),
            "odds": draw_odds("A♠ 2♥ 3♦", dead=dead, top=Rank.SEVEN),
        }
        for dead, label in HANDS["dead"]
    ]


def _starting_hands() -> list[dict[str, Any]]:
    rows = []
    for hand, discard, label in HANDS["starts"]:
        cells = [hand_odds(hand, discard, top=top).badugi[-1] for top in _TOPS]
        thrown = parse_cards(discard)
        kept = " ".join(c.pretty() for c in parse_cards(hand) if c not in thrown)
        rows.append(
            {
                "dealt": faces(hand),
                "label": label,
                "kept": faces(kept) if kept else "",
                "cells": cells,
            }
        )
    return rows


def _start_figures() -> dict[str, Fraction]:
    two, ace, four = (
        hand_odds(hand, discard).badugi[-1]
        for hand, discard, _ in (HANDS["starts"][5], *HANDS["starts"][-2:])
    )
    return {
        "three": hand_odds("A♠ 2♥ 3♦ 3♣", "3♣").badugi[-1],
        "two": two,
        "ace": ace,
        "four": four,
    }


_TOPS: Final = (None, Rank.EIGHT, Rank.SIX)


def _split_games() -> tuple[list[dict[str, Any]], list[Fraction]]:
    games: list[dict[str, Any]] = []
    scoop: list[Fraction] = []
    for game, hand, discards in HANDS["split_hands"]:
        profile = profiles.get(game)
        first, second = profile.halves
        cards = parse_cards(hand)
        rows = []
        for discard in discards:
            odds = split_odds(profile, cards, parse_cards(discard))
            rows.append(
                {"thrown": cards_html(parse_cards(discard)), "made": [*odds.made, odds.both]}
            )
            scoop.append(odds.both)
        games.append({"name": game, "first": first, "second": second, "hand": hand, "rows": rows})
    return games, scoop


def strategy_md(rule_link: RuleLink) -> str:
    """The whole page, drill included."""
    split, scoop = _split_games()
    return render(
        "pages/strategy.md",
        r=rule_link,
        mark=STRATEGY_MARK,
        faces=faces,
        left=by_draws_left,
        discards=discards,
        rank=Rank,
        pat=_pat_or_break(),
        dead=_dead_cards(),
        starts=_starting_hands(),
        start=_start_figures(),
        split=split,
        scoop=scoop,
        questions=drill_json(),
    )
