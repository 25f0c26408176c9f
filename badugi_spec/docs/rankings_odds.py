"""The learner pages on what a hand is worth: the hand rankings (all four-card hands
counted, `rankings.census`; reference hands valued in each ranking of R9) and the drawing
odds (`rankings.odds`), for the hands of `data/rankings.toml`.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.cards import Rank, parse_cards
from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.census import house_ladder
from badugi_spec.rankings.house import MAX_CARDS, describe_ranks, evaluate, parse_value
from badugi_spec.rankings.odds import draw_odds, percent

from .learn import faces
from .render import RuleLink, text
from .templating import data, render

HANDS: Final = data("rankings")
"""The pages' hands (`data/rankings.toml`); every value, share and chance is worked out."""

# ----- hand rankings -------------------------------------------------------------------


def _strength(value: str) -> int:
    return parse_value(value)[0]


def rankings_md(rule_link: RuleLink) -> str:
    lad = house_ladder()
    by_size = lad.by_size()
    bars = []
    for size in (4, 3, 2, 1):
        share = by_size[size] / lad.total
        name = "badugi (4 cards play)" if size == 4 else f"{size} cards play"
        name = "1 card plays" if size == 1 else name
        bars.append(
            {"name": name, "width": f"{max(share * 100, 0.6):.1f}", "share": f"{share:.2%}"}
        )
    landmarks = []
    for value, example, note in HANDS["landmarks"]:
        strength = _strength(value)
        assert evaluate(parse_cards(example)).strength == strength, (value, example)
        label = describe_ranks(parse_value(value)[1]) + (f", {note}" if note else "")
        landmarks.append(
            {
                "label": text(label),
                "example": faces(example),
                "beaten": f"{lad.share_beaten(strength):.2%}",
            }
        )
    top_rows = [
        {
            "label": next(r for r in Rank if r.order == top).label,
            "distinct": values,
            "count": hands,
            "better": f"{lad.share_at_least(weakest):.2%}",
        }
        for top, (values, hands, weakest) in lad.badugis_by_top().items()
    ]
    return render(
        "pages/rankings.md",
        r=rule_link,
        total=lad.total,
        bars=bars,
        landmarks=landmarks,
        tops=top_rows,
        rankings=[
            {"name": c.name, "title": c.title, "rule": c.rule, "note": HANDS["notes"][c.name]}
            for c in RANKINGS.values()
        ],
        reference=_reference_rows(),
    )


def _reference_rows() -> list[dict[str, Any]]:
    """The reference hands valued by each ranking of chapter R9."""
    rows = []
    for hand in HANDS["reference_hands"]:
        cells = []
        for chosen in RANKINGS.values():
            value = chosen.evaluate(hand)
            cells.append(f"{text(str(value))}: {faces(' '.join(map(str, value.cards)))}")
        rows.append({"hand": faces(hand), "cells": cells})
    return rows


# ----- drawing odds --------------------------------------------------------------------


def odds_md(rule_link: RuleLink) -> str:
    threes = []
    for kept in HANDS["odds"]["threes"]:
        any_badugi = draw_odds(kept)
        threes.append(
            {
                "kept": faces(kept),
                "outs": any_badugi.outs,
                "badugi": [percent(p) for p in any_badugi.badugi],
                "eight": percent(draw_odds(kept, top=Rank.EIGHT).badugi[-1]),
                "seven": percent(draw_odds(kept, top=Rank.SEVEN).badugi[-1]),
            }
        )
    dead = []
    for cards, label in HANDS["odds"]["dead"]:
        odds = draw_odds("A♠ 2♥ 3♦", dead=cards)
        dead.append(
            {
                "label": label,
                "shown": faces(cards) if cards else "",
                "outs": odds.outs,
                "unseen": odds.unseen,
                "badugi": [percent(p) for p in odds.badugi],
            }
        )
    more = []
    for kept in HANDS["odds"]["more"]:
        odds = draw_odds(kept)
        more.append(
            {
                "kept": faces(kept),
                "draw": MAX_CARDS - len(parse_cards(kept)),
                "badugi": [percent(p) for p in odds.badugi],
                "improve": percent(odds.improve[-1]),
            }
        )
    return render(
        "pages/odds.md",
        r=rule_link,
        faces=faces,
        threes=threes,
        reference=draw_odds("A♠ 2♥ 3♦"),
        dead=dead,
        more=more,
    )
