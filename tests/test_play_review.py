"""The review of a played hand (web/review.py) and its odds of every keep (trainer/keeps.py).

Every chance in the review is the odds module's own (`discard_odds`, `split_odds`), taken
again here keep by keep; the coaching line comes exactly when a choice is `FAR` below the
best keep's score; the review's scenario passes `check`; a hand that has not ended, or a
bad argument, is one line.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.cards import as_cards
from badugi_spec.cli import main
from badugi_spec.rankings.odds import discard_odds
from badugi_spec.trainer.keeps import FAR, four_card_review, split_review
from badugi_spec.trainer.split_odds import split_odds
from badugi_spec.web.play import play
from badugi_spec.web.review import review

SIX_MAX: dict[str, Any] = {"profile": "pokerstars-2010", "seats": 6, "seed": 4}
KEYS = ["c", "d 1 2 3 4", "c", "p", "c", "p", "c"]
"""Hand 1 of seed 4 at six-max limit: call, throw all four, then stand pat and call."""


def test_every_keep_has_the_odds_modules_own_chances() -> None:
    hand = as_cards("8s 3c 4h Tc")
    dead = as_cards("Ks Qs")
    found = four_card_review(hand, as_cards("Tc"), draws_left=2, dead=dead)
    assert len(found.keeps) == 16
    assert len({k.thrown for k in found.keeps}) == 16
    for keep in found.keeps:
        any_badugi = discard_odds(hand, keep.thrown, draws=2, dead=dead).badugi[-1]
        eight = discard_odds(hand, keep.thrown, draws=2, dead=dead, top=as_cards("8s")[0].rank)
        assert keep.chances == (any_badugi, eight.badugi[-1])
        assert keep.score == any_badugi + eight.badugi[-1]
    scores = [k.score for k in found.keeps]
    assert scores == sorted(scores, reverse=True)
    assert found.chosen is not None and found.chosen.thrown == as_cards("Tc")
    assert found.when == "by the last draw"


def test_a_choice_far_from_the_best_gets_one_line_and_a_near_one_none() -> None:
    hand = as_cards("As 2h 3d Kd")  # three to a wheel, the K♦ clashing with the 3♦
    pat = four_card_review(hand, (), draws_left=1)
    best = pat.keeps[0]
    assert best.thrown == as_cards("Kd")
    assert pat.chosen is not None and best.score - pat.chosen.score >= FAR
    assert pat.coach.startswith("Strategy, not a rule: you stood pat on A♠ 2♥ 3♦ K♦")
    assert "keeping A♠ 2♥ 3♦ makes a badugi" in pat.coach
    for chance in (*best.chances, *pat.chosen.chances):
        assert f"{float(chance) * 100:.2f} %" in pat.coach
    # The best keep itself, and any keep within FAR of it, get no line.
    assert four_card_review(hand, as_cards("Kd"), draws_left=1).coach == ""
    near = [k for k in pat.keeps if 0 < best.score - k.score < FAR]
    for keep in near[:2]:
        assert four_card_review(hand, keep.thrown, draws_left=1).coach == ""


def test_standing_pat_on_a_king_high_badugi_is_not_far_by_this_score() -> None:
    # The score counts a made badugi as made: a king-high one stood pat scores 1, more than
    # breaking it with three draws to come (any badugi 47 %, 8-high 29 %, measured).
    found = four_card_review(as_cards("Ks 2h 3d 4c"), (), draws_left=3)
    assert found.keeps[0].thrown == () and found.coach == ""
    broken = next(k for k in found.keeps if k.thrown == as_cards("Ks"))
    assert broken.score < Fraction(1)


@pytest.mark.parametrize("name", ["badeucy", "badacy"])
def test_a_split_draw_has_each_half_from_split_odds(name: str) -> None:
    profile = profiles.get(name)
    hand = as_cards("Ks 2h 3d 4c 7c")
    found = split_review(profile, hand, as_cards("Ks"))
    assert len(found.keeps) == 1 + 5 + 10 + 10  # at most three thrown
    assert len(found.columns) == 3 and found.when == "at this draw"
    for keep in found.keeps[:6]:
        odds = split_odds(profile, hand, keep.thrown)
        assert keep.chances == (*odds.made, odds.both)
    assert "by the last draw is not computed" in found.note
    four = split_review(profile, hand, as_cards("Ks 2h 3d 4c"))
    assert four.chosen is None and four.coach == ""
    assert "You threw 4 cards: that keep is not in the table." in four.note


def test_the_review_of_a_played_hand() -> None:
    answer = review(**SIX_MAX, inputs=KEYS, hand=1)
    assert answer["status"] == "ok"
    did = [d["did"] for d in answer["decisions"]]
    assert did == [
        "You call 2",
        "You draw 4",
        "You call 4",
        "You stand pat",
        "You call 8",
        "You stand pat",
        "You call 8",
    ]
    frames = answer["hand"]["frames"]
    for decision in answer["decisions"]:
        frame = frames[decision["frame"]]
        assert frame["a"] == 0 and frame["t"].startswith("You "), frame
    assert [d["thrown"] for d in answer["draws"]] == ["8♠ 3♣ 4♥ 10♣", "", ""]
    # The same net and outcome the table's hand view gives the progress page.
    table = play(**SIX_MAX, inputs=KEYS, table_from=1)["hands"][0]
    assert (answer["net"], answer["won"]) == (table["net"], table["won"])
    odds = review(**SIX_MAX, inputs=KEYS, hand=1, draw=0)["odds"]
    assert odds["coach"].startswith("Strategy, not a rule: you threw all 4 cards")
    assert sum(row["yours"] for row in odds["keeps"]) == 1


def test_the_reviews_scenario_passes_check(tmp_path: Path) -> None:
    answer = review(**SIX_MAX, inputs=KEYS, hand=1)
    path = tmp_path / answer["file"]
    path.write_text(answer["scenario"], encoding="utf-8")
    assert main(["check", str(path)]) == 0


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"hand": 2}, "hand 2 has not ended in this session (1 hand ended so far)"),
        ({"hand": 0}, "a hand number is a whole number from 1 to 999, not 0"),
        ({"profile": "nope"}, "there is no profile 'nope'"),
        ({"draw": 3}, "hand 1 has no draw of yours numbered 3"),
    ],
)
def test_a_review_that_cannot_be_made_is_one_line(change: dict[str, object], said: str) -> None:
    asked: dict[str, Any] = {**SIX_MAX, "inputs": KEYS, "hand": 1, **change}
    answer = review(**asked)
    assert answer["status"] == "error"
    assert answer["message"].startswith(said) and "\n" not in answer["message"]


# Pot limit, eight seats, seed 0: everyone draws, the stub is rebuilt from the discards
# at draw 3 (R8.18), and the player is dealt back the J♥ they threw at draw 1 (R8.20).
BACK: dict[str, Any] = {"profile": "pot-limit", "seats": 8, "seed": 0}
BACK_KEYS = ["c", *["d 1 2 3 4", "c"] * 3, "c", *["d 1 2 3 4", "c"] * 3, "c"]


def test_a_card_dealt_back_after_a_reshuffle_is_not_counted_dead() -> None:
    answer = review(**BACK, inputs=BACK_KEYS, hand=2)
    assert [d["cards"] for d in answer["draws"]][2] == "J♥ 2♣ 6♦ 7♦"
    odds = review(**BACK, inputs=BACK_KEYS, hand=2, draw=2)
    assert odds["status"] == "ok", odds
    # The rebuilt stub took back all eight of the player's discards (pot limit deals a
    # player their own discards again), so none is dead: 48 cards unseen.
    hand, thrown = as_cards("Jh 2c 6d 7d"), as_cards("Jh")
    keep = next(k for k in odds["odds"]["keeps"] if k["thrown"] == "J♥")
    assert keep["chances"][0][1] == str(discard_odds(hand, thrown, draws=1).badugi[-1])


def test_the_trainers_odds_hint_after_a_reshuffle_names_no_card_twice() -> None:
    # The same cards as the review: the J♥ back in hand, the discards not dead.
    lines = play(**BACK, inputs=[*BACK_KEYS[:-3], "o 1 4"])["lines"]
    hint = " ".join(
        lines[next(i for i in range(len(lines) - 1, 0, -1) if lines[i].startswith("hint")) :]
    )
    assert "named twice" not in hint and "No odds" not in hint, hint
    assert f"({discard_odds('Jh 2c 6d 7d', 'Jh 7d', draws=1).badugi[-1]})" in hint, hint
