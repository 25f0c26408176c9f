"""The requests the client writes for what the runner asks (`start`, `deal`, `act`): the
fields of the protocol version the implementation speaks, and no others."""

from __future__ import annotations

from typing import Any


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


__all__ = ["act_request", "deal_request", "start_request"]
