"""What makes a fuzzed hand cheaper without making it different (issue 40): the collector
held back while a trial is judged and while `serve` answers, `serve`'s states shared with
the ones before them, a fresh state's pots copied from the shared ones, and no busy loop
for the replies to many pipelined requests. The trials and findings themselves are pinned
by `tests/test_fuzz_golden.py`."""

from __future__ import annotations

import gc
import io
import json
import sys
import weakref
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.collector import fewer_collections
from badugi_spec.fuzz import campaign as campaign_module
from badugi_spec.fuzz.campaign import Campaign
from badugi_spec.fuzz.choices import Choices, trial_random
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import Setting, Trial
from badugi_spec.protocol import SPIN_LINES, fields, server
from badugi_spec.protocol.transport import ProcessTransport
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.state_view import state_of


def _plan() -> Plan:
    every = tuple(profiles.get(name) for name in profiles.names())
    return Plan(Setting(tuple(p for p in every if p.max_seats >= 6), seats=(6, 6)), ())


def _trial(number: int) -> Trial:
    return _plan().played(Choices(trial_random(1, number)), 1, number)


def test_the_collector_is_held_back_for_a_block_and_put_back_after() -> None:
    before = gc.get_threshold()
    with fewer_collections(campaign_module.YOUNG):
        inside = gc.get_threshold()
    assert inside[0] >= campaign_module.YOUNG
    assert inside[1:] == before[1:]
    assert gc.get_threshold() == before


def test_a_campaign_judges_each_trial_with_the_collector_held_back() -> None:
    seen: list[int] = []
    campaign = Campaign(EngineImplementation(), _plan(), seed=1, out=None, with_variants=False)
    played = campaign.plan.played

    def watched(choices: Choices, seed: int, number: int) -> Trial:
        seen.append(gc.get_threshold()[0])
        return played(choices, seed, number)

    campaign.plan.played = watched  # type: ignore[method-assign]
    before = gc.get_threshold()
    assert campaign.run(1) == "passed"
    assert seen and min(seen) >= campaign_module.YOUNG
    assert gc.get_threshold() == before


class _Node:
    me: object = None


def test_what_lives_on_after_a_trial_is_set_aside_and_put_back_in_time() -> None:
    from badugi_spec import collector

    gc.unfreeze()
    collector._settled[0] = 0
    try:
        campaign = Campaign(EngineImplementation(), _plan(), seed=1, out=None)
        campaign.run(1)
        assert gc.get_freeze_count() > 0  # the campaign's corpus and caches, set aside
        node = _Node()
        node.me = node  # a cycle, alive when set aside...
        freed = weakref.ref(node)
        for _ in range(collector.REVIEW - 2):
            collector.settled()
        assert collector._settled[0] == collector.REVIEW - 1
        del node  # ...garbage now, which the collector does not see while set aside
        gc.collect()
        assert freed() is not None
        collector.settled()
        assert gc.get_freeze_count() == 0  # put back: a full pass frees the cycle
        gc.collect()
        assert freed() is None
    finally:
        gc.unfreeze()
        collector._settled[0] = 0


class _Watched(EngineImplementation):
    """Our engine, noting the collector's threshold as each session starts."""

    def __init__(self) -> None:
        super().__init__()
        self.thresholds: list[int] = []

    def start(self, case: dict[str, Any]) -> dict[str, Any]:
        self.thresholds.append(gc.get_threshold()[0])
        return super().start(case)


def test_serve_holds_the_collector_back_while_it_answers() -> None:
    trial = _trial(2)
    kind, request, _ = trial.exchanges[0]
    assert kind == "start"
    lines = json.dumps({"type": "start", **request}) + "\n"
    out = io.BytesIO()
    before = gc.get_threshold()
    served = _Watched()
    server.serve(served, stdin=io.BytesIO(lines.encode()), stdout=out)
    assert served.thresholds and served.thresholds[0] >= server.YOUNG
    assert gc.get_threshold() == before
    assert json.loads(out.getvalue())["ok"] is True


@pytest.mark.parametrize("number", [2, 5, 9])
def test_serve_writes_the_very_states_a_fresh_engine_answers_with(number: int) -> None:
    """`serve`'s engine shares parts between states; written out, they are byte for byte
    the fresh states `check` reads (the fast path compares the lines, `fuzz.replay`)."""
    trial = _trial(number)
    fresh, shared = EngineImplementation(), server._Served()
    for kind, request, _ in trial.exchanges:
        mine = getattr(fresh, kind)(request)
        theirs = getattr(shared, kind)(request)
        assert server._encode(theirs) == server._encode(mine)


def test_a_fresh_state_has_pots_of_its_own() -> None:
    """The fresh state's pots are copies of the shared ones: equal, key order included,
    and none of their lists or dicts the shared state's (a caller may change them)."""
    trial = _trial(2)
    engine = EngineImplementation()
    checked = 0
    for kind, request, _ in trial.exchanges:
        getattr(engine, kind)(request)
        assert engine.session is not None
        if engine.session.hand is None:
            continue
        shared = state_of(engine.session, engine.names, shared=True)
        fresh = state_of(engine.session, engine.names)
        assert json.dumps(fresh["pots"]) == json.dumps(shared["pots"])
        for mine, kept in zip(fresh["pots"], shared["pots"], strict=True):
            assert mine is not kept
            for key in ("eligible", "winners", "shares"):
                assert mine[key] is not kept[key]
            checked += 1
        fresh["pots"].clear()  # changing a fresh state leaves the next one whole
        assert state_of(engine.session, engine.names)["pots"] == shared["pots"]
    assert checked


def test_the_replies_to_many_requests_are_waited_for_without_a_busy_loop() -> None:
    """One busy loop (`SPIN_SECONDS`) for a request or two, none for a fuzzed trial's
    dozens: their replies take longer than the loop, which only burnt CPU."""
    transport = ProcessTransport([sys.executable, "-c", "import sys\nfor l in sys.stdin: print(l, end='', flush=True)"])  # fmt: skip
    spins: list[float] = []
    spin = transport._spin

    def counted(until: float) -> None:
        spins.append(until)
        spin(until)

    transport._spin = counted  # type: ignore[method-assign]
    try:
        lines = [f'{{"n": {i}}}' for i in range(SPIN_LINES + 3)]
        assert transport.exchange_many(lines, timeout=10) == lines
        assert not spins
        assert transport.exchange_many(lines[:1], timeout=10) == lines[:1]
        assert spins  # one request alone: looked for in the loop, as before
    finally:
        transport.close()


@pytest.mark.parametrize(
    "raw",
    [
        b'{"type": "act", "player": "Ann", "action": "call", "amount": 2}',
        '{"type": "start", "players": [{"name": "Zo\u00eb", "stack": 5}]}'.encode(),
        b'{"type": "hello", "protocol": ' + b"9" * 120 + b"}",
        b'{"type": "act", "player": "\xed\xa0\x80"}',  # a lone surrogate, in UTF-8's form
        b'\xef\xbb\xbf{"type": "bye"}',
        '{"type": "bye"}'.encode("utf-16"),
        '{"type": "bye"}'.encode("utf-16-le"),
        b"[1, 2.5, true]",
    ],
)
def test_serve_reads_a_request_as_json_loads_did(raw: bytes) -> None:
    """One decoder for every request, and UTF-8 taken as read for a line that opens an
    object with a key: the same value, or the same error, as `json.loads` gave."""

    def read(how: Any) -> object:
        try:
            return repr(how(raw))
        except ValueError as error:
            return type(error), str(error)

    assert read(fields.decoded) == read(lambda r: json.loads(r, parse_int=fields.read_int))
