"""The "what would you draw?" drill on the strategy page: hands of `data/strategy.toml`
with the draws left and a target, and the exact odds of each of the sixteen discards
(`trainer.keeps.every_keep`): a badugi of the target or better (what the learner is marked
on) and any badugi. The page's script (drill.js) only shows them, from compact JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from badugi_spec.cards import Rank, parse_cards
from badugi_spec.trainer.keeps import every_keep

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


def question_data(question: Question) -> dict[str, Any]:
    """One hand's choices and their chances: what the page needs, and nothing more."""
    hand = parse_cards(question.hand)
    dead = parse_cards(question.dead)
    counted = [
        # A kept card that does not play with the others is dead weight at this draw.
        (thrown, [c for c in kept if c not in playing], target, anything)
        for thrown, kept, playing, (target, anything) in every_keep(
            hand, draws=question.draws, dead=dead, tops=(question.top, None)
        )
    ]
    best = max(target for _, _, target, _ in counted)
    return {
        "hand": [c.pretty() for c in hand],
        "draws": question.draws,
        "top": question.top.label,
        "dead": [c.pretty() for c in dead],
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
