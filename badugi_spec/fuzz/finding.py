"""A finding: one bug met by a campaign, its shrunk scenario, and how it is written.

A finding is against the implementation (a divergence, or an error: a crash, a timeout,
an internal error, an impossible answer) or against our own engine (a property of its
history broken, `simulation.properties`). Findings alike in their shrunk difference (the
field, its rule and the normalised expected and actual, `signature`) are one bug: one
file, with a count of the trials alike.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from badugi_spec import outputs
from badugi_spec.scenario.runner import Divergence

Key = tuple[str, str]
"""A finding's kind: the rule broken and the field that differs (`R4.4`, `burns`)."""
HEAD_LINES: Final = 5
"""A found scenario's comment is always this many lines: its line numbers are the file's."""


@dataclass
class Finding:
    key: Key
    seed: int
    number: int
    text: str
    """The shrunk scenario."""
    divergence: Divergence | None
    status: str = "failed"
    """`failed` (a divergence), `errored` (the implementation broke) or `engine` (our
    engine broke a property of its own history)."""
    message: str = ""
    path: str = ""
    original_lines: int = 0
    tried: int = 0
    """Shrink candidates run."""
    repeats: int = 0
    """Later trials alike (the same kind, or shrunk to the same difference)."""
    after: float = 0.0
    """Seconds into the campaign when it was found (before shrinking)."""
    also: list[list[Any]] = field(default_factory=list)
    """[rule, kind, trial] of the kinds that shrank to this one's difference."""
    verified: bool = False
    """Its scenario reproduces it (fails or errors against the implementation, passes
    against our engine; for our engine's own finding, shows the broken step): only then is
    it written to `--out`."""
    at_play: str = ""
    """The rule of our engine's last event before the divergence (the old label)."""
    unwritten: str = ""
    """Why its verified scenario is not in `--out` (one line), if it could not be written."""

    @property
    def lines(self) -> int:
        return self.text.count("\n")

    @property
    def signature(self) -> str:
        """What the shrunk finding differs in, places and amounts aside: `pot: -1`,
        `legal: +raise`, `errored: internal error`. Two findings alike in it are one bug."""
        d = self.divergence
        if self.status == "errored":
            return f"errored: {error_class(self.message)}"
        if self.status == "engine":
            return f"engine: {self.key[0]} {self.key[1]}"
        return "" if d is None else signature(self.key[1], d.expected, d.actual)

    def as_json(self) -> dict[str, Any]:
        d = self.divergence
        return {
            "rule": self.key[0],
            "kind": self.key[1],
            "at_play": self.at_play,
            "seed": self.seed,
            "trial": self.number,
            "status": self.status,
            "file": self.path,
            "lines": self.lines,
            "original_lines": self.original_lines,
            "shrink_candidates": self.tried,
            "repeats": self.repeats,
            "found_after": round(self.after, 3),
            "signature": self.signature,
            "also": self.also,
            "verified": self.verified,
            "line": d.line if d else None,
            "source": d.source if d else "",
            "expected": d.expected if d else "",
            "actual": d.actual if d else "",
            "message": self.message,
            "unwritten": self.unwritten,
            "scenario": self.text,
        }


def signature(kind: str, expected: str, actual: str) -> str:
    """`kind`, and how `actual` differs from `expected`: the words only one of them has
    (numbers and names aside), or by how much the one number that differs is off."""
    want, got = expected.split(), actual.split()
    if len(want) == len(got):
        moved = [(a, b) for a, b in zip(want, got, strict=True) if a != b]
        numbers = [(a, b) for a, b in moved if a.strip(",").isdigit() and b.strip(",").isdigit()]
        if len(moved) == len(numbers) == 1:
            a, b = numbers[0]
            return f"{kind}: {int(b.strip(',')) - int(a.strip(',')):+d}"

    def words(text: list[str]) -> set[str]:
        return {w.strip(",;()") for w in text if w.strip(",;()").isalpha() and w[0].islower()}

    extra = sorted(words(got) - words(want))
    missing = sorted(words(want) - words(got))
    if not extra and not missing:
        return ""  # only cards or several amounts differ: nothing to tell two bugs apart by
    return f"{kind}: " + " ".join([*(f"+{w}" for w in extra), *(f"-{w}" for w in missing)])


