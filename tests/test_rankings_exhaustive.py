"""Every hand in every ranking, like a perft count, against a brute force written here.

All 2,598,960 five-card hands go through each ranking's hot path, and all 270,725
four-card hands through the Badugi rankings'. The brute force is the rule read plainly
(every subset for Badugi; count the ranks, look for a run and a suit for the lows), too
slow to run per hand, so hands are grouped and the brute force runs once per group:

- a low depends only on its ranks and whether the five share a suit (R9.4);
- a Badugi value is unchanged when suits are renamed (R2.7), so a hand's ranks plus its
  suits renamed in order of first appearance fix its value.

Each group must get one strength from our evaluator, the strengths must order the groups
exactly as the brute force does, and the text form must be the brute force's reading.
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache, partial
from typing import TypeVar

import pytest

from badugi_spec.cards import DECK, Rank
from badugi_spec.rankings import RANKINGS, Ranking, ranking
from badugi_spec.rankings import house as hands
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES

ORDER: tuple[int, ...] = tuple(card.rank.order for card in DECK)  # ace 1 .. king 13
SUIT: tuple[int, ...] = tuple(card.suit.index for card in DECK)
LABEL = {rank.order: rank.label for rank in Rank}

Key = tuple[object, ...]
Group = tuple[tuple[int, ...], tuple[int, ...]]
LowGroup = tuple[tuple[int, ...], bool]
G = TypeVar("G")


# ----- the brute force -----------------------------------------------------------------


def _first_appearance(suits: tuple[int, ...]) -> tuple[int, ...]:
    names: dict[int, int] = {}
    return tuple(names.setdefault(suit, len(names)) for suit in suits)


SUIT_NAMES = {suits: _first_appearance(suits) for suits in itertools.product(range(4), repeat=5)}
SUIT_NAMES |= {suits: _first_appearance(suits) for suits in itertools.product(range(4), repeat=4)}


@cache
def _best_group(pattern: Group) -> tuple[int, ...]:
    """The best group's ranks, highest first, by trying every subset (R2.5).

    `pattern` holds ranks as 0, 1, 2, ... in their order in the ranking, which is all
    that choosing the group needs; the same few thousand patterns recur in every hand.
    """
    cards = list(zip(*pattern, strict=True))
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, min(4, len(cards)) + 1):
        for subset in itertools.combinations(cards, size):
            if len({r for r, _ in subset}) == size == len({s for _, s in subset}):
                high_first = tuple(sorted((r for r, _ in subset), reverse=True))
                # More cards first (R2.3); then lower ranks from the top (R2.4).
                best = max(best, (size, tuple(-r for r in high_first)))
    return tuple(-r for r in best[1])


def badugi_brute(group: Group, *, ace_high: bool) -> tuple[Key, str]:
    ranks, suits = group
    values = [14 if ace_high and rank == 1 else rank for rank in ranks]
    distinct = sorted(set(values))
    playing = [distinct[r] for r in _best_group((tuple(map(distinct.index, values)), suits))]
    labels = "-".join(LABEL[1 if v == 14 else v] for v in playing)
    key: Key = (len(playing), tuple(-v for v in playing))
    return key, f"{len(playing)}-card {labels}" + (" (badugi)" if len(playing) == 4 else "")


# A low is judged as a high poker hand turned upside down: the hand that would lose at
# high-hand poker wins. These are the high-hand categories, worst first.
HIGH_2_7 = ["no pair", "pair", "two pair", "three of a kind", "straight", "flush",
            "full house", "four of a kind", "straight flush"]  # fmt: skip
HIGH_A_5 = ["no pair", "pair", "two pair", "three of a kind", "full house", "four of a kind"]


def low_brute(group: LowGroup, *, game: str) -> tuple[Key, str]:
    ranks, one_suit = group
    ace = 14 if game == "2-7" else 1
    values = sorted((ace if r == 1 else r for r in ranks), reverse=True)
    counts = Counter(values)
    # The high-hand tiebreak: the biggest group first, then the higher rank.
    reading = sorted(values, key=lambda v: (counts[v], v), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    run = len(counts) == 5 and values[0] - values[4] == 4
    if pattern == [4, 1]:
        name = "four of a kind"
    elif pattern == [3, 2]:
        name = "full house"
    elif pattern == [3, 1, 1]:
        name = "three of a kind"
    elif pattern == [2, 2, 1]:
        name = "two pair"
    elif pattern == [2, 1, 1, 1]:
        name = "pair"
    elif game == "a-5":
        name = "no pair"  # straights and flushes are ignored (R9.6)
    elif run and one_suit:
        name = "straight flush"
    elif one_suit:
        name = "flush"
    elif run:
        name = "straight"
    else:
        name = "no pair"
    order = HIGH_2_7 if game == "2-7" else HIGH_A_5
    high = (order.index(name), tuple(reading))
    key: Key = (-high[0], tuple(-v for v in high[1]))  # upside down: larger is better
    text = "-".join(LABEL[1 if v == 14 else v] for v in reading)
    return key, text if name == "no pair" else f"{text} ({name})"


# ----- running every hand --------------------------------------------------------------


def _our_pairs(chosen: Ranking, size: int, groups: Iterable[G]) -> set[tuple[G, int]]:
    """(group, strength) for every hand of `size` cards: one pair per group if all is well."""
    strengths = map(chosen.strength, itertools.combinations(range(52), size))
    return set(zip(groups, strengths, strict=True))


def _badugi_groups(size: int) -> Iterable[Group]:
    # combinations() of the per-index tables line up with combinations() of the indexes.
    rank_tuples = itertools.combinations(ORDER, size)
    suit_names = map(SUIT_NAMES.__getitem__, itertools.combinations(SUIT, size))
    return zip(rank_tuples, suit_names, strict=True)


def _low_groups() -> Iterable[LowGroup]:
    one_suit = map((1).__eq__, map(len, map(set, itertools.combinations(SUIT, 5))))
    return zip(itertools.combinations(ORDER, 5), one_suit, strict=True)


def _check(
    pairs: set[tuple[G, int]], brute: Callable[[G], tuple[Key, str]], chosen: Ranking
) -> int:
    """Assert that `pairs` agree with the brute force; return the number of distinct values."""
    by_group: dict[G, int] = {}
    for group, strength in pairs:
        assert by_group.setdefault(group, strength) == strength, f"{group}: two strengths"
    by_key: dict[Key, set[int]] = {}
    texts: dict[Key, str] = {}
    for group, strength in by_group.items():
        key, texts[key] = brute(group)
        by_key.setdefault(key, set()).add(strength)
    # One strength per brute-force value, and the same order.
    assert all(len(strengths) == 1 for strengths in by_key.values())
    for key, strengths in by_key.items():
        assert chosen.describe(next(iter(strengths))) == texts[key]
    ordered = [next(iter(by_key[key])) for key in sorted(by_key)]
    assert ordered == sorted(ordered)
    assert len(set(ordered)) == len(ordered)
    assert all(chosen.parse_value(chosen.describe(s)) == s for s in ordered)  # text round-trips
    return len(ordered)


_LOW_RULES = {"low-2-7": LOW_2_7_RULES, "low-a-5": LOW_A_5_RULES}

EXHAUSTIVE = os.environ.get("BADUGI_EXHAUSTIVE") == "1"
"""`make exhaustive` sets it: every five-card hand in every ranking (38 s of CPU for the
Badugi ones, 4 s for the lows); `make test` takes every four-card hand, a seeded sample of
the five-card Badugi hands and a hand of every low group (`test_every_low_value`)."""


SAMPLE_4 = 270_725 if EXHAUSTIVE else 5_000


@pytest.mark.parametrize("name", ["badugi", "badugi-ace-high"])
def test_a_sample_of_five_card_badugi_hands(name: str) -> None:
    chosen = ranking(name)
    rng = random.Random(f"five-card {name}")
    hands_ = {tuple(sorted(rng.sample(range(52), 5))) for _ in range(30_000)}
    groups = [(tuple(ORDER[i] for i in h), SUIT_NAMES[tuple(SUIT[i] for i in h)]) for h in hands_]
    pairs = set(zip(groups, map(chosen.strength, hands_), strict=True))
    brute = partial(badugi_brute, ace_high=name == "badugi-ace-high")
    assert _check(pairs, brute, chosen) > 900  # most of the 1,088 values come up


@pytest.mark.parametrize("name", ["badugi", "badugi-ace-high"])
@pytest.mark.parametrize(("size", "values"), [(4, 1_092), (5, 1_088)])
def test_every_badugi_hand(name: str, size: int, values: int) -> None:
    if size == 5 and not EXHAUSTIVE:
        pytest.skip("every five-card hand: make exhaustive (a sample runs here)")
    # 1,092 values: 715 badugis, 286 three-card, 78 two-card and 13 one-card ones. Five
    # cards miss four one-card values: a one-card hand of five cards is five of a suit,
    # so its best card has at least four above it (9 at worst, or 10 with aces high).
    chosen = ranking(name)
    pairs = _our_pairs(chosen, size, _badugi_groups(size))
    brute = partial(badugi_brute, ace_high=name == "badugi-ace-high")
    assert _check(pairs, brute, chosen) == values


LOWS = pytest.mark.parametrize(
    ("name", "game", "values"), [("low-2-7", "2-7", 7_462), ("low-a-5", "a-5", 6_175)]
)


def _check_low(name: str, game: str, pairs: set[tuple[LowGroup, int]]) -> int:
    chosen = ranking(name)
    count = _check(pairs, partial(low_brute, game=game), chosen)
    # The very ints, not just their order: the rule's own strength (the one `explain` and
    # `describe` decode, and that the engine and the odds compare) for every group.
    rules = _LOW_RULES[name]
    by_order = tuple(Rank)  # ace first, as ORDER counts from 1
    for (ranks, one_suit), strength in pairs:
        heights = [rules.height(by_order[order - 1]) for order in ranks]
        assert strength == rules.strength(heights, suited=one_suit), (ranks, one_suit)
    return count


INDEX = {(ORDER[i], SUIT[i]): i for i in range(52)}


@cache
def _low_sample() -> tuple[tuple[int, ...], ...]:
    """A hand of every low group, its suits drawn at random, and 30,000 hands drawn at
    random besides: every value of a low ranking comes up, and a thousand of the groups
    twice or more, each time with other suits, so a group given two strengths still shows.
    Each hand is sorted, as `combinations` gives it."""
    rng = random.Random("every low group")
    hands_: list[tuple[int, ...]] = []
    for ranks in itertools.combinations_with_replacement(range(1, 14), 5):
        counts = Counter(ranks)
        if max(counts.values()) == 5:
            continue  # five of a rank: four suits hold four
        for suited in (False, True) if len(counts) == 5 else (False,):
            suits: list[int] = []
            while not suits or (not suited and len(set(suits)) == 1):
                if suited:
                    suits = [rng.randrange(4)] * 5
                else:
                    by_rank = {rank: rng.sample(range(4), n) for rank, n in counts.items()}
                    suits = [by_rank[rank].pop() for rank in ranks]
            hands_.append(tuple(sorted(INDEX[pair] for pair in zip(ranks, suits, strict=True))))
    hands_ += [tuple(sorted(rng.sample(range(52), 5))) for _ in range(30_000)]
    return tuple(hands_)


@LOWS
def test_every_low_value(name: str, game: str, values: int) -> None:
    """What `test_every_low_hand` checks, on a hand of each group rather than every hand
    (`make test`): every value, its order, its text and its int against the brute force."""
    hands_ = _low_sample()
    groups = [(tuple(ORDER[i] for i in h), len({SUIT[i] for i in h}) == 1) for h in hands_]
    pairs = set(zip(groups, map(ranking(name).strength, hands_), strict=True))
    # Every group: 6,175 multisets of five ranks, and the 1,287 of five ranks once suited.
    assert len({group for group, _ in pairs}) == 6_175 + 1_287
    assert _check_low(name, game, pairs) == values


@LOWS
def test_every_low_hand(name: str, game: str, values: int) -> None:
    if not EXHAUSTIVE:
        pytest.skip("every five-card hand: make exhaustive (every low value runs here)")
    pairs = _our_pairs(ranking(name), 5, _low_groups())
    assert _check_low(name, game, pairs) == values


@pytest.mark.parametrize("name", ["low-2-7", "low-a-5"])
def test_every_low_hand_in_two_more_orders(name: str) -> None:
    """The hot path reads the first three cards apart from the last two (and, in 2-7, the
    last two by the third's suit): reversed, and rotated by two, each hand takes other
    paths, which must meet at its sorted value (R9.4: all five cards play)."""
    if not EXHAUSTIVE:
        pytest.skip("every hand in more orders: make exhaustive (test_lows_tables.py samples)")
    strength = ranking(name).strength
    for hand in itertools.combinations(range(52), 5):
        a, b, c, d, e = hand
        value = strength(hand)
        assert strength((e, d, c, b, a)) == value == strength((c, d, e, a, b)), hand


def test_house_ranking_is_the_house_evaluator_on_every_four_card_hand() -> None:
    """`badugi` on four cards is `hands.evaluate`: same strengths on all, same cards too."""
    table = hands.strength_table()
    ours = ranking("badugi").strength
    for combo in itertools.combinations(range(52), 4):
        assert ours(combo) == table[hands.mask_of(combo)]
    # The cards chosen, on a sample of hands in random orders (every hand under make
    # exhaustive): both call the same table, and `evaluate` is held to the brute force on
    # every hand by tests/test_hands_exhaustive.py.
    rng = random.Random(13)
    for cards in rng.sample(list(itertools.combinations(DECK, 4)), SAMPLE_4):
        hand = rng.sample(cards, 4)
        new, old = ranking("badugi").evaluate(hand), hands.evaluate(hand)
        assert (new.strength, new.cards, str(new)) == (old.strength, old.cards, str(old))


def test_every_ranking_is_checked_here() -> None:
    assert set(RANKINGS) == {"badugi", "badugi-ace-high", "low-2-7", "low-a-5"}
