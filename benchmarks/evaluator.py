"""Evaluator: every four-card hand once, ours against PokerKit and against a bare dict."""

from __future__ import annotations

import itertools

from pokerkit import BadugiHand
from pokerkit import Card as PkCard

from badugi_spec.cards import DECK
from badugi_spec.rankings import house as hands
from benchmarks.timing import Row, best_of, seconds

ALL_HANDS = 270_725


def run() -> list[Row]:
    combos = list(itertools.combinations(range(52), 4))
    assert len(combos) == ALL_HANDS
    # Each side gets its input in its own native form, prepared outside the timing:
    # our card mask, PokerKit's Card objects (its `from_game(hole_cards, board_cards=())`).
    masks = [hands.mask_of(combo) for combo in combos]
    to_pk = [next(iter(PkCard.parse(str(card)))) for card in DECK]
    pk_hands = [tuple(to_pk[i] for i in combo) for combo in combos]
    our_hands = [tuple(DECK[i] for i in combo) for combo in combos]

    lookup = hands.strength_of_mask

    def ours_all() -> None:
        for mask in masks:
            lookup(mask)

    # The table is really built inside this figure: forget it before every run, and keep
    # the least disturbed of a few runs, each a full build plus all the lookups.
    def ours_cold_run() -> None:
        hands.reset_table()
        ours_all()

    ours_cold = best_of(ours_cold_run, repeat=3)
    ours_warm = best_of(ours_all, repeat=5)
    build = ours_cold - ours_warm

    floor_table = {mask: hands.strength_of_mask(mask) for mask in masks}

    def dict_all() -> None:
        for mask in masks:
            floor_table[mask]

    floor = best_of(dict_all, repeat=5)

    def evaluate_all() -> None:
        for cards in our_hands:
            hands.evaluate(cards)

    evaluate_time = seconds(evaluate_all)

    from_game = BadugiHand.from_game

    def pokerkit_all() -> None:
        for cards in pk_hands:
            from_game(cards)

    pk_time = seconds(pokerkit_all)

    rate = ALL_HANDS / ours_cold
    pk_rate = ALL_HANDS / pk_time
    per_hand = ours_warm / ALL_HANDS * 1e9
    per_dict = floor / ALL_HANDS * 1e9
    eval_rate = ALL_HANDS / evaluate_time
    return [
        Row(
            "evaluator",
            "all 270,725 hands, table build included (hands/s)",
            rate,
            pk_rate,
            "hands/s",
            rate / pk_rate,
            ">= 50x PokerKit",
            rate / pk_rate >= 50,
            f"table build {build * 1e3:.0f} ms",
        ),
        Row(
            "evaluator",
            "per hand, table built, vs bare dict lookup (ns)",
            per_hand,
            per_dict,
            "ns/hand",
            per_hand / per_dict,
            "<= 3x dict",
            per_hand / per_dict <= 3,
            "theirs = dict[mask] in the same loop",
        ),
        Row(
            "evaluator",
            "evaluate(cards) -> HandValue, full API (hands/s)",
            eval_rate,
            pk_rate,
            "hands/s",
            eval_rate / pk_rate,
            "(info)",
            None,
        ),
    ]
