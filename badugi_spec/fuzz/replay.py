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
runner, which decides (and words) the result exactly as before.

A rotated variant (`scenario.variants.rotations`) makes the same requests but for the
player list at `start`, and its checks are the original's: the same comparison with our
engine's original answers decides it. Only some lists of names come in seat order, so in
another order after a rotation: each pot's `eligible` and `winners`, each half's
`winners`, the result's `winners`, the session's `leaders`. Whether a check of them passes
does not hang on their order (`runner_expect` sorts the pots' lists and the leaders, and a
`wins` or `split` line holds for one winner or for equal shares, in any order), so they
are compared sorted (`in_any_seat_order`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from badugi_spec.fuzz.trial import Trial
from badugi_spec.scenario.engine_impl import Implementation
from badugi_spec.scenario.runner import plays

Exchange = tuple[str, dict[str, Any], dict[str, Any]]
KINDS: Final = ("start", "deal", "act")


def same(theirs: object, ours: object) -> bool:
    """Equal as JSON values: `==`, and of the same types (`==` holds `1 == 1.0 == True`,
    which JSON tells apart; a list and a tuple are never `==`). The `repr` settles most;
    keys in another order are compared as sorted JSON text."""
    if theirs != ours:
        return False
    if repr(theirs) == repr(ours):
        return True
    try:
        return json.dumps(theirs, sort_keys=True) == json.dumps(ours, sort_keys=True)
    except (TypeError, ValueError):  # not JSON: not an answer the runner could read alike
        return False


def answered_alike(theirs: object, ours: dict[str, Any], *, rotated: bool = False) -> bool:
    """An answer the runner reads as it reads ours: `ok`, the refusal's code, the state
    (under a rotation, with the pots' lists of names in any order)."""
    if not isinstance(theirs, dict) or theirs.get("ok") is not ours["ok"]:
        return False
    if not ours["ok"] and not same(theirs.get("error"), ours.get("error")):
        return False
    state = theirs.get("state")
    if same(state, ours["state"]):
        return True
    return rotated and same(in_any_seat_order(state), in_any_seat_order(ours["state"]))


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


def rotated(exchanges: list[Exchange], k: int) -> list[Exchange]:
    """The requests of variant `rotated-k`: the players listed from the k-th on, the same
    player first to deal; every later request as it was."""
    kind, start, answer = exchanges[0]
    players = start["players"]
    turned = {**start, "players": players[k:] + players[:k]}
    return [(kind, turned, answer), *exchanges[1:]]


def _answers(impl: Implementation, exchanges: list[Exchange], rotated: bool) -> list[object]:
    """The implementation's answers, pipelined where it can take them so (`replay` of
    the protocol client: every request written, then every reply read); else one at a
    time, stopping at the first that differs (the rest could not pass)."""
    many: Callable[[list[tuple[str, dict[str, Any]]]], list[object]] | None = getattr(
        impl, "replay", None
    )
    if many is not None:
        return many([(kind, request) for kind, request, _ in exchanges])
    out: list[object] = []
    for kind, request, ours in exchanges:
        theirs = getattr(impl, kind)(request)
        out.append(theirs)
        if not answered_alike(theirs, ours, rotated=rotated):
            break
    return out


def passes(impl: Implementation, trial: Trial, exchanges: list[Exchange] | None = None) -> bool:
    """Whether `impl` answers every request of `trial` (or `exchanges`, a variant's) as our
    engine did. False for anything else, an error or a refusal to play included: the
    implementation's bookkeeping is then put back as it was (`savepoint`), so the text
    path that follows meets it as if this had not run."""
    sent = trial.exchanges if exchanges is None else exchanges
    ready = getattr(impl, "ready", None)
    if not sent or sent[0][0] != "start" or (ready is not None and not ready()):
        return False  # (a process not yet started is started by the text path, as before)
    saved = getattr(impl, "savepoint", None)
    mark = saved() if saved is not None else None
    restore = getattr(impl, "restore", None)
    try:
        if "play" not in impl.capabilities() or not plays(impl, trial.profile.name):
            ok = False
        else:
            turned = exchanges is not None
            answers = _answers(impl, sent, turned)
            ok = len(answers) == len(sent) and all(
                answered_alike(theirs, ours, rotated=turned)
                for theirs, (_, _, ours) in zip(answers, sent, strict=True)
            )
    except KeyboardInterrupt:
        raise
    except Exception:  # a crash, a refusal to play, an unreadable reply: the text decides
        ok = False
    if not ok and restore is not None:
        restore(mark)
    return ok


__all__ = ["answered_alike", "passes", "rotated", "same"]
