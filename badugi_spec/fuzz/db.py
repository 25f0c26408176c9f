"""The findings database (`fuzz --db DIR`): what earlier campaigns found, kept as plain files.

Two kinds of file, both text, both safe in git or as a CI artifact:

- `DIR/<id>.badugi`, one per finding: the shrunk scenario exactly as `fuzz` writes it to
  `--out` (so `verify --impl CMD DIR` runs the whole database), then a comment block of
  TOML (`# signature = "pot: -1"` ...): its signature, rule, kind, status, trial address,
  the campaign's command, the implementation's `hello` and when it was first seen. The
  name is a digest of the finding's *identity* (its shrunk difference: `Finding.signature`,
  or its status, rule and kind when the signature is empty), so every process that meets
  the same bug names the same file. It is made once, whole (a temporary file linked into
  place: the first writer wins and nobody reads half a file), and never rewritten.
- `DIR/runs/<when>-<host>-<pid>-<random>.toml`, one per run: each finding that run met
  (new, met again, or replayed: still failing or fixed), how many of its trials, and the
  implementation it met it in. Written whole under a name no other run can have.

Last seen, how often and the latest result are read by merging every run's file: no file is
ever updated in place, so shards and jobs writing one database at once lose nothing and need
no lock (a lock would not reach across the machines of a CI matrix anyway, and two
artifacts of one database are joined by copying one folder over the other, and two
branches of a database in git by merging them, without a conflict).
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import re
import secrets
import socket
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from badugi_spec import outputs
from badugi_spec.errors import BadugiError

MARK: Final = "# badugi-spec findings database 1"
"""The line that opens a finding file's TOML block (the rest of the file is the scenario)."""
RUNS: Final = "runs"
STORED: Final = ("failed", "errored")
"""The findings kept: against the implementation. One against our own engine is ours."""
MOST_BYTES: Final = 4 * 1024 * 1024
"""The largest database file read: a finding is a few KB."""
_SLUG: Final = re.compile(r"[^a-z0-9]+")


class DbError(BadugiError):
    """A database file that is not one (one line naming the file), or a folder not usable."""


def identity(finding: Mapping[str, Any]) -> str:
    """What makes two findings one bug: their shrunk difference, as the campaign judges
    it (`Finding.signature`), or, without one, the status, rule and kind."""
    mark = str(finding.get("signature") or "")
    return mark or f"{finding['status']} {finding['rule']} {finding['kind']}"


def finding_id(mark: str) -> str:
    """The file name (without `.badugi`) of the finding of identity `mark`: a readable
    part and a digest, the same in every process."""
    slug = _SLUG.sub("-", mark.lower()).strip("-")[:40].strip("-") or "finding"
    return f"{slug}-{hashlib.sha256(mark.encode('utf-8', 'backslashreplace')).hexdigest()[:10]}"


def now() -> str:
    # To the microsecond: two runs in one second (a CI retry, a quick --replay-only after a
    # campaign) must still order, or "latest" would be decided by the run file's random name.
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass
class Stored:
    id: str
    path: Path
    meta: dict[str, Any]

    @property
    def variants(self) -> bool:
        """Found in a variant of its trial (`kind [rotated]`): replayed with its variants."""
        return "[" in str(self.meta.get("kind", ""))


@dataclass
class Seen:
    """A finding's sightings, merged over every run's file."""

    first: str = ""
    last: str = ""
    """The last run it failed in."""
    trials: int = 0
    """Trials it was met in, replays included."""
    runs: int = 0
    """Runs it failed in."""
    latest: str = ""
    """The latest run's result: `new`, `met again`, `still failing`, `fixed`, `skipped`."""
    latest_when: str = ""


@dataclass
class Database:
    folder: Path
    stored: dict[str, Stored] = field(default_factory=dict)
    seen: dict[str, Seen] = field(default_factory=dict)

    def find(self, finding: Mapping[str, Any]) -> Stored | None:
        return self.stored.get(finding_id(identity(finding)))


