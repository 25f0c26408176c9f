"""Lessons 7 and 8: the split-pot games (Badeucy and Badacy: two halves, a scoop) and their
landmark hands and traps.

Lesson 7 plays the same three hands under both profiles and reads each half's winner and
chips from the engine's pots; lesson 8 values its hands with the rankings (`landmarks`).
"""

from __future__ import annotations

from badugi_spec.engine import Kind
from badugi_spec.rankings import ranking

from ..learn import RuleLink
from .landmarks import ALL_HANDS, BADUGI_HALVES, LOWS, best_hand, share_beaten, table_md
from .model import Lesson, others
from .play import Played, play
from .quiz import ask
from .replay import Recording, replayer_html

HANDS = (
    "A♠ 2♥ 3♦ 4♣ 9♠",  # Ann, the button
    "2♠ 3♥ 4♦ 6♣ K♦",  # Bob
    "2♣ 3♠ 5♥ 7♦ 8♣",  # Cat
    "K♠ K♥ Q♦ Q♣ J♠",
    "J♥ J♦ 10♠ 10♥ 9♦",
    "9♥ 9♣ 8♠ 8♥ 7♠",
)
SHOWN = ("Ann", "Bob", "Cat")


def _played(game: str, recording: Recording | None = None) -> Played:
    played = play(game, hands=HANDS, watch=recording)
    for who in ("Dan", "Eve", "Fay"):
        played.act(who, Kind.FOLD)
    played.check_down()
    return played


def _heads_up_scoop(game: str) -> Played:
    """The same deal, but Bob bets after the first draw and Cat folds: two are left."""
    played = play(game, hands=HANDS)
    for who in ("Dan", "Eve", "Fay"):
        played.act(who, Kind.FOLD)
    hand = played.hand
    while not hand.is_over:
        who, kinds = played.to_act, played.legal()
        if who == "Bob" and Kind.BET in kinds:
            played.act(who, Kind.BET, kinds[Kind.BET].to)
        elif who == "Cat" and Kind.CALL in kinds:
            played.act(who, Kind.FOLD)
        else:
            played.act(who, next(k for k in (Kind.CALL, Kind.CHECK, Kind.DRAW) if k in kinds))
    return played


def _halves(played: Played) -> list[tuple[str, str, int]]:
    """(ranking, winners, chips) of each half of the one pot."""
    result = played.hand.result
    assert result is not None and len(result.pots) == 1
    return [
        (half.ranking, " and ".join(played.name(s) for s in half.winners), half.amount)
        for half in result.pots[0].halves
    ]


def _values_rows(played: Played) -> list[str]:
    hand = played.hand
    first, second = hand.profile.halves
    rows = [f"| Player | Cards | `{first}` half | `{second}` half |", "| --- | --- | --- | --- |"]
    for name in SHOWN:
        seat = played.names.index(name)
        values = hand.values(seat)
        rows.append(f"| {name} | {HANDS[seat]} | {values[0]} | {values[1]} |")
    return rows


