"""Pages for learners: how to play, the flow of a hand, rankings, odds and the glossary.

Every figure on these pages comes from the code: stakes and rounds from
`badugi_spec.profiles`, hand values from the evaluator, chances from `badugi_spec.rankings.odds`.
Card examples in the glossary are checked against the evaluator while the page is built.
"""

from __future__ import annotations

import functools
import itertools
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Final

from badugi_spec.cards import DECK, Rank, parse_cards
from badugi_spec.profiles.model import HOUSE
from badugi_spec.rankings import RANKINGS
from badugi_spec.rankings.house import (
    MAX_CARDS,
    describe_ranks,
    evaluate,
    parse_value,
    strength_of_mask,
)
from badugi_spec.rankings.odds import draw_odds, percent

from .render import cards_html, text

RuleLink = Callable[[str], str]


def faces(cards: str) -> str:
    """Card faces for card text, with the cards that do not play greyed."""
    hand = parse_cards(cards)
    playing = set(evaluate(hand).cards) if 1 <= len(hand) <= MAX_CARDS else set(hand)
    return " ".join(cards_html([c], css="" if c in playing else "off") for c in hand)


# ----- the flow of a hand, as SVG ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Stage:
    title: str
    detail: str
    kind: str  # bet, draw, other


def stages() -> list[_Stage]:
    """The steps of one hand, from the structure: blinds, deal, rounds and draws, showdown."""
    out = [
        _Stage("Blinds", f"{HOUSE.small_blind} and {HOUSE.big_blind}", "other"),
        _Stage("Deal", f"{HOUSE.hand_size} cards each", "other"),
    ]
    for number, size in enumerate(HOUSE.bet_sizes, start=1):
        out.append(_Stage(f"Bet {number}", f"bets of {size}", "bet"))
        if number <= HOUSE.draws:
            out.append(_Stage(f"Draw {number}", "burn, 0-4 cards", "draw"))
    out.append(_Stage("Showdown", "lowest wins", "other"))
    return out


