"""The suite's own version: `suite.toml` (written by hand), `suite-lock.json` (generated).

The suite version moves apart from the package's and the protocol's: it changes when cases
are added or their expectations change. `suite.toml` holds the version being written;
`badugi-spec suite-lock` records, for every case, the version that added it (`added`), the
version that last changed what it expects (`since`) and a digest of that content, and
writes `CHANGELOG.md` from the record. A case the lock does not know yet (one merged from
another branch) counts as the current version's, so `verify` works before the lock is
regenerated; the test that the lock is current says which command regenerates it.

The digest covers what a case asks and expects, not where it stands: the file, the lines,
the title and the tags are left out, so moving a case or rewording its story changes
nothing.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.model import Scenario

VERSION_FILE: Final = "suite.toml"
LOCK_FILE: Final = "suite-lock.json"
CHANGELOG: Final = "CHANGELOG.md"
REGENERATE: Final = "`make suite-lock` (`badugi-spec suite-lock`)"
_PLACE: Final = frozenset({"file", "line", "column", "title", "tags"})


class VersionError(BadugiError):
    """A suite version that cannot be read or is not known."""


def key(version: str) -> tuple[int, ...]:
    """`1.10` after `1.9`: versions compare by their numbers."""
    try:
        return tuple(int(part) for part in version.split("."))
    except ValueError:
        raise VersionError(f"suite version {version!r}: expected numbers like 1.2") from None


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in _PLACE}
    if isinstance(value, list):
        return [_strip(item) for item in value]
    return value


def digest(scenario: Scenario) -> str:
    """What the case asks and expects, as `sha256:` and 16 hex digits."""
    content = json.dumps(_strip(compile_case(scenario)), sort_keys=True, ensure_ascii=False)
    return "sha256:" + hashlib.sha256(content.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Entry:
    added: str
    since: str
    digest: str


@dataclass
class SuiteVersion:
    """The version of the suite in a folder, and what its lock records."""

    root: Path
    version: str
    cases: dict[str, Entry] = field(default_factory=dict)
    removed: dict[str, tuple[str, str]] = field(default_factory=dict)
    """The cases gone: (the version that added it, the version that removed it)."""

    def since(self, case_id: str) -> str:
        """The version that last changed `case_id`: the current one if not yet recorded."""
        entry = self.cases.get(case_id)
        return entry.since if entry else self.version

    def versions(self) -> list[str]:
        found = {self.version, *(e.added for e in self.cases.values())}
        found |= {e.since for e in self.cases.values()}
        found |= {version for pair in self.removed.values() for version in pair}
        return sorted(found, key=key)

    def left_out_at(self, scenarios: Sequence[Scenario], pinned: str) -> dict[str, str]:
        """The cases that were not in the suite at `pinned` as they are now, with why."""
        if pinned not in self.versions():
            known = ", ".join(self.versions())
            raise VersionError(f"--suite-version {pinned}: no such suite version ({known})")
        out: dict[str, str] = {}
        for scenario in scenarios:
            entry = self.cases.get(scenario.id)
            added = entry.added if entry else self.version
            since = entry.since if entry else self.version
            if key(added) > key(pinned):
                out[scenario.id] = f"added in suite {added}, after {pinned}"
            elif key(since) > key(pinned):
                out[scenario.id] = f"changed in suite {since}, after {pinned}"
        return out


def find(paths: Sequence[str]) -> SuiteVersion | None:
    """The versioned suite the run's paths are in (a `suite.toml` in a path or above it)."""
    for given in paths:
        here = Path(given).resolve()
        for folder in (here, *here.parents):
            if (folder / VERSION_FILE).is_file():
                return read(folder)
    return None


def read(root: Path) -> SuiteVersion:
    try:
        data = tomllib.loads((root / VERSION_FILE).read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise VersionError(f"{root / VERSION_FILE}: {error}") from None
    version = data.get("version")
    if not isinstance(version, str):
        raise VersionError(f'{root / VERSION_FILE}: needs version = "1.0"')
    key(version)
    found = SuiteVersion(root, version)
    lock = root / LOCK_FILE
    if lock.is_file():
        recorded = json.loads(lock.read_text("utf-8"))
        found.cases = {
            case: Entry(item["added"], item["since"], item["digest"])
            for case, item in recorded.get("cases", {}).items()
        }
        found.removed = {
            case: (item["added"], item["removed"])
            for case, item in recorded.get("removed", {}).items()
        }
    return found


def relock(current: SuiteVersion, scenarios: Sequence[Scenario]) -> SuiteVersion:
    """The record after this version's changes: new cases added now, changed ones since
    now, the others as they were, and the cases gone marked removed."""
    made = SuiteVersion(current.root, current.version, removed=dict(current.removed))
    for scenario in sorted(scenarios, key=lambda s: s.id):
        now = digest(scenario)
        old = current.cases.get(scenario.id)
        if old is None:
            made.cases[scenario.id] = Entry(current.version, current.version, now)
        elif old.digest != now:
            made.cases[scenario.id] = Entry(old.added, current.version, now)
        else:
            made.cases[scenario.id] = old
        made.removed.pop(scenario.id, None)
    for gone in set(current.cases) - set(made.cases):
        made.removed[gone] = (current.cases[gone].added, current.version)
    return made


def lock_text(made: SuiteVersion) -> str:
    """JSON with one line per case, sorted: branches adding cases merge line by line (and a
    conflict is settled by regenerating)."""

    def rows(items: dict[str, Any]) -> str:
        lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(items.items())]
        return "{\n" + ",\n".join(lines) + "\n }" if lines else "{}"

    cases = {
        c: {"added": e.added, "since": e.since, "digest": e.digest} for c, e in made.cases.items()
    }
    removed = {c: {"added": a, "removed": r} for c, (a, r) in made.removed.items()}
    return (
        f'{{\n "version": {json.dumps(made.version)},\n "cases": {rows(cases)},\n'
        f' "removed": {rows(removed)}\n}}\n'
    )


def changelog_text(made: SuiteVersion) -> str:
    """The cases added, changed and removed in each version, newest first."""
    lines = [
        "# Changes to the conformance suite",
        "",
        f"Generated from `{LOCK_FILE}` by {REGENERATE}; not edited by hand. The suite",
        "version is apart from the package's and the protocol's: pin it with",
        "`badugi-spec verify --suite-version V` to run the suite as it was at V.",
    ]
    for version in reversed(made.versions()):
        added = sorted(
            [c for c, e in made.cases.items() if e.added == version]
            + [c for c, (a, _) in made.removed.items() if a == version]
        )
        changed = sorted(
            c for c, e in made.cases.items() if e.since == version and e.added != version
        )
        removed = sorted(c for c, (_, r) in made.removed.items() if r == version)
        lines += ["", f"## {version}", ""]
        for what, ids in (("added", added), ("changed", changed), ("removed", removed)):
            if ids:
                lines.append(f"- {len(ids)} {what}: " + ", ".join(f"`{i}`" for i in ids))
        if not (added or changed or removed):
            lines.append("- no case added, changed or removed")
    return "\n".join(lines) + "\n"


def suite_digest(made: SuiteVersion) -> str:
    """One digest of every case's: two suites with it ask and expect the same."""
    joined = "\n".join(f"{case} {e.digest}" for case, e in sorted(made.cases.items()))
    return "sha256:" + hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]
