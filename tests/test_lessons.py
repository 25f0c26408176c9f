"""The lesson path: every question's answer is what the engine, the profiles and the
rankings say, found here by another route than the lesson's own (a fresh hand, the
action applied, a formula, a sample); a figure the hand lacks stops the build.

Cheap: no site build (about a second, most of it the rankings' first tables).
"""

from __future__ import annotations

import itertools
import math
import random
import re
import shutil
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.cards import DECK, parse_cards
from badugi_spec.docs.lessons import (
    FOLDER,
    INDEX,
    Lesson,
    LessonError,
    lesson_pages,
    lessons,
)
from badugi_spec.docs.lessons.figures import Figure
from badugi_spec.docs.lessons.landmarks import LOWS
from badugi_spec.docs.lessons.model import ask, near
from badugi_spec.docs.lessons.source import read_all
from badugi_spec.engine import Action, Hand, Kind, shuffled
from badugi_spec.errors import IllegalAction
from badugi_spec.rankings import ranking
from badugi_spec.rankings.census import FIVE_CARD_HANDS, best_low, low_classes, share_beaten
from badugi_spec.rankings.house import evaluate

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def link(rule: str) -> str:
    return f"[{rule}](R/{rule})"


@pytest.fixture(scope="module")
def path() -> dict[str, Lesson]:
    return {lesson.slug: lesson for lesson in lessons(link)}


def answers(lesson: Lesson) -> list[str]:
    return [q.right for q in lesson.questions]


def test_each_lesson_has_questions_with_one_right_answer(path: dict[str, Lesson]) -> None:
    assert list(path) == [source.slug for source in read_all(FOLDER)] and len(path) == 14
    for lesson in path.values():
        assert 3 <= len(lesson.questions) <= 5, lesson.slug
        for q in lesson.questions:
            assert 0 <= q.answer < len(q.choices)
            assert len(set(q.choices)) == len(q.choices), q.prompt
            assert q.why and "[[" not in q.prompt + q.why + "".join(q.choices), q.prompt
        assert "[[" not in lesson.body, lesson.slug


def test_ask_refuses_a_wrong_answer_that_is_right_and_places_the_answer_reproducibly() -> None:
    with pytest.raises(ValueError, match="also given as wrong"):
        ask("How much?", right=7, wrong=[5, 7], why="")
    with pytest.raises(ValueError, match="twice"):
        ask("How much?", right=7, wrong=[5, 5], why="")
    first = ask("Which?", right="b", wrong=["a", "c", "d"], why="w")
    assert first == ask("Which?", right="b", wrong=["a", "c", "d"], why="w")
    places = {ask(f"Q{n}", right=1, wrong=[2, 3, 4], why="").answer for n in range(40)}
    assert places == {0, 1, 2, 3}


def test_wrong_choices_are_near_figures_of_the_same_kind() -> None:
    pool = [Figure("9", "chips", 9), Figure("14", "chips", 14), Figure("Bob", "player")]
    assert near(Figure("10", "chips", 10), pool) == ["9", "14", "11"]
    assert near(Figure("Ann", "player"), pool) == ["Bob"]
    assert near(Figure("call", "choice"), pool) == ["fold", "raise"]


def test_six_at_the_table_answers_are_a_fresh_hands_seats(path: dict[str, Lesson]) -> None:
    profile = profiles.get("pokerstars-2010")
    hand = Hand(deck=shuffled(3), stacks=(100,) * 6, dealer=0, profile=profile)
    moved = Hand(deck=shuffled(4), stacks=(100,) * 6, dealer=1, profile=profile)
    assert hand.to_act is not None and moved.to_act is not None
    assert answers(path["full-table"]) == [
        NAMES[hand.big_blind],
        NAMES[hand.to_act],
        NAMES[hand.dealer],
        NAMES[moved.to_act],
    ]


def test_side_pot_answers_follow_the_short_stack(path: dict[str, Lesson]) -> None:
    right = answers(path["side-pots"])
    assert right[0] == str(3 * 3)  # Bob all-in for 3: the main pot is 3 from each of three
    assert right[1] == "Ann and Cat"
    assert right[2] == right[0]
    assert right[3] == "Cat"
    assert ranking("badugi").evaluate("5♠ 6♥ 7♦ 8♣") > ranking("badugi").evaluate("9♠ 10♥ J♦ Q♣")


