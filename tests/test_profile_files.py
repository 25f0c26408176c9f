"""Issue 23 item 7: a broken file in `rules/profiles/` costs only the commands that use it.

The profiles were read while the command line was built, so one bad file broke every
command, `hand` and `--help` included; a wrongly typed value was a ProfileError traceback
and `extends = "nosuch"` a RecursionError. Here the shipped files are copied to a folder
of the test's own, with a broken one added, and the reader is pointed at it.

The fuzz tests feed the TOML reader and the scenario overrides (`profile NAME key=value`)
generated malformed input: each gives a profile, or one located error line.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_spec.cli import main
from badugi_spec.errors import ScenarioError
from badugi_spec.profiles import PARAMETERS, Profile, ProfileError, load
from badugi_spec.scenario import parse_scenario
from tests.support import Capsys, one_line_error, run_cli

ROOT = Path(__file__).resolve().parent.parent
FOLD = str(ROOT / "tests" / "data" / "fold-at-once.badugi")  # a hand played to its end
FAST = settings(max_examples=60, deadline=None)


def _forget() -> None:
    for cached in (load._files, load.get, load.names):
        clear = getattr(cached, "cache_clear", None)
        if clear is not None:
            clear()


@contextlib.contextmanager
def profiles_in(folder: Path) -> Iterator[Path]:
    """The profile reader pointed at `folder`, a copy of the shipped files, for a while."""
    shipped = load.profile_dir
    for path in shipped().glob("*.toml"):
        shutil.copy(path, folder / path.name)
    load.profile_dir = lambda: folder
    _forget()
    try:
        yield folder
    finally:
        load.profile_dir = shipped
        _forget()


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    with profiles_in(tmp_path) as copy:
        yield copy


WRONG_TYPE = 'name = "broken"\nchapter = "R10"\n\n[betting]\ncap = "four"\n'


def test_a_broken_file_costs_only_the_commands_that_use_it(folder: Path, capsys: Capsys) -> None:
    (folder / "broken.toml").write_text(WRONG_TYPE, "utf-8")
    assert run_cli(["--help"], capsys)[0] == 0
    status, out, err = run_cli(["hand", "A♠ 2♥ 3♦ K♦"], capsys)
    assert (status, err) == (0, "") and "3-card" in out
    status, out, err = run_cli(["check", FOLD], capsys)
    assert status == 0 and "1 passed" in out, err
    for argv in (
        ["profiles", "show", "broken"],
        ["play", "--profile", "broken"],
        ["simulate", "--profile", "broken", "--hands", "1"],
        ["hand", "--game", "broken", "A♠ 2♥ 3♦ K♦"],
    ):
        line = one_line_error(*run_cli(argv, capsys))
        assert "broken.toml:5: [betting] cap must be a whole number, not 'four' (R8.6)" in line


def test_the_list_still_shows_every_good_profile(folder: Path, capsys: Capsys) -> None:
    (folder / "broken.toml").write_text(WRONG_TYPE, "utf-8")
    status, out, err = run_cli(["profiles"], capsys)
    assert status == 2
    assert out.split()[0] == "house"
    assert len(out.splitlines()) == len(list(folder.glob("*.toml"))) - 1
    (line,) = err.splitlines()
    assert line.startswith("badugi-spec: error: ") and "broken.toml:5:" in line


@pytest.mark.parametrize(
    ("files", "message"),
    [
        # The message for an unknown name lists the names; that loaded them, this file
        # among them, and looped until RecursionError.
        ({"zz": 'name = "zz"\nextends = "nosuch"\n'}, "zz.toml:2: extends 'nosuch', which is no profile; the profiles are house"),
        ({"zz": 'name = "zz"\nextends = "yy"\n', "yy": 'name = "yy"\nextends = "zz"\n'}, "profiles extend each other in a loop: zz -> yy -> zz (R8.1)"),
        ({"zz": 'name = "zz"\nchapter = \n'}, "zz.toml:2:11: not valid TOML"),
        ({"zz": 'name = "yy"\n'}, "zz.toml:1: the profile in zz.toml is named 'yy'"),
        ({"zz": 'name = "zz"\n[table]\nmax_seats = 9\n'}, "zz.toml:3: [table] max_seats must be at most 8, not 9 (R8.2)"),
        ({"zz": 'name = "zz"\n[betting]\nbet_sizes = [' + "2, " * 20_000 + "2]\n"}, "zz.toml:3: [betting] bet_sizes has 20001 items; at most 8 (R3.2)"),
        ({"zz": 'name = "zz"\n[betting]\ncap = ' + "9" * 5000 + "\n"}, "zz.toml: not TOML this reader takes"),
        ({"zz": 'name = "zz"\nchapter = "R²"\n[betting]\ncap = "²"\n'}, "zz.toml:4: [betting] cap must be a whole number, not '²'"),
        ({"zz": b"name = '\xff'\n"}, "zz.toml: not UTF-8 text"),
    ],
)  # fmt: skip
def test_a_broken_file_is_one_located_line(
    folder: Path, capsys: Capsys, files: dict[str, str | bytes], message: str
) -> None:
    for name, text in files.items():
        path = folder / f"{name}.toml"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    line = one_line_error(*run_cli(["profiles", "show", "zz"], capsys))
    assert message in line
    assert run_cli(["hand", "A♠ 2♥ 3♦ K♦"], capsys)[0] == 0


def test_a_broken_house_file_still_leaves_hand_and_help(folder: Path, capsys: Capsys) -> None:
    (folder / "house.toml").write_text('name = "house"\n[betting]\ncap = -1\n', "utf-8")
    assert run_cli(["--help"], capsys)[0] == 0
    assert run_cli(["hand", "A♠ 2♥ 3♦ K♦"], capsys)[0] == 0
    assert run_cli(["compare", "A♠ 2♥ 3♦ 4♣", "A♥ 2♣ 3♠ 7♦"], capsys)[0] == 0
    line = one_line_error(*run_cli(["play"], capsys))
    assert "house.toml:3: [betting] cap must be at least 0, not -1 (R8.6)" in line


# ----- the TOML reader, fuzzed ------------------------------------------------------------

TOKENS = [
    '"x"', "-1", "0", "1e400", "inf", "nan", "9" * 30, "9" * 4400, "[1, \"a\"]", "{a = 1}",
    "true", '"٤"', '"²"', "٤", "1979-05-27", "[[]]", "[" * 40 + "]" * 40, '""', "[]",
    '"fixed-limit"', '"none"', "[2, 2, 4, 4]", '["stub", "stub"]', "'''", "=", "[betting]",
]  # fmt: skip


@st.composite
def mangled_profiles(draw: st.DrawFn) -> str:
    """A shipped profile, renamed `fuzz`, with a few lines replaced, dropped or added."""
    source = draw(st.sampled_from(["house", "pot-limit", "badeucy", "wsop-2023"]))
    lines = (load.profile_dir() / f"{source}.toml").read_text("utf-8").splitlines()
    lines = ['name = "fuzz"' if line.startswith("name =") else line for line in lines]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["value", "drop", "insert", "junk"]))
        key = lines[at].split("=")[0].strip() or "cap"
        if how == "value":
            lines[at] = f"{key} = {draw(st.sampled_from(TOKENS))}"
        elif how == "drop":
            del lines[at]
        elif how == "insert":
            name = draw(st.sampled_from([*PARAMETERS, "extends", "chapter", "hats"]))
            lines.insert(at, f"{name} = {draw(st.sampled_from(TOKENS))}")
        else:
            lines.insert(at, draw(st.text(max_size=30)).replace("\r", ""))
        if not lines:
            lines = ["name = "]
    return "\n".join(lines) + "\n"


@FAST
@given(mangled_profiles())
def test_the_toml_reader_gives_a_profile_or_one_located_line(text: str) -> None:
    with tempfile.TemporaryDirectory() as temporary, profiles_in(Path(temporary)) as folder:
        (folder / "fuzz.toml").write_text(text, "utf-8", errors="surrogatepass")
        try:
            profile = load.get("fuzz")
        except ProfileError as error:
            message = str(error)
            assert "\n" not in message and len(message) < 600, message
            assert "fuzz.toml" in message or "unknown profile" in message, message
        else:
            assert isinstance(profile, Profile) and profile.name == "fuzz"
        assert "house" in load.names()  # the other files are never hidden
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(["profiles", "show", "fuzz"])
        assert status in (0, 2) and "Traceback" not in err.getvalue()
        assert len(err.getvalue().splitlines()) == (status == 2)


# ----- scenario overrides, fuzzed ---------------------------------------------------------

SCENARIO = """\
scenario fuzz-override "An override"
rules R8.1
profile {name} {overrides}
players Ann 100 dealer, Bob 100
evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A
"""

values = st.sampled_from(
    ["4", "0", "-1", "²", "٤", "４", "9" * 14, "9" * 5000, "true", "none", "2,,4", "2,4,",
     ",", "", "discards,burns", "stub,stub", ",".join(["2"] * 20_000), "1e3", "0x4", "1_0"]
) | st.text(
    alphabet=st.characters(exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp"), exclude_characters="#;"),
    max_size=12,
)  # fmt: skip
keys = st.sampled_from([*PARAMETERS, "capp", "name", "extends"])


@FAST
@given(
    st.sampled_from(["house", "pokerkit", "no-limit", "badeucy", "nosuch"]),
    st.lists(st.tuples(keys, values), min_size=1, max_size=3),
)
def test_an_override_line_gives_a_scenario_or_one_located_error(
    name: str, pairs: list[tuple[str, str]]
) -> None:
    overrides = " ".join(f"{key}={value}" for key, value in pairs)
    try:
        scenario = parse_scenario(SCENARIO.format(name=name, overrides=overrides), "o.badugi")
    except ScenarioError as error:
        assert error.path == "o.badugi" and error.line in (3, 4, 5), error
        # One line. The scenario's own wording echoes the override as written (`key=value:`),
        # so a long value makes a long line; what this reader adds is short.
        assert "\n" not in error.message, error.message
        assert len(error.message) < 600 + len(overrides), error.message
    else:
        for key, value in pairs:  # what loads was read exactly as written
            if PARAMETERS[key].kind is int:
                assert value.isascii() and value.isdigit()
                assert getattr(scenario.profile, key) == int(value)


def test_a_long_list_of_wrong_items_is_one_short_line() -> None:
    """Each wrong item once, three at most: 20,000 of them made a 1.6 MB message, which a
    rare draw of the override test above met."""
    overrides = "reshuffle=" + ",".join(["2"] * 20_000 + ["x", "y", "z", "w"])
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(SCENARIO.format(name="house", overrides=overrides), "o.badugi")
    message = caught.value.message
    assert message.count("is not one of") == 3 and "2 more wrong items" in message
    assert len(message) < 1000
