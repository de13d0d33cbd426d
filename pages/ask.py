"""Ask: typed questions in a chat, answers rendered by type with their confidence, the passage each was read
from highlighted (or, for an answer computed from a table, the plan, the SQL and the matching rows), declines with
their reason and the closest passages (a table reading too weak to trust is offered to accept in one click), and
the history as CSV or XLSX.

A link can ask a question on open (for demos): ``?type=integer&q=How+many…&context=<id>``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from backend.models import ACCEPT_READING_HINT, MAX_QUESTION_CHARS
from console.answers import ENGINE_LABELS, confidence_badge, render_value
from console.api import api_client, attempt, wait_until_ready
from console.context import ALL_DOCUMENTS, context_picker, is_demo
from console.conversations import conversation, remember
from console.export import HISTORY_COLUMNS, download_buttons, history_rows
from console.navigation import through_navigation
from console.widgets import computation_view, document_link, source_card

through_navigation("ask")

TYPE_LABELS = {
    "integer": "Whole number",
    "float": "Decimal number",
    "boolean": "Yes / No",
    "datetime": "Date & time",
    "string": "Text",
    "integer_array": "List of whole numbers",
    "float_array": "List of decimal numbers",
    "boolean_array": "List of yes / no",
    "datetime_array": "List of dates",
    "string_array": "List of texts",
}
EXAMPLES = [
    ("integer", "How many employees work at the London office?"),
    ("datetime", "When is the summer party?"),
    ("boolean", "Is multi-factor authentication mandatory?"),
    ("float", "What is the daily meal allowance?"),
    ("string", "Who leads the Berlin office?"),
    ("integer_array", "How many employees work in each office?"),
]


def render_entry(entry: dict, number: int) -> None:
    with st.chat_message("user"):
        st.markdown(entry["question"])
        st.caption(f"{TYPE_LABELS[entry['type']]} · {entry['context']}")
    with st.chat_message("assistant"):
        if entry["error"]:
            if entry.get("declined"):
                suggestion = entry.get("suggestion")
                # the API's decline ends with how a program accepts the reading; here the button below does
                message = entry["error"].split(ACCEPT_READING_HINT)[0].rstrip() if suggestion else entry["error"]
                st.warning(f"**No answer:** {message}", icon=":material/help:")
                if suggestion:
                    offer_reading(entry, suggestion, number)
                if entry.get("retry_type") in TYPE_LABELS:
                    offer_type(entry, entry["retry_type"], number)
                if entry.get("closest"):
                    with st.expander(f"Closest passages ({len(entry['closest'])})"):
                        for result in entry["closest"]:
                            source_card(result, entry["question"])
            else:
                st.error(entry["error"], icon=":material/error:")
            return
        render_value(entry["type"], entry["answer"])
        confidence_badge(entry.get("confidence"))
        if entry.get("accepted"):
            st.caption("Answered with the reading you accepted: check its computation below.")
        if entry.get("engine"):
            seconds = entry["latency_ms"] / 1000
            st.caption(f"{ENGINE_LABELS.get(entry['engine'], entry['engine'])} · {seconds:.1f} s")
        computation = next((s["computation"] for s in entry["sources"] if s.get("computation")), None)
        if computation is not None:
            computation_view(computation, str(number))
        # The passages the value was read from first, then the rest of the evidence.
        sources = sorted(entry["sources"], key=lambda s: not s.get("spans"))
        with st.expander(f"Sources ({len(sources)}) · {entry['latency_ms']:.0f} ms"):
            for result in sources:
                source_card(result, entry["question"])


def offer_reading(entry: dict, suggestion: dict, number: int) -> None:
    """A declined table reading, offered as a suggestion: what it would compute, and a button that asks again at
    its confidence (the analyst accepts the reading, knowing what it leaves out)."""
    left_out = ", ".join(f"“{word}”" for word in suggestion.get("unexplained", []))
    st.info(
        f"**Did you mean:** {suggestion['reading']}?" + (f" (It leaves out {left_out}.)" if left_out else ""),
        icon=":material/lightbulb:",
    )
    st.button(
        "Answer with this reading",
        key=f"accept_reading_{number}",
        icon=":material/check:",
        on_click=queue_question,
        args=(entry["type"], entry["question"], suggestion["min_confidence"]),
    )


def offer_type(entry: dict, answer_type: str, number: int) -> None:
    """A computed value of another type than the one picked ("75416.67 is not an integer"): a button that asks the
    same question for the type that holds it."""
    st.button(
        f"Ask again for: {TYPE_LABELS[answer_type]}",
        key=f"retry_type_{number}",
        icon=":material/swap_horiz:",
        on_click=queue_question,
        args=(answer_type, entry["question"]),
    )


def ask(question: str, answer_type: str, context: dict | None, min_confidence: float | None = None) -> None:
    """Ask the API and add the question, with its answer or the reason there is none, to the history;
    ``min_confidence`` replaces the server's bars (a declined reading accepted)."""
    wait_until_ready()
    entry = {
        "asked_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "type": answer_type,
        "context": context["name"] if context else ALL_DOCUMENTS,
        "context_id": context["id"] if context else None,
        "question": question,
        "answer": None,
        "sources": [],
        "latency_ms": 0.0,
        "error": None,
        "declined": False,
        "confidence": None,
        "closest": [],
        "accepted": min_confidence is not None,
    }
    # A model on this machine takes seconds to read: say so while it does.
    with st.spinner(f"Reading the documents for “{question[:80]}”…", show_time=True):
        reply = attempt(api_client().ask, answer_type, question, entry["context_id"], min_confidence=min_confidence)
    if reply.error is None:
        entry.update(
            answer=reply.value["data"],
            sources=reply.value.get("sources", []),
            latency_ms=reply.ms,
            confidence=reply.value.get("confidence"),
            engine=reply.value.get("engine"),
        )
    else:
        error = reply.error
        entry["declined"] = error.code == "no_answer"
        entry["error"] = error.message if entry["declined"] else f"{error.message} ({error.code})"
        entry["suggestion"] = error.suggestion
        entry["retry_type"] = error.answer_type
        if entry["declined"]:  # show where the documents come closest, so the analyst can judge for themselves
            closest = attempt(api_client().search, question, entry["context_id"], limit=3)
            entry["closest"] = closest.value or []
    remember(st.session_state.conversation_id, entry)


