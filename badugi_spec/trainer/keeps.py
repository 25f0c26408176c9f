"""Every keep a player could have made at a draw, with its exact odds: the review's table
and its one line of coaching (the play page's review, `web.review`).

**Four cards.** Each of the sixteen keeps (every set of cards thrown, standing pat and
throwing all four included) gets two exact chances from the odds module's
`discard_odds`, over the draws left: a badugi by the last draw, and a badugi 8-high or
better by the last draw. The drawer follows the odds module's one policy (keep what was
kept, add what plays, throw the rest); a kept card that does not play is thrown at the
next draw.

**Five cards (Badeucy, Badacy, R8.29).** Each keep throwing at most three cards gets the
exact chance, after this draw only, of making each half and both at once (`split_odds`).
The chance by the last draw is not computed: with two rankings the best later draw
depends on which half one chases, so there is no single policy to count (the note says
so). Keeps throwing four or five cards are not computed either: the odds bot never draws
them, and their counts cost the most (the note says so too).

**The score and "far".** A keep's score is the odds bot's own measure (`odds_bot`): in
four cards the chance of a badugi plus the chance of one 8-high or better; in five, the
chance of each half plus that of both. A choice is *far from the best* when the best
keep's score exceeds it by `FAR` or more. That is strategy, not a rule: the coaching
line says so, and every figure in it is one of the table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final

from badugi_spec.cards import Card, Rank, format_cards
from badugi_spec.profiles import Profile
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import MAX_DRAWS, discard_odds, percent
from badugi_spec.trainer import values
from badugi_spec.trainer.split_odds import TARGETS, split_odds

FAR: Final = Fraction(1, 4)
"""How far below the best keep's score a choice must be to get a coaching line."""
STRONG: Final = Rank.EIGHT
"""The badugi the second chance counts: 8-high or better, as the odds bot scores."""
MOST_SPLIT_THROWN: Final = 3
"""Five-card keeps throwing more than this are not counted (the odds bot's own limit)."""
STRATEGY: Final = "Strategy, not a rule"


@dataclass(frozen=True, slots=True)
class Keep:
    """One keep: the cards kept and thrown, its chances (one per column) and its score."""

    kept: tuple[Card, ...]
    thrown: tuple[Card, ...]
    chances: tuple[Fraction, ...]
    score: Fraction


@dataclass(frozen=True, slots=True)
class DrawReview:
    """The keeps of one draw, best first, with the one the player chose."""

    columns: tuple[str, ...]
    """What each chance is of, short: a table's column heads."""
    when: str
    """When the chances are counted: "by the last draw", "at this draw"."""
    keeps: tuple[Keep, ...]
    chosen: Keep | None
    """None only when the player threw what the table does not count (five cards: four or
    five thrown); the note then says so."""
    coach: str
    """One line when the choice was far from the best (`FAR`); else ""."""
    note: str
    """What the figures are, and what is not computed."""


def _sorted(keeps: list[Keep]) -> tuple[Keep, ...]:
    # Best score first; among equals, the keep that throws fewer cards, then the deck order.
    return tuple(
        sorted(keeps, key=lambda k: (-k.score, len(k.thrown), [c.index for c in k.thrown]))
    )


def _chosen(keeps: Sequence[Keep], thrown: Sequence[Card]) -> Keep | None:
    return next((k for k in keeps if set(k.thrown) == set(thrown)), None)


def every_keep(
    hand: Sequence[Card],
    *,
    draws: int,
    dead: Sequence[Card] = (),
    tops: Sequence[Rank | None] = (None,),
) -> list[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Fraction, ...]]]:
    """Each of the sixteen keeps of a four-card hand, standing pat first, then every throw
    of one, two, three and four cards: (thrown, kept, the kept cards that play, and the
    chance by the last of `draws` draws of a badugi of each of `tops` or better, None
    being any badugi)."""
    out = []
    for size in range(len(hand) + 1):
        for throw in combinations(hand, size):
            kept = tuple(c for c in hand if c not in throw)
            playing = evaluate(kept).cards if kept else ()
            chances = tuple(
                # The odds module counts no badugi under `top` for a group holding a higher
                # card (it keeps its group whole): its answer is 0, not worth the count.
                Fraction(0)
                if top is not None and any(c.rank.order > top.order for c in playing)
                else discard_odds(hand, throw, draws=draws, dead=dead, top=top).badugi[-1]
                for top in tops
            )
            out.append((throw, kept, playing, chances))
    return out


