"""Run compiled cases against an implementation and report the first divergence.

The runner is small on purpose: the suite is data. It compares each expectation with
the implementation's canonical state (`runner_expect`) and stops a case at the first
difference.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn

from badugi_spec.rankings.house import MAX_CARDS
from badugi_spec.scenario import runner_hand, values
from badugi_spec.scenario.engine_impl import Implementation, Outcome
from badugi_spec.scenario.runner_expect import Unreported, answered, compare_expectation
from badugi_spec.scenario.value_lines import CannotAsk, ValueLines


@dataclass(frozen=True, slots=True)
class Divergence:
    line: int
    source: str
    expected: str
    actual: str
    column: int = 0
    """Where on the line the step starts; 0 when the case does not say."""
    hint: str = ""
    """How to change the scenario if what happened is what it should show."""
    rules: tuple[str, ...] = ()
    """The rules that decide the step (`step_rules`); () for a plain action."""


@dataclass(frozen=True, slots=True)
class TraceRow:
    """One executed step, for failure reports and the tutorial's step tables."""

    line: int
    op: str
    source: str
    state: dict[str, Any] | None
    ok: bool = True
    detail: str = ""


@dataclass
class CaseResult:
    id: str
    file: str
    line: int
    rules: list[str]
    status: str = "passed"
    """`passed`, `failed`, `errored` (the implementation broke) or `skipped` (nothing of
    the case could be run). A case run only in part (its value lines, not its hands) is
    `passed` or `failed` on what ran, and `message` says what was left out."""
    divergence: Divergence | None = None
    message: str = ""
    trace: list[TraceRow] = field(default_factory=list)
    checks: Counter[str] = field(default_factory=Counter)
    """What was checked, by kind (see `CHECK_KINDS`)."""
    notes: list[str] = field(default_factory=list)
    """How the case was run, where it matters (a compare decided from evaluate values)."""
    skip_reasons: list[str] = field(default_factory=list)
    """Why steps were left out (`the implementation lacks play`), each once."""
    expected: str = ""
    """Why the case is listed as expected to fail (`verify --expect`); "" when it is not."""
    expected_link: str = ""


CHECK_KINDS = {
    "evaluate": "evaluate lines answered by evaluate",
    "evaluate-by-compare": "evaluate lines checked by compare: a tie with a hand of that value",
    "evaluate-orders": "evaluate lines asked again with the cards in another order",
    "compare": "compare lines answered by compare",
    "compare-by-evaluate": "compare lines decided from the evaluate values",
    "compare-orders": "compare lines asked again with the cards or hands in another order",
    "shapes": "answers checked for shape",
    "value-skipped": "value lines skipped",
    "play": "play steps run (deals, actions, expectations)",
    "play-skipped": "play steps skipped",
}


class Skip(Exception):
    """The implementation cannot run this case (a capability it lacks)."""


