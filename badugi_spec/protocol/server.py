"""Serve an in-process `Implementation` over the protocol: one JSON request per line in,
one JSON response per line out. Logs go to stderr, never to stdout.

`answer` is the whole protocol on the serving side and needs no process, so it is tested
directly; `serve` only moves lines. Our engine, the mutants and the PokerKit adapter all
serve through here.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from badugi_spec.errors import CardError
from badugi_spec.protocol import (
    ANY_PROFILE,
    BAD_REQUEST,
    CAPABILITIES,
    INTERNAL,
    NOT_SUPPORTED,
    PROTOCOLS,
)
from badugi_spec.scenario.engine_impl import EngineImplementation, Implementation, RequestError
from badugi_spec.scenario.runner import Skip


class _BadRequest(Exception):
    pass


def _field(request: dict[str, Any], name: str, kind: type) -> Any:
    value = request.get(name)
    if not isinstance(value, kind):
        raise _BadRequest(f"{request.get('type')!r} needs {name!r} as {kind.__name__}")
    return value


def answer(impl: Implementation, request: object, *, version: str = "") -> dict[str, Any]:
    """The response to one decoded request. Never raises."""
    try:
        if not isinstance(request, dict):
            raise _BadRequest("a request is a JSON object")
        return _dispatch(impl, request, version)
    except (_BadRequest, RequestError) as error:
        return {"ok": False, "error": BAD_REQUEST, "message": str(error)}
    except Skip as skip:
        return {"ok": False, "error": NOT_SUPPORTED, "message": str(skip)}
    except Exception as error:  # the protocol's promise: one reply per request, always
        return {"ok": False, "error": INTERNAL, "message": f"{type(error).__name__}: {error}"}


def _dispatch(impl: Implementation, request: dict[str, Any], version: str) -> dict[str, Any]:
    kind = request.get("type")
    capabilities = impl.capabilities()
    if kind == "hello":
        # A protocol 2 client says `protocol: 1, protocols: [1, 2]`, so that a protocol 1
        # server, which ignores the list, still answers; we answer the newest we share.
        offered = request.get("protocols", [request.get("protocol")])
        shared = [v for v in PROTOCOLS if isinstance(offered, list) and v in offered]
        if not shared:
            raise _BadRequest(
                f"protocol {request.get('protocol')!r} asked; this server speaks"
                f" {' or '.join(map(str, PROTOCOLS))}"
            )
        reply: dict[str, Any] = {
            "ok": True,
            "protocol": shared[-1],
            "name": impl.name,
            "version": version,
            "capabilities": [c for c in CAPABILITIES if c in capabilities],
        }
        if shared[-1] >= 2:
            plays = getattr(impl, "profiles", ANY_PROFILE)
            reply["profiles"] = plays if isinstance(plays, str) else list(plays)
        return reply
    if kind == "bye":
        return {"ok": True}
    if kind in ("evaluate", "compare", "start", "deal", "act"):
        needed = "play" if kind in ("start", "deal", "act") else kind
        if needed not in capabilities:
            raise Skip(f"{impl.name} does not {needed}")
    try:
        if kind == "evaluate":
            return {"ok": True, "value": impl.evaluate(list(_field(request, "cards", list)))}
        if kind == "compare":
            hands = _field(request, "hands", list)
            return {"ok": True, "winners": impl.compare([list(h) for h in hands])}
    except CardError as error:
        # Unreadable, repeated or too many cards: the request asked for no valid hand.
        raise _BadRequest(f"{kind}: {error}") from None
    if kind == "start":
        players = _field(request, "players", list)
        case = {"players": players, "first_dealer": request.get("first_dealer")}
        if "profile" in request:
            case["profile"] = request["profile"]
        return impl.start(case)
    if kind == "deal":
        hand: dict[str, Any] = {"deck": list(_field(request, "deck", list))}
        if "reshuffles" in request:
            hand["reshuffles"] = _field(request, "reshuffles", list)
        return impl.deal(hand)
    if kind == "act":
        step: dict[str, Any] = {
            "player": _field(request, "player", str),
            "action": _field(request, "action", str),
            "discards": list(request.get("discards") or []),
        }
        if request.get("amount") is not None:
            step["amount"] = _field(request, "amount", int)
        return impl.act(step)
    raise _BadRequest(f"unknown request type {kind!r}")


def serve(
    impl: Implementation,
    *,
    version: str = "",
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
) -> int:
    """Answer requests until end of input or `bye`. Returns the exit status."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    print(f"{impl.name}: serving protocol {max(PROTOCOLS)}", file=sys.stderr)
    for raw in inp:
        line = raw.strip()
        if not line:
            continue
        try:
            request: object = json.loads(line)
        except (ValueError, UnicodeDecodeError) as error:
            response: dict[str, Any] = {
                "ok": False,
                "error": BAD_REQUEST,
                "message": f"not JSON: {error}",
            }
            request = None
        else:
            response = answer(impl, request, version=version)
        if response.get("error") == INTERNAL:
            print(f"{impl.name}: internal error: {response['message']}", file=sys.stderr)
        out.write(json.dumps(response, ensure_ascii=False).encode("utf-8") + b"\n")
        out.flush()
        if isinstance(request, dict) and request.get("type") == "bye":
            break
    return 0


def main() -> int:
    from importlib.metadata import version

    return serve(EngineImplementation(), version=version("badugi-spec"))
