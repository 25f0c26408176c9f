"""A fuzzing campaign: numbered trials against an implementation, and what they found.

Trial `n` of seed `s` is made from its own random stream (`choices.trial_random`), so it
is the same trial whichever shard, worker or run plays it. Each trial is written as a
scenario (`game`) and run by `verify`'s own runner against the implementation; the first
divergence of each kind (its rule and what differed) is shrunk (`shrink`) and written as a
`.badugi` file that passes against our engine and fails against theirs at that line.
Later trials that diverge the same way are counted, not shrunk again: one bug, one file.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.cut import from_hand
from badugi_spec.fuzz.game import play, play_values
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.shrink import BUDGET, Shrinker
from badugi_spec.fuzz.trial import FuzzError, Setting, Trial
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation
from badugi_spec.scenario.runner import CaseResult, Divergence, Runner
from badugi_spec.scenario.variants import variants

VARIANT_SHARE: Final = 8
"""One play trial in this many also runs in its variants (`scenario.variants`)."""
SIBLINGS: Final = 40
"""Trials of the simplest shape a shrink tries before it edits the stream."""
VALUE_SHARE: Final = 4
"""One trial in this many is of hand values, for an implementation that also plays."""
Key = tuple[str, str]
"""A divergence's kind: the rule at play and what differed (`R8.6`, `legal`)."""


@dataclass
class Finding:
    key: Key
    seed: int
    number: int
    text: str
    """The shrunk scenario."""
    divergence: Divergence | None
    status: str = "failed"
    """`failed` (a divergence) or `errored` (the implementation broke)."""
    message: str = ""
    path: str = ""
    original_lines: int = 0
    tried: int = 0
    """Shrink candidates run."""
    repeats: int = 0
    """Later trials that diverged the same way."""
    after: float = 0.0
    """Seconds into the campaign when it was found (before shrinking)."""
    also: list[list[Any]] = field(default_factory=list)
    """[rule, kind, trial] of the kinds that shrank to this one's difference."""
    verified: bool = False
    """Its scenario passes against our engine and fails against the implementation: only
    then is it written to `--out`."""

    @property
    def lines(self) -> int:
        return self.text.count("\n")

    @property
    def signature(self) -> str:
        """What the shrunk divergence differs in, places and amounts aside: `pot: -1`,
        `legal: +raise`. Two findings alike in it are one bug (see `Campaign._found`)."""
        d = self.divergence
        return "" if d is None else signature(self.key[1], d.expected, d.actual)

    def as_json(self) -> dict[str, Any]:
        d = self.divergence
        return {
            "rule": self.key[0],
            "kind": self.key[1],
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
            "scenario": self.text,
        }


@dataclass
class Plan:
    """What a campaign sends: which trials are play and which are values."""

    setting: Setting | None
    """None: the implementation does not play (or plays none of the profiles)."""
    rankings: tuple[str, ...]
    """The rankings of value trials (`house` for the house Badugi); empty: no values."""

    def kind(self, number: int) -> str:
        if self.setting is None:
            return "values"
        if self.rankings and number % VALUE_SHARE == VALUE_SHARE - 1:
            return "values"
        return "play"

    def trial(
        self, seed: int, number: int, prefix: list[int] | None = None
    ) -> tuple[Trial, Choices]:
        choices = Choices(trial_random(seed, number)) if prefix is None else Choices(None, prefix)
        if self.kind(number) == "values":
            return play_values(choices, self.rankings, seed=seed, number=number), choices
        assert self.setting is not None
        return play(choices, self.setting, seed=seed, number=number), choices


@dataclass
class Tally:
    trials: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "trials": self.trials,
            "hands": self.hands,
            "statuses": dict(self.statuses),
            "kinds": dict(self.kinds),
            "seconds": round(self.seconds, 3),
        }


