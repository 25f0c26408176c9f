"""The texts of the messages issue 22 asked for (items 9 to 11, and the load errors of the
new statements): what is wrong, where, and how to fix it. Each test pins a whole message,
so a change to one is a decision, not an accident."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_spec.cli import main
from badugi_spec.errors import MOST_LINE_CHARS, ScenarioError
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.report import describe_failure
from badugi_spec.scenario.runner import CaseResult, Runner

RULES = set(load_rules())
ROOT = Path(__file__).resolve().parent.parent
HEAD = 'scenario m "t"\nrules R3.4\nplayers Ann 100 dealer, Bob 100\n'
DEAL = "deal Ann K♠ Q♥ J♦ 9♣ / Bob A♠ 2♥ 3♦ 4♣\n"


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "m.badugi", RULES)
    return info.value


def run(text: str) -> CaseResult:
    case = compile_case(parse_scenario(text, "m.badugi", RULES))
    return Runner(EngineImplementation()).run(case)


# ----- item 11: the syntax errors Lark worded as a token list ---------------------------------


def test_an_unclosed_narrative_block_is_named_where_it_opens() -> None:
    story = '\n"""\nAnn folds.\n\n'
    error = error_of('scenario m "t"\nrules R3.4\n' + story + "players Ann 100, Bob 100\n" + DEAL)
    assert (error.line, error.column) == (4, 1)
    assert error.message == (
        'this """ opens a narrative block that is never closed: end the story with """ on a'
        " line of its own"
    )


def test_an_unclosed_title_is_named_at_its_quote() -> None:
    error = error_of('scenario m "The dealer folds\nrules R3.4\n')
    assert (error.line, error.column) == (1, 12)
    assert error.message == (
        'this " opens a quoted text that is not closed on its line: end it with " before the'
        " end of the line"
    )


def test_a_misspelt_action_gets_a_suggestion() -> None:
    error = error_of(HEAD + DEAL + "Ann calls 1; Bob bet 2\n")
    assert (error.line, error.column) == (5, 18)
    assert error.message == (
        "unknown action 'bet': did you mean 'bets'? an action is a name and one of checks,"
        " bets, calls, raises, folds, goes all-in, discards, stands pat"
    )


def test_an_unknown_profile_gets_the_nearest_name() -> None:
    error = error_of('scenario m "t"\nprofile pokerstar\nrules R3.4\n')
    assert (error.line, error.column) == (2, 9)
    assert error.message.startswith(
        "unknown profile 'pokerstar': did you mean 'pokerstars-2010'? (the profiles are house,"
    )


def test_an_unknown_rule_id_gets_its_chapter_and_the_nearest_id() -> None:
    error = error_of('scenario m "t"\nrules R5.11\n')
    assert (error.line, error.column) == (2, 7)
    assert error.message == (
        "unknown rule ID R5.11: not in the rulebook; did you mean R5.1? chapter R5 has R5.1"
        " to R5.8; `badugi-spec rules` lists them all"
    )


def test_an_override_out_of_range_gives_the_range_and_the_rule() -> None:
    error = error_of('scenario m "t"\nprofile house cap=-1\nrules R3.4\n')
    assert (error.line, error.column) == (2, 19)
    assert error.message == (
        "cap=-1: cap is a whole number from 0 to 10^12 (0: no cap), not '-1' (R8.6)"
    )


@pytest.mark.parametrize(
    ("profile", "players", "message"),
    [
        ("", "", "Ann is dealt 5 cards; a hand has 4 (R1.7)"),
        (
            "profile pokerstars-2010\n",
            ", Cy 100",
            "Ann is dealt 5 cards; under pokerstars-2010 a hand has 4 (R8.4)",
        ),
        ("profile badeucy\n", "", "Ann is dealt 4 cards; under badeucy a hand has 5 (R21.1)"),
        ("profile badacy\n", "", "Ann is dealt 4 cards; under badacy a hand has 5 (R22.1)"),
    ],
)
def test_the_deal_size_cites_the_profiles_rule(profile: str, players: str, message: str) -> None:
    five = "profile pokerstars" in profile or not profile
    ann = "A♥ 2♣ 3♠ 7♦" + (" 8♥" if five else "")
    text = f'scenario m "t"\n{profile}rules R3.4\nplayers Ann 100 dealer, Bob 100{players}\n'
    assert error_of(text + f"deal Ann {ann} / Bob A♠ 2♥ 3♦ K♦\n").message == message


