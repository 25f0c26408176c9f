"""Run compiled cases against an implementation and report the first divergence.

The runner is small on purpose: the suite is data. It compares each expectation with
the implementation's canonical state and stops a case at the first difference.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn

from badugi_spec.scenario import values
from badugi_spec.scenario.engine_impl import Implementation, Outcome
from badugi_spec.scenario.value_lines import CannotAsk, ValueLines


@dataclass(frozen=True, slots=True)
class Divergence:
    line: int
    source: str
    expected: str
    actual: str


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


def _value_text(value: dict[str, Any] | None) -> str:
    return values.value_text(value)


def _same_value(expected: dict[str, Any], actual: dict[str, Any] | None) -> bool:
    return values.same_value(expected, actual)


def compare_expectation(step: dict[str, Any], state: dict[str, Any]) -> tuple[str, str] | None:
    """None when the state meets the expectation, else (expected, actual) as text."""
    what, want = step["what"], step["value"]
    result = state.get("result")
    session = state.get("session", {})

    def differ(expected: object, actual: object) -> tuple[str, str] | None:
        return None if expected == actual else (f"{what} {expected}", f"{what} {actual}")

    match what:
        case "pot" | "phase" | "burns":
            return differ(want, state.get(what))
        case "turn":
            return differ(want or "nobody", state.get("to_act") or "nobody")
        case "legal":
            offered = sorted(state.get("legal", []))
            return differ(", ".join(sorted(want)) or "none", ", ".join(offered) or "none")
        case "stacks":
            stacks = {name: state.get("stacks", {}).get(name) for name in want}
            return differ(_pairs(want), _pairs(stacks))
        case "holds":
            got = state.get("values", {}).get(want["player"])
            if _same_value(want["value"], got):
                return None
            return (
                f"{want['player']} holds {_value_text(want['value'])}",
                f"{want['player']} holds {_value_text(got)}",
            )
        case "shows":
            got = (result or {}).get("shown", {}).get(want["player"])
            if _same_value(want["value"], got):
                return None
            return (
                f"{want['player']} shows {_value_text(want['value'])}",
                f"{want['player']} shows {_value_text(got)}",
            )
        case "wins":
            expected = _outcome(want["player"], want["amount"], want["ending"])
            if result is None:
                return expected, "the hand is not over"
            actual = _outcome(
                ", ".join(result["winners"]),
                result["won"].get(want["player"]),
                want["ending"] and result["ended_by"],
            )
            ok = result["winners"] == [want["player"]] and actual == expected
            return None if ok else (expected, actual)
        case "split":
            expected = f"split {want['amount']} each" + (
                f" at {want['ending']}" if want["ending"] else ""
            )
            if result is None:
                return expected, "the hand is not over"
            amounts = sorted(set(result["won"].values()))
            ending = f" at {result['ended_by']}" if want["ending"] else ""
            actual = (
                f"split {amounts[0]} each{ending}"
                if len(result["winners"]) > 1 and len(amounts) == 1
                else f"{', '.join(result['winners'])} won {_pairs(result['won'])}{ending}"
            )
            return None if actual == expected else (expected, actual)
        case "returned":
            got = (result or {}).get("returned", {}).get(want["player"]) if result else None
            return differ(
                f"{want['player']} gets back {want['amount']}",
                f"{want['player']} gets back {got if got is not None else '(hand not over)'}",
            )
        case "button":
            return differ(want, session.get("dealer"))
        case "hands":
            return differ(want, session.get("hand"))
        case "session-over":
            winner = want["winner"] or "drawn"
            if not session.get("over"):
                return differ(f"over, {winner}", "continues")
            return differ(f"over, {winner}", f"over, {session.get('winner') or 'drawn'}")
        case "session-continues":
            return differ("continues", "over" if session.get("over") else "continues")
    raise ValueError(f"unknown expectation {what!r}")  # pragma: no cover


def _pairs(values: dict[str, Any]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in values.items())


def _outcome(player: str, amount: Any, ending: str | None) -> str:
    return f"{player} wins {amount}" + (
        f" at {ending}" if ending == "showdown" else f" by {ending}" if ending else ""
    )


class Runner:
    def __init__(self, implementation: Implementation) -> None:
        self.impl = implementation

    def run(self, case: dict[str, Any]) -> CaseResult:
        result = CaseResult(case["id"], case["file"], case["line"], list(case["rules"]))
        # Capability is per step: an evaluator still gets the value lines of a scenario
        # that also plays hands, and only the hands are skipped.
        capabilities = frozenset(self.impl.capabilities())
        try:
            self._checks(case, result, capabilities)
            if case["hands"] and "play" not in capabilities:
                self._skip_play(case, result, "the implementation lacks play")
            else:
                try:
                    self._hands(case, result)
                except Skip as skip:
                    self._skip_play(case, result, str(skip))
        except _Diverged as diverged:
            result.status = "failed"
            result.divergence = diverged.divergence
            self._confirm(result)
        except ImplementationError as error:
            _errored(result, error)
        except Exception as error:  # a crash in an implementation is a result
            result.status = "errored"
            result.message = f"the implementation raised {type(error).__name__}: {error}"
        if result.status == "passed":
            _settle(result)
        return result

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
            self.impl, can=can, checks=result.checks, notes=result.notes, diverge=self._diverge
        )
        for step in case["checks"]:
            try:
                if not can & {"evaluate", "compare"}:
                    raise Skip("the implementation lacks evaluate and compare")
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
            for name, cards in hand.get("deal", {}).items():
                held = state.get("hands", {}).get(name, [])
                if sorted(held) != sorted(cards):
                    self._diverge(
                        where,
                        f"{name} is dealt {' '.join(cards)}",
                        f"{name} is dealt {' '.join(held)}",
                    )
            result.trace.append(TraceRow(hand["line"], "deal", where["source"], state))
            for step in hand["steps"]:
                state = self._step(step, state, result)

    def _step(
        self, step: dict[str, Any], state: dict[str, Any], result: CaseResult
    ) -> dict[str, Any]:
        op = step["op"]
        if op == "note":
            result.trace.append(TraceRow(step["line"], op, step["text"], state))
            return state
        result.checks["play"] += 1
        if op == "expect":
            mismatch = compare_expectation(step, state)
            if mismatch:
                expected, actual = mismatch
                if expected == actual:
                    # Two different answers can read alike (ranks the canonical text puts
                    # in order): then the raw answer is the difference.
                    actual += f" (answer: {values.raw(_answered(step, state))})"
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
                )
            after = outcome.get("state")
            if after != state:
                self._diverge(
                    step,
                    "the state unchanged after the rejection",
                    "the state changed: " + _state_diff(state, after or {}),
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
        new_state = self._ok(outcome, step)
        takes = step.get("takes")
        if takes:
            held = new_state.get("hands", {}).get(step["player"], [])
            missing = [card for card in takes if card not in held]
            if missing:
                self._diverge(
                    step,
                    f"{step['player']} takes {' '.join(takes)}",
                    f"{step['player']} holds {' '.join(held)}",
                )
        result.trace.append(TraceRow(step["line"], op, step["source"], new_state))
        return new_state

    def _ok(self, outcome: Outcome, step: dict[str, Any]) -> dict[str, Any]:
        if not outcome.get("ok"):
            self._diverge(
                step,
                "accepted",
                f"rejected with {outcome.get('error')}: {outcome.get('message', '')}",
            )
        state: dict[str, Any] = outcome["state"]
        return state

    @staticmethod
    def _diverge(step: dict[str, Any], expected: str, actual: str) -> NoReturn:
        raise _Diverged(Divergence(step["line"], step.get("source", ""), expected, actual))


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


def _answered(step: dict[str, Any], state: dict[str, Any]) -> object:
    """The part of the state an expectation reads, for showing it raw."""
    what, want = step["what"], step["value"]
    if what == "holds":
        return state.get("values", {}).get(want["player"])
    if what == "shows":
        return (state.get("result") or {}).get("shown", {}).get(want["player"])
    if what in ("wins", "split", "returned"):
        return state.get("result")
    if what in ("button", "hands", "session-over", "session-continues"):
        return state.get("session")
    return state.get({"turn": "to_act"}.get(what, what))


def _state_diff(before: dict[str, Any], after: dict[str, Any]) -> str:
    keys = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    return (
        "; ".join(f"{k}: {before.get(k)!r} -> {after.get(k)!r}" for k in keys)
        or "no visible change"
    )
