"""Every event of a hand as a line that cites the rule that made it happen.

The engine logs each event with its rule ID; this module says in words what happened and
why, from the point of view of one player ("you"): it never names a card that player
could not see (the others' hands before the showdown, the burns, the stub).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from badugi_spec.cards import Card, format_cards
from badugi_spec.engine import Event, Hand
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import HandValue, evaluate, winners

_BETTING = frozenset({"check", "bet", "call", "raise", "fold", "all-in"})


class Line(NamedTuple):
    """One line of narration: the rule ID it cites ("" for a continuation) and the text."""

    rule: str
    text: str


class Names:
    """How the narration names each seat: "You" for the player, "Bot" (or "Bot 2") else."""

    def __init__(self, *, seats: int, you: int) -> None:
        self.you = you
        bots = [s for s in range(seats) if s != you]
        self._names = {s: "Bot" if len(bots) == 1 else f"Bot {i}" for i, s in enumerate(bots, 1)}
        self._names[you] = "You"

    def __call__(self, seat: int) -> str:
        return self._names[seat]

    def obj(self, seat: int) -> str:
        return "you" if seat == self.you else self._names[seat]

    def poss(self, seat: int) -> str:
        return "your" if seat == self.you else f"{self._names[seat]}'s"

    def does(self, seat: int, verb: str) -> str:
        """`You call` / `Bot calls`: the subject with the verb agreeing."""
        if seat == self.you:
            return f"You {verb}"
        first, _, rest = verb.partition(" ")
        third = {"go": "goes", "have": "has", "do": "does"}.get(first, first + "s")
        return f"{self._names[seat]} {third}{' ' + rest if rest else ''}"


def role(hand: Hand, seat: int) -> str:
    if seat not in hand.order:
        return "sitting out"
    if seat == hand.dealer:
        return "dealer" if len(hand.order) == 2 else "button"
    if seat == hand.big_blind:
        return "big blind"
    if seat == hand.small_blind:
        return "small blind"
    return f"seat {seat + 1}"


def heads_up(hand: Hand) -> bool:
    return len(hand.order) == 2


def cap_rule(hand: Hand) -> str:
    """The house states its cap in R3.6; other profiles in R8.6."""
    return "R3.6" if hand.profile.name == "house" else "R8.6"


def raises_left(hand: Hand) -> str:
    """How many raises the round still allows, in words, with the rule."""
    cap = hand.profile.cap
    if cap == 0:
        return f"no cap on raises ({cap_rule(hand)})"
    if hand.uncapped:
        return "no cap: it is lifted with two players (R8.7)"
    left = cap - hand.raises
    if left <= 0:
        return f"capped: no more raises, only call or fold ({cap_rule(hand)})"
    if hand.raises == 0:
        return f"a bet and {_count(left - 1, 'raise')} allowed before the cap ({cap_rule(hand)})"
    if hand.phase.number == 1 and hand.profile.cap_counts_blind and hand.raises == 1:
        return (
            f"the big blind counts as the bet, so {_count(left, 'raise')} left before the cap"
            f" ({cap_rule(hand)})"
        )
    return f"{_count(left, 'raise')} left before the cap ({cap_rule(hand)})"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def round_name(hand: Hand) -> str:
    phase = hand.phase
    draws = hand.profile.draws
    if phase.kind == "bet":
        rounds = hand.profile.betting_rounds
        when = "before the first draw" if phase.number == 1 else f"after draw {phase.number - 1}"
        if phase.number == rounds:
            when += ", the last"
        return f"betting round {phase.number} of {rounds}, {when}"
    if phase.kind == "draw":
        return f"draw {phase.number} of {draws}"
    return "the hand is over"


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
        lines = [Line(rule, f"Hand {number} of {of}: {self.names.does(dealer, 'deal')} ({why}).")]
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
        lines += self._rest(hand, rest)
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
        if hand.folded[you] and not hand.holdings[you]:
            return []
        return [Line("", f"Your cards: {self._hand_text(hand.holdings[you])}")]

    def _hand_text(self, cards: Sequence[Card]) -> str:
        value = evaluate(cards)
        return f"{format_cards(cards)}, which plays {value}"

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

    def _rest(self, hand: Hand, events: Sequence[Event]) -> list[Line]:
        lines: list[Line] = []
        names = self.names
        shown: list[tuple[int, HandValue]] = []
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
                what = (
                    format_cards(event.cards) if seat == names.you else _count(event.amount, "card")
                )
                lines.append(
                    Line(
                        event.rule,
                        f"{names.does(seat, 'discard')} {what if event.amount else 'nothing'};"
                        " replacements come once everyone has declared.",
                    )
                )
            elif event.kind == "draw":
                assert seat is not None
                lines += self._draw(hand, event)
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
                value = evaluate(event.cards)
                shown.append((seat, value))
                first = "" if len(shown) > 1 else " first" + _why_first(hand, seat)
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
                if shown and not any(line.text.startswith("Verdict") for line in lines):
                    lines.append(self._verdict(shown))
                lines.append(self._win(hand, event, showdown=bool(shown)))
        return lines

    def _draw(self, hand: Hand, event: Event) -> list[Line]:
        seat = event.seat
        assert seat is not None
        names = self.names
        if seat != names.you:
            if event.amount == 0:
                return [Line(event.rule, f"{names.does(seat, 'stand')} pat: no cards drawn.")]
            return [Line(event.rule, f"{names.does(seat, 'draw')} {_count(event.amount, 'card')}.")]
        held = hand.holdings[seat]
        if event.amount == 0:
            head = "You stand pat, keeping all four cards"
        else:
            head = f"You throw {format_cards(event.cards)} and draw {format_cards(event.received)}"
        lines = [Line(event.rule, f"{head}. You hold {self._hand_text(held)}.")]
        lines += [Line("R2.1", "  " + text) for text in _reasons(held)]
        return lines

    def _verdict(self, shown: Sequence[tuple[int, HandValue]]) -> Line:
        names = self.names
        values = [value for _, value in shown]
        best = winners(values)
        if len(best) == len(values):
            return Line(
                "R2.7",
                f"Verdict: every hand is {values[0]}; suits never break a tie, so the pot"
                " is split.",
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

    def _win(self, hand: Hand, event: Event, *, showdown: bool) -> Line:
        seat = event.seat
        assert seat is not None
        names = self.names
        if not showdown:
            why = "everyone else folded"
        elif event.rule == "R5.2":
            why = "equal hands share the pot"
        elif event.rule == "R8.14":
            why = "each pot goes to the best hand among the players in it"
        else:
            why = "the better hand takes the pot"
        return Line(event.rule, f"{names.does(seat, 'win')} {event.amount}: {why}.")

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


__all__ = ["Line", "Names", "Narrator", "raises_left", "role", "round_name"]
