"""The learner pages on what a hand is worth: the hand rankings and the drawing odds.

The rankings page counts all 270,725 four-card hands with the evaluator's table (`ladder`,
which the figures page reads too) and values the five-card games' reference hands in each
ranking of chapter R9; the odds page's chances come from `badugi_spec.rankings.odds`.
Nothing on either page is typed in.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from badugi_spec.cards import DECK, Rank, parse_cards
from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.house import (
    MAX_CARDS,
    describe_ranks,
    evaluate,
    parse_value,
    strength_of_mask,
)
from badugi_spec.rankings.odds import draw_odds, percent

from .learn import faces
from .render import text

RuleLink = Callable[[str], str]

# ----- hand rankings -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every value, best first, with how many of the 270,725 four-card hands have it."""

    values: list[tuple[int, int]]
    """(strength, hands) from the best value down."""
    total: int

    def share_beaten(self, strength: int) -> float:
        """Share of all four-card hands that a hand of this strength beats."""
        return sum(h for s, h in self.values if s < strength) / self.total

    def share_at_least(self, strength: int) -> float:
        """Share of all four-card hands this good or better."""
        return sum(h for s, h in self.values if s >= strength) / self.total


@functools.cache
def ladder() -> Ladder:
    """Counted with the evaluator's table, which holds every hand's value by card mask."""
    bits = [1 << index for index in range(len(DECK))]
    counts = Counter(map(strength_of_mask, map(sum, combinations(bits, MAX_CARDS))))
    values = sorted(counts.items(), reverse=True)
    return Ladder(values, sum(counts.values()))


def _strength(value: str) -> int:
    return parse_value(value)[0]


_LANDMARKS: Final = (
    ("4-3-2-A", "A♠ 2♥ 3♦ 4♣", "the best hand"),
    ("6-5-4-3", "3♠ 4♥ 5♦ 6♣", ""),
    ("7-4-3-2", "2♠ 3♥ 4♦ 7♣", ""),
    ("8-6-4-2", "2♠ 4♥ 6♦ 8♣", ""),
    ("10-8-5-3", "3♠ 5♥ 8♦ 10♣", ""),
    ("Q-J-9-7", "7♠ 9♥ J♦ Q♣", ""),
    ("K-Q-J-10", "10♠ J♥ Q♦ K♣", "the worst badugi"),
    ("3-2-A", "A♠ 2♥ 3♦ 3♣", "the best three-card hand"),
    ("7-5-2", "2♠ 5♥ 7♦ 7♣", ""),
    ("K-Q-J", "J♠ Q♥ K♦ K♣", "the worst three-card hand"),
    ("2-A", "A♠ 2♥ A♥ 2♠", "the best two-card hand"),
    ("K-Q", "Q♠ K♥ K♠ Q♥", "the worst two-card hand"),
    ("A", "A♠ 2♠ 3♠ 4♠", "the best one-card hand"),
    ("K", "K♠ K♥ K♦ K♣", "the worst hand of all"),
)


