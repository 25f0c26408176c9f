"""Pages for learners: how to play (one hand walked through, with its flow drawn), the home
page's worked example and the glossary; and `faces`, the card faces every learner page
shows. Stakes and rounds come from the profiles, values from the evaluator (the glossary's
examples are checked against it as the page is built).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from badugi_spec.cards import parse_cards
from badugi_spec.profiles.model import HOUSE
from badugi_spec.rankings import ranking
from badugi_spec.rankings.house import MAX_CARDS, evaluate, parse_value

from .chapters import rule_link, scenario_href, scenario_href_by_id
from .examples import Executed, scenario_md
from .hand_values import faces as hand_faces
from .hand_values import held_html
from .render import RuleLink, cards_html
from .templating import data, render

HOUSE_RANKING: Final = "badugi"
HOW_TO_PLAY_EXAMPLE: Final = "a-whole-hand"


def faces(cards: str) -> str:
    """Card faces for card text, the cards that do not play greyed (past four, all play)."""
    hand = parse_cards(cards)
    return hand_faces(hand, None if len(hand) <= MAX_CARDS else hand)


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


def flow_html() -> str:
    """The stages drawn twice, wide for desktops and narrow for phones (CSS picks)."""
    return render("learn/flow.html", stages=stages(), layouts=[(6, "wide"), (2, "narrow")])


# ----- how to play ---------------------------------------------------------------------


def _most_in_round(number: int) -> int:
    return HOUSE.cap * HOUSE.bet_sizes[number - 1]


def how_to_play_md(rule_link: RuleLink, example: str) -> str:
    """One hand walked through, with the flow picture and an executed example."""
    rounds = [
        {
            "number": number,
            "when": "after the deal" if number == 1 else f"after draw {number - 1}",
            "size": HOUSE.bet_sizes[number - 1],
            "most": _most_in_round(number),
            "first": "dealer" if number == 1 else "big blind",
        }
        for number in range(1, HOUSE.betting_rounds + 1)
    ]
    return render(
        "pages/how-to-play.md",
        r=rule_link,
        faces=faces,
        flow=flow_html(),
        house=HOUSE,
        small=HOUSE.small_blind,
        big=HOUSE.big_blind,
        sizes=HOUSE.bet_sizes,
        most=sum(r["most"] for r in rounds),
        rounds=rounds,
        example=example,
    )


def _example(executed: Sequence[Executed], scenario_id: str) -> Executed | None:
    # None in a suite without it, such as the tests' small ones.
    return next((e for e in executed if e.scenario.id == scenario_id), None)


def how_to_play_page(executed: Sequence[Executed]) -> str:
    """The page, with the hand `HOW_TO_PLAY_EXAMPLE` as its worked example."""
    example = _example(executed, HOW_TO_PLAY_EXAMPLE)
    if example is None:
        return how_to_play_md(rule_link, f"(The scenario `{HOW_TO_PLAY_EXAMPLE}` is missing.)")
    body = scenario_md(example, rule_link=rule_link, scenario_href=scenario_href_by_id)
    return how_to_play_md(rule_link, body)


def house_example_md(executed: Sequence[Executed]) -> str:
    """The home page's house worked example (a snippet), every value from the evaluator."""
    target = _example(executed, "house-worked-example")
    start, thrown, drawn = parse_cards("A♠ 2♥ 3♦ K♦"), parse_cards("K♦"), parse_cards("4♣")
    after = tuple(c for c in start if c not in thrown) + drawn
    link = f"generated/{scenario_href(target)}" if target else "generated/02-hand-values.md"
    start_html, after_html = held_html(start), held_html(after)
    return render(
        "pages/house-example.md",
        start=start_html,
        drawn=cards_html(drawn),
        after=after_html,
        link=link,
    )


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
        return (self.word, *self.also)


_NOT_ID: Final = re.compile(r"[^a-z0-9]+")


def anchor_of(word: str) -> str:
    """The id of a glossary entry: the word in lower case, other characters as hyphens."""
    return _NOT_ID.sub("-", word.lower()).strip("-")


def glossary() -> list[Term]:
    """The terms, from `data/glossary.toml`, with the stakes filled in."""
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
        for entry in data("glossary")["term"]
    ]


class GlossaryError(ValueError):
    """A glossary entry whose example does not have the value it claims."""


def checked_example(term: Term) -> str:
    """The term's example as card faces, its value checked by its ranking's evaluator."""
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
    """One entry per term, each a heading with its own anchor (`glossary.md#side-pot`)."""
    terms = [
        {
            "word": term.word,
            "anchor": term.anchor,
            "meaning": term.meaning,
            "example": checked_example(term) if term.example else "",
            "rules": f" ({', '.join(rule_link(r) for r in term.rules)})" if term.rules else "",
        }
        for term in sorted(glossary(), key=lambda t: t.word.lower())
    ]
    return render("pages/glossary.md", terms=terms)
