"""Waypoints: situations random play reaches thinly, read from a trial our engine played.

Each names the rule it exercises: a capped round, the stub short, a reshuffle, the last
card, a short all-in, a side pot, a tie in it and its odd chip, a split pot and an odd chip
between the halves, a bust and a bust to heads-up, a session's end, a live post, every
refusal code (`refused:CODE`). They are read from the trial's statements (what our engine
stated after each step, and the refusals it gave), so a cut or replayed trial has them too.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Final

from badugi_spec.engine.actions import Kind
from badugi_spec.engine.codes import CODES
from badugi_spec.engine.hand import Hand
from badugi_spec.fuzz.trial import Trial
from badugi_spec.profiles.model import Profile

WAYPOINTS: Final = {
    "cap": ("R3.6", "a betting round capped: a call, and no raise left"),
    "cap-heads-up": ("R8.7", "a round capped at a table of two"),
    "stub-short": ("R4.6", "a draw the stub could not serve in full"),
    "reshuffle": ("R8.18", "the discards reshuffled into a new stub"),
    "burn-after-reshuffle": ("R8.21", "a reshuffle under a profile that burns after it"),
    "last-card": ("R8.19", "a draw that ran the stub to its last card"),
    "short-all-in": ("R8.8", "an all-in for less than a full bet or raise"),
    "half-bet-all-in": (
        "R8.8",
        "an all-in of half a bet or more read as a full raise, a raise open",
    ),
    "half-bet-completed": ("R8.9", "an all-in of half a bet or more that a raise completes, open"),
    "raise-over-short-all-in": ("R8.9", "a raise in the round of a short all-in: complete it"),
    "short-all-ins-in-a-round": (
        "R14.6",
        "big bet: two all-ins short of a full raise in one round, which may add up to one",
    ),
    "short-all-ins-add-up": (
        "R14.6",
        "big bet: short all-ins since a player acted add up to a full raise, and what they"
        " face is less than one: call or fold only",
    ),
    "side-pot": ("R8.13", "a side pot"),
    "tied-pot": ("R5.2", "a pot shared by tied hands"),
    "odd-chip": ("R8.15", "a tied pot whose chips do not divide evenly"),
    "tied-side-pot": ("R8.15", "a tie in a side pot"),
    "split-pot": ("R8.29", "a pot split between two rankings"),
    "odd-chip-between-halves": ("R8.30", "a split pot with an odd chip between its halves"),
    "bust": ("R6.4", "a player out of chips"),
    "bust-to-heads-up": ("R8.23", "a session down to two players with chips"),
    "dead-button": ("R8.23", "a hand dealt after a bust, under a dead button"),
    "session-over": ("R6.4", "a session played to its end"),
    "session-tie": ("R6.5", "a session that ends in a tie"),
    "live-post": ("R8.3", "a live big blind posted before the deal"),
    "blind-passes-a-player-out": (
        "R19.2",
        "a blind moved past a player with chips not dealt in: one sitting out misses it",
    ),
    "dead-blind": ("R19.3", "a missed small blind posted dead by a player coming back"),
    "button-passes-a-player-out": (
        "R8.23",
        "a hand after one with a player not dealt in just left of the button: where the"
        " readings of the button's move part ways (PokerStars' R11.9, R19.1)",
    ),
    "showdown": ("R8.22", "hands shown"),
    "all-in-at-a-quiet-showdown": (
        "R8.22",
        "two or more hands shown, one all-in, nobody bet the last round: the show orders part",
    ),
    "returned": ("R8.12", "uncalled chips given back"),
    "below-half-bet-all-in": (
        "R8.8",
        "an all-in short of half a bet over the last full level, under a half-bet reading:"
        " it reopens nothing",
    ),
    "draw-cut-short": (
        "R8.33",
        "a draw offered below the most the profile allows: the deck cannot serve every size",
    ),
    "wider-last-round": ("R14.8", "a spread game's last round offered wider than the others"),
    "off-the-chip": ("R14.9", "an amount off the chip refused, in chips above one"),
}
"""Each waypoint's rule and what it is; `refused:CODE` waypoints come from `CODES`."""
REFUSED: Final = "refused:"
_SHORT: Final = ("R5.6", "R8.8", "R14.6")
"""The rules an all-in for less than a full bet or raise is logged under."""
_WINNERS: Final = re.compile(r"^(main pot|side pot \d+) (\d+) between .*? to (.+)$")
_HALF: Final = re.compile(r"^half \S+ of (main pot|side pot \d+) (\d+)")


