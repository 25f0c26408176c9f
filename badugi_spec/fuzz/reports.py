"""A campaign's JSON report, and merging the reports of shards into one.

A report holds the numbers of the trials played, the tally, the rule coverage (hits per
rule and per waypoint, `coverage`) and every finding with its shrunk scenario, so
`fuzz-merge` can rebuild the findings of the whole campaign: for each kind of divergence,
the finding of the lowest trial number (the one an unsharded run would have found first:
each trial is a function of the seed and its number, `guide`, and shrinking is
deterministic), the others counted as its repeats; the coverage is the shards' added up.
Reports are merged only when their manifests agree (`manifest.differs`: the same versions,
`hello`, options and seed): one that differs is refused, naming the field.
"""

from __future__ import annotations

import json
import os
import stat
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from badugi_spec.errors import BadugiError
from badugi_spec.fuzz import manifest as manifests
from badugi_spec.fuzz import report_shape
from badugi_spec.fuzz.coverage import Coverage

FORMAT: Final = "badugi-spec fuzz report 1"


class ReportError(BadugiError):
    """A file that is not a fuzz report, or reports that cannot be merged."""


def report(
    *,
    implementation: str,
    seed: int,
    shard: tuple[int, int] | str,
    numbers: Sequence[int],
    tally: dict[str, Any],
    findings: Sequence[dict[str, Any]],
    interrupted: bool = False,
    coverage: dict[str, Any] | None = None,
    command: str = "",
    manifest: dict[str, Any] | None = None,
) -> dict[str, Any]:
    more: dict[str, Any] = {"command": command} if command else {}
    if manifest is not None:
        more["manifest"] = manifest
    return {
        "format": FORMAT,
        "implementation": implementation,
        "seed": seed,
        "shard": shard if isinstance(shard, str) else f"{shard[0]}/{shard[1]}",
        "trials": sorted(numbers),
        "tally": tally,
        "findings": sorted(findings, key=lambda f: (f["trial"], f["rule"], f["kind"])),
        "interrupted": interrupted,
        "coverage": coverage or Coverage().as_json(),
        **more,
    }


MOST_BYTES: Final = 256 * 1024 * 1024
"""The largest report read: far above any campaign's (a finding is a few KB)."""


