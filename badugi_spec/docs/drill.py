"""The "what would you draw?" drill on the strategy page: hands with the draws left and a
target, and the exact odds of every discard, counted while the page is built.

The hands are `data/strategy.toml`; the page only shows the numbers (drill.js), as
compact JSON on the drill's element. A choice is any of the sixteen sets of cards to
throw (`discard_odds`); a kept card that does not play with the others (R2.1) is dead
weight, which the choice names. Each choice has two chances by the showdown: a badugi of
the target or better (which the learner is marked on) and any badugi.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, Final

from badugi_spec.cards import Card, Rank, parse_cards
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import discard_odds

from .render import text
from .templating import data


@dataclass(frozen=True, slots=True)
class Question:
    hand: str
    draws: int
    """Draws left, this one included."""
    top: Rank
    """The target: a badugi of this top card or better wins the pot, anything less loses."""
    dead: str = ""
    """Cards known to be out of play: the learner's own earlier discards."""
    story: str = ""


RANKS: Final = {rank.label: rank for rank in Rank}
QUESTIONS: Final = tuple(
    Question(q["hand"], q["draws"], RANKS[q["top"]], q.get("dead", ""), q.get("story", ""))
    for q in data("strategy")["drill"]
)
"""The drill's hands (`data/strategy.toml`)."""


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}"


def _idle(kept: tuple[Card, ...]) -> list[Card]:
    """Kept cards that do not play with the others: dead weight at this draw."""
    playing = evaluate(kept).cards if kept else ()
    return [c for c in kept if c not in playing]


def question_data(question: Question) -> dict[str, Any]:
    """One hand's choices and their chances: what the page needs, and nothing more."""
    hand = parse_cards(question.hand)
    counted: list[tuple[tuple[Card, ...], list[Card], Fraction, Fraction]] = []
    # Stand pat first, then every draw of one, two, three and four cards.
    for size in range(len(hand) + 1):
        for thrown in combinations(hand, size):
            target, anything = (
                discard_odds(
                    hand, thrown, draws=question.draws, dead=question.dead, top=top
                ).badugi[-1]
                for top in (question.top, None)
            )
            idle = _idle(tuple(c for c in hand if c not in thrown))
            counted.append((thrown, idle, target, anything))
    best = max(target for _, _, target, _ in counted)
    return {
        "hand": [c.pretty() for c in hand],
        "draws": question.draws,
        "top": question.top.label,
        "dead": [c.pretty() for c in parse_cards(question.dead)],
        "story": question.story,
        "choices": [
            {
                "throw": [hand.index(c) for c in thrown],
                "idle": [hand.index(c) for c in idle],
                "target": _percent(target),
                "any": _percent(anything),
                "exact": [str(target), str(anything)],
            }
            for thrown, idle, target, anything in counted
        ],
        "best": [i for i, (_, _, target, _) in enumerate(counted) if target == best],
    }


def drill_data() -> list[dict[str, Any]]:
    return [question_data(q) for q in QUESTIONS]


def drill_json() -> str:
    """Every question as the page's script reads it, escaped for the drill's attribute."""
    return text(json.dumps(drill_data(), ensure_ascii=False, separators=(",", ":")))
