"""tables/loaded.py: stored tables read once, kept by recency up to a number of cells."""

from __future__ import annotations

from backend.tables.infer import infer, to_bytes
from backend.tables.loaded import LoadedTables
from backend.tables.read import RawTable


def _stored(name: str, rows: int) -> tuple[dict, bytes]:
    """A stored table's row (id, name, columns) and its data: ``rows`` rows of two columns."""
    raw = RawTable("", [["Office", "Staff"], *[[f"Office {i}", str(i)] for i in range(rows)]])
    columns, data = to_bytes(infer(raw, name))
    return {"id": name, "name": name, "columns": columns}, data


class _Store:
    """The stored data the cache reads, counting the reads."""

    def __init__(self, *tables: tuple[dict, bytes]) -> None:
        self.data = {row["id"]: data for row, data in tables}
        self.reads: list[str] = []

    def read(self, tenant: str, table_id: str) -> bytes | None:
        self.reads.append(table_id)
        return self.data.get(table_id)


def test_a_table_is_read_from_the_store_once():
    offices = _stored("offices.csv", 3)
    store = _Store(offices)
    tables = LoadedTables(store.read)
    first = tables.get("acme", offices[0])
    assert first is not None and first[0].row_count == 3 and "office 1" in first[1].values[0]
    assert tables.get("acme", offices[0]) is first
    assert store.reads == ["offices.csv"]


def test_the_least_recently_used_table_goes_past_the_cell_budget():
    first, second, third = _stored("first.csv", 2), _stored("second.csv", 2), _stored("third.csv", 2)
    store = _Store(first, second, third)
    tables = LoadedTables(store.read, max_cells=10)  # 2 rows x 2 columns = 4 cells each: two fit
    tables.get("acme", first[0])
    tables.get("acme", second[0])
    tables.get("acme", first[0])  # first is now the more recent of the two
    tables.get("acme", third[0])  # 12 cells: second, the least recently used, goes
    tables.get("acme", first[0])
    tables.get("acme", second[0])
    assert store.reads == ["first.csv", "second.csv", "third.csv", "second.csv"]


def test_a_table_over_the_budget_is_kept_while_it_is_asked_for():
    big = _stored("big.csv", 10)
    store = _Store(big)
    tables = LoadedTables(store.read, max_cells=12)  # 20 cells
    assert tables.get("acme", big[0]) is not None
    assert tables.get("acme", big[0]) is not None
    assert store.reads == ["big.csv"]


def test_a_table_no_longer_stored_is_none():
    gone = _stored("gone.csv", 2)
    assert LoadedTables(_Store().read).get("acme", gone[0]) is None
