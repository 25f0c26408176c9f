"""The rankings' section of the reference-figures page, read from the built site."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.census import FIVE_CARD_STEP, suit_sum_zero_hands
from tests.test_docs import shared_site


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> str:
    page = shared_site(tmp_path_factory) / "generated" / "figures" / "index.html"
    return Path(page).read_text(encoding="utf-8")


def _row(page: str, first_cell: str) -> list[str]:
    row = page.split(f"<td>{first_cell}</td>", 1)[1].split("</tr>", 1)[0]
    return [cell.split(">", 1)[1] for cell in row.split("</td>") if ">" in cell]


def test_distinct_values_per_ranking(figures: str) -> None:
    assert 'id="ranking-values"' in figures
    assert _row(figures, "<code>badugi</code>")[1:] == ["1,092", "1,088"]
    assert _row(figures, "<code>badugi-ace-high</code>")[1:] == ["1,092", "1,088"]
    assert _row(figures, "<code>low-2-7</code>")[1:] == ["—", "7,462"]
    assert _row(figures, "<code>low-a-5</code>")[1:] == ["—", "6,175"]
    assert 'href="../09-five-card-rankings/#R9.5"' in figures


def test_lows_by_category_match_the_textbook_counts(figures: str) -> None:
    # High-hand poker's counts, moved where 2-7 and A-5 differ: the wheel is no straight
    # in 2-7 (1,020 more no-pair hands, 4 more flushes), and A-5 ignores runs and suits.
    expected = {
        "no pair": ["1,303,560", "1,317,888"],
        "pair": ["1,098,240", "1,098,240"],
        "two pair": ["123,552", "123,552"],
        "three of a kind": ["54,912", "54,912"],
        "straight": ["9,180", "—"],
        "flush": ["5,112", "—"],
        "full house": ["3,744", "3,744"],
        "four of a kind": ["624", "624"],
        "straight flush": ["36", "—"],
    }
    for category, cells in expected.items():
        assert _row(figures, category) == cells, category


def test_five_card_hands_are_counted_in_fours() -> None:
    # The figures value one hand in four (badugi_spec/docs/rankings_figures.py): the four
    # suit shifts of a hand have the four suit sums modulo 4 and one value in every ranking.
    hands = suit_sum_zero_hands()
    assert len(hands) * FIVE_CARD_STEP == 2_598_960
    assert len(set(hands)) == len(hands)
    assert all(list(h) == sorted(h) and sum(i & 3 for i in h) % 4 == 0 for h in hands)
    rng = random.Random(4)
    for _ in range(2_000):
        hand = rng.sample(range(52), 5)
        shifts = [[i & ~3 | (i + k) & 3 for i in hand] for k in range(4)]
        assert sorted(sum(i & 3 for i in s) % 4 for s in shifts) == [0, 1, 2, 3]
        for chosen in RANKINGS.values():
            assert len({chosen.strength(s) for s in shifts}) == 1, (chosen.name, hand)
