"""Grid: the same typed questions asked of every document of the chosen context, as a table that fills in while
the API runs it; a cell opens its source passage and can be corrected by hand; CSV and Excel exports.

The open grid is in the URL (``?grid=<id>``) beside the context, so a reload or a shared link reopens it.
"""

from __future__ import annotations

import json
import time

import pandas as pd
import streamlit as st

from backend.client import ApiClient
from backend.models import MAX_COLUMN_NAME_CHARS
from console.api import api_client, attempt, call, wait_until_ready
from console.context import context_picker
from console.export import XLSX
from console.highlight import highlight_spans
from console.navigation import through_navigation
from console.widgets import document_link_template, format_number

through_navigation("grid")

TYPES = ["string", "integer", "float", "boolean", "datetime", "string_array", "integer_array", "float_array"]
TEMPLATES = {
    "Contracts": [
        ("Counterparty", "string", "Who is the counterparty?"),
        ("Contract value", "float", "What is the contract value?"),
        ("Start date", "datetime", "When does the contract start?"),
        ("Auto-renews?", "boolean", "Does the contract renew automatically?"),
    ],
    "Reports": [
        ("Period", "datetime", "Which period does the report cover?"),
        ("Revenue", "float", "What was the revenue?"),
        ("Headcount", "integer", "How many employees are there?"),
    ],
    "CVs": [
        ("Name", "string", "What is the candidate's name?"),
        ("Years of experience", "integer", "How many years of experience does the candidate have?"),
        ("Languages", "string_array", "Which languages does the candidate speak?"),
    ],
    "Blank": [("", "string", "")],
}
LOW_CONFIDENCE = 0.65  # below the Ask page's "Medium" band: marked for a second look


def readable(value: object, answer_type: str) -> str:
    """A cell's value as the table shows it (exports keep the plain typed value)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(readable(v, answer_type.removesuffix("_array")) for v in value)
    if answer_type == "boolean":
        return "Yes" if value else "No"
    if answer_type == "datetime":
        return str(value)[:10] if str(value).endswith("T00:00:00Z") else str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


def columns_from(frame: pd.DataFrame) -> list[dict]:
    """The data editor's rows as API columns (blank rows skipped)."""
    rows = frame.fillna("").to_dict("records")
    return [
        {"name": str(r["name"]).strip(), "type": r["type"] or "string", "question": str(r["question"]).strip()}
        for r in rows
        if str(r["name"]).strip() or str(r["question"]).strip()
    ]


def column_editor(key: str, template: str) -> pd.DataFrame:
    frame = pd.DataFrame(TEMPLATES[template], columns=["name", "type", "question"])
    return st.data_editor(
        frame,
        key=f"{key}_{template}",
        num_rows="dynamic",
        width="stretch",
        hide_index=True,
        column_config={
            "name": st.column_config.TextColumn("Column", required=True, max_chars=MAX_COLUMN_NAME_CHARS),
            "type": st.column_config.SelectboxColumn("Type", options=TYPES, required=True, default="string"),
            "question": st.column_config.TextColumn("Question asked of every document", required=True, width="large"),
        },
    )


def new_grid(client: ApiClient, context: dict) -> None:
    st.subheader(f"New grid over “{context['name']}”")
    template = st.segmented_control("Start from", list(TEMPLATES), default="Contracts", key="grid_template")
    name = st.text_input("Grid name", placeholder=context["name"], max_chars=MAX_COLUMN_NAME_CHARS)
    frame = column_editor("new_columns", template or "Blank")
    if st.button("Run grid", type="primary", icon=":material/play_arrow:"):
        wait_until_ready()
        created = call("Could not create the grid", client.create_grid, context["id"], columns_from(frame), name)
        if created:
            st.query_params["grid"] = created["id"]
            st.rerun()


