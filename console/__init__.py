"""The Streamlit console's helpers: the API client and its error handling, the shared context, widgets, exports.

Pages (``pages/``) hold the UI and call the API only through :mod:`console.api`; nothing here holds behaviour the
API lacks (the console speaks HTTP to it like any other client).
"""