class Campaign:
    def __init__(
        self,
        impl: Implementation,
        plan: Plan,
        *,
        seed: int,
        out: Path | None,
        budget: int = BUDGET,
        implementation: str = "",
        deadline: float | None = None,
        with_variants: bool = True,
    ) -> None:
        self.impl = impl
        self.variants = with_variants
        self.plan = plan
        self.seed = seed
        self.out = out
        self.budget = budget
        self.deadline = deadline
        self.implementation = implementation or getattr(impl, "name", "?")
        self.findings: dict[Key, Finding] = {}
        self.aliases: dict[Key, Key] = {}
        self.played: list[int] = []
        """The trial numbers started, in order (a trial cut short by Ctrl-C included)."""
        self.unplayable: dict[str, int] = {}
        """Why our own engine could not play a trial, with the first trial it stopped."""
        """Keys whose shrunk divergence turned out the same as an earlier finding's."""
        self.tally = Tally()
        self.on_finding: Callable[[Finding], None] = lambda finding: None
        self.started = time.monotonic()

    # ----- one trial ---------------------------------------------------------------------

    def run(self, number: int) -> str:
        """Play trial `number` against the implementation; its status."""
        started = time.perf_counter()
        self.played.append(number)
        self.tally.trials += 1
        self.tally.kinds[self.plan.kind(number)] += 1
        try:
            trial, _ = self.plan.trial(self.seed, number)
        except FuzzError as error:
            # A trial our own engine cannot finish (a draw no stub can serve, R4.6): a gap
            # of the generator's, said once in the report, never a traceback.
            self.tally.statuses["skipped"] += 1
            self.unplayable.setdefault(str(error), number)
            return "skipped"
        text, where = trial.render()
        result = self._against(self.impl, text)
        status = result.status
        variant = ""
        if status == "passed":
            failed = self._variant_failure(number, text)
            if failed is not None:
                variant, result = failed
                status = result.status
        self.tally.hands += trial.hands
        self._found_at = time.monotonic() - self.started
        if status == "failed" and result.divergence is not None:
            key = self._key(trial, where, result.divergence, variant)
            key = self.aliases.get(key, key)
            status = "diverged"
            known = self.findings.get(key)
            if known is not None:
                known.repeats += 1
            else:
                first = self._statement(trial, where, result.divergence)
                try:
                    finding = self._shrunk(number, trial, key, first, result.divergence, variant)
                except KeyboardInterrupt:
                    # Stopped while shrinking: the divergence is kept as it was met.
                    finding = Finding(key, self.seed, number, text, result.divergence)
                    finding.original_lines = text.count("\n")
                    finding.message = "not shrunk: the run was interrupted"
                    self._found(finding)
                    self.tally.statuses[status] += 1
                    raise
                self._found(finding)
        elif status == "errored":
            key = ("", "errored")
            known = self.findings.get(key)
            if known is not None:
                known.repeats += 1
            else:
                finding = Finding(key, self.seed, number, text, None, "errored", result.message)
                finding.original_lines = text.count("\n")
                self._found(finding)
        self.tally.statuses[status] += 1
        self.tally.seconds += time.perf_counter() - started
        return status

    def _against(self, impl: Implementation, text: str, variant: str = "") -> CaseResult:
        """`text` run by `verify`'s runner, or its variant `variant` (`rotated-1`, `suits`,
        `card-order`: `scenario.variants`); a variant the trial has not is a pass."""
        case = load(text)
        if variant:
            formed = dict(variants(case)).get(variant)
            if formed is None:
                return CaseResult(case["id"], case["file"], case["line"], [], "passed")
            case = formed
        # One order a line: a fuzzed hand comes in a random order already.
        return Runner(impl, every_order=False, unreported_skips_case=False).run(case)

    def _variant_failure(self, number: int, text: str) -> tuple[str, CaseResult] | None:
        """One trial in `VARIANT_SHARE` also runs in its variants: the first that fails."""
        if not self.variants or number % VARIANT_SHARE or self.plan.kind(number) != "play":
            return None
        for name, case in variants(load(text)):
            result = Runner(self.impl, every_order=False, unreported_skips_case=False).run(case)
            if result.status == "failed" and result.divergence is not None:
                return name, result
        return None

    def _found(self, finding: Finding) -> None:
        finding.after = self._found_at
        same = next(
            (f for f in self.findings.values() if f.signature and f.signature == finding.signature),
            None,
        )
        if same is not None:
            # Shrunk, it differs just as an earlier finding does: the same bug met by
            # another rule's path (the rule at play is only our best reading).
            same.repeats += 1
            same.also.append([*finding.key, finding.number])
            self.aliases[finding.key] = same.key
            return
        self.findings[finding.key] = finding
        if self.out is not None and finding.verified:
            finding.path = str(write(self.out, finding.seed, finding.number, finding.text))
        self.on_finding(finding)

    # ----- what diverged -----------------------------------------------------------------

    @staticmethod
    def _statement(trial: Trial, where: dict[int, list[int]], d: Divergence) -> int:
        """The statement a divergence is at: on its line, the one it quotes."""
        held = where.get(d.line)
        if held:
            for index in held:
                text = trial.statements[index].text
                if text == d.source or d.source.endswith(text) or text.endswith(d.source):
                    return index
            return held[0]
        # A deal's divergence is at the `deck` or `hand` line: the checks after it.
        later = [line for line in where if line > d.line]
        return where[min(later)][0] if later else len(trial.statements) - 1

    def _key(
        self, trial: Trial, where: dict[int, list[int]], d: Divergence, variant: str = ""
    ) -> Key:
        rule, kind = self._kind(trial, where, d)
        return (rule, f"{kind} [{_family(variant)}]") if variant else (rule, kind)

    def _kind(self, trial: Trial, where: dict[int, list[int]], d: Divergence) -> Key:
        index = self._statement(trial, where, d)
        statement = trial.statements[index]
        rule = next((s.rule for s in reversed(trial.statements[: index + 1]) if s.rule), "R2.1")
        if statement.kind == "check":
            return rule, f"{statement.text.split()[0]} {statement.topic}"
        if statement.kind == "expect":
            return rule, _what(statement.text)
        return rule, {"act": "refused", "reject": "accepted or another code"}.get(
            statement.kind, statement.kind
        )

    # ----- shrinking ---------------------------------------------------------------------

    def _shrunk(
        self, number: int, trial: Trial, key: Key, first: int, seen: Divergence, variant: str = ""
    ) -> Finding:
        text = trial.text()
        _, choices = self.plan.trial(self.seed, number)
        stream = list(choices.record)
        best: dict[str, Any] = {}
        wanted = signature(key[1], seen.expected, seen.actual)

        def diverges(candidate: list[int]) -> bool:
            tried, _ = self.plan.trial(self.seed, number, candidate)
            return accepts(tried)

        def accepts(tried: Trial) -> bool:
            rendered, where = tried.render()
            result = self._against(self.impl, rendered, variant)
            d = result.divergence
            if result.status != "failed" or d is None:
                return False
            found = self._key(tried, where, d, variant)
            # The same difference in the same kind of statement is the same divergence,
            # though the rule read at play changed with the edit (the last event before
            # it is only our best reading of which rule is at stake).
            same = (
                found[1] == key[1] and wanted and signature(key[1], d.expected, d.actual) == wanted
            )
            if found != key and not same:
                return False
            best["trial"], best["index"] = tried, self._statement(tried, where, d)
            return True

        best["trial"], best["index"] = trial, first
        # Bounded by its budget of candidates, not by time, so the same on every machine
        # and in every shard; a divergence found just before `--seconds` is still shrunk.
        shrinker = Shrinker(stream, diverges, budget=self.budget)
        shrinker.run(cut=trial.statements[first].drawn, siblings=self._siblings(number, stream))
        if shrinker.best != stream:
            diverges(shrinker.best)  # the best candidate's trial, played once more
        self._cut(best, accepts)
        final: Trial = best["trial"]
        finding = self._written(number, final, best["index"], key, variant)
        finding.original_lines = text.count("\n")
        finding.tried = shrinker.tried
        return finding

    def _cut(self, best: dict[str, Any], accepts: Callable[[Trial], bool]) -> None:
        """The shrunk trial cut to start at the hand it diverges in, if that still diverges
        the same way and our engine passes it (`cut`): the hands before it were kept only
        by the choices they share with it."""
        trial: Trial = best["trial"]
        index: int = best["index"]
        cut = from_hand(trial, trial.statements[index].hand)
        if cut is None or not accepts(cut):
            return
        ours = self._against(EngineImplementation(), cut.text(upto=best["index"]))
        if ours.status != "passed":
            best["trial"], best["index"] = trial, index  # the cut reads a history it lacks

    def _siblings(self, number: int, stream: list[int]) -> Iterator[list[int]]:
        """Other trials like `number` in its profile and kind of session but of the fewest
        seats (two, then three, four); each the stream of a trial drawn at random from a
        seed of its own, so the same on every run."""
        if self.plan.kind(number) != "play" or not stream:
            return
        for index in range(SIBLINGS):
            seats = 0 if index < SIBLINGS // 2 else 1 if index < 3 * SIBLINGS // 4 else 2
            rng = random.Random(f"badugi-fuzz-sibling:{self.seed}:{number}:{index}")
            # The profile and the kind of session kept (a session's bug needs its hands), with
            # its first choices: how many hands, and whether they are played passively.
            choices = Choices(rng, [stream[0], seats, *stream[2:6]])
            assert self.plan.setting is not None
            play(choices, self.plan.setting, seed=self.seed, number=number)
            yield choices.record

    def _written(
        self, number: int, trial: Trial, index: int, key: Key, variant: str = ""
    ) -> Finding:
        """The shrunk trial as the file to write: cut after the divergent statement and
        keeping only that check, if that still diverges the same way (else all checks)."""
        for keep in ({index}, None):
            head = _head(self, number, key, None, variant)
            text = trial.text(upto=index, keep=keep, head=head, rule=key[0])
            result = self._against(self.impl, text, variant)
            if result.status == "failed" and result.divergence is not None:
                head = _head(self, number, key, result.divergence, variant)
                text = trial.text(upto=index, keep=keep, head=head, rule=key[0])
                ours = self._against(EngineImplementation(), text)
                if ours.status != "passed":
                    continue  # never write a scenario our own engine fails
                found = Finding(key, self.seed, number, text, result.divergence)
                found.verified = True
                return found
        text = trial.text()
        return Finding(
            key, self.seed, number, text, self._against(self.impl, text, variant).divergence
        )


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


