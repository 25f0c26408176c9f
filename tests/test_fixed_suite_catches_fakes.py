"""The fixed suite catches two evaluator-only fakes (issue 21): each is right everywhere
but one kind of hand, and before the value lines of this issue `verify` passed the first
of them whole.

- `tests/fakes/low_a5_full_house.py` scores every ace-to-five full house as the best hand:
  no `low-a-5` line held a full house, so every case passed. Caught now by
  `ace-to-five-every-category` (trips beat a full house) and
  `ace-to-five-within-a-category` (3-3-3-K-K beats 4-4-4-A-A).
- `tests/fakes/badugi_trips_kicker.py` plays two cards of trips (`2-A-A`). The house lines
  had one such hand (`seed-003-more-cards-always-win`), the five-card Badugi rankings none;
  caught now also by `trips-and-a-kicker`, `repeated-ranks-cost-cards` and
  `five-card-badugi-repeated-ranks`.

The low fake is run on chapter R9 alone, where every low line is; the Badugi fake on R2
and R9. Our own server passes both folders, so what fails is the fake, not the scenarios:
`tests/test_verify.py` runs the whole suite against it (a second run here cost 24 s).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.runner import CaseResult
from badugi_spec.scenario.suite import Suite, load_suite, run_suite
from tests.fakes import BADUGI_TRIPS_KICKER, LOW_A5_FULL_HOUSE

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
FOLDERS = (SCENARIOS / "02-hand-values", SCENARIOS / "09-five-card-rankings")

NEW_VALUE_LINES = {
    # scenario id: its file, both written for issue 21
    "trips-and-a-kicker": "02-hand-values/trips-and-a-kicker.badugi",
    "two-pair-plays-two-cards": "02-hand-values/two-pair-plays-two-cards.badugi",
    "repeated-ranks-cost-cards": "02-hand-values/repeated-ranks-cost-cards.badugi",
    "deuce-to-seven-every-category": "09-five-card-rankings/deuce-to-seven-every-category.badugi",
    "deuce-to-seven-within-a-category": (
        "09-five-card-rankings/deuce-to-seven-within-a-category.badugi"
    ),
    "ace-to-five-every-category": "09-five-card-rankings/ace-to-five-every-category.badugi",
    "ace-to-five-within-a-category": "09-five-card-rankings/ace-to-five-within-a-category.badugi",
    "five-card-badugi-repeated-ranks": (
        "09-five-card-rankings/five-card-badugi-repeated-ranks.badugi"
    ),
    "five-card-badugi-every-size": "09-five-card-rankings/five-card-badugi-every-size.badugi",
}


@pytest.fixture(scope="module")
def suite() -> Suite:
    """Every scenario with house or five-card Badugi value lines: chapters R2 and R9."""
    loaded = load_suite(FOLDERS)
    assert loaded.errors == []
    return loaded


@pytest.fixture(scope="module")
def rankings_suite() -> Suite:
    """Chapter R9 alone, the only one of the two with value lines in a low (R9.4 to R9.6)."""
    loaded = load_suite(FOLDERS[1:])
    assert loaded.errors == []
    return loaded


def verify(argv: Sequence[str], suite: Suite) -> list[CaseResult]:
    """`badugi-spec verify --impl ARGV` on `suite`, in process."""
    impl = ProcessImplementation(argv, timeout=20)
    try:
        return run_suite(impl, suite)
    finally:
        impl.close()


def failed(results: list[CaseResult]) -> set[str]:
    assert not [r.id for r in results if r.status == "errored"]
    return {r.id for r in results if r.status == "failed"}


def test_the_new_scenarios_are_where_the_test_says(suite: Suite) -> None:
    where = {s.id: Path(s.where.path).resolve() for s in suite.scenarios}
    assert {name: where.get(name) for name in NEW_VALUE_LINES} == {
        name: SCENARIOS / path for name, path in NEW_VALUE_LINES.items()
    }


def first_divergences(results: list[CaseResult]) -> dict[str, str]:
    """The failed cases and the scenario line each first diverges at."""
    return {r.id: r.divergence.source for r in results if r.divergence is not None}


def test_a_low_a5_full_house_fake_is_caught_only_by_the_new_lines(rankings_suite: Suite) -> None:
    results = verify([sys.executable, str(LOW_A5_FULL_HOUSE)], rankings_suite)
    assert failed(results) == {"ace-to-five-every-category", "ace-to-five-within-a-category"}
    # Its values are right, so a compare with a full house on one side is what sees it.
    assert first_divergences(results) == {
        "ace-to-five-every-category": "compare in low-a-5 K♠ K♥ K♦ Q♣ J♠ beats A♠ A♥ A♦ 2♣ 2♠",
        "ace-to-five-within-a-category": ("compare in low-a-5 3♠ 3♥ 3♦ K♣ K♠ beats 4♠ 4♥ 4♦ A♣ A♠"),
    }


def test_a_badugi_trips_fake_is_caught_by_the_new_lines(suite: Suite) -> None:
    results = verify([sys.executable, str(BADUGI_TRIPS_KICKER)], suite)
    caught = failed(results)
    new = caught & set(NEW_VALUE_LINES)
    assert new == {
        "trips-and-a-kicker",
        "repeated-ranks-cost-cards",
        "five-card-badugi-repeated-ranks",
    }
    # The one evaluate line with trips and a kicker the suite had before (four cards); its
    # compare lines with trips (lower-ranks-win, seed-003-four-of-a-kind) come out right
    # for the wrong reason, and in five cards it had no such hand at all.
    assert caught - new == {"seed-003-more-cards-always-win"}
    diverged = first_divergences(results)
    assert diverged["trips-and-a-kicker"] == "evaluate A♠ A♥ A♦ 2♣ is 2-card 2-A"
    assert diverged["five-card-badugi-repeated-ranks"] == (
        "evaluate in badugi A♠ A♥ A♦ 2♣ K♠ is 3-card K-2-A"
    )
    five_card = next(r for r in results if r.id == "five-card-badugi-repeated-ranks")
    assert five_card.divergence is not None and "2-A-A" in five_card.divergence.actual
