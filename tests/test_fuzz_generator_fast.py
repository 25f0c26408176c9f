"""The generator's shortcuts give what the long way gives (issue 40: the generator made
cheaper, not different). The trials themselves are pinned by `tests/test_fuzz_golden.py`;
these tests hold each shortcut to the code it stands for, over more cases than the pinned
trials meet, so a shortcut that drifts fails here by name."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from badugi_spec.engine.actions import Kind, Legal
from badugi_spec.fuzz import policy
from badugi_spec.fuzz.choices import Choices

SHARES = (0.0, 1.0, 0.5, 0.07, 0.25, 0.3, 0.15, 0.8, 0.6, 1e-9, 1 - 1e-9, 0.1, 0.9, 0.33)


def _long_chance(choices: Choices, share: float) -> bool:
    """`Choices.chance` as it was written: a weighted `below`."""
    return choices.below(2, (1.0 - share, share)) == 1


@pytest.mark.parametrize("seed", range(6))
def test_a_chance_draws_as_a_weighted_below_does(seed: int) -> None:
    shares = random.Random(seed)
    fast, slow = Choices(random.Random(seed)), Choices(random.Random(seed))
    for _ in range(3000):
        share = shares.choice(SHARES) if shares.random() < 0.5 else shares.random()
        if shares.random() < 0.2:  # the other draws of a trial between chances
            count = 2 + shares.randrange(9)
            assert fast.below(count) == slow.below(count)
        assert fast.chance(share) == _long_chance(slow, share)
    assert fast.record == slow.record


def test_a_chance_replays_a_stream_as_a_weighted_below_does() -> None:
    prefix = [0, 1, 2, -1, 7, 1, 0]
    fast, slow = Choices(None, prefix), Choices(None, prefix)
    for share in (*SHARES, 0.5, 0.5):
        assert fast.chance(share) == _long_chance(slow, share)
    assert fast.record == slow.record == [0, 1, 1, 0, 1, 1, 0, *[0] * (len(SHARES) - 5)]


def test_a_share_outside_zero_to_one_is_drawn_the_long_way() -> None:
    with pytest.raises(ValueError):
        Choices(random.Random(1)).chance(float("nan"))
    fast, slow = Choices(random.Random(2)), Choices(random.Random(2))
    assert fast.chance(1.5) == _long_chance(slow, 1.5)
    assert fast.record == slow.record


@pytest.mark.parametrize("seed", range(4))
def test_a_number_below_is_drawn_as_randrange_draws_it(seed: int) -> None:
    counts = random.Random(seed + 100)
    fast, rng = Choices(random.Random(seed)), random.Random(seed)
    for _ in range(4000):
        count = counts.choice((2, 3, 4, 7, 8, 9, 13, 16, 51, 52, 64, 10**9, 2**40 + 1))
        assert fast.below(count) == rng.randrange(count)
        if counts.random() < 0.1:  # a weighted one between, as a trial draws them
            fast.below(3, (2.0, 1.0, 2.0))
            rng.choices(range(3), weights=(2.0, 1.0, 2.0))


class _Counted(Choices):
    """A shrink's kind of stream (`aligned`): its own `below` sees every choice."""

    def __init__(self) -> None:
        super().__init__(None, [1, 0, 1])
        self.asked: list[int] = []

    def below(self, count: int, weights: Sequence[float] | None = None) -> int:
        self.asked.append(count)
        return super().below(count, weights)


def test_a_chance_is_asked_of_a_subclass_own_below() -> None:
    choices = _Counted()
    assert [choices.chance(0.5), choices.chance(0.5), choices.chance(0.9)] == [True, False, True]
    assert choices.asked == [2, 2, 2]
    assert not Choices._own_below


def _options(seed: int) -> tuple[Legal, ...]:
    draw = random.Random(seed)
    kinds = [Kind.CHECK, Kind.FOLD, Kind.CALL, Kind.BET, Kind.RAISE, Kind.ALL_IN]
    chosen = draw.sample(kinds, 2 + draw.randrange(4))
    return tuple(
        Legal(kind, draw.randrange(8), draw.randrange(12), draw.random() < 0.3, draw.randrange(16))
        for kind in chosen
    )


SPOTS = [
    (False, frozenset[str](), False),
    (True, frozenset[str](), False),
    (True, frozenset({"raises"}), False),
    (False, frozenset({"folds", "all-ins"}), True),
    (False, frozenset[str](), True),
]


@pytest.mark.parametrize("seed", range(40))
def test_options_are_weighed_by_their_values_not_their_tuple(seed: int) -> None:
    """A spot's weights, kept, are those worked out afresh for an equal tuple of options
    met later (our engine builds a new tuple for most spots), in each kind of trial."""
    options = _options(seed)
    other = (options[0]._replace(to=options[0].to + 1), *options[1:])
    fresh = {}
    for tried in (options, other):
        for spot in SPOTS:
            policy._WEIGHED.clear()
            fresh[tried, spot] = policy._weighed(tried, *spot)
    policy._WEIGHED.clear()
    for tried in (options, other):
        for spot in SPOTS:
            again = tuple(Legal(*o) for o in tried)
            assert policy._weighed(again, *spot) == fresh[tried, spot]


