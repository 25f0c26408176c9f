"""Exact drawing odds: the chance of making a badugi, or of improving, in the draws left.

The drawer follows one plain policy, the one the tutorial teaches: keep the cards kept
now, and at each later draw keep every new card that plays alongside them (R2.1) and
throw the rest. Kept cards are never broken up, so the kept group only grows. When the
new cards could join in more than one way, the drawer keeps the most, then the lowest.

Only the cards the drawer has seen are known: their own hand, their own discards and any
dead cards they name. Everything else, the opponent's cards and the burns included, is
equally likely to come (R4.4 burns a card nobody sees, so it does not change the odds).

Exact, not simulated: which outs come matters (cards that play with the kept group),
which misses come does not, because a miss never plays later either: a card that clashes
with the kept group keeps clashing as the group grows. `odds_count` counts the outs by
classes; every result is a `Fraction`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from badugi_spec.cards import DECK, Card, Rank, Suit, as_cards, format_cards
from badugi_spec.errors import CardError
from badugi_spec.rankings.house import MAX_CARDS, evaluate
from badugi_spec.rankings.odds_count import spread

MAX_DRAWS: Final = 3  # R4.1


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """The exact chances for one kept group, after each of the draws left."""

    kept: tuple[Card, ...]
    outs: int
    """Unseen cards that would play with the kept group at the next draw."""
    unseen: int
    """Cards the drawer has not seen: the deck, the opponent's hand and the burns."""
    badugi: tuple[Fraction, ...]
    """Chance of holding a badugi (of `top` or better, if given) after draw 1, 2, 3 ..."""
    improve: tuple[Fraction, ...]
    """Chance of having more cards that play than the hand had before the first draw."""
    top: Rank | None = None

    @property
    def draws(self) -> int:
        return len(self.badugi)


def draw_odds(
    kept: str | Iterable[Card],
    *,
    draws: int = MAX_DRAWS,
    thrown: str | Iterable[Card] = (),
    dead: str | Iterable[Card] = (),
    top: Rank | None = None,
) -> DrawOdds:
    """The odds of drawing to `kept`, the cards kept from a four-card hand (none: a draw
    of four).

    `thrown` are the hand's other cards; if fewer are named than `kept` leaves room for,
    the rest were seen and thrown but are not named, and are taken to be cards that did
    not play with the kept ones (which is why they were thrown). `dead` are other cards
    known to be out of play, such as one's own discards at an earlier draw. With `top`,
    only a badugi whose highest card is `top` or lower counts, and the drawer throws any
    higher card again.
    """
    keep = as_cards(kept)
    thrown_cards = as_cards(thrown)
    dead_cards = as_cards(dead)
    _check(draws, [*keep, *thrown_cards, *dead_cards])
    if len(keep) > MAX_CARDS:
        raise CardError(f"keep 0 to {MAX_CARDS} cards, not {len(keep)}")
    if len(keep) + len(thrown_cards) > MAX_CARDS:
        raise CardError(f"a hand has {MAX_CARDS} cards: {len(keep)} kept and {len(thrown_cards)}")
    if not keep and len(thrown_cards) < MAX_CARDS:
        # Unnamed thrown cards are taken to be cards that did not play with the kept ones,
        # and every card plays with none: a draw of four needs the whole hand named.
        raise CardError(f"to keep nothing and draw {MAX_CARDS}, name the {MAX_CARDS} cards thrown")
    playing = evaluate(keep).cards if keep else ()
    if len(playing) != len(keep):
        clash = next(c for c in keep if c not in playing)
        raise CardError(
            f"the kept cards must all play together (R2.1), but {clash.pretty()} clashes:"
            " keep only cards of different ranks and suits"
        )
    before = evaluate((*keep, *thrown_cards)).size if thrown_cards else len(keep)
    return _odds(
        playing,
        held=keep,
        thrown=thrown_cards,
        dead=dead_cards,
        draws=draws,
        top=top,
        before=before,
    )


def hand_odds(
    hand: str | Iterable[Card],
    discard: str | Iterable[Card],
    *,
    draws: int = MAX_DRAWS,
    dead: str | Iterable[Card] = (),
    top: Rank | None = None,
) -> DrawOdds:
    """The odds for a four-card hand and the cards it throws at the next draw."""
    cards, thrown = _split(hand, discard)
    kept = [c for c in cards if c not in thrown]
    return draw_odds(kept, draws=draws, thrown=thrown, dead=dead, top=top)


