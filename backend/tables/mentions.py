"""The cell values a question says, read against a table's :class:`~backend.tables.vocabulary.Index`: whole values
(longest first) and values said in part ("hongkou stadium" of "Hongkou Stadium, Shanghai"). Misspelt words are read
as the table writes them first (``spelling.py``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from backend.tables.counted_heads import counted_heads
from backend.tables.numbered_kinds import numbered_kinds
from backend.tables.vocabulary import Index
from backend.tables.words import CUE_WORDS, MAX_WORDS, MIN_WORDS, MONTH_NAMES, Mention, normal
from backend.text import STOP_WORDS, stem

# A capitalised word after a word that does not end a sentence: "orders from Antarctica", "Acme Corp's".
_NAME = re.compile(r"(?<=[\w,;)'\"] )[A-Z][\w'’.-]*")
# The share of a column's distinct values a word said in part may be held by and still pick rows out (0.3 of the
# values; a question that names the column allows all, a state half).
_FEW_CELLS = 0.3


def names_said(question: str) -> set[str]:
    """The words (in :func:`normal` form) of the names a question capitalises mid-sentence. A name that no cell and
    no column of a table holds says the question is about something the table does not know."""
    names = [re.sub(r"['’]s$", "", name) for name in _NAME.findall(question) if name != "I"]
    return {word for name in names for word in normal(name).split()}


def said_values(words: list[str], index: Index, names: Collection[str] = ()) -> list[Mention]:
    """Cell values the question says, longest first, not overlapping (``names``: the words the question capitalises
    as names, :func:`names_said`)."""
    found: list[Mention] = []
    # a column's name said whole is that column, not a cell one of its words is ("the average offer salary" of an
    # "Offer Salary" beside an "Offer" stage averaged the offers at that stage; my own candidates table, 2026-11-28)
    said = f" {' '.join(words)} "
    taken = {i for p in index.phrases if f" {p} " in said for i in _positions(words, p.split())}
    for n in range(min(index.max_words, len(words)), 0, -1):
        for start in range(len(words) - n + 1):
            if any(i in taken for i in range(start, start + n)):
                continue
            phrase = " ".join(words[start : start + n])
            cells = {c: values[phrase] for c, values in enumerate(index.values) if phrase in values}
            # A word said as a column's name is that column, not a cell its stem matches ("opened" of "Opened"
            # is no "Open" status); one that is a cell as written still is ("how many are open").
            # nor is a word a cell's stem matches, where it and the next word are said inside one cell ("oat milk"
            # of 'Oat Milk 1L' is no "Oatly"; my own inventory table, 2026-11-29)
            if (
                not cells
                and not (
                    n == 1
                    and (
                        phrase in STOP_WORDS
                        or phrase in CUE_WORDS
                        or phrase in index.name_words
                        # "how many people work remotely" of a Remote column of yes and no: the flag, not a Location
                        # cell "Remote" (it counted those, 2 for 3, at 0.8; my own payroll table, 2026-11-29)
                        or any(flag and stem(phrase) in index.names[c] for c, flag in enumerate(index.flags))
                        or (start + 1 < len(words) and _one_cell_holds(words[start : start + 2], index))
                    )
                )
            ):
                stems = " ".join(stem(w) for w in words[start : start + n])
                cells = {c: by_stem[stems] for c, by_stem in enumerate(index.stemmed) if stems in by_stem}
            if not cells or (n == 1 and (phrase.isdigit() and len(phrase) < 3)):
                continue
            if n == 1 and phrase in STOP_WORDS and phrase not in MONTH_NAMES and phrase not in names:
                continue  # "it" is a cell "IT" only where the question writes it so ("the budget of IT projects")
            found.append(Mention(start, start + n, cells))
            taken |= set(range(start, start + n))
    partial = _partial_mentions(words, index, taken, names)
    # (a counted kind of cell is said beside values said whole too: "how many managers are in London")
    found += counted_heads(words, index, taken | {i for m in partial for i in range(m.start, m.end)}, _FEW_CELLS)
    found += numbered_kinds(words, index, taken | {i for m in [*partial, *found] for i in range(m.start, m.end)})
    if not found:  # a value said in part only when no value is said whole (tuning half: 0.423 vs 0.408 always)
        found += partial
    else:  # but an outcome or a state always is: "how many deals did Priya Shah win" counts the "Closed Won" ones;
        # and so is a name the question capitalises ("how many Cold Brew Kits did Hooli buy": 'Hooli Inc')
        found += [
            m
            for m in partial
            if (m.end - m.start == 1 and _outcome_or_state(words, m.start, index))
            or all(w in names for w in words[m.start : m.end])
            or _paired_with(m, found, words)
        ]
    return sorted(found, key=lambda m: m.start)


def _paired_with(mention: Mention, whole: list[Mention], words: list[str]) -> bool:
    """Whether a part of one cell is said beside a value said whole of the same column, joined by "or" or "and"
    ("who had more tosses, adamson or pup stars": the Adamson Pep Squad and the PUP Stars; fresh WikiTableQuestions
    training questions, tuning tables, 2026-11-29): the two are alike, so the part names its cell too."""
    if mention.partial:  # several cells hold the words: no one row is named
        return False
    if any(other.end == mention.start or mention.end == other.start for other in whole):
        return False  # "white voters and black voters": "voters" is said of the value before it
    for other in whole:
        between = words[mention.end : other.start] if mention.end <= other.start else words[other.end : mention.start]
        if mention.cells.keys() & other.cells.keys() and between in (["or"], ["and"]):
            return True
    return False


def _positions(words: list[str], phrase: list[str]) -> set[int]:
    """The positions of every run of ``words`` that is ``phrase``."""
    n = len(phrase)
    return {
        i for start in range(len(words) - n + 1) if words[start : start + n] == phrase for i in range(start, start + n)
    }


def _partial_mentions(words: list[str], index: Index, taken: set[int], names: Collection[str]) -> list[Mention]:
    """Runs of question words that are part of a cell ("hongkou stadium" of "Hongkou Stadium, Shanghai"): a
    ``contains`` condition, on the column whose cells hold the run. Only words that name nothing else count."""
    found = []
    start = 0
    # "which building is the tallest", "what was the first building completed": the first word after "which" or
    # "what" (past "was the first") is the kind of row asked for, not part of a cell ("Wells Building")
    # ("name the largest lake", "list the ...": asked as "which" is; it read "lake" of every "Lake ..." cell, and the
    # answer from an unnamed column beside them, fresh tuning nt-13988, 2026-12-06)
    asked = {
        _asked_kind(words, i) for i, word in enumerate(words) if word in ("which", "what") or (i, word) in _IMPERATIVES
    }
    # "the average cost per repair": a word after "per" is the unit the amount is of, not part of a cell ("Engine
    # repair"; it averaged that one service's cost, at 0.8; my own fleet maintenance log, 2026-12-07)
    asked |= {i + 1 for i, word in enumerate(words) if word == "per"}
    said = {stem(w) for w in words if w not in STOP_WORDS}
    while start < len(words):
        if start in taken or start in asked or not _partial_word(words[start], index, names):
            start += 1
            continue
        end = start + 1
        while (
            end < len(words)
            and end not in taken
            and (
                _partial_word(words[end], index, names)
                or words[end] in ("of", "de")
                # "and" between two names the question capitalises joins them only where one cell holds both
                # ("Acme and Hooli": two customers; lower-case questions join: "philip larsen and chris smith")
                or (words[end] == "and" and not _two_names(words, end, names, index))
                # "lorenzo the magnificent" of "Lorenzo I de' Medici (Lorenzo the Magnificent)": one cell's words (it
                # read "lorenzo" as any Lorenzo; fresh WikiTableQuestions training questions, tuning tables, 2026-11-28)
                or (words[end] == "the" and _one_cell_holds(words[start : end + 2], index))
            )
        ):
            end += 1
        while end > start + 1 and not _partial_word(words[end - 1], index, names):
            end -= 1
        phrase = " ".join(words[start:end])
        cells, whole = {}, {}
        for column, values in enumerate(index.values):
            if all(w in index.words[column] for w in phrase.split()):
                # "which project started first" is none of the "Not Started" ones: a cell that negates the words
                # said holds them only where the question negates them too (my own projects table, 2026-11-29)
                negated = words[start - 1 : start] in (["not"], ["non"])
                hits = [
                    key
                    for key in values
                    if f" {phrase} " in f" {key} " and (negated or not re.search(rf"\b(?:not|non) {phrase}\b", key))
                ]
                # Words in most of a column's cells describe the column ("stadium" in a column of stadiums),
                # unless the question names the column too ("how many times does died appear as the reason").
                # A state ("closed" of "Closed Won" and "Closed Lost") describes rows, not the column: up to half.
                named_too, state = index.names[column] & said, _participle_of_cells(phrase, index)
                share = 1.0 if named_too else 0.5 if state else _FEW_CELLS
                if _held_by_few(hits, len(values), share):
                    cells[column] = phrase
                    if len(hits) == 1:
                        whole[column] = values[hits[0]]
        if whole and len(whole) == len(cells):  # one cell of each column holds it: "alwood" is "Clyde Alwood"
            found.append(Mention(start, end, whole))
        elif cells:
            found.append(Mention(start, end, cells, partial=True))
        start = end
    return found


def _held_by_few(hits: list[str], distinct: int, share: float = _FEW_CELLS) -> bool:
    """Whether the values ``hits`` of a column of ``distinct`` values are a few of them (at most ``share``, at least
    one, not all): words most of a column's cells hold describe the column ("stadium"), not a row."""
    return bool(hits) and len(hits) <= max(1, share * distinct) and len(hits) < distinct


