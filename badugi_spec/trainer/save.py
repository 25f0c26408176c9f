"""A hand played in the trainer as a `.badugi` scenario (`play --save FILE`, the `s` key),
or a whole session as one scenario of many hands (`play --save-session FILE`).

The scenario states what the engine dealt from (the hand's whole deck, in order), the
players with their stacks as the hand began and the button, and every action in the
scenario language; then it expects what the engine decided: the pots with who could win
each and who did, each half of a split pot (R8.29), and the stacks. The rules line lists
every rule the hand's events cite, so `coverage` counts the hand where it belongs. The
title and the description are a template for the author to edit.

A session's scenario seats the players once, with the stacks they started with, and
gives each finished hand a `hand N` block: its deck, the button (`expect button`, R6.2),
its actions and its expectations; the stacks carry from hand to hand as in play. A hand
left unfinished when the session stopped is not written.

A reshuffled stub is not stated: with no order given, the engine rebuilds it in the
order of the stated deck (R8.18), which is how it was rebuilt in play, so `check` replays
the same cards. The text goes through the canonical formatter (`badugi-spec fmt`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from badugi_spec import outputs
from badugi_spec.engine import Action, Hand, Kind, Session
from badugi_spec.errors import BadugiError
from badugi_spec.rules import load as load_rules


class SaveError(BadugiError):
    """A hand that cannot be saved, or a file that cannot be written: one line."""


@dataclass(slots=True)
class HandLog:
    """What the trainer keeps of one hand to save it: its start and the actions applied."""

    number: int
    stacks: tuple[int, ...]
    dealer: int
    actions: list[Action] = field(default_factory=list)


def seat_names(names: Sequence[str]) -> list[str]:
    """The trainer's names as the scenario language spells them: `Bot 2` is `Bot2`."""
    return [name.replace(" ", "") for name in names]


def scenario_text(hand: Hand, log: HandLog, *, names: Sequence[str], seed: int) -> str:
    """The scenario of a finished hand; SaveError if the language cannot state it."""
    if not hand.is_over:
        raise SaveError("the hand is not over yet: save it once it has ended")
    who = seat_names(names)
    if any(stack == 0 for stack in log.stacks):
        # A seat without chips is dealt out and may move the blinds past the button
        # (R8.23); a scenario's players all start with chips.
        raise SaveError(
            f"hand {log.number} was dealt with a seat that had no chips left (R8.23);"
            " a scenario states only players with chips"
        )
    profile = hand.profile
    slug = f"played-{profile.name}-seed-{seed}-hand-{log.number}"
    rules = _rules(hand)
    players = ", ".join(
        f"{who[s]} {chips}{' dealer' if s == log.dealer else ''}"
        for s, chips in enumerate(log.stacks)
    )
    lines = [
        f'scenario {slug} "Hand {log.number} of a played session (edit this title)"',
        f"profile {profile.name}",
        f"rules {' '.join(rules)}",
        f"tags played {profile.name} players-{hand.seats}",
        "",
        '"""',
        f"Hand {log.number} of `badugi-spec play --seed {seed} --profile {profile.name}"
        f" --players {hand.seats}`, saved by the trainer. Say here what the hand shows"
        " and why it is worth keeping.",
        '"""',
        "",
        f"players {players}",
        "deck " + " ".join(str(card) for card in hand.deck.order()),
        "",
        *_actions(hand, log, who),
        *_expectations(hand, who),
    ]
    return _formatted("\n".join(lines) + "\n", f"{slug}.badugi")


def session_text(played: Sequence[tuple[Hand, HandLog]], *, names: Sequence[str], seed: int) -> str:
    """One scenario of every finished hand of a session, in order; SaveError if none."""
    if not played:
        raise SaveError("no hand has ended yet: a session is saved once a hand has")
    first_hand, first_log = played[0]
    profile = first_hand.profile
    who = seat_names(names)
    slug = f"played-{profile.name}-seed-{seed}-session"
    players = ", ".join(
        f"{who[s]} {chips}{' dealer' if s == first_log.dealer else ''}"
        for s, chips in enumerate(first_log.stacks)
    )
    rules = dict.fromkeys(rule for hand, _ in played for rule in _rules(hand))
    chapter = f"{profile.chapter}."
    lines = [
        f'scenario {slug} "A played session of {len(played)} hands (edit this title)"',
        f"profile {profile.name}",
        f"rules {' '.join(sorted(rules, key=lambda rule: not rule.startswith(chapter)))}",
        f"tags played session {profile.name} players-{first_hand.seats}",
        "",
        '"""',
        f"The first {len(played)} hands of `badugi-spec play --seed {seed} --profile"
        f" {profile.name} --players {first_hand.seats}`, saved by the trainer. Say here"
        " what the session shows and why it is worth keeping.",
        '"""',
        "",
        f"players {players}",
    ]
    # The hands are replayed in a session of their own, so each is placed (button,
    # blinds past a seat with no chips, R8.23) and worded as it was in play.
    replay = Session(
        first_dealer=first_log.dealer, stacks=first_log.stacks, profile=profile, seed=seed
    )
    for hand, log in played:
        again = replay.start_hand(hand.deck.order())
        if log.number > 1:
            lines += ["", f"hand {log.number}"]
        lines += ["deck " + " ".join(str(card) for card in hand.deck.order())]
        if log.number > 1:
            lines += [f"expect button {who[again.dealer]}"]
        lines += _worded(again, replay.apply, log.actions, who)
        lines += _expectations(hand, who)
    return _formatted("\n".join(lines) + "\n", f"{slug}.badugi")