def queue_question(question_type: str, question: str, min_confidence: float | None = None) -> None:
    """Button callback: show the question's type in the picker (callbacks run before widgets); the page asks it
    once the context picker has drawn (at ``min_confidence``, when a declined reading was accepted)."""
    st.session_state.answer_type = question_type
    st.session_state.queued_question = (question_type, question, min_confidence)


def take_question_link() -> None:
    """A question link (``?type=…&q=…``) queues its question once; the parameters then leave the URL, so a reload
    does not ask again (the context stays in it)."""
    params = st.query_params
    question, question_type = params.get("q", "").strip(), params.get("type", "string")
    if not question:
        return
    del params["q"]
    if question_type not in TYPE_LABELS:
        del params["type"]
        st.warning(f"The link asks for an unknown answer type {question_type!r}; known: {', '.join(TYPE_LABELS)}.")
        return
    queue_question(question_type, question[:MAX_QUESTION_CHARS])


def restore_answer_type() -> None:
    """A new session (a reload) takes the answer type the URL keeps (``?type=``); a session's own choice wins."""
    if "answer_type" not in st.session_state and st.query_params.get("type") in TYPE_LABELS:
        st.session_state.answer_type = st.query_params["type"]


def too_long_question(answer_type: str, context: dict | None) -> None:
    """A question past the limit stays on the page to be shortened (the chat box would drop it without a word)."""
    text = st.session_state.get("too_long", "")
    if not text:
        return
    st.error(
        f"A question holds at most {MAX_QUESTION_CHARS:,} characters; this one has {len(text):,}. "
        "Shorten it here and ask again.",
        icon=":material/error:",
    )
    edited = st.text_area("Your question", text, height=160, key="too_long_text")
    buttons = st.columns([1, 1, 6])
    if buttons[0].button("Ask", type="primary", disabled=len(edited) > MAX_QUESTION_CHARS, key="ask_shortened"):
        st.session_state.pop("too_long")
        ask(edited, answer_type, context)
        st.rerun()
    if buttons[1].button("Discard", key="discard_long"):
        st.session_state.pop("too_long")
        st.rerun()
    st.caption(f"{len(edited):,} of {MAX_QUESTION_CHARS:,} characters")


st.session_state.history = conversation()[1]  # kept across reloads by ?chat=<id> (console/conversations.py)
take_question_link()
restore_answer_type()
st.title("Ask")
controls = st.columns([2, 3])
with controls[0]:
    answer_type = st.selectbox(
        "Answer type", list(TYPE_LABELS), format_func=lambda t: f"{TYPE_LABELS[t]} ({t})", key="answer_type"
    )
with controls[1]:
    context = context_picker(api_client(), "ask")
if st.query_params.get("type") != answer_type:
    st.query_params["type"] = answer_type  # a reload keeps the chosen type

if queued := st.session_state.pop("queued_question", None):
    ask(queued[1], queued[0], context, queued[2])

if not st.session_state.history and context is not None and not is_demo(context):
    # The examples are about the demo handbook: offered for another context they would be declined, one by one.
    st.caption(f"Ask about the documents in “{context['name']}”: type a question below and choose its answer type.")
elif not st.session_state.history:
    st.caption("Try an example:")
    columns = st.columns(3)
    for i, (example_type, example) in enumerate(EXAMPLES):
        columns[i % 3].button(
            example, key=f"example_{i}", width="stretch", on_click=queue_question, args=(example_type, example)
        )

for number, entry in enumerate(st.session_state.history):
    render_entry(entry, number)

too_long_question(answer_type, context)
# No max_chars: the box dropped a longer paste silently; the page says the limit and keeps the text instead.
if question := st.chat_input("Ask a question about your documents…"):
    if len(question) > MAX_QUESTION_CHARS:
        st.session_state.too_long = question
    else:
        ask(question, answer_type, context)
    st.rerun()

if st.session_state.history:
    rows = history_rows(st.session_state.history, document_link)
    download_buttons("History", HISTORY_COLUMNS, rows, "answerbase-history", "Answers")
