"""The rankings' section of the reference-figures page, read from the built site."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.census import suit_classes
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


def _suits_renamed_away(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """What a hand keeps when its suits are renamed: the rank sets of its suits, unordered."""
    return tuple(sorted(tuple(sorted(i >> 2 for i in hand if i & 3 == s)) for s in range(4)))


def test_suit_classes_hold_every_hand_once() -> None:
    # The figures value one hand per class of hands alike but for their suits' names
    # (rankings.census.suit_classes): against every hand of up to three cards, class by class.
    for size in (1, 2, 3):
        every = Counter(map(_suits_renamed_away, itertools.combinations(range(52), size)))
        classes = {
            _suits_renamed_away(hand): count
            for count, alike in suit_classes(size).items()
            for hand in alike
        }
        assert classes == dict(every), size
    for size, hands, valued in ((4, 270_725, 16_432), (5, 2_598_960, 134_459)):
        found = suit_classes(size)
        assert sum(count * len(alike) for count, alike in found.items()) == hands
        assert sum(map(len, found.values())) == valued
        assert all(list(h) == sorted(h) and len(set(h)) == size for a in found.values() for h in a)


def test_renaming_the_suits_changes_no_value() -> None:
    rng = random.Random(4)
    renamings = list(itertools.permutations(range(4)))
    for _ in range(300):
        hand = rng.sample(range(52), 5)
        for chosen in RANKINGS.values():
            values = {
                chosen.strength(sorted(i & ~3 | new[i & 3] for i in hand)) for new in renamings
            }
            assert len(values) == 1, (chosen.name, hand)
