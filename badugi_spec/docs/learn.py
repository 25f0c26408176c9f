"""Pages for learners: how to play (one hand walked through, with its flow drawn as SVG)
and the glossary; and `faces`, the card faces that every learner page shows.

Every figure on these pages comes from the code: stakes and rounds from
`badugi_spec.profiles`, hand values from the evaluator. Card examples in the glossary are
checked against the evaluator while the page is built. The rankings and drawing-odds pages
are in `rankings_odds`.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Final

from badugi_spec.cards import parse_cards
from badugi_spec.profiles.model import HOUSE
from badugi_spec.rankings import ranking
from badugi_spec.rankings.house import MAX_CARDS, evaluate, parse_value

from .render import cards_html, text

RuleLink = Callable[[str], str]
HOUSE_RANKING: Final = "badugi"


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
        "| Round | When | Size of each bet and raise | Most one player puts in | Acts first |",
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
        f"1. **Seats and blinds.** The house game this page walks through has two players,"
        f" {HOUSE.starting_stack} chips each ({r('R1.4')}); a full table is below. Heads-up"
        f" the dealer has the button and posts the small blind of {small}; the other player"
        f" posts the big blind of {big} ({r('R1.5')}). The button changes hands after every"
        f" hand ({r('R6.2')}).",
        f"2. **The deal.** Four cards each, face down, one at a time, big blind first"
        f" ({r('R1.7')}).",
        f"3. **First betting round.** The dealer acts first ({r('R3.3')}): call {big - small},"
        f" raise to {big + sizes[0]}, or fold. A raise is always said as the total it"
        f' **raises to** in this round: "raise to {big + sizes[0]}" means the dealer\'s'
        f" {small} in the blind becomes {big + sizes[0]}, so {big + sizes[0] - small} more"
        f" chips go in. If the dealer just calls, the big blind still"
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
        "### At a full table",
        "",
        "Real Badugi is usually played by six to eight players (the rule profiles"
        f" {r('R8.1')} play 2 to 8 seats); the house game is the two-player case. With three"
        " or more players the order of play counts from the button, clockwise:",
        "",
        f"- the first seat left of the button posts the small blind and the next one the big"
        f" blind; the button itself posts nothing ({r('R8.3')});",
        f"- before the first draw the seat left of the big blind (*under the gun*) acts first"
        f" and the big blind last ({r('R8.5')});",
        f"- in every draw and every later round the first player still in left of the button"
        f" goes first and the button last ({r('R8.5')}, {r('R8.16')});",
        "- when a player is all-in and others go on betting, the extra chips form a **side"
        f" pot** that only those others can win ({r('R8.13')}, {r('R8.14')}); with many"
        f" players the stub can run out, and the discards are reshuffled ({r('R8.18')}).",
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
        "- [The lessons](lessons.md): the game at a six-handed table, side pots, pot limit"
        " and the split-pot games, one idea at a time, with questions.",
        "- [Try a hand](../try.md): type four cards and see what they are worth.",
        "- [Install the tool](../install.md) to play against the bot in a terminal.",
        "- [Hand rankings](rankings.md) and [drawing odds](odds.md).",
        "- The rules in full, one chapter at a time, starting with"
        " [cards and positions](01-cards-and-positions.md); the [glossary](glossary.md)"
        " explains the words.",
        "",
    ]
    return "\n".join(lines)


# ----- glossary ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Term:
    word: str
    meaning: str
    rules: tuple[str, ...] = ()
    example: str = ""
    """Cards shown with the term; checked to have `value` in `ranking`, if one is given."""
    value: str = ""
    ranking: str = HOUSE_RANKING
    anchor: str = ""
    """The entry's id on the glossary page (`side-pot`); made from the word if not given."""
    also: tuple[str, ...] = ()
    """Other forms a page may use for the term (`side pots`), linked to the same entry."""
    link: bool = True
    """False for words too common in running text to link (`bet`, `call`)."""

    @property
    def forms(self) -> tuple[str, ...]:
        """Every form linked to the entry: the word and its other forms."""
        return (self.word, *self.also)


GLOSSARY_FILE: Final = "glossary.toml"
_NOT_ID: Final = re.compile(r"[^a-z0-9]+")


def anchor_of(word: str) -> str:
    """The id of a glossary entry: the word in lower case, other characters as hyphens."""
    return _NOT_ID.sub("-", word.lower()).strip("-")


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
            ranking=entry.get("ranking", HOUSE_RANKING),
            anchor=entry.get("id") or anchor_of(entry["word"]),
            also=tuple(entry.get("also", ())),
            link=entry.get("link", True),
        )
        for entry in tomllib.loads(raw)["term"]
    ]


class GlossaryError(ValueError):
    """A glossary entry whose example does not have the value it claims."""


def checked_example(term: Term) -> str:
    """The term's example as card faces, after checking its value with the evaluator of its
    ranking: a wrong example stops the build, with the term named."""
    hand = parse_cards(term.example)
    if term.value:
        if term.ranking == HOUSE_RANKING:
            actual = evaluate(hand)
            if actual.strength != parse_value(term.value)[0]:
                raise GlossaryError(f"glossary: {term.word}: {term.example} is {actual}")
        else:
            found = str(ranking(term.ranking).evaluate(hand))
            if found != term.value:
                raise GlossaryError(f"glossary: {term.word}: {term.example} is {found}")
    # The house faces grey the cards that do not play; in a five-card low all five play.
    shown = faces(term.example) if term.ranking == HOUSE_RANKING else cards_html(list(hand))
    return f" For example {shown}" + (f": {term.value}." if term.value else ".")


def glossary_md(rule_link: RuleLink) -> str:
    """One entry per term, each a heading with its own anchor, so a page (or a search) can
    point at `glossary.md#side-pot`."""
    terms = sorted(glossary(), key=lambda t: t.word.lower())
    lines = [
        "# Glossary",
        "",
        f"The {len(terms)} words used on this site and at the table, with the rules that"
        " define them. A full table of six to eight players is the usual game; where the"
        " house game (two players) works differently, the entry says so. Each word is linked"
        " here from the first place a page uses it.",
        "",
    ]
    for term in terms:
        extra = checked_example(term) if term.example else ""
        rules = " (" + ", ".join(rule_link(r) for r in term.rules) + ")" if term.rules else ""
        lines += [
            f"## {term.word} {{#{term.anchor} .glossary-entry}}",
            "",
            f"{term.meaning}{extra}{rules}",
            "",
        ]
    return "\n".join(lines)
