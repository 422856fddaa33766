"""Material costs with discounts and inspiration: one option per way to pay."""

from __future__ import annotations

from simcore.games.luthier.decide_nb import set_opt_nb
from simcore.jit import kernel


@kernel
def plan_ok_nb(s, p, cost, ra, rw, rm, fixed, optional, insp_per):
    """True if paying cost less (ra, rw, rm) is a legal, non-wasteful plan for seat p.

    Fixed discounts (patron powers, a specialty chip) and `optional` ones (a
    worker's once-per-worker bench bonus, p.23) are always used as far as the
    cost goes; each further material costs `insp_per` inspiration (0 = not
    allowed). A bench bonus kept for a second instrument is listed by
    `add_kept_plans_nb` (issue 16 item 7: never skipped otherwise).
    """
    r = ra + rw + rm
    total = cost[0] + cost[1] + cost[2]
    if r < min(fixed + optional, total):
        return False
    extra = r - fixed - optional
    if extra > 0 and (insp_per == 0 or extra * insp_per > s[p].inspiration):
        return False
    m = s[p].materials
    return m[0] >= cost[0] - ra and m[1] >= cost[1] - rw and m[2] >= cost[2] - rm


@kernel
def add_plan_options_nb(s, p, w, n, kind, a, cost, fixed, optional, insp_per, e):
    """Add (kind, a, ra, rw, rm, e) for every legal plan to pay Material cost[3]; return n."""
    for ra in range(cost[0] + 1):
        for rw in range(cost[1] + 1):
            for rm in range(cost[2] + 1):
                if plan_ok_nb(s, p, cost, ra, rw, rm, fixed, optional, insp_per):
                    n = set_opt_nb(w, n, kind, a, ra, rw, rm, e)
    return n


@kernel
def add_kept_plans_nb(s, p, w, n, kind, a, cost, fixed, optional, e, next_cost):
    """Add the plans for `cost` that keep the `optional` bonus for a second instrument.

    Rulebook p.23: the bench bonus takes one material off one instrument of the
    player's choice when one worker works two. A plan that keeps it is listed
    only if the worker can then pay `next_cost` with it, after this plan.
    """
    if optional == 0 or cost[0] + cost[1] + cost[2] <= fixed:
        return n
    for ra in range(cost[0] + 1):
        for rw in range(cost[1] + 1):
            for rm in range(cost[2] + 1):
                if not plan_ok_nb(s, p, cost, ra, rw, rm, fixed, 0, 0):
                    continue
                s[p].materials[0] -= cost[0] - ra
                s[p].materials[1] -= cost[1] - rw
                s[p].materials[2] -= cost[2] - rm
                ok = has_plan_nb(s, p, next_cost, fixed, optional, 0)
                s[p].materials[0] += cost[0] - ra
                s[p].materials[1] += cost[1] - rw
                s[p].materials[2] += cost[2] - rm
                if ok:
                    n = set_opt_nb(w, n, kind, a, ra, rw, rm, e)
    return n


@kernel
def has_plan_nb(s, p, cost, fixed, optional, insp_per):
    for ra in range(cost[0] + 1):
        for rw in range(cost[1] + 1):
            for rm in range(cost[2] + 1):
                if plan_ok_nb(s, p, cost, ra, rw, rm, fixed, optional, insp_per):
                    return True
    return False


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