def rankings_md(rule_link: RuleLink) -> str:
    lad = ladder()
    by_size: Counter[int] = Counter()
    values_by_size: Counter[int] = Counter()
    for strength, hands in lad.values:
        by_size[strength >> 16] += hands
        values_by_size[strength >> 16] += 1
    bars = []
    for size in (4, 3, 2, 1):
        share = by_size[size] / lad.total
        name = "badugi (4 cards play)" if size == 4 else f"{size} cards play"
        name = "1 card plays" if size == 1 else name
        bars.append(
            f'<div class="bar-row"><span class="bar-label">{name}</span>'
            f'<span class="bar" style="width:{max(share * 100, 0.6):.1f}%"></span>'
            f'<span class="bar-figure">{share:.2%}</span></div>'
        )
    lines = [
        "# Hand rankings",
        "",
        f"Lower is better, but size comes first: a hand with more cards that play beats any"
        f" hand with fewer ({rule_link('R2.3')}); within a size, compare from the highest"
        f" card down ({rule_link('R2.4')}). Suits never break a tie ({rule_link('R2.7')})."
        " Every figure here is counted over all"
        f" {lad.total:,} four-card hands by the project's evaluator.",
        "",
        "## How often each size is dealt",
        "",
        '<div class="bars">' + "".join(bars) + "</div>",
        "",
        "## Landmarks, best to worst",
        "",
        "The share on the right is how many dealt hands a hand beats. A made badugi is"
        " rare before the draws: most starting hands are three-card hands.",
        "",
        "| Hand | For example | Beats this share of dealt hands |",
        "| --- | --- | ---: |",
    ]
    for value, example, note in _LANDMARKS:
        strength = _strength(value)
        assert evaluate(parse_cards(example)).strength == strength, (value, example)
        label = describe_ranks(parse_value(value)[1]) + (f", {note}" if note else "")
        lines.append(f"| {text(label)} | {faces(example)} | {lad.share_beaten(strength):.2%} |")
    lines += [
        "",
        "## Badugis by their highest card",
        "",
        'Players name a badugi by its top card: a "seven" is a badugi whose highest'
        " card is a 7. How many four-card hands are badugis of each top card, and how"
        " many deals are at least that good:",
        "",
        "| Top card | Different badugis | Hands | This or better |",
        "| --- | ---: | ---: | ---: |",
    ]
    tops: dict[int, tuple[int, int, int]] = {}
    for strength, hands in lad.values:
        if strength >> 16 != 4:
            continue
        top = 14 - (strength >> 12 & 15)
        distinct, count, weakest = tops.get(top, (0, 0, strength))
        tops[top] = (distinct + 1, count + hands, min(weakest, strength))
    for top in sorted(tops):
        distinct, count, weakest = tops[top]
        rank = next(r for r in Rank if r.order == top)
        lines.append(
            f"| {rank.label} | {distinct:,} | {count:,} | {lad.share_at_least(weakest):.2%} |"
        )
    lines += ["", *_five_card_rankings_md(rule_link), ""]
    return "\n".join(lines)


_REFERENCE_HANDS: Final = (
    "2♠ 3♥ 4♦ 5♣ 7♠",
    "A♠ 2♥ 3♦ 4♣ 5♠",
    "A♠ 2♥ 3♦ 4♣ K♠",
    "A♠ 2♥ 3♦ 4♣ 9♠",
    "2♠ 3♥ 4♦ 6♣ K♦",
    "3♠ 4♥ 5♦ 6♣ 7♦",
    "2♥ 3♥ 4♥ 5♥ 7♥",
    "A♥ 2♥ 3♥ 4♥ 5♥",
    "2♠ 2♥ 3♦ 4♣ 8♠",
)
"""Five-card hands that tell the four rankings of chapter R9 apart (FAMILY-NOTES 3.3)."""

_RANKING_NOTES: Final = {
    "badugi": "the house ranking on up to five cards: the best group of at most four plays,"
    " aces low",
    "badugi-ace-high": "the same groups, but the ace ranks above the king, so it is the worst"
    " card a group can hold",
    "low-2-7": "all five cards play, aces high; straights and flushes count against the hand,"
    " and A-5-4-3-2 is no straight",
    "low-a-5": "all five cards play, aces low; straights and flushes are ignored, so"
    " 5-4-3-2-A is the best hand in any suits",
}


def _five_card_rankings_md(rule_link: RuleLink) -> list[str]:
    """Each ranking of chapter R9 with the reference hands valued in it, by the rankings
    themselves (`badugi_spec.rankings`), so the table cannot drift from the code."""
    lines = [
        "## The five-card games' rankings",
        "",
        "Badeucy and Badacy deal five cards and split each pot between a Badugi hand and a"
        " five-card low, so they value every hand twice, in two of four rankings"
        f" ({rule_link('R9.1')})."
        " Badeucy uses `badugi-ace-high` and `low-2-7`; Badacy uses `badugi` and `low-a-5`."
        " `badugi-spec hand --ranking NAME` explains any hand in any of them;"
        " `badugi-spec hand --game badeucy` explains both halves at once, and"
        " `badugi-spec compare --game badacy` says who takes each half, or who scoops.",
        "",
    ]
    for chosen in RANKINGS.values():
        lines.append(
            f"- `{chosen.name}`, {chosen.title} ({rule_link(chosen.rule)}):"
            f" {_RANKING_NOTES[chosen.name]}."
        )
    names = " | ".join(f"`{name}`" for name in RANKINGS)
    lines += ["", f"| Hand | {names} |", "| --- |" + " --- |" * len(RANKINGS)]
    for hand in _REFERENCE_HANDS:
        cells = []
        for chosen in RANKINGS.values():
            value = chosen.evaluate(hand)
            cells.append(f"{text(str(value))}: {faces(' '.join(map(str, value.cards)))}")
        lines.append(f"| {faces(hand)} | " + " | ".join(cells) + " |")
    return lines