def four_card_review(
    cards: Sequence[Card], thrown: Sequence[Card], *, draws_left: int, dead: Sequence[Card] = ()
) -> DrawReview:
    """The sixteen keeps of a four-card draw with `draws_left` draws to come (this one
    included), the player having thrown `thrown`; `dead` are their earlier discards."""
    hand = tuple(cards)
    draws = max(1, min(draws_left, MAX_DRAWS))
    keeps = [
        Keep(kept, throw, chances, sum(chances, Fraction(0)))
        for throw, kept, _, chances in every_keep(hand, draws=draws, dead=dead, tops=(None, STRONG))
    ]
    ordered = _sorted(keeps)
    chosen = _chosen(ordered, thrown)
    by = "by the last draw" if draws > 1 else "at this draw"
    columns = ("A badugi", "8-high or better")
    note = (
        f"Exact chances over the {_draws(draws)} left, if you keep what you kept and add"
        " each card that plays (the odds module's policy); only your cards and your own"
        " discards are known. A keep's score is the chance of a badugi plus the chance of"
        f" one 8-high or better (the odds bot's measure); a choice {float(FAR):.2f} or more"
        " below the best gets a line of coaching."
    )
    coach = ""
    if chosen is not None and ordered[0].score - chosen.score >= FAR:
        best = ordered[0]
        coach = (
            f"{STRATEGY}: you {_did(hand, chosen)} with {_draws(draws)} left; {_keeping(best)}"
            f" makes a badugi {percent(best.chances[0])} of the time {by}, and one 8-high or"
            f" better {percent(best.chances[1])}; your keep: {percent(chosen.chances[0])}"
            f" and {percent(chosen.chances[1])}."
        )
    return DrawReview(columns, by, ordered, chosen, coach, note)


def split_review(
    profile: Profile, cards: Sequence[Card], thrown: Sequence[Card], *, dead: Sequence[Card] = ()
) -> DrawReview:
    """The keeps of a split game's draw (throwing at most three), by the next draw."""
    hand = tuple(cards)
    keeps = []
    for size in range(min(len(hand), MOST_SPLIT_THROWN) + 1):
        for throw in combinations(hand, size):
            odds = split_odds(profile, hand, throw, dead=dead)
            chances = (*odds.made, odds.both)
            kept = tuple(c for c in hand if c not in throw)
            keeps.append(Keep(kept, throw, chances, sum(chances, Fraction(0))))
    ordered = _sorted(keeps)
    chosen = _chosen(ordered, thrown)
    columns = (*(values.half_name(name) for name in profile.halves), "Both (a scoop)")
    note = (
        "Each half is made by "
        + " and ".join(f"{TARGETS[n]} in the {values.half_name(n)}" for n in profile.halves)
        + ". Exact chances after this draw only (R8.29): with two rankings the best later draw"
        " depends on which half you chase, so the chance by the last draw is not computed."
        f" Keeps throwing more than {MOST_SPLIT_THROWN} cards are not computed. A keep's"
        " score is the chance of each half plus that of both (the odds bot's measure); a"
        f" choice {float(FAR):.2f} or more below the best gets a line of coaching."
    )
    if chosen is None:
        note += f" You threw {len(thrown)} cards: that keep is not in the table."
    coach = ""
    if chosen is not None and ordered[0].score - chosen.score >= FAR:
        best = ordered[0]
        made = ", ".join(
            f"{TARGETS[name]} in the {values.half_name(name)} {percent(p)}"
            for name, p in zip(profile.halves, best.chances, strict=False)
        )
        mine = ", ".join(percent(p) for p in chosen.chances[:-1])
        coach = (
            f"{STRATEGY}: you {_did(hand, chosen)}; {_keeping(best)} makes {made} of the"
            f" time at this draw, and both {percent(best.chances[-1])}; your keep: {mine}"
            f" and {percent(chosen.chances[-1])}."
        )
    return DrawReview(columns, "at this draw", ordered, chosen, coach, note)


def _draws(n: int) -> str:
    return f"{n} draw{'' if n == 1 else 's'}"


def _did(hand: Sequence[Card], keep: Keep) -> str:
    if not keep.thrown:
        return f"stood pat on {format_cards(hand)}"
    if not keep.kept:
        return f"threw all {len(hand)} cards"
    return f"kept {format_cards(keep.kept)}, throwing {format_cards(keep.thrown)}"


def _keeping(keep: Keep) -> str:
    if not keep.thrown:
        return "standing pat"
    if not keep.kept:
        return f"throwing all {len(keep.thrown)}"
    return f"keeping {format_cards(keep.kept)}"


__all__ = ["FAR", "DrawReview", "Keep", "every_keep", "four_card_review", "split_review"]
