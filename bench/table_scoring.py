"""How a table answer is scored against WikiTableQuestions' gold (../shared/data/tableqa/README.md): numbers within
1e-6, dates by day, strings after the dataset's normalisation, arrays as multisets. Used by bench/table_qa.py and
bench/table_checks.py."""

from __future__ import annotations

import re
import unicodedata


def _string_key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[‘’´`]", "'", text)
    text = re.sub(r"[“”]", '"', text)
    text = re.sub(r"[‐‑‒–—−]", "-", text)
    while True:
        before = text
        text = re.sub(r"((?<!^)\[[^\]]*\]|\[\d+\]|[*†‡])$", "", text.strip())
        text = re.sub(r"(?<!^)( \(.*\))$", "", text.strip())
        text = re.sub(r'^"(.*)"$', r"\1", text.strip())
        text = re.sub(r"\.$", "", text.strip())
        if text == before:
            break
    text = text.lower()
    text = "".join(c for c in text if c not in set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def _same(value: object, gold: object, element: str) -> bool:
    if value is None:
        return False
    if element in ("integer", "float"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return abs(float(value) - float(gold)) <= 1e-6 * max(1.0, abs(float(gold)))  # type: ignore[arg-type]
    if element == "datetime":
        return str(value)[:10] == str(gold)[:10]
    if element == "boolean":
        return value == gold
    return isinstance(value, str) and _string_key(value) == _string_key(str(gold))


def exact(value: object, gold: object, answer_type: str) -> bool:
    """Exact match as the README scores it (arrays as multisets)."""
    element = answer_type.removesuffix("_array")
    if not answer_type.endswith("_array"):
        return _same(value, gold, element)
    if not isinstance(value, list) or not isinstance(gold, list) or len(value) != len(gold):
        return False
    left = list(gold)
    for item in value:
        match = next((i for i, g in enumerate(left) if _same(item, g, element)), None)
        if match is None:
            return False
        left.pop(match)
    return True
