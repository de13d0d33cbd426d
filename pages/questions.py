"""Questions: the question log (what was asked, answered and declined), filterable, with a CSV export.

"Questions our documents can't answer yet" is the declined filter: the list of gaps to fill.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from console.api import api_client, call
from console.context import load_contexts
from console.export import QUESTION_LOG_COLUMNS, download_buttons, question_log_rows
from console.navigation import through_navigation

through_navigation("questions")

PAGE_SIZE = 50
SHOW = {"All questions": None, "Declined (not answered yet)": True, "Answered": False}

st.title("Questions")
client = api_client()
columns = st.columns([2, 1])
shown = columns[0].segmented_control("Show", list(SHOW), default="All questions", key="questions_filter")
page = columns[1].number_input("Page", min_value=1, value=1, step=1, key="questions_page")
declined = SHOW[shown or "All questions"]
listing = call(
    "Could not load the question log", client.questions, declined, limit=PAGE_SIZE, offset=(int(page) - 1) * PAGE_SIZE
)
if listing is None:
    st.stop()

questions = listing["questions"]
names = {c["id"]: c["name"] for c in load_contexts(client)}
st.caption(
    f"{listing['total']} question{'s' if listing['total'] != 1 else ''}"
    + (f" · page {int(page)} of {max(1, -(-listing['total'] // PAGE_SIZE))}" if listing["total"] else "")
)
if not questions:
    st.info(
        "No questions here yet."
        if declined is None
        else "Nothing declined: every question asked so far was answered."
        if declined
        else "No answered questions."
    )
    st.stop()

# The answer and why there is none side by side, right after the question: the columns a reader looks for, each
# wide enough to read ("Helena Marsh", a decline's reason) without opening the cell.
frame = pd.DataFrame(
    [
        {
            "asked": q["asked_at"][:16].replace("T", " "),
            "question": q["question"],
            "answer": "" if q["declined"] else str(q["answer"]),
            "why not": q["reason"] or "",
            "confidence": q["confidence"],
            "type": q["type"],
            "context": names.get(q["context_id"], "All documents" if q["context_id"] is None else "(deleted)"),
            "ms": round(q["latency_ms"]),
        }
        for q in questions
    ]
)
st.dataframe(
    frame,
    hide_index=True,
    width="stretch",
    column_config={
        "question": st.column_config.TextColumn("question", width="medium"),
        "answer": st.column_config.TextColumn("answer", width="medium"),
        "why not": st.column_config.TextColumn("why not", width="large", help="Why the question was declined"),
        "confidence": st.column_config.ProgressColumn("confidence", min_value=0.0, max_value=1.0, format="%.2f"),
    },
)
declined_here = [q for q in questions if q["declined"]]
if declined_here:  # a table cell cuts a long reason: each one in full, on request
    with st.expander(f"Why {len(declined_here)} question{'s were' if len(declined_here) != 1 else ' was'} declined"):
        for q in declined_here:
            st.markdown(f"**{q['question']}**  \n{q['reason']}")
label = "declined-questions" if declined else "questions"
download_buttons("This page", QUESTION_LOG_COLUMNS, question_log_rows(questions), f"answerbase-{label}", "Questions")
