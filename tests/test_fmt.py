"""`badugi-spec fmt` and the layout behind it (`scenario.layout`).

The suite half: every scenario in `scenarios/` laid out parses to the same scenario, and
laying it out again changes nothing: one test a file, each file read once.
The unit half pins each layout rule on a small text, and the command's statuses.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import outputs
from badugi_spec.cli import main
from badugi_spec.errors import ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import Scenario, parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.layout import CardStyle, layout

ROOT = Path(__file__).resolve().parent.parent
SUITE = sorted((ROOT / "scenarios").rglob("*.badugi"))
RULES = set(load_rules())
PLACES = frozenset({"line", "column", "source", "file"})
"""What a layout may change in a compiled case: where a step is and how it is spelt."""

HEAD = 'scenario m "A title"\nrules R3.4\ntags t\n\n"""\nStory.\n"""\n\n'
TABLE = "players Ann 100 dealer, Bob 100\n"


def meaning(scenario: Scenario) -> dict[str, Any]:
    """A scenario's content without its places: the compiled case, and what it leaves out."""
    return {
        "case": _without_places(compile_case(scenario)),
        "text": scenario.text,
        "overrides": scenario.overrides,
        "order": scenario.order,
    }


def _without_places(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_places(v) for k, v in value.items() if k not in PLACES}
    if isinstance(value, list):
        return [_without_places(item) for item in value]
    return value


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "scenarios"))


def test_the_suite_is_found() -> None:
    assert len(SUITE) >= 345


@pytest.mark.parametrize("path", SUITE, ids=_id)
def test_layout_keeps_the_scenario_and_is_idempotent(path: Path) -> None:
    text = path.read_text("utf-8")
    formatted = layout(text, str(path))
    if formatted == text:
        # Laid out already (the suite is kept so): the same text means the same scenario,
        # and laying it out again is this very call, so both properties hold as they stand
        # without parsing and compiling the file twice (a second of CPU in ten files).
        return
    before = meaning(parse_scenario(text, str(path), RULES))
    assert meaning(parse_scenario(formatted, str(path), RULES)) == before
    assert layout(formatted, str(path)) == formatted


# ----- spacing --------------------------------------------------------------------------------


def test_separators_get_one_space_after_and_none_before() -> None:
    text = HEAD + "players Ann 100 dealer ,Bob 100\ndeal Ann A♠ 2♥ 3♦ 4♣/Bob K♠ Q♥ J♦ 9♣\n"
    text += "expect pot 3 ;turn Ann;  legal call 1 ,fold,raise to 4\nAnn folds\n"
    out = layout(text)
    assert "players Ann 100 dealer, Bob 100\n" in out
    assert "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\n" in out
    assert "expect pot 3; turn Ann; legal call 1, fold, raise to 4\n" in out


def test_runs_of_blanks_indentation_and_trailing_blanks_go() -> None:
    text = (
        HEAD
        + "  players   Ann 100   dealer, Bob 100   \n\tdeal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\n"
    )
    text += "Ann   raises    to 4;   Bob folds  \n"
    assert layout(text).endswith(
        "players Ann 100 dealer, Bob 100\ndeal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\n"
        "Ann raises to 4; Bob folds\n"
    )


def test_values_and_rankings_get_single_spaces() -> None:
    text = HEAD + "evaluate   in    low-2-7 A♠ 2♥ 3♦ 4♣ 5♠ is   A-5-4-3-2\n"
    text += "evaluate A♠ 2♥ 3♦ K♦ is 3-card   3-2-A\n"
    text += "compare  in low-2-7   2♠ 3♥ 4♦ 6♣ K♦   beats   A♠ 2♣ 3♠ 4♥ 9♠\n"
    assert layout(text) == HEAD + (
        "evaluate in low-2-7 A♠ 2♥ 3♦ 4♣ 5♠ is A-5-4-3-2\n"
        "evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A\n"
        "compare in low-2-7 2♠ 3♥ 4♦ 6♣ K♦ beats A♠ 2♣ 3♠ 4♥ 9♠\n"
    )


def test_the_author_line_breaks_stay() -> None:
    steps = "Ann calls 1\nBob checks\nBob stands pat; Ann stands pat\n"
    text = HEAD + TABLE + "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\n" + steps
    assert layout(text) == text


def test_a_wider_gap_in_a_deck_line_is_kept_as_two_spaces() -> None:
    text = HEAD + TABLE + "deck A♠ K♣ 2♦ 7♣     3♥ Q♦ 5♠ 8♦ 6♦ J♠\nunfinished\n"
    assert "deck A♠ K♣ 2♦ 7♣  3♥ Q♦ 5♠ 8♦ 6♦ J♠\n" in layout(text)


def test_the_file_ends_with_one_newline() -> None:
    text = HEAD + TABLE + "deck A♠ K♣ 2♦ 7♣\nunfinished"
    assert layout(text).endswith("unfinished\n")
    assert layout(text + "\n\n\n").endswith("unfinished\n")


