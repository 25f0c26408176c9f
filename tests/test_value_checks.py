"""Every value check reaches every implementation that can answer it (issue 14, part 1).

The fakes are evaluators with one of the faults measured on public Badugi evaluators, each
built so that the suite as it was run before could not see it: wrong only in card orders the
suite never used, wrong only on hands whose line stands in a scenario that also plays, or
able to evaluate but not compare. Each must now fail, at the line that shows it.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cards import Card, parse_cards
from badugi_spec.mutants import aces_high, shortcut
from badugi_spec.protocol.client import ProtocolImplementation
from badugi_spec.rankings.house import HandValue, evaluate
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation, value_json
from badugi_spec.scenario.report import check_lines
from badugi_spec.scenario.runner import CaseResult, Runner, Skip, ranking_skip
from badugi_spec.scenario.suite import load_suite
from badugi_spec.scenario.value_lines import reader
from badugi_spec.scenario.values import strength
from tests.test_protocol import ScriptedTransport, client

ROOT = Path(__file__).resolve().parent.parent
Valuer = Callable[[list[str]], dict[str, Any]]


class Evaluator:
    """An implementation that only values hands, through `value_of`; it plays nothing."""

    name = "fake-evaluator"

    def __init__(self, value_of: Valuer, *, can: tuple[str, ...] = ("evaluate", "compare")):
        self.value_of = value_of
        self.can = frozenset(can)
        self.asked: list[list[str]] = []

    def capabilities(self) -> frozenset[str]:
        return self.can

    def evaluate(self, cards: list[str], ranking: str | None = None) -> dict[str, Any]:
        assert "evaluate" in self.can, "asked for a capability it does not have"
        self.asked.append(cards)
        return self.value_of(cards)

    def compare(self, hands: list[list[str]], ranking: str | None = None) -> list[int]:
        assert "compare" in self.can, "asked for a capability it does not have"
        strengths = [strength(self.value_of(hand)) for hand in hands]
        return [i for i, s in enumerate(strengths) if s == max(strengths)]

    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        raise AssertionError("an evaluator is never asked to play")

    deal = act = start


def _json(value: HandValue) -> dict[str, Any]:
    return {"size": value.size, "ranks": [rank.label for rank in value.ranks]}


def _greedy(cards: list[str]) -> dict[str, Any]:
    """A real order-dependent bug: keep each card whose rank and suit are new, in order."""
    kept: list[Card] = []
    for card in parse_cards(" ".join(cards)):
        if all(card.rank != k.rank and card.suit != k.suit for k in kept):
            kept.append(card)
    ranks = sorted((card.rank for card in kept), key=lambda r: -r.order)
    return {"size": len(ranks), "ranks": [rank.label for rank in ranks]}


def _drop_top(cards: list[str]) -> dict[str, Any]:
    """A wrong but possible answer: the right playing set without its highest card."""
    value = evaluate(" ".join(cards))
    ranks = [rank.label for rank in value.ranks][1:] or [value.ranks[0].label]
    return {"size": len(ranks), "ranks": ranks}


@functools.cache
def _cases() -> tuple[dict[str, Any], ...]:
    return tuple(compile_case(s) for s in load_suite([ROOT / "scenarios"]).scenarios)


def _run(impl: Any) -> list[CaseResult]:
    runner = Runner(impl)
    return [runner.run(case) for case in _cases()]


def _value_hands(cases: tuple[dict[str, Any], ...]) -> list[tuple[str, ...]]:
    hands: list[tuple[str, ...]] = []
    for case in cases:
        for step in case["checks"]:
            for hand in [step["cards"]] if step["op"] == "evaluate" else step["hands"]:
                hands.append(tuple(hand))
    return hands


def _asked(step: dict[str, Any]) -> bool:
    """Whether an implementation that declares no rankings is asked the line: the house
    lines and the `badugi` lines of up to four cards (R9.1), not the other rankings'."""
    return ranking_skip(Evaluator(value_json), step) is None


def _lines(cases: tuple[dict[str, Any], ...], op: str) -> int:
    return sum(1 for case in cases for step in case["checks"] if step["op"] == op and _asked(step))


def _unasked(cases: tuple[dict[str, Any], ...]) -> int:
    return sum(1 for case in cases for step in case["checks"] if not _asked(step))


def test_an_order_dependent_evaluator_is_caught_showing_both_orders() -> None:
    """Right in every order the suite writes, wrong in some others: the first order
    check that differs fails the line, naming both orders."""
    written = set(_value_hands(_cases()))

    def value_of(cards: list[str]) -> dict[str, Any]:
        return value_json(cards) if tuple(cards) in written else _greedy(cards)

    results = _run(Evaluator(value_of))
    failed = [r for r in results if r.status == "failed"]
    assert failed, "the order checks catch an evaluator the suite's own orders miss"
    assert [r for r in results if r.status == "errored"] == []
    for result in failed:
        d = result.divergence
        assert d is not None and "in every order" in d.expected, d
        assert " for " in d.actual and ", but " in d.actual, d.actual


