"""A fuzzing campaign: numbered trials against an implementation, and what they found.

Trial `n` of seed `s` is made from its own random stream (`choices.trial_random`) and its
lead (`guide`: a corpus entry's stream mutated, and a swarm), both functions of `s` and `n`
alone, so it is the same trial whichever shard, worker or run plays it. Our engine plays
it (`game`); what it reached is counted (`coverage`) and its hands' histories are checked
(`simulation.properties`: a broken property is a finding against our engine). Written as a
scenario, it is run by `verify`'s own runner against the implementation; a divergence or
an error is shrunk (`reduce`) and written as a `.badugi` file. Later trials alike (the same
kind, or shrunk to the same difference) are counted, not shrunk again: one bug, one file.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from badugi_spec.collector import fewer_collections, settled
from badugi_spec.fuzz import answers, coverage, replay, replay_variants
from badugi_spec.fuzz.ahead import Ahead, make
from badugi_spec.fuzz.choices import Choices
from badugi_spec.fuzz.finding import Finding, Key, engine_head, error_class, write
from badugi_spec.fuzz.guide import Guide, Lead
from badugi_spec.fuzz.label import key_of
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.plan import Plan, Tally
from badugi_spec.fuzz.reduce import Reducer
from badugi_spec.fuzz.shrink import BUDGET
from badugi_spec.fuzz.trial import FuzzError, Trial
from badugi_spec.outputs import OutputError
from badugi_spec.scenario.engine_impl import Implementation
from badugi_spec.scenario.runner import CaseResult, Runner
from badugi_spec.scenario.variants import variants

VARIANT_SHARE: Final = 8
"""One play trial in this many also runs in its variants (`scenario.variants`)."""
SHRINK_SHARE: Final = 0.5
"""Under `--seconds`, the most of the time left one shrink may take: the search for new
findings always keeps the rest."""
LONG: Final = 12
"""Hands past which a session is long (the house limit, R6.4)."""
_RULE: Final = re.compile(r"\bR\d+\.\d+\b")
YOUNG: Final = 50_000
"""Objects the collector lets pile up before it looks at the youngest, while a trial is
judged (Python's own is 700). A trial keeps every state of ours it made (a few hundred
dicts and lists a step, `Trial.exchanges`), so the count of objects alive climbs all
through it, and at 700 the collector ran every few steps, its passes over what lives on
(the trial, the corpus, the caches) 1.0 to 1.3 CPU ms of a six-seat hand's 7 to 8
(issue 40); at 50,000 it took 0.3. The young objects are a few megabytes at most."""


def _broken(trial: Trial) -> list[Any]:
    """The properties our engine broke in the trial's hands (`simulation.properties`)."""
    if not trial.played:
        return []
    from badugi_spec.simulation.properties import check_hand

    return [b for hand in trial.played for b in check_hand(hand)]


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
        targets: frozenset[str] = frozenset(),
        guided: bool = True,
        defer_engine: bool = False,
        force: bool = False,
        fast: bool = True,
    ) -> None:
        self.impl, self.plan, self.seed, self.out = impl, plan, seed, out
        self.force = force
        """Replace a different `fuzz-S-N.badugi` already in `out` (`--force`)."""
        self.variants = with_variants
        self.fast = fast
        """Judge a trial from the implementation's answers when they are our engine's
        (`replay`), writing its scenario only when they are not; False: every trial goes
        through its text and `verify`'s runner (the old path, which decides the same)."""
        self.replayed = 0
        """Trials and rotations the fast path passed without their text."""
        self.deadline = deadline
        self.implementation = implementation or getattr(impl, "name", "?")
        self.findings: dict[Key, Finding] = {}
        self.aliases: dict[Key, Key] = {}
        """Kinds whose shrunk difference turned out the same as an earlier finding's."""
        self.played: list[int] = []
        """The trial numbers started, in order (a trial cut short by Ctrl-C included)."""
        self.tally = Tally()
        self.shrink_share = SHRINK_SHARE
        """Of the time left, the most one shrink may take (1.0 when the run stops at its
        first finding: nothing is left to search for)."""
        self.defer_engine = defer_engine
        """Shrink findings against our engine only in `finish` (`fuzz` against another
        implementation); `fuzz-self`, whose findings they all are, shrinks each at once."""
        self.pending: list[tuple[Finding, Trial, list[int], Key]] = []
        self.coverage = coverage.Coverage()
        self.targets = targets
        self.guide = Guide(seed, self._learn, self._singles, targets, on=guided)
        self.guide.profiles = plan.setting.profiles if plan.setting else ()
        self.guide.variants_every = VARIANT_SHARE  # whether run or not: leads stay the same
        self.reducer = Reducer(
            impl, seed=seed, budget=budget, implementation=self.implementation,
            against=self._against, replay=self._replay, deadline=self._shrink_deadline,
            setting=plan.setting,
        )  # fmt: skip
        self.on_finding: Callable[[Finding], None] = lambda finding: None
        self.started = time.monotonic()
        self._found_at = 0.0
        self._matched: Finding | None = None
        self._reached: tuple[Trial, tuple[frozenset[str], frozenset[str]]] | None = None
        """The trial being judged and what it reached (`coverage.reached`)."""
        warm = lambda trial: replay.warm(trial, impl)  # noqa: E731
        post = lambda made: replay.post(impl, made.trial, made.forms) if fast else []  # noqa: E731
        self.ahead = Ahead(self.plan, self.guide, seed, _broken, warm, self._formed, post)
        """The next trials, made while the implementation answers (`run`'s `then`)."""

    # ----- one trial ---------------------------------------------------------------------

    def run(self, number: int, *, then: Sequence[int] = ()) -> str:
        """Play trial `number` against the implementation; its status. `then`: the numbers
        of the trials run next, in order; the first few are made (`ahead`) while the
        implementation answers this one's requests (a process: `replay.passes`'s `idle`),
        so the two processes work at once. They are the same trials made now or later
        (`fuzz.ahead`), so they are never made again, only dropped when the trials run
        next are others (or none: the deadline, `--first`)."""
        started = time.perf_counter()
        judged = sum(self.tally.statuses.values())
        try:
            with fewer_collections(YOUNG):
                try:
                    return self._run(number, started, then)
                finally:
                    # The trial is let go before the collector is put back: its states,
                    # young still, would make the first collection after it a long one.
                    self._reached = None
                    settled()
        except KeyboardInterrupt:
            # Stopped part way (in a shrink, say): the time it took is the run's all the same.
            self.tally.seconds += time.perf_counter() - started
            if sum(self.tally.statuses.values()) == judged and self.played[-1:] == [number]:
                # Cut short before it was judged: not played, so a merge names it missing
                # and the command it prints plays it again.
                self.played.pop()
                self.tally.trials -= 1
                self.tally.kinds[self.plan.kind(number)] -= 1
            raise

    def _run(self, number: int, started: float, then: Sequence[int] = ()) -> str:
        self.played.append(number)
        self.tally.trials += 1
        kind = self.plan.kind(number)
        self.tally.kinds[kind] += 1
        made = self.ahead.take(number)
        if made is None:
            made = make(self.plan, self.guide, self.seed, number)
        elif made.error is not None and not isinstance(made.error, FuzzError):
            raise made.error
        lead, choices = made.lead, made.choices
        self.tally.guided += lead.parent >= 0
        trial = made.trial
        if trial is None:
            assert isinstance(made.error, FuzzError)
            self.guide.offer(number, None, choices.record)
            return self._engine_refused(number, choices.record, made.error, started)
        stream = list(choices.record)
        idle = (lambda until: self.ahead.step(then, until)) if then else None
        # Read once: the guide reads it too when it feeds the trial to the corpus.
        self._reached = (trial, made.reached or coverage.reached(trial))
        if kind == "play":
            self.guide.offer(number, trial, stream)  # (made ahead: offered then already)
        self.coverage.add(self._reached[1])
        broken = _broken(trial) if made.broken is None else made.broken
        if broken:
            self._engine_broke(number, trial, stream, broken)
            return self._done("engine", started)
        result: CaseResult | None = None
        where: dict[int, list[int]] = {}
        lost = None
        try:
            posted = made.posted or [None]
            passed = self.fast and replay.passes(self.impl, trial, idle=idle, posted=posted[0])
        except replay.Unanswered as silent:  # a timeout: judged here; a loss: by its text
            passed, lost = False, silent
            result = None if silent.lost else silent.errored(f"fuzz-{self.seed}-{number}")
        if passed:
            status = "passed"  # every answer ours: no text need be written
            self.replayed += 1
        else:
            if result is None:
                text, where = trial.render()
                result = replay.after_text(lost, self._against(self.impl, text))
            status = result.status
        variant = ""
        if status == "passed":
            failed = self._variant_failure(number, trial, idle, made.forms, posted[1:])
            if failed is not None:
                variant, result = failed
                status = result.status
                where = trial.render()[1]
        self.tally.hands += trial.hands
        self._found_at = time.monotonic() - self.started
        if status == "failed" and result is not None and result.divergence is not None:
            status = "diverged"
            self._diverged(number, trial, stream, where, result, variant)
        elif status == "errored" and result is not None:
            self._errored(number, trial, stream, result.message)
        return self._done(status, started)

    def _done(self, status: str, started: float) -> str:
        self.tally.statuses[status] += 1
        self.tally.seconds += time.perf_counter() - started
        return status

    def _diverged(
        self,
        number: int,
        trial: Trial,
        stream: list[int],
        where: dict[int, list[int]],
        result: CaseResult,
        variant: str,
    ) -> None:
        assert result.divergence is not None
        key, played = key_of(trial, where, result.divergence, variant)
        # The hook of the answers' properties: every state the implementation answered
        # (the runner's trace), so a chip made mid-hand is labelled R5.8 (`answers`).
        across = answers.broken_across(trial, (row.state for row in result.trace))
        key = (across, key[1]) if across else key
        key = self.aliases.get(key, key)
        known = self.findings.get(key)
        if known is not None:
            known.repeats += 1
            return
        try:
            finding = self.reducer.divergence(
                number, trial, stream, key, result.divergence, variant=variant,
                known=self._known,
            )  # fmt: skip
        except KeyboardInterrupt:
            # Stopped while shrinking: the divergence is kept as it was met.
            text = trial.text()
            finding = Finding(key, self.seed, number, text, result.divergence)
            finding.original_lines = text.count("\n")
            finding.message = "not shrunk: the run was interrupted"
            finding.at_play = played
            self._found(finding)
            self.tally.statuses["diverged"] += 1
            raise
        if finding is None:
            self._alike(key, number)
            return
        finding.at_play = played
        self._found(finding)

    def _errored(self, number: int, trial: Trial, stream: list[int], message: str) -> None:
        key: Key = ("", f"errored: {error_class(message)}")
        known = self.findings.get(key)
        if known is not None:
            known.repeats += 1
            return
        self._found(self.reducer.error(number, trial, stream, message))

    def _engine_broke(
        self, number: int, trial: Trial, stream: list[int], broken: list[Any]
    ) -> None:
        first = broken[0]
        key: Key = (first.rule, f"engine: {first.name}")
        if key in self.findings:
            self.findings[key].repeats += 1
            return
        if self.defer_engine:
            # Shrunk in `finish`, after the search: our engine's own bug must not eat the
            # time a campaign against another implementation has for finding its bugs.
            top = engine_head(seed=self.seed, number=number, key=key, message=str(first))
            waiting = Finding(key, self.seed, number, trial.text(head=top), None, "engine")
            waiting.message, waiting.verified = str(first), True
            waiting.original_lines = waiting.lines
            self.pending.append((waiting, trial, stream, (first.rule, first.name)))
            self._found(waiting, write_now=False)
            return
        broke: Key = (first.rule, first.name)
        self._found(self._engine_shrunk(number, trial, stream, broke, key, str(first)))

    def _engine_shrunk(
        self, number: int, trial: Trial, stream: list[int], broken: Key, key: Key, message: str
    ) -> Finding:
        shrunk = self.reducer.engine(number, trial, stream, broken, message, _broken)
        shrunk.key = key
        return shrunk

    def finish(self) -> None:
        """Shrink and write the findings against our engine held back (`defer_engine`),
        within what is left of `--seconds`; one the time does not allow is written whole."""
        for waiting, trial, stream, broken in self.pending:
            if self.deadline is None or time.monotonic() < self.deadline:
                shrunk = self._engine_shrunk(
                    waiting.number, trial, stream, broken, waiting.key, waiting.message
                )
                waiting.text, waiting.tried = shrunk.text, shrunk.tried
                waiting.message = shrunk.message
            else:
                waiting.message += " (not shrunk: the run's time was spent)"
            self._save(waiting)
        self.pending = []

    def _engine_refused(
        self, number: int, stream: list[int], error: FuzzError, started: float
    ) -> str:
        """Our engine refused its own legal step: a finding against our engine."""
        broken = list(getattr(error, "broken", []))
        trial = getattr(error, "trial", None)
        if broken and trial is not None:
            self._engine_broke(number, trial, stream, broken)
            return self._done("engine", started)
        found = _RULE.search(str(error))
        key: Key = (found.group(0) if found else "", f"engine: {error_class(str(error))}")
        if key in self.findings:
            self.findings[key].repeats += 1
        else:
            # No trial to write (our engine stopped part way): the trial number replays it.
            finding = Finding(key, self.seed, number, "", None, "engine", str(error))
            self._found(finding)
        return self._done("engine", started)

    def _singles(self, trial: Trial) -> frozenset[str]:
        """`_singles` of a trial, its coverage read once where the campaign read it."""
        kept = self._reached
        if kept is not None and kept[0] is trial:
            return _singles(trial, kept[1])
        return _singles(trial, self.ahead.reached(trial))

    def _known(self, mark: str) -> bool:
        self._matched = next(
            (f for f in self.findings.values() if mark and f.signature == mark), None
        )
        return self._matched is not None

    def _alike(self, key: Key, number: int) -> None:
        """A divergence that a quick shrink showed to be a known finding's."""
        finding = self._matched
        if finding is not None:
            finding.repeats += 1
            finding.also.append([*key, number])
            self.aliases[key] = finding.key

    def _learn(self, number: int, lead: Lead) -> tuple[Trial, list[int]] | None:
        """Trial `number` on our engine alone, for the corpus (`guide`)."""
        if self.plan.kind(number) != "play":
            return None
        try:
            trial, choices = self.plan.trial(self.seed, number, lead=lead)
        except FuzzError:
            return None
        return trial, list(choices.record)

    def _replay(self, number: int, stream: list[int]) -> Trial:
        return self.plan.played(Choices(None, stream), self.seed, number)

    def _shrink_deadline(self) -> float | None:
        if self.deadline is None:
            return None
        now = time.monotonic()
        return min(self.deadline, now + self.shrink_share * max(0.0, self.deadline - now))

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

    def _formed(self, number: int, trial: Trial) -> list[replay_variants.Form] | None:
        """Trial `number`'s variants formed without its text, if it runs them (`_due`)."""
        if not (self.variants and self.fast and self._due(number)):
            return None
        return replay_variants.forms(trial, replay_variants.rotations(number, trial, VARIANT_SHARE))

    def _due(self, number: int) -> bool:
        return not number % VARIANT_SHARE and self.plan.kind(number) == "play"

    def _variant_failure(
        self, number: int, trial: Trial, idle: replay.Idle = None, formed_ahead: Any = None,
        posted: Sequence[object] = (),
    ) -> tuple[str, CaseResult] | None:  # fmt: skip
        """One trial in `VARIANT_SHARE` also runs in its variants: the first that fails.

        A variant the implementation answers as our engine answered the trial, read as
        the runner reads the variant's lines, passes (`replay_variants`); only the others
        are formed from the trial's text and run, in the text's order. Of the rotations
        it runs those of `replay_variants.rotations`, on both paths."""
        if not self.variants or not self._due(number):
            return None
        turns = replay_variants.rotations(number, trial, VARIANT_SHARE)
        forms = formed_ahead or (replay_variants.forms(trial, turns) if self.fast else None)

        def by_text() -> list[tuple[str, dict[str, Any]]]:
            made = variants(load(trial.text()))
            if turns is None:
                return made
            keep = set(
                replay_variants.kept([n for n, _ in made], number, len(trial.names), VARIANT_SHARE)
            )
            return [(name, case) for name, case in made if name in keep]

        if forms is None:
            return self._variants_by_text(by_text())
        formed: dict[str, dict[str, Any]] | None = None
        tickets = list(posted) + [None] * len(forms)  # (sent ahead with the trial: `Ahead`)
        for form, ticket in zip(forms, tickets, strict=False):
            if replay.passes(self.impl, trial, form, idle=idle, posted=ticket):
                self.replayed += 1
                continue
            if formed is None:
                made = by_text()
                if [name for name, _ in made] != [f.name for f in forms]:
                    # Not the variants formed here (never met: `tests/test_fuzz_fast.py`):
                    # the text's decide, every one of them, as on the old path.
                    return self._variants_by_text(made)
                formed = dict(made)
            failed = self._variant_run(form.name, formed[form.name])
            if failed is not None:
                return failed
        return None

    def _variants_by_text(
        self, formed: list[tuple[str, dict[str, Any]]]
    ) -> tuple[str, CaseResult] | None:
        for name, case in formed:
            failed = self._variant_run(name, case)
            if failed is not None:
                return failed
        return None

    def _variant_run(self, name: str, case: dict[str, Any]) -> tuple[str, CaseResult] | None:
        result = Runner(self.impl, every_order=False, unreported_skips_case=False).run(case)
        if result.status == "failed" and result.divergence is not None:
            return name, result
        return None

    def _found(self, finding: Finding, *, write_now: bool = True) -> None:
        finding.after = self._found_at
        same = next(
            (f for f in self.findings.values() if f.signature and f.signature == finding.signature),
            None,
        )
        if same is not None:
            # Shrunk, it differs just as an earlier finding does: the same bug met by
            # another path.
            same.repeats += 1
            same.also.append([*finding.key, finding.number])
            self.aliases[finding.key] = same.key
            return
        self.findings[finding.key] = finding
        if finding.verified and finding.text and write_now:
            self._save(finding)
        self.on_finding(finding)

    def _save(self, finding: Finding) -> None:
        """Write `finding` to `out`; one that cannot be written says why, and the
        campaign goes on (its scenario is in the report all the same)."""
        if self.out is None:
            return
        try:
            finding.path = str(
                write(self.out, finding.seed, finding.number, finding.text, force=self.force)
            )
        except OutputError as error:
            finding.unwritten = str(error)


def _singles(
    trial: Trial, reached: tuple[frozenset[str], frozenset[str]] | None = None
) -> frozenset[str]:
    """What the corpus tells trials apart by: the rules and waypoints reached (`reached`,
    when read already), and the generator's own rare parts (a rule switch set, a session
    past twelve hands), so the trials that drew them are kept and mutated too."""
    rules, points = coverage.reached(trial) if reached is None else reached
    parts = {f"switch:{o.split('=')[0]}" for o in trial.overrides}
    if trial.hands > LONG:
        parts.add("long-session")
    return rules | points | parts


__all__ = ["Campaign", "Plan", "Tally", "write"]
