"""The scenario `badugi-spec new` writes: a header to edit and a hand our engine played.

The hand is a placeholder that passes as it stands, so the author starts from a file that
`check` accepts and changes one thing at a time. Everyone calls or checks and stands pat
to the showdown; Ann holds the best hand in every ranking a shipped profile uses, so she
wins it all. The expectations are not computed here: they are what the engine's state says
after each step, written in the scenario language, and the finished file is run once more
before it is handed back.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError
from badugi_spec.profiles import HOUSE, Profile
from badugi_spec.rules import Rule
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.layout import layout
from badugi_spec.scenario.report import describe_failure
from badugi_spec.scenario.runner import Runner
from badugi_spec.scenario.suite import parse_scenario, run_scenario

NAMES: Final = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
WINNER: Final = ("2♠", "3♥", "4♦", "5♣", "7♠")
"""5-4-3-2 as a Badugi (aces low or high), and 7-5-4-3-2, the best 2-7 low and a better
A-5 low than any hand below: Ann's hand wins every half of every shipped profile."""
LOSERS: Final = (
    ("K♠", "Q♥", "J♦", "10♣", "9♥"),
    ("K♥", "Q♦", "J♣", "10♠", "9♦"),
    ("K♦", "Q♣", "J♠", "10♥", "9♣"),
    ("K♣", "Q♠", "J♥", "10♦", "8♠"),
    ("9♠", "8♥", "7♦", "6♣", "8♦"),
    ("9♥", "8♦", "7♣", "6♠"),
    ("9♦", "8♣", "7♠", "6♥"),
)
"""The others' hands, king-high and nine-high Badugis. A five-card game seats at most six,
so only the first five need a fifth card, and none of them takes a card of Ann's."""


class SkeletonError(BadugiError):
    """A skeleton that cannot be written as asked, or (our bug) one that does not pass."""


@dataclass(frozen=True, slots=True)
class Request:
    """What the author asked for: the id, the rules shown, the profile and the table."""

    id: str
    rules: tuple[Rule, ...]
    profile: Profile = HOUSE
    players: int = 2


def skeleton(request: Request, *, path: str = "<new>") -> str:
    """The scenario text: header, story template, table and a hand played to its end."""
    if request.profile.hand_size > len(WINNER):
        raise SkeletonError(f"new deals hands of at most {len(WINNER)} cards")
    names = NAMES[: request.players]
    table = [*_header(request), _players(names, request.profile), _deal(names, request)]
    steps = list(_played("\n".join(table) + "\n", path))
    text = layout("\n".join([*table, *steps]) + "\n", path)
    _must_pass(text, path)
    return text


def _header(request: Request) -> list[str]:
    first = request.rules[0]
    ids = " ".join(rule.id for rule in request.rules)
    tags = dict.fromkeys(chapter_tag(rule) for rule in request.rules)
    title = f"{first.title} (edit this title)".replace("\\", "\\\\").replace('"', '\\"')
    lines = [f'scenario {request.id} "{title}"']
    if request.profile.name != HOUSE.name:
        lines.append(f"profile {request.profile.name}")
    lines += [
        f"rules {ids}",
        f"tags {' '.join(tags)}",
        "",
        '"""',
        f"Tell here what the hand shows of {first.id} ({first.title}), in a sentence or two:",
        "this story opens the example on the rule's page.",
        "",
        "The hand below is a placeholder that `badugi-spec new` played on the engine:",
        "everyone calls or checks and stands pat, and Ann wins at the showdown. Change the",
        "deal and the steps to show the rule, then run `badugi-spec check` on this file.",
        '"""',
        "",
    ]
    return lines


def chapter_tag(rule: Rule) -> str:
    """A rule's chapter as a tag: its file's name without the number (`03-betting` is
    `betting`)."""
    return re.sub(r"^[0-9]+-", "", Path(rule.path).stem)


def _players(names: tuple[str, ...], profile: Profile) -> str:
    stack = profile.starting_stack
    seats = [f"{name} {stack}" + (" dealer" if i == 0 else "") for i, name in enumerate(names)]
    return "players " + ", ".join(seats)


