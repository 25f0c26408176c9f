"""Compile a Scenario to its flat, language-neutral case: plain JSON values only.

Every hand gets an explicit deck order (top first), so another implementation needs no
shuffle of ours and no card-assignment logic: it deals from the list it is given.
"""

from __future__ import annotations

from typing import Any

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.deck import shuffled
from badugi_spec.profiles.model import Profile
from badugi_spec.rankings.house import parse_value
from badugi_spec.scenario import ranked_values
from badugi_spec.scenario.model import (
    Act,
    Compare,
    Evaluate,
    Expect,
    HandScript,
    Note,
    Reject,
    Scenario,
    Step,
    dealer_name,
    stated_button,
)
from badugi_spec.scenario.step_rules import annotate

CASE_FORMAT = 2
"""2: every case carries its profile as a full parameter object (R8.1)."""


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def dealer_of(scenario: Scenario, hand_number: int) -> str:
    """Who deals the hand: the one its `expect button` names, else the button alternates
    from the first dealer (R6.1, R6.2).

    A refused deal (`reject deal`) is not a hand, so it does not move the button. After a
    bust the button moves as the profile says (R8.23): a `deal` that leaves a player out
    must state the button, and the runner checks it is where the implementation put it.
    """
    stated = stated_button(scenario.hands[hand_number - 1].steps)
    if stated is not None:
        return stated
    names = scenario.seat_names
    refused = [h.reject_deal is not None for h in scenario.hands[: hand_number - 1]]
    return dealer_name(names, scenario.dealer or names[0], refused)


def deck_order(scenario: Scenario, hand: HandScript) -> tuple[Card, ...]:
    if hand.deck is not None:
        return hand.deck
    if hand.seed is not None:
        return shuffled(hand.seed)
    return _deck_from_deal(scenario, hand)