def left_out_values(
    unexplained: tuple[str, ...], picked: dict[int, list[str]], index: Index
) -> tuple[tuple[str, int], ...]:
    """The words left unexplained that are part of a few cells of a column the plan picks rows by (``picked``: each
    such column's values the conditions say), cells the conditions do not pick, with that column: a value said and
    dropped ("the combined deficit of germany and sweden" picked Germany's row alone, 'Sweden Anna Olsson' said in
    part beside a value said whole). "off" of "written-off", read as 'written' of the cells 'Written off', is of the
    rows picked."""

    def others_holding(word: str, column: int) -> list[str]:
        said = [f" {normal(value)} " for value in picked[column]]
        held = [key for key in index.values[column] if f" {word} " in f" {key} "]
        return [key for key in held if not any(value in f" {key} " for value in said)]

    return tuple(
        (word, column)
        for word in unexplained
        if len(word) >= 3 and word not in STOP_WORDS and not word.isdigit()
        for column in picked
        if _held_by_few(others_holding(word, column), len(index.values[column]))
    )


def cell_words_left_out(unexplained: tuple[str, ...], index: Index) -> tuple[tuple[str, int], ...]:
    """The words left unexplained that cells of some column hold, each with the first such column: the question says
    something the table writes ("how many times has 'stayin' alive' been recognized as one of the rolling stone's 500
    greatest songs" counted all 5 of Rolling Stone's accolades, where 2 are right: "songs", a word of the Accolade
    cells it asks about, left out; dev nt-7303), and the reading uses none of it. Numbers are left to the rules that
    read them (a number said is compared, counted or ranked, rarely a word of a cell)."""
    left_out = []
    for word in unexplained:
        column = next((c for c, held in enumerate(index.words) if word in held), None)
        if column is not None and not word.isdigit():
            left_out.append((word, column))
    return tuple(left_out)


