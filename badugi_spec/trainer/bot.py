"""The trainer's bot: a simple, written-down strategy that only sees what a player may see.

The strategy is the one `docs/trainer.md` describes, rule for rule:

- **Draws by the book.** Keep the cards that play (R2.1) and throw the rest. A badugi is
  kept, unless it is rough and the draw early: with three draws to come a badugi with a
  jack, queen or king on top is broken by throwing that card; with two draws to come only
  a king-high one is; at the last draw never.
- **Bets by hand strength and position.** The hand is put in one of four tiers (`tier`);
  strong hands bet and raise, good ones bet and raise once, drawing hands check and call
  one bet (and bet when they act last in the round), weak ones check and fold.
- **Sometimes bluffs.** With a weak or drawing hand, nobody having bet, after the second
  draw: one time in four when acting last in the round, one in eight otherwise.

It is deterministic: every random choice comes from the `random.Random` it is given, so
a bot made from the same seed makes the same choices in the same spots. It never picks
an action that is not among the engine's legal options, and it always states the amount,
so the engine checks that too.
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass

from badugi_spec.cards import Card
from badugi_spec.engine import Action, Hand, Kind, Legal
from badugi_spec.rankings.house import MAX_CARDS, HandValue, evaluate


class Tier(enum.IntEnum):
    """How the bot rates its hand, weakest first."""

    WEAK = 0
    DRAWING = 1
    GOOD = 2
    STRONG = 3


@dataclass(frozen=True, slots=True)
class Seen:
    """What one player may know when it is their turn: their own cards and the public play.

    The bot decides from this alone, so it cannot look at anyone else's cards or the deck.
    """

    seat: int
    cards: tuple[Card, ...]
    phase: str
    """`bet` or `draw`."""
    draws_left: int
    """Draws still to come; during a draw, this one included."""
    bet_size: int
    to_call: int
    raises: int
    """Bet levels in this round so far (the big blind counts where the profile says, R8.6)."""
    in_position: bool
    """Whether this player acts last in the betting round."""
    legal: tuple[Legal, ...]


def seen(hand: Hand, seat: int) -> Seen:
    """The view of `hand` that the player in `seat` is entitled to."""
    phase = hand.phase
    betting = phase.kind == "bet"
    # Draw n follows betting round n, so in both the draws to come are rounds - n.
    return Seen(
        seat=seat,
        cards=tuple(hand.holdings[seat]),
        phase=phase.kind,
        draws_left=hand.profile.betting_rounds - phase.number,
        bet_size=hand.bet_size if betting else 0,
        to_call=max(hand.bet_to_match - hand.committed[seat], 0) if betting else 0,
        raises=hand.raises,
        in_position=acts_last(hand, seat),
        legal=hand.legal_actions() if hand.to_act == seat else (),
    )


def acts_last(hand: Hand, seat: int) -> bool:
    """Whether `seat` is the last of the players who can still bet to act in this round:
    before the first draw that is the big blind, afterwards the button (R3.3, R8.5)."""
    order = list(hand.order)
    if hand.phase.kind == "bet" and hand.phase.number == 1:
        start = order.index(hand.big_blind) + 1
        order = order[start:] + order[:start]
    able = [s for s in order if not hand.folded[s] and (hand.stacks[s] > 0 or s == seat)]
    return bool(able) and able[-1] == seat


def tier(value: HandValue, draws_left: int) -> Tier:
    """Strong: a badugi 8-high or better. Good: any other badugi, or a three-card hand
    6-high or better with two or more draws to come. Drawing: any other three-card hand
    with a draw to come, a two-card hand 5-high or better with two or more draws to come,
    or, after the last draw, a three-card hand 5-high or better. Weak: the rest."""
    top = value.ranks[0].order if value.cards else 14
    if value.size == MAX_CARDS:
        return Tier.STRONG if top <= 8 else Tier.GOOD
    if value.size == 3:
        if draws_left >= 2 and top <= 6:
            return Tier.GOOD
        if draws_left >= 1 or top <= 5:
            return Tier.DRAWING
        return Tier.WEAK
    if value.size == 2 and draws_left >= 2 and top <= 5:
        return Tier.DRAWING
    return Tier.WEAK


def _badugi(cards: tuple[Card, ...]) -> HandValue:
    """The hand's Badugi value, also from five cards: the best of its four-card hands,
    which is the five cards' value with aces low (R9.2). The book reads every game as
    Badugi; in a split game (R8.29) that is a rough guide, not the game's own value."""
    if len(cards) <= MAX_CARDS:
        return evaluate(cards)
    return max(evaluate(four) for four in itertools.combinations(cards, MAX_CARDS))


