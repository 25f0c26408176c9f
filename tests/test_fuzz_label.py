"""A fuzzed divergence is labelled by the rule of the field it is in (`fuzz.label`)."""

from __future__ import annotations

from badugi_spec import profiles
from badugi_spec.fuzz.label import key_of
from badugi_spec.fuzz.trial import Statement, Trial
from badugi_spec.scenario.runner import Divergence


def _trial(profile: str, acts: list[str]) -> Trial:
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
    trial = Trial(1, 5, profiles.get(profile), (), names, (4, 100, 4, 3, 100, 100), 0)
    trial.statements = [Statement("act", text, 1, "R3.5", phase="bet-1") for text in acts]
    trial.statements.append(Statement("expect", "legal call 1, fold", 1, "R3.5"))
    return trial


def _raise_offered(trial: Trial) -> str:
    index = len(trial.statements) - 1
    expected = trial.statements[index].text
    d = Divergence(line=9, column=1, source=expected, expected=expected,
                   actual=f"{expected}, raise to 6-12")  # fmt: skip
    (rule, kind), _played = key_of(trial, {9: [index]}, d)
    assert kind == "legal"
    return rule


def test_a_raise_offered_over_a_short_all_in_without_a_cap_names_r14_6() -> None:
    # The shrunk finding of `caller-raises-a-short-rest`: the caller of a short all-in is
    # offered a raise after a second short all-in; the rule is R14.6, not the call at play.
    acts = ["Dee goes all-in 3", "Eve calls 3", "Fay calls 3", "Ann goes all-in 4", "Bob folds",
            "Cy folds"]  # fmt: skip
    assert _raise_offered(_trial("half-pot", acts)) == "R14.6"
    # No all-in in the round: the rule at play stays; under a cap it is the cap (R3.6).
    assert _raise_offered(_trial("half-pot", ["Dee calls 2", "Eve calls 2"])) == "R3.5"
    assert _raise_offered(_trial("house", acts)) == "R3.6"
