"""Reopening: what a bet, raise or all-in does to the round's levels (R8.8-R8.10, R14.3, R14.6).

Part of the betting round (its state is `betting_round.STATE`). After chips go in above
the level to match, this counts a new bet level for the cap and decides whether the
players who acted already may raise again, under the profile's reading of a short
all-in: full bet, half bet, completion, or the largest raise.
"""

from __future__ import annotations

from badugi_spec.engine.table import Table


class Reopening(Table):
    __slots__ = ()

    def _raised(self, seat: int, level: int, now: int, all_in: bool) -> None:
        """Count a new bet level and reopen the betting as the profile says (R8.8-R8.10)."""
        self.last_aggressor = seat
        if self._big_bet:
            self._raised_big_bet(level, now, all_in)
            return
        if self._largest_raise:
            self._raised_largest(level, now, all_in)
            return
        bet = self._round_bet
        # Only an all-in can fall short of the target: ask for it only then.
        if not all_in or now >= self._raise_target(level):
            # A full bet or raise (completing a short all-in counts as one, R8.9).
            self.raises += 1
            self.full_level = now
            self._epoch += 1
            return
        levels = self.raises
        gained = now - self.full_level
        policy = self.profile.short_all_in
        if policy == "full-bet":
            if gained >= bet:  # short all-ins that add up to a full raise (R8.10)
                self.raises += 1
                self.full_level = now
                self._epoch += 1
        elif self._half_bet(gained):
            self._epoch += 1
            if policy == "half-bet-full-raise":
                # Treated as a full bet: the next raise is a full bet on top of it.
                self.raises += 1
                self.full_level = now
            else:
                # Completion: the next raise goes to the next level of the bet grid, and
                # the all-in is not a level of its own (PokerStars 2010, R11).
                while now >= self.full_level + bet:
                    self.full_level += bet
                    self.raises += 1
        if self.profile.cap_counts_short_all_in:
            self.raises = levels + 1  # every bet and raise is a level of the cap (R8.6)

    def _raised_largest(self, level: int, now: int, all_in: bool) -> None:
        """`largest-raise` (R8.8): a bet or raise reopens the betting when it raises by at
        least the largest bet or raise of the round before it (the blinds are none), and
        all-ins in a row reopen it once together they add up to that much."""
        self._reopened_by_largest(now - level, all_in)
        if not all_in or now >= self._raise_target(level):
            self.raises += 1
            self.full_level = now
        elif self.profile.cap_counts_short_all_in:
            self.raises += 1

    def _raised_big_bet(self, level: int, now: int, all_in: bool) -> None:
        """A full bet or raise sets the least next raise; an all-in short of one reopens
        the betting only if, with the short all-ins before it, it makes one (R14.3, R14.6).
        Under `largest-raise` the reopening is R8.8's, as PokerKit reads it (R13.2)."""
        increment = self.increment
        if self._largest_raise:
            self._reopened_by_largest(now - level, all_in)  # keeps `_largest`
            if now - level >= increment:
                self.increment = now - level
                self.raises += 1
                self.full_level = now
            return
        self._largest = max(self._largest, now - level)
        if now - level >= increment:
            self.increment = now - level
            self.raises += 1
            self.full_level = now
            self._epoch += 1
        elif now - self.full_level >= increment:
            # Short all-ins that add up to a full raise reopen, but the least raise stays
            # the last complete one (WSOP 2023, rule 96).
            self.raises += 1
            self.full_level = now
            self._epoch += 1

    def _reopened_by_largest(self, raised_by: int, all_in: bool) -> None:
        """R8.8's `largest-raise`, in any structure: the round's first bet or raise, even an
        all-in short of a full one, reopens the betting (the blinds are none), and so does
        one at least the largest before it, or all-ins in a row that add up to it."""
        if raised_by >= self._largest:
            self._epoch += 1
        if raised_by > self._largest:  # `max`, written out: the builtin is slow in 3.11
            self._largest = raised_by
        shorts = self._shorts
        if all_in:
            shorts.append(raised_by)
        else:
            shorts.clear()
        if sum(shorts) >= self._largest:
            shorts.clear()

    def _half_bet(self, gained: int) -> bool:
        """Whether a short all-in of `gained` chips over the last full level is at least
        half a bet, enough to reopen the betting under a half-bet rule (R8.8)."""
        return 2 * gained >= self.bet_size