# ----- blank lines ----------------------------------------------------------------------------


def test_blank_lines_after_the_header_around_the_story_and_before_a_hand() -> None:
    text = (
        'scenario m "A title"\nrules R6.2\ntags t\n"""\nStory.\n"""\nplayers Ann 100 dealer, Bob 100\n'
        "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\nAnn folds\nhand 2\nshuffle seed 3\nBob folds\n"
    )
    assert layout(text) == (
        'scenario m "A title"\nrules R6.2\ntags t\n\n"""\nStory.\n"""\n\nplayers Ann 100 dealer, Bob 100\n'
        "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\nAnn folds\n\nhand 2\nshuffle seed 3\nBob folds\n"
    )


def test_runs_of_blank_lines_become_one_and_the_ends_lose_theirs() -> None:
    text = "\n\n" + HEAD + TABLE + "\n\n\ndeck A♠ K♣ 2♦ 7♣\nunfinished\n\n\n"
    assert layout(text) == HEAD + TABLE + "\ndeck A♠ K♣ 2♦ 7♣\nunfinished\n"


def test_a_header_without_a_story_is_set_off_too() -> None:
    assert layout('scenario m "t"\nrules R2.1\nevaluate A♠ 2♥ 3♦ K♦ is 3-2-A\n') == (
        'scenario m "t"\nrules R2.1\n\nevaluate A♠ 2♥ 3♦ K♦ is 3-2-A\n'
    )


# ----- comments and stories -------------------------------------------------------------------


def test_comments_are_kept_and_a_comment_over_a_hand_stays_with_it() -> None:
    text = (
        "# the file's own remark,   spaced as I like\n" + HEAD + TABLE
        + "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\nAnn folds   #  she gives up\n"
        + "  # the second hand\nhand 2\nshuffle seed 3\nBob folds\n"
    )  # fmt: skip
    out = layout(text)
    assert out.startswith("# the file's own remark,   spaced as I like\nscenario m")
    assert "Ann folds  #  she gives up\n\n# the second hand\nhand 2\n" in out


def test_a_hash_inside_a_quoted_text_is_not_a_comment() -> None:
    text = HEAD + TABLE + 'deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\nnote   "pot #1"\nAnn folds\n'
    assert 'note "pot #1"\nAnn folds\n' in layout(text)


def test_the_story_is_kept_byte_for_byte() -> None:
    story = '"""\n  An indented   line,\n\n\n\nthree blank lines, a **bold**  word.  \n"""'
    text = 'scenario m "t"\nrules R2.1\n\n' + story + "\n\nevaluate A♠ 2♥ 3♦ K♦ is 3-2-A\n"
    assert story in layout(text)
    assert layout(text) == text


# ----- cards ----------------------------------------------------------------------------------


def test_rank_letters_go_upper_case_and_suit_letters_lower_case() -> None:
    text = HEAD + "evaluate aS 2H 3d kD is 3-card 3-2-A\n"
    assert layout(text).endswith("evaluate As 2h 3d Kd is 3-card 3-2-A\n")


def test_a_file_written_in_letters_stays_in_letters() -> None:
    text = HEAD + TABLE + "deal Ann As 2h 3d 4c / Bob Ks Qh Jd Tc\nAnn folds\n"
    assert layout(text) == text


def test_a_file_written_in_symbols_stays_in_symbols() -> None:
    text = HEAD + TABLE + "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 10♣\nAnn folds\n"
    assert layout(text) == text


def test_a_mixed_file_takes_what_most_of_its_cards_use() -> None:
    text = HEAD + TABLE + "deal Ann A♠ 2♥ 3♦ 4c / Bob K♠ Q♥ J♦ Tc\nAnn folds\n"
    assert "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ T♣\n" in layout(text)
    hands = (
        "compare As 2h 3d 4c beats A♥ 2♣ 3♠ 7♦\ncompare Ts 2h 3d 4c beats Kh 2c 3s Td\n"
        "compare 10c 5h 6d 7s beats Kd Qc Js 9h\n"
    )
    assert layout(HEAD + hands) == HEAD + (
        "compare As 2h 3d 4c beats Ah 2c 3s 7d\ncompare Ts 2h 3d 4c beats Kh 2c 3s Td\n"
        "compare Tc 5h 6d 7s beats Kd Qc Js 9h\n"
    )


def test_card_style_ties_go_to_symbols_and_10() -> None:
    assert CardStyle.of(iter(["As", "2♥", "10h", "T♦"])) == CardStyle(symbols=True, ten="10")
    assert CardStyle.of(iter([])) == CardStyle()


# ----- errors ---------------------------------------------------------------------------------


