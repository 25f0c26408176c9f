"""The game's shape as data: stakes, rounds, cap, session length (R1.4, R1.5, R3.2, R3.6, R6.4).

The engine reads every number from here, so a later profile (pot limit, other stakes,
longer sessions) is a new `Structure`, not a new engine.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Structure:
    starting_stack: int = 100
    small_blind: int = 1
    big_blind: int = 2
    bet_sizes: tuple[int, ...] = (2, 2, 4, 4)
    """One fixed bet size per betting round; there is one more round than draws."""
    cap: int = 4
    """Bets per round: one bet and three raises; before the first draw the big blind is the bet."""
    hand_size: int = 4
    max_discards: int = 4
    burns_per_draw: int = 1
    hands_per_session: int = 12

    @property
    def betting_rounds(self) -> int:
        return len(self.bet_sizes)

    @property
    def draws(self) -> int:
        return self.betting_rounds - 1

    def __post_init__(self) -> None:
        if self.betting_rounds < 1 or min(self.bet_sizes) <= 0:
            raise ValueError("a structure needs at least one betting round with positive bets")
        if self.cap < 1 or self.small_blind < 0 or self.big_blind <= 0:
            raise ValueError("cap, blinds: the cap is at least 1 and the big blind positive")
        if not 0 <= self.max_discards <= self.hand_size:
            raise ValueError("max_discards must be between 0 and the hand size")


HOUSE = Structure()
"""The house game: 100 chips, blinds 1/2, bets 2/2/4/4, cap 4, 12 hands."""
