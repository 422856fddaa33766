"""Verdicts per metric and overall: pass, drift or inconclusive, fixed-sample or sequential.

With tolerance d and level alpha, for the difference D (candidate minus baseline):

- pass: the (1 - alpha) interval for D lies inside [-d, d]. Passing every metric is
  an intersection-union test, so the overall "pass" errs with probability at most
  alpha without a multiple-comparison correction.
- drift: the interval lies outside [-d, d] after Holm's correction across the
  metrics: the p-value of "|D| <= d" is that of the nearer tolerance bound, and the
  family-wise chance of a false "drift" is at most alpha.
- inconclusive: neither (too few games to decide); untested: too few seat-games.

Fixed-sample: normal intervals. Sequential (`sequential=True`): always-valid
intervals and p-values of the normal-mixture sequential probability ratio test
(Robbins; Johari, Pekelis and Walsh 2017), with the mixture scale set to the
tolerance. They hold at every look at once, so the check may stop as soon as a
verdict is reached and the error rates above still hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import Any

from simcore.stats import holm, normal_two_sided_p

PASS, DRIFT, INCONCLUSIVE, UNTESTED = "pass", "drift", "inconclusive", "untested"
EXIT_CODES = {PASS: 0, DRIFT: 1, INCONCLUSIVE: 3}
ORDER = {DRIFT: 0, INCONCLUSIVE: 1, PASS: 2, UNTESTED: 3}


SCORE_SHARE = 0.10  # the default score tolerance: a tenth of the baseline's mean final score


@dataclass(frozen=True)
class Tolerances:
    """The largest acceptable change of each kind of metric.

    The score's is in the game's points (`score`), or, when `score` is None, a share
    (`score_share`) of the baseline's mean final score, resolved by `scaled` before any
    verdict: a game scoring 8 on average and one scoring 40 get tolerances of the same
    weight (0.8 and 4 points at the default 10%)."""

    win: float = 0.02  # win rates (start order, family, strategy), as a fraction
    score: float | None = None  # mean final score, in the game's points (None: score_share)
    card: float | None = None  # per-card win-rate differences (None: same as `win`)
    alpha: float = 0.05
    min_sample: int = 30  # a card held by fewer seat-games (in either run) is untested
    score_share: float = SCORE_SHARE  # used when `score` is None: a fraction of the mean
    score_scale: float | None = None  # the baseline's mean final score `scaled` used

    def scaled(self, mean_score: float) -> Tolerances:
        """These tolerances with the score's in points: `score` if given, else `score_share`
        of the baseline's mean final score `mean_score`."""
        if self.score is not None:
            return self
        scale = abs(mean_score) if math.isfinite(mean_score) else 0.0
        return replace(self, score=self.score_share * scale, score_scale=scale)

    def of(self, kind: str) -> float:
        if kind == "card":
            return self.win if self.card is None else self.card
        if kind == "score":
            if self.score is None:
                raise ValueError("internal: the score tolerance is relative; call scaled()")
            return self.score
        return self.win


def parse_score_tolerance(text: str) -> tuple[float | None, float]:
    """`--score-tolerance`: "10%" -> (None, 0.10), a share of the baseline's mean final
    score; "1.5" -> (1.5, SCORE_SHARE), points of the game's score. One line otherwise."""
    from simcore.errors import TuttiError

    raw = str(text).strip()
    try:
        value = float(raw[:-1] if raw.endswith("%") else raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise TuttiError(
            f"--score-tolerance {text}: expected a percentage of the baseline's mean final "
            "score (10%) or points of the game's score (1.5), not negative"
        )
    return (None, value / 100) if raw.endswith("%") else (value, SCORE_SHARE)


def fixed_interval(diff: float, variance: float, alpha: float) -> tuple[float, float]:
    half = NormalDist().inv_cdf(1 - alpha / 2) * math.sqrt(variance)
    return diff - half, diff + half


def fixed_p(diff: float, variance: float, tol: float) -> float:
    """p-value of "|D| <= tol": the two-sided normal p of the distance past the nearer bound."""
    excess = abs(diff) - tol
    if excess <= 0:
        return 1.0
    return 0.0 if variance <= 0 else normal_two_sided_p(excess / math.sqrt(variance))


def mixture_interval(diff: float, variance: float, alpha: float, tau: float) -> tuple[float, float]:
    """Normal-mixture confidence sequence: holds at every look with probability 1 - alpha."""
    if variance <= 0:
        return diff, diff
    if math.isinf(variance):
        return -math.inf, math.inf
    tau2 = tau * tau
    spread = variance * (variance + tau2) / tau2
    half = math.sqrt(spread * (2 * math.log(1 / alpha) + math.log((variance + tau2) / variance)))
    return diff - half, diff + half


def mixture_p(diff: float, variance: float, tol: float, tau: float) -> float:
    """Always-valid p of "|D| <= tol": 1 / the mixture likelihood ratio at the nearer bound."""
    excess = abs(diff) - tol
    if excess <= 0 or math.isinf(variance):
        return 1.0
    if variance <= 0:
        return 0.0
    tau2 = tau * tau
    log_ratio = 0.5 * math.log(variance / (variance + tau2)) + tau2 * excess * excess / (
        2 * variance * (variance + tau2)
    )
    return min(1.0, math.exp(-log_ratio))


def decide(rows: list[dict[str, Any]], tol: Tolerances, sequential: bool) -> str:
    """Fill interval, p-value, Holm p and verdict into each metric row; the overall verdict.

    Rows need diff, variance, tolerance and tested; with `sequential`, a row's
    `p_running` (the smallest p-value of earlier looks) is kept and updated.
    """
    for r in rows:
        if not r["tested"]:
            r.update(low=None, high=None, p_value=None)
            continue
        if sequential:
            r["low"], r["high"] = mixture_interval(
                r["diff"], r["variance"], tol.alpha, r["tolerance"]
            )
            p = mixture_p(r["diff"], r["variance"], r["tolerance"], r["tolerance"])
            r["p_value"] = min(p, r.get("p_running", 1.0))
            r["p_running"] = r["p_value"]
        else:
            r["low"], r["high"] = fixed_interval(r["diff"], r["variance"], tol.alpha)
            r["p_value"] = fixed_p(r["diff"], r["variance"], r["tolerance"])
    tested = [r for r in rows if r["tested"]]
    for r, h in zip(tested, holm([r["p_value"] for r in tested]), strict=True):
        r["holm_p"] = h
        if h <= tol.alpha:
            r["verdict"] = DRIFT
        elif -r["tolerance"] <= r["low"] and r["high"] <= r["tolerance"]:
            r["verdict"] = PASS
        else:
            r["verdict"] = INCONCLUSIVE
    for r in rows:
        if not r["tested"]:
            r.update(holm_p=None, verdict=UNTESTED)
    return overall(rows)


def overall(rows: list[dict[str, Any]]) -> str:
    verdicts = {r["verdict"] for r in rows}
    if DRIFT in verdicts:
        return DRIFT
    if INCONCLUSIVE in verdicts or PASS not in verdicts:
        return INCONCLUSIVE
    return PASS
