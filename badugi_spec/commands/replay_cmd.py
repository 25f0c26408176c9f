"""`replay`: real hand histories (PHH, PokerStars text) through the engine under a profile."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from badugi_spec.commands import arguments
from badugi_spec.errors import BadugiError
from badugi_spec.interop import sources
from badugi_spec.interop.record import HistoryError
from badugi_spec.interop.replay import (
    DIVERGED,
    EXACT,
    SKIPPED,
    UNREADABLE,
    NotExact,
    Replayed,
    replay,
    unreadable,
)
from badugi_spec.profiles import get
from badugi_spec.scenario.report import check_report_paths, write_json, write_junit
from badugi_spec.scenario.runner import CaseResult, Divergence
from badugi_spec.trainer.explain_hand import explain_hand
from badugi_spec.trainer.faces import Faces, can_encode_symbols
from badugi_spec.trainer.screen import narration

PROGRESS_SECONDS = 2.0
"""On a long run, a progress line on stderr at most this often."""
QUIET_SECONDS = 10.0
"""When stderr is not a terminal, no progress lines for runs shorter than this."""


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "replay",
        help="replay real hand histories (PHH, PokerStars text) through the engine",
        description=(
            "Replay every hand of PHH files (.phh, .phhs, variant FB) and PokerStars text"
            " hand histories through the engine under a rule profile, and report each hand"
            " as exact (every pot and every player's net result match the history),"
            " diverged (the first difference, with the action, what the history has, what"
            " the profile gives, and the rule) or skipped. Hidden cards are filled in so"
            " that the recorded winners win. The default profile is pokerstars-2010 for"
            " PokerStars histories and the one a PHH file names (_profile), else pokerkit."
        ),
    )
    parser.add_argument("paths", nargs="+", help="hand history files or folders")
    parser.add_argument("--profile", metavar="NAME", help="replay every hand under this profile")
    parser.add_argument("--json", metavar="FILE", help="write a machine-readable report")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML, one test case per hand")
    arguments.force_option(parser, "a report")
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only hands that are not exact"
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="tell each hand as the trainer tells a played one: every action and draw"
        " with its rule, the pots as they form, who wins what and why",
    )
    parser.add_argument("--hand", metavar="ID", help="with --explain, only the hand with this ID")
    parser.set_defaults(run=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    if args.profile is not None:
        get(args.profile)  # an unknown name fails here, as one line
    if args.explain:
        return run_explain(args)
    scan = sources.scan(args.paths)
    check_report_paths(
        {"--json": args.json, "--junit": args.junit},
        inputs=[Path(p) for p in args.paths],
        files=list(scan.files),
        force=args.force,
    )
    results: list[Replayed] = []
    # A folder entry that cannot be read (a FIFO, a link to nowhere) is said and counted as
    # unreadable: a folder's run must not look complete when it is not.
    for skipped in scan.skipped:
        results.append(unreadable(skipped, profile=args.profile or ""))
        print(results[-1].describe())
    progress = _Progress(sys.stderr)
    for path in scan.files:
        for hand in sources.hands(path):
            outcome = (
                unreadable(hand, profile=args.profile or "")
                if isinstance(hand, HistoryError)
                else replay(hand, profile=args.profile)
            )
            results.append(outcome)
            if outcome.status != EXACT or not args.quiet:
                progress.clear()
                print(outcome.describe(), flush=outcome.status != EXACT)
            progress.tick(len(results), path.name)
    progress.clear()
    tally = Counter(result.status for result in results)
    if args.json:
        write_json(args.json, to_json(results, tally))
    if args.junit:
        write_junit(
            args.junit, [_case(result) for result in results], [], name="badugi-spec replay"
        )
    print(summary_line(tally))
    return 1 if tally[DIVERGED] or tally[UNREADABLE] or not results else 0


def summary_line(tally: Counter[str]) -> str:
    replayed = tally[EXACT] + tally[DIVERGED] + tally[SKIPPED]
    line = (
        f"{replayed} replayed, {tally[EXACT]} exact, {tally[DIVERGED]} diverged,"
        f" {tally[SKIPPED]} skipped"
    )
    if tally[UNREADABLE]:
        line += f", {tally[UNREADABLE]} unreadable"
    return line


def to_json(results: Sequence[Replayed], tally: Counter[str]) -> dict[str, Any]:
    return {
        "tool": "badugi-spec replay",
        "summary": {key: tally[key] for key in (EXACT, DIVERGED, SKIPPED, UNREADABLE)},
        "hands": [
            {
                "file": r.path,
                "line": r.line,
                "hand": r.hand_id,
                "profile": r.profile,
                "status": r.status,
                "action": r.action,
                "text": r.text,
                "expected": r.expected,
                "actual": r.actual,
                "code": r.code,
                "rule": r.rule,
                "reason": r.reason,
            }
            for r in results
        ],
    }


def _case(result: Replayed) -> CaseResult:
    status = {EXACT: "passed", DIVERGED: "failed", SKIPPED: "skipped", UNREADABLE: "errored"}
    case = CaseResult(
        id=f"hand {result.hand_id}" if result.hand_id else f"line {result.line}",
        file=result.path,
        line=result.line,
        rules=[result.rule] if result.rule else [],
        status=status[result.status],
        message=result.reason,
    )
    if result.status == DIVERGED:
        case.divergence = Divergence(result.line, result.text, result.expected, result.actual)
        case.message = result.describe()
    return case


class _Progress:
    """`123 hands (file.txt)` on stderr, overwritten, when the run takes a while."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def tick(self, count: int, name: str) -> None:
        now = time.monotonic()
        if now - self.last < PROGRESS_SECONDS:
            return
        self.last = now
        if not self.tty and now - self.start < QUIET_SECONDS:
            return
        if self.tty:
            self.stream.write(f"\r{count} hands replayed ({name}) ")
            self.shown = True
        else:
            self.stream.write(f"... {count} hands replayed ({name})\n")
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()
            self.shown = False


class ExplainError(BadugiError):
    """`replay --explain` found nothing to tell."""


def run_explain(args: argparse.Namespace) -> int:
    """Each exact hand told event by event; a hand that is not exact says why in a line."""
    faces = Faces(colour=False, symbols=can_encode_symbols(sys.stdout))
    told = failed = 0
    for path in sources.scan(args.paths).files:
        for hand in sources.hands(path):
            if isinstance(hand, HistoryError):
                if args.hand is None:
                    print(f"{hand}")
                    failed += 1
                continue
            if args.hand is not None and hand.hand_id != args.hand:
                continue
            try:
                _, lines = explain_hand(hand, profile=args.profile)
            except NotExact as error:
                print(f"hand {hand.hand_id}: not told, {error}")
                failed += 1
                continue
            for line in lines:
                for row in narration(line, faces, width=100):
                    print(row)
            print()
            told += 1
    if not told and not failed:
        wanted = f"hand {args.hand}" if args.hand is not None else "a hand"
        raise ExplainError(f"replay --explain: no {wanted} in {' '.join(args.paths)}")
    return 1 if failed else 0
