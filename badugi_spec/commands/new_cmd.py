"""`new`: start a scenario from a skeleton that already passes `check` (`skeleton`).

The file goes where the suite keeps its first rule's examples, `scenarios/<chapter>/ID.badugi`
(in the current folder when there is no such folder), unless `--out` names a folder or a
file (`-` prints it). An existing file is never overwritten: the file is created only if it
is not there.
"""

from __future__ import annotations

import argparse
import difflib
import re
from pathlib import Path
from typing import Any, Final

from badugi_spec import outputs, profiles
from badugi_spec.commands.arguments import whole
from badugi_spec.commands.skeleton import NAMES, Request, SkeletonError, skeleton
from badugi_spec.rules import Rule, chapter_of
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario.suite import EXTENSION, scenario_files

SUITE: Final = Path("scenarios")
_ID: Final = re.compile(r"[a-z0-9][a-z0-9-]*")
"""A scenario id, as the grammar's SLUG reads it."""
MOST_ID_CHARS: Final = 100
"""A scenario id at most: its file name `ID.badugi` must fit every file system."""
_SCENARIO_LINE: Final = re.compile(r"^[ \t]*scenario[ \t]+([a-z0-9][a-z0-9-]*)", re.M)
CLOSE: Final = 3
"""How many near rule IDs an unknown one is answered with."""


def register(sub: Any) -> None:
    new = sub.add_parser("new", help="write a scenario skeleton that passes check")
    new.add_argument("id", help="the scenario id: lower-case letters, digits and dashes")
    new.add_argument(
        "--rule",
        action="append",
        required=True,
        metavar="ID",
        help="a rule the scenario shows, e.g. R3.6 (repeat for more; the first files it)",
    )
    new.add_argument(
        "--profile",
        help="the rule profile to play under (default: the first rule's chapter's, else house)",
    )
    new.add_argument(
        "--players", type=whole, help="how many players (default: 2, or the profile's least)"
    )
    new.add_argument(
        "--out",
        metavar="PATH",
        help="a folder, a .badugi file, or - for standard output"
        " (default: scenarios/<the first rule's chapter>/)",
    )
    new.set_defaults(run=run_new)


def run_new(args: argparse.Namespace) -> int:
    if len(args.id) > MOST_ID_CHARS:
        raise SkeletonError(
            f"a scenario id has at most {MOST_ID_CHARS} characters, not {len(args.id)}"
            f" ({args.id[:30]}...)"
        )
    if not _ID.fullmatch(args.id):
        raise SkeletonError(
            f"{args.id!r:.60} is not a scenario id: lower-case letters, digits and dashes,"
            " starting with a letter or digit (e.g. cap-before-the-draw)"
        )
    taken = _suite_file_with(args.id)
    if taken is not None:
        raise SkeletonError(
            f"the suite already has a scenario {args.id} ({taken}); ids are unique: choose another"
        )
    rules = _rules(args.rule)
    profile = _profile(args.profile, rules[0])
    players = _players(args.players, profile)
    target = _target(args.out, args.id, rules[0])
    request = Request(id=args.id, rules=rules, profile=profile, players=players)
    text = skeleton(request, path=str(target or "-"))
    if target is None:
        print(text, end="")
        return 0
    try:
        outputs.create(target, text)
    except FileExistsError:
        raise SkeletonError(
            f"{target} already exists: new never overwrites a scenario; choose another id or --out"
        ) from None
    except FileNotFoundError:
        raise SkeletonError(f"no folder {target.parent} to write {target.name} in") from None
    print(f"wrote {target} ({profile.name}, {players} players); next: badugi-spec check {target}")
    return 0


def _suite_file_with(scenario_id: str) -> Path | None:
    """The suite file (`scenarios/`) that already has a scenario `scenario_id`, if any:
    each file's `scenario` lines, read without parsing the suite."""
    if not SUITE.is_dir():
        return None
    for path in scenario_files([SUITE]):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if scenario_id in _SCENARIO_LINE.findall(text):
            return path
    return None


def _rules(asked: list[str]) -> tuple[Rule, ...]:
    known = load_rules()
    found: list[Rule] = []
    for rule_id in dict.fromkeys(asked):
        rule = known.get(rule_id)
        if rule is None:
            raise SkeletonError(unknown_rule(rule_id, list(known)))
        found.append(rule)
    return tuple(found)


def unknown_rule(rule_id: str, known: list[str]) -> str:
    """'unknown rule R3.66', with the nearest IDs, those of its own chapter first."""
    chapter = chapter_of(rule_id)
    same = [known_id for known_id in known if chapter_of(known_id) == chapter]
    close = difflib.get_close_matches(rule_id, same, n=CLOSE, cutoff=0.6)
    close += difflib.get_close_matches(rule_id, known, n=CLOSE, cutoff=0.6)
    near = list(dict.fromkeys(close))[:CLOSE]
    hint = f"; close ones: {', '.join(near)}" if near else ""
    return (
        f"unknown rule {rule_id!r:.40}: not in the rulebook{hint}"
        " (`badugi-spec rules` lists them all)"
    )


def _profile(name: str | None, first: Rule) -> profiles.Profile:
    """The profile asked for; without one, the profile whose chapter holds the first rule
    (R21.3 is badeucy's), else the house game."""
    if name is None:
        own = (profiles.get(known) for known in profiles.names())
        return next((p for p in own if p.chapter == first.chapter), profiles.HOUSE)
    if name not in profiles.names():
        close = difflib.get_close_matches(name, profiles.names(), n=1, cutoff=0.5)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise SkeletonError(
            f"unknown profile {name!r:.60}: {hint}the profiles are {', '.join(profiles.names())}"
        )
    return profiles.get(name)


def _players(asked: int | None, profile: profiles.Profile) -> int:
    if asked is None:
        return max(2, profile.min_seats)
    most = min(profile.max_seats, len(NAMES))
    if not profile.min_seats <= asked <= most:
        seats = f"{most}" if profile.min_seats == most else f"{profile.min_seats} to {most}"
        raise SkeletonError(f"{profile.name} seats {seats} players, not {asked} (R8.2)")
    return asked


def _target(out: str | None, scenario_id: str, first: Rule) -> Path | None:
    """Where the file goes; None for standard output."""
    name = scenario_id + EXTENSION
    if out == "-":
        return None
    if out is None:
        # The suite's folder for the first rule's chapter, as `rules/` names its file.
        folder = SUITE / Path(first.path).stem
        return folder / name if folder.is_dir() else Path(name)
    path = Path(out)
    if path.is_dir():
        return path / name
    if path.suffix == EXTENSION:
        return path
    raise SkeletonError(f"--out {out}: not a folder, and not a file ending in {EXTENSION}")
