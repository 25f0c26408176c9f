"""Fuzz: hands a second at 6 seats with the default options (value trials and variants
included), against `badugi-spec serve` and in-process, each by the fast path (`fuzz.replay`:
a trial judged from the answers, its text written only when they differ) with the old text
path (`Campaign(fast=False)`: every trial written, parsed, compiled and run by the runner)
as the peer, measured in the same run: the ratio is what the fast path gains, whatever else
loads the machine. The targets of issue 40 are figures (300 hands a second against serve,
1,000 in-process, per worker); the note gives each as a share of `simulate`'s random hands
measured in the same run (the engine alone, invariants checked, no scenario), which says
how near the engine's own speed a trial is. The protocol row is serve against in-process
(both fast); the guided row compares guided trials (the corpus, the swarm, the coverage:
`fuzz.guide`) with unguided ones, in trials a second.
"""

from __future__ import annotations

import sys
from typing import Any

from badugi_spec import profiles
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.rankings import RANKINGS
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.simulation import simulate
from benchmarks.timing import Row, seconds

TRIALS = 120
SEATS = (6, 6)
SERVE = [sys.executable, "-m", "badugi_spec", "serve"]
TARGETS = {"serve": 300.0, "in-process": 1000.0}
"""Hands a second per worker at 6 seats, default options (issue 40)."""


def _plan() -> Plan:
    """`fuzz --seats 6 6` of an implementation that plays every profile and values hands
    in every ranking: one trial in four is of hand values, as by default."""
    every = tuple(profiles.get(name) for name in profiles.names())
    return Plan(
        Setting(tuple(p for p in every if p.max_seats >= 6), seats=SEATS),
        ("house", *RANKINGS),
    )


def _hands_per_second(impl: Any, *, fast: bool = True) -> tuple[float, int, dict[str, int]]:
    campaign = Campaign(impl, _plan(), seed=1, out=None, fast=fast)
    campaign.run(0)  # warm-up, untimed: the server started, the caches filled
    campaign.run(1)
    first = campaign.tally.hands
    elapsed = seconds(lambda: [campaign.run(n) for n in range(2, TRIALS + 2)])
    hands = campaign.tally.hands - first
    return hands / elapsed, hands, dict(campaign.tally.statuses)


def _simulate() -> float:
    profile = profiles.get("pokerstars-2010")
    count = 300
    elapsed = seconds(
        lambda: list(simulate.play_hands(count=count, seed=1, structure=profile, seats=6))
    )
    return count / elapsed


def _path_row(where: str, fast: float, old: float, hands: int, sim: float) -> Row:
    target = TARGETS[where]
    return Row(
        "fuzz",
        f"{'against serve' if where == 'serve' else 'in-process'}, 6 seats, default (hands/s)",
        fast,
        old,
        "hands/s",
        fast / old,
        f">= {target:,.0f} hands/s",
        fast >= target,
        f"peer = the old text path, same {TRIALS} trials ({hands} hands), same run;"
        f" {fast / sim:.2f}x simulate ({sim:,.0f} hands/s here)",
    )


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


def _against_serve(*, fast: bool) -> tuple[float, int, dict[str, int]]:
    server = ProcessImplementation(SERVE)
    try:
        return _hands_per_second(server, fast=fast)
    finally:
        server.close()


def run() -> list[Row]:
    sim = _simulate()
    ours, hands, _ = _hands_per_second(EngineImplementation())
    ours_old, _, _ = _hands_per_second(EngineImplementation(), fast=False)
    wire, _, wire_statuses = _against_serve(fast=True)
    wire_old, _, _ = _against_serve(fast=False)
    ratio = ours / wire
    rows = [
        _path_row("serve", wire, wire_old, hands, sim),
        _path_row("in-process", ours, ours_old, hands, sim),
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
        ),
    ]
    rows.append(_guidance())
    rows.append(
        Row(
            "fuzz",
            "simulate in-process, 6 seats (hands/s)",
            sim,
            None,
            "hands/s",
            None,
            "(info)",
            None,
            "random hands on the engine alone, invariants checked, no scenario written",
        )
    )
    return rows
