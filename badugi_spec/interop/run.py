"""One run of a hand against its history: the engine plays the history's actions and every
difference from what the history shows is a `Diverged`, at the action where it shows.

`interop.replay` runs a hand twice through this: a dry run with any deck, then a real
run with the planned deck (`interop.plan`).
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.cards import DECK, Card, format_cards
from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.errors import IllegalAction
from badugi_spec.interop import plan as card_plan
from badugi_spec.interop.record import HandRecord, Step, Verb
from badugi_spec.profiles import Profile

_BETS = frozenset({"check", "call", "bet", "raise", "all-in"})


class Diverged(Exception):
    """The first difference between the history and the engine, at `step` (None: the
    deal, or the hand as a whole)."""

    def __init__(
        self,
        step: Step | None,
        expected: str,
        actual: str,
        *,
        code: str | None = None,
        rule: str | None = None,
        at_deal: bool = False,
    ) -> None:
        super().__init__(expected)
        self.step = step
        self.expected = expected
        self.actual = actual
        self.code = code
        self.rule = rule
        self.at_deal = at_deal


class Run:
    def __init__(
        self,
        record: HandRecord,
        profile: Profile,
        *,
        plan: card_plan.Plan | None,
        reshuffles: Sequence[Sequence[Card]] = (),
    ) -> None:
        self.record = record
        self.profile = profile
        self.plan = plan
        players = record.players
        if not profile.min_seats <= len(players) <= profile.max_seats:
            raise Diverged(
                None,
                f"{len(players)} players dealt in",
                "refused, the profile seats 2 players only (heads-up), so a multi-way hand"
                " cannot be played"
                if profile.max_seats == 2
                else f"refused, the profile seats {profile.min_seats} to {profile.max_seats}"
                " players",
                rule="R8.2",
                at_deal=True,
            )
        dealt = {len(cards) for cards in record.dealt} or {profile.hand_size}
        if dealt != {profile.hand_size}:
            raise Diverged(
                None,
                f"{' or '.join(map(str, sorted(dealt)))} cards dealt to each player",
                f"refused, the profile deals {profile.hand_size}",
                rule="R8.4",
                at_deal=True,
            )
        extra = tuple(
            (step.player, step.amount)
            for step in record.steps
            if step.verb is Verb.POST
            and step.blind == "posted big blind"
            and step.player is not None
            and step.amount is not None
        )
        try:
            self.hand = Hand(
                deck=plan.deck if plan is not None else DECK,
                stacks=[player.stack for player in players],
                dealer=record.dealer,
                profile=profile,
                posts=extra,
                reshuffles=reshuffles,
            )
        except IllegalAction as error:
            raise Diverged(
                None, "a deal", str(error), code=error.code, rule=error.rule, at_deal=True
            ) from None
        except ValueError as error:
            raise Diverged(None, "a deal", str(error), rule="R8.3", at_deal=True) from None
        self.posts = extra
        self.reshuffles = reshuffles
        self.applied: list[Action] = []
        self.draws = [0] * len(players)
        self.waiting: list[tuple[Step, int, int]] = []
        """Draws whose replacements are not dealt yet (everyone declares first, R8.16)."""
        self._check_posts()

    def name(self, seat: int | None) -> str:
        return self.record.name(seat)

    # ----- the blinds --------------------------------------------------------------------

    def _check_posts(self) -> None:
        # A post of nothing (a stack the ante already took) is no post in a history.
        engine = [(e.seat, e.amount) for e in self.hand.events if e.kind == "post" and e.amount]
        history = [s for s in self.record.steps if s.verb is Verb.POST]
        left = list(engine)
        for step in history:
            posted = (step.player, step.amount)
            if posted in left:
                left.remove(posted)
                continue
            raise Diverged(
                step,
                f"{self.name(step.player)} posting the {step.blind} {step.amount}",
                "the posts " + self._posts(engine),
                rule="R8.3",
                at_deal=True,
            )
        if left:
            seat, amount = left[0]
            raise Diverged(
                None,
                "no such post",
                f"{self.name(seat)} posting {amount} (the posts {self._posts(engine)})",
                rule="R8.3",
                at_deal=True,
            )

    def _posts(self, posts: Sequence[tuple[int | None, int]]) -> str:
        return ", ".join(f"{self.name(seat)} {amount}" for seat, amount in posts)

    # ----- the actions -------------------------------------------------------------------

    def play(self) -> None:
        last: Step | None = None
        mucks: list[Step] = []
        for step in self.record.steps:
            if step.verb is Verb.POST:
                continue
            if step.verb is Verb.CAPPED:
                self._check_capped(step)
                continue
            if step.verb in (Verb.SHOW, Verb.MUCK):
                if step.verb is Verb.MUCK:
                    mucks.append(step)
                continue
            last = step
            self._apply(step)
        if not self.hand.is_over:
            waiting = self.hand.to_act
            raise Diverged(
                last,
                "the hand ending here",
                f"the hand going on: {self.name(waiting)} to act in {self.hand.phase}",
            )
        if self.plan is not None:  # the dry run's cards are anyone's: nobody mucks there
            for step in mucks:
                self._muck(step)

    def _muck(self, step: Step) -> None:
        """A hand given up at the showdown, in the history's order (R8.32)."""
        seat = step.player
        assert seat is not None
        action = Action(seat, Kind.MUCK)
        try:
            self.hand.apply(action)
        except IllegalAction as error:
            raise Diverged(
                step, f"{self.name(seat)} mucking", f"refused, {error.message}",
                code=error.code, rule=error.rule,
            ) from None  # fmt: skip
        self.applied.append(action)

    def _apply(self, step: Step) -> None:
        hand = self.hand
        seat = step.player
        assert seat is not None
        if hand.is_over:
            result = hand.result
            assert result is not None
            winners = ", ".join(self.name(s) for s in result.winners)
            raise Diverged(
                step,
                "one more action",
                f"the hand already over ({winners} won by {result.ended_by})",
                code="hand-over",
                rule="R5.1",
            )
        action = self._action(step, seat)
        try:
            hand.apply(action)
            self.applied.append(action)
        except IllegalAction as error:
            message = error.message
            if error.code == "out-of-turn":
                message = f"it is {self.name(hand.to_act)}'s turn"
            raise Diverged(
                step,
                f"{self.name(seat)} {self._said(step)}",
                f"refused, {message}",
                code=error.code,
                rule=error.rule,
            ) from None
        if step.all_in is not None and step.verb not in (Verb.DRAW, Verb.FOLD):
            # The action's own event: the stacks may already include the pots it settled.
            done = next(e for e in reversed(hand.events) if e.seat == seat and e.kind in _BETS)
            if step.all_in != (done.note == "all-in"):
                raise Diverged(
                    step,
                    f"{self.name(seat)} {'all-in' if step.all_in else 'with chips behind'}",
                    f"{done.stacks[seat]} chips behind",
                    rule="R5.6",
                )
        if step.verb is Verb.DRAW and self.plan is not None:
            self.waiting.append((step, seat, self.draws[seat] - 1))
        self._check_draws()

    @staticmethod
    def _said(step: Step) -> str:
        verb = step.verb.value
        if step.amount is None:
            return verb
        return (
            f"{verb} {'to ' if step.verb in (Verb.BET_OR_RAISE, Verb.RAISE) else ''}{step.amount}"
        )

    def _action(self, step: Step, seat: int) -> Action:
        hand = self.hand
        verb = step.verb
        level = hand.bet_to_match
        if verb is Verb.CHECK_OR_CALL:
            verb = Verb.CHECK if level <= hand.committed[seat] else Verb.CALL
        elif verb is Verb.BET_OR_RAISE:
            verb = Verb.BET if level == 0 else Verb.RAISE
        if verb is Verb.DRAW:
            return Action(seat, Kind.DRAW, discards=self._discards(step, seat))
        kind = {
            Verb.FOLD: Kind.FOLD,
            Verb.CHECK: Kind.CHECK,
            Verb.CALL: Kind.CALL,
            Verb.BET: Kind.BET,
            Verb.RAISE: Kind.RAISE,
        }[verb]
        return Action(seat, kind, amount=step.amount)

    def _discards(self, step: Step, seat: int) -> tuple[Card, ...]:
        held = self.hand.holdings[seat]
        count = len(step.discards)
        number = self.draws[seat]
        self.draws[seat] += 1
        if self.plan is None:
            return tuple(held[:count])
        planned = self.plan.discards.get((seat, number), ())
        if len(planned) == count and all(card in held for card in planned):
            return planned
        # After a reshuffle the plan's cards may not have come: throw what is not kept.
        keep = set(self.plan.finals.get(seat, ()))
        spare = [card for card in held if card not in keep] + [c for c in held if c in keep]
        return tuple(spare[:count])

    def _check_draws(self) -> None:
        """The history's replacement cards, once the engine has dealt them."""
        waiting, self.waiting = self.waiting, []
        for step, seat, number in waiting:
            drawn = [e for e in self.hand.events if e.kind == "draw" and e.seat == seat]
            if len(drawn) <= number:
                self.waiting.append((step, seat, number))
            else:
                self._check_draw(step, seat, drawn[number].received)

    def _check_draw(self, step: Step, seat: int, received: Sequence[Card]) -> None:
        shown = [card for card in step.received or () if card is not None]
        missing = [card for card in shown if card not in received]
        if missing:
            raise Diverged(
                step,
                f"{self.name(seat)} catching {format_cards(shown)}",
                f"{format_cards(received)}: the stub was rebuilt"
                f" ({self.hand.reshuffles} reshuffle), so the deck cannot deal the"
                " history's cards",
                rule="R8.18",
            )

    def _check_capped(self, step: Step) -> None:
        hand = self.hand
        if hand.is_over or hand.to_act is None:
            return
        raising = [o for o in hand.legal_actions() if o.kind in (Kind.BET, Kind.RAISE)]
        if raising:
            raise Diverged(
                step,
                "betting capped",
                f"{self.name(hand.to_act)} still free to {raising[0].describe()}",
                rule="R8.6",
            )

    # ----- the end -----------------------------------------------------------------------

    def settle(self) -> None:
        hand = self.hand
        record = self.record
        result = hand.result
        assert result is not None
        last = record.steps[-1] if record.steps else None
        for step in record.steps:
            if step.verb is Verb.SHOW and step.player is not None and all(step.cards):
                held = sorted(c.index for c in hand.holdings[step.player])
                if held != sorted(c.index for c in step.cards if c is not None):
                    raise Diverged(
                        step,
                        f"{self.name(step.player)} showing {_cards(step.cards)}",
                        f"{format_cards(hand.holdings[step.player])}",
                        rule="R5.1",
                    )
        recorded = record.recorded
        total = sum(pot.amount for pot in result.pots)
        if recorded.total_pot is not None and recorded.total_pot != total:
            raise Diverged(
                last,
                f"a total pot of {record.chips(recorded.total_pot)}",
                f"{record.chips(total)}",
                rule="R8.13",
            )
        count = len(record.players)
        won = list(result.won)
        collected = recorded.collected
        rake_paid = [0] * count
        if collected is not None:
            rake_paid = [won[s] - collected[s] for s in range(count)]
            if any(r < 0 for r in rake_paid) or sum(rake_paid) != recorded.rake:
                raise Diverged(
                    last,
                    self._amounts("collected", collected, recorded.rake),
                    self._amounts("winning", won, 0),
                    rule="R8.14",
                )
        self._check_pots(last, rake_paid)
        if recorded.returned is not None and tuple(result.returned) != recorded.returned:
            raise Diverged(
                last,
                self._amounts("uncalled bets returned", recorded.returned, 0),
                self._amounts("returned", result.returned, 0),
                rule="R8.12",
            )
        net = tuple(hand.stacks[s] - record.players[s].stack - rake_paid[s] for s in range(count))
        if recorded.net is not None and net != recorded.net:
            raise Diverged(
                last, self._amounts("net results", recorded.net, 0), self._amounts("net", net, 0)
            )
        finishing = tuple(hand.stacks[s] - rake_paid[s] for s in range(count))
        if recorded.finishing_stacks is not None and finishing != recorded.finishing_stacks:
            raise Diverged(
                last,
                self._amounts("finishing stacks", recorded.finishing_stacks, 0),
                self._amounts("stacks", finishing, 0),
            )

    def _check_pots(self, last: Step | None, rake_paid: Sequence[int]) -> None:
        pots = self.record.recorded.pots
        result = self.hand.result
        assert result is not None
        if not pots:
            return
        engine = result.pots
        described = "; ".join(
            f"{'main pot' if i == 0 else f'side pot {i}'} {self.record.chips(p.amount)}"
            f" to {', '.join(self.name(w) for w in p.winners)}"
            for i, p in enumerate(engine)
        )
        if len(pots) != len(engine):
            raise Diverged(
                last,
                f"{len(pots)} pot{'s' if len(pots) != 1 else ''}",
                f"{len(engine)}: {described}",
                rule="R8.13",
            )
        raked = 0
        for index, (pot, ours) in enumerate(zip(pots, engine, strict=True)):
            collectors = sorted({player for player, _ in pot.collected})
            share = ours.amount - (pot.amount if pot.amount is not None else ours.amount)
            raked += share
            if collectors != sorted(ours.winners) or share < 0:
                got = ", ".join(f"{self.name(p)} {self.record.chips(c)}" for p, c in pot.collected)
                raise Diverged(
                    last,
                    f"the {pot.name} of {self.record.chips(pot.amount or 0)} to {got or 'nobody'}",
                    described,
                    rule="R8.14" if index else "R8.13",
                )
        if raked and raked != self.record.recorded.rake:
            raise Diverged(
                last,
                f"a rake of {self.record.chips(self.record.recorded.rake)}",
                f"pots that differ from the history's by {self.record.chips(raked)}",
                rule="R8.13",
            )

    def _amounts(self, what: str, values: Sequence[int], rake: int) -> str:
        shown = ", ".join(
            f"{self.name(s)} {self.record.chips(v)}" for s, v in enumerate(values) if v
        )
        extra = f" (rake {self.record.chips(rake)})" if rake else ""
        return f"{what} {shown or 'nothing'}{extra}"


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else card.pretty() for card in cards)
