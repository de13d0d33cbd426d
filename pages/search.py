"""Search: document cards for a query, in one context or all, with the count, the time and a CSV."""

from __future__ import annotations

import streamlit as st

from backend.client import ApiError
from backend.export import results_csv
from pages.common import api_client, context_picker, source_card, through_navigation

through_navigation("search")

st.title("Search")
with st.form("search"):
    columns = st.columns([3, 2, 1])
    query = columns[0].text_input("Query", placeholder="e.g. parental leave", max_chars=4000)
    with columns[1]:
        context = context_picker(api_client(), "search_context")
    limit = columns[2].number_input("Results", min_value=1, max_value=50, value=10)
    submitted = st.form_submit_button("Search", type="primary", icon=":material/search:")

if submitted and query.strip():
    try:
        found = api_client().search(query, context["id"] if context else None, int(limit))
        st.session_state.search_results = {"query": query, "results": found.value, "ms": found.ms}
    except ApiError as exc:
        st.session_state.search_results = None
        st.error(f"Search failed: {exc.message}")
elif submitted:
    st.warning("Type something to search for.")

state = st.session_state.get("search_results")
if state:
    results = state["results"]
    plural = "s" if len(results) != 1 else ""
    st.caption(f"{len(results)} result{plural} for “{state['query']}” in {state['ms']:.0f} ms")
    if not results:
        st.info("No documents match. Try other words or another context.")
    for result in results:
        source_card(result, state["query"])
    if results:
        st.download_button(
            "Download results (CSV)",
            results_csv(results),
            "answerbase-results.csv",
            "text/csv",
            icon=":material/download:",
        )
