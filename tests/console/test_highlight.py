"""How excerpts read on the console's cards and document view (pure text functions, no Streamlit)."""

from __future__ import annotations

from console.highlight import find_passage, highlight_spans, highlight_terms, query_words, strip_markdown


def test_markdown_syntax_is_stripped_from_excerpts():
    text = "## Travel\n**From:** Jane\n- a [booking link](https://x.test) and `code`\n> quoted *aside*"
    assert strip_markdown(text) == "Travel\nFrom: Jane\n• a booking link and code\nquoted aside"
    assert "\\*" not in highlight_terms("**From:** Jane", "")  # no escaped syntax left to show


def test_highlighting_skips_stop_words_and_marks_content_words_with_any_ending():
    assert query_words("What is the budget of The hotels?") == ["budget", "hotels"]
    marked = highlight_terms("The hotel budget: the hotels in 2026.", "The hotels budget")
    assert "**The**" not in marked and "**the**" not in marked
    assert "**budget**" in marked and "**hotels**" in marked


def test_an_answer_span_and_a_passage_are_marked_line_by_line():
    text = "Offices\nLondon has 212 employees.\nBerlin has 87."
    assert ":orange-background[**212**]" in highlight_spans(text, [[19, 22]])
    span = find_passage(text, "London has", "87.")
    assert span == (8, len(text))
    marked = highlight_spans(text, [list(span)], "employees", passage=True)
    assert marked.splitlines() == [
        "Offices",
        ":orange-background[London has 212 **employees**.]",
        ":orange-background[Berlin has 87.]",
    ]
    assert find_passage(text, "Paris has") is None
    assert find_passage("a  b\n c d", "a b c") == (0, 7)  # whatever the whitespace
