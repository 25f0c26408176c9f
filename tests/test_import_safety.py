"""`import` and `replay` under hostile input (issue 23 items 1, 2, 9, 12; issue 22 item 15).

Every property runs the command in-process on a fresh folder and checks what the standard
asks: no file outside `--out`, no input changed, nothing overwritten without `--force`, no
two hands of a run in one file, every scenario written loads, and every line of output is
one clean line that names the file and the hand (or the one `badugi-spec: error:` line).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from badugi_spec.cli import main
from badugi_spec.interop import importer
from badugi_spec.scenario import load_suite

ROOT = Path(__file__).resolve().parents[1]

HAND = """\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [{first}, {second}]
actions = ["d dh p1 5h8h2c9h", "d dh p2 Kh2dTs9d", "p2 cc", "p1 cbr 4", "p2 f"]
finishing_stacks = [{first_end}, {second_end}]
_profile = "house"
"""
"""`simulate --seed 7` hand 1: p2 limps, p1 raises, p2 folds (p1 wins 2, p2 loses 2)."""

SUMMARY = re.compile(r"^\d+ scenarios written, \d+ hands not imported$")
HOSTILE = [
    "/",
    "..",
    "../..",
    "\x00",
    "\n",
    "\r\n",
    "ünï",
    "日本",
    ".",
    ".hidden",
    "CON",
    "nul",
    "aux.txt",
    "~",
    "\\",
    '"',
    '"""',
    "#",
    " ",
    "\t",
    "\u2028",
    "\ufeff",
    "\x7f",
    "😀",
    "-",
    "real-1",
    "a" * 300,
    "\nprofile house cap=0\n",
]
IDS = st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=6)), max_size=6).map("".join)


def hand(*, hand_id: str | None = None, first: int = 10, second: int = 35) -> str:
    text = HAND.format(first=first, second=second, first_end=first + 2, second_end=second - 2)
    return text + (f"hand = {toml_string(hand_id)}\n" if hand_id is not None else "")