def test_an_order_check_failure_reads_well() -> None:
    text = 'scenario orders "x"\nrules R2.5\n\nevaluate 2♥ A♠ 3♦ K♦ is 3-card 3-2-A\n'  # greedy keeps 2♥ A♠ 3♦: right in this order
    case = compile_case(parse_scenario(text, "t.badugi", set(load_rules())))
    result = Runner(Evaluator(_greedy)).run(case)
    assert result.status == "failed"
    d = result.divergence
    assert d is not None
    assert d.expected == "3-card 3-2-A in every order of the cards"
    assert d.actual.endswith(", but 3-card 3-2-A for 2h As 3d Kd")
    assert d.actual.split(" for ")[0] != "3-card 3-2-A"


def test_an_evaluator_gets_the_value_lines_of_scenarios_that_also_play() -> None:
    """Wrong only on the hands of value lines inside mixed scenarios: before, an evaluator
    skipped those scenarios whole and this evaluator passed."""
    mixed = [case for case in _cases() if case["checks"] and case["hands"]]
    assert len(mixed) >= 5
    elsewhere = {frozenset(h) for h in _value_hands(tuple(c for c in _cases() if not c["hands"]))}
    # The hands of evaluate lines: a wrong value there always fails (a compare may not).
    asked = {
        c["id"]: [tuple(s["cards"]) for s in c["checks"] if s["op"] == "evaluate"] for c in mixed
    }
    trap = {h for hands in asked.values() for h in hands if frozenset(h) not in elsewhere}
    caught = {case_id for case_id, hands in asked.items() if trap & set(hands)}
    assert len(caught) >= 3, "hands that only mixed scenarios ask about"

    def value_of(cards: list[str]) -> dict[str, Any]:
        key = tuple(cards)
        hit = key in trap or any(tuple(p) in trap for p in itertools.permutations(cards))
        return _drop_top(cards) if hit else value_json(cards)

    results = _run(Evaluator(value_of))
    failed = {r.id for r in results if r.status == "failed"}
    assert failed == caught
    for result in results:
        if result.id in failed:
            assert "partly run" not in result.message, "a failure is a failure"


def test_an_evaluator_runs_every_value_line_of_the_suite() -> None:
    cases = _cases()
    results = _run(Evaluator(value_json))
    assert {r.status for r in results} <= {"passed", "skipped"}
    total = sum((r.checks for r in results), start=Counter())
    assert total["evaluate"] == _lines(cases, "evaluate")
    assert total["compare"] == _lines(cases, "compare")
    assert total["value-skipped"] == _unasked(cases) > 0
    four = _lines(cases, "evaluate")
    assert total["evaluate-orders"] == 23 * four, "all 24 orders of every four-card line"
    assert total["compare-orders"] == 24 * _lines(cases, "compare")
    partly = [r for r in results if r.message.startswith("partly run")]
    asked = {c["id"] for c in cases if any(_asked(step) for step in c["checks"])}
    mixed = {c["id"] for c in cases if c["id"] in asked and not all(map(_asked, c["checks"]))}
    assert {r.id for r in partly} == {c["id"] for c in cases if c["checks"] and c["hands"]} | mixed
    assert all(r.status == "passed" for r in partly)
    assert all(r.status == "skipped" for r in results if not _has_checks(r.id))


def _has_checks(case_id: str) -> bool:
    return any(case["checks"] for case in _cases() if case["id"] == case_id)


def test_without_compare_the_runner_compares_the_evaluate_answers() -> None:
    cases = _cases()
    right = _run(Evaluator(value_json, can=("evaluate",)))
    assert {r.status for r in right} <= {"passed", "skipped"}
    total = sum((r.checks for r in right), start=Counter())
    assert total["compare-by-evaluate"] == _lines(cases, "compare") and total["compare"] == 0
    derived = [r for r in right if r.checks["compare-by-evaluate"]]
    assert all(
        "compare lines decided from the evaluate values (no compare)" in r.notes for r in derived
    )
    assert "from the evaluate answers" in "\n".join(check_lines(right))

    def wrong(cards: list[str]) -> dict[str, Any]:
        return _json(shortcut(parse_cards(" ".join(cards))))

    results = _run(Evaluator(wrong, can=("evaluate",)))
    by_compare = [
        r
        for r in results
        if r.status == "failed"
        and r.divergence
        and "by the evaluate answers" in r.divergence.actual
    ]
    assert by_compare, "a wrong evaluator without compare now fails compare lines too"


