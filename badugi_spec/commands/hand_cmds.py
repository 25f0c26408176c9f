"""`hand`, `compare` and `rules`: the evaluator and the rulebook from the command line.

The profiles and the rulebook are imported where they are used: `hand` of four cards, the
commonest run, starts with the evaluator alone (issue 40).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from badugi_spec.cards import Card, parse_words
from badugi_spec.errors import CardError
from badugi_spec.rankings import RankedValue, ranking, ranking_names
from badugi_spec.rankings.explain import explain
from badugi_spec.rankings.house import evaluate, winners

if TYPE_CHECKING:
    from badugi_spec.profiles import Profile

RANKING_HELP = (
    "value hands in this ranking (R9.1): %(choices)s; the Badugi rankings take 4 or 5 cards,"
    " the lows 5. Without it: the house game's four-card Badugi (R2)"
)
GAME_HELP = (
    "value hands as this profile's game does (R8.22, R8.29): in each of its rankings, one"
    " per share of the pot, e.g. badeucy or badacy (see `badugi-spec profiles`)"
)


def register(sub: Any) -> None:
    hand = sub.add_parser("hand", help="value a four-card hand and explain which cards play")
    hand.add_argument(
        "cards",
        nargs="+",
        metavar="CARDS",
        help="four cards (or five, with --ranking), as one word or several:"
        ' e.g. As 2h 3d Kd, "A♠ 2♥ 3♦ K♦" or As2h3dKd',
    )
    _value_options(hand)
    hand.set_defaults(run=run_hand)

    cmp = sub.add_parser("compare", help="say which of two or more hands wins, and why")
    cmp.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="four cards per hand (or five, with --ranking): each hand as one word, e.g."
        ' "A♠ 2♥ 3♦ 4♣" "5♠ 6♥ 7♦ 8♣", or every card as a word, e.g. As 2h 3d 4c 5s 6h 7d 8c,'
        " with / between the hands where their size does not tell (a ranking of 4 or 5 cards)",
    )
    _value_options(cmp)
    cmp.set_defaults(run=run_compare)

    rules = sub.add_parser("rules", help="print the rulebook summary (every rule ID)")
    rules.add_argument("--full", action="store_true", help="print each rule's text as well")
    rules.set_defaults(run=run_rules)


def _value_options(parser: argparse.ArgumentParser) -> None:
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--ranking", choices=ranking_names(), metavar="NAME", help=RANKING_HELP)
    how.add_argument("--game", metavar="PROFILE", help=GAME_HELP)


def _game(game: str) -> Profile:
    """The profile whose rankings value the hands; an unknown name is one clear line.

    A broken profile file says what is wrong with it and where, not "unknown game"."""
    from badugi_spec.profiles import get, names

    if game not in names():
        raise_usage(f"unknown game {game!r:.60}; the profiles are {', '.join(names())}")
    return get(game)


def _share(index: int, count: int) -> str:
    """What the share of the pot valued by the index-th ranking is called."""
    if count == 1:
        return "the pot"
    return "the Badugi half" if index == 0 else "the low half"


def run_hand(args: argparse.Namespace) -> int:
    if args.game is not None:
        profile = _game(args.game)
        halves = profile.halves
        cards = parse_words(args.cards, count=profile.hand_size)
        rule = "R8.29" if len(halves) > 1 else "R8.22"
        print(f"{args.game}: {' and '.join(halves)} ({rule})")
        for index, name in enumerate(halves):
            print(f"{_share(index, len(halves))}, in {name}:")
            explained = str(ranking(name).evaluate(cards).explain())
            print("\n".join(f"  {line}" for line in explained.splitlines()))
        return 0
    if args.ranking is not None:
        print(ranking(args.ranking).evaluate(parse_words(args.cards)).explain())
        return 0
    print(explain(parse_words(args.cards, count=4)))
    return 0


def run_compare(args: argparse.Namespace) -> int:
    sizes: tuple[int, ...] = (4,)
    if args.ranking is not None:
        # The hands a draw game deals: a Badugi ranking values 1 to 5 cards, but 4 or 5
        # are what cards typed one by one are grouped in.
        sizes = tuple(size for size in ranking(args.ranking).hand_sizes if size >= 4)
    if args.game is not None:
        sizes = (_game(args.game).hand_size,)
    hands = _hands(args.hands, sizes)
    if len(hands) < 2:
        raise_usage("compare needs at least two hands")
    seen: dict[object, int] = {}
    for number, hand in enumerate(hands, start=1):
        for card in hand:
            if card in seen:
                raise_usage(f"{card.pretty()} is in hand {seen[card]} and hand {number}")
            seen[card] = number
    if args.game is not None:
        return _compare_game(args.game, hands)
    if args.ranking is not None:
        return _compare_ranked(args.ranking, hands)
    values = [evaluate(hand) for hand in hands]
    for number, hand in enumerate(hands, start=1):
        print(f"hand {number}: {explain(hand)}")
    best = winners(values)
    if len(best) == len(values) and len(values) > 1:
        print(f"tie: every hand is {values[0]}; suits never break ties (R2.7)")
        return 0
    names = " and ".join(f"hand {i + 1}" for i in best)
    verb = "tie for the win" if len(best) > 1 else "wins"
    top = values[best[0]]
    losers = [v for v in values if v != top]
    reason = _why(top, max(losers))
    print(f"{names} {verb} with {top}: {reason}")
    return 0


def _hands(words: list[str], sizes: tuple[int, ...]) -> list[tuple[Card, ...]]:
    """The hands `compare` was given: each hand one word (quoted), or the cards as separate
    words, split into hands at each `/` word or else every `size` cards, for the one size of
    `sizes` that fits. With a single size, every hand must have that many cards."""
    count = sizes[0] if len(sizes) == 1 else None
    if "/" in words:
        groups: list[list[str]] = [[]]
        for word in words:
            if word == "/":
                groups.append([])
            else:
                groups[-1].append(word)
        return [_hand(number, group, count) for number, group in enumerate(groups, start=1)]
    if len(words) < 2 or not all(map(_one_card, words)):
        return [_hand(number, [word], count) for number, word in enumerate(words, start=1)]
    fits = [size for size in sizes if len(words) % size == 0]
    if len(fits) != 1:
        raise_usage(
            f"{len(words)} cards make no hands of {' or '.join(map(str, sizes))} cards"
            if not fits
            else f"{len(words)} cards could be hands of {' or '.join(map(str, fits))} cards:"
            " put / between the hands"
        )
    size = fits[0]
    return [
        _hand(number, words[start : start + size], size)
        for number, start in enumerate(range(0, len(words), size), start=1)
    ]


def _one_card(word: str) -> bool:
    """Whether a word is one card's text (`As`, `10h`, `A♠`, as typed on a phone too): no
    card is longer than three characters, and no hand of them shorter."""
    return len(word.replace("\ufe0f", "").replace("\ufe0e", "").strip()) <= 3


def _hand(number: int, words: list[str], count: int | None) -> tuple[Card, ...]:
    """One hand of `compare`; an error names the hand."""
    if not words:
        raise_usage(f"hand {number} has no cards: one / too many?")
    try:
        return parse_words(words, count=count)
    except CardError as error:
        raise CardError(f"hand {number}: {error}") from None


def _compare_ranked(name: str, hands: list[tuple[Card, ...]]) -> int:
    """`compare --ranking`: the same report as the house one, in the named ranking."""
    values: list[RankedValue] = [ranking(name).evaluate(hand) for hand in hands]
    for number, value in enumerate(values, start=1):
        print(f"hand {number}: {value.explain()}")
    print(_verdict(name, values)[1])
    return 0


def _verdict(name: str, values: list[RankedValue]) -> tuple[list[int], str]:
    """The best hands' indexes in one ranking, and the sentence that says why."""
    top = max(values)
    best = [i for i, value in enumerate(values) if value == top]
    if len(best) == len(values):
        return best, f"tie: every hand is {top} in {name}; suits never break ties (R9.1)"
    who = " and ".join(f"hand {i + 1}" for i in best)
    verb = "tie for the win" if len(best) > 1 else "wins"
    runner_up = max(value for value in values if value != top)
    return best, f"{who} {verb} with {top} in {name}: {top.reason_against(runner_up)}"