_VARYING: Final = re.compile(r"\b(?:[2-9TJQKA][cdhs]|\d+(?:\.\d+)?|[A-Z][a-z]+)\b")


def error_class(message: str) -> str:
    """An error's message with cards, numbers and names blanked and its stderr tail cut:
    two trials that break the implementation the same way give the same class."""
    first = message.split(";")[0].split("\n")[0]
    return " ".join(_VARYING.sub("_", first).split())[:120]


def head(
    *,
    seed: int,
    number: int,
    key: Key,
    implementation: str,
    d: Divergence | None,
    variant: str = "",
    error: str = "",
) -> str:
    """The comment a found scenario starts with: where it came from, and what differs or
    which error it gives. Always `HEAD_LINES` lines."""
    found = f"Found by badugi-spec fuzz --seed {seed} (trial {number}: --hand {seed}:{number}),"
    if error:
        return "\n".join(
            [
                f"{found} shrunk; {key[1]}.",
                f"Passes against badugi-spec's engine; {one_line(implementation)} breaks on it:",
                f"  error: {one_line(error)}",
                f"  class: {one_line(error_class(error))}",
                "Drop it into your suite: badugi-spec verify --impl CMD FILE reproduces it.",
            ]
        )
    at = f"line {d.line}" if d else "line ?"
    return "\n".join(
        [
            f"{found} shrunk; {key[1]} at {key[0]}.",
            f"Passes against badugi-spec's engine; against {one_line(implementation)}"
            f" it fails at {at}:",
            f"  expected: {one_line(d.expected if d else '?')}",
            f"  actual:   {one_line(d.actual if d else '?')}",
            f"It fails in its {variant} variant: badugi-spec verify --variants --impl CMD FILE"
            " reproduces it."
            if variant
            else "Drop it into your suite: badugi-spec verify --impl CMD FILE reproduces it.",
        ]
    )


def engine_head(*, seed: int, number: int, key: Key, message: str) -> str:
    return "\n".join(
        [
            f"Found by badugi-spec fuzz --seed {seed} (trial {number}: --hand {seed}:{number}),"
            " shrunk: a finding against badugi-spec's OWN engine.",
            f"Our engine breaks {key[0]} ({key[1]}) in the last hand below:",
            f"  {one_line(message)}",
            "The lines below are what our engine did; the rule says otherwise.",
            "badugi-spec fuzz --hand SEED:N replays the trial.",
        ]
    )


def one_line(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def write(out: Path, seed: int, number: int, text: str, *, force: bool = False) -> Path:
    """`out/fuzz-SEED-TRIAL.badugi`, written whole (`outputs`: a temporary file renamed into
    place, removed on any failure). A file already there with the same text is the same
    finding, kept; another is replaced only with `force`. `OutputError`, one line, when
    it cannot be written (the campaign goes on without it)."""
    path = out / f"fuzz-{seed}-{number}.badugi"
    payload = text.encode("utf-8", "backslashreplace")  # a lone surrogate from a report
    try:
        if path.is_file() and not path.is_symlink() and path.read_bytes() == payload:
            return path
        outputs.refuse_existing(path, option="--out", force=force)
        out.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(path):
            outputs.write(path, payload, make_folders=False)
        else:
            outputs.create(path, payload)
    except OSError as error:
        raise outputs.OutputError(
            f"--out {path}: cannot be written ({error.strerror or error})"
        ) from None
    return path


__all__ = [
    "HEAD_LINES",
    "Finding",
    "Key",
    "engine_head",
    "error_class",
    "head",
    "signature",
    "write",
]
