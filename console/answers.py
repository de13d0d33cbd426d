"""How the Ask page shows a typed answer: its value as its type reads best (a badge for yes/no, a readable date, a
table and a chart for a list), the confidence as a band people read, and which engine read it."""

from __future__ import annotations

from datetime import datetime

import pandas as pd
import streamlit as st

from console.imports import altair
from console.widgets import format_number, is_rounded


def render_value(answer_type: str, value: object) -> None:
    """Show an answer the way its type reads best."""
    if answer_type == "boolean":
        st.badge(
            "Yes" if value else "No",
            color="green" if value else "red",
            icon=":material/check_circle:" if value else ":material/cancel:",
        )
    elif answer_type == "datetime":
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        readable = moment.strftime("%-d %B %Y") + (
            "" if moment.strftime("%H:%M:%S") == "00:00:00" else moment.strftime(", %H:%M UTC")
        )
        st.markdown(f"### {readable}")
        st.caption(f"ISO 8601: `{value}`")
    elif answer_type in ("integer", "float"):
        st.markdown(f"### {format_number(value)}")  # type: ignore[arg-type]
        if is_rounded(value):  # type: ignore[arg-type]
            st.caption(f"Rounded for reading; exactly `{value!r}` (as the API returns it).")
    elif answer_type == "string":
        st.markdown(f"### {value}")
    else:
        _render_array(answer_type, list(value))  # type: ignore[arg-type]


def _render_array(answer_type: str, values: list) -> None:
    if not values:
        st.markdown("*An empty list: nothing of this type was found.*")
        return
    frame = pd.DataFrame({"#": range(1, len(values) + 1), "value": values})
    st.dataframe(frame, hide_index=True, width="content")
    alt = altair()  # Streamlit's charts import it too: loaded here first, under the console's import lock
    if answer_type in ("integer_array", "float_array"):
        st.bar_chart(frame, x="#", y="value", height=220)
    elif answer_type == "datetime_array":
        frame["date"] = pd.to_datetime(frame["value"])
        chart = alt.Chart(frame).mark_circle(size=120).encode(x=alt.X("date:T", title=None), tooltip=["value"])
        st.altair_chart(chart.properties(height=120), width="stretch")


# Who read an answer, as the caption under it says (the API's `engine`).
ENGINE_LABELS = {
    "local": "Read by the local model",
    "offline": "Read by the offline engine",
    "llm": "Read by the language model",
    "table": "Computed from the table",
}

# Bands for people, over the calibrated probability (the API's default threshold is 0.56: nothing lower shows).
CONFIDENCE_BANDS = [(0.8, "High", "green"), (0.65, "Medium", "orange"), (0.0, "Low", "red")]


def confidence_badge(confidence: float | None) -> None:
    """High / medium / low, with the probability on hover."""
    if confidence is None:
        return
    label, color = next((label, color) for low, label, color in CONFIDENCE_BANDS if confidence >= low)
    st.badge(
        f"{label} confidence",
        color=color,
        icon=":material/verified:",  # type: ignore[arg-type]
        help=f"Calibrated probability that this answer is right: {confidence:.0%} ({confidence:.2f}).",
    )