# ----- drawing odds --------------------------------------------------------------------


_THREES: Final = (
    "A♠ 2♥ 3♦",
    "A♠ 2♥ 5♦",
    "2♠ 4♥ 6♦",
    "3♠ 5♥ 7♦",
    "4♠ 6♥ 8♦",
    "5♠ 7♥ 9♦",
    "8♠ 10♥ Q♦",
    "J♠ Q♥ K♦",
)


def odds_md(rule_link: RuleLink) -> str:
    r = rule_link
    lines = [
        "# Drawing odds",
        "",
        "Exact chances, worked out by the project's odds module (`badugi_spec.rankings.odds`, also"
        ' the command `badugi-spec odds "A♠ 2♥ 3♦" --draws 3`). The drawer keeps the'
        " cards that play, and at each later draw keeps any new card that plays with them"
        " and throws the rest. *Unseen* cards are all the cards the drawer has not seen:"
        " the stub, the opponent's hand and the burned cards. A burn is unseen, so it does"
        f" not change the odds ({r('R4.4')}); leaving it out of the unseen cards is a"
        " common mistake.",
        "",
        "## Three cards, drawing one {#three-cards}",
        "",
        "A rainbow three-card hand (three ranks, three suits) needs a card of the fourth"
        " suit whose rank it does not hold: 13 − 3 = 10 outs among the 48 cards it has not"
        " seen. The chance of *some* badugi is the same for every such hand; how low the"
        " badugi will be depends on the ranks held. *7 or better* counts only a badugi"
        " whose top card is a 7 or lower, drawn by throwing any higher card again.",
        "",
        "| Keep | Outs | Badugi, 1 draw | 2 draws | 3 draws | 8 or better, 3 draws |"
        " 7 or better, 3 draws |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kept in _THREES:
        any_badugi = draw_odds(kept)
        eight = draw_odds(kept, top=Rank.EIGHT).badugi[-1]
        seven = draw_odds(kept, top=Rank.SEVEN).badugi[-1]
        lines.append(
            f"| {faces(kept)} | {any_badugi.outs} | "
            + " | ".join(percent(p) for p in any_badugi.badugi)
            + f" | {percent(eight)} | {percent(seven)} |"
        )
    reference = draw_odds("A♠ 2♥ 3♦")
    lines += [
        "",
        f"Exactly: {reference.badugi[0]}, {reference.badugi[1]} and {reference.badugi[2]}"
        " for one, two and three draws (the last is 1 − 38·37·36 / (48·47·46)).",
        "",
        "## When you know some cards are dead {#dead-cards}",
        "",
        "Cards you have seen and thrown cannot come back to you"
        f" ({r('R4.5')}). If some of them were outs, your chances fall; if they were"
        " cards you never wanted, your chances rise a little, because fewer unseen cards"
        f" are left. Keeping {faces('A♠ 2♥ 3♦')}:",
        "",
        "| Known dead cards | Outs / unseen | 1 draw | 2 draws | 3 draws |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for dead, label in (
        ("", "none"),
        ("9♠ Q♥", "two non-clubs"),
        ("4♣", "one club"),
        ("4♣ 5♣", "two clubs"),
        ("4♣ 5♣ 6♣ 7♣", "four clubs"),
    ):
        odds = draw_odds("A♠ 2♥ 3♦", dead=dead)
        shown = faces(dead) if dead else ""
        lines.append(
            f"| {label} {shown} | {odds.outs} / {odds.unseen} | "
            + " | ".join(percent(p) for p in odds.badugi)
            + " |"
        )
    lines += [
        "",
        "## Drawing two or three {#more-cards}",
        "",
        "Fewer kept cards means more to find. *Improve* is the chance of ending with more"
        " cards that play than you kept.",
        "",
        "| Keep | Draw | Badugi, 1 draw | 2 draws | 3 draws | Improve, 3 draws |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kept in ("A♠ 2♥ 3♦", "A♠ 2♥", "A♠"):
        odds = draw_odds(kept)
        lines.append(
            f"| {faces(kept)} | {MAX_CARDS - len(parse_cards(kept))} | "
            + " | ".join(percent(p) for p in odds.badugi)
            + f" | {percent(odds.improve[-1])} |"
        )
    lines += [""]
    return "\n".join(lines)
