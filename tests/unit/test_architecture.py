"""ARCHITECTURE.md stays true: every module of the package and the console is on its map."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_is_on_the_architecture_map():
    text = (ROOT / "ARCHITECTURE.md").read_text()
    named = set(re.findall(r"[\w/]*?(\w+)\.py", text))
    modules = [
        path
        for folder in ("backend", "console", "pages")
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "__init__.py"
    ]
    missing = sorted(str(p.relative_to(ROOT)) for p in modules if p.stem not in named)
    assert not missing, f"ARCHITECTURE.md does not name: {', '.join(missing)}"
    packages = {p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "backend").rglob("__init__.py")} - {"backend"}
    unlisted = sorted(p for p in packages if f"{p.split('/')[-1]}/" not in text)
    assert not unlisted, f"ARCHITECTURE.md does not show the packages: {', '.join(unlisted)}"
