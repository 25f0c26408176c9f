"""One `expect` line against the implementation's state: met, or the difference as text.

`compare_expectation` words what the line wants and what the state has the same way, so
a failure report reads as two lines that differ; `answered` is the raw part of the state
a line reads, shown when two different answers word alike.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.cards import Card
from badugi_spec.errors import CardError
from badugi_spec.scenario import values


class Unreported(Exception):
    """The state lacks a part an expectation reads, one an implementation may leave out
    (see `OPTIONAL_STATE`): the case cannot be checked on it, which is a skip, not a fault."""


OPTIONAL_STATE: Final = {
    "posts": "who posted which blind (state `posts`, R1.5, R8.3)",
    "shares": "each winner's share of a pot (state `pots[].shares`, R8.15)",
    "show_order": "the order the hands were shown in (state `result.show_order`, R8.22)",
    "leaders": "who leads a finished session (state `session.leaders`, R6.5)",
    "mucked": "who mucked at the showdown (state `result.mucked`, R8.32)",
}
"""The parts of the state added after protocol 2 first shipped. Our engine reports them
all; another implementation that leaves one out skips the lines that read it."""


def without_optional(state: dict[str, Any]) -> dict[str, Any]:
    """`state` without the parts in `OPTIONAL_STATE`: what every implementation reports,
    for comparing two of them state by state."""
    out = {k: v for k, v in state.items() if k not in OPTIONAL_STATE}
    if isinstance(out.get("session"), dict):
        out["session"] = {k: v for k, v in out["session"].items() if k not in OPTIONAL_STATE}
    if isinstance(out.get("pots"), list):
        out["pots"] = [{k: v for k, v in pot.items() if k != "shares"} for pot in out["pots"]]
    if isinstance(out.get("result"), dict):
        out["result"] = {k: v for k, v in out["result"].items() if k not in OPTIONAL_STATE}
    return out


def _reported(part: dict[str, Any], key: str) -> Any:
    if key not in part:
        raise Unreported(f"the implementation does not report {OPTIONAL_STATE[key]}")
    return part[key]


def _value_text(value: dict[str, Any] | None) -> str:
    return values.value_text(value)


def _same_value(expected: dict[str, Any], actual: dict[str, Any] | None) -> bool:
    return values.same_value(expected, actual)


def compare_expectation(step: dict[str, Any], state: dict[str, Any]) -> tuple[str, str] | None:
    """None when the state meets the expectation, else (expected, actual) as text."""
    what, want = step["what"], step["value"]
    result = state.get("result")
    session = state.get("session", {})

    def differ(expected: object, actual: object) -> tuple[str, str] | None:
        return None if expected == actual else (f"{what} {expected}", f"{what} {actual}")

    match what:
        case "pot" | "phase" | "burns" | "reshuffles" | "stub":
            return differ(want, state.get(what))
        case "pots":
            amounts = [pot.get("amount") for pot in state.get("pots", [])]
            return differ(", ".join(map(str, want)), ", ".join(map(str, amounts)) or "none")
        case "pot-detail":
            return _pot_detail(want, state.get("pots", []))
        case "show-order":
            expected = f"show order {', '.join(want)}"
            if result is None:
                return expected, "the hand is not over"
            order = _reported(result, "show_order")
            shown = ", ".join(order) or "nobody shows (the hand ended by a fold)"
            return None if list(order) == list(want) else (expected, f"show order {shown}")
        case "posts":
            return _posts(want, _reported(state, "posts"))
        case "session-reason":
            return differ(
                f"ended by {want}",
                f"ended by {session.get('reason')}" if session.get("over") else "continues",
            )
        case "turn":
            return differ(want or "nobody", state.get("to_act") or "nobody")
        case "legal":
            offered = sorted(state.get("legal", []))
            return differ(", ".join(sorted(want)) or "none", ", ".join(offered) or "none")
        case "stacks":
            stacks = {name: state.get("stacks", {}).get(name) for name in want}
            return differ(_pairs(want), _pairs(stacks))
        case "holds":
            got = state.get("values", {}).get(want["player"])
            if _same_value(want["value"], got):
                return None
            return (
                f"{want['player']} holds {_value_text(want['value'])}",
                f"{want['player']} holds {_value_text(got)}",
            )
        case "shows":
            got = (result or {}).get("shown", {}).get(want["player"])
            if _same_value(want["value"], got):
                return None
            return (
                f"{want['player']} shows {_value_text(want['value'])}",
                f"{want['player']} shows {_value_text(got)}",
            )
        case "holds-in" | "shows-in":
            if what == "holds-in":
                held = state.get("values_in", {})
            else:
                held = (result or {}).get("shown_in", {})
            got = (held.get(want["player"]) or {}).get(want["ranking"])
            verb = "holds" if what == "holds-in" else "shows"
            head = f"{want['player']} {verb} {want['ranking']}"
            if values.same_ranked(want["ranking"], want["value"], got):
                return None
            return f"{head} {want['value']}", f"{head} {values.ranked_text(got)}"
        case "half":
            return _half_detail(want, state.get("pots", []))
        case "wins":
            expected = _outcome(want["player"], want["amount"], want["ending"])
            if result is None:
                return expected, "the hand is not over"
            actual = _outcome(
                ", ".join(result["winners"]),
                result["won"].get(want["player"]),
                want["ending"] and result["ended_by"],
            )
            ok = result["winners"] == [want["player"]] and actual == expected
            return None if ok else (expected, actual)
        case "split":
            expected = f"split {want['amount']} each" + (
                f" at {want['ending']}" if want["ending"] else ""
            )
            if result is None:
                return expected, "the hand is not over"
            # The winners' shares: at a table of more than two, the others won nothing.
            amounts = sorted({result["won"].get(name) for name in result["winners"]})
            ending = f" at {result['ended_by']}" if want["ending"] else ""
            actual = (
                f"split {amounts[0]} each{ending}"
                if len(result["winners"]) > 1 and len(amounts) == 1
                else f"{', '.join(result['winners'])} won {_pairs(result['won'])}{ending}"
            )
            return None if actual == expected else (expected, actual)
        case "returned":
            got = (result or {}).get("returned", {}).get(want["player"]) if result else None
            return differ(
                f"{want['player']} gets back {want['amount']}",
                f"{want['player']} gets back {_returned(result, got)}",
            )
        case "button":
            return differ(want, session.get("dealer"))
        case "hands":
            return differ(want, session.get("hand"))
        case "cards":
            held = state.get("hands", {}).get(want["player"], [])
            expected = f"{want['player']} has {_card_set(want['cards'])}"
            actual = f"{want['player']} has {_card_set(held) or 'no cards'}"
            return None if expected == actual else (expected, actual)
        case "session-over":
            words = {"hands": "hand limit", "bust": "bust"}

            def said(over: bool, who: object, why: object) -> str:
                if not over:
                    return "session continues"
                text = f"session over {who} wins" if who else "session over drawn"
                return text + (f" ({words.get(str(why), why)})" if why else "")

            reason = want.get("reason")
            if "tied" in want:
                return _tie(want, session, words)
            expected = said(True, want["winner"], reason)
            actual = said(
                bool(session.get("over")),
                session.get("winner"),
                session.get("reason") if reason else None,
            )
            return None if expected == actual else (expected, actual)
        case "session-continues":
            return differ("continues", "over" if session.get("over") else "continues")
    raise ValueError(f"unknown expectation {what!r}")  # pragma: no cover


def _pot_detail(want: dict[str, Any], pots: list[dict[str, Any]]) -> tuple[str, str] | None:
    """A main or side pot's amount, who may win it and who did (R8.13, R8.14)."""
    index = want["pot"]
    label = "main pot" if index == 0 else f"side pot {index}"

    def text(amount: object, eligible: object, winners: object) -> str:
        out = f"{label} {amount}"
        if want["eligible"] is not None:
            out += f" between {', '.join(eligible or []) or 'nobody'}"  # type: ignore[arg-type]
        if want["winners"] is not None:
            out += f" to {', '.join(winners or []) or 'nobody yet'}"  # type: ignore[arg-type]
        return out

    shares = want.get("shares")
    expected = text(want["amount"], want["eligible"], want["winners"])
    if index >= len(pots):
        return expected, f"{len(pots)} pot{'s' if len(pots) != 1 else ''}: no {label}"
    pot = pots[index]
    actual = text(
        pot.get("amount"),
        sorted(pot.get("eligible", [])) if want["eligible"] is not None else None,
        sorted(pot.get("winners", [])) if want["winners"] is not None else None,
    )
    expected = text(
        want["amount"],
        sorted(want["eligible"]) if want["eligible"] is not None else None,
        sorted(want["winners"]) if want["winners"] is not None else None,
    )
    if shares is not None:
        # Each winner's chips of the pot, in the order written (R8.15).
        got = _reported(pot, "shares")
        expected += " (" + _pairs(shares) + ")"
        paid = _pairs({name: got.get(name, 0) for name in shares}) if got else "not awarded"
        actual += f" ({paid})"
        if got and set(got) - set(shares):
            actual += f"; also {_pairs({n: v for n, v in got.items() if n not in shares})}"
    return None if actual == expected else (expected, actual)


