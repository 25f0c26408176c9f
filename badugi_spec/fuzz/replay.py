"""The fast path: a trial judged from our engine's answers and the implementation's, with
no scenario text, when every answer is the same.

While our engine plays a trial, `game` keeps each request the trial's scenario makes of an
implementation (`start`, `deal`, `act`, in the runner's order) with our engine's answer
(`Trial.exchanges`; `tests/test_fuzz_fast.py` checks that they are the very requests the
runner sends for the written scenario). `passes` sends them to the implementation and
compares: when every answer's `ok`, `error` and `state` are ours exactly (types too: `1`,
`1.0` and `true` are different answers to the runner), the runner, reading those answers,
would read what it reads from our engine, and our engine passes its own trial's checks. So
the trial passes, and nothing else need be done. Any other answer, refusal, error or
missing capability says nothing here: the caller then runs the trial's text by `verify`'s
runner, which decides (and words) the result exactly as before. But for a request left
unanswered past the timeout, every answer before it ours: the runner would meet the same
silence at the same request, so the trial is judged errored here (`Unanswered`), waited for
once and its timeout counted once; and a process lost there errors the trial even if its
text then passes on a fresh process.

A variant of the trial (`replay_variants.forms`: a rotation, the suits renamed, the
discards turned round) is judged the same way, from its requests and the answers of ours
the runner reads as it reads the variant's lines. A rotated variant makes the same requests
but for the player list at `start`, and its checks are the original's. Only some lists of
names come in seat order, so in another order after a rotation: each pot's `eligible` and
`winners`, each half's `winners`, the result's `winners`, the session's `leaders`. Whether
a check of them passes does not hang on their order (`runner_expect` sorts the pots' lists
and the leaders, and a `wins` or `split` line holds for one winner or for equal shares, in
any order), so they are compared sorted (`in_any_seat_order`).
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable
from typing import Any, Final, cast

from badugi_spec.fuzz.replay_values import value_requests, values_pass
from badugi_spec.fuzz.replay_variants import Form
from badugi_spec.fuzz.trial import Trial
from badugi_spec.scenario.engine_impl import Implementation
from badugi_spec.scenario.runner import CaseResult, ImplementationError, plays
from badugi_spec.scenario.state_line import Lines, plain

Exchange = tuple[str, dict[str, Any], dict[str, Any]]
Idle = Callable[[float], bool] | None
"""Work of the caller's, a piece a call, done while a process answers, given when the
replies are likely in: whether there is more (`ProcessTransport.exchange_many`)."""
KINDS: Final = ("start", "deal", "act")


class Unanswered(Exception):
    """A request of the trial went unanswered, every answer before it our engine's.

    Timed out: `verify`'s runner, given the trial's text, would pass each line up to that
    request and meet the same silence there, so the trial is judged errored here with the
    runner's message (`errored`), not waited for a second time; the client's count of
    timeouts keeps this one (`passes` puts nothing back). The process lost there (`lost`):
    the text decides as before, on a fresh process, but if that passes, the trial is still
    errored here (`after_text`): a fresh process may answer right what this one, with its
    history, did not (an implementation that dies at its seventh session)."""

    def __init__(self, error: ImplementationError, *, lost: bool = False) -> None:
        super().__init__(str(error))
        self.lost = lost
        # As the runner words an error (`runner._errored`): the message, then the tail
        # of the implementation's stderr.
        tail = f"\n--- stderr (tail) ---\n{error.stderr}" if error.stderr else ""
        self.message = str(error) + tail

    def errored(self, name: str) -> CaseResult:
        result = CaseResult(name, "fuzz", 1, [], "errored")
        result.message = self.message
        return result


def after_text(lost: Unanswered | None, result: CaseResult) -> CaseResult:
    """The text's `result`, but errored if the process was `lost` on the fast path."""
    return lost.errored(result.id) if lost is not None and result.status == "passed" else result


