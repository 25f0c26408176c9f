"""Long trials shrink to small files (issue 34).

`fuzz-mutants` found every mutant, but 25 of its 300 campaigns wrote a file of more than 25
lines: dozens of `reject ... with out-of-turn` probes and whole earlier hands the
divergence did not need, 146 lines for `first-to-show-may-muck`. These are such trials,
played in-process against the mutant as `fuzz --first` plays them against its server (the
same profiles and rankings), each shrunk within a budget of candidates; the old shrinker
left 60 to 95 lines in them.
"""

from __future__ import annotations

import pytest

from badugi_spec import profiles
from badugi_spec.commands.fuzz_mutants_cmd import MOST_LINES
from badugi_spec.fuzz.campaign import Campaign
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.mutants import BY_NAME, MutantImplementation

RANKINGS = ("house", "badugi", "badugi-ace-high", "low-2-7", "low-a-5")
"""What a mutant's server declares (its `hello`): what `fuzz` plays against it."""


def shrunk(name: str, seed: int, number: int, budget: int) -> tuple[int, int]:
    """The lines (comments not counted) of the file trial `number` of `seed` shrinks to
    against mutant `name`, and the candidates it took."""
    plan = Plan(Setting(tuple(profiles.get(n) for n in profiles.names())), RANKINGS)
    campaign = Campaign(
        MutantImplementation(BY_NAME[name]), plan, seed=seed, out=None, budget=budget
    )
    for trial in range(number + 1):
        campaign.run(trial)
    (finding,) = [f for f in campaign.findings.values() if f.number == number]
    assert finding.verified and finding.status == "failed"
    lines = [line for line in finding.text.splitlines() if not line.startswith("#")]
    return len(lines), finding.tried


@pytest.mark.parametrize(
    ("name", "seed", "number", "budget", "most"),
    [
        # Five hands of six seats, forty probes; the muck is tried in the last (R8.32).
        # Eighty candidates reach the 15 lines that 120 did (60 leave 54).
        ("first-to-show-may-muck", 1, 0, 80, 15),
    ],
)
def test_a_long_trial_shrinks_to_a_small_file(
    name: str, seed: int, number: int, budget: int, most: int
) -> None:
    lines, tried = shrunk(name, seed, number, budget)
    assert lines <= most < MOST_LINES
    assert tried <= budget
