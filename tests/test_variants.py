"""The metamorphic variants of the suite (`verify --variants`, issue 21): each is what it
claims to be, every one of a sample of real cases passes against our engine, and the two
mutants that only a variant shows are caught by them and by nothing else."""

from __future__ import annotations

import copy
import functools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK
from badugi_spec.cli import main
from badugi_spec.engine import Hand
from badugi_spec.mutants import BY_NAME, MutantImplementation
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import Suite, load_suite, plan, run_suite
from badugi_spec.scenario.variants import (
    CARD_ORDER,
    DERANGEMENTS,
    SUITS,
    card_order,
    deal_places,
    rotations,
    suit_map,
    suits,
    variants,
)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
VARIANT_MUTANTS = ("odd-chip-to-the-first-listed", "button-skips-after-a-bust-before-it")


@functools.cache
def suite() -> Suite:
    return load_suite([SCENARIOS])


@functools.cache
def cases() -> dict[str, dict[str, Any]]:
    return {scenario.id: compile_case(scenario) for scenario in suite().scenarios}


def case(case_id: str) -> dict[str, Any]:
    return copy.deepcopy(cases()[case_id])


def _ids_read_cheaply() -> list[str]:
    """The suite's case ids from each file's `scenario` line, without parsing the files:
    `_sample` runs at collection, in every test worker, and parsing the whole suite there
    cost seconds of CPU in each (the test below holds these to the parsed suite's)."""
    found = []
    for path in sorted(SCENARIOS.rglob("*.badugi")):
        header = re.search(r"^scenario\s+(\S+)", path.read_text(encoding="utf-8"), re.M)
        if header:
            found.append(header.group(1))
    return sorted(found)


def test_the_ids_read_cheaply_are_the_suites() -> None:
    assert _ids_read_cheaply() == sorted(cases())


def _sample() -> list[str]:
    """One in six of the suite's cases, and the cases each variant is hardest on: rebuilt
    stubs, live posts, a dead button, sessions with busts, five-card hands."""
    ids = _ids_read_cheaply()
    hard = {
        "stub-mixed-into-the-reshuffle",
        "own-discards-passed-over",
        "two-reshuffles-in-one-hand",
        "tied-pots-each-share-their-odd-chip",
        "busted-player-sits-out",
        "deal-after-a-bust",
    }
    return sorted(set(ids[::6]) | (hard & set(ids)))


@pytest.mark.parametrize("case_id", _sample())
def test_every_variant_of_a_real_case_passes_against_our_engine(case_id: str) -> None:
    original = case(case_id)
    runner = Runner(EngineImplementation())
    assert runner.run(original).status == "passed"
    made = variants(original)
    assert original == cases()[case_id], "variants() leaves the case as it is"
    for name, variant in made:
        result = runner.run(variant)
        assert (result.id, result.status, result.divergence) == (
            f"{case_id} [{name}]",
            "passed",
            None,
        ), result.message


# ----- rotated -------------------------------------------------------------------------


def test_rotated_keeps_the_button_and_every_place_relative_to_it() -> None:
    original = case("tied-pots-each-share-their-odd-chip")  # five players, Ann deals
    names = [p["name"] for p in original["players"]]
    made = rotations(original)
    assert [name for name, _ in made] == ["rotated-1", "rotated-2", "rotated-3", "rotated-4"]
    for k, (name, rotated) in enumerate(made, start=1):
        assert rotated["id"] == f"tied-pots-each-share-their-odd-chip [{name}]"
        assert [p["name"] for p in rotated["players"]] == names[k:] + names[:k]
        assert rotated["first_dealer"] == original["first_dealer"] == "Ann"
        # The decks deal from the button's left, so they are the same decks.
        assert rotated["hands"] == original["hands"]
        assert rotated["checks"] == [], "value lines name no player"
        assert (rotated["file"], rotated["line"]) == (original["file"], original["line"])


def test_a_case_without_a_stated_dealer_gets_its_first_listed_player_as_dealer() -> None:
    original = case("tied-pots-each-share-their-odd-chip")
    original["first_dealer"] = None
    for _, rotated in rotations(original):
        assert rotated["first_dealer"] == "Ann"


def test_a_case_that_plays_no_hand_has_no_rotation() -> None:
    values_only = next(c for c in cases().values() if not c["hands"])
    assert rotations(values_only) == []
    assert not any(name.startswith("rotated") for name, _ in variants(values_only))


# ----- suits ---------------------------------------------------------------------------


