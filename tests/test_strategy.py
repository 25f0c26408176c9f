"""The strategy page and its drill: every chance is the odds module's, every choice of
strategy is marked as one, and the drill offers all sixteen discards of every hand.

The page is drawn once for the module (about a second of counting).
"""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.cards import Rank, parse_cards
from badugi_spec.docs.drill import QUESTIONS, Question, question_data
from badugi_spec.docs.strategy import STRATEGY_MARK, strategy_md
from badugi_spec.rankings.house import evaluate
from badugi_spec.rankings.odds import discard_odds, draw_odds, hand_odds
from badugi_spec.trainer.split_odds import split_odds

CHANCE = re.compile(r'<span class="exact" title="exactly ([0-9/]+)">([0-9.]+) %</span>')
TAGS = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def page() -> str:
    return strategy_md(lambda rule: f"[{rule}](#{rule})")


@pytest.fixture(scope="module")
def drill() -> list[dict[str, Any]]:
    return [question_data(q) for q in QUESTIONS]


def _rows(page: str, heading: str) -> list[str]:
    """The table rows of the section under `heading`."""
    section = page.split(heading, 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ") and "---" not in line]


def _chances(row: str) -> list[Fraction]:
    found = CHANCE.findall(row)
    for exact, shown in found:
        assert f"{float(Fraction(exact)) * 100:.2f}" == shown, row  # the rounding is honest
    return [Fraction(exact) for exact, _ in found]


def test_every_chance_in_a_table_is_the_odds_module_s(page: str) -> None:
    rows = _rows(page, "{#rough-or-smooth}")
    assert len(rows) == 10  # two tables of four choices, with their heads
    # "Throw K♣, 8 or better": keeping the king can never make an 8 or better.
    king = next(r for r in rows if "8 or better" in r and r.count('class="card') == 4)
    assert _chances(king) == [0, 0, 0]
    two = hand_odds("A♠ 2♥ K♦ K♣", "K♦ K♣", top=Rank.EIGHT)
    assert any(_chances(r) == list(reversed(two.badugi)) for r in rows)
    # The opponent's draw is counted with the jack badugi's four cards out of their reach.
    opponent = draw_odds("2♠ 5♥ 7♦", dead="A♠ 3♥ 4♦ J♣")
    assert "(9 outs among 44 cards)" in page and (opponent.outs, opponent.unseen) == (9, 44)
    assert _chances(_rows(page, "{#pat-or-break}")[-1]) == list(reversed(opponent.badugi))
    # Dead cards: the 4♣ row is the count with the 4♣ known out of play.
    dead = next(r for r in _rows(page, "{#dead-cards}") if "4♣" in r)
    odds = draw_odds("A♠ 2♥ 3♦", dead="4♣", top=Rank.SEVEN)
    assert f"| {odds.outs} / {odds.unseen} |" in dead and odds.outs == 3
    assert _chances(dead) == list(reversed(odds.badugi))


def test_draws_left_read_from_one_count_are_counts_of_their_own() -> None:
    """The page reads "k draws left" off one three-draw count: every draw is alike."""
    for kept, top in (("A♠ 2♥ 3♦", None), ("A♠ 2♥", Rank.EIGHT), ("2♠ 5♥ 8♦", Rank.EIGHT)):
        whole = draw_odds(kept, top=top, thrown="K♣")
        for left in (1, 2):
            assert (
                draw_odds(kept, draws=left, top=top, thrown="K♣").badugi[-1]
                == whole.badugi[left - 1]
            )


def test_starting_hands_and_split_games(page: str) -> None:
    starts = _rows(page, "{#starting-hands}")[1:]
    made = next(r for r in starts if "stand pat" in r)
    assert _chances(made) == [1, 1, 0]  # a made 8: a badugi, an 8 or better, never a 6
    three = next(r for r in starts if "3-2-A" in r)
    ace_two_three = hand_odds("A♠ 2♥ 3♦ 3♣", "3♣")
    assert _chances(three)[0] == ace_two_three.badugi[-1] == Fraction(2215, 4324)
    split = _rows(page, "{#split-games}")
    badeucy = profiles.get("badeucy")
    throw = split_odds(badeucy, parse_cards("2♠ 3♥ 4♦ 7♣ 7♠"), parse_cards("7♠"))
    assert [*throw.made, throw.both] in [_chances(r) for r in split]
    assert throw.made[0] == 1 and 0 < throw.both < 1


def test_choices_of_strategy_are_marked_and_rules_are_cited(page: str) -> None:
    sections = page.split("\n## ")[1:]
    marked = [s.split("\n", 1)[0] for s in sections if f'!!! tip "{STRATEGY_MARK}"' in s]
    # Every section that says what to do marks it; the facts-only ones need no mark.
    assert len(marked) == 4, marked
    assert "Keep the cards that play" not in " ".join(marked)
    cited = set(re.findall(r"\[(R\d+\.\d+)\]", page))
    assert {"R2.1", "R4.2", "R4.4", "R4.5", "R9.1"} <= cited
    # A choice of strategy never hides behind a rule ID as if the rule said so.
    for block in re.findall(rf'!!! tip "{STRATEGY_MARK}"\n\n    (.*)\n', page):
        assert "R2." not in block and "R9." not in block


def test_the_drill_offers_every_discard(drill: list[dict[str, Any]]) -> None:
    for question, data in zip(QUESTIONS, drill, strict=True):
        hand = parse_cards(question.hand)
        assert len(data["choices"]) == 16, question  # stand pat, draw 1, 2, 3 or 4
        offered = {tuple(sorted(c["throw"])) for c in data["choices"]}
        assert offered == {t for n in range(5) for t in combinations(range(4), n)}
        targets = [Fraction(c["exact"][0]) for c in data["choices"]]
        assert data["best"] == [i for i, t in enumerate(targets) if t == max(targets)]
        for choice in data["choices"]:
            assert choice["target"] == f"{float(Fraction(choice['exact'][0])) * 100:.2f}"
            # A badugi of the target or better is a badugi: never likelier than any badugi.
            assert Fraction(choice["exact"][0]) <= Fraction(choice["exact"][1])
            # Idle cards are the kept cards the evaluator leaves out (R2.1), no more.
            kept = [c for i, c in enumerate(hand) if i not in choice["throw"]]
            playing = evaluate(kept).cards if kept else ()
            assert [hand[i] for i in choice["idle"]] == [c for c in kept if c not in playing]
        # The drill's figures are discard_odds' (the card-by-card check is tests/test_odds).
        four = data["choices"][-1]
        assert four["throw"] == [0, 1, 2, 3]
        odds = discard_odds(hand, hand, draws=question.draws, dead=question.dead)
        assert Fraction(four["exact"][1]) == odds.badugi[-1]


def test_the_drill_s_hands_and_words_are_not_repeated() -> None:
    """Issue 38, defect 7: a hand twice, and stories that said what wins before the page
    said it again ("Any badugi wins. Any badugi wins.")."""
    hands = [frozenset(parse_cards(q.hand)) for q in QUESTIONS]
    assert len(set(hands)) == len(hands)
    for q in QUESTIONS:
        assert not re.search(r"\bwins?\b", q.story), q  # drill.js says what wins
        assert not re.search(r"\ba [8A]\b", q.story), q


def test_the_drill_s_draws_of_three_and_four(drill: list[dict[str, Any]]) -> None:
    """A♠ 2♥ K♦ K♣ with an 8 or better to win: breaking to the ace is worse than keeping
    A-2 but far from nothing, and keeping both kings makes standing pat a sure miss."""
    data = drill[1]
    by_throw = {tuple(c["throw"]): Fraction(c["exact"][0]) for c in data["choices"]}
    assert by_throw[(2, 3)] > by_throw[(1, 2, 3)] > 0
    ace_only = hand_odds("A♠ 2♥ K♦ K♣", "2♥ K♦ K♣", draws=2, top=Rank.EIGHT)
    assert by_throw[(1, 2, 3)] == ace_only.badugi[-1]
    assert by_throw[()] == 0  # the pair of kings: a three-card hand at the showdown
    pat = next(c for c in data["choices"] if c["throw"] == [])
    assert pat["idle"] in ([2], [3]) and Fraction(pat["exact"][1]) > 0  # a king is thrown next


def test_one_drill_choice_counted_again_by_hand() -> None:
    """The made jack, one draw left, a 10 or better to win: throw the jack, and one of the
    seven clubs of 10 or lower whose rank the hand lacks (2, 5, 6, 7, 8, 9, 10) must come
    among the 48 cards not seen."""
    question = Question("A♠ 3♥ 4♦ J♣", 1, Rank.TEN)
    data = question_data(question)
    jack = next(c for c in data["choices"] if c["throw"] == [3])
    assert Fraction(jack["exact"][0]) == Fraction(7, 48)
    pat = next(c for c in data["choices"] if c["throw"] == [])
    assert pat["exact"] == ["0", "1"]  # standing pat keeps a jack: a badugi, never a 10


def test_the_drill_is_in_the_page_as_compact_json(page: str, drill: list[dict[str, Any]]) -> None:
    found = re.search(r'<div class="drill" data-questions="([^"]*)">', page)
    assert found is not None
    data = json.loads(html.unescape(found.group(1)))
    assert data == drill
    # Sixteen choices of twelve hands, each with two exact fractions: about 38 kB escaped.
    assert len(found.group(1)) < 45_000
    assert TAGS.sub("", page).count("{#drill}") == 1
