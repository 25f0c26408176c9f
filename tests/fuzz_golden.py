"""The fuzz generator's output, pinned: what `tests/test_fuzz_golden.py` compares with.

For a few plans (the bench's six seats, the default two to eight, a protocol-1 table that
reports no optional state) and seeds, each trial a campaign plays (its lead from the
guide, its swarm, its corpus mutations) is digested: its scenario text, and the rest a
campaign reads of it (the requests and our engine's answers the fast path replays, the
stream a shrink edits, where each hand ends and starts, the rules and waypoints reached).
Seeded campaigns against two mutants are digested too: their statuses and findings (key,
trial number, shrunk text). A change that makes the generator faster must leave all of
it byte for byte as it was.

A change that means to change the trials (a new choice, other weights) regenerates the
file, in one command, and says so in its commit:

    .venv/bin/python -m tests.fuzz_golden

(writes `tests/data/fuzz_golden.json`; `--check` compares instead and names the first
difference).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.fuzz import coverage
from badugi_spec.fuzz.campaign import Campaign
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.plan import FRESH, Plan
from badugi_spec.fuzz.trial import FuzzError, Setting, Trial
from badugi_spec.rankings import RANKINGS
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner_expect import OPTIONAL_STATE

GOLDEN: Final = Path(__file__).resolve().parent / "data" / "fuzz_golden.json"
TRIALS: Final = 40
"""Trials 0 to 39 of each plan and seed: past the guide's young corpus (mutations start
once eight feeders are in, about trial 24)."""
MUTANT_TRIALS: Final = 12


def _every() -> tuple[Any, ...]:
    return tuple(profiles.get(name) for name in profiles.names())


def plans() -> dict[str, Plan]:
    every = _every()
    return {
        # The bench's (`benchmarks/fuzz.py`): six seats, every profile that seats six.
        "bench": Plan(
            Setting(tuple(p for p in every if p.max_seats >= 6), seats=(6, 6)),
            ("house", *RANKINGS),
        ),
        # `fuzz` of an implementation that plays and values everything.
        "default": Plan(Setting(every), ("house", *RANKINGS)),
        # Protocol 1 (no overrides) and no optional state reported.
        "bare": Plan(
            Setting(every, seats=(2, 5), overrides=False, omit=frozenset(OPTIONAL_STATE)),
            ("house",),
        ),
    }


RUNS: Final = (("bench", 1), ("bench", 2), ("default", 1), ("default", 2), ("bare", 3))
MUTANTS: Final = (("no-burn", 1), ("dealer-first-after-draw", 2))


def _digest(data: Any) -> str:
    text = data if isinstance(data, str) else json.dumps(data, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _trial_digest(trial: Trial, stream: list[int]) -> str:
    rest = {
        "exchanges": trial.exchanges,
        "stream": stream,
        "ends": sorted(trial.ends.items()),
        "starts": sorted(trial.starts.items()),
        "rules": trial.rules,
        "reached": [sorted(part) for part in coverage.reached(trial)],
        "hands": trial.hands,
    }
    return f"{_digest(trial.text())} {_digest(rest)}"


def trials(plan_name: str, seed: int, count: int = TRIALS) -> list[str]:
    """Each trial a campaign of `plan_name` and `seed` plays, as the campaign makes it
    (`Campaign._run`: the guide's lead, the trial, the guide told), but judged by nobody:
    "TEXT REST" (the two digests), or "engine: " and the error where our engine broke."""
    plan = plans()[plan_name]
    campaign = Campaign(EngineImplementation(), plan, seed=seed, out=None)
    out: list[str] = []
    for number in range(count):
        kind = plan.kind(number)
        lead = campaign.guide.lead(number) if kind == "play" else FRESH
        choices = Choices(trial_random(seed, number), lead.prefix, lead.swarm)
        try:
            trial = plan.played(choices, seed, number)
        except FuzzError as error:
            campaign.guide.offer(number, None, choices.record)
            out.append(f"engine: {error}")
            continue
        stream = list(choices.record)
        if kind == "play":
            campaign.guide.offer(number, trial, stream)
        out.append(_trial_digest(trial, stream))
    return out


def mutant(name: str, seed: int, count: int = MUTANT_TRIALS) -> dict[str, Any]:
    """A seeded campaign against mutant `name`: statuses, hands and findings."""
    from badugi_spec.mutants import BY_NAME, MutantImplementation

    plan = Plan(Setting(_every()[:4], seats=(3, 6)), ("house",))
    campaign = Campaign(MutantImplementation(BY_NAME[name]), plan, seed=seed, out=None, budget=6)
    for number in range(count):
        campaign.run(number)
    findings = sorted(
        [list(f.key), f.number, f.status, f.repeats, _digest(f.text), f.also]
        for f in campaign.findings.values()
    )
    return {
        "statuses": dict(sorted(campaign.tally.statuses.items())),
        "hands": campaign.tally.hands,
        "findings": findings,
    }


def build() -> dict[str, Any]:
    return {
        "trials": {f"{name} {seed}": trials(name, seed) for name, seed in RUNS},
        "mutants": {f"{name} {seed}": mutant(name, seed) for name, seed in MUTANTS},
    }


def main(argv: list[str]) -> int:
    made = json.loads(json.dumps(build()))
    if "--check" in argv:
        kept = json.loads(GOLDEN.read_text())
        if made == kept:
            print("the generator makes the pinned trials")
            return 0
        print("differs:", next(k for k in kept if made.get(k) != kept[k]))
        return 1
    GOLDEN.write_text(json.dumps(made, indent=0, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