def test_fixed_limit_answers_are_what_the_engine_accepts(path: dict[str, Lesson]) -> None:
    profile = profiles.get("pokerstars-2010")
    right = answers(path["fixed-limit"])
    assert right[0] == str(profile.bet_sizes[2])
    hand = Hand(deck=shuffled(5), stacks=(100,) * 6, dealer=0, profile=profile)
    raise_to = int(right[1])
    with pytest.raises(IllegalAction):
        hand.apply(Action(3, Kind.RAISE, raise_to + 1))
    for seat, to in ((3, raise_to), (4, raise_to + 2), (5, raise_to + 4)):
        hand.apply(Action(seat, Kind.RAISE, to))
    assert Kind.RAISE not in {o.kind for o in hand.legal_actions()}
    assert right[3] == "no"
    hand.apply(Action(0, Kind.FOLD))
    before = hand.stacks[1]
    hand.apply(Action(1, Kind.CALL))
    assert right[2] == str(before - hand.stacks[1])


def _hand(profile_name: str) -> Hand:
    return Hand(deck=shuffled(9), stacks=(100,) * 6, dealer=0, profile=profiles.get(profile_name))


def _most(hand: Hand) -> int:
    return {o.kind: o for o in hand.legal_actions()}[Kind.RAISE].most


def test_pot_limit_answers_are_the_largest_raise_the_engine_takes(
    path: dict[str, Lesson],
) -> None:
    right = [int(a) for a in answers(path["pot-limit"])]
    hand = _hand("pot-limit")
    hand.apply(Action(3, Kind.CALL))
    hand.apply(Action(4, Kind.RAISE, 9))
    hand.apply(Action(5, Kind.FOLD))
    hand.apply(Action(0, Kind.FOLD))
    hand.apply(Action(1, Kind.CALL))
    # Cat, in the big blind with 2 in, faces the raise to 9: figures the text never works.
    assert hand.to_act == 2
    assert right[0] == hand.pot + (9 - 2)
    with pytest.raises(IllegalAction, match="amount-out-of-range"):
        hand.apply(Action(2, Kind.RAISE, right[1] + 1))
    assert _most(hand) == right[1] == 9 + right[0]
    hand.apply(Action(2, Kind.CALL))
    # Dan again, his limp of 2 in: the pot after his call and his largest raise.
    assert hand.to_act == 3
    assert right[2] == hand.pot + (9 - 2)
    assert _most(hand) == right[3] == 9 + right[2]


def test_pot_limit_questions_are_not_the_sums_worked_in_the_text(
    path: dict[str, Lesson],
) -> None:
    """Issue 38, defect 6: the questions asked for the very figures the text had just
    worked out in bold. Each answer must now be a figure the reader works out."""
    lesson = path["pot-limit"]
    worked = {int(n) for n in re.findall(r"\*\*(\d+)\*\*", lesson.body)}
    assert len(worked) >= 6  # the text still works its sums step by step
    for q in lesson.questions:
        assert int(q.right) not in worked, (q.prompt, q.right)