def same(theirs: object, ours: object) -> bool:
    """Equal as JSON values: `==`, and of the same types (`==` holds `1 == 1.0 == True`,
    which JSON tells apart; a list and a tuple are never `==`). Their `marshal` bytes
    settle most at a fraction of the cost of `repr` (format 2 writes every value with its
    type, and no references, so equal values of the same types in the same order give the
    same bytes); keys in another order are compared as sorted JSON text."""
    return _settled(_exactly(theirs, ours), theirs, ours)


def _settled(exact: bool | None, theirs: object, ours: object) -> bool:
    """`exact` (`_exactly`'s word), or where that is None (equal, keys in another order or
    types the bytes cannot tell apart) whether the two are the same as sorted JSON text."""
    if exact is not None:
        return exact
    text = _as_sorted_text(theirs)
    return text is not None and text == _as_sorted_text(ours)


def _exactly(theirs: object, ours: object) -> bool | None:
    """True: the same JSON values, types and order of keys alike; False: not equal; None:
    equal, but in another order of keys or in types `marshal` cannot tell apart. The same
    bytes settle it without comparing the values (most answers are ours exactly).

    Two states are written whole: entry by entry, a state took about a quarter more (one
    call and two writes an entry, where most entries differ from ours in identity only,
    even in this process, where an implementation shares unchanged parts with ours)."""
    if theirs is ours:
        return True
    return _bytes_alike(theirs, ours)


def _bytes_alike(theirs: object, ours: object) -> bool | None:
    """`_exactly` of two values by their `marshal` bytes."""
    try:
        if marshal.dumps(cast(Any, theirs), 2) == marshal.dumps(cast(Any, ours), 2):
            return True
    except ValueError:  # a type marshal does not write (a subclass): as JSON text
        pass
    return False if theirs != ours else None


_CERTIFIED: dict[str, tuple[object, object]] = {}
"""By a state's key, the last pair of entries (theirs, ours) `_shared_exactly` found the
same: kept alive here, so that `is` finds the very objects."""


def _shared_exactly(theirs: object, ours: object) -> bool | None:
    """`_exactly` of two states, for an implementation that never changes what it answered
    (`EngineImplementation.shares`: the unchanged parts of its states are the very objects
    of its state before, as ours are). An entry that is ours, or the pair of entries found
    the same at the state before, is the same still; only the others are written, in one
    list each side. Anything else (another entry, keys in another order) as `_exactly`.

    In this process most entries of a state are those of the state before, on both sides,
    so about half a state's writing went on entries already compared (issue 40)."""
    if type(theirs) is not dict or type(ours) is not dict or len(theirs) != len(ours):
        return _exactly(theirs, ours)
    certified = _CERTIFIED
    keys: list[str] = []
    mine: list[object] = []
    yours: list[object] = []
    for (key, their), (known, our) in zip(theirs.items(), ours.items(), strict=True):
        if key is not known and (type(key) is not str or key != known):
            return _exactly(theirs, ours)
        if their is our:
            continue
        was = certified.get(key)
        if was is not None and was[0] is their and was[1] is our:
            continue
        keys.append(key)
        mine.append(their)
        yours.append(our)
    if keys:
        if _bytes_alike(mine, yours) is not True:
            return _exactly(theirs, ours)
        for key, their, our in zip(keys, mine, yours, strict=True):
            certified[key] = (their, our)
    return True


def _as_sorted_text(value: object) -> str | None:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):  # not JSON: not an answer the runner could read alike
        return None


_TEXTS: dict[int, tuple[object, str | None, object]] = {}
"""Our states by their identity (the state kept with them): in any seat order, and that
as sorted JSON text. The rotations of a trial all compare with the same answers of ours, in
whatever order of keys the rotation gives theirs."""


