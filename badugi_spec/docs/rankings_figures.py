"""The rankings' part of the reference-figures page (chapter R9), computed at build time.

Every hand of each size goes through the ranking's own hot path, as in `make
pokerkit-rankings`: the 270,725 four-card hands for the Badugi rankings and the 2,598,960
five-card hands for all four. Nothing is typed in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from badugi_spec.rankings import RANKINGS, Category, Ranking
from badugi_spec.rankings.lows import LOW_2_7_RULES, LOW_A_5_RULES, LowRules


@dataclass(frozen=True, slots=True)
class RankingFigures:
    ranking: Ranking
    hands: dict[int, Counter[int]]
    """Hand size -> how many hands of that size have each strength."""

    def distinct(self, size: int) -> int:
        return len(self.hands[size])

    def total(self, size: int) -> int:
        return sum(self.hands[size].values())


def ranking_figures() -> list[RankingFigures]:
    figures = []
    for chosen in RANKINGS.values():
        sizes = (4, 5) if chosen.cards_used == 4 else (5,)
        hands = {n: Counter(map(chosen.strength, combinations(range(52), n))) for n in sizes}
        figures.append(RankingFigures(chosen, hands))
    return figures


def hands_by_category(figures: RankingFigures, rules: LowRules) -> Counter[Category]:
    by_category: Counter[Category] = Counter()
    for strength, count in figures.hands[5].items():
        by_category[rules.decode(strength)[0]] += count
    return by_category


def ranking_figures_md(rule_href: Callable[[str], str]) -> list[str]:
    """The page section; `rule_href` turns a rule ID into a link target."""
    figures = ranking_figures()

    def link(rule_id: str) -> str:
        return f"[{rule_id}]({rule_href(rule_id)})"

    lines = [
        "## Distinct values in each ranking {#ranking-values}",
        "",
        f"The four rankings of {link('R9.1')}, each run over every hand: how many different"
        " values the hands can have. Hands with the same value tie.",
        "",
        "| Ranking | Rule | Four-card hands | Five-card hands |",
        "| --- | --- | ---: | ---: |",
    ]
    for item in figures:
        four = f"{item.distinct(4):,}" if 4 in item.hands else "—"
        lines.append(
            f"| `{item.ranking.name}` | {link(item.ranking.rule)} | {four} | {item.distinct(5):,} |"
        )
    total5 = figures[0].total(5)
    lines += [
        "",
        f"Every figure counts all {figures[0].total(4):,} four-card or all {total5:,}"
        " five-card hands. Five cards reach four fewer Badugi values than four: a"
        " one-card value from five cards needs five cards of one suit, so its card has"
        " at least four ranks above it.",
        "",
        "### Five-card lows by category {#low-categories}",
        "",
        "| Category | `low-2-7` hands | `low-a-5` hands |",
        "| --- | ---: | ---: |",
    ]
    lows = {item.ranking.name: item for item in figures}
    by_27 = hands_by_category(lows["low-2-7"], LOW_2_7_RULES)
    by_a5 = hands_by_category(lows["low-a-5"], LOW_A_5_RULES)
    for category in Category:
        a5 = f"{by_a5[category]:,}" if category in LOW_A_5_RULES.categories else "—"
        lines.append(f"| {category.value} | {by_27[category]:,} | {a5} |")
    lines += [
        "",
        f"In `low-2-7` ({link('R9.5')}) A-5-4-3-2 is not a straight, so nine runs of ranks"
        " make straights, not the ten of high-hand poker; `low-a-5`"
        f" ({link('R9.6')}) counts no straight or flush at all.",
        "",
    ]
    return lines
