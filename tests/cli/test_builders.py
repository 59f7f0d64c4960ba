"""The Builders: Antiquity at the terminal: the table a seat sees, the narration, the action
labels and the end screen."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from rich.console import Console

from tabulae.core import Action, Event, Rng, State, load, random_steps
from tabulae.games.builders.components import BUILDINGS
from tabulae.games.builders.terminal import crew_name, investments
from tabulae.i18n import LANGUAGES, GameText, glossary, translator
from tabulae.tui.renderer import renderer

from .driver import run

GAME = load("builders")
NAMES = ["Ann", "Bob", "Cy", "Dee"]
RENDERER = renderer(GAME)
SHORT = {"stone": "St", "wood": "Wd", "architecture": "Ar", "decoration": "De"}


def text(lang: str = "en", players: int = 3) -> GameText:
    return GameText(translator(lang), GAME, NAMES[:players])


def drawn(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def reached(players: int, until: Callable[[State], bool]) -> State:
    """The first random game (by seed) that reaches a position `until` accepts."""
    for seed in range(50):
        state = GAME.new(players, seed=seed)
        rng = Rng(seed)
        while state.to_move and not until(state):
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        if state.to_move:
            return state
    raise AssertionError("no random game reached the position")


def built_up(state: State) -> bool:
    """The seat to move has finished a building and a machine, and a tool works on a site."""
    me = state.view(None)["players"][state.to_move[0]]
    tools = any(c["tool"] for site in me["sites"] for c in site["crew"])
    return bool(me["finished"] and me["machines"] and tools)


def cells(amounts: list[int]) -> str:
    """Four material cells as a table shows them: a number, or a dot for none."""
    return r" +".join(str(n) if n else "·" for n in amounts)


def test_the_builders_have_their_own_renderer():
    assert type(RENDERER).__name__ == "BuildersRenderer"


def test_the_table_shows_the_turn_the_rows_on_offer_and_the_investments():
    state = reached(3, lambda s: s.view(None)["turn"]["actions_used"] == 2)
    seat = state.to_move[0]
    view = state.view(seat)
    seen = drawn(RENDERER.table(view, text(), seat))
    turn = view["turn"]
    name = NAMES[seat]
    assert f"Round {view['round']}\n" in seen
    free = turn["free_actions_left"]
    assert f"{name} to play: 2 actions used, {free} free action" in seen
    assert "then 5 sesterces per action" in seen
    assert f"Buildings · {view['buildings']['deck']} in the deck" in seen
    for b in view["buildings"]["row"]:
        row = rf"│ +{re.escape(glossary(GAME)[b['id']]['en'])}.*? +{cells(b['cost'])}"
        assert re.search(rf"{row} +{b['sesterces']} +{b['vp']} │", seen), b["id"]
    assert f"Workers · {view['workers']['deck']} in the deck" in seen
    for w in view["workers"]["row"]:
        assert re.search(rf"│ +\w+ +{cells(w['provides'])} +{w['wage']} │", seen)
    stacks = view["investments"]
    for m, short in enumerate(SHORT.values()):
        amounts = [s["provides"][m] for s in stacks["slaves"]]
        assert re.search(rf"│ +{short} +{cells(amounts)} ", seen)
    lines = drawn(investments(view, text())).splitlines()[1:-1]
    stack = " ".join(line.strip("│ ") for line in lines)
    assert "Slaves · 7 sesterces:" in stack
    tools = ", ".join(f"{t['names']['en']} +{SHORT[t['adds']]}" for t in stacks["tools"])
    assert f"Tools · 2 sesterces: {tools}" in stack
    universities = ", ".join(u.capitalize() for u in stacks["universities"])
    assert f"Universities · 7 sesterces: {universities}" in stack
    assert f"Loans · {stacks['loans']} left: +10 now; at the end repay 15 or lose 2 VP" in stack


def test_the_seat_sees_its_crew_sites_tools_finished_buildings_and_machines_in_full():
    state = reached(3, built_up)
    seat = state.to_move[0]
    view = state.view(seat)
    me = view["players"][seat]
    seen = drawn(RENDERER.table(view, text(), seat))
    panel = seen.split(f"╭─ {NAMES[seat]} · ")[1]
    assert panel.startswith(f"{me['sesterces']} sesterce")
    for c in me["idle"]:
        assert re.search(rf"│ +\w.*? +{cells(c['provides'])} +{c['wage']} ", panel)
    for b in me["finished"]:
        assert glossary(GAME)[b["id"]]["en"] in panel.split("Finished buildings")[1].split("\n")[0]
    for m in me["machines"]:
        assert f"{glossary(GAME)[BUILDINGS[m - 1].id]['en']}" in panel
        assert glossary(GAME)[BUILDINGS[m - 1].id]["en"].endswith(" (Machine)")
    for site in me["sites"]:
        b = site["building"]
        assert f"{glossary(GAME)[b['id']]['en']} · {b['sesterces']} sesterce" in panel
        for c in site["crew"]:
            label = re.escape(crew_name(c["card"], text()))
            if c["tool"]:
                label += rf" \+ {c['tool'].capitalize()}"
            assert re.search(label, panel), c
        assert re.search(rf"Missing +{cells(site['missing'])}", panel)
    assert "“v 2” shows player 2's crew and building sites in full." in seen


def test_the_other_players_are_summed_up_and_v_n_shows_one_in_full():
    state = reached(3, built_up)
    seat = state.to_move[0]
    other = (seat + 1) % 3
    view = state.view(seat)
    them = view["players"][other]
    seen = drawn(RENDERER.table(view, text(), seat))
    summary = seen.split(f"  {NAMES[other]} · ")[1].split("╭─")[0]
    for site in them["sites"]:
        b = site["building"]
        crew = ", ".join(
            crew_name(c["card"], text()) + (f" + {c['tool'].capitalize()}" if c["tool"] else "")
            for c in site["crew"]
        )
        line = glossary(GAME)[b["id"]]["en"] + (f" ← {crew}" if crew else "")
        assert f"{line} · Missing: " in summary
    focused = drawn(RENDERER.table(view, text(), seat, other))
    assert f"╭─ {NAMES[other]} · " in focused and f"╭─ {NAMES[seat]} · " not in focused
    assert f"╭─ {NAMES[seat]} · " in seen and f"╭─ {NAMES[other]} · " not in seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_reads_in_80_columns_in_every_language(lang):
    state = reached(4, built_up)
    seat = state.to_move[0]
    seen = drawn(RENDERER.table(state.view(seat), text(lang, 4), seat), width=80)
    assert "…" not in seen  # no cell cut short
    assert max(len(line) for line in seen.splitlines()) <= 80
    assert "builders." not in seen


def test_narration_names_the_cards_and_tells_what_extra_actions_cost():
    told = text()
    hired = Event(
        "builders.hired", {"seat": 0, "worker": "laborer_1", "extra": 5, "revealed": "master_2"}
    )
    assert RENDERER.narrate(hired, told) == (
        "Ann recruits a worker: Laborer (Wood 1, Decoration 2). New in the worker row: "
        "Master (Stone 3, Wood 2). (Extra actions: 5 sesterces.)"
    )
    started = Event(
        "builders.started",
        {"seat": 1, "building": "lighthouse_of_alexandria", "extra": 0, "revealed": None},
    )
    assert RENDERER.narrate(started, told) == "Bob starts construction: Lighthouse of Alexandria."
    args = {"seat": 2, "card": "machine_hoist", "building": "pyramid", "wage": 0, "actions": 2}
    sent = Event("builders.sent", args | {"extra": 0})
    assert RENDERER.narrate(sent, told) == (
        "Cy sends to work: Hoist (Machine) → Pyramid; wage 0 sesterces, 2 actions."
    )
    with_tool = Event(
        "builders.sent_with_tool",
        args | {"card": "citizen_2", "tool": "mallet", "wage": 4, "extra": 0},
    )
    assert RENDERER.narrate(with_tool, told).startswith(
        "Cy sends to work: Citizen (Architecture 2, Decoration 2) → Pyramid, with the Mallet; "
        "wage 4"
    )
    ended = Event("builders.turn_ended", {"seat": 2, "vp": 1, "next_seat": 0, "round": 4})
    assert RENDERER.narrate(ended, told) == "Cy ends the turn with 1 VP. Next: Ann, round 4."
    over = Event("builders.game_over", {"scores": {"0": 17.3, "1": 9.0, "2": -1.2}})
    assert RENDERER.narrate(over, told).endswith("Final scores: Ann: 17.3, Bob: 9, Cy: -1.2.")
    polish_scores = RENDERER.narrate(over, text("pl"))
    assert polish_scores.endswith("Ann: 17,3, Bob: 9, Cy: \u22121,2."), polish_scores
    polish = RENDERER.narrate(started, text("pl"))
    assert polish == "Bob rozpoczyna budowę: Latarnia w Aleksandrii."


def test_every_event_of_a_game_is_narrated_in_every_language():
    state = GAME.new(4, seed=5)
    for _ in random_steps(state, Rng(5)):
        pass
    for lang in LANGUAGES:
        for event in state.events:
            told = RENDERER.narrate(event, text(lang, 4))
            assert "{" not in told and "builders." not in told, (lang, told)


def test_a_send_with_a_tool_has_its_own_label_in_every_language():
    for lang in LANGUAGES:
        told = text(lang)
        sends = [("laborer_1", "lighthouse_of_alexandria", t) for t in ("mallet", "saw")]
        labels = {told.action(Action("send", *send)) for send in sends}
        labels.add(told.action(Action("send", "laborer_1", "lighthouse_of_alexandria")))
        assert len(labels) == 3, labels
        laborer, lighthouse = told.term("laborer_1"), told.term("lighthouse_of_alexandria")
        assert all(laborer in label and lighthouse in label for label in labels)
        assert not any(re.search(r"\d\d|_", label) for label in labels), labels
    assert text().action(Action("send", *sends[0])) == (
        "Send the Laborer (Wood 1, Decoration 2) to the Lighthouse of Alexandria with the Mallet"
    )
    assert text("pl").action(Action("send", *sends[0])) == (
        "Wyślij do pracy: Czeladnik (Drewno 1, Dekoracja 2) → Latarnia w Aleksandrii, "
        "Narzędzie: Pobijak"
    )


def test_the_end_screen_breaks_each_score_down():
    state = GAME.new(2, seed=3)
    for _ in random_steps(state, Rng(3)):
        pass
    details = state.result().details
    seen = drawn(RENDERER.details(details, text(players=2)))
    for row, field in (
        ("VP of buildings and machines", "vp"),
        ("Sesterces held", "held"),
        ("Loans not repaid \\(−2 VP each\\)", "unpaid_loans"),
        ("Slaves not freed \\(−1 VP each\\)", "unfreed_slaves"),
        ("Final score", "score"),
    ):
        values = [f"{p[field]:g}" for p in details["players"]]
        assert re.search(rf"│ {row} +│ +{values[0]} │ +{values[1]} │", seen), row


def test_a_person_starts_a_building_and_sends_a_worker_with_a_tool(tmp_path):
    """Through the real command: the choices read as labels, and the site shows the tool."""
    out = run(
        "play", "builders", "--seats", "human,random", "--seed", "3",
        input="buy tool mallet\nstart temple\nsend apprentice_1 temple mallet\nq\n",
        cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "Buy the Mallet" in out and "Start construction of the Temple" in out
    assert "Send the Apprentice (Wood 1, Architecture 1) to the Temple with the Mallet" in out
    last = out.split("The Builders: Antiquity · Player 1 to move")[-1]
    assert re.search(r"Temple · 10 sesterces, 3 VP", last)
    assert re.search(r"Apprentice \+ Mallet", last)


def test_many_choices_show_their_notation_and_labels_name_actions_too(tmp_path):
    """29 choices on the first turn: each shows the notation `?` says to type, and the words of
    a label ("recruit craftsman" for "Recruit the Craftsman (…)") choose the action as its
    notation does."""
    out = run(
        "play", "builders", "--seats", "human,random", "--seed", "3",
        input="recruit craftsman\nq\n", cwd=tmp_path,
    ).stdout  # fmt: skip
    choices = out.split("The Builders: Antiquity · Player 1 to move")[1]
    assert "29 " in choices and "30 " not in choices.split("Type a number")[0]
    craftsman = re.escape("Recruit the Craftsman (Stone 1, Wood 1, Architecture 1, Decoration 1)")
    for label, notation in ((craftsman, "hire craftsman_3"), ("Take a loan", "loan")):
        assert re.search(rf"\d+ {label} · {notation}\b", choices), notation
    assert "Player 1 recruits a worker: Craftsman (Stone 1, Wood 1, Architecture 1" in out
    assert "is not an action you can take now" not in out