def _kept(ours: object) -> tuple[object, str | None, object]:
    kept = _TEXTS.get(id(ours))
    if kept is None or kept[0] is not ours:
        if len(_TEXTS) > 4096:
            _TEXTS.clear()
        ordered = in_any_seat_order(ours)
        kept = _TEXTS[id(ours)] = (ours, _as_sorted_text(ordered), ordered)
    return kept


def answered_alike(
    theirs: object, ours: dict[str, Any], *, rotated: bool = False, shared: bool = False
) -> bool:
    """An answer the runner reads as it reads ours: `ok`, the refusal's code, the state
    (under a rotation, with the pots' lists of names in any order). `shared`: the
    implementation never changes what it answered (`_shared_exactly`), as our engine in
    this process (`EngineImplementation.shares`); never for one that might."""
    if not isinstance(theirs, dict) or theirs.get("ok") is not ours["ok"]:
        return False
    if not ours["ok"] and not same(theirs.get("error"), ours.get("error")):
        return False
    state, mine = theirs.get("state"), ours["state"]
    exact = (_shared_exactly if shared else _exactly)(state, mine)
    if not rotated:
        return _settled(exact, state, mine)  # (as `same` decides)
    if exact:
        return True  # in the order of seats `replay_variants.rotated` expects: most often
    # Under a rotation the players' dicts come in another order of keys: as JSON text.
    _, text, order = _kept(mine)
    ordered = in_any_seat_order(state)
    return ordered == order and text is not None and _as_sorted_text(ordered) == text


def _names(value: object) -> object:
    if isinstance(value, list) and all(isinstance(name, str) for name in value):
        return sorted(value)
    return value


def in_any_seat_order(state: object) -> object:
    """`state` with each pot's `eligible` and `winners`, each half's `winners`, the
    result's `winners` and the session's `leaders` sorted: the lists a rotation reorders."""
    if not isinstance(state, dict) or not isinstance(state.get("pots"), list):
        return state
    session = state.get("session")
    if isinstance(session, dict) and "leaders" in session:
        state = {**state, "session": {**session, "leaders": _names(session["leaders"])}}
    result = state.get("result")
    if isinstance(result, dict) and "winners" in result:
        state = {**state, "result": {**result, "winners": _names(result["winners"])}}
    pots = []
    for pot in state["pots"]:
        if isinstance(pot, dict):
            pot = {k: _names(v) if k in ("eligible", "winners") else v for k, v in pot.items()}
            if isinstance(pot.get("halves"), list):
                pot["halves"] = [
                    {**h, "winners": _names(h.get("winners"))} if isinstance(h, dict) else h
                    for h in pot["halves"]
                ]
        pots.append(pot)
    return {**state, "pots": pots}


def _alike(
    impl: Implementation,
    exchanges: list[Exchange],
    rotated: bool,
    idle: Idle = None,
    posted: object = None,
) -> bool:
    """Whether the implementation answers every request as our engine did: pipelined
    where it can take them so (`replay` of the protocol client: every request written,
    then every reply read), else one at a time, stopping at the first that differs (the
    rest could not pass). Each answer is compared once. `idle` (pipelined only): the
    caller's work, done while the implementation answers. `posted`: the requests were
    sent already (`post`), their replies are read."""
    many: Callable[..., list[object]] | None = getattr(impl, "replay", None)
    if many is not None:
        # Every state is compared with ours, which is well formed: its form need not be
        # checked first (a state of another form is not ours, and the text path checks).
        # A reply that is our answer's very line is ours (None): not even decoded.
        # Those lines are written while the implementation answers (`idle`), then the
        # caller's own work is done: neither needs the replies.
        known: list[str | None] = []

        def meanwhile(until: float) -> bool:
            if not known:  # first: needed once the replies are in
                known.extend(_lines(exchanges))
                return idle is not None
            return idle is not None and idle(until)

        try:
            answers = many(
                [(kind, request) for kind, request, _ in exchanges],
                states=False,
                known=known,
                idle=meanwhile,
                **({} if posted is None else {"posted": posted}),
            )
        except ImplementationError as error:
            heard = [_read(line) for line in getattr(impl, "heard", [])]
            if _silent(impl) and all(
                answered_alike(theirs, ours, rotated=rotated)
                for theirs, (_, _, ours) in zip(heard, exchanges, strict=False)
            ):
                raise Unanswered(error, lost=_lost(impl)) from None
            raise
        return len(answers) == len(exchanges) and all(
            theirs is None or answered_alike(theirs, ours, rotated=rotated)
            for theirs, (_, _, ours) in zip(answers, exchanges, strict=True)
        )
    # Our engine in this process, sharing while it is judged (`passes`), never changes
    # what it answered: a pair of entries found the same need not be compared again.
    shared = getattr(impl, "shares", None) is True
    for kind, request, ours in exchanges:
        try:
            theirs = getattr(impl, kind)(request)
        except ImplementationError as error:
            if _silent(impl):
                raise Unanswered(error, lost=_lost(impl)) from None
            raise
        if not answered_alike(theirs, ours, rotated=rotated, shared=shared):
            return False
    return True


