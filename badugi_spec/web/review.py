"""The review of a hand played on the play page: the hand in the replayer with the
player's decisions marked, the odds of every keep at each of their draws, one line of
coaching where a draw was far from the best (`trainer.keeps`), and the hand as a
scenario (`trainer.save`) for the page to offer as a download.

A session is decided by its profile, seats, seed and the keys typed (`web.play`), so the
review replays the same session and reads the hand from it: the page's share link, which
holds those and the hand's number, gives anyone the same review.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.cards import Card
from badugi_spec.engine import Hand, Kind
from badugi_spec.rankings.odds import percent
from badugi_spec.replays.record import HandRecord
from badugi_spec.trainer import Trainer
from badugi_spec.trainer.faces import Faces
from badugi_spec.trainer.hints import known_dead
from badugi_spec.trainer.keeps import DrawReview, four_card_review, split_review
from badugi_spec.trainer.save import SaveError, scenario_text
from badugi_spec.trainer.values import is_split
from badugi_spec.web.play import NeedInput, PageConsole, PlayError, _check
from badugi_spec.web.table import TapedNarrator, hand_view, second_person

DECISIONS: Final = frozenset({"check", "fold", "bet", "call", "raise", "all-in", "declare", "draw"})
"""The events that are a player's own choice (the posts and the showdown are not)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the player stood at one of their draws: the hand's number, the round, the
    cards held and their own discards so far (R4.5)."""

    number: int
    draw: int
    cards: tuple[Card, ...]
    dead: tuple[Card, ...]


class _Watching(Trainer):
    """The trainer, noting each of the player's draws as it comes."""

    spots: list[Spot]

    def _your_turn(self, hand: Hand) -> str | None:
        if hand.phase.kind == "draw":
            self.spots.append(
                Spot(
                    number=self.session.hand_number,
                    draw=hand.phase.number,
                    cards=tuple(hand.holdings[self.you]),
                    dead=known_dead(hand, self.you),
                )
            )
        return super()._your_turn(hand)


def review(
    *,
    profile: str,
    seats: int,
    seed: int,
    inputs: Sequence[str],
    hand: int,
    draw: int | None = None,
) -> dict[str, Any]:
    """The review of hand number `hand` of the session these keys play; `status: error`
    with one line if there is no such hand, or it has not ended.

    Without `draw`: the hand's frames, the player's decisions, the scenario, and each of
    their draws without its odds. With `draw` (0 for the player's first draw of the hand,
    1 for the next ...): that draw's odds alone. The odds of a draw cost up to a second
    in CPython (throwing all four with three draws to come is most of it), more in the
    page: the page asks for them one draw at a time, after the hand is drawn."""
    try:
        _check(profile, seats, seed, inputs)
        if not 1 <= hand <= 999:
            raise PlayError(f"a hand number is a whole number from 1 to 999, not {hand}")
    except PlayError as error:
        return {"status": "error", "message": str(error)}
    trainer = _Watching(
        console=PageConsole(inputs),
        profile=profiles.get(profile),
        seed=seed,
        faces=Faces(colour=False),
        seats=seats,
    )
    trainer.spots = []
    narrator = trainer.narrator = TapedNarrator(names=trainer.names, first=hand)
    with contextlib.suppress(NeedInput):  # the keys ran out: the session so far is enough
        trainer.run()
    played = trainer.session.hands
    if hand > len(played) or not played[hand - 1].is_over:
        ended = sum(1 for h in played if h.is_over)
        return {
            "status": "error",
            "message": f"hand {hand} has not ended in this session ({_count(ended)} ended so far):"
            " review a hand once it is over",
        }
    done, log = played[hand - 1], trainer.logs[hand - 1]
    you = trainer.you
    spots = [s for s in trainer.spots if s.number == hand]
    draws = [a.discards for a in log.actions if a.seat == you and a.kind is Kind.DRAW]
    if draw is not None:
        if not 0 <= draw < len(draws):
            return {
                "status": "error",
                "message": f"hand {hand} has no draw of yours numbered {draw}",
            }
        return {"status": "ok", "odds": _draw(done, spots[draw], draws[draw])}
    record = narrator.tapes[0].record
    view = hand_view(record, you=you, over=True)
    names = [trainer.names(seat) for seat in range(done.seats)]
    answer: dict[str, Any] = {
        "status": "ok",
        "hand": view,
        "decisions": _decisions(record, view, you),
        "draws": [
            {"draw": spot.draw, "cards": _faces(spot.cards), "thrown": _faces(thrown)}
            for spot, thrown in zip(spots, draws, strict=False)
        ],
        "net": done.stacks[you] - log.stacks[you],
        "won": you in (done.result.winners if done.result else ()),
    }
    try:
        answer["scenario"] = scenario_text(done, log, names=names, seed=seed)
        answer["file"] = f"played-{profile}-seed-{seed}-hand-{hand}.badugi"
    except SaveError as error:
        answer["unsaved"] = f"This hand cannot be saved as a scenario: {error}."
    return answer


def _decisions(record: HandRecord, view: dict[str, Any], you: int) -> list[dict[str, Any]]:
    """The frames that show the player's own choices: frame i + 1 follows event i
    (`table.hand_view`). A draw declared first (R8.16) is marked once, where declared."""
    out = []
    declared = False
    events = [event for step in record.steps for event in step.events]
    for index, event in enumerate(events, start=1):
        kind, frame = event.kind, view["frames"][index]
        if event.seat != you or kind not in DECISIONS:
            continue
        if kind == "draw" and declared:
            declared = False
            continue
        declared = kind == "declare"
        did = second_person(f"You {frame.get('w') or kind}")
        out.append({"frame": index, "did": did, "phase": frame.get("h", "")})
    return out


def _draw(hand: Hand, spot: Spot, thrown: Sequence[Card]) -> dict[str, Any]:
    profile = hand.profile
    if is_split(profile):
        found: DrawReview = split_review(profile, spot.cards, thrown, dead=spot.dead)
    else:
        left = profile.betting_rounds - spot.draw
        found = four_card_review(spot.cards, thrown, draws_left=left, dead=spot.dead)
    rows = [
        {
            "kept": _faces(keep.kept),
            "thrown": _faces(keep.thrown),
            "chances": [_figure(p) for p in keep.chances],
            "score": round(float(keep.score), 4),
            "yours": keep is found.chosen,
        }
        for keep in found.keeps
    ]
    return {
        "draw": spot.draw,
        "cards": _faces(spot.cards),
        "thrown": _faces(thrown),
        "columns": list(found.columns),
        "when": found.when,
        "keeps": rows,
        "coach": found.coach,
        "note": found.note,
    }


def _faces(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty() for card in cards)


def _figure(chance: Fraction) -> list[str]:
    """A chance as the page shows it: its percentage and the exact fraction."""
    return [percent(chance), str(chance)]


def _count(n: int) -> str:
    return f"{n} hand{'' if n == 1 else 's'}"


__all__ = ["review"]
