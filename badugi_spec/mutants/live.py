"""Wrong live tables (chapter R19): a hand or session that misreads sitting out, missed
blinds, kills or straddles, one rule each."""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.engine.live import LiveTable
from badugi_spec.engine.seating import SeatEvent
from badugi_spec.mutants.hand import MutantHand
from badugi_spec.mutants.session import MutantSession
from badugi_spec.profiles.model import Profile


class _DeadBlindIsLive(MutantHand):
    def _post(self, seat: int, blind: int, name: str, rule: str, commits: bool = True) -> None:
        # A missed small blind posted on return counts as the player's bet of the round,
        # rather than dead money (R19.3).
        super()._post(seat, blind, name, rule, commits or name == "dead small blind")


class _StraddleCountsForTheCap(MutantHand):
    def _open_first_round(self) -> None:
        # The straddle taken for a bet level of the cap, so one raise fewer follows it.
        super()._open_first_round()
        if self.live_table.straddle is not None:
            self.raises += 1


class _WaitersDealtAtOnce(MutantSession):
    """A player who comes back waiting for the big blind is dealt in at once (R19.3)."""

    def _seat_events(self, events: Sequence[SeatEvent]) -> tuple[set[int], set[int], set[int]]:
        absent, _, posting = super()._seat_events(events)
        return absent, set(), posting


class _KillKeepsTheStakes(MutantSession):
    """A kill blind is posted, but the bets stay at the usual stakes (R19.4)."""

    def _hand_profile(self, live: LiveTable) -> Profile:
        return self.profile