LINES_KEPT: Final = 16_384
"""Lines kept at most: those of the trials made ahead (`fuzz.ahead`), and of a trial's
variants, a few thousand."""
_LINES: dict[int, tuple[object, str | None]] = {}
"""Our answers by their identity (the answer kept with them) as `serve` writes them: the
trial and its variants that do not change an answer send the same ones."""


def _line(ours: object, lines: Lines | None = None) -> str | None:
    """`ours` as the line `serve` writes for it (`state_line.plain`, as `protocol.server`
    writes: JSON, not ASCII-only); None when it is not JSON. `lines`: the session's
    writer, which keeps the text of the state's entries unchanged since its last answer
    (`scenario.state_line`), as serve's."""
    kept = _LINES.get(id(ours))
    if kept is None or kept[0] is not ours:
        if len(_LINES) > LINES_KEPT:
            _LINES.clear()
        try:
            line: str | None = (
                lines(ours) if lines is not None and type(ours) is dict else plain(ours)
            )
        except (TypeError, ValueError, RecursionError):
            line = None
        kept = _LINES[id(ours)] = (ours, line)
    return kept[1]


def _lines(exchanges: list[Exchange]) -> list[str | None]:
    """Our answers to `exchanges` as serve's lines, in order: one writer a session (the
    kept texts of one session's states, forgotten at each `start`: `state_line.Lines`)."""
    lines, out = Lines(), []
    for kind, _, ours in exchanges:
        if kind == "start":
            lines.forget()
        out.append(_line(ours, lines))
    return out


def warm(trial: Trial, impl: Implementation | None = None) -> None:
    """Our answers of `trial` written as lines ahead (`fuzz.ahead`), kept by `_line`, and
    its requests as the protocol client writes them (`request_lines`), kept there."""
    _lines(trial.exchanges)
    lines = getattr(impl, "request_lines", None)
    ready = getattr(impl, "ready", None)
    if lines is not None and ready is not None and ready() and trial.names:
        lines([(kind, request) for kind, request, _ in trial.exchanges])


def _silent(impl: Implementation) -> bool:
    """Whether the implementation's last request timed out, or its process was lost at
    it (the protocol client's flags)."""
    return getattr(impl, "_timed_out", False) is True or _lost(impl)


def _lost(impl: Implementation) -> bool:
    return getattr(impl, "_gone", False) is True


def _read(line: str) -> object:
    try:
        return json.loads(line)
    except ValueError:
        return None  # not an answer of ours: the text path decides


