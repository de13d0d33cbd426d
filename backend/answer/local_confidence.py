"""How sure the local engine is of a value: a logistic model, fitted on the typed-QA tuning half with the real model
(bench/calibrate_local.py), of what its reading tells (``LocalSignals``): the value's token probability, whether the
value is stated in the evidence, and whether the offline engine reads the same value."""

from __future__ import annotations

import math
from dataclasses import dataclass

from backend.types import AnswerType

# Confidence: a logistic model of "the value is right" on LocalSignals, one intercept per type, fitted by
# bench/calibrate_local.py --per-half 220 --tuning-only on the TUNING half (2026-11-26: 220 answerable questions and
# the 42 unanswerable ones, Qwen2.5-Coder-1.5B-Instruct Q4_K_M; 225 values, 159 right). The value's token probability
# enters as log-odds: leave-one-out log-loss on those values 0.452, against 0.478 for the probability itself with
# whether the model chose a value over null (which told nothing: it almost always writes one). On the checking half's
# 70-question sample at the default 0.56 (the readings of bench/calibrate_local.py): precision 0.830 and answerable
# exact match 0.629, against 0.840 and 0.600 for the earlier fit on 70 tuning questions with the probability.
# Refitted 2026-11-27 on the same 262 tuning questions read as the engine now reads them (a reading under the bar is
# read again on the further sentences, local.read): 230 values, 165 right, 30 of them read on the further sentences
# (12 right), which ``further`` marks. At 0.56 on the tuning half: precision 0.846, answerable exact match 0.673.
# Over HTTP (bench/typed_qa.py --engine local --per-half 200), checking precision 85.8% -> 87.3% and answerable exact
# match 66.5% -> 65.5% (booleans 72% -> 52% exact at 85.7% -> 86.7% precision: fewer kept), tuning 82.1% -> 82.5% and
# 66.5% -> 66.0%.
COEFFICIENTS = {"value_certainty": 2.026, "grounded": 1.156, "agrees": 1.313, "further": -0.438}
INTERCEPTS = {
    AnswerType.INTEGER: -1.843,
    AnswerType.BOOLEAN: -2.405,
    AnswerType.DATETIME: -3.017,
    AnswerType.STRING: -2.519,
    AnswerType.FLOAT: -1.784,
}


@dataclass(frozen=True)
class LocalSignals:
    """What a reading tells of its value, each in [0, 1]; the confidence is computed from ``value_certainty`` (of
    ``value_prob``), ``grounded``, ``agrees`` and ``further`` (COEFFICIENTS).

    - ``chose_value``: the model's probability of writing a value rather than ``null`` where it chose (kept for the
      benchmark: it told nothing);
    - ``value_prob``: the geometric mean probability of the value's tokens (how sure it was of the spelling);
    - ``grounded``: 1 when the value is stated in the evidence it read, else 0;
    - ``agrees``: 1 when the offline engine reads the same value from the same evidence, else 0;
    - ``further``: 1 when the value was read on the further sentences (``local.read``), else 0: such a value is
      less often right than its other signals say (12 of 30 on the tuning half).
    """

    chose_value: float
    value_prob: float
    grounded: float
    agrees: float
    prompt_tokens: int = 0  # what the reading cost (not a signal)
    completion_tokens: int = 0
    further: float = 0.0

    @property
    def value_certainty(self) -> float:
        """The value's token probability as log-odds over 4 (0.5 → 0, 0.9 → 0.55, 0.99 → 1.15, clipped at ±2.3):
        the top of the scale, where right and wrong values differ, spread out (4: the scale the fit was chosen at)."""
        p = min(max(self.value_prob, 1e-4), 1 - 1e-4)
        return math.log(p / (1 - p)) / 4


def probability(signals: LocalSignals, answer_type: AnswerType) -> float:
    """The calibrated probability that a value with these signals is right."""
    logit = INTERCEPTS[answer_type.element] + sum(COEFFICIENTS[name] * getattr(signals, name) for name in COEFFICIENTS)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))