def profile_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario's profile as plain JSON: its name and every parameter's value."""
    return profile_object(scenario.profile)


def profile_object(profile: Profile) -> dict[str, Any]:
    """A profile as a case and a `start` request carry it: its name and every parameter."""
    values = {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in profile.parameters().items()
    }
    return {"name": profile.name, **values}


def _deck_from_deal(scenario: Scenario, hand: HandScript) -> tuple[Card, ...]:
    profile = scenario.profile
    names = list(scenario.seat_names)
    dealer = dealer_of(scenario, hand.number)
    at = names.index(dealer)
    dealt = dict(hand.deal)
    # Clockwise from the first seat left of the button (R1.7, R8.4); heads-up that is
    # the big blind.
    seated = [name for name in names[at + 1 :] + names[: at + 1] if name in dealt]
    stated = {card for cards in dealt.values() for card in cards} | {c for _, c in hand.burns}
    draws = [s for s in hand.steps if isinstance(s, Act) and s.kind == "draw"]
    stated |= {card for act in draws for card in act.takes or ()}
    filler = [card for card in DECK if card not in stated]
    order: list[Card] = []
    for i in range(profile.hand_size):
        order += [dealt[name][i] for name in seated]
    burns = dict(hand.burns)
    count = dict.fromkeys(names, 0)
    by_round: dict[int, list[Act]] = {}
    for act in draws:
        count[act.player] += 1
        by_round.setdefault(count[act.player], []).append(act)
    for number in sorted(by_round):
        # The burn before the draw's replacements (R4.4, R8.17), then each player's in the
        # order they draw (R4.3, R8.16).
        acts = by_round[number]
        if profile.burns_per_draw and (
            profile.burn_when_all_pat or any(act.discards for act in acts)
        ):
            order += [burns[number]] if number in burns else _take(filler, 1)
            order += _take(filler, profile.burns_per_draw - 1)
        for drawn in acts:
            if drawn.takes is not None:
                order += drawn.takes
            else:
                order += _take(filler, len(drawn.discards))
    return tuple(order + filler)


def _take(filler: list[Card], count: int) -> list[Card]:
    """Up to `count` unstated cards; a scenario asking for more meets `deck-short` in play."""
    taken, filler[:count] = filler[:count], []
    return taken


def _act(act: Act) -> dict[str, Any]:
    out: dict[str, Any] = {"player": act.player, "action": act.kind}
    if act.amount is not None:
        out["amount"] = act.amount
    if act.kind == "draw":
        out["discards"] = _cards(act.discards)
        if act.takes is not None:
            out["takes"] = _cards(act.takes)
    return out


def _value(text: str) -> dict[str, Any]:
    _, ranks = parse_value(text)
    return {"size": len(ranks), "ranks": [rank.label for rank in ranks]}


def _named(ranking: str | None) -> dict[str, str]:
    """A line in a named ranking carries it (R9.1); a house line stays as it always was."""
    return {} if ranking is None else {"ranking": ranking}


def _expect_value(step: Expect) -> Any:
    a = step.args
    match step.what:
        case "stacks":
            return dict(a)  # type: ignore[arg-type]
        case "legal":
            return list(a)
        case "holds" | "shows":
            return {"player": a[0], "value": _value(str(a[1]))}
        case "holds-in" | "shows-in":
            return {"player": a[0], "ranking": a[1], "value": a[2]}
        case "half":
            winners = a[3]
            return {
                "pot": a[0],
                "ranking": a[1],
                "amount": a[2],
                "winners": None if winners is None else [name for name, _ in winners],  # type: ignore[attr-defined]
                "shares": None
                if winners is None or any(share is None for _, share in winners)  # type: ignore[attr-defined]
                else {name: share for name, share in winners},  # type: ignore[attr-defined]
            }
        case "wins":
            return {"player": a[0], "amount": a[1], "ending": a[2]}
        case "split":
            return {"amount": a[0], "ending": a[1]}
        case "returned":
            return {"player": a[0], "amount": a[1]}
        case "cards":
            return {"player": a[0], "cards": _cards(a[1])}  # type: ignore[arg-type]
        case "session-over":
            tied = {"tied": list(a[2])} if len(a) > 2 else {}  # type: ignore[call-overload]
            return {"winner": a[0], "reason": a[1]} | tied
        case "show-order":
            return list(a)
        case "posts":
            return {"player": a[0], "blind": a[1], "amount": a[2]}
        case "pots":
            return list(a)
        case "pot-detail":
            return {
                "pot": a[0],
                "amount": a[1],
                "eligible": list(a[2]) if a[2] is not None else None,  # type: ignore[call-overload]
                "winners": list(a[3]) if a[3] is not None else None,  # type: ignore[call-overload]
                "shares": dict(a[4]) if a[4] is not None else None,  # type: ignore[call-overload]
            }
        case "session-continues":
            return None
        case _:
            return a[0]


def _step(step: Step) -> dict[str, Any]:
    base: dict[str, Any] = {"line": step.where.line, "column": step.where.column}
    if isinstance(step, Act):
        return base | {"op": "act", "source": step.source} | _act(step)
    if isinstance(step, Reject):
        return base | {"op": "reject", "source": step.source, "code": step.code} | _act(step.act)
    if isinstance(step, Expect):
        return base | {
            "op": "expect",
            "source": step.source,
            "what": step.what,
            "value": _expect_value(step),
        }
    if isinstance(step, Note):
        return base | {"op": "note", "text": step.text}
    if isinstance(step, Evaluate):
        value = (
            _value(step.value)
            if step.ranking is None
            else ranked_values.expected(step.ranking, step.value)
        )
        return base | {
            "op": "evaluate",
            **_named(step.ranking),
            "source": step.source,
            "cards": _cards(step.cards),
            "value": value,
        }
    if isinstance(step, Compare):
        expect = "tie" if step.verdict == "ties" else "first"
        return base | {
            "op": "compare",
            **_named(step.ranking),
            "source": step.source,
            "hands": [_cards(step.first), _cards(step.second)],
            "winner": expect,
        }
    raise TypeError(f"unknown step {step!r}")  # pragma: no cover


def compile_case(scenario: Scenario) -> dict[str, Any]:
    """The scenario as a case for any implementation (see the JSON schema `case.json`)."""
    return annotate(_compiled(scenario))


def _compiled(scenario: Scenario) -> dict[str, Any]:
    return {
        "format": CASE_FORMAT,
        "id": scenario.id,
        "title": scenario.title,
        "rules": list(scenario.rules),
        "tags": list(scenario.tags),
        "file": scenario.where.path,
        "line": scenario.where.line,
        "profile": profile_json(scenario),
        "players": [{"name": s.name, "stack": s.stack} for s in scenario.seats],
        "first_dealer": scenario.dealer,
        "checks": [_step(step) for step in scenario.checks],
        "hands": [
            {
                "number": hand.number,
                "line": hand.where.line,
                "dealer": dealer_of(scenario, hand.number),
                "deck": _cards(deck_order(scenario, hand)),
                "reject_deal": hand.reject_deal,
                **(
                    {"reshuffles": [_cards(order) for order in hand.reshuffles]}
                    if hand.reshuffles
                    else {}
                ),
                **(
                    {"deal": {name: _cards(cards) for name, cards in hand.deal}}
                    if hand.deal
                    else {}
                ),
                **(
                    {"posts": [{"player": name, "chips": chips} for name, chips in hand.posts]}
                    if hand.posts
                    else {}
                ),
                **(
                    {"seating": [{"player": name, "event": what} for name, what in hand.seating]}
                    if hand.seating
                    else {}
                ),
                "steps": [_step(step) for step in hand.steps],
                **(
                    {"unfinished": {"line": hand.unfinished.line}}
                    if hand.unfinished is not None
                    else {}
                ),
            }
            for hand in scenario.hands
        ],
    }
