"""Helpers shared by several test modules: an independent hand ranking and CLI runners.

The ranking is written here from the rulebook (R2.1-R2.4), not taken from the package, so
tests that compare the evaluator with it can fail.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import pytest

from badugi_spec.cards import Card
from badugi_spec.cli import main

Key = tuple[int, tuple[int, ...]]
Capsys = pytest.CaptureFixture[str]


def brute_key(cards: Iterable[Card]) -> Key:
    """Larger is better: most playable cards, then the lowest ranks from the top down."""
    hand = tuple(cards)
    best: Key = (0, ())
    for size in range(1, len(hand) + 1):
        for group in itertools.combinations(hand, size):
            if len({c.rank for c in group}) == size == len({c.suit for c in group}):
                high_first = sorted((c.rank.order for c in group), reverse=True)
                best = max(best, (size, tuple(-order for order in high_first)))
    return best


def run_cli(argv: Sequence[str], capsys: Capsys) -> tuple[int, str, str]:
    """Run the CLI in-process: (status, stdout, stderr)."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # main returns; this only guards a regression
        assert isinstance(stop.code, int)
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(status: int, out: str, err: str) -> str:
    """Assert the CLI failed as promised: status 2, one `badugi-spec: error:` line, no trace."""
    assert status == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    assert lines[0].startswith("badugi-spec: error: ")
    return lines[0]
