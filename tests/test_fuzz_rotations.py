"""Which rotations a fuzzed trial with variants runs (`replay_variants.rotations`).

One trial in `VARIANT_SHARE` runs in its variants. Of its rotations it runs one, a
different one from each such trial to the next, unless a pot of the trial was split, where
which player takes an odd chip depends on the seats round the button (R8.15): then every
rotation runs. The fast path and the text path run the same ones (`test_fuzz_fast.py`
compares their findings); here, what the campaign asks the implementation.
"""

from __future__ import annotations

from typing import Any

from badugi_spec import profiles
from badugi_spec.fuzz import replay_variants
from badugi_spec.fuzz.campaign import VARIANT_SHARE, Campaign
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import FuzzError, Setting, Trial
from badugi_spec.scenario.engine_impl import EngineImplementation

HOUSE_SIX = Plan(Setting((profiles.get("pokerstars-2010"),), seats=(6, 6)), ())


def test_each_rotation_comes_in_turn_over_the_trials_with_variants() -> None:
    for seats in range(2, 9):
        numbers = [VARIANT_SHARE * i for i in range(seats - 1)]
        turns = [replay_variants.rotation(n, seats, VARIANT_SHARE) for n in numbers]
        assert sorted(turns) == list(range(1, seats)), (seats, turns)


def test_kept_drops_the_other_rotations_only() -> None:
    names = ["rotated-1", "rotated-2", "rotated-3", "suits", "card-order"]
    assert replay_variants.kept(names, VARIANT_SHARE, 4, VARIANT_SHARE) == [
        "rotated-2",
        "suits",
        "card-order",
    ]


def _split(trial: Trial) -> bool:
    return any(
        len(pot.winners) > 1
        for hand in trial.played
        if hand.result is not None
        for pot in hand.result.pots
    )


def _trials(*, split: bool) -> list[tuple[int, Trial]]:
    """Play trials (numbers that run variants) whose pots were split or not."""
    found = []
    for index in range(1, 400):
        number = VARIANT_SHARE * index
        try:
            trial, _ = HOUSE_SIX.trial(11, number)
        except FuzzError:
            continue
        if _split(trial) == split:
            found.append((number, trial))
            if len(found) == 2:
                break
    assert found, f"no trial with split={split} among the seeds tried"
    return found


def test_a_trial_without_a_split_pot_forms_one_rotation() -> None:
    for number, trial in _trials(split=False):
        turns = replay_variants.rotations(number, trial, VARIANT_SHARE)
        assert turns == [replay_variants.rotation(number, 6, VARIANT_SHARE)]
        forms = replay_variants.forms(trial, turns)
        assert forms is not None
        assert [f.name for f in forms if f.name.startswith("rotated-")] == [f"rotated-{turns[0]}"]


def test_a_trial_with_a_split_pot_forms_every_rotation() -> None:
    for number, trial in _trials(split=True):
        assert replay_variants.rotations(number, trial, VARIANT_SHARE) is None
        forms = replay_variants.forms(trial, None)
        assert forms is not None
        rotated = [f.name for f in forms if f.name.startswith("rotated-")]
        assert rotated == [f"rotated-{k}" for k in range(1, 6)]


class _Starts(EngineImplementation):
    """Counts the sessions it is asked to start: the trial's and one per variant run."""

    def __init__(self) -> None:
        super().__init__()
        self.firsts: list[str] = []

    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        self.firsts.append(str(case["players"][0]["name"]))
        return super().start(case)


def test_a_campaign_asks_for_the_rotations_chosen_on_both_paths() -> None:
    (number, _), *_ = _trials(split=False)
    seen = []
    for fast in (True, False):
        impl = _Starts()
        campaign = Campaign(impl, HOUSE_SIX, seed=11, out=None, fast=fast)
        assert campaign.run(number) == "passed"
        seen.append(impl.firsts)
    # The trial, its one rotation, then `suits` and (if any discard turns) `card-order`:
    # a rotation starts the list at another player, the others at the trial's first.
    for firsts in seen:
        assert len(firsts) in (3, 4), firsts
        assert sum(first != firsts[0] for first in firsts) == 1, firsts
    assert seen[0] == seen[1]


def test_our_answers_are_written_as_serve_writes_them_trial_and_variants() -> None:
    """The client compares serve's replies with our answers as text (`replay._lines`,
    one writer a session): the text must be the plain encoder's, in every variant too."""
    import json

    from badugi_spec.fuzz import replay

    plain = json.JSONEncoder(ensure_ascii=False, check_circular=False)
    checked = 0
    for number, trial in _trials(split=False) + _trials(split=True):
        forms = replay_variants.forms(trial, None) or []
        # (A list of two sessions too, the trial's then a rotation's: each its own writer.)
        both = trial.exchanges + forms[0].exchanges
        for exchanges in [trial.exchanges, *(form.exchanges for form in forms), both]:
            replay._LINES.clear()  # written now, not read back from an earlier call
            written = replay._lines(exchanges)
            assert written == [plain.encode(ours) for _, _, ours in exchanges], number
            checked += len(written)
    assert checked > 500
