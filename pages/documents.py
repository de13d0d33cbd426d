"""Documents: contexts (create, delete with confirmation) and their documents (upload, URL, text, delete), and the
view of one document (``?document=<id>``: its text, the passage a search card pointed at, a download)."""

from __future__ import annotations

import time
from pathlib import PurePath

import pandas as pd
import streamlit as st

from backend.client import ApiClient
from backend.models import MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS
from console.api import api_client, attempt, call, wait_until_ready
from console.context import ALL, context_picker, select_context
from console.highlight import find_passage, highlight_spans, highlight_terms
from console.navigation import through_navigation
from console.widgets import UPLOAD_TYPES, document_link, plural

through_navigation("documents")


def close_document() -> None:
    for param in ("document", "q", "passage", "passage_end"):
        st.query_params.pop(param, None)


def document_view(client: ApiClient, document_id: str) -> None:
    """One document: what it is, its text with the searched passage marked, and its text to download."""
    st.button("All documents", icon=":material/arrow_back:", on_click=close_document)
    document = call("Could not open this document", client.document, document_id)
    text = call("Could not read this document", client.content, document_id) if document else None
    if document is None or text is None:
        st.stop()
    st.title(document["name"])
    added = document["created_at"][:16].replace("T", " ")
    st.caption(f"{document['format']} · {plural(document['chunks'], 'passage')} · added {added} UTC")
    for table in document.get("tables", []):
        columns = ", ".join(table["columns"][:12]) + (", …" if len(table["columns"]) > 12 else "")
        st.caption(f"Table {table['name']}: {plural(table['rows'], 'row')}, columns {columns}. Answered by computing.")
    if document["type"] == "web":
        st.markdown(f"Original: [{document['source']}]({document['source']})")
    query, passage = st.query_params.get("q", ""), st.query_params.get("passage", "")
    span = find_passage(text, passage, st.query_params.get("passage_end", "")) if passage else None
    if span:
        with st.container(border=True):
            st.caption("The passage the search found:")
            st.markdown(highlight_terms(text[span[0] : span[1]], query).replace("\n", "  \n"))
    downloads = st.columns([1, 1, 3])
    original = attempt(client.original, document_id) if document["type"] == "document" else None
    if original is not None and original.error is None:
        downloads[0].download_button(
            "Download the original", original.value, document["name"], icon=":material/download:", key="original"
        )
    downloads[1].download_button(
        "Download the text",
        text,
        f"{PurePath(document['name']).stem or 'document'}.txt",
        "text/plain",
        icon=":material/description:",
        help="The text Answerbase extracted and indexed from the document.",
    )
    st.markdown(highlight_spans(text, [list(span)] if span else [], query, passage=True).replace("\n", "  \n"))


def create_context_form(client: ApiClient) -> None:
    with st.expander("New context", icon=":material/add:"), st.form("new_context", clear_on_submit=True):
        name = st.text_input("Name", max_chars=MAX_NAME_CHARS)
        description = st.text_area("Description", max_chars=MAX_DESCRIPTION_CHARS)
        if st.form_submit_button("Create context", type="primary"):
            created = call("Could not create the context", client.create_context, name, description)
            if created:
                select_context(created["id"])  # the next uploads go to the context just made
                st.success(f"Created “{created['name']}”: it is now the chosen context.")


def upload_files(client: ApiClient, context: dict, files: list) -> None:
    """All files in one batch request (a job on the server): each succeeds or fails on its own, with live
    progress, one line per file (an archive's files one each), then a summary."""
    wait_until_ready()
    started = attempt(client.upload_batch, [(f.name, f.getvalue()) for f in files], context["id"])
    if started.error is not None:
        st.error(f"The upload was refused: {started.error.message}", icon=":material/error:")
        return
    job, progress = started.value, st.progress(0.0, text="Indexing…")
    while job["status"] in ("queued", "running"):
        finished = job["done"] + job["failed"]
        eta = f" · about {job['eta_s']:.0f} s left" if job.get("eta_s") else ""
        progress.progress(finished / job["total"], text=f"Indexed {finished} of {job['total']}{eta}")
        time.sleep(0.3)
        polled = attempt(client.job, job["id"])
        if polled.error is not None:
            st.error(f"Lost track of the upload: {polled.error.message}")
            return
        job = polled.value
    progress.empty()
    for item in job["items"]:
        if item["status"] == "done":
            st.write(f":material/check_circle: {item['name']}: added")
        elif item["status"] == "failed":
            st.write(f":material/cancel: {item['name']}: {item['error']['message']}")
        else:
            st.write(f":material/pending: {item['name']}: not finished (the server stopped); upload it again")
    refused = [i["name"] for i in job["items"] if i["status"] != "done"]
    total, noun = job["total"], "file" if job["total"] == 1 else "files"
    if not refused:
        st.success(f"Added {total} {noun}.")
    elif job["done"]:
        st.warning(f"Added {job['done']} of {total} {noun}; {len(refused)} refused: {', '.join(refused)}.")
    else:
        st.error(f"Added none of {total} {noun}: {', '.join(refused)} refused.")


