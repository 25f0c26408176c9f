"""The two Badugi rankings (R9.2, R9.3): the best group of up to four cards of 1 to 5.

Both read the mask-keyed table of `badugi_spec.rankings.house`, which already holds the best group
of every hand of up to four cards, found by the rule itself. Five cards hold at most four
suits, so two of them share a suit, and no valid group holds both: every group lies in
the hand without the one or in the hand without the other. The best of those two
four-card hands is therefore the best of the five. Every subset is still considered
(R2.5), only the work is shared.

Aces high is the same rule with the ranks relabelled: move the ace from below the two to
above the king and the ace-low table answers for it. Card index i (rank-major, aces
first) becomes bit i - 4 of the mask, and the aces take bits 48 to 51, where the kings
were. The strengths are then those of the relabelled ranks, which `describe` maps back.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from badugi_spec.cards import DECK, Card, Rank, format_cards
from badugi_spec.errors import CardError
from badugi_spec.rankings import house
from badugi_spec.rankings.base import RankedValue, Ranking
from badugi_spec.rankings.explain import Drop

MAX_PLAYING: Final = 4
HAND_SIZES: Final = (1, 2, 3, 4, 5)
DESCRIBED: Final = 4096
"""Values whose words a ranking keeps (`describe`): more than the 1,092 a Badugi ranking has."""


@dataclass(frozen=True, slots=True)
class _Order:
    """How one Badugi ranking orders the ranks; the rest of the rule is shared."""

    bits: tuple[int, ...]
    """Card index -> the table bit that stands for the card."""
    ranks: tuple[Rank, ...]
    """The ranks from best (table order 1) to worst (13)."""
    compare_rule: str
    """The rule that says lower ranks win, cited in explanations."""

    def height(self, card: Card) -> int:
        """1 for the best rank up to 13: the table's rank order for this card."""
        return self.ranks.index(card.rank) + 1


ACE_LOW: Final = _Order(
    bits=tuple(1 << index for index in range(52)), ranks=tuple(Rank), compare_rule="R2.4"
)
ACE_HIGH: Final = _Order(
    bits=tuple(1 << ((index - 4) % 52) for index in range(52)),
    ranks=(*tuple(Rank)[1:], Rank.ACE),
    compare_rule="R9.3",
)


def _first_same_suit(suits: int) -> tuple[int, int]:
    """Positions of the first two of five cards whose suits (two bits each) are equal."""
    suit = [suits >> (2 * position) & 3 for position in range(5)]
    return next((i, j) for i in range(5) for j in range(i + 1, 5) if suit[i] == suit[j])


_SAME_SUIT: Final = tuple(_first_same_suit(suits) for suits in range(1 << 10))
"""For each way to give five cards suits, two cards with the same one (there always are)."""

_table: Mapping[int, int] = {}
"""`house.strength_table()`, fetched on first use (building it costs a fraction of a second)."""


def _fresh_table() -> Mapping[int, int]:
    global _table
    _table = house.strength_table()
    return _table


def _strength_function(bits: tuple[int, ...]) -> Callable[[Sequence[int]], int]:
    def strength(indexes: Sequence[int]) -> int:
        table = _table
        try:
            if len(indexes) == 5:
                a, b, c, d, e = indexes
                # The suit is index & 3, and renaming the ranks for aces high keeps it.
                i, j = _SAME_SUIT[
                    (a & 3) | (b & 3) << 2 | (c & 3) << 4 | (d & 3) << 6 | (e & 3) << 8
                ]
                m = bits[a] | bits[b] | bits[c] | bits[d] | bits[e]
                return max(table[m ^ bits[indexes[i]]], table[m ^ bits[indexes[j]]])
            mask = 0
            for index in indexes:
                mask |= bits[index]
            return table[mask]
        except KeyError:
            if table:  # the table is there, so these are not 1 to 5 distinct cards
                raise CardError(f"not a hand of 1 to 5 distinct cards: {list(indexes)}") from None
        _fresh_table()  # first use, or the table was reset (the benchmarks do that)
        return strength(indexes)

    return strength


def _ranks_of(order: _Order, strength: int) -> tuple[Rank, ...]:
    """The playing ranks a strength stands for, highest first (house.strength_of packing)."""
    size = strength >> 16
    fields = (strength >> (12 - 4 * position) & 15 for position in range(size))
    return tuple(order.ranks[14 - field - 1] for field in fields)


def _describe(order: _Order) -> Callable[[int], str]:
    # Kept by strength: the protocol's states word every seat's value in each ranking
    # after every deal and draw, and the words were a third of what valuing a hand cost.
    @functools.lru_cache(maxsize=DESCRIBED)
    def describe(strength: int) -> str:
        return house.describe_ranks(_ranks_of(order, strength))

    return describe


def _parse(order: _Order) -> Callable[[str], int]:
    def parse_value(text: str) -> int:
        # The notation is the house one; only the order of the ranks differs.
        _, ranks = house.parse_value(text)
        heights = sorted((order.ranks.index(rank) + 1 for rank in ranks), reverse=True)
        return house.strength_of(heights)

    return parse_value