def _posts(want: dict[str, Any], posts: list[dict[str, Any]]) -> tuple[str, str] | None:
    """Who posted the small or the big blind, and how much (R1.5, R8.3, R8.26)."""
    blind, amount = want["blind"], want["amount"]
    mine = [post for post in posts if post.get("blind") == blind]
    nobody = f"nobody posts {blind} blind"

    def said(post: dict[str, Any]) -> str:
        chips = f" {post.get('amount')}" if amount is not None else ""
        return f"{post.get('player')} posts {blind} blind{chips}"

    actual = [said(post) for post in mine]
    if want["player"] is None:
        return None if not mine else (nobody, ", ".join(actual))
    expected = said({"player": want["player"], "amount": amount})
    return None if expected in actual else (expected, ", ".join(actual) or nobody)


def _tie(
    want: dict[str, Any], session: dict[str, Any], words: dict[str, str]
) -> tuple[str, str] | None:
    """A session over with several players tied for the most chips (R6.5)."""
    reason = want.get("reason")
    why = f" ({words[reason]})" if reason else ""
    expected = f"session over {', '.join(want['tied'])} tie{why}"
    if not session.get("over"):
        return expected, "session continues"
    got = session.get("reason")
    why = f" ({words.get(str(got), got)})" if reason else ""
    if session.get("winner"):
        return expected, f"session over {session['winner']} wins{why}"
    leaders = sorted(_reported(session, "leaders"))
    actual = f"session over {', '.join(leaders)} tie{why}"
    return None if actual == expected else (expected, actual)


