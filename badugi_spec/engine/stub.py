"""The stub: cards dealt from it, the last card (R8.19), and rebuilding it from the piles (R8.18).

`STATE` is the stub's own: the deck, the burns, the cards out of play a reshuffle may
gather (`_muck`, by pile), and the reshuffles so far with those a scenario states. A draw
asks `_supply` first, which refuses `deck-short` before anything changes: when the stub
alone is not enough, the draw is rehearsed on a copy (`_Rehearsal`), reshuffles and all.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.deck import Deck
from badugi_spec.engine.table import Table

STATE: Final = ("deck", "burns", "_muck", "reshuffles", "_stated_reshuffles", "_skipping")

# Cards out of play, by the pile a reshuffle policy names (R8.18).
DISCARD, FOLDED, BURN = "discards", "folded", "burns"

_NONE: Final[frozenset[int]] = frozenset()  # `_kept_from` when nothing is kept back


class Stub(Table):
    __slots__ = ()

    def _set_up_stub(
        self, deck: Sequence[Card], reshuffles: Sequence[Sequence[Card]], *, dealt: int
    ) -> None:
        """The hand's deck in the order given, with enough cards for the `dealt` of the deal."""
        self.deck = Deck(deck)
        if self.deck.remaining < dealt:
            self.deck.require(dealt, "the deal")
        self._stated_reshuffles = [tuple(cards) for cards in reshuffles] if reshuffles else []
        self.burns = []
        self.reshuffles = 0
        self._skipping = False
        """The stub was rebuilt under `own_discards_back=false`: a take must pass over the
        taker's own discards (R8.20). Until then every take is a plain one."""
        self._muck = []
        """Cards out of play that a reshuffle may use: (cards, pile, draw number), one entry
        per discard, fold or burn rather than per card, since only a reshuffle reads them."""

    def _supply(
        self, plan: Sequence[tuple[int, tuple[Card, ...]]], burn: int, partial: bool = False
    ) -> None:
        """Refuse `deck-short` unless every card this draw needs can be dealt (R4.6, R8.18).

        Usually the stub is enough; otherwise the draw is rehearsed on a copy, reshuffles
        and all, so that a refusal changes nothing. `partial`: `plan` holds the draws
        declared so far, and the players still to declare are taken to stand pat (R8.33);
        a rebuilt stub's stated order, which holds their discards too, is not checked yet.
        """
        need = burn
        for _, cards in plan:  # a plain loop: for a plan of one a generator costs more
            need += len(cards)
        remaining = self.deck.remaining
        if remaining > need or (remaining == need and self._last_card_dealt):
            if not self._skipping:
                return
            if len(plan) == 1 and not burn:
                # Dealing in turn from a stub that may hold the player's own discards: it
                # is enough if it holds the cards without them (R8.20).
                drawer, discards = plan[0]
                own = {card.index for card in (*self.discards[drawer], *discards)}
                if self.deck.dealable(own, 0 if self._last_card_dealt else 1) >= need:
                    return
        completes = True if partial else self._completes_round()
        if not self.profile.reshuffle:
            self.deck.require(need, f"draw {self.phase.number}")
            # Nothing can rebuild the stub, so a last card the rule keeps back is short too.
            if self.deck.remaining - need < self._reserve(completes):
                raise illegal(
                    "deck-short",
                    f"draw {self.phase.number} needs {need} cards; the stub has"
                    f" {self.deck.remaining}, and its last card is not dealt (R8.19)",
                )
            return
        if (
            self._gathers_all
            and (partial or self.reshuffles >= len(self._stated_reshuffles))
            and self.profile.own_discards_back
        ):
            # Every card not in a live hand can come back, and no stated order is left to
            # check: the draw can be dealt if the hand's deck holds enough such cards.
            held = sum(len(self.holdings[seat]) for seat in self.live())
            thrown = sum(len(cards) for _, cards in plan)
            if len(self.deck.order()) - held + thrown >= need:
                return
        available = self._available(plan, burn, completes, stated=not partial)
        if available < need:
            raise illegal(
                "deck-short",
                f"draw {self.phase.number} needs {need} cards; the stub and the piles the"
                f" profile reshuffles hold {available}",
            )

    def _completes_round(self) -> bool:
        """The player acting is the round's last to draw."""
        return len(self._drawn) + 1 == len(self._drawers())

    def _available(
        self,
        plan: Sequence[tuple[int, tuple[Card, ...]]],
        burn: int,
        complete: bool,
        *,
        stated: bool,
    ) -> int:
        rehearsal = _Rehearsal(self, stated=stated)
        got = 0
        try:
            for seat, thrown in plan:
                rehearsal.throw(seat, thrown)
            if burn:
                got += len(rehearsal.burn_cards(burn))
            last_taker = max((i for i, (_, thrown) in enumerate(plan) if thrown), default=-1)
            for i, (seat, thrown) in enumerate(plan):
                last = complete and i == last_taker
                got += len(rehearsal.take(len(thrown), seat, last_of_round=last))
        except _Short as short:
            got += short.got
        return got

    def _take(self, count: int, seat: int | None, last_of_round: bool) -> tuple[Card, ...]:
        # Not keyword-only, so that the draw's calls can be positional: in Python 3.11 a
        # call with a keyword argument is not specialised and costs a few times a plain one.
        deck = self.deck
        reserve = 0 if self._last_card_dealt else self._reserve(last_of_round)
        # Until a rebuild the stub holds no discards, so nobody's own can be in it (R8.20).
        if deck.remaining - count >= reserve and not self._skipping:
            return deck.take(count)
        return self._take_with_reshuffle(count, seat, last_of_round=last_of_round)

    def _kept_from(self, seat: int | None) -> AbstractSet[int]:
        """The card indexes `seat` may not be dealt from the stub as it stands: under
        `own_discards_back=false`, once the stub has been rebuilt, every card they have
        discarded in the hand, this draw's included (R8.20, R11.5)."""
        if seat is None or not self._skipping:
            return _NONE
        return {card.index for card in self.discards[seat]}

    def _reserve(self, last_of_round: bool) -> int:
        """Stub cards that may not be dealt now (R8.19), when the stub holds all this take
        wants. `last_of_round`: these are the round's last cards, so under
        `completes-round` the last card may finish them; a take the stub cannot finish
        keeps it back in any case (`_take_with_reshuffle`)."""
        rule = self.profile.last_card
        if rule == "never" or (rule == "completes-round" and not last_of_round):
            return 1
        return 0

    def _held_back_when_short(self, last_of_round: bool) -> int:
        """Stub cards kept back from a take the stub runs out before finishing. Its last
        card then cannot complete the round, even for the round's last cards, so unless
        the profile always deals it, it goes into the rebuilt stub (R8.19)."""
        return 0 if self._last_card_dealt else 1

    def _take_with_reshuffle(
        self, count: int, seat: int | None, *, last_of_round: bool
    ) -> tuple[Card, ...]:
        taken: list[Card] = []
        while len(taken) < count:
            deck = self.deck
            reserve = self._reserve(last_of_round)
            want = count - len(taken)
            # A player's own discards in a rebuilt stub are passed over, and stay where
            # they are for the next player (R8.20).
            own = self._kept_from(seat)
            if not own and deck.remaining - want >= reserve:
                taken += deck.take(want)
                break
            if own and deck.dealable(own, reserve) >= want:
                taken += deck.take_skipping(want, own, reserve)
                break
            piles = self.profile.reshuffle
            if not piles:
                deck.require(count, f"draw {self.phase.number}")
            if "stub" not in piles:
                held = self._held_back_when_short(last_of_round)
                if own:
                    taken += deck.take_skipping(want, own, held)
                else:
                    taken += deck.take(max(deck.remaining - held, 0))
            before = deck.dealable(own, reserve) if own else deck.remaining
            self._reshuffle(seat)
            # Spent when nothing new came in, or only the card a burn after the rebuild takes
            # again (it would come back at the next rebuild, for ever).
            burned = 1 if self.profile.burn_after_reshuffle else 0
            if own:
                own = self._kept_from(seat)
                if deck.dealable(own, reserve) <= before + burned:
                    raise _Short(len(taken))
            elif deck.remaining <= max(before, self._reserve(last_of_round)) + burned:
                raise _Short(len(taken))
            if self.profile.burn_after_reshuffle:
                card = deck.take(1)
                self.burns.extend(card)
                self._muck.append((card, BURN, 0))  # a burn, for later reshuffles
                self._log("burn", None, "R8.21", cards=card)
        return tuple(taken)

    def _reshuffle_mismatch(
        self, stated: Sequence[Card], chosen: Sequence[Card], piles: Sequence[str]
    ) -> str:
        """What a stated reshuffle gets wrong: the cards the profile gathers, in deck order
        (the line to write), and what the stated order leaves out or adds (R8.18)."""
        have = {c.index for c in stated}
        gathered = {c.index for c in chosen}
        missing = [c.pretty() for c in self.deck.canonical(chosen) if c.index not in have]
        extra = [c.pretty() for c in stated if c.index not in gathered]
        wrong = []
        if missing:
            wrong.append(f"leaves out {' '.join(missing)}")
        if extra:
            wrong.append(f"lists {' '.join(extra)}, not gathered")
        cards = " ".join(c.pretty() for c in self.deck.canonical(chosen))
        return (
            f"the stated reshuffle ({len(stated)} cards) {' and '.join(wrong)}; the profile"
            f" gathers these {len(chosen)} ({', '.join(piles)}), in deck order: {cards}"
        )

    def _reshuffle(self, seat: int | None) -> None:
        """Rebuild the stub from the piles the profile names (R8.18, R8.20)."""
        piles = self.profile.reshuffle
        number = self.phase.number
        chosen: list[Card] = list(self.deck.stub())  # the stub's rest, reserved or mixed in
        kept: list[tuple[tuple[Card, ...], str, int]] = []
        for entry in self._muck:
            cards, pile, drawn_at = entry
            name = "current-discards" if pile == DISCARD and drawn_at == number else pile
            if name in piles:
                chosen += cards
            else:
                kept.append(entry)
        self._muck = kept
        if "folded" in piles:
            # Card indexes: membership of ints stays in C (a Card compares field by field).
            gone = {card.index for card in chosen}
            for folded_seat in range(self.seats):
                if self.folded[folded_seat]:
                    self.holdings[folded_seat] = [
                        c for c in self.holdings[folded_seat] if c.index not in gone
                    ]
        stated = (
            self._stated_reshuffles[self.reshuffles]
            if self.reshuffles < len(self._stated_reshuffles)
            else None
        )
        if stated is not None:
            if sorted(c.index for c in stated) != sorted(c.index for c in chosen):
                raise illegal("reshuffle-mismatch", self._reshuffle_mismatch(stated, chosen, piles))
            order = list(stated)
        else:
            order = self.deck.canonical(chosen)
        self.deck.rebuild(order)
        self.reshuffles += 1
        self._skipping = not self.profile.own_discards_back
        self._log("reshuffle", None, "R8.18", cards=tuple(order), amount=len(order))


