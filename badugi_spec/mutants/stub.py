"""Wrong decks: hands that misread where a draw's cards come from (issue 35, R8.20, R8.33).

Each overrides one hook of the engine's draw or stub (`_kept_from`, `_reshuffle`,
`_check_declaration`, `_draw_choices`) and plays the reading the engine had before the fix,
so the scenarios that show the rule must kill it.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from badugi_spec.cards import Card
from badugi_spec.engine import Legal
from badugi_spec.mutants.hand import MutantHand


class _OwnDiscardsKeptOnlyFromTheRebuilder(MutantHand):
    """A rebuilt stub keeps a player's own discards away only from the player whose draw
    rebuilt it (they go to the bottom), and deals them to anyone after that."""

    def _kept_from(self, seat: int | None) -> AbstractSet[int]:
        return frozenset()

    def _reshuffle(self, seat: int | None) -> None:
        super()._reshuffle(seat)
        if seat is not None and not self.profile.own_discards_back:
            own = {card.index for card in self.discards[seat]}
            stub = self.deck.stub()
            self.deck.rebuild(
                [c for c in stub if c.index not in own] + [c for c in stub if c.index in own]
            )


class _DeclarationsCheckedOnlyAtTheLast(MutantHand):
    """Under declared draws only the last declaration checks the whole draw's supply, and
    every draw size is offered: the refusal lands on the last player, even standing pat."""

    def _check_declaration(self, seat: int, thrown: tuple[Card, ...]) -> None:
        return None

    def _draw_choices(self, seat: int) -> tuple[Legal, ...]:
        return self._draw_options


class _EveryDrawSizeOffered(MutantHand):
    """`legal` offers the profile's every draw size, though the deck cannot serve them all
    (the engine still refuses the ones it cannot serve)."""

    def _draw_choices(self, seat: int) -> tuple[Legal, ...]:
        return self._draw_options