def waypoint_rule(name: str) -> str:
    if name.startswith(REFUSED):
        known = CODES.get(name[len(REFUSED) :])
        return known.rule if known is not None else ""
    return WAYPOINTS[name][0] if name in WAYPOINTS else ""


def waypoint_names() -> list[str]:
    return [*WAYPOINTS, *(REFUSED + code for code in CODES)]


def waypoints(trial: Trial) -> set[str]:
    points: set[str] = set()
    names = len(trial.names)
    if trial.first_posts:
        points.add("live-post")
    capped = trial.profile.cap is not None and trial.profile.cap > 0
    unit = trial.profile.chip_unit
    short_in: tuple[int, str] | None = None
    """The hand and round of the last short all-in: a raise after it there completes it."""
    halves: list[str] = []
    """The `half` lines (`split_halves`), gathered here rather than in a pass of their own."""
    for index, statement in enumerate(trial.statements):
        text, kind = statement.text, statement.kind
        if kind == "expect" and text.startswith("stacks "):
            if index > trial.ends.get(statement.hand, len(trial.statements)):
                points |= _busts(text, names)
            continue
        if kind == "expect" and _quiet(text):
            continue  # most checks (`turn`, `pot`, `phase`): nothing `expected` reads
        if kind == "reject":
            said, _, code = text.rpartition(" with ")
            points.add(REFUSED + code)
            if unit > 1 and _off_the_chip(said, unit):
                points.add("off-the-chip")
            if code == "deck-short":
                points.add("stub-short")
        elif kind == "hand" and "posts a live big blind" in text:
            points.add("live-post")
        elif kind == "act" and "goes all-in" in text and statement.rule in _SHORT:
            points.add("short-all-in")
            here = (statement.hand, statement.phase)
            if here == short_in and not capped:
                points.add("short-all-ins-in-a-round")
            short_in = here
        elif kind == "act" and " raises" in text and short_in == (statement.hand, statement.phase):
            points.add("raise-over-short-all-in")
        elif kind == "expect":
            points |= _read(text, capped=capped, names=names)  # (not quiet: told above)
            if text.startswith("legal "):
                points |= _offered(text, trial.profile)
            elif text.startswith("half "):
                halves.append(text)
    if split_halves(halves):
        points.add("odd-chip-between-halves")
    if "reshuffle" in points and trial.profile.burn_after_reshuffle:
        points.add("burn-after-reshuffle")
    if "R5.6" in trial.rules or "R14.6" in trial.rules:
        points.add("short-all-in")
    if "cap" in points and names == 2:
        points.add("cap-heads-up")
    if trial.profile.button_moves == "dead-button" and _after_a_bust(trial.played):
        points.add("dead-button")
    if trial.hands > 1:
        points |= _live(trial.played)
    return points | trial.marks


def _offered(text: str, profile: Profile) -> set[str]:
    """The thin corners a `legal` line shows: a draw the deck cannot serve in full (R8.33),
    a spread wider than the others' (R14.8, the last round's)."""
    if profile.spread_last_max <= profile.spread_max and "draw" not in text:
        return set()  # (told before the words are split: most lines, most profiles)
    words = text.replace(",", "").split()
    if words[1] == "draw":
        most = int(words[2].rpartition("-")[2])
        return {"draw-cut-short"} if most < min(profile.max_discards, profile.hand_size) else set()
    if profile.spread_last_max <= profile.spread_max:
        return set()
    width = profile.spread_max - profile.spread_min
    for before, amounts in itertools.pairwise(words):
        low, dash, high = amounts.partition("-")
        if before in ("bet", "to") and dash and int(high) - int(low) > width:
            return {"wider-last-round"}
    return set()


