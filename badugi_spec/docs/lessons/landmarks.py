"""Landmark hands of the two five-card lows (2-7 and A-5) and of the Badugi halves
(`data/landmarks.toml`): each valued by its ranking, a low's with the exact share of all
2,598,960 five-card hands it beats (`rankings.census`); and the figures of a ranking a
lesson may name (`figure`).
"""

from __future__ import annotations

import re
from typing import Final

from badugi_spec.rankings import ranking
from badugi_spec.rankings.census import best_low, share_beaten

from ..templating import data
from .figures import Figure

Landmarks = list[list[str]]
"""[cards, comment] per row; the rows' order, values and shares come from the ranking."""
LOWS: Final[dict[str, Landmarks]] = data("landmarks")["lows"]
TABLES: Final[dict[str, Landmarks]] = {**LOWS, **data("landmarks")["badugi_halves"]}
"""The landmark tables by ranking name (`[[landmarks low-2-7]]` in a lesson)."""


def table_md(name: str) -> list[str]:
    """The landmark hands of ranking `name` best first, as it orders them; a low's with the
    share of all five-card hands each beats."""
    rank, shares = ranking(name), name in LOWS
    valued = sorted(TABLES[name], key=lambda m: rank.evaluate(m[0]), reverse=True)
    head = "| Hand | Value | Beats | Comment |" if shares else "| Hand | Value | Comment |"
    lines = [head, "| --- | --- | --- | --- |" if shares else "| --- | --- | --- |"]
    for cards, comment in valued:
        beats = f" {share_beaten(name, cards):.1%} |" if shares else ""
        lines.append(f"| {cards} | {rank.evaluate(cards)} |{beats} {comment} |")
    return lines


_RANKED: Final = re.compile(r"(rank|beats|best|better) ([\w-]+)(?::(.*))?")


def figure(ref: str) -> Figure | None:
    """A figure of a ranking rather than a hand, or None if `ref` is not one:
    `rank low-2-7: A♠ 5♥ 4♦ 3♣ 2♠` (its value), `beats low-2-7: ...` (the share of all
    five-card hands it beats), `best low-2-7` (the best hand's value), and
    `better low-2-7: X | Y` (the better of two hands, or `They tie`)."""
    match = _RANKED.fullmatch(ref.strip())
    if match is None:
        return None
    what, name, cards = match.group(1), match.group(2), (match.group(3) or "").strip()
    try:
        rank = ranking(name)
        if what == "best":
            return Figure(best_low(name), "value")
        if what == "rank":
            return Figure(str(rank.evaluate(cards)), "value")
        if what == "beats":
            return Figure(f"{share_beaten(name, cards):.1%}", "percent", share_beaten(name, cards))
        first, _, second = (part.strip() for part in cards.partition("|"))
        a, b = rank.evaluate(first), rank.evaluate(second)
        return Figure(first if a > b else second if b > a else "They tie", "cards")
    except (ValueError, KeyError) as error:
        raise ValueError(f"[[{ref}]]: {error}") from None
