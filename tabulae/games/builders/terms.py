"""The names players read for the words of the views, events and actions.

English and Polish names come from the data file, which holds the Polish
rulebook's names; the table below adds Dutch and Russian, and Polish where the
rulebook prints none. The game's title is the published editions' ("Budowniczowie:
Starożytność", "De Bouwers: Oudheid", "Строители: Античность"); the buildings and
machines, whose names the rulebook does not print (but for the Lighthouse), are
faithful translations of the French card names.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .cards import BUILDINGS, CREW, MATERIAL_NAMES, MATERIALS, RULES, TOOLS, Crew, Materials

LANGUAGES = ("en", "pl", "nl", "ru")

# term: (en, pl, nl, ru); None where the data file already names it in that language.
_WORDS: dict[str, tuple[str | None, ...]] = {
    "builders": (
        "The Builders: Antiquity",
        "Budowniczowie: Starożytność",
        "De Bouwers: Oudheid",
        "Строители: Античность",
    ),
    # actions
    "start": ("Start construction", "Rozpoczęcie budowy", "Bouw starten", "Начать стройку"),
    "hire": ("Recruit a worker", "Najęcie Robotnika", "Arbeider aannemen", "Нанять рабочего"),
    "buy": ("Buy", "Zakup", "Kopen", "Купить"),
    "train": ("Train a worker", "Szkolenie Robotnika", "Arbeider opleiden", "Обучить рабочего"),
    "send": (
        "Send a worker to work",
        "Wysłanie Robotnika do pracy",
        "Arbeider aan het werk zetten",
        "Отправить рабочего на стройку",
    ),
    "take": ("Take sesterces", "Pobranie Sestercji", "Sestertiën nemen", "Взять сестерции"),
    "free": ("Free a slave", "Uwolnienie Więźnia", "Slaaf vrijlaten", "Освободить раба"),
    "end": ("End the turn", "Koniec tury", "Beurt beëindigen", "Закончить ход"),
    # investments and cards
    "slave": (None, None, "Slaaf", "Раб"),
    "citizen": (None, None, "Burger", "Гражданин"),
    "tool": ("Tool", "Narzędzie", "Gereedschap", "Инструмент"),
    "loan": ("Loan", "Pożyczka", "Lening", "Заём"),
    "university": ("University", "Uniwersytet", "Universiteit", "Университет"),
    "worker": ("Worker", "Robotnik", "Arbeider", "Рабочий"),
    "machine": ("Machine", "Maszyna", "Machine", "Машина"),
    "building": ("Building", "Budynek", "Gebouw", "Постройка"),
    "apprentice": (None, None, "Leerling", "Ученик"),
    "laborer": (None, None, "Handlanger", "Разнорабочий"),
    "craftsman": (None, "Rzemieślnik", "Vakman", "Ремесленник"),
    "master": (None, "Mistrz", "Meester", "Мастер"),
    # materials and tools
    "stone": (None, None, "Steen", "Камень"),
    "wood": (None, None, "Hout", "Дерево"),
    "architecture": (None, None, "Architectuur", "Архитектура"),
    "decoration": (None, None, "Decoratie", "Украшение"),
    "mallet": (None, None, "Hamer", "Киянка"),
    "saw": (None, "Piła", "Zaag", "Пила"),
    "square": (None, "Węgielnica", "Winkelhaak", "Угольник"),
    "brush": (None, "Pędzel", "Kwast", "Кисть"),
    # the view
    "turn": ("Turn", "Tura", "Beurt", "Ход"),
    "over": ("Game over", "Koniec gry", "Einde van het spel", "Конец игры"),
    "round": ("Round", "Runda", "Ronde", "Раунд"),
    "last_round": ("Last round", "Ostatnia runda", "Laatste ronde", "Последний раунд"),
    "sesterces": ("Sesterces", "Sestercje", "Sestertiën", "Сестерции"),
    "vp": ("Victory points", "Punkty zwycięstwa", "Overwinningspunten", "Победные очки"),
    "bank": ("Bank", "Bank", "Bank", "Банк"),
    "buildings": ("Buildings", "Budynki", "Gebouwen", "Постройки"),
    "workers": ("Workers", "Robotnicy", "Arbeiders", "Рабочие"),
    "investments": ("Investments", "Inwestycje", "Investeringen", "Инвестиции"),
    "sites": (
        "Buildings under construction",
        "Budynki w budowie",
        "Gebouwen in aanbouw",
        "Строящиеся постройки",
    ),
    "finished": (
        "Finished buildings",
        "Budynki ukończone",
        "Voltooide gebouwen",
        "Достроенные постройки",
    ),
    "idle": (
        "Available workers",
        "Dostępni Robotnicy",
        "Beschikbare arbeiders",
        "Свободные рабочие",
    ),
    "actions_used": ("Actions used", "Wykonane akcje", "Gebruikte acties", "Использовано действий"),
    "free_actions_left": (
        "Free actions left",
        "Pozostałe darmowe akcje",
        "Resterende gratis acties",
        "Осталось бесплатных действий",
    ),
    # buildings (French card names translated) and machines
    "trading_post": (None, "Faktoria", "Handelspost", "Фактория"),
    "camel_stable": (None, "Stajnia wielbłądów", "Kamelenstal", "Верблюжья конюшня"),
    "stall": (None, "Kram", "Kraam", "Лавка"),
    "rural_house": (None, "Dom wiejski", "Boerenwoning", "Сельский дом"),
    "house": (None, "Dom", "Huis", "Дом"),
    "market": (None, "Targ", "Markt", "Рынок"),
    "quarry": (None, "Kamieniołom", "Steengroeve", "Каменоломня"),
    "watering_trough": (None, "Wodopój", "Drinktrog", "Водопой"),
    "armory": (None, "Zbrojownia", "Wapenkamer", "Оружейная"),
    "shipyard": (None, "Stocznia", "Scheepswerf", "Верфь"),
    "port": (None, "Port", "Haven", "Порт"),
    "archery": (None, "Strzelnica", "Schietbaan", "Стрельбище"),
    "town_hall": (None, "Ratusz", "Stadhuis", "Ратуша"),
    "noble_house": (None, "Dom szlachecki", "Herenhuis", "Дом знати"),
    "town_house": (None, "Kamienica", "Stadswoning", "Городской дом"),
    "temple": (None, "Świątynia", "Tempel", "Храм"),
    "forum": (None, "Forum", "Forum", "Форум"),
    "barracks": (None, "Koszary", "Kazerne", "Казармы"),
    "fortress": (None, "Twierdza", "Vesting", "Крепость"),
    "school_of_philosophy": (None, "Szkoła filozofii", "Filosofenschool", "Школа философии"),
    "ziggurat": (None, "Ziggurat", "Ziggoerat", "Зиккурат"),
    "palace_of_assur": (None, "Pałac w Aszur", "Paleis van Assur", "Дворец Ашшура"),
    "lighthouse_of_alexandria": (None, None, "Vuurtoren van Alexandrië", "Александрийский маяк"),
    "theater": (None, "Teatr", "Theater", "Театр"),
    "tower_of_babel": (None, "Wieża Babel", "Toren van Babel", "Вавилонская башня"),
    "sphinx": (None, "Sfinks", "Sfinx", "Сфинкс"),
    "hanging_gardens": (None, "Wiszące ogrody", "Hangende tuinen", "Висячие сады"),
    "colossus_of_rhodes": (None, "Kolos Rodyjski", "Kolossus van Rhodos", "Колосс Родосский"),
    "pyramid": (None, "Piramida", "Piramide", "Пирамида"),
    "machine_saw": (None, "Piła", "Zaag", "Пила"),
    "machine_architects_table": (None, "Stół architekta", "Tekentafel", "Стол архитектора"),
    "machine_scaffolding": (None, "Rusztowanie", "Steiger", "Строительные леса"),
    "machine_hoist": (None, "Wciągarka", "Takel", "Подъёмник"),
}


def _known() -> dict[str, Mapping[str, str]]:
    """Names the data file gives (English, and Polish where the rulebook prints it)."""
    known: dict[str, Mapping[str, str]] = dict(MATERIAL_NAMES)
    known.update({t.word: t.names for t in TOOLS})
    known.update({c.tier: c.names for c in CREW})
    known["citizen"] = RULES.citizen_names
    known.update({b.id: b.names for b in BUILDINGS})
    return known


def _terms() -> Mapping[str, Mapping[str, str]]:
    known = _known()
    terms: dict[str, Mapping[str, str]] = {}
    for term in sorted(set(known) | set(_WORDS)):
        names = dict(known.get(term, {}))
        for language, name in zip(LANGUAGES, _WORDS.get(term, ()), strict=False):
            if name is not None:
                names.setdefault(language, name)
        terms[term] = MappingProxyType({k: names[k] for k in LANGUAGES if k in names})
    return MappingProxyType(terms)


def _amounts(materials: Materials, names: Mapping[str, Mapping[str, str]], lang: str) -> list[str]:
    return [f"{names[m][lang]} {n}" for m, n in zip(MATERIALS, materials, strict=True) if n]


def _crew_name(crew: Crew, side: str, names: Mapping[str, Mapping[str, str]], lang: str) -> str:
    """A worker, slave or citizen as a player tells it from its like: its rank or side and the
    materials it brings ("Craftsman (Stone 1, Architecture 3)"). The fourth apprentice brings
    one of two pairs, as the game's option says, so its name gives both."""
    amounts = _amounts(crew.provides, names, lang)
    if crew.alternative is not None:
        other = _amounts(crew.alternative, names, lang)
        shared = [a for a in amounts if a in other]
        amounts = [*shared, " / ".join(a for a in (*amounts, *other) if a not in shared)]
    return f"{names[side][lang]} ({', '.join(amounts)})"