def test_a_folder_without_scenario_files_says_which_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("not a scenario", "utf-8")
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        f"ERROR {tmp_path}",
        f"  {tmp_path}: no scenario files in this folder (it holds notes.txt): scenarios are"
        " read from files whose names end in .badugi, in the folder and its sub-folders",
    ]


def test_a_failure_in_play_gives_the_column_and_the_reject_line_as_the_fix() -> None:
    result = run(HEAD + DEAL + "Ann calls 1; Bob folds\n")
    lines = describe_failure(result)
    assert lines[1:5] == [
        "  at m.badugi:5:14: Bob folds",
        "    expected: accepted",
        "    actual:   rejected with fold-when-free: R3.4 fold-when-free: nothing to call:"
        " check or bet instead of folding",
        "    fix:      if the refusal is what this line shows, write:"
        " reject Bob folds with fold-when-free",
    ]


def test_a_wrong_code_gives_the_right_reject_line() -> None:
    result = run(HEAD + DEAL + "Ann calls 1\nreject Bob folds with out-of-turn\nunfinished\n")
    assert result.divergence is not None
    assert result.divergence.hint == (
        "if that refusal is the one to show, write: reject Bob folds with fold-when-free"
    )


# ----- item 10: a hand reaches its result, or says `unfinished` -------------------------------


def test_a_hand_that_stops_before_its_result_fails_with_the_fix() -> None:
    result = run(HEAD + DEAL + "Ann calls 1\n")
    assert result.status == "failed"
    assert describe_failure(result)[1:5] == [
        "  at m.badugi:5:1: Ann calls 1",
        "    expected: the hand played to its result",
        "    actual:   the hand stops in bet-1, Bob to act",
        "    fix:      play the hand to its end, or add a line 'unfinished' after this one if"
        " it stops here on purpose",
    ]
    assert run(HEAD + DEAL + "Ann calls 1\nunfinished\n").status == "passed"


def test_unfinished_on_a_hand_that_ends_fails() -> None:
    result = run(HEAD + DEAL + "Ann folds\nunfinished\n")
    assert result.divergence is not None
    assert (result.divergence.line, result.divergence.expected, result.divergence.actual) == (
        6,
        "the hand still going on ('unfinished')",
        "the hand is over",
    )
    assert result.divergence.hint == "remove 'unfinished': the hand reached its result"


@pytest.mark.parametrize(
    ("tail", "where", "message"),
    [
        (
            "Ann calls 1\nunfinished\nBob checks\n",
            (7, 1),
            "hand 1 stops at line 6 ('unfinished'): nothing more happens in it; move"
            " 'unfinished' after the hand's last step",
        ),
        (
            "Ann folds\nunfinished\nhand 2\n",
            (7, 6),
            "hand 1 stops unfinished at line 6, so no hand can follow it (the table deals only"
            " once a hand is over): finish that hand, or end the scenario there",
        ),
    ],
)
def test_nothing_follows_unfinished_in_its_hand(
    tail: str, where: tuple[int, int], message: str
) -> None:
    error = error_of(HEAD + DEAL + tail)
    assert ((error.line, error.column), error.message) == (where, message)


def test_unfinished_needs_a_hand() -> None:
    assert error_of(HEAD + "unfinished\n").message == (
        "'unfinished' ends a hand: it comes after the hand's steps"
    )


# ----- item 9: a stated reshuffle that is not what the profile gathers -------------------------


