"""`badugi-spec simulate`: random legal play, its invariants, and the PokerKit cross-check."""

from __future__ import annotations

import re
import sys

import pytest

import badugi_spec
from badugi_spec.engine import deck as engine_deck
from badugi_spec.engine import hand as engine_hand
from badugi_spec.engine.actions import Action
from badugi_spec.simulate import PlayedHand, SimulationError, Tally, play_hands, replay
from tests.support import Capsys, one_line_error, run_cli

SUMMARY = re.compile(
    r"^(?P<hands>\d+) hands: \d+ showdowns \(\d+ split\), \d+ folds, \d+ all-ins;"
    r"(?: (?P<differences>\d+) differences from pokerkit;)? [\d,]+ hands/s$"
)


def leak_a_chip(monkeypatch: pytest.MonkeyPatch, *, seat: int) -> None:
    """Break the engine: one chip appears from nowhere when a hand is settled."""
    apply = engine_hand.Hand.apply

    def leaky(self: engine_hand.Hand, action: Action) -> None:
        apply(self, action)
        if self.result is not None:
            self.stacks[seat] += 1

    monkeypatch.setattr(engine_hand.Hand, "apply", leaky)


# --- random play and its invariants ----------------------------------------------------


def test_every_hand_ends_in_a_fold_or_a_showdown_and_short_stacks_go_all_in() -> None:
    tally = Tally()
    for played in play_hands(count=600, seed=3):
        tally.add(played)
    assert tally.hands == 600 == tally.showdowns + tally.folds
    assert tally.showdowns > 0 and tally.folds > 0
    assert tally.all_ins > 0


def test_a_hand_is_reproducible_from_the_seed_and_its_number() -> None:
    hands = list(play_hands(count=30, seed=9))
    assert replay(9, 17) == hands[16]
    assert list(play_hands(count=30, seed=10)) != hands
    assert "simulate.replay(9, 17)" in hands[16].transcript()[0]


def test_fixed_stacks_apply_to_every_hand() -> None:
    hands = list(play_hands(count=200, seed=1, stacks=(5, 9)))
    assert {played.setup.stacks for played in hands} == {(5, 9)}
    assert any(played.all_in for played in hands)
    assert "stacks=(5, 9)" in hands[0].transcript()[0]


def test_nobody_is_all_in_with_the_house_stacks() -> None:
    # At most 48 chips go in per player per hand (R3.6), so 100 chips always cover it.
    hands = list(play_hands(count=400, seed=2, stacks=(100, 100)))
    assert not any(played.all_in for played in hands)
    assert {played.setup.dealer for played in hands} == {0, 1}


def test_a_chip_created_at_the_settlement_names_the_seed_and_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    leak_a_chip(monkeypatch, seat=0)
    with pytest.raises(SimulationError) as caught:
        list(play_hands(count=5, seed=4))
    assert (caught.value.seed, caught.value.number) == (4, 1)
    assert str(caught.value).startswith("simulate seed 4, hand 1: R5.8 chips")


def test_a_card_skipped_at_a_draw_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    take = engine_deck.Deck.take

    def skipping(self: engine_deck.Deck, count: int) -> tuple[badugi_spec.Card, ...]:
        if self.position < 8:
            return take(self, count)
        return take(self, count + 1)[1:]

    monkeypatch.setattr(engine_deck.Deck, "take", skipping)
    with pytest.raises(SimulationError, match=r"R4\.[24]"):
        list(play_hands(count=200, seed=6))


def test_the_command_prints_a_summary(capsys: Capsys) -> None:
    status, out, err = run_cli(["simulate", "--hands", "150", "--seed", "1"], capsys)
    assert (status, err) == (0, "")
    match = SUMMARY.match(out.splitlines()[-1])
    assert match is not None, out
    assert match["hands"] == "150" and match["differences"] is None


def test_a_broken_invariant_is_one_clear_error_from_the_command(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    leak_a_chip(monkeypatch, seat=1)
    status, out, err = run_cli(["simulate", "--hands", "10", "--seed", "8"], capsys)
    assert status == 2 and out == "" and "Traceback" not in err
    assert err.startswith("badugi-spec: error: simulate seed 8, hand 1: R5.8 chips")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--stacks", "0,5"], "two positive chip counts"),
        (["--stacks", "100"], "two positive chip counts"),
        (["--stacks", "a,b"], "two chip counts"),
        (["--hands", "0"], "at least 1 hand"),
        (["--against", "other"], "invalid choice"),
    ],
)
def test_bad_arguments_are_one_line_errors(argv: list[str], message: str, capsys: Capsys) -> None:
    line = one_line_error(*run_cli(["simulate", *argv], capsys))
    assert message in line