def toml_string(text: str) -> str:
    """A TOML basic string: quote, backslash and control characters escaped."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def run(argv: Sequence[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def tree(root: Path) -> dict[Path, bytes]:
    """Every file under `root` (links as their target text), for before-and-after checks."""
    found: dict[Path, bytes] = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder, name)
            found[path] = os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
    return found


@contextlib.contextmanager
def folder() -> Iterator[Path]:
    # Hypothesis runs many examples per test: each one needs a folder of its own.
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def check_run(
    root: Path,
    inputs: Sequence[Path],
    out: Path,
    before: dict[Path, bytes],
    status: int,
    stdout: str,
    stderr: str,
    *,
    force: bool = False,
) -> list[Path]:
    """The promises of every run; returns the scenarios written."""
    assert "Traceback" not in stdout + stderr
    after = tree(root)
    changed = [p for p in after if before.get(p) != after[p]]
    for path in changed:
        assert path.parent == out, f"{path} is outside --out {out}"
        assert path.suffix == ".badugi" and not path.name.startswith(".")
        if not force:
            assert path not in before, f"{path} was overwritten without --force"
    for path in inputs:
        assert after.get(path) == before[path], f"input {path} changed"
    assert not any(p.name.startswith(".") for p in after if p.parent == out), "a temp file left"
    if status == 2:
        assert stdout == "" or SUMMARY.match(stdout.splitlines()[-1]) is None
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("badugi-spec: error: "), stderr
        return []
    assert status in (0, 1) and stderr == ""
    lines = stdout.splitlines()
    assert lines and SUMMARY.match(lines[-1]), stdout
    wrote = []
    for line in lines[:-1]:
        assert line.isprintable(), repr(line)
        if line.startswith("wrote "):
            wrote.append(Path(line.removeprefix("wrote ").split("  (hand ")[0]))
        else:
            assert line.startswith(("unreadable: ", "not imported: ")), line
            assert any(str(p) in line for p in inputs), f"not located: {line}"
    written, refused = map(int, re.findall(r"\d+", lines[-1]))
    assert written == len(wrote) == len(set(wrote))
    assert refused == len(lines) - 1 - written
    # A file replaced by the same text (`--force` again) is written but not changed.
    assert set(changed) <= set(wrote) and all(p.parent == out and p in after for p in wrote)
    if wrote:
        suite = load_suite(wrote)
        assert not suite.errors, [str(e.error) for e in suite.errors]
        assert len(suite.scenarios) == len(wrote)
    return wrote


# ----- item 1 and item 9: unsafe IDs ------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(IDS)
@example("2010/../../../outside")
@example("x/y")
@example("a\x00b")
@example("..")
@example("ünï")
@example("1\nprofile house cap=0")
@example('"""\nprofile house cap=0\n"""')
@example("simulate seed 5 hand 1")
def test_any_hand_id_becomes_one_safe_scenario_inside_out(hand_id: str) -> None:
    with folder() as root:
        source = root / "deep" / "er" / "in.phh"
        source.parent.mkdir(parents=True)
        source.write_text(hand(hand_id=hand_id), encoding="utf-8")
        out = root / "deep" / "er" / "out"
        before = tree(root)
        status, stdout, stderr = run(["import", str(source), "--out", str(out)])
        wrote = check_run(root, [source], out, before, status, stdout, stderr)
        # Any ID can be made safe, so the hand is always written.
        assert status == 0 and len(wrote) == 1, stdout
        assert re.fullmatch(r"real-[a-z0-9][a-z0-9-]*\.badugi", wrote[0].name)
        assert len(wrote[0].name) <= 100


@settings(max_examples=60, deadline=None)
@given(
    st.text(
        st.characters(exclude_categories=["Cs"], exclude_characters="[]\n\r"),
        min_size=1,
        max_size=20,
    ),
    st.booleans(),
)
@example("../../outside", True)
@example("x/y", True)
def test_any_table_name_becomes_a_safe_scenario_or_one_located_line(
    name: str, quoted: bool
) -> None:
    header = f"[{toml_string(name)}]" if quoted else f"[{name}]"
    with folder() as root:
        source = root / "in.phhs"
        body = "".join(f"{k} = {v}\n" for k, v in _fields(hand()).items())
        source.write_text(f"{header}\n{body}", encoding="utf-8")
        out = root / "out"
        before = tree(root)
        status, stdout, stderr = run(["import", str(source), "--out", str(out)])
        check_run(root, [source], out, before, status, stdout, stderr)


def _fields(text: str) -> dict[str, str]:
    return dict(line.split(" = ", 1) for line in text.splitlines())


def test_a_simulated_hand_imports_under_a_stable_readable_name(tmp_path: Path) -> None:
    """Issue 22 item 15: `simulate --phh` then `import`, then `check` passes."""
    phh = tmp_path / "sim.phhs"
    status, _, _ = run(["simulate", "--hands", "4", "--seed", "5", "--phh", str(phh)])
    assert status == 0
    out = tmp_path / "out"
    status, stdout, _ = run(["import", str(phh), "--out", str(out)])
    assert status == 0 and stdout.splitlines()[-1] == "4 scenarios written, 0 hands not imported"
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"real-simulate-seed-5-hand-{n}.badugi" for n in range(1, 5)]
    status, stdout, _ = run(["check", str(out)])
    assert status == 0 and stdout.splitlines()[-1] == "4 passed, 0 failed"


def test_scenario_names_are_slugs_that_keep_plain_ids() -> None:
    assert importer.scenario_id("49164247462") == "real-49164247462"
    assert importer.scenario_id("simulate seed 5 hand 1") == "real-simulate-seed-5-hand-1"
    assert importer.scenario_id("ünï") == "real-uni"
    # Nothing readable is left: a digest of the ID, the same on every run.
    assert importer.scenario_id("..") == importer.scenario_id("..")
    assert re.fullmatch(r"real-hand-[0-9a-f]{10}", importer.scenario_id(".."))
    assert importer.scenario_id("..") != importer.scenario_id("/")
    long = importer.scenario_id("x" * 1000)
    assert len(long) <= 80 and long != importer.scenario_id("x" * 999)


# ----- item 9: numbers a scenario cannot state --------------------------------------------


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=5, max_value=10**45))
@example(10**40)
@example(999_999_999 - 10)
@example(999_999_999 - 9)
def test_a_stack_too_large_to_state_is_refused_by_name(second: int) -> None:
    with folder() as root:
        source = root / "in.phh"
        source.write_text(hand(hand_id="big", second=second), encoding="utf-8")
        out = root / "out"
        before = tree(root)
        status, stdout, stderr = run(["import", str(source), "--out", str(out)])
        wrote = check_run(root, [source], out, before, status, stdout, stderr)
        if second + 10 <= 999_999_999:
            assert len(wrote) == 1
        else:
            assert not wrote and status == 1
            line = stdout.splitlines()[0]
            assert line.startswith(f"not imported: {source}:1: hand big: the stacks add up to")
            assert "a scenario states at most 999999999 (9 digits)" in line


# ----- item 2: no silent overwrite, no collision in a run --------------------------------


def _two_tables(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = hand()
    path.write_text(f"[1]\n{body}\n[2]\n{body}", encoding="utf-8")


def test_hands_with_one_id_in_two_files_get_a_file_each(tmp_path: Path) -> None:
    first, second = tmp_path / "d1" / "x.phhs", tmp_path / "d2" / "x.phhs"
    _two_tables(first)
    _two_tables(second)
    out = tmp_path / "o"
    before = tree(tmp_path)
    status, stdout, stderr = run(["import", str(first), str(second), "--out", str(out)])
    wrote = check_run(tmp_path, [first, second], out, before, status, stdout, stderr)
    assert status == 0 and len(wrote) == 4
    assert sorted(p.name for p in wrote) == sorted(
        ["real-1.badugi", "real-2.badugi", "real-1-2.badugi", "real-2-2.badugi"]
    )
    assert f"wrote {out / 'real-1-2.badugi'}  (hand 1: real-1 is an earlier hand's)" in stdout
    # Again, without --force: every hand refused by name, nothing touched.
    kept = tree(tmp_path)
    status, stdout, stderr = run(["import", str(first), str(second), "--out", str(out)])
    check_run(tmp_path, [first, second], out, kept, status, stdout, stderr)
    assert status == 1 and tree(tmp_path) == kept
    lines = stdout.splitlines()
    assert lines[-1] == "0 scenarios written, 4 hands not imported"
    assert lines[0] == (
        f"not imported: {first}:1: hand 1: {out / 'real-1.badugi'} exists; --force replaces it"
    )
    # With --force: the same names (stable), replaced in place.
    status, stdout, stderr = run(["import", str(first), str(second), "--out", str(out), "--force"])
    again = check_run(tmp_path, [first, second], out, kept, status, stdout, stderr, force=True)
    assert status == 0 and sorted(again) == sorted(wrote) and tree(tmp_path) == kept


SIMILAR = st.lists(st.text(alphabet="aA 1-_/.ü", min_size=0, max_size=4), min_size=2, max_size=6)


@settings(max_examples=50, deadline=None)
@given(SIMILAR)
@example(["a b", "a-b", "A B", "a_b"])
@example(["1", "1", "1-2"])
def test_ids_that_look_alike_never_share_a_file(ids: list[str]) -> None:
    with folder() as root:
        source = root / "in.phhs"
        source.write_text(
            "".join(f"[{n}]\n{hand(hand_id=i)}\n" for n, i in enumerate(ids, 1)),
            encoding="utf-8",
        )
        out = root / "out"
        before = tree(root)
        status, stdout, stderr = run(["import", str(source), "--out", str(out)])
        wrote = check_run(root, [source], out, before, status, stdout, stderr)
        assert status == 0 and len(wrote) == len(ids)


def test_force_never_writes_over_an_input(tmp_path: Path) -> None:
    out = tmp_path / "o"
    out.mkdir()
    # A history saved under the name its own scenario would get.
    source = out / "real-1.badugi"
    source.write_text(hand(hand_id="1"), encoding="utf-8")
    before = tree(tmp_path)
    status, stdout, stderr = run(["import", str(source), "--out", str(out), "--force"])
    check_run(tmp_path, [source], out, before, status, stdout, stderr, force=True)
    assert status == 1 and tree(tmp_path) == before
    assert stdout.splitlines()[0] == (
        f"not imported: {source}:1: hand 1: {source} is an input of this run;"
        " not replaced, even with --force"
    )


def test_force_replaces_a_link_in_out_not_what_it_points_to(tmp_path: Path) -> None:
    out = tmp_path / "o"
    out.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me", encoding="utf-8")
    (out / "real-1.badugi").symlink_to(outside)
    (out / "real-2.badugi").symlink_to(tmp_path / "nowhere")
    source = tmp_path / "in.phhs"
    _two_tables(source)
    before = tree(tmp_path)
    status, stdout, stderr = run(["import", str(source), "--out", str(out)])
    check_run(tmp_path, [source], out, before, status, stdout, stderr)
    assert status == 1 and "0 scenarios written, 2 hands not imported" in stdout
    assert not (tmp_path / "nowhere").exists()
    status, stdout, stderr = run(["import", str(source), "--out", str(out), "--force"])
    assert status == 0, stdout
    assert outside.read_text(encoding="utf-8") == "keep me"
    assert not (out / "real-1.badugi").is_symlink() and not (tmp_path / "nowhere").exists()
    assert not load_suite([out]).errors


def test_an_out_that_is_a_file_is_one_error_line(tmp_path: Path) -> None:
    source = tmp_path / "in.phh"
    source.write_text(hand(hand_id="1"), encoding="utf-8")
    out = tmp_path / "o"
    out.write_text("a file", encoding="utf-8")
    before = tree(tmp_path)
    status, stdout, stderr = run(["import", str(source), "--out", str(out)])
    check_run(tmp_path, [source], out, before, status, stdout, stderr)
    assert status == 2 and stderr == f"badugi-spec: error: --out {out}: not a folder\n"


# ----- item 12, last bullet: what a folder scan cannot read is said, not skipped ----------


def _odd_folder(root: Path) -> Path:
    scan = root / "histories"
    (scan / "sub").mkdir(parents=True)
    (scan / "good.phh").write_text(hand(hand_id="good"), encoding="utf-8")
    os.mkfifo(scan / "sub" / "pipe.phhs")
    (scan / "gone.phh").symlink_to(root / "nowhere.phh")
    (root / "elsewhere").mkdir()
    (scan / "linked.txt").symlink_to(root / "elsewhere")
    (scan / "notes.md").symlink_to(root / "nowhere.md")  # not a history by its name
    return scan


def test_replay_says_which_folder_entries_it_cannot_read(tmp_path: Path) -> None:
    scan = _odd_folder(tmp_path)
    status, stdout, stderr = run(["replay", str(scan)])
    assert status == 1 and stderr == ""
    lines = stdout.splitlines()
    assert lines[-1] == "1 replayed, 1 exact, 0 diverged, 0 skipped, 3 unreadable"
    assert sorted(lines[:3]) == sorted(
        [
            f"unreadable {scan / 'gone.phh'}:0  no hand: a link to nowhere; skipped",
            f"unreadable {scan / 'linked.txt'}:0  no hand: a link to a folder, not followed;"
            " skipped",
            f"unreadable {scan / 'sub' / 'pipe.phhs'}:0  no hand: a FIFO, not a file; skipped",
        ]
    )
    assert lines[3].startswith(f"exact      {scan / 'good.phh'}:1  hand good")


def test_import_says_which_folder_entries_it_cannot_read(tmp_path: Path) -> None:
    scan = _odd_folder(tmp_path)
    out = tmp_path / "out"
    status, stdout, _ = run(["import", str(scan), "--out", str(out)])
    lines = stdout.splitlines()
    assert status == 1 and lines[-1] == "1 scenarios written, 3 hands not imported"
    assert f"unreadable: {scan / 'sub' / 'pipe.phhs'}: a FIFO, not a file; skipped" in lines
    assert f"unreadable: {scan / 'gone.phh'}: a link to nowhere; skipped" in lines
