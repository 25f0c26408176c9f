"""Issue 23 item 3: numbers are the ASCII digits 0-9, everywhere one is read from text.

`str.isdigit()` is true for `²`, and `int()` then refused it with a traceback; `int()`
read `٤` and `４` as 4. The class of input is every character that Python or Unicode
calls a digit or a number and that is not 0-9: each property draws from all of them,
and the cheap entry points are also checked on every one of them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec.cli import build_parser, main
from badugi_spec.engine import Kind
from badugi_spec.errors import CardError, ScenarioError
from badugi_spec.interop import phh
from badugi_spec.interop.record import HandRecord, HistoryError
from badugi_spec.interop.replay import DIVERGED, UNREADABLE, replay
from badugi_spec.profiles import PARAMETERS, ProfileError, override_value
from badugi_spec.protocol.server import serve
from badugi_spec.rankings.house import parse_value
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.trainer import keys
from tests.conftest import cards


def _other_digits() -> tuple[str, ...]:
    # isdecimal (Unicode's Nd) is a part of isdigit, and isdigit of isnumeric: one C-level
    # filter finds them all, in a sixth of the time of asking each question in Python (this
    # runs at import, in every test worker).
    found = tuple(c for c in filter(str.isnumeric, map(chr, range(sys.maxunicode + 1))))
    return tuple(c for c in found if c not in "0123456789")


OTHER_DIGITS = _other_digits()
"""`²`, `٤`, `４`, `①`, `½`, `Ⅳ`, ...: about 1,900 characters."""

other = st.sampled_from(OTHER_DIGITS)
ascii_digits = st.text(alphabet="0123456789", max_size=3)


@st.composite
def numbers_with_another_digit(draw: st.DrawFn) -> str:
    """A number as a user might type or paste it, with at least one digit not 0-9."""
    tail = st.text(alphabet=st.sampled_from("0123456789") | other, max_size=3)
    return draw(ascii_digits) + draw(other) + draw(tail)


FAST = settings(max_examples=80, deadline=None)
INT_PARAMS = [name for name, p in PARAMETERS.items() if p.kind is int]


def test_the_class_is_what_the_issue_names() -> None:
    assert {"²", "٤", "４", "①", "½", "Ⅳ"} <= set(OTHER_DIGITS)
    assert len(OTHER_DIGITS) > 1000
    # What made the defect: checked one way, read the other.
    assert "²".isdigit() and int("٤") == int("４") == 4


def test_the_shared_helper_reads_none_of_them() -> None:
    from badugi_spec import digits

    for char in OTHER_DIGITS:
        for text in (char, f"1{char}", f"{char}0"):
            assert digits.whole(text) is None, text
            assert digits.signed(f"-{text}") is None, text
            assert digits.decimal(f"{text}.5") is None, text
    for spelled in (" 4", "4 ", "+4", "1_0", "0x4", "", "4" * 14):
        assert digits.whole(spelled) is None, spelled  # int() takes most of these
    for spelled in ("inf", "nan", "1e9", "1_0.5", "-1"):
        assert digits.decimal(spelled) is None, spelled
    assert digits.whole("0042") == 42 and digits.signed("-7") == -7
    assert digits.decimal(".5") == 0.5


@FAST
@given(numbers_with_another_digit(), st.sampled_from(INT_PARAMS))
def test_an_override_refuses_them_with_its_rule(text: str, key: str) -> None:
    with pytest.raises(ProfileError, match=rf"{key} is a whole number.*digits 0 to 9 only; R"):
        override_value(key, text)
    with pytest.raises(ProfileError, match=r"bet_sizes: .* is not a whole number"):
        override_value("bet_sizes", f"2,{text}")


SCENARIO = """\
scenario digits "A profile override"
rules R8.6
profile house {key}={value}
players Ann 100 dealer, Bob 100
"""


@FAST
@given(numbers_with_another_digit(), st.sampled_from(["cap", "bet_sizes", "ante"]))
def test_a_scenario_override_is_a_located_error(text: str, key: str) -> None:
    source = SCENARIO.format(key=key, value=text)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(source, path="d.badugi")
    error = info.value
    # The value is at fault: the caret points after the `=` on line 3.
    assert (error.path, error.line) == ("d.badugi", 3)
    assert error.column == len("profile house ") + len(key) + 2
    # The scenario layer words it (what the parameter takes); the value is not read.
    assert error.message.startswith(f"{key}={text}: ")
    assert re.search(r"R[0-9]+\.[0-9]+\)$", error.message), error.message


def test_check_loads_the_rest_of_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first symptom: `cap=²` in one scenario aborted `check` for the whole folder."""
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "bad.badugi").write_text(SCENARIO.format(key="cap", value="²"), "utf-8")
    good = 'scenario fine "Values"\nrules R2.5\n\nevaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A\n'
    (folder / "good.badugi").write_text(good, "utf-8")
    for command in (["check"], ["cases", "--out", str(tmp_path / "cases")]):
        status = main([*command, str(folder)])
        out, err = capsys.readouterr()
        assert status == 1 and "Traceback" not in out + err
        assert "bad.badugi:3:" in out + err
    assert "1 passed" in main_out(["check", str(folder)], capsys)


