"""`import`: real hands (PHH, PokerStars text) written as `.badugi` scenarios."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from badugi_spec.interop import importer, sources
from badugi_spec.interop.record import HistoryError
from badugi_spec.interop.replay import NotExact
from badugi_spec.profiles import get


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "import",
        help="write real hands from a hand history as scenarios",
        description=(
            "Write each hand of a hand history (PHH or PokerStars text) as a .badugi"
            " scenario: the profile at the hand's stakes, a full deck that reproduces every"
            " recorded result (hidden cards filled so that a mucked hand still loses), the"
            " actions, and the pots, winners and final stacks as expectations. Only hands"
            " that replay exactly are written."
        ),
    )
    parser.add_argument("history", nargs="+", help="hand history files or folders")
    parser.add_argument("--out", metavar="DIR", required=True, help="folder for the scenarios")
    parser.add_argument(
        "--hand", metavar="ID", action="append", help="import only this hand (repeatable)"
    )
    parser.add_argument("--profile", metavar="NAME", help="play the hands under this profile")
    parser.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    if args.profile is not None:
        get(args.profile)
    wanted = set(args.hand or ())
    found: set[str] = set()
    written = failed = 0
    for path in sources.files(args.history):
        for hand in sources.hands(path):
            hand_id = hand.hand if isinstance(hand, HistoryError) else hand.hand_id
            if wanted and hand_id not in wanted:
                continue
            found.add(hand_id or "")
            if isinstance(hand, HistoryError):
                print(f"unreadable: {hand}")
                failed += 1
                continue
            try:
                target = importer.write(hand, Path(args.out), profile=args.profile)
            except (NotExact, importer.HandImportError) as error:
                print(f"not imported: {error}")
                failed += 1
                continue
            print(f"wrote {target}")
            written += 1
    for missing in sorted(wanted - found):
        print(f"not found: hand {missing}")
        failed += 1
    print(f"{written} scenarios written, {failed} hands not imported")
    return 1 if failed or not written else 0
