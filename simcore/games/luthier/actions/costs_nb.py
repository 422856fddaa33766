"""Material costs with discounts and inspiration: one option per way to pay."""

from __future__ import annotations

from simcore.games.luthier.play.decide_nb import set_opt_nb
from simcore.kernels.jit import kernel


@kernel
def sum_ok_nb(r, total, fixed, optional, insp_per, insp):
    """True if taking r of a cost's `total` materials off is a legal, non-wasteful plan
    for a seat holding `insp` inspiration (the materials themselves aside).

    Fixed discounts (patron powers, a specialty chip) and `optional` ones (a
    worker's once-per-worker bench bonus, p.23) are always used as far as the
    cost goes; each further material costs `insp_per` inspiration (0 = not
    allowed). A bench bonus kept for a second instrument is listed by
    `add_kept_plans_nb` (issue 16 item 7: never skipped otherwise).
    """
    if r < min(fixed + optional, total):
        return False
    extra = r - fixed - optional
    return extra <= 0 or (insp_per != 0 and extra * insp_per <= insp)


@kernel
def fewest_off_nb(s, p, cost, m):
    """Fewest of Material m a plan takes off cost[m]: what seat p holds leaves the rest.
    A plan takes ra, rw, rm off with fewest_off <= r <= cost, so the loops below start
    there (the plans they skip would leave a material unpaid)."""
    return max(0, cost[m] - s[p].materials[m])


@kernel
def add_plan_options_nb(s, p, opts, n, kind, a, cost, fixed, optional, insp_per, e):
    """Add (kind, a, ra, rw, rm, e) for every legal plan to pay Material cost[3]; return n."""
    total = cost[0] + cost[1] + cost[2]
    insp = s[p].inspiration
    for ra in range(fewest_off_nb(s, p, cost, 0), cost[0] + 1):
        for rw in range(fewest_off_nb(s, p, cost, 1), cost[1] + 1):
            for rm in range(fewest_off_nb(s, p, cost, 2), cost[2] + 1):
                if sum_ok_nb(ra + rw + rm, total, fixed, optional, insp_per, insp):
                    n = set_opt_nb(opts, n, kind, a, ra, rw, rm, e)
    return n


@kernel
def add_kept_plans_nb(s, p, opts, n, kind, a, cost, fixed, optional, e, next_cost):
    """Add the plans for `cost` that keep the `optional` bonus for a second instrument.

    Rulebook p.23: the bench bonus takes one material off one instrument of the
    player's choice when one worker works two. A plan that keeps it is listed
    only if the worker can then pay `next_cost` with it, after this plan.
    """
    total = cost[0] + cost[1] + cost[2]
    if optional == 0 or total <= fixed:
        return n
    for ra in range(fewest_off_nb(s, p, cost, 0), cost[0] + 1):
        for rw in range(fewest_off_nb(s, p, cost, 1), cost[1] + 1):
            for rm in range(fewest_off_nb(s, p, cost, 2), cost[2] + 1):
                if not sum_ok_nb(ra + rw + rm, total, fixed, 0, 0, 0):
                    continue
                s[p].materials[0] -= cost[0] - ra
                s[p].materials[1] -= cost[1] - rw
                s[p].materials[2] -= cost[2] - rm
                ok = has_plan_nb(s, p, next_cost, fixed, optional, 0)
                s[p].materials[0] += cost[0] - ra
                s[p].materials[1] += cost[1] - rw
                s[p].materials[2] += cost[2] - rm
                if ok:
                    n = set_opt_nb(opts, n, kind, a, ra, rw, rm, e)
    return n


@kernel
def has_plan_nb(s, p, cost, fixed, optional, insp_per):
    """True if add_plan_options_nb would list a plan, without listing them: the sums a
    plan can take off are every r from the fewest it must to the whole cost, and whether
    r is legal changes at most once along them (sum_ok_nb is monotone in r), so the
    least legal-looking r and the whole cost decide."""
    lo = 0
    for m in range(3):
        least = fewest_off_nb(s, p, cost, m)
        if least > cost[m]:  # no plan at all (the loops would be empty)
            return False
        lo += least
    total = cost[0] + cost[1] + cost[2]
    r = max(lo, min(fixed + optional, total))
    insp = s[p].inspiration
    return sum_ok_nb(r, total, fixed, optional, insp_per, insp) or sum_ok_nb(
        total, total, fixed, optional, insp_per, insp
    )


@kernel
def pay_plan_nb(s, p, cost, ra, rw, rm, fixed, optional, insp_per):
    """Pay a plan; returns (optional discounts used, inspiration spent)."""
    s[p].materials[0] -= cost[0] - ra
    s[p].materials[1] -= cost[1] - rw
    s[p].materials[2] -= cost[2] - rm
    r = ra + rw + rm
    used_fixed = min(fixed, r)
    used_optional = min(optional, r - used_fixed)
    insp = (r - used_fixed - used_optional) * insp_per
    s[p].inspiration -= insp
    return used_optional, insp
