"""`fuzz-distill`: a fuzz campaign distilled into a few short scenarios for the suite.

The campaign is named by its report (`fuzz --json`: its command gives the options, its
trial list the trials) or by the options themselves. Its trials are played again on our
engine alone, then covered and shrunk (`fuzz.distill`); the scenarios kept are written to
`--out`, run by `check`, and the run ends with what they reach against the whole campaign
and against the installed suite (docs/implementers.md, "Distil a campaign").
"""

from __future__ import annotations

import argparse
import shlex
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Final, cast

from badugi_spec import outputs
from badugi_spec.commands import arguments, fuzz_cmd
from badugi_spec.commands.progress import Progress
from badugi_spec.commands.progress import wanted as progress_wanted
from badugi_spec.errors import BadugiError
from badugi_spec.fuzz import coverage, distill, reports
from badugi_spec.fuzz.plan import Plan
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.report import print_results, safe, write_json
from badugi_spec.scenario.suite import installed_suite, load_suite, run_suite, scenario_files

HELP: Final = "distil a fuzz campaign into a few scenarios that keep every rule it reached"
CAMPAIGN: Final = ("seed", "hands", "profile", "seats", "target", "unguided", "no_values")
"""The options that name a campaign without its report."""

EPILOG = """\
The campaign's trials are played again on our engine alone (no implementation is run but
--impl's hello), then the fewest trials that together reach every rule, waypoint and pair
of rules the campaign reached are kept (greedy set cover), each shrunk while it still
reaches what no other kept trial does. Each is written as DIR/distill-SEED-TRIAL.badugi
and run by check. The run ends with what the set reaches against the whole campaign and
against the installed suite.

  badugi-spec fuzz --impl CMD --hands 2000 --seed 7 --json campaign.json
  badugi-spec fuzz-distill --report campaign.json --out distilled
  badugi-spec fuzz-distill --seed 7 --hands 2000 --out distilled
"""


def _seats(text: str) -> str:
    fuzz_cmd._seats(text)  # refused here, in one line, as `fuzz` refuses it
    return text


def _target(text: str) -> str:
    return fuzz_cmd._target(text)


