"""PokerKit's game for a profile: what PokerKit reads its own way, what it cannot play, and
the state that plays the rest (`game_maker`).

PokerKit (PyPI `pokerkit`, an optional extra) is an independent implementation of the game.
It is set up from a profile with only the settings PokerKit itself offers:

- Players in PokerKit's order, which is ours (R8.2): clockwise from the first seat left
  of the button, the button last. Heads-up PokerKit reverses the blinds, so its player 0
  is the big blind, which is also the first seat left of the button.
- Blinds, antes and the two bet sizes from the profile; `Mode.CASH_GAME` when the profile
  allows a fold with nothing to call (PokerKit then accepts it with a warning, R8.11),
  else `Mode.TOURNAMENT`, which refuses it.
- The cap. PokerKit counts bets and raises, not the blind:
  `max_completion_betting_or_raising_count` per street. A profile that counts the blind
  (the house, R3.6) gets one fewer before the draw. PokerKit's own value, 4 on every
  street, is the `pokerkit` profile's (R13.1).

Everything else PokerKit fixes itself: `unplayable` says which profiles it therefore
cannot play, `pokerkit_readings` what a profile must take from it to be compared. Kept
apart from the replay (`bridge`) because the adapter and the benchmarks set PokerKit up
too, without replaying anything. The card maps are here for the same reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial

import pokerkit

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.betting import opening_increment
from badugi_spec.interop.pokerkit.rankings_check import POKERKIT_CLASSES
from badugi_spec.profiles.model import HOUSE, Profile

AUTOMATIONS: tuple[pokerkit.Automation, ...] = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
"""Bookkeeping only. Dealing, burning, drawing and showing are done by hand, card by card."""

TO_PK: dict[Card, pokerkit.Card] = {card: next(pokerkit.Card.parse(str(card))) for card in DECK}
FROM_PK: dict[pokerkit.Card, Card] = {pk: card for card, pk in TO_PK.items()}

REFILL_PILES = ("discards", "current-discards", "folded", "burns")
"""What PokerKit refills an empty deck from (R13.4), in our pile names (R8.18)."""


REOPENINGS = ("full-bet", "largest-raise")
"""The readings of R8.8 PokerKit can play: heads-up both are its own."""

HAND_TYPES: dict[str, type[pokerkit.Hand]] = {
    name: getattr(pokerkit, class_name) for name, class_name in POKERKIT_CLASSES.items()
}
"""PokerKit's hand type for each of our rankings (R9), checked hand by hand in
`badugi_spec.interop.pokerkit.rankings_check`."""


POKERKIT_BETTING: dict[str, object] = {
    "short_all_in": "largest-raise",
    "complete_short_all_in": False,
    "cap_counts_short_all_in": True,
    "raise_over_posted_blind": True,
    "covered_is_all_in": True,
    "keep_turn_when_others_all_in": True,
    "odd_chip": "all-to-first-left-of-button",
}
"""How PokerKit bets and splits (R13). With two players every other value of these plays
the same: after a short all-in, a short blind or a fold, nobody is left to raise against."""


STRUCTURES: dict[str, pokerkit.BettingStructure] = {
    "fixed-limit": pokerkit.BettingStructure.FIXED_LIMIT,
    "pot-limit": pokerkit.BettingStructure.POT_LIMIT,
    "no-limit": pokerkit.BettingStructure.NO_LIMIT,
}
"""PokerKit's betting structures, by our names (R14.1); half-pot and spread have none."""

Game = Callable[[tuple[int, ...], int], pokerkit.State]
"""Makes PokerKit's state for (starting stacks, players): a FixedLimitBadugi, or the
same game with another betting structure."""


POKERKIT_BIG_BET: dict[str, object] = {
    name: POKERKIT_BETTING[name]
    for name in (
        "short_all_in",
        "raise_over_posted_blind",
        "covered_is_all_in",
        "keep_turn_when_others_all_in",
        "odd_chip",
    )
} | {"pots_without_losers": True}
"""PokerKit's readings that a pot-limit or no-limit game shows too with more than two
players: its reopening (R13.2), its multi-way edges (R13.5) and its pots formed again
without the losing hands (R13.6). The others are about the limit cap, which an uncapped
big-bet game does not have."""


