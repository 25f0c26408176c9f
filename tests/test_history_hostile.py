"""The hand history readers and the replay under hostile input (issue 23, items 4 and 11).

An inconsistent hand (a card in two hands, a hand of three or five cards) is one
unreadable hand with its reason, and the rest of the file replays; a hand over the size
cap is refused without being held in memory or parsed. The fuzz tests mutate the real
hands (lines dropped, doubled, swapped or cut, cards and numbers corrupted, random bytes)
and ask for one located line or a clean result, never a traceback, and that an untouched
hand after the mutated one still replays exactly: nothing is lost.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec.interop import phh, pokerstars
from badugi_spec.interop.record import MAX_HAND_BYTES, HandRecord, HistoryError
from badugi_spec.interop.replay import EXACT, UNREADABLE, NotExact, replay, replica
from tests.support import Capsys, run_cli
from tests.test_history_readers import FIRST, PHH, SECOND

REALHANDS = Path(__file__).resolve().parents[1].parent / "shared" / "realhands"
TEXT_FILES = sorted((REALHANDS / "pokerstars").glob("*.txt"))
PHH_FILES = sorted((REALHANDS / "phh").glob("*.phhs"))
ROOT = Path(__file__).resolve().parents[1]


def _text_hands(text: str | bytes) -> list[HandRecord | HistoryError]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return list(pokerstars.parse_lines(data.splitlines(keepends=True), path="h.txt"))


def _outcomes(hands: list[HandRecord | HistoryError]) -> list[str]:
    return [str(h) if isinstance(h, HistoryError) else replay(h).describe() for h in hands]


# ----- item 4: inconsistent PokerStars hands ---------------------------------------------

DEALT = "Dealt to Player5 [3h 3c Qc 9d]"


@pytest.mark.parametrize(
    ("dealt", "line", "message"),
    [
        ("Dealt to Player5 [3h 3c Qc]", 10, "Player5 is dealt 3 cards; a Badugi hand has 4"),
        ("Dealt to Player5 [3h 3c Qc 9d Ks]", 10, "Player5 is dealt 5 cards; a Badugi hand has 4"),
        ("Dealt to Player5 [3h 3c Qc 3h]", 10, "3h"),
    ],
)
def test_4_a_dealt_line_of_three_or_five_cards_is_one_located_error(
    dealt: str, line: int, message: str
) -> None:
    broken, good = _text_hands(FIRST.replace(DEALT, dealt) + SECOND)
    assert isinstance(broken, HistoryError), broken
    assert (broken.line, broken.hand) == (line, "52588201462") and message in broken.message
    assert isinstance(good, HandRecord) and replay(good).status == EXACT


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        # The hero keeps a card he never held, or draws one he holds.
        ("[3h 9d] [2c Ah]", "[3h 8d] [2c Ah]", 20, "keeps 8d, not in the hand [3h 3c Qc 9d]"),
        ("[3h 9d] [2c Ah]", "[3h 9d] [2c 3h]", 20, "Player5 is dealt 3h but already holds it"),
        ("[3h 9d] [2c Ah]", "[3h 9d Qc] [2c Ah]", 20, "holds 3 + 2 cards after the draw"),
        ("discards 1 card [3h]", "discards 1 card [Kd]", 27, "discards Kd, not in the hand"),
    ],
)
def test_4_a_hero_whose_cards_contradict_each_other_is_located(
    old: str, new: str, line: int, message: str
) -> None:
    assert old in FIRST
    broken, good = _text_hands(FIRST.replace(old, new, 1) + SECOND)
    assert isinstance(broken, HistoryError), broken
    assert broken.line == line and message in broken.message, str(broken)
    assert isinstance(good, HandRecord) and replay(good).status == EXACT


def test_4_a_dealt_card_shown_by_another_player_is_unreadable_not_a_crash() -> None:
    # Player6 shows 3s at the showdown; the hero is now dealt it (and throws it). This
    # was the StopIteration in interop/plan.py.
    text = FIRST.replace(DEALT, "Dealt to Player5 [3h 3s Qc 9d]").replace(
        "discards 2 cards [3c Qc]", "discards 2 cards [3s Qc]"
    )
    hand, good = _text_hands(text + SECOND)
    assert isinstance(hand, HandRecord)
    result = replay(hand)
    assert result.status == UNREADABLE
    assert result.describe() == (
        "unreadable h.txt:40  hand 52588201462: the cards do not fit together: 3s is in two"
        " hands: Player5's (dealt) and Player6's (shown at line 40)"
    )
    with pytest.raises(NotExact, match="3s is in two hands"):
        replica(hand)
    assert isinstance(good, HandRecord) and replay(good).status == EXACT


def test_4_replay_and_import_count_such_a_hand_and_go_on(tmp_path: Path, capsys: Capsys) -> None:
    history = tmp_path / "h.txt"
    history.write_text(
        FIRST.replace(DEALT, "Dealt to Player5 [3h 3s Qc 9d]").replace("[3c Qc]", "[3s Qc]")
        + FIRST.replace(DEALT, "Dealt to Player5 [3h 3c Qc]").replace("52588201462", "1")
        + SECOND,
        encoding="utf-8",
    )
    status, out, err = run_cli(["replay", str(history)], capsys)
    assert "Traceback" not in out + err and status == 1
    assert out.splitlines()[-1] == "1 replayed, 1 exact, 0 diverged, 0 skipped, 2 unreadable"
    status, out, err = run_cli(["import", str(history), "--out", str(tmp_path / "out")], capsys)
    assert "Traceback" not in out + err and status == 1
    assert "3s is in two hands" in out and "Player5 is dealt 3 cards" in out
    assert len(list((tmp_path / "out").glob("*.badugi"))) == 1


def test_4_the_same_card_twice_in_phh_is_located() -> None:
    error, good = phh.read_text(PHH.replace("3h3cQc9d", "3h3cQc3h"), path="h.phhs")
    assert isinstance(error, HistoryError) and error.line == 10, error
    assert "3h appears twice" in error.message
    assert isinstance(good, HandRecord)
    # p3 throws a card p2 holds: the card plan finds the second owner, at its line.
    record = phh.read_text(PHH.replace('"p3 sd ??"', '"p3 sd 9d"'), path="h.phhs")[0]
    assert isinstance(record, HandRecord)
    result = replay(record)
    assert result.status == UNREADABLE and "9d is in two hands" in result.reason
    assert result.line == 16, result.describe()


def test_4_a_profile_dealing_five_cards_is_a_divergence_at_the_deal() -> None:
    record = _text_hands(FIRST)[0]
    assert isinstance(record, HandRecord)
    result = replay(record, profile="badeucy")
    assert result.status == "diverged" and result.action == 0 and result.rule in ("R8.2", "R8.4")
    phh_record = phh.read_text(PHH, path="h.phhs")[0]
    assert isinstance(phh_record, HandRecord)
    result = replay(phh_record, profile="badeucy")
    assert result.describe().endswith(
        "at the deal: history: 4 cards dealt to each player; badeucy: refused, the profile"
        " deals 5 [R8.4]"
    ), result.describe()


# ----- item 11: size caps ----------------------------------------------------------------


def _huge_phh(size: int) -> str:
    head = PHH.split("[2]")[0].split("actions = [")[0] + "actions = [\n"
    line = '  "p1\\u0020cc",\n'  # escaped, so that no action is found by its text
    return head + line * (size // len(line)) + "]\n"


def test_11_a_hand_over_the_cap_is_refused_and_the_next_hand_reads(tmp_path: Path) -> None:
    # Hands of about 2.5 MB, ten times the cap (22 MB before: the hand that took 32 s before
    # there was a cap, docs/real-hands.md; the reading is the same at any size over it, and
    # a line of 40 MB is test_11_one_long_line_is_never_held_whole's).
    big = tmp_path / "big.phhs"
    big.write_text(_huge_phh(10 * MAX_HAND_BYTES) + PHH[PHH.index("[2]") :], encoding="utf-8")
    text = tmp_path / "big.txt"
    chat = 'Player6 said, "' + "x" * 70 + '"\n'
    text.write_text(
        FIRST.replace("Player7: folds\n", "Player7: folds\n" + chat * 30_000) + SECOND,
        encoding="utf-8",
    )
    for path, reader in ((big, phh.read), (text, pokerstars.read)):
        start = time.process_time()
        first, second = reader(path)
        assert time.process_time() - start < 10
        assert isinstance(first, HistoryError) and "too large" in first.message, first
        assert f"at most {MAX_HAND_BYTES // 1024} KB" in first.message
        assert isinstance(second, HandRecord) and replay(second).status == EXACT


def _peak_megabytes(path: Path) -> tuple[str, int]:
    """(the first hand's outcome, the peak memory) of reading `path` in a fresh process."""
    code = (
        "import resource, sys\n"
        "from badugi_spec.interop import phh\n"
        "hands = [str(h) for h in phh.read(sys.argv[1])]\n"
        "print(len(hands), hands[0])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=60,
    )
    lines = done.stdout.splitlines()
    return lines[0], int(lines[-1])


def test_11_one_long_line_is_never_held_whole(tmp_path: Path) -> None:
    # A 40 MB line costs no more memory than a short one: it is dropped as it is read.
    small, path = tmp_path / "small.phhs", tmp_path / "line.phhs"
    small.write_text(PHH, encoding="utf-8")
    with open(path, "w", encoding="utf-8") as out:
        out.write('[1]\nvariant = "FB"\nhand = "')
        for _ in range(40):
            out.write("x" * (1 << 20))
        out.write('"\n' + PHH[PHH.index("[2]") :])
    _, baseline = _peak_megabytes(small)
    outcome, megabytes = _peak_megabytes(path)
    assert outcome.startswith("2 ") and "too large" in outcome, outcome
    assert megabytes - baseline < 10, (baseline, megabytes)


def test_11_a_hand_at_the_cap_reads_and_replays_quickly() -> None:
    # A guard against work that grows with the square of the hand, not a speed target: the
    # quadratic reading took minutes. CPU time of this process, so a loaded machine (other
    # jobs sharing its cores) cannot fail it.
    text = _huge_phh(MAX_HAND_BYTES - 2048)
    assert len(text.encode()) < MAX_HAND_BYTES
    start = time.process_time()
    (record,) = phh.read_text(text, path="h.phhs")
    assert isinstance(record, HandRecord) and len(record.steps) > 15_000
    assert replay(record).status == "diverged"
    assert time.process_time() - start < 5, "no search of the whole hand for each action"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("x = " + "[" * 5000 + "]" * 5000, "nested more than 32 deep"),
        ("x = " + "{a=" * 2000 + "1" + "}" * 2000, "nested more than 32 deep"),
        ("a." * 60000 + "b = 1", "more than 100 dots"),
    ],
)
def test_11_toml_that_would_exhaust_the_parser_is_refused_first(body: str, message: str) -> None:
    start = time.process_time()
    error, good = phh.read_text(f"[1]\n{body}\n" + PHH[PHH.index("[2]") :], path="h.phhs")
    assert time.process_time() - start < 2
    assert isinstance(error, HistoryError) and message in error.message and error.line == 2
    assert isinstance(good, HandRecord)