def _two_names(words: list[str], at: int, names: Collection[str], index: Index) -> bool:
    """Whether the "and" at ``at`` stands between two names the question capitalises that no one cell holds."""
    around = words[at - 1 : at + 2]
    return len(around) == 3 and around[0] in names and around[2] in names and not _one_cell_holds(around, index)


def _one_cell_holds(words: list[str], index: Index) -> bool:
    """Whether some cell holds ``words`` as said."""
    phrase = f" {' '.join(words)} "
    return any(phrase in f" {key} " for values in index.values for key in values)


def _asked_kind(words: list[str], at: int) -> int:
    """Where the word after ``at`` is said, past "is the first" and the like. A word right after "what is" names what
    the question is about, not a kind ("what is acme's revenue": a cell 'Acme Corp', where it added up every
    customer's); with an article between, it is a kind ("what was the first building completed")."""
    if words[at + 1 : at + 2] in (["is"], ["was"], ["are"], ["were"]) and words[at + 2 : at + 3] not in _ARTICLES:
        return len(words)
    kind = next((i for i in range(at + 1, len(words)) if words[i] not in _BEFORE_KIND), len(words))
    # "what is the win rate": a rate is asked, of the rows the word before it says ("Closed Won"; it read no
    # reading, where "what is our win rate" read one; my own deals table, 2026-11-29)
    return kind + 1 if words[kind + 1 : kind + 2] == ["rate"] else kind