def grid_frame(grid: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The table shown (readable values) and a frame of each cell's state (declined, low, edited, missing)."""
    shown, state = [], []
    for row in grid["rows"]:
        values, marks = {"document": row["document"]["name"]}, {"document": ""}
        for column in grid["columns"]:
            cell = row["cells"].get(column["name"])
            values[column["name"]] = readable(cell["data"], column["type"]) if cell else ""
            marks[column["name"]] = (
                "missing"
                if cell is None
                else "edited"
                if cell["edited"]
                else "declined"
                if cell["declined"]
                else "low"
                if (cell["confidence"] or 0) < LOW_CONFIDENCE
                else ""
            )
        shown.append(values)
        state.append(marks)
    return pd.DataFrame(shown), pd.DataFrame(state)


STYLES = {
    "edited": "background-color: #e3efff",
    "low": "background-color: #fff1d6",
    "declined": "background-color: #f3f4f6",
    "missing": "",
    "": "",
}


def cell_detail(client: ApiClient, grid: dict, row: dict, column: dict) -> None:
    """The selected cell: its value, confidence and source passage (value marked), and a hand correction."""
    cell = row["cells"].get(column["name"])
    with st.container(border=True):
        st.markdown(f"**{row['document']['name']} · {column['name']}** — {column['question']}")
        if cell is None:
            st.caption("Not computed yet.")
        elif cell["declined"]:
            st.warning(f"No value: {cell['reason']}", icon=":material/help:")
        else:
            st.markdown(f"### {readable(cell['data'], column['type'])}")
            st.caption("Set by hand." if cell["edited"] else f"Confidence {cell['confidence']:.2f}")
            if cell["passage"]:
                st.caption("Read here:")
                st.markdown(
                    highlight_spans(cell["passage"], [cell["span"]] if cell["span"] else []).replace("\n", "  \n")
                )
        with st.form(f"edit_{row['document']['id']}_{column['name']}"):
            value = st.text_input(
                "Correct the value", help=f'A {column["type"]}; lists as JSON, e.g. ["a", "b"]. Empty clears it.'
            )
            if st.form_submit_button("Save correction"):
                data: object = value.strip() or None
                if column["type"].endswith("_array") and data:
                    try:
                        data = json.loads(str(data))
                    except json.JSONDecodeError:
                        data = [part.strip() for part in str(data).split(",")]
                reply = attempt(client.edit_grid_cell, grid["id"], row["document"]["id"], column["name"], data)
                if reply.error is None:
                    st.rerun()
                st.error(f"Not saved: {reply.error.message}")


def open_grid(client: ApiClient, grid_id: str) -> None:
    grid = call("Could not open the grid", client.grid, grid_id)
    if grid is None:
        st.query_params.pop("grid", None)
        return
    done, total = grid["progress"]["done"], grid["progress"]["total"]
    running = grid["status"] in ("queued", "running") and not grid["interrupted"]
    st.subheader(grid["name"])
    if running:
        st.progress(done / total if total else 0.0, text=f"Filling in: {done} of {total or '…'} cells")
    elif grid["interrupted"]:
        st.warning("This grid was interrupted (its server stopped); it resumes when the API runs again.")
    else:
        st.caption(f"{len(grid['rows'])} documents × {len(grid['columns'])} columns · {done} cells computed")
    if grid["error"]:
        st.warning(grid["error"])
    shown, state = grid_frame(grid)
    if grid["rows"]:
        styled = shown.style.apply(lambda _: state.map(STYLES.get), axis=None)
        event = st.dataframe(
            styled, hide_index=True, width="stretch", on_select="rerun", selection_mode="single-cell", key="grid_table"
        )
        st.caption("Blue: corrected by hand · orange: low confidence, worth a look · grey: the document does not say")
        selected = event.selection.cells if event else []
        if selected:
            position, name = selected[0]
            column = next((c for c in grid["columns"] if c["name"] == name), None)
            if column is not None:
                cell_detail(client, grid, grid["rows"][position], column)
    else:
        st.info("No documents in this context yet: add some on the Documents page, then fill the grid.")
    actions = st.columns([2, 1, 1, 4])
    if actions[0].button("Fill missing cells", icon=":material/refresh:", help="New documents, cells that failed"):
        call("Could not run the grid", client.run_grid, grid["id"])
        st.rerun()
    if not running:
        for column, (label, file_format, mime) in zip(
            actions[1:3], [("CSV", "csv", "text/csv"), ("Excel", "xlsx", XLSX)], strict=True
        ):
            # Links to the console's view of each document, as the other exports have (the API's own need a key).
            link = document_link_template()
            data = call(f"Could not export the grid as {label}", client.export_grid, grid["id"], file_format, link)
            if data is not None:
                column.download_button(
                    label,
                    data,
                    f"{grid['name']}.{file_format}",
                    mime,
                    icon=":material/download:",
                    key=f"grid_{file_format}",
                )
    with st.expander("Add columns", icon=":material/add:"):
        added = column_editor("more_columns", "Blank")
        if st.button("Add and fill", key="add_columns"):
            if call("Could not add the columns", client.add_grid_columns, grid["id"], columns_from(added)):
                st.rerun()
    with st.expander("Delete this grid", icon=":material/warning:"):
        if st.button("Delete grid", type="primary"):
            if attempt(client.delete_grid, grid["id"]).error is None:
                st.query_params.pop("grid", None)
                st.rerun()
    if running:  # the API fills it in the background: look again in a second
        time.sleep(1.0)
        st.rerun()


client = api_client()
st.title("Grid")
context = context_picker(client, "grid", allow_all=False)
if context is None:
    st.stop()
grids = [g for g in call("Could not list the grids", client.grids) or [] if g["context_id"] == context["id"]]
open_id = st.query_params.get("grid")
options = [None] + [g["id"] for g in grids]
names = {g["id"]: g["name"] for g in grids}
picked = st.selectbox(
    "Grid",
    options,
    index=options.index(open_id) if open_id in options else 0,
    format_func=lambda g: "New grid…" if g is None else names[g],
    key=f"grid_picker_{open_id}",
)
if picked != open_id:
    if picked:
        st.query_params["grid"] = picked
    else:
        st.query_params.pop("grid", None)
    st.rerun()
if picked:
    open_grid(client, picked)
else:
    new_grid(client, context)