POKERKIT_DRAWS: dict[str, object] = {
    "draw_delivery": "after-all-declare",
    "reshuffle": REFILL_PILES,
    "last_card": "dealt",
    "own_discards_back": True,
    "burn_after_reshuffle": False,
}
"""How PokerKit draws and refills its deck (R13.4), at any table size."""

POKERKIT_SHOWDOWN: dict[str, object] = {"show_order": "last-aggressor"}
"""PokerKit opens the showdown at the final round's opener and keeps the rest in seat order,
all-in players too (R8.22, R13.8): the split games' face-up-if-all-in order is not its."""

POKERKIT_BLINDS: dict[str, object] = {"call_full_big_blind": False}
"""After a big blind posted short, PokerKit's call is what was posted (R8.26), at any table:
heads-up too, the option it offers is that call."""

POKERKIT_HALVES: dict[str, object] = {
    "odd_chip_between_halves": "first-listed",
    "pots_without_losers": True,
}
"""PokerKit gives the odd chip between a pot's halves to the hand type listed first
(R8.30, R13.6), and halves its pots after the hands that win nothing are out (R8.31)."""

READING_RULES: dict[str, str] = {
    "short_all_in": "R13.2",
    "complete_short_all_in": "R13.2",
    "cap_counts_short_all_in": "R13.1",
    **dict.fromkeys(POKERKIT_DRAWS, "R13.4"),
    **dict.fromkeys(
        ("raise_over_posted_blind", "covered_is_all_in", "keep_turn_when_others_all_in"),
        "R13.5",
    ),
    "odd_chip": "R13.5",
    "call_full_big_blind": "R13.3",
    "odd_chip_between_halves": "R13.6",
    "pots_without_losers": "R13.6",
    "show_order": "R13.8",
}
"""The rule of chapter R13 that says how PokerKit reads each parameter."""


def pokerkit_readings(profile: Profile, *, seats: int) -> dict[str, object]:
    """What a pot-limit, no-limit or split-pot profile must take from PokerKit to be
    compared with it at `seats` players, where they differ (empty: none).

    These are rules PokerKit reads its own way in any game, each a parameter of its own
    (R8.8, R8.15, R8.18, R8.26-R8.28, R8.30); `--profile pokerkit` checks them in plain
    fixed-limit Badugi. A big-bet cross-check takes PokerKit's reopening (R13.2),
    multi-way edges (R13.5) and pots (R13.6) at 3+ seats, and compares what is new in
    chapter R14: the ranges, the pot and the all-ins. A split-pot cross-check (R21, R22)
    takes PokerKit's draws and refills (R13.4), its odd chip between the halves (R13.6)
    and, in fixed limit, its reopening and multi-way edges (R13.2, R13.5), and compares
    what is new: five cards, draws of up to five, the two rankings and each pot's halves.
    Other fixed-limit profiles are left alone: `unplayable` says why PokerKit cannot play
    them.
    """
    wanted: dict[str, object] = {}
    big_bet = profile.betting in ("pot-limit", "no-limit")
    if big_bet and seats > 2:
        wanted |= POKERKIT_BIG_BET
    if big_bet:
        wanted |= POKERKIT_SHOWDOWN
    if len(profile.halves) > 1:
        wanted |= POKERKIT_DRAWS | POKERKIT_HALVES | POKERKIT_BLINDS | POKERKIT_SHOWDOWN
        if not big_bet and seats > 2:
            wanted |= POKERKIT_BETTING
        elif not big_bet and profile.short_all_in not in REOPENINGS:
            # Heads-up both readings play the same (see POKERKIT_BETTING).
            wanted["short_all_in"] = POKERKIT_BETTING["short_all_in"]
    return {name: value for name, value in wanted.items() if getattr(profile, name) != value}


def reading_rules(readings: dict[str, object]) -> list[str]:
    """The rules of chapter R13 behind `readings`, in rulebook order."""
    rules = {READING_RULES[name] for name in readings}
    return sorted(rules, key=lambda rule: int(rule.rsplit(".", 1)[1]))


