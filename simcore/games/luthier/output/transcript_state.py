"""State blocks of the transcript: what every seat and the board hold after setup and at
the end of each round.

The kernel copies the game and seat records into snapshot buffers at those moments
(log_nb.snapshot_nb, a STATE event marks the place in the log); here a snapshot becomes
one plain dict (`state_dict`, also the JSON line of `tutti play --jsonl`) and the dict
becomes text lines (`state_lines`), so the text and the JSON show the same numbers.
"""

from __future__ import annotations

from typing import Any

from simcore.games.luthier.output.events import LABELS, MARKERS, ROW_KINDS, SEAT_NAMES
from simcore.games.luthier.state.codes import ReqCard
from simcore.games.luthier.state.dtypes import NEUTRAL
from simcore.games.luthier.state.enums import CardRow, Era, Family, Rule, Track
from simcore.games.luthier.state.track_steps import TRACK_FINAL

WIDTH = 120  # transcript lines stay within this many characters
BLOCKED = -2  # award_claimed value of a level blocked in two-player games (awards_nb.BLOCKED)
LEAVES = 3  # patience step at which a patron leaves (state_nb.LEAVES, ruling 1)
INSTRUMENT_TOKEN = 0


def _names(cards, kind: str, ids) -> list[str]:
    return [cards.names[kind][int(c)] for c in ids if int(c) >= 0]


def family_name(f: int) -> str:
    return Family(f).name.lower() if f != Family.PK else "percussion & keyboards"


def req_card_name(kind: int, key: int) -> str:
    """A card kept under a patron (ruling 21), by its ReqCard kind and its family (an
    instrument or repair) or era (a performance): "a baroque performance", "a winds repair"."""
    what = Era(key).name.lower() if kind == ReqCard.PERFORMANCE else family_name(key)
    return f"a {what} {ReqCard(kind).name.lower()}"


def open_requirements(cards, seat, slot: int) -> list[str]:
    """The requirements of the patron in `slot` not met yet (ruling 2): the primary is an
    instrument family, each secondary a (family, era) pair.

    Ruling 21: the met requirements (`patron_met`) are those of the best assignment of the
    cards kept under the patron (requirements_nb.keep_card_nb); a kept card is tied to a
    requirement only when the patron completes, so where two requirements could take it
    the one shown open is the engine's pick among equals (`kept_cards` names the cards)."""
    a = cards.arrays
    c = int(seat["patrons"][slot])
    out = []
    if seat["patron_met"][slot, 0] == 0:
        out.append(f"{family_name(int(a.patron_primary[c]))} instrument")
    for k in range(int(a.patron_n_secondary[c])):
        if seat["patron_met"][slot, k + 1] == 0:
            fam, era = (int(x) for x in a.patron_secondary[c, k])
            out.append(f"{family_name(fam)} / {Era(era).name.lower()}")
    return out


def kept_cards(seat, slot: int) -> list[str]:
    """The cards kept under the patron in `slot` toward its requirements (ruling 21)."""
    n = int(seat["patron_cards_n"][slot])
    return [req_card_name(int(k), int(v)) for k, v in seat["patron_cards"][slot, :n]]


def holds_chair(cards, game, p: int, spot: int) -> bool:
    """state_nb.holds_chair_nb in Python: rare spots give every instrument token a chair."""
    rare = cards.arrays.spot_rare[spot] == 1
    if rare and game["tokens"][spot, p, INSTRUMENT_TOKEN] > 0:
        return True
    if rare and game["chair_kind"][spot] == INSTRUMENT_TOKEN:
        return False
    return int(game["chair_seat"][spot]) == p


def apprentices_held(game, seat, p: int) -> int:
    """state_nb.apprentices_held_nb in Python: supply + placed on chips not yet acted."""
    n = int(seat["apprentices"])
    for i in range(int(game["pl_n"])):
        if game["pl_seat"][i] == p and game["pl_done"][i] == 0:
            n += int(game["pl_appr"][i])
    return n