def register(sub: Any) -> None:
    command = sub.add_parser(
        "fuzz-distill",
        help=HELP,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument(
        "--report", metavar="FILE", help="a fuzz --json report: the campaign's options and trials"
    )
    command.add_argument("--seed", type=arguments.seed, help="the campaign's seed (default 1)")
    command.add_argument("--hands", type=arguments.at_least(1, "trial"), metavar="N",
                         help=f"its trials (default {fuzz_cmd.DEFAULT_HANDS})")  # fmt: skip
    command.add_argument("--profile", action="append", metavar="NAME",
                         help="a profile it played (repeatable)")  # fmt: skip
    command.add_argument("--seats", type=_seats, metavar="N|A-B", help="its table sizes")
    command.add_argument("--target", action="append", type=_target, metavar="RULE|A-B|WAYPOINT",
                         help="a target it was aimed at (repeatable)")  # fmt: skip
    command.add_argument("--unguided", action="store_true", help="it was unguided")
    command.add_argument("--no-values", action="store_true", help="it played no value lines")
    command.add_argument(
        "--impl", metavar="CMD",
        help="the implementation it ran against, asked only its hello (which profiles and"
        " rankings were fuzzed; default: the hello in --report's manifest, else our own"
        " server, which has every one)",
    )  # fmt: skip
    command.add_argument("--no-pairs", action="store_true",
                         help="keep every rule and waypoint, not every pair of rules")  # fmt: skip
    command.add_argument(
        "--budget", type=arguments.at_least(0, "candidate"), default=distill.SHRINK_BUDGET,
        metavar="N", help=f"shrink candidates per scenario (default {distill.SHRINK_BUDGET})",
    )  # fmt: skip
    command.add_argument("--out", default="fuzz-distilled", metavar="DIR",
                         help="where the scenarios go (default fuzz-distilled/)")  # fmt: skip
    command.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    command.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    arguments.force_option(command, "the --json file or a scenario in --out")
    command.set_defaults(run=run_distill)


def _campaign(args: argparse.Namespace) -> tuple[argparse.Namespace, list[int], dict[str, Any]]:
    """The campaign's `fuzz` options, its trial numbers and its report (or {})."""
    given = [f"--{name.replace('_', '-')}" for name in CAMPAIGN if getattr(args, name)]
    if args.report:
        if given:
            raise BadugiError(f"--report {args.report}: gives the campaign; {given[0]} too is one"
                              " campaign too many")  # fmt: skip
        report = reports.read(args.report)
        words = shlex.split(str(report.get("command", "")))
        if words[:2] != ["badugi-spec", "fuzz"]:
            raise BadugiError(f"--report {args.report}: names no fuzz command (an older"
                              " report?): give the campaign's options instead")  # fmt: skip
        try:
            options = fuzz_cmd.fuzz_arguments(words[2:])
        except SystemExit:
            raise BadugiError(f"--report {args.report}: its command is not fuzz's") from None
        return options, [int(n) for n in report["trials"]], report
    words = ["--impl", "-", "--seed", str(args.seed or 1)]
    words += ["--hands", str(args.hands or fuzz_cmd.DEFAULT_HANDS)]
    for name in args.profile or ():
        words += ["--profile", name]
    for target in args.target or ():
        words += ["--target", target]
    words += ["--seats", args.seats] if args.seats else []
    words += ["--unguided"] * args.unguided + ["--no-values"] * args.no_values
    options = fuzz_cmd.fuzz_arguments(words)  # each checked already, by the same types
    return options, list(range(options.hands)), {}


class _Said:
    """An implementation as its `hello` in a report's manifest describes it: all the plan
    asks of one (what it can do, plays and values), so a report distils with no --impl."""

    _pending = None

    def __init__(self, hello: dict[str, Any]) -> None:
        def names(value: object) -> bool:
            return isinstance(value, list) and all(isinstance(v, str) for v in value)

        plays, can, said = hello["profiles"], hello["capabilities"], hello.get("rankings")
        if not (
            isinstance(hello["protocol"], int)
            and (plays == "any" or names(plays))
            and names(can)
            and (said is None or names(said))
        ):
            raise ValueError("a hello of the wrong shape")  # read as one line by `_plan`
        self.protocol = int(hello["protocol"])
        plays = hello["profiles"]
        self.profiles: str | frozenset[str] = plays if isinstance(plays, str) else frozenset(plays)
        said = hello.get("rankings")
        self.rankings = None if said is None else frozenset(said)
        self._can = frozenset(hello["capabilities"])

    def capabilities(self) -> frozenset[str]:
        return self._can


def _plan(args: argparse.Namespace, options: argparse.Namespace, report: dict[str, Any]) -> Plan:
    hello = report.get("manifest", {}).get("hello")
    if hello and not args.impl:
        try:
            return fuzz_cmd.plan_for(cast(ProcessImplementation, _Said(hello)), options)
        except (KeyError, TypeError, ValueError):
            raise BadugiError(
                f"--report {args.report}: its manifest's hello is not readable (give --impl)"
            ) from None
    argv = (
        arguments.impl_argv(args.impl)
        if args.impl
        else [sys.executable, "-m", "badugi_spec", "serve"]
    )
    impl = ProcessImplementation(argv, timeout=options.timeout)
    try:
        return fuzz_cmd.plan_for(impl, options)
    finally:
        impl.close()


def _same_coverage(report: dict[str, Any], found: distill.Distilled, where: str) -> None:
    """A report's trials replayed must reach what the report says they reached."""
    said = report.get("coverage", {})
    if not said or said.get("trials") != found.campaign.trials:
        return  # the shape of an older report, or trials our engine could not play
    ours = found.campaign.as_json()
    for part in ("rules", "waypoints"):
        if said.get(part, {}) != ours[part]:
            other = sorted(set(said.get(part, {}).items()) ^ set(ours[part].items()))[0][0]
            raise BadugiError(
                f"--report {where}: its trials replayed here reach other {part} than it says"
                f" ({other}): was it run by another badugi-spec, or against an implementation"
                " that plays other profiles (give it as --impl)?"
            )


def _check_out(args: argparse.Namespace) -> None:
    outputs.check_outputs(
        {"--out": args.out, "--json": args.json},
        inputs=[Path(args.report)] if args.report else [],
        force=args.force, folders={"--out"},
    )  # fmt: skip
    out = Path(args.out)
    old = sorted(out.glob("distill-*.badugi")) if out.is_dir() else []
    if old and not args.force:
        raise outputs.OutputError(f"--out {old[0]}: exists; --force replaces it")


def _head(found: distill.Distilled, kept: distill.Reached, command: str) -> str:
    duty = sorted(f for f in kept.duty if "+" not in f)
    pairs = sorted(f for f in kept.duty if "+" in f)
    shown = " ".join(pairs[:6]) + (f" and {len(pairs) - 6} more" if len(pairs) > 6 else "")
    parts = [" ".join(duty)] if duty else []
    parts += [f"the pairs of rules {shown}"] if pairs else []
    reason = "; ".join(parts)
    return "\n".join(
        [
            f"Distilled by badugi-spec fuzz-distill from trial {kept.number} of: {command}",
            f"(--hand {found.seed}:{kept.number}), shrunk from {kept.original_lines} to"
            f" {kept.lines} lines. Kept for what no other file of the set reaches:",
            *textwrap.wrap(reason or "(nothing of its own)", 90, initial_indent="  ",
                           subsequent_indent="  "),
            "Every line is our engine's play and state: review it before adding it to a suite.",
        ]
    )  # fmt: skip


def run_distill(args: argparse.Namespace) -> int:
    _check_out(args)
    options, numbers, report = _campaign(args)
    started = time.monotonic()
    plan = _plan(args, options, report)
    progress = Progress(sys.stderr, progress_wanted(sys.stderr, quiet=args.quiet))
    try:
        found = distill.replay(
            plan, seed=options.seed, numbers=numbers, pairs=not args.no_pairs,
            targets=coverage.targets(options.target or ()), guided=not options.unguided,
            tick=lambda n: progress.update(f"fuzz-distill: {n} of {len(numbers)} trials"),
        )  # fmt: skip
    finally:
        progress.finish()
    if report:
        _same_coverage(report, found, args.report)
    replayed = time.monotonic() - started
    found.kept = distill.cover(found.trials)
    chosen = len(found.kept)
    distill.shrink(found, budget=args.budget)
    command = fuzz_cmd.command_of(options).replace("--impl -", "--impl CMD")
    paths = []
    for kept in found.kept:
        path = Path(args.out) / f"distill-{found.seed}-{kept.number}.badugi"
        outputs.refuse_existing(path, option="--out", force=args.force)
        outputs.write(path, found.trial(kept).text(head=_head(found, kept, command)))
        paths.append(path)
    figures = _figures(found, paths, replayed, time.monotonic() - started, chosen)
    status = _check(paths, figures)
    for line in _lines(figures, args.out):
        print(safe(line))
    if args.json:
        write_json(args.json, figures)
    return status


def _check(paths: list[Path], figures: dict[str, Any]) -> int:
    """`check` on the files written: our engine passes each, or the run fails."""
    suite = load_suite([str(p) for p in paths])
    results = run_suite(EngineImplementation(), suite)
    bad = [r for r in results if r.status != "passed"]
    if bad or suite.errors:
        print_results(bad, suite.errors, quiet=True)
    figures["check"] = {"passed": len(results) - len(bad), "of": len(paths)}
    return 1 if bad or suite.errors or len(results) != len(paths) else 0


def _figures(
    found: distill.Distilled, paths: list[Path], replayed: float, seconds: float, chosen: int
) -> dict[str, Any]:
    universe, reached = found.universe(), found.reached()

    def split(features: frozenset[str] | set[str]) -> dict[str, int]:
        return {
            "rules": sum(1 for f in features if f[:1] == "R" and "+" not in f),
            "waypoints": sum(1 for f in features if f[:1] != "R"),
            "rule_pairs": sum(1 for f in features if "+" in f),
        }

    suite_files = scenario_files([str(installed_suite())])
    suite_rules, suite_points = distill.suite_reach([Path(p) for p in suite_files])
    rules = {f for f in reached if f[:1] == "R" and "+" not in f}
    points = {f for f in reached if f[:1] != "R"}
    return {
        "seed": found.seed,
        "trials": len(found.trials),
        "trial_lines": sum(t.original_lines for t in found.trials),
        "scenarios": len(paths),
        "chosen_before_shrink": chosen,
        "lines": sum(k.lines for k in found.kept),
        "files": [str(p) for p in paths],
        "seconds": round(seconds, 1),
        "replay_seconds": round(replayed, 1),
        "campaign": split(universe),
        "distilled": split(reached & universe),
        "beyond_campaign": split(reached - universe),
        "missed": sorted(universe - reached),
        "suite": {"rules": len(suite_rules), "waypoints": len(suite_points)},
        "suite_lacks_rules": sorted(rules - suite_rules, key=_order),
        "suite_lacks_waypoints": sorted(p for p in points - suite_points if distill.readable(p)),
    }


def _order(rule: str) -> tuple[int, ...]:
    return tuple(int(part) for part in rule[1:].split(".") if part.isdigit())


def _lines(f: dict[str, Any], out: str) -> list[str]:
    c, d = f["campaign"], f["distilled"]
    every = "every one" if not f["missed"] else f"missed: {' '.join(f['missed'][:8])}"
    return [
        f"fuzz-distill: {f['trials']} trials of seed {f['seed']} ({f['trial_lines']} lines)"
        f" -> {f['scenarios']} scenarios ({f['lines']} lines) in {out}/, {f['seconds']} s"
        f" ({f['replay_seconds']} s replaying the campaign)",
        f"  the campaign reached {c['rules']} rules, {c['waypoints']} waypoints and"
        f" {c['rule_pairs']} pairs of rules; the scenarios reach {d['rules']}, {d['waypoints']}"
        f" and {d['rule_pairs']} of them ({every})",
        f"  today's suite ({installed_suite()}) cites {f['suite']['rules']} rules and shows"
        f" {f['suite']['waypoints']} waypoints; the scenarios reach"
        f" {len(f['suite_lacks_rules'])} rules it cites nowhere"
        f" ({' '.join(f['suite_lacks_rules']) or 'none'}) and"
        f" {len(f['suite_lacks_waypoints'])} waypoints it never shows (of those a text shows)"
        f" ({' '.join(f['suite_lacks_waypoints']) or 'none'})",
        f"  check: {f['check']['passed']} of {f['check']['of']} pass",
    ]


__all__ = ["register", "run_distill"]
