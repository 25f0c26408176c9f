"""`fuzz` and `fuzz-merge`: random play and hand values against any implementation.

`fuzz --impl CMD` plays numbered random trials (sessions and hands under every profile the
implementation plays, and hand values in every ranking it declares) with our engine as the
oracle, through `verify`'s own client and runner; every kind of divergence is shrunk and
written as a scenario to `--out`. `--shard K/N` plays one slice of the trial numbers (or
`--shard auto`, the slice a scheduler gives the job: `fuzz_places`), `--range` a part of
it, and `--jobs N` runs local workers; each report carries its campaign's manifest
(`fuzz.manifest`) and `fuzz-merge` joins the reports of slices (docs/implementers.md,
"Fuzz your engine"). The report paths are checked before any
trial (`outputs.check_outputs`); the ending, summary and exit status are `fuzz_lines`.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import errno
import itertools
import shlex
import signal
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from badugi_spec import profiles
from badugi_spec.commands import arguments, fuzz_db_lines
from badugi_spec.commands.fuzz_lines import finish
from badugi_spec.commands.fuzz_places import ShardAction, options_of, shard_spec, trial_range
from badugi_spec.commands.progress import Progress
from badugi_spec.commands.progress import wanted as progress_wanted
from badugi_spec.errors import BadugiError
from badugi_spec.fuzz import coverage, manifest, reports
from badugi_spec.fuzz.ahead import AHEAD
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.shrink import BUDGET
from badugi_spec.fuzz.trial import Setting
from badugi_spec.fuzz.value_lines import HOUSE
from badugi_spec.outputs import check_outputs
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.rankings import RANKINGS
from badugi_spec.scenario.report import safe
from badugi_spec.scenario.runner import ImplementationError

DEFAULT_HANDS = 500
VALUE_RULES = ("R1.2", "R2.", "R9.", "R21.3", "R21.4", "R22.3", "R22.4")
"""The rules value trials reach: a target among them keeps the value trials."""


MOST_JOBS = 64
"""Workers at most (`--jobs`): each is a process with an implementation process of its own."""


def jobs(text: str) -> int:
    """`--jobs N`: 1 to `MOST_JOBS` (`fuzz-mutants` too)."""
    value = arguments.at_least(1, "job")(text)
    if value > MOST_JOBS:
        raise argparse.ArgumentTypeError(f"at most {MOST_JOBS} jobs, not {value}")
    return value


def _seats(text: str) -> tuple[int, int]:
    low, dash, high = text.partition("-")
    first = arguments.whole(low)
    last = arguments.whole(high) if dash else first
    if not 2 <= first <= last <= 8:
        raise argparse.ArgumentTypeError(f"seats are 2 to 8 (R8.2): {text!r}")
    return first, last


def _replay(text: str) -> tuple[int, int]:
    seed, colon, number = text.partition(":")
    if not colon:
        raise argparse.ArgumentTypeError(f"expected SEED:N, not {text!r}")
    return arguments.seed(seed), arguments.whole(number)


def _target(text: str) -> str:
    try:
        coverage.targets([text])
    except coverage.TargetError as bad:
        raise argparse.ArgumentTypeError(str(bad)) from None
    return text


def register(sub: Any) -> None:
    fuzz = sub.add_parser("fuzz", help="random play and hand values against another implementation")
    fuzz.add_argument("--impl", required=True, metavar="CMD", help="the command to start")
    fuzz.add_argument(
        "--profile", action="append", metavar="NAME",
        help="a profile to play (repeatable; default: every shipped one it plays)",
    )  # fmt: skip
    fuzz.add_argument("--seats", type=_seats, default=(2, 8), metavar="N|A-B",
                      help="table sizes (default 2-8)")  # fmt: skip
    fuzz.add_argument("--seed", type=arguments.seed, default=1, help="the campaign's seed")
    fuzz.add_argument(
        "--hands", type=arguments.at_least(1, "trial"), metavar="N",
        help=f"trials to play (default {DEFAULT_HANDS} without --seconds)",
    )  # fmt: skip
    fuzz.add_argument("--seconds", type=arguments.seconds, metavar="S",
                      help="bound the whole run, shrinking included, to S seconds")  # fmt: skip
    fuzz.add_argument(
        "--target", action="append", type=_target, metavar="RULE|A-B|WAYPOINT",
        help="spend the campaign on reaching a rule, a range (R8.8-R8.10) or a waypoint"
        " (repeatable)",
    )  # fmt: skip
    fuzz.add_argument("--unguided", action="store_true",
                      help="fresh random trials only: no corpus, no swarm")  # fmt: skip
    fuzz.add_argument("--coverage", action="store_true",
                      help="end with a table of hits per rule and per waypoint")  # fmt: skip
    fuzz.add_argument("--hand", type=_replay, metavar="SEED:N", help="replay one trial")
    fuzz.add_argument(
        "--shard", action=ShardAction, type=shard_spec, default=(1, 1), metavar="K/N|auto[/N]",
        help="play only slice K of N of the trial numbers; auto: the place Slurm, GNU"
        " parallel or BADUGI_SHARD_INDEX/COUNT give this job",
    )  # fmt: skip
    fuzz.add_argument(
        "--range", type=trial_range, metavar="A-B[,C-D]",
        help="play only the trials numbered A to B (of the shard): a part fuzz-merge names"
        " as missing",
    )  # fmt: skip
    fuzz.add_argument("--jobs", type=jobs, default=1, metavar="N",
                      help=f"local worker processes (at most {MOST_JOBS})")  # fmt: skip
    fuzz.add_argument("--timeout", type=arguments.seconds, default=10.0, metavar="S",
                      help="seconds per request")  # fmt: skip
    fuzz.add_argument(
        "--budget", type=arguments.at_least(0, "candidate"), default=BUDGET, metavar="N",
        help=f"shrink candidates per finding (default {BUDGET})",
    )  # fmt: skip
    fuzz.add_argument("--no-values", action="store_true", help="play only, no value lines")
    fuzz.add_argument("--first", action="store_true",
                      help="stop at the first finding against the implementation")  # fmt: skip
    fuzz.add_argument(
        "--no-variants", action="store_true",
        help="never run a trial's variants (by default one play trial in 8 also runs them)",
    )  # fmt: skip
    fuzz.add_argument("--out", default="fuzz-found", metavar="DIR",
                      help="where shrunk scenarios go (default fuzz-found/)")  # fmt: skip
    fuzz.add_argument(
        "--db", metavar="DIR",
        help="a findings database (a .badugi file per finding, runs/*.toml a file per run):"
        " replay its findings first, then file this run's there",
    )  # fmt: skip
    fuzz.add_argument("--replay-only", action="store_true",
                      help="with --db: replay the stored findings, play no trial (exit 1"
                      " if one still fails)")  # fmt: skip
    fuzz.add_argument("--json", metavar="FILE", help="write the report as JSON")
    fuzz.add_argument("--junit", metavar="FILE", help="write JUnit XML")
    fuzz.add_argument("-q", "--quiet", action="store_true", help="no progress line")

    arguments.force_option(fuzz, "the --json or --junit report or a scenario in --out")
    fuzz.set_defaults(run=run_fuzz)


def fuzz_arguments(argv: list[str]) -> argparse.Namespace:
    """`badugi-spec fuzz ARGV` as parsed, for running a campaign from code with the
    command's own defaults."""
    parser = argparse.ArgumentParser(prog="badugi-spec")
    register(parser.add_subparsers())
    return parser.parse_args(["fuzz", *argv])