class ImplementationError(Exception):
    """The implementation crashed, hung or answered nonsense; `stderr` is its tail."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


class _Diverged(Exception):
    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


def plays(impl: Implementation, profile: str) -> bool:
    """Whether `impl` plays `profile`: it says so (`plays`), or names it in `profiles`."""
    ask = getattr(impl, "plays", None)
    if callable(ask):
        return bool(ask(profile))
    declared = getattr(impl, "profiles", "any")
    return bool(declared == "any" or profile in declared)


def ranking_skip(impl: Implementation, step: dict[str, Any]) -> str | None:
    """Why a value line cannot be asked of `impl`, or None: a line in a named ranking goes
    only to an implementation that declares that ranking (R9.1). One that declares none
    has the house Badugi, which is `badugi` on hands of up to four cards (R9.2)."""
    name = step.get("ranking")
    if name is None:
        return None
    declared = getattr(impl, "rankings", None)
    if declared is None:
        hands = step["hands"] if step["op"] == "compare" else [step["cards"]]
        if name == "badugi" and all(len(hand) <= MAX_CARDS for hand in hands):
            return None
        return "the implementation declares no rankings, so only the house Badugi (R9.1)"
    if name in declared:
        return None
    return f"the implementation does not value hands in {name} (R9.1)"


class Runner:
    def __init__(
        self,
        implementation: Implementation,
        *,
        every_order: bool = True,
        unreported_skips_case: bool = True,
    ) -> None:
        self.impl = implementation
        self.every_order = every_order
        """Value lines asked again in other orders of their cards (see `ValueLines`)."""
        self.unreported_skips_case = unreported_skips_case
        """An expectation on an optional part the implementation does not report ends the
        case's play as skipped (`verify`); else only that line is left out (`fuzz`, whose
        trials check every part: what one implementation leaves out must not change which
        trials it can be checked on, or a shard's findings would depend on its order)."""
        self._after_all_declare = False
        """The case's draws deliver once everyone has declared (R8.16)."""
        self._pending_takes: list[tuple[dict[str, Any], str]] = []
        """`takes` steps waiting for their draw round's delivery, with that round's phase."""
        self._mismatch: tuple[int, int] | None = None
        """(hand, rebuild) of a stated reshuffle the implementation refused (R8.18)."""

    def run(self, case: dict[str, Any]) -> CaseResult:
        result = CaseResult(case["id"], case["file"], case["line"], list(case["rules"]))
        # Per case: a runner may run many (a suite and its variants, a fuzz campaign).
        self._after_all_declare, self._pending_takes, self._mismatch = False, [], None
        # Capability is per step: an evaluator still gets the value lines of a scenario
        # that also plays hands, and only the hands are skipped.
        capabilities = frozenset(self.impl.capabilities())
        try:
            self._checks(case, result, capabilities)
            profile = case.get("profile", {}).get("name", "house")
            if case["hands"] and "play" not in capabilities:
                self._skip_play(case, result, "the implementation lacks play")
            elif case["hands"] and not plays(self.impl, profile):
                reason = f"the implementation does not play profile {profile} (R8.1)"
                self._skip_play(case, result, reason)
            else:
                try:
                    self._hands(case, result)
                except Skip as skip:
                    self._skip_play(case, result, str(skip))
        except _Diverged as diverged:
            result.status = "failed"
            result.divergence = diverged.divergence
            self._confirm(result)
            if result.status == "failed" and self._mismatch is not None:
                result.message = self._rest_of_the_file(case, *self._mismatch)
        except ImplementationError as error:
            _errored(result, error)
        except Exception as error:  # a crash in an implementation is a result
            result.status = "errored"
            result.message = f"the implementation raised {type(error).__name__}: {error}"
        if result.status == "passed":
            _settle(result)
        return result

    def _rest_of_the_file(self, case: dict[str, Any], hand_number: int, rebuild: int) -> str:
        """After a stated reshuffle is refused, the file is run again with the stub rebuilt
        in the profile's own order from that rebuild on, so that every later line is still
        checked: what it shows is reported with the mismatch."""
        again = {**case, "hands": [dict(hand) for hand in case["hands"]]}
        hand = again["hands"][hand_number - 1]
        hand["reshuffles"] = hand.get("reshuffles", [])[:rebuild]
        rerun = Runner(
            self.impl,
            every_order=self.every_order,
            unreported_skips_case=self.unreported_skips_case,
        ).run(again)
        head = (
            "the rest of the file, run again with that stub in the order of the gathered"
            " cards (as without the reshuffle line):"
        )
        d = rerun.divergence
        if rerun.status == "passed":
            return f"{head} every later line holds"
        if d is None:
            return f"{head} {rerun.status}: {rerun.message}"
        more = f"\n{rerun.message}" if rerun.message else ""
        return (
            f"{head} then at line {d.line}: {d.source}\n"
            f"  expected: {d.expected}\n  actual:   {d.actual}{more}"
        )

    def _confirm(self, result: CaseResult) -> None:
        """Before a failure stands, an implementation over a pipe may say its answers were
        out of step with the requests (a late extra line): that is an error, not a
        divergence."""
        in_step = getattr(self.impl, "in_step", None)
        if in_step is None:
            return
        try:
            in_step()
        except ImplementationError as error:
            result.divergence = None
            _errored(result, error)

    # ----- hand-value lines --------------------------------------------------------------

    def _checks(self, case: dict[str, Any], result: CaseResult, can: frozenset[str]) -> None:
        lines = ValueLines(
            self.impl,
            can=can,
            checks=result.checks,
            notes=result.notes,
            diverge=self._diverge,
            every_order=self.every_order,
        )
        for step in case["checks"]:
            try:
                if not can & {"evaluate", "compare"}:
                    raise Skip("the implementation lacks evaluate and compare")
                unranked = ranking_skip(self.impl, step)
                if unranked is not None:
                    raise Skip(unranked)
                if step["op"] == "evaluate":
                    lines.evaluate_line(step)
                else:
                    lines.compare_line(step)
            except (Skip, CannotAsk) as skip:
                result.checks["value-skipped"] += 1
                _once(result.skip_reasons, str(skip))
                continue
            result.trace.append(TraceRow(step["line"], step["op"], step["source"], None))

    # ----- play --------------------------------------------------------------------------

    def _skip_play(self, case: dict[str, Any], result: CaseResult, reason: str) -> None:
        result.checks["play-skipped"] += _play_steps(case) - result.checks["play"]
        _once(result.skip_reasons, reason)

    def _hands(self, case: dict[str, Any], result: CaseResult) -> None:
        if not case["hands"]:
            return
        state = self._ok(self.impl.start(case), {"line": case["line"], "source": "players"})
        profile = case.get("profile") or {}
        self._after_all_declare = profile.get("draw_delivery") == "after-all-declare"
        for hand in case["hands"]:
            outcome = self.impl.deal(hand)
            result.checks["play"] += 1
            where = {"line": hand["line"], "source": f"hand {hand['number']}: the deal"}
            if hand.get("reject_deal"):
                if outcome.get("ok"):
                    self._diverge(
                        where, f"deal rejected with {hand['reject_deal']}", "deal accepted"
                    )
                if outcome.get("error") != hand["reject_deal"]:
                    self._diverge(
                        where,
                        f"deal rejected with {hand['reject_deal']}",
                        f"deal rejected with {outcome.get('error')}",
                    )
                result.trace.append(
                    TraceRow(
                        hand["line"],
                        "deal",
                        where["source"],
                        None,
                        ok=False,
                        detail=str(outcome.get("message", "")),
                    )
                )
                continue
            state = self._ok(outcome, where)
            if "deal" in hand:
                self._check_deal(hand, state, where)
            result.trace.append(TraceRow(hand["line"], "deal", where["source"], state))
            self._pending_takes = []
            for step in hand["steps"]:
                state = self._step(step, state, result)
            for step, phase in self._pending_takes:
                self._diverge(
                    step,
                    f"{step['player']} takes {' '.join(step['takes'])}",
                    f"{phase} never delivered: the scenario ends before its last draw",
                )
            self._check_ending(hand, state)

    def _check_deal(
        self, hand: dict[str, Any], state: dict[str, Any], where: dict[str, Any]
    ) -> None:
        problem = runner_hand.deal_problem(hand, state)
        if problem is not None:
            self._diverge(where, problem.expected, problem.actual, hint=problem.hint)

    def _check_ending(self, hand: dict[str, Any], state: dict[str, Any]) -> None:
        problem = runner_hand.ending_problem(hand, state)
        if problem is not None and problem.step is not None:
            self._diverge(problem.step, problem.expected, problem.actual, hint=problem.hint)

    def _step(
        self, step: dict[str, Any], state: dict[str, Any], result: CaseResult
    ) -> dict[str, Any]:
        op = step["op"]
        if op == "note":
            result.trace.append(TraceRow(step["line"], op, step["text"], state))
            return state
        result.checks["play"] += 1
        if op == "expect":
            try:
                mismatch = compare_expectation(step, state)
            except Unreported as missing:
                if self.unreported_skips_case:
                    raise Skip(str(missing)) from None
                _once(result.skip_reasons, str(missing))
                return state
            if mismatch:
                expected, actual = mismatch
                if expected == actual:
                    # Two different answers can read alike (ranks the canonical text puts
                    # in order): then the raw answer is the difference.
                    actual += f" (answer: {values.raw(answered(step, state))})"
                self._diverge(step, expected, actual)
            result.trace.append(TraceRow(step["line"], op, step["source"], state))
            return state
        outcome = self.impl.act(step)
        if op == "reject":
            if outcome.get("ok"):
                self._diverge(step, f"rejected with {step['code']}", "accepted")
            if outcome.get("error") != step["code"]:
                self._diverge(
                    step,
                    f"rejected with {step['code']}",
                    f"rejected with {outcome.get('error')}: {outcome.get('message', '')}",
                    hint=runner_hand.reject_hint(step, outcome.get("error")),
                )
            after = outcome.get("state")
            if after != state:
                self._diverge(
                    step,
                    "the state unchanged after the rejection",
                    "the state changed: " + runner_hand.state_diff(state, after or {}),
                )
            result.trace.append(
                TraceRow(
                    step["line"],
                    op,
                    step["source"],
                    state,
                    ok=False,
                    detail=str(outcome.get("message", "")),
                )
            )
            return state
        if outcome.get("error") == "reshuffle-mismatch":
            self._mismatch = (state.get("session", {}).get("hand", 1), state.get("reshuffles", 0))
        new_state = self._ok(outcome, step)
        phase = state.get("phase", "")
        if step.get("takes"):
            if self._after_all_declare and new_state.get("phase") == phase:
                # Replacements come after the last declaration: check them then (R8.16).
                self._pending_takes.append((step, phase))
            else:
                self._check_takes(step, new_state)
        if self._pending_takes and new_state.get("phase") != self._pending_takes[0][1]:
            for pending, _ in self._pending_takes:
                self._check_takes(pending, new_state)
            self._pending_takes = []
        result.trace.append(TraceRow(step["line"], op, step["source"], new_state))
        return new_state

    def _check_takes(self, step: dict[str, Any], state: dict[str, Any]) -> None:
        takes = step["takes"]
        held = state.get("hands", {}).get(step["player"], [])
        if any(card not in held for card in takes):
            self._diverge(
                step,
                f"{step['player']} takes {' '.join(takes)}",
                f"{step['player']} holds {' '.join(held)}",
            )

    def _ok(self, outcome: Outcome, step: dict[str, Any]) -> dict[str, Any]:
        if not outcome.get("ok"):
            code = outcome.get("error")
            hint = runner_hand.reject_hint(step, code) if step.get("op") == "act" else ""
            self._diverge(
                step, "accepted", f"rejected with {code}: {outcome.get('message', '')}", hint=hint
            )
        state: dict[str, Any] = outcome["state"]
        return state

    @staticmethod
    def _diverge(step: dict[str, Any], expected: str, actual: str, *, hint: str = "") -> NoReturn:
        raise _Diverged(
            Divergence(
                step["line"],
                step.get("source", ""),
                expected,
                actual,
                column=int(step.get("column", 0) or 0),
                hint=hint,
                rules=tuple(step.get("rules", ())),
            )
        )


