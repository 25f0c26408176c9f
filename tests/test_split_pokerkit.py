"""Badeucy and Badacy against PokerKit's `State` with two hand types (R21, R22, R13.6): the
short versions of `make simulate-split`.

Seed 2 is used throughout: at six seats its hand 35 is one where PokerKit, having dropped
the losing hands, halves two adjacent pots as one (R8.31, R13.6), so the cross-check's
`pots_without_losers` reading is exercised; one hand in about 2,500 is such a hand."""

from __future__ import annotations

import pytest

from badugi_spec.engine import pots
from badugi_spec.profiles import get
from badugi_spec.simulation import watch
from badugi_spec.simulation.simulate import play_hands
from tests.support import Capsys, run_cli
from tests.test_big_bet_pokerkit import as_pokerkit_reads, differences
from tests.test_simulate import SUMMARY

GAMES = ["badeucy", "badacy"]


@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("name", GAMES)
def test_pokerkit_agrees_on_split_pot_hands(name: str, seats: int) -> None:
    pytest.importorskip("pokerkit")
    profile = as_pokerkit_reads(name, seats)
    # 60 hands each reach all of it (200 before); make simulate-split plays thousands.
    hands = list(play_hands(count=60, seed=2, structure=profile, seats=seats))
    assert differences(hands) == []
    # The hands reach what is new: five-card draws, and pots shared between two players.
    assert any(len(a.discards) == 5 for played in hands for a in played.actions)
    showdowns = [p for p in hands if p.result.ended_by == "showdown"]
    assert any(len(pot.halves) == 2 for p in showdowns for pot in p.result.pots)
    assert any(len(p.result.winners) == 2 for p in showdowns)


def test_an_odd_chip_to_the_other_half_is_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the engine: the odd chip between the halves goes to the wrong half (R8.30)."""
    pytest.importorskip("pokerkit")
    honest = pots.halve
    monkeypatch.setattr(pots, "halve", lambda amount, first: honest(amount, not first))
    # Our own history properties catch this first (R8.30, tests/test_properties.py); here
    # the cross-check alone must see it, so the simulation's checks are left out.
    monkeypatch.setattr(watch, "check_hand", lambda hand: [])
    profile = as_pokerkit_reads("badeucy", 6)
    hands = list(play_hands(count=100, seed=2, structure=profile, seats=6))
    found = differences(hands)
    assert found and all(" half of the " in line or "final stacks" in line for line in found)


def test_a_wrong_ranking_is_a_difference() -> None:
    """Value Badeucy's Badugi half aces low: PokerKit's StandardBadugiHand plays aces high."""
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge
    from badugi_spec.interop.pokerkit.game import game_maker

    right = as_pokerkit_reads("badeucy", 2)
    wrong = right.replace(ranking="badugi")
    game = game_maker(right, seats=2)
    hands = list(play_hands(count=400, seed=2, structure=right))
    found = [pokerkit_bridge.compare(p, game=game, structure=wrong).difference for p in hands]
    assert any(d is not None and "hand value" in d.what for d in found)


def test_split_readings_and_refusals() -> None:
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit import game as pokerkit_game

    heads_up = pokerkit_game.pokerkit_readings(get("badacy"), seats=2)
    assert heads_up["odd_chip_between_halves"] == "first-listed"
    assert heads_up["last_card"] == "dealt" and "covered_is_all_in" not in heads_up
    # Badacy calls a short big blind in full (wsop-2023, R8.26); PokerKit what was posted.
    assert heads_up["call_full_big_blind"] is False
    # ... and shows all hands at once when someone is all-in (WSOP), PokerKit in order (R13.8).
    assert heads_up["show_order"] == "last-aggressor"
    assert pokerkit_game.reading_rules(heads_up) == ["R13.2", "R13.3", "R13.4", "R13.6", "R13.8"]
    six = pokerkit_game.pokerkit_readings(get("badacy"), seats=6)
    assert six["covered_is_all_in"] is True
    assert pokerkit_game.unplayable(get("badacy").replace(**six), seats=6) == []
    low_half = get("badacy").replace(**{**six, "odd_chip_between_halves": "low-half"})
    assert any("first-listed" in r for r in pokerkit_game.unplayable(low_half, seats=6))
    fewer = get("badeucy").replace(**six, max_discards=3)
    assert any("max_discards 3" in r for r in pokerkit_game.unplayable(fewer, seats=6))


@pytest.mark.parametrize("name", GAMES)
def test_the_command_plays_split_pots_against_pokerkit(name: str, capsys: Capsys) -> None:
    pytest.importorskip("pokerkit")
    argv = ["simulate", "--hands", "40", "--seed", "3", "--seats", "6", "--profile", name]
    status, out, err = run_cli([*argv, "--against", "pokerkit"], capsys)
    assert (status, err) == (0, ""), out
    lines = out.splitlines()
    match = SUMMARY.match(lines[-1])
    assert match is not None and match["differences"] == "0", out
    assert lines[0].startswith(f"profile {name} played with PokerKit's readings (R13.1, R13.2")
    assert 'odd_chip_between_halves = "first-listed"' in lines[0]
