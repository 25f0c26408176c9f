"""`fuzz-self`: our own engine checked against the rules' properties, with no second engine.

Two parts, both in-process (no protocol), under every shipped profile at 2 to 8 seats:

1. the sweep: `simulate`'s random hands, `--hands` at each table (a profile and a number
   of seats), every hand checked against every property (`simulation.properties`);
2. the campaign: `fuzz`'s guided campaign (`fuzz.campaign`) against our own engine for
   `--seconds`: sessions, live posts, rule switches, ties, busts; each trial's hands are
   checked against every property, and a broken one is shrunk and written as a scenario
   to `--out`, as `fuzz` writes a finding.

It prints its figures (tables, hands, trials, rules and waypoints reached, findings) and
exits 1 when our engine broke a property anywhere. `make fuzz-self` runs it.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path
from typing import Any, Final

from badugi_spec import profiles
from badugi_spec.commands import arguments
from badugi_spec.fuzz import coverage
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.report import write_json
from badugi_spec.simulation.simulate import play_hands
from badugi_spec.simulation.watch import SimulationError

SEATS: Final = (2, 8)
SHOWN_TABLES: Final = 6
"""Tables named where a property broke; more are counted."""


def register(sub: Any) -> None:
    command = sub.add_parser(
        "fuzz-self",
        help="check our own engine against the rules' properties, every profile at 2-8 seats",
        description=(
            "Play our own engine in-process under every shipped profile at 2 to 8 seats and"
            " check every hand against the rules' properties (chips, cards, cap, odd chips,"
            " show order, the offers): first --hands random hands at each table, then a"
            " guided fuzz campaign for --seconds. A broken property is a finding against our"
            " engine (the campaign writes it, shrunk, to --out); the run then exits 1."
        ),
    )
    command.add_argument("--hands", type=arguments.at_least(0, "hand"), default=200,
                         metavar="N", help="random hands at each table (default 200)")  # fmt: skip
    command.add_argument("--seconds", type=_seconds, default=60.0,
                         help="the campaign, shrinking included (default 60; 0: none)")  # fmt: skip
    command.add_argument("--seed", type=arguments.seed, default=1, help="default 1")
    command.add_argument("--out", default="fuzz-self-found", metavar="DIR",
                         help="where the campaign's shrunk scenarios go")  # fmt: skip
    command.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    command.set_defaults(run=run_fuzz_self)


def _seconds(text: str) -> float:
    """`arguments.seconds`, or 0: the sweep alone, no campaign."""
    return 0.0 if text.strip() in ("0", "0.0") else arguments.seconds(text)


def tables() -> list[tuple[profiles.Profile, int]]:
    """Every shipped profile at every table size it seats from 2 to 8."""
    out = []
    for name in profiles.names():
        profile = profiles.get(name)
        low, high = max(SEATS[0], profile.min_seats), min(SEATS[1], profile.max_seats)
        out += [(profile, seats) for seats in range(low, high + 1)]
    return out


def sweep(hands: int, seed: int) -> dict[str, Any]:
    """`hands` random hands at each table, each checked against every property."""
    played = 0
    broken: Counter[str] = Counter()
    first: dict[str, str] = {}
    where: dict[str, Counter[str]] = {}
    started = time.perf_counter()
    for profile, seats in tables():

        def found(error: SimulationError, profile: str = profile.name, seats: int = seats) -> None:
            for b in error.broken:
                key = f"{b.rule} {b.name}"
                broken[key] += 1
                where.setdefault(key, Counter())[f"{profile} at {seats}"] += 1
                first.setdefault(
                    key,
                    f"{b} (badugi-spec simulate --profile {profile} --seats {seats}"
                    f" --seed {seed} --hand {error.number})",
                )

        for _ in play_hands(count=hands, seed=seed, structure=profile, seats=seats, broken=found):
            played += 1
    return {
        "tables": len(tables()),
        "hands": played + sum(broken.values()),
        "seconds": round(time.perf_counter() - started, 1),
        "broken": dict(broken),
        "tables_broken": {key: dict(tables) for key, tables in where.items()},
        "first": first,
    }


def campaign(seconds: float, seed: int, out: Path | None) -> dict[str, Any]:
    """The guided campaign against our own engine, in-process, for `seconds`."""
    setting = Setting(tuple(profiles.get(n) for n in profiles.names()), seats=SEATS)
    run = Campaign(
        EngineImplementation(),
        Plan(setting, ()),
        seed=seed,
        out=out,
        implementation="our engine",
        deadline=time.monotonic() + seconds,
        with_variants=False,
    )
    started = time.monotonic()
    number = 0
    while time.monotonic() - started < seconds:
        run.run(number)
        number += 1
    reached = run.coverage.as_json()
    rules = coverage.every_rule()
    return {
        "trials": run.tally.trials,
        "hands": run.tally.hands,
        "seconds": round(time.monotonic() - started, 1),
        "rules_reached": len([r for r in rules if run.coverage.rules[r]]),
        "rules": len(rules),
        "waypoints_reached": len(reached["waypoints"]),
        "waypoints": len(coverage.waypoint_names()),
        "never": reached["never"],
        "findings": [
            {
                "rule": f.key[0],
                "kind": f.key[1],
                "status": f.status,
                "trial": f.number,
                "repeats": f.repeats,
                "message": f.message,
                "path": f.path,
                "unwritten": f.unwritten,
            }
            for f in run.findings.values()
        ],
    }


def run_fuzz_self(args: argparse.Namespace) -> int:
    swept = sweep(args.hands, args.seed)
    print(
        f"sweep: {swept['hands']} hands at {swept['tables']} tables (every profile, 2-8 seats),"
        f" {swept['seconds']} s; {sum(swept['broken'].values())} broke a property"
    )
    for key, times in sorted(swept["broken"].items(), key=lambda kv: -kv[1]):
        at_tables = swept["tables_broken"][key]
        at = ", ".join(f"{t} ({n})" for t, n in at_tables.items())
        at = at if len(at_tables) <= SHOWN_TABLES else f"at {len(at_tables)} tables"
        print(f"    {key}: {times} hands, {at}; the first: {swept['first'][key]}")
    out = Path(args.out) if args.out else None
    fuzzed = campaign(args.seconds, args.seed, out) if args.seconds > 0 else None
    if fuzzed is not None:
        print(
            f"campaign: {fuzzed['trials']} trials ({fuzzed['hands']} hands) in"
            f" {fuzzed['seconds']} s; rules reached {fuzzed['rules_reached']} of"
            f" {fuzzed['rules']}, waypoints {fuzzed['waypoints_reached']} of"
            f" {fuzzed['waypoints']}; {len(fuzzed['findings'])} findings"
        )
        for finding in fuzzed["findings"]:
            where = f" -> {finding['path']}" if finding["path"] else ""
            if finding["unwritten"]:
                where = f" (not written: {finding['unwritten']})"
            print(
                f"    {finding['rule']} {finding['kind']} ({finding['status']}, trial"
                f" {finding['trial']}, {finding['repeats']} alike){where}: {finding['message']}"
            )
        print(f"    rules never reached: {' '.join(fuzzed['never']) or 'none'}")
    if args.json:
        write_json(args.json, {"sweep": swept, "campaign": fuzzed})
    found = bool(swept["broken"]) or bool(fuzzed and fuzzed["findings"])
    return 1 if found else 0


__all__ = ["campaign", "register", "run_fuzz_self", "sweep", "tables"]