def _breaks(value: HandValue, draws_left: int) -> bool:
    """Whether the book breaks this badugi now: rough, and early enough to draw again."""
    top = value.cards[0].rank.order
    return value.is_badugi and ((draws_left >= 3 and top >= 11) or (draws_left == 2 and top == 13))


def book_reason(cards: tuple[Card, ...], *, draws_left: int) -> str:
    """Why the book draws as it does, in a few words (for the trainer's hints)."""
    value = _badugi(cards)
    if _breaks(value, draws_left):
        return (
            f"break the rough badugi: its top card {value.cards[0].pretty()} is too high"
            f" with {draws_left} draws to come"
        )
    if value.is_badugi:
        return "keep the badugi"
    return "keep the cards that play (R2.1), throw the rest"


def book_discards(
    cards: tuple[Card, ...], *, draws_left: int, max_discards: int = MAX_CARDS
) -> tuple[Card, ...]:
    """The cards the book throws: those that do not play, and the top card of a rough
    badugi early (see the module docstring). At most `max_discards`, highest first."""
    value = _badugi(cards)
    keep = set(value.cards)
    if _breaks(value, draws_left):
        keep.discard(value.cards[0])
    thrown = [c for c in cards if c not in keep]
    if len(thrown) > max_discards:
        thrown = sorted(thrown, key=lambda c: -c.rank.order)[:max_discards]
    return tuple(thrown)


class Intent(enum.Enum):
    RAISE = "raise"
    """Bet or raise if allowed, else call or check."""
    CALL = "call"
    """Check if free, else call."""
    FOLD = "fold"
    """Check if free, else fold."""


class Bot:
    """One bot player. Give it the seeded `rng`; ask it with `decide(seen(hand, seat))`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: Seen) -> Action:
        if view.phase == "draw":
            # The draw option says how many cards the profile lets one draw replace (R4.2).
            most = next((o.adds for o in view.legal if o.kind is Kind.DRAW), MAX_CARDS)
            thrown = book_discards(view.cards, draws_left=view.draws_left, max_discards=most)
            return Action(view.seat, Kind.DRAW, discards=thrown)
        return self._act(view, self.intent(view))

    def intent(self, view: Seen) -> Intent:
        strength = tier(_badugi(view.cards), view.draws_left)
        facing = view.to_call > 0
        if strength is Tier.STRONG:
            return Intent.RAISE
        if strength is Tier.GOOD:
            # One raise at most: a good hand re-raises nobody.
            return Intent.RAISE if not facing or view.raises <= 1 else Intent.CALL
        if not facing:
            if strength is Tier.DRAWING and view.in_position and self.rng.random() < 1 / 3:
                return Intent.RAISE
            if view.draws_left <= 1 and self._bluffs(view):
                return Intent.RAISE
            return Intent.CALL
        if strength is Tier.DRAWING:
            return Intent.CALL if view.to_call <= view.bet_size else Intent.FOLD
        return Intent.CALL if view.to_call < view.bet_size else Intent.FOLD

    def _bluffs(self, view: Seen) -> bool:
        return self.rng.random() < (1 / 4 if view.in_position else 1 / 8)

    @staticmethod
    def _act(view: Seen, intent: Intent) -> Action:
        options = {legal.kind: legal for legal in view.legal}
        if intent is Intent.RAISE:
            for kind in (Kind.RAISE, Kind.BET):
                if kind in options:
                    return Action(view.seat, kind, amount=options[kind].to)
        if Kind.CHECK in options:
            return Action(view.seat, Kind.CHECK)
        if intent is Intent.FOLD and Kind.FOLD in options:
            return Action(view.seat, Kind.FOLD)
        if Kind.CALL in options:
            return Action(view.seat, Kind.CALL, amount=options[Kind.CALL].adds)
        # Not reached with the engine's options (facing a bet there is always a call);
        # folding keeps the bot legal even so.
        return Action(view.seat, Kind.FOLD)
