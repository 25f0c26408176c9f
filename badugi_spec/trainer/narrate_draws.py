"""The narration of a hand's events past the posts, the deal and the bets.

The draws (burns, declarations, replacements, a reshuffled stub), a round with no
betting, uncalled chips going back, the showdown with its verdict, and the win: each as
lines that cite their rule, from the player's point of view (`Names.you`).
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.cards import Card, format_cards
from badugi_spec.engine import Event, Hand
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import HandValue, evaluate, winners
from badugi_spec.trainer import narrate_showdown as showdown
from badugi_spec.trainer import values
from badugi_spec.trainer.wording import Line, Names, count, hand_text


def rest_lines(hand: Hand, events: Sequence[Event], *, names: Names) -> list[Line]:
    """Lines for the events neither a post, a bet nor the deal, in the order they came."""
    lines: list[Line] = []
    shown: list[tuple[int, HandValue]] = []
    showed: list[int] = []
    settled = False
    for event in events:
        seat = event.seat
        if event.kind == "burn":
            if event.rule == "R8.21":
                why = "from the rebuilt stub, before dealing from it"
            else:
                why = "before any replacement of this draw, the top card is set aside unseen"
                if hand.profile.burn_when_all_pat:
                    why += " (every draw burns, even if everyone stands pat)"
            lines.append(Line(event.rule, f"One card is burned: {why}."))
        elif event.kind == "declare":
            assert seat is not None
            what = format_cards(event.cards) if seat == names.you else count(event.amount, "card")
            lines.append(
                Line(
                    event.rule,
                    f"{names.does(seat, 'discard')} {what if event.amount else 'nothing'};"
                    " replacements come once everyone has declared.",
                )
            )
        elif event.kind == "draw":
            assert seat is not None
            lines += _draw(hand, event, names=names)
        elif event.kind == "reshuffle":
            lines.append(
                Line(
                    event.rule,
                    f"The stub ran out: {event.amount} cards out of play are gathered"
                    " into a new stub.",
                )
            )
        elif event.kind == "no-betting":
            lines.append(
                Line(
                    event.rule,
                    "No betting this round: at most one player still has chips to bet;"
                    " the draws go on, then the showdown.",
                )
            )
        elif event.kind == "return":
            assert seat is not None
            lines.append(
                Line(
                    event.rule,
                    f"{event.amount} uncalled chip{'s go' if event.amount != 1 else ' goes'}"
                    f" back to {names.obj(seat)}: nobody matched them.",
                )
            )
        elif event.kind == "show":
            assert seat is not None
            first = "" if showed else " first" + _why_first(hand, seat)
            if values.is_split(hand.profile):
                showed.append(seat)
                lines.append(
                    Line(
                        event.rule,
                        f"Showdown: {names.does(seat, 'show')}{first}"
                        f" {values.hand_text(hand.profile, event.cards)}.",
                    )
                )
                continue
            value = evaluate(event.cards)
            shown.append((seat, value))
            showed.append(seat)
            lines.append(
                Line(
                    event.rule,
                    f"Showdown: {names.does(seat, 'show')}{first}"
                    f" {format_cards(event.cards)}, {value}.",
                )
            )
            lines += [Line("", "  " + text) for text in explain(event.cards).lines()[1:]]
        elif event.kind == "win":
            assert seat is not None
            if showed and not settled:
                settled = True
                lines += showdown.pot_lines(hand, names=names)
                if not values.is_split(hand.profile):
                    lines.append(_verdict(shown, names=names))
            lines.append(_win(hand, event, names=names, showdown=bool(showed)))
    return lines


def _draw(hand: Hand, event: Event, *, names: Names) -> list[Line]:
    seat = event.seat
    assert seat is not None
    if seat != names.you:
        if event.amount == 0:
            return [Line(event.rule, f"{names.does(seat, 'stand')} pat: no cards drawn.")]
        return [Line(event.rule, f"{names.does(seat, 'draw')} {count(event.amount, 'card')}.")]
    held = hand.holdings[seat]
    if event.amount == 0:
        head = f"You stand pat, keeping all {len(held)} cards"
    else:
        head = f"You throw {format_cards(event.cards)} and draw {format_cards(event.received)}"
    lines = [Line(event.rule, f"{head}. You hold {hand_text(hand, held)}.")]
    if values.is_split(hand.profile):
        return lines + showdown.drop_lines(hand.profile, held)
    lines += [Line("R2.1", "  " + text) for text in _reasons(held)]
    return lines


def _verdict(shown: Sequence[tuple[int, HandValue]], *, names: Names) -> Line:
    values = [value for _, value in shown]
    best = winners(values)
    if len(best) == len(values):
        return Line(
            "R2.7",
            f"Verdict: every hand is {values[0]}; suits never break a tie, so the pot is split.",
        )
    top_seat, top = shown[best[0]]
    runner = max(v for i, v in enumerate(values) if i not in best)
    runner_seat = next(s for s, v in shown if v == runner)
    if top.size != runner.size:
        return Line(
            "R2.3",
            f"Verdict: {names.poss(top_seat)} {top.size} playable cards beat"
            f" {names.poss(runner_seat)} {runner.size}: more cards always win.",
        )
    for mine, theirs in zip(top.ranks, runner.ranks, strict=True):
        if mine != theirs:
            return Line(
                "R2.4",
                f"Verdict: both play {top.size} cards; from the top down, the first"
                f" difference is {names.poss(top_seat)} {mine.label} against"
                f" {names.poss(runner_seat)} {theirs.label}, and the lower card wins.",
            )
    raise AssertionError("a winner differs from the runner-up")  # pragma: no cover


def _win(hand: Hand, event: Event, *, names: Names, showdown: bool) -> Line:
    seat = event.seat
    assert seat is not None
    if not showdown:
        why = "everyone else folded"
    elif event.rule == "R5.2":
        why = "equal hands share the pot"
    elif event.rule == "R8.14":
        why = "each pot goes to the best hand among the players in it"
    elif event.rule == "R8.29":
        why = event.note or "each pot is split in halves"
    else:
        why = "the better hand takes the pot"
    return Line(event.rule, f"{names.does(seat, 'win')} {event.amount}: {why}.")


def _why_first(hand: Hand, seat: int) -> str:
    if hand.last_aggressor == seat:
        return " (the last to bet or raise shows first, R8.22)"
    return " (nobody bet the last round: the first player left of the button shows first, R8.22)"


def _reasons(cards: Sequence[Card]) -> list[str]:
    """Why the cards that do not play are dropped, from the teaching explanation."""
    explanation = explain(cards)
    return [drop.reason() for drop in explanation.drops] or [
        "no card is dropped: four ranks and four suits, a badugi (R2.2)"
    ]
