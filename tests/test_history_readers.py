"""Reading hand histories: PHH and PokerStars text, good and malformed.

A malformed hand is one located error (file, line, hand) and never a traceback, and the
other hands of the same file still read and replay.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_spec.cards import Card
from badugi_spec.interop import phh, pokerstars
from badugi_spec.interop.record import HandRecord, HistoryError, Verb
from badugi_spec.interop.replay import EXACT, replay
from tests.support import Capsys, run_cli

# Two complete hands in the shape of the 2010 histories (hand 1 is the first SNG hand).
FIRST = """\
PokerStars Game #52588201462: Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level I (20/40) - 2010/11/12 20:42:34 CET [2010/11/12 14:42:34 ET]
Table '330855877 1' 8-max Seat #1 is the button
Seat 1: Player7 (1500 in chips)
Seat 2: Player3 (1500 in chips)
Seat 3: Player5 (1500 in chips)
Seat 4: Player6 (1500 in chips)
Player3: posts small blind 10
Player5: posts big blind 20
*** DEALING HANDS ***
Dealt to Player5 [3h 3c Qc 9d]
Player6: calls 20
Player6 said, "hi
there"
Player7: folds
Player3: calls 10
Player5: checks
*** FIRST DRAW ***
Player3: stands pat
Player5: discards 2 cards [3c Qc]
Dealt to Player5 [3h 9d] [2c Ah]
Player6: discards 1 card
Player3: checks
Player5: bets 20
Player6: calls 20
Player3: folds
*** SECOND DRAW ***
Player5: discards 1 card [3h]
Dealt to Player5 [9d 2c Ah] [9h]
Player6: discards 1 card
Player5: checks
Player6: checks
*** THIRD DRAW ***
Player5: discards 1 card [9h]
Dealt to Player5 [9d 2c Ah] [5h]
Player6: discards 1 card
Player5: checks
Player6: checks
*** SHOW DOWN ***
Player5: shows [5h 2c Ah 9d] (3-card: 9,2,A)
Player6: shows [3s 4d 8c Kc] (3-card: 8,4,3)
Player6 collected 100 from pot
*** SUMMARY ***
Total pot 100 | Rake 0
Seat 1: Player7 (button) folded before the Draw (didn't bet)
Seat 2: Player3 (small blind) folded after the 1st Draw
Seat 3: Player5 (big blind) showed [5h 2c Ah 9d] and lost with a 3-card: 9,2,A
Seat 4: Player6 showed [3s 4d 8c Kc] and won (100) with a 3-card: 8,4,3



"""
SECOND = """\
PokerStars Game #52588301675: Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level I (20/40) - 2010/11/12 20:44:28 CET [2010/11/12 14:44:28 ET]
Table '330855877 1' 8-max Seat #2 is the button
Seat 1: Player7 (1500 in chips)
Seat 2: Player3 (1480 in chips)
Seat 3: Player5 (1460 in chips)
Seat 4: Player6 (1560 in chips)
Player5: posts small blind 10
Player6: posts big blind 20
*** DEALING HANDS ***
Dealt to Player5 [6h 3h Tc 4c]
Player7: folds
Player3: raises 20 to 40
Player5: folds
Player6: folds
Uncalled bet (20) returned to Player3
Player3 collected 50 from pot
Player3: doesn't show hand
*** SUMMARY ***
Total pot 50 | Rake 0
Seat 1: Player7 folded before the Draw (didn't bet)
Seat 2: Player3 (button) collected (50)
Seat 3: Player5 (small blind) folded before the Draw
Seat 4: Player6 (big blind) folded before the Draw

"""


def _text_hands(text: str | bytes) -> list[HandRecord | HistoryError]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return list(pokerstars.parse_lines(data.splitlines(keepends=True), path="h.txt"))


def test_a_pokerstars_hand_reads_with_its_cards_pots_and_net() -> None:
    first, second = _text_hands(FIRST + SECOND)
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert [p.name for p in first.players] == ["Player3", "Player5", "Player6", "Player7"]
    assert first.dealt[1] == tuple(Card.parse(c) for c in ("3h", "3c", "Qc", "9d"))
    draws = [s for s in first.steps if s.verb is Verb.DRAW and s.player == 1]
    assert draws[0].received == (Card.parse("2c"), Card.parse("Ah"))
    assert first.recorded.net == (-20, -40, 60, 0)
    assert second.recorded.returned == (0, 0, 0, 20)
    assert [replay(hand).status for hand in (first, second)] == [EXACT, EXACT]


@pytest.mark.parametrize(
    ("broken", "line", "message"),
    [
        # Truncated: the hand stops before its summary; the next hand starts.
        (FIRST.split("*** SHOW DOWN ***")[0], 37, "truncated: the hand ends before its summary"),
        (
            FIRST.replace("Badugi Limit - Level I (20/40)", "Hold'em No Limit - Level I (10/20)"),
            1,
            "not a fixed-limit Badugi hand",
        ),
        (
            FIRST.replace("Player6: calls 20", "Nobody: calls 20"),
            11,
            "'Nobody' acts but is not seated",
        ),
        (FIRST.replace("Player6: calls 20", "Player6: juggles"), 11, "unrecognised action"),
        (FIRST.replace("[3h 3c Qc 9d]", "[3h 3c Qx 9d]"), 10, "Qx"),
    ],
)
def test_a_malformed_pokerstars_hand_is_one_located_error(
    broken: str, line: int, message: str
) -> None:
    hands = _text_hands(broken + SECOND)
    assert len(hands) == 2
    error, good = hands
    assert isinstance(error, HistoryError), error
    assert error.line == line and message in error.message
    assert str(error).startswith(f"h.txt:{line}: hand 52588201462: ")
    assert isinstance(good, HandRecord) and replay(good).status == EXACT


def test_garbage_bytes_are_located_and_the_rest_of_the_file_still_reads() -> None:
    data = (FIRST.replace("Player7: folds\n", "Player7: fo\xffds\n")).encode("latin-1")
    hands = _text_hands(data + SECOND.encode())
    error, good = hands
    assert isinstance(error, HistoryError)
    assert error.line == 14 and "not UTF-8 text: byte 0xff" in error.message
    assert isinstance(good, HandRecord)
    garbage = _text_hands(b"\x00\x01 nonsense\n" + SECOND.encode())
    assert isinstance(garbage[0], HistoryError) and garbage[0].line == 1
    assert isinstance(garbage[1], HandRecord)


# ----- PHH -------------------------------------------------------------------------------

PHH = """\
[1]
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
small_bet = 20
big_bet = 40
starting_stacks = [1500, 1500, 1500]
actions = [
  "d dh p1 ????????",
  "d dh p2 3h3cQc9d",
  "d dh p3 ????????",
  "p3 cbr 40",
  "p1 f",
  "p2 cc",
  "p2 sd 3cQc",
  "p3 sd ??",
  "d dh p2 2cAh",
  "d dh p3 ??",
  "p2 cc",
  "p3 cbr 20",
  "p2 f",
]
hand = "one"
players = ["Ann", "Bob", "Cy"]
finishing_stacks = [1490, 1460, 1550]

[2]
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 f"]
hand = "two"
finishing_stacks = [101, 99]
"""


def test_phh_hands_read_and_replay_heads_up_and_multi_way() -> None:
    first, second = phh.read_text(PHH, path="h.phhs")
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert first.where.line == 1 and second.where.line == 27
    step = next(s for s in first.steps if s.text == "p3 cbr 20")
    assert step.where.line == 20 and step.number == 12
    # Heads-up the blinds are reverse-assigned: p2, the button, posts the small blind.
    posts = [(s.player, s.amount) for s in second.steps if s.verb is Verb.POST]
    assert posts == [(1, 1), (0, 2)]
    assert [replay(first).status, replay(second).status] == [EXACT, EXACT]
    assert replay(first).profile == "pokerkit", "plain FB is PokerKit's rules (R13)"


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ('variant = "FB"\nantes = [0, 0, 0]', 'variant = "NT"\nantes = [0, 0, 0]', 2,
         "variant 'NT' is not fixed-limit Badugi ('FB')"),
        ('  "p2 cc",\n  "p2 sd', '  "p9 cc",\n  "p2 sd', 14, "no player 'p9' in a 3-player hand"),
        ('"p3 cbr 20"', '"p3 dance"', 20, "not a PHH action of fixed-limit Badugi"),
        ('"d dh p2 2cAh"', '"d dh p2 2cAhKs"', 17, "p2 discarded 2 cards but is dealt 3"),
        ("starting_stacks = [1500, 1500, 1500]\n", "", 1, "missing required field starting_stacks"),
    ],
)  # fmt: skip
def test_a_malformed_phh_hand_is_one_located_error(
    old: str, new: str, line: int, message: str
) -> None:
    assert old in PHH
    error, good = phh.read_text(PHH.replace(old, new, 1), path="h.phhs")
    assert isinstance(error, HistoryError), error
    assert (error.line, error.hand) == (line, "one") and message in error.message, str(error)
    assert isinstance(good, HandRecord) and replay(good).status == EXACT


def test_a_truncated_or_garbled_phh_hand_is_located() -> None:
    cut = PHH.split('  "p3 cbr 20",')[0] + "\n" + PHH[PHH.index("[2]") :]
    error, good = phh.read_text(cut, path="h.phhs")
    assert isinstance(error, HistoryError) and "not valid TOML" in error.message
    assert error.line == 19 and "truncated" in error.message
    assert isinstance(good, HandRecord)
    garbled = PHH.encode().replace(b"3h3cQc9d", b"3h3c\xff\xfe9d")
    hands = list(phh.parse_lines(garbled.splitlines(keepends=True), path="h.phhs"))
    assert isinstance(hands[0], HistoryError) and hands[0].line == 10
    assert "not UTF-8" in hands[0].message and isinstance(hands[1], HandRecord)


def test_an_illegal_action_is_a_divergence_with_its_code() -> None:
    record = phh.read_text(PHH.replace('"p3 cbr 20"', '"p3 cbr 30"'), path="h.phhs")[0]
    assert isinstance(record, HandRecord)
    result = replay(record)
    assert (result.status, result.code, result.action) == ("diverged", "wrong-amount", 12)
    assert result.where == "h.phhs:20"


def test_the_command_never_shows_a_traceback(tmp_path: Path, capsys: Capsys) -> None:
    broken = tmp_path / "mixed.txt"
    broken.write_bytes(
        FIRST.split("*** SHOW DOWN ***")[0].encode()
        + SECOND.encode()
        + FIRST.replace("Badugi Limit", "Razz Limit").encode()
        + b"\xff\xfe garbage\n"
        + SECOND.encode()
    )
    status, out, err = run_cli(["replay", str(broken)], capsys)
    assert status == 1 and "Traceback" not in out + err
    lines = out.splitlines()
    assert lines[-1] == "2 replayed, 2 exact, 0 diverged, 0 skipped, 2 unreadable"
    unreadable = [line for line in lines if line.startswith("unreadable")]
    assert len(unreadable) == 2 and all(f"{broken}:" in line for line in unreadable)


def test_unknown_paths_and_profiles_are_one_line_errors(tmp_path: Path, capsys: Capsys) -> None:
    status, _, err = run_cli(["replay", str(tmp_path / "none.phhs")], capsys)
    assert status == 2 and "no such file or folder" in err and "Traceback" not in err
    status, _, err = run_cli(["replay", "--profile", "nope", str(tmp_path)], capsys)
    assert status == 2 and "unknown profile 'nope'" in err


def test_a_single_phh_hand_file_and_a_hand_without_actions(tmp_path: Path, capsys: Capsys) -> None:
    single = tmp_path / "one.phh"
    single.write_text(PHH.split("[2]")[0].removeprefix("[1]\n"), encoding="utf-8")
    empty = tmp_path / "empty.phh"
    empty.write_text(
        PHH[PHH.index("[2]") :]
        .removeprefix("[2]\n")
        .replace('actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 f"]', "actions = []"),
        encoding="utf-8",
    )
    status, out, _ = run_cli(["replay", str(single), str(empty)], capsys)
    lines = out.splitlines()
    assert lines[0].startswith("exact") and "hand one" in lines[0]
    assert lines[1].startswith("skipped") and "records no action" in lines[1]
    assert lines[-1] == "2 replayed, 1 exact, 0 diverged, 1 skipped" and status == 0
