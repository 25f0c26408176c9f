"""One hand of a worked example as a table in sections: the blinds and the deal, then each
betting round (with its bet size) and each draw (with its burn), then the result (who
wins what, the hands shown, and the end of the session).

Every player's cards are card faces, with the cards that do not play greyed. The runner's
trace supplies the state after every step, so nothing here recomputes the game: it only
reads what the engine did.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.cards import cards_of
from badugi_spec.profiles import Profile
from badugi_spec.scenario.runner import TraceRow

from .hand_rows import Table, bet_what, blind_rows, delivered, draw_what, refusal, seats_of
from .hand_values import held_html
from .render import cardify, cards_html, text


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
    """One hand: a heading line, then its table in sections, then the result. With a
    `replayer` (`replayer.hand_replayer`) the table goes in a fold after it: open, for a
    reader without scripts, and closed by the script once the replayer is drawn."""
    deal, steps = rows[0], rows[1:]
    # The button as the session moved it: past empty seats after a bust (R8.23).
    number = hand["number"]
    dealer = ((deal.state or {}).get("session") or {}).get("dealer") or hand["dealer"]
    if not deal.ok:
        return (
            f'<div class="hand-head"><strong>Hand {number}</strong>: the deal is refused'
            f' ({text(deal.detail)}) <code class="refusal">{text(hand["reject_deal"])}</code>.'
            " A refused deal is not a hand: no blinds, and the button stays.</div>"
        )
    state = deal.state or {}
    seats = seats_of(profile, dealer, state)
    if seats.heads_up:
        head = (
            f'<div class="hand-head"><strong>Hand {number}</strong>: {text(dealer)} deals and'
            f" posts the small blind; {text(seats.big_blind)} posts the big blind.</div>"
        )
    else:
        head = (
            f'<div class="hand-head"><strong>Hand {number}</strong>: {text(dealer)} has the'
            f" button; {text(seats.small_blind)} posts the small blind and"
            f" {text(seats.big_blind)} the big blind.</div>"
        )
    table = Table([])
    count = _NUMBER_WORDS.get(profile.hand_size, str(profile.hand_size))
    table.rows.append(
        f'<tr class="section"><th colspan="5">Blinds and the deal: {count} cards each, one at'
        f" a time, {text(seats.order[0])} first.</th></tr>"
    )
    blind_rows(table, state, before, seats)
    for name in seats.order:
        held = cards_of(state["hands"][name])
        table.add("deal", deal.line, text(name), f"is dealt {held_html(held)}", None)
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
                shown_card = (
                    f' (no player sees it; shown here to follow the deck: <span class="burned">'
                    f"{cards_html(burned)}</span>)"
                    if burned
                    else " (no player sees it)"
                )
                table.add(
                    "burn", "", "burn", f"the top card is burned, face down{shown_card}", None
                )
            if step["action"] == "draw":
                what = draw_what(step, state, after)
                waiting = delivered(waiting, step, state, after, table)
            elif step["action"] == "muck":
                what = "mucks: gives up the hand face down, unseen (it wins nothing)"
            else:
                what = bet_what(step, state, after, table)
            shown = after
            if after.get("result") is not None and state.get("result") is None:
                # The action that ends the hand: its row shows the table before the pot is
                # awarded; the result line below gives the stacks after it.
                shown = _before_award(after)
            table.add("act", row.line, text(step["player"]), what, shown)
            state = after
        elif op == "expect":
            table.add("check", row.line, "", f"✔ {cardify(text(step['source']))}", None)
        elif op == "reject":
            table.add("reject", row.line, text(step["player"]), refusal(step, row), None)
        else:
            table.add("note", row.line, "", f"<em>{cardify(text(row.source))}</em>", None)
        if ended is None and state.get("result") is not None:
            ended = state
    body = "".join(table.rows)
    steps_table = (
        '<div class="badugi-scroll"><table class="badugi-steps"><thead><tr>'
        '<th class="line">Line</th><th>Who</th><th>What</th><th>Pot</th><th>Stacks</th>'
        f"</tr></thead><tbody>{body}</tbody></table></div>"
    )
    if replayer:
        steps_table = (
            f'{replayer}<details class="badugi-trace" open><summary>The hand as a table,'
            f" row by row</summary>{steps_table}</details>"
        )
    out = [head, steps_table]
    if ended is not None:
        out.append(result_html(ended, profile))
    elif hand.get("unfinished"):
        # Said, so that a reader does not look for a result the example never reaches.
        out.append(
            '<div class="result unfinished"><div class="para"><em>The example stops here, before'
            " the hand is over: what it shows has happened, and the rest of the hand does not"
            " change it.</em></div></div>"
        )
    return "".join(out)


_NUMBER_WORDS: Final = {4: "four", 5: "five"}


def result_html(state: dict[str, Any], profile: Profile) -> str:
    result = state["result"]
    winners = result["winners"]
    won = result["won"]
    halved = [pot for pot in state.get("pots", []) if pot.get("halves")]
    if halved:
        head = ", ".join(f"{text(w)} wins {text(won[w])}" for w in winners)
    elif len(winners) > 1:
        head = f"Split pot: {', '.join(text(w) for w in winners)} get {text(won[winners[0]])} each"
    else:
        head = f"{text(winners[0])} wins {text(won[winners[0]])}"
    head += " at showdown" if result["ended_by"] == "showdown" else " by a fold"
    returned = [f"{text(n)} gets back {text(v)}" for n, v in result["returned"].items() if v]
    parts = [f'<div class="result"><div class="para"><strong>Result: {head}.</strong>']
    if returned:
        parts.append(" " + "; ".join(returned) + ".")
    stacks = " · ".join(f"{text(n)} {text(v)}" for n, v in state["stacks"].items())
    parts.append(f" Stacks after the hand: {stacks}.</div>")
    for number, pot in enumerate(halved):
        label = "Main pot" if number == 0 else f"Side pot {number}"
        halves = "; ".join(
            f"the {text(half['ranking'])} half of {text(half['amount'])} to "
            + ", ".join(f"{text(n)} {text(s)}" for n, s in half["shares"].items())
            for half in pot["halves"]
        )
        parts.append(f'<div class="para">{label} of {text(pot["amount"])}: {halves}.</div>')
    if result["ended_by"] == "showdown":
        for name, shown in result["shown"].items():
            if shown is None:
                continue
            hand = cards_of(state["hands"][name])
            parts.append(f'<div class="showdown">{text(name)} shows {held_html(hand)}</div>')
    session = state.get("session", {})
    if session.get("over"):
        winner = session.get("winner")
        why = {
            "bust": "a player has no chips left",
            "hands": f"{profile.hands_per_session} hands played",
        }
        reason = why.get(str(session.get("reason")), "")
        parts.append(
            '<div class="para"><strong>The session is over: '
            f"{text(winner) + ' wins it' if winner else 'drawn'}"
            f"{' (' + reason + ')' if reason else ''}.</strong></div>"
        )
    parts.append("</div>")
    return "".join(parts)
