"""The play page's table, in CPython: the frames `web.play` sends (badugi_spec/web/table.py),
what they hide, the sizes beside a raise, each half's cards and the refusal of a key.

The browser side is tests/test_browser_play_table.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from badugi_spec.web import play
from badugi_spec.web.table import HIDDEN, second_person

FACE = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")
SIX_MAX: dict[str, Any] = {"profile": "pokerstars-2010", "seats": 6}


def to_the_end_of_hand_one(**game: Any) -> tuple[list[str], dict[str, Any]]:
    """Keys that call or check, and stand pat, until hand 1 is over; the last answer."""
    keys: list[str] = []
    for _ in range(60):
        answer = play.play(**game, inputs=keys, table_from=1)
        if answer["status"] != "turn" or answer["hands"][0]["over"]:
            return keys, answer
        kinds = [a["key"] for a in answer["table"]["actions"]]
        keys.append("p" if "d" in kinds else "k" if "k" in kinds else "c")
    pytest.fail("hand 1 did not end in 60 keys")


def test_the_frames_hide_other_seats_cards_until_they_show() -> None:
    _, answer = to_the_end_of_hand_one(**SIX_MAX, seed=11)
    hand = answer["hands"][0]
    assert hand["names"] == ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    shown: set[int] = {0}
    hidden_sentences = 0
    for frame in hand["frames"]:
        if frame.get("w") == "shows":
            shown.add(frame["a"])
        for seat, held in enumerate(frame["c"]):
            if not held:
                continue
            faces = held.split(" ")
            if seat in shown:
                assert HIDDEN not in faces, (seat, frame["t"])
            else:
                assert set(faces) == {HIDDEN}, (seat, frame["t"])
        if frame["a"] >= 0 and frame["a"] not in shown:
            # Nor do the sentences name them: a deal or a draw says how many, not which.
            assert not FACE.search(frame["t"]), frame["t"]
            hidden_sentences += 1
    assert hidden_sentences > 10 and shown != {0}  # it came to a showdown
    draws = [f["t"] for f in hand["frames"] if f.get("w", "").startswith("draws ")]
    assert draws and all(" draws " in t or " throws " in t for t in draws), draws


def test_the_last_frame_is_the_engine_s_table() -> None:
    keys, answer = to_the_end_of_hand_one(**SIX_MAX, seed=11)
    live = play.play(**SIX_MAX, seed=11, inputs=keys, table_from=2)
    assert [h["number"] for h in live["hands"]] == [2]  # only the hands asked for
    last = answer["hands"][0]["frames"][-1]
    # The stacks at the end of hand 1 are those hand 2 starts from (R6.3).
    assert live["hands"][0]["frames"][0]["s"] == last["s"]
    assert sum(last["s"]) == 600 and last["p"] == 0


def test_each_bot_action_is_labelled_at_its_seat() -> None:
    answer = play.play(**SIX_MAX, seed=3, inputs=[], table_from=1)
    frames = answer["hands"][0]["frames"]
    labels = [(f["a"], f["w"]) for f in frames if f.get("w")]
    assert labels[:2] == [(1, "posts 1"), (2, "posts 2")]
    assert all(w in ("calls 2", "folds", "raises to 4") for _, w in labels[2:]), labels
    assert frames[-1]["n"] == 0  # your turn


def test_no_frames_unless_asked_for() -> None:
    assert play.play(**SIX_MAX, seed=3, inputs=[])["hands"] == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("You posts the small blind: 1.", "You post the small blind: 1."),
        ("You is dealt four cards", "You are dealt four cards"),
        ("Hand 1: You has the button; Bot 1 posts", "Hand 1: You have the button; Bot 1 posts"),
        ("You goes all-in for 7.", "You go all-in for 7."),
        ("Bot 2 raises to 4.", "Bot 2 raises to 4."),
    ],
)
def test_the_player_is_told_in_the_second_person(text: str, said: str) -> None:
    assert second_person(text) == said


def test_a_refused_raise_comes_back_with_its_rule() -> None:
    answer = play.play(profile="pot-limit", seats=6, seed=3, inputs=["r 999"])
    assert answer["status"] == "turn"
    assert answer["refused"].startswith("Refused, amount-out-of-range: ")
    assert "not 999" in answer["refused"] and answer["refused"].endswith("(R14.10)")
    assert play.play(profile="pot-limit", seats=6, seed=3, inputs=["c"])["refused"] == ""
    typo = play.play(profile="pot-limit", seats=6, seed=3, inputs=["zz"])["refused"]
    assert typo.startswith("Not a key: ")


def test_the_sizes_beside_a_pot_limit_raise() -> None:
    answer = play.play(profile="pot-limit", seats=6, seed=3, inputs=[])
    (raise_,) = [a for a in answer["table"]["actions"] if a["kind"] == "raise"]
    sizes = dict(raise_["sizes"])
    assert sizes["Min"] == raise_["least"]
    # The pot is the most a pot-limit raise may be (R14.4): no separate Max.
    assert sizes["Pot"] == raise_["most"] and "Max" not in sizes
    assert raise_["least"] < sizes["½ pot"] < sizes["Pot"]
    # The engine takes the pot-sized raise and refuses one chip more.
    assert (
        play.play(profile="pot-limit", seats=6, seed=3, inputs=[f"r {sizes['Pot']}"])["refused"]
        == ""
    )
    assert play.play(profile="pot-limit", seats=6, seed=3, inputs=[f"r {sizes['Pot'] + 1}"])[
        "refused"
    ]


@pytest.mark.parametrize(("profile", "low"), [("badeucy", "2-7 low half"), ("badacy", "A-5")])
def test_each_half_of_a_split_game_names_its_cards(profile: str, low: str) -> None:
    answer = play.play(profile=profile, seats=6, seed=3, inputs=[])
    badugi, second = answer["table"]["halves"]
    assert badugi["name"].startswith("Badugi half") and low in second["name"]
    assert second["plays"] == [1, 2, 3, 4, 5]  # a five-card low plays every card (R21.4)
    assert set(badugi["plays"]) < {1, 2, 3, 4, 5}
    assert play.play(**SIX_MAX, seed=3, inputs=[])["table"]["halves"] == []


def test_taping_changes_nothing_the_trainer_says() -> None:
    keys, _ = to_the_end_of_hand_one(**SIX_MAX, seed=5)
    taped = play.play(**SIX_MAX, seed=5, inputs=keys, table_from=1)
    plain = play.play(**SIX_MAX, seed=5, inputs=keys)
    assert taped["lines"] == plain["lines"] and taped["table"] == plain["table"]
