"""The people of a country as a question says them: "how many American drivers" of a Nationality column of "United
States" (or "USA"), "which Kenyan came in first" of "Kenya" or "KEN" (``vocabulary.said_as``: another way a question
says a cell). Before, the word was left out and every driver counted (fresh WikiTableQuestions tuning questions: 8
said a people of a country, nt-8601, nt-10235, nt-13809, 2026-12-06).

A cell is a country written out, or its three-letter code as sports tables write it (IOC, as "GER", "SUI"); or a
name with the code in brackets after it ("Ruth Wanjiru (KEN)": ``country_code``, read by ``nations_said.codes_said``
as a part of those cells).
"""

from __future__ import annotations

# (adjective, the country's names and codes as cells write them, in normal form)
_PEOPLES = (
    ("american", "united states|usa|us|u s|united states of america"),
    ("british", "united kingdom|great britain|gbr|uk|britain"),
    ("english", "england|eng"),
    ("scottish", "scotland|sco"),
    ("welsh", "wales|wal"),
    ("irish", "ireland|irl"),
    ("german", "germany|ger|west germany|east germany|frg|gdr"),
    ("french", "france|fra"),
    ("italian", "italy|ita"),
    ("spanish", "spain|esp"),
    ("portuguese", "portugal|por"),
    ("dutch", "netherlands|ned|holland"),
    ("belgian", "belgium|bel"),
    ("swiss", "switzerland|sui"),
    ("austrian", "austria|aut"),
    ("swedish", "sweden|swe"),
    ("norwegian", "norway|nor"),
    ("danish", "denmark|den"),
    ("finnish", "finland|fin"),
    ("russian", "russia|rus|soviet union|urs"),
    ("ukrainian", "ukraine|ukr"),
    ("polish", "poland|pol"),
    ("czech", "czech republic|czechia|cze"),
    ("hungarian", "hungary|hun"),
    ("romanian", "romania|rou"),
    ("bulgarian", "bulgaria|bul"),
    ("greek", "greece|gre"),
    ("turkish", "turkey|tur"),
    ("serbian", "serbia|srb"),
    ("croatian", "croatia|cro"),
    ("canadian", "canada|can"),
    ("mexican", "mexico|mex"),
    ("brazilian", "brazil|bra"),
    ("argentine", "argentina|arg"),
    ("argentinian", "argentina|arg"),
    ("chilean", "chile|chi"),
    ("colombian", "colombia|col"),
    ("cuban", "cuba|cub"),
    ("jamaican", "jamaica|jam"),
    ("australian", "australia|aus"),
    ("japanese", "japan|jpn"),
    ("chinese", "china|chn|people s republic of china"),
    ("korean", "south korea|korea|kor"),
    ("indian", "india|ind"),
    ("pakistani", "pakistan|pak"),
    ("thai", "thailand|tha"),
    ("kenyan", "kenya|ken"),
    ("ethiopian", "ethiopia|eth"),
    ("nigerian", "nigeria|ngr"),
    ("egyptian", "egypt|egy"),
    ("moroccan", "morocco|mar"),
    ("israeli", "israel|isr"),
    ("iranian", "iran|iri"),
)
_PEOPLE_OF: dict[str, tuple[str, ...]] = {}
for _people, _names in _PEOPLES:
    _said = (_people,) if _people.endswith(("sh", "ss", "ch", "se")) else (_people, f"{_people}s")  # "the Americans"
    for _name in _names.split("|"):
        _PEOPLE_OF[_name] = (*_PEOPLE_OF.get(_name, ()), *_said)


# The country said by another name than its cells' ("coaches from America" of "United States")
_PEOPLE_OF["united states"] = (*_PEOPLE_OF["united states"], "america")
_PEOPLE_OF["usa"] = (*_PEOPLE_OF["usa"], "america")


def people_of(key: str) -> tuple[str, ...]:
    """How a question names the people of the country a cell writes (in normal form): "american" and "americans"
    for "united states" or "usa"; none for other cells."""
    return _PEOPLE_OF.get(key, ())


# "winners from Kenya", "Japanese divers" of cells that write a name and the country's code ("Ruth Wanjiru (KEN)",
# "Kumiko Watanabe (JPN)"): the word said, and the code in brackets that cells hold
_CODE_OF: dict[str, str] = {}
for _people, _names in _PEOPLES:
    _codes = [name for name in _names.split("|") if len(name) == 3 and name.isalpha()]
    _countries = [name for name in _names.split("|") if len(name) > 3 and " " not in name]
    for _word in (_people, f"{_people}s", *_countries) if _codes else ():
        _CODE_OF.setdefault(_word, _codes[0])


def country_code(word: str) -> str | None:
    """The three-letter code of the country (or its people) a question's word says ("kenya", "kenyan": "ken"), or
    None."""
    return _CODE_OF.get(word)
