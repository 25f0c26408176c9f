"""A betting round from its start to its end: whose turn, each bet or fold, and what ends it.

`STATE` is the round's own: the chips each seat has in this round, the level to match,
the bet levels for the cap, who has acted since the last reopening, and whether the cap
is off. `_start_betting` sets it afresh each round. The options are worked out by
`betting_options`, and what a raise reopens by `reopening`: the three are one part.
"""

from __future__ import annotations

from typing import Final

from badugi_spec.engine import pots as _pots
from badugi_spec.engine.actions import ALL_IN, BET, CALL, CHECK, FOLD, RAISE, Action, Kind
from badugi_spec.engine.codes import illegal
from badugi_spec.engine.phase import phase as _phase
from badugi_spec.engine.stub import FOLDED
from badugi_spec.engine.table import Table

STATE: Final = (
    "committed", "_level", "raises", "full_level", "increment", "last_aggressor",
    "_epoch", "_acted", "_largest", "_shorts", "_due", "uncapped", "_round_bet",
)  # fmt: skip

_NAME_OF: Final = {kind: kind.value for kind in Kind}  # `.value` is a slow property

# The rule each betting action carries out, for the event log (all-ins are refined below).
_RULE_OF_BET: Final = {
    CHECK: "R3.4",
    BET: "R3.2",
    CALL: "R3.5",
    RAISE: "R3.5",
    ALL_IN: "R5.6",
}