def test_the_suit_permutation_moves_every_suit_and_depends_only_on_the_id() -> None:
    assert len(DERANGEMENTS) == 9
    for case_id in sorted(cases())[:40]:
        mapping = suit_map(case_id)
        assert sorted(mapping.values()) == sorted("shdc")
        assert all(a != b for a, b in mapping.items())
        assert suit_map(case_id) == mapping
    assert len({tuple(suit_map(i).values()) for i in cases()}) > 1, "not one fixed permutation"


def _cards_in(value: Any) -> list[str]:
    """Every card text in a case, wherever it is."""
    if isinstance(value, str):
        return [value] if re.fullmatch(r"[A2-9TJQK][shdc]", value) else []
    if isinstance(value, dict):
        return [card for item in value.values() for card in _cards_in(item)]
    if isinstance(value, list):
        return [card for item in value for card in _cards_in(item)]
    return []


def test_suits_maps_every_card_of_the_case_and_nothing_else() -> None:
    original = case("stub-mixed-into-the-reshuffle")
    mapping = {"s": "h", "h": "d", "d": "c", "c": "s"}
    permuted = suits(original, mapping)
    assert permuted is not None and permuted["id"] == "stub-mixed-into-the-reshuffle [suits]"
    before, after = _cards_in(original), _cards_in(permuted)
    assert after == [card[0] + mapping[card[1]] for card in before]
    for hand in permuted["hands"]:
        assert sorted(hand["deck"]) == sorted(str(card) for card in DECK)
    # The players, amounts and expected values are untouched; the line texts show the cards.
    assert permuted["players"] == original["players"]
    steps = {step["line"]: step for step in permuted["hands"][0]["steps"]}
    assert steps[25]["source"] == "Hal discards K♥ Q♥ J♥"
    assert steps[26]["value"] == {"player": "Hal", "cards": ["Ah", "Kd", "Kc", "Ks"]}
    assert steps[26]["source"] == "Hal has A♥ K♦ K♣ K♠"


def test_suits_rewrites_cards_in_every_written_form_and_leaves_words_alone() -> None:
    sample = {
        "id": "x",
        "checks": [
            {"op": "evaluate", "line": 3, "source": "evaluate As 10h A♠ Td is 2-card", "cards": []}
        ],
        "hands": [
            {
                "deck": ["As"],
                "steps": [{"op": "note", "line": 4, "text": "As Ann says"}],
            }
        ],
    }
    permuted = suits(sample, {"s": "h", "h": "d", "d": "c", "c": "s"})
    assert permuted is not None
    assert permuted["checks"][0]["source"] == "evaluate Ah 10d A♥ Tc is 2-card"
    assert permuted["hands"][0]["steps"][0]["text"] == "As Ann says", "notes are prose"
    assert permuted["hands"][0]["deck"] == ["Ah"]


def test_a_case_without_cards_has_no_suits_variant() -> None:
    empty = {"id": "x", "checks": [], "hands": []}
    assert suits(empty) is None


# ----- card-order ----------------------------------------------------------------------


def test_card_order_reverses_each_stated_deal_and_restacks_the_deck_to_match() -> None:
    original = case("tied-pots-each-share-their-odd-chip")
    reordered = card_order(original)
    assert reordered is not None and reordered["id"].endswith(f" [{CARD_ORDER}]")
    names = [p["name"] for p in original["players"]]
    before, after = original["hands"][0], reordered["hands"][0]
    assert {n: cards[::-1] for n, cards in before["deal"].items()} == after["deal"]
    assert sorted(after["deck"]) == sorted(before["deck"])
    places = deal_places(after, names, 4)
    assert set(places) == set(after["deal"]), "the new deck deals the new order"
    dealt = {i for where in places.values() for i in where}
    assert all(after["deck"][i] == before["deck"][i] for i in range(52) if i not in dealt)
    # Each draw's discards the other way round, and nothing else of the steps moved.
    for old, new in zip(before["steps"], after["steps"], strict=True):
        if old.get("discards"):
            assert new["discards"] == old["discards"][::-1]
        assert {k: v for k, v in new.items() if k != "discards"} == {
            k: v for k, v in old.items() if k != "discards"
        }


def test_card_order_leaves_the_deal_of_a_hand_whose_stub_may_be_rebuilt() -> None:
    """A rebuilt stub takes its order from the deck (R8.18): moving the dealt cards in the
    deck would change which cards come back, so that deal stays as it is."""
    original = case("stub-mixed-into-the-reshuffle")
    reordered = card_order(original)
    assert reordered is not None, "its discards can still be reversed"
    assert reordered["hands"][0]["deck"] == original["hands"][0]["deck"]
    assert reordered["hands"][0]["deal"] == original["hands"][0]["deal"]