def main_out(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(argv)
    return capsys.readouterr().out


PHH_HAND = """\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", {action}]
finishing_stacks = [{finish}]
{extra}
"""


def _replayed(text: str) -> str:
    """The status replay gives one PHH hand; it must never raise."""
    (hand,) = phh.read_text(text, path="h.phh")
    if isinstance(hand, HistoryError):
        return UNREADABLE
    assert isinstance(hand, HandRecord)
    return replay(hand).status


@FAST
@given(numbers_with_another_digit())
def test_phh_amounts_players_and_overrides(text: str) -> None:
    bet = json.dumps(f"p2 cbr {text}")
    assert _replayed(PHH_HAND.format(action=bet, finish="101, 99", extra="")) == UNREADABLE
    who = json.dumps(f"p{text} f")
    assert _replayed(PHH_HAND.format(action=who, finish="101, 99", extra="")) == UNREADABLE
    overrides = f'_profile = "house"\n_profile_overrides = [{json.dumps("cap=" + text)}]'
    fold = json.dumps("p2 f")
    status = _replayed(PHH_HAND.format(action=fold, finish="101, 99", extra=overrides))
    assert status in (UNREADABLE, DIVERGED)


HELD = cards("A♠ 2♥ 3♦ K♦")


def test_every_key_with_another_digit_is_no_key() -> None:
    for char in OTHER_DIGITS:
        for typed in (char, f"1{char}", f"d {char}", f"d 1 {char}", f"b {char}", f"r 1{char}"):
            with pytest.raises(keys.BadKey):
                keys.parse(typed, HELD)
    assert keys.parse("b 4", HELD) == keys.Act(Kind.BET, 4)


def test_play_survives_every_one_of_them_typed() -> None:
    """The real `play`, fed every such character on its own line, then end of input."""
    done = subprocess.run(
        [sys.executable, "-m", "badugi_spec", "play", "--seed", "1", "--plain"],
        input="\n".join(OTHER_DIGITS) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""
    assert done.stdout.count("Not a key") == len(OTHER_DIGITS)


@FAST
@given(numbers_with_another_digit())
def test_a_hand_value_size_is_ascii(text: str) -> None:
    with pytest.raises(CardError, match="bad hand size"):
        parse_value(f"{text}-card 4-3-2-A")


def _typed_options() -> Iterator[tuple[str, str]]:
    """(command, option) for every option of every command that converts its text."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for command, child in sub.choices.items():
        for action in child._actions:
            if action.type is not None and action.option_strings:
                yield command, action.option_strings[-1]


TYPED = sorted(set(_typed_options()))


def test_the_numeric_options_are_all_found() -> None:
    assert {("simulate", "--hands"), ("simulate", "--stacks"), ("play", "--seed"),
            ("odds", "--draws"), ("verify", "--timeout"), ("bot-sessions", "--sessions")} <= set(TYPED)  # fmt: skip


@FAST
@given(st.sampled_from(TYPED), numbers_with_another_digit())
def test_every_numeric_option_refuses_them_in_one_line(where: tuple[str, str], text: str) -> None:
    command, option = where
    value = f"100,{text}" if option == "--stacks" else text
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main([command, option, value])
    assert status == 2
    (line,) = err.getvalue().splitlines()
    assert line.startswith(f"badugi-spec: error: argument {option}")


@FAST
@given(numbers_with_another_digit())
def test_the_protocol_reads_no_other_digit_as_a_number(text: str) -> None:
    request = f'{{"type": "hello", "protocol": {text}}}\n'.encode()
    out = io.BytesIO()
    serve(EngineImplementation(), stdin=io.BytesIO(request), stdout=out)
    reply = json.loads(out.getvalue())
    assert reply["ok"] is False and reply["error"] == "bad-request"
