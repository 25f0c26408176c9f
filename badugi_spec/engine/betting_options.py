"""The betting round's options: what the player to act may do, and why anything else is refused.

Part of the betting round (its state is `betting_round.STATE`): the options of every
structure (fixed limit, the big-bet ranges of R14, spread), the raise target, the cap
(R8.6) and who may raise again (R8.10). `_refuse` names the one error of an action that
is not among the options, in the precedence of R8.24.
"""

from __future__ import annotations

import functools
from typing import Final

from badugi_spec.engine import betting as _betting
from badugi_spec.engine.actions import ALL_IN, BET, CALL, CHECK, FOLD, RAISE, Kind, Legal
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.table import Table

_FOLD: Final = Legal(FOLD)

# Options repeat from hand to hand; sharing them saves building several per decision.
_option: Final = functools.lru_cache(maxsize=4096)(Legal)


class BettingOptions(Table):
    __slots__ = ()

    def _opponent_all_in(self, seat: int) -> bool:
        """Nobody else could answer a bet: every other player still in is all-in (R5.7), or,
        if the profile says so, could not put in more than the current bet (R8.27)."""
        # A plain loop: this runs several times per action, and a generator costs more.
        stacks, folded = self.stacks, self.folded
        if self._covered_is_all_in:
            committed = self.committed
            level = self._level
            for other in self.order:
                if other != seat and not folded[other] and stacks[other] + committed[other] > level:
                    return False
            return True
        for other in self.order:
            if other != seat and not folded[other] and stacks[other] > 0:
                return False
        return True

    def _may_raise_again(self, seat: int) -> bool:
        """The betting has been reopened for `seat` since they last acted (R8.10); under
        `largest-raise` also once all-ins in a row add up to the largest raise (R8.8)."""
        if self._big_bet and not self._faces_a_full_raise(seat):
            return False
        return self._acted[seat] != self._epoch or (self._largest_raise and not self._shorts)

    def _faces_a_full_raise(self, seat: int) -> bool:
        """Big bet: a player facing less than the round's largest bet or raise has called
        part of it already, so short all-ins that add up to a raise do not reopen the
        betting for them (R14.6); nor may anyone raise who faces less (PokerKit too)."""
        faced = max(self.committed) - self.committed[seat]
        return faced >= self._largest and not self._short_of_full_raise(seat, faced)

    def _short_of_full_raise(self, seat: int, faced: int) -> bool:
        """Big bet: a player who has acted this round and now faces less than a full raise
        (the last complete one, the big blind counted) may only call or fold, even when
        short all-ins since then add up to a raise (R14.6; TDA 41). `_largest` leaves the
        blinds out, so without this a caller of a short all-in over the big blind could
        raise a second short all-in that was smaller than the blind. `largest-raise` is
        PokerKit's reading (R13.2), which has no such clause."""
        return faced < self.increment and self._acted[seat] != -1 and not self._largest_raise

    def _capped(self) -> bool:
        cap = self._cap
        return cap > 0 and self.raises >= cap and not self.uncapped

    def _raise_target(self, level: int) -> int:
        """The round total a bet or raise goes to (R3.2, R8.8, R8.9)."""
        full = self.full_level
        bet = self._round_bet
        if level > full and self._complete:
            return full + bet
        # Below the full level only when a big blind was posted short (R5.5).
        return (level if level > full else full) + bet

    def _betting_options(self, seat: int) -> dict[Kind, Legal]:
        committed = self.committed[seat]
        level = self._level
        to_call = level - committed
        stack = self.stacks[seat]
        options: dict[Kind, Legal] = {}
        # Whether the whole stack is one of the options; it is then `stack` chips, whichever
        # action it completes, so only the fact is kept.
        all_in = False
        if to_call <= 0:
            options[CHECK] = _option(CHECK, 0, committed)
            if self._fold_when_free:
                options[FOLD] = _FOLD
        else:
            options[FOLD] = _FOLD
            adds = to_call if to_call < stack else stack
            options[CALL] = _option(CALL, adds, committed + adds, adds == stack)
            all_in = stack <= to_call
        if self._may_bet_or_raise(seat, to_call, stack):
            kind = BET if level == 0 else RAISE
            if self._big_bet:
                all_in = self._sized_options(options, kind, seat, level) is not None or all_in
            else:
                adds = self._raise_target(level) - committed
                if adds >= stack:  # `min`, written out: the builtin is slow in Python 3.11
                    adds = stack
                    all_in = True
                options[kind] = _option(kind, adds, committed + adds, adds == stack)
        if all_in:
            options[ALL_IN] = _option(ALL_IN, stack, committed + stack, True)
        return options

    def _may_bet_or_raise(self, seat: int, to_call: int, stack: int) -> bool:
        """Whether `seat` may put in more than a call: chips beyond it, the betting open to
        them (R8.10), the cap not reached (R8.6) and someone to answer (R5.7, R8.27)."""
        cap = self._cap
        return (
            stack > to_call
            and (self._acted[seat] != self._epoch or (self._largest_raise and not self._shorts))
            and (cap == 0 or self.raises < cap or self.uncapped)
            and not self._opponent_all_in(seat)
        )

    def _sized_options(
        self, options: dict[Kind, Legal], kind: Kind, seat: int, level: int
    ) -> Legal | None:
        """A big-bet or spread bet or raise as a range (R14.10); returns the all-in option
        when the whole stack is within the range or short of it."""
        committed = self.committed[seat]
        faced = level - committed
        if faced < self._largest:  # `_faces_a_full_raise`, inlined: hot
            return None
        if faced < self.increment and self._short_of_full_raise(seat, faced):
            return None
        everything = committed + self.stacks[seat]
        low, high = self._range(seat, level)
        if everything <= low:
            # Not enough for the least raise: all-in for what there is (R14.6).
            return _option(ALL_IN, everything - committed, everything, True)
        most = min(high, everything)
        options[kind] = _option(kind, low - committed, low, False, most)
        if everything <= high:
            return _option(ALL_IN, everything - committed, everything, True)
        return None

    def _range(self, seat: int, level: int) -> tuple[int, int]:
        """(least, greatest) round total of a bet or raise, before the stack (R14.2-R14.8)."""
        return _betting.raise_range(
            self.profile,
            last_round=self.phase.number == self._rounds,
            level=level,
            committed=self.committed[seat],
            pot=sum(self.total),  # `pot`, without the property's call
            increment=self.increment,
        )

    def _refuse(self, seat: int, kind: Kind) -> None:
        """Raise the specific error for a betting action that is not among the options.

        The order of the checks is the precedence of R8.24.
        """
        to_call = self._level - self.committed[seat]
        stack = self.stacks[seat]
        if kind is CHECK:
            raise illegal("check-facing-bet", f"there are {to_call} to call: call, raise or fold")
        if kind is FOLD:
            raise illegal("fold-when-free", "nothing to call: check or bet instead of folding")
        if kind is CALL:
            raise illegal("nothing-to-call", "there is no bet to call: check or bet")
        if kind is ALL_IN:
            most = max((o.adds for o in self._betting_options(seat).values()), default=0)
            raise illegal(
                "all-in-too-large",
                f"a stack of {stack} is more than the {most} this spot allows",
            )
        if kind is BET and self._level > 0:
            raise illegal("bet-facing-bet", "there is already a bet this round: raise instead")
        if kind is RAISE and self._level == 0:
            raise illegal("raise-without-bet", "there is no bet to raise: bet instead")
        if self._opponent_all_in(seat):
            raise illegal("opponent-all-in", "every other player is all-in: no more betting")
        if self._capped():
            raise illegal(
                "raise-cap", f"the round is capped at one bet and {self.profile.cap - 1} raises"
            )
        if stack > to_call and not self._may_raise_again(seat):
            raise illegal(
                "not-reopened",
                "an all-in for less than a full raise did not reopen the betting: call or fold",
            )
        if self._big_bet and stack > to_call:
            raise illegal(
                "short-stack",
                f"a stack of {stack} is short of the least raise: go all-in, call or fold",
            )
        # The only way left to miss the option: the stack does not even cover the call.
        raise illegal(
            "short-stack",
            f"a stack of {stack} cannot raise over a call of {to_call}: call all-in or fold",
        )

    def _sized(self, seat: int, option: Legal, amount: int | None) -> Legal:
        """The bet or raise to `amount` within the option's range; none stated is the
        least (R14.10)."""
        if amount is None:
            return option
        what = "bet" if option.kind is BET else "raise to"
        # The range's ends are the rules' least and the stack's most: always allowed, even
        # when a stack of odd chips puts one off the chip unit (R14.9, R14.10).
        end = amount == option.to or amount == option.most
        if not option.to <= amount <= option.most or not (
            end or _betting.on_unit(self.profile, amount)
        ):
            unit = self.profile.chip_unit
            chips = f" in multiples of {unit}" if unit > 1 else ""
            raise illegal(
                "amount-out-of-range",
                f"{what} {option.to} to {option.most}{chips} here, not {amount}",
            )
        adds = amount - self.committed[seat]
        return _option(option.kind, adds, amount, adds == self.stacks[seat], option.most)
