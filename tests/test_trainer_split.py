"""The trainer under every profile, the split games Badeucy and Badacy included (R8.29).

Scripted sessions play to the end at 2 seats and at 6 or 8, and the transcript of a
six-seat split game is read for the rules of side pots, halves and the reshuffle; the
halves it narrates are the engine's own.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.cards import parse_cards
from badugi_spec.rules import load
from badugi_spec.trainer import Script, Trainer
from badugi_spec.trainer.faces import Faces
from badugi_spec.trainer.hints import split_hint
from badugi_spec.trainer.split_odds import split_odds
from badugi_spec.trainer.values import half_name, hand_text
from tests.test_trainer_cli import play

PLAIN = Faces(colour=False)
RULE_IDS = set(load())
CAREFUL = ["k", "f", "p"] * 2000
"""Check when free, else fold; stand pat: you lose only blinds, so the session runs out."""
CALLING = ["c", "k", "p"] * 2000
"""Call everything: pots grow, stacks part, side pots form."""


def session(profile: str, seats: int, seed: int, keys: list[str]) -> tuple[Trainer, Script]:
    console = Script(keys, width=1000)
    trainer = Trainer(
        console=console, profile=profiles.get(profile), seed=seed, faces=PLAIN, seats=seats
    )
    trainer.run()
    return trainer, console


def rules_of(console: Script) -> list[str]:
    return [m[1] for line in console.lines if (m := re.match(r"^(R\d+\.\d+)\s", line))]


EXHAUSTIVE = os.environ.get("BADUGI_EXHAUSTIVE") == "1"


def tables() -> list[tuple[str, int]]:
    """Every profile heads-up and at a full table. `make test` seats the profiles that
    take eight alternately at six and at eight (both sizes are played, each profile
    multi-way once); `make exhaustive` plays every profile at both."""
    out = []
    for number, name in enumerate(profiles.names()):
        most = profiles.get(name).max_seats
        full = sorted({min(6, most), min(8, most)})
        if not EXHAUSTIVE:
            full = [full[number % len(full)]]
        out += [(name, seats) for seats in sorted({2, *full})]
    return out


@pytest.mark.parametrize(("profile", "seats"), tables())
def test_every_profile_plays_to_the_end(profile: str, seats: int) -> None:
    trainer, console = session(profile, seats, 11, CAREFUL)
    stopped = trainer.summary.stopped
    # The session's end (R6.4), or yours: multi-way it goes on without you (R8.23).
    assert stopped in (None, "you have no chips left"), console.text[-500:]
    assert (trainer.session.result is not None) == (stopped is None)
    assert set(rules_of(console)) <= RULE_IDS
    flags = f" --profile {profile}" if profile != "house" else ""
    assert f"--seed 11{flags}" in console.text


def test_six_seats_of_badeucy_narrate_side_pots_halves_and_reshuffles() -> None:
    trainer, console = session("badeucy", 6, 2, CALLING)
    rules = set(rules_of(console))
    assert {"R8.13", "R8.29", "R8.30", "R8.18"} <= rules
    text = console.text
    halves = 0
    for hand in trainer.session.hands:
        assert hand.result is not None
        for pot in hand.result.pots:
            for half in pot.halves:
                halves += 1
                assert f"The {half_name(half.ranking)}, {half.amount}:" in text
    assert halves >= 4


def test_a_split_hand_shows_both_values_and_the_cards_that_play() -> None:
    cards = parse_cards("A♠ 2♥ 3♦ 4♣ 9♠")
    badeucy = hand_text(profiles.get("badeucy"), cards)
    assert "9-4-3-2 (badugi) (9♠ 4♣ 3♦ 2♥) in the Badugi half (aces high)" in badeucy
    assert "A-9-4-3-2 in the 2-7 low half (all 5 cards play)" in badeucy
    badacy = hand_text(profiles.get("badacy"), cards)
    assert "4-3-2-A (badugi) (4♣ 3♦ 2♥ A♠) in the Badugi half" in badacy


def test_split_odds_are_exact_counts() -> None:
    badeucy = profiles.get("badeucy")
    hand = parse_cards("2♠ 3♥ 4♦ 7♣ K♠")
    # Keeping 7-4-3-2, any 5, 6 or 8 makes an 8-low (R21.4): 12 of 47 unseen cards.
    odds = split_odds(badeucy, hand, parse_cards("K♠"))
    assert odds.made == (Fraction(1), Fraction(12, 47)) and odds.outcomes == 47
    line = split_hint(badeucy, hand, parse_cards("K♠"), draw=1)
    assert "the 2-7 low half an 8-low or better 25.53%" in line and "(R8.29)" in line
    assert "No odds" in split_hint(badeucy, hand, parse_cards("A♣"), draw=1)


def test_play_badacy_through_a_pipe_with_hints() -> None:
    done = play("c\nk\no\np\n", "--seed", "5", "--plain", "--hints", "--profile", "badacy")
    assert done.returncode == 0, done.stderr
    assert "A-5 low half" in done.stdout and "hint   " in done.stdout
    assert "Traceback" not in done.stderr


def test_the_six_seat_transcript_of_the_docs_is_what_play_prints() -> None:
    """docs/trainer.md shows the end of a six-seat Badeucy hand: the very lines `play`
    prints for that seed and those keys, so a change to the bot or the wording shows."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "trainer.md").read_text("utf-8")
    start = page.index("```text\n", page.index("A six-seat transcript")) + len("```text\n")
    shown = page[start : page.index("\n```", start)]
    assert "R8.29  Bot 3 scoops the main pot" in shown and "R8.30" in shown
    keys = "c\nk\np\n" * 40
    done = play(keys, "--profile", "badeucy", "--players", "6", "--seed", "2", "--plain")
    assert done.returncode == 0, done.stderr
    assert shown in done.stdout