def test_11_more_than_ten_seats_is_refused() -> None:
    seats = "".join(f"Seat {n}: P{n} (1500 in chips)\n" for n in range(5, 16))
    broken, good = _text_hands(
        FIRST.replace("Player3: posts", seats + "Player3: posts", 1) + SECOND
    )
    assert isinstance(broken, HistoryError) and "more than 10 seats" in broken.message
    assert isinstance(good, HandRecord)


# ----- fuzz: the real hands, mutated ------------------------------------------------------


def _hands_of(files: list[Path], header: bytes) -> list[bytes]:
    pattern = re.compile(rb"(?m)^(?=" + re.escape(header) + rb")")
    return [h for f in files for h in pattern.split(f.read_bytes()) if h.strip()]


TEXT_HANDS = _hands_of(TEXT_FILES, b"PokerStars ")
PHH_HANDS = _hands_of(PHH_FILES, b"[")
_CARD = re.compile(rb"(?<![A-Za-z])[2-9TJQKA][cdhs](?![a-z])")
_NUMBER = re.compile(rb"[0-9]+")
_NUMBERS = [b"0", b"-1", b"1" * 30, "²".encode(), "٤".encode(), b"1.5", b"", b"99999"]
# Cards are where the readers and the card plan meet: half the mutations touch them.
MUTATIONS = st.sampled_from(
    [
        *("drop", "twice", "swap", "cut", "bytes", "number"),
        *("card", "steal card", "swap cards", "drop card", "add card", "steal card"),
    ]
)


