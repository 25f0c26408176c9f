"""Engine: random legal hands per second at 2, 6 and 8 seats, ours against PokerKit's
FixedLimitBadugi, in one run.

Both play the same decks and stacks with the same random policy driven by the same seeded
stream, so when the two offer the same options they make the same choices and play the
same hands; the action counts of both are reported, and must be equal. Heads-up both play
the house game (PokerKit set to the house cap), as the benchmark always has; at 6 and 8
seats both play PokerKit's own rules, the `pokerkit` profile (R13). PokerKit refills an
empty deck with a random shuffle; here its shuffle is replaced by the order R8.18 fixes
(the cards in the order they had in the hand's deck), which our engine uses, so a refill
deals the same cards to both.
"""

from __future__ import annotations

import random
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

import pokerkit
import pokerkit.state

from badugi_spec.cards import DECK, Card
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.interop.pokerkit.game import game_for
from badugi_spec.profiles import Profile, get
from benchmarks.timing import Row

SEED = 20261129
RUNS = 7
SETTINGS: tuple[tuple[int, str, int, int], ...] = (
    # seats, profile, hands, our passes over them
    (2, "house", 1_000, 4),
    (6, "pokerkit", 300, 5),
    (8, "pokerkit", 250, 5),
)
SHORT_SHARE = 0.3
"""Share of multi-way hands with some short stacks, so that all-ins and side pots happen."""

# PokerKit does the dealing, burning, blinds, showdown and chip moves itself, as our
# engine does, so both sides do the whole hand's work.
PK_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.BOARD_DEALING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def cpu_seconds(work: Callable[[], object]) -> float:
    """CPU time of one call. CPU time, not wall time: on a shared machine other processes
    stretch the wall time of both engines unevenly."""
    start = time.process_time()
    work()
    return time.process_time() - start


