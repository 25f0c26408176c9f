"""`fuzz-merge --summary-md FILE`: a merged campaign as Markdown, for a CI job's summary.

GitHub Actions shows the Markdown a step appends to `$GITHUB_STEP_SUMMARY` on the run's
page; GitLab and others take a Markdown file as an artifact. The summary says what was
run (versions, implementation, seed, shards), what it played, each finding with the
`--hand` that replays it, and each missing shard with the command that plays it. Every
text that came from a report or an implementation is escaped for a table cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _cell(value: Any) -> str:
    """One table cell: no line breaks, no `|`, no markup of its own."""
    text = " ".join(str(value).split())
    for char in "\\|*_[]<>`":
        text = text.replace(char, "\\" + char)
    return text


def _code(value: str) -> str:
    """Inline code that survives any backticks in `value`."""
    text = " ".join(value.split()).replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


def markdown(merged: dict[str, Any], missing: Sequence[tuple[str, str]]) -> str:
    """The summary of `merged`; `missing` holds (what is missing, the command that plays it)."""
    made = merged.get("manifest") or {}
    hello = made.get("hello") or {}
    tally = merged["tally"]
    statuses = tally["statuses"]
    findings = merged["findings"]
    never = merged.get("coverage", {}).get("never", [])
    verdict = "incomplete" if missing else ("found divergences" if findings else "passed")
    lines = [
        f"## Fuzz campaign: {_cell(merged['implementation'])}, seed {merged['seed']}: {verdict}",
        "",
        "| | |",
        "|---|---|",
        f"| Shards | {_cell(merged['shard'])} |",
        f"| Trials | {tally['trials']} ({tally['hands']} hands,"
        f" {tally['kinds'].get('values', 0)} of hand values) |",
        f"| Passed, diverged, errored, skipped | {statuses.get('passed', 0)},"
        f" {statuses.get('diverged', 0)}, {statuses.get('errored', 0)},"
        f" {statuses.get('skipped', 0)} |",
        f"| Rules never reached | {len(never)} |",
    ]
    if made:
        lines.append(
            f"| badugi-spec, suite, protocol | {_cell(made.get('badugi-spec', '?'))},"
            f" {_cell(made.get('suite', '?'))}, {_cell(made.get('protocol', '?'))} |"
        )
        lines.append(f"| Implementation's hello | {_cell(hello.get('name', '?'))}"
                     f" {_cell(hello.get('version', ''))} |")  # fmt: skip
        lines.append(f"| Profiles | {_cell(', '.join(made.get('profiles', [])) or 'none')} |")
    if merged.get("command"):
        lines.append(f"| Command | {_code(merged['command'])} |")
    lines += ["", f"### Findings ({len(findings)})", ""]
    if findings:
        lines += ["| Status | Kind | Rule | Replay | Alike | File |", "|---|---|---|---|---|---|"]
        for f in findings:
            replay = _code(f"--hand {f['seed']}:{f['trial']}")
            lines.append(
                f"| {_cell(f['status'])} | {_cell(f['kind'])} | {_cell(f['rule'] or '-')}"
                f" | {replay} | {f['repeats']} | {_cell(f['file'] or 'not written')} |"
            )
    else:
        lines.append("None.")
    if missing:
        lines += ["", f"### Missing ({len(missing)})", ""]
        lines += [f"- {_cell(what)}: {_code(command)}" for what, command in missing]
    return "\n".join(lines) + "\n"


__all__ = ["markdown"]
