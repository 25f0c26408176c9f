"""A campaign's JSON report, and merging the reports of shards into one.

A report holds the numbers of the trials played, the tally, the rule coverage (hits per
rule and per waypoint, `coverage`) and every finding with its shrunk scenario, so
`fuzz-merge` can rebuild the findings of the whole campaign: for each kind of divergence,
the finding of the lowest trial number (the one an unsharded run would have found first:
each trial is a function of the seed and its number, `guide`, and shrinking is
deterministic), the others counted as its repeats; the coverage is the shards' added up.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError
from badugi_spec.fuzz.coverage import Coverage

FORMAT: Final = "badugi-spec fuzz report 1"


class ReportError(BadugiError):
    """A file that is not a fuzz report, or reports that cannot be merged."""


def report(
    *,
    implementation: str,
    seed: int,
    shard: tuple[int, int],
    numbers: Sequence[int],
    tally: dict[str, Any],
    findings: Sequence[dict[str, Any]],
    interrupted: bool = False,
    coverage: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "implementation": implementation,
        "seed": seed,
        "shard": f"{shard[0]}/{shard[1]}",
        "trials": sorted(numbers),
        "tally": tally,
        "findings": sorted(findings, key=lambda f: (f["trial"], f["rule"], f["kind"])),
        "interrupted": interrupted,
        "coverage": coverage or Coverage().as_json(),
    }


def read(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ReportError(f"{path}: cannot read: {error.strerror or error}") from None
    except ValueError as error:
        raise ReportError(f"{path}: not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReportError(f'{path}: not a fuzz report (no "format": {FORMAT!r})')
    shapes = {"seed": int, "shard": str, "trials": list, "tally": dict, "findings": list}
    for key, kind in shapes.items():
        if not isinstance(data.get(key), kind):
            raise ReportError(f"{path}: a fuzz report's {key!r} is missing or not {kind.__name__}")
    if not all(isinstance(n, int) for n in data["trials"]) or not all(
        isinstance(f, dict) and isinstance(f.get("trial"), int) for f in data["findings"]
    ):
        raise ReportError(f"{path}: a fuzz report's trials and findings are numbered")
    return data


def _alike(kept: dict[tuple[str, str], dict[str, Any]], mark: str) -> tuple[str, str] | None:
    if not mark:
        return None
    return next((key for key, finding in kept.items() if finding.get("signature") == mark), None)


def merge(reports: Sequence[dict[str, Any]], *, names: Sequence[str] = ()) -> dict[str, Any]:
    """One report for the shards' trials together."""
    if not reports:
        raise ReportError("nothing to merge")
    seeds = {r["seed"] for r in reports}
    if len(seeds) > 1:
        raise ReportError(f"the reports are of different seeds: {sorted(seeds)}")
    numbers: list[int] = []
    for where, r in zip(
        names or [f"report {i + 1}" for i in range(len(reports))], reports, strict=True
    ):
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
    return report(
        implementation=" + ".join(implementations),
        seed=reports[0]["seed"],
        shard=(1, 1),
        numbers=numbers,
        tally=tally,
        findings=list(kept.values()),
        interrupted=any(r.get("interrupted") for r in reports),
        coverage=_coverage(reports),
    )


def _coverage(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The shards' hits added up: what the whole campaign reached, and never reached."""
    total = Coverage()
    for r in reports:
        total.merge(r.get("coverage", {}))
    return total.as_json()


__all__ = ["FORMAT", "ReportError", "merge", "read", "report"]