MISMATCH = (
    ROOT / "scenarios" / "08-profiles-and-tables" / "reshuffles" / "reshuffle-mismatch.badugi"
)


def test_reshuffle_mismatch_names_the_gathered_cards_and_the_difference() -> None:
    text = MISMATCH.read_text("utf-8")
    result = run(text)
    refusal = next(row.detail for row in result.trace if row.op == "reject")
    assert refusal == (
        "R8.18 reshuffle-mismatch: the stated reshuffle (20 cards) leaves out 10♣; the profile"
        " gathers these 21 (discards, current-discards, folded, burns), in deck order: K♥ K♦"
        " K♣ K♠ Q♥ Q♦ Q♣ 10♥ 9♥ 8♥ 7♥ Q♠ J♥ J♦ J♣ 10♦ 9♦ 8♦ 7♦ J♠ 10♣"
    )


def test_after_a_mismatch_the_rest_of_the_file_is_still_checked() -> None:
    text = MISMATCH.read_text("utf-8").replace(
        "reject Hal discards K♠ Q♠ J♠ with reshuffle-mismatch", "Hal discards K♠ Q♠ J♠"
    )
    result = run(text)
    assert result.status == "failed" and result.divergence is not None
    assert result.divergence.expected == "accepted"
    assert result.message == (
        "the rest of the file, run again with that stub in the order of the gathered cards"
        " (as without the reshuffle line): then at line 26: turn Hal\n"
        "  expected: turn Hal\n  actual:   turn Ann"
    )
    holds = text.replace("expect turn Hal; burns 0; stub 20; Hal has A♠ K♠ Q♠ J♠\n", "")
    holds = holds.replace("Hal discards Q♠ J♠\n", "").rsplit("expect reshuffles", 1)[0]
    assert run(holds + "unfinished\n").message == (
        "the rest of the file, run again with that stub in the order of the gathered cards"
        " (as without the reshuffle line): every later line holds"
    )


# ----- item 14 and item 12: load errors of the new uses ---------------------------------------

THREE = (
    'scenario m "t"\nprofile pokerstars-2010\nrules R8.23\nplayers Ann 100 dealer, Bob 100, Cy 2\n'
)


def test_the_first_deal_gives_everyone_cards() -> None:
    error = error_of(THREE + "deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦\n")
    assert error.message == "the deal must give cards to Cy too"


def test_a_deal_after_a_bust_names_the_button() -> None:
    text = THREE + "shuffle seed 1\nAnn folds; Bob folds\n"
    text += "hand 2\ndeal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦\n"
    error = error_of(text)
    assert (error.line, error.column) == (8, 6)
    assert error.message == (
        "the deal leaves out Cy, who has no chips (R8.23): the cards go round from the"
        " button's left, so say who has it, with 'expect button <Name>' in hand 2"
    )


def test_order_counts_from_one() -> None:
    assert error_of(HEAD + "order 0\n").message == (
        "order counts from 1: 'order 1' is the rule's featured example"
    )


def test_an_override_over_10_12_and_a_huge_value_are_short_clear_lines() -> None:
    """Issue 41: a chip override above 10^12 is refused for its size, not as "0 or more",
    and no error line echoes a 40,000-character value (`errors.clip`)."""
    head = 'scenario x "t"\nrules R3.6\nplayers Ann 100 dealer, Bob 100\nunfinished\n'
    big = head.replace("rules", "profile house cap=10000000000000\nrules")
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(big, "x.badugi", set(load_rules()))
    assert "cap is a whole number from 0 to 10^12" in caught.value.message
    many = head.replace("rules", "profile house bet_sizes=" + ",".join(["2"] * 20_000) + "\nrules")
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(many, "x.badugi", set(load_rules()))
    lines = caught.value.render().splitlines()
    assert "has 20000 items; at most 8" in lines[0]
    assert max(map(len, lines)) <= MOST_LINE_CHARS
    assert lines[2].index("^") == 4 + caught.value.column - 1  # the caret still at its place
