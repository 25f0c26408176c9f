"""Our rankings against PokerKit's hand classes on a seeded sample of 40,000 hands.

The full run, every four- and five-card hand, is `make pokerkit-rankings` (its result is
in docs/implementers.md); it takes most of an hour, because PokerKit's five-card Badugi
hands cost a few hundred microseconds each.
"""

from __future__ import annotations

import pytest

from badugi_spec.interop.pokerkit import rankings_check as pokerkit_check
from badugi_spec.interop.pokerkit.rankings_check import agree, sample

# 15,000 hands for each low, 2,500 four-card and 2,500 five-card hands for each Badugi
# ranking: 40,000 in all, about 2 s of CPU. PokerKit's classes cost tens to hundreds of
# microseconds a hand, so a bigger sample buys little here: the exhaustive comparison is
# `make pokerkit-rankings`, and our own rankings are held to a brute force over every
# hand class in test_rankings_exhaustive.
SAMPLE = {"badugi": 2_500, "badugi-ace-high": 2_500, "low-2-7": 15_000, "low-a-5": 15_000}
CASES = [(name, size) for name in SAMPLE for size in pokerkit_check.sizes(name)]


@pytest.mark.parametrize(("name", "size"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_pokerkit_agrees_on_a_sample(name: str, size: int) -> None:
    result = agree(name, sample(size, SAMPLE[name], seed=2024), size=size)
    assert result.disagreement is None, result.line()
    assert result.hands == SAMPLE[name]


def test_a_difference_is_found_and_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    # A-5 against PokerKit's 2-7 class: the wheel is the best hand in one, ace high in the other.
    monkeypatch.setitem(pokerkit_check.POKERKIT_CLASSES, "low-a-5", "StandardLowHand")
    result = agree("low-a-5", sample(5, 2_000, seed=1), size=5)
    assert result.disagreement is not None
    assert "DIFFER" in result.line()
    assert "StandardLowHand" in result.line()


def test_samples_are_seeded_and_distinct() -> None:
    first = list(sample(5, 1_000, seed=3))
    assert first == list(sample(5, 1_000, seed=3))
    assert len({frozenset(hand) for hand in first}) == 1_000
    assert first != list(sample(5, 1_000, seed=4))


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert pokerkit_check.main(["--sample", "200", "--ranking", "low-2-7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("low-2-7 vs StandardLowHand, 5-card hands: 200 hands,")
    assert "agree" in out
