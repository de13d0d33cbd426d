"""Words as every comparison of a question with a passage splits them: folded to plain Latin letters."""

from __future__ import annotations

import json
import os
from pathlib import Path

from backend.text import fold, held_terms, terms, words


def test_fold_writes_letters_with_diacritics_as_plain_latin_letters():
    assert fold("Bolesław Töregene, Øresund, Straße, Æsir, naïve café") == (
        "Boleslaw Toregene, Oresund, Strasse, AEsir, naive cafe"
    )
    assert fold("plain ASCII stays as it is") == "plain ASCII stays as it is"


def test_a_word_with_diacritics_is_one_word_and_the_same_term_as_its_plain_spelling():
    assert words("Who was Bolesław II of Masovia?") == ["Who", "was", "Boleslaw", "II", "of", "Masovia"]
    assert terms("Töregene Khatun ruled") == terms("Toregene Khatun ruled") == ["toregen", "khatun", "rule"]


def test_held_terms_are_the_asked_terms_among_the_texts_terms_without_stemming_it_whole():
    text = "The Broncos WON; Manning led them, began the drive, wrote history at Bolesław's 1939 stadium. Skies dying"
    for question in ["who wins and leads", "when did it begin", "who writes", "Boleslaw 1939", "sky die", "stadiums"]:
        assert held_terms(set(terms(question)), text) == set(terms(question)) & set(terms(text)), question
    assert held_terms(set(), text) == set()


def test_held_terms_agree_with_terms_on_every_typed_qa_question_and_its_passage():
    # The shortcut rests on Snowball keeping a word's first two letters; checked on real text, not assumed.
    data = Path(os.environ.get("ANSWERBASE_SHARED_DATA", Path(__file__).resolve().parents[3] / "shared" / "data"))
    passages = {
        p["passage_id"]: p["text"]
        for p in map(json.loads, (data / "typedqa" / "passages.jsonl").read_text(encoding="utf-8").splitlines())
    }
    questions = [json.loads(line) for line in (data / "typedqa" / "questions_dev.jsonl").read_text().splitlines()]
    for q in questions:
        asked, text = set(terms(q["question"])), passages[q["passage_id"]]
        assert held_terms(asked, text) == asked & set(terms(text)), q["id"]