def read(path: str) -> dict[str, Any]:
    """The report at `path`, its shape checked (`report_shape`): one located line if not."""
    try:
        with open(path, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise ReportError(f"{path}: not a file")
            raw = stream.read(MOST_BYTES + 1)
        if len(raw) > MOST_BYTES:
            raise ReportError(f"{path}: larger than {MOST_BYTES // 2**20} MB: not a fuzz report")
        data = json.loads(raw.decode("utf-8"))
    except OSError as error:
        raise ReportError(f"{path}: cannot read: {error.strerror or error}") from None
    except RecursionError:
        raise ReportError(f"{path}: not a fuzz report: JSON nested too deeply") from None
    except ValueError as error:  # UnicodeDecodeError and JSONDecodeError among them
        raise ReportError(f"{path}: not JSON: {' '.join(str(error).split())[:200]}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReportError(f'{path}: not a fuzz report (no "format": {FORMAT!r})')
    try:
        report_shape.check(data)
    except report_shape.ShapeError as bad:
        raise ReportError(f"{path}: a fuzz report's {bad}") from None
    return data


def shards(shard: str) -> tuple[set[int], int]:
    """The slices a report holds, and of how many: `1+3/4` is ({1, 3}, 4)."""
    parts, _, total = shard.partition("/")
    return {int(k) for k in parts.split("+")}, int(total)


def _alike(kept: dict[tuple[str, str], dict[str, Any]], mark: str) -> tuple[str, str] | None:
    if not mark:
        return None
    return next((key for key, finding in kept.items() if finding.get("signature") == mark), None)


def merge(reports: Sequence[dict[str, Any]], *, names: Sequence[str] = ()) -> dict[str, Any]:
    """One report for the shards' trials together."""
    if not reports:
        raise ReportError("nothing to merge")
    counts = {shards(r["shard"])[1] for r in reports}
    if len(counts) > 1:
        splits = " and ".join(f"K/{count}" for count in sorted(counts))
        raise ReportError(f"the reports are slices of different splits: --shard {splits}")
    seeds = {r["seed"] for r in reports}
    if len(seeds) > 1:
        raise ReportError(f"the reports are of different seeds: {sorted(seeds)}")
    names = names or [f"report {i + 1}" for i in range(len(reports))]
    _same_campaign(reports, names)
    numbers: list[int] = []
    for where, r in zip(names, reports, strict=True):
        overlap = set(numbers) & set(r["trials"])
        if overlap:
            raise ReportError(
                f"{where}: trials already in another report (e.g. {min(overlap)}):"
                " the same shard twice?"
            )
        numbers += r["trials"]
    # Kinds one run counted as another's repeat (shrunk to the same difference), with the
    # trial that showed it: the same kind in a later trial of another shard is a repeat.
    aliases = {
        (alias[0], alias[1]): (alias[2], (f["rule"], f["kind"]))
        for r in reports
        for f in r["findings"]
        for alias in f.get("also", [])
    }
    kept: dict[tuple[str, str], dict[str, Any]] = {}
    # In trial order, as one run would have met them: by kind, then by what the shrunk
    # divergence differs in (`finding.signature`).
    for finding in sorted((f for r in reports for f in r["findings"]), key=lambda f: f["trial"]):
        key = (finding["rule"], finding["kind"])
        same = key if key in kept else None
        if same is None and key in aliases and aliases[key][0] < finding["trial"]:
            same = aliases[key][1] if aliases[key][1] in kept else None
        if same is None:
            same = _alike(kept, finding.get("signature", ""))
        if same is not None:
            kept[same]["repeats"] += 1 + finding["repeats"]
        else:
            kept[key] = dict(finding)
    tally: dict[str, Any] = {
        "trials": 0, "hands": 0, "statuses": Counter(), "kinds": Counter(), "guided": 0
    }  # fmt: skip
    seconds = 0.0
    for r in reports:
        tally["trials"] += r["tally"]["trials"]
        tally["hands"] += r["tally"]["hands"]
        tally["guided"] += r["tally"].get("guided", 0)
        tally["statuses"].update(r["tally"]["statuses"])
        tally["kinds"].update(r["tally"]["kinds"])
        seconds = max(seconds, r["tally"]["seconds"])
    tally = {**tally, "statuses": dict(tally["statuses"]), "kinds": dict(tally["kinds"])}
    tally["seconds"] = seconds
    implementations = sorted({r["implementation"] for r in reports})
    shard = _shard(reports)
    return report(
        implementation=" + ".join(implementations),
        seed=reports[0]["seed"],
        shard=shard,
        numbers=numbers,
        tally=tally,
        findings=list(kept.values()),
        interrupted=any(r.get("interrupted") for r in reports),
        coverage=_coverage(reports),
        command=next((r["command"] for r in reports if r.get("command")), ""),
        manifest=resharded(reports[0].get("manifest"), shard, numbers),
    )


def _same_campaign(reports: Sequence[dict[str, Any]], names: Sequence[str]) -> None:
    """Refuse reports of different campaigns: the first field their manifests differ in."""
    first = reports[0].get("manifest")
    for where, r in zip(names[1:], reports[1:], strict=True):
        other = r.get("manifest")
        if (first is None) != (other is None):
            lacking = names[0] if first is None else where
            raise ReportError(
                f"{lacking}: has no manifest (an older badugi-spec's report): run its shard again"
            )
        if first is None or other is None:
            continue
        found = manifests.differs(first, other)
        if found is not None:
            field, mine, theirs = found
            raise ReportError(
                f"{where}: not a shard of {names[0]}'s campaign: {field} differs"
                f" ({_short(theirs)} against {_short(mine)})"
            )


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 60 else text[:59] + "…"


def resharded(
    manifest: dict[str, Any] | None, shard: str, numbers: Sequence[int]
) -> dict[str, Any] | None:
    """A manifest for the slices `shard` holds (`1/1`, `1+3/4`), with their trials' ranges;
    where each part was placed (`placed_by`) is no longer one job's."""
    if manifest is None:
        return None
    held, total = shards(shard)
    made = {k: v for k, v in manifest.items() if k != "placed_by"}
    made["shard"] = shard
    made["ranges"] = manifests.ranges(numbers, held, total)
    return made


def _shard(reports: Sequence[dict[str, Any]]) -> str:
    """`1/1` when the reports hold every slice of their split, else the slices they hold:
    a merge of shard 1 of 2 alone is `1/2`, never the whole campaign."""
    held: set[int] = set()
    total = 1
    for r in reports:
        ks, total = shards(r["shard"])
        held |= ks
    if held == set(range(1, total + 1)):
        return "1/1"
    return "+".join(map(str, sorted(held))) + f"/{total}"


def _coverage(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The shards' hits added up: what the whole campaign reached, and never reached."""
    total = Coverage()
    for r in reports:
        total.merge(r.get("coverage", {}))
    return total.as_json()


__all__ = ["FORMAT", "ReportError", "merge", "read", "report", "resharded", "shards"]