def test_missing_pokerkit_is_one_clear_error(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pokerkit", None)
    monkeypatch.delitem(sys.modules, "badugi_spec.pokerkit_bridge", raising=False)
    monkeypatch.delattr(badugi_spec, "pokerkit_bridge", raising=False)
    line = one_line_error(*run_cli(["simulate", "--hands", "5", "--against", "pokerkit"], capsys))
    assert "pip install 'badugi-spec[pokerkit]'" in line


# --- the PokerKit cross-check ----------------------------------------------------------


def _differences(hands: list[PlayedHand]) -> tuple[list[str], int]:
    from badugi_spec import pokerkit_bridge

    found: list[str] = []
    returned = 0
    for played in hands:
        comparison = pokerkit_bridge.compare(played)
        returned += comparison.returned_uncovered
        if comparison.difference is not None:
            head = f"hand {played.setup.number}: {comparison.difference.describe()}"
            found.append("\n".join([head, *played.transcript()]))
    return found, returned


def test_pokerkit_agrees_on_2000_seeded_hands() -> None:
    pytest.importorskip("pokerkit")
    hands = list(play_hands(count=2000, seed=2024))
    found, returned = _differences(hands)
    assert not found, "\n\n".join(found[:5])
    # The comparison covered what it claims to: both seatings, showdowns, all-ins,
    # all-in showdowns and the uncovered chips that PokerKit returns earlier.
    assert {played.setup.dealer for played in hands} == {0, 1}
    assert sum(played.result.ended_by == "showdown" for played in hands) >= 150
    assert sum(played.all_in for played in hands) >= 50
    assert sum(p.all_in and p.result.ended_by == "showdown" for p in hands) >= 20
    assert returned >= 5


@pytest.mark.parametrize("stacks", [(1, 100), (100, 1), (2, 3), (5, 9), (13, 100)])
def test_pokerkit_agrees_with_short_stacks(stacks: tuple[int, int]) -> None:
    pytest.importorskip("pokerkit")
    hands = list(play_hands(count=400, seed=7, stacks=stacks))
    found, _ = _differences(hands)
    assert not found, "\n\n".join(found[:5])
    assert any(played.all_in for played in hands)


def test_pokerkit_default_cap_differs_from_the_house_cap() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    from badugi_spec import pokerkit_bridge

    default = pokerkit.FixedLimitBadugi(
        pokerkit_bridge.AUTOMATIONS, True, 0, (1, 2), 2, 4, mode=pokerkit.Mode.TOURNAMENT
    )
    first = None
    for played in play_hands(count=300, seed=3):
        comparison = pokerkit_bridge.compare(played, game=default)
        if comparison.difference is not None:
            first = comparison.difference
            break
    assert first is not None
    # Capped at 8 before the draw (R3.6); PokerKit's default allows a raise to 10.
    assert first.what == "legal options"
    assert "to 10" in first.pokerkit and "to 10" not in first.house


def test_a_wrong_winner_in_the_engine_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pokerkit")
    from badugi_spec import pokerkit_bridge

    played = next(
        p
        for p in play_hands(count=200, seed=5)
        if p.result.ended_by == "showdown" and len(p.result.winners) == 1
    )

    apply = engine_hand.Hand.apply

    def wrong_winner(self: engine_hand.Hand, action: Action) -> None:
        apply(self, action)
        if self.result is not None:
            other = (1 - self.result.winners[0],)
            self.result = self.result._replace(winners=other)

    monkeypatch.setattr(engine_hand.Hand, "apply", wrong_winner)
    difference = pokerkit_bridge.compare(played).difference
    assert difference is not None and difference.what == "winners"


def test_the_command_compares_with_pokerkit(capsys: Capsys) -> None:
    pytest.importorskip("pokerkit")
    status, out, err = run_cli(
        ["simulate", "--hands", "300", "--seed", "5", "--against", "pokerkit"], capsys
    )
    assert (status, err) == (0, ""), out
    lines = out.splitlines()
    match = SUMMARY.match(lines[-1])
    assert match is not None, out
    assert match["differences"] == "0"
    assert any(line.startswith("known difference, not counted") for line in lines[:-1])