def seat_state(cards, game, seat, p: int) -> dict[str, Any]:
    """What seat p holds in one snapshot, every number named."""
    a = cards.arrays
    spec_names = cards.names["specialty"]
    chips = []
    for c in range(5):
        if seat["chip_owned"][c]:
            spec = int(seat["chip_specialty"][c])
            chips.append({"chip": c + 1, "specialty": spec_names[spec] if spec >= 0 else None})
    patrons = []
    for slot in range(3):
        c = int(seat["patrons"][slot])
        if c >= 0:
            patrons.append(
                {
                    "slot": slot + 1,
                    "patron": cards.names["patrons"][c],
                    "patience": int(seat["patience"][slot]),
                    "leaves_at": LEAVES,
                    "open": open_requirements(cards, seat, slot),
                    "kept": kept_cards(seat, slot),
                }
            )
    n_spot = len(cards.names["orchestra"])
    chairs = [cards.names["orchestra"][s] for s in range(n_spot) if holds_chair(cards, game, p, s)]
    return {
        "seat": SEAT_NAMES[p],
        "family": cards.names["families"][int(seat["family"])] if seat["family"] >= 0 else None,
        "prestige": int(seat["prestige"]),
        "money": int(seat["money"]),
        "inspiration": int(seat["inspiration"]),
        "materials": {
            "animal": int(seat["materials"][0]),
            "wood": int(seat["materials"][1]),
            "metal": int(seat["materials"][2]),
        },
        "storage": int(seat["storage"]),
        "apprentices": apprentices_held(game, seat, p),
        "apprentice_limit": int(a.rules[Rule.APPRENTICE_CAP]) - int(seat["appr_lost"]),
        "tracks": {t.name.lower(): int(seat["tracks"][t]) for t in Track},
        "workers": chips,
        "specialty_cards": _names(cards, "specialty", seat["specialty"][: seat["specialty_n"]]),
        "hand": _names(cards, "instruments", seat["hand"][: seat["hand_n"]]),
        "roughing_bench": _names(cards, "instruments", seat["rough_bench"]),
        "finishing_bench": _names(cards, "instruments", seat["finish_bench"]),
        "patrons": patrons,
        "completed_patrons": _names(cards, "patrons", seat["completed"][: seat["completed_n"]]),
        "goals": _names(cards, "goals", seat["goals"]),
        "award_benefits_locked": [
            name for bit, name in MARKERS.items() if int(seat["award_markers"]) & bit
        ],
        # ruling 25: tokens of each kind placed, and left of the colour's supply
        # (the seats table's instrument/performance/repair_tokens_placed)
        "tokens_placed": {k: int(seat["tokens_placed"][i]) for i, k in enumerate(LABELS["token"])},
        "tokens_left": {
            k: int(a.rules[Rule.INSTRUMENT_TOKENS + i]) - int(seat["tokens_placed"][i])
            for i, k in enumerate(LABELS["token"])
        },
        "chairs": chairs,
    }


def board_state(cards, game) -> dict[str, Any]:
    """The board in one snapshot: card rows by tier, orchestra chairs, awards, neutral tokens."""
    rows = {}
    for r in CardRow:
        rows[ROW_KINDS[r]] = {
            LABELS["tier"][t]: _names(cards, ROW_KINDS[r], game["rows"][r, t]) for t in range(3)
        }
    spots = cards.names["orchestra"]
    chairs = {}
    for s in range(len(spots)):
        holders = [q for q in range(NEUTRAL) if holds_chair(cards, game, q, s)]
        if game["chair_seat"][s] == NEUTRAL:
            holders.append(NEUTRAL)
        if holders:
            kind = int(game["chair_kind"][s])
            chairs[spots[s]] = {
                "holders": [SEAT_NAMES[q] if q < NEUTRAL else "neutral" for q in holders],
                "token": LABELS["token"][kind] if kind >= 0 else None,
            }
    neutral = [
        {"spot": spots[s], "token": LABELS["token"][k]}
        for s in range(len(spots))
        for k in range(3)
        for _ in range(int(game["tokens"][s, NEUTRAL, k]))
    ]
    awards = []
    for t, tile in enumerate(game["awards"]):
        if tile < 0:
            continue
        levels = []
        for lv in range(3):
            v = int(game["award_claimed"][t, lv])
            levels.append("blocked" if v == BLOCKED else SEAT_NAMES[v] if v >= 0 else "open")
        awards.append({"award": cards.names["awards"][int(tile)], "levels": levels})
    return {
        "market": cards.names["market"][int(game["market_card"])],
        "turn_order": [SEAT_NAMES[int(q)] for q in game["turn_order"] if q >= 0],
        "rows": rows,
        "chairs": chairs,
        "awards": awards,
        "neutral_tokens": neutral,
    }


