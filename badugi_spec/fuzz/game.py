"""A fuzzed trial: a random session played by our engine, and the scenario that states it.

`play` makes a trial from a `Choices` stream: a profile, two to eight seats with mixed
stacks (so all-ins and side pots at several levels are common), one hand or several (the
button moving, seats busting, sometimes the whole session to its end, R6, R8.23), every
deck and action. Our engine (the same `EngineImplementation` that `check` runs) plays it
and states, after every step, what its state is as `expect` statements. A step our engine
refuses though `legal` listed it, a hand with nobody to act and a hand that does not end
are broken properties of our engine (`simulation.properties`): `BrokenProperty`, with the
trial so far, which the campaign writes as a finding against our engine. `Trial.text`
(`trial`) writes it all as a scenario, whole or cut after one statement; the runner of `verify`
then plays that scenario against the other implementation, so a fuzzed divergence is found,
located and reported by the very code that reports a failing scenario.

The table a trial sits at (stacks, live posts, seating) is in `table`, its decks (drawn,
or rigged for a tie) in `decks`.
"""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.engine.actions import Action
from badugi_spec.engine.deck import shuffled
from badugi_spec.engine.hand import Hand
from badugi_spec.errors import IllegalAction
from badugi_spec.fuzz import (
    decks,
    expects,
    policy,
    steps,
    switches,
    table,
    value_lines,
    waypoints,
)
from badugi_spec.fuzz.choices import Choices
from badugi_spec.fuzz.trial import BrokenProperty, FuzzError, Setting, Statement, Trial
from badugi_spec.profiles.model import HOUSE
from badugi_spec.rankings import RANKINGS
from badugi_spec.scenario.compile import profile_object
from badugi_spec.scenario.engine_impl import EngineImplementation, RequestError
from badugi_spec.scenario.state_view import state_of
from badugi_spec.simulation import properties

NAMES: Final = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
LONG_SESSION: Final = 13
"""The hands of a long session, one trial in twenty."""
MAX_HANDS: Final = 4
"""The most hands of one trial: enough for the button to go round a busted seat."""
AGGRESSIVE_SHARE: Final = 0.25
"""How often a trial's players raise at every chance (see `Trial.aggressive`)."""
SHUFFLES: Final = 10**9
"""Seeds of the later hands' shuffles."""
PASSIVE_SHARE: Final = 0.3
"""How often a session played to its hand limit has everyone check or fold: blinds won
back and forth, stacks tied for the most (R6.5)."""
STOP_SHARE: Final = 0.15
"""How often a trial's last hand stops once nobody can bet, draws still to come, with
`unfinished`: the hand must not be reported over (R8.16)."""
SWITCH_SHARE: Final = 0.3
"""How often a trial sets one rule switch of its profile another way (`SWITCHES`)."""
TINY_SHARE: Final = 0.3
"""How often a trial of several hands seats one player with less than a big blind."""
MIRRORED_SHARE: Final = 0.15
"""How often a trial deals two equal hands (see `Trial.mirrored`)."""
BUST_SHARE: Final = 0.8
"""`TINY_SHARE` in a trial that sets a session's switch: it shows when somebody busts."""
MODES: Final = (0.6, 0.22, 0.13, 0.05)
"""How often a trial is one hand, several, a session to its end, or a long session."""
SESSION_MODES: Final = (0.1, 0.6, 0.2, 0.1)
"""The same under a swarm with `sessions`: several hands, where a seat busts (R8.23)."""
TIED_MODES: Final = (0.0, 0.0, 1.0, 0.0)
"""The same under a swarm with `tied-session`: a session to its end, every player passive,
a hand for each seat, so the players who began with the most tie for it (R6.5)."""
LIVE_MODES: Final = (0.22, 0.5, 0.13, 0.15)
"""The same at a live table of its own (chapter R19): what a player sitting out, back
posting or waiting for the big blind changes shows only in the hands after (R19.3),
and where the button goes past a player not dealt in (R11.9). A session to its end as often
as elsewhere: it is where a hand limit is played (R6.4)."""
LIVE_HANDS: Final = 6
"""The most hands of a trial of several at a live table: sitting out, missing a blind
and coming back take three hands or more."""
LIVE_SWITCH_SHARE: Final = 0.8
"""`SWITCH_SHARE` in a trial of several hands at a live table: its own switches (a kill,
posting missed blinds, `switches.LIVE_SHARE`) are set by no shipped profile."""
KILL_HANDS: Final = 5
"""The least hands of a trial that sets a kill: two pots won in a row make one (R19.4)."""
SHORT_BLIND_SHARE: Final = 0.8
"""How often, where the small blind is more than a chip, the big blind has less than it."""


