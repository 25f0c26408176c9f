"""A draw round: who draws in what order, the burn, each player's replacements (R4, R8.16).

`STATE` is the round's own: who has drawn, the round's drawers (known from its start,
since nobody folds during a draw), the discards declared so far when every player
declares before any card is dealt, and whether the round's burn is done. Where the cards
come from is the stub's business (`stub`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from badugi_spec.cards import Card
from badugi_spec.engine.actions import DRAW, Legal
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.phase import phase as _phase
from badugi_spec.engine.stub import BURN, DISCARD
from badugi_spec.engine.table import Table
from badugi_spec.errors import IllegalAction

STATE: Final = (
    "_drawn", "_round_drawers", "_declared", "_declared_cards", "_draw_burned", "_round_served",
)  # fmt: skip


class DrawRound(Table):
    __slots__ = ()

    def _set_up_draw(self) -> None:
        """No draw under way: `_start_draw` sets these afresh each draw."""
        self._drawn = []
        self._round_drawers = []
        self._declared = []
        self._declared_cards = 0
        """Cards the round's declarations so far ask for (`after-all-declare`)."""
        self._draw_burned = False
        self._round_served = False
        """The stub and the piles can serve any draws this round: none need checking."""

    def _start_draw(self, number: int) -> None:
        self.phase = _phase("draw", number)
        self._drawing = True
        self._drawn = []
        self._declared = []
        self._declared_cards = 0
        self._draw_burned = False
        # Nobody folds during a draw, so the round's drawers are known from its start.
        self._round_drawers = self._drawers()
        self._round_served = self._serves_any_draws()
        self.to_act = self._first_drawer()

    def _serves_any_draws(self) -> bool:
        """Whether this draw round can be served whatever its players draw, so that no
        draw of it needs checking (R4.6, R8.33): the stub alone holds the burn, every
        player's most and a card to spare (R8.19), or a reshuffle gathers every card out
        of the live hands in deck order (as PokerKit's), which always covers the cards
        thrown and the burn."""
        if self._skipping:
            return False
        most = self._draw_bound + self.profile.max_discards * (len(self._round_drawers) - 1)
        if self.deck.remaining > most:
            return True
        return (
            self._gathers_all
            and self.profile.own_discards_back
            and self.reshuffles >= len(self._stated_reshuffles)
            and len(self.deck.order())
            >= self.profile.hand_size * len(self._round_drawers) + self.profile.burns_per_draw
        )

    def _drawers(self) -> list[int]:
        """Everyone still in draws, all-in players too, clockwise from the button (R8.16)."""
        return self.live()

    def _first_drawer(self) -> int:
        """The first player still in left of the button: heads-up, the big blind (R4.3)."""
        return self._round_drawers[0]  # `_drawers()`, as the draw round began

    def _burn_count(self, discards: Sequence[Card]) -> int:
        """Cards burned before `discards` are replaced: once a draw, before its first
        replacement card (R4.4, R8.17). Without a burn when all stand pat, the burn waits
        for the first player who takes a card, who need not be the first to draw."""
        if self.profile.burn_when_all_pat:
            return 0 if self._drawn else self.profile.burns_per_draw
        return self.profile.burns_per_draw if discards and not self._draw_burned else 0

    def _burn_count_all(self, plan: Sequence[tuple[int, tuple[Card, ...]]]) -> int:
        if not self.profile.burn_when_all_pat and not any(thrown for _, thrown in plan):
            return 0
        return self.profile.burns_per_draw

    def _check_discards(self, seat: int, discards: Sequence[Card]) -> None:
        held = self.holdings[seat]
        if len(discards) > self.profile.max_discards:
            raise illegal(
                "too-many-discards",
                f"{len(discards)} cards discarded; at most {self.profile.max_discards}",
            )
        if not discards:
            return  # standing pat
        # Card indexes, not Card objects: sets and membership of ints stay in C.
        thrown = {card.index for card in discards}
        if len(thrown) != len(discards):
            dup = next(c for c in discards if discards.count(c) > 1)
            raise illegal("discard-repeated", f"{dup.pretty()} is discarded twice")
        held_indexes = {card.index for card in held}
        if thrown <= held_indexes:
            return
        for card in discards:
            if card.index not in held_indexes:
                raise illegal("discard-not-held", f"{card.pretty()} is not in that player's hand")

    def _draw(self, seat: int, discards: Sequence[Card]) -> None:
        self._check_discards(seat, discards)
        drawers = self._round_drawers
        last = len(self._drawn) + 1 == len(drawers)
        if self._after_all_declare:
            if last:
                plan = [*self._declared, (seat, tuple(discards))]
                burn = self._burn_count_all(plan)
                if not self._round_served:  # refuses `deck-short` before anything changes
                    try:
                        self._supply(plan, burn)
                    except IllegalAction as short:
                        raise self._refusal(seat, short) from None
                self._drawn.append(seat)
                self._declared = plan
                for who, thrown in plan:
                    self._throw(who, thrown)
                self._burn(burn)
                self._replace_all(plan)
            else:
                thrown = tuple(discards)
                # Checked now, as if the players still to declare stood pat (R8.33).
                cards = self._declared_cards + len(thrown)
                if not self._round_served and (
                    self.deck.remaining <= cards + self.profile.burns_per_draw or self._skipping
                ):
                    self._check_declaration(seat, thrown)
                self._declared_cards = cards
                self._declared.append((seat, thrown))
                self._drawn.append(seat)
                self._rows.append(
                    ("declare", seat, "R8.16", len(thrown), thrown, (), "", sum(self.total),
                     tuple(self.stacks))
                )  # fmt: skip
                self.to_act = drawers[len(self._drawn)]
                return
        else:
            burn = self._burn_count(discards)
            if not self._round_served:
                try:
                    self._supply([(seat, tuple(discards))], burn)
                except IllegalAction as short:
                    raise self._refusal(seat, short) from None
            self._drawn.append(seat)
            self._throw(seat, discards)
            self._burn(burn)
            self._replace(seat, discards)
        if last:
            self.to_act = None
            self._start_betting(self.phase.number + 1)
        else:
            self.to_act = drawers[len(self._drawn)]

    def _check_declaration(self, seat: int, thrown: tuple[Card, ...]) -> None:
        """Refuse `deck-short` unless the draws declared so far and this one can all be
        served, the players still to declare standing pat (R8.33)."""
        plan = [*self._declared, (seat, thrown)]
        try:
            self._supply(plan, self._burn_count_all(plan), True)
        except IllegalAction as short:
            raise self._refusal(seat, short) from None

    def _refusal(self, seat: int, short: IllegalAction) -> IllegalAction:
        """A `deck-short` refusal that says how many cards the player can draw (R8.33);
        any other refusal (a stated reshuffle that does not fit) as it is."""
        if short.code != "deck-short":
            return short
        most = self._most_served(seat)
        can = (
            f"can draw at most {most} card{'' if most == 1 else 's'}"
            if most
            else "can only stand pat"
        )
        return illegal(short.code, f"{short.message}; seat {seat} {can} now (R8.33)")

    def _most_served(self, seat: int) -> int:
        """The most cards `seat` can draw now: the largest draw the stub and the piles the
        profile reshuffles can serve, after the draws declared before it and as if the
        players still to declare stood pat (R8.33). Which cards are thrown does not change
        how many can be dealt, so the first ones held stand for them."""
        held = self.holdings[seat]
        count = min(self.profile.max_discards, len(held))
        partial = self._after_all_declare and len(self._drawn) + 1 < len(self._round_drawers)
        while count > 0:
            plan, burn = self._plan_with(seat, tuple(held[:count]))
            try:
                self._supply(plan, burn, partial)
            except IllegalAction:
                # One less: under the last-card rule a smaller draw may get more of its
                # cards, so what a rehearsal of this one dealt does not bound the next.
                count -= 1
                continue
            return count
        return 0

    def _plan_with(
        self, seat: int, thrown: tuple[Card, ...]
    ) -> tuple[list[tuple[int, tuple[Card, ...]]], int]:
        """The draw's plan if `seat` throws `thrown` now, and the cards it burns."""
        if self._after_all_declare:
            plan = [*self._declared, (seat, thrown)]
            return plan, self._burn_count_all(plan)
        return [(seat, thrown)], self._burn_count(thrown)

    def _draw_choices(self, seat: int) -> tuple[Legal, ...]:
        """The draw option: 0 to the most cards the deck can serve now (R4.6, R8.33).
        `Hand.legal_actions` asks only when the stub alone may not serve every draw size:
        when it holds fewer cards than the draws declared so far, the burn, the profile's
        most and one to spare for the last-card rule (R8.19), or may hold the player's own
        discards (R8.20)."""
        options: tuple[Legal, ...] = self._draw_options
        served = self._most_served(seat)
        return options if served == options[0].adds else (Legal(DRAW, adds=served),)

    def _throw(self, seat: int, discards: Sequence[Card]) -> None:
        if not discards:
            return
        thrown = {card.index for card in discards}
        self.holdings[seat] = [c for c in self.holdings[seat] if c.index not in thrown]
        self.discards[seat].extend(discards)
        self._muck.append((tuple(discards), DISCARD, self.phase.number))

    def _burn(self, count: int) -> None:
        if count:
            cards = self._take(count, None, False)  # never the round's last delivery
            self.burns.extend(cards)
            self._muck.append((cards, BURN, 0))
            self._draw_burned = True
            self._rows.append(  # `_log`, inlined: a call with keywords is slow in 3.11
                ("burn", None, "R4.4", 0, cards, (), "", sum(self.total), tuple(self.stacks))
            )

    def _replace(self, seat: int, discards: Sequence[Card]) -> None:
        # Whether this is the round's last delivery matters only to the last-card rule.
        last = not self._last_card_dealt and self._is_last_delivery(seat)
        received = self._take(len(discards), seat, last)
        self.holdings[seat].extend(received)
        self._rows.append(
            ("draw", seat, "R4.2", len(discards), tuple(discards), received,
             "" if discards else "stands pat", sum(self.total), tuple(self.stacks))
        )  # fmt: skip

    def _replace_all(self, plan: Sequence[tuple[int, tuple[Card, ...]]]) -> None:
        """Every declared draw served in turn (R8.16): `_replace` for each, or, when the stub
        covers them all and no last card is held back, one take cut into the same shares."""
        deck = self.deck
        need = sum([len(thrown) for _, thrown in plan])
        if not self._last_card_dealt or deck.remaining < need or self._skipping:
            for who, thrown in plan:
                self._replace(who, thrown)
            return
        cards = deck.take(need)
        rows, holdings = self._rows, self.holdings
        pot, stacks = sum(self.total), tuple(self.stacks)
        at = 0
        for who, thrown in plan:
            received = cards[at : at + len(thrown)]
            at += len(thrown)
            holdings[who].extend(received)
            note = "" if thrown else "stands pat"
            rows.append(("draw", who, "R4.2", len(thrown), thrown, received, note, pot, stacks))

    def _is_last_delivery(self, seat: int) -> bool:
        """Whether `seat`'s replacements are the last cards this draw deals (R8.19). Once
        everyone has declared, that is the last player who takes any; dealing in turn, it
        is the last player to draw."""
        drawers = self._round_drawers
        if len(self._drawn) != len(drawers):
            return False
        takers = [who for who, thrown in self._declared if thrown]
        return seat == (takers[-1] if takers else self._drawn[-1])
