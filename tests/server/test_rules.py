"""The rules reference over HTTP: a game's sections in the asked language with the lessons that
show them, and a refused action naming the section its rule is in."""

from __future__ import annotations

from .harness import create, join


def test_the_rules_come_in_the_asked_language_with_their_lessons_refusals_and_terms(client):
    reply = client.get("/games/builders/rules", params={"lang": "pl"})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["game"] == "builders" and body["lang"] == "pl"
    sections = {section["id"]: section for section in body["sections"]}
    loans = sections["loans"]
    assert loans["title"] == "Pożyczki" and "15 Sestercji" in loans["text"]
    assert loans["lessons"] == [{"id": "loans", "title": "Pożyczki"}]
    assert loans["refusals"] == ["builders.refused.no_loan"]
    assert loans["terms"] == ["loan"] and sections["machines"]["terms"] == ["machine"]
    english = client.get("/games/builders/rules", headers={"Accept-Language": "en"}).json()
    assert english["sections"][0]["title"] == "The goal"
    assert client.get("/games/tesserae/rules").json()["sections"] == []
    assert client.get("/games/nogame/rules").json()["error"]["code"] == "unknown_game"


def test_a_refused_action_names_the_rule_it_rests_on(client):
    table = create(client, "builders", 2, {})["id"]
    tokens = [join(client, table, 0), join(client, table, 1)]
    seat = client.get(f"/tables/{table}").json()["to_move"][0]

    def take_a_loan(version: int):
        return client.post(
            f"/tables/{table}/actions",
            json={"action": ["loan"], "version": version},
            headers={"X-Seat-Token": tokens[seat]},
        )

    taken = take_a_loan(0)
    assert taken.status_code == 200, taken.text
    refused = take_a_loan(1).json()["error"]
    assert refused["code"] == "illegal_action"
    assert refused["key"] == "builders.refused.one_investment"
    assert refused["rule"] == "investments"