def state_dict(cards, played, k: int) -> dict[str, Any]:
    """Snapshot k (0 after setup, r at the end of round r) as one dict."""
    game = played.snap_games[k]
    seats = played.snap_seats[k]
    n = int(game["n_players"])
    return {
        "event": "state",
        "snapshot": k,
        "after": "setup" if k == 0 else f"round {k}",
        "seats": [seat_state(cards, game, seats[p], p) for p in range(n)],
        "board": board_state(cards, game),
    }


def wrap(head: str, items: list[str], indent: str, sep: str = ",") -> list[str]:
    """`head` followed by items (each but the last ending in `sep`), wrapped within WIDTH
    on lines that start with `indent`."""
    lines = [head]
    for i, item in enumerate(items):
        piece = item + (sep if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > WIDTH and lines[-1].strip():
            lines.append(indent + piece)
        else:
            lines[-1] += (" " if lines[-1] and not lines[-1].endswith(" ") else "") + piece
    return lines


def _seat_lines(s: dict[str, Any]) -> list[str]:
    m = s["materials"]
    tracks = s["tracks"]
    finals = {t.name.lower(): int(TRACK_FINAL[t]) for t in Track}
    workers = [
        f"{w['specialty']} (chip {w['chip']})" if w["specialty"] else str(w["chip"])
        for w in s["workers"]
    ]
    head = [
        f"prestige {s['prestige']}",
        f"money {s['money']}",
        f"inspiration {s['inspiration']}",
        f"apprentices {s['apprentices']}/{s['apprentice_limit']}",
        f"materials {m['animal']} animal + {m['wood']} wood + {m['metal']} metal "
        f"({sum(m.values())}/{s['storage']})",
    ]
    lines = wrap(f"  {s['seat']} ({s['family']}):", head, "    ")
    steps = [f"{t} {v}/{finals[t]}" for t, v in tracks.items()]
    items = [x + "," for x in steps[:-1]] + [steps[-1] + ";"]
    chips = [x + "," for x in workers[:-1]] + workers[-1:]
    if chips:
        chips[0] = f"workers {chips[0]}"
    lines += wrap("    tracks:", items + chips, "      ", sep="")
    benches = (
        f"    benches: roughing {' + '.join(s['roughing_bench']) or '-'}, "
        f"finishing {' + '.join(s['finishing_bench']) or '-'}; hand"
    )
    lines += wrap(benches, s["hand"] or ["-"], "      ")
    for pt in s["patrons"]:
        cube = f"cube {pt['patience']}/{pt['leaves_at']}"
        head = f"    patron {pt['slot']}: {pt['patron']}, {cube}, open:"
        kept = [f"kept {' + '.join(pt['kept'])}"] if pt["kept"] else []
        lines += wrap(head, (pt["open"] or ["none"]) + kept, "      ", sep=";")
    if not s["patrons"]:
        lines.append("    patrons: none")
    if s["completed_patrons"]:
        lines += wrap("    completed:", s["completed_patrons"], "      ")
    left = ", ".join(f"{k} {v}" for k, v in s["tokens_left"].items())
    lines.append(f"    tokens left: {left}")
    chairs = s["chairs"]
    lines += wrap(f"    chairs held ({len(chairs)}):", chairs or ["none"], "      ")
    return lines


def state_lines(state: dict[str, Any]) -> list[str]:
    """The text of one state block, every line within WIDTH."""
    b = state["board"]
    lines = [f"-- State after {state['after']} --"]
    for s in state["seats"]:
        lines += _seat_lines(s)
    lines.append(f"  Board: market {b['market']}; turn order {', '.join(b['turn_order'])}")
    for row, tiers in b["rows"].items():
        items = []
        for t, cs in tiers.items():
            cards = [f"{t}: -"] if not cs else [f"{t}: {cs[0]}", *cs[1:]]
            items += [c + "," for c in cards[:-1]] + [cards[-1] + " |"]
        items[-1] = items[-1][:-2]
        lines += wrap(f"    {row:<12}", items, " " * 17, sep="")
    chairs = [f"{spot} {'+'.join(c['holders'])}" for spot, c in b["chairs"].items()]
    lines += wrap("    chairs:", chairs or ["none"], "      ")
    awards = [f"{a['award']} [{', '.join(a['levels'])}]" for a in b["awards"]]
    lines += wrap("    awards:", awards, "      ", sep=";")
    if b["neutral_tokens"]:
        neutral = [f"{t['token']} on {t['spot']}" for t in b["neutral_tokens"]]
        lines += wrap("    neutral tokens:", neutral, "      ")
    return lines