def _once(texts: list[str], text: str) -> None:
    if text not in texts:
        texts.append(text)


def _errored(result: CaseResult, error: ImplementationError) -> None:
    result.status = "errored"
    result.message = str(error) + (
        f"\n--- stderr (tail) ---\n{error.stderr}" if error.stderr else ""
    )


def _play_steps(case: dict[str, Any]) -> int:
    """The steps of a case's hands that a run counts: each deal, action and expectation."""
    return sum(
        1 + sum(1 for step in hand["steps"] if step["op"] != "note") for hand in case["hands"]
    )


def _settle(result: CaseResult) -> None:
    """Passed, or skipped when nothing could run; what was left out goes in the message."""
    ran = sum(
        result.checks[kind]
        for kind in ("evaluate", "evaluate-by-compare", "compare", "compare-by-evaluate", "play")
    )
    skipped = {
        "value lines": result.checks["value-skipped"],
        "play steps": result.checks["play-skipped"],
    }
    reasons = result.skip_reasons
    if not any(skipped.values()):
        return
    if not ran:
        result.status = "skipped"
        result.message = "; ".join(reasons)
        return
    left = ", ".join(f"{count} {what}" for what, count in skipped.items() if count)
    result.message = f"partly run; {left} skipped: {'; '.join(reasons)}"