def add_documents(client: ApiClient, context: dict) -> None:
    add_file, add_url, add_text = st.tabs(["Upload files", "From a URL", "Paste text"])
    with add_file, st.form("upload", clear_on_submit=True):
        # No filter in the browser: a file of another format goes to the API, which refuses it with its reason, so
        # the summary names every file chosen (a filtered one vanished with only the widget's own note).
        files = st.file_uploader("Files", accept_multiple_files=True)
        st.caption(f"Accepted: {', '.join(UPLOAD_TYPES)}; a .zip archive adds each file inside it.")
        submitted = st.form_submit_button("Upload and index", type="primary")
        if submitted and not files:
            st.warning("Choose one or more files first.")
        if submitted and files:
            upload_files(client, context, files)
    with add_url, st.form("url", clear_on_submit=True):
        url = st.text_input("Page URL", placeholder="https://…")
        if st.form_submit_button("Fetch and add", type="primary") and url:
            wait_until_ready()
            if added := call("Could not add the page", client.add_url, url, context["id"]):
                st.success(f"Added “{added['name']}”.")
    with add_text, st.form("text", clear_on_submit=True):
        title = st.text_input("Name", max_chars=MAX_NAME_CHARS)
        text = st.text_area("Text", height=160)
        if st.form_submit_button("Add text", type="primary"):
            wait_until_ready()
            if added := call("Could not add the text", client.add_text, text, title, context["id"]):
                st.success(f"Added “{added['name']}”.")


def document_table(client: ApiClient, context: dict) -> list[dict]:
    documents = call("Could not list the documents", client.documents, context["id"]) or []
    st.subheader(f"{len(documents)} document{'s' if len(documents) != 1 else ''} in “{context['name']}”")
    if not documents:
        return documents
    frame = pd.DataFrame(
        [
            {
                "name": d["name"],
                "format": d["format"],
                "open": document_link({"document_id": d["id"], "type": d["type"], "source": d["source"]}),
                "passages": d["chunks"],
                # text, not a number column: a document with no table shows nothing rather than a grey "None"
                "table rows": f"{rows:,}" if (rows := sum(t["rows"] for t in d.get("tables", []))) else "",
                "added": d["created_at"][:16].replace("T", " "),
            }
            for d in documents
        ]
    )
    st.dataframe(
        frame,
        hide_index=True,
        width="stretch",
        column_config={"open": st.column_config.LinkColumn("open", display_text="open")},
    )
    with st.form("delete_document"):
        doomed = st.selectbox("Delete a document", documents, format_func=lambda d: d["name"])
        if st.form_submit_button("Delete document", icon=":material/delete:"):
            reply = attempt(client.delete_document, doomed["id"])
            if reply.error is None:
                st.rerun()
            st.error(f"Could not delete the document: {reply.error.message}")
    return documents


def delete_context(client: ApiClient, context: dict, documents: list[dict]) -> None:
    with st.expander("Delete this context", icon=":material/warning:"):
        st.write(f"Deleting “{context['name']}” removes its {len(documents)} document(s). This cannot be undone.")
        confirm = st.text_input("Type the context's name to confirm", key="confirm_delete")
        if st.button("Delete context", type="primary", disabled=confirm != context["name"]):
            reply = attempt(client.delete_context, context["id"])
            if reply.error is None:
                select_context(ALL)
                st.rerun()
            st.error(f"Could not delete the context: {reply.error.message}")


client = api_client()
if document_id := st.query_params.get("document"):
    document_view(client, document_id)
    st.stop()
st.title("Documents")
create_context_form(client)
context = context_picker(client, "documents", allow_all=False)
if context is None:
    st.stop()
if context.get("description"):
    st.caption(context["description"])
add_documents(client, context)
delete_context(client, context, document_table(client, context))
