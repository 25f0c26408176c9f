"""Hand-value answers as the runner reads them: their shape, their text, their order.

An implementation's `evaluate` answer is `{"size": n, "ranks": [...]}`, highest rank first.
Before it is compared with the scenario, it is checked for being a *possible* answer for
the cards that were asked about: a set that could not be played from them (a repeated rank,
more cards than given, a rank not among the cards, two cards that can only be of one suit,
ranks out of order) is a wrong answer with a precise reason, never a crash of ours.

Everything here is a pure function of plain JSON values, so it is tested without a runner.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

from badugi_spec.cards import Card, Rank, Suit
from badugi_spec.errors import CardError, RankingError
from badugi_spec.rankings import ranking
from badugi_spec.rankings.house import MAX_CARDS, describe_ranks, strength_of

_RANK_BY_TEXT: Final = {rank.label: rank for rank in Rank} | {rank.value: rank for rank in Rank}
RAW_SHOWN: Final = 200
"""Characters of a raw answer shown in a failure: enough for any honest value."""


def raw(answer: object) -> str:
    """The answer as it came, as JSON text, cut short: for failure messages."""
    try:
        text = json.dumps(answer, ensure_ascii=True, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(answer).__name__}>"
    return text if len(text) <= RAW_SHOWN else text[: RAW_SHOWN - 3] + "..."


def _rank(text: object) -> Rank | None:
    return _RANK_BY_TEXT.get(text.upper()) if isinstance(text, str) else None


def ranks_of(value: object, *, most: int = MAX_CARDS) -> tuple[Rank, ...] | None:
    """The ranks of a value as answered, in the answer's order; None when unreadable."""
    if not isinstance(value, dict):
        return None
    texts = value.get("ranks")
    if not isinstance(texts, list) or len(texts) > most:
        return None
    ranks = [_rank(text) for text in texts]
    return None if None in ranks else tuple(r for r in ranks if r is not None)


def value_text(value: object) -> str:
    """A value for people (`4-card 4-3-2-A (badugi)`), in the answer's own rank order.

    Never raises: an answer that is not a value at all is shown as its raw JSON.
    """
    if value is None:
        return "nothing shown"
    ranks = ranks_of(value)
    if ranks is None:
        return f"no value: {raw(value)}"
    return describe_ranks(ranks) if ranks else "no cards"


def same_value(expected: dict[str, Any], actual: object) -> bool:
    """Same size and the same ranks in the same order (`T` and `10` are both ten)."""
    if not isinstance(actual, dict):
        return False
    size = actual.get("size")
    return (
        isinstance(size, int)
        and not isinstance(size, bool)
        and size == expected["size"]
        and ranks_of(actual) == ranks_of(expected)
    )


def strength(value: dict[str, Any]) -> int:
    """The value as one int, larger is better; only for a value that has passed `problem`."""
    ranks = ranks_of(value)
    assert ranks is not None, "strength() of a value that was not checked"
    return strength_of([rank.order for rank in ranks])


def _cards(texts: Sequence[str]) -> list[Card]:
    # The runner's own card texts (`As`): `Card.parse` keeps them once read.
    return [Card.parse(text) for text in texts]


def shape_problem(value: object) -> str | None:
    """Why `value` is not an object with a whole `size` and a list of that many `ranks`;
    None if it is. The first checks of every value answer, house and named rankings alike."""
    if not isinstance(value, dict):
        return f"the value is not an object: {raw(value)}"
    size, texts = value.get("size"), value.get("ranks")
    if not isinstance(size, int) or isinstance(size, bool):
        return f"'size' is not a whole number: {raw(size)}"
    if not isinstance(texts, list):
        return f"'ranks' is not a list: {raw(texts)}"
    if size != len(texts):
        return f"'size' is {size} but {len(texts)} ranks are given"
    return None