def unplayable(profile: Profile, *, seats: int | None = None) -> list[str]:
    """Why PokerKit cannot play `profile` at `seats` players (default: its most) (empty:
    it can), with `FixedLimitBadugi` or its pot-limit or no-limit `State` (`game_maker`).

    PokerKit fixes these choices itself; the bridge sets only blinds, antes, bet sizes or
    the least bet, the cap, the betting structure and the fold mode.
    """
    reasons: list[str] = []
    players = profile.max_seats if seats is None else seats
    if profile.betting not in STRUCTURES:
        reasons.append(
            f"betting {profile.betting}: PokerKit has fixed limit, pot limit and no limit only"
        )
    if profile.all_in_may_fold:
        reasons.append("PokerKit never asks an all-in player to act")
    small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
    if profile.betting == "fixed-limit" and profile.bet_sizes != (small, small, big, big):
        reasons.append(
            f"bet_sizes {list(profile.bet_sizes)}: PokerKit plays small, small, big, big"
        )
    if profile.betting_rounds != 4:
        reasons.append("PokerKit's triple draw has four betting rounds")
    if profile.betting in ("pot-limit", "no-limit"):
        reasons += _big_bet_unplayable(profile)
    if profile.max_discards != profile.hand_size:
        reasons.append(
            f"max_discards {profile.max_discards}: PokerKit lets a player discard every card"
        )
    reasons += [
        f"ranking {name}: PokerKit has no hand type for it"
        for name in profile.halves
        if name not in HAND_TYPES
    ]
    if len(profile.halves) > 1 and profile.odd_chip_between_halves != "first-listed":
        reasons.append(
            "PokerKit gives the odd chip between the halves to the first ranking"
            ' (odd_chip_between_halves = "first-listed", R13.6)'
        )
    if profile.burns_per_draw != 1 or not profile.burn_when_all_pat:
        reasons.append("PokerKit burns one card at every draw")
    if profile.cap_heads_up != "never":
        reasons.append("PokerKit never lifts the cap")
    if profile.call_full_big_blind:
        reasons.append("PokerKit's call after a short big blind is what was posted (R13.3)")
    if players > 2:
        readings = POKERKIT_BETTING if profile.betting == "fixed-limit" else POKERKIT_BIG_BET
        reasons += [
            f"PokerKit plays {name} = {value!r} with more than two players"
            for name, value in readings.items()
            if getattr(profile, name) != value
        ]
    elif profile.betting == "fixed-limit" and profile.short_all_in not in (
        "full-bet",
        "largest-raise",
    ):
        reasons.append("PokerKit reopens the betting only on a full bet")
    if profile.reshuffle and sorted(profile.reshuffle) != sorted(REFILL_PILES):
        reasons.append(f"PokerKit refills from {', '.join(REFILL_PILES)}")
    if profile.reshuffle and profile.draw_delivery != "after-all-declare":
        reasons.append("PokerKit deals replacements once everyone has declared")
    if profile.last_card != "dealt" or not profile.own_discards_back:
        reasons.append("PokerKit deals every card and may give back one's own discards")
    if profile.burn_after_reshuffle:
        reasons.append("PokerKit does not burn after a refill")
    if profile.return_uncalled == "settlement" and players > 2:
        reasons.append("uncalled chips at the settlement are compared heads-up only")
    return reasons


def _big_bet_unplayable(profile: Profile) -> list[str]:
    """What a pot-limit or no-limit profile asks of PokerKit's `State` that it lacks."""
    reasons: list[str] = []
    if profile.cap:
        # PokerKit counts every bet and raise, short all-ins too; R14 counts full ones.
        reasons.append("PokerKit's big-bet games have no cap on the raises")
    if profile.chip_unit != 1:
        reasons.append("PokerKit has no chip unit: every amount is a whole chip")
    if profile.short_all_in not in REOPENINGS:
        reasons.append("PokerKit has no limit-poker reopening in a big-bet game (R14.6)")
    return reasons


def _mode(profile: Profile) -> pokerkit.Mode:
    return pokerkit.Mode.CASH_GAME if profile.fold_when_free else pokerkit.Mode.TOURNAMENT