def test_without_evaluate_an_evaluate_line_is_a_compare_with_a_hand_of_that_value() -> None:
    cases = _cases()
    right = _run(Evaluator(value_json, can=("compare",)))
    assert {r.status for r in right} <= {"passed", "skipped"}, [
        (r.id, r.divergence) for r in right if r.status == "failed"
    ]
    total = sum((r.checks for r in right), start=Counter())
    # Four of a kind is the one hand no other hand of its value avoids: those lines are
    # left out, and only those.
    skipped = total["value-skipped"] - _unasked(cases)
    assert total["evaluate-by-compare"] + skipped == _lines(cases, "evaluate")
    no_reference = [
        step
        for case in cases
        for step in case["checks"]
        if step["op"] == "evaluate"
        and _asked(step)
        and reader(step).reference(step["value"], step["cards"]) is None
    ]
    assert no_reference and skipped == len(no_reference)
    assert any("shares no card with it" in r.message for r in right)
    assert total["compare"] == _lines(cases, "compare")

    def wrong(cards: list[str]) -> dict[str, Any]:
        return _json(aces_high(parse_cards(" ".join(cards))))

    failed = [r for r in _run(Evaluator(wrong, can=("compare",))) if r.status == "failed"]
    assert any(r.divergence and "a tie with" in r.divergence.expected for r in failed)


@pytest.mark.parametrize(
    "answer_, reason",
    [
        ({"size": 3, "ranks": ["2", "A", "A"]}, "the rank A is played twice"),
        ({"size": 3, "ranks": ["A", "2", "3"]}, "the ranks A-2-3 are not highest first"),
        ({"size": 4, "ranks": ["K", "3", "2", "A"]}, "every choice of those cards repeats a suit"),
        ({"size": 5, "ranks": ["K", "4", "3", "2", "A"]}, "5 playing cards from a hand of 4"),
        ({"size": 2, "ranks": ["9", "8"]}, "no card of rank 9"),
    ],
)
def test_an_impossible_answer_fails_with_the_reason_and_is_never_an_error(
    answer_: dict[str, Any], reason: str
) -> None:
    text = 'scenario shape "x"\nrules R2.5\n\nevaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A\n'
    case = compile_case(parse_scenario(text, "t.badugi", set(load_rules())))

    def impossible(request: dict[str, Any]) -> str | None:
        if request["type"] == "evaluate":
            return json.dumps({"ok": True, "value": answer_})
        return None

    impl, _ = client(impossible)
    for implementation in (Evaluator(lambda cards: answer_), impl):
        result = Runner(implementation).run(case)
        assert result.status == "failed", result.message
        d = result.divergence
        assert d is not None and d.expected == "3-card 3-2-A"
        assert reason in d.actual and "impossible answer" in d.actual
        assert "raised" not in d.actual + result.message


def test_a_difference_the_text_hides_shows_the_raw_answer() -> None:
    """A state value with the right ranks and the wrong size reads like the right one."""
    scenario = parse_scenario((ROOT / "tests" / "data" / "two-steps.badugi").read_text("utf-8"))

    class Off(EngineImplementation):
        def act(self, step: dict[str, Any]) -> dict[str, Any]:
            outcome = super().act(step)
            for value in outcome["state"].get("values", {}).values():
                if value["size"] == 4:
                    value["size"] = 3
            return outcome

    result = Runner(Off()).run(compile_case(scenario))
    d = result.divergence
    assert result.status == "failed" and d is not None
    assert d.expected == "Bob holds 4-card 4-3-2-A (badugi)"
    assert d.actual == (
        'Bob holds 4-card 4-3-2-A (badugi) (answer: {"ranks": ["4", "3", "2", "A"], "size": 3})'
    )


def test_a_not_supported_value_line_is_skipped_alone() -> None:
    text = (
        'scenario some "x"\nrules R2.5\n\n'
        "evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A\nevaluate A♠ 2♥ 3♦ 4♣ is 4-card 4-3-2-A\n"
    )
    case = compile_case(parse_scenario(text, "t.badugi", set(load_rules())))

    def refuses_badugis(cards: list[str]) -> dict[str, Any]:
        if "4c" in cards:
            raise Skip("fake refuses four-card values")
        return value_json(cards)

    result = Runner(Evaluator(refuses_badugis)).run(case)
    assert result.status == "passed"
    assert result.checks["evaluate"] == 1 and result.checks["value-skipped"] == 1
    assert result.message == "partly run; 1 value lines skipped: fake refuses four-card values"


def _asked_orders(cards: int) -> int:
    return min(math.factorial(cards), 24)


def test_the_engine_served_over_the_protocol_passes_every_order_and_shape() -> None:
    # The cases with value lines (the others ask no order or shape; the whole suite over
    # this transport is tests/test_protocol.py's).
    valued = [case for case in _cases() if case["checks"]]
    runner = Runner(ProtocolImplementation(ScriptedTransport))
    results = [runner.run(case) for case in valued]
    assert results and all(r.status == "passed" for r in results)
    total = sum((r.checks for r in results), start=Counter())
    # Every order of an evaluate line's cards (of five, 24 of the 120); a compare in as
    # many orders of its longer hand, plus the hands the other way round (24 and 25).
    orders = [
        _asked_orders(len(step["cards"])) if step["op"] == "evaluate"
        else max(_asked_orders(len(hand)) for hand in step["hands"]) + 1
        for case in _cases() for step in case["checks"]
    ]  # fmt: skip
    assert total["shapes"] == sum(orders)
