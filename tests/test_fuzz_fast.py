"""The fast path of `fuzz` (`fuzz.replay`) decides every trial as the text path does.

A trial whose every answer is our engine's is passed without its scenario text; any other
goes through the text and `verify`'s runner, as every trial did before. Here the two are
run side by side on seeded campaigns against buggy implementations (mutants, and a few
made here: one that misreads the list order, one that crashes, one that answers a number
in another JSON type): the same trials, the same statuses, the same findings at the same
trial numbers, shrunk to the same text.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz import replay
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.load import load
from badugi_spec.fuzz.trial import FuzzError, Setting
from badugi_spec.mutants import BY_NAME, MutantImplementation
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation
from badugi_spec.scenario.runner import ImplementationError, Runner

EVERY = tuple(profiles.get(name) for name in profiles.names())


# ----- the requests kept are the runner's ------------------------------------------------


def _sent(kind: str, request: dict[str, Any]) -> dict[str, Any]:
    """What the protocol client sends of a runner's argument (`client.start` etc.)."""
    if kind == "start":
        return {k: request.get(k) for k in ("players", "first_dealer", "profile")}
    if kind == "deal":
        return {k: request[k] for k in ("deck", "reshuffles", "posts", "seating") if request.get(k)}
    out = {"player": request["player"], "action": request["action"]}
    if request.get("amount") is not None:
        out["amount"] = request["amount"]
    if request["action"] == "draw":
        out["discards"] = list(request.get("discards", []))
    return out


