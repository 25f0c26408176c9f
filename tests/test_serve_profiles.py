"""Issue 23 items 8 and 12: what `serve` takes as a profile is what `profile.json` admits,
and a number too long to read is named by its place, never printed as an object.

`{"name": "badeucy"}` played the house rules with four cards, `extends` and `title` were
ignored, `max_seats: 10**400` was refused as `<..._HugeNumber object at 0x7f...>` and
`protocols: [10**400]` as "not a list". Requests go through `serve` as bytes, so the
JSON reader's handling of long numbers is the real one.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec import profiles
from badugi_spec.cards import DECK
from badugi_spec.profiles import PARAMETERS
from badugi_spec.protocol.server import serve
from badugi_spec.scenario.engine_impl import EngineImplementation, RequestError

HUGE = "1" * 401
FAST = settings(max_examples=60, deadline=None)


def as_json(name: str) -> dict[str, Any]:
    profile = profiles.get(name)
    return {"name": name} | {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in profile.parameters().items()
    }


def start(profile: object) -> str:
    players = [{"name": "Ann", "stack": 100}, {"name": "Bob", "stack": 100}]
    request = {"type": "start", "players": players, "first_dealer": "Ann", "profile": profile}
    return json.dumps(request, ensure_ascii=False)


def replies(*lines: str) -> list[dict[str, Any]]:
    out = io.BytesIO()
    data = "".join(f"{line}\n" for line in lines).encode()
    serve(EngineImplementation(), stdin=io.BytesIO(data), stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def refusal(reply: dict[str, Any]) -> str:
    assert reply["ok"] is False and reply["error"] == "bad-request", reply
    message: str = reply["message"]
    assert "object at 0x" not in message and "\n" not in message
    return message


@pytest.mark.parametrize(
    ("profile", "message"),
    [
        ({"name": "badeucy"}, "'profile' does not fit profile.json (R8.1): profile: 'min_seats' missing (and"),
        ({**as_json("badeucy"), "extends": "house"}, "profile: unexpected 'extends'"),
        ({**as_json("badeucy"), "title": "Mine"}, "profile: unexpected 'title'"),
        ({**as_json("house"), "cap": True}, "profile.cap: True is not integer"),
        ({**as_json("house"), "bet_sizes": [2] * 20_000}, "profile.bet_sizes: more than 8 items"),
        ({**as_json("house"), "starting_stack": 10**13}, "profile.starting_stack: 10000000000000 > 1000000000000"),
        ("badeucy", "'profile' must be an object of every parameter (profile.json), not a string"),
    ],
)  # fmt: skip
def test_a_profile_the_schema_refuses_is_refused(profile: object, message: str) -> None:
    (reply,) = replies(start(profile))
    assert message in refusal(reply)


def test_a_whole_profile_plays_as_given() -> None:
    """Badeucy as its full parameters: five cards each, two rankings (R8.29)."""
    deal = json.dumps({"type": "deal", "deck": [str(card) for card in DECK]})
    started, dealt = replies(start(as_json("badeucy")), deal)
    assert started["ok"] and dealt["ok"], (started, dealt)
    assert [len(cards) for cards in dealt["state"]["hands"].values()] == [5, 5]
    assert set(dealt["state"]["values_in"]["Ann"]) == {"badugi-ace-high", "low-2-7"}


def test_in_process_the_engine_takes_no_less() -> None:
    with pytest.raises(RequestError, match="missing: a case's profile gives every parameter"):
        EngineImplementation().start(
            {"players": [{"name": "A", "stack": 9}] * 2, "first_dealer": "A",
             "profile": {"name": "badeucy"}}
        )  # fmt: skip


def _with_huge(profile: dict[str, Any], key: str, in_list: bool) -> str:
    """The profile's JSON with `key` (or its list's first item) a 401-digit number."""
    marker = "__HUGE__"
    changed = dict(profile)
    if in_list and isinstance(changed[key], list) and changed[key]:
        changed[key] = [marker, *changed[key][1:]]
    else:
        changed[key] = marker
    return start(changed).replace(f'"{marker}"', HUGE)


@FAST
@given(st.sampled_from(list(PARAMETERS)), st.booleans(), st.sampled_from(profiles.names()))
def test_a_huge_number_anywhere_in_a_profile_is_named_by_its_place(
    key: str, in_list: bool, name: str
) -> None:
    (reply,) = replies(_with_huge(as_json(name), key, in_list))
    message = refusal(reply)
    where = (
        f"'profile.{key}[0]'"
        if in_list and isinstance(as_json(name)[key], list) and as_json(name)[key]
        else f"'profile.{key}'"
    )
    assert message == f"{where} is a number of 401 digits: too large for any parameter (R8.1)"


@FAST
@given(st.lists(st.sampled_from(["1", "2", HUGE, '"2"', "true", "2.0"]), min_size=1, max_size=4))
def test_protocols_name_the_version_at_fault(versions: list[str]) -> None:
    line = f'{{"type": "hello", "protocol": 1, "protocols": [{", ".join(versions)}]}}'
    (reply,) = replies(line)
    bad = [i for i, text in enumerate(versions) if text not in ("1", "2")]
    if not bad:
        assert reply["ok"] is True
        return
    message = refusal(reply)
    assert message.startswith(f"protocols[{bad[0]}] must be a version such as 2, not ")
    assert "not a list" not in message
    if versions[bad[0]] == HUGE:
        assert message.endswith("not a number of 401 digits")