def play(choices: Choices, setting: Setting, *, seed: int = 0, number: int = 0) -> Trial:
    profile = setting.profiles[choices.below(len(setting.profiles))]
    low = max(profile.min_seats, setting.seats[0])
    high = min(profile.max_seats, setting.seats[1])
    seats = low + choices.below(high - low + 1) if low <= high else profile.min_seats
    sessions = "sessions" in choices.swarm
    live = table.live_table(profile)
    weights = SESSION_MODES if sessions else LIVE_MODES if live else MODES
    tied = "tied-session" in choices.swarm  # a corner (`corners.CORNERS`, R6.5)
    weights = TIED_MODES if tied else weights
    mode = choices.below(4, weights) if setting.sessions else 0
    overrides: tuple[str, ...] = ()
    wanted = 1
    passive = False
    if mode == 1:
        wanted = 2 + choices.below((LIVE_HANDS if live else MAX_HANDS) - 1)
    elif mode == 2 and setting.overrides:
        # The session played to its end: a hand limit of its own (R6.4, R8.23).
        wanted = 1 + choices.below(3)
        passive = choices.chance(1.0 if tied else PASSIVE_SHARE)
        if passive and choices.chance(1.0 if tied else 0.5):
            # A hand for each seat: every blind won back, the stacks end as they began,
            # and the players who began with the most tie for the session (R6.5).
            wanted = seats
        overrides = (f"hands_per_session={wanted}",)
        limited = switches.changed(profile, hands_per_session=wanted)
        assert limited is not None  # (an invalid limit raises as it is made)
        profile = limited
    elif mode == 3:
        # A long session: past the house's twelve hands, where other tables have no
        # limit (R6.4, R8.23).
        wanted = LONG_SESSION
    # One rule read another way the rulebook allows: the shipped profiles leave many
    # switches of chapter R8 at one value (no dead button, no cap lifted heads-up). Drawn
    # either way, so that a shrink that drops the switch keeps the rest of the trial.
    share = LIVE_SWITCH_SHARE if live and mode else SWITCH_SHARE
    switch_drawn = choices.chance(1.0 if "own-switch" in choices.swarm else share)
    switched_profile, switched = switches.switched(choices, profile, several=mode > 0)
    if setting.overrides and switch_drawn:
        profile = switched_profile
        overrides = (*overrides, *switched)
    if mode == 1 and any(o.startswith("kill=") for o in overrides):
        wanted = max(wanted, KILL_HANDS)  # a kill needs two pots won first (R19.4)
    # A session's own switch shows only when somebody busts: most often somebody does.
    session_switch = any(o.split("=")[0] in switches.SESSION_SWITCHES for o in overrides)
    tiny_share = BUST_SHARE if session_switch or sessions else TINY_SHARE
    if "busts" in choices.swarm:
        tiny_share = 0.0
    stacks, laddered = table.stacks(choices, profile, seats)
    dealer = choices.below(seats)
    if laddered:  # seated from the button (`table.ladder`), drawn after the stacks
        stacks = table.ladder(profile, seats, dealer)
    trial = Trial(seed, number, profile, overrides, NAMES[:seats], stacks, dealer)
    # A swarm's `ties` rig is the mirrored deal, drawn as the choice's 1: it replays alone.
    trial.mirrored = choices.chance(1.0 if "ties" in choices.swarm else MIRRORED_SHARE)
    trial.pair = choices.below(seats - 1)
    big_blind = (dealer + (1 if seats == 2 else 2)) % seats
    # Each choice made either way (see the switch above).
    tiny_drawn, where, chips = (
        choices.chance(tiny_share),
        choices.below(seats),
        1 + choices.below(profile.big_blind),
    )
    # A big blind posted short is a short stack: none under a swarm that drops them.
    short_share = 0.0 if "short-stacks" in choices.swarm else SHORT_BLIND_SHARE
    short_drawn, short_chips = choices.chance(short_share), choices.below(profile.big_blind)
    tiny = list(stacks)
    if laddered:
        pass  # a ladder is seated as it is: one seat all but bust would break its order
    elif mode and tiny_drawn:
        # One seat all but bust: it goes all-in on a blind and busts, and the next hands
        # show how the button and the blinds move past it (R6.2, R8.23). Counted from the
        # big blind (0) round the table: most often the one who posts all-in and busts.
        tiny[(big_blind + where) % seats] = chips
    elif profile.small_blind > 1 and short_drawn:
        # A big blind posted short, for less than the small blind: still the big blind,
        # named by its seat and not by its size (R8.3).
        tiny[big_blind] = 1 + short_chips % (profile.small_blind - 1)
    trial.stacks = stacks = tuple(tiny)
    # Where the cap is lifted heads-up (R8.7), rounds must reach the cap to show it.
    lifted = any(o.startswith("cap_heads_up=") for o in overrides)
    trial.aggressive = choices.chance(AGGRESSIVE_SHARE) or lifted
    trial.passive = passive
    trial.stop = choices.chance(1.0 if "stop" in choices.swarm else STOP_SHARE)
    trial.rig = decks.RIGS[choices.below(len(decks.RIGS), decks.rig_weights(choices.swarm))]
    _Player(trial, choices, setting.omit, live=live).session(wanted, several=mode > 0)
    return trial