def flow_svg(*, columns: int) -> str:
    """The stages as boxes joined by arrows, `columns` to a row, snaking left to right."""
    items = stages()
    box_w, box_h, gap_x, gap_y = 118, 52, 26, 34
    rows = -(-len(items) // columns)
    width = columns * box_w + (columns - 1) * gap_x + 4
    height = rows * box_h + (rows - 1) * gap_y + 4
    parts = [
        f'<svg class="flow" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' role="img" aria-label="The flow of one hand: '
        + ", ".join(text(s.title) for s in items)
        + '">',
        f'<defs><marker id="arrow-{columns}" viewBox="0 0 10 10" refX="9" refY="5"'
        ' markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" class="flow-arrow"/></marker></defs>',
    ]
    centres: list[tuple[float, float]] = []
    for index, stage in enumerate(items):
        row, col = divmod(index, columns)
        if row % 2:  # snake: odd rows run right to left
            col = columns - 1 - col
        x = 2 + col * (box_w + gap_x)
        y = 2 + row * (box_h + gap_y)
        centres.append((x + box_w / 2, y + box_h / 2))
        parts.append(
            f'<g class="flow-{stage.kind}"><rect x="{x}" y="{y}" width="{box_w}"'
            f' height="{box_h}" rx="8"/>'
            f'<text x="{x + box_w / 2}" y="{y + 21}" class="flow-title">{text(stage.title)}</text>'
            f'<text x="{x + box_w / 2}" y="{y + 40}" class="flow-detail">{text(stage.detail)}'
            "</text></g>"
        )
    for (x1, y1), (x2, y2) in itertools.pairwise(centres):
        if y1 == y2:
            step = box_w / 2 + 2
            direction = 1 if x2 > x1 else -1
            start, end = x1 + direction * step, x2 - direction * (step + 2)
            parts.append(
                f'<line x1="{start}" y1="{y1}" x2="{end}" y2="{y2}" class="flow-line"'
                f' marker-end="url(#arrow-{columns})"/>'
            )
        else:
            parts.append(
                f'<line x1="{x1}" y1="{y1 + box_h / 2 + 2}" x2="{x2}" y2="{y2 - box_h / 2 - 4}"'
                f' class="flow-line" marker-end="url(#arrow-{columns})"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def flow_html() -> str:
    """Two layouts of the same picture: wide for desktops, narrow for phones (CSS picks)."""
    return (
        f'<figure class="flow-figure"><div class="flow-wide">{flow_svg(columns=6)}</div>'
        f'<div class="flow-narrow">{flow_svg(columns=2)}</div>'
        "<figcaption>One hand. A fold at any betting round ends it at once.</figcaption>"
        "</figure>"
    )


# ----- how to play ---------------------------------------------------------------------


def _most_in_round(number: int) -> int:
    return HOUSE.cap * HOUSE.bet_sizes[number - 1]


def how_to_play_md(rule_link: RuleLink, example: str) -> str:
    """One hand walked through, with the flow picture and an executed example."""
    small, big = HOUSE.small_blind, HOUSE.big_blind
    sizes = HOUSE.bet_sizes
    most = sum(_most_in_round(n) for n in range(1, HOUSE.betting_rounds + 1))
    rounds = [
        "| Round | When | Bets and raises | Most one player puts in | Acts first |",
        "| --- | --- | ---: | ---: | --- |",
    ]
    for number in range(1, HOUSE.betting_rounds + 1):
        when = "after the deal" if number == 1 else f"after draw {number - 1}"
        first = "dealer" if number == 1 else "big blind"
        rounds.append(
            f"| {number} | {when} | {sizes[number - 1]} | {_most_in_round(number)} | {first} |"
        )
    r = rule_link
    lines = [
        "# How to play",
        "",
        "If you know poker, you know most of Badugi already: blinds, betting rounds, calls,"
        " raises and folds work as in any fixed-limit game. Two things are new. Nobody shares"
        " cards: each player has four of their own and may swap some of them three times."
        f" And the **lowest** hand wins, counting only cards that differ in rank **and** suit"
        f" ({r('R2.1')}).",
        "",
        "## What you are trying to make",
        "",
        "Four cards of four different ranks in four different suits: a **badugi**"
        f" ({r('R2.2')}). Aces are low ({r('R1.2')}), so the best hand is"
        f" {faces('A♠ 2♥ 3♦ 4♣')} ({r('R2.8')}). A card that repeats a rank or a suit of"
        " the others does not play: it is shown grey on this site. So"
        f" {faces('A♠ 2♥ 3♦ K♦')} is only a three-card hand, 3-2-A, because the K♦ and"
        " 3♦ are both diamonds. Any badugi beats any three-card hand, any three-card hand"
        f" beats any two-card hand, and so on ({r('R2.3')}); between hands of the same size,"
        f" compare the highest cards first, and the lower one wins ({r('R2.4')}).",
        "",
        "## One hand, start to finish",
        "",
        flow_html(),
        "",
        f"1. **Seats and blinds.** Two players, {HOUSE.starting_stack} chips each"
        f" ({r('R1.4')}). The dealer has the button and posts the small blind of {small};"
        f" the other player posts the big blind of {big} ({r('R1.5')}). The button changes"
        f" hands after every hand ({r('R6.2')}).",
        f"2. **The deal.** Four cards each, face down, one at a time, big blind first"
        f" ({r('R1.7')}).",
        f"3. **First betting round.** The dealer acts first ({r('R3.3')}): call {big - small},"
        f" raise to {big + sizes[0]}, or fold. If the dealer just calls, the big blind still"
        f" has the **option** to check or raise ({r('R3.7')}).",
        f"4. **First draw.** One card is burned ({r('R4.4')}). The big blind throws away"
        " any number of cards from none to all four and gets as many new ones; then the"
        f" dealer does the same ({r('R4.2')}, {r('R4.3')}). Keeping all four is"
        " **standing pat**.",
        f"5. **Three more rounds, two more draws.** Bet, draw, bet, draw, bet"
        f" ({r('R3.1')}). From now on the big blind acts first. With nothing to call you"
        f" may check or bet, but not fold ({r('R3.4')}); facing a bet you may call, raise"
        f" or fold ({r('R3.5')}). A check does not stop you raising later in the round"
        f" ({r('R3.8')}).",
        f"6. **Showdown.** After the fourth round both hands are shown and the better one"
        f" takes the pot; equal hands split it ({r('R5.1')}, {r('R5.2')}).",
        "",
        f"### Bet sizes and the cap ({r('R3.2')}, {r('R3.6')})",
        "",
        f"Every bet and raise is one fixed size. A round allows one bet and"
        f" {HOUSE.cap - 1} raises, and before the first draw the big blind counts as that"
        f" bet. So a player can put in at most {most} chips in a whole hand:",
        "",
        *rounds,
        "",
        "### Short stacks and the session",
        "",
        "A player who cannot cover a bet puts in what they have and is **all-in**; the"
        " chips the other player put in that were not covered go back to them, and the"
        f" draws go on without more betting ({r('R5.4')}, {r('R5.7')}). A session is"
        f" {HOUSE.hands_per_session} hands, or less if someone runs out of chips; the bigger"
        f" stack wins it ({r('R6.4')}, {r('R6.5')}).",
        "",
        "## A whole hand, as played by the engine",
        "",
        "Read the table below top to bottom. Each section is a betting round (with its bet"
        " size) or a draw (with its burn). Cards that do not play are grey, and the pot and"
        " stacks are as they stand after each move.",
        "",
        example,
        "",
        "## Next",
        "",
        "- [Try a hand](../try.md): type four cards and see what they are worth.",
        "- [Hand rankings](rankings.md) and [drawing odds](odds.md).",
        "- The rules in full, one chapter at a time, starting with"
        " [cards and positions](01-cards-and-positions.md); the [glossary](glossary.md)"
        " explains the words.",
        "",
    ]
    return "\n".join(lines)


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


# ----- glossary ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Term:
    word: str
    meaning: str
    rules: tuple[str, ...] = ()
    example: str = ""
    """Cards shown with the term; checked to have `value`, if one is given."""
    value: str = ""


GLOSSARY_FILE: Final = "glossary.toml"


def glossary() -> list[Term]:
    """The terms, from `glossary.toml` beside this module, with the stakes filled in."""
    raw = resources.files("badugi_spec.docs").joinpath(GLOSSARY_FILE).read_text("utf-8")
    stakes = {
        "small_blind": HOUSE.small_blind,
        "big_blind": HOUSE.big_blind,
        "small_bet": HOUSE.bet_sizes[0],
        "big_bet": HOUSE.bet_sizes[-1],
    }
    return [
        Term(
            word=entry["word"],
            meaning=entry["meaning"].format(**stakes),
            rules=tuple(entry.get("rules", ())),
            example=entry.get("example", ""),
            value=entry.get("value", ""),
        )
        for entry in tomllib.loads(raw)["term"]
    ]


def glossary_md(rule_link: RuleLink) -> str:
    lines = [
        "# Glossary",
        "",
        "The words used on this site and at the table, with the rules that define them.",
        "",
    ]
    for term in sorted(glossary(), key=lambda t: t.word):
        extra = ""
        if term.example:
            hand = parse_cards(term.example)
            if term.value:
                actual = evaluate(hand)
                wanted = parse_value(term.value)[0]
                assert actual.strength == wanted, (term.word, str(actual))
            extra = f" For example {faces(term.example)}" + (
                f": {term.value}." if term.value else "."
            )
        rules = " (" + ", ".join(rule_link(r) for r in term.rules) + ")" if term.rules else ""
        lines += [f"**{term.word}**", f": {term.meaning}{extra}{rules}", ""]
    return "\n".join(lines)
