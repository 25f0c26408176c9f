"""Pot limit and no limit against PokerKit's `State` (R14), and the random policy's amounts
over the whole legal range (R14.10): the short versions of `make simulate-big-bet`."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from badugi_spec.cards import DECK
from badugi_spec.engine import betting
from badugi_spec.engine.actions import Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.profiles import Profile, get
from badugi_spec.simulation.random_play import choose
from badugi_spec.simulation.simulate import PlayedHand, play_hands
from tests.support import Capsys, one_line_error, run_cli
from tests.test_simulate import SUMMARY


def as_pokerkit_reads(name: str, seats: int) -> Profile:
    from badugi_spec.interop.pokerkit.game import pokerkit_readings

    base = get(name)
    return base.replace(**pokerkit_readings(base, seats=seats))


def differences(hands: list[PlayedHand]) -> list[str]:
    from badugi_spec.interop.pokerkit import bridge as pokerkit_bridge

    found = (pokerkit_bridge.compare(played) for played in hands)
    return [c.difference.describe() for c in found if c.difference is not None]


@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("name", ["pot-limit", "no-limit"])
def test_pokerkit_agrees_on_big_bet_hands(name: str, seats: int) -> None:
    pytest.importorskip("pokerkit")
    # 60 hands each: all-ins, showdowns and 19 to 60 raise sizes come up (200 before);
    # make simulate-big-bet plays thousands.
    hands = list(
        play_hands(count=60, seed=7, structure=as_pokerkit_reads(name, seats), seats=seats)
    )
    assert differences(hands) == []
    actions = [action for played in hands for action in played.actions]
    # The hands reach what is new in chapter R14: all-ins and raises above the least.
    assert any(action.kind is Kind.ALL_IN for action in actions)
    assert any(played.result.ended_by == "showdown" for played in hands)
    raises = [a.amount for a in actions if a.kind is Kind.RAISE and a.amount is not None]
    assert len(set(raises)) > 10


def test_a_wrong_pot_limit_is_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the engine: the pot-limit raise may go one chip over the pot (R14.4)."""
    pytest.importorskip("pokerkit")
    honest = betting.raise_range

    def one_over(profile: Profile, **kwargs: int | bool) -> tuple[int, int]:
        low, high = honest(profile, **kwargs)  # type: ignore[arg-type]
        return low, high + 1

    monkeypatch.setattr(betting, "raise_range", one_over)
    hands = list(play_hands(count=20, seed=7, structure=get("pot-limit")))
    found = differences(hands)
    assert found and all("legal options" in line or "refused" in line for line in found)


def test_pokerkit_readings_only_where_they_differ() -> None:
    pytest.importorskip("pokerkit")
    from badugi_spec.interop.pokerkit import game as pokerkit_game

    assert pokerkit_game.pokerkit_readings(get("pot-limit"), seats=2) == {}
    assert pokerkit_game.pokerkit_readings(get("house"), seats=6) == {}
    readings = pokerkit_game.pokerkit_readings(get("no-limit"), seats=6)
    assert readings["short_all_in"] == "largest-raise"
    assert readings["covered_is_all_in"] is True
    assert pokerkit_game.unplayable(get("no-limit").replace(**readings), seats=6) == []


@pytest.mark.parametrize(
    ("name", "reason"),
    [("half-pot", "betting half-pot: PokerKit has"), ("spread-2-5", "betting spread: PokerKit")],
)
def test_half_pot_and_spread_are_refused(name: str, reason: str, capsys: Capsys) -> None:
    pytest.importorskip("pokerkit")
    argv = ["simulate", "--hands", "5", "--profile", name, "--against", "pokerkit"]
    line = one_line_error(*run_cli(argv, capsys))
    assert f"cannot play profile {name} at 2 seats: {reason}" in line


def test_the_command_plays_no_limit_six_handed_against_pokerkit(capsys: Capsys) -> None:
    pytest.importorskip("pokerkit")
    argv = ["simulate", "--hands", "60", "--seed", "2", "--seats", "6", "--profile", "no-limit"]
    status, out, err = run_cli([*argv, "--against", "pokerkit"], capsys)
    assert (status, err) == (0, ""), out
    lines = out.splitlines()
    match = SUMMARY.match(lines[-1])
    assert match is not None and match["differences"] == "0", out
    assert lines[0].startswith(
        "profile no-limit played with PokerKit's readings (R13.2, R13.5, R13.6)"
    )
    assert 'short_all_in = "largest-raise"' in lines[0]


# --- the random policy over a range --------------------------------------------------------


def choices(stacks: tuple[int, int], draws: int = 600) -> Counter[tuple[Kind, int | None]]:
    """What the policy sends as the first action of a no-limit hand, `draws` times."""
    hand = Hand(deck=DECK, stacks=stacks, dealer=0, profile=get("no-limit"))
    rng = random.Random(5)
    return Counter((a.kind, a.amount) for a in (choose(hand, rng) for _ in range(draws)))


def test_the_policy_picks_both_ends_of_the_range_and_between() -> None:
    # The button, with 100 chips, faces the big blind: raise to 4-100 (R14.3, R14.5).
    seen = choices((100, 100))
    raises = {amount for kind, amount in seen if kind is Kind.RAISE}
    assert {4, 100} <= raises
    assert any(amount is not None and 4 < amount < 100 for amount in raises)
    assert (Kind.ALL_IN, 99) in seen  # the top of the range, sent as all-in
    # About a third of the actions are raises, and a quarter of those go to each end.
    assert seen[Kind.RAISE, 4] > 30 and seen[Kind.RAISE, 100] + seen[Kind.ALL_IN, 99] > 30


def test_an_all_in_short_of_the_least_raise_is_an_option_of_its_own() -> None:
    # The button has 3 chips: the least raise, to 4, is more than it has (R14.6).
    seen = choices((3, 100))
    assert set(seen) == {(Kind.FOLD, None), (Kind.CALL, 1), (Kind.ALL_IN, 2)}
