"""`simulate`: random legal hands with the invariants checked, optionally against PokerKit."""

from __future__ import annotations

import argparse
import json
import time
from types import ModuleType
from typing import Any

from badugi_spec import profiles
from badugi_spec.errors import BadugiError
from badugi_spec.interop import export
from badugi_spec.simulation.simulate import Tally, play_hands

SHOWN_DIFFERENCES = 10
"""Differences printed in full; the rest are only counted."""


class MissingExtra(BadugiError):
    """An optional dependency that the command line asked for is not installed."""


class SimulateArgumentError(BadugiError):
    """Arguments that parse but do not go together (seats outside the profile's range...)."""


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play random legal hands, check the invariants, optionally compare with PokerKit",
        description=(
            "Play N random legal hands (random actions, random discards) at 2 to 8 seats under"
            " a rule profile, and check the rules' invariants after every action. Each hand is"
            " reproducible from the seed and its number. With --against pokerkit, replay every"
            " hand through PokerKit (its FixedLimitBadugi, or the same game pot limit or no"
            " limit, or split between two hand types for Badeucy and Badacy, set to the"
            " profile's blinds, bets and cap, dealt the same cards) and report each difference."
            " A big-bet or split-pot profile is then played with PokerKit's own readings of the"
            " rules it does not share (chapter R13), and the command says which."
        ),
    )
    parser.add_argument("--hands", type=_positive, default=1000, metavar="N", help="default 1000")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="default 0")
    parser.add_argument(
        "--seats",
        type=_seats,
        default=None,
        metavar="N",
        help="players at the table, 2 to 8 (default: 2, or the number of --stacks)",
    )
    parser.add_argument(
        "--profile",
        default=profiles.DEFAULT,
        metavar="NAME",
        help=f"the rule profile (default {profiles.DEFAULT}; see 'badugi-spec profiles')",
    )
    parser.add_argument(
        "--against",
        choices=["pokerkit"],
        help="replay each hand through another implementation and compare every outcome",
    )
    parser.add_argument(
        "--stacks",
        type=_stacks,
        default=None,
        metavar="A,B,...",
        help=(
            "starting stacks of seats 0, 1, ... for every hand; default 'mixed': most hands at"
            " the profile's stack, some with short stacks so that all-ins and side pots happen"
        ),
    )
    parser.add_argument(
        "--phh",
        metavar="FILE",
        help="also write every hand as PHH (a .phhs file PokerKit and 'replay' read back)",
    )
    parser.set_defaults(run=run_simulate)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1 hand, not {value}")
    return value


def _seats(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError(f"2 to 8 seats, not {value}")
    return value


def _stacks(text: str) -> tuple[int, ...] | None:
    if text.strip().lower() == "mixed":
        return None
    parts = [part.strip() for part in text.split(",")]
    try:
        values = tuple(int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected two to eight chip counts like 100,37, not {text!r}"
        ) from None
    if not 2 <= len(values) <= 8 or min(values) < 1:
        raise argparse.ArgumentTypeError(
            f"expected two to eight positive chip counts like 100,37, not {text!r}"
        )
    return values


def load_bridge() -> ModuleType:
    """The PokerKit bridge, or one clear error when the optional extra is not installed."""
    try:
        from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge
    except ModuleNotFoundError as error:
        if error.name != "pokerkit":
            raise
        raise MissingExtra(
            "--against pokerkit needs PokerKit, an optional extra:"
            " pip install 'badugi-spec[pokerkit]'"
        ) from None
    return pokerkit_bridge


def run_simulate(args: argparse.Namespace) -> int:
    profile = profiles.get(args.profile)
    stacks = args.stacks
    seats = args.seats if args.seats is not None else len(stacks) if stacks else 2
    if stacks is not None and len(stacks) != seats:
        raise SimulateArgumentError(f"--stacks gives {len(stacks)} stacks for {seats} seats")
    if not profile.min_seats <= seats <= profile.max_seats:
        raise SimulateArgumentError(
            f"profile {profile.name} seats {profile.min_seats} to {profile.max_seats} players,"
            f" not {seats} (R8.2)"
        )
    bridge = load_bridge() if args.against == "pokerkit" else None
    if bridge is not None:
        readings = bridge.pokerkit_readings(profile, seats=seats)
        if readings:
            profile = profile.replace(**readings)
            settings = ", ".join(
                f"{name} = {json.dumps(value)}" for name, value in readings.items()
            )
            rules = ", ".join(bridge.reading_rules(readings))
            print(
                f"profile {profile.name} played with PokerKit's readings ({rules}),"
                f" not its own: {settings}"
            )
        reasons = bridge.unplayable(profile, seats=seats)
        if reasons:
            raise SimulateArgumentError(
                f"PokerKit cannot play profile {profile.name} at {seats} seats: {reasons[0]}"
            )
    tally = Tally()
    differences = returned = refills = rebuilt = 0
    start = time.perf_counter()
    phh_file = export.PhhFile(args.phh) if args.phh else None
    for played in play_hands(
        count=args.hands, seed=args.seed, stacks=stacks, structure=profile, seats=seats
    ):
        tally.add(played)
        rebuilt += bool(played.reshuffles)
        if phh_file is not None:
            phh_file.add(export.played_fields(played, seed=args.seed))
        if bridge is None:
            continue
        comparison = bridge.compare(played)
        returned += comparison.returned_uncovered
        refills += comparison.refills
        if comparison.difference is not None:
            differences += 1
            if differences <= SHOWN_DIFFERENCES:
                print(f"hand {played.setup.number}: {comparison.difference.describe()}")
                for line in played.transcript():
                    print(f"    {line}")
    seconds = time.perf_counter() - start
    if phh_file is not None:
        phh_file.close()
        print(f"wrote {phh_file.count} hands as PHH to {phh_file.path}")
    if differences > SHOWN_DIFFERENCES:
        print(f"... and {differences - SHOWN_DIFFERENCES} more hands with differences")
    if bridge is not None and returned:
        print(f"known difference, not counted, in {returned} hands: {bridge.KNOWN_DIFFERENCE}")
    print(f"profile {profile.name}, {seats} seats, seed {args.seed}")
    if rebuilt:
        also = f"; PokerKit refilled the same cards {refills} times" if bridge else ""
        hands = "hand" if rebuilt == 1 else "hands"
        print(f"the stub was rebuilt in {rebuilt} {hands} (R8.18){also}")
    print(tally.line(seconds=seconds, differences=None if bridge is None else differences))
    return 1 if differences else 0