VALUE_LINES: Final = 12
"""Value lines in one trial of hand values."""


def play_values(
    choices: Choices, rankings: tuple[str, ...], *, seed: int = 0, number: int = 0
) -> Trial:
    """A trial of hand values: `VALUE_LINES` evaluate and compare lines, each in one of
    `rankings` (`house` for the house Badugi)."""
    trial = Trial(seed, number, HOUSE, (), (), (), 0)
    for _ in range(VALUE_LINES):
        ranking = rankings[choices.below(len(rankings))]
        text, topic = value_lines.line(choices, ranking)
        rule = "R2.1" if ranking == value_lines.HOUSE else RANKINGS[ranking].rule
        drawn = len(choices.record)
        trial.statements.append(Statement("check", text, 0, rule, topic=topic, drawn=drawn))
    return trial


def _nobody_can_bet(hand: Hand) -> bool:
    """At most one player still in has chips: no more betting, yet draws may remain."""
    return sum(1 for seat in hand.live() if hand.stacks[seat] > 0) <= 1


class _Player:
    """Plays one trial on our engine, writing its statements as it goes."""

    def __init__(
        self, trial: Trial, choices: Choices, omit: frozenset[str], *, live: bool = False
    ) -> None:
        self.omit, self.live = omit, live  # the profile's own: a switch may deal players out
        self.trial = trial
        self.choices = choices
        self.engine = EngineImplementation()
        self.names = list(trial.names)

    def _say(self, kind: str, texts: list[str], hand: int, rule: str = "") -> None:
        drawn = len(self.choices.record)
        self.trial.statements += [
            Statement(kind, text, hand, rule, "", "", drawn) for text in texts
        ]

    def session(self, wanted: int, *, several: bool) -> None:
        trial = self.trial
        players = [{"name": n, "stack": s} for n, s in zip(trial.names, trial.stacks, strict=True)]
        request = {
            "players": players,
            "first_dealer": trial.names[trial.dealer],
            "profile": profile_object(trial.profile),
        }
        state = self._ok(self._sent("start", request, self.engine.start(request)))
        for number in range(1, wanted + 1):
            if state["session"]["over"]:
                break
            chips = dict(state["stacks"])
            state = self._hand(number, several=several, last=number == wanted, chips=chips)
        if state.get("phase", "complete") == "complete":
            self._say("expect", expects.session_end(state, omit=self.omit), trial.hands)

    def _hand(
        self, number: int, *, several: bool, last: bool, chips: dict[str, int]
    ) -> dict[str, Any]:
        trial, choices = self.trial, self.choices
        if number == 1:
            deck = decks.drawn(choices)
        else:
            # Later hands are dealt from a seeded shuffle: one choice, not 51, and one
            # line; the first hand's deck is the one a shrink simplifies card by card.
            seed = choices.below(SHUFFLES)
            deck = shuffled(seed)
        deck = decks.rigged(deck, trial.rig)
        if trial.mirrored:
            deck = decks.mirrored(deck, len(trial.names), trial.profile.hand_size, trial.pair)
        trial.decks.append(deck)
        request: dict[str, Any] = {"deck": [str(card) for card in deck]}
        posts = table.live_post(trial, choices)
        outcome: dict[str, Any] | None = None
        sent = request
        if posts:
            try:
                sent = {**request, "posts": posts}
                outcome = self.engine.deal(sent)
            except RequestError:
                posts, sent = [], request  # no live blind can be posted there now (R8.3)
        seating: list[dict[str, str]] = []
        ways = [] if posts else table.seating(trial, choices, self.engine.session, live=self.live)
        for choice in ways:
            tried = self.engine.deal({**request, "seating": [choice]})
            if tried.get("error") != "seating-refused":  # else not allowed now (R19)
                seating, outcome, sent = [choice], tried, {**request, "seating": [choice]}
                break
        words = [f"{p['player']} posts a live big blind of {p['chips']}" for p in posts]
        words += [f"{s['player']} {table.SEATING_WORDS[s['event']]}" for s in seating]
        if number > 1:
            order = "shuffle seed " + str(seed)
            if trial.mirrored or trial.rig:
                order = "deck " + " ".join(map(str, deck))
            # The session goes on to another hand (R6.4): the rule a refused deal is
            # filed under, whatever the hand before it ended with.
            self._say("hand", [f"hand {number}"], number, "R6.4")
            self._say("hand", [*words, order], number)
        else:
            trial.first_posts = words
        if outcome is None:
            outcome = self.engine.deal(request)
        state = self._ok(self._sent("deal", sent, outcome))
        trial.starts[number] = (chips, str(state["session"]["dealer"]))
        session = self.engine.session
        assert session is not None and session.hand is not None
        hand = session.hand
        trial.played.append(hand)  # its history is checked against the rules' properties
        # Over as dealt (everyone all-in on the blinds): over after its `hand` line, the
        # last statement before the deal's checks (the first hand has none).
        last_act = -1 if number == 1 else len(trial.statements) - 1
        dealt = expects.dealt(state, session=several, omit=self.omit)
        self._say("expect", dealt + expects.turn(state), number)
        # (statement, events so far): rules named later; the deal's checks by its posts.
        marks: list[tuple[int, int]] = [(len(trial.statements) - 1, hand.event_count)]
        count = 0
        watch = waypoints.Watch()
        # Read once a hand: a step's own work is small, and these were a part of it. Its
        # statements are made with every field in place (kind, text, hand, rule, phase,
        # topic, drawn): a class called by keyword builds a dict each time, about 1.5% of
        # the generator's instructions at a hundred statements a hand.
        statements, record, names = trial.statements, choices.record, self.names
        aggressive, passive, mirrored = trial.aggressive, trial.passive, trial.mirrored
        while not hand.is_over:
            count += 1
            if count > properties.MAX_STEPS:
                raise BrokenProperty([properties.endless(hand, count - 1)], trial)
            hand = self._illegal(hand, number, state)
            watch.before(hand)
            action = policy.choose(hand, choices, aggressive=aggressive, passive=passive)
            if mirrored:
                action = decks.tied(hand, action, trial.pair)
            phase = str(hand.phase)
            before = state
            outcome = self._act(action)
            while outcome.get("error") == "deck-short" and action.discards:
                # Too few cards left for this many (R4.6, R8.18): the refusal is a line
                # of its own, and the player replaces one card fewer.
                text = f"reject {self._words(action)} with deck-short"
                self._say("reject", [text], number, _code_rule("deck-short"))
                action = action._replace(discards=action.discards[:-1])
                outcome = self._act(action)
            if not outcome.get("ok"):
                self._refused(hand, action, outcome, number)
            state = self._ok(outcome)
            drawn = len(record)
            said = steps.words(names, action)
            statements.append(Statement("act", said, number, "", phase, "", drawn))
            last_act = len(statements) - 1
            events = hand.event_count
            marks.append((last_act, events))
            watch.after(hand)
            if watch.seen:
                trial.marks |= watch.seen
            blocked = properties.stuck(hand)
            if blocked is not None:
                raise BrokenProperty([blocked], trial)
            later = expects.after(before, state, hand, names)
            if not hand.is_over:
                later += expects.turn(state)
            statements += [Statement("expect", text, number, "", "", "", drawn) for text in later]
            marks.append((len(statements) - 1, events))
            if last and trial.stop and not hand.is_over and _nobody_can_bet(hand):
                # Stopped here, `unfinished`: the hand is not over, whatever is to come.
                self._name_rules(hand, marks)
                return state
        # The hand is over after its last action: a cut after it needs no `unfinished`.
        trial.ends[number] = last_act
        self._say("expect", expects.ended(state, omit=self.omit), number)
        self._name_rules(hand, marks)
        return self._mucks(hand, number, state) if last else state

    def _mucks(self, hand: Hand, number: int, state: dict[str, Any]) -> dict[str, Any]:
        """The trial's last hand, once shown down: players give up hands now and then
        (R8.32). Last, so an engine that plays no muck still has every other line checked;
        a refused muck is a `reject` line."""
        for action in policy.mucks(hand, self.choices):
            outcome = self._act(action)
            text, drawn = self._words(action), len(self.choices.record)
            if outcome.get("ok"):
                state = outcome["state"]
                self.trial.statements.append(
                    Statement("act", text, number, "R8.32", phase="complete", drawn=drawn)
                )
                shown = ", ".join(state["result"]["show_order"])
                if "show_order" not in self.omit and shown:
                    self._say("expect", [f"show order {shown}"], number, "R8.32")
            else:
                code = str(outcome.get("error"))
                self._say("reject", [f"reject {text} with {code}"], number, _code_rule(code))
        return state

    def _name_rules(self, hand: Hand, marks: list[tuple[int, int]]) -> None:
        # The log's rows as they are (an `Event`'s rule is its row's third field): the
        # events built again for this were a large part of a hand's cost.
        rows = hand._rows
        statements = self.trial.statements
        for index, count in marks:
            if not count:
                continue
            rule = rows[count - 1][2]
            statements[index].rule = rule
            # The checks made with it: the run of `expect` statements it ends.
            back = index - 1
            while back >= 0 and statements[back].kind == "expect" and not statements[back].rule:
                statements[back].rule = rule
                back -= 1
        self.trial.rules += sorted({row[2] for row in rows if row[2]})

    def _illegal(self, hand: Hand, number: int, state: dict[str, Any]) -> Hand:
        """Now and then a `reject` line: an action our engine refuses, and its code. The
        hand to go on with: `hand`, or (where the rules allowed the action) the same hand
        played again without it."""
        tried = policy.attempt(hand, self.choices)
        if tried is None:
            return hand
        try:
            # On the hand itself: an action refused changes nothing (R8.24), and a refusal
            # is what an attempt almost always meets. Before a hand is over the session
            # refuses nothing the hand would take, so the hand's answer is the session's.
            hand.apply(tried)
        except IllegalAction as refused:
            text = f"reject {self._words(tried)} with {refused.code}"
            rule = _code_rule(refused.code)
            self._say("reject", [text], number, rule)
            # Refused, the state stays as it was: the answer the runner checks for.
            answer = {"ok": False, "error": refused.code, "state": state}
            self._sent("act", self._request(tried), answer)
            return hand
        # Allowed after all: it must not have been played. The session is made again from
        # the requests the trial made (our engine is deterministic), rarer than a copy of
        # the hand before every attempt was costly.
        return self._replayed()

    def _replayed(self) -> Hand:
        engine = EngineImplementation()
        calls = {"start": engine.start, "deal": engine.deal, "act": engine.act}
        for kind, request, _ in self.trial.exchanges:
            calls[kind](request)
        self.engine = engine
        assert engine.session is not None and engine.session.hand is not None
        self.trial.played[-1] = engine.session.hand
        return engine.session.hand

    def _act(self, action: Action) -> dict[str, Any]:
        """`engine.act` of the action's request, answered as it answers, but given the
        action itself: read back from its request it is the same action. The state is
        `state_of(shared=True)`: its parts that did not change since the last state are
        that state's own, and nothing here changes one."""
        request = steps.request(self.names, action)
        engine = self.engine
        session = engine.session
        assert session is not None
        try:
            session.apply(action)
        except IllegalAction as error:
            answer = {"ok": False, "error": error.code, "message": engine._named(str(error))}
            answer["state"] = state_of(session, engine.names, shared=True)
        else:
            answer = {"ok": True, "state": state_of(session, engine.names, shared=True)}
        self.trial.exchanges.append(("act", request, answer))
        return answer

    def _sent(self, kind: str, request: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
        """Keep a request the trial's scenario makes, with our engine's answer: what the
        fast path sends the implementation and compares its answers with (`replay`)."""
        self.trial.exchanges.append((kind, request, outcome))
        return outcome

    def _refused(self, hand: Hand, action: Action, outcome: dict[str, Any], number: int) -> None:
        """Our engine refused an action the policy took from its own `legal` options: a
        broken property (`offer-refused`), never a footnote. The trial ends with the
        refused action as its last statement, so the scenario written fails there."""
        code = str(outcome.get("error", ""))
        known = _code_rule(code)
        error = IllegalAction(code, known, str(outcome.get("message", "")))
        broken = properties.refused(hand, action, error)
        if broken is None:
            # Not listed: the policy's mistake, not the engine's (a gap of the generator).
            raise FuzzError(f"the policy chose an action our engine does not list: {error}")
        # Stated as the action the rules allow: the scenario then fails on our engine at
        # this line, as `verify` and `check` report any refused action.
        phase = str(hand.phase)
        self.trial.statements.append(
            Statement(
                "act",
                self._words(action),
                number,
                broken.rule,
                phase=phase,
                drawn=len(self.choices.record),
            )
        )
        raise BrokenProperty([broken], self.trial)

    def _request(self, action: Action) -> dict[str, Any]:
        return steps.request(self.names, action)

    def _words(self, action: Action) -> str:
        return steps.words(self.names, action)

    @staticmethod
    def _ok(outcome: dict[str, Any]) -> dict[str, Any]:
        if not outcome.get("ok"):
            raise FuzzError(f"our engine refused its own legal step: {outcome.get('message')}")
        state: dict[str, Any] = outcome["state"]
        return state


_code_rule = steps.code_rule


__all__ = ["NAMES", "play", "play_values"]
