"""The note under a worked example on how its Badugi values were found (R2.5): the best of
the 2^n - 1 groups of a hand's n cards, counted from the example's own hands (a Badeucy
example must not say 15). A low plays all five cards: hands valued only so get no note.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from badugi_spec.replays.words import number_word

from .templating import render

BADUGI_RANKINGS: Final = frozenset({"badugi", "badugi-ace-high"})


def groups(cards: int) -> int:
    return (1 << cards) - 1


def badugi_hand_sizes(case: Mapping[str, Any]) -> set[int]:
    """The sizes of the example's hands valued as Badugi hands: those of its `evaluate` and
    `compare` lines, and the hand size of a game it deals."""
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
