"""The next trial made while the implementation answers this one (issue 40): the client
and `serve` work at once, and a campaign finds what it found, at the same trial numbers.

`ProcessTransport.exchange_many` runs the caller's `idle` work once every request is
written and before any reply is read; `Campaign.run(n, then=n + 1)` makes trial n + 1 in
it. Trial n + 1 does not hang on trial n's outcome (`fuzz.ahead`), so a campaign run so
plays the same trials and finds the same findings as one run a trial at a time.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.protocol.transport import ProcessTransport
from tests import fuzz_golden

# Echoes each request, but only once a file named by its argument exists: it holds the
# replies until the client's `idle` has run, so the test shows `idle` running while the
# implementation has the requests (and not after their replies were read).
_HELD = """
import os, sys, time
held = sys.argv[1]
for line in sys.stdin:
    while not os.path.exists(held):
        time.sleep(0.01)
    sys.stdout.write(line)
    sys.stdout.flush()
"""


def test_idle_work_runs_while_the_implementation_holds_the_requests(tmp_path: Path) -> None:
    go = tmp_path / "go"
    transport = ProcessTransport([sys.executable, "-c", _HELD, str(go)])
    ran: list[int] = []

    def idle(until: float) -> bool:
        ran.append(len(transport._buffer))  # nothing read yet: the replies wait for it
        go.touch()
        return False  # no more to do

    try:
        lines = [f'{{"n": {i}}}' for i in range(40)]
        assert transport.exchange_many(lines, timeout=10, idle=idle) == lines
        assert ran == [0]  # once, before any reply
        assert transport.exchange_many(lines[:2], timeout=10) == lines[:2]
    finally:
        transport.close()


def test_idle_is_called_again_while_replies_are_missing(tmp_path: Path) -> None:
    """A piece of work a call: more while the implementation is still answering, none
    once every reply is in."""
    go = tmp_path / "go"
    transport = ProcessTransport([sys.executable, "-c", _HELD, str(go)])
    calls: list[int] = []

    def idle(until: float) -> bool:
        calls.append(1)
        if len(calls) == 3:
            go.touch()  # only now does the implementation answer
        return True  # always more to do

    try:
        lines = [f'{{"n": {i}}}' for i in range(5)]
        assert transport.exchange_many(lines, timeout=10, idle=idle) == lines
        assert len(calls) >= 3  # called until the replies came, then no more
        done = len(calls)
        assert transport.exchange_many(lines, timeout=10) == lines
        assert len(calls) == done
    finally:
        transport.close()


def test_a_failing_idle_is_raised_once_the_replies_are_read() -> None:
    """The pipe stays in step: the next exchange reads its own replies, not this one's."""
    echo = "import sys\nfor l in sys.stdin: print(l, end='', flush=True)"
    transport = ProcessTransport([sys.executable, "-c", echo])

    def idle(until: float) -> bool:
        raise ValueError("the caller's own fault")

    try:
        lines = [f'{{"n": {i}}}' for i in range(5)]
        with pytest.raises(ValueError, match="own fault"):
            transport.exchange_many(lines, timeout=10, idle=idle)
        again = ['{"again": 1}', '{"again": 2}']
        assert transport.exchange_many(again, timeout=10) == again
    finally:
        transport.close()


def test_a_silent_implementation_is_given_the_whole_timeout_after_idle() -> None:
    """The deadline starts again after `idle`: a timeout names the request, as before."""
    silent = "import sys, time\nsys.stdin.readline()\ntime.sleep(30)"
    transport = ProcessTransport([sys.executable, "-c", silent])
    try:
        with pytest.raises(Exception, match=r"no reply within 0\.3 s"):
            transport.exchange_many(['{"n": 1}'], timeout=0.3, idle=lambda until: False)
    finally:
        transport.close()


def _campaign(
    name: str, seed: int, *, ahead: bool, plan: Plan | None = None, count: int = 0
) -> dict[str, Any]:
    """`tests.fuzz_golden.mutant`'s campaign, against `serve --mutant NAME` over the
    protocol (NAME a command: that command), each trial made in the last ones' waits
    (`ahead`) or when it is run."""
    plan = plan or Plan(Setting(fuzz_golden._every()[:4], seats=(3, 6)), ("house",))
    serve = [sys.executable, "-m", "badugi_spec", "serve", "--mutant", name]
    impl = ProcessImplementation(serve if " " not in name else [sys.executable, "-c", name])
    made: list[int] = []
    try:
        campaign = Campaign(impl, plan, seed=seed, out=None, budget=6)
        played = campaign.plan.played

        def counted(choices: Any, seed: int, number: int) -> Any:
            made.append(number)
            return played(choices, seed, number)

        campaign.plan.played = counted  # type: ignore[method-assign]
        count = count or fuzz_golden.MUTANT_TRIALS
        for number in range(count):
            campaign.run(number, then=range(number + 1, count) if ahead else ())
    finally:
        impl.close()
    return {
        "statuses": dict(sorted(campaign.tally.statuses.items())),
        "hands": campaign.tally.hands,
        "findings": sorted(
            [list(f.key), f.number, f.status, f.repeats, fuzz_golden._digest(f.text), f.also]
            for f in campaign.findings.values()
        ),
        "first made": [n for i, n in enumerate(made) if n not in made[:i]],
    }