def _cards(terms: Mapping[str, Mapping[str, str]]) -> dict[str, Mapping[str, str]]:
    """Names for the cards' words in the notation where the card's own name is not enough: a
    machine is told from the tool of the same name, a worker or slave from its likes by its
    materials, and a freed slave has its citizen side's name (`citizen_1` for `slave_1`)."""
    cards: dict[str, Mapping[str, str]] = {
        b.id: MappingProxyType(
            {lang: f"{terms[b.id][lang]} ({terms['machine'][lang]})" for lang in LANGUAGES}
        )
        for b in BUILDINGS
        if b.machine
    }
    for crew in CREW:
        sides = [(crew.id, crew.tier)]
        if crew.slave:
            sides.append((citizen(crew.id), "citizen"))
        for word, side in sides:
            cards[word] = MappingProxyType(
                {lang: _crew_name(crew, side, terms, lang) for lang in LANGUAGES}
            )
    return cards


def citizen(slave: str) -> str:
    """The word for a slave card turned to its citizen side: `citizen_1` for `slave_1`."""
    return "citizen_" + slave.removeprefix("slave_")


_WORDS_AND_NAMES = _terms()
TERMS = MappingProxyType({**_WORDS_AND_NAMES, **_cards(_WORDS_AND_NAMES)})
