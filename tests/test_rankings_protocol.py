"""Value lines in a named ranking (R9.1): the scenario syntax and its errors, the compiled
case, the protocol's `ranking` field and `rankings` in `hello`, and which implementations
`verify` asks them of."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.errors import ScenarioError
from badugi_spec.protocol import validate
from badugi_spec.protocol.client import ProcessImplementation, ProtocolImplementation
from badugi_spec.protocol.server import answer
from badugi_spec.rankings import ranking
from badugi_spec.scenario import ranked_values
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import load_suite, parse_scenario, run_suite
from tests.test_protocol_v2 import Speaker, run

RANKINGS_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "09-five-card-rankings"

LINES = """scenario ranked "Lines in named rankings"
rules R9.1
evaluate in low-2-7 A♠ 2♥ 3♦ 4♣ 5♠ is A-5-4-3-2
evaluate in badugi 2♠ 2♥ 3♦ 4♣ 8♠ is 4-card 8-4-3-2 (badugi)
compare in low-a-5 A♠ 2♥ 3♦ 4♣ 9♠ beats 2♠ 3♥ 4♦ 6♣ K♦
evaluate in badugi A♠ 2♥ 3♦ 4♣ is 4-card 4-3-2-A (badugi)
evaluate A♠ 2♥ 3♦ 4♣ is 4-card 4-3-2-A (badugi)
"""


def _case(text: str = LINES) -> dict[str, Any]:
    return compile_case(parse_scenario(text, "t.badugi"))


def _error(line: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(f'scenario x "x"\nrules R9.1\n{line}\n', "x.badugi")
    return caught.value


# ----- the language ------------------------------------------------------------------------


def test_a_named_ranking_is_compiled_into_the_case() -> None:
    checks = _case()["checks"]
    assert [c.get("ranking") for c in checks] == ["low-2-7", "badugi", "low-a-5", "badugi", None]
    assert checks[0]["value"] == {
        "size": 5,
        "ranks": ["A", "5", "4", "3", "2"],
        "category": "no pair",
    }
    assert checks[1]["value"] == {"size": 4, "ranks": ["8", "4", "3", "2"]}
    assert checks[2]["hands"][0] == ["As", "2h", "3d", "4c", "9s"]
    assert validate(_case(), "case") == []


def test_a_line_without_a_ranking_compiles_as_before() -> None:
    check = _case()["checks"][-1]
    assert "ranking" not in check
    assert check == {
        "line": 7,
        "column": 1,
        "op": "evaluate",
        "source": "evaluate A♠ 2♥ 3♦ 4♣ is 4-card 4-3-2-A (badugi)",
        "cards": ["As", "2h", "3d", "4c"],
        "value": {"size": 4, "ranks": ["4", "3", "2", "A"]},
        "rules": ["R9.1"],  # the rules that decide this check (issue 36: per expectation)
    }


def test_an_unknown_ranking_is_a_located_error_listing_the_rankings() -> None:
    error = _error("evaluate in low-2-8 A♠ 2♥ 3♦ 4♣ 5♠ is A-5-4-3-2")
    assert (error.line, error.column) == (3, 13)
    assert "unknown hand ranking 'low-2-8'" in str(error)
    assert "badugi, badugi-ace-high, low-2-7, low-a-5 (R9.1)" in str(error)
    assert _error("compare in lo A♠ 2♥ 3♦ 4♣ 5♠ beats 6♠ 7♥ 8♦ 9♣ J♠").column == 12


def test_a_hand_of_the_wrong_size_for_the_ranking_is_an_error_at_the_cards() -> None:
    error = _error("evaluate in low-a-5 A♠ 2♥ 3♦ 4♣ is 4-3-2-A")
    assert (error.column, "a low-a-5 hand has 5 cards, got 4" in str(error)) == (21, True)
    error = _error("compare in low-2-7 A♠ 2♥ 3♦ 4♣ beats 6♠ 7♥ 8♦ 9♣ J♠")
    assert (error.column, "a low-2-7 hand has 5 cards, got 4" in str(error)) == (20, True)


def test_a_value_the_ranking_cannot_have_is_an_error_at_the_value() -> None:
    error = _error("evaluate in low-2-7 A♠ 2♥ 3♦ 4♣ 5♠ is 5-4-3-2-A (straight)")
    assert error.column == 39
    assert "those ranks make A-5-4-3-2 (R9.5)" in str(error)
    flush = _error("evaluate in low-a-5 A♠ 2♥ 3♦ 4♣ 5♠ is 5-4-3-2-A (flush)")
    assert "those ranks make 5-4-3-2-A (R9.6)" in str(flush)
    unknown = _error("evaluate in low-a-5 A♠ 2♥ 3♦ 4♣ 5♠ is 5-4-3-2-A (wheel)")
    assert "unknown category 'wheel'" in str(unknown) and "low-a-5 has no pair" in str(unknown)


def test_the_same_card_twice_is_an_error() -> None:
    assert "different cards" in str(_error("evaluate in low-a-5 A♠ 2♥ 3♦ 4♣ A♠ is 4-3-2-A"))
    assert "share a card" in str(_error("compare in low-a-5 A♠ 2♥ 3♦ 4♣ 5♠ beats A♠ 7♥ 8♦ 9♣ J♠"))


# ----- answers in a ranking ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cards", "answer", "problem"),
    [
        ("low-2-7", "2s 3h 4d 5c 7s", {"size": 5, "ranks": ["7", "5", "4", "3", "2"]}, "category"),
        (
            "low-2-7",
            "2s 3h 4d 5c 7s",
            {"size": 5, "ranks": ["7", "5", "4", "3", "2"], "category": "flush"},
            "not of one suit",
        ),
        (
            "low-2-7",
            "2s 3h 4d 5c 7s",
            {"size": 5, "ranks": ["8", "5", "4", "3", "2"], "category": "no pair"},
            "not those of",
        ),
        (
            "low-a-5",
            "2s 2h 4d 5c 7s",
            {"size": 5, "ranks": ["7", "5", "4", "2", "2"], "category": "pair"},
            "reading order",
        ),
        (
            "low-2-7",
            "As 2h 3d 4c 5s",
            {"size": 5, "ranks": ["5", "4", "3", "2", "A"], "category": "straight"},
            "those ranks make A-5-4-3-2",
        ),
        ("badugi-ace-high", "As 2h 3d 4c", {"size": 4, "ranks": ["4", "3", "2", "A"]}, "order"),
        ("badugi", "As 2s 3d 4c 9s", {"size": 4, "ranks": ["4", "3", "2", "A"]}, "repeats a suit"),
    ],
)
def test_an_impossible_answer_is_named(
    name: str, cards: str, answer: dict[str, Any], problem: str
) -> None:
    found = ranked_values.problem(ranking(name), cards.split(), answer)
    assert found is not None and problem in found, found


def test_a_right_answer_is_no_problem_and_reads_back_to_its_value() -> None:
    for name in ("badugi", "badugi-ace-high", "low-2-7", "low-a-5"):
        chosen = ranking(name)
        for cards in ("As 2h 3d 4c 5s", "2h 3h 4h 5h 7h", "2s 2h 3d 4c 8s"):
            value = chosen.evaluate(cards)
            shown = ranked_values.value_json(value)
            assert ranked_values.problem(chosen, cards.split(), shown) is None
            assert ranked_values.read(chosen, shown) == value.strength
            reference = ranked_values.reference_hand(chosen, shown, avoid=cards.split())
            assert reference is not None and not set(reference) & set(cards.split())
            assert chosen.evaluate(" ".join(reference)) == value


# ----- the protocol ------------------------------------------------------------------------


def test_the_server_answers_every_ranking_and_declares_them() -> None:
    engine = EngineImplementation()
    hello = answer(engine, {"type": "hello", "protocol": 1, "protocols": [1, 2]})
    assert hello["rankings"] == ["badugi", "badugi-ace-high", "low-2-7", "low-a-5"]
    assert validate(hello, "response") == []
    request = {"type": "evaluate", "ranking": "low-2-7", "cards": ["3s", "4h", "5d", "6c", "7d"]}
    assert validate(request, "request") == []
    reply = answer(engine, request)
    assert reply["value"] == {
        "size": 5,
        "ranks": ["7", "6", "5", "4", "3"],
        "category": "straight",
    }
    assert validate(reply, "response") == []
    hands = [["As", "2h", "3d", "4c", "9s"], ["2s", "3h", "4d", "6c", "Kd"]]
    assert answer(engine, {"type": "compare", "ranking": "low-2-7", "hands": hands}) == {
        "ok": True,
        "winners": [1],
    }
    assert answer(engine, {"type": "compare", "ranking": "low-a-5", "hands": hands})["winners"] == [
        0
    ]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"type": "evaluate", "ranking": "low-2-8", "cards": ["As"]}, "'ranking' must be one of"),
        ({"type": "evaluate", "ranking": 7, "cards": ["As"]}, "not a whole number"),
        ({"type": "evaluate", "ranking": "low-2-7", "cards": ["As"]}, "5 cards in low-2-7, not 1"),
        ({"type": "evaluate", "cards": ["As", "2h", "3d", "4c", "5s"]}, "1 to 4 cards, not 5"),
        (
            {
                "type": "compare",
                "ranking": "badugi",
                "hands": [["As"], ["2s", "3h", "4d", "6c", "Kd", "Qs"]],
            },
            "1 to 5 cards in badugi, not 6",
        ),
    ],
)
def test_a_bad_ranking_request_is_a_bad_request(request_: dict[str, Any], message: str) -> None:
    reply = answer(EngineImplementation(), request_)
    assert reply["error"] == "bad-request" and message in reply["message"], reply


def test_a_ranking_the_implementation_lacks_is_not_supported() -> None:
    class HouseOnly(EngineImplementation):
        rankings = ("badugi",)

    cards = ["As", "2h", "3d", "4c", "5s"]
    reply = answer(HouseOnly(), {"type": "evaluate", "ranking": "low-a-5", "cards": cards})
    assert reply == {
        "ok": False,
        "error": "not-supported",
        "message": "badugi-spec does not value hands in low-a-5",
    }


def test_verify_asks_a_ranking_line_only_of_an_implementation_that_declares_it() -> None:
    status, _, sent = run(LINES, {"profiles": "any", "rankings": ["badugi", "low-2-7"]})
    assert status == "passed"
    ranked = {r.get("ranking") for r in sent if r["type"] in ("evaluate", "compare")}
    assert ranked == {"badugi", "low-2-7", None}, "low-a-5 is never asked"
    impl = ProtocolImplementation(
        lambda: Speaker({"profiles": "any", "rankings": ["low-a-5"]}), timeout=5.0
    )
    result = Runner(impl).run(_case())
    assert result.checks["value-skipped"] == 3
    assert "the implementation does not value hands in low-2-7 (R9.1)" in result.skip_reasons


def test_an_implementation_that_declares_no_rankings_keeps_the_house_lines() -> None:
    """A version 1 implementation, or a version 2 one without `rankings`, is asked the house
    lines and the `badugi` lines of four cards, as house requests without a ranking."""
    for hello in (
        {"protocol": 1, "profiles": None, "rankings": None},
        {"profiles": "any", "rankings": None},
    ):
        status, _, sent = run(LINES, hello)
        assert status == "passed"
        asked = [r for r in sent if r["type"] in ("evaluate", "compare")]
        assert asked and all("ranking" not in r and len(r.get("cards", "1234")) <= 4 for r in asked)
    impl = ProtocolImplementation(
        lambda: Speaker({"profiles": "any", "rankings": None}), timeout=5.0
    )
    result = Runner(impl).run(_case())
    assert result.checks["value-skipped"] == 3  # the two lows and the five-card badugi
    assert result.skip_reasons == [
        "the implementation declares no rankings, so only the house Badugi (R9.1)"
    ]


@pytest.mark.parametrize("rankings", ["low-2-7", [3]])
def test_a_hello_with_a_bad_rankings_list_is_an_error(rankings: object) -> None:
    status, message, _ = run(LINES, {"profiles": "any", "rankings": rankings})
    assert status == "errored"
    assert "hello's rankings must be a list of ranking names" in message


# That the served engine passes the ranking scenarios is part of
# `test_verify.test_serve_passes_the_whole_suite_exactly_as_check`, which runs every
# scenario against `serve`: a second run of chapter R9 here cost 17 s.


def test_an_evaluator_that_declares_only_badugi_skips_the_other_rankings() -> None:
    impl = ProcessImplementation(
        [sys.executable, str(Path(__file__).with_name("fake_impl.py")), "badugi-evaluator"]
    )
    try:
        results = run_suite(impl, load_suite([RANKINGS_DIR]))
    finally:
        impl.close()
    by_id = {r.id: r for r in results}
    assert by_id["reference-table-badugi"].status == "passed"
    assert by_id["reference-table-low-2-7"].status == "skipped"
    assert by_id["reference-table-low-2-7"].skip_reasons == [
        "the implementation does not value hands in low-2-7 (R9.1)"
    ]


def test_pokerkit_passes_every_ranking_scenario() -> None:
    pytest.importorskip("pokerkit")
    impl = ProcessImplementation([sys.executable, "-m", "badugi_spec.interop.pokerkit.adapter"])
    try:
        results = run_suite(impl, load_suite([RANKINGS_DIR]))
    finally:
        impl.close()
    assert len(results) >= 12
    assert [(r.id, r.status, r.message) for r in results if r.status != "passed"] == []
    assert sum(r.checks["evaluate"] + r.checks["compare"] for r in results) >= 80


def test_answers_are_read_alike_kept_or_not_and_long_texts_are_not_kept() -> None:
    low = ranking("low-2-7")
    answer_of = {"size": 5, "ranks": ["7", "5", "4", "3", "2"], "category": "no pair"}
    first, again = ranked_values.read(low, answer_of), ranked_values.read(low, answer_of)
    assert first == again == low.evaluate("7♠ 5♥ 4♦ 3♣ 2♠").strength
    wrong_order = {**answer_of, "ranks": ["2", "3", "4", "5", "7"]}
    assert "not in reading order" in str(ranked_values.read(low, wrong_order))
    kept = ranked_values._read_text.cache_info().currsize
    huge = {**answer_of, "category": "x" * 100_000}  # a hostile implementation's category
    assert "unknown category" in str(ranked_values.read(low, huge))
    assert ranked_values._read_text.cache_info().currsize == kept
