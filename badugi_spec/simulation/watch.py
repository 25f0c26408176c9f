"""The rules' arithmetic, checked after every action of a simulated hand (`Watch`).

The invariants hold for any profile and 2 to 8 seats: chips are conserved (R5.8), every
card is dealt from the stub in order and is in one place at a time (R1.6, R1.7, R4.4,
R4.5, R8.18), a round holds at most the profile's bet levels (R3.6, R8.6), every pot goes
to the best hand among the players eligible for it (R8.14). A broken one raises
`SimulationError` with the seed and number that replay the hand.

Kept apart from the random policy (`random_play`), which knows nothing of the checks, and
from the loop that plays a hand (`simulate`): this is the one place that says what a
simulated hand must satisfy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from badugi_spec.cards import Card
from badugi_spec.engine.actions import Action, Kind, Legal
from badugi_spec.engine.hand import Hand
from badugi_spec.engine.pots import Half, Pot
from badugi_spec.errors import BadugiError, IllegalAction
from badugi_spec.profiles.model import Profile
from badugi_spec.simulation.random_play import Setup, describe_action


class SimulationError(BadugiError):
    """An invariant broke, or the engine refused an action it had itself offered."""

    def __init__(
        self, message: str, *, seed: int, number: int, transcript: Sequence[str] = ()
    ) -> None:
        self.seed = seed
        self.number = number
        self.reason = message
        lines = [f"simulate seed {seed}, hand {number}: {message}"]
        lines.extend(f"    {line}" for line in transcript)
        super().__init__("\n".join(lines))


class Watch:
    """Checks one hand against the rules' arithmetic while it is played."""

    def __init__(self, setup: Setup, hand: Hand, structure: Profile) -> None:
        self.setup = setup
        self.hand = hand
        self.structure = structure
        self.seats = setup.seats
        self.chips = sum(setup.stacks)
        dealt_in = [stack > 0 for stack in setup.stacks]
        # Clockwise from the first seat left of the button, the button last (R8.2).
        self.order = [
            seat
            for seat in ((setup.dealer + i) % self.seats for i in range(1, self.seats + 1))
            if dealt_in[seat]
        ]
        self.most_cards = structure.hand_size * len(self.order) + structure.draws * (
            structure.burns_per_draw + len(self.order) * structure.max_discards
        )
        self.put_in = [[0] * self.seats for _ in range(structure.betting_rounds)]
        self.put_in[0] = [
            hand.total[s] - (structure.ante if dealt_in[s] else 0) for s in range(self.seats)
        ]
        # The blinds' uncovered part may already be back if no one could act (R8.12).
        self.gross = [total + back for total, back in zip(hand.total, hand.returned, strict=True)]
        """Every chip each seat has put in, before anything was given back."""
        self.levels = [0] * structure.betting_rounds
        """Full bets and raises per round, counted from the chips (R3.6, R8.6)."""
        # Before the first draw the big blind may be the round's first level (R3.6, R8.6).
        self.levels[0] = 1 if structure.cap_counts_blind else 0
        self.actions: list[Action] = []
        self.declared: dict[int, tuple[Card, ...]] = {}
        self.last_draw = ""
        self.all_in = False
        self._check_deal()
        self._check_chips()

    def fail(self, message: str) -> SimulationError:
        hand = self.hand
        actions = "; ".join(describe_action(a) for a in self.actions) or "(none)"
        return SimulationError(
            message,
            seed=self.setup.seed,
            number=self.setup.number,
            transcript=[
                f"button seat {self.setup.dealer}, stacks {list(self.setup.stacks)},"
                f" phase {hand.phase}, stacks now {list(hand.stacks)}, pot {hand.pot}"
                f" (replay: {self.setup.replay_call()})",
                f"actions: {actions}",
            ],
        )

    def apply(self, action: Action) -> None:
        hand = self.hand
        if action.kind is Kind.DRAW:
            first = str(hand.phase) != self.last_draw
            if first:
                self.declared = {}
            self.last_draw = str(hand.phase)
            before = _DrawBefore(
                [list(cards) for cards in hand.holdings],
                hand.deck.position,
                hand.deck.stub(),
                first,
                len(hand.burns),
                hand.reshuffles,
            )
            action = self._apply(action)
            self._check_draw(action, before)
        else:
            betting_round = hand.phase.number
            totals = list(hand.total)
            committed = hand.committed[action.seat]
            option = next(o for o in hand.legal_actions() if o.kind is action.kind)
            self._apply(action)
            adds = option.adds
            if option.most and action.kind is not Kind.ALL_IN and action.amount is not None:
                adds = action.amount - committed  # a big-bet amount over the least (R14.10)
            self.gross[action.seat] += adds
            self._check_bet(betting_round, totals, option)
        self._check_chips()
        self._check_cards()

    def _apply(self, action: Action) -> Action:
        """Apply `action`, or a draw of fewer cards when the stub and the piles a reshuffle
        may use cannot supply it (R4.6, R8.18: with five cards a seat, and the current
        draw's discards kept out, as under R12.4, that happens); returns what was applied."""
        while True:
            try:
                self.hand.apply(action)
            except IllegalAction as error:
                if error.code == "deck-short" and action.discards:
                    action = Action(action.seat, Kind.DRAW, discards=action.discards[:-1])
                    continue
                self.actions.append(action)
                raise self.fail(f"the engine refused an action it offered: {error}") from None
            self.actions.append(action)
            return action

    def _check_deal(self) -> None:
        hand, deck = self.hand, self.setup.deck
        count = len(self.order)
        dealt = self.structure.hand_size * count
        # One card at a time, clockwise from the first seat left of the button (R1.7, R8.4).
        for offset, seat in enumerate(self.order):
            expected = set(deck[offset:dealt:count])
            if set(hand.holdings[seat]) != expected:
                raise self.fail(
                    f"R1.7 deal: seat {seat} holds {_cards(hand.holdings[seat])},"
                    f" the deck order gives {_cards(deck[offset:dealt:count])}"
                )
        if hand.deck.position != dealt:
            raise self.fail(f"R1.7 deal: {hand.deck.position} cards used by the deal, not {dealt}")

    def _check_draw(self, action: Action, before: _DrawBefore) -> None:
        hand, s = self.hand, self.structure
        seat = action.seat
        live = [x for x in self.order if not hand.folded[x]]
        if before.first_in_draw and seat != live[0]:
            raise self.fail(
                f"R4.3 draw order: seat {seat} drew before seat {live[0]},"
                " the first player left of the button"
            )
        self.declared[seat] = action.discards
        # Who was served now: the drawer (R4.3), or everyone once all have declared (R8.16).
        done = hand.is_over or str(hand.phase) != self.last_draw
        if s.draw_delivery == "in-turn":
            served = [seat]
        else:
            served = [x for x in live if x in self.declared] if done else []
        received: dict[int, list[Card]] = {}
        for other in live:
            if other not in served:
                if hand.holdings[other] != before.held[other]:
                    raise self.fail(
                        f"R4.3 draw: seat {other}'s cards changed at seat {seat}'s draw"
                    )
                continue
            thrown = self.declared[other]
            kept = [c for c in before.held[other] if c not in thrown]
            new = [c for c in hand.holdings[other] if c not in kept]
            if len(new) != len(thrown) or any(c not in hand.holdings[other] for c in kept):
                raise self.fail(
                    f"R4.2 draw: seat {other} holds {_cards(hand.holdings[other])} after"
                    f" discarding {_cards(thrown)} from {_cards(before.held[other])}"
                )
            received[other] = new
        burned = len(hand.burns) - before.burns
        late_burn = burned and not before.first_in_draw and s.draw_delivery == "in-turn"
        if burned not in (0, s.burns_per_draw) or late_burn:
            raise self.fail(f"R4.4 burn: {burned} cards burned at seat {seat}'s draw")
        if hand.reshuffles != before.reshuffles:
            return  # cards from a rebuilt stub: `_check_cards` checks where each card is
        taken = before.stub[: hand.deck.position - before.position]
        # The burn comes first, then each player's cards in the order they draw (R4.4).
        if tuple(hand.burns[len(hand.burns) - burned :]) != taken[:burned]:
            raise self.fail(
                f"R4.4 burn: burned {_cards(hand.burns[before.burns :])},"
                f" the top was {_cards(taken)}"
            )
        dealt = [card for other in live for card in received.get(other, [])]
        if len(taken) != burned + len(dealt) or set(dealt) != set(taken[burned:]):
            raise self.fail(
                f"R4.2 draw: seats received {_cards(dealt)},"
                f" the top of the deck was {_cards(taken[burned:])}"
            )

    def _check_bet(self, betting_round: int, totals: list[int], option: Legal) -> None:
        hand, s = self.hand, self.structure
        index = betting_round - 1
        level = max(self.put_in[index])
        for seat in range(self.seats):
            self.put_in[index][seat] += hand.total[seat] - totals[seat]
        now = max(self.put_in[index])
        bet = s.bet_sizes[index]
        # Counted from the chips alone, not from the engine's own counter: a raise of a
        # full bet (or an all-in reaching the next full level) is a level (R8.6, R8.8).
        if now > level and (not option.all_in or now - level >= bet):
            self.levels[index] += 1
        capped = s.cap > 0 and s.cap_heads_up == "never"
        if capped and self.levels[index] > s.cap:
            raise self.fail(
                f"R3.6 cap: betting round {betting_round} has {self.levels[index]} bet levels,"
                f" the profile allows {s.cap}"
            )
        if capped and s.short_all_in == "full-bet" and not self.all_in:
            most = (s.cap + (0 if index or s.cap_counts_blind else 1)) * bet
            if now > most:
                raise self.fail(
                    f"R3.6 cap: {now} chips from one player in betting round {betting_round},"
                    f" at most {most}"
                )

    def _check_chips(self) -> None:
        hand = self.hand
        if min(hand.stacks) < 0:
            raise self.fail(f"negative stack: {list(hand.stacks)}")
        if hand.result is None:
            if sum(hand.stacks) + hand.pot != self.chips:
                raise self.fail(
                    f"R5.8 chips: stacks {list(hand.stacks)} plus pot {hand.pot}"
                    f" is not the {self.chips} chips the hand started with"
                )
            if min(hand.stacks[x] for x in self.order) == 0:
                self.all_in = True
            if hand.to_act is None or not hand.legal_actions():
                raise self.fail("the hand is not over but nobody can act")
            return
        result = hand.result
        if sum(hand.stacks) != self.chips or sum(result.won) + sum(result.returned) != sum(
            self.gross
        ):
            raise self.fail(
                f"R5.8 chips: final stacks {list(hand.stacks)} from {self.chips} chips;"
                f" won {list(result.won)} + returned {list(result.returned)} vs"
                f" {sum(self.gross)} put in"
            )
        for seat in range(self.seats):
            expected = (
                self.setup.stacks[seat]
                - self.gross[seat]
                + result.won[seat]
                + result.returned[seat]
            )
            if hand.stacks[seat] != expected:
                raise self.fail(f"settlement: seat {seat} ends with {hand.stacks[seat]}")
        if result.ended_by == "showdown":
            for number, pot in enumerate(result.pots):
                self._check_pot(number, pot)

    def _check_pot(self, number: int, pot: Pot) -> None:
        """Each pot, or each half of a split pot, to the best hands among its eligible
        players in its ranking, and its chips all given out (R5.1, R8.14, R8.29)."""
        hand = self.hand
        values = {seat: [v.strength for v in hand.values(seat)] for seat in pot.eligible}
        parts = pot.halves or (Half("", pot.amount, pot.winners, pot.shares),)
        if len(parts) != len(self.structure.halves):
            raise self.fail(f"R8.29 halves: pot {number} has {len(parts)} parts")
        for i, part in enumerate(parts):
            top = max(strengths[i] for strengths in values.values())
            best = [seat for seat in pot.eligible if values[seat][i] == top]
            if list(part.winners) != best:
                raise self.fail(
                    f"R5.1 showdown: pot {number} part {i} to {list(part.winners)}, best hands"
                    f" among {list(pot.eligible)} are {best}"
                )
            if sum(part.shares) != part.amount:
                raise self.fail(f"R8.14 pots: pot {number} part {i} shares {part.shares}")
        amounts = [part.amount for part in parts]
        if sum(amounts) != pot.amount or max(amounts) - min(amounts) > 1:
            raise self.fail(f"R8.29 halves: pot {number} of {pot.amount} split {amounts}")
        if sum(pot.shares) != pot.amount:
            raise self.fail(f"R8.14 pots: pot {number} shares {pot.shares}")

    def _check_cards(self) -> None:
        hand = self.hand
        live = [x for x in self.order if not hand.folded[x]]
        in_play = [card for x in live for card in hand.holdings[x]]
        stub = hand.deck.stub()
        places = in_play + list(stub)
        if len(set(places)) != len(places):
            repeated = sorted({str(c) for c in places if places.count(c) > 1})
            raise self.fail(f"R4.5 dead cards: held twice or held and in the stub: {repeated}")
        if any(len(hand.holdings[x]) != self.structure.hand_size for x in live):
            raise self.fail("R4.2 draw: a player holds the wrong number of cards")
        if hand.reshuffles:
            return
        seen = [*hand.burns]
        for seat in range(self.seats):
            seen.extend(hand.holdings[seat])
            seen.extend(hand.discards[seat])
        position = hand.deck.position
        if len(set(seen)) != len(seen):
            repeated = sorted({str(c) for c in seen if seen.count(c) > 1})
            raise self.fail(f"R4.5 dead cards: seen twice: {' '.join(repeated)}")
        if set(seen) != set(self.setup.deck[:position]):
            raise self.fail("R1.6 deck order: the cards in play are not the top of the deck")
        if position > self.most_cards:
            raise self.fail(f"R4.6 deck: {position} cards used, at most {self.most_cards}")


@dataclass(frozen=True, slots=True)
class _DrawBefore:
    held: list[list[Card]]
    position: int
    stub: tuple[Card, ...]
    first_in_draw: bool
    burns: int
    reshuffles: int


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "nothing"


__all__ = ["SimulationError", "Watch"]
