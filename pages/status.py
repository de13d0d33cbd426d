"""Status & API: the API in use, copyable curl examples (key masked), engine, embedder and counts."""

from __future__ import annotations

import streamlit as st

from console.api import api_client, call, connection
from console.context import chosen_context_id
from console.navigation import through_navigation

through_navigation("status")

# What the Status page says of the local engine's model in each state (GET /v1/status `model`).
MODEL_STATES = {
    "ready": ("Local model {model} loaded in {load:.1f} s: it reads every question.", st.success),
    "loading": ("Local model {model} is loading; the offline engine answers until it is ready.", st.info),
    "absent": ("No local model yet ({detail}); the offline engine answers. `make run` pulls it.", st.info),
    "failed": ("The local model {model} could not be used: {detail}", st.error),
}

client = api_client()
st.title("Status & API")
status = call("The API is not answering", client.status)
contexts = call("The API is not answering", client.contexts) if status else None
if status is None or contexts is None:
    st.stop()

columns = st.columns([1, 2, 1, 1])
engine = status["engine"] if status["answering"] == status["engine"] else f"{status['answering']} (for now)"
columns[0].metric("Answer engine", engine)
columns[1].metric("Embedder", status["embedder"].split(":")[-1])
columns[2].metric("Documents", f"{status['counts']['documents']:,}")
columns[3].metric("Chunks", f"{status['counts']['chunks']:,}")
st.caption(f"Tenant `{status['tenant']}` · search mode `{status['search_mode']}` · {len(contexts)} context(s)")
if model := status.get("model"):
    text, show = MODEL_STATES[model["state"]]
    show(
        text.format(model=model["model"], detail=model["detail"], load=model["load_s"] or 0.0), icon=":material/memory:"
    )

st.subheader("Store maintenance")
maintenance = status["maintenance"]
last = maintenance["last_run"]
columns = st.columns(3)
columns[0].metric("Last compaction", last["at"].replace("T", " ").removesuffix("Z") + " UTC" if last else "never")
columns[1].metric(
    "Fragments (chunks / documents)",
    f"{maintenance['fragments'].get('chunks', 0)} / {maintenance['fragments'].get('documents', 0)}",
)
columns[2].metric("Rows waiting for the indexes", f"{maintenance['unindexed_rows']:,}")
st.caption(
    "The API compacts the store and updates its indexes in the background when fragments pile up"
    + (f"; the last run took {last['duration_ms']} ms ({', '.join(last['reasons'])})." if last else ".")
)

st.subheader("Call the API")
st.markdown(f"API base URL: `{client.base_url}` · OpenAPI docs: [{client.base_url}/docs]({client.base_url}/docs)")
if connection().embedded is not None:
    st.caption(
        "This is the console's own API: it listens on 127.0.0.1, on a port chosen when the console starts, so use "
        "it from this machine only. For programs elsewhere run `answerbase serve` (see the README)."
    )
reveal = st.toggle("Reveal API key", value=False)
key = client.api_key if reveal else client.api_key[:10] + "…" + "•" * 12
context_id = chosen_context_id() or (contexts[0]["id"] if contexts else "<context id>")
st.markdown("A typed answer (`/v1/types/integer`):")
st.code(
    f"curl -s {client.base_url}/v1/types/integer \\\n  -H 'Authorization: Bearer {key}' \\\n"
    f"  -H 'Content-Type: application/json' \\\n"
    f'  -d \'{{"query": "How many employees work at the London office?",\n'
    f'       "context_id": "{context_id}"}}\'',
    language="bash",
)
st.markdown("A search (`/v1/search`):")
st.code(
    f"curl -s {client.base_url}/v1/search \\\n  -H 'Authorization: Bearer {key}' \\\n"
    f'  -H \'Content-Type: application/json\' \\\n  -d \'{{"query": "parental leave", "limit": 3}}\'',
    language="bash",
)