def split_lesson(rule_link: RuleLink) -> Lesson:
    recording = Recording()
    deucy, acy = _played("badeucy", recording), _played("badacy")
    profile = deucy.hand.profile
    d_halves, a_halves = _halves(deucy), _halves(acy)
    pot = deucy.hand.pot
    alone = _heads_up_scoop("badeucy")
    s_halves = _halves(alone)
    scooper = s_halves[0][1] if s_halves[0][1] == s_halves[1][1] else "nobody"
    alone_pot = alone.hand.pot
    if scooper == "nobody":
        raise ValueError("the scoop example no longer scoops")
    body = f"""
**Badeucy** and **Badacy** are played like triple-draw Badugi, with two changes: each player
holds **{profile.hand_size} cards** and may draw none to {profile.max_discards}, and every pot
is **split in two halves** ({rule_link("R8.29")}). One half goes to the best Badugi hand
(made from any four of the cards), the other to the best **five-card low**:

- in **Badeucy** the low is **2-7** (deuce-to-seven): aces are high, and straights and
  flushes count against you; its Badugi half plays aces high too ({rule_link("R21.3")},
  {rule_link("R21.4")});
- in **Badacy** the low is **A-5** (ace-to-five): aces are low, and straights and flushes do
  not count; its Badugi half is ordinary Badugi ({rule_link("R22.3")}, {rule_link("R22.4")}).

There is no minimum hand for either half. Winning both halves is a **scoop**. The tables
seat at most {profile.max_seats}.

Three players see a showdown with these cards; the others folded. In **Badeucy**:

{chr(10).join(_values_rows(deucy))}

The pot of {pot} is split: the `{d_halves[0][0]}` half ({d_halves[0][2]} chips) goes to
{d_halves[0][1]}, the `{d_halves[1][0]}` half ({d_halves[1][2]}) to {d_halves[1][1]}.

The same cards in **Badacy**:

{chr(10).join(_values_rows(acy))}

Now the `{a_halves[0][0]}` half goes to {a_halves[0][1]} and the `{a_halves[1][0]}` half to
{a_halves[1][1]}.

**A scoop.** Back to Badeucy, with the same cards: this time Bob bets after the first draw
and Cat folds. Only Ann and Bob are left, and {scooper} wins both halves, the whole pot of
{alone_pot}: {alone.hand.values(alone.names.index(scooper))[0]} and
{alone.hand.values(alone.names.index(scooper))[1]}. When a pot does not halve evenly, the odd
chip goes by a rule each game states ({rule_link("R8.30")}).
"""
    questions = (
        ask(
            "In Badeucy, who wins the Badugi half here?",
            right=d_halves[0][1],
            wrong=others(d_halves[0][1], *SHOWN),
            why=f"Aces are high in Badeucy's Badugi half, so Ann's A-2-3-4 is an ace-high"
            f" badugi; the best is {d_halves[0][1]}'s"
            f" {deucy.hand.values(deucy.names.index(d_halves[0][1].split()[0]))[0]}.",
        ),
        ask(
            "In Badeucy, who wins the 2-7 half?",
            right=d_halves[1][1],
            wrong=others(d_halves[1][1], *SHOWN),
            why="In 2-7 the ace is high: Ann holds ace high, Bob king high, and the lowest"
            f" high card wins: {d_halves[1][1]}.",
        ),
        ask(
            f"The pot is {pot}. How many chips does each half hold?",
            right=d_halves[0][2],
            wrong=others(d_halves[0][2], pot, pot // 3, pot // 4),
            why=f"{pot} ÷ 2 = {d_halves[0][2]}: each half is its own contest.",
        ),
        ask(
            "In Badeucy with Cat folded, who takes the pot?",
            right=f"{scooper}, all of it",
            wrong=[f"{n}, all of it" for n in ("Ann", "Bob") if n != scooper]
            + ["Ann and Bob, half each"],
            why=f"{scooper} has the better hand in both halves, so takes both: a scoop.",
        ),
        ask(
            "The same cards in Badacy: who wins the Badugi half?",
            right=a_halves[0][1],
            wrong=others(a_halves[0][1], *SHOWN),
            why=f"In Badacy aces are low, so Ann's A-2-3-4 is the best badugi there is:"
            f" {a_halves[0][1]} wins the half.",
        ),
    )
    return Lesson(
        "split-pots",
        "Badeucy and Badacy: two halves",
        "each pot is split between the best Badugi and the best five-card low.",
        body,
        questions,
        replayer=replayer_html(deucy, recording, label="Badeucy: the hand to its two halves"),
    )


def landmarks_lesson(rule_link: RuleLink) -> Lesson:
    low27, lowa5 = ranking("low-2-7"), ranking("low-a-5")
    trap = "A♠ 5♥ 4♦ 3♣ 2♠"
    king = "K♠ Q♥ J♦ 9♣ 8♠"
    straight = "6♠ 5♥ 4♦ 3♣ 2♠"
    flush_wheel = "5♥ 4♥ 3♥ 2♥ A♥"
    sections = []
    for name, marks in LOWS.items():
        sections += [f"### {name}", "", *table_md(name, marks), ""]
    for name, marks in BADUGI_HALVES.items():
        sections += [f"### {name}", "", *table_md(name, marks, shares=False), ""]
    body = f"""
A few hands to know by heart in each low, best first, as the rankings order them. "Beats"
is the exact share of all {ALL_HANDS:,} five-card hands that the hand beats, counted by this
project's rankings. How good a hand must be to win depends on the table; these are
landmarks, not advice ({rule_link("R9.5")}, {rule_link("R9.6")}).

{chr(10).join(sections)}
The traps, in one line each: in **2-7** the ace is always high, so A-5-4-3-2 is not a
straight but an ace-high hand ({low27.evaluate(trap)}), and any straight or flush ruins a
hand; in **A-5** the ace is always low and straights and flushes do not exist, so
{flush_wheel} is the best hand there is. In Badeucy's Badugi half an ace is a high card too.
"""
    best27 = best_hand("low-2-7")
    questions = (
        ask(
            "In 2-7, which hand is best?",
            right=best27,
            wrong=[str(low27.evaluate(trap)), str(low27.evaluate(straight)), "5-4-3-2-A (wheel)"],
            why=f"The best 2-7 hand is {best27}, not all one suit: the lowest five ranks"
            " that make no straight, with the ace high.",
        ),
        ask(
            f"In 2-7, {trap} against {king}: who wins?",
            right=king if low27.evaluate(king) > low27.evaluate(trap) else trap,
            wrong=[trap if low27.evaluate(king) > low27.evaluate(trap) else king, "They tie"],
            why=f"{low27.evaluate(trap)} is ace high, and an ace is above a king:"
            f" {low27.evaluate(king)} wins.",
        ),
        ask(
            f"In 2-7, {straight} beats what share of five-card hands?",
            right=f"{share_beaten('low-2-7', straight):.1%}",
            wrong=["100.0%", f"{share_beaten('low-2-7', king):.1%}", "50.0%"],
            why="It is a straight, which counts against you in 2-7: it beats only worse"
            " straights, flushes and the like.",
        ),
        ask(
            f"In A-5, what is {flush_wheel} worth?",
            right=str(lowa5.evaluate(flush_wheel)),
            wrong=["a flush", "a straight flush", "5-4-3-2 (ace high)"],
            why="In A-5 straights and flushes do not count and the ace is low: it is the"
            f" wheel, {lowa5.evaluate(flush_wheel)}, the best hand there is.",
        ),
    )
    return Lesson(
        "landmarks",
        "Landmark hands and traps",
        "the best hand, hands to remember and the traps in 2-7, A-5 and the Badugi halves.",
        body,
        questions,
    )