# ----- the plan: what this implementation is sent ---------------------------------------


class StartError(BadugiError):
    """The implementation's handshake failed."""


def plan_for(impl: ProcessImplementation, args: argparse.Namespace) -> Plan:
    """Play under the profiles it plays (or those named), values in the rankings it
    declares (the house Badugi when it declares none)."""
    can = impl.capabilities()
    pending = impl._pending
    if pending is not None:  # the handshake failed: nothing can be sent
        said = [line for line in pending.stderr.splitlines() if line.strip()]
        tail = f"; its stderr ends: {said[-1].strip()[:200]}" if said else ""
        raise StartError(f"the implementation did not start: {pending}{tail}")
    shipped = profiles.names()
    wanted = args.profile or list(shipped)
    for name in wanted:
        if name not in shipped:
            raise BadugiError(
                f"--profile {name}: no such profile (the profiles: {', '.join(shipped)})"
            )
    plays = [n for n in wanted if impl.profiles == "any" or n in impl.profiles]
    if args.profile and len(plays) < len(wanted):
        missing = sorted(set(wanted) - set(plays))
        raise BadugiError(
            f"the implementation does not play {', '.join(missing)} (its hello, R8.1)"
        )
    setting = None
    if "play" in can and plays:
        # Protocol 1 sends no profile parameters: no trial may change one.
        setting = Setting(
            tuple(profiles.get(n) for n in plays), seats=args.seats, overrides=impl.protocol >= 2
        )
    rankings: tuple[str, ...] = ()
    # Aimed only at rules of play (`--target R8.15`), no trial is spent on hand values.
    aimed_at_play = (
        bool(args.target)
        and setting is not None
        and not any(t.startswith(VALUE_RULES) for t in coverage.targets(args.target))
    )
    if can & {"evaluate", "compare"} and not args.no_values and not aimed_at_play:
        declared = [r for r in RANKINGS if impl.rankings and r in impl.rankings]
        rankings = (HOUSE, *declared)
    if setting is None and not rankings:
        raise BadugiError(
            "nothing to fuzz: the implementation plays none of the profiles and values no hands"
        )
    return Plan(setting, rankings)