def _family(variant: str) -> str:
    """`rotated-2` -> `rotated`: a shrunk trial may have fewer players to rotate by."""
    return variant.split("-")[0] if variant.startswith("rotated") else variant


def _what(text: str) -> str:
    """The kind of an `expect` statement: `legal`, `pot`, `has`, `main pot` ..."""
    words = text.split()
    if words[0] in ("main", "side", "session", "show"):
        return " ".join(words[:2])
    if words[0][0].isupper() and len(words) > 1:
        return words[1]
    return words[0]


HEAD_LINES: Final = 5


def _head(
    campaign: Campaign, number: int, key: Key, d: Divergence | None, variant: str = ""
) -> str:
    """The comment a found scenario starts with: where it came from, and what differs.

    Always `HEAD_LINES` lines, so the line numbers it quotes are the file's own."""
    seed = campaign.seed
    at = f"line {d.line}" if d else "line ?"
    expected = d.expected if d else "?"
    actual = d.actual if d else "?"
    return "\n".join(
        [
            f"Found by badugi-spec fuzz --seed {seed} (trial {number}: --hand {seed}:{number}),"
            f" shrunk; {key[1]} at {key[0]}.",
            f"Passes against badugi-spec's engine; against {_one_line(campaign.implementation)}"
            f" it fails at {at}:",
            f"  expected: {_one_line(expected)}",
            f"  actual:   {_one_line(actual)}",
            f"It fails in its {variant} variant: badugi-spec verify --variants --impl CMD FILE"
            " reproduces it."
            if variant
            else "Drop it into your suite: badugi-spec verify --impl CMD FILE reproduces it.",
        ]
    )


def _one_line(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def write(out: Path, seed: int, number: int, text: str) -> Path:
    """`out/fuzz-SEED-TRIAL.badugi`, written whole (a temporary file renamed into place),
    so a run stopped half way never leaves half a scenario."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"fuzz-{seed}-{number}.badugi"
    temporary = out / f".{path.name}.{os.getpid()}.tmp"
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
    return path