def passes(
    impl: Implementation,
    trial: Trial,
    variant: Form | None = None,
    *,
    idle: Idle = None,
    posted: object = None,
) -> bool:
    """Whether `impl` answers every request of `trial` (or of its `variant`) as our
    engine did. False for anything else, an error or a refusal to play included: the
    implementation's bookkeeping is then put back as it was (`savepoint`), so the text
    path that follows meets it as if this had not run.

    `idle`: work of the caller's that does not hang on the answers (the next trial made),
    done while a process answers the requests sent at once, at most once; it may not run
    at all (in-process, or when the requests are not sent), so the caller checks.
    `posted`: the requests were sent already (`post`): their replies are read."""
    sent = trial.exchanges if variant is None else variant.exchanges
    ready = getattr(impl, "ready", None)
    values = variant is None and not trial.names
    if ready is not None and not ready():
        return False  # (a process not yet started is started by the text path, as before)
    saved = getattr(impl, "savepoint", None)
    mark = saved() if saved is not None else None
    restore = getattr(impl, "restore", None)
    # An implementation in this process may answer with states sharing what did not change
    # (`EngineImplementation.shares`): here they are only compared, then dropped.
    sharing: Any = impl if getattr(impl, "shares", None) is False else None
    if sharing is not None:
        sharing.shares = True
    try:
        if values:
            # A trial of hand values (`replay_values`).
            ok = values_pass(impl, trial, same, idle=idle, posted=posted)
        elif not _played(impl, trial, sent):
            ok = False
        else:
            rotated = variant is not None and variant.any_seat_order
            ok = _alike(impl, sent, rotated, idle, posted)
    except KeyboardInterrupt:
        raise
    except Unanswered as silent:
        if variant is None:
            if silent.lost and restore is not None:
                restore(mark)  # its text runs next, and counts the failure again
            raise  # the trial's own requests: judged (a timeout stays counted)
        ok = False  # a variant: its text decides, as for any other failure
    except Exception:  # a crash, a refusal to play, an unreadable reply: the text decides
        ok = False
    finally:
        if sharing is not None:
            sharing.shares = False
    if not ok and restore is not None:
        restore(mark)
    if not ok and posted is not None:
        # Sent ahead, its first reply may be the trial before's line too many: then the
        # text decides on a fresh process, else on this one, as it would have unposted
        # (`realign`).
        realign = getattr(impl, "realign", None)
        if realign is not None:
            realign()
    return ok


def _played(impl: Implementation, trial: Trial, sent: list[Exchange]) -> bool:
    """Whether `passes` sends `sent`, the requests of a trial of play (or of a variant):
    they start a session, and the implementation plays the trial's profile."""
    return (
        bool(sent)
        and sent[0][0] == "start"
        and "play" in impl.capabilities()
        and plays(impl, trial.profile.name)
    )


def post(impl: Implementation, trial: Trial, forms: list[Form] | None) -> list[object]:
    """The requests of `trial`, then of each of its variants (`forms`), sent now to an
    implementation that takes requests ahead (`ProtocolImplementation.post`), in order,
    each to be read when it is judged (`passes`'s `posted`): so the implementation
    answers them while this side judges the trial before (`fuzz.ahead`). Only those
    `passes` would send: a trial of play that the implementation plays, on an open
    connection. What is sent and never judged (a trial found wrong before its variants)
    is read and dropped before the next request that is not posted."""
    send: Callable[..., object] | None = getattr(impl, "post", None)
    ready = getattr(impl, "ready", None)
    if send is None or ready is None or not ready():
        return []
    if not trial.names:  # a trial of hand values (`replay_values`)
        asked = value_requests(impl, trial)
        ticket = impl.post_values(asked) if asked else None  # type: ignore[attr-defined]
        return [] if ticket is None else [ticket]
    if not _played(impl, trial, trial.exchanges):
        return []
    tickets: list[object] = []
    for sent in [trial.exchanges, *(form.exchanges for form in forms or ())]:
        ticket = send([(kind, request) for kind, request, _ in sent])
        if ticket is None:
            break
        tickets.append(ticket)
    return tickets


__all__ = ["Unanswered", "after_text", "answered_alike", "passes", "post", "same"]