def deals(
    count: int, seats: int, profile: Profile
) -> list[tuple[tuple[Card, ...], tuple[int, ...]]]:
    """Decks and stacks, the same for both engines."""
    rng = random.Random(f"{SEED}:{seats}")
    result = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        full = profile.starting_stack
        stacks = [full] * seats
        if seats > 2 and rng.random() < SHORT_SHARE:
            stacks = [rng.randint(1, full // 2) if rng.random() < 0.5 else full for _ in stacks]
        result.append((tuple(deck), tuple(stacks)))
    return result


# ----- the policy, in terms both engines can answer ---------------------------------------


_CHOICES = {
    (can_fold, can_raise): ("fold",) * can_fold + ("call",) + ("raise",) * can_raise
    for can_fold in (False, True)
    for can_raise in (False, True)
}


def choose_bet(rng: random.Random, *, can_fold: bool, can_raise: bool) -> str:
    """'fold', 'call' (check or call) or 'raise', uniformly among those offered. A fold is
    offered only against a bet: a free fold into all-in players is one PokerKit cannot
    settle (R13.5)."""
    # `random()` rather than `choice`: the policy's own cost is not the engines'.
    choices = _CHOICES[can_fold, can_raise]
    return choices[int(rng.random() * len(choices))]


def choose_discards(rng: random.Random, held: Sequence[int]) -> list[int]:
    """0 to 4 discards, as deck indexes, from the hand in deck-index order."""
    pool = sorted(held)
    count = int(rng.random() * (len(pool) + 1))
    return [pool.pop(int(rng.random() * len(pool))) for _ in range(count)]


# ----- each engine ------------------------------------------------------------------------


# The kinds as plain names: reading an Enum member through its class costs about 45 ns in
# Python 3.11, several times per decision; that is the policy's cost, not the engine's.
CHECK, BET, CALL, RAISE, FOLD, DRAW = (
    Kind.CHECK,
    Kind.BET,
    Kind.CALL,
    Kind.RAISE,
    Kind.FOLD,
    Kind.DRAW,
)


def draw_ours(hand: Hand, seat: int, rng: random.Random) -> None:
    held = [card.index for card in hand.holdings[seat]]
    discards = tuple(DECK[i] for i in choose_discards(rng, held))
    hand.apply(Action(seat, DRAW, discards=discards))


def play_ours(
    deck: tuple[Card, ...], stacks: tuple[int, ...], profile: Profile, rng: random.Random
) -> int:
    # The button last, so that seat i is PokerKit's player i (R8.2).
    hand = Hand(deck=deck, stacks=stacks, dealer=len(stacks) - 1, profile=profile)
    actions = 0
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal[0].kind is DRAW:
            draw_ours(hand, seat, rng)
        else:
            kinds = [option.kind for option in legal]
            choice = choose_bet(
                rng,
                can_fold=FOLD in kinds and CALL in kinds,
                can_raise=BET in kinds or RAISE in kinds,
            )
            if choice == "fold":
                kind = FOLD
            elif choice == "call":
                kind = CHECK if CHECK in kinds else CALL
            else:
                kind = BET if BET in kinds else RAISE
            hand.apply(Action(seat, kind))
        actions += 1
    return actions


_TO_PK = {card: next(iter(pokerkit.Card.parse(str(card)))) for card in DECK}
_PK_INDEX = {pk: card.index for card, pk in _TO_PK.items()}
_PLACE: dict[pokerkit.Card, int] = {}
"""The current hand's deck order, for the refill (R8.18)."""


def _in_deck_order(cards: Iterable[pokerkit.Card]) -> list[pokerkit.Card]:
    return sorted(cards, key=_PLACE.__getitem__)


def _shuffle_to_deck_order(cards: deque[pokerkit.Card]) -> None:
    """PokerKit's shuffle of a new state's deck, made to give the hand's deck order."""
    ordered = _in_deck_order(cards)
    cards.clear()
    cards.extend(ordered)


def pokerkit_game(profile: Profile, seats: int) -> pokerkit.FixedLimitBadugi:
    game = game_for(profile, seats=seats)
    game.automations = PK_AUTOMATIONS
    return game


def new_state(
    game: Callable[[tuple[int, ...], int], pokerkit.State],
    deck: tuple[Card, ...],
    stacks: tuple[int, ...],
) -> pokerkit.State:
    # PokerKit deals as it creates the state, from a deck it shuffles: made the hand's deck.
    _PLACE.clear()
    _PLACE.update((_TO_PK[card], i) for i, card in enumerate(deck))
    return game(stacks, len(stacks))


def draw_pokerkit(state: pokerkit.State, rng: random.Random) -> None:
    player = state.stand_patter_or_discarder_index
    assert player is not None
    by_index = {_PK_INDEX[card]: card for card in state.hole_cards[player]}
    chosen = choose_discards(rng, list(by_index))
    state.stand_pat_or_discard([by_index[i] for i in chosen])


def play_pokerkit(
    game: pokerkit.FixedLimitBadugi,
    deck: tuple[Card, ...],
    stacks: tuple[int, ...],
    rng: random.Random,
) -> int:
    state = new_state(game, deck, stacks)
    actions = 0
    while state.status:
        if state.can_stand_pat_or_discard():
            draw_pokerkit(state, rng)
        else:
            choice = choose_bet(
                rng,
                can_fold=bool(state.checking_or_calling_amount) and state.can_fold(),
                can_raise=state.can_complete_bet_or_raise_to(),
            )
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
        actions += 1
    return actions


def _measure(seats: int, name: str, hands_count: int, passes: int) -> Row:
    profile = get(name)
    hands = deals(hands_count, seats, profile)
    counts: dict[str, int] = {}

    # Both play exactly the same hands; ours, being faster, plays them `passes` times in a
    # run so that its timing is as long as PokerKit's and as steady.
    def ours() -> None:
        for _ in range(passes):
            rng = random.Random(SEED)
            counts["ours"] = sum(play_ours(d, s, profile, rng) for d, s in hands)

    game = pokerkit_game(profile, seats)

    def theirs() -> None:
        rng = random.Random(SEED)
        counts["pokerkit"] = sum(play_pokerkit(game, d, s, rng) for d, s in hands)

    return race(f"{seats} seats, {name}", ours, theirs, counts, hands_count, passes)


def race(
    what: str,
    ours: Callable[[], None],
    theirs: Callable[[], None],
    counts: dict[str, int],
    hands_count: int,
    passes: int,
) -> Row:
    """Time `ours` (`passes` times over the hands) against `theirs` (once over them), each
    filling in its action count, and make the table's row."""
    # The runs of the two alternate, so that both meet the same spells of a busy machine;
    # the best of each is the one least disturbed.
    our_times, pk_times = [], []
    with warnings.catch_warnings():
        # PokerKit warns when it refills its deck (R13.4); the warning is its cost, not ours.
        warnings.simplefilter("ignore")
        for _ in range(RUNS):
            our_times.append(cpu_seconds(ours))
            pk_times.append(cpu_seconds(theirs))
    our_time, pk_time = min(our_times), min(pk_times)
    our_hands = pk_hands = hands_count
    our_hands *= passes
    rate, pk_rate = our_hands / our_time, pk_hands / pk_time
    same = counts["ours"] == counts["pokerkit"]
    return Row(
        "engine",
        f"random legal hands, {what} (hands/s)",
        rate,
        pk_rate,
        "hands/s",
        rate / pk_rate,
        ">= 10x PokerKit",
        rate / pk_rate >= 10 and same,
        f"actions in the {pk_hands} hands: ours {counts['ours']},"
        f" PokerKit {counts['pokerkit']}{'' if same else ' (NOT the same hands)'}",
    )


@contextmanager
def deck_order() -> Iterator[None]:
    """PokerKit's shuffles made to give the hand's deck order (see the module docstring)."""
    namespace = vars(pokerkit.state)
    originals = {name: namespace[name] for name in ("shuffle", "shuffled")}
    namespace.update(shuffle=_shuffle_to_deck_order, shuffled=_in_deck_order)
    try:
        yield
    finally:
        namespace.update(originals)


def run() -> list[Row]:
    with deck_order():
        return [_measure(*setting) for setting in SETTINGS]