class _Short(Exception):
    """A rehearsed draw ran out of cards after `got` of them."""

    def __init__(self, got: int) -> None:
        self.got = got


class _Rehearsal(Stub):
    """A throwaway copy of a hand's stub and piles, to see whether a draw can be dealt."""

    __slots__ = (
        "profile", "structure", "_last_card_dealt", "phase", "seats", "order", "folded",
        "holdings", "discards", "total", "stacks", "_rows", *STATE,
    )  # fmt: skip

    def __init__(self, hand: Table, *, stated: bool) -> None:
        self.profile = self.structure = hand.profile
        self._last_card_dealt = hand._last_card_dealt
        self.phase = hand.phase
        self.seats = hand.seats
        self.order = hand.order
        self.folded = list(hand.folded)
        self.holdings = [list(cards) for cards in hand.holdings]
        self.discards = [list(cards) for cards in hand.discards]
        self.burns = list(hand.burns)
        self._muck = list(hand._muck)
        # Without the stated orders, a rebuild is stacked in deck order: same count.
        self._stated_reshuffles = hand._stated_reshuffles if stated else []
        self.reshuffles = hand.reshuffles
        self._skipping = hand._skipping
        self.total = list(hand.total)
        self.stacks = list(hand.stacks)
        self._rows = []  # the rehearsal's own events, thrown away with it
        deck = Deck.__new__(Deck)
        deck._cards, deck._next = hand.deck._cards, hand.deck._next
        deck._original, deck.used = hand.deck._original, hand.deck.used
        self.deck = deck

    def throw(self, seat: int, discards: Sequence[Card]) -> None:
        # As `_throw` does: the seat's own discards too, which a rebuilt stub keeps from it.
        self.discards[seat].extend(discards)
        self._muck.append((tuple(discards), DISCARD, self.phase.number))

    def take(self, count: int, seat: int | None, *, last_of_round: bool) -> tuple[Card, ...]:
        return self._take(count, seat, last_of_round)

    def burn_cards(self, count: int) -> tuple[Card, ...]:
        # Into the burns pile, as `_burn` does: a reshuffle later in this draw gathers them.
        cards = self._take(count, None, False)
        self._muck.append((cards, BURN, 0))
        return cards
