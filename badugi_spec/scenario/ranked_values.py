"""Hand-value answers in a named ranking (R9.1): their JSON form, their checks, their order.

A line that names a ranking (`evaluate in low-2-7 ...`) is answered in that ranking's
form: `{"size": n, "ranks": [...]}` for the Badugi rankings, the playing ranks highest
first in the ranking's own order (so an ace comes first in `badugi-ace-high`), and
`{"size": 5, "ranks": [...], "category": "pair"}` for the lows, all five ranks in reading
order (grouped ranks first) and the category of R9.4. Before an answer is compared it is
checked for being a *possible* one for the cards asked about, as `values.problem` does for
the house lines, and is read into the ranking's strength by the ranking's own parser.

The house lines (no ranking) keep `values.py` unchanged.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

from badugi_spec.cards import Card, Rank, Suit
from badugi_spec.errors import CardError
from badugi_spec.rankings import RankedValue, Ranking, category, ranking
from badugi_spec.scenario import values

LOW_CARDS = 5


def is_low(chosen: Ranking) -> bool:
    """Whether all five cards play and a value has a category (R9.4)."""
    return chosen.cards_used == LOW_CARDS


def as_json(chosen: Ranking, strength: int) -> dict[str, Any]:
    """The protocol's form of a value in `chosen`."""
    ranks = chosen.reading(strength)
    out: dict[str, Any] = {"size": len(ranks), "ranks": [rank.label for rank in ranks]}
    if is_low(chosen):
        out["category"] = category(RankedValue(chosen, strength, (), ())).value
    return out


def value_json(value: RankedValue) -> dict[str, Any]:
    return as_json(value.ranking, value.strength)


def expected(name: str, text: str) -> dict[str, Any]:
    """The compiled form of a scenario's value text, in ranking `name`."""
    chosen = ranking(name)
    return as_json(chosen, chosen.parse_value(text))


def read(chosen: Ranking, answer: object) -> int | str:
    """The strength an answer names, or why it names none (a problem for messages)."""
    shape = values.shape_problem(answer)
    if shape is not None:
        return shape
    assert isinstance(answer, dict)
    ranks = values.ranks_of(answer, most=LOW_CARDS)
    if ranks is None:
        shown = values.raw(answer["ranks"])
        return f"'ranks' is not a list of at most 5 ranks (A 2-9 10 J Q K): {shown}"
    text = "-".join(rank.label for rank in ranks)
    if is_low(chosen):
        written = answer.get("category")
        if not isinstance(written, str):
            return f"'category' is missing or not a string: {values.raw(written)}"
        if written != "no pair":
            text += f" ({written})"
    if not ranks:
        return "no ranks are given"
    if len(text) > _KEPT_TEXT_CHARS:  # a category no real value has: not worth keeping
        return _read_text.__wrapped__(chosen, text, ranks)
    return _read_text(chosen, text, ranks)


_KEPT_TEXT_CHARS = 64
"""Longer answer texts are read each time: an implementation writes the category, and a
hostile one could fill the cache with megabyte-long ones."""


@functools.lru_cache(maxsize=65536)
def _read_text(chosen: Ranking, text: str, ranks: tuple[Rank, ...]) -> int | str:
    """The strength a well-formed answer's text names, or why it names none. Kept: a run of
    the suite reads some 18,000 answers, most of them one hand's value in another order."""
    try:
        strength = chosen.parse_value(text)
    except CardError as error:
        return str(error)
    if chosen.reading(strength) != ranks:
        shown = "-".join(rank.label for rank in chosen.reading(strength))
        return f"the ranks {text} are not in reading order ({shown}, {chosen.rule})"
    return strength


def problem(chosen: Ranking, cards: Sequence[str], answer: object) -> str | None:
    """Why `answer` cannot be the value of `cards` in `chosen`, or None if it can be.

    Whether it is the *right* value is the scenario's check, not this one.
    """
    strength = read(chosen, answer)
    if isinstance(strength, str):
        return strength
    hand = [Card.parse(text) for text in cards]
    ranks = chosen.reading(strength)
    if is_low(chosen):
        if Counter(ranks) != Counter(card.rank for card in hand):
            shown = " ".join(values.texts_of(hand))
            return f"all five cards play (R9.4), but the ranks are not those of {shown}"
        flush = category(RankedValue(chosen, strength, (), ())).value.endswith("flush")
        if flush and len({card.suit for card in hand}) != 1:
            return f"a flush from {' '.join(values.texts_of(hand))}, which are not of one suit"
        return None
    # A Badugi ranking: the house checks apply, with the ranks highest first in this order.
    house_order = sorted(ranks, key=lambda r: -r.order)
    return values.problem(cards, {"size": len(ranks), "ranks": [r.label for r in house_order]})


def text(chosen: Ranking, answer: object) -> str:
    """An answer for people, never raising: the ranking's text, or the raw JSON."""
    if answer is None:
        return "nothing shown"
    strength = read(chosen, answer)
    if isinstance(strength, str):
        return f"no value: {values.raw(answer)}"
    return chosen.describe(strength)


def reference_hand(
    chosen: Ranking, want: dict[str, Any], *, avoid: Sequence[str]
) -> list[str] | None:
    """Cards that are worth exactly `want` in `chosen`, none of them in `avoid`; None if
    no such hand exists. Used to check an evaluate line through compare (a tie)."""
    strength = read(chosen, want)
    if isinstance(strength, str):
        return None
    ranks: tuple[Rank, ...] = chosen.reading(strength)
    taken = set(avoid)
    for suits in itertools.product(tuple(Suit), repeat=len(ranks)):
        hand = [Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
        texts = values.texts_of(hand)
        if len(set(hand)) != len(hand) or taken & set(texts):
            continue
        if chosen.evaluate(hand).strength == strength:
            return texts
    return None
