"""`import`: real hands (PHH, PokerStars text) written as `.badugi` scenarios."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from badugi_spec.errors import BadugiError
from badugi_spec.interop import importer, sources
from badugi_spec.interop.record import HandRecord, HistoryError
from badugi_spec.interop.replay import NotExact
from badugi_spec.interop.scenario_out import Output, OutputError
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
            " that replay exactly, and whose scenario loads, are written. A file is named"
            " after the hand's ID as a slug (real-ID.badugi, inside --out); an existing file"
            " is never replaced without --force, and two hands of one run never share a file."
        ),
    )
    parser.add_argument("history", nargs="+", help="hand history files or folders")
    parser.add_argument("--out", metavar="DIR", required=True, help="folder for the scenarios")
    parser.add_argument(
        "--hand", metavar="ID", action="append", help="import only this hand (repeatable)"
    )
    parser.add_argument("--profile", metavar="NAME", help="play the hands under this profile")
    parser.add_argument(
        "--force", action="store_true", help="replace scenario files that already exist"
    )
    parser.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    if args.profile is not None:
        get(args.profile)
    scan = sources.scan(args.history)
    output = Output(Path(args.out), force=args.force, inputs=scan.files)
    wanted = set(args.hand or ())
    found: set[str] = set()
    written = failed = 0
    for skipped in scan.skipped:
        _say(f"unreadable: {skipped.path}: {skipped.message}")
        failed += 1
    for path in scan.files:
        for hand in _hands(path):
            if isinstance(hand, str):
                _say(f"unreadable: {hand}")
                failed += 1
                continue
            hand_id = hand.hand if isinstance(hand, HistoryError) else hand.hand_id
            if wanted and hand_id not in wanted:
                continue
            found.add(hand_id or "")
            if isinstance(hand, HistoryError):
                _say(f"unreadable: {hand}")
                failed += 1
                continue
            problem = _import(hand, output, profile=args.profile)
            if problem:
                _say(f"not imported: {problem}")
                failed += 1
            else:
                written += 1
    for missing in sorted(wanted - found):
        _say(f"not found: hand {missing}")
        failed += 1
    print(f"{written} scenarios written, {failed} hands not imported")
    return 1 if failed or not written else 0


def _import(hand: HandRecord, output: Output, *, profile: str | None) -> str:
    """Write one hand; the reason it was not written, or "" (after its `wrote` line)."""
    name = output.claim(importer.scenario_id(hand.hand_id))
    try:
        text = importer.import_hand(hand, profile=profile, name=name)
        target = output.write(hand, name, text)
    except (NotExact, importer.HandImportError) as error:
        return str(error)  # both already name the file, the line and the hand
    except OutputError:
        raise  # no hand can be written: one error line, the run stops
    except BadugiError as error:  # a profile the hand names, say: this hand's problem only
        return str(importer.refuse(hand, str(error).splitlines()[0]))
    except Exception as error:  # a bug of ours costs this hand, not the run or its output
        return str(importer.refuse(hand, f"internal error ({type(error).__name__}: {error})"))
    base = importer.scenario_id(hand.hand_id)
    # Said, not silent: the file is not where the hand's ID alone would put it.
    renamed = f"  (hand {importer.label(hand.hand_id)}: {base} is an earlier hand's)"
    _say(f"wrote {target}{renamed if name != base else ''}")
    return ""


def _hands(path: Path) -> Iterator[HandRecord | HistoryError | str]:
    """The hands of one file, and a line (`str`) when the rest of the file cannot be read."""
    try:
        yield from sources.hands(path)
    except sources.SourceError as error:
        yield str(error)
    except OSError as error:
        yield f"{path}: cannot read: {error.strerror or error}"
    except Exception as error:  # a reader's bug costs the rest of this file, not the run
        yield f"{path}: cannot read the rest of the file ({type(error).__name__}: {error})"


def _say(line: str) -> None:
    # Hand IDs, names and paths come from outside: one event must stay one line.
    print(importer.label(line, limit=None))