def test_a_switched_profile_is_the_one_replace_makes_and_a_bad_one_still_raises() -> None:
    from badugi_spec import profiles
    from badugi_spec.fuzz import switches
    from badugi_spec.profiles.model import ProfileError

    for name in profiles.names():
        profile = profiles.get(name)
        for changes in (
            {"button_moves": "dead-button"},
            {"hands_per_session": 3},
            {"small_blind": profile.big_blind},
            {"kill_trigger": "pot-size", "kill_pot": 4 * profile.big_blind},
        ):
            try:
                made = profile.replace(**changes)
            except ProfileError:
                with pytest.raises(ProfileError):
                    switches.changed(profile, **changes)
                continue
            assert switches.changed(profile, **changes) == made
            assert switches.changed(profile, **changes) == made  # kept, the same
        with pytest.raises(ProfileError):
            switches.changed(profile, small_blind=profile.big_blind + 1)


def test_a_switched_profile_is_kept_for_its_values_and_their_types() -> None:
    """`True == 1`, but a switch set to `True` and one set to `1` are not one change: the
    second is not handed the first's profile."""
    from badugi_spec import profiles
    from badugi_spec.fuzz import switches
    from badugi_spec.profiles.model import ProfileError

    profile = profiles.get("house")
    made = switches.changed(profile, fold_when_free=True)
    assert made is not None and made.fold_when_free is True
    try:
        other = switches.changed(profile, fold_when_free=1)
    except ProfileError:
        return  # refused as it is made: not the first's profile either
    assert other is None or type(other.fold_when_free) is int


TRICKY = (
    "turn Ann",
    "pot 12",
    "phase draw-1",
    "legal call 2, fold, raise 4",
    "Ann shows 7-5-3-A badugi",
    "Bob gets back 3",
    "main pot 6 between Ann, Bob to Ann 3, Bob 3",
    "side pot 1 7 between Ann, Bob to Bob 7",
    "half low-a-5 of main pot 7 to Ann 4",
    "reshuffles 1",
    "stub 0",
    "session over Ann, Bob tie (hand limit)",
    " session over Ann wins (bust)",
    "\tstub 0",
    "turn shows",
    "hands 2",
    "button Cy",
)


def _checks() -> list[str]:
    """Every `expect` text of some trials of each plan the golden file pins."""
    from tests import fuzz_golden

    texts = set(TRICKY)
    for plan in fuzz_golden.plans().values():
        for number in range(12):
            trial, _ = plan.trial(5, number)
            texts |= {s.text for s in trial.statements if s.kind == "expect"}
    return sorted(texts)


def test_a_check_told_quiet_shows_no_waypoint_when_read_the_long_way() -> None:
    from badugi_spec.fuzz import waypoints

    texts = _checks()
    quiet = [text for text in texts if waypoints._quiet(text)]
    assert len(quiet) > len(texts) // 2  # most checks, so the shortcut saves something
    for text in texts:
        for capped, names in ((True, 2), (False, 6), (True, 6)):
            long_way = waypoints._read(text, capped=capped, names=names)
            assert waypoints.expected(text, capped=capped, names=names) == long_way, text
            if text in quiet:
                assert long_way == set(), text


@pytest.mark.parametrize("ranking", ["house", "badugi", "low-a-5", "low-2-7"])
def test_the_cards_taken_are_told_apart_by_index(ranking: str) -> None:
    """A compare's second hand is drawn from the cards the first left (`_Cards` keeps the
    cards taken by their index): never a card twice, for every shape."""
    from badugi_spec.fuzz import value_lines

    for seed in range(300):
        choices = Choices(random.Random(seed))
        first, shape = value_lines.hand(choices, ranking)
        second, _ = value_lines.hand(choices, ranking, taken=first, shape=shape)
        assert len({*first, *second}) == len(first) + len(second)
        cards = value_lines._Cards(first)
        for card in first:
            assert card.suit not in cards.free(card.rank)


def test_the_mucks_tried_follow_the_show_order_of_the_events() -> None:
    """`policy.mucks` reads the show order off the log's rows: the order of the `show`
    events, and the same mucks tried."""
    from badugi_spec.engine.actions import Action
    from badugi_spec.fuzz.plan import Plan
    from badugi_spec.fuzz.trial import Setting
    from tests import fuzz_golden

    every = fuzz_golden._every()
    plan = Plan(Setting(tuple(p for p in every if p.muck != "never"), seats=(3, 6)), ())
    shown = 0
    for number in range(30):
        trial, _ = plan.trial(7, number)
        for hand in trial.played:
            stream = [1, 0, 1, 1, 0, 1, 1, 1]
            tried = policy.mucks(hand, Choices(None, stream))
            result = hand.result
            if hand.profile.muck == "never" or result is None or result.ended_by != "showdown":
                assert tried == []
                continue
            # As it was read: the seats of the `show` events, in order.
            order = [event.seat for event in hand.events if event.kind == "show"]
            shown += len(order) > 1
            picks = Choices(None, stream)
            assert tried == [Action(s, Kind.MUCK) for s in order if picks.chance(0.6)]
    assert shown > 10


def test_options_in_a_list_are_weighed_and_never_kept() -> None:
    options = _options(3)
    policy._WEIGHED.clear()
    fresh = policy._weighed(options, False, frozenset(), False)
    listed = list(options)
    assert policy._weighed(listed, False, frozenset(), False) == fresh  # type: ignore[arg-type]
    assert len(policy._WEIGHED) == 1


def test_a_request_says_each_kind_by_its_value() -> None:
    from badugi_spec.engine.actions import Action
    from badugi_spec.fuzz import steps

    for kind in Kind:
        assert steps.request(["Ann"], Action(0, kind))["action"] == kind.value
