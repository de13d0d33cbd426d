"""Search: document cards for a query in the chosen context (or all), relevant ones first and weak matches on
request, with the count, the time, and the results as CSV or XLSX."""

from __future__ import annotations

import streamlit as st

from backend.models import MAX_QUESTION_CHARS
from console.api import api_client, attempt, wait_until_ready
from console.context import ALL_DOCUMENTS, context_picker
from console.export import RESULT_COLUMNS, download_buttons, result_rows
from console.navigation import through_navigation
from console.widgets import document_link, source_card

through_navigation("search")

st.title("Search")
with st.columns([2, 3])[0]:
    context = context_picker(api_client(), "search")  # outside the form: the choice applies at once, to every page
with st.form("search"):
    columns = st.columns([5, 1])
    query = columns[0].text_input("Query", placeholder="e.g. parental leave", max_chars=MAX_QUESTION_CHARS)
    limit = columns[1].number_input("Results", min_value=1, max_value=50, value=10)
    submitted = st.form_submit_button("Search", type="primary", icon=":material/search:")

if submitted and query.strip():
    wait_until_ready()
    found = attempt(api_client().search, query, context["id"] if context else None, int(limit))
    if found.error is not None:
        st.error(f"Search failed: {found.error.message}", icon=":material/error:")
    context_name = context["name"] if context else ALL_DOCUMENTS
    st.session_state.search_results = (
        None if found.error else {"query": query, "context": context_name, "results": found.value, "ms": found.ms}
    )
elif submitted:
    st.warning("Type something to search for.")

state = st.session_state.get("search_results")
if state:
    results = state["results"]
    relevant = [r for r in results if r["metadata"].get("relevant", True)]
    weaker = [r for r in results if r not in relevant]
    plural = "s" if len(relevant) != 1 else ""
    st.caption(
        f"{len(relevant)} relevant result{plural} for “{state['query']}” in {state['context']} · {state['ms']:.0f} ms"
    )
    if not relevant:
        st.info(
            "No document is relevant to this query. Try other words or another context."
            + (f" {len(weaker)} weaker match{'es' if len(weaker) != 1 else ''} can be listed below." if weaker else ""),
            icon=":material/search_off:",
        )
    for result in relevant:
        source_card(result, state["query"], relevance=True)
    if weaker and st.toggle(f"Show {len(weaker)} weaker match{'es' if len(weaker) != 1 else ''}", key="show_weaker"):
        for result in weaker:
            source_card(result, state["query"], relevance=True)
    if results:
        rows = result_rows(state["query"], state["context"], results, document_link)
        download_buttons("Results", RESULT_COLUMNS, rows, "answerbase-results", "Results")
