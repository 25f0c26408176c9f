"""Fuzz: trials against `badugi-spec serve` at 6 seats, as a ratio to the same trials
in-process, and for information to `simulate`'s random hands; guided trials (the corpus,
the swarm, the coverage: `fuzz.guide`) against unguided ones, in trials a second.

Both sides play the same numbered trials (seed 1, six seats, every shipped profile, no
value trials and no variants): the peer runs them by the same runner against our engine
in the same process, so the ratio is what the protocol costs a fuzzing campaign (JSON
over a pipe both ways, and the server's own copy of the engine). `simulate` plays random
hands on the engine alone with its invariant checks and writes no scenario; its rate is
shown to say what a trial's scenario, expectations and runner add.
"""

from __future__ import annotations

import sys
from typing import Any

from badugi_spec import profiles
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.simulation import simulate
from benchmarks.timing import Row, seconds

TRIALS = 120
SEATS = (6, 6)
SERVE = [sys.executable, "-m", "badugi_spec", "serve"]


def _plan() -> Plan:
    every = tuple(profiles.get(name) for name in profiles.names())
    return Plan(Setting(tuple(p for p in every if p.max_seats >= 6), seats=SEATS), ())


def _hands_per_second(impl: Any) -> tuple[float, int, dict[str, int]]:
    campaign = Campaign(impl, _plan(), seed=1, out=None, with_variants=False)
    campaign.run(0)  # warm-up, untimed: the server started, the caches filled
    elapsed = seconds(lambda: [campaign.run(n) for n in range(1, TRIALS + 1)])
    hands = campaign.tally.hands - 1
    return hands / elapsed, hands, dict(campaign.tally.statuses)


GUIDED_TRIALS = 150


def _trials_per_second(*, guided: bool) -> tuple[float, int]:
    """Trials a second of a default campaign's play in-process, every profile at 2 to 8
    seats, no shrinking (budget 0): what the corpus, the swarm and the coverage cost."""
    every = tuple(profiles.get(name) for name in profiles.names())
    campaign = Campaign(
        EngineImplementation(), Plan(Setting(every), ()), seed=1, out=None, budget=0,
        with_variants=False, guided=guided,
    )  # fmt: skip
    elapsed = seconds(lambda: [campaign.run(n) for n in range(GUIDED_TRIALS)])
    return GUIDED_TRIALS / elapsed, campaign.tally.guided


def _guidance() -> Row:
    unguided, _ = _trials_per_second(guided=False)
    guided, mutated = _trials_per_second(guided=True)
    ratio = guided / unguided
    return Row(
        "fuzz",
        "guided trials, in-process (trials/s)",
        guided,
        unguided,
        "trials/s",
        ratio,
        "guided >= 0.8x unguided",
        ratio >= 0.8,
        f"peer = the same {GUIDED_TRIALS} trial numbers with --unguided; {mutated} guided",
    )


def run() -> list[Row]:
    ours, hands, _ = _hands_per_second(EngineImplementation())
    server = ProcessImplementation(SERVE)
    try:
        wire, _, wire_statuses = _hands_per_second(server)
    finally:
        server.close()
    ratio = ours / wire
    rows = [
        Row(
            "fuzz",
            "against serve, 6 seats (hands/s)",
            wire,
            ours,
            "hands/s",
            ratio,
            "protocol <= 4x in-process",
            ratio <= 4,
            f"peer = the same {TRIALS} trials ({hands} hands) in-process; {wire_statuses}",
        )
    ]
    rows.append(_guidance())
    profile = profiles.get("pokerstars-2010")
    count = 300
    elapsed = seconds(
        lambda: list(simulate.play_hands(count=count, seed=1, structure=profile, seats=6))
    )
    rate = count / elapsed
    rows.append(
        Row(
            "fuzz",
            "simulate in-process, 6 seats (hands/s)",
            rate,
            None,
            "hands/s",
            None,
            "(info)",
            None,
            "random hands on the engine alone, invariants checked, no scenario written",
        )
    )
    return rows
