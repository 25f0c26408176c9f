"""`simulate`: random legal hands with the invariants checked, optionally against PokerKit."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

from badugi_spec import digits, profiles
from badugi_spec.commands import arguments
from badugi_spec.errors import BadugiError
from badugi_spec.interop import export
from badugi_spec.profiles.model import MAX_CHIPS
from badugi_spec.scenario.report import check_report_paths
from badugi_spec.simulation.simulate import Tally, play_hands

SHOWN_DIFFERENCES = 10
"""Differences printed in full; the rest are only counted."""
INTERRUPTED = 130
"""The exit status after Ctrl-C, as a shell gives it (128 + SIGINT)."""


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
    parser.add_argument(
        "--hands",
        type=arguments.at_least(1, "hand"),
        default=1000,
        metavar="N",
        help="default 1000",
    )
    parser.add_argument("--seed", type=arguments.seed, default=0, metavar="S", help="default 0")
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


def _seats(text: str) -> int:
    value = arguments.whole(text)
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError(f"2 to 8 seats, not {value}")
    return value


def _stacks(text: str) -> tuple[int, ...] | None:
    if text.strip().lower() == "mixed":
        return None
    # More digits than a stack may have, so that 10^13 gets the limit's message below.
    parts = [digits.whole(part.strip(), most_digits=100) for part in text.split(",")]
    if not all(part is not None for part in parts):
        raise argparse.ArgumentTypeError(
            f"expected two to eight chip counts like 100,37 (digits 0 to 9), not {text[:60]!r}"
        )
    values = tuple(part for part in parts if part is not None)
    if not 2 <= len(values) <= 8 or min(values) < 1:
        raise argparse.ArgumentTypeError(
            f"expected two to eight positive chip counts like 100,37, not {text[:60]!r}"
        )
    if max(values) > MAX_CHIPS:
        # The limit of every profile amount (R1.4): a bigger stack was played, unchecked.
        raise argparse.ArgumentTypeError(
            f"a stack is at most 10^12 chips, as in a profile (R1.4), not {max(values)}"
        )
    return values


def _phh_target(text: str) -> None:
    """Refuse a `--phh` path that would destroy a scenario, before any hand is played.

    `check` and `replay` refuse a report over their inputs; `simulate` has none, but a
    `.badugi` file is a scenario (and would be read as one), so it is never written over.
    """
    path = Path(text)
    if path.suffix == ".badugi":
        raise SimulateArgumentError(
            f"--phh {path}: a .badugi file is a scenario; write PHH to a .phhs file"
        )
    # simulate replaces its --phh file as it always has (issue 41 left it out).
    check_report_paths({"--phh": text}, inputs=[], files=[], force=True)


@contextlib.contextmanager
def _stop_between_hands() -> Iterator[list[int]]:
    """A list that Ctrl-C fills, for the run to stop after the hand being played.

    A run stopped by hand still prints its tally, and the PHH file gets only whole hands:
    a KeyboardInterrupt could land in the middle of writing one. A second Ctrl-C stops at
    once, as usual. Outside the main thread no handler can be set: Ctrl-C is then raised.
    """
    asked: list[int] = []

    def note(number: int, frame: FrameType | None) -> None:
        asked.append(number)
        signal.signal(signal.SIGINT, previous)

    try:
        previous = signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread
        yield asked
        return
    try:
        yield asked
    finally:
        signal.signal(signal.SIGINT, previous)


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
    if args.phh:
        _phh_target(args.phh)
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
    with _stop_between_hands() as stop:
        for played in play_hands(
            count=args.hands, seed=args.seed, stacks=stacks, structure=profile, seats=seats
        ):
            tally.add(played)
            rebuilt += bool(played.reshuffles)
            if phh_file is not None:
                phh_file.add(export.played_fields(played, seed=args.seed))
            if bridge is not None:
                comparison = bridge.compare(played)
                returned += comparison.returned_uncovered
                refills += comparison.refills
                if comparison.difference is not None:
                    differences += 1
                    if differences <= SHOWN_DIFFERENCES:
                        print(f"hand {played.setup.number}: {comparison.difference.describe()}")
                        for line in played.transcript():
                            print(f"    {line}")
            if stop:
                break
    seconds = time.perf_counter() - start
    interrupted = bool(stop)
    if interrupted:
        print(f"interrupted after {tally.hands} of {args.hands} hands; the tally so far:")
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
    if interrupted:
        return INTERRUPTED
    return 1 if differences else 0
