"""Words as every comparison of a question with a passage splits them: folded to plain Latin letters."""

from __future__ import annotations

from backend.text import fold, terms, words


def test_fold_writes_letters_with_diacritics_as_plain_latin_letters():
    assert fold("Bolesław Töregene, Øresund, Straße, Æsir, naïve café") == (
        "Boleslaw Toregene, Oresund, Strasse, AEsir, naive cafe"
    )
    assert fold("plain ASCII stays as it is") == "plain ASCII stays as it is"


def test_a_word_with_diacritics_is_one_word_and_the_same_term_as_its_plain_spelling():
    assert words("Who was Bolesław II of Masovia?") == ["Who", "was", "Boleslaw", "II", "of", "Masovia"]
    assert terms("Töregene Khatun ruled") == terms("Toregene Khatun ruled") == ["toregen", "khatun", "rule"]