def _mutate(data: bytes, draw: st.DrawFn) -> bytes:
    lines = data.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        how = draw(MUTATIONS)
        carded = [i for i, line in enumerate(lines) if _CARD.search(line)]
        touches_cards = how in ("card", "steal card", "drop card", "add card") and carded
        at = (
            draw(st.sampled_from(carded)) if touches_cards else draw(st.integers(0, len(lines) - 1))
        )
        line = lines[at]
        if how == "drop":
            del lines[at]
        elif how == "twice":
            lines.insert(at, line)
        elif how == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], line
        elif how in ("drop card", "add card"):
            found = list(_CARD.finditer(line))
            if not found:
                continue
            match = found[draw(st.integers(0, len(found) - 1))]
            if how == "drop card":  # a hand of three, `[3h Qc 9d]` or PHH `3hQc9d`
                end = match.end() + (line[match.end() : match.end() + 1] == b" ")
                lines[at] = line[: match.start()] + line[end:]
            else:  # a hand of five
                extra = draw(st.sampled_from(_CARD.findall(b"".join(lines))))
                space = b" " if line[match.end() : match.end() + 1] in (b" ", b"]") else b""
                lines[at] = line[: match.end()] + space + extra + line[match.end() :]
        elif how in ("card", "number", "steal card"):
            found = list((_NUMBER if how == "number" else _CARD).finditer(line))
            if not found:
                continue
            match = found[draw(st.integers(0, len(found) - 1))]
            if how == "number":
                new = draw(
                    st.sampled_from(_NUMBERS) | st.integers(0, 5000).map(lambda n: b"%d" % n)
                )
            elif how == "card":
                new = draw(st.sampled_from([b"Xx", b"??", b"", b"Ah Ah", b"2c3d4h5s6c", b"Kd"]))
            else:  # a card from elsewhere in the hand: one card in two places
                new = draw(st.sampled_from(_CARD.findall(b"".join(lines))))
            lines[at] = line[: match.start()] + new + line[match.end() :]
        elif how == "cut":
            flat = b"".join(lines)
            lines = flat[: draw(st.integers(0, len(flat)))].splitlines(keepends=True)
        elif how == "bytes":
            place = draw(st.integers(0, len(line)))
            lines[at] = line[:place] + draw(st.binary(min_size=1, max_size=8)) + line[place:]
        else:  # swap two cards anywhere in the hand
            flat = b"".join(lines)
            found = list(_CARD.finditer(flat))
            if len(found) < 2:
                continue
            i, j = sorted(draw(st.lists(st.integers(0, len(found) - 1), min_size=2, max_size=2)))
            a, b = found[i], found[j]
            flat = flat[: a.start()] + b[0] + flat[a.end() : b.start()] + a[0] + flat[b.end() :]
            lines = flat.splitlines(keepends=True)
    return b"".join(lines)


