"""The screens draw what they are given, in the player's language."""

import io
import re

from rich.console import Console

from tabulae.core import Action, Result, load
from tabulae.i18n import GameText, translator
from tabulae.tui import screens
from tabulae.tui.renderer import renderer

TOY = load("tests.plugin_games.tesserae:GAME")


def drawn(renderable, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_many_choices_are_laid_out_in_columns_and_few_in_a_table_both_with_notation():
    text = GameText(translator("nl"), TOY, ["Ann", "Bob"])
    many = drawn(screens.choices(text, [Action("play", n) for n in range(1, 31)]))
    assert "30 Speel tegel 30 · play 30" in many and len(many.splitlines()) < 20
    few = drawn(screens.choices(text, [Action("draw"), Action("pass")]))
    assert [line.split() for line in few.splitlines()] == [
        ["1", "Trek", "een", "tegel", "draw"],
        ["2", "Passen", "pass"],
    ]


def test_the_end_screen_ranks_players_with_tiebreaks_and_names_shared_winners():
    text = GameText(translator("pl"), TOY, ["Ann", "Bob", "Cy"])
    result = Result.ranked([2, 2, 1], [(5,), (5,), (9,)], {"hands": [[1, 4], [5], [9]]})
    screen = drawn(screens.end_screen(text, result, renderer(TOY)))
    assert "Koniec gry" in screen and "Wspólne zwycięstwo: Ann, Bob." in screen
    rows = [line for line in screen.splitlines() if line.startswith("│")]
    assert [[cell.strip() for cell in row.split("│")[1:5]] for row in rows[:4]] == [
        ["#", "Gracz", "Punkty", "Rozstrzygnięcie remisu"],
        ["1", "Ann", "2", "5"],
        ["1", "Bob", "2", "5"],
        ["3", "Cy", "1", "9"],
    ]
    assert "Szczegóły punktacji" in screen
    assert re.search(r"│ Płytki w ręce +│ 1, 4 +│ 5 +│ 9 +│", screen)


def test_tiebreaks_a_game_does_not_name_are_explained_in_a_sentence():
    text = GameText(translator("ru"), TOY, ["Ann", "Bob"])
    tied = drawn(screens.end_screen(text, Result.ranked([2, 2], [(5,), (4,)]), renderer(TOY)))
    assert "При равенстве очков решают дополнительные показатели по порядку" in tied
    apart = drawn(screens.end_screen(text, Result.ranked([3, 2], [(5,), (4,)]), renderer(TOY)))
    assert "При равенстве" not in apart


def test_the_generic_table_shows_a_row_per_player_and_labels_from_the_game_terms():
    text = GameText(translator("ru"), TOY, ["Ann", "Bob"])
    state = TOY.new(2, seed=1)
    table = drawn(renderer(TOY).table(state.view(0), text, 0))
    assert "Раунд" in table and "Стопка" in table and "Добор" in table
    hands = next(line for line in table.splitlines() if "Плитки в руке" in line)
    mine, theirs = (part.strip() for part in hands.split("│")[2:4])
    assert mine == ", ".join(map(str, state.hands[0])) and theirs == "2"  # theirs: only a count


def test_per_player_records_become_rows_of_a_table_with_a_column_per_player():
    text = GameText(translator("en"), TOY, ["Ann", "Bob"])
    view = {"round": 2, "players": [{"points": 1, "stack": 3}, {"points": 4, "stack": 0}]}
    table = drawn(renderer(TOY).table(view, text, 1))
    assert re.search(r"│ +│ Ann +│ Bob +│", table)
    assert re.search(r"│ Points +│ 1 +│ 4 +│", table) and re.search(r"│ Stack +│ 3 +│ 0 +│", table)


def test_the_seat_list_says_what_each_bot_is_in_the_player_s_language():
    from tabulae.tui.seats import Seat

    seats = [Seat.parse("human"), Seat.parse("random"), Seat.parse("hard")]
    shown = {
        lang: drawn(screens.seating(GameText(translator(lang), TOY, ["A", "B", "C"]), seats, 9))
        for lang in ("en", "pl", "nl", "ru")
    }
    assert "random bot" in shown["en"]
    assert "bot losowy" in shown["pl"] and "willekeurige bot" in shown["nl"]
    assert "случайный бот" in shown["ru"] and "зерно 9" in shown["ru"]
    for lang in ("pl", "nl", "ru"):
        assert "random" not in shown[lang] and "hard" not in shown[lang], shown[lang]


def test_fractional_scores_and_expected_scores_have_a_decimal_comma_where_the_language_has():
    from tabulae.bots.hints import Hint, Suggestion

    result = Result.ranked([14.1, -3.9], [(), ()])
    hint = Hint(0, "score", 100, (Suggestion(Action("draw"), 12.345, 60, 0.6),))
    for lang, (high, low, expected) in {
        "en": ("14.1", "-3.9", "12.3"),
        "pl": ("14,1", "\u22123,9", "12,3"),
        "ru": ("14,1", "\u22123,9", "12,3"),
    }.items():
        text = GameText(translator(lang), TOY, ["Ann", "Bob"])
        end = drawn(screens.end_screen(text, result, renderer(TOY)))
        assert high in end and low in end, end
        assert expected in drawn(screens.hint(text, hint, [Action("draw")]))
