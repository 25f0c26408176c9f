"""`odds`: exact chances of making a badugi (or improving) in the draws left."""

from __future__ import annotations

import argparse
from typing import Any

from badugi_spec.cards import Rank, format_cards, parse_cards
from badugi_spec.commands import arguments
from badugi_spec.errors import CardError
from badugi_spec.rankings.house import MAX_CARDS, evaluate
from badugi_spec.rankings.odds import MAX_DRAWS, draw_odds, percent


def register(sub: Any) -> None:
    odds = sub.add_parser(
        "odds",
        help="exact chance of making a badugi in the draws left",
        description=(
            'Give the cards you keep (e.g. "A♠ 2♥ 3♦"), or a four-card hand and --discard.'
            " Cards you threw but do not name are taken to be cards that did not play."
        ),
    )
    odds.add_argument("cards", help='the kept cards, or a four-card hand, e.g. "A♠ 2♥ 3♦"')
    odds.add_argument("--draws", type=arguments.whole, default=MAX_DRAWS, help="draws left, 1 to 3")
    odds.add_argument("--discard", default="", help="with a four-card hand: the cards thrown")
    odds.add_argument("--dead", default="", help="other cards known to be out of play")
    odds.add_argument("--top", help="count only a badugi this high or lower, e.g. 8")
    odds.set_defaults(run=run_odds)


def _rank(text: str) -> Rank:
    wanted = "T" if text.strip() == "10" else text.strip().upper()
    for rank in Rank:
        if rank.value == wanted:
            return rank
    raise CardError(f"--top {text!r} is not a rank: A, 2 to 10, J, Q or K")


def run_odds(args: argparse.Namespace) -> int:
    cards = parse_cards(args.cards)
    thrown = parse_cards(args.discard)
    if len(cards) == MAX_CARDS:
        if not thrown:  # by default throw what does not play
            playing = evaluate(cards).cards
            thrown = tuple(c for c in cards if c not in playing)
        missing = [c for c in thrown if c not in cards]
        if missing:
            raise CardError(f"{format_cards(missing)} is not in the hand (R4.2)")
        kept = tuple(c for c in cards if c not in thrown)
    elif thrown:
        raise CardError("--discard needs the whole four-card hand")
    else:
        kept = cards
    top = _rank(args.top) if args.top else None
    odds = draw_odds(kept, draws=args.draws, thrown=thrown, dead=parse_cards(args.dead), top=top)
    wanted = MAX_CARDS - len(kept)
    target = "a badugi" + (f" {top.label} or better" if top else "")
    # Throwing all four keeps nothing: there is no value of the kept cards to print.
    keeping = f"keep {format_cards(kept)} ({evaluate(kept)})" if kept else "throw all four"
    print(
        f"{keeping}, drawing {wanted} card"
        f"{'' if wanted == 1 else 's'} at each draw:"
        f" {odds.outs} outs among {odds.unseen} unseen cards"
    )
    print(f"{'draws':>5}  {target:>18}  {'exactly':>13}  {'improve':>9}")
    for number, (badugi, improve) in enumerate(zip(odds.badugi, odds.improve, strict=True), 1):
        print(f"{number:>5}  {percent(badugi):>18}  {badugi!s:>13}  {percent(improve):>9}")
    return 0