def test_other_structures_answers_are_the_engines_ranges(path: dict[str, Lesson]) -> None:
    right = answers(path["big-bet"])
    assert right[0] == "All her chips (100)"
    no_limit = _hand("no-limit")
    no_limit.apply(Action(3, Kind.CALL))
    no_limit.apply(Action(4, Kind.RAISE, 9))
    assert right[1] == str({o.kind: o for o in no_limit.legal_actions()}[Kind.RAISE].to)
    half = _hand("half-pot")
    half.apply(Action(3, Kind.CALL))
    assert right[2] == str(_most(half)) == str(2 + (5 + 2) // 2)
    spread = _hand("spread-2-5")
    spread.apply(Action(3, Kind.CALL))
    assert right[3] == str(_most(spread)) == str(2 + profiles.get("spread-2-5").spread_max)


def test_draw_and_split_answers(path: dict[str, Lesson]) -> None:
    assert answers(path["draw"]) == [str(52 - 6 * 4), "Bob", "Drawing no cards", str(20 // 4)]
    right = answers(path["split-pots"])
    hands = {"Ann": "A♠ 2♥ 3♦ 4♣ 9♠", "Bob": "2♠ 3♥ 4♦ 6♣ K♦", "Cat": "2♣ 3♠ 5♥ 7♦ 8♣"}

    def best(name: str) -> str:
        return max(hands, key=lambda who: ranking(name).evaluate(hands[who]))

    assert [right[0], right[1], right[4]] == [
        best("badugi-ace-high"),
        best("low-2-7"),
        best("badugi"),
    ]
    assert right[2] == "3" and right[3] == "Bob, all of it"


def test_position_decision_is_the_exact_count(path: dict[str, Lesson]) -> None:
    right = answers(path["position"])
    assert right[:3] == ["5", "2", "Ann"]
    # Ann holds 2♠ 4♥ 7♦ 9♥ and threw K♦ and 8♦: a club of a rank she lacks makes a badugi.
    held, thrown = parse_cards("2♠ 4♥ 7♦ 9♥"), parse_cards("K♦ 8♦")
    unseen = [c for c in DECK if c not in held and c not in thrown]
    outs = [c for c in unseen if c.suit.value == "c" and c.rank not in {h.rank for h in held[:3]}]
    assert right[3] == str(len(outs)) == "10"
    assert right[4] == ("call" if len(outs) / len(unseen) >= 4 / 25 else "fold")


def _lesson_folder(tmp_path: Path, page: str) -> Path:
    shutil.copy(FOLDER / "lesson-side-pots.badugi", tmp_path)
    (tmp_path / "01-x.md").write_text(page, encoding="utf-8")
    return tmp_path


HEAD = "---\ntitle: T\norder: 1\nprofile: pokerstars-2010\nidea: i\nhands: lesson-side-pots\n---\n"


def test_a_figure_the_hand_lacks_stops_the_build_with_file_and_line(tmp_path: Path) -> None:
    folder = _lesson_folder(tmp_path, HEAD + "Text\nThe pot is [[pot.mian]].\n")
    with pytest.raises(LessonError, match=r"01-x.md:9: \[\[pot.mian\]\].*nearest: pot.main"):
        lessons(link, folder)
    bad_q = HEAD + "Text\n\n```question\nWho?\nanswer: [[Gus.1.call]]\nwhy: w\n```\n"
    with pytest.raises(LessonError, match=r"01-x.md:10: .*no figure 'Gus.1.call'"):
        lessons(link, _lesson_folder(tmp_path, bad_q))
    text_answer = HEAD + "Text\n\n```question\nWho?\nanswer: Ann\nwhy: w\n```\n"
    with pytest.raises(LessonError, match=r"01-x.md:10: .*give its wrong: choices"):
        lessons(link, _lesson_folder(tmp_path, text_answer))
    with pytest.raises(LessonError, match=r"01-x.md:8: \[\[R99.1\]\]: no such rule"):
        lessons(link, _lesson_folder(tmp_path, HEAD + "See [[R99.1]].\n"))
    # A replayer's hand number that is not one of the scenario's hands: its line, one line.
    for number in ("x", "9"):
        head = HEAD.removesuffix("---\n") + f"replayer: lesson-side-pots {number}\n---\n"
        with pytest.raises(LessonError, match=r"01-x.md:7: replayer lesson-side-pots .*1 to 1"):
            lessons(link, _lesson_folder(tmp_path, head + "Text\n"))


def test_pages_carry_each_question_and_link_the_path(path: dict[str, Lesson]) -> None:
    pages = lesson_pages(link)
    assert tuple(pages) == (INDEX, *(f"lesson-{s.slug}.md" for s in read_all(FOLDER)))
    index = pages["lessons.md"]
    total = sum(len(lesson.questions) for lesson in path.values())
    assert f'data-questions="{total}"' in index
    for number, lesson in enumerate(path.values(), start=1):
        page = pages[lesson.page]
        assert page.startswith(f"# Lesson {number}: {lesson.title}")
        assert f'data-lesson="{lesson.slug}"' in index
        assert re.search(r"\[R\d+\.\d+\]\(R/", page), lesson.slug
        found = re.findall(
            r'<form class="lesson-q" id="([\w-]+)" data-q="(\d)" data-answer="(\d)"', page
        )
        assert [
            (f"{lesson.slug}-q{i}", str(i), str(q.answer))
            for i, q in enumerate(lesson.questions, 1)
        ] == found


def test_landmark_classes_cover_every_hand_and_shares_match_a_sample() -> None:
    for name in LOWS:
        assert sum(n for _, n in low_classes(name)) == FIVE_CARD_HANDS
    rng = random.Random(26)
    sample = [rng.sample(range(52), 5) for _ in range(20_000)]
    for name, cards in (("low-2-7", "9♠ 8♥ 6♦ 4♣ 3♠"), ("low-a-5", "K♠ Q♥ J♦ 10♣ 9♠")):
        strength = ranking(name).strength
        mine = strength([c.index for c in parse_cards(cards)])
        sampled = sum(strength(hand) < mine for hand in sample) / len(sample)
        assert share_beaten(name, cards) == pytest.approx(sampled, abs=0.015)


def test_best_hands_beat_every_hand_of_a_sweep() -> None:
    low = range(28)  # deck indexes: aces to sevens, four suits a rank
    for name in LOWS:
        rank = ranking(name)
        top = max(itertools.combinations(low, 5), key=lambda hand: rank.strength(list(hand)))
        assert str(rank.evaluate([DECK[i] for i in top])) == best_low(name)


# ----- the big-bet rows and the split-pot pages (issue 26, items 2 and 3) ------------------


def test_a_raise_to_the_pot_shows_its_sum_and_no_other_amount_does() -> None:
    from badugi_spec.docs.hand_rows import _pot_sum
    from badugi_spec.docs.templating import environment

    said = environment().get_template("hand/words.html").module.pot_sum  # type: ignore[attr-defined]
    # Facing a bet of 2 with 1 in, a pot of 3: call 1, the pot is then 4, raise to 6.
    shown = str(said(_pot_sum("pot-limit", level=2, had=1, pot=3, total=6)))
    assert shown == ": the pot (call 1 first, the pot is then 3 + 1 = 4, so 2 + 4 = 6)"
    assert _pot_sum("pot-limit", level=2, had=1, pot=3, total=5) is None
    assert _pot_sum("no-limit", level=2, had=1, pot=3, total=6) is None
    option = said(_pot_sum("pot-limit", level=2, had=2, pot=8, total=10))
    assert str(option).endswith("2 + 8 = 10)")
    # The engine agrees: its largest raise in that spot is the same 6.
    hand = Hand(deck=shuffled(2), stacks=(100, 100), dealer=0, profile=profiles.get("pot-limit"))
    assert _most(hand) == 6


def test_a_big_bet_rounds_row_says_its_structure_not_a_bet_size() -> None:
    from badugi_spec.docs.hand_rows import _section, seats_of
    from badugi_spec.docs.templating import environment

    said = environment().get_template("hand/words.html").module.section  # type: ignore[attr-defined]

    state = {"stacks": {"Ann": 100, "Bob": 100}, "hands": {"Ann": ["As"], "Bob": ["Ks"]}}
    for name, words in (
        ("pot-limit", "up to the pot"),
        ("no-limit", "up to the whole stack"),
        ("half-pot", "half the pot"),
        ("spread-2-5", "of 2 to 5"),
        ("house", "small bets of 2"),
    ):
        seats = seats_of(profiles.get(name), "Ann", state)
        title = str(said(_section("bet-1", seats)))
        assert words in title, (name, title)
        assert ("small bets" in title) == (name == "house"), title


def test_split_pot_pages_list_landmark_hands_with_their_shares() -> None:
    from badugi_spec.docs.games import _landmarks

    deucy = _landmarks(("badugi-ace-high", "low-2-7"))
    assert "**`low-2-7`**" in deucy and "**`badugi-ace-high`**" in deucy
    share = f"{share_beaten('low-2-7', '8♠ 5♥ 4♦ 3♣ 2♠'):.1%}"
    assert f"| 8♠ 5♥ 4♦ 3♣ 2♠ | 8-5-4-3-2 | {share} |" in deucy
    acy = _landmarks(("badugi", "low-a-5"))
    assert "5-4-3-2-A" in acy and "low-2-7" not in acy


# ----- the strategy lessons (issue 38, item 5): each figure counted again here ------------


def _draw_in(draws: int, outs: int = 10, unseen: int = 48) -> str:
    """One card drawn at each of `draws` draws to three cards: missing means every card
    drawn is one of the `unseen - outs` others."""
    miss = 1.0
    for n in range(draws):
        miss *= (unseen - outs - n) / (unseen - n)
    return f"{1 - miss:.1%}"


def _pairs_completing(held: str, thrown: str) -> tuple[int, int]:
    """Two cards drawn to the two that play in `held`: the pairs of unseen cards that make
    a badugi, by the ranking itself, and all pairs."""
    cards, gone = parse_cards(held), parse_cards(thrown)
    keep = ranking("badugi").evaluate(cards).cards
    unseen = [c for c in DECK if c not in cards and c not in gone]
    made = sum(
        1
        for pair in itertools.combinations(unseen, 2)
        if len(ranking("badugi").evaluate((*keep, *pair)).cards) == 4
    )
    return made, len(list(itertools.combinations(unseen, 2)))


def test_starting_hands_answers_are_counted_again(path: dict[str, Lesson]) -> None:
    lesson = path["starting-hands"]
    right = answers(lesson)
    # Four cards of four ranks and four suits: C(13, 4) rank sets, 4! ways to suit them.
    assert right[0] == f"{math.comb(13, 4) * 24 / math.comb(52, 4):.1%}" == "6.3%"
    assert right[1] == _draw_in(3) == "51.2%"
    assert right[2:] == ["Fold", "Call"]
    # Dan's kept nine never makes an eight; Cat pays 2 to win 1 + 2 + 4 + 2.
    assert "eight or better 0.0%" in lesson.questions[2].why
    assert f"needs {2 / 9:.1%}" in lesson.questions[3].why


def test_snow_answers_are_counted_again(path: dict[str, Lesson]) -> None:
    right = answers(path["bet-raise-snow-fold"])
    assert right[0] == _draw_in(2) == "37.7%"
    made, pairs = _pairs_completing("A♦ 4♥ 2♥ 7♦", "4♠ Q♦ 6♦ 8♥")
    needed = 4 / (17 + 4)
    assert right[2] == ("call" if made / pairs >= needed else "fold") == "fold"
    assert f"{made / pairs:.1%}" in path["bet-raise-snow-fold"].questions[2].why
    assert right[1] == "Bet" and right[3] == "Re-raise"


def test_reading_draws_answers_are_counted_again(path: dict[str, Lesson]) -> None:
    right = answers(path["reading-draws"])
    assert right[0] == "2"  # Eve keeps 3♠ 10♦ and throws 4♠ 10♥
    assert right[1] == _draw_in(2)
    assert right[2].startswith("Ann")
    # Dan holds three cards and has seen 5♠ and 9♥: ten spades of ranks he lacks remain.
    assert right[3] == ("call" if 10 / 46 >= 4 / (25 + 4) else "fold") == "call"


def test_pot_limit_sizing_answers_are_the_engines_and_the_counts(
    path: dict[str, Lesson],
) -> None:
    right = answers(path["pot-limit-sizing"])
    hand = _hand("pot-limit")  # the engine's largest bet into a pot is the pot
    for seat, kind in ((3, Kind.CALL), (4, Kind.FOLD), (5, Kind.FOLD), (0, Kind.CALL)):
        hand.apply(Action(seat, kind))
    hand.apply(Action(1, Kind.FOLD))
    hand.apply(Action(2, Kind.CHECK))
    assert right[0] == "21" and hand.pot == 7
    assert right[1] == f"{21 / 63:.1%}"
    assert right[2] == ("call" if 10 / 46 >= 21 / 63 else "fold") == "fold"
    assert right[3] == ("call" if 10 / 46 >= 7 / 35 else "fold") == "call"


def test_scoop_answers_are_counted_again(path: dict[str, Lesson]) -> None:
    right = answers(path["scoop-or-half"])
    assert right[0] == str(3 * 2 // 2)
    kept = parse_cards("2♠ 3♥ 4♦ 7♣")
    unseen = [c for c in DECK if c not in kept and c != parse_cards("K♦")[0]]
    worst_eight = ranking("low-2-7").evaluate("8♠ 7♥ 6♦ 5♣ 3♠")
    both = [c for c in unseen if ranking("low-2-7").evaluate((*kept, c)) >= worst_eight]
    assert evaluate(kept).is_badugi  # the Badugi half is made already, whatever comes
    assert right[1] == f"{len(both) / len(unseen):.1%}" == "25.5%"
    assert right[2:] == ["Call, at most", "Raise"]
    assert "scoops 0.0%" in path["scoop-or-half"].questions[2].why


def test_deck_figures_match_a_sample_and_a_bad_one_stops_the_build(tmp_path: Path) -> None:
    from badugi_spec.docs.lessons.figures import counted

    rng = random.Random(38)
    deals = [evaluate(rng.sample(DECK, 4)) for _ in range(20_000)]
    for ref, size, top in (("dealt 2 cards", 2, 13), ("dealt 3 cards, 5 or better", 3, 5)):
        figure = counted(ref)
        assert figure is not None and figure.number is not None
        hits = [v for v in deals if v.size == size and v.ranks[0].order <= top]
        sampled = len(hits) / len(deals)
        assert figure.number == pytest.approx(sampled, abs=0.01), ref
    one = counted("dealt 4 cards")
    two = counted("anyone 2: dealt 4 cards")
    assert one is not None and two is not None and one.number is not None
    assert two.number == pytest.approx(1 - (1 - one.number) ** 2)
    missed = counted("misses 1 draw: A♠ 2♥ 3♦")
    assert missed is not None and missed.text == f"{38 / 48:.1%}"
    assert counted("pot.main") is None and counted("Ann.2.drew") is None
    page = HEAD + "Text\nKeep [[odds: A♠ A♥]] and [[scoop nope: 2♠, throw 2♠]].\n"
    with pytest.raises(LessonError, match=r"01-x.md:9: \[\[odds: A♠ A♥\]\]: .*R2.1"):
        lessons(link, _lesson_folder(tmp_path, page))


BEHIND = """scenario lesson-behind "An all-in small blind is not behind anyone"
profile pokerstars-2010
rules R8.5
tags lesson

players Ann 60 dealer, Bob 1, Cat 60, Dan 60
deal Ann 9♠ 10♥ J♦ Q♣ / Bob A♠ 2♥ 3♦ 4♣ / Cat 5♠ 6♥ 7♦ 8♣ / Dan K♠ K♥ K♦ K♣
Dan calls 2; Ann calls 2; Cat checks
unfinished
"""


def test_behind_leaves_out_a_player_all_in(tmp_path: Path) -> None:
    """Bob posts his one chip as the small blind and is all-in: when Dan, under the gun,
    acts, only Ann and Cat are still to act (R8.5), not Bob."""
    from badugi_spec.docs.lessons import run_hands
    from badugi_spec.docs.lessons.figures import hand_figures

    (tmp_path / "behind.badugi").write_text(BEHIND, encoding="utf-8")
    (played,) = run_hands(tmp_path)["lesson-behind"].played
    made = hand_figures(played.names, played.hand, played.moments)
    assert [made[f"{who}.1.behind"] for who in ("Dan", "Ann", "Cat")] == [
        Figure("2", "count", 2),
        Figure("1", "count", 1),
        Figure("0", "count", 0),
    ]


def test_a_rule_link_in_a_question_is_a_link_not_markdown(tmp_path: Path) -> None:
    """The quiz is raw HTML, where Markdown is not read: `[[R8.5]]` in a question's prompt,
    choices or explanation is drawn as a link to the rule on the built site."""
    question = (
        "```question\nWho acts last after the draw ([[R8.5]])?\nanswer: [[seat.button]]\n"
        "why: The button acts last after the draw, [[R8.5]].\n```\n"
    )
    folder = _lesson_folder(tmp_path, HEAD + "Text\n\n" + question)
    page = lesson_pages(lambda rule: f"[{rule}](08-tables.md#{rule})", folder)["lesson-x.md"]
    quiz = page[page.index('<div class="lesson-quiz"') :]
    assert "[R8.5]" not in quiz and "](08-tables.md" not in quiz
    assert quiz.count('<a href="../08-tables/#R8.5">R8.5</a>') == 2