def _is_group(cards: Sequence[Card]) -> bool:
    return len({c.rank for c in cards}) == len(cards) == len({c.suit for c in cards})


def _playing(order: _Order) -> Callable[[tuple[Card, ...], int], tuple[Card, ...]]:
    height = tuple(order.height(card) for card in DECK)
    """Each card's height by its index: `_Order.height` looks the rank up in a tuple."""
    rank_sets: dict[int, frozenset[Rank]] = {}
    """The playing ranks of each strength met: at most one entry per value of the ranking."""

    def by_height(card: Card) -> int:
        return height[card.index]

    def playing(hand: tuple[Card, ...], strength: int) -> tuple[Card, ...]:
        """The group that makes `strength`, chosen as `house.evaluate` chooses.

        Groups with the same strength differ only in suits (R2.7); the one kept is the one
        whose positions in the hand, read as bits, make the smallest number, so for the
        ace-low ranking on up to four cards these are exactly the cards `house.evaluate`
        reports.
        """
        ranks = rank_sets.get(strength)
        if ranks is None:
            ranks = rank_sets[strength] = frozenset(_ranks_of(order, strength))
        if len({card.index >> 2 for card in hand}) == len(hand):
            # No rank held twice: one card has each playing rank, so there is no choice
            # to make. Most hands, and the search below cost most of valuing them.
            return tuple(sorted([c for c in hand if c.rank in ranks], key=by_height, reverse=True))
        size = strength >> 16
        for positions in range(1, 1 << len(hand)):
            if positions.bit_count() != size:
                continue
            group = [card for p, card in enumerate(hand) if positions >> p & 1]
            if {card.rank for card in group} == ranks and _is_group(group):
                return tuple(sorted(group, key=by_height, reverse=True))
        raise AssertionError(f"no group of {format_cards(hand)} makes {strength:#x}")

    return playing


def _explain(order: _Order) -> Callable[[RankedValue], list[str]]:
    def explain_lines(value: RankedValue) -> list[str]:
        """The house explanation (`badugi_spec.rankings.explain`), for any hand size and rank order.

        It recounts the subsets, as a learner would, rather than reading the table.
        """
        hand, chosen, ranking = value.hand, set(value.cards), value.ranking
        size = len(value.cards)
        out = [f"{format_cards(hand)} plays {value}: {format_cards(value.cards)}"]
        for card in hand:
            if card not in chosen:
                same_rank = tuple(c for c in value.cards if c.rank == card.rank)
                same_suit = tuple(c for c in value.cards if c.suit == card.suit)
                out.append(f"  {Drop(card, same_rank, same_suit).reason()}")
        if len(chosen) == len(hand):
            out.append("  no card is dropped: four ranks and four suits (R2.2)")
        subsets = [s for n in range(1, len(hand) + 1) for s in combinations(hand, n)]
        valid = [s for s in subsets if _is_group(s)]
        out.append(
            f"  all {len(subsets)} subsets were considered (R2.5): {len(valid)} have"
            f" no repeated rank or suit, the largest have {size}"
            f" card{'s' if size != 1 else ''}"
        )
        if order is ACE_HIGH and any(card.rank is Rank.ACE for card in hand):
            out.append("  the ace plays high, above the king (R9.3)")
        for rival in (s for s in valid if len(s) == size and set(s) != chosen):
            rival_value = ranking.evaluate(rival)
            if rival_value == value:
                verdict = "ties it (R2.7)"
            else:
                verdict = f"is worse ({order.compare_rule})"
            cards = format_cards(sorted(rival, key=order.height, reverse=True))
            out.append(f"  {cards} would play {rival_value}, which {verdict}")
        return out

    return explain_lines


def _reason(order: _Order) -> Callable[[RankedValue, RankedValue], str]:
    def reason(winner: RankedValue, loser: RankedValue) -> str:
        mine, theirs = len(winner.cards), len(loser.cards)
        if mine != theirs:
            return f"{mine} playable cards beat {theirs} (R2.3)"
        ours = _ranks_of(order, winner.strength)
        for ranks in zip(ours, _ranks_of(order, loser.strength), strict=True):
            if ranks[0] is not ranks[1]:
                return (
                    f"same size, and the first difference from the top is {ranks[0].label}"
                    f" against {ranks[1].label}; the lower card wins ({order.compare_rule})"
                )
        raise ValueError("equal values: neither beats the other")

    return reason


def _badugi_ranking(*, name: str, title: str, rule: str, order: _Order) -> Ranking:
    return Ranking(
        name=name,
        title=title,
        rule=rule,
        cards_used=MAX_PLAYING,
        hand_sizes=HAND_SIZES,
        strength=_strength_function(order.bits),
        describe=_describe(order),
        parse_value=_parse(order),
        reading=functools.partial(_ranks_of, order),
        playing=_playing(order),
        explain_lines=_explain(order),
        reason=_reason(order),
    )


BADUGI: Final = _badugi_ranking(name="badugi", title="Badugi, aces low", rule="R9.2", order=ACE_LOW)
BADUGI_ACE_HIGH: Final = _badugi_ranking(
    name="badugi-ace-high", title="Badugi, aces high", rule="R9.3", order=ACE_HIGH
)