def game_maker(
    profile: Profile,
    *,
    seats: int | None = None,
    automations: tuple[pokerkit.Automation, ...] = AUTOMATIONS,
) -> Game:
    """What makes PokerKit's state for `profile`: its `FixedLimitBadugi` (see `game_for`)
    for plain four-card Badugi in fixed limit, else a `State` built the way
    `FixedLimitBadugi` builds its own.

    PokerKit has no pot-limit or no-limit Badugi and no Badeucy or Badacy. Its state here
    has the same deck and streets as `FixedLimitBadugi` (the deal, then three draws, each
    betting round opened by position), with the profile's hand size, a hand type per
    ranking of `Profile.halves` (PokerKit splits each pot between them, R8.29), the
    structure's `BettingStructure`, and per street the bet size and cap of `game_for`, or
    in a big-bet game the least bet (R14.2) and no cap (R14.4).
    """
    reasons = unplayable(profile, seats=seats)
    if reasons:
        raise ValueError(f"PokerKit cannot play {profile.name}: {reasons[0]}")
    if profile.betting == "fixed-limit" and _plain(profile):
        game = game_for(profile, seats=seats)
        game.automations = automations
        return game
    limit = pokerkit.FixedLimitBadugi
    first, *later = limit(automations, True, 0, (1, 2), 1, 2).streets
    dealt = dataclasses.replace(first, hole_dealing_statuses=(False,) * profile.hand_size)
    streets = tuple(
        dataclasses.replace(
            street,
            min_completion_betting_or_raising_amount=amount,
            max_completion_betting_or_raising_count=count,
        )
        for street, (amount, count) in zip((dealt, *later), _limits(profile), strict=True)
    )
    return partial(
        pokerkit.State,
        automations,
        limit.deck,
        tuple(HAND_TYPES[name] for name in profile.halves),
        streets,
        STRUCTURES[profile.betting],
        True,
        profile.ante,
        (profile.small_blind, profile.big_blind),
        0,
        mode=_mode(profile),
    )


def _plain(profile: Profile) -> bool:
    """The game of `FixedLimitBadugi`: four cards, one Badugi ranking, aces low."""
    return profile.hand_size == 4 and profile.halves == ("badugi",)


def _limits(profile: Profile) -> list[tuple[int, int | None]]:
    """Per street, PokerKit's least bet or raise and its most bets and raises."""
    if profile.betting != "fixed-limit":
        return [(opening_increment(profile), None)] * 4
    # PokerKit's count excludes the blinds; a profile may count the big blind as a level.
    cap = profile.cap if profile.cap else 10**6
    counts = [cap - profile.cap_counts_blind, cap, cap, cap]
    return list(zip(profile.bet_sizes, counts, strict=True))


def game_for(profile: Profile, *, seats: int | None = None) -> pokerkit.FixedLimitBadugi:
    """PokerKit's FixedLimitBadugi with the profile's blinds, antes, bet sizes and cap."""
    reasons = unplayable(profile, seats=seats)
    if profile.betting != "fixed-limit" or not _plain(profile):
        reasons.insert(0, f"{profile.name} is not plain fixed-limit Badugi (see game_maker)")
    if reasons:
        raise ValueError(f"PokerKit's FixedLimitBadugi cannot play {profile.name}: {reasons[0]}")
    small, big = profile.bet_sizes[0], profile.bet_sizes[-1]
    game = pokerkit.FixedLimitBadugi(
        AUTOMATIONS,
        True,
        profile.ante,
        (profile.small_blind, profile.big_blind),
        small,
        big,
        mode=_mode(profile),
    )
    game.streets = tuple(
        dataclasses.replace(street, max_completion_betting_or_raising_count=count)
        for street, (_, count) in zip(game.streets, _limits(profile), strict=True)
    )
    return game


def house_game(structure: Profile = HOUSE) -> pokerkit.FixedLimitBadugi:
    """PokerKit's FixedLimitBadugi set to the house cap (kept for existing callers)."""
    return game_for(structure)


__all__ = [
    "AUTOMATIONS",
    "FROM_PK",
    "TO_PK",
    "Game",
    "game_for",
    "game_maker",
    "house_game",
    "pokerkit_readings",
    "reading_rules",
    "unplayable",
]
