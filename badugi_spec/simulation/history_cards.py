"""The cards' properties of a hand's history: where every card is, and where it came from.

Replayed from the events, card by card: each is in the stub, one player's hand or a pile
(the burns, a draw's discards, the folded hands), and in one of them only (R4.5). The deal
takes the deck's top cards one at a time from the first seat left of the button (R1.7);
each draw burns the profile's cards before its first replacement (R4.4, R8.17), serves the
players in order (R4.3, R8.16), each as many cards as they threw (R4.2), from the top of
the deck until a rebuild (R1.6); a rebuilt stub holds only the piles the profile names
(R8.18), and where the profile says so nobody is dealt back their own discard while other
cards remain (R8.20, R11.5). At the end the history must give the engine's own holdings
and stub.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Event
from badugi_spec.engine.hand import Hand
from badugi_spec.simulation.history import Broken, Step, cards

STUB: Final = -1
BURNED: Final = -2
FOLDED: Final = -3
DISCARDS: Final = -10
"""A discard of draw d is at `DISCARDS - d`; a seat's hand is at the seat's number."""
_PILE_OF: Final = {STUB: "stub", BURNED: "burns", FOLDED: "folded"}


def _throws(steps: Sequence[Step], declared: bool) -> dict[int, list[int]]:
    """Event index -> the `draw` events whose discards leave the hands there.

    A player's discards are thrown before their draw's burn and any rebuild (R4.4, R8.18):
    dealing in turn, before the burns and reshuffles just before their `draw` event; once
    everyone has declared (`declared`), every discard of the draw before its first burn or
    delivery (R8.16).
    """
    at: dict[int, list[int]] = {}
    serving = ("burn", "reshuffle", "draw") if declared else ("burn", "reshuffle")
    for i, (_, _, event) in enumerate(steps):
        if event.kind == "draw":
            start = i
            while start and steps[start - 1][2].kind in serving:
                start -= 1
            at.setdefault(start, []).append(i)
    return at


class _Cards:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.profile = hand.profile
        self.order = hand.deck.order()
        self.place = {card.index: STUB for card in self.order}
        self.held: list[set[int]] = [set() for _ in range(hand.seats)]
        self.thrown: list[set[int]] = [set() for _ in range(hand.seats)]
        self.folded: set[int] = set()
        self.top = 0
        """The next card of the deck order, until a rebuild (then -1: order unknown)."""
        self.deals = 0
        self.broken: list[Broken] = []
        self.draw = 0
        self.drawers: list[int] = []
        self.live: list[int] = []
        self.declared: dict[int, tuple[Card, ...]] = {}
        self.burned = 0
        self.took = False

    def fail(self, rule: str, name: str, message: str) -> None:
        if not any(b.name == name for b in self.broken):  # the first of each is enough
            self.broken.append(Broken(rule, name, message))

    def move(self, moved: Sequence[Card], source: int, target: int, what: str) -> None:
        """`moved` from `source` to `target`; each must be at `source` (R4.5)."""
        place, held = self.place, self.held
        for card in moved:
            index = card.index
            where = place.get(index)
            if where != source:
                self.fail(
                    "R4.5",
                    "one-place",
                    f"{what}: {card} is at {self._where(where)}, not {self._where(source)}",
                )
            if where is not None and where >= 0:
                held[where].discard(index)
            place[index] = target
            if target >= 0:
                held[target].add(index)

    def _where(self, place: int | None) -> str:
        if place is None:
            return "no place (not in the deck)"
        if place >= 0:
            return f"seat {place}'s hand"
        return _PILE_OF.get(place, f"draw {DISCARDS - place}'s discards")

    def from_top(self, taken: Sequence[Card], what: str, rule: str, name: str) -> None:
        if self.top < 0:
            return
        expected = self.order[self.top : self.top + len(taken)]
        if tuple(taken) != expected:
            self.fail(rule, name, f"{what} got {cards(taken)}, the stub's top is {cards(expected)}")
        self.top += len(taken)

    def deal(self, event: Event) -> None:
        seat, count = event.seat, len(self.hand.order)
        assert seat is not None
        expected = self.order[self.deals : self.profile.hand_size * count : count]
        due = self.hand.order[self.deals] if self.deals < count else None
        if due != seat or tuple(event.cards) != expected:
            self.fail(
                "R1.7",
                "deal",
                f"seat {seat} dealt {cards(event.cards)}; in place {self.deals + 1} from the"
                f" first left of the button the deck gives seat {due} {cards(expected)}",
            )
        self.deals += 1
        self.move(event.cards, STUB, seat, "the deal")
        if self.deals == count and self.top >= 0:
            self.top = self.profile.hand_size * count

    def open_draw(self, number: int) -> None:
        self.draw = number
        self.live = [seat for seat in self.hand.order if seat not in self.folded]
        self.drawers, self.declared = [], {}
        self.burned, self.took = 0, False

    def close_draw(self) -> None:
        s = self.profile
        if self.drawers != self.live:
            self.fail(
                "R4.3",
                "draw-order",
                f"draw {self.draw} served seats {self.drawers}; in order, {self.live}",
            )
        expected = s.burns_per_draw if s.burn_when_all_pat or self.took else 0
        if self.burned != expected:
            self.fail("R4.4", "burn", f"draw {self.draw} burned {self.burned}, not {expected}")
        self.draw = 0

    def drawer(self, seat: int) -> None:
        if seat in self.drawers:
            return
        self.drawers.append(seat)
        if self.drawers != self.live[: len(self.drawers)]:
            self.fail(
                "R4.3", "draw-order", f"draw {self.draw}: seats {self.drawers}, not {self.live}"
            )

    def throw(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self.move(event.cards, seat, DISCARDS - self.draw, "a discard")
        self.thrown[seat].update(card.index for card in event.cards)

    def burn(self, event: Event) -> None:
        self.move(event.cards, STUB, BURNED, "a burn")
        self.from_top(event.cards, "the burn", "R4.4", "burn")
        if event.rule == "R8.21":
            if not self.profile.burn_after_reshuffle:
                self.fail("R8.21", "burn", f"a burn after a rebuild: {cards(event.cards)}")
            return
        if self.took:
            self.fail("R4.4", "burn", f"draw {self.draw} burned after a player was served")
        self.burned += len(event.cards)

    def reshuffle(self, event: Event) -> None:
        piles = self.profile.reshuffle
        from_stub = 0
        for card in event.cards:
            where = self.place.get(card.index, STUB)
            if where >= 0:
                self.move((card,), STUB, STUB, "the rebuilt stub")  # held: one-place
                continue
            if where == STUB:
                from_stub += 1
                name = "stub"
            elif where <= DISCARDS:
                name = "current-discards" if DISCARDS - where == self.draw else "discards"
            else:
                name = _PILE_OF[where]
            # Without `stub`, only the last card kept back may go in (R8.19), or, where
            # nobody gets their own discards back, the cards passed over (R8.20).
            kept = from_stub <= 1 or not self.profile.own_discards_back
            if name not in piles and not (name == "stub" and kept):
                self.fail(
                    "R8.18",
                    "reshuffle-piles",
                    f"draw {self.draw}'s rebuilt stub holds {card} from {name}; the profile"
                    f" gathers {', '.join(piles) or 'nothing'}",
                )
            self.place[card.index] = STUB
        self.top = -1

    def serve(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self.drawer(seat)
        said = self.declared.get(seat)
        if said is not None and said != event.cards:
            self.fail(
                "R8.16",
                "declared",
                f"seat {seat} declared {cards(said)}, was served for {cards(event.cards)}",
            )
        got = event.received
        if len(got) != len(event.cards):
            self.fail(
                "R4.2",
                "draw-count",
                f"seat {seat} threw {len(event.cards)} cards, got {len(got)}",
            )
        if got and self.burned < self.profile.burns_per_draw:
            self.fail("R4.4", "burn", f"seat {seat} served in draw {self.draw} before the burn")
        if got and not self.profile.own_discards_back:
            self._own_discards(seat, got)
        self.move(got, STUB, seat, "a draw")
        self.from_top(got, f"seat {seat}'s draw", "R4.2", "draw-from-top")
        self.took = self.took or bool(got)
        if len(self.held[seat]) != self.profile.hand_size:
            self.fail("R4.2", "draw-count", f"seat {seat} holds {len(self.held[seat])} cards")

    def _own_discards(self, seat: int, got: Sequence[Card]) -> None:
        own = self.thrown[seat]
        back = [card for card in got if card.index in own]
        if not back:
            return
        others = sum(1 for index, where in self.place.items() if where == STUB and index not in own)
        # A last card the profile keeps back was not there to deal (R8.19).
        kept = 0 if self.profile.last_card == "dealt" else 1
        if others - kept >= len(got):
            self.fail(
                "R8.20",
                "own-discards",
                f"seat {seat} dealt back its own discard {cards(back)} in draw {self.draw},"
                f" with {others} other cards in the stub",
            )

    def fold(self, seat: int) -> None:
        self.folded.add(seat)
        for index in list(self.held[seat]):
            self.place[index] = FOLDED
        self.held[seat].clear()

    def show(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        if {card.index for card in event.cards} != self.held[seat]:
            self.fail(
                "R4.5",
                "one-place",
                f"seat {seat} shows {cards(event.cards)}, its history gives it"
                f" {cards(self._cards(self.held[seat]))}",
            )

    def _cards(self, indexes: set[int]) -> list[Card]:
        return [card for card in self.order if card.index in indexes]

    def end(self) -> None:
        hand = self.hand
        for seat in hand.live():
            if {card.index for card in hand.holdings[seat]} != self.held[seat]:
                self.fail(
                    "R4.5",
                    "one-place",
                    f"seat {seat} holds {cards(hand.holdings[seat])}, not what its history"
                    " gives it",
                )
        if self.top >= 0 and self.top != hand.deck.position:
            self.fail(
                "R1.6",
                "deck-order",
                f"the history takes {self.top} cards off the deck, the engine {hand.deck.position}",
            )
        stub = {index for index, where in self.place.items() if where == STUB}
        if {card.index for card in hand.deck.stub()} != stub:
            self.fail("R4.5", "one-place", "the stub is not what the history leaves in it")


def check(hand: Hand, steps: Sequence[Step]) -> list[Broken]:
    walk = _Cards(hand)
    throws = _throws(steps, hand.profile.draw_delivery == "after-all-declare")
    for i, (drawing, number, event) in enumerate(steps):
        if drawing and walk.draw != number:
            walk.open_draw(number)
        elif not drawing and walk.draw:
            walk.close_draw()
        for j in throws.get(i, ()):
            walk.throw(steps[j][2])
        kind = event.kind
        if kind == "deal":
            walk.deal(event)
        elif kind == "draw":
            walk.serve(event)
        elif kind == "declare":
            assert event.seat is not None
            walk.drawer(event.seat)
            walk.declared[event.seat] = event.cards
        elif kind == "burn":
            walk.burn(event)
        elif kind == "reshuffle":
            walk.reshuffle(event)
        elif kind == "fold":
            assert event.seat is not None
            walk.fold(event.seat)
        elif kind == "show":
            walk.show(event)
    walk.end()
    return walk.broken


__all__ = ["check"]
