"""What several console pages draw: numbers as people write them, document links, and document cards."""

from __future__ import annotations

import math
from urllib.parse import urlencode

import streamlit as st

from backend.models import ARCHIVE_SUFFIXES, DOCUMENT_SUFFIXES
from console.export import download_buttons
from console.highlight import highlight_spans, highlight_terms

# What the uploader lists as accepted: every format the API reads, and archives of them (backend.models).
UPLOAD_TYPES = [suffix.removeprefix(".") for suffix in (*DOCUMENT_SUFFIXES, *ARCHIVE_SUFFIXES)]

# The page paths app.py's navigation serves (st.Page's default url_path is the file's name).
PAGE_PATHS = ("ask", "search", "documents", "grid", "questions", "status")


def format_number(value: float) -> str:
    """A number as a person reads it: thousands separators, no scientific notation between 1e-4 and 1e15, and no
    more digits than a person reads: four decimals, or four significant digits under 1 (4200000.0 → "4,200,000",
    61.5 → "61.5", 0.1 + 0.2 → "0.3", an average of 13/6 days → "2.1667"; :func:`is_rounded` says when digits were
    dropped, so the page can say so)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if value == 0 or 1e-4 <= abs(value) < 1e15:
        return f"{value:,.{_decimals(value)}f}".rstrip("0").rstrip(".")
    return f"{value:.6g}"


def is_rounded(value: float) -> bool:
    """Whether :func:`format_number` drops digits the value has (beyond float noise: 0.1 + 0.2 is 0.3)."""
    if isinstance(value, int) or value == 0 or not 1e-4 <= abs(value) < 1e15:
        return False
    return abs(round(value, _decimals(value)) - value) > 1e-9 * max(1.0, abs(value))


def _decimals(value: float) -> int:
    """Four decimals, or four significant digits for a value under 1 (0.00025 keeps its 5)."""
    return 4 if value == 0 or abs(value) >= 1 else 3 - math.floor(math.log10(abs(value)))


def plural(count: int, noun: str) -> str:
    """ "1 passage", "3 passages", "1,204 passages"."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def console_base_url() -> str:
    """The console's own address as the browser sees it (for links in exports); empty when unknown (tests)."""
    url = (st.context.url or "").rstrip("/")
    head, _, last = url.rpartition("/")
    return head if last in PAGE_PATHS else url


def document_view_path(document_id: str, **query: str) -> str:
    """The Documents page's view of one document, relative to the console (``documents?document=<id>…``)."""
    return "documents?" + urlencode({"document": document_id, **{k: v for k, v in query.items() if v}})


def document_link_template() -> str:
    """The console's link to a document with ``{id}`` for its id, for exports the API writes (a grid's)."""
    base = console_base_url()
    return f"{base}/documents?document={{id}}" if base else "documents?document={id}"


def _web_url(metadata: dict) -> str | None:
    """A web document's own address (its original, for a person to open), else None."""
    web = metadata["type"] == "web" and metadata["source"].startswith(("http://", "https://"))
    return metadata["source"] if web else None


def document_link(metadata: dict) -> str:
    """A link that opens a search result's or source's document for a person: a web page's own URL, else the
    console's view of the document (absolute when the console knows its address). Never the API's address."""
    if url := _web_url(metadata):
        return url
    path = document_view_path(metadata["document_id"])
    base = console_base_url()
    return f"{base}/{path}" if base else path


def _card_link(result: dict, query: str) -> str:
    meta = result["metadata"]
    if url := _web_url(meta):
        return url
    # The view finds and marks the passage by its first and last words (the excerpt may be cut short with "...").
    words = result["page_content"].removesuffix("...").split()
    return document_view_path(
        meta["document_id"],
        context=meta.get("context_id") or "",
        q=query,
        passage=" ".join(words[:8]),
        passage_end=" ".join(words[-8:]) if len(words) > 8 else "",
    )


def relevance_badge(metadata: dict) -> str:
    """How relevant a search result is, as the API judged it, as a Markdown badge: a word and the relevance score
    ("Relevant · 0.66", or "Weak match · 0.31" for a result under the API's relevance floor)."""
    if metadata.get("relevant", True):
        return f":green-badge[Relevant · {metadata['score']:.2f}]"
    return f":gray-badge[Weak match · {metadata['score']:.2f}]"


def source_card(result: dict, highlight: str = "", *, relevance: bool = False) -> None:
    """A document card: the name linking to the document, its type (and, for search results, its relevance), and
    the excerpt (Markdown stripped, the query's content words in bold, an answer's spans marked)."""
    meta = result["metadata"]
    with st.container(border=True):
        st.markdown(f"**[{meta['name']}]({_card_link(result, highlight)})**")
        color = {"web": "blue", "document": "violet"}.get(meta["type"], "gray")
        badges = f":{color}-badge[{meta['type']}]"
        st.markdown(badges + (" " + relevance_badge(meta) if relevance else ""))
        if result.get("spans"):
            st.caption("The answer was read here:")
            excerpt = highlight_spans(result["page_content"], result["spans"], highlight)
        else:
            excerpt = highlight_terms(result["page_content"], highlight)
        st.markdown(excerpt.replace("\n", "  \n"))  # keep the passage's line breaks (headings, rows)


def computation_view(computation: dict, key: str) -> None:
    """How a computed answer was computed: the table, the plan in words, what lowered its confidence (the words it
    leaves out, what its matched rows say against it), the SQL, and the rows that matched (as a small data frame,
    exportable to CSV)."""
    st.markdown(f"**Computed from {computation['table']}:** {computation['plan']}")
    left_out = computation.get("unexplained") or []
    if left_out:  # why the confidence is lower: rephrasing with the table's own words may read these
        st.warning(
            "This reading does not account for " + ", ".join(f"“{word}”" for word in left_out) + ".",
            icon=":material/rule:",
        )
    if caution := computation.get("caution"):  # what the matched rows say against the reading (answer/table_caps.py)
        st.warning(caution, icon=":material/report:")
    st.caption(
        "The value is computed exactly from the table; the confidence is how often a question read this way is "
        "read right."
    )
    if second := computation.get("model_reading"):  # local.table_second_reading: the model's own plan beside it
        st.caption(model_reading_words(second))
    with st.expander("SQL", icon=":material/code:"):
        st.code(computation["sql"], language="sql")
        if computation["parameters"]:
            st.caption("Parameters: " + ", ".join(repr(p) for p in computation["parameters"]))
    rows = [dict(zip(computation["columns"], row, strict=True)) for row in computation["rows"]]
    matched = computation["matched_rows"]
    if not rows:
        st.caption("No row matched the plan's conditions.")
        return
    st.caption(f"{plural(matched, 'matching row')}" + (f", the first {len(rows)} shown" if matched > len(rows) else ""))
    st.dataframe(rows, hide_index=True, width="stretch")
    download_buttons("Rows", computation["columns"], rows, f"rows-{key}", "Rows")


def model_reading_words(reading: dict) -> str:
    """The local model's second reading of a table question in a sentence."""
    if reading["outcome"] == "no plan":
        return "The local model, reading the question again, says the table does not answer it."
    if reading["outcome"] == "unusable":
        return f"The local model's own plan could not be used ({reading['plan']})."
    said = "agrees" if reading["outcome"] == "agrees" else f"gives {reading['value']!r} instead"
    return f"The local model's own plan ({reading['plan']}) {said}."
