"""One hand of a worked example as a table in sections: the blinds and the deal, each
betting round and draw, then the result. The runner's trace gives the state after every
step, so nothing here recomputes the game: it reads what the engine did.
"""

from __future__ import annotations

from typing import Any

from badugi_spec.cards import cards_of
from badugi_spec.profiles import Profile
from badugi_spec.replays.words import number_word
from badugi_spec.scenario.runner import TraceRow

from .hand_rows import Table, bet_what, blind_rows, delivered, draw_what, refusal, seats_of
from .hand_values import held_html
from .render import cardify, cards_html, text
from .templating import html, render


def _before_award(state: dict[str, Any]) -> dict[str, Any]:
    """The state with the pot not yet paid out: stacks less what was won and returned."""
    result = state["result"]
    stacks = {
        name: amount - result["won"].get(name, 0) - result["returned"].get(name, 0)
        for name, amount in state.get("stacks", {}).items()
    }
    return state | {"stacks": stacks}


def hand_html(
    hand: dict[str, Any],
    rows: list[TraceRow],
    before: dict[str, int],
    profile: Profile,
    *,
    replayer: str = "",
) -> str:
    """One hand: a heading line, its table in sections, the result. With a `replayer` the
    table goes in a fold after it, open for a reader without scripts."""
    deal, steps = rows[0], rows[1:]
    # The button as the session moved it: past empty seats after a bust (R8.23).
    number = hand["number"]
    dealer = ((deal.state or {}).get("session") or {}).get("dealer") or hand["dealer"]
    if not deal.ok:
        refused = {"detail": deal.detail, "code": hand["reject_deal"]}
        return render("hand/hand.html", number=number, refused=refused)
    state = deal.state or {}
    seats = seats_of(profile, dealer, state)
    table = Table([])
    count = number_word(profile.hand_size)
    table.rows.append({"section": {"kind": "blinds", "count": count, "seats": seats}})
    blind_rows(table, state, before, seats)
    for name in seats.order:
        held = cards_of(state["hands"][name])
        table.add("deal", deal.line, name, {"say": "deal", "held": html(held_html(held))}, None)
    deck = [c for c in hand["deck"]]
    waiting: list[str] = []
    ended: dict[str, Any] | None = None
    for step, row in zip(hand["steps"], steps, strict=True):
        op = step["op"]
        phase = str(state.get("phase", ""))
        if op in ("act", "reject") or phase == "complete":
            table.open(phase, seats)
        if op == "act":
            after = row.state or {}
            if after.get("burns", 0) > state.get("burns", 0):
                # The burn is the stub's top card before this action, while the stub is still
                # the deck's own order (no reshuffle yet, R8.18).
                top = len(deck) - int(state.get("stub", 0))
                burned = cards_of(deck[top : top + 1]) if not after.get("reshuffles") else []
                # No player sees a burn; the page shows it only so that a reader can follow
                # the deck card by card, and says so (it once read "nobody sees it" beside it).
                table.add("burn", "", "burn", {"say": "burn"}, None)
                table.rows[-1]["burned"] = html(cards_html(burned))
            if step["action"] == "draw":
                what = draw_what(step, state, after)
                waiting = delivered(waiting, step, state, after, table)
            elif step["action"] == "muck":
                what = {"say": "muck"}
            else:
                what = bet_what(step, state, after, table)
            shown = after
            if after.get("result") is not None and state.get("result") is None:
                # The action that ends the hand: its row shows the table before the pot is
                # awarded; the result line below gives the stacks after it.
                shown = _before_award(after)
            table.add("act", row.line, step["player"], what, shown)
            state = after
        elif op == "expect":
            said = html(f"✔ {cardify(text(step['source']))}")
            table.add("check", row.line, "", {"say": "text", "html": said}, None)
        elif op == "reject":
            table.add("reject", row.line, step["player"], refusal(step, row), None)
            table.rows[-1]["code"] = step["code"]
        else:
            table.add(
                "note", row.line, "", {"say": "text", "html": html(cardify(text(row.source)))}, None
            )
        if ended is None and state.get("result") is not None:
            ended = state
    return render(
        "hand/hand.html",
        number=number,
        refused=None,
        heads_up=seats.heads_up,
        dealer=dealer,
        small_blind=seats.small_blind,
        big_blind=seats.big_blind,
        replayer=html(replayer),
        rows=table.rows,
        result=None if ended is None else result_data(ended, profile),
        # Said, so that a reader does not look for a result the example never reaches.
        unfinished=bool(hand.get("unfinished")),
    )


def result_data(state: dict[str, Any], profile: Profile) -> dict[str, Any]:
    """What `templates/hand/result.html` says of a finished hand."""
    result = state["result"]
    session = state.get("session", {})
    showdown = result["ended_by"] == "showdown"
    return {
        "winners": result["winners"],
        "won": result["won"],
        "halved": [pot for pot in state.get("pots", []) if pot.get("halves")],
        "showdown": showdown,
        "returned": [(name, chips) for name, chips in result["returned"].items() if chips],
        "stacks": list(state["stacks"].items()),
        "shown": [
            (name, html(held_html(cards_of(state["hands"][name]))))
            for name, shown in result["shown"].items()
            if showdown and shown is not None
        ],
        # The end of the session, if this hand ended it: who won it, and why it ended.
        "session": session if session.get("over") else None,
        "hands_per_session": profile.hands_per_session,
    }