class BettingRound(Table):
    __slots__ = ()

    def _set_up_betting(self) -> None:
        """Nothing in yet: the blinds are posted into `committed`, then the round opens."""
        self.committed = [0] * self.seats
        self._round_bet = self.profile.bet_sizes[0]
        """The fixed bet of the betting round under way, `bet_size` read once a round."""
        self.raises = 0
        self.full_level = 0
        self.increment = 0
        """Big-bet and spread games: the last full bet or raise, the least the next adds."""
        self.last_aggressor = None
        self._level = 0
        self._epoch = 0
        self._acted = [-1] * self.seats
        self._largest = 0
        """The largest bet or raise of the round, in chips over the bet before it (R8.8)."""
        self._shorts = []
        """All-in raises in a row since the last reopening (`largest-raise`, R8.8)."""
        self._due = []
        """Who was due to act as the round began (R8.28)."""
        self.uncapped = False

    def _open_first_round(self) -> None:
        """The first round opens on the blinds, already posted and dealt over."""
        rules = self.profile
        # The big blind is the round's opening bet (R3.6) but not an action, so its
        # option stands (R3.7). Whether it counts towards the cap is the profile's (R8.6).
        self.raises = 1 if rules.cap_counts_blind else 0
        # A raise goes over the full big blind, or over what was posted if it was short (R8.26).
        self._level = max(self.committed)
        if (
            rules.call_full_big_blind
            and self._level < rules.big_blind
            and self._players_who_can_bet() > 1
        ):
            # A big blind posted short: the others still call the whole blind (R8.26), where
            # two of them can contest what goes over it; alone, a player just matches it.
            self._level = rules.big_blind
        self.full_level = self._level if rules.raise_over_posted_blind else rules.big_blind
        self.increment = self._opening_increment
        self.uncapped = self._lift_cap()
        self._due = self._due_to_act()
        live = self.live_table
        if live.kill is None and live.straddle is None:
            self._continue_betting(self.big_blind)
            return
        # A kill or a straddle is the level to match and the full bet a raise goes over,
        # but not a level of the cap; the action starts after it if it acts last (R19.4-6).
        self.full_level = self._level
        self._continue_betting(live.opens_after(self.big_blind))

    def _start_betting(self, number: int) -> None:
        self.phase = _phase("bet", number)
        self._drawing = False
        self._round_bet = self.profile.bet_sizes[number - 1]
        self.committed = [0] * self.seats
        self._level = 0
        self._acted = [-1] * self.seats
        self._epoch = 0
        self._largest = 0
        self._shorts = []
        self.raises = 0
        self.full_level = 0
        self.increment = self._opening_increment
        self.last_aggressor = None
        if self._betting_is_over():
            self._log("no-betting", None, "R5.7", note="a player is all-in")
            self._end_betting_round()
            return
        self.uncapped = self._lift_cap()
        self._due = self._due_to_act()
        self._continue_betting(self.dealer if self.dealer in self.order else self.order[-1])

    def _continue_betting(self, after: int) -> None:
        """Pass the turn to the next player after `after` who must act, or end the round."""
        # `after` is positional: in Python 3.11 a call with a keyword argument is not
        # specialised and costs a few times a plain one, and this runs after every action.
        level = self._level
        committed, folded, stacks, acted = self.committed, self.folded, self.stacks, self._acted
        for seat in self._after[after]:
            # The quick cases of `_needs_action` first: this runs after every action.
            if folded[seat] or not stacks[seat]:
                continue
            if committed[seat] < level or (acted[seat] == -1 and self._needs_action(seat, level)):
                self.to_act = seat
                return
        self._end_betting_round()

    def _needs_action(self, seat: int, level: int) -> bool:
        """Whether `seat` must still act in this round, `level` being the bet to match."""
        if self.folded[seat] or self.stacks[seat] == 0:
            return False
        if self.committed[seat] < level:
            return True
        if self._acted[seat] != -1:
            return False
        if self._keep_turn:
            return self._due[seat]
        return not self._opponent_all_in(seat)

    def _due_to_act(self) -> list[bool]:
        """Who must act in the round about to begin, if no one bets (R8.28): a player with
        chips facing another player still in who has more in front of them, counting their
        stack, than this player has bet."""
        if not self._keep_turn:
            return []
        stacks, committed, folded = self.stacks, self.committed, self.folded
        # The two largest totals of players still in: each player's "others" maximum is the
        # largest, unless that player holds it alone.
        first = second = -1
        holder = -1
        for seat in self.order:
            if not folded[seat]:
                total = committed[seat] + stacks[seat]
                if total > first:
                    first, second, holder = total, first, seat
                elif total > second:
                    second = total
        due = [False] * self.seats
        for seat in self.order:
            if not folded[seat] and stacks[seat]:
                due[seat] = (second if seat == holder else first) > committed[seat]
        return due

    def _lift_cap(self, now_heads_up: bool = False) -> bool:
        """Whether the cap is off for two players (R8.7), at a round's start or when the
        action becomes heads-up."""
        # No keyword-only marker: Python 3.11 does not specialise a call to a function that
        # has keyword-only parameters, however it is called, and this runs every round.
        policy = self.profile.cap_heads_up
        if policy == "never" or self._players_who_can_bet() != 2:
            return False
        if policy == "round-begins-heads-up":
            return not now_heads_up
        return not self._capped()

    def _players_who_can_bet(self) -> int:
        """Players still in with chips behind: a player all-in takes no part in the raising,
        so the WSOP caps only pots of "three or more participants who are not all-in"."""
        folded, stacks = self.folded, self.stacks
        return sum(1 for seat in self.order if not folded[seat] and stacks[seat] > 0)

    def _betting_is_over(self) -> bool:
        """With at most one player able to bet, nobody bets again; the draws are still
        played (R5.7, R8.16)."""
        folded, stacks = self.folded, self.stacks
        able = 0
        for seat in self.order:
            if not folded[seat] and stacks[seat] > 0:
                able += 1
                if able == 2:  # enough to know, at the start of every round
                    return False
        return True

    def _bet(self, action: Action) -> None:
        # Unpacked at once: each NamedTuple field read is a descriptor lookup in Python 3.11.
        seat, kind, amount, _ = action
        for option in self._legal or self.legal_actions():  # usually already asked for
            if option.kind is kind:
                break
        else:
            self._refuse(seat, kind)
            raise AssertionError("unreachable")  # pragma: no cover
        _, adds, to, all_in, most = option
        if kind is ALL_IN and amount is not None and amount < adds:
            raise illegal("not-all-in", f"all-in means the whole stack of {adds}, not {amount}")
        if most and kind is not ALL_IN:
            _, adds, to, all_in, most = self._sized(seat, option, amount)
        elif amount is not None:
            expected = to if kind in (BET, RAISE) else adds
            if amount != expected:
                what = f"{kind.value} to" if kind in (BET, RAISE) else kind.value
                raise illegal("wrong-amount", f"{what} {expected} here, not {amount}")
        if kind is FOLD:
            self._fold(seat)
            return
        committed = self.committed
        level = self._level
        self.stacks[seat] -= adds
        committed[seat] += adds
        self.total[seat] += adds
        now = committed[seat]
        if now > level:
            self._level = now
            self._raised(seat, level, now, all_in)
        self._acted[seat] = self._epoch
        rule = _RULE_OF_BET[kind]
        note = ""
        if self._big_bet and kind is not CALL and kind is not CHECK:
            rule = "R14.3" if kind is RAISE else "R14.2"
        if all_in:
            note = "all-in"
            over = now - level
            if over < 0:
                rule = "R5.4"  # a short call: the uncovered part goes back at the end
            elif self._big_bet and over > 0:
                rule = "R14.6"
            elif 0 < over < self._round_bet:
                rule = "R5.6"  # more than a call, less than a full bet or raise
            elif kind is ALL_IN:
                rule = "R3.5" if over == 0 or self.raises > 1 else "R3.2"
            if not self.uncapped and self._cap:
                # One player fewer can bet: the action may now be heads-up (R8.7).
                self.uncapped = self._lift_cap(True)
        # `_log`, inlined: the one event of nearly every action.
        self._rows.append(
            (_NAME_OF[kind], seat, rule, adds, (), (), note, sum(self.total), tuple(self.stacks))
        )
        self._continue_betting(seat)

    def _fold(self, seat: int) -> None:
        self.folded[seat] = True
        self._acted[seat] = self._epoch
        self._muck.append((tuple(self.holdings[seat]), FOLDED, 0))
        self._rows.append(
            ("fold", seat, "R3.10", 0, (), (), "", sum(self.total), tuple(self.stacks))
        )
        if not self._hand_ended_by_fold():
            self._continue_betting(seat)

    def _hand_ended_by_fold(self) -> bool:
        """After a fold: settle the hand if one player is left, else see whether the cap
        comes off now that the action may be heads-up (R3.10, R8.7)."""
        # Seats not dealt in are marked folded too, so this counts the players still in.
        left = self.folded.count(False)
        if left == 1:
            self._end_round_returns()
            self._settle_fold(self.live()[0])
            return True
        if not self.uncapped and self._cap:
            self.uncapped = self._lift_cap(True)
        return False

    def _may_fold_all_in(self, seat: int) -> bool:
        """An all-in player still in the hand may give it up if the profile says so (R8.25)."""
        return (
            self.profile.all_in_may_fold
            and 0 <= seat < self.seats
            and not self.folded[seat]
            and self.stacks[seat] == 0
        )

    def _fold_all_in(self, seat: int) -> None:
        """The all-in player's chips stay in the pots; the turn stays where it was (R8.25)."""
        self.folded[seat] = True
        self._muck.append((tuple(self.holdings[seat]), FOLDED, 0))
        self._log("fold", seat, "R8.25", note="all-in")
        if self._hand_ended_by_fold():
            return
        # The player to act may no longer need to (nobody left to bet against): look again
        # from their seat.
        order = self.order
        assert self.to_act is not None
        self._continue_betting(order[order.index(self.to_act) - 1])

    def _end_round_returns(self) -> None:
        """Uncalled chips go back when the round ends, if the profile says so (R8.12)."""
        # A largest bet that someone matched leaves nothing uncalled: the usual round's end,
        # told by one C-level count rather than `uncalled`'s scans.
        if not self._round_end_returns or self.committed.count(self._level) > 1:
            return
        seat, extra = _pots.uncalled(self.committed)
        if extra:
            self.committed[seat] -= extra
            self._level = self.committed[seat]  # the next largest, now the largest
            self.total[seat] -= extra
            self.stacks[seat] += extra
            self.returned[seat] += extra
            self._log("return", seat, "R8.12", amount=extra)

    def _end_betting_round(self) -> None:
        self.to_act = None
        self._end_round_returns()
        if self.phase.number == self._rounds:
            self._showdown()
        else:
            self._start_draw(self.phase.number)