def test_card_order_leaves_out_the_value_lines_the_runner_asks_in_every_order() -> None:
    with_values = next(c for c in cases().values() if c["checks"] and c["hands"])
    reordered = card_order(with_values)
    assert reordered is not None and reordered["checks"] == []
    values_only = next(c for c in cases().values() if c["checks"] and not c["hands"])
    assert card_order(values_only) is None


def test_nothing_to_reorder_is_no_variant() -> None:
    one_card = {
        "id": "x",
        "players": [],
        "checks": [
            {"op": "evaluate", "line": 1, "source": "", "cards": ["As"], "value": {}},
        ],
        "hands": [],
    }
    assert card_order(one_card) is None


def test_the_whole_suite_forms_its_variants_and_names_them() -> None:
    planned = plan(suite(), with_variants=True)
    kinds = Counter("rotated" if p.variant.startswith("rotated") else p.variant for p in planned)
    written = kinds.pop("")
    assert written == len(suite().scenarios)
    assert set(kinds) == {"rotated", SUITS, CARD_ORDER}
    assert kinds[SUITS] == written, "every case holds cards"
    assert kinds["rotated"] == sum(len(c["players"]) - 1 for c in cases().values() if c["hands"])
    for item in planned:
        assert item.case is not None
        if item.variant:
            assert item.case["id"] == f"{item.scenario.id} [{item.variant}]"
            assert item.case["line"] == item.scenario.where.line


# ----- the mutants only the variants kill ---------------------------------------------


def _citing(rule: str) -> list[dict[str, Any]]:
    return [
        cases()[s.id]
        for s in suite().scenarios
        if any(r == rule or r.startswith(rule + ".") for r in s.rules)
    ]


@pytest.mark.parametrize("name", VARIANT_MUTANTS)
def test_the_cases_as_written_miss_the_mutant_and_its_variants_catch_it(name: str) -> None:
    mutant = BY_NAME[name]
    assert mutant.needs == "variants"
    runner = Runner(MutantImplementation(mutant))
    plain = run_suite(MutantImplementation(mutant), suite())
    assert [r.id for r in plain if r.status != "passed"] == [], "the suite as written misses it"
    caught = [
        result.id
        for original in _citing(mutant.rule)
        for _, variant in variants(original)
        if (result := runner.run(variant)).status == "failed"
    ]
    assert caught, f"no variant catches {name}"
    assert all("[rotated-" in case_id for case_id in caught), "a seating misread: rotations"


def test_the_odd_chip_mutant_is_right_whenever_the_button_is_listed_first_or_last() -> None:
    """What keeps it hidden: in every odd-chip scenario the button sits at one end of the
    list, where "in list order, the button last" is the order from the button's left."""
    hand_class = BY_NAME["odd-chip-to-the-first-listed"].hand
    table = profiles.get("pokerstars-2010")

    def hands(dealer: int) -> tuple[Hand, Hand]:
        made = {"deck": DECK, "stacks": [100] * 3, "dealer": dealer, "profile": table}
        return Hand(**made), hand_class(**made)  # type: ignore[arg-type]

    for dealer in (0, 2):
        right, wrong = hands(dealer)
        assert wrong._split(5, (0, 2)) == right._split(5, (0, 2))
    right, wrong = hands(1)
    assert right._split(5, (0, 2)) == (2, 3), "seat 2 is first left of the button"
    assert wrong._split(5, (0, 2)) == (3, 2)


def test_the_mutants_command_runs_the_variants_for_a_mutant_that_needs_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    side_pots = SCENARIOS / "08-profiles-and-tables" / "side-pots"
    status = main(["mutants", "--only", "odd-chip-to-the-first-listed", str(side_pots)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "[rotated-" in out
    assert out.splitlines()[-1] == "1 killed, 0 survived, 0 equivalent of 1 mutants"


def test_variants_appear_in_the_json_report(tmp_path: Path) -> None:
    from badugi_spec.scenario.report import to_json

    one = load_suite([SCENARIOS / "08-profiles-and-tables" / "side-pots"])
    results = run_suite(EngineImplementation(), one, with_variants=True)
    report = json.loads(json.dumps(to_json(results, one.errors, implementation="engine")))
    ids = [c["id"] for c in report["cases"]]
    assert len(ids) > len(one.scenarios)
    assert any(i.endswith(" [suits]") for i in ids) and any("[rotated-1]" in i for i in ids)
    assert report["summary"]["passed"] == len(ids)