def numbers(args: argparse.Namespace, shard: tuple[int, int]) -> Iterator[int]:
    """The trial numbers of this slice, in order: all of `range(--hands)` (or without
    end under `--seconds`) with `n % N == K - 1`."""
    k, n = shard
    every: Iterable[int] = (
        itertools.count()
        if args.hands is None and args.seconds
        else range(args.hands or DEFAULT_HANDS)
    )
    window: list[list[int]] | None = getattr(args, "range", None)
    if window:
        last = max(high for _, high in window)
        every = (
            number
            for number in itertools.takewhile(lambda number: number <= last, every)
            if any(low <= number <= high for low, high in window)
        )
    return (number for number in every if number % n == k - 1)


# ----- running ------------------------------------------------------------------------


def _progress_text(campaign: Campaign, started: float, seconds: float | None) -> str:
    """Trials and hands, hands a second, divergences, and the time left under `--seconds`."""
    spent = time.monotonic() - started
    tally = campaign.tally
    rate = tally.hands / spent if spent else 0.0
    left = f", {max(0.0, seconds - spent):.0f} s left" if seconds else ""
    return (
        f"fuzz: {tally.trials} trials ({tally.hands} hands), {rate:.1f} hands/s,"
        f" {len(campaign.findings)} divergences{left}"
    )


class DidNotStart(Exception):
    """The implementation could not be started or greeted: the run fails (status 1)."""


