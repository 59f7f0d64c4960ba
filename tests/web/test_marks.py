"""The pictures a line of running text gets (js/marks.js): a glossary word the board marks is
drawn beside its own forms, and not inside a longer word that merely begins with it."""

from __future__ import annotations

# The pictures marked() puts in a line of The Builders' log, by word, in Russian.
MARKED = """async (line) => {
  const { loadText } = await import("/js/i18n.js");
  const { boardFor } = await import("/boards/loader.js");
  const { marked } = await import("/js/marks.js");
  const text = await loadText("ru", "builders");
  await boardFor("builders");
  const parts = marked(line, text);
  return (Array.isArray(parts) ? parts : []).filter((part) => typeof part !== "string")
    .map((part) => part.dataset.icon);
}"""


def test_a_short_name_marks_its_own_forms_and_not_a_longer_word_it_begins(browser):
    """A slave, "Раб", is the start of "рабочего" (a worker's): the log's "нанимает рабочего"
    shows no slave, while "Раб" and "рабов" do."""
    page = browser.person("ru").page
    page.goto("/")
    hired = page.evaluate(MARKED, "Ала нанимает рабочего: Ученик (Камень 1).")
    assert hired == ["apprentice", "stone"]
    assert page.evaluate(MARKED, "Раб куплен; рабов: 2.") == ["slave", "slave"]
