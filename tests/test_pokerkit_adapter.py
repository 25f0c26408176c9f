"""The PokerKit adapter (protocol 2) against our engine, state by state, under `pokerkit`.

Both implementations get the same requests: random multi-way hands from the simulator,
with random illegal actions mixed in. Under the `pokerkit` profile (R13) every answer must
agree: accepted or refused, the refusal's code (R8.24), and the whole state, cards compared
as sets. The house profile keeps its documented differences (tests/test_verify.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from badugi_spec.profiles import Profile, get
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Skip
from badugi_spec.scenario.runner_expect import without_optional
from badugi_spec.simulation.simulate import PlayedHand, play_hands

pytest.importorskip("pokerkit")

from badugi_spec.interop.pokerkit.adapter import PokerKitImplementation
from badugi_spec.protocol.server import answer

KINDS = ("check", "bet", "call", "raise", "fold", "all-in", "draw")


def _profile_json(profile: Profile) -> dict[str, Any]:
    values = profile.parameters().items()
    return {"name": profile.name} | {k: list(v) if isinstance(v, tuple) else v for k, v in values}


def _comparable(outcome: dict[str, Any]) -> tuple[Any, ...]:
    # The parts of the state an implementation may leave out (the adapter does) are ours only.
    state = without_optional(outcome["state"])
    # The order of cards within a hand is not part of the rules (R4.2).
    state["hands"] = {name: sorted(cards) for name, cards in state.get("hands", {}).items()}
    return outcome["ok"], outcome.get("error"), state


def _replay_both(played: PlayedHand, rng: random.Random) -> str | None:
    """The first disagreement, or None."""
    setup = played.setup
    names = [f"P{seat}" for seat in range(setup.seats)]
    case = {
        "players": [{"name": n, "stack": s} for n, s in zip(names, setup.stacks, strict=True)],
        "first_dealer": names[setup.dealer],
        "profile": _profile_json(setup.profile),
    }
    ours, theirs = EngineImplementation(), PokerKitImplementation()
    pairs = [(ours.start(case), theirs.start(case))]
    deck = {"deck": [str(card) for card in setup.deck]}
    pairs.append((ours.deal(deck), theirs.deal(deck)))
    for (a, b), where in zip(pairs, ("start", "deal"), strict=True):
        if _comparable(a) != _comparable(b):
            return f"hand {setup.number} at the {where}"
    state = pairs[-1][0]["state"]
    for number, action in enumerate(played.actions, start=1):
        if rng.random() < 0.3:
            wrong: dict[str, Any] = {"player": rng.choice(names), "action": rng.choice(KINDS)}
            if rng.random() < 0.5:
                wrong["amount"] = rng.randint(0, 12)
            if wrong["action"] == "draw":
                held = state["hands"].get(wrong["player"]) or ["Ah"]
                wrong["discards"] = rng.sample(held, min(len(held), rng.randint(0, 5)))
            a, b = ours.act(dict(wrong)), theirs.act(dict(wrong))
            if _comparable(a) != _comparable(b):
                return f"hand {setup.number}, before action {number}: {wrong}: {a} / {b}"
            if a["ok"]:
                return None  # a legal move off the script: both agreed, the script ends here
        step: dict[str, Any] = {
            "player": names[action.seat],
            "action": action.kind.value,
            "discards": [str(card) for card in action.discards],
        }
        if action.amount is not None:
            step["amount"] = action.amount
        a, b = ours.act(step), theirs.act(step)
        if _comparable(a) != _comparable(b):
            return f"hand {setup.number}, action {number} {step}: {a} / {b}"
        state = a["state"]
    return None


# Half the hands of before (a second of CPU each way); make fuzz-pokerkit plays the adapter
# over the protocol for as long as it is given.
@pytest.mark.parametrize(("seats", "count"), [(2, 30), (3, 40), (6, 25), (8, 20)])
def test_the_adapter_agrees_with_the_engine_under_the_pokerkit_profile(
    seats: int, count: int
) -> None:
    rng = random.Random(seats)
    hands = list(play_hands(count=count, seed=21, structure=get("pokerkit"), seats=seats))
    found = [d for d in (_replay_both(played, rng) for played in hands) if d]
    assert not found, "\n".join(found[:3])


def test_hello_names_the_profiles_the_adapter_plays() -> None:
    reply = answer(PokerKitImplementation(), {"type": "hello", "protocol": 1, "protocols": [1, 2]})
    assert reply["protocol"] == 2 and reply["profiles"] == ["house", "pokerkit"]


@pytest.mark.parametrize(
    ("profile", "reason"),
    [
        (get("pokerstars-2010"), "plays profiles house, pokerkit, not pokerstars-2010"),
        (get("pokerkit").replace(cap=5), "plays cap = 4 under pokerkit, not 5"),
        (get("pokerkit").replace(last_card="never"), "plays last_card = 'dealt'"),
    ],
)
def test_a_profile_pokerkit_cannot_play_is_skipped_with_the_reason(
    profile: Profile, reason: str
) -> None:
    case = {
        "players": [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 100}],
        "first_dealer": "Ann",
        "profile": _profile_json(profile),
    }
    with pytest.raises(Skip, match=reason):
        PokerKitImplementation().start(case)


def test_settings_pokerkit_offers_are_played_as_the_case_sets_them() -> None:
    """Blinds, bet sizes and stacks come from the case; R8.3's blinds need not be halves."""
    profile = get("pokerkit").replace(small_blind=10, big_blind=25, bet_sizes=(25, 25, 50, 50))
    names = ["Ann", "Bob", "Cy"]
    case = {
        "players": [{"name": n, "stack": 500} for n in names],
        "first_dealer": "Cy",
        "profile": _profile_json(profile),
    }
    impl = PokerKitImplementation()
    impl.start(case)
    state = impl.deal({"deck": [str(c) for c in next(play_hands(count=1, seed=1)).setup.deck]})
    assert state["state"]["stacks"] == {"Ann": 490, "Bob": 475, "Cy": 500}
    assert sorted(state["state"]["legal"]) == ["call 25", "fold", "raise to 50"]