# ----- reading -------------------------------------------------------------------------


def _text(path: Path) -> str:
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MOST_BYTES + 1)
    except OSError as error:
        raise DbError(f"{path}: cannot read: {error.strerror or error}") from None
    if len(raw) > MOST_BYTES:
        raise DbError(f"{path}: larger than {MOST_BYTES // 2**20} MB: not a database file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DbError(f"{path}: not UTF-8 text (byte {error.start})") from None


def _toml(path: Path, text: str, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DbError(f"{path}: not {what}: {' '.join(str(error).split())[:200]}") from None


def _need(path: Path, data: Mapping[str, Any], fields: Mapping[str, type], what: str) -> None:
    for name, kind in fields.items():
        if not isinstance(data.get(name), kind):
            raise DbError(f"{path}: not {what}: no {name!r} ({kind.__name__})")


_FINDING: Final = {"signature": str, "rule": str, "kind": str, "status": str, "seed": int,
                   "trial": int, "first_seen": str}  # fmt: skip
_RUN: Final = {"run": str, "when": str}
_SIGHTING: Final = {"id": str, "result": str, "trials": int}


def read_finding(path: Path) -> Stored:
    text = _text(path)
    lines = text.splitlines()
    if MARK not in lines:
        raise DbError(f"{path}: not a finding of the database (no {MARK!r} line)")
    block = lines[lines.index(MARK) + 1 :]
    if any(line and not line.startswith("#") for line in block):
        raise DbError(f"{path}: not a finding of the database: a line after {MARK!r} is no comment")
    meta = _toml(path, "\n".join(line[2:] for line in block), "a finding of the database")
    _need(path, meta, _FINDING, "a finding of the database")
    found = finding_id(identity(meta))
    if found != path.stem:
        raise DbError(f"{path}: its signature names the file {found}.badugi: renamed or edited")
    return Stored(path.stem, path, meta)


def _merge_run(db: Database, path: Path) -> None:
    what = "a run of the findings database"
    data = _toml(path, _text(path), what)
    _need(path, data, _RUN, what)
    sightings = data.get("finding", [])
    if not isinstance(sightings, list):
        raise DbError(f"{path}: not {what}: 'finding' is not a list of tables")
    when = data["when"]
    counted: set[str] = set()
    for index, sighting in enumerate(sightings):
        if not isinstance(sighting, dict):
            raise DbError(f"{path}: not {what}: finding {index + 1} is not a table")
        _need(path, sighting, _SIGHTING, f"{what} (finding {index + 1})")
        seen = db.seen.setdefault(sighting["id"], Seen())
        if sighting["trials"] > 0:
            seen.runs += sighting["id"] not in counted
            counted.add(sighting["id"])
            seen.trials += sighting["trials"]
            seen.first = min(seen.first or when, when)
            seen.last = max(seen.last, when)
        if when >= seen.latest_when:
            seen.latest, seen.latest_when = sighting["result"], when


def open_db(folder: str | os.PathLike[str]) -> Database:
    """The database in `folder` (empty if it does not exist yet): every finding, and the
    sightings of every run merged. `DbError`, naming the file, at the first bad one."""
    db = Database(Path(folder))
    if not db.folder.exists():
        return db
    if not db.folder.is_dir():
        raise DbError(f"--db {folder}: is a file, not a folder")
    for path in sorted(db.folder.glob("*.badugi")):
        stored = read_finding(path)
        db.stored[stored.id] = stored
    runs = db.folder / RUNS
    if runs.is_dir():
        for path in sorted(runs.glob("*.toml")):
            _merge_run(db, path)
    return db


# ----- writing -------------------------------------------------------------------------


def toml_value(value: Any) -> str:
    """`value` as TOML: a string, a whole number, a boolean, a list or a table of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON's string escapes are TOML's; a lone surrogate and DEL are not allowed raw.
        clean = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return json.dumps(clean, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        items = ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + items + "}"
    raise TypeError(f"not TOML: {value!r}")


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else toml_value(name)


def _exclusive(path: Path, payload: bytes) -> bool:
    """`path` made whole with `payload` unless it exists (False then): a temporary file
    linked to its name, so no reader ever sees part of it, and of two writers one wins."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, outputs._mode_of(path))
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def add(
    db: Database,
    finding: Mapping[str, Any],
    *,
    command: str,
    implementation: Mapping[str, Any],
    when: str,
) -> tuple[Stored, bool]:
    """The stored finding `finding` (a `fuzz` report's) is, and whether it is new: a
    finding that shrank to a stored one's difference is that one."""
    known = db.find(finding)
    if known is not None:
        return known, False
    mark = identity(finding)
    meta = {
        "signature": mark,
        "rule": finding["rule"],
        "kind": finding["kind"],
        "status": finding["status"],
        "seed": finding["seed"],
        "trial": finding["trial"],
        "address": f"--hand {finding['seed']}:{finding['trial']}",
        "command": command,
        "implementation": dict(implementation),
        "first_seen": when,
    }
    block = "\n".join(f"# {name} = {toml_value(value)}" for name, value in meta.items())
    scenario = str(finding["scenario"])
    text = f"{scenario.rstrip(chr(10))}\n{MARK}\n{block}\n"
    stored = Stored(finding_id(mark), db.folder / f"{finding_id(mark)}.badugi", meta)
    try:
        db.folder.mkdir(parents=True, exist_ok=True)
        made = _exclusive(stored.path, text.encode("utf-8", "backslashreplace"))
    except OSError as error:
        raise DbError(
            f"--db {stored.path}: cannot be written ({error.strerror or error})"
        ) from None
    if not made:  # another process stored it a moment ago: it is that one
        stored = read_finding(stored.path)
    db.stored[stored.id] = stored
    return stored, made


def write_run(
    db: Database,
    sightings: Sequence[Mapping[str, Any]],
    *,
    command: str,
    implementation: Mapping[str, Any],
    when: str,
) -> Path | None:
    """This run's sightings, as a file of its own in `runs/` (none when it met nothing)."""
    if not sightings:
        return None
    host = _SLUG.sub("-", socket.gethostname().lower()).strip("-")[:30] or "host"
    stamp = when.replace("-", "").replace(":", "")
    run = f"{stamp}-{host}-{os.getpid()}-{secrets.token_hex(4)}"
    lines = [
        "# badugi-spec findings database 1: what one fuzz run met",
        f"run = {toml_value(run)}",
        f"when = {toml_value(when)}",
        f"command = {toml_value(command)}",
        f"implementation = {toml_value(dict(implementation))}",
    ]
    for sighting in sightings:
        lines += ["", "[[finding]]"]
        lines += [f"{name} = {toml_value(value)}" for name, value in sighting.items()]
    path = db.folder / RUNS / f"{run}.toml"
    try:
        outputs.write(path, "\n".join(lines) + "\n")
    except OSError as error:
        raise DbError(f"--db {path}: cannot be written ({error.strerror or error})") from None
    counted: set[str] = set()
    for sighting in sightings:
        seen = db.seen.setdefault(str(sighting["id"]), Seen())
        if int(sighting["trials"]) > 0:
            seen.runs += str(sighting["id"]) not in counted
            counted.add(str(sighting["id"]))
            seen.trials += int(sighting["trials"])
            seen.first = min(seen.first or when, when)
            seen.last = max(seen.last, when)
        seen.latest, seen.latest_when = str(sighting["result"]), when
    return path


__all__ = [
    "MARK", "RUNS", "STORED", "Database", "DbError", "Seen", "Stored", "add", "finding_id",
    "identity", "now", "open_db", "read_finding", "toml_value", "write_run",
]  # fmt: skip