def campaign_report(args: argparse.Namespace, shard: tuple[int, int]) -> dict[str, Any]:
    """Run one slice (a shard, or a worker's part of it) and give its report."""
    impl = ProcessImplementation(arguments.impl_argv(args.impl), timeout=args.timeout)
    seed = args.hand[0] if args.hand else args.seed
    interrupted = False
    try:
        try:
            plan = plan_for(impl, args)
        except StartError as failed:
            raise DidNotStart(str(failed)) from None
        hello = manifest.hello_of(impl)  # now: the handshake is fresh, the process up
        name = f"{impl.name} {impl.version}".strip()
        out = Path(args.out) if args.out else None
        deadline = time.monotonic() + args.seconds if args.seconds else None
        campaign = Campaign(
            impl, plan, seed=seed, out=out, budget=args.budget, implementation=name,
            force=getattr(args, "force", False),
            with_variants=not args.no_variants, deadline=deadline,
            targets=coverage.targets(args.target or ()), guided=not args.unguided,
            defer_engine=True,
        )  # fmt: skip
        if args.first:
            campaign.shrink_share = 1.0  # the search ends at the finding: shrink in full
        shown = progress_wanted(sys.stderr, quiet=args.quiet) and args.jobs == 1
        progress = Progress(sys.stderr, shown)
        started = time.monotonic()
        chosen = iter([args.hand[1]]) if args.hand else numbers(args, shard)
        # The next few trials are made while the implementation answers this one.
        upcoming = list(itertools.islice(chosen, AHEAD + 1))
        try:
            while upcoming:
                number = upcoming.pop(0)
                upcoming += itertools.islice(chosen, AHEAD + 1 - len(upcoming))
                if deadline is not None and time.monotonic() >= deadline:
                    break
                campaign.run(number, then=upcoming)
                progress.update(_progress_text(campaign, started, args.seconds))
                if args.first and any(f.status != "engine" for f in campaign.findings.values()):
                    break
                if getattr(impl, "_given_up", None) is not None:
                    break  # every later request would fail at once: stop, and say why
            campaign.finish()
        except KeyboardInterrupt:
            interrupted = True
        finally:
            progress.finish()
    finally:
        impl.close()
    return reports.report(
        implementation=name,
        seed=seed,
        shard=shard,
        numbers=campaign.played,
        tally=campaign.tally.as_json(),
        findings=[f.as_json() for f in campaign.findings.values()],
        interrupted=interrupted,
        coverage=campaign.coverage.as_json(),
        manifest=_manifest(args, plan, hello, shard, campaign.played),
    )


def _manifest(
    args: argparse.Namespace, plan: Plan, hello: dict[str, Any], shard: tuple[int, int],
    numbers: list[int],
) -> dict[str, Any]:  # fmt: skip
    seed = args.hand[0] if args.hand else args.seed
    return manifest.make(
        hello=hello, options=options_of(args, plan, DEFAULT_HANDS), seed=seed, shard=shard,
        numbers=numbers, placed_by=getattr(args, "shard_by", ""),
    )  # fmt: skip


def _greeted(args: argparse.Namespace) -> dict[str, Any] | None:
    """The manifest of a slice that kept no trial (`--jobs` stopped by Ctrl-C, its
    workers' trials lost): the implementation greeted once more for its `hello` and what
    it plays, so `fuzz-merge` reads the report as this campaign's and names every trial
    of the slice missing. None when it does not start: nothing can be said of it then."""
    impl = ProcessImplementation(arguments.impl_argv(args.impl), timeout=args.timeout)
    try:
        plan = plan_for(impl, args)
        hello = manifest.hello_of(impl)
    except (BadugiError, ImplementationError):
        return None
    finally:
        impl.close()
    return _manifest(args, plan, hello, args.shard, [])


def _worker(args: argparse.Namespace, shard: tuple[int, int]) -> dict[str, Any]:
    # Ctrl-C reaches the whole process group: the parent stops the workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return campaign_report(args, shard)


def _check_out(out: str | None) -> None:
    """`--out` must be a folder that can be written, before any trial is played; it is
    made only when a finding is written, so a run that finds nothing leaves no folder."""
    if not out:
        return
    folder = Path(out).absolute()
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        if not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{folder} is not a folder")
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".fuzz-probe-"):
            pass  # made and removed: a file can be made there
    except OSError as error:
        raise BadugiError(f"--out {out}: cannot write there: {error.strerror or error}") from None


