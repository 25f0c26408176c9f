"""Every event of a hand as a line that cites the rule that made it happen.

The engine logs each event with its rule ID; this module says in words what happened and
why, from the point of view of one player ("you"): it never names a card that player
could not see (the others' hands before the showdown, the burns, the stub). The posts, the
deal and the betting are worded here; the draws and the showdown in `narrate_draws`.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.engine import Event, Hand
from badugi_spec.trainer.narrate_draws import rest_lines
from badugi_spec.trainer.wording import (
    Line,
    Names,
    cap_rule,
    hand_text,
    heads_up,
    raises_left,
    round_name,
)

_BETTING = frozenset({"check", "bet", "call", "raise", "fold", "all-in"})


class Narrator:
    """Turns a hand's new events into lines, one call per applied action."""

    def __init__(self, *, names: Names) -> None:
        self.names = names
        self._hand: Hand | None = None
        self._told = 0
        self._phase = ""
        self._round_total: dict[int, int] = {}

    # ----- the hand as it goes --------------------------------------------------------

    def start(self, hand: Hand, *, number: int, of: int) -> list[Line]:
        """The lines for a new hand: the button, the blinds, the deal and the first turn."""
        self._hand = hand
        self._told = 0
        self._phase = ""
        self._round_total = {}
        dealer = hand.dealer
        why = (
            "the first dealer is set when the session starts"
            if number == 1
            else "the button moves every hand"
        )
        rule = "R6.1" if number == 1 else ("R6.2" if heads_up(hand) else "R8.23")
        which = f"Hand {number} of {of}" if of else f"Hand {number}"  # of=0: no hand limit
        lines = [Line(rule, f"{which}: {self.names.does(dealer, 'deal')} ({why}).")]
        return lines + self.update(hand)

    def update(self, hand: Hand) -> list[Line]:
        """Lines for everything that happened since the last call."""
        events = hand.events
        new = events[self._told :]
        self._told = len(events)
        lines: list[Line] = []
        before = self._phase
        rest: list[Event] = []
        deals = [e for e in new if e.kind == "deal"]
        for event in new:
            if event.kind == "post":
                lines += self._post(hand, event)
            elif event.kind in _BETTING:
                lines += self._betting(hand, event)
            elif event.kind != "deal":
                rest.append(event)
        if deals:
            lines.append(self._deal(hand))
            lines += self._your_cards(hand, self.names.you)
        after = str(hand.phase)
        if (
            before.startswith("bet")
            and after != before
            and not any(e.kind in ("fold", "no-betting") for e in new)
        ):
            lines.append(self._round_over(hand, new))
        lines += rest_lines(hand, rest, names=self.names)
        if after != before:
            self._phase = after
            if hand.phase.kind == "bet" and hand.phase.number > 1:
                self._round_total = {}
            lines += self._round_start(hand)
        return lines

    # ----- events ---------------------------------------------------------------------

    def _post(self, hand: Hand, event: Event) -> list[Line]:
        seat = event.seat
        assert seat is not None
        names = self.names
        blind = event.note.removesuffix(" all-in")
        if blind != "ante":
            self._round_total[seat] = self._round_total.get(seat, 0) + event.amount
        if blind == "ante":
            why = "every player dealt in posts the ante"
        elif heads_up(hand):
            why = (
                "heads-up the dealer posts the small blind"
                if blind == "small blind"
                else "the player who does not deal posts the big blind"
            )
        else:
            why = f"the {'first' if blind == 'small blind' else 'second'} seat left of the button"
        text = f"{names.does(seat, 'post')} the {blind} of {event.amount}: {why}."
        if event.rule == "R5.5":
            text += f" That is all {names.obj(seat)} had: all-in, short of the blind."
        return [Line(event.rule, text)]

    def _deal(self, hand: Hand) -> Line:
        first = hand.order[0]
        size = hand.profile.hand_size
        who = "the big blind" if heads_up(hand) else "the first seat left of the button"
        text = (
            f"{size} cards each, face down, one at a time, starting with {who}"
            f" ({self.names.obj(first)})."
        )
        return Line("R1.7" if heads_up(hand) else "R8.4", text)

    def _your_cards(self, hand: Hand, you: int) -> list[Line]:
        if not 0 <= you < hand.seats:  # a told hand (`replay --explain`): nobody is you
            return []
        if hand.folded[you] and not hand.holdings[you]:
            return []
        return [Line("", f"Your cards: {hand_text(hand, hand.holdings[you])}")]

    def _betting(self, hand: Hand, event: Event) -> list[Line]:
        seat = event.seat
        assert seat is not None
        names = self.names
        kind = event.kind
        level = max(self._round_total.values(), default=0)
        total = self._round_total.get(seat, 0) + event.amount
        self._round_total[seat] = total
        all_in = ""
        if event.note == "all-in" and kind != "all-in":
            all_in = f" That is all {names.obj(seat)} had: all-in."
            if event.rule == "R5.4":
                all_in += " The part of the bet it does not cover will go back."
        if kind == "check":
            return [Line(event.rule, f"{names.does(seat, 'check')}: there is nothing to call.")]
        if kind == "fold":
            if len(hand.live()) > 1:
                text = f"{names.does(seat, 'fold')}: out of this hand; the others play on."
            else:
                text = f"{names.does(seat, 'fold')}: the hand ends at once, and nobody shows cards."
            return [Line(event.rule, text)]
        short = (
            " That is less than a full one, allowed only all-in." if event.rule == "R5.6" else ""
        )
        if kind == "bet":
            text = f"{names.does(seat, 'bet')} {total}: this round's fixed bet is {hand.bet_size}."
            return [Line(event.rule, text + all_in + short), *self._capped_now(hand, event)]
        if kind == "raise":
            call = level - (total - event.amount)
            more = total - level
            extra = "one bet" if more == hand.bet_size else str(more)
            text = (
                f"{names.does(seat, 'raise')} to {total}: {event.amount} chips, a call of"
                f" {call} and {extra} more (a bet is {hand.bet_size})."
            )
            return [Line(event.rule, text + all_in + short), *self._capped_now(hand, event)]
        if kind == "call":
            lines = [Line(event.rule, f"{names.does(seat, 'call')} {event.amount}.{all_in}")]
            cap = hand.profile.cap
            if cap and not hand.uncapped and hand.raises >= cap:
                lines.append(
                    Line(
                        cap_rule(hand),
                        "A call or a fold was all that was left: the round is capped.",
                    )
                )
            phase = hand.phase
            if (
                phase.kind == "bet"
                and phase.number == 1
                and heads_up(hand)
                and hand.to_act == hand.big_blind
                and seat == hand.small_blind
            ):
                bb = hand.big_blind
                lines.append(
                    Line(
                        "R3.7",
                        f"The round goes on: {names.poss(bb)} big blind was forced, not an"
                        f" action, so {names.obj(bb)} may still check or raise.",
                    )
                )
            return lines
        # An all-in: a short call (R5.4), short bet or raise (R5.6), or an exact one.
        if event.rule == "R5.4":
            why = "not enough to call, so the part of the bet it does not cover will go back"
        elif event.rule == "R5.6":
            why = "more than a call but less than a full bet or raise"
        else:
            why = "exactly a full bet or raise"
        text = f"{names.does(seat, 'go')} all-in for {event.amount}: {why}."
        return [Line(event.rule, text), *self._capped_now(hand, event)]

    def _capped_now(self, hand: Hand, event: Event) -> list[Line]:
        """After the bet or raise that reaches the cap, say why nobody may raise again."""
        cap = hand.profile.cap
        if cap == 0 or hand.uncapped or hand.raises < cap or hand.phase.kind != "bet":
            return []
        if str(hand.phase) != self._phase:
            return []  # the round already ended with this action
        return [
            Line(
                cap_rule(hand),
                f"That is bet level {cap} of {cap}: the round is capped, so from here on"
                " nobody may raise, only call or fold.",
            )
        ]

    def _round_over(self, hand: Hand, new: Sequence[Event]) -> Line:
        last = next((e for e in new if e.kind in _BETTING), None)
        if last is not None and last.kind == "check":
            why = "everyone has checked"
        else:
            why = "the last bet or raise has been called"
        return Line("R3.9", f"The betting round is over: {why}.")

    def _round_start(self, hand: Hand) -> list[Line]:
        phase = hand.phase
        to_act = hand.to_act
        if to_act is None or phase.kind == "complete":
            return []
        names = self.names
        if phase.kind == "bet":
            if heads_up(hand):
                rule = "R3.3"
                why = (
                    "before the first draw the dealer acts first"
                    if phase.number == 1
                    else "after a draw the big blind acts first"
                )
            else:
                rule = "R8.5"
                why = (
                    "before the first draw the player left of the big blind acts first"
                    if phase.number == 1
                    else "after a draw the first player left of the button acts first"
                )
            first = names.does(to_act, "act")
            return [
                Line(
                    "R3.2",
                    f"{round_name(hand).capitalize()}: bets are {hand.bet_size};"
                    f" {raises_left(hand)}.",
                ),
                Line(rule, f"{first} first: {why}."),
            ]
        drawers = hand.live()
        order = ", then ".join(names.obj(s) for s in drawers)
        rule = "R4.3" if heads_up(hand) else "R8.16"
        why = (
            "the big blind draws first, then the dealer"
            if heads_up(hand)
            else "clockwise from the first player left of the button"
        )
        return [
            Line(
                rule,
                f"{round_name(hand).capitalize()}: {why} ({order}). Throw 0 to"
                f" {hand.profile.max_discards} cards, get as many new ones (R4.2).",
            )
        ]


__all__ = ["Narrator"]