def discard_odds(
    hand: str | Iterable[Card],
    discard: str | Iterable[Card],
    *,
    draws: int = MAX_DRAWS,
    dead: str | Iterable[Card] = (),
    top: Rank | None = None,
) -> DrawOdds:
    """As `hand_odds`, for any of the sixteen discards: kept cards may also clash.

    A kept card that does not play (it pairs or shares a suit with a better kept card)
    is dead weight: it fills a place in the hand at this draw, so fewer cards come, and
    the drawer throws it at the next draw. The group the odds follow is the kept cards
    that play, as the hand would be read at the showdown (R2.1).
    """
    cards, thrown = _split(hand, discard)
    dead_cards = as_cards(dead)
    _check(draws, [*cards, *dead_cards])
    kept = tuple(c for c in cards if c not in thrown)
    playing = evaluate(kept).cards if kept else ()
    before = evaluate(cards).size
    return _odds(
        playing, held=kept, thrown=thrown, dead=dead_cards, draws=draws, top=top, before=before
    )


def _check(draws: int, seen: Sequence[Card]) -> None:
    if not 1 <= draws <= MAX_DRAWS:
        raise CardError(f"a hand has {MAX_DRAWS} draws (R4.1): draws left must be 1 to 3")
    repeated = sorted({c for c in seen if seen.count(c) > 1}, key=lambda c: c.index)
    if repeated:
        raise CardError(f"{format_cards(repeated)} named twice")


def _split(
    hand: str | Iterable[Card], discard: str | Iterable[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    cards = as_cards(hand)
    thrown = as_cards(discard)
    if len(cards) != MAX_CARDS:
        raise CardError(f"a hand has {MAX_CARDS} cards, not {len(cards)}")
    missing = [c for c in thrown if c not in cards]
    if missing:
        raise CardError(f"{format_cards(missing)} is not in the hand (R4.2)")
    return cards, thrown


def _odds(
    group: Sequence[Card],
    *,
    held: Sequence[Card],
    thrown: Sequence[Card],
    dead: Sequence[Card],
    draws: int,
    top: Rank | None,
    before: int,
) -> DrawOdds:
    """The odds of drawing to the playing `group`, with `held` (the group and any dead
    weight) kept in the hand for this draw."""
    seen = [*held, *thrown, *dead]
    unseen = len(DECK) - MAX_CARDS - len(dead)
    outs, chances = _chances(
        group,
        seen=frozenset(seen),
        unseen=unseen,
        draws=draws,
        top=top,
        wanted=MAX_CARDS - len(held),
    )
    # Only the kept cards can be above `top`: the drawer throws every higher card it draws.
    reachable = top is None or all(c.rank.order <= top.order for c in group)
    badugi = tuple(
        sum((p for size, p in dist.items() if size == MAX_CARDS and reachable), Fraction(0))
        for dist in chances
    )
    improve = tuple(
        sum((p for size, p in dist.items() if size > before), Fraction(0)) for dist in chances
    )
    return DrawOdds(
        kept=tuple(group), outs=outs, unseen=unseen, badugi=badugi, improve=improve, top=top
    )


# ----- the count ---------------------------------------------------------------------------


def _chances(
    group: Sequence[Card],
    *,
    seen: frozenset[Card],
    unseen: int,
    draws: int,
    top: Rank | None,
    wanted: int,
) -> tuple[int, list[dict[int, Fraction]]]:
    """The outs of `group` now, and for each draw the chance of each size of group after
    it (`odds_count` does the counting, on the grid of outs built here)."""
    live, columns = _grid(group, seen, top)
    dists = spread(live, columns, unseen, draws, wanted)
    by_draw = [{MAX_CARDS - free: p for free, p in dist} for dist in dists]
    return sum(row.bit_count() for row in live), by_draw


def _grid(
    group: Sequence[Card], seen: frozenset[Card], top: Rank | None
) -> tuple[tuple[int, ...], int]:
    """The outs as rows of ranks (lowest first) over the suits the group lacks (in deck
    order), each row a bit mask of the cards not seen."""
    limit = top.order if top is not None else Rank.KING.order
    ranks = {c.rank for c in group}
    free = [s for s in Suit if s not in {c.suit for c in group}]
    rows = [
        sum(1 << i for i, suit in enumerate(free) if _card(rank, suit) not in seen)
        for rank in sorted(Rank, key=lambda r: r.order)
        if rank.order <= limit and rank not in ranks
    ]
    return tuple(rows), len(free)


def _card(rank: Rank, suit: Suit) -> Card:
    return DECK[(rank.order - 1) * len(Suit) + suit.index]


def percent(chance: Fraction) -> str:
    """`51.23 %` style, as the tutorial prints chances."""
    return f"{float(chance) * 100:.2f} %"


__all__ = ["DrawOdds", "discard_odds", "draw_odds", "hand_odds", "percent"]
