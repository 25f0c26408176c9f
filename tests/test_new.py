"""`badugi-spec new`: a skeleton that loads and passes `check` under every shipped profile,
laid out as `fmt` would, written only where no file is; and its errors, one line each."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.cli import main
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.layout import layout
from badugi_spec.scenario.suite import load_suite, run_suite

ROOT = Path(__file__).resolve().parent.parent

TABLES = sorted(
    {(name, seats) for name in profiles.names() for seats in (2, profiles.get(name).max_seats)}
)
"""Every shipped profile at two seats and at its most."""


def new(*args: str) -> int:
    return main(["new", *args])


@pytest.mark.parametrize(("profile", "seats"), TABLES, ids=[f"{p}-{n}" for p, n in TABLES])
def test_the_skeleton_passes_check(
    tmp_path: Path, profile: str, seats: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "skeleton.badugi"
    status = new("skeleton", "--rule", "R3.6", "--profile", profile, "--players", str(seats),
                 "--out", str(path))  # fmt: skip
    assert status == 0, capsys.readouterr().err
    suite = load_suite([path])  # with the rulebook's IDs checked, as `check` loads
    assert suite.errors == []
    [result] = run_suite(EngineImplementation(), suite)
    assert result.status == "passed", result.divergence
    [scenario] = suite.scenarios
    assert scenario.profile.name == profile
    assert len(scenario.seats) == seats
    text = path.read_text("utf-8")
    assert layout(text) == text  # what fmt would write
    if profile != "house":
        assert f"\nprofile {profile}\n" in text


def test_the_header_and_the_table(tmp_path: Path) -> None:
    assert new("two-rules", "--rule", "R3.6", "--rule", "R1.5", "--out", str(tmp_path)) == 0
    text = (tmp_path / "two-rules.badugi").read_text("utf-8")
    lines = text.splitlines()
    assert lines[:3] == [
        'scenario two-rules "The cap (edit this title)"',
        "rules R3.6 R1.5",
        "tags betting cards-and-positions",
    ]
    assert '\n"""\nTell here what the hand shows of R3.6 (The cap)' in text
    assert "players Ann 100 dealer, Bob 100\n" in text
    assert "\ndeal Ann 2♠ 3♥ 4♦ 5♣ / Bob K♠ Q♥ J♦ 10♣\n" in text
    assert lines[-4:] == [
        "expect show order Bob, Ann; Ann wins 4 at showdown",
        "expect Ann shows 4-card 5-4-3-2 (badugi)",
        "expect main pot 4 between Ann, Bob to Ann",
        "expect stacks Ann 102, Bob 98",
    ]


def test_a_split_game_checks_both_halves(capsys: pytest.CaptureFixture[str]) -> None:
    assert new("halves", "--rule", "R21.3", "--out", "-") == 0
    text = capsys.readouterr().out
    assert "\nprofile badeucy\n" in text  # R21 is badeucy's chapter
    assert "deal Ann 2♠ 3♥ 4♦ 5♣ 7♠ / Bob K♠ Q♥ J♦ 10♣ 9♥\n" in text
    assert "half badugi-ace-high of main pot 2 to Ann; half low-2-7 of main pot 2 to Ann" in text


def test_the_default_place_is_the_chapter_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "scenarios" / "03-betting"
    folder.mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    assert new("cap-demo", "--rule", "R3.6") == 0
    written = Path("scenarios/03-betting/cap-demo.badugi")
    assert (tmp_path / written).is_file()
    assert capsys.readouterr().out == (
        f"wrote {written} (house, 2 players); next: badugi-spec check {written}\n"
    )


def test_an_existing_file_is_never_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "taken.badugi"
    path.write_text("mine\n", "utf-8")
    assert new("taken", "--rule", "R3.6", "--out", str(tmp_path)) == 2
    err = capsys.readouterr().err
    assert err == (
        f"badugi-spec: error: {path} already exists: new never overwrites a scenario;"
        " choose another id or --out\n"
    )
    assert path.read_text("utf-8") == "mine\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--rule", "R3.66"],
            "unknown rule 'R3.66': not in the rulebook; close ones: R3.6, R3.9, R3.8"
            " (`badugi-spec rules` lists them all)",
        ),
        (
            ["--rule", "R3.6", "--profile", "pokerstars"],
            "unknown profile 'pokerstars': did you mean 'pokerstars-2010'? the profiles are"
            f" {', '.join(profiles.names())}",
        ),
        (["--rule", "R3.6", "--players", "3"], "house seats 2 players, not 3 (R8.2)"),
        (
            ["--rule", "R3.6", "--profile", "badacy", "--players", "7"],
            "badacy seats 2 to 6 players, not 7 (R8.2)",
        ),
        (
            ["--rule", "R3.6", "--out", "notes.txt"],
            "--out notes.txt: not a folder, and not a file ending in .badugi",
        ),
    ],
)
def test_mistakes_are_one_line(
    args: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "scenarios" / "03-betting").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    assert new("some-id", *args) == 2
    assert capsys.readouterr().err == f"badugi-spec: error: {message}\n"
    assert list((tmp_path / "scenarios" / "03-betting").iterdir()) == []


def test_an_id_the_language_cannot_read_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert new("Cap_Demo", "--rule", "R3.6", "--out", "-") == 2
    assert "'Cap_Demo' is not a scenario id" in capsys.readouterr().err


def test_an_id_the_suite_has_or_too_long_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 41: `new` refuses an id a suite scenario already has (check would then fail)
    and an id too long for a file name, each in one line, writing nothing."""
    monkeypatch.chdir(ROOT)
    assert main(["new", "aces-are-low", "--rule", "R3.6", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "the suite already has a scenario aces-are-low" in err and err.count("\n") == 1
    assert main(["new", "a" * 300, "--rule", "R3.6", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "at most 100 characters, not 300" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