def _compare_game(game: str, hands: list[tuple[Card, ...]]) -> int:
    """`compare --game`: each share of the pot judged in its own ranking, then who takes
    what (R8.29): one player may take both halves, a scoop."""
    halves = _game(game).halves
    takers: list[list[int]] = []
    for index, name in enumerate(halves):
        values = [ranking(name).evaluate(hand) for hand in hands]
        print(f"{_share(index, len(halves))}, in {name}:")
        for number, value in enumerate(values, start=1):
            print(f"  hand {number}: {value}")
        best, sentence = _verdict(name, values)
        print(f"  {sentence}")
        takers.append(best)
    if len(halves) == 1:
        return 0
    badugi, low = (set(best) for best in takers)
    if len(badugi) == len(low) == 1 and badugi == low:
        print(f"hand {min(badugi) + 1} scoops: it takes both halves (R8.29)")
        return 0
    for index, best in enumerate(takers):
        who = " and ".join(f"hand {i + 1}" for i in best)
        share = "share" if len(best) > 1 else "takes"
        print(f"{who} {share} {_share(index, len(halves))}")
    return 0


def _why(winner: Any, runner_up: Any) -> str:
    if winner.size != runner_up.size:
        return f"{winner.size} playable cards beat {runner_up.size} (R2.3)"
    for mine, theirs in zip(winner.ranks, runner_up.ranks, strict=True):
        if mine != theirs:
            return (
                f"same size, and the first difference from the top is {mine.label}"
                f" against {theirs.label}; the lower card wins (R2.4)"
            )
    raise AssertionError("equal values cannot be a win")  # pragma: no cover


def raise_usage(message: str) -> None:
    raise CardError(message)


def run_rules(args: argparse.Namespace) -> int:
    from badugi_spec.rules import load_chapters

    for chapter in load_chapters():
        print(f"{chapter.id} {chapter.title}")
        for rule in chapter.rules:
            marks = []
            if rule.is_interpretation:
                marks.append("interpretation")
            if rule.not_heads_up:
                marks.append("not shown heads-up")
            if rule.no_scenario_yet:
                marks.append("no scenario yet")
            suffix = f"  [{', '.join(marks)}]" if marks else ""
            print(f"  {rule.id:<6} {rule.title}{suffix}")
            if args.full:
                for line in rule.text.splitlines():
                    print(f"         {line}")
    return 0
