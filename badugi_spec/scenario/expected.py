"""Expected failures: `verify --expect FILE`, and `--update-expect` to write it.

The file is TOML, one `[[fail]]` table per case an engine is known to fail today:

    [[fail]]
    case = "uncovered-chip-goes-back"
    variant = "rotated-1"          # optional: one variant only
    reason = "we settle the side pot before the return"
    link = "https://example.org/engine/issues/12"   # optional

A listed case that fails (or errors) is an *expected failure* and does not fail the run; a
listed case that passes is an *unexpected pass* and does, so the list never goes stale. An
entry naming no case of the suite is an error, located at its line.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError
from badugi_spec.outputs import write
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.variants import variant_id

XFAILED: Final = "xfailed"
XPASSED: Final = "xpassed"
_KEYS: Final = {"case", "variant", "reason", "link"}
HEADER: Final = (
    "# Cases this implementation is known to fail (badugi-spec verify --expect).\n"
    "# An expected failure does not fail the run; an unexpected pass does: remove its entry.\n"
    "# `verify --expect THIS --update-expect` rewrites it, keeping the reasons written.\n"
)


class ExpectError(BadugiError):
    """An expectation file that cannot be used: one located line."""


@dataclass(frozen=True, slots=True)
class Expected:
    case: str
    variant: str = ""
    reason: str = ""
    link: str = ""
    line: int = 0

    @property
    def id(self) -> str:
        """The result id it stands for: `case` or `case [variant]`."""
        return variant_id(self.case, self.variant) if self.variant else self.case


def _line_of(text: str, case: str, nth: int) -> int:
    """The line of the `nth` `case = "..."` naming `case` (tomllib gives no lines)."""
    seen = 0
    for number, line in enumerate(text.splitlines(), 1):
        key, _, value = line.partition("=")
        if key.strip() == "case" and value.strip().strip("\"'") == case:
            if seen == nth:
                return number
            seen += 1
    return 0


def load(path: Path, known: Iterable[str]) -> list[Expected]:
    """The entries of `path`; every entry must name a case of `known` (ids)."""
    where = str(path)
    try:
        text = path.read_text("utf-8")
    except OSError as error:
        raise ExpectError(f"--expect {where}: cannot read ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise ExpectError(f"--expect {where}: not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ExpectError(f"{where}: not TOML: {error}") from None
    extra = sorted(set(data) - {"fail"})
    if extra:
        raise ExpectError(f"{where}: unknown table {extra[0]!r}; entries are [[fail]] tables")
    entries = data.get("fail", [])
    if not isinstance(entries, list):
        raise ExpectError(f"{where}: `fail` must be an array of tables ([[fail]])")
    names = set(known)
    seen: dict[str, int] = {}
    found: list[Expected] = []
    for index, entry in enumerate(entries, 1):
        found.append(_entry(where, text, index, entry, names, seen))
    return found


def _entry(
    where: str, text: str, index: int, entry: Any, names: set[str], seen: dict[str, int]
) -> Expected:
    if not isinstance(entry, dict) or not isinstance(entry.get("case"), str):
        raise ExpectError(f'{where}: entry {index} has no `case = "id"`')
    case = entry["case"]
    nth = sum(1 for key in seen if key.split(" [")[0] == case)
    line = _line_of(text, case, nth)
    at = f"{where}:{line}" if line else f"{where}: entry {index}"
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise ExpectError(f"{at}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(_KEYS))})")
    if not all(isinstance(value, str) for value in entry.values()):
        raise ExpectError(f"{at}: every value is a string")
    made = Expected(
        case, entry.get("variant", ""), entry.get("reason", ""), entry.get("link", ""), line
    )
    if case not in names:
        raise ExpectError(f"{at}: no case {case!r} in the suite; remove the entry")
    if made.id in seen:
        raise ExpectError(f"{at}: {made.id!r} is listed twice (also line {seen[made.id]})")
    seen[made.id] = line
    return made


def apply(results: Sequence[CaseResult], expected: Sequence[Expected]) -> None:
    """Mark the expected failures and the unexpected passes among `results`, in place."""
    by_id = {entry.id: entry for entry in expected}
    for result in results:
        entry = by_id.get(result.id)
        if entry is None:
            continue
        result.expected = entry.reason or "listed as expected to fail"
        result.expected_link = entry.link
        if result.status in ("failed", "errored"):
            result.status = XFAILED
        elif result.status == "passed":
            result.status = XPASSED


def updated(results: Sequence[CaseResult], old: Sequence[Expected]) -> list[Expected]:
    """Today's failures as entries: the reasons already written kept, the entries of cases
    not run this time kept as they were, those that now pass dropped."""
    ran = {result.id: result for result in results if result.status != "skipped"}
    kept = {entry.id: entry for entry in old}
    fresh: dict[str, Expected] = {
        entry.id: entry for entry in old if entry.id not in ran
    }  # not run today: nothing says they pass
    for result in results:
        if result.status not in ("failed", "errored", XFAILED):
            continue
        before = kept.get(result.id)
        case, _, rest = result.id.partition(" [")
        variant = rest[:-1] if rest else ""
        reason = before.reason if before and before.reason else _why(result)
        fresh[result.id] = Expected(case, variant, reason, before.link if before else "")
    return sorted(fresh.values(), key=lambda e: (e.case, e.variant))


def _why(result: CaseResult) -> str:
    d = result.divergence
    if d is not None:
        return f"line {d.line}: expected {d.expected}, got {d.actual}"[:200]
    first = result.message.splitlines()[0] if result.message else result.status
    return first[:200]


def render(entries: Sequence[Expected]) -> str:
    """The file's text: JSON strings are valid TOML basic strings."""
    blocks = [HEADER]
    for entry in entries:
        lines = ["[[fail]]", f"case = {json.dumps(entry.case, ensure_ascii=False)}"]
        for key in ("variant", "reason", "link"):
            value = getattr(entry, key)
            if value:
                lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def save(path: Path, entries: Sequence[Expected]) -> None:
    write(path, render(entries))
