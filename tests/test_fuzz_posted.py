"""The next trials sent before this one is judged (issue 40): `fuzz` keeps `serve` busy.

`ProcessTransport.post` writes a batch of requests and returns at once; `collect` reads its
replies later, after those of every batch posted before it, which are kept in theirs. The
client (`ProtocolImplementation.post`, `replay(posted=)`) sends the next trials so, while
it still judges the last (`fuzz.ahead`, `replay.post`), and reads their replies when each
is judged. Any other request first reads what was posted (`settle`): trouble met there
belongs to no request, so the process is dropped without a charge, and the trials posted
are sent again in their turn, where the trouble is met again and told. So a campaign
finds what it found, at the same trials, as `tests/test_fuzz_overlap.py` checks against
mutants; here, the mechanism, and an implementation that dies on some trials.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import profiles
from badugi_spec.fuzz.campaign import Campaign, Plan
from badugi_spec.fuzz.trial import Setting
from badugi_spec.protocol.client import ProcessImplementation
from badugi_spec.protocol.server import serve
from badugi_spec.protocol.transport import ProcessTransport, TransportError, TransportTimeout
from badugi_spec.scenario.compile import profile_object
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import ImplementationError

ECHO = [sys.executable, "-u", "-c", "import sys\nfor line in sys.stdin: sys.stdout.write(line)"]
ROOT = Path(__file__).resolve().parents[1]


def test_posted_batches_are_answered_in_the_order_sent() -> None:
    transport = ProcessTransport(ECHO)
    try:
        first = transport.post(["1", "2"], timeout=5)
        second = transport.post(["3"], timeout=5)
        assert transport.posted == 2
        # The second's replies come after the first's, which are kept in the first.
        assert transport.collect(second, timeout=5) == ["3"]
        assert [bytes(reply) for reply in first.replies] == [b"1", b"2"]
        assert transport.collect(first, timeout=5) == ["1", "2"]
        assert transport.posted == 0
    finally:
        transport.close()


def test_a_request_asked_alone_is_answered_after_the_posted_ones() -> None:
    transport = ProcessTransport(ECHO)
    try:
        posted = transport.post(["a", "b"], timeout=5)
        assert transport.exchange("c", timeout=5) == "c"  # not "a": those were read first
        assert transport.collect(posted, timeout=5) == ["a", "b"]
        assert transport.exchange_many(["d", "e"], timeout=5) == ["d", "e"]
    finally:
        transport.close()


def test_idle_work_runs_while_a_posted_batch_is_answered() -> None:
    transport = ProcessTransport(ECHO)
    done: list[float] = []

    def idle(until: float) -> bool:
        done.append(until)
        return True  # more to do: called again only while the reply is missing

    try:
        posted = transport.post(["x"], timeout=5)
        got = transport.collect(posted, timeout=5, idle=idle)
        assert got == ["x"] and done  # called, as `exchange_many` calls it
    finally:
        transport.close()


def test_a_line_too_many_after_the_last_batch_posted_is_caught() -> None:
    twice = [sys.executable, "-u", "-c", "import sys\nfor l in sys.stdin: print(l+l, end='')"]
    transport = ProcessTransport(twice)
    try:
        posted = transport.post(["a"], timeout=5)
        with pytest.raises(TransportError, match="more than one line"):
            transport.collect(posted, timeout=5)
    finally:
        transport.close()


def test_a_line_too_many_before_a_batch_posted_is_read_as_its_first_reply() -> None:
    """What the client guards against (`forget`): the pipe cannot tell a line too many at
    the end of one batch from the next batch's first reply."""
    extra = [sys.executable, "-u", "-c",
             "import sys\nfor l in sys.stdin: print(l.strip()); l == 'a2\\n' and print('x')"]  # fmt: skip
    transport = ProcessTransport(extra)
    try:
        first = transport.post(["a1", "a2"], timeout=5)
        second = transport.post(["b1", "b2"], timeout=5)
        assert transport.collect(first, timeout=5) == ["a1", "a2"]
        try:
            transport.collect(second, timeout=5)
        except TransportError as error:  # b2 in by then, left over (or not yet: no error)
            assert "more than one line" in str(error)
        assert [bytes(reply) for reply in second.replies] == [b"x", b"b1"]
    finally:
        transport.close()


