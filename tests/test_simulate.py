"""`badugi-spec simulate`: random legal play, its invariants, and the PokerKit cross-check."""

from __future__ import annotations

import re
import sys

import pytest

import badugi_spec.interop.pokerkit
from badugi_spec.cards import DECK
from badugi_spec.engine import deck as engine_deck
from badugi_spec.engine import hand as engine_hand
from badugi_spec.engine.actions import Action
from badugi_spec.profiles import get
from badugi_spec.simulation.simulate import PlayedHand, Tally, play_hands, replay
from badugi_spec.simulation.watch import SimulationError
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


def test_a_broken_property_is_a_finding_with_its_replay_and_fails_the_run(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    leak_a_chip(monkeypatch, seat=1)
    status, out, err = run_cli(["simulate", "--hands", "10", "--seed", "8"], capsys)
    assert status == 1 and err == ""
    assert out.startswith("hand 1: R5.8 chips-conserved: final stacks")
    replay = "badugi-spec simulate --profile house --seats 2 --seed 8 --hand 1"
    assert f"replay: {replay}\n" in out
    # Every hand is played and the run sums the findings up by property.
    assert "10 of 10 hands broke a property of the rules:" in out
    assert "    R5.8 chips-conserved: 10 hands (the first: hand 1)" in out
    status, out, _ = run_cli(replay.split()[1:], capsys)
    assert status == 1 and out.startswith("hand 1: R5.8 chips-conserved")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--stacks", "0,5"], "two to eight positive chip counts"),
        (["--stacks", "100"], "two to eight positive chip counts"),
        (["--stacks", "a,b"], "two to eight chip counts"),
        (["--seats", "9"], "2 to 8 seats"),
        (["--seats", "3"], "profile house seats 2 to 2 players, not 3 (R8.2)"),
        (["--seats", "3", "--stacks", "5,9"], "--stacks gives 2 stacks for 3 seats"),
        (["--profile", "nope"], "unknown profile 'nope'"),
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
    # The bridge reaches PokerKit through the package's other modules too: none may be cached.
    for name in [n for n in sys.modules if n.startswith("badugi_spec.interop.pokerkit.")]:
        monkeypatch.delitem(sys.modules, name)
        monkeypatch.delattr(badugi_spec.interop.pokerkit, name.rsplit(".", 1)[1], raising=False)
    line = one_line_error(*run_cli(["simulate", "--hands", "5", "--against", "pokerkit"], capsys))
    assert "pip install 'badugi-spec[pokerkit]'" in line


# --- the PokerKit cross-check ----------------------------------------------------------


def _differences(hands: list[PlayedHand]) -> tuple[list[str], int]:
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge

    found: list[str] = []
    returned = 0
    for played in hands:
        comparison = pokerkit_bridge.compare(played)
        returned += comparison.returned_uncovered
        if comparison.difference is not None:
            head = f"hand {played.setup.number}: {comparison.difference.describe()}"
            found.append("\n".join([head, *played.transcript()]))
    return found, returned


def test_pokerkit_agrees_on_500_seeded_hands() -> None:
    # make simulate plays 2,000 and make simulate-multiway 20,000 a table; these 500
    # still hold every kind of ending counted below (57 showdowns, 20 all-ins, 13 of
    # them to a showdown, 3 returns).
    pytest.importorskip("pokerkit")
    hands = list(play_hands(count=500, seed=2024))
    found, returned = _differences(hands)
    assert not found, "\n\n".join(found[:5])
    # The comparison covered what it claims to: both seatings, showdowns, all-ins,
    # all-in showdowns and the uncovered chips that PokerKit returns earlier.
    assert {played.setup.dealer for played in hands} == {0, 1}
    assert sum(played.result.ended_by == "showdown" for played in hands) >= 50
    assert sum(played.all_in for played in hands) >= 15
    assert sum(p.all_in and p.result.ended_by == "showdown" for p in hands) >= 10
    assert returned >= 3


@pytest.mark.parametrize("stacks", [(1, 100), (100, 1), (2, 3), (5, 9), (13, 100)])
def test_pokerkit_agrees_with_short_stacks(stacks: tuple[int, int]) -> None:
    pytest.importorskip("pokerkit")
    # 50 a pair of stacks: every pair reaches an all-in within them (the assert below);
    # make simulate plays thousands.
    hands = list(play_hands(count=50, seed=7, stacks=stacks))
    found, _ = _differences(hands)
    assert not found, "\n\n".join(found[:5])
    assert any(played.all_in for played in hands)


def test_pokerkit_default_cap_differs_from_the_house_cap() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge
    from badugi_spec.interop.pokerkit.game import AUTOMATIONS

    default = pokerkit.FixedLimitBadugi(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, mode=pokerkit.Mode.TOURNAMENT
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
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge

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


# --- multi-way, under the pokerkit profile (R8, R13) --------------------------------------


# Each count still holds every kind of hand the asserts below name (at eight seats 28
# refills); make simulate-multiway plays 20,000 a table.
@pytest.mark.parametrize(("seats", "count"), [(3, 200), (6, 120), (8, 100)])
def test_pokerkit_agrees_multi_way(seats: int, count: int) -> None:
    """The short seeded version of `make simulate-multiway`: no difference, and the hands
    cover what the comparison claims (side pots, all-ins, refills at eight seats)."""
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge

    hands = list(play_hands(count=count, seed=11, structure=get("pokerkit"), seats=seats))
    found, refills = [], 0
    for played in hands:
        comparison = pokerkit_bridge.compare(played)
        refills += comparison.refills
        if comparison.difference is not None:
            found.append(comparison.difference.describe() + "\n" + "\n".join(played.transcript()))
    assert not found, "\n\n".join(found[:3])
    assert {played.setup.dealer for played in hands} == set(range(seats))
    assert sum(played.result.ended_by == "showdown" for played in hands) >= count // 10
    # PokerKit forms its pots again without the losing hands (R8.31, R13.6): at three seats
    # most side pots merge back into one, and those left have two winners.
    assert sum(len(played.result.pots) > 1 for played in hands) >= (1 if seats == 3 else 3)
    assert sum(played.all_in for played in hands) >= count // 20
    if seats == 8:
        assert refills >= 20 and refills == sum(len(p.reshuffles) for p in hands)


def test_a_refill_of_other_cards_is_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the engine's pokerkit profile: leave the burns out of the rebuilt stub. PokerKit
    refills from them too (R13.4), so the first hand with a refill differs there."""
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge
    from badugi_spec.interop.pokerkit import game as pokerkit_game

    profile = get("pokerkit")
    played = next(
        p for p in play_hands(count=100, seed=11, structure=profile, seats=8) if p.reshuffles
    )
    broken = profile.replace(reshuffle=("discards", "current-discards", "folded"))
    monkeypatch.setattr(pokerkit_game, "unplayable", lambda *_, **__: [])
    difference = pokerkit_bridge.compare(played, structure=broken).difference
    assert difference is not None
    assert difference.what in {"the cards of the rebuilt stub", "the recorded action"}


def test_pokerkit_cannot_settle_a_free_fold_into_all_in_players() -> None:
    """R13.5, measured: the last players with chips fold with nothing to call after the
    draw, having put in more than the all-in small blind; PokerKit 0.7.7 fails at the
    settlement, which is why the random policy never makes the last of those folds."""
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit.game import TO_PK, game_for

    pk = TO_PK
    state = game_for(get("pokerkit"))((3, 100, 100), 3)
    for card in DECK[:12]:
        state.deal_hole((pk[card],))
    state.complete_bet_or_raise_to(4)  # the button
    state.check_or_call()  # the small blind, all-in for 3
    state.check_or_call()  # the big blind
    for _ in range(3):
        state.stand_pat_or_discard()
    state.burn_card((pk[DECK[12]],))
    with pytest.warns(UserWarning, match="no reason for this player to fold"):
        state.fold()  # the big blind, for free
    with (
        pytest.warns(UserWarning, match="no reason for this player to fold"),
        pytest.raises(AssertionError),
    ):
        state.fold()  # the button, due to act (R8.28), for free


def test_the_command_plays_multi_way_against_pokerkit(capsys: Capsys) -> None:
    pytest.importorskip("pokerkit")
    argv = ["simulate", "--hands", "120", "--seed", "4", "--seats", "8", "--profile", "pokerkit"]
    status, out, err = run_cli([*argv, "--against", "pokerkit"], capsys)
    assert (status, err) == (0, ""), out
    lines = out.splitlines()
    match = SUMMARY.match(lines[-1])
    assert match is not None and match["differences"] == "0", out
    assert "profile pokerkit, 8 seats, seed 4" in lines
    assert any(line.startswith("the stub was rebuilt in ") for line in lines)


def test_the_command_refuses_a_profile_pokerkit_cannot_play(capsys: Capsys) -> None:
    pytest.importorskip("pokerkit")
    argv = ["simulate", "--seats", "3", "--profile", "wsop-2023", "--against", "pokerkit"]
    line = one_line_error(*run_cli(argv, capsys))
    assert "cannot play profile wsop-2023 at 3 seats" in line
