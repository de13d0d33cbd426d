"""Typed tables: files read as tables (read.py), their column types (infer.py), query plans as data (plan.py),
the offline question → plan parser (parse.py) and plan execution on DuckDB (query.py, its only importer)."""