# What may follow "what is" before a kind: an article, or nothing ("what is" at the end names nothing)
_ARTICLES: tuple[list[str], ...] = (["the"], ["a"], ["an"], [])
_BEFORE_KIND = {"is", "was", "are", "were", "the", "a", "an", "first", "last", "only", *MAX_WORDS, *MIN_WORDS}
_IMPERATIVES = {(0, "name"), (0, "list")}  # a question that starts so asks for a kind of row, as "which" does


# Words of three letters said in part of a cell: a name the question capitalises ("How many deals does Tom have?" of
# "Tom Becker"), and "won" ("deals won" of a "Closed Won" stage). Other short words stay out: over WikiTableQuestions'
# lower-case questions, taking every three-letter word read "low" of "average low" and "v12" of the wrong engine
# (2 checking readings wrong at 0.29 and 0.75, against 1 right; bench/table_qa.py --in-process, 2026-11-27).
_SHORT_SAID = {"won"}
# The outcomes of a deal, a match or a case, said in part of a status beside a name the question says whole.
_OUTCOMES = {"won", "lost"}


def _partial_word(word: str, index: Index, names: Collection[str]) -> bool:
    return (
        (len(word) >= 4 or word in index.codes or (len(word) == 3 and (word in names or word in _SHORT_SAID)))
        and word not in STOP_WORDS
        and word not in CUE_WORDS
        and not word.isdigit()
        # a word that names a column is that column, unless it is a participle that cells write and the name does
        # not ("closed" of a "Closed Won" stage, beside a "Close Date"; plurals stay names: "games" of a Game column)
        and (_participle_of_cells(word, index) or not any(stem(word) in name for name in index.names))
        and any(word in column_words for column_words in index.words)
    )


def _participle_of_cells(word: str, index: Index) -> bool:
    """Whether a word is a participle ("closed", "shipped") not written as a column's name: a state of the rows."""
    return word.endswith("ed") and word not in index.name_words


def _outcome_or_state(words: list[str], at: int, index: Index) -> bool:
    """An outcome ("won"), or a state whose word would otherwise name a column ("closed" of a "Close Date" beside
    "Closed Won" stages: "how many deals does Lena have that are not closed"). Other participles wait for a question
    that says no value whole: "aired" of a Notes cell beside "CBS" read 2 right tuning counts as 0 (2026-11-27).
    A participle said with its agent names its column, not a state: "operated by EWS" is the Operator, not the
    Status cells that say "Operated Floyd ZRt." (counted none; fresh WikiTableQuestions training questions, tuning
    tables, 2026-11-28)."""
    word = words[at]
    if word in _OUTCOMES:
        return True
    if at + 1 < len(words) and words[at + 1] == "by":
        return False
    return _participle_of_cells(word, index) and any(stem(word) in n for n in index.names)
