"""The Answerbase console: page setup and navigation only (pages hold the UI, the API holds behaviour)."""

import streamlit as st

from console.navigation import NAVIGATION_READY, take_deep_link

st.set_page_config(page_title="Answerbase", page_icon=":material/quiz:", layout="wide")
# Each page's address is its file's name (st.Page's default url_path): http://localhost:8501/<key>, listed in the
# README and in console.widgets.PAGE_PATHS.
PAGES = {
    # The default page is served at "/" only: its own name is taken by ASK_BY_NAME below.
    "ask": st.Page("pages/ask.py", title="Ask", icon=":material/chat:", default=True, url_path="home"),
    "search": st.Page("pages/search.py", title="Search", icon=":material/search:"),
    "documents": st.Page("pages/documents.py", title="Documents", icon=":material/folder_open:"),
    "grid": st.Page("pages/grid.py", title="Grid", icon=":material/table_view:"),
    "questions": st.Page("pages/questions.py", title="Questions", icon=":material/history:"),
    "status": st.Page("pages/status.py", title="Status & API", icon=":material/settings:"),
}
# "/ask" (a bookmark, the README's address): Streamlit serves the default page at "/" alone and would answer its
# own name with a "Page not found" dialog, so a hidden page there opens Ask at "/", with the URL's query.
ASK_BY_NAME = st.Page(
    lambda: st.switch_page(PAGES["ask"], query_params=st.query_params.to_dict()),
    title="Ask",
    url_path="ask",
    visibility="hidden",
)
st.session_state[NAVIGATION_READY] = True
navigation = st.navigation([*PAGES.values(), ASK_BY_NAME])
if (deep_link := take_deep_link()) and deep_link[0] in PAGES:
    # The page (and query) a first session asked for before this script ran.
    st.switch_page(PAGES[deep_link[0]], query_params=deep_link[1])
navigation.run()
