"""An illegal attempt is tried on our engine's hand itself, not a copy (issue 40): a
refusal changes nothing (R8.24); an attempt the rules allow after all is not played, the
hand made again from the trial's requests, and the trial is the one without it."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_spec.engine.actions import Action, Kind
from badugi_spec.fuzz import game, policy
from tests import fuzz_golden


def _made(plan: str, seed: int, count: int) -> list[str]:
    return fuzz_golden.trials(plan, seed, count)


def test_an_attempt_the_rules_allow_leaves_the_trial_as_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = policy.attempt

    def none(hand: Any, choices: Any) -> Action | None:
        drawn(hand, choices)  # the same choices drawn
        return None

    def allowed(hand: Any, choices: Any) -> Action | None:
        drawn(hand, choices)
        # A legal action: the one `choose` would take at 0 (check, else fold, else the
        # least draw), or a fold when only that is left.
        option = hand.legal_actions()[0]
        if option.kind is Kind.DRAW:
            return Action(hand.to_act, Kind.DRAW, discards=())
        amount = None if option.kind in (Kind.CHECK, Kind.FOLD) else option.adds
        if option.kind in (Kind.BET, Kind.RAISE):
            amount = option.to
        return Action(hand.to_act, option.kind, amount=amount)

    monkeypatch.setattr(policy, "attempt", none)
    without = _made("default", 4, 6)
    monkeypatch.setattr(policy, "attempt", allowed)
    made_again = []
    replayed = game._Player._replayed

    def counted(self: Any) -> Any:
        made_again.append(1)
        return replayed(self)

    monkeypatch.setattr(game._Player, "_replayed", counted)
    tried = _made("default", 4, 6)
    assert len(made_again) > 20  # the hand was made again at every step
    assert tried == without
    assert len(set(without)) == len(without)  # six trials, not one
