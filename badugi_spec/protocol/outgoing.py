"""The requests the client writes for what the runner asks (`start`, `deal`, `act`): the
fields of the protocol version the implementation speaks, and no others."""

from __future__ import annotations

from typing import Any, Final

from badugi_spec.scenario.state_line import one_encoder

Kept = dict[int, tuple[Any, tuple[str, int], dict[str, Any], str]]
KEPT_AT_MOST: Final = 16_384


line_of: Final = one_encoder(ascii_only=True)
"""A request as `json.dumps(request)` writes it, by one encoder made once."""


def start_request(case: dict[str, Any], protocol: int) -> dict[str, Any]:
    request = {
        "type": "start",
        "players": case["players"],
        "first_dealer": case["first_dealer"],
    }
    if protocol >= 2 and "profile" in case:
        request["profile"] = case["profile"]
    return request


def deal_request(hand: dict[str, Any], protocol: int) -> dict[str, Any]:
    request: dict[str, Any] = {"type": "deal", "deck": hand["deck"]}
    if protocol >= 2 and hand.get("reshuffles"):
        request["reshuffles"] = hand["reshuffles"]  # the stated rebuilt stubs (R8.18)
    if protocol >= 2 and hand.get("posts"):
        request["posts"] = hand["posts"]  # live big blinds posted out of turn (R8.3)
    if protocol >= 2 and hand.get("seating"):
        request["seating"] = hand["seating"]  # sitting out, returns, straddles (R19)
    return request


def act_request(step: dict[str, Any]) -> dict[str, Any]:
    request: dict[str, Any] = {
        "type": "act",
        "player": step["player"],
        "action": step["action"],
    }
    if step.get("amount") is not None:
        request["amount"] = step["amount"]
    if step["action"] == "draw":
        request["discards"] = list(step.get("discards", []))
    return request


def request_lines(
    exchanges: list[tuple[str, dict[str, Any]]], protocol: int, kept: Kept
) -> tuple[list[dict[str, Any]], list[str]]:
    """The requests for `exchanges` (kind, the runner's argument) and their lines, kept in
    `kept` by the argument's identity (the argument kept too, so its id is not reused):
    for arguments never changed once made (a fuzzed trial's), which its variants send
    again and `fuzz.ahead` writes before they are sent."""
    if len(kept) > KEPT_AT_MOST:
        kept.clear()
    requests, lines = [], []
    for kind, item in exchanges:
        got = kept.get(id(item))
        if got is None or got[0] is not item or got[1] != (kind, protocol):
            if kind == "start":
                request = start_request(item, protocol)
            elif kind == "deal":
                request = deal_request(item, protocol)
            else:
                request = act_request(item)
            got = kept[id(item)] = (item, (kind, protocol), request, line_of(request))
        requests.append(got[2])
        lines.append(got[3])
    return requests, lines


__all__ = ["Kept", "act_request", "deal_request", "line_of", "request_lines", "start_request"]
