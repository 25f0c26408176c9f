"""Shared states (`state_of(shared=True)`) hand back the very dicts of the state before for
the session, the stacks and the seats while those did not change, new ones once they do;
fresh states never share. `tests/test_state_view.py` holds every shared state's content
to the snapshot-built state."""

from __future__ import annotations

from typing import Any

from badugi_spec import profiles
from badugi_spec.cards import TEXTS
from badugi_spec.scenario.compile import profile_object
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.state_view import state_of

PLAYERS = [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 100}, {"name": "Cy", "stack": 9}]
SHARED = ("session", "stacks", "hands", "values")


def _impl(shares: bool) -> EngineImplementation:
    impl = EngineImplementation()
    impl.shares = shares
    profile = profile_object(profiles.get("pokerstars-2010"))  # fixed limit, 2 to 8 seats
    impl.start({"players": PLAYERS, "first_dealer": "Ann", "profile": profile})
    return impl


def _step(impl: EngineImplementation, player: str, action: str, **more: Any) -> dict[str, Any]:
    reply = impl.act({"player": player, "action": action, **more})
    assert reply["ok"], reply
    state: dict[str, Any] = reply["state"]
    return state


def test_unchanged_entries_are_the_same_dicts_and_changed_ones_new() -> None:
    impl = _impl(shares=True)
    dealt = impl.deal({"deck": list(TEXTS)})["state"]
    assert dealt["to_act"] == "Ann"
    called = _step(impl, "Ann", "call", amount=2)
    assert called["session"] is dealt["session"]
    assert called["hands"] is dealt["hands"] and called["values"] is dealt["values"]
    assert called["stacks"] is not dealt["stacks"]  # Ann put in two chips
    assert called["stacks"] == {"Ann": 98, "Bob": 99, "Cy": 7}
    folded = _step(impl, "Bob", "fold")
    assert folded["stacks"] is called["stacks"] and folded["hands"] is called["hands"]
    checked = _step(impl, "Cy", "check")
    assert checked["phase"] == "draw-1" and checked["to_act"] == "Cy"
    drawn = _step(impl, "Cy", "draw", discards=checked["hands"]["Cy"][:2])
    assert drawn["hands"] is not checked["hands"] and drawn["values"] is not checked["values"]
    assert drawn["hands"]["Cy"] != checked["hands"]["Cy"]
    assert drawn["hands"]["Ann"] is checked["hands"]["Ann"]  # (each seat's list is kept)
    assert drawn["session"] is dealt["session"]


def test_fresh_states_share_nothing() -> None:
    impl = _impl(shares=False)
    dealt = impl.deal({"deck": list(TEXTS)})["state"]
    called = _step(impl, "Ann", "call", amount=2)
    for key in SHARED:
        assert called[key] is not dealt[key]
    assert called["hands"]["Ann"] is not dealt["hands"]["Ann"]
    assert called["session"] == dealt["session"] and called["hands"] == dealt["hands"]


def test_a_new_session_is_said_anew() -> None:
    """The same stacks in another session, players in another order: its own dicts."""
    first = _impl(shares=True).deal({"deck": list(TEXTS)})["state"]
    again = _impl(shares=True).deal({"deck": list(TEXTS)})["state"]
    for key in SHARED:
        assert again[key] == first[key] and again[key] is not first[key]


def test_other_names_for_the_same_session_are_their_own() -> None:
    impl = _impl(shares=True)
    impl.deal({"deck": list(TEXTS)})
    assert impl.session is not None
    ours = state_of(impl.session, impl.names, shared=True)
    theirs = state_of(impl.session, ["X", "Y", "Z"], shared=True)
    assert ours["session"]["dealer"] == "Ann" and theirs["session"]["dealer"] == "X"
    for key in ("stacks", "hands", "values"):
        assert list(theirs[key]) == ["X", "Y", "Z"], key
    assert list(state_of(impl.session, impl.names, shared=True)["stacks"]) == impl.names
