"""The note under a worked example on how its Badugi values were found (R2.5).

A Badugi value is the best of every group of a hand's cards, and a hand of n cards has
2^n - 1 groups that are not empty: 15 for four cards, 31 for five. The count is taken
from the example's own hands (the cards of its value lines, the hand size of the game it
deals), never written in: a Badeucy example must not say 15. A low (2-7, A-5) plays all
five cards, so hands valued only as lows get no note.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .replayer_words import number_word
from .templating import render

BADUGI_RANKINGS: Final = frozenset({"badugi", "badugi-ace-high"})


def groups(cards: int) -> int:
    """The groups of `cards` cards that hold at least one card: 2^n - 1."""
    return (1 << cards) - 1


def badugi_hand_sizes(case: Mapping[str, Any]) -> set[int]:
    """How many cards the example's hands hold, among those valued as Badugi hands: the
    cards of its `evaluate` and `compare` lines, and the hand size of a game it deals."""
    sizes: set[int] = set()
    for check in case.get("checks", ()):
        if (check.get("ranking") or "badugi") not in BADUGI_RANKINGS:
            continue
        if "cards" in check:
            sizes.add(len(check["cards"]))
        sizes.update(len(hand) for hand in check.get("hands", ()))
    if case.get("hands"):
        profile = case.get("profile") or {}
        if profile.get("ranking", "badugi") in BADUGI_RANKINGS:
            sizes.add(int(profile.get("hand_size", 4)))
    return sizes


def subset_note(case: Mapping[str, Any]) -> str:
    """The note's sentence, without the rule link; empty if no hand is valued as Badugi."""
    sizes = [{"groups": groups(n), "word": number_word(n)} for n in sorted(badugi_hand_sizes(case))]
    return render("example/subsets.html", sizes=sizes) if sizes else ""
