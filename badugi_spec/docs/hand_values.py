"""A hand of cards as the worked examples show it: card faces, the cards that do not play
greyed, the value (in a named ranking, R9.1, or a split game's two halves, R8.22, R8.29,
if so valued), and why those cards do not play.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from functools import lru_cache

from badugi_spec import rankings as registry
from badugi_spec.cards import Card
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import MAX_CARDS, evaluate

from .render import cardify, cards_html, text
from .templating import Markup, html, render


def faces(cards: Sequence[Card], playing_cards: Sequence[Card] | None = None) -> str:
    """The hand as card faces; the cards that do not play are greyed (R2.1). The playing
    cards are the house value's unless given (a hand valued in a named ranking)."""
    if not cards:
        return ""
    playing = set(evaluate(cards).cards if playing_cards is None else playing_cards)
    return " ".join(
        cards_html([card]) if card in playing else cards_html([card], css="off") for card in cards
    )


def why(cards: Sequence[Card], *, rivals: bool = False) -> list[Markup] | None:
    """Which cards do not play and why, without the subset count (said once an example);
    with `rivals` (the hand-value examples), the other groups of that size and why they lose."""
    info = explain(cards)
    kept = [drop.reason() for drop in info.drops]
    if rivals:
        kept = [line.strip() for line in info.lines()[1:] if "subsets" not in line]
    return [html(cardify(text(line))) for line in kept] or None


HALVES: ContextVar[tuple[str, ...]] = ContextVar("halves", default=("badugi",))
"""The rankings of the example being drawn, set by `examples.example_html` for its length:
every card face of its tables is valued by them, not threaded through each row builder."""


def held_html(cards: Sequence[Card], *, rivals: bool = False, ranking: str | None = None) -> str:
    return _held(tuple(cards), rivals, ranking, HALVES.get())


@lru_cache(maxsize=8192)  # drawn once: a hand's table shows a holding at several rows
def _held(
    cards: tuple[Card, ...], rivals: bool, ranking: str | None, halves: tuple[str, ...]
) -> str:
    if ranking is not None:
        # A hand valued in a named ranking (R9.1), with the ranking's own explanation.
        value = registry.ranking(ranking).evaluate(cards)
        lines = [line.strip() for line in value.explain().lines[1:] if "subsets" not in line]
        return render(
            "hand/held.html",
            faces=html(faces(cards, value.cards)),
            value=f"{value} in {ranking}",
            why=[html(cardify(text(line))) for line in lines],
        )
    if halves != ("badugi",) or len(cards) > MAX_CARDS:
        values = " · ".join(f"{name} {registry.ranking(name).evaluate(cards)}" for name in halves)
        # Which cards play differs by ranking, so no card is greyed.
        return render("hand/held.html", faces=html(cards_html(cards)), value=values, why=None)
    return render(
        "hand/held.html",
        faces=html(faces(cards)),
        value=str(evaluate(cards)),
        why=why(cards, rivals=rivals),
    )
