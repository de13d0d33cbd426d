"""Typed tables: files read as tables (read.py), what one cell states (cells.py), their column types (infer.py),
query plans as data (plan.py) and in words (plan_words.py), a table's vocabulary (vocabulary.py), what a question
says about a table (words.py), the cell values it says
(mentions.py), the numbers and dates it compares with (quantities.py) and which columns it means (columns.py), the
offline question → plan parser (parse.py), plan execution on DuckDB (query.py, its only importer), and a reading's
result as a value of the asked type (results.py). ARCHITECTURE.md lists every module."""
