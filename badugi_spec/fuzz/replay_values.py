"""The fast path for a trial of hand values: its `evaluate` and `compare` lines asked as
`verify`'s runner asks them in a fuzzed case, and the answers compared with our engine's
(over the protocol pipelined: every request written before the replies are read).

With one order a line (`Runner(every_order=False)`, as `fuzz` runs a trial), the runner
asks an evaluate line once (`evaluate`, the cards as written) and a compare line twice
(`compare` of the two hands as written, then the other way round), naming the line's
ranking except for a `badugi` line to an implementation that declares no rankings
(`ValueLines._asked_in`). An implementation that has both `evaluate` and `compare` and
values hands in every ranking the trial names answers each of those as our engine does,
JSON types and all (`replay.same`), only if the runner reads it as it reads ours: the line
passes, since our engine's answers are the ones the line was written from
(`value_lines.line`). Any other answer, a line the runner would skip, or an error: the
caller runs the trial's text instead, which decides and words the result as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from badugi_spec.fuzz.trial import Trial
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation
from badugi_spec.scenario.runner import ranking_skip

_OURS: Final = EngineImplementation()
"""Our engine's values (it keeps no state between them)."""
_VERDICTS: Final = ("beats", "ties")


def line_step(text: str) -> dict[str, Any] | None:
    """What a value line asks, as the runner's step has it (`op`, `ranking`, `cards` or
    `hands`), read from the line `value_lines.line` wrote; None for any other line."""
    words = text.split()
    if len(words) < 4 or words[0] not in ("evaluate", "compare"):
        return None
    ranking = None
    if words[1] == "in":
        ranking, words = words[2], [words[0], *words[3:]]
    op, rest = words[0], words[1:]
    if op == "evaluate":
        if "is" not in rest:
            return None
        return {"op": op, "ranking": ranking, "cards": rest[: rest.index("is")]}
    verdict = next((w for w in rest if w in _VERDICTS), None)
    if verdict is None:
        return None
    at = rest.index(verdict)
    return {"op": op, "ranking": ranking, "hands": [rest[:at], rest[at + 1 :]]}


def _asked(impl: Implementation, step: dict[str, Any]) -> list[tuple[str, Any, str | None]]:
    """The requests the runner makes of `impl` for the line: (`evaluate` or `compare`, the
    cards or hands, the ranking named or None)."""
    name: str | None = step["ranking"]
    if name == "badugi" and getattr(impl, "rankings", None) is None:
        name = None  # (the house values are the same, R9.2)
    if step["op"] == "evaluate":
        return [("evaluate", list(step["cards"]), name)]
    first, second = step["hands"]
    return [("compare", [list(first), list(second)], name), ("compare", [second, first], name)]


def _answer(impl: Any, kind: str, asked: Any, name: str | None) -> object:
    call: Callable[..., object] = getattr(impl, kind)
    return call(asked) if name is None else call(asked, ranking=name)


def value_requests(impl: Implementation, trial: Trial) -> list[tuple[str, Any, str | None]]:
    """The requests the runner makes of `impl` for the value lines of `trial`; none when
    it would skip a line (or lacks `evaluate` or `compare`), or a line is not read here:
    then the text decides."""
    if not {"evaluate", "compare"} <= impl.capabilities():
        return []
    steps = [line_step(s.text) for s in trial.statements if s.kind == "check"]
    if not steps or any(step is None or ranking_skip(impl, step) for step in steps):
        return []
    return [one for step in steps if step is not None for one in _asked(impl, step)]


def values_pass(
    impl: Implementation,
    trial: Trial,
    same: Callable[[object, object], bool],
    *,
    idle: Callable[[float], bool] | None = None,
    posted: object = None,
) -> bool:
    """Whether `impl` answers every value line of `trial` as our engine does. May raise
    whatever `impl` raises (the caller takes any error as not passing). `idle`: the
    caller's work, done while a process answers (`replay.passes`); `posted`: the requests
    were sent already (`ProtocolImplementation.post_values`), their replies are read."""
    asked = value_requests(impl, trial)
    if not asked:
        return False
    many: Callable[..., list[object]] | None = getattr(impl, "value_answers", None)
    if many is not None:
        # The protocol client: every request written, then every reply read (pipelined).
        ours: list[object] = []

        def meanwhile(until: float) -> bool:  # ours, while the process works out its own
            if not ours:  # first: needed once the replies are in
                ours.extend([_answer(_OURS, *one) for one in asked])
                return idle is not None
            return idle is not None and idle(until)

        answers = many(asked, meanwhile, **({} if posted is None else {"posted": posted}))
        return len(answers) == len(asked) and all(
            same(theirs, mine) for theirs, mine in zip(answers, ours, strict=True)
        )
    for kind, cards, name in asked:
        theirs = _answer(impl, kind, cards, name)
        if not same(theirs, _answer(_OURS, kind, cards, name)):
            return False
    return True


__all__ = ["line_step", "value_requests", "values_pass"]
