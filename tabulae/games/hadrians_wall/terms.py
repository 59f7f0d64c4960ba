"""The names players read for the words of the views, events and actions, for `Game.terms`.

English and Polish names come from the component data, which holds the Polish rulebook's
names; the table below adds Dutch and Russian, Polish where the rulebook prints none, and the
engine's own words (sides, sources, phases, view keys). Sides are adverbs ("po lewej",
"слева") so that they read well after any noun: a Cohort, a neighbour, a Courthouse column.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from .data import CITIZENS, DATA, FATE_CARDS, TRACK_OF_CITIZEN

LANGUAGES = ("en", "pl", "nl", "ru")

# term: (en, pl, nl, ru); None where the component data already names it in that language.
_WORDS: dict[str, tuple[str | None, ...]] = {
    "hadrians_wall": (None, None, "Muur van Hadrianus", "Адрианов вал"),
    # workers, the resource, attributes and citizens
    "soldier": (None, None, "Soldaat", "Легионер"),
    "builder": (None, None, "Bouwer", "Строитель"),
    "servant": (None, None, "Bediende", "Слуга"),
    "civilian": (None, None, "Plebejer", "Плебей"),
    "resource": (None, None, "Grondstof", "Ресурс"),
    "renown": (None, None, "Roem", "Слава"),
    "piety": (None, None, "Vroomheid", "Благочестие"),
    "valour": (None, None, "Moed", "Доблесть"),
    "discipline": (None, None, "Discipline", "Дисциплина"),
    "attribute": ("Attribute point", "punkt Atrybutu", "Eigenschapspunt", "Очко атрибута"),
    "trader": (None, None, "Handelaar", "Торговец"),
    "performer": (None, None, "Artiest", "Артист"),
    "priest": (None, None, "Priester", "Жрец"),
    "apparitor": (None, None, "Ambtenaar", "Чиновник"),
    "patrician": (None, None, "Patriciër", "Патриций"),
    "citizen": ("Citizen", "Obywatel", "Burger", "Гражданин"),
    "traders": (None, None, "Handelaars", "Торговцы"),
    "performers": (None, None, "Artiesten", "Артисты"),
    "priests": (None, None, "Priesters", "Жрецы"),
    "apparitores": (None, None, "Ambtenaren", "Чиновники"),
    "patricians": (None, None, "Patriciërs", "Патриции"),
    "piety_or_discipline": (
        "Piety or Discipline",
        "Pobożność lub Dyscyplina",
        "Vroomheid of discipline",
        "Благочестие или Дисциплина",
    ),
    "renown_or_valour": (
        "Renown or Valour",
        "Sława lub Waleczność",
        "Roem of moed",
        "Слава или Доблесть",
    ),
    "attribute_of_choice": (
        "Attribute point of your choice",
        "punkt wybranego Atrybutu",
        "Eigenschapspunt naar keuze",
        "Очко атрибута на выбор",
    ),
    # the rulebook's glossary
    "year": (None, None, "Jaar", "Год"),
    "victory_point": (None, None, "overwinningspunt (OP)", "победное очко (ПО)"),
    "general_supply": (None, None, "algemene voorraad", "общий запас"),
    "left_sheet": (None, None, "linkervel", "левый Лист"),
    "right_sheet": (None, None, "rechtervel", "правый Лист"),
    "path_card": (None, None, "Padkaart", "карта Пути"),
    "prospect_card": (None, None, "Ontwikkelingskaart", "карта Развития"),
    "neutral_deck": (None, None, "Neutrale stapel", "Нейтральная колода"),
    "infrastructure": (None, None, "Infrastructuur", "Инфраструктура"),
    "cohort": (None, None, "Cohort", "Когорта"),
    "disdain": (None, None, "Minachting", "Презрение"),
    "remove_disdain": (None, None, "Minachting wegnemen", "Снятие Презрения"),
    "favour": (None, None, "Gunst", "Поддержка"),
    "production": (None, None, "Grondstofproductie", "Производство ресурсов"),
    "sword": (None, None, "Zwaard (Muurwacht)", "Меч (Стража)"),
    "trade_good": (None, None, "Handelswaar", "Товар"),
    "scout": (None, None, "Verkenning", "Разведка"),
    "pattern": (None, None, "Patroon", "Узор"),
    "attack_potential": (None, None, "Aanvalskracht", "Сила атаки"),
    "landmark": (None, None, "Monument", "Монумент"),
    "red_gladiator": (None, None, "Rode gladiator", "Красный гладиатор"),
    "blue_gladiator": (None, None, "Blauwe gladiator", "Синий гладиатор"),
    "strength": (None, None, "Kracht", "Сила"),
    "damage": (None, None, "Schade", "Урон"),
    "battle": (None, None, "Gevecht", "Бой"),
    "performance": (None, None, "Voorstelling", "Представление"),
    "bribe": (None, None, "Steekpenning", "Взятка"),
    "ruling": (None, None, "Uitspraak", "Постановление"),
    "scouting_map": (None, None, "Verkenningskaart", "Карта разведки"),
    # difficulty and the year's grey flag
    "difficulty": ("Difficulty", "Poziom trudności", "Moeilijkheidsgraad", "Сложность"),
    "grey_flag": (
        "Grey flag (Attack potential)",
        "Szara flaga (siła ataku)",
        "Grijze vlag (aanvalskracht)",
        "Серый флаг (сила атаки)",
    ),
    "easy": (None, None, "Laag", "Низкая"),
    "normal": (None, None, "Normaal", "Обычная"),
    "hard": (None, None, "Hoog", "Высокая"),
    # areas of the sheets
    "cohorts": (None, None, "Cohorten", "Когорты"),
    "mining_foresting": (None, None, "Mijnbouw en bosbouw", "Рудники и леса"),
    "wall_guard": (None, None, "Muurwacht", "Стража"),
    "fort": (None, None, "Fort", "Форт"),
    "wall": (None, None, "Muur", "Стена"),
    "cippi": (None, None, "Palissade", "Частокол"),
    "granaries": (None, None, "Graanschuren", "Амбары"),
    "resource_production": (None, None, "Grondstofproductie", "Производство ресурсов"),
    "training_grounds": (None, None, "Oefenterrein", "Казармы"),
    "forum": (None, None, "Forum", "Форум"),
    "landmarks": (None, None, "Monumenten", "Монументы"),
    "attribute_tracks": (None, None, "Eigenschapssporen", "Шкалы атрибутов"),
    "citizen_tracks": (None, None, "Burgersporen", "Шкалы граждан"),
    "precincts": (None, None, "Wijken", "Кварталы"),
    "market": (None, None, "Markt", "Рынок"),
    "theatre": (None, None, "Theater", "Театр"),
    "ludus": (None, None, "Ludus Gladiatorius", "Школа гладиаторов"),
    "gardens": (None, None, "Tuinen", "Сады"),
    "temples": (None, None, "Tempels", "Храмы"),
    "baths": (None, None, "Badhuis", "Термы"),
    "courthouse": (None, None, "Gerechtshof", "Суд"),
    "diplomats": (None, None, "Diplomaten", "Дипломаты"),
    "scouts": (None, None, "Verkenning", "Разведка"),
    "fate_cards": (None, None, "Lotkaarten", "карты Судьбы"),
    "player_cards": (None, None, "spelerskaarten", "карты Игрока"),
    "fate_card": ("Fate card", "karta Losu", "Lotkaart", "карта Судьбы"),
    "fate_deck": ("Fate deck", "Talia Losu", "Lotkaartenstapel", "Колода Судьбы"),
    "fate_discard": (
        "Fate discard pile",
        "Stos odrzuconych kart Losu",
        "Aflegstapel van de lotkaarten",
        "Сброс карт Судьбы",
    ),
    "gladiator_damage": (
        "Gladiator damage",
        "Obrażenia Gladiatora",
        "Gladiatorschade",
        "Урон гладиатору",
    ),
    "path_cards": ("Path cards", "Karty Ścieżki", "Padkaarten", "Карты Пути"),
    "path": ("Path card objective", "Cel karty Ścieżki", "Doel van de padkaart", "Цель карты Пути"),
    # buildings
    "small_granary": (None, None, "Kleine graanschuur", "Малый амбар"),
    "medium_granary": (None, None, "Middelgrote graanschuur", "Средний амбар"),
    "large_granary": (None, None, "Grote graanschuur", "Большой амбар"),
    "small_hotel": (None, None, "Kleine herberg", "Малый постоялый двор"),
    "large_hotel": (None, None, "Grote herberg", "Большой постоялый двор"),
    "small_workshop": (None, None, "Kleine werkplaats", "Малая мастерская"),
    "large_workshop": (None, None, "Grote werkplaats", "Большая мастерская"),
    "small_road": (None, None, "Kleine weg", "Малая дорога"),
    "large_road": (None, None, "Grote weg", "Большая дорога"),
    "small_precinct": (None, None, "Kleine wijk", "Малый квартал"),
    "medium_precinct": (None, None, "Middelgrote wijk", "Средний квартал"),
    "large_precinct": (None, None, "Grote wijk", "Большой квартал"),
    "small_gardens": (None, None, "Kleine tuinen", "Малые сады"),
    "large_gardens": (None, None, "Grote tuinen", "Большие сады"),
    "small_temple": (None, None, "Kleine tempel", "Малый храм"),
    "medium_temple": (None, None, "Middelgrote tempel", "Средний храм"),
    "large_temple": (None, None, "Grote tempel", "Большой храм"),
    # Landmarks (the Polish rulebook names only the Monolith)
    "archway": (None, "Łuk", "Boog", "Арка"),
    "monolith": (None, None, "Monoliet", "Монолит"),
    "column": (None, "Kolumna", "Zuil", "Колонна"),
    "statue": (None, "Posąg", "Standbeeld", "Статуя"),
    # Path and Prospect cards
    "engineer": (None, None, "Ingenieur", "Инженер"),
    "merchant": (None, None, "Koopman", "Купец"),
    "ranger": (None, None, "Spoorzoeker", "Следопыт"),
    "forager": (None, None, "Verzamelaar", "Собиратель"),
    "pontiff": (None, None, "Pontifex", "Понтифик"),
    "trainer": (None, None, "Lanista", "Ланиста"),
    "defender": (None, None, "Verdediger", "Защитник"),
    "fighter": (None, None, "Strijder", "Воин"),
    "architect": (None, None, "Architect", "Архитектор"),
    "aristocrat": (None, None, "Aristocraat", "Аристократ"),
    "planner": (None, None, "Planner", "Планировщик"),
    "vanguard": (None, None, "Wachter", "Страж"),
    # scouting patterns
    "o_shape": ("O pattern", "Wzór O", "O-patroon", "Узор O"),
    "i_shape": ("I pattern", "Wzór I", "I-patroon", "Узор I"),
    "l_shape": ("L pattern", "Wzór L", "L-patroon", "Узор L"),
    "t_shape": ("T pattern", "Wzór T", "T-patroon", "Узор T"),
    "s_shape": ("S pattern", "Wzór S", "S-patroon", "Узор S"),
    # sides: a Cohort, a neighbour, a Courthouse column
    "left": ("left", "po lewej", "links", "слева"),
    "centre": ("centre", "pośrodku", "midden", "в центре"),
    "right": ("right", "po prawej", "rechts", "справа"),
    # whose Prospect card a purchase or a Scout uses
    "own": ("own card", "własna karta", "eigen kaart", "своя карта"),
    "deck": ("Fate deck", "talia Losu", "Lotkaartenstapel", "колода Судьбы"),
    "neutral1": (
        "first Neutral card",
        "pierwsza karta Neutralna",
        "eerste neutrale kaart",
        "первая нейтральная карта",
    ),
    "neutral2": (
        "second Neutral card",
        "druga karta Neutralna",
        "tweede neutrale kaart",
        "вторая нейтральная карта",
    ),
    # gladiators, favours and temples
    "red": ("Red Gladiator", "Czerwony Gladiator", "Rode gladiator", "Красный гладиатор"),
    "blue": ("Blue Gladiator", "Niebieski Gladiator", "Blauwe gladiator", "Синий гладиатор"),
    "temple": ("Temple", "Świątynia", "Tempel", "Храм"),
    "diplomat": ("Diplomat", "Dyplomata", "Diplomaat", "Дипломат"),
    "diplomat_1": ("1st Diplomat", "1. Dyplomata", "1e diplomaat", "1-й Дипломат"),
    "diplomat_2": ("2nd Diplomat", "2. Dyplomata", "2e diplomaat", "2-й Дипломат"),
    "diplomat_3": ("3rd Diplomat", "3. Dyplomata", "3e diplomaat", "3-й Дипломат"),
    "small": ("Small", "Mała", "Kleine", "Малый"),
    "medium": ("Medium", "Średnia", "Middelgrote", "Средний"),
    "large": ("Large", "Wielka", "Grote", "Большой"),
    # solo ranks (the Polish rulebook names them; it keeps the Latin titles but the first)
    "miles": (None, None, "Miles", "Легионер"),
    "centurion": (None, None, "Centurio", "Центурион"),
    "primus_pilus": (None, None, "Primus pilus", "Примипил"),
    "praefectus_castrorum": (None, None, "Praefectus castrorum", "Префект лагеря"),
    "legatus_legionis": (None, None, "Legatus legionis", "Легат легиона"),
    "rank": ("Solo rank", "Ranga w grze solo", "Rang in het solospel", "Звание в одиночной игре"),
    # phases of the year
    "phase": ("Phase", "Faza", "Fase", "Фаза"),
    "choose": ("Choosing cards", "Wybór kart", "Kaarten kiezen", "Выбор карт"),
    "actions": ("Actions", "Akcje", "Acties", "Действия"),
    "attack": ("Pict attack", "Atak Piktów", "Aanval van de Picten", "Атака пиктов"),
    "over": ("Game over", "Koniec gry", "Einde van het spel", "Конец игры"),
    # view keys and event arguments
    "pool": (
        "Workers and resources",
        "Robotnicy i Surowce",
        "Arbeiders en grondstoffen",
        "Рабочие и ресурсы",
    ),
    "paths": ("Path cards", "karty Ścieżki", "Padkaarten", "карты Пути"),
    "prospect": ("Prospect card", "karta Rozwoju", "Ontwikkelingskaart", "карта Развития"),
    "earlier_prospects": (
        "Earlier Prospect cards",
        "Wcześniejsze karty Rozwoju",
        "Eerdere Ontwikkelingskaarten",
        "Прежние карты Развития",
    ),
    "cards_unseen": (
        "Cards left in the deck",
        "Karty pozostałe w talii",
        "Kaarten nog in de stapel",
        "Карты, оставшиеся в колоде",
    ),
    "drawn": ("Drawn cards", "Dobrane karty", "Getrokken kaarten", "Взятые карты"),
    "neighbours": ("Neighbours", "Sąsiedzi", "Buren", "Соседи"),
    "neutral": (
        "Neutral Prospect cards",
        "Neutralne karty Rozwoju",
        "Neutrale Ontwikkelingskaarten",
        "Нейтральные карты Развития",
    ),
    "attributes": ("Attributes", "Atrybuty", "Eigenschappen", "Атрибуты"),
    "citizens": ("Citizens", "Obywatele", "Burgers", "Граждане"),
    "buildings": ("Buildings", "Budowle", "Gebouwen", "Постройки"),
    "gladiators": ("Gladiators", "Gladiatorzy", "Gladiatoren", "Гладиаторы"),
    "temple_favours": ("Temple Favours", "Wsparcie Świątyń", "Tempelgunsten", "Поддержка храмов"),
    "diplomat_favours": (
        "Diplomat Favours",
        "Wsparcie Dyplomatów",
        "Diplomatengunsten",
        "Поддержка дипломатов",
    ),
    "undefended": (
        "Undefended attacks",
        "Nieobronione ataki",
        "Onverdedigde aanvallen",
        "Неотражённые атаки",
    ),
    "score": ("Score", "Punktacja", "Score", "Счёт"),
    "total": ("Total", "Suma", "Totaal", "Итого"),
    "pieces": ("Pieces on it", "Elementy na karcie", "Stukken erop", "Фишки на карте"),
    # a player's state in the year
    "chosen": (
        "Path card chosen",
        "Karta Ścieżki wybrana",
        "Padkaart gekozen",
        "Карта Пути выбрана",
    ),
    "passed": ("Year ended", "Rok zakończony", "Jaar beëindigd", "Год завершён"),
    "deciding": ("Choosing Favours", "Wybiera Wsparcie", "Kiest gunsten", "Выбирает Поддержку"),
    "pending": (
        "Reward to place",
        "Nagroda do umieszczenia",
        "Te plaatsen beloning",
        "Награда к размещению",
    ),
    # placing a Scout's pattern
    "rotate": ("Turn the pattern", "Obróć Wzór", "Patroon draaien", "Повернуть Узор"),
    "mirror": ("Mirror the pattern", "Odbij Wzór", "Patroon spiegelen", "Отразить Узор"),
}


def _known() -> Iterator[tuple[str, Mapping[str, str]]]:
    """The names the component data gives, by the word the engine uses."""
    yield "hadrians_wall", DATA["game"]["names"]
    for section in ("workers_and_resource", "attributes", "citizens", "terms", "solo_ranks"):
        for item in DATA[section]["values"]:
            yield item["id"], item["names"]
    for citizen, track in TRACK_OF_CITIZEN.items():
        yield track, DATA["citizens"]["values"][CITIZENS.index(citizen)]["track_names"]
    yield from DATA["difficulty"]["names"].items()
    for area in (
        "cohorts",
        "mining_foresting",
        "wall_guard",
        "fort",
        "wall",
        "cippi",
        "granaries",
        "resource_production",
        "training_grounds",
        "forum",
        "landmarks",
        "attribute_tracks",
        "citizen_tracks",
        "precincts",
        "market",
        "theatre",
        "ludus",
        "gardens",
        "temples",
        "baths",
        "courthouse",
        "diplomats",
        "scouts",
        "scouting_map",
        "fate_cards",
        "player_cards",
    ):
        yield area, DATA[area]["names"]
    for size in ("small", "medium", "large"):
        yield f"{size}_granary", DATA["granaries"][size]["names"]
        yield f"{size}_precinct", DATA["precincts"][size]["names"]
        yield f"{size}_temple", DATA["temples"][size]["names"]
    for kind in ("hotel", "workshop", "road"):
        for size in ("small", "large"):
            yield f"{size}_{kind}", DATA["common_buildings"][kind][size]["names"]
    for size in ("small", "large"):
        yield f"{size}_gardens", DATA["gardens"][size]["names"]
    for item in DATA["landmarks"]["values"]:
        yield item["id"], item["names"]
    for card in DATA["player_cards"]["cards"]:
        yield card["id"], card["names"]


def _fate_card_names() -> Iterator[tuple[str, dict[str, str]]]:
    """Fate cards have no printed names: each is called by its number."""
    for number, card in enumerate(FATE_CARDS, start=1):
        yield (
            card.id,
            {lang: f"{_WORDS['fate_card'][i]} {number}" for i, lang in enumerate(LANGUAGES)},
        )


def _terms() -> Mapping[str, Mapping[str, str]]:
    names: dict[str, dict[str, Any]] = {}
    for term, known in (*_known(), *_fate_card_names()):
        names.setdefault(term, {}).update(known)
    for term, given in _WORDS.items():
        found = names.setdefault(term, {})
        for language, name in zip(LANGUAGES, given, strict=True):
            if name is not None:
                found.setdefault(language, name)
    return MappingProxyType(
        {
            term: MappingProxyType({lang: found[lang] for lang in LANGUAGES if lang in found})
            for term, found in sorted(names.items())
        }
    )


TERMS = _terms()