def _formatted(text: str, name: str) -> str:
    """The text in the canonical layout, checked to parse as a scenario (a ScenarioError
    is a bug of ours). The formatter and the parser, and Lark with them, are imported
    here: only a save needs them, and the page's first deal (the trainer in Pyodide) is
    spared their import."""
    from badugi_spec.scenario import parse_scenario
    from badugi_spec.scenario.layout import layout

    text = layout(text, name)
    parse_scenario(text, name, set(load_rules()))
    return text


def write(path: str | Path, text: str, *, owned: set[str] | None = None) -> None:
    """Write a saved hand or session. A path in `owned` (the session's own files, cleared
    by `play`'s output guard) is replaced whole; any other must be new: an existing file,
    a scenario of the suite included, is never written over."""
    try:
        if owned is not None and str(path) in owned:
            outputs.write(path, text, make_folders=False)
        else:
            outputs.create(path, text)
            if owned is not None:
                owned.add(str(path))
    except FileExistsError:
        raise SaveError(f"{path} exists; play --save FILE --force replaces it") from None
    except OSError as error:
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None


def _rules(hand: Hand) -> list[str]:
    known = load_rules()
    cited = dict.fromkeys(e.rule for e in hand.events if e.rule in known)
    chapter = f"{hand.profile.chapter}."
    return sorted(cited, key=lambda rule: not rule.startswith(chapter))


def _actions(hand: Hand, log: HandLog, who: Sequence[str]) -> list[str]:
    """Every action in words, one line per round, replayed on a fresh copy of the hand
    so each is worded from the options it had (the amount a call adds, a raise's total)."""
    again = Hand(
        deck=hand.deck.order(),
        stacks=log.stacks,
        dealer=log.dealer,
        profile=hand.profile,
    )
    return _worded(again, again.apply, log.actions, who)


def _worded(
    again: Hand, apply: Callable[[Action], None], actions: Sequence[Action], who: Sequence[str]
) -> list[str]:
    """The actions worded on `again`, a replay of the hand, each applied with `apply`."""
    lines: list[str] = []
    phase = str(again.phase)
    words: list[str] = []
    for action in actions:
        if str(again.phase) != phase and words:
            lines.append("; ".join(words))
            words = []
        phase = str(again.phase)
        words.append(_words(again, action, who))
        apply(action)
    if words:
        lines.append("; ".join(words))
    return lines


def _words(hand: Hand, action: Action, who: Sequence[str]) -> str:
    name = who[action.seat]
    kind = action.kind
    if kind is Kind.DRAW:
        if not action.discards:
            return f"{name} stands pat"
        return f"{name} discards {' '.join(str(card) for card in action.discards)}"
    if kind is Kind.CHECK:
        return f"{name} checks"
    if kind is Kind.FOLD:
        return f"{name} folds"
    option = {o.kind: o for o in hand.legal_actions()}[kind]
    if kind is Kind.CALL:
        return f"{name} calls {option.adds}"
    if kind is Kind.ALL_IN:
        return f"{name} goes all-in {option.adds}"
    to = action.amount if action.amount is not None else option.to
    return f"{name} {'bets' if kind is Kind.BET else 'raises to'} {to}"


def _expectations(hand: Hand, who: Sequence[str]) -> list[str]:
    result = hand.result
    assert result is not None
    pots = ", ".join(str(pot.amount) for pot in result.pots)
    lines = [f"expect phase complete; pots {pots}"]
    for number, pot in enumerate(result.pots):
        label = "main pot" if number == 0 else f"side pot {number}"
        between = ", ".join(who[s] for s in pot.eligible)
        won = ", ".join(who[s] for s in pot.winners)
        lines.append(f"expect {label} {pot.amount} between {between} to {won}")
        for half in pot.halves:
            to = ", ".join(who[s] for s in half.winners)
            lines.append(f"expect half {half.ranking} of {label} {half.amount} to {to}")
    stacks = ", ".join(f"{who[s]} {hand.stacks[s]}" for s in range(hand.seats))
    lines.append(f"expect stacks {stacks}")
    return lines
