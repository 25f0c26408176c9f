"""The generator makes the very trials it made: byte-identical scenario texts, the same
requests and answers, streams and coverage, and seeded campaigns against mutants find the
same findings at the same trial numbers (issue 40: fuzz made faster, not different).

The pinned digests are in `tests/data/fuzz_golden.json`, made by `tests/fuzz_golden.py`.
A change that means to change the trials regenerates them in one command:

    .venv/bin/python -m tests.fuzz_golden
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests import fuzz_golden


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    kept: dict[str, Any] = json.loads(fuzz_golden.GOLDEN.read_text())
    return kept


@pytest.mark.parametrize(("plan", "seed"), fuzz_golden.RUNS)
def test_the_generator_makes_the_pinned_trials(
    golden: dict[str, Any], plan: str, seed: int
) -> None:
    kept = golden["trials"][f"{plan} {seed}"]
    made = fuzz_golden.trials(plan, seed)
    assert len(kept) == fuzz_golden.TRIALS
    differ = [n for n, (a, b) in enumerate(zip(made, kept, strict=True)) if a != b]
    assert not differ, f"trials {differ} of {plan} seed {seed} differ from the pinned ones"


@pytest.mark.parametrize(("name", "seed"), fuzz_golden.MUTANTS)
def test_a_seeded_campaign_finds_the_pinned_findings(
    golden: dict[str, Any], name: str, seed: int
) -> None:
    kept = golden["mutants"][f"{name} {seed}"]
    made = json.loads(json.dumps(fuzz_golden.mutant(name, seed)))
    assert made == kept
    assert kept["findings"], "the mutant is found"  # a comparison of something


def test_a_changed_trial_is_told_apart() -> None:
    """The digests see one changed statement (so the comparison above can fail)."""
    from badugi_spec.fuzz.plan import Plan
    from badugi_spec.fuzz.trial import Statement

    plan: Plan = fuzz_golden.plans()["bench"]
    trial, choices = plan.trial(1, 0)
    before = fuzz_golden._trial_digest(trial, list(choices.record))
    trial.statements[-1] = Statement("expect", "pot 0", trial.statements[-1].hand)
    assert fuzz_golden._trial_digest(trial, list(choices.record)) != before
