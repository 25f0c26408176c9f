"""Run compiled cases against an implementation and report the first divergence.

The runner is small on purpose: the suite is data. It compares each expectation with
the implementation's canonical state and stops a case at the first difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from badugi_spec.hands import describe_ranks, parse_value
from badugi_spec.scenario.engine_impl import Implementation, Outcome


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
    """`passed`, `failed`, `errored` (the implementation broke) or `skipped`."""
    divergence: Divergence | None = None
    message: str = ""
    trace: list[TraceRow] = field(default_factory=list)


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
    if value is None:
        return "nothing shown"
    text = "-".join(value["ranks"])
    return describe_ranks(parse_value(text)[1]) if value["ranks"] else "no cards"


def _same_value(expected: dict[str, Any], actual: dict[str, Any] | None) -> bool:
    return (
        actual is not None
        and expected["size"] == actual.get("size")
        and [r.upper() for r in expected["ranks"]]
        == [str(r).upper() for r in actual.get("ranks", [])]
    )


def compare_expectation(step: dict[str, Any], state: dict[str, Any]) -> tuple[str, str] | None:
    """None when the state meets the expectation, else (expected, actual) as text."""
    what, want = step["what"], step["value"]
    result = state.get("result")
    session = state.get("session", {})

    def differ(expected: object, actual: object) -> tuple[str, str] | None:
        return None if expected == actual else (f"{what} {expected}", f"{what} {actual}")

    match what:
        case "pot" | "phase" | "burns" | "reshuffles" | "stub":
            return differ(want, state.get(what))
        case "pots":
            amounts = [pot.get("amount") for pot in state.get("pots", [])]
            return differ(", ".join(map(str, want)), ", ".join(map(str, amounts)) or "none")
        case "pot-detail":
            return _pot_detail(want, state.get("pots", []))
        case "has":
            held = state.get("hands", {}).get(want["player"], [])
            return differ(
                f"{want['player']} has {' '.join(sorted(want['cards']))}",
                f"{want['player']} has {' '.join(sorted(held)) or 'no cards'}",
            )
        case "session-reason":
            return differ(
                f"ended by {want}",
                f"ended by {session.get('reason')}" if session.get("over") else "continues",
            )
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


def _pot_detail(want: dict[str, Any], pots: list[dict[str, Any]]) -> tuple[str, str] | None:
    """A main or side pot's amount, who may win it and who did (R8.13, R8.14)."""
    index = want["pot"]
    label = "main pot" if index == 0 else f"side pot {index}"

    def text(amount: object, eligible: object, winners: object) -> str:
        out = f"{label} {amount}"
        if want["eligible"] is not None:
            out += f" between {', '.join(eligible or []) or 'nobody'}"  # type: ignore[arg-type]
        if want["winners"] is not None:
            out += f" to {', '.join(winners or []) or 'nobody yet'}"  # type: ignore[arg-type]
        return out

    expected = text(want["amount"], want["eligible"], want["winners"])
    if index >= len(pots):
        return expected, f"{len(pots)} pot{'s' if len(pots) != 1 else ''}: no {label}"
    pot = pots[index]
    actual = text(
        pot.get("amount"),
        sorted(pot.get("eligible", [])) if want["eligible"] is not None else None,
        sorted(pot.get("winners", [])) if want["winners"] is not None else None,
    )
    expected = text(
        want["amount"],
        sorted(want["eligible"]) if want["eligible"] is not None else None,
        sorted(want["winners"]) if want["winners"] is not None else None,
    )
    return None if actual == expected else (expected, actual)


def _pairs(values: dict[str, Any]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in values.items())


def _outcome(player: str, amount: Any, ending: str | None) -> str:
    return f"{player} wins {amount}" + (
        f" at {ending}" if ending == "showdown" else f" by {ending}" if ending else ""
    )


def plays(impl: Implementation, profile: str) -> bool:
    """Whether `impl` plays `profile`: it says so (`plays`), or names it in `profiles`."""
    ask = getattr(impl, "plays", None)
    if callable(ask):
        return bool(ask(profile))
    declared = getattr(impl, "profiles", "any")
    return bool(declared == "any" or profile in declared)


class Runner:
    def __init__(self, implementation: Implementation) -> None:
        self.impl = implementation

    def run(self, case: dict[str, Any]) -> CaseResult:
        result = CaseResult(case["id"], case["file"], case["line"], list(case["rules"]))
        needed = {"play"} if case["hands"] else set()
        needed |= {step["op"] for step in case["checks"]}
        missing = needed - set(self.impl.capabilities())
        if missing:
            result.status = "skipped"
            result.message = f"the implementation lacks {', '.join(sorted(missing))}"
            return result
        profile = case.get("profile", {}).get("name", "house")
        if case["hands"] and not plays(self.impl, profile):
            result.status = "skipped"
            result.message = f"the implementation does not play profile {profile} (R8.1)"
            return result
        try:
            self._checks(case, result)
            self._hands(case, result)
        except _Diverged as diverged:
            result.status = "failed"
            result.divergence = diverged.divergence
        except Skip as skip:
            result.status = "skipped"
            result.message = str(skip)
        except ImplementationError as error:
            result.status = "errored"
            result.message = str(error) + (
                f"\n--- stderr (tail) ---\n{error.stderr}" if error.stderr else ""
            )
        except Exception as error:  # a crash in an implementation is a result
            result.status = "errored"
            result.message = f"the implementation raised {type(error).__name__}: {error}"
        return result

    def _checks(self, case: dict[str, Any], result: CaseResult) -> None:
        for step in case["checks"]:
            if step["op"] == "evaluate":
                got = self.impl.evaluate(step["cards"])
                if not _same_value(step["value"], got):
                    self._diverge(step, _value_text(step["value"]), _value_text(got))
            else:
                winners = self.impl.compare(step["hands"])
                want = [0, 1] if step["winner"] == "tie" else [0]
                if sorted(winners) != want:
                    self._diverge(step, _verdict(want), _verdict(sorted(winners)))
            result.trace.append(TraceRow(step["line"], step["op"], step["source"], None))

    def _hands(self, case: dict[str, Any], result: CaseResult) -> None:
        if not case["hands"]:
            return
        state = self._ok(self.impl.start(case), {"line": case["line"], "source": "players"})
        for hand in case["hands"]:
            outcome = self.impl.deal(hand)
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
        if op == "expect":
            mismatch = compare_expectation(step, state)
            if mismatch:
                self._diverge(step, *mismatch)
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
    def _diverge(step: dict[str, Any], expected: str, actual: str) -> None:
        raise _Diverged(Divergence(step["line"], step.get("source", ""), expected, actual))


def _verdict(winners: list[int]) -> str:
    return (
        "a tie" if len(winners) > 1 else f"hand {winners[0] + 1} wins" if winners else "no winner"
    )


def _state_diff(before: dict[str, Any], after: dict[str, Any]) -> str:
    keys = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    return (
        "; ".join(f"{k}: {before.get(k)!r} -> {after.get(k)!r}" for k in keys)
        or "no visible change"
    )
