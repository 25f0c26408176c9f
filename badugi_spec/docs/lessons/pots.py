"""Lesson 2: side pots, from a six-seat hand in which two players go all-in short.

The pots, who may win each and who does are the engine's (`Hand.pots`, `Result`); the
picture stacks each player's chips with the part in each pot coloured.
"""

from __future__ import annotations

from badugi_spec.engine import Kind
from badugi_spec.engine.pots import Pot

from ..learn import RuleLink
from ..render import text
from .model import Lesson, others
from .play import Played, play
from .quiz import ask
from .replay import Recording, replayer_html

PROFILE = "pokerstars-2010"
HANDS = (
    "9♠ 10♥ J♦ Q♣",  # Ann, the button: a queen-high badugi
    "A♠ 2♥ 3♦ 4♣",  # Bob, short: the best hand there is
    "5♠ 6♥ 7♦ 8♣",  # Cat: an eight-high badugi
    "K♠ K♥ K♦ K♣",
    "Q♠ Q♥ Q♦ J♣",
    "J♠ J♥ 10♦ 10♣",
)
STACKS = (60, 3, 10, 60, 60, 60)


def pots_svg(played: Played, pots: tuple[Pot, ...]) -> str:
    """A column per player who put chips in, cut at each pot's level and coloured by pot."""
    hand = played.hand
    seats = [seat for seat in range(hand.seats) if hand.total[seat]]
    scale, bar, gap = 9, 46, 28
    top = max(hand.total) * scale
    width, height = len(seats) * (bar + gap) + gap, top + 44
    parts = [
        f'<svg class="lesson-pots" viewBox="0 0 {width} {height}" role="img"'
        f' aria-label="Chips each player put in, by pot">'
    ]
    levels = []
    below = 0
    for pot in pots:
        # A pot's level: the least total among those who may win it.
        level = min(hand.total[seat] for seat in pot.eligible)
        levels.append((below, level))
        below = level
    for column, seat in enumerate(seats):
        x = gap + column * (bar + gap)
        for number, (low, high) in enumerate(levels):
            part = min(hand.total[seat], high) - min(hand.total[seat], low)
            if part <= 0:
                continue
            y = top + 10 - min(hand.total[seat], high) * scale
            parts.append(
                f'<rect x="{x}" y="{y}" width="{bar}" height="{part * scale}"'
                f' class="pot{number}"><title>{text(played.name(seat))}: {part} in'
                f" {'the main pot' if number == 0 else f'side pot {number}'}</title></rect>"
            )
        parts.append(
            f'<text x="{x + bar / 2:.0f}" y="{top + 26}">{text(played.name(seat))}</text>'
            f'<text x="{x + bar / 2:.0f}" y="{top + 40}" class="sum">{hand.total[seat]}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def side_pots(rule_link: RuleLink) -> Lesson:
    recording = Recording()
    played = play(PROFILE, hands=HANDS, stacks=STACKS, watch=recording)
    for who in ("Dan", "Eve", "Fay"):
        played.act(who, Kind.FOLD)
    raise_to = played.legal()[Kind.RAISE].to
    played.act("Ann", Kind.RAISE, raise_to)
    bob = played.act("Bob", Kind.CALL)  # all he has left
    played.act("Cat", Kind.CALL)
    hand = played.hand
    while not hand.is_over:
        # Cat bets whenever she can, Ann calls, and everyone stands pat.
        who, kinds = played.to_act, played.legal()
        if who == "Cat" and Kind.BET in kinds:
            played.act(who, Kind.BET, kinds[Kind.BET].to)
        else:
            kind = next(k for k in (Kind.CALL, Kind.CHECK, Kind.DRAW) if k in kinds)
            played.act(who, kind)
    if (hand.total[1], hand.total[2]) != STACKS[1:3]:
        raise ValueError("the side-pot lesson's hand no longer puts Bob and Cat all-in")
    result = hand.result
    assert result is not None
    pots = result.pots
    main, side = pots[0], pots[-1]
    names = played.name
    main_players = ", ".join(names(s) for s in main.eligible)
    side_players = " and ".join(names(s) for s in side.eligible)
    bob_total = hand.total[1]
    picture = pots_svg(played, pots)
    body = f"""
When a player has fewer chips than the bet, they can still call with **everything they
have**: they are **all-in**. They cannot be asked for more, and they cannot win more from each
other player than they put in. The chips above their level go into a **side pot** that only
the players who put them in can win ({rule_link("R8.13")}).

In this hand {names(3)}, {names(4)} and {names(5)} fold. {names(0)}, on the button, raises to
{raise_to}. {names(1)} has only {STACKS[1]} chips: after his small blind he calls
{bob.adds} and is all-in. {names(2)} calls, and {names(0)} and {names(2)} go on betting
between them until {names(2)} is all-in too.

{picture}

Each column is what one player put in. The first layer (up to {bob_total}, all that
{names(1)} could put in) is the **main pot**: {main.amount} chips that {main_players} can
win. Everything above it is the **side pot**: {side.amount} chips that only {side_players}
can win.

At the showdown each pot goes to the best hand among the players who can win it
({rule_link("R8.14")}). {names(1)} holds the best hand and takes the main pot,
{main.shares[0]} chips. The side pot is decided between {side_players} alone:
{names(side.winners[0])} wins it, {side.shares[0]} chips.
"""
    everyone = sum(hand.total)
    questions = (
        ask(
            "How many chips are in the main pot?",
            right=main.amount,
            wrong=others(main.amount, everyone, side.amount, bob_total, main.amount + bob_total),
            why=f"Each of the {len(main.eligible)} players still in put in at least"
            f" {bob_total}, what {names(1)} could: {bob_total} × {len(main.eligible)}"
            f" = {main.amount}.",
        ),
        ask(
            "Who can win the side pot?",
            right=side_players,
            wrong=[f"{names(1)} and {names(2)}", main_players, names(1)],
            why=f"Only the players who put chips in above {names(1)}'s level: {side_players}."
            f" {names(1)} had nothing more to put in, so he cannot win it.",
        ),
        ask(
            f"{names(1)} has the best hand. How many chips does he win?",
            right=main.shares[0],
            wrong=others(main.shares[0], everyone, side.amount, bob_total),
            why=f"He wins the main pot, {main.amount}, and nothing more: the other"
            f" {side.amount} chips are the side pot, which he could not win.",
        ),
        ask(
            f"Who wins the side pot here ({names(0)} holds {HANDS[0]}, {names(2)} {HANDS[2]})?",
            right=names(side.winners[0]),
            wrong=others(names(side.winners[0]), names(0), names(1), names(2), "They split it"),
            why=f"The side pot goes to the better hand of the two who can win it:"
            f" {result.shown[2]} against {result.shown[0]}, so {names(side.winners[0])} wins it.",
        ),
    )
    return Lesson(
        "side-pots",
        "All-in and side pots",
        "a player all-in can win only up to what they put in; the rest is a side pot.",
        body,
        questions,
        replayer=replayer_html(played, recording, label="All-in and side pots: the whole hand"),
    )