def test_a_batch_is_written_once_the_replies_before_it_are_in() -> None:
    """Until the process has answered a batch whole: an implementation that holds each
    reply until it reads the next request (stdout buffered and not flushed, say) is not
    answered by the batch posted after, so it hangs, as when asked alone, rather than pass
    only when sent ahead. Then batches are written at once, as they are posted."""
    holds = [sys.executable, "-c",
             "import sys\nheld = ''\nfor l in sys.stdin: print(held, end='', flush=True); held = l"]  # fmt: skip
    transport = ProcessTransport(holds)
    try:
        first = transport.post(["a"], timeout=5)
        transport.post(["b"], timeout=5)
        with pytest.raises(TransportTimeout):  # (1 s of wall time: no reply can come)
            transport.collect(first, timeout=1)
    finally:
        transport.close()
    transport = ProcessTransport(ECHO)
    try:
        assert transport.exchange_many(["a"], timeout=5) == ["a"]
        batches = [transport.post([line], timeout=5) for line in ("b", "c")]
        assert transport._offset == batches[-1].end  # both written at once
        assert transport.collect(batches[-1], timeout=5) == ["c"]
    finally:
        transport.close()


def test_serve_writes_a_sessions_replies_once_the_next_batch_begins() -> None:
    """`serve` keeps replies until no request waits, but not past a `start`, nor past the
    first of a batch of hand values: the client waits for the last session's replies
    while `serve` has the next batch to answer."""
    writes: list[bytes] = []

    class Out(io.BytesIO):
        def write(self, data: Any) -> int:
            writes.append(bytes(data))
            return len(data)

    hello = '{"type": "hello", "protocol": 2}'
    start = '{"type": "start", "case": {"players": [["Ann", 100], ["Bob", 100]]}}'
    value = '{"type": "evaluate", "cards": ["As", "2h", "3d", "4c"]}'
    lines = "\n".join([hello, start, start, value, value, start]) + "\n"
    assert serve(EngineImplementation(), stdin=io.BytesIO(lines.encode()), stdout=Out()) == 0
    replies = [w.count(b"\n") for w in writes if w]
    assert replies == [1, 1, 1, 2, 1], replies  # all in at once, yet written batch by batch


# `serve`, but its process dies at the start of any session of five players (an error of
# those trials alone, met whether their requests were sent ahead or not), and at four
# players it gives a chip too many once a hand is over: a trial of four players fails,
# and its text is run while the next trial's requests may be in the pipe already.
_DIES_AT_FIVE = f"""
import os, sys
sys.path.insert(0, {str(ROOT)!r})
from badugi_spec.protocol.server import serve
from badugi_spec.scenario.compile import profile_object
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.runner import ImplementationError
class DiesAtFive(EngineImplementation):
    def start(self, case):
        if len(case.get("players", [])) == 5:
            os._exit(3)
        return super().start(case)
    def _state(self):
        state = super()._state()
        first = self.names[0]
        if len(self.names) == 4 and state.get("result") is not None:
            state["stacks"] = {{**state["stacks"], first: state["stacks"][first] + 1}}
        return state
serve(DiesAtFive())
"""


def _run(*, ahead: bool, count: int = 28) -> tuple[Any, ...]:
    """Statuses, the numbers of the trials that errored, the trials and variants the fast
    path passed, the batches posted (of play, and of hand values), and the findings."""
    plan = Plan(Setting((profiles.get("pokerstars-2010"),), seats=(4, 6)), ("house", "low-2-7"))
    impl = ProcessImplementation([sys.executable, "-c", _DIES_AT_FIVE])
    posted = [0, 0]
    post, post_values = impl.post, impl.post_values

    def counted(exchanges: Any) -> Any:
        ticket = post(exchanges)
        posted[0] += ticket is not None
        return ticket

    def values_counted(asked: Any) -> Any:
        ticket = post_values(asked)
        posted[1] += ticket is not None
        return ticket

    impl.post, impl.post_values = counted, values_counted  # type: ignore[method-assign]
    errored: list[int] = []
    try:
        campaign = Campaign(impl, plan, seed=5, out=None, budget=0)
        for number in range(count):
            then = range(number + 1, count) if ahead else ()
            if campaign.run(number, then=then) == "errored":
                errored.append(number)
    finally:
        impl.close()
    found = sorted((list(f.key), f.number, f.status) for f in campaign.findings.values())
    return dict(campaign.tally.statuses), errored, campaign.replayed, posted, found


def test_a_trial_the_implementation_dies_on_is_told_whether_sent_ahead_or_not() -> None:
    one_at_a_time = _run(ahead=False)
    ahead = _run(ahead=True)
    assert one_at_a_time[1], "some trials seat five players, and error"
    assert one_at_a_time[3] == [0, 0] and min(ahead[3]) > 0, "trials were sent ahead"
    # The same results and findings, and as many judged by the fast path: none sent ahead
    # in vain.
    assert ahead[4], "the implementation miscounts at four players: found"
    assert ahead[:3] == one_at_a_time[:3] and ahead[4] == one_at_a_time[4]