def test_a_file_that_does_not_parse_is_a_located_error() -> None:
    with pytest.raises(ScenarioError) as info:
        layout(HEAD + TABLE + "Ann bet 2\n", "s.badugi")
    assert info.value.render().splitlines()[0].startswith("s.badugi:10:5: unknown action 'bet'")


# ----- the command ----------------------------------------------------------------------------

CANONICAL = HEAD + TABLE + "deal Ann A♠ 2♥ 3♦ 4♣ / Bob K♠ Q♥ J♦ 9♣\nAnn folds\n"
MESSY = CANONICAL.replace("Ann folds", "Ann   folds  ")


def test_check_passes_a_canonical_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.badugi").write_text(CANONICAL, "utf-8")
    assert main(["fmt", "--check", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "0 files would be reformatted, 1 file already formatted\n"


def test_check_lists_what_would_change_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    messy = tmp_path / "sub" / "m.badugi"
    messy.parent.mkdir()
    messy.write_text(MESSY, "utf-8")
    (tmp_path / "a.badugi").write_text(CANONICAL, "utf-8")
    assert main(["fmt", "--check", "--diff", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert messy.read_text("utf-8") == MESSY
    assert f"would reformat {messy}\n" in out
    assert "-Ann   folds  \n+Ann folds\n" in out
    assert out.endswith("1 file would be reformatted, 1 file already formatted\n")


def test_fmt_rewrites_in_place_keeping_the_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    messy = tmp_path / "m.badugi"
    messy.write_text(MESSY, "utf-8")
    messy.chmod(0o640)
    assert main(["fmt", str(messy)]) == 0
    assert messy.read_text("utf-8") == CANONICAL
    assert stat.S_IMODE(messy.stat().st_mode) == 0o640
    assert (
        capsys.readouterr().out
        == f"reformatted {messy}\n1 file reformatted, 0 files left unchanged\n"
    )
    assert os.listdir(tmp_path) == ["m.badugi"]  # no temporary file left behind
    assert main(["fmt", "--check", str(messy)]) == 0


def test_a_bad_file_is_one_located_error_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.badugi"
    bad.write_text(HEAD + "players Ann 100,, Bob 100\n", "utf-8")
    messy = tmp_path / "m.badugi"
    messy.write_text(MESSY, "utf-8")
    assert main(["fmt", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    first = captured.err.splitlines()[0]
    assert first.startswith(f"badugi-spec: error: {bad}:9:17: unexpected ', Bob 100'")
    assert "Traceback" not in captured.err
    assert bad.read_text("utf-8") == HEAD + "players Ann 100,, Bob 100\n"
    assert messy.read_text("utf-8") == CANONICAL  # the other files are still laid out
    assert captured.out.endswith("1 file reformatted, 0 files left unchanged, 1 file not read\n")


def test_a_folder_without_scenarios_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fmt", "--check", str(tmp_path)]) == 2
    assert "no scenario files in this folder" in capsys.readouterr().err


def test_a_missing_path_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(tmp_path / "nowhere.badugi")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_fmt_keeps_to_the_folder_its_permissions_and_links_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 41: a link out of the folder is not followed; a read-only file and a file with
    two hard links are refused with a line each; a file that cannot be written is one line
    and the run goes on to the later files, with a summary."""
    outside = tmp_path / "outside.badugi"
    outside.write_text(MESSY, "utf-8")
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "a-link.badugi").symlink_to(outside)
    frozen = folder / "b-frozen.badugi"
    frozen.write_text(MESSY, "utf-8")
    frozen.chmod(0o444)
    linked = folder / "c-linked.badugi"
    linked.write_text(MESSY, "utf-8")
    os.link(linked, tmp_path / "twin.badugi")
    blocked = folder / "d-blocked.badugi"
    blocked.write_text(MESSY, "utf-8")
    kept = folder / "e-kept.badugi"
    kept.write_text(MESSY, "utf-8")
    kept.chmod(0o640)
    real_write = outputs.write

    def write(path: Path, text: str, **given: Any) -> None:
        if Path(path).name == blocked.name:
            raise PermissionError(13, "Permission denied")
        real_write(path, text, **given)

    monkeypatch.setattr(outputs, "write", write)
    assert main(["fmt", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert outside.read_text("utf-8") == MESSY and frozen.read_text("utf-8") == MESSY
    assert linked.read_text("utf-8") == MESSY and blocked.read_text("utf-8") == MESSY
    assert kept.read_text("utf-8") == CANONICAL
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    lines = err.splitlines()
    assert len(lines) == 4, lines
    assert "a-link.badugi: a link out of" in lines[0]
    assert "b-frozen.badugi: read-only; not rewritten" in lines[1]
    assert "c-linked.badugi: has 2 hard links" in lines[2]
    assert "d-blocked.badugi: cannot write it: Permission denied" in lines[3]
    assert out.splitlines()[-1] == (
        "1 file reformatted, 0 files left unchanged, 1 file not read, 3 files not written"
    )
