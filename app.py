"""The Answerbase console: page setup and navigation only (pages hold the UI, the API holds behaviour)."""

import streamlit as st

st.set_page_config(page_title="Answerbase", page_icon=":material/quiz:", layout="wide")
st.navigation([
    st.Page("pages/ask.py", title="Ask", icon=":material/chat:", default=True),
    st.Page("pages/search.py", title="Search", icon=":material/search:"),
    st.Page("pages/documents.py", title="Documents", icon=":material/folder_open:"),
    st.Page("pages/settings.py", title="Status & API", icon=":material/settings:"),
]).run()