class _Recorder(EngineImplementation):
    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[str, dict[str, Any], dict[str, Any]]] = []

    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        return self._kept("start", case, super().start(case))

    def deal(self, hand: dict[str, Any]) -> dict[str, Any]:
        return self._kept("deal", hand, super().deal(hand))

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        return self._kept("act", step, super().act(step))

    def _kept(self, kind: str, request: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
        self.log.append((kind, _sent(kind, request), outcome))
        return outcome


def test_the_requests_a_trial_keeps_are_those_the_runner_sends_for_its_text() -> None:
    plan = Plan(Setting(EVERY), ())
    checked = 0
    for number in range(12):  # seven of the profiles (24 trials gave nine, at twice the CPU)
        try:
            trial, _ = plan.trial(5, number)
        except FuzzError:
            continue
        recorder = _Recorder()
        result = Runner(recorder, every_order=False, unreported_skips_case=False).run(
            load(trial.text())
        )
        assert result.status == "passed", (number, result.divergence)
        kept = [(kind, _sent(kind, request), ours) for kind, request, ours in trial.exchanges]
        assert [k[:2] for k in kept] == [r[:2] for r in recorder.log], number
        for (_, _, ours), (_, _, theirs) in zip(kept, recorder.log, strict=True):
            assert replay.answered_alike(theirs, ours)
        checked += 1
    assert checked >= 10


class _Scripted(_Recorder):
    """Answers each request with the next of `answers` (a variant's answers of ours),
    whatever it asks, and keeps the requests as the recorder does."""

    def __init__(self, answers: list[dict[str, Any]]) -> None:
        super().__init__()
        self.answers = list(answers)

    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        return self._kept("start", case, self.answers.pop(0))

    def deal(self, hand: dict[str, Any]) -> dict[str, Any]:
        return self._kept("deal", hand, self.answers.pop(0))

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        return self._kept("act", step, self.answers.pop(0))


def test_each_variant_formed_from_the_requests_is_the_runners_and_passes_as_it_reads() -> None:
    """For each variant of a trial (`replay_variants.forms`): the runner, given the
    variant's case from the text, sends exactly the form's requests; and answered with the
    form's answers of ours, it passes the variant's every line. So an implementation that
    answers a form as those answers passes the variant by the text too: the fast path may
    pass it without its text. Our own engine answers every form so (the fast path decides)."""
    from badugi_spec.fuzz import replay_variants
    from badugi_spec.scenario.variants import variants

    plan = Plan(Setting(EVERY), ())
    names: set[str] = set()
    for number in range(14):
        try:
            trial, _ = plan.trial(7, number)
        except FuzzError:
            continue
        forms = replay_variants.forms(trial)
        assert forms is not None
        made = variants(load(trial.text()))
        assert [name for name, _ in made] == [form.name for form in forms], number
        for (name, case), form in zip(made, forms, strict=True):
            scripted = _Scripted([ours for _, _, ours in form.exchanges])
            runner = Runner(scripted, every_order=False, unreported_skips_case=False)
            result = runner.run(case)
            assert result.status == "passed", (number, name, result.divergence)
            assert not scripted.answers, (number, name)  # every request asked
            sent = [(kind, _sent(kind, request)) for kind, request, _ in form.exchanges]
            assert sent == [logged[:2] for logged in scripted.log], (number, name)
            assert replay.passes(EngineImplementation(), trial, form), (number, name)
            names.add(name.split("-")[0])
    assert names == {"rotated", "suits", "card"}  # every kind of variant was formed


def test_answers_alike_only_in_the_same_json_types() -> None:
    assert replay.same({"pot": 6, "over": False}, {"over": False, "pot": 6})
    assert not replay.same({"pot": 6.0}, {"pot": 6})
    assert not replay.same({"over": 1}, {"over": True})
    assert not replay.same(["As"], ("As",))
    ours = {"ok": False, "error": "out-of-turn", "state": {"pot": 3}}
    assert replay.answered_alike({"ok": False, "error": "out-of-turn", "state": {"pot": 3}}, ours)
    assert not replay.answered_alike({"ok": False, "error": "raise-cap", "state": {"pot": 3}}, ours)
    assert not replay.answered_alike({"ok": True, "state": {"pot": 3}}, ours)


def test_states_sharing_entries_are_still_compared_whole() -> None:
    # An in-process implementation's states share entries with ours (`shares`): sharing
    # changes nothing in what is the same answer; every entry is still compared.
    hands = {"Ann": ["As", "2h"], "Bob": ["3d", "4c"]}
    ours = {"pot": 6, "hands": hands, "stacks": {"Ann": 97, "Bob": 97}}
    assert replay.same({"pot": 6, "hands": hands, "stacks": {"Ann": 97, "Bob": 97}}, ours)
    assert not replay.same({"pot": 6, "hands": hands, "stacks": {"Ann": 97, "Bob": 98}}, ours)
    assert not replay.same({"pot": 6.0, "hands": hands, "stacks": {"Ann": 97, "Bob": 97}}, ours)
    assert not replay.same({"pot": 6, "hands": hands, "stacks": {"Ann": 97}}, ours)
    # The same entries in another order of keys are the same answer (as sorted JSON).
    assert replay.same({"stacks": {"Bob": 97, "Ann": 97}, "hands": hands, "pot": 6}, ours)
    assert replay.same({"pot": 6, "hands": hands, "stacks": {"Bob": 97, "Ann": 97}}, ours)


class _Sharing(EngineImplementation):
    """Notes whether each answer was built sharing (`shares`)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[bool] = []

    def _state(self) -> dict[str, Any]:
        self.seen.append(self.shares)
        return super()._state()


def test_the_in_process_engine_shares_its_states_only_while_a_trial_is_judged() -> None:
    impl = _Sharing()
    plan = Plan(Setting(EVERY), ())
    trial = next(t for t, _ in (plan.trial(5, n) for n in range(8)) if t.exchanges)
    assert replay.passes(impl, trial)
    assert impl.seen and all(impl.seen)
    assert impl.shares is False  # put back: the runner's states are fresh again
    first = impl.start(trial.exchanges[0][1])["state"]
    again = impl.start(trial.exchanges[0][1])["state"]
    assert first["session"] is not again["session"]
    if "hands" in first:
        assert all(first["hands"][n] is not again["hands"][n] for n in first["hands"])


def test_a_rotation_compares_the_lists_of_names_in_any_order() -> None:
    ours = {"ok": True, "state": {"pots": [{"eligible": ["Ann", "Bob"], "winners": []}]}}
    turned = {"ok": True, "state": {"pots": [{"eligible": ["Bob", "Ann"], "winners": []}]}}
    assert not replay.answered_alike(turned, ours)
    assert replay.answered_alike(turned, ours, rotated=True)
    other = {"ok": True, "state": {"pots": [{"eligible": ["Bob", "Cy"], "winners": []}]}}
    assert not replay.answered_alike(other, ours, rotated=True)


# ----- the same findings, fast and by text -----------------------------------------------


class _ListOrder(EngineImplementation):
    """Gives the first listed player a chip too many once a hand is over, unless Ann is
    listed first: only a rotated variant of a trial can show it."""

    def _state(self) -> dict[str, Any]:
        state = super()._state()
        first = self.names[0]
        if first != "Ann" and state.get("result") is not None:
            state["stacks"] = {**state["stacks"], first: state["stacks"][first] + 1}
        return state


class _Crashes(EngineImplementation):
    """Fails at a raise in the third betting round, as a process that dies would."""

    def act(self, step: dict[str, Any]) -> dict[str, Any]:
        session = self.session
        hand = None if session is None else session.hand
        if step.get("action") == "raise" and hand is not None and str(hand.phase) == "bet-3":
            raise ImplementationError("internal: a raise in bet-3")
        return super().act(step)


class _Floats(EngineImplementation):
    """Answers the pot as `6.0` in the second betting round: equal, but not the same JSON.
    The fast path leaves every such trial to the text, which reads it as it may."""

    def _state(self) -> dict[str, Any]:
        state = super()._state()
        if state.get("phase") == "bet-2":
            state["pot"] = float(state["pot"])
        return state


def _summary(campaign: Campaign) -> tuple[Any, ...]:
    findings = sorted(
        (f.key, f.number, f.status, f.repeats, f.text, tuple(map(tuple, f.also)))
        for f in campaign.findings.values()
    )
    return campaign.played, dict(campaign.tally.statuses), campaign.tally.hands, findings


REPLAYED: list[int] = []
"""How many trials (and rotations) the last fast campaign of `_both` passed by replay."""


def _both(make: Any, plan: Plan, *, seed: int, trials: int) -> list[tuple[Any, ...]]:
    out = []
    for fast in (True, False):
        impl: Implementation = make()
        campaign = Campaign(impl, plan, seed=seed, out=None, budget=6, fast=fast)
        for number in range(trials):
            campaign.run(number)
        out.append(_summary(campaign))
        if fast:
            REPLAYED[:] = [campaign.replayed]
        close = getattr(impl, "close", None)
        if close is not None:
            close()
    return out


@pytest.mark.parametrize(
    ("make", "seed", "expect"),
    [
        (lambda: MutantImplementation(BY_NAME["dealer-first-after-draw"]), 2, "diverged"),
        (lambda: MutantImplementation(BY_NAME["no-burn"]), 1, "diverged"),
        (_ListOrder, 1, "diverged"),
        (_Crashes, 1, "errored"),
        (_Floats, 1, "passed"),
    ],
    ids=["dealer-first-after-draw", "no-burn", "list-order", "crashes", "floats"],
)
def test_fast_and_text_paths_find_the_same_at_the_same_trials(
    make: Any, seed: int, expect: str
) -> None:
    # Six trials each (twelve before): each campaign finds its kind within them, and the
    # fast path decides some of them, so both paths are compared on findings and passes.
    plan = Plan(Setting(EVERY[:4], seats=(3, 6)), ("house",))
    fast, text = _both(make, plan, seed=seed, trials=6)
    assert fast == text
    assert fast[1].get(expect), fast[1]  # the campaign did find something of that kind
    if make is not _Floats:  # (whose every trial has a pot of another type)
        assert REPLAYED[0] > 0  # the fast path decided some trials


def test_a_rotation_only_finding_is_found_by_the_fast_path_at_the_same_trial() -> None:
    plan = Plan(Setting((profiles.get("house"),), seats=(3, 4)), ())
    fast, text = _both(_ListOrder, plan, seed=3, trials=9)
    assert fast == text
    assert any("[rotated" in key[1] for key, *_ in fast[3]), fast[3]
    assert REPLAYED[0] > 0


def test_over_the_protocol_pipelined_the_findings_are_the_text_paths() -> None:
    serve = [sys.executable, "-m", "badugi_spec", "serve", "--mutant", "dealer-first-after-draw"]
    plan = Plan(Setting((profiles.get("house"),), seats=(2, 6)), ())
    fast, text = _both(lambda: ProcessImplementation(serve), plan, seed=2, trials=10)
    assert fast == text
    assert fast[1].get("diverged") and fast[1].get("passed")
    assert REPLAYED[0] > 0  # pipelined replies decided the trials that passed


HANGING = """\
import json, sys, time
from pathlib import Path
from badugi_spec.protocol.server import answer
from badugi_spec.scenario.engine_impl import EngineImplementation
# Plays like ours until the third `act` it is sent, then says so in a file and hangs.
ours, acts = EngineImplementation(), 0
for line in sys.stdin:
    request = json.loads(line)
    acts += request.get("type") == "act"
    if acts == 3:
        with Path(sys.argv[1]).open("a") as log:
            log.write("hung\\n")
        time.sleep(60)
    sys.stdout.write(json.dumps(answer(ours, request)) + "\\n")
    sys.stdout.flush()
"""


def test_a_request_that_times_out_on_the_fast_path_is_waited_for_once_and_counted(
    tmp_path: Any,
) -> None:
    """Every answer before it ours, a request left unanswered is judged on the fast path,
    errored as the runner words it: the trial's text is not run only to time out again
    (twice the wait), and the timeout stays counted towards giving up on the implementation."""
    script, log = tmp_path / "hang.py", tmp_path / "hung.log"
    script.write_text(HANGING, encoding="utf-8")
    impl = ProcessImplementation([sys.executable, str(script), str(log)], timeout=1.0)
    impl.capabilities()  # greeted: the fast path replays only on an open connection
    campaign = Campaign(impl, Plan(Setting((profiles.get("house"),), seats=(3, 3)), ()),
                        seed=1, out=None)  # fmt: skip
    errors: list[str] = []
    campaign._errored = lambda number, trial, stream, message: errors.append(message)  # type: ignore[method-assign]
    try:
        assert campaign.run(0) == "errored"
        assert log.read_text("utf-8").count("hung") == 1
        assert impl._timeouts == 1
        (message,) = errors
        assert message.startswith("act: no reply within 1 s"), message
    finally:
        impl.close()


# ----- trials of hand values -------------------------------------------------------------


def test_a_value_line_is_read_as_the_runner_reads_it() -> None:
    from badugi_spec.fuzz.replay_values import line_step

    assert line_step("evaluate in low-2-7 7s 5h 4d 3c 2s is 7-5-4-3-2") == {
        "op": "evaluate", "ranking": "low-2-7", "cards": ["7s", "5h", "4d", "3c", "2s"],
    }  # fmt: skip
    assert line_step("compare As 2h Kd ties Ac 2d Kh") == {
        "op": "compare", "ranking": None, "hands": [["As", "2h", "Kd"], ["Ac", "2d", "Kh"]],
    }  # fmt: skip
    assert line_step("expect pot 3") is None


@pytest.mark.parametrize(
    "mutant", ["aces-high", "shortcut-evaluator", "a-5-counts-straights", "badugi-first-four-cards"]
)
def test_value_trials_find_the_same_by_the_fast_path(mutant: str) -> None:
    """Trials of hand values only, in every ranking: a wrong evaluator or ranking is found
    at the same trials, and a value trial it answers right passes without its text."""
    from badugi_spec.rankings import RANKINGS

    plan = Plan(None, ("house", *RANKINGS))
    fast, text = _both(lambda: MutantImplementation(BY_NAME[mutant]), plan, seed=1, trials=10)
    assert fast == text
    assert fast[1].get("diverged"), fast[1]


def test_value_trials_over_the_protocol_pipelined_find_the_same() -> None:
    """Over a pipe a value trial's requests go at once (`value_answers`): the same
    findings at the same trials as the text path, which asks them one by one."""
    from badugi_spec.rankings import RANKINGS

    serve = [sys.executable, "-m", "badugi_spec", "serve", "--mutant", "aces-high"]
    plan = Plan(None, ("house", *RANKINGS))
    fast, text = _both(lambda: ProcessImplementation(serve), plan, seed=1, trials=8)
    assert fast == text
    assert fast[1].get("diverged") and fast[1].get("passed"), fast[1]
    assert REPLAYED[0] == fast[1]["passed"]  # each trial that passed, by its answers


def test_value_trials_answered_alike_pass_without_their_text() -> None:
    from badugi_spec.rankings import RANKINGS

    plan = Plan(None, ("house", *RANKINGS))
    fast, text = _both(EngineImplementation, plan, seed=1, trials=6)
    assert fast == text and fast[1] == {"passed": 6}
    assert REPLAYED[0] == 6
