"""Our engine's state as the scenario language's `expect` statements.

`omit` names the optional parts of the state (`runner_expect.OPTIONAL_STATE`) that the
implementation does not report: statements that read them are left out, so the rest of
a trial is still checked.

A fuzzed game states, after each step, what our engine's state is, in the very statements
a scenario author writes; `verify`'s runner then compares them with the implementation's
state, so a fuzzed divergence is reported, located and worded exactly as a failing
scenario is. Each function gives a list of statements (`turn Ann`, `pot 6`); the game
joins them into `expect` lines.
"""

from __future__ import annotations

from typing import Any

from badugi_spec.engine.hand import Hand
from badugi_spec.scenario.values import value_text

State = dict[str, Any]


def _pairs(values: dict[str, int]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in values.items())


def stacks(state: State) -> list[str]:
    return [f"stacks {_pairs(state['stacks'])}"]


def turn(state: State) -> list[str]:
    """Who acts and what they may do: the legal options catch a misread cap, blind or
    all-in rule before any chip moves."""
    out = [f"turn {state.get('to_act') or 'nobody'}"]
    if state.get("legal"):
        out.append(f"legal {', '.join(sorted(state['legal']))}")
    return out


NONE: frozenset[str] = frozenset()


def dealt(state: State, *, session: bool, omit: frozenset[str] = NONE) -> list[str]:
    """After a deal: the button, the blinds posted, the first to act and the pot."""
    out = [f"button {state['session']['dealer']}"]
    if session:
        out.append(f"hands {state['session']['hand']}")
    for post in [] if "posts" in omit else state.get("posts", []):
        out.append(f"{post['player']} posts {post['blind']} blind {post['amount']}")
    return [*out, f"pot {state['pot']}", *stacks(state)]


def after(before: State, state: State, hand: Hand, names: list[str]) -> list[str]:
    """What a round's last step settled: the pot and the stacks after a betting round;
    after a draw every hand held, the burns and the stub. Nothing within a round."""
    if state.get("phase") == before.get("phase"):
        # Within a round the next player's legal options already show every bet to call.
        return []
    out = [f"pot {state['pot']}"]
    if str(before.get("phase", "")).startswith("draw"):
        # The burns and the stub first: a burn missed shows as the burn (R4.4), not as
        # every hand's cards after it.
        out += [f"burns {state['burns']}", f"reshuffles {state['reshuffles']}"]
        out.append(f"stub {state['stub']}")
        for seat in hand.live():
            name = names[seat]
            cards = state["hands"].get(name) or []
            if cards:
                out.append(f"{name} has {' '.join(cards)}")
    else:
        out += stacks(state)
    if state.get("phase") != "complete":
        out.append(f"phase {state['phase']}")
    return out


def ended(state: State, *, omit: frozenset[str] = NONE) -> list[str]:
    """A finished hand: its pots (who could win each, who did and with what share), the
    halves of a split pot, the hands shown and in which order, returns and stacks."""
    out = ["phase complete", f"pots {', '.join(str(p['amount']) for p in state['pots'])}"]
    for index, pot in enumerate(state["pots"]):
        label = "main pot" if index == 0 else f"side pot {index}"
        between = ", ".join(pot["eligible"])
        if "shares" in omit:
            shares = ", ".join(pot["winners"])
        else:
            shares = ", ".join(f"{name} {chips}" for name, chips in pot["shares"].items())
        out.append(
            f"{label} {pot['amount']} between {between}" + (f" to {shares}" if shares else "")
        )
        for half in pot.get("halves", []):
            won = ", ".join(f"{name} {chips}" for name, chips in half["shares"].items())
            text = f"half {half['ranking']} of {label} {half['amount']}"
            out.append(text + (f" to {won}" if won else ""))
    result = state["result"]
    for name, value in result["shown"].items():
        if value is None:
            continue
        shown_in = (result.get("shown_in") or {}).get(name)
        if shown_in:
            out += [f"{name} shows {ranking} {text}" for ranking, text in shown_in.items()]
        else:
            out.append(f"{name} shows {value_text(value)}")
    if result.get("show_order") and "show_order" not in omit:
        out.append(f"show order {', '.join(result['show_order'])}")
    out += [f"{name} gets back {chips}" for name, chips in result["returned"].items() if chips]
    return [*out, *stacks(state)]


def session_end(state: State, *, omit: frozenset[str] = NONE) -> list[str]:
    """The session after its last hand here: going on, or over and why (R6.4, R6.5)."""
    session = state["session"]
    if not session["over"]:
        return [f"hands {session['hand']}", "session continues"]
    why = {"hands": "hand limit", "bust": "bust"}[session["reason"]]
    if session["winner"] is not None:
        return [f"session over {session['winner']} wins ({why})"]
    leaders = session.get("leaders") or []
    if "leaders" in omit:
        return [f"session ended by {session['reason']}"]
    if len(leaders) > 1:
        return [f"session over {', '.join(leaders)} tie ({why})"]
    return [f"session over drawn ({why})"]


__all__ = ["after", "dealt", "ended", "session_end", "stacks", "turn"]