def _check_reader(data: bytes, *, text: bool, intact: bytes) -> None:
    """One located line or a clean result per hand; the intact hand after it replays."""
    lines = (data.rstrip(b"\n") + b"\n\n\n" + intact).splitlines(keepends=True)
    reader = pokerstars.parse_lines if text else phh.parse_lines
    hands = list(reader(lines, path="f.txt"))
    for hand in hands:
        if isinstance(hand, HistoryError):
            shown = str(hand)
            assert re.match(r"f\.txt:[0-9]+: ", shown) and 1 <= hand.line <= len(lines), shown
        else:
            shown = replay(hand).describe()
            assert re.match(r"[a-z]+ +f\.txt:[0-9]+  ", shown), shown
        assert "\n" not in shown and len(shown) < 600, shown
    last = hands[-1]
    assert isinstance(last, HandRecord), str(last)
    assert replay(last).status == EXACT, "a broken hand before it costs nothing after it"


@st.composite
def _mutated(draw: st.DrawFn, hands: list[bytes]) -> bytes:
    return _mutate(draw(st.sampled_from(hands)), draw)


@pytest.mark.skipif(not TEXT_HANDS, reason=f"the real hands are not at {REALHANDS}")
@settings(max_examples=80, deadline=None)
@given(hand=_mutated(TEXT_HANDS or [b"-"]), intact=st.sampled_from(TEXT_HANDS or [b"-"]))
def test_fuzz_pokerstars_text_is_read_or_located_never_a_traceback(
    hand: bytes, intact: bytes
) -> None:
    _check_reader(hand, text=True, intact=intact)


@pytest.mark.skipif(not PHH_HANDS, reason=f"the real hands are not at {REALHANDS}")
@settings(max_examples=80, deadline=None)
@given(hand=_mutated(PHH_HANDS or [b"-"]), intact=st.sampled_from(PHH_HANDS or [b"-"]))
def test_fuzz_phh_is_read_or_located_never_a_traceback(hand: bytes, intact: bytes) -> None:
    _check_reader(hand, text=False, intact=intact)
