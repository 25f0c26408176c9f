"""Comparing the states of an implementation that never changes what it answered
(`replay.answered_alike(shared=True)`, our engine in this process while it shares): an
entry found the same at the state before, the very objects on both sides, is not written
again. The verdicts are those of the plain comparison, answer for answer."""

from __future__ import annotations

from typing import Any

from badugi_spec import profiles
from badugi_spec.fuzz import replay, replay_variants
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import FuzzError, Setting
from badugi_spec.mutants import BY_NAME, MutantImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation

EVERY = tuple(profiles.get(name) for name in profiles.names())


def _verdicts(impl: EngineImplementation, exchanges: list[Any], rotated: bool) -> list[bool]:
    """Each answer of `impl` (sharing, as `passes` has it answer) judged both ways; they
    must agree, answer for answer."""
    calls = {"start": impl.start, "deal": impl.deal, "act": impl.act}
    impl.shares = True
    try:
        out = []
        for kind, request, ours in exchanges:
            theirs = calls[kind](request)
            plain = replay.answered_alike(theirs, ours, rotated=rotated)
            shared = replay.answered_alike(theirs, ours, rotated=rotated, shared=True)
            assert shared is plain, (kind, request)
            out.append(plain)
        return out
    finally:
        impl.shares = False


def test_shared_states_are_judged_as_plain_ones_our_engine_and_mutants() -> None:
    plan = Plan(Setting(EVERY), ())
    differed = compared = 0
    # Mutants that answer these trials otherwise (a value, the button, a pot, the order).
    names = ("aces-high", "button-stays", "dead-money-to-last-pot", "dealer-draws-first")
    mutants = [BY_NAME[name] for name in names]
    for number in range(4):
        try:
            trial, _ = plan.trial(13, number)
        except FuzzError:
            continue
        forms = replay_variants.forms(trial) or []
        for impl in [EngineImplementation(), *(MutantImplementation(m) for m in mutants)]:
            for exchanges, rotated in [(trial.exchanges, False)] + [
                (form.exchanges, form.any_seat_order) for form in forms
            ]:
                verdicts = _verdicts(impl, exchanges, rotated)
                compared += len(verdicts)
                differed += verdicts.count(False)
    assert compared > 1000
    assert differed > 0  # (the mutants answer some differently: both ways say so)


def test_an_entry_shared_by_both_sides_is_still_compared_when_either_changes() -> None:
    stacks, hands = {"Ann": 5, "Bob": 7}, {"Ann": ["As"], "Bob": []}
    mine = {"ok": True, "state": {"pot": 2, "stacks": stacks, "hands": hands}}
    their_stacks = dict(stacks)
    theirs = {"ok": True, "state": {"pot": 2, "stacks": their_stacks, "hands": dict(hands)}}
    assert replay.answered_alike(theirs, mine, shared=True)
    # The same pair again (their entries unchanged, as a sharing engine hands them back).
    again = {"ok": True, "state": {"pot": 3, "stacks": their_stacks, "hands": hands}}
    assert not replay.answered_alike(again, mine, shared=True)  # the pot differs
    mine_now = {"ok": True, "state": {"pot": 3, "stacks": stacks, "hands": hands}}
    assert replay.answered_alike(again, mine_now, shared=True)
    # One side's entry another object: compared, in JSON types too.
    floats = {"ok": True, "state": {"pot": 3, "stacks": {"Ann": 5.0, "Bob": 7}, "hands": hands}}
    assert not replay.answered_alike(floats, mine_now, shared=True)
    ours_new = {"ok": True, "state": {"pot": 3, "stacks": {"Ann": 6, "Bob": 7}, "hands": hands}}
    assert not replay.answered_alike(again, ours_new, shared=True)
    # Keys in another order: the same answer, as without sharing.
    turned = {"ok": True, "state": {"hands": hands, "stacks": stacks, "pot": 3}}
    assert replay.answered_alike(turned, mine_now, shared=True)
    assert replay.answered_alike(turned, mine_now)


def test_without_sharing_an_answer_changed_in_place_is_compared_again() -> None:
    """An implementation may hand back one dict and change it in place: only one that
    never does (`shared`) has an entry taken as it was found."""
    stacks = {"Ann": 5, "Bob": 7}
    mine = {"ok": True, "state": {"pot": 2, "stacks": stacks}}
    their_stacks = {"Ann": 5, "Bob": 7}
    answer = {"ok": True, "state": {"pot": 2, "stacks": their_stacks}}
    assert replay.answered_alike(answer, mine)
    their_stacks["Ann"] = 6  # the same objects, changed
    assert not replay.answered_alike(answer, mine)
