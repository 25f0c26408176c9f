"""The catalogue: every mutant by name, each a small, plausible misreading of one rule.

A good suite kills every mutant: at least one scenario fails against it, a real divergence
from the expected state. A case that errors (the mutant broke itself) does not count.
`badugi-spec mutants` runs the suite against each one in-process and names the scenarios
that kill it; `python -m badugi_spec.mutants.catalogue NAME` serves one over the protocol,
so the same catalogue also exercises `verify` end to end (`badugi-spec serve --mutant
NAME` does the same). A mutant with `needs="variants"` is killed only by the suite's
metamorphic variants (`verify --variants`), and `badugi-spec mutants` runs those for it.

A `Mutant` is our engine with one decision changed: a hand or session class (`mutants.hand`,
`mutants.session`), a profile reading (`mutants.profiles`), or an evaluator or rankings
(`mutants.rankings`); everything it leaves at its default plays as the engine does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from badugi_spec.engine import Session
from badugi_spec.mutants.hand import (
    MutantHand,
    _AllInSkipsTheDraw,
    _AnyChip,
    _AnyDiscard,
    _AnyShortAllInReopens,
    _BigBlindFirstBeforeDraw,
    _BurnOnlyWhenDrawing,
    _CallerRaisesAShortRest,
    _DeadMoneyToTheLastPot,
    _DealerDealtFirst,
    _DealerDrawsFirst,
    _DealerFirstAfterDraw,
    _FoldWhenFree,
    _HalfBetRuleInBigBet,
    _HalfPotRoundedTheOtherWay,
    _HalvesOverEveryone,
    _HeadsUpCountsTheAllIn,
    _LastCardToAShortDrawer,
    _LeastRaiseAlwaysTheBigBlind,
    _LeastRaiseFromTheShortAllIn,
    _LeftOfBigBlindAfterDraw,
    _LivePostIsDead,
    _NoBigBlindOption,
    _NoBurn,
    _NoCheckRaise,
    _NoFigureIsTheMost,
    _NoReturn,
    _OddChipBySeatNumber,
    _OddChipToDealer,
    _OddChipToTheFirstListed,
    _OddChipToTheOtherHalf,
    _PotLimitWithoutTheCall,
    _ShortAllInReopens,
    _SidePotsNotSplit,
    _SidePotsOpenToAll,
    _SpreadLastRoundNotWider,
    _SpreadRaiseBelowTheLast,
)
from badugi_spec.mutants.implementation import MutantImplementation
from badugi_spec.mutants.live import (
    _DeadBlindIsLive,
    _KillKeepsTheStakes,
    _StraddleCountsForTheCap,
    _WaitersDealtAtOnce,
)
from badugi_spec.mutants.profiles import (
    Reading,
    _as_written,
    _big_bets_from,
    _set,
    _when,
    _with_pile,
    _without_pile,
)
from badugi_spec.mutants.rankings import (
    A_5_WITH_STRAIGHTS,
    ACES_LOW_IN_BADEUCY,
    FIRST_FOUR_CARDS,
    LOW_2_7_WITH_WHEELS,
    LOW_2_7_WITHOUT_FLUSHES,
    Evaluator,
    _high_card_first,
    _lowest_first,
    _repacked,
    _suit_tiebreak,
    aces_high,
    shortcut,
)
from badugi_spec.mutants.reported import (
    _BlindsNamedBySize,
    _EmptySeatsDealtLast,
    _OddChipsGoRound,
    _ShowOrderFromTheButton,
    everyone_tied_in_a_draw,
    over_once_nobody_can_bet,
)
from badugi_spec.mutants.session import (
    MutantSession,
    _ButtonOntoEmptySeats,
    _ButtonSkipsAfterABustBeforeIt,
    _DealsToEmptyStacks,
    _FixedButton,
    _NoBustStop,
)
from badugi_spec.mutants.stub import (
    _DeclarationsCheckedOnlyAtTheLast,
    _EveryDrawSizeOffered,
    _OwnDiscardsKeptOnlyFromTheRebuilder,
)
from badugi_spec.rankings import Ranking
from badugi_spec.rankings.house import evaluate


def _as_reported(state: dict[str, Any], session: Session) -> dict[str, Any]:
    return state


@dataclass(frozen=True, slots=True)
class Allowance:
    """More lines than `fuzz-mutants` allows a shrunk finding (`MOST_LINES`), for the one
    kind of finding of a mutant that no shorter scenario shows; any other kind keeps the
    flat limit. `tests/test_fuzz_shrink_allowance.py` plays a scenario of exactly this
    length that shows it, and one a hand shorter that does not."""

    kind: str
    """The field the finding differs in (`hand`: the deal of a hand)."""
    lines: int
    """Lines at most, comments not counted."""
    why: str
    """The arithmetic: the lines such a scenario cannot do without."""


_HEAD: Final = (
    "7 lines of head as `fuzz` writes it (scenario, rules, tags, a blank, profile,"
    " players, the first deck), the first hand's one fold"
)
SESSION_OF_TEN: Final = Allowance(
    "hand", 38,
    f"the house's session ends after hand 10 for the mutant and after 12 for the rules"
    f" (R6.4): the mutant refuses hand 11, so ten hands are played first. {_HEAD}, 3 lines"
    " for each of hands 2 to 10 (`hand N`, its cards, a fold) and 3 for hand 11 (`hand 11`,"
    " its cards, `unfinished`): 7 + 1 + 9 x 3 + 3 = 38. A trial with a hand limit of its"
    " own under ten shows the mutant in 9 lines, as `session over`: that kind keeps the"
    " flat limit.",
)  # fmt: skip
TWELVE_HANDS: Final = Allowance(
    "hand", 44,
    f"a table with no hand limit plays on, where the mutant stops after hand 12 (R8.23):"
    f" twelve hands are played before the hand it refuses. {_HEAD}, 3 lines for each of"
    " hands 2 to 12 and 3 for hand 13: 7 + 1 + 11 x 3 + 3 = 44.",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Mutant:
    """One misreading: what a mutant plays instead of the engine's own, the rest left as is."""

    name: str
    rule: str
    summary: str
    hand: type[MutantHand] = MutantHand
    session: type[MutantSession] = MutantSession
    reading: Reading = _as_written
    """How the mutant reads the case's profile (one parameter changed, or none)."""
    evaluator: Evaluator = evaluate
    rankings: tuple[Ranking, ...] = ()
    """Hand rankings read differently (R9), each standing in for the one of its name."""
    equivalent: str = ""
    """Why no scenario can kill it, for a mutant that behaves exactly like the rules."""
    report: Callable[[dict[str, Any], Session], dict[str, Any]] = _as_reported
    """How the mutant words the state it reports (one part misreported, or none): a new
    dict, the one given left as it is (its parts may be shared with earlier states)."""
    needs: str = ""
    """What kills it: "" the cases as written, or "variants" only their metamorphic forms
    too (`verify --variants`, `badugi_spec.scenario.variants`), for a misreading that no
    scenario's own seating shows."""
    allowance: Allowance | None = None
    """Where one kind of its findings needs more lines than `fuzz-mutants` allows any
    other (a session limit of ten hands is shown by playing ten), how many, and why."""