def _deal(names: tuple[str, ...], request: Request) -> str:
    size = request.profile.hand_size
    hands = [WINNER[:size], *(hand[:size] for hand in LOSERS)]
    return "deal " + " / ".join(
        f"{name} {' '.join(cards)}" for name, cards in zip(names, hands, strict=False)
    )


def _played(table: str, path: str) -> Iterator[str]:
    """The hand's lines: the state after the deal, each round on a line of its own, and
    at the end the showdown, the pots and the stacks."""
    case = compile_case(parse_scenario(table, path))
    engine = EngineImplementation()
    engine.start(case)
    state = _ok(engine.deal(case["hands"][0]))
    legal = ", ".join(state["legal"])
    yield f"expect pot {state['pot']}; turn {state['to_act']}; legal {legal}"
    rounds = 0
    while state["result"] is None:
        phase, line = state["phase"], []
        while state["result"] is None and state["phase"] == phase:
            step, said = _simple_move(state)
            line.append(said)
            state = _ok(engine.act(step))
        yield "; ".join(line)
        rounds += 1
        if rounds == 1 and state["result"] is None:
            yield f"expect pot {state['pot']}; phase {state['phase']}; turn {state['to_act']}"
    yield from _outcome(state)


def _simple_move(state: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Stand pat in a draw, check when free, else call: the step and how it is written."""
    who, legal = state["to_act"], state["legal"]
    if state["phase"].startswith("draw"):
        return {"player": who, "action": "draw", "discards": []}, f"{who} stands pat"
    if "check" in legal:
        return {"player": who, "action": "check"}, f"{who} checks"
    call = next(option for option in legal if option.startswith("call "))
    return {"player": who, "action": "call"}, f"{who} calls {call.split()[1]}"


def _ok(outcome: dict[str, Any]) -> dict[str, Any]:
    if not outcome["ok"]:
        raise SkeletonError(f"the engine refused the placeholder hand: {outcome['message']}")
    state: dict[str, Any] = outcome["state"]
    return state


def _outcome(state: dict[str, Any]) -> Iterator[str]:
    result = state["result"]
    winners, won = result["winners"], result["won"]
    shown = f"show order {', '.join(result['show_order'])}"
    if len(winners) == 1:
        yield f"expect {shown}; {winners[0]} wins {won[winners[0]]} at showdown"
    else:
        yield f"expect {shown}"
    for name in winners:
        if "shown_in" in result:
            values = result["shown_in"][name]
            yield "expect " + "; ".join(f"{name} shows {r} {v}" for r, v in values.items())
        else:
            yield f"expect {name} shows {_value(result['shown'][name])}"
    for index, pot in enumerate(state["pots"]):
        label = "main pot" if index == 0 else f"side pot {index}"
        if "halves" in pot:
            yield "expect " + "; ".join(
                f"half {half['ranking']} of {label} {half['amount']} to {_to(half)}"
                for half in pot["halves"]
            )
        else:
            between = ", ".join(pot["eligible"])
            yield f"expect {label} {pot['amount']} between {between} to {_to(pot)}"
    stacks = ", ".join(f"{name} {chips}" for name, chips in state["stacks"].items())
    yield f"expect stacks {stacks}"


def _to(pot: dict[str, Any]) -> str:
    """A pot's or a half's winners, each with a share when there are several (R8.15)."""
    if len(pot["winners"]) == 1:
        return str(pot["winners"][0])
    return ", ".join(f"{name} {pot['shares'][name]}" for name in pot["winners"])


def _value(value: dict[str, Any]) -> str:
    ranks = "-".join(value["ranks"])
    return f"{value['size']}-card {ranks}" + (" (badugi)" if value["size"] == 4 else "")


def _must_pass(text: str, path: str) -> None:
    result = run_scenario(Runner(EngineImplementation()), parse_scenario(text, path))
    if result.status != "passed":
        detail = "; ".join(line.strip() for line in describe_failure(result))
        raise SkeletonError(f"the skeleton does not pass (a bug of badugi-spec new): {detail}")