def _half_detail(want: dict[str, Any], pots: list[dict[str, Any]]) -> tuple[str, str] | None:
    """One half of a split pot: its chips, who won it and, if stated, each share (R8.29)."""
    index, name = want["pot"], want["ranking"]
    label = f"half {name} of " + ("main pot" if index == 0 else f"side pot {index}")

    def text(amount: object, winners: list[str] | None, shares: dict[str, Any] | None) -> str:
        out = f"{label} {amount}"
        if want["winners"] is not None:
            if want["shares"] is not None and shares is not None:
                out += " to " + (", ".join(f"{w} {shares.get(w)}" for w in winners or []))
            else:
                out += " to " + (", ".join(winners or []) or "nobody yet")
        return out

    expected = text(want["amount"], sorted(want["winners"] or []), want["shares"])
    if index >= len(pots):
        return expected, f"{len(pots)} pot{'s' if len(pots) != 1 else ''}: no such pot"
    half = next((h for h in pots[index].get("halves", []) if h.get("ranking") == name), None)
    if half is None:
        return expected, f"{label.removeprefix(f'half {name} of ')} is not split into a {name} half"
    actual = text(half.get("amount"), sorted(half.get("winners", [])), half.get("shares", {}))
    return None if actual == expected else (expected, actual)


def _card_set(cards: list[str]) -> str:
    """Cards in deck order, as people write them: the order they are held in is no matter."""
    try:
        parsed = sorted((Card.parse(c) for c in cards), key=lambda c: c.index)
    except CardError:
        return " ".join(sorted(cards))
    return " ".join(card.pretty() for card in parsed)


def _pairs(values: dict[str, Any]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in values.items())


def _outcome(player: str, amount: Any, ending: str | None) -> str:
    return f"{player} wins {amount}" + (
        f" at {ending}" if ending == "showdown" else f" by {ending}" if ending else ""
    )


def answered(step: dict[str, Any], state: dict[str, Any]) -> object:
    """The part of the state an expectation reads, for showing it raw."""
    what, want = step["what"], step["value"]
    if what == "holds":
        return state.get("values", {}).get(want["player"])
    if what == "shows":
        return (state.get("result") or {}).get("shown", {}).get(want["player"])
    if what in ("wins", "split", "returned"):
        return state.get("result")
    if what == "holds-in":
        return state.get("values_in", {}).get(want["player"])
    if what == "shows-in":
        return (state.get("result") or {}).get("shown_in", {}).get(want["player"])
    if what == "half":
        return state.get("pots")
    if what in ("button", "hands", "session-over", "session-continues"):
        return state.get("session")
    return state.get({"turn": "to_act"}.get(what, what))


def _returned(result: dict[str, Any] | None, got: Any) -> str:
    """What `returned` says for a player, or why it says nothing."""
    if result is None:
        return "nothing: the hand is not over"
    if got is None:
        return "missing (`returned` names every player, 0 included)"
    return str(got)
