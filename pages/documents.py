"""Documents: contexts (create, delete with confirmation) and their documents (upload, URL, text, delete)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from backend.client import ApiError
from pages.common import api_client, context_picker, through_navigation

through_navigation("documents")

client = api_client()
st.title("Documents")

with st.expander("New context", icon=":material/add:"):
    with st.form("new_context", clear_on_submit=True):
        name = st.text_input("Name", max_chars=200)
        description = st.text_area("Description", max_chars=2000)
        if st.form_submit_button("Create context", type="primary"):
            try:
                created = client.create_context(name, description)
                st.success(f"Created “{created['name']}”.")
            except ApiError as exc:
                st.error(exc.message)

context = context_picker(client, "documents_context", allow_all=False)
if context is None:
    st.stop()
if context.get("description"):
    st.caption(context["description"])

add_file, add_url, add_text = st.tabs(["Upload files", "From a URL", "Paste text"])
with add_file, st.form("upload", clear_on_submit=True):
    files = st.file_uploader(
        "Files", accept_multiple_files=True, type=["txt", "md", "html", "htm", "pdf", "docx", "csv", "json"]
    )
    submitted = st.form_submit_button("Upload and index", type="primary")
    if submitted and not files:
        st.warning("Choose one or more files first.")
    if submitted and files:
        progress, added = st.progress(0.0, text="Indexing…"), 0
        for i, upload in enumerate(files, start=1):
            try:
                client.upload(upload.name, upload.getvalue(), context["id"])
                added += 1
            except ApiError as exc:
                st.error(f"{upload.name}: {exc.message}")
            progress.progress(i / len(files), text=f"Indexed {i} of {len(files)}: {upload.name}")
        progress.empty()
        if added:
            st.success(
                f"Added {added} of {len(files)} file{'s' if len(files) != 1 else ''}."
                if added < len(files)
                else f"Added {added} file{'s' if added != 1 else ''}."
            )
with add_url, st.form("url", clear_on_submit=True):
    url = st.text_input("Page URL", placeholder="https://…")
    if st.form_submit_button("Fetch and add", type="primary") and url:
        try:
            st.success(f"Added “{client.add_url(url, context['id'])['name']}”.")
        except ApiError as exc:
            st.error(exc.message)
with add_text, st.form("text", clear_on_submit=True):
    title = st.text_input("Name", max_chars=200)
    text = st.text_area("Text", height=160)
    if st.form_submit_button("Add text", type="primary"):
        try:
            st.success(f"Added “{client.add_text(text, title, context['id'])['name']}”.")
        except ApiError as exc:
            st.error(exc.message)

documents = client.documents(context["id"])
st.subheader(f"{len(documents)} document{'s' if len(documents) != 1 else ''} in “{context['name']}”")
if documents:
    frame = pd.DataFrame(
        [
            {
                "name": d["name"],
                "type": d["type"],
                "source": d["source"],
                "chunks": d["chunks"],
                "added": d["created_at"][:16].replace("T", " "),
            }
            for d in documents
        ]
    )
    st.dataframe(
        frame,
        hide_index=True,
        width="stretch",
        column_config={"source": st.column_config.LinkColumn("source", display_text="open")},
    )
    with st.form("delete_document"):
        doomed = st.selectbox("Delete a document", documents, format_func=lambda d: d["name"])
        if st.form_submit_button("Delete document", icon=":material/delete:"):
            client.delete_document(doomed["id"])
            st.rerun()

with st.expander("Delete this context", icon=":material/warning:"):
    st.write(f"Deleting “{context['name']}” removes its {len(documents)} document(s). This cannot be undone.")
    confirm = st.text_input("Type the context's name to confirm", key="confirm_delete")
    if st.button("Delete context", type="primary", disabled=confirm != context["name"]):
        client.delete_context(context["id"])
        st.rerun()
