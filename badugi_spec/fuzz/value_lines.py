"""Random `evaluate` and `compare` lines, drawn so that every category of every ranking
comes up, and compares often set two hands of one category against each other.

A hand is drawn by its shape, not card by card: a category (no pair, a pair, two pair,
trips, a straight, a flush, a full house, quads, a straight flush, a wheel, an ace-high
hand for the five-card lows; a badugi, a pair, two pair, trips with a kicker, quads,
one suit for the Badugi rankings, on one to five cards), then ranks and suits that make
it, then a random order of the cards. A bug that misreads one category, or breaks ties
within one the wrong way, is then met within seconds, where uniform hands would hold a
full house once in 700 and quads once in 4,000.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from badugi_spec.cards import DECK, Card, Rank, Suit
from badugi_spec.fuzz.choices import Choices
from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.house import MAX_CARDS, evaluate, winners
from badugi_spec.scenario.values import value_text

RANKS: Final = tuple(Rank)
SUITS: Final = tuple(Suit)
_CARD: Final = {(card.rank, card.suit): card for card in DECK}
"""Each card by its rank and suit: the deck's own, where `Card(rank, suit)` made one anew
(a dataclass's checks) thousands of times a trial."""
_SUITED: Final = {rank: tuple((suit, _CARD[rank, suit].index) for suit in SUITS) for rank in RANKS}
"""Each rank's suits, each with its card's index: what `_Cards.free` reads for every rank
at every group drawn."""
LOW_SHAPES: Final = (
    ("no pair", (1, 1, 1, 1, 1)),
    ("pair", (2, 1, 1, 1)),
    ("two pair", (2, 2, 1)),
    ("trips", (3, 1, 1)),
    ("straight", ()),
    ("flush", ()),
    ("full house", (3, 2)),
    ("quads", (4, 1)),
    ("straight flush", ()),
    ("wheel", ()),
    ("ace high", ()),
)
BADUGI_SHAPES: Final = ("badugi", "any", "pair", "two pair", "trips", "quads", "one suit")
SAME_CATEGORY_SHARE: Final = 0.7
"""How often a compare's second hand has the first one's shape: ties within a category
are where evaluators go wrong."""
HOUSE: Final = "house"
"""The house Badugi: the ranking of an implementation that declares none (R9.1)."""


class _Cards:
    """The cards still free to draw (a compare's two hands share none). The cards taken
    are kept by their index: a `Card` hashes and compares in Python, an int in C."""

    def __init__(self, taken: Sequence[Card] = ()) -> None:
        self.taken = {card.index for card in taken}

    def free(self, rank: Rank) -> list[Suit]:
        taken = self.taken
        return [suit for suit, index in _SUITED[rank] if index not in taken]

    def take(self, rank: Rank, suit: Suit) -> Card:
        card = _CARD[rank, suit]
        self.taken.add(card.index)
        return card


def _groups(choices: Choices, cards: _Cards, sizes: Sequence[int]) -> list[Card]:
    """Cards in groups of one rank each (a pair is a group of 2), all ranks different."""
    out: list[Card] = []
    used: set[Rank] = set()
    for size in sizes:
        ranks = [r for r in RANKS if r not in used and len(cards.free(r)) >= size]
        if not ranks:
            break
        rank = ranks[choices.below(len(ranks))]
        used.add(rank)
        suits = cards.free(rank)
        for _ in range(size):
            out.append(cards.take(rank, suits.pop(choices.below(len(suits)))))
    return out


def _run(choices: Choices, cards: _Cards, *, suited: bool, start: int | None = None) -> list[Card]:
    """Five ranks in a row (A-2-3-4-5 up to T-J-Q-K-A), of one suit if `suited`."""
    windows = [
        [RANKS[(first + i) % 13] for i in range(5)] for first in range(10)
    ]  # first 9: T-J-Q-K-A
    suits = list(SUITS) if suited else [None]
    options = [
        (window, suit)
        for window in windows
        for suit in suits
        if all((_CARD[r, suit].index not in cards.taken) if suit else cards.free(r) for r in window)
    ]
    if start is not None:
        options = [o for o in options if o[0][0] is RANKS[start]] or options
    if not options:
        return _groups(choices, cards, (1, 1, 1, 1, 1))
    window, suit = options[choices.below(len(options))]
    if suit is not None:
        return [cards.take(rank, suit) for rank in window]
    out = []
    for rank in window:
        free = cards.free(rank)
        out.append(cards.take(rank, free[choices.below(len(free))]))
    return out


def _one_suit(choices: Choices, cards: _Cards, count: int) -> list[Card]:
    taken = cards.taken
    suits = [s for s in SUITS if sum(_CARD[r, s].index not in taken for r in RANKS) >= count]
    suit = suits[choices.below(len(suits))]
    ranks = [r for r in RANKS if _CARD[r, suit].index not in taken]
    return [cards.take(ranks.pop(choices.below(len(ranks))), suit) for _ in range(count)]


def _low_hand(choices: Choices, cards: _Cards, shape: int) -> list[Card]:
    name, sizes = LOW_SHAPES[shape]
    if name in ("straight", "straight flush"):
        return _run(choices, cards, suited=name == "straight flush")
    if name == "wheel":
        return _run(choices, cards, suited=False, start=0)
    if name == "flush":
        return _one_suit(choices, cards, 5)
    if name == "ace high":
        free = cards.free(Rank.ACE)
        if free:
            ace = cards.take(Rank.ACE, free[choices.below(len(free))])
            rest = _groups(choices, _Avoiding(cards, {Rank.ACE}), (1, 1, 1, 1))
            return [ace, *rest]
        sizes = (1, 1, 1, 1, 1)  # every ace is in the other hand: no pair, no ace
    return _groups(choices, cards, sizes or (1, 1, 1, 1, 1))


class _Avoiding(_Cards):
    """Free cards of the other ranks only (an ace-high hand has one ace)."""

    def __init__(self, cards: _Cards, ranks: set[Rank]) -> None:
        super().__init__()
        self.taken = cards.taken
        self._avoid = ranks

    def free(self, rank: Rank) -> list[Suit]:
        return [] if rank in self._avoid else super().free(rank)


def _badugi_hand(choices: Choices, cards: _Cards, shape: int, size: int) -> list[Card]:
    name = BADUGI_SHAPES[shape]
    sizes: dict[str, tuple[int, ...]] = {
        "pair": (2,),
        "two pair": (2, 2),
        "trips": (3,),
        "quads": (4,),
    }
    if name == "one suit":
        return _one_suit(choices, cards, size)
    if name == "badugi":
        out: list[Card] = []
        ranks = [r for r in RANKS]
        suits = list(SUITS)
        for _ in range(min(size, 4)):
            rank = ranks.pop(choices.below(len(ranks)))
            free = [s for s in suits if _CARD[rank, s].index not in cards.taken] or cards.free(rank)
            if not free:
                continue
            suit = free[choices.below(len(free))]
            if suit in suits:
                suits.remove(suit)
            out.append(cards.take(rank, suit))
        return out + _groups(choices, cards, (1,) * (size - len(out)))
    made = list(sizes.get(name, ()))
    while sum(made) > size:
        made.pop()
    return _groups(choices, cards, (*made, *(1,) * (size - sum(made))))


def _shuffled(choices: Choices, cards: list[Card]) -> list[Card]:
    left = list(cards)
    return [left.pop(choices.below(len(left))) for _ in range(len(cards))]


def hand(
    choices: Choices, ranking: str, *, taken: Sequence[Card] = (), shape: int | None = None
) -> tuple[list[Card], int]:
    """A random hand for `ranking` (or `house`), and the shape it was drawn as."""
    cards = _Cards(taken)
    if ranking in ("low-2-7", "low-a-5"):
        shape = choices.below(len(LOW_SHAPES)) if shape is None else shape
        return _shuffled(choices, _low_hand(choices, cards, shape)), shape
    # A house hand is the four cards dealt (R2.1); the named rankings take 1 to 5 (R9.2).
    sizes = (MAX_CARDS,) if ranking == HOUSE else RANKINGS[ranking].hand_sizes
    size = sizes[-1 - choices.below(len(sizes), (4.0, 3.0, 1.0, 1.0, 1.0))]
    size = min(size, MAX_CARDS) if ranking == HOUSE else size
    shape = choices.below(len(BADUGI_SHAPES)) if shape is None else shape
    return _shuffled(choices, _badugi_hand(choices, cards, shape, size)), shape


def topic(ranking: str, shape: int) -> str:
    """What a line is about, for telling divergences apart: `low-a-5 full house`."""
    names = [name for name, _ in LOW_SHAPES] if ranking.startswith("low") else BADUGI_SHAPES
    return f"{ranking} {names[min(shape, len(names) - 1)]}"


def value_of(ranking: str, cards: Sequence[Card]) -> str:
    if ranking == HOUSE:
        value = evaluate(cards)
        return value_text({"size": len(value.cards), "ranks": [c.rank.label for c in value.cards]})
    return str(RANKINGS[ranking].evaluate(cards))


def _beats(ranking: str, first: Sequence[Card], second: Sequence[Card]) -> list[int]:
    if ranking == HOUSE:
        return list(winners([evaluate(first), evaluate(second)]))
    chosen = RANKINGS[ranking]
    a, b = chosen.evaluate(first).strength, chosen.evaluate(second).strength
    return [0, 1] if a == b else [0] if a > b else [1]


def line(choices: Choices, ranking: str) -> tuple[str, str]:
    """One value line and its topic: `evaluate in low-a-5 ... is ...` or a compare."""
    named = "" if ranking == HOUSE else f" in {ranking}"
    first, shape = hand(choices, ranking)
    text = " ".join(str(card) for card in first)
    if not choices.chance(0.5):
        return f"evaluate{named} {text} is {value_of(ranking, first)}", topic(ranking, shape)
    same = choices.chance(SAME_CATEGORY_SHARE)
    second, shape_2 = hand(choices, ranking, taken=first, shape=shape if same else None)
    other = " ".join(str(card) for card in second)
    won = _beats(ranking, first, second)
    about = topic(ranking, shape)
    if shape_2 != shape:
        about += " against " + topic(ranking, shape_2).split(" ", 1)[1]
    if len(won) == 2:
        return f"compare{named} {text} ties {other}", about
    if won == [1]:
        text, other = other, text
    return f"compare{named} {text} beats {other}", about


__all__ = ["BADUGI_SHAPES", "HOUSE", "LOW_SHAPES", "hand", "line", "topic", "value_of"]
