"""Which statement a divergence is at, and the rule it breaks: the rule of the field that
differs, not the rule at play.

The rule at play (our engine's last event before the statement) says where a trial was,
not what is wrong: a missing burn is met after a discard (R4.2), a wrong cap after a raise
(R3.5). A finding is labelled by the field the implementation got wrong: `burns` is the
burn (R4.4), a raise too many or too few in `legal` is the cap (R3.6), a pot's shares a
chip apart are the odd chip (R8.15). Where a field belongs to no one rule (`pot`,
`stacks`, other `legal` differences), the rule at play stays. Before all that, an answer
that breaks a property of its own (`answers`: a pot's shares not adding up to it, a hand
ending with chips made or lost) is labelled with that property's rule.
"""

from __future__ import annotations

from typing import Final

from badugi_spec.fuzz import answers
from badugi_spec.fuzz.finding import Key, signature
from badugi_spec.fuzz.trial import Trial
from badugi_spec.scenario.runner import Divergence

FIELD_RULES: Final = {
    "burns": "R4.4",
    "stub": "R4.2",
    "has": "R4.2",
    "reshuffles": "R8.18",
    "button": "R6.2",
    "hands": "R6.4",
    "posts": "R8.3",
    "pots": "R8.13",
    "half": "R8.29",
    "shows": "R8.22",
    "show order": "R8.22",
    "gets": "R8.12",
    "session over": "R6.4",
    "session continues": "R6.4",
    "turn": "R3.3",
    "phase": "R3.1",
}
"""The rule each field of the state is decided by, where one rule decides it."""
_BETS: Final = {"raise", "bet"}


def statement_at(trial: Trial, where: dict[int, list[int]], d: Divergence) -> int:
    """The statement a divergence is at: on its line, the one it quotes."""
    held = where.get(d.line)
    if held:
        for index in held:
            text = trial.statements[index].text
            if text == d.source or d.source.endswith(text) or text.endswith(d.source):
                return index
        return held[0]
    # A deal's divergence is at the `deck` or `hand` line: the checks after it.
    later = [line for line in where if line > d.line]
    return where[min(later)][0] if later else len(trial.statements) - 1


def at_play(trial: Trial, index: int) -> str:
    return next((s.rule for s in reversed(trial.statements[: index + 1]) if s.rule), "R2.1")


def key_of(
    trial: Trial, where: dict[int, list[int]], d: Divergence, variant: str = ""
) -> tuple[Key, str]:
    """The divergence's kind (the rule broken and the field), and the rule at play."""
    index = statement_at(trial, where, d)
    statement = trial.statements[index]
    played = at_play(trial, index)
    if statement.kind == "check":
        rule, kind = played, f"{statement.text.split()[0]} {statement.topic}"
    elif statement.kind == "expect":
        kind = _what(statement.text)
        # A property the answer breaks by itself names the rule; else the field's rule.
        rule = answers.broken(trial, index, d.actual) or field_rule(
            kind, d, played, capped=bool(trial.profile.cap), all_in=_all_in_this_round(trial, index)
        )
    else:
        # A refusal: the reject line's rule is its code's (`engine.codes`).
        rule = played
        kind = {"act": "refused", "reject": "accepted or another code"}.get(
            statement.kind, statement.kind
        )
    return ((rule, f"{kind} [{_family(variant)}]") if variant else (rule, kind)), played


def field_rule(kind: str, d: Divergence, played: str, *, capped: bool, all_in: bool = False) -> str:
    if kind in FIELD_RULES:
        return FIELD_RULES[kind]
    if kind == "legal":
        mark = signature(kind, d.expected, d.actual)
        changed = {w.strip("+-") for w in mark.partition(": ")[2].split()} - {"to"}
        only_bets = bool(changed & _BETS) and changed <= _BETS
        if only_bets and capped:
            return "R3.6"  # a raise too many or too few: the cap
        if only_bets and all_in:
            # Without a cap, a raise offered or refused after an all-in in the round is
            # whether that all-in reopened the betting (R14.6), not the action at play.
            return "R14.6"
        return played
    if kind in ("main pot", "side pot"):
        if _between(d.expected) != _between(d.actual):
            return "R8.13"  # who may win it
        want, got = _shares(d.expected), _shares(d.actual)
        odd = want.keys() == got.keys() and sum(want.values()) == sum(got.values())
        return "R8.15" if odd and all(abs(want[n] - got[n]) <= 1 for n in want) else "R8.14"
    return played


def _all_in_this_round(trial: Trial, index: int) -> bool:
    """Whether a player went all-in in the betting round the statement at `index` is in."""
    acts = [s for s in trial.statements[:index] if s.kind == "act"]
    if not acts:
        return False
    last = acts[-1]
    return any("all-in" in s.text for s in acts if s.hand == last.hand and s.phase == last.phase)


def _between(text: str) -> str:
    return text.partition(" between ")[2].partition(" to ")[0]


def _shares(text: str) -> dict[str, int]:
    """`... to Ann 4, Bob 3` -> {Ann: 4, Bob: 3}."""
    out: dict[str, int] = {}
    for pair in text.partition(" to ")[2].split(", "):
        name, _, chips = pair.partition(" ")
        if chips.isdigit():
            out[name] = int(chips)
    return out


def _family(variant: str) -> str:
    """`rotated-2` -> `rotated`: a shrunk trial may have fewer players to rotate by."""
    return variant.split("-")[0] if variant.startswith("rotated") else variant


def _what(text: str) -> str:
    """The field of an `expect` statement: `legal`, `pot`, `has`, `main pot` ..."""
    words = text.split()
    if words[0] in ("main", "side", "session", "show"):
        return " ".join(words[:2])
    if words[0][0].isupper() and len(words) > 1:
        return words[1]
    return words[0]


__all__ = ["FIELD_RULES", "at_play", "field_rule", "key_of", "statement_at"]