def problem(cards: Sequence[str], value: object) -> str | None:
    """Why `value` cannot be the playing set of `cards`, or None if it is a possible one.

    Possible means: `size` says how many ranks there are, the ranks are different and
    highest first, each is the rank of one of the cards, and some choice of one card per
    rank has no repeated suit (R2.1). Whether it is the *best* set is the scenario's check.
    """
    shape = shape_problem(value)
    if shape is not None:
        return shape
    assert isinstance(value, dict)
    size, texts = value["size"], value["ranks"]
    for text in texts:
        if _rank(text) is None:
            return f"{raw(text)} is not a rank (A 2-9 10 J Q K)"
    hand = _cards(cards)
    if size > len(hand):
        return f"{size} playing cards from a hand of {len(hand)}"
    ranks = [r for r in (_rank(text) for text in texts) if r is not None]
    for rank in ranks:
        if ranks.count(rank) > 1:
            return f"the rank {rank.label} is played twice: a playing set has different ranks"
    for rank in ranks:
        if not any(card.rank is rank for card in hand):
            return f"no card of rank {rank.label} among {' '.join(texts_of(hand))}"
    if ranks != sorted(ranks, key=lambda r: -r.order):
        shown = "-".join(r.label for r in ranks)
        return f"the ranks {shown} are not highest first"
    if _suit_choice(hand, ranks) is None:
        return (
            f"the ranks {'-'.join(r.label for r in ranks)} cannot be played from"
            f" {' '.join(texts_of(hand))}: every choice of those cards repeats a suit"
        )
    return None


def texts_of(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _suit_choice(hand: Sequence[Card], ranks: Sequence[Rank]) -> tuple[Suit, ...] | None:
    options = [[card.suit for card in hand if card.rank is rank] for rank in ranks]
    for suits in itertools.product(*options):
        if len(set(suits)) == len(suits):
            return suits
    return None


def winners_problem(winners: object, hands: int) -> str | None:
    """Why `winners` cannot answer a compare of `hands` hands, or None."""
    if not isinstance(winners, list) or not winners:
        return f"'winners' is not a non-empty list: {raw(winners)}"
    for item in winners:
        if not isinstance(item, int) or isinstance(item, bool) or not 0 <= item < hands:
            return f"{raw(item)} is not the position of one of the {hands} hands (0 to {hands - 1})"
    if len(set(winners)) != len(winners):
        return f"a hand is named twice in {raw(winners)}"
    return None


MOST_ORDERS: Final = 24
"""Orders a value line's hand is asked in at most, the given one included."""


def other_orders(cards: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Other orders of the same cards, in a fixed order: every one for up to four cards
    (23 for four), and for five one in five of the 120 in the order `permutations` gives
    them, so each card still comes first, and last, in some of the 23.

    Every order of five cards was 119 more requests a line, most of a `verify` run's, and
    an evaluator that depends on card order shows in a spread sample as well; `fuzz` sends
    every hand in a random order besides."""
    given = tuple(cards)
    orders = list(itertools.permutations(given))
    step = max(1, len(orders) // MOST_ORDERS)
    for order in orders[::step]:
        if order != given:
            yield order


def reference_hand(value: dict[str, Any], *, avoid: Sequence[str], count: int) -> list[str] | None:
    """Cards whose value is exactly `value`, sharing no card with `avoid`; None if none can.

    Every card's rank is one of the value's ranks, so no playing set has more ranks than
    `value` or other ones, and one choice of a card per rank has different suits: the best
    set is `value` itself. `count` cards if possible (an implementation may only value full
    hands), else fewer, down to the value's size. Used to check an `evaluate` line through
    `compare` (a tie with this hand) when there is no `evaluate`.
    """
    ranks = ranks_of(value)
    if not ranks:
        return None
    taken = set(avoid)
    free = [
        Card(rank, suit) for rank in ranks for suit in Suit if str(Card(rank, suit)) not in taken
    ]
    for size in range(min(count, MAX_CARDS), len(ranks) - 1, -1):
        for hand in itertools.combinations(free, size):
            if {card.rank for card in hand} == set(ranks) and _suit_choice(hand, ranks):
                return texts_of(hand)
    return None


def same_ranked(name: str, expected: str, actual: object) -> bool:
    """A value text in a named ranking that names the same value as `expected` (R9.1):
    `7-5-4-3-2` and `7-5-4-3-2 ` agree; unreadable text or another value does not."""
    if not isinstance(actual, str):
        return False
    try:
        chosen = ranking(name)
        return chosen.parse_value(actual) == chosen.parse_value(expected)
    except (CardError, RankingError):
        return False


def ranked_text(actual: object) -> str:
    """A named-ranking value as answered, for failure messages."""
    if actual is None:
        return "nothing"
    return actual if isinstance(actual, str) else f"no value: {raw(actual)}"