@pytest.mark.parametrize(("name", "seed"), fuzz_golden.MUTANTS)
def test_a_campaign_made_ahead_finds_what_it_found(name: str, seed: int) -> None:
    one_at_a_time = _campaign(name, seed, ahead=False)
    ahead = _campaign(name, seed, ahead=True)
    assert one_at_a_time["findings"], "the mutant is found"
    assert ahead == one_at_a_time
    assert ahead["first made"] == list(range(fuzz_golden.MUTANT_TRIALS))


# `tests.test_fuzz_fast._ListOrder` served: wrong only when Ann is not listed first, so
# only a rotated variant shows it (the trials it is found in are made ahead, variants too).
_ROTATION_ONLY = f"""
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
from tests.test_fuzz_fast import _ListOrder
from badugi_spec.protocol.server import serve
serve(_ListOrder())
"""


def test_a_finding_only_a_rotation_shows_is_found_at_the_same_trial_made_ahead() -> None:
    plan = Plan(Setting((profiles.get("house"),), seats=(3, 4)), ())
    one = _campaign(_ROTATION_ONLY, 3, ahead=False, plan=plan, count=17)
    ahead = _campaign(_ROTATION_ONLY, 3, ahead=True, plan=plan, count=17)
    assert any("[rotated" in key[1] for key, *_ in one["findings"]), one["findings"]
    assert ahead == one


def test_the_trial_made_ahead_is_the_one_run_next() -> None:
    """Made in trial 1's wait, trial 2 is not made again when it is run."""
    every = tuple(profiles.get(n) for n in profiles.names())
    plan = Plan(Setting(tuple(p for p in every if p.max_seats >= 6), seats=(6, 6)), ())
    impl = ProcessImplementation([sys.executable, "-m", "badugi_spec", "serve"])
    made: list[int] = []
    try:
        campaign = Campaign(impl, plan, seed=1, out=None, with_variants=False)
        played = campaign.plan.played

        def counted(choices: Any, seed: int, number: int) -> Any:
            made.append(number)
            return played(choices, seed, number)

        campaign.plan.played = counted  # type: ignore[method-assign]
        campaign.run(0)  # the process started and greeted: from now on, pipelined
        assert campaign.run(1, then=[2]) == "passed"
        assert made == [0, 1, 2]  # trial 2 made in trial 1's wait
        assert campaign.run(2) == "passed"
        assert made == [0, 1, 2]  # and not again
        assert campaign.run(3, then=[5, 4]) == "passed"
        assert made[:4] == [0, 1, 2, 3]
        assert made[4:] in ([], [5], [5, 4])  # in the order given, as the wait allowed
        campaign.run(4)  # not the one named next: made again, the others dropped
        assert made[-1] == 4
        assert not campaign.ahead.made
    finally:
        impl.close()


def test_a_piece_likely_to_run_past_the_replies_waits_but_the_next_trial_is_made() -> None:
    """`Ahead.step` leaves a piece for a longer wait when the replies are likely in before
    it is done, but always makes the very next trial (it is needed next either way)."""
    import time

    from badugi_spec.scenario.engine_impl import EngineImplementation

    every = tuple(profiles.get(n) for n in profiles.names())
    campaign = Campaign(EngineImplementation(), Plan(Setting(every), ()), seed=1, out=None)
    ahead = campaign.ahead
    ahead.cost["make"] = ahead.cost["read"] = 10.0  # seconds: nothing fits in a wait
    assert ahead.step([1, 2, 3], time.monotonic())  # but the next trial is made
    assert list(ahead.made) == [1] and not ahead.made[1].read
    assert not ahead.step([1, 2, 3], time.monotonic())  # reading 1, making 2: too long
    assert ahead.step([1, 2, 3])  # no likely end known: any piece is done
    assert ahead.made[1].read and list(ahead.made) == [1]
    assert ahead.step([1, 2, 3]) and list(ahead.made) == [1, 2]


@pytest.mark.parametrize(("plan_name", "seed"), [("bench", 1), ("default", 2)])
def test_trials_made_ahead_are_the_pinned_trials(plan_name: str, seed: int) -> None:
    """Past the guide's young corpus (40 trials: mutations of corpus entries start about
    trial 24), trials made up to `AHEAD` early, as a campaign's waits allow, are byte for
    byte the trials `tests/data/fuzz_golden.json` pins (made one at a time)."""
    import json
    import random

    from badugi_spec.fuzz.ahead import make
    from badugi_spec.scenario.engine_impl import EngineImplementation

    kept = json.loads(fuzz_golden.GOLDEN.read_text())["trials"][f"{plan_name} {seed}"]
    plan = fuzz_golden.plans()[plan_name]
    campaign = Campaign(EngineImplementation(), plan, seed=seed, out=None)
    ahead, waits = campaign.ahead, random.Random(5)
    count = fuzz_golden.TRIALS
    made_early = 0
    for number in range(count):
        made = ahead.take(number)
        made_early += made is not None
        made = made or make(plan, campaign.guide, seed, number)
        if made.trial is None:
            campaign.guide.offer(number, None, made.choices.record)  # as `Campaign._run`
            got = f"engine: {made.error}"
        else:
            stream = list(made.choices.record)
            if plan.kind(number) == "play":
                campaign.guide.offer(number, made.trial, stream)
            got = fuzz_golden._trial_digest(made.trial, stream)
        assert got == kept[number], f"trial {number} differs from the pinned one"
        for _ in range(waits.randrange(4)):  # the pieces a wait allowed
            ahead.step(range(number + 1, count))
    assert made_early > count // 2