def _off_the_chip(said: str, unit: int) -> bool:
    """A refused bet, raise or all-in whose amount is not a whole number of chips (R14.9)."""
    last = said.rsplit(" ", 1)[-1]
    return last.isdigit() and int(last) % unit != 0


def _live(hands: list[Hand]) -> set[str]:
    """The live table's thin corners, read from the hands' own placing (R19.1 to R19.3):
    the statements show a player's absence only as cards not dealt."""
    points: set[str] = set()
    for earlier, later in itertools.pairwise(hands):
        seats, out = len(later.start_stacks), earlier.live_table.out
        if not out:
            continue
        # Left of the button, before the small blind: a seat the next button passes by
        # (R11.9) or lands on (the moving button, R19.1), one that has chips still.
        between = range(1, (earlier.small_blind - earlier.dealer) % seats)
        if any((earlier.dealer + k) % seats in out for k in between):
            points.add("button-passes-a-player-out")
        moved = ((earlier.small_blind, later.small_blind), (earlier.big_blind, later.big_blind))
        if any(
            0 < (seat - low) % seats <= (high - low) % seats
            for seat in later.live_table.out & out
            for low, high in moved
        ):
            points.add("blind-passes-a-player-out")
    if any(hand.live_table.dead for hand in hands):
        points.add("dead-blind")
    return points


def _after_a_bust(hands: list[Hand]) -> bool:
    """A hand dealt after its blind busted, or after a bust left two players with chips:
    under a dead button the blinds and button are then placed past the busted seat, or
    heads-up (R8.23), where a dead button and a button moving every hand part ways."""
    for earlier, later in itertools.pairwise(hands):
        busted = {
            s for s, chips in enumerate(later.start_stacks) if earlier.start_stacks[s] and not chips
        }
        left = sum(1 for chips in later.start_stacks if chips)
        if busted & {earlier.small_blind, earlier.big_blind} or (busted and left == 2):
            return True
    return False


class Watch:
    """What the statements do not show, watched in our engine's state as a trial is
    played: an all-in of at least half a bet over the last full level and short of a full
    bet or raise, under a half-bet reading, with a raise still open after it: where WSOP's
    full raise (`half-bet-all-in`, R12.2) and PokerStars' completion (`half-bet-completed`,
    R11.2) part ways, each a waypoint of its own."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self._pending = ""
        """The round of a half-bet all-in, until the next decision in it."""
        self._before: tuple[int, int, int, int, int] | None = None

    def before(self, hand: Hand) -> None:
        """At a decision: a raise open in the round of a half-bet all-in; short all-ins
        that add up to a raise faced by one who has acted; and the levels the action is
        played against."""
        seat = hand.to_act
        if hand._big_bet and not hand._drawing and seat is not None and _short_rest(hand, seat):
            self.seen.add("short-all-ins-add-up")
        if self._pending:
            kinds = {option.kind for option in hand.legal_actions()}
            if self._pending == str(hand.phase) and Kind.RAISE in kinds:
                full = hand.profile.short_all_in == "half-bet-full-raise"
                self.seen.add("half-bet-all-in" if full else "half-bet-completed")
            self._pending = ""
        rules = hand.profile
        if seat is None or not rules.cap or not rules.short_all_in.startswith("half-bet"):
            self._before = None
            return
        reach = hand.committed[seat] + hand.stacks[seat]
        self._before = (seat, reach, hand.bet_to_match, hand.full_level, hand.bet_size)

    def after(self, hand: Hand) -> None:
        if hand.is_over:
            if _quiet_all_in_showdown(hand):
                self.seen.add("all-in-at-a-quiet-showdown")
            return
        if self._before is None:
            return
        seat, reach, level, full, bet = self._before
        if hand.stacks[seat] == 0 and level < reach < full + bet and 2 * (reach - full) >= bet:
            self._pending = str(hand.phase)
        elif hand.stacks[seat] == 0 and full < reach and level < reach and 2 * (reach - full) < bet:
            self.seen.add("below-half-bet-all-in")


def _short_rest(hand: Hand, seat: int) -> bool:
    """Big bet: `seat` has acted this round, short all-ins since then have reopened the
    betting by adding up to a full raise, yet what `seat` faces is less than one: the
    seat may only call or fold (R14.6, TDA 41), where an engine that measures the faced
    raise against the largest voluntary one (the blind left out) offers a raise. Read
    from the betting round's own counters: no statement shows it."""
    acted = hand._acted[seat]
    if acted == -1 or acted == hand._epoch or hand._largest_raise:
        return False
    faced = max(hand.committed) - hand.committed[seat]
    return hand._largest <= faced < hand.increment


