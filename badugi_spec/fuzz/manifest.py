"""A campaign's manifest: what a shard's report must share with the others to be merged.

Trial `n` of a seed is the same trial in any shard, but only under the same options, the
same engine and the same implementation: a shard run under another profile, another
`--seats`, another badugi-spec or against another build plays other trials, or judges them
otherwise, and its report mixed into a campaign's would be silently wrong. So each report
carries the versions, the implementation's `hello` answer, every option that changes which
trials run or how they are judged, the seed, the shard and the trials run, as ranges;
`fuzz-merge` refuses reports whose manifests differ anywhere but in the shard and the
ranges, naming the field (`differs`), and lists what no report holds (`gaps`).

`ranges` are of the campaign's trial numbers, within the slices a report holds:
`[[0, 199]]` for shard 2/4 means it played every trial `n` from 0 to 199 with `n % 4 == 1`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import badugi_spec
from badugi_spec.scenario.suite import installed_suite

OWN: Final = frozenset({"shard", "ranges", "placed_by"})
"""A shard's own fields: every other field must be the same in every shard."""


def suite_version() -> str:
    """The installed suite's version (`suite.toml`), or `?` when it cannot be read."""
    try:
        data = tomllib.loads((installed_suite() / "suite.toml").read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return "?"
    version = data.get("version")
    return version if isinstance(version, str) else "?"


def hello_of(impl: Any) -> dict[str, Any]:
    """What the implementation said of itself in its `hello` (name, version, protocol,
    capabilities, profiles, rankings), as the client read it."""
    profiles = getattr(impl, "profiles", ())
    rankings = getattr(impl, "rankings", None)
    return {
        "name": str(getattr(impl, "name", "?")),
        "version": str(getattr(impl, "version", "")),
        "protocol": int(getattr(impl, "protocol", 1)),
        "capabilities": sorted(impl.capabilities()),
        "profiles": profiles if isinstance(profiles, str) else sorted(profiles),
        "rankings": None if rankings is None else sorted(rankings),
    }


def make(
    *, hello: dict[str, Any], options: dict[str, Any], seed: int, shard: tuple[int, int],
    numbers: Iterable[int], placed_by: str = "",
) -> dict[str, Any]:  # fmt: skip
    """The manifest of one run: `options` are those that change the trials or the judging."""
    k, n = shard
    made: dict[str, Any] = {
        "badugi-spec": badugi_spec.__version__,
        "suite": suite_version(),
        "protocol": hello["protocol"],
        "hello": hello,
        "seed": seed,
        **options,
        "shard": f"{k}/{n}",
        "ranges": ranges(numbers, {k}, n),
    }
    if placed_by:
        made["placed_by"] = placed_by
    return made


def ranges(numbers: Iterable[int], held: Collection[int], total: int) -> list[list[int]]:
    """The trial numbers as runs `[first, last]`: a run goes on while each next number of
    the slices `held` (of `total`) was played."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == _after(runs[-1][1], held, total):
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return runs


def _after(number: int, held: Collection[int], total: int) -> int:
    """The next trial number after `number` in one of the slices `held`."""
    following = number + 1
    while (following % total) + 1 not in held:
        following += 1
    return following


def differs(first: dict[str, Any], other: dict[str, Any]) -> tuple[str, Any, Any] | None:
    """The first field, outside a shard's own, in which two manifests differ."""
    for key in [*first, *(k for k in other if k not in first)]:
        if key in OWN or first.get(key) == other.get(key):
            continue
        mine, theirs = first.get(key), other.get(key)
        if isinstance(mine, dict) and isinstance(theirs, dict):
            inner = differs(mine, theirs)
            if inner is not None:
                return (f"{key}.{inner[0]}", inner[1], inner[2])
        return (key, mine, theirs)
    return None


@dataclass(frozen=True)
class Gap:
    """What a campaign's reports lack: a whole shard (`ranges` empty), or ranges of it."""

    shard: str
    ranges: list[list[int]]


def gaps(reports: Sequence[dict[str, Any]], total: int, hands: int | None) -> list[Gap]:
    """Each shard of `total` no report holds, and, when the campaign has a number of trials
    (`hands`; not under `--seconds`, which ends where the time does), each run of trials
    of a held shard that no report played (an interrupted shard)."""
    held: dict[int, set[int]] = {}
    for report in reports:
        parts, _, _ = report["shard"].partition("/")
        for k in parts.split("+"):
            held.setdefault(int(k), set()).update(report["trials"])
    found: list[Gap] = []
    for k in range(1, total + 1):
        if k not in held:
            found.append(Gap(f"{k}/{total}", []))
        elif hands is not None:
            lost = [n for n in range(k - 1, hands, total) if n not in held[k]]
            if lost:
                found.append(Gap(f"{k}/{total}", ranges(lost, {k}, total)))
    return found


def spelled(runs: Sequence[Sequence[int]]) -> str:
    """`0-199,300-399`: ranges as `--range` reads them."""
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in runs)


__all__ = ["OWN", "Gap", "differs", "gaps", "hello_of", "make", "ranges", "spelled"]
