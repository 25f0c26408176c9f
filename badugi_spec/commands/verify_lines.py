"""The lines `verify` prints about what it did not run: the skips in one line, `--list`,
and the count of variants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from badugi_spec.scenario.engine_impl import Implementation
from badugi_spec.scenario.report import safe
from badugi_spec.scenario.runner import CaseResult, plays
from badugi_spec.scenario.suite import Planned


def skipped_summary(results: Sequence[CaseResult], *, verbose: bool) -> str:
    """The skipped cases in one line, counted by reason (each listed only with `-v`)."""
    reasons = Counter(r.message or "no reason given" for r in results if r.status == "skipped")
    if not reasons:
        return ""
    parts = "; ".join(f"{count} {reason}" for reason, count in reasons.most_common())
    listed = "" if verbose else " (-v lists them)"
    return safe(f"skipped {reasons.total()} cases: {parts}{listed}")


def _would_skip(impl: Implementation | None, item: Planned) -> str:
    """Why `item` would be skipped as a whole by `impl`, or "" (a partial run is a run)."""
    case = item.case
    if impl is None or case is None:
        return ""
    capabilities = impl.capabilities()
    checks_run = bool(case["checks"]) and bool({"evaluate", "compare"} & capabilities)
    if not case["hands"] or checks_run:
        return (
            ""
            if checks_run or not case["checks"]
            else "the implementation lacks evaluate and compare"
        )
    if "play" not in capabilities:
        return "the implementation lacks play"
    profile = case.get("profile", {}).get("name", "house")
    if not plays(impl, profile):
        return f"the implementation does not play profile {profile} (R8.1)"
    return ""


def list_run(
    planned: Sequence[Planned], left_out: dict[str, str], impl: Implementation | None
) -> int:
    """`--list`: each case that would run, then each that would not, with why."""
    skipped: list[tuple[str, str]] = []
    running = 0
    for item in planned:
        case_id = item.case["id"] if item.case else item.scenario.id
        why = _would_skip(impl, item)
        if why:
            skipped.append((case_id, why))
            continue
        running += 1
        rules = " ".join(item.scenario.rules)
        print(safe(f"run  {case_id}  {item.scenario.title!r}  ({rules})"))
    skipped += list(left_out.items())
    for case_id, why in skipped:
        print(safe(f"skip {case_id}: {why}"))
    print(f"{running} cases would run, {len(skipped)} would not")
    return 0


def variant_line(planned: Sequence[Planned]) -> str:
    """How many cases a run with variants made: `314 cases and 1,436 variants (769
    rotated, 345 suits, 322 card-order)`."""
    kinds = Counter(
        "rotated" if item.variant.startswith("rotated") else item.variant
        for item in planned
        if item.variant and item.variant != "variants"
    )
    written = sum(1 for item in planned if not item.variant)
    made = sum(kinds.values())
    detail = ", ".join(f"{count:,} {kind}" for kind, count in kinds.items())
    return f"{written:,} cases and {made:,} variants" + (f" ({detail})" if detail else "")