def _quiet_all_in_showdown(hand: Hand) -> bool:
    """Two or more hands shown, one of them all-in (everything it began with is in the
    pots), and no bet in the last round: where the show-order readings part (R8.22)."""
    result = hand.result
    if result is None or result.ended_by != "showdown" or hand.last_aggressor is not None:
        return False
    live = hand.live()
    put_in, began = hand.total, hand.start_stacks
    return len(live) > 1 and any(put_in[seat] >= began[seat] for seat in live)


_MAY_SHOW: Final = ("legal", "reshuffles", "stub", "session", "half", "main pot", "side pot")
"""How a check that `expected` reads a waypoint from starts, unless a player `shows` or
`gets back`."""


def _quiet(text: str) -> bool:
    """Whether `expected` reads nothing in `text`, told without splitting it: most checks
    (`turn Ann`, `pot 6`, `phase bet-2`) are read for nothing, a statement at a time."""
    return (
        not text.startswith(_MAY_SHOW)
        and "shows" not in text
        and "gets" not in text
        and text[:1].isalnum()  # (nothing split off before the first word)
    )


def expected(text: str, *, capped: bool, names: int) -> set[str]:
    """The waypoints one `expect` check shows."""
    return set() if _quiet(text) else _read(text, capped=capped, names=names)


def _read(text: str, *, capped: bool, names: int) -> set[str]:
    points: set[str] = set()
    words = text.split()
    if words[0] == "legal" and capped and "call" in words and not {"raise", "all-in"} & set(words):
        points.add("cap")
    elif words[0] == "reshuffles" and words[1] != "0":
        points.add("reshuffle")
    elif words[0] == "stub" and words[1] == "0":
        points.add("last-card")
    elif words[0] == "session" and words[1] == "over":
        points.add("session-over")
        if words[-2] == "tie" or " tie " in text:
            points.add("session-tie")
    elif len(words) > 1 and words[1] == "shows":
        points.add("showdown")
    elif len(words) > 2 and words[1:3] == ["gets", "back"]:
        points.add("returned")
    elif words[0] == "half":
        points.add("split-pot")
    found = _WINNERS.match(text)
    if found is not None:
        label, amount, shares = found.groups()
        if label.startswith("side"):
            points.add("side-pot")
        winners = shares.split(", ")
        if len(winners) > 1:
            points.add("tied-pot")
            if label.startswith("side"):
                points.add("tied-side-pot")
            if int(amount) % len(winners):
                points.add("odd-chip")
    return points


def _busts(text: str, names: int) -> set[str]:
    """A hand's last `stacks`: a player out of chips, and the table down to two."""
    chips = [int(w.strip(",")) for w in text.split()[2::2] if w.strip(",").isdigit()]
    if 0 not in chips:
        return set()
    left = sum(1 for c in chips if c)
    return {"bust", "bust-to-heads-up"} if names > 2 and left == 2 else {"bust"}


def split_halves(texts: Iterable[str]) -> bool:
    """Whether two `half` lines of one pot differ in amount: an odd chip between them."""
    seen: dict[str, set[int]] = {}
    for text in texts:
        found = _HALF.match(text)
        if found is not None:
            seen.setdefault(found.group(1), set()).add(int(found.group(2)))
    return any(len(amounts) > 1 for amounts in seen.values())


__all__ = [
    "REFUSED",
    "WAYPOINTS",
    "Watch",
    "expected",
    "split_halves",
    "waypoint_names",
    "waypoint_rule",
    "waypoints",
]
