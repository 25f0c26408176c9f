"""The variants' requests and answers as `replay_variants` forms them, held to the plain
way of forming them: each card renamed by `scenario.variants.suit_card`, one at a time.

`suited` renames from a table made once per table of suits, and a seat's cards once while
they stay the same; these tests compare what it forms, JSON types and order of keys
included, with what the card-by-card renaming forms.
"""

from __future__ import annotations

import json
from typing import Any

from badugi_spec import profiles
from badugi_spec.fuzz import replay_variants
from badugi_spec.fuzz.plan import Plan
from badugi_spec.fuzz.trial import FuzzError, Setting
from badugi_spec.scenario.variants import DERANGEMENTS, SUIT_LETTERS, suit_card

Exchange = tuple[str, dict[str, Any], dict[str, Any]]
EVERY = tuple(profiles.get(name) for name in profiles.names())


def _renamed(exchanges: list[Exchange], table: dict[str, str]) -> list[Exchange]:
    """The `suits` variant's requests and answers, every card renamed by itself."""

    def cards(texts: list[str]) -> list[str]:
        return [suit_card(text, table) for text in texts]

    out: list[Exchange] = []
    for kind, request, ours in exchanges:
        if kind == "deal":
            request = {**request, "deck": cards(request["deck"])}
            if request.get("reshuffles"):
                request["reshuffles"] = [cards(order) for order in request["reshuffles"]]
        elif kind == "act" and request.get("discards"):
            request = {**request, "discards": cards(request["discards"])}
        state = ours.get("state")
        if isinstance(state, dict) and isinstance(state.get("hands"), dict):
            hands = {name: cards(held) for name, held in state["hands"].items()}
            ours = {**ours, "state": {**state, "hands": hands}}
        out.append((kind, request, ours))
    return out


def _text(exchanges: list[Exchange]) -> list[str]:
    # As JSON text: `==` alone would take `1` for `True` and keys in any order.
    return [json.dumps([kind, request, ours]) for kind, request, ours in exchanges]


def _exchanges(count: int) -> list[list[Exchange]]:
    plan = Plan(Setting(EVERY), ())
    found = []
    for number in range(count):
        try:
            trial, _ = plan.trial(3, number)
        except FuzzError:
            continue
        if trial.exchanges:
            found.append(trial.exchanges)
    return found


def test_suits_renamed_from_the_table_as_card_by_card() -> None:
    checked = 0
    for exchanges in _exchanges(10):
        for images in DERANGEMENTS:
            table = dict(zip(SUIT_LETTERS, images, strict=True))
            assert _text(replay_variants.suited(exchanges, table)) == _text(
                _renamed(exchanges, table)
            )
            checked += 1
    assert checked >= 60


def test_a_text_that_is_no_card_is_kept_as_suit_card_keeps_it() -> None:
    table = dict(zip(SUIT_LETTERS, DERANGEMENTS[0], strict=True))
    hands = {"Ann": ["As", "10h", "x"], "Bob": []}
    exchanges: list[Exchange] = [
        ("deal", {"deck": ["As", "Kd", "", "AS"]}, {"ok": True, "state": {"hands": hands}}),
        ("act", {"player": "Ann", "discards": ["As", "x"]}, {"ok": True, "state": {"pot": 3}}),
    ]
    formed = replay_variants.suited(exchanges, table)
    assert _text(formed) == _text(_renamed(exchanges, table))
    assert formed[0][1]["deck"][2:] == ["", "AS"]  # (no card: as it was)
    assert formed[0][1]["deck"][0] != "As"


def test_a_seats_cards_shared_between_states_are_renamed_alike() -> None:
    """Our states share a seat's list of cards while it does not change: each state's
    renamed list holds the same cards, whichever state renamed it first."""
    table = dict(zip(SUIT_LETTERS, DERANGEMENTS[-1], strict=True))
    held = ["2c", "3d", "4h", "5s"]
    states: list[Exchange] = [
        ("act", {"player": "Ann"}, {"ok": True, "state": {"hands": {"Ann": held}}}),
        ("act", {"player": "Ann"}, {"ok": True, "state": {"hands": {"Ann": held, "Bob": []}}}),
    ]
    formed = replay_variants.suited(states, table)
    assert _text(formed) == _text(_renamed(states, table))


def test_a_rotation_seats_each_shared_entry_as_it_seats_a_fresh_one() -> None:
    """`rotated` seats an entry our states share (pots, dicts of players) once: every
    state's answer is still what seating that state alone gives, key order included."""
    checked = 0
    for exchanges in _exchanges(10):
        players = exchanges[0][1]["players"]
        for k in range(1, len(players)):
            formed = replay_variants.rotated(exchanges, k)
            order = [str(p["name"]) for p in players[k:] + players[:k]]
            alone = [replay_variants.seated(ours, order) for _, _, ours in exchanges]
            assert [json.dumps(ours) for _, _, ours in formed] == [json.dumps(a) for a in alone]
            checked += len(formed)
    assert checked > 1000


def test_a_rotation_seats_a_shared_dict_of_players_once() -> None:
    stacks = {"Ann": 5, "Bob": 7, "Cy": 9}
    start = {"players": [{"name": n, "stack": 10} for n in stacks], "first_dealer": "Ann"}
    states: list[Exchange] = [
        ("start", start, {"ok": True, "state": {"stacks": stacks}}),
        ("act", {"player": "Bob"}, {"ok": True, "state": {"stacks": stacks, "pot": 1}}),
        ("act", {"player": "Cy"}, {"ok": True, "state": {"stacks": {**stacks, "Cy": 8}}}),
    ]
    formed = replay_variants.rotated(states, 1)
    seated = [ours["state"]["stacks"] for _, _, ours in formed]
    assert [list(s) for s in seated] == [["Bob", "Cy", "Ann"]] * 3
    assert seated[0] is seated[1]  # (the writer of lines then finds it unchanged)
    assert seated[2] == {"Bob": 7, "Cy": 8, "Ann": 5}
