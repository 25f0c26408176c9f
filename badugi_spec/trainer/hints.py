"""The `--hints` and `o` lines: the exact odds of a draw, from the odds module.

Only what the player has seen goes in: their hand and their own discards of this hand
(R4.5: those are out of play). The opponent's cards and the burns are unseen, as the odds
module assumes.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from badugi_spec.cards import RANKS_BY_ORDER, Card, format_cards
from badugi_spec.engine import Hand
from badugi_spec.errors import CardError
from badugi_spec.profiles import Profile
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import MAX_DRAWS, hand_odds, percent
from badugi_spec.trainer import values
from badugi_spec.trainer.bot import book_discards, book_reason
from badugi_spec.trainer.split_odds import TARGETS, split_odds


def known_dead(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The cards `seat` knows cannot come to them: their own discards, less those a
    rebuilt stub took back under a profile that deals a player their own discards again
    (R8.18, R8.20) and any now in their hand. Counting those dead would skew the odds,
    and one back in the hand made the odds module refuse the draw ("named twice").

    A card gathered, dealt back to the player and thrown again is counted live: the log
    does not say that it was thrown after the rebuild, and it is rare."""
    held = set(hand.holdings[seat])
    gathered: set[Card] = set()
    if hand.profile.own_discards_back:
        gathered = {c for e in hand.events if e.kind == "reshuffle" for c in e.cards}
    return tuple(c for c in hand.discards[seat] if c not in held and c not in gathered)


def draw_hint(
    cards: Sequence[Card],
    thrown: Sequence[Card] | None,
    *,
    draw: int,
    draws_left: int,
    dead: Sequence[Card] = (),
) -> str:
    """One line on throwing `thrown` (None: the book's draw) at draw number `draw`.

    Breaking a badugi only helps if a better one comes, so then only a badugi with a
    lower top card counts (the odds module's `top`).
    """
    hand = tuple(cards)
    draws = min(draws_left, MAX_DRAWS)
    book = thrown is None
    throw = book_discards(hand, draws_left=draws) if thrown is None else tuple(thrown)
    value = evaluate(hand)
    top = None
    if value.is_badugi and throw:
        top = RANKS_BY_ORDER[value.cards[0].rank.order - 2]
    try:
        odds = hand_odds(hand, throw, draws=draws, dead=dead, top=top)
    except CardError as error:
        return f"No odds for throwing {format_cards(throw) or 'nothing'}: {error}."
    kept = [c for c in hand if c not in throw]
    what = f"throw {format_cards(throw)}, keep {format_cards(kept)}" if throw else "stand pat"
    lead = f"The book says {what} ({book_reason(hand, draws_left=draws)})" if book else what
    target = f"a badugi {top.label}-high or better" if top is not None else "a badugi"
    chances = "; ".join(
        f"by draw {number} {_percent(p)} ({p})" for number, p in enumerate(odds.badugi, draw)
    )
    return (
        f"{lead[0].upper()}{lead[1:]}: {odds.outs} outs among {odds.unseen} unseen cards;"
        f" {target} {chances}."
    )


def _percent(chance: Fraction) -> str:
    """The odds module's percentage without its space, so a wrapped line keeps it whole."""
    return percent(chance).replace(" ", "")


def split_hint(
    profile: Profile,
    cards: Sequence[Card],
    thrown: Sequence[Card] | None,
    *,
    draw: int,
    dead: Sequence[Card] = (),
) -> str:
    """One line on a split game's draw: the exact chance of making each half at this draw,
    and both at once. None: the book's draw, which throws what does not play in the
    Badugi half (the bot's own draw is its business, `bot`)."""
    hand = tuple(cards)
    throw = book_discards(hand, draws_left=1) if thrown is None else tuple(thrown)
    try:
        odds = split_odds(profile, hand, throw, dead=dead)
    except CardError as error:
        return f"No odds for throwing {format_cards(throw) or 'nothing'}: {error}."
    kept = [c for c in hand if c not in throw]
    what = f"throw {format_cards(throw)}, keep {format_cards(kept)}" if throw else "stand pat"
    lead = f"The book (the Badugi half's cards) says {what}" if thrown is None else what
    halves = "; ".join(
        f"the {values.half_name(name)} {TARGETS[name]} {_percent(p)} ({p})"
        for name, p in zip(profile.halves, odds.made, strict=True)
    )
    return (
        f"{lead[0].upper()}{lead[1:]}: at draw {draw}, {odds.outcomes} equally likely"
        f" draws from {odds.unseen} unseen cards; {halves}; both {_percent(odds.both)} (R8.29)."
    )