def command_of(args: argparse.Namespace) -> str:
    """The `fuzz` command a shard of this campaign is played by, without `--shard` and
    `--json` (`fuzz-merge` names it for a missing shard)."""
    words = ["badugi-spec", "fuzz", "--impl", args.impl, "--seed", str(args.seed)]
    if args.hands or not args.seconds:
        words += ["--hands", str(args.hands or DEFAULT_HANDS)]
    if args.seconds:
        words += ["--seconds", f"{args.seconds:g}"]
    for name in args.profile or ():
        words += ["--profile", name]
    if args.seats != (2, 8):
        words += ["--seats", f"{args.seats[0]}-{args.seats[1]}"]
    for target in args.target or ():
        words += ["--target", target]
    if args.budget != BUDGET:
        words += ["--budget", str(args.budget)]
    if args.timeout != 10.0:
        words += ["--timeout", f"{args.timeout:g}"]
    flags = {"--unguided": args.unguided, "--no-values": args.no_values,
             "--no-variants": args.no_variants, "--first": args.first}  # fmt: skip
    return shlex.join(words + [flag for flag, on in flags.items() if on])


def run_fuzz(args: argparse.Namespace) -> int:
    arguments.impl_argv(args.impl)
    check_outputs(
        {"--json": args.json, "--junit": args.junit, "--out": args.out},
        force=args.force, folders={"--out"},
    )  # fmt: skip
    _check_out(args.out)
    try:
        stored = fuzz_db_lines.start(args)  # the stored findings replayed, before any trial
    except fuzz_db_lines.NotStarted as failed:
        print(safe(f"badugi-spec: fuzz: {failed}"), file=sys.stderr)
        return 1
    if stored is not None and args.replay_only:
        return fuzz_db_lines.replay_status(stored)
    several = args.jobs > 1 and not args.hand
    try:
        report = _jobs(args) if several else campaign_report(args, args.shard)
    except DidNotStart as failed:
        print(safe(f"badugi-spec: fuzz: {failed}"), file=sys.stderr)
        return 1
    report["command"] = command_of(args)
    status = finish(report, args, impl=args.impl)
    return status if stored is None else fuzz_db_lines.record(stored, report, status)


def _slice_size(args: argparse.Namespace) -> int | None:
    """Trials in this slice, or None when `--seconds` alone bounds the run."""
    if args.hands is None and args.seconds and not getattr(args, "range", None):
        return None
    return sum(1 for _ in numbers(args, args.shard))


def _jobs(args: argparse.Namespace) -> dict[str, Any]:
    """`--jobs N`: the slice split N ways, each in a process of its own with its own
    implementation, and the parts merged as `fuzz-merge` would. Workers write no files;
    the merged findings are written once. On Ctrl-C the workers are stopped and the
    report says so (their trials are lost: run shards with `--json` to keep them)."""
    k, n = args.shard
    size = _slice_size(args)
    count = args.jobs if size is None else max(1, min(args.jobs, size))  # no idle workers
    quiet = argparse.Namespace(**{**vars(args), "out": None, "quiet": True})
    parts = [(k + j * n, n * count) for j in range(count)]
    pool = concurrent.futures.ProcessPoolExecutor(count)
    try:
        done = list(pool.map(_worker, [quiet] * count, parts))
    except KeyboardInterrupt:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        seed = args.hand[0] if args.hand else args.seed
        empty = {"trials": 0, "hands": 0, "statuses": {}, "kinds": {}, "seconds": 0.0}
        return reports.report(
            implementation=args.impl, seed=seed, shard=args.shard, numbers=[],
            tally=empty, findings=[], interrupted=True, manifest=_greeted(args),
        )  # fmt: skip
    pool.shutdown()
    merged = reports.merge(done)
    merged["shard"] = f"{k}/{n}"
    merged["manifest"] = reports.resharded(merged.get("manifest"), f"{k}/{n}", merged["trials"])
    by: str = getattr(args, "shard_by", "")
    if merged["manifest"] is not None and by:
        merged["manifest"]["placed_by"] = by
    return merged


__all__ = ["fuzz_arguments", "plan_for", "register", "run_fuzz"]
