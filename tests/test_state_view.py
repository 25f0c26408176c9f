"""The state built straight from the hand (`scenario.state_view`) is the state built from
`Hand.snapshot` and renamed, as `state_of` was before it kept anything between requests:
the same values, of the same JSON types, with the keys in the same order, after every
request of fuzzed trials at every profile (sessions, side pots, split pots, mucks)."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK, TEXTS, Card
from badugi_spec.engine import Hand, Session
from badugi_spec.fuzz import game
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.trial import FuzzError, Setting
from badugi_spec.scenario import state_view
from badugi_spec.scenario.engine_impl import EngineImplementation

_BLINDS = {"small blind": "small", "big blind": "big", "posted big blind": "big"}
_BLINDS |= {"dead small blind": "dead", "kill": "kill", "straddle": "straddle"}


def _in(hand: Hand, seat: int) -> dict[str, str]:
    return {n: str(v) for n, v in zip(hand.profile.halves, hand.values(seat), strict=True)}


def _reference(session: Session, names: list[str]) -> dict[str, Any]:
    """The state as it was built before: from the seat-numbered snapshot, nothing kept."""
    hand, result = session.hand, session.result
    about: dict[str, Any] = {
        "hand": session.hand_number,
        "dealer": names[hand.dealer] if hand else names[session.next_dealer],
        "over": result is not None,
        "winner": None if result is None or result.winner is None else names[result.winner],
        "reason": None if result is None else result.reason,
    }
    if result is not None:
        top = max(result.stacks)
        about["leaders"] = (
            [names[result.winner]]
            if result.winner is not None
            else [names[s] for s, chips in enumerate(result.stacks) if chips == top]
        )
    state: dict[str, Any] = {"session": about}
    if hand is None:
        return state | {"stacks": dict(zip(names, session.stacks, strict=True))}
    snap = hand.snapshot()
    held = [s for s in range(len(names)) if hand.holdings[s]]
    if hand.named_rankings:
        state["values_in"] = {names[s]: _in(hand, s) for s in held}

    def named(seats: list[int]) -> list[str]:
        return [names[s] for s in seats]

    def shares(winners: list[int], chips: list[int]) -> dict[str, int]:
        return {names[s]: c for s, c in zip(winners, chips, strict=True)}

    def pot(p: dict[str, Any]) -> dict[str, Any]:
        out = {"amount": p["amount"], "eligible": named(p["eligible"])}
        out |= {"winners": named(p["winners"]), "shares": shares(p["winners"], p["shares"])}
        if "halves" in p:
            out["halves"] = [
                {"ranking": h["ranking"], "amount": h["amount"], "winners": named(h["winners"])}
                | {"shares": shares(h["winners"], h["shares"])}
                for h in p["halves"]
            ]
        return out

    posts = [
        {"player": names[e.seat], "blind": _BLINDS[e.note.removesuffix(" all-in")]}
        | {"amount": e.amount}
        for e in hand.events
        if e.kind == "post" and e.seat is not None and e.note.removesuffix(" all-in") in _BLINDS
    ]
    done = hand.result
    ended = None
    if done is not None:
        shown = done.shown
        ended = {
            "ended_by": done.ended_by,
            "winners": named(list(done.winners)),
            "won": dict(zip(names, done.won, strict=True)),
            "returned": dict(zip(names, done.returned, strict=True)),
            "shown": {names[s]: None if v is None else state_view.as_json(v) for s, v in enumerate(shown)},
            "show_order": [names[e.seat] for e in hand.events if e.kind == "show" and e.seat is not None],
            "mucked": [names[e.seat] for e in hand.events if e.kind == "muck" and e.seat is not None],
        }  # fmt: skip
        if hand.named_rankings:
            ended["shown_in"] = {
                names[s]: None if v is None else _in(hand, s) for s, v in enumerate(shown)
            }
    return state | {
        "phase": snap["phase"],
        "to_act": None if hand.to_act is None else names[hand.to_act],
        "legal": sorted(snap["legal"]),
        "pot": snap["pot"],
        "stacks": dict(zip(names, snap["stacks"], strict=True)),
        "hands": {names[s]: cards for s, cards in enumerate(snap["hands"])},
        "values": {names[s]: state_view.as_json(hand.value(s)) for s in held},
        "burns": snap["burns"],
        "reshuffles": snap["reshuffles"],
        "stub": snap["stub"],
        "posts": posts,
        "pots": [pot(p) for p in snap["pots"]],
        "result": ended,
    }


def _scramble(value: object) -> None:
    if isinstance(value, dict):
        for item in value.values():
            _scramble(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            _scramble(item)
        value.append(-1)


class _Both(EngineImplementation):
    """Our engine, whose every state is checked against the reference."""

    compared = 0

    def _state(self) -> dict[str, Any]:
        assert self.session is not None
        # Fresh each time: a caller that changes a state it was given changes no later one.
        _scramble(super()._state())
        state = super()._state()
        want = _reference(self.session, self.names)
        # `repr` tells `1` from `1.0` and `True` and shows the keys' order.
        assert repr(state) == repr(want)
        _Both.compared += 1
        return state


def test_card_texts_follow_the_deck_order() -> None:
    # The states write cards from `TEXTS` by index: each text must read back as its card.
    assert [Card.parse(TEXTS[card.index]) for card in DECK] == list(DECK)
    assert TEXTS[0] == "Ac" and TEXTS[-1] == "Ks"  # index order: rank, ace low (R1.2), then suit


def _shared_checked(session: Session, names: list[str], *, shared: bool = False) -> Any:
    """The generator's states (`shared`: parts of earlier states kept as they are), each
    held to the reference too."""
    state = state_view.state_of(session, names, shared=shared)
    assert repr(state) == repr(_reference(session, names))
    _Both.compared += 1
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_the_state_is_the_snapshots_after_every_request(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game, "EngineImplementation", _Both)
    monkeypatch.setattr(game, "state_of", _shared_checked)
    every = tuple(profiles.get(name) for name in profiles.names())
    _Both.compared = 0
    for number in range(12):
        choices = Choices(trial_random(seed, number))
        try:
            trial = game.play(choices, Setting(every), seed=seed, number=number)
        except FuzzError:
            continue
        assert trial.exchanges
    assert _Both.compared > 200
