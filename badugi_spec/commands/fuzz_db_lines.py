"""`fuzz --db DIR`: the stored findings replayed before any trial, and the run's recorded.

`start` greets the implementation (its `hello` is the identity each sighting records),
reads the database (`fuzz.db`: a bad file is one line naming it) and runs every stored
finding against the implementation through `verify`'s own loader and runner, printing each
as still failing, fixed or skipped; `--replay-only` ends there. `record` files the
campaign's findings: one that shrank to a stored finding's difference is a sighting of it,
a new one a new file; and this run's sightings go to a file of its own.
"""

from __future__ import annotations

import argparse
import errno
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from badugi_spec.commands import arguments
from badugi_spec.errors import BadugiError
from badugi_spec.fuzz import db as findings
from badugi_spec.outputs import check_outputs
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.report import safe
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.suite import load_suite, run_suite


class NotStarted(Exception):
    """The implementation could not be greeted: the run fails (status 1), as `fuzz`'s does."""


@dataclass
class DbRun:
    db: findings.Database
    identity: dict[str, Any]
    when: str
    sightings: list[dict[str, Any]] = field(default_factory=list)
    failing: int = 0
    """Stored findings the replay showed still failing."""


def hello_identity(impl: ProcessImplementation) -> dict[str, Any]:
    """What the implementation said it is (its `hello`): recorded with every sighting."""
    can = impl.capabilities()
    plays = impl.profiles
    return {
        "name": impl.name,
        "version": impl.version,
        "protocol": impl.protocol,
        "capabilities": sorted(can),
        "profiles": plays if isinstance(plays, str) else sorted(plays),
        "rankings": sorted(impl.rankings or ()),
    }


def _check_folder(folder: str) -> None:
    check_outputs({"--db": folder}, folders={"--db"})
    place = Path(folder).absolute()
    while not place.exists() and place != place.parent:
        place = place.parent
    try:
        if not place.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{place} is not a folder")
        with tempfile.NamedTemporaryFile(dir=place, prefix=".fuzz-db-probe-"):
            pass
    except OSError as error:
        raise BadugiError(f"--db {folder}: cannot write there: {error.strerror or error}") from None


def start(args: argparse.Namespace) -> DbRun | None:
    """Without `--db`, None; with it, the database read and every stored finding replayed
    (printed, one line each), before any trial."""
    if args.replay_only and not args.db:
        raise BadugiError("--replay-only: needs --db DIR (the findings to replay)")
    if not args.db:
        return None
    _check_folder(args.db)
    db = findings.open_db(args.db)
    impl = ProcessImplementation(arguments.impl_argv(args.impl), timeout=args.timeout)
    try:
        identity = hello_identity(impl)
        if impl._pending is not None:
            raise NotStarted(f"the implementation did not start: {impl._pending}")
        run = DbRun(db, identity, findings.now())
        _replay(run, impl)
    finally:
        impl.close()
    return run


def _replay(run: DbRun, impl: ProcessImplementation) -> None:
    db = run.db
    if not db.stored:
        print(safe(f"db {db.folder}: no stored finding to replay"))
        return
    name = f"{run.identity['name']} {run.identity['version']}".strip()
    print(safe(f"db {db.folder}: replaying {len(db.stored)} stored findings against {name},"
               " before any trial"))  # fmt: skip
    tally = {"still failing": 0, "fixed": 0, "skipped": 0}
    for stored in sorted(db.stored.values(), key=lambda s: s.id):
        suite = load_suite([stored.path])
        if suite.errors:
            error = suite.errors[0]
            raise findings.DbError(f"{stored.path}: its scenario does not load: {error.error}")
        results = run_suite(impl, suite, with_variants=stored.variants)
        result, detail = _judged(results)
        tally[result] += 1
        run.sightings.append({"id": stored.id, "result": result,
                              "trials": int(result == "still failing")})  # fmt: skip
        seen = db.seen.get(stored.id, findings.Seen())
        meta = stored.meta
        what = f"{meta['kind']} at {meta['rule']}" if meta["rule"] else meta["kind"]
        history = f"first seen {meta['first_seen']}"
        if seen.last:
            history += f", last failed {seen.last}, {_counted(seen)}"
        print(safe(f"  {result:<15}{stored.path}: {what} ({history}){detail}"))
    run.failing = tally["still failing"]
    print(safe(f"db {db.folder}: " + ", ".join(f"{n} {what}" for what, n in tally.items())))


def _counted(seen: findings.Seen) -> str:
    trials = f"{seen.trials} trial{'s' * (seen.trials != 1)}"
    return f"{trials} in {seen.runs} run{'s' * (seen.runs != 1)}"


def _judged(results: list[CaseResult]) -> tuple[str, str]:
    """A stored finding's replay: still failing (where), fixed, or skipped (not supported)."""
    for result in results:
        if result.status in ("failed", "errored"):
            d = result.divergence
            if d is not None:
                return "still failing", safe(
                    f"; line {d.line}: expected {d.expected}, actual {d.actual}"
                )[:300]
            return "still failing", safe(f"; {result.message}")[:300]
    if results and all(result.status == "skipped" for result in results):
        return "skipped", "; not supported by the implementation"
    return "fixed", ""


def replay_status(run: DbRun) -> int:
    """`--replay-only`: the run's sightings written; 1 when a stored finding still fails."""
    _write(run, "badugi-spec fuzz --db (replay only)")
    return 1 if run.failing else 0


def record(run: DbRun, report: dict[str, Any], status: int) -> int:
    """The campaign's findings against the implementation filed in the database; the exit
    status, 1 as well when the replay found a stored finding still failing."""
    command = str(report.get("command", ""))
    for finding in report["findings"]:
        if finding["status"] not in findings.STORED:
            continue  # our own engine's: ours to fix, not the implementation's history
        if not (finding["verified"] and finding["scenario"]):
            print(safe(f"db {run.db.folder}: not stored: trial {finding['seed']}:"
                       f"{finding['trial']} (its scenario does not reproduce it)"))  # fmt: skip
            continue
        stored, new = findings.add(
            run.db, finding, command=command, implementation=run.identity, when=run.when
        )
        run.sightings.append({"id": stored.id, "result": "new" if new else "met again",
                              "trials": 1 + int(finding["repeats"]),
                              "trial": f"{finding['seed']}:{finding['trial']}"})  # fmt: skip
        if new:
            print(safe(f"db {run.db.folder}: new {stored.path}"))
    _write(run, command)
    for sighting in run.sightings:
        if sighting["result"] == "met again":
            seen = run.db.seen[sighting["id"]]
            path = run.db.stored[sighting["id"]].path
            print(safe(f"db {run.db.folder}: met again {path}: {_counted(seen)},"
                       f" first seen {seen.first}"))  # fmt: skip
    return max(status, 1) if run.failing else status


def _write(run: DbRun, command: str) -> None:
    findings.write_run(
        run.db, run.sightings, command=command, implementation=run.identity, when=run.when
    )


__all__ = ["DbRun", "NotStarted", "hello_identity", "record", "replay_status", "start"]
