"""A measure no column holds, said of two that do: one number column over another ("the cost per conversion": Spend
over Conversions, "the click-through rate": Clicks over Impressions), one less another ("the profit": Revenue less
Cost) or one times another ("the value of PO-1002": its Qty times its Unit Cost; ``priced.py``).

No rule can read such a measure: ``said_measure`` finds it in the question's words, the rules read the question as
about the first column (the highest Clicks, the Spend of Spring Sale, the total Revenue), and ``as_derived`` makes that
reading compute the measure (``Plan.per``, ``Plan.less``, ``Plan.times``, ``Plan.plus``). A ratio over rows together
is the total over the total (the click-through rate of the email campaigns is their clicks over their impressions, not
the mean of their rates). An analyst's sums, prices and rates of what was sold: ``business_measures.py``; rates said
by their marketing or support names: ``named_rates.py``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.tables.against import LEVEL_OR_BUDGET, SPENT_NAME, achieved_against
from backend.tables.business_measures import business_measure
from backend.tables.changes_said import CHANGE_WORDS, FALL_WORDS
from backend.tables.column_kinds import MONEY_NAME, is_year_or_rank
from backend.tables.infer import TypedTable
from backend.tables.measure import DIVIDED, LESS, PLUS, TIMES, SaidMeasure
from backend.tables.named_rates import rate_said
from backend.tables.plan import Operation, Plan, ReadingKind
from backend.tables.priced import quantity_times_price
from backend.tables.question import ParsedQuestion, Reading
from backend.tables.vocabulary import Index
from backend.tables.words import name_stems, normal

# Words for money spent, which name the one spending column of a table that has no column named by them ("the cost
# per conversion" of a campaign table's Spend).
_SPENDING = frozenset({"cost", "costs", "spend", "spending", "spent"})
_PAYING = frozenset({"pay", "pays", "paid", "paying", "charge", "charges", "charged"})  # money a row pays or charges
_CURRENCY = frozenset({"dollar", "euro", "pound", "dollars", "euros", "pounds"})  # "per dollar": per unit of money
_RANKING = frozenset({"most", "least", "more", "less"})  # "pays the most per seat": the amount paid is not named
# Profit is what came in less what it cost: said of a table with one column of each and none named for profit
# (a Revenue less its Cost, a Unit Price less its Unit Cost: "the profit per unit").
_PROFIT = frozenset({"profit", "profits", "profitable", "margin", "margins"})  # "the highest margin": price less cost
_INCOME_NAME = re.compile(r"(?i)\b(?:revenue|revenues|sales|income|turnover|price)\b")


def said_measure(words: list[str], stems: list[str], table: TypedTable, index_: Index) -> SaidMeasure | None:
    """The derived measure said, or None: "<a> per <b>" where both name number columns (not "the average spend per
    campaign": Campaign holds names), a named rate whose columns the table has, or a profit."""
    numbers = [c for c, column in enumerate(table.columns) if column.numeric and not is_year_or_rank(table, c)]

    def the_one(columns: list[int]) -> int | None:
        return columns[0] if len(columns) == 1 else None

    def named_by(stem_: str) -> int | None:
        # of several, the one it names whole: "per kWh" of a "kWh" beside a "Target kWh" (it read the Cost alone, at
        # 0.8; my own energy table, 2026-11-29)
        columns = [c for c in numbers if stem_ in index_.names[c]]
        whole = [c for c in columns if name_stems(table.columns[c].name) == {stem_}]
        return the_one(columns) if len(columns) == 1 else the_one(whole)

    def named_as(pattern: re.Pattern[str]) -> int | None:
        return the_one([c for c in numbers if pattern.search(table.columns[c].name)])

    for i, word in enumerate(words[1:-1], start=1):
        if word != "per":
            continue
        column = named_by(stems[i - 1])
        if column is None and words[i - 1] in _SPENDING:
            column = named_as(SPENT_NAME)
        if column is None and (words[i - 1] in _PAYING or (words[i - 1] in _RANKING and _PAYING & set(words[:i]))):
            # "which customer pays the most per seat", "how much does Acme pay per seat": the one amount of money over
            # the Seats (it ranked the Monthly Fee alone, and read Acme's, "per seat" explained, at 0.8; my own
            # subscriptions table, 2026-12-07)
            column = named_as(MONEY_NAME)
        per = named_by(stems[i + 1])
        if per is None and words[i + 1] in _CURRENCY:
            # "the most conversions per dollar": over the one column of money (held at 0.25, "per dollar" left out; my
            # own campaigns table, 2026-12-08)
            per = named_as(MONEY_NAME)
        # "the price per unit" of a "Unit Price" column, "the price per seat" of a "Price per Seat" beside the Seats:
        # one column's name says it whole
        if column is not None and stems[i + 1] in index_.names[column]:
            continue
        if column is not None and per is not None and column != per:
            end = i + 2  # "per square foot": every word of the name said
            while end < len(words) and stems[end] in index_.names[per]:
                end += 1
            return SaidMeasure(column, DIVIDED, per, frozenset({i - 1, *range(i, end)}))
    income, spent = named_as(_INCOME_NAME), named_as(SPENT_NAME)
    named_rate = rate_said(words, named_by, income, spent)
    if named_rate is not None:
        return named_rate
    profit = [i for i, word in enumerate(words) if word in _PROFIT]
    if profit and not any(stems[profit[0]] in names for names in index_.names):
        if income is not None and spent is not None and income != spent:
            return SaidMeasure(income, LESS, spent, frozenset(profit))
    return (
        _beyond_level(words, stems, numbers, table, index_)
        or _change_across_years(words, numbers, table)
        or quantity_times_price(words, stems, numbers, table, named_as, index_)
        or business_measure(words, stems, numbers, table, index_)
    )


def _change_across_years(words: list[str], numbers: list[int], table: TypedTable) -> SaidMeasure | None:
    """ "How much did the Sales budget increase from 2025 to 2026", "which department's budget grew the most": of two
    number columns named alike but for their years ("Budget 2025", "Budget 2026"), the later less the earlier (a fall:
    the earlier less the later). With more than two such columns, the two years the question says."""
    said = next((i for i, word in enumerate(words) if word in CHANGE_WORDS), None)
    if said is None:
        return None
    by_name: dict[str, list[tuple[int, int]]] = {}
    for c in numbers:
        year = re.search(r"\b(1[89]\d\d|20\d\d)\b", table.columns[c].name)
        if year is not None:
            rest = normal(table.columns[c].name.replace(year.group(1), " "))
            by_name.setdefault(rest, []).append((int(year.group(1)), c))
    years = {int(w) for w in words if w.isdigit()}
    pairs = [sorted(y for y in found if len(found) == 2 or y[0] in years) for found in by_name.values()]
    pairs = [p for p in pairs if len(p) == 2]
    if len(pairs) != 1:
        return None
    (_, earlier), (_, later) = pairs[0]
    if words[said] in FALL_WORDS:
        return SaidMeasure(earlier, LESS, later, frozenset({said}))
    return SaidMeasure(later, LESS, earlier, frozenset({said}))


# "By how much did Ben beat his target": what was achieved less the level; "how far short of her quota was Cara": the
# level less what was achieved ("how far over budget": what was spent less the budget; "overran its estimate").
# (a variance, as a budget report writes it, is what was spent less the budget: "the total variance for Engineering"
# read its Budget, at 0.29; my own budget against actuals table, 2026-11-29)
_BEYOND = re.compile(
    r"exceed(?:s|ed)?|beat|beats|surpass(?:ed|es)?|over|above|overr(?:an|un|uns|unning)|overspen(?:d|t|ding)"
    r"|variances?"
)
_SHORT = re.compile(r"miss(?:ed|es)?|short|below|under|underr(?:an|un|uns|unning)|underspen(?:d|t|ding)")
# Asked as an amount ("how much", "how far", "how many hours" in the level's own unit) or as a superlative ("which
# task overran its estimate the most", "which campaign went furthest over budget": the rows ordered by it); "how many
# tasks went over their estimate" counts rows (against.py)
_FAR = frozenset({"far", "further", "furthest", "farther", "farthest"})
_OVERRUN = frozenset({"overrun", "overruns", "overspend", "overspent", "overspending", "variance", "variances"})
_OVERRUN |= {"underspend", "underspent", "underspending"}  # the budget less the spend (no reading; mine, 2026-12-07)
_HOW_FAR = re.compile(r"\bhow (?:much|far)\b|\b(?:most|least|furthest|farthest|biggest|largest)\b")


def _beyond_level(
    words: list[str], stems: list[str], numbers: list[int], table: TypedTable, index_: Index
) -> SaidMeasure | None:
    """How far a row's achievement is past (or short of) the one level the question names, asked as an amount or a
    superlative."""
    levels = [c for c in numbers if LEVEL_OR_BUDGET.search(table.columns[c].name)]
    # "which project had the largest overrun": an overrun is past the one level though it goes unnamed (it read the
    # largest Actual Cost, at 0.8; my own projects table, 2026-11-29)
    overrun = any(word in _OVERRUN for word in words)
    if len(levels) != 1 or not (overrun or any(s in index_.names[levels[0]] for s in stems)):
        return None
    level = levels[0]
    said = range(len(words) - 2)
    in_its_unit = any(words[j : j + 2] == ["how", "many"] and stems[j + 2] in index_.names[level] for j in said)
    if not _HOW_FAR.search(" ".join(words)) and not in_its_unit and not overrun:
        return None
    achieved = achieved_against(level, [c for c in numbers if c != level], table)
    # the words that name the level ("estimate", "budget") and say how far are the measure's
    explained = {j for j, (w, s) in enumerate(zip(words, stems, strict=True)) if s in index_.names[level] or w in _FAR}
    for i, word in enumerate(words):
        if achieved is not None and _BEYOND.fullmatch(word):
            return SaidMeasure(achieved, LESS, level, frozenset({i, *explained}))
        if achieved is not None and _SHORT.fullmatch(word):
            return SaidMeasure(level, LESS, achieved, frozenset({i, *explained}))
    # "how far is North from its target": short of it, below 0 once passed (it read the Target, at 0.8; my own
    # targets table, 2026-11-29)
    if achieved is not None and "far" in words and "from" in words:
        return SaidMeasure(level, LESS, achieved, frozenset({words.index("from"), *explained}))
    return None


def deriving(reading: Reading | None, p: ParsedQuestion, measure: SaidMeasure) -> Reading | None:
    """The reading the rules chose made to compute ``measure`` (:func:`as_derived`), or the measure of the rows picked
    where no rule read the question (:func:`measure_of_rows`); None where neither does."""
    if reading is None:
        return measure_of_rows(p, measure)
    shown = reading.plan.select[0] if reading.plan.select else None
    repeats = shown is not None and p.index.distinct[shown] < p.table.row_count
    return as_derived(reading, measure, p.numeric_answer, groups=repeats)


def as_derived(reading: Reading, measure: SaidMeasure, numeric: bool, groups: bool = False) -> Reading | None:
    """The reading computing ``measure`` where it reads its first column, or None where it does not (then the
    measure's words stay unexplained): a sum of it becomes the measure's total (a ratio's total over the total), an
    average, highest or lowest the rows' own measures', an order by it an order by the measure; and a lookup, asked
    for a number (``numeric``), the measure of the rows it picks ("the cost per conversion for Spring Sale", "for
    email campaigns": whatever cell it would read)."""
    plan = reading.plan
    if plan.score or plan.until is not None or plan.shift:
        return None
    if measure.how in (TIMES, PLUS) and measure.other in (plan.column, plan.order_by):  # "the most expensive order":
        measure = SaidMeasure(measure.other, measure.how, measure.column, measure.words)  # by price, either way round
    if plan.operation in (Operation.SUM, Operation.AVG, Operation.MIN, Operation.MAX) and plan.column == measure.column:
        if measure.how == DIVIDED and plan.operation is Operation.AVG:  # "the average click-through rate": overall
            summed = _computing(replace(plan, operation=Operation.SUM), measure)
            return replace(reading, plan=summed, kind=ReadingKind.SUM)
        return replace(reading, plan=_computing(plan, measure))
    if plan.operation is Operation.ROWS and plan.order_by == measure.column and groups and measure.how == DIVIDED:
        # "which carrier is the cheapest per kg", of several shipments each (``groups``): each carrier's total cost
        # over its total weight (it ranked the one cheapest shipment's carrier, at 0.8; my own shipments table,
        # 2026-12-07), as "the cost per click" of each channel is
        if reading.kind is ReadingKind.SUPERLATIVE and plan.limit == 1 and plan.select:
            ratio = Plan(Operation.SUM, measure.column, group_by=plan.select[0], where=plan.where, limit=3)
            ranked = replace(_computing(ratio, measure), descending=plan.descending, words=plan.words)
            return replace(reading, plan=ranked, kind=ReadingKind.GROUP)
    if plan.operation is Operation.ROWS and plan.order_by == measure.column:
        # the rows tied for the best measure are told by it: each row's second column is read beside its answer
        shown = (*plan.select, measure.other) if reading.kind is ReadingKind.TIED else plan.select
        return replace(reading, plan=_computing(replace(plan, select=shown), measure))
    if numeric and reading.kind in (ReadingKind.LOOKUP, ReadingKind.LIST) and plan.order_by is None:
        summed = Plan(Operation.SUM, column=measure.column, where=plan.where, words=plan.words)
        return replace(reading, plan=_computing(summed, measure), kind=ReadingKind.SUM)
    return None


def _computing(plan: Plan, measure: SaidMeasure) -> Plan:
    """``plan`` with its column (or order) read as ``measure``."""
    if measure.how == DIVIDED:
        return replace(plan, per=measure.other)
    if measure.how == TIMES:
        return replace(plan, times=measure.other)
    if measure.how == PLUS:
        return replace(plan, plus=measure.other)
    return replace(plan, less=measure.other)


def measure_of_rows(p: ParsedQuestion, measure: SaidMeasure) -> Reading | None:
    """A number asked for that no rule reads, when the question says a derived measure: the measure of the rows its
    conditions pick, of every row when none ("what is the click-through rate": the campaigns' clicks over their
    impressions; "what was the profit in March")."""
    if not p.numeric_answer:
        return None
    return p.reading(_computing(Plan(Operation.SUM, column=measure.column, where=p.where), measure), ReadingKind.SUM)
