"""The strategy page: what to keep, when to stand pat or break, which hands to start with,
and the split games, each shown with exact chances counted while the page is built.

Every chance comes from `badugi_spec.rankings.odds` (four cards) or
`badugi_spec.trainer.split_odds` (five), never typed in. A line that says what to do is a
choice of strategy, not a rule, and the page marks it so (`choice`): the rulebook says what
is allowed, never what is wise. The drill at the end is `drill`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from badugi_spec import profiles
from badugi_spec.cards import Rank, parse_cards
from badugi_spec.rankings.odds import MAX_DRAWS, DrawOdds, draw_odds, hand_odds
from badugi_spec.trainer.split_odds import split_odds

from .drill import drill_md
from .learn import RuleLink, faces
from .render import cards_html

STRATEGY_PAGE: Final = "strategy.md"
STRATEGY_MARK: Final = "Strategy, not a rule"


def chance(p: Fraction) -> str:
    """A percentage that shows the exact fraction on hover (and to screen readers)."""
    return f'<span class="exact" title="exactly {p}">{float(p) * 100:.2f} %</span>'


def plain(cards: str) -> str:
    """Card faces with none greyed: thrown or dead cards are not a hand that plays."""
    return held(cards_html(parse_cards(cards)))


def held(faces_html: str) -> str:
    """Cards kept on one line, so a narrow table scrolls rather than stacks them."""
    return f'<span class="held">{faces_html}</span>'


def choice(body: str) -> str:
    """A line that is a choice of strategy: marked, so nobody takes it for a rule."""
    return f'!!! tip "{STRATEGY_MARK}"\n\n    {body}\n'


def by_draws_left(odds: DrawOdds) -> list[str]:
    """The chance by the showdown with 3, 2 and 1 draws left, from one count over three
    draws: every draw is alike, so after k of three draws is the same as k draws left."""
    return [chance(odds.badugi[left - 1]) for left in range(MAX_DRAWS, 0, -1)]


_LEFT_HEADS: Final = "3 draws left | 2 left | 1 left"


def _choices(hand: str, rows: Sequence[tuple[str, Rank | None, str]]) -> list[str]:
    """A table of discards of `hand`: (discard, top or None, what counts) per row."""
    lines = [f"| Throw | Keep | Counts | {_LEFT_HEADS} |", "| --- | --- | --- |" + " ---: |" * 3]
    cards = parse_cards(hand)
    for discard, top, counted in rows:
        thrown = parse_cards(discard)
        kept = " ".join(str(c) for c in cards if c not in thrown)
        odds = hand_odds(hand, discard, top=top)
        lines.append(
            f"| {plain(discard)} | {held(faces(kept))} | {counted} | "
            + " | ".join(by_draws_left(odds))
            + " |"
        )
    return lines


def _intro(r: RuleLink) -> list[str]:
    return [
        "# Strategy basics",
        "",
        "What to keep, what to draw, when to stand pat and when to break a made hand, with"
        " the exact chance of each choice. Every figure is counted while this site is built"
        " by the project's odds module (the same count as `badugi-spec odds`), not taken from"
        " folklore. The count follows one plain way of drawing: keep the cards you keep now,"
        " and at every later draw keep each new card that plays with them and throw the rest"
        f" ({r('R2.1')}). *Counts* says what is counted: any badugi, or only a badugi whose"
        ' top card is at most a given rank ("8 or better"), drawn by throwing any card above'
        " it again.",
        "",
        "You know your own cards and your own discards; the other players' cards, their"
        f" discards and the burned cards are unseen ({r('R4.4')}), so they are counted among"
        " the cards that can still come.",
        "",
        "The rules (the IDs in brackets) say what you may do. Whether you should is strategy,"
        f' and this page marks every such line "{STRATEGY_MARK}". Try the choices yourself in'
        " the [drill](#drill) at the end.",
        "",
    ]


def _keep(r: RuleLink) -> list[str]:
    return [
        "## Keep the cards that play {#keep}",
        "",
        f"{faces('A♠ 4♥ 6♦ 6♣')} has three cards that play, A-4-6. One 6 has to go: both"
        f" 6s can never play together ({r('R2.1')}). Keeping three cards leaves one to find;"
        " throwing both 6s leaves two. The chance of a badugi by the showdown:",
        "",
        *_choices(
            "A♠ 4♥ 6♦ 6♣",
            (("6♣", None, "any badugi"), ("6♦", None, "any badugi"), ("6♦ 6♣", None, "any badugi")),
        ),
        "",
        "Which 6 you throw does not matter here: the two keeps differ only in suits, and so"
        " do their outs. Keeping all three cards that play is better however many draws are"
        " left.",
        "",
    ]


def _rough_or_smooth(r: RuleLink) -> list[str]:
    return [
        "## A rough three or a smooth two? {#rough-or-smooth}",
        "",
        f"{faces('A♠ 2♥ K♦ K♣')} is a three-card K-2-A. Keep the king and you need one card,"
        " but the badugi you make is a king badugi, among the worst. Throw it and you need"
        " two, but whatever you make is low:",
        "",
        *_choices(
            "A♠ 2♥ K♦ K♣",
            (
                ("K♣", None, "any badugi"),
                ("K♦ K♣", None, "any badugi"),
                ("K♣", Rank.EIGHT, "8 or better"),
                ("K♦ K♣", Rank.EIGHT, "8 or better"),
            ),
        ),
        "",
        "With the king kept an 8 or better cannot come: the king stays in the hand. A middle"
        f" card changes the picture. From {faces('A♠ 2♥ 8♦ 8♣')}:",
        "",
        *_choices(
            "A♠ 2♥ 8♦ 8♣",
            (
                ("8♣", Rank.EIGHT, "8 or better"),
                ("8♦ 8♣", Rank.EIGHT, "8 or better"),
                ("8♣", Rank.SIX, "6 or better"),
                ("8♦ 8♣", Rank.SIX, "6 or better"),
            ),
        ),
        "",
        choice(
            "Draw to the hand that wins where you play. If a king badugi would often win,"
            " keep the rough three; if you need an 8 or better to win, break to the smooth"
            " two. The tables give the price of each."
        ),
    ]


def _pat_or_break(r: RuleLink) -> list[str]:
    hand = "A♠ 3♥ 4♦ J♣"
    broken = hand_odds(hand, "J♣", top=Rank.TEN).badugi
    last, first = broken[0], broken[-1]
    # Your four cards cannot come to them: for their draw they are as good as dead.
    opponent = draw_odds("2♠ 5♥ 7♦", dead=hand)
    return [
        "## Stand pat or break? {#pat-or-break}",
        "",
        f"{faces(hand)} is a made jack badugi: standing pat ({r('R4.2')}) keeps it, a sure"
        " badugi at the showdown. Throwing the jack (breaking the hand) to draw one card to"
        " A-3-4 gives up that sure badugi for a chance at a better one. A 10 or better beats"
        " every jack badugi; *any badugi* includes the jacks and queens you might draw. The"
        " J♣ you threw is known to be out of play: one club fewer to come.",
        "",
        *_choices(hand, (("J♣", Rank.TEN, "10 or better"), ("J♣", None, "any badugi"))),
        "",
        "What a jack badugi is up against: an opponent keeping a three-card hand such as"
        f" {faces('2♠ 5♥ 7♦')} and drawing one makes a badugi (of any kind) by the showdown"
        f" this often, counted with your four cards out of their reach ({opponent.outs} outs"
        f" among {opponent.unseen} cards):",
        "",
        f"| {_LEFT_HEADS} |",
        "| ---: | ---: | ---: |",
        "| " + " | ".join(by_draws_left(opponent)) + " |",
        "",
        choice(
            f"Break a made hand when a better one comes often enough to pay for the times"
            f" you end with none. Breaking this jack makes a 10 or better {chance(last)} of"
            f" the time with one draw left and {chance(first)} with three, and every miss"
            " leaves you with no badugi at all; standing pat keeps a jack that loses to every"
            " better badugi the others draw."
        ),
    ]


def _dead_cards(r: RuleLink) -> list[str]:
    lines = [
        "## What your own discards tell you {#dead-cards}",
        "",
        f"Drawing to {faces('A♠ 2♥ 3♦')} for a 7 or better, you caught the 9♣: a badugi,"
        " but above 7, so you threw it again. Cards you threw cannot come back to you"
        f" ({r('R4.5')}): each one you know is out of play changes the chance. A club you"
        " threw was a card you wanted (for some badugi); a card of another suit was not, and"
        " leaves fewer unseen cards around the clubs that are left:",
        "",
        f"| Known out of play | Cards | Outs / unseen | {_LEFT_HEADS} |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for dead, label in (
        ("", "nothing"),
        ("9♣", "the card you threw"),
        ("9♣ J♣ Q♣", "three clubs above 7"),
        ("4♣", "one out for a 7 or better"),
        ("9♥ J♠ Q♦", "three cards that were never outs"),
    ):
        odds = draw_odds("A♠ 2♥ 3♦", dead=dead, top=Rank.SEVEN)
        lines.append(
            f"| {label} | {plain(dead)} | {odds.outs} / {odds.unseen} | "
            + " | ".join(by_draws_left(odds))
            + " |"
        )
    lines += [
        "",
        "Dead outs cost the most; dead cards that were never outs help a little. Other"
        " players' discards are not known to you, so they do not count here.",
        "",
    ]
    return lines


_STARTS: Final = (
    ("2♠ 4♥ 6♦ 8♣", "", "an 8 badugi: stand pat"),
    ("A♠ 2♥ 3♦ 3♣", "3♣", "three cards, 3-2-A"),
    ("2♠ 4♥ 6♦ 6♣", "6♣", "three cards, 6-4-2"),
    ("3♠ 5♥ 8♦ 8♣", "8♣", "three cards, 8-5-3"),
    ("J♠ Q♥ K♦ K♣", "K♣", "three cards, K-Q-J"),
    ("A♠ 2♥ 2♦ 2♣", "2♦ 2♣", "two cards, 2-A"),
    ("6♠ 7♥ 7♦ 7♣", "7♦ 7♣", "two cards, 7-6"),
    ("Q♠ K♥ K♦ K♣", "K♦ K♣", "two cards, K-Q"),
    ("A♠ K♠ K♦ K♣", "K♠ K♦ K♣", "one card, an ace: draw three"),
    ("K♠ K♥ K♦ K♣", "K♠ K♥ K♦ K♣", "nothing: draw four"),
)


def _starting_hands(r: RuleLink) -> list[str]:
    tops = (None, Rank.EIGHT, Rank.SIX)
    lines = [
        "## Which starting hands to play {#starting-hands}",
        "",
        "Before the first draw, with three draws to come: the chance each kind of dealt hand"
        " ends as a badugi, as an 8 or better and as a 6 or better, keeping the cards that"
        f" play ({r('R2.1')}).",
        "",
        "| Dealt | Keep | Any badugi | 8 or better | 6 or better |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for hand, discard, label in _STARTS:
        cells = []
        for top in tops:
            cells.append(chance(hand_odds(hand, discard, top=top).badugi[-1]))
        thrown = parse_cards(discard)
        kept = " ".join(c.pretty() for c in parse_cards(hand) if c not in thrown)
        keep = f"{label}: {held(faces(kept))}" if kept else label
        row = f"| {held(faces(hand))} | {keep} | "
        lines.append(row + " | ".join(cells) + " |")
    three = hand_odds("A♠ 2♥ 3♦ 3♣", "3♣").badugi[-1]
    two, ace, four = (
        hand_odds(hand, discard).badugi[-1] for hand, discard, _ in (_STARTS[5], *_STARTS[-2:])
    )
    lines += [
        "",
        "A made badugi is sure to stay one, but its rank never improves while you stand pat:"
        " a made 8 is an 8 or better for certain and a 6 or better never. A three-card hand"
        f" makes a badugi {chance(three)} of the time whatever its ranks (it has the same 10"
        " outs); what the ranks change is how good that badugi is. Fewer cards kept means"
        f" more to find: two cards that play end as a badugi {chance(two)} of the time, a"
        f" lone ace {chance(ace)} and a draw of four {chance(four)}.",
        "",
        choice(
            "Which hands to play is this table read against what wins where you play. If you"
            " expect to need an 8 or better to win, as when several players draw to the end,"
            " the 8-or-better column is your chance, and the rough and two-card hands are"
            " long shots; heads-up, where any badugi often wins, more hands are worth a draw."
            f" Acting after the others also helps: you see how many cards each one draws"
            f" before you choose ({r('R4.3')})."
        ),
    ]
    return lines


_SPLIT_HANDS: Final = (
    ("badeucy", "2♠ 3♥ 4♦ 7♣ 7♠", ("", "7♠", "7♣")),
    ("badacy", "A♠ 2♥ 3♦ 5♣ K♠", ("", "K♠", "5♣ K♠")),
)


def _split_games(r: RuleLink) -> list[str]:
    lines = [
        "## The split games {#split-games}",
        "",
        "Badeucy and Badacy deal five cards and split each pot between the best Badugi hand"
        f" and the best five-card low ({r('R9.1')}). A draw is now a choice for two hands"
        " at once. Here a Badugi half is *made* with any badugi, a low half with an 8-low or"
        " better, and *both* is a hand that can scoop the pot. Counted for the next draw only:"
        " with two halves to chase there is no one way to draw after it.",
        "",
    ]
    scoop: list[Fraction] = []
    for game, hand, discards in _SPLIT_HANDS:
        profile = profiles.get(game)
        first, second = profile.halves
        lines += [
            f"{game.capitalize()} (`{first}` and `{second}`), {faces(hand)}:",
            "",
            "| Throw | Badugi half made | Low half made | Both |",
            "| --- | ---: | ---: | ---: |",
        ]
        cards = parse_cards(hand)
        for discard in discards:
            odds = split_odds(profile, cards, parse_cards(discard))
            label = plain(discard) if discard else "nothing (stand pat)"
            made = " | ".join(chance(p) for p in (*odds.made, odds.both))
            lines.append(f"| {label} | {made} |")
            scoop.append(odds.both)
        lines.append("")
    lines += [
        choice(
            "Draw so that a made half stays made while you chase the other. In the Badeucy"
            " hand, throwing the 7♠ keeps the badugi and makes the low"
            f" {chance(scoop[1])} of the time, a chance at the whole pot; throwing the 7♣"
            f" instead risks the badugi and scoops only {chance(scoop[2])} of the time."
            " Standing pat settles for the Badugi half."
        ),
    ]
    return lines


def strategy_md(rule_link: RuleLink) -> str:
    """The whole page, drill included."""
    sections: list[list[str]] = [
        _intro(rule_link),
        _keep(rule_link),
        _rough_or_smooth(rule_link),
        _pat_or_break(rule_link),
        _dead_cards(rule_link),
        _starting_hands(rule_link),
        _split_games(rule_link),
        drill_md(rule_link),
    ]
    return "\n".join(line for section in sections for line in section) + "\n"
