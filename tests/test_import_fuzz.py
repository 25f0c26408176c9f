"""`import` fed generated malformed histories (issue 23): PHH and PokerStars text.

Whatever the input, a run ends in a clean result or one located line per hand, never a
traceback, never a file outside `--out`, never an overwritten input or (without `--force`)
an overwritten scenario; see `check_run`.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.test_import_safety import IDS, ROOT, check_run, folder, hand, run, tree

# ----- PHH: a hostile ID in one hand, then lines dropped, doubled, replaced or cut --------

NUMBERS = st.sampled_from(
    ["²", "٤", "４", "-5", "", "1e3", "0x10", "10" * 30, "99999999999", "0", "1.5", "nan"]
)


@st.composite
def malformed(draw: st.DrawFn) -> bytes:
    lines = f"[1]\n{hand(hand_id=draw(IDS))}\n[2]\n{hand()}".encode().splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        how = draw(st.sampled_from(["drop", "twice", "text", "bytes", "number", "cut"]))
        if not lines:
            break
        if how == "drop":
            del lines[at]
        elif how == "twice":
            lines.insert(at, lines[at])
        elif how == "text":
            lines[at] = draw(st.text(max_size=30)).encode("utf-8", "surrogatepass") + b"\n"
        elif how == "bytes":
            lines[at] = draw(st.binary(max_size=20)) + lines[at]
        elif how == "number":
            line = lines[at].decode("utf-8", "replace")
            lines[at] = re.sub(r"\d+", draw(NUMBERS), line, count=1).encode()
        else:
            lines = lines[: at + 1]
            lines[-1] = lines[-1][: draw(st.integers(0, len(lines[-1])))]
    return b"".join(lines)


@settings(max_examples=80, deadline=None)
@given(malformed(), st.booleans(), st.booleans())
def test_malformed_histories_give_clean_results_or_located_lines(
    data: bytes, force: bool, out_is_input_folder: bool
) -> None:
    with folder() as root:
        source = root / "in.phhs"
        source.write_bytes(data)
        out = root if out_is_input_folder else root / "out"
        out.mkdir(exist_ok=True)
        (out / "real-1.badugi").write_text("an earlier scenario\n", encoding="utf-8")
        before = tree(root)
        argv = ["import", str(source), "--out", str(out)] + (["--force"] if force else [])
        status, stdout, stderr = run(argv)
        wrote = check_run(root, [source], out, before, status, stdout, stderr, force=force)
        event(f"status {status}, {len(wrote)} written")


SHARED = (
    ROOT.parent / "shared" / "realhands" / "pokerstars" / "cash_Badugi-USD-0.25-0.50-201009.txt"
)


@st.composite
def malformed_text(draw: st.DrawFn) -> bytes:
    """The first real cash hand with lines dropped, doubled, swapped or cut, and cards and
    amounts changed (a card dealt twice, a `Dealt to` line of 3 or 5 cards)."""
    first = SHARED.read_text(encoding="utf-8-sig").split("\n\n\n")[0]
    lines = first.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "twice", "swap", "card", "cards", "amount", "cut"]))
        if how == "drop" and len(lines) > 1:
            del lines[at]
        elif how == "twice":
            lines.insert(at, lines[at])
        elif how == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif how == "card":
            card = draw(st.sampled_from(["As", "Ks", "8c", "5d", "3h", "Xx", "10h"]))
            lines[at] = re.sub(r"\b[2-9TJQKA][cdhs]\b", card, lines[at], count=1)
        elif how == "cards":
            extra = draw(st.sampled_from(["", " 2c", " 2c 7d"]))
            lines[at] = re.sub(r" [2-9TJQKA][cdhs]\]", extra + "]", lines[at], count=1)
        elif how == "amount":
            amount = draw(st.sampled_from(["$0.00", "$99999999999", "$-1", "$²", "$0.333"]))
            lines[at] = re.sub(r"\$[0-9.]+", amount, lines[at], count=1)
        else:
            lines = lines[: at + 1]
    return "".join(lines).encode("utf-8")


@pytest.mark.skipif(not SHARED.exists(), reason=f"the real hands are not at {SHARED}")
@settings(max_examples=40, deadline=None)
@given(malformed_text(), st.booleans())
def test_malformed_pokerstars_text_gives_clean_results_or_located_lines(
    data: bytes, force: bool
) -> None:
    with folder() as root:
        source = root / "in.txt"
        source.write_bytes(data)
        out = root / "out"
        before = tree(root)
        argv = ["import", str(source), "--out", str(out)] + (["--force"] if force else [])
        status, stdout, stderr = run(argv)
        wrote = check_run(root, [source], out, before, status, stdout, stderr, force=force)
        event(f"status {status}, {len(wrote)} written")