def _case(seats: int) -> dict[str, Any]:
    players = [{"name": f"P{i}", "stack": 100} for i in range(seats)]
    profile = profile_object(profiles.get("pokerstars-2010"))
    return {"players": players, "first_dealer": "P0", "profile": profile}


# The same, but it hangs where the other dies.
_HANGS_AT_FIVE = _DIES_AT_FIVE.replace("os._exit(3)", "__import__('time').sleep(60)")


@pytest.mark.parametrize(
    ("script", "told"), [(_DIES_AT_FIVE, "exited"), (_HANGS_AT_FIVE, "no reply within")]
)
def test_trouble_on_requests_posted_is_nobodys_and_they_are_sent_again(
    script: str, told: str
) -> None:
    """The implementation dies (or hangs) on a session posted; a request asked alone after
    it is answered by a fresh process, with no failure or timeout counted against it or
    anything; replayed, the posted requests meet the trouble again, counted then."""
    # Long enough for a fresh process's hello on a busy machine; the hang costs it twice.
    impl = ProcessImplementation([sys.executable, "-c", script], timeout=2.0)
    try:
        assert "play" in impl.capabilities()  # started and greeted: protocol 2
        assert impl.start(_case(4))["ok"]
        ticket = impl.post([("start", _case(5))])
        assert ticket is not None
        first = impl._transport
        assert impl.start(_case(4))["ok"]  # not the dead process's fault, nor this one's
        assert impl._transport is not first
        assert not +impl._failed_in_a_row and not impl._dropped and impl._timeouts == 0
        # The ticket went with the process: replayed, the requests are sent again, and
        # the trouble is met and told then, as the request's own.
        with pytest.raises(ImplementationError, match=told):
            impl.replay([("start", _case(5))], posted=ticket)
        assert impl._failed_in_a_row["start"] == 1
        assert impl._timeouts == (told != "exited")
    finally:
        impl.close()


def test_requests_posted_on_an_open_connection_only() -> None:
    impl = ProcessImplementation([sys.executable, "-m", "badugi_spec", "serve"], timeout=5)
    try:
        assert impl.post([("start", _case(4))]) is None  # not started: the replay starts it
        assert "play" in impl.capabilities()
        assert impl.start(_case(4))["ok"]
        ticket = impl.post([("start", _case(3))])
        assert ticket is not None
        assert impl.replay([("start", _case(3))], posted=ticket)[0]["ok"]  # type: ignore[index]
    finally:
        impl.close()


def test_a_batch_of_no_lines_is_answered_at_once() -> None:
    transport = ProcessTransport(ECHO)
    try:
        assert transport.exchange_many([], timeout=5) == []
        assert transport.posted == 0
        assert transport.exchange("z", timeout=5) == "z"
    finally:
        transport.close()


# Answers `hello`, then any request with a line of its own, but a session of three players
# with that line twice.
_DOUBLES_AT_THREE = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        print(json.dumps({"ok": True, "protocol": 2, "capabilities": ["play"], "profiles": "any"}))
    else:
        print(json.dumps({"ok": True, "players": len(request["players"])}))
        if len(request["players"]) == 3:
            print(json.dumps({"ok": True, "players": 3}))
    sys.stdout.flush()
"""


@pytest.mark.parametrize("seats", [2, 3])
def test_a_trial_sent_ahead_and_answered_wrong_is_judged_on_a_fresh_process_if_out_of_step(
    seats: int,
) -> None:
    """Its first reply may have been the trial before's line too many (see above): then a
    line is over once every reply posted is read, the process goes, uncounted, and the text
    path meets a fresh one; in step, the text path meets the process that answered."""
    impl = ProcessImplementation([sys.executable, "-c", _DOUBLES_AT_THREE], timeout=10)
    try:
        assert "play" in impl.capabilities()
        tickets = [impl.post([("start", _case(n))]) for n in (seats, 2, 2)]
        assert None not in tickets
        transport = impl._transport
        impl.replay([("start", _case(seats))], states=False, posted=tickets[0])
        got = impl.replay([("start", _case(2))], states=False, posted=tickets[1])
        assert got == [{"ok": True, "players": seats}]  # answered "wrong" either way
        last = tickets[2]
        assert last is not None
        until = time.monotonic() + 30  # the line over, on a busy machine; never for ever
        while seats == 3 and len(last.batch.replies) + transport._buffer.count(b"\n") < 2:  # type: ignore[union-attr]
            assert time.monotonic() < until, "the line over never came"
            transport._pump(1)  # type: ignore[union-attr]
        impl.realign()
        assert (impl._transport is transport) == (seats == 2)
        assert not +impl._failed_in_a_row and impl._timeouts == 0
    finally:
        impl.close()


def _served(name: str, body: str) -> str:
    """The script of `serve` answering with our engine changed by `body`, the methods of a
    subclass `name` of `EngineImplementation`."""
    return f"""
