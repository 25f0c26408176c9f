"""The odds bot: the book bot's betting, with draws chosen by the exact odds.

**Draws.** A few candidate draws are scored by exact odds, and the best is thrown:

- Four cards: keep the cards that play (R2.1), or stand pat, or break a badugi's top
  card, or keep the cards that play less a top card of 9 or more. Each is scored by the
  odds module (`draw_odds`, over all the draws left): the chance of any badugi by the
  last draw plus the chance of one 8-high or better. A badugi stood pat scores 1, plus 1
  if 8-high or better. The bot names no thrown card, so the odds module counts the
  thrown cards as ones that did not play (its documented reading), and every spot with
  the same kept ranks has the same odds; so has every spot with as many kept ranks at
  most 8 and above 8 (`kept_class`): one count serves them all.
- Five cards (Badeucy, Badacy): the candidates keep the Badugi half's cards, the low
  half's (different ranks, 8 or lower in that low), both, or all five; each throwing at
  most three cards. Each is scored by `split_odds`, exact for the next draw (counted by
  its symmetries in `split_count`, fast enough for six-seat sessions): the chance of
  making the Badugi half, plus the low half's, plus both (a scoop counts twice). One draw
  ahead any badugi is made, so a rough badugi early is first broken by the book's rule
  (`_rough`), unless all five cards make a low.

**Bets.** The book bot's heuristic (`bot.Bot.intent`) by hand strength and position,
with the strength of a split hand read from both halves: strong when both are made,
good when one is, drawing with a draw to come, else weak. Every random choice comes
from the seeded `random.Random`, as in the book bot.

**Which bot.** `default_bot` picks, per game, the bot that won `make bench-bots`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from badugi_spec.cards import Card, Rank
from badugi_spec.engine import Action, Kind
from badugi_spec.errors import CardError
from badugi_spec.profiles import Profile
from badugi_spec.rankings import RankedValue, ranking
from badugi_spec.rankings.house import MAX_CARDS, evaluate
from badugi_spec.rankings.odds import MAX_DRAWS, draw_odds
from badugi_spec.trainer.bot import Bot, Intent, Seen, Tier, tier
from badugi_spec.trainer.split_count import threshold
from badugi_spec.trainer.split_odds import split_odds

STRONG_TOP = 8
"""A badugi this high or lower is what the score rewards twice."""
MOST_THROWN = 3
"""Five-card candidates throw at most this many: keeping two cards or more is what the
book of both halves does, and the counts of four- and five-card draws cost the most."""


class OddsBot(Bot):
    """A bot for any profile; give it the profile, as the rankings depend on it."""

    def __init__(self, rng: random.Random, *, profile: Profile) -> None:
        super().__init__(rng)
        self.profile = profile

    def decide(self, view: Seen) -> Action:
        if view.phase != "draw":
            return self._act(view, self.intent(view))
        most = next((o.adds for o in view.legal if o.kind is Kind.DRAW), MAX_CARDS)
        if self.profile.split_ranking:
            thrown = split_draw(self.profile, view.cards, most=most, draws_left=view.draws_left)
        else:
            thrown = four_card_draw(view.cards, draws_left=view.draws_left, most=most)
        return Action(view.seat, Kind.DRAW, discards=thrown)

    def intent(self, view: Seen) -> Intent:
        if not self.profile.split_ranking:
            return super().intent(view)
        strength = split_tier(self.profile, view.cards, view.draws_left)
        return self._intent_for(view, strength)

    def _intent_for(self, view: Seen, strength: Tier) -> Intent:
        facing = view.to_call > 0
        if strength is Tier.STRONG:
            return Intent.RAISE
        if strength is Tier.GOOD:
            return Intent.RAISE if not facing or view.raises <= 1 else Intent.CALL
        if not facing:
            if view.draws_left <= 1 and self._bluffs(view):
                return Intent.RAISE
            return Intent.CALL
        if strength is Tier.DRAWING:
            return Intent.CALL if view.to_call <= view.bet_size else Intent.FOLD
        return Intent.FOLD


# ----- four cards ------------------------------------------------------------------------


@functools.cache
def _kept_score(ranks: tuple[int, ...], draws: int) -> float:
    """The score of drawing to kept cards of these ranks (all playing, so all of
    different suits: suits then do not change the odds)."""
    suits = "shdc"
    kept = [Card.parse(f"{_label(r)}{suits[i]}") for i, r in enumerate(ranks)]
    odds = draw_odds(kept, draws=draws)
    strong = draw_odds(kept, draws=draws, top=_rank(STRONG_TOP))
    return float(odds.badugi[-1] + strong.badugi[-1])


def kept_class(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ranks with the same score as these: the score reads a kept rank only by being
    equal to a drawn one, and by being at most `STRONG_TOP` or above it. So any such
    ranks count as the lowest ones on their side of the line (A, 2 ...; 9, 10 ...), and
    the whole table of scores is 4 x 5 x 3 counts, not 1,131."""
    low = sum(1 for rank in ranks if rank <= STRONG_TOP)
    high = len(ranks) - low
    return tuple(range(1, low + 1)) + tuple(range(STRONG_TOP + 1, STRONG_TOP + 1 + high))


def _label(order: int) -> str:
    return _rank(order).value


def _rank(order: int) -> Rank:
    return next(rank for rank in Rank if rank.order == order)


