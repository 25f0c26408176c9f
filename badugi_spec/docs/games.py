"""One page per split-pot game (Badeucy, Badacy): how a hand is valued twice, reference
hands valued by the rankings, and played hands from scenarios that have just passed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from badugi_spec import profiles
from badugi_spec.cards import format_cards, parse_cards
from badugi_spec.rankings import ranking
from badugi_spec.rankings.census import FIVE_CARD_HANDS

from .examples import Executed, scenario_md
from .lessons.landmarks import TABLES, table_md
from .render import RuleLink, inline_md
from .templating import data, render

PAGES: Final = data("games")
GAMES: Final = tuple(PAGES["game"])  # the profiles of the split-pot games with a page


def page_name(game: str) -> str:
    return f"game-{game}.md"


def _landmarks(halves: Sequence[str]) -> str:
    """Hands to know in each half (`lessons.landmarks`)."""
    tables = [(name, table_md(name)) for name in halves if name in TABLES]
    return render("game/landmarks.md", all_hands=FIVE_CARD_HANDS, tables=tables)


def game_md(
    game: str,
    executed: Sequence[Executed],
    *,
    rule_link: RuleLink,
    scenario_href: Callable[[str], str | None],
) -> str:
    """The page of one split-pot game."""
    spec = PAGES["game"][game]
    profile = profiles.get(game)
    by_id = {e.scenario.id: e for e in executed}
    values = [
        {
            "cards": format_cards(cards),
            "cells": [str(ranking(name).evaluate(cards)) for name in profile.halves],
        }
        for cards in map(parse_cards, PAGES["reference_hands"])
    ]
    examples = [
        (
            scenario_id,
            None  # a suite without it, such as the tests' small ones
            if (example := by_id.get(scenario_id)) is None
            else scenario_md(example, rule_link=rule_link, scenario_href=scenario_href, level=3),
        )
        for scenario_id in spec["examples"]
    ]
    lead = spec["lead"].replace(
        f"({profile.chapter})", f"({rule_link(profile.chapter + '.1')} and after)"
    )
    return render(
        "pages/game.md",
        r=rule_link,
        title=inline_md(profile.title),
        lead=lead,
        profile=profile,
        values=values,
        landmarks=_landmarks(profile.halves),
        examples=examples,
    )