import os, sys
sys.path.insert(0, {str(ROOT)!r})
from badugi_spec.protocol.server import serve
from badugi_spec.scenario.engine_impl import EngineImplementation
class {name}(EngineImplementation):
    sessions = 0
{body}
serve({name}())
"""


def _statuses(script: str, *, ahead: bool = False, fast: bool = True) -> list[str]:
    """The statuses of trials 0 to 7 of seed 5 (two or three players, no variants) against
    `script`, the next trials sent ahead or not, judged by the fast path or by their text."""
    plan = Plan(Setting((profiles.get("pokerstars-2010"),), seats=(2, 3)), ())
    impl = ProcessImplementation([sys.executable, "-c", script])
    try:
        campaign = Campaign(impl, plan, seed=5, out=None, budget=0, with_variants=False, fast=fast)
        return [campaign.run(n, then=range(n + 1, 8) if ahead else ()) for n in range(8)]
    finally:
        impl.close()


# `serve`, but the hand number is not reset at `start`: every session after the first on
# a process is a hand ahead. A fresh process answers its first session right.
_LEAKS = _served(
    "Leaks",
    """
    def start(self, case):
        self.sessions += 1
        return super().start(case)
    def _state(self):
        state = super()._state()
        if self.sessions > 1:
            session = state["session"]
            state = {**state, "session": {**session, "hand": session["hand"] + 1}}
        return state""",
)


def test_a_trial_sent_ahead_and_answered_wrong_keeps_the_process_that_answered() -> None:
    """The text of a trial sent ahead and answered wrong runs where it would have run
    unposted, on the process that answered, while its replies are in step: a fresh one
    answers its first session right, and the implementation would pass every trial."""
    statuses = [_statuses(_LEAKS, ahead=ahead) for ahead in (False, True)]
    assert statuses[0].count("diverged") >= 4, statuses[0]
    assert statuses[1] == statuses[0]


# `serve`, but its process dies at its third session: a crash that hangs on what the
# process answered before, which a fresh process does not meet at the same trial.
_DIES_AT_THIRD = _served(
    "DiesAtThird",
    """
    def start(self, case):
        self.sessions += 1
        if self.sessions == 3:
            os._exit(3)
        return super().start(case)""",
)


def test_a_crash_that_hangs_on_the_process_history_is_told_as_the_text_path_tells_it() -> None:
    """The fast path met the crash, then ran the trial's text on a fresh process, which
    passed: the crash was never told. Now the trial is errored where the text path,
    running every trial's text on one process, errors it, and the crash is told again as
    later processes reach their third session (at trials that may differ: a text run, or
    a shrink, takes sessions of the process in between). Sent ahead, a crash with the next
    trials already written to the process is nobody's (`lost_on_oldest`): not tested here."""
    text, replayed = (_statuses(_DIES_AT_THIRD, fast=fast) for fast in (False, True))
    first = text.index("errored")
    assert replayed[: first + 1] == text[: first + 1], (replayed, text)
    assert replayed.count("errored") >= 2, replayed


def test_replies_written_before_a_death_are_read_though_later_requests_cannot_be() -> None:
    """A process that answers a batch, then dies on the next one sent ahead: writing the
    rest of that next batch fails, and that failure was raised while reading the first
    batch's replies, which were in the pipe (a trial errored, or sent through its text,
    for the next trial's crash)."""
    dies = [
        sys.executable, "-u", "-c",
        "import sys\nfor l in sys.stdin:\n if l.startswith('die'): sys.exit(3)\n print(l, end='')",
    ]  # fmt: skip
    transport = ProcessTransport(dies)
    try:
        assert transport.collect(transport.post(["hello"], timeout=5), timeout=5) == ["hello"]
        first = transport.post(["a"], timeout=5)
        # More than the pipe holds, so some is still to be written once it has died.
        second = transport.post(["die"] + ["z" * 1000] * 3000, timeout=5)
        transport.process.wait(timeout=5)
        assert transport.collect(first, timeout=5) == ["a"]
        with pytest.raises(TransportError, match="without replying"):
            transport.collect(second, timeout=5)
    finally:
        transport.close()