def four_card_draw(cards: Sequence[Card], *, draws_left: int, most: int) -> tuple[Card, ...]:
    hand = tuple(cards)
    value = evaluate(hand)
    draws = max(1, min(draws_left, MAX_DRAWS))
    playing = sorted(value.cards, key=lambda c: c.rank.order)
    options: list[tuple[float, tuple[Card, ...]]] = []
    if value.is_badugi:
        top = playing[-1].rank.order
        options.append((1.0 + (top <= STRONG_TOP), ()))
    else:
        options.append((_score(playing, draws), tuple(c for c in hand if c not in playing)))
    if len(playing) > 1 and playing[-1].rank.order >= 9:
        lower = playing[:-1]
        options.append((_score(lower, draws), tuple(c for c in hand if c not in lower)))
    _, thrown = max(options, key=lambda option: option[0])
    return tuple(sorted(thrown, key=lambda c: -c.rank.order)[:most])


def _score(kept: Sequence[Card], draws: int) -> float:
    if not kept:
        return 0.0
    return _kept_score(kept_class([c.rank.order for c in kept]), draws)


# ----- five cards ------------------------------------------------------------------------


def low_cards(profile: Profile, cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards of different ranks, 8 or lower in the profile's low, lowest first."""
    aces_low = profile.split_ranking == "low-a-5"
    height = {c: (1 if aces_low and c.rank is Rank.ACE else c.rank.order) for c in cards}
    kept: list[Card] = []
    for card in sorted(cards, key=height.__getitem__):
        fits = height[card] <= STRONG_TOP and not (card.rank is Rank.ACE and not aces_low)
        if fits and all(k.rank != card.rank for k in kept):
            kept.append(card)
    return tuple(kept)


def _split_score(profile: Profile, hand: tuple[Card, ...], thrown: tuple[Card, ...]) -> float:
    odds = split_odds(profile, hand, thrown)
    return float(sum(odds.made) + odds.both)


def split_draw(
    profile: Profile, cards: Sequence[Card], *, most: int, draws_left: int = 1
) -> tuple[Card, ...]:
    hand = tuple(cards)
    badugi = ranking(profile.ranking).evaluate(hand).cards
    low = low_cards(profile, hand)
    keeps = {hand, badugi, low, tuple(c for c in badugi if c in low)}
    if _rough(profile, badugi, draws_left):
        # The book's rule (bot.py): a rough badugi is broken early, its top card thrown.
        # The count looks one draw ahead, where any badugi is made, so it would stand pat
        # on a king-high one with three draws to come: only a made low may keep it.
        badugi = badugi[1:]
        keeps = {badugi, low, tuple(c for c in badugi if c in low)}

    best: tuple[float, tuple[Card, ...]] = (-1.0, ())
    for keep in keeps:
        thrown = tuple(c for c in hand if c not in keep)
        if len(thrown) > min(most, MOST_THROWN):
            # Top the keep up with the lowest of the rest, to throw only three.
            rest = sorted(thrown, key=lambda c: c.rank.order)
            thrown = tuple(rest[len(thrown) - min(most, MOST_THROWN) :])
        try:
            score = _split_score(profile, hand, thrown)
        except CardError:  # pragma: no cover - the candidates are cards of the hand
            continue
        best = max(best, (score, thrown), key=lambda option: option[0])
    return best[1]


def _rough(profile: Profile, badugi: Sequence[Card], draws_left: int) -> bool:
    """A badugi whose top card, in the Badugi half's order, is a jack or higher with
    three draws to come, or a king or higher with two (aces high in Badeucy, R21.3)."""
    if len(badugi) < 4 or draws_left < 2:
        return False
    aces_high = profile.ranking == "badugi-ace-high"
    top = max(14 if aces_high and c.rank is Rank.ACE else c.rank.order for c in badugi)
    return top >= (11 if draws_left >= 3 else 13)


def split_tier(profile: Profile, cards: Sequence[Card], draws_left: int) -> Tier:
    made = 0
    for name in profile.halves:
        value = ranking(name).evaluate(cards)
        assert isinstance(value, RankedValue)
        made += value.strength >= threshold(name)
    if made == 2:
        return Tier.STRONG
    if made == 1:
        return Tier.GOOD
    if draws_left >= 1:
        return Tier.DRAWING
    return Tier.WEAK


BOTS = ("odds", "book")
"""The bots one can play against: the odds bot, and the book bot it was built from."""


def default_bot(profile: Profile) -> str:
    """The bot that played better in `make bench-bots` (docs/trainer.md): the odds bot,
    but in Badacy the book bot. There the odds bot's one-draw counts chase the A-5 low,
    which any five low cards make, and it won 40.9 % of 2,000 heads-up sessions (95 %
    interval 38.8 % to 43.1 %) against the book bot, which draws to the badugi over all
    three draws."""
    badacy_shaped = profile.ranking == "badugi" and profile.split_ranking == "low-a-5"
    return "book" if badacy_shaped else "odds"


def make_bot(kind: str | None, *, rng: random.Random, profile: Profile) -> Bot:
    """A bot of `kind` (one of `BOTS`; None: `default_bot`) for `profile`, its choices
    drawn from `rng`."""
    kind = kind or default_bot(profile)
    if kind == "odds":
        return OddsBot(rng, profile=profile)
    if kind == "book":
        return Bot(rng)
    raise ValueError(f"no bot named {kind!r}: choose one of {', '.join(BOTS)}")


__all__ = [
    "BOTS",
    "OddsBot",
    "default_bot",
    "four_card_draw",
    "kept_class",
    "make_bot",
    "split_draw",
    "split_tier",
    "tier",
]
