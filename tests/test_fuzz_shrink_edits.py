"""The shrink's edits that know a trial's shape (issue 34): each keeps the rest of the trial.

- `probes.unprobed`: every refusal probe dropped in one candidate, the trial otherwise
  statement for statement the same;
- `fold_hands.folded`: a hand left out with the session a hand shorter;
- `aligned.reshaped`: a trial of fewer seats that keeps the switch and the other choices
  answered as they were;
- `cut.from_hand`: a cut at the live table, its players sitting out seated so.
"""

from __future__ import annotations

from badugi_spec import profiles
from badugi_spec.fuzz import aligned, cut, fold_hands, probes
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.game import play
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting, Trial
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import Runner

SETTING = Setting(tuple(profiles.get(name) for name in profiles.names()))
PLAN = Plan(SETTING, ())


def played(seed: int, number: int) -> tuple[Trial, list[int]]:
    choices = Choices(trial_random(seed, number))
    return PLAN.played(choices, seed, number), list(choices.record)


def replay(number: int) -> fold_hands.Replay:
    return lambda stream: PLAN.played(Choices(None, stream), 1, number)


def kept(trial: Trial) -> list[str]:
    return [s.text for s in trial.statements if s.kind != "reject"]


def test_every_probe_goes_in_one_candidate_and_nothing_else_changes() -> None:
    found = 0
    for number in range(40):
        trial, stream = played(1, number)
        before = len(trial.statements)
        spans = probes.probes(trial, before)
        if len(spans) < 3:
            continue
        found += 1
        edit = next(probes.unprobed(stream, trial, before))
        assert len(edit) == len(stream) and edit < stream
        again = replay(number)(edit)
        assert probes.probes(again, len(again.statements)) == []
        assert kept(again) == kept(trial)
        assert len(again.statements) == len(trial.statements) - len(spans)
    assert found >= 2, "trials with three probes or more"


def test_the_probes_are_halved_when_all_of_them_at_once_fail() -> None:
    for number in range(40):
        trial, stream = played(1, number)
        spans = probes.probes(trial, len(trial.statements))
        if len(spans) >= 4:
            break
    candidates = list(probes.unprobed(stream, trial, len(trial.statements)))
    assert len(candidates) == 1 + 2 + 4  # all, halves, quarters
    zeroed = [sum(1 for a, b in zip(c, stream, strict=True) if a != b) for c in candidates]
    assert zeroed[0] > max(zeroed[1:3]) > 0


def test_a_hand_left_out_comes_with_a_session_a_hand_shorter() -> None:
    for number in range(200):
        trial, stream = played(2, number)
        if trial.hands >= 4 and len(fold_hands.spans(trial)) >= 3:
            break
    else:
        raise AssertionError("a trial of four hands or more")
    again = replay(number)
    shorter = [again(c).hands for c in fold_hands.folded(stream, again)]
    assert trial.hands - 1 in shorter and trial.hands in shorter[1:]


def test_a_reshaped_trial_has_fewer_seats_and_keeps_its_switch() -> None:
    for number in range(200):
        trial, stream = played(3, number)
        if len(trial.names) >= 5 and trial.overrides:
            break
    else:
        raise AssertionError("a trial of five seats or more with a switch")

    def playing(choices: Choices) -> Trial:
        return play(choices, SETTING, seed=3, number=number)

    shape = trial.statements[0].drawn
    fewer = [
        again
        for edit in aligned.reshaped(stream, playing, shape=shape)
        if len((again := replay(number)(edit)).names) < len(trial.names)
    ]
    assert any(t.overrides == trial.overrides and t.profile == trial.profile for t in fewer)
    # Choices past those its trial reads answer nothing (they once ran off the labels).
    assert list(aligned.reshaped([*stream, *[5] * 40], playing, shape=shape))


def test_a_cut_seats_a_player_sitting_out_sitting_out() -> None:
    # Bob sits out in the first hand and is not back for the second (R19.1): the cut to
    # start at the second seats him sitting out, and our engine passes it.
    plan = Plan(Setting((profiles.get("wsop-2023"),)), ())
    trial = plan.played(Choices(trial_random(1, 3)), 1, 3)
    assert trial.first_posts == ["Bob sits out"]
    assert not [s for s in trial.statements if s.hand == 2 and "Bob" in s.text and s.kind == "hand"]
    second = cut.from_hand(trial, 2)
    assert second is not None and second.first_posts == ["Bob sits out"]
    result = Runner(EngineImplementation(), every_order=False).run(load(second.text()))
    assert result.status == "passed"