CATALOGUE: tuple[Mutant, ...] = (
    Mutant("shortcut-evaluator", "R2.5", "drops the higher suited card, then pairs",
           evaluator=shortcut),
    Mutant("aces-high", "R1.2", "the ace ranks above the king", evaluator=aces_high),
    Mutant("lowest-card-first", "R2.4", "compares hands from the lowest card up",
           evaluator=_repacked(_lowest_first)),
    Mutant("suits-break-ties", "R2.7", "suits decide between equal ranks",
           evaluator=_repacked(_suit_tiebreak)),
    Mutant("three-beats-four", "R2.3", "a lower top card beats more cards",
           evaluator=_repacked(_high_card_first)),
    Mutant("no-burn", "R4.4", "no card is burned before a draw", hand=_NoBurn),
    Mutant("burn-only-when-drawing", "R4.4", "burns only when someone discards",
           hand=_BurnOnlyWhenDrawing),
    Mutant("dealer-first-after-draw", "R3.3", "the dealer opens the betting after a draw",
           hand=_DealerFirstAfterDraw),
    Mutant("big-blind-first-before-draw", "R3.3", "the big blind acts first before the draw",
           hand=_BigBlindFirstBeforeDraw),
    Mutant("dealer-draws-first", "R4.3", "the dealer draws before the big blind",
           hand=_DealerDrawsFirst),
    Mutant("cap-big-blind-plus-four", "R3.6", "the big blind plus four raises (PokerKit's cap)",
           reading=_set(cap=5)),
    Mutant("no-big-blind-option", "R3.7", "a call of the big blind ends the first round",
           hand=_NoBigBlindOption),
    Mutant("fold-when-free", "R3.4", "folding allowed when a check is free", hand=_FoldWhenFree),
    Mutant("big-bets-from-round-2", "R3.2", "big bets from the second betting round",
           reading=_big_bets_from(2)),
    Mutant("big-bets-last-round-only", "R3.2", "big bets only in the last betting round",
           reading=_big_bets_from(4)),
    Mutant("no-uncovered-return", "R5.4", "uncovered chips stay in the pot", hand=_NoReturn),
    Mutant("button-stays", "R6.2", "the button never moves", session=_FixedButton),
    Mutant("no-bust-stop", "R6.4", "the session goes on after a player is out of chips",
           session=_NoBustStop, hand=_DealsToEmptyStacks),
    Mutant("no-hand-limit", "R6.4", "the session does not stop after 12 hands",
           reading=_set(hands_per_session=1000)),
    Mutant("session-of-ten", "R6.4", "the session stops after 10 hands",
           reading=_set(hands_per_session=10), allowance=SESSION_OF_TEN),
    Mutant("twelve-hands-at-every-table", "R8.23",
           "every table stops after 12 hands, as the house's own session does",
           reading=_when("hands_per_session", 0, 12), allowance=TWELVE_HANDS),
    Mutant("dead-button-moves-like-the-button", "R8.23",
           "under a dead button the button still moves one seat and the blinds follow it",
           reading=_when("button_moves", "dead-button", "every-hand")),
    Mutant("short-big-blind-called-as-posted", "R8.26",
           "after a short big blind the others call what was posted, where the full blind is due",
           reading=_when("call_full_big_blind", True, False)),
    Mutant("dealer-dealt-first", "R1.7", "the deal starts with the dealer",
           hand=_DealerDealtFirst),
    Mutant("discard-not-held", "R4.2", "discarding a card not held is accepted",
           hand=_AnyDiscard),
    Mutant("no-check-raise", "R3.8", "a player who checked may not raise", hand=_NoCheckRaise),
    Mutant("three-discards", "R4.2", "at most three cards may be discarded",
           reading=_set(max_discards=3)),
    Mutant("odd-chip-to-dealer", "R8.15", "the odd chip of a split goes to the dealer",
           hand=_OddChipToDealer),
    # Multi-way tables and rule profiles (chapter R8).
    Mutant("side-pot-open-to-all", "R8.13", "a player all-in for less may win a side pot",
           hand=_SidePotsOpenToAll),
    Mutant("dead-money-to-last-pot", "R8.13",
           "folded players' chips go to the last side pot, not the main pot",
           hand=_DeadMoneyToTheLastPot),
    Mutant("odd-chip-by-seat-number", "R8.15",
           "odd chips to the lowest seat numbers, not in order from the button",
           hand=_OddChipBySeatNumber),
    Mutant("all-in-skips-the-draw", "R8.16", "a player who is all-in does not draw",
           hand=_AllInSkipsTheDraw),
    Mutant("left-of-big-blind-after-draw", "R8.5",
           "after the draw the player left of the big blind opens, as before it",
           hand=_LeftOfBigBlindAfterDraw),
    Mutant("any-short-all-in-reopens", "R8.8",
           "under a half-bet rule an all-in below half a bet reopens the betting",
           hand=_AnyShortAllInReopens),
    Mutant("caller-raises-a-short-rest", "R14.6",
           "in a big-bet game a caller of a short all-in may raise a second one smaller than"
           " the big blind", hand=_CallerRaisesAShortRest),
    Mutant("button-onto-empty-seats", "R8.23",
           "the button moves to the next seat even when it has no chips",
           session=_ButtonOntoEmptySeats),
    Mutant("cap-ignores-the-blind", "R8.6", "the big blind is not counted as a bet level",
           reading=_set(cap_counts_blind=False)),
    Mutant("no-completion", "R8.9", "a raise over a short all-in is always a full bet on top",
           reading=_set(complete_short_all_in=False)),
    Mutant("half-bet-all-in-is-a-level", "R11.2",
           "PokerStars' half-bet all-in counted as a bet level of its own",
           reading=_when("short_all_in", "half-bet-complete", "half-bet-full-raise")),
    Mutant("half-bet-all-in-only-completes", "R12.2",
           "the WSOP half-bet all-in read as PokerStars', completed rather than raised",
           reading=_when("short_all_in", "half-bet-full-raise", "half-bet-complete")),
    Mutant("returns-only-at-settlement", "R8.12",
           "uncalled chips always go back at the end of the hand",
           reading=_set(return_uncalled="settlement")),
    Mutant("this-draw-in-the-reshuffle", "R12.4",
           "the current draw's discards are reshuffled even when the profile leaves them out",
           reading=_with_pile("current-discards")),
    Mutant("folded-hands-not-reshuffled", "R8.18", "folded hands are left out of the reshuffle",
           reading=_without_pile("folded")),
    Mutant("stub-dealt-first", "R11.5",
           "the stub is dealt out before a reshuffle even when it is mixed in",
           reading=_without_pile("stub")),
    Mutant("last-card-always-dealt", "R8.19", "the stub's last card is always dealt",
           reading=_set(last_card="dealt")),
    Mutant("heads-up-counts-the-all-in", "R8.7",
           "a player all-in still counts, so a round with one all-in is never heads-up",
           hand=_HeadsUpCountsTheAllIn),
    Mutant("live-post-is-dead", "R8.3",
           "a big blind posted out of turn is dead money, not the player's first-round bet",
           hand=_LivePostIsDead),
    Mutant("last-card-to-a-short-drawer", "R8.19",
           "the round's last taker gets the stub's last card though it cannot complete the draw",
           hand=_LastCardToAShortDrawer),
    Mutant("own-discards-dealt-back", "R8.20", "a player may be dealt back their own discards",
           reading=_set(own_discards_back=True)),
    Mutant("own-discards-kept-only-from-the-rebuilder", "R8.20",
           "a rebuilt stub keeps own discards only from the player whose draw rebuilt it",
           hand=_OwnDiscardsKeptOnlyFromTheRebuilder),
    Mutant("declarations-checked-only-at-the-last", "R8.33",
           "declared draws are checked for supply only at the last declaration",
           hand=_DeclarationsCheckedOnlyAtTheLast),
    Mutant("every-draw-size-offered", "R8.33",
           "every draw size is offered, though the deck cannot serve them all",
           hand=_EveryDrawSizeOffered),
    Mutant("draws-delivered-in-turn", "R8.16",
           "replacements dealt as each player discards, even when all declare first",
           reading=_set(draw_delivery="in-turn")),
    Mutant("one-bust-ends-every-session", "R8.23",
           "the session ends as soon as any player has no chips",
           reading=_set(session_ends="any-bust")),
    Mutant("cap-lifted-heads-up", "R11.1", "the cap is lifted for a round that begins heads-up",
           reading=_when("cap_heads_up", "never", "round-begins-heads-up")),
    # ----- big-bet and spread mutants (issue 12, chapter R14) -----
    Mutant("pot-limit-without-the-call", "R14.4",
           "the pot limit leaves out the player's own call", hand=_PotLimitWithoutTheCall),
    Mutant("least-raise-always-the-big-blind", "R14.3",
           "a raise may always add just the big blind", hand=_LeastRaiseAlwaysTheBigBlind),
    Mutant("half-bet-rule-in-big-bet", "R14.6",
           "an all-in of half a raise reopens a big-bet round", hand=_HalfBetRuleInBigBet),
    Mutant("short-all-in-reopens", "R14.6", "any all-in reopens a big-bet round",
           hand=_ShortAllInReopens),
    Mutant("least-raise-from-the-short-all-in", "R14.6",
           "a short all-in's extra chips become the least raise",
           hand=_LeastRaiseFromTheShortAllIn),
    Mutant("half-pot-rounded-the-other-way", "R14.7",
           "half an odd pot is rounded the other way", hand=_HalfPotRoundedTheOtherWay),
    Mutant("spread-raise-below-the-last", "R14.8",
           "a spread raise may add less than the last bet or raise",
           hand=_SpreadRaiseBelowTheLast),
    Mutant("spread-last-round-not-wider", "R14.8", "spread_last_max is ignored",
           hand=_SpreadLastRoundNotWider),
    Mutant("no-figure-is-the-most", "R14.10",
           "a bet or raise with no amount is the most of its range", hand=_NoFigureIsTheMost),
    Mutant("any-chip", "R14.9", "amounts off the chip unit are accepted", hand=_AnyChip),
    # ----- end of the big-bet and spread mutants -----
    # ----- hand-ranking mutants (issue 13, chapter R9) -----
    Mutant("badeucy-badugi-aces-low", "R9.3", "aces are low in the aces-high Badugi ranking",
           rankings=(ACES_LOW_IN_BADEUCY,)),
    Mutant("a-5-counts-straights", "R9.6", "straights count against an ace-to-five low",
           rankings=(A_5_WITH_STRAIGHTS,)),
    Mutant("2-7-ignores-flushes", "R9.5", "flushes do not count in deuce-to-seven",
           rankings=(LOW_2_7_WITHOUT_FLUSHES,)),
    Mutant("2-7-wheel-is-a-straight", "R9.5", "A-2-3-4-5 is a straight in deuce-to-seven",
           rankings=(LOW_2_7_WITH_WHEELS,)),
    Mutant("badugi-first-four-cards", "R9.2",
           "a five-card Badugi hand is valued from its first four cards only",
           rankings=FIRST_FOUR_CARDS),
    # ----- end of the hand-ranking mutants -----
    # ----- split-pot games (issue 13, R8.29, R8.30, chapters R21 and R22) -----
    Mutant("odd-chip-to-the-other-half", "R8.30",
           "the odd chip between the halves goes to the half the rule does not name",
           hand=_OddChipToTheOtherHalf),
    Mutant("side-pots-not-split", "R8.29",
           "only the main pot is halved; a side pot goes whole to the best Badugi",
           hand=_SidePotsNotSplit),
    Mutant("halves-over-everyone", "R8.29",
           "each half is won by the best hand of everyone still in, not of that pot's players",
           hand=_HalvesOverEveryone),
    Mutant("odd-chip-always-to-the-low", "R8.30",
           "BARGE's rule everywhere: the odd chip always goes to the low half",
           reading=_when("odd_chip_between_halves", "by-position", "low-half")),
    Mutant("badeucy-aces-low", "R21.3", "Badeucy's Badugi half read with aces low",
           reading=_when("ranking", "badugi-ace-high", "badugi")),
    Mutant("badeucy-low-read-as-a-5", "R21.4", "Badeucy's low half read as ace-to-five",
           reading=_when("split_ranking", "low-2-7", "low-a-5")),
    Mutant("badacy-low-read-as-2-7", "R22.4", "Badacy's low half read as deuce-to-seven",
           reading=_when("split_ranking", "low-a-5", "low-2-7")),
    Mutant("four-card-draws-in-five-card-games", "R21.2",
           "at most four cards may be replaced, even with five in the hand",
           reading=_when("max_discards", 5, 4)),
    # ----- end of the split-pot mutants -----
    # ----- the showdown of issue 35: show order readings and the muck -----
    Mutant("side-pot-players-not-first", "R8.22",
           "players all-in for an earlier pot show in their place, before the side pot's",
           reading=_when("show_order", "side-pots-first", "last-aggressor")),
    Mutant("all-in-hands-not-face-up", "R8.22",
           "hands are shown one by one from the last bettor even when a player is all-in",
           reading=_when("show_order", "face-up-if-all-in", "last-aggressor")),
    Mutant("first-to-act-read-by-position", "R8.22",
           "the first seat left of the button shows first even when it is all-in",
           reading=_when("show_order", "first-to-act", "last-aggressor")),
    Mutant("all-in-first-read-by-position", "R8.22",
           "with no bet, the all-in player keeps its place rather than showing first",
           reading=_when("show_order", "all-in-first", "last-aggressor")),
    Mutant("muck-without-a-shown-hand", "R8.32",
           "on PokerStars any losing hand may be mucked, though no shown hand beats it",
           reading=_when("muck", "beaten-by-shown", "after-first-show")),
    Mutant("first-to-show-may-muck", "R8.32",
           "the first player to show may muck a losing hand where the rules make them show",
           reading=_when("muck", "after-first-show", "any-losing")),
    Mutant("every-hand-shown", "R8.32", "no hand may ever be mucked",
           reading=_set(muck="never")),
    # ----- end of the issue 35 showdown mutants -----
    # ----- seen only through the statements of issue 22 -----
    Mutant("show-order-from-the-button", "R8.22",
           "the first player left of the button shows first, even after a bet in the last round",
           hand=_ShowOrderFromTheButton),
    Mutant("odd-chips-go-round", "R8.15",
           "a hand's odd chips go round the tied players from pot to pot, not each pot's"
           " from the first left of the button", hand=_OddChipsGoRound),
    Mutant("blinds-named-by-size", "R8.3",
           "a big blind posted short, for less than the small blind, is called the small blind",
           hand=_BlindsNamedBySize),
    Mutant("empty-seats-dealt-last", "R8.23",
           "a seat without chips is still dealt a hand, after the others, and it lies dead",
           hand=_EmptySeatsDealtLast),
    Mutant("over-once-nobody-can-bet", "R8.16",
           "the hand is reported over as soon as nobody can bet, though draws are still to come",
           report=over_once_nobody_can_bet),
    Mutant("everyone-tied-in-a-draw", "R6.5",
           "a drawn session is a draw among everyone with chips, not the players tied for the"
           " most", report=everyone_tied_in_a_draw),
    # ----- end of the issue 22 mutants -----
    # ----- seen only through the variants of the suite (issue 21) -----
    Mutant("odd-chip-to-the-first-listed", "R8.15",
           "odd chips to the tied players in the order they are listed, the button last,"
           " not from the button's left", hand=_OddChipToTheFirstListed, needs="variants"),
    Mutant("button-skips-after-a-bust-before-it", "R8.23",
           "after a player listed before the button busts, the button moves on two players",
           session=_ButtonSkipsAfterABustBeforeIt, needs="variants"),
    # ----- end of the variants mutants -----
    # ----- the live table (issue 35, chapter R19, R8.23) -----
    Mutant("small-blind-button-moves-one-seat", "R11.9",
           "PokerStars' button moves one seat, onto a player who was not dealt in, rather than"
           " to the last small blind", reading=_when("button_moves", "small-blind-button",
                                                      "every-hand")),
    Mutant("absent-hand-not-dealt", "R19.1",
           "a tournament player away from the table is not dealt in and posts nothing",
           reading=_when("absent_hand", "killed-at-deal", "not-dealt")),
    Mutant("dead-blind-is-live", "R19.3",
           "a missed small blind posted on return counts as the player's bet, not dead money",
           hand=_DeadBlindIsLive),
    Mutant("waiting-player-dealt-at-once", "R19.3",
           "a player back waiting for the big blind is dealt in at once",
           session=_WaitersDealtAtOnce),
    Mutant("kill-keeps-the-stakes", "R19.4",
           "a kill blind is posted but the bets stay as they were", session=_KillKeepsTheStakes),
    Mutant("killer-acts-last", "R19.5", "the killer acts last before the draw, not in turn",
           reading=_when("killer_acts", "in-turn", "last")),
    Mutant("straddle-counts-for-the-cap", "R19.6",
           "the straddle is a bet level of the cap, so one raise fewer follows it",
           hand=_StraddleCountsForTheCap),
    # ----- end of the live-table mutants -----
)  # fmt: skip

BY_NAME: dict[str, Mutant] = {m.name: m for m in CATALOGUE}


def main(argv: Sequence[str] | None = None) -> int:
    from badugi_spec.protocol.server import serve

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in BY_NAME:
        print(f"usage: python -m badugi_spec.mutants.catalogue {{{','.join(BY_NAME)}}}",
              file=sys.stderr)  # fmt: skip
        return 2
    return serve(MutantImplementation(BY_NAME[args[0]]), version="mutant")


__all__ = ["BY_NAME", "CATALOGUE", "Allowance", "Mutant"]

if __name__ == "__main__":
    sys.exit(main())
