"""A simulated hand played under the rules' properties (`Watch`), failing with its replay.

What a hand must satisfy is said in one place, `properties`: `Watch` applies each action,
checks the offer properties at every step (whatever `legal` lists is accepted, a hand not
over has a player with an option) and the history properties once the hand is over
(`check_hand`). A broken one raises `SimulationError`, which carries the `Broken`
properties and the seed and number that replay the hand.

Kept apart from the random policy (`random_play`), which knows nothing of the checks, and
from the loop that plays a hand (`simulate`).
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_spec.engine.actions import Action, Kind
from badugi_spec.engine.hand import Hand
from badugi_spec.errors import BadugiError, IllegalAction
from badugi_spec.profiles.model import Profile
from badugi_spec.simulation.properties import Broken, check_hand, refused, stuck
from badugi_spec.simulation.random_play import Setup, describe_action


class SimulationError(BadugiError):
    """A property of the rules broke in a hand our engine played (`broken`), or the engine
    refused the set-up."""

    def __init__(
        self,
        message: str,
        *,
        seed: int,
        number: int,
        transcript: Sequence[str] = (),
        broken: Sequence[Broken] = (),
    ) -> None:
        self.seed = seed
        self.number = number
        self.reason = message
        self.broken = tuple(broken)
        lines = [f"simulate seed {seed}, hand {number}: {message}"]
        lines.extend(f"    {line}" for line in transcript)
        super().__init__("\n".join(lines))


class Watch:
    """Applies one hand's actions, checking the rules' properties as `properties` says."""

    def __init__(self, setup: Setup, hand: Hand, structure: Profile) -> None:
        self.setup = setup
        self.hand = hand
        self.structure = structure
        self.order = hand.order
        self.actions: list[Action] = []
        self.all_in = False
        """A player dealt in had no chips behind at some point before the hand was over."""
        self._after_step()

    def fail(self, broken: Broken | Sequence[Broken] | str) -> SimulationError:
        """The error of a broken property (or of a plain message), with the replay."""
        found = (
            (broken,) if isinstance(broken, Broken) else () if isinstance(broken, str) else broken
        )
        message = broken if isinstance(broken, str) else str(found[0])
        if len(found) > 1:
            message += f" (and {len(found) - 1} more: {', '.join(b.name for b in found[1:])})"
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
                *(f"also {b}" for b in found[1:]),
            ],
            broken=found,
        )

    def apply(self, action: Action) -> None:
        """Apply `action`, or a draw of fewer cards when the stub and the piles a reshuffle
        may use cannot supply it (R4.6, R8.18: the player then discards fewer)."""
        while True:
            try:
                self.hand.apply(action)
            except IllegalAction as error:
                wrong = refused(self.hand, action, error)
                if wrong is None and error.code == "deck-short" and action.discards:
                    action = Action(action.seat, Kind.DRAW, discards=action.discards[:-1])
                    continue
                self.actions.append(action)
                if wrong is None:
                    wrong = Broken(error.rule, "offer-refused", f"an action not listed: {error}")
                raise self.fail(wrong) from None
            self.actions.append(action)
            self._after_step()
            return

    def _after_step(self) -> None:
        hand = self.hand
        if hand.result is not None:
            return
        if not self.all_in:
            stacks = hand.stacks
            self.all_in = any(stacks[seat] == 0 for seat in self.order)
        blocked = stuck(hand)
        if blocked is not None:
            raise self.fail(blocked)

    def finish(self) -> None:
        """The history properties of the hand, over or stopped (`check_hand`)."""
        broken = check_hand(self.hand)
        if broken:
            raise self.fail(broken)


__all__ = ["SimulationError", "Watch"]
