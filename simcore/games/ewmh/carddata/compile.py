"""Check the merged card data across cards and compile it into the read-only arrays the
kernels index (`Tables`): names stay in Python, the kernels see codes and numbers.

Every problem is noted as `file:card-id:field: message` (the file that wrote the field),
so a designer sees all of them at once. `check_fields` has already checked each field's
TOML type; here come the names (effect kinds, timings, keep conditions, ages, tags,
tiles, references between files), the parameters of each kind with their ranges, the
rules, and the totals: the designs' copies against the effect deck, the deck against
what the draft at the most players needs, the tile mix's shares against 100.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, NamedTuple

import numpy as np

from simcore.errors import did_you_mean
from simcore.games.ewmh.carddata.params import KEEP_PARAMS, PARAMS, TILE_PARAMS, Param, timings
from simcore.games.ewmh.carddata.rules import (
    ARRIVAL,
    FACE_PREFIX,
    FACES,
    RULES,
    arrival_problem,
    rule_code,
)
from simcore.games.ewmh.carddata.schema import SOURCES
from simcore.games.ewmh.codes import (
    N_AGES,
    N_COUNTS,
    N_RULES,
    Age,
    Count,
    Effect,
    Face,
    Keep,
    Rule,
    Tag,
    Tile,
    Timing,
)
from simcore.games.ewmh.sizes import (
    MAX_ABILITIES,
    MAX_BANNER,
    MAX_COMPOSITIONS,
    MAX_COPIES,
    MAX_DESIGNS,
    MAX_GENRES,
    MAX_PARAMS,
    MAX_PLAYERS,
    MAX_TILE_KINDS,
    MAX_VOCATIONS,
)

Merged = Mapping[str, Mapping[str, Mapping[str, Any]]]  # kind -> id -> field -> value
NO_TILE = -1  # path[] at Start and End
Played = tuple[int, int, np.ndarray]  # (Effect, Timing, params row) of one face


class Tables(NamedTuple):
    """The compiled card data (read-only arrays). D designs, C physical effect cards,
    A vocation abilities, G composition genres, K composition cards, T tile-mix entries,
    L the path length; `params` rows hold a kind's parameters in `carddata.params` order
    (unused slots 0)."""

    rules: np.ndarray  # int16[N_RULES], by codes.Rule: a number, an IntEnum code, or 0/1
    arrival_free: np.ndarray  # int8[MAX_PLAYERS]: free productions of the k-th arriver
    design_effect: np.ndarray  # int8[D]: Effect of the face the rules play
    design_timing: np.ndarray  # int8[D]: Timing
    design_params: np.ndarray  # int16[D, MAX_PARAMS]
    design_face: np.ndarray  # int8[D]: Face played (A where the faces agree)
    design_keep: np.ndarray  # int8[D]: Keep (NONE = not a patron)
    design_keep_params: np.ndarray  # int16[D, MAX_PARAMS]
    design_copies: np.ndarray  # int8[D]
    card_design: np.ndarray  # int16[C]: the design of physical card c (designs in order)
    card_effect: (
        np.ndarray
    )  # int8[C]: Effect of card c (a copy printed alike on both faces plays A)
    card_params: np.ndarray  # int16[C, MAX_PARAMS]
    ability_vocation: np.ndarray  # int8[A]: vocation index
    ability_effect: np.ndarray  # int8[A]: Effect of the face the rules play
    ability_timing: np.ndarray  # int8[A]: Timing (STATIC: the vocation's static ability)
    ability_params: np.ndarray  # int16[A, MAX_PARAMS]
    genre_copies: np.ndarray  # int8[G]
    genre_tags: np.ndarray  # int8[G]: bit 1 << Tag per tag
    genre_banner: np.ndarray  # int8[G, N_AGES]: banner value by Age; 0 = no banner
    comp_genre: np.ndarray  # int16[K]: the genre of composition card k (genres in order)
    tile_kind: np.ndarray  # int8[T]: Tile
    tile_params: np.ndarray  # int16[T, MAX_PARAMS]
    tile_count: np.ndarray  # int16[T]: tiles of this entry on the path
    path: np.ndarray  # int8[L + 1]: tile entry at each position; -1 at Start (0) and End (L)
    counts: np.ndarray  # int16[N_COUNTS], by codes.Count: C, K, G and A (the kernels read
    # these, not the shapes: their card record pads every table, carddata/table.py)


def _names(enum: type[IntEnum]) -> list[str]:
    return [m.name.lower() for m in enum]


class Compiler:
    """Checks and compiles one merged card set; `problems` collects every line."""

    def __init__(self, merged: Merged, origins: Mapping[str, Mapping[str, Mapping[str, str]]]):
        self.merged = merged
        self.origins = origins
        self.problems: list[str] = []
        self.genres = list(merged["compositions"])
        self.vocations = list(merged["vocations"])

    def note(self, kind: str, cid: str, field: str, message: str) -> None:
        label = self.origins.get(kind, {}).get(cid, {}).get(field.split(".")[0], f"{kind}.toml")
        self.problems.append(f"{label}:{cid}:{field}: {message}")

    def capped(self, file: str, n: int, what: str, most: int) -> int:
        """`n` entries of a file within the engine's 1..`most` (noted if not), clipped."""
        if not 1 <= n <= most:
            self.problems.append(f"{file}: {n} {what}; the engine holds 1..{most}")
        return min(n, most)

    def name(self, kind: str, cid: str, field: str, value: Any, enum: type[IntEnum]) -> int:
        """The code of a lower-case enum name; -1 (noted) when unknown."""
        names = _names(enum)
        if value in names:
            return names.index(value)
        self.note(
            kind,
            cid,
            field,
            f"unknown {field.split('.')[-1]} {value!r}{did_you_mean(str(value), names)}",
        )
        return -1

    # ---------------------------------------------------------------- parameters

    def params(
        self, kind: str, cid: str, field: str, given: Mapping[str, Any], schema: tuple[Param, ...]
    ) -> np.ndarray:
        """A kind's parameters as an int16 row, each checked for type and range."""
        row = np.zeros(MAX_PARAMS, np.int16)
        known = [p.name for p in schema]
        for key in given:
            if key not in known:
                hint = did_you_mean(key, known) if known else " (this kind takes no parameters)"
                self.note(kind, cid, f"{field}.{key}", f"unknown parameter{hint}")
        for slot, p in enumerate(schema):
            where = f"{field}.{p.name}"
            if p.name not in given:
                self.note(kind, cid, where, "missing")
                continue
            code = self.param(kind, cid, where, given[p.name], p)
            if code is not None:
                row[slot] = code
        return row

    def param(self, kind: str, cid: str, where: str, value: Any, p: Param) -> int | None:
        if p.type == "bool":
            if isinstance(value, bool):
                return int(value)
            self.note(kind, cid, where, f"expected true or false, got {value!r}")
        elif p.type == "int":
            if isinstance(value, int) and not isinstance(value, bool) and p.lo <= value <= p.hi:
                return value
            self.note(kind, cid, where, f"expected an integer {p.lo}..{p.hi}, got {value!r}")
        elif p.type == "age":
            code = self.name(kind, cid, where, value, Age)
            return code if code >= 0 else None
        elif p.type == "genre":
            if value in self.genres:
                return self.genres.index(value)
            hint = did_you_mean(str(value), self.genres)
            self.note(kind, cid, where, f"unknown composition {value!r}{hint}")
        else:  # tags
            return self.tag_mask(kind, cid, where, value)
        return None

    def tag_mask(self, kind: str, cid: str, where: str, value: Any) -> int | None:
        if not isinstance(value, list) or not value:
            self.note(kind, cid, where, f"expected a list of tags {_names(Tag)}, got {value!r}")
            return None
        mask = 0
        for tag in value:
            code = self.name(kind, cid, where, tag, Tag)
            if code >= 0:
                mask |= 1 << code
        return mask

    # ---------------------------------------------------------------- effects

    def effect(self, kind: str, cid: str, card: Mapping[str, Any]) -> list[Played]:
        """(Effect, Timing, params) of face A, then of face B where the card has one; both
        checked (an unknown kind plays as NONE)."""
        timing = max(self.name(kind, cid, "timing", card["timing"], Timing), 0)
        faces: list[Played] = []
        for suffix in ("", "_b"):
            if f"effect{suffix}" not in card:
                if suffix and "params_b" in card:
                    self.note(kind, cid, "params_b", "given without effect_b")
                continue
            code = self.name(kind, cid, f"effect{suffix}", card[f"effect{suffix}"], Effect)
            effect = Effect(max(code, 0))
            if code >= 0 and Timing(timing) not in timings(effect):
                allowed = ", ".join(t.name.lower() for t in timings(effect))
                self.note(
                    kind,
                    cid,
                    "timing",
                    f"{card['timing']!r} does not fit {effect.name.lower()} (timings: {allowed})",
                )
            field = f"params{suffix}"
            given = card.get(field, {})
            row = (
                self.params(kind, cid, field, given, PARAMS[effect])
                if code >= 0
                else np.zeros(MAX_PARAMS, np.int16)
            )
            self.pair_checks(kind, cid, field, effect, given)
            faces.append((int(effect), timing, row))
        return faces

    def pair_checks(
        self, kind: str, cid: str, field: str, effect: Effect, given: Mapping[str, Any]
    ) -> None:
        """Parameters that bound each other."""
        pairs = {
            Effect.MOVE_PAWN: ("min", "max"),
            Effect.HIGHER_EDUCATION: ("take_min", "take_max"),
        }
        if effect in pairs:
            lo, hi = pairs[effect]
            a, b = given.get(lo), given.get(hi)
            if isinstance(a, int) and isinstance(b, int) and a > b:
                self.note(kind, cid, f"{field}.{lo}", f"{a} is more than {hi} ({b})")

    def faces(self) -> dict[tuple[str, str], int]:
        """Face played per (kind, id) of every two-faced card; face rules checked."""
        rules = self.merged["rules"]
        two_faced = {
            cid: kind
            for kind in ("effects", "abilities")
            for cid, card in self.merged[kind].items()
            if "effect_b" in card
        }
        out: dict[tuple[str, str], int] = {}
        for cid, kind in two_faced.items():
            key = FACE_PREFIX + cid
            if key not in rules or "value" not in rules[key]:
                self.note(
                    kind,
                    cid,
                    "effect_b",
                    f'a second face needs rules.toml [{key}] (value "a" or "b")',
                )
                continue
            value = rules[key]["value"]
            if value not in FACES:
                self.note("rules", key, "value", f"expected one of {list(FACES)}, got {value!r}")
                continue
            out[(kind, cid)] = FACES.index(value)
        for key in rules:
            card = key.removeprefix(FACE_PREFIX)
            if key.startswith(FACE_PREFIX) and card not in two_faced:
                hint = did_you_mean(card, list(two_faced))
                self.note(
                    "rules", key, "value", f"no card with a second face (effect_b) {card!r}{hint}"
                )
        return out

    # ---------------------------------------------------------------- the files

    def designs(self, faces: Mapping[tuple[str, str], int]) -> dict[str, np.ndarray]:
        cards = self.merged["effects"]
        n = self.capped("effects.toml", len(cards), "designs", MAX_DESIGNS)
        out: dict[str, np.ndarray] = {
            "design_effect": np.zeros(n, np.int8),
            "design_timing": np.zeros(n, np.int8),
            "design_params": np.zeros((n, MAX_PARAMS), np.int16),
            "design_face": np.zeros(n, np.int8),
            "design_keep": np.zeros(n, np.int8),
            "design_keep_params": np.zeros((n, MAX_PARAMS), np.int16),
            "design_copies": np.zeros(n, np.int8),
        }
        card_design, card_effect, card_params = [], [], []
        for d, (cid, card) in enumerate(list(cards.items())[:n]):
            face = faces.get(("effects", cid), Face.A)
            printed = self.effect("effects", cid, card)
            effect, timing, row = printed[min(face, len(printed) - 1)]
            out["design_effect"][d], out["design_timing"][d] = effect, timing
            out["design_params"][d], out["design_face"][d] = row, face
            copies = card["copies"]
            if not 0 <= copies <= MAX_COPIES:
                self.note("effects", cid, "copies", f"expected 0..{MAX_COPIES}, got {copies}")
                copies = 0
            out["design_copies"][d] = copies
            b_copies = copies  # copies that carry the second face's wording
            if "face_b_copies" in card:
                b_copies = card["face_b_copies"]
                if "effect_b" not in card or not 0 <= b_copies <= copies:
                    self.note(
                        "effects", cid, "face_b_copies",
                        f"expected 0..{copies} (copies) on a card with effect_b, got {b_copies}",
                    )  # fmt: skip
            for copy in range(copies):  # the first copies - b_copies read face A on both faces
                own = printed[0] if copy < copies - b_copies else (effect, timing, row)
                card_design.append(d)
                card_effect.append(own[0])
                card_params.append(own[2])
            self.keep(cid, card, out, d)
        out["card_design"] = np.array(card_design, np.int16)
        out["card_effect"] = np.array(card_effect, np.int8)
        out["card_params"] = np.array(card_params, np.int16).reshape(-1, MAX_PARAMS)
        return out

    def keep(self, cid: str, card: Mapping[str, Any], out: dict[str, np.ndarray], d: int) -> None:
        if "keep" not in card:
            if "keep_params" in card:
                self.note("effects", cid, "keep_params", "given without keep")
            return
        code = self.name("effects", cid, "keep", card["keep"], Keep)
        if code < 0:
            return
        out["design_keep"][d] = code
        schema = KEEP_PARAMS[Keep(code)]
        out["design_keep_params"][d] = self.params(
            "effects", cid, "keep_params", card.get("keep_params", {}), schema
        )

    def abilities(self, faces: Mapping[tuple[str, str], int]) -> dict[str, np.ndarray]:
        cards = self.merged["abilities"]
        n = len(cards)
        out: dict[str, np.ndarray] = {
            "ability_vocation": np.zeros(n, np.int8),
            "ability_effect": np.zeros(n, np.int8),
            "ability_timing": np.zeros(n, np.int8),
            "ability_params": np.zeros((n, MAX_PARAMS), np.int16),
        }
        count = dict.fromkeys(self.vocations, 0)
        statics = dict.fromkeys(self.vocations, 0)
        for a, (cid, card) in enumerate(cards.items()):
            printed = self.effect("abilities", cid, card)
            face = faces.get(("abilities", cid), Face.A)
            effect, timing, row = printed[min(face, len(printed) - 1)]
            out["ability_effect"][a], out["ability_timing"][a], out["ability_params"][a] = (
                effect,
                timing,
                row,
            )
            vocation = card["vocation"]
            if vocation not in count:
                self.note(
                    "abilities",
                    cid,
                    "vocation",
                    f"unknown vocation {vocation!r}{did_you_mean(vocation, self.vocations)}",
                )
                continue
            out["ability_vocation"][a] = self.vocations.index(vocation)
            count[vocation] += 1
            statics[vocation] += timing == Timing.STATIC
        self.capped("vocations.toml", len(self.vocations), "vocations", MAX_VOCATIONS)
        for vocation in self.vocations:
            if statics[vocation] != 1 or not 2 <= count[vocation] <= MAX_ABILITIES:
                self.note(
                    "vocations", vocation, "id",
                    f"{count[vocation]} abilities, {statics[vocation]} static; a vocation has "
                    f"one static ability and 1..{MAX_ABILITIES - 1} others (abilities.toml)",
                )  # fmt: skip
        return out

    def compositions(self) -> dict[str, np.ndarray]:
        genres = self.merged["compositions"]
        g_n = self.capped("compositions.toml", len(genres), "genres", MAX_GENRES)
        copies = np.zeros(g_n, np.int8)
        tags = np.zeros(g_n, np.int8)
        for g, (cid, card) in enumerate(list(genres.items())[:g_n]):
            if 0 <= card["copies"] <= 60:
                copies[g] = card["copies"]
            else:
                self.note("compositions", cid, "copies", f"expected 0..60, got {card['copies']}")
            tags[g] = self.tag_mask("compositions", cid, "tags", card["tags"]) or 0
        banner = np.zeros((g_n, N_AGES), np.int8)
        holder: dict[tuple[int, int], str] = {}  # (genre, age) -> the banner id giving it
        for bid, card in self.merged["banners"].items():
            genre, value = card["composition"], card["value"]
            age = self.name("banners", bid, "age", card["age"], Age)
            if genre not in self.genres[:g_n]:
                self.note(
                    "banners",
                    bid,
                    "composition",
                    f"unknown composition {genre!r}{did_you_mean(genre, self.genres)}",
                )
            elif not 1 <= value <= MAX_BANNER:
                self.note("banners", bid, "value", f"expected 1..{MAX_BANNER}, got {value}")
            elif (self.genres.index(genre), age) in holder:
                other = holder[(self.genres.index(genre), age)]
                self.note(
                    "banners", bid, "age",
                    f"{genre} already has a banner in {card['age']} ({other})",
                )  # fmt: skip
            elif age >= 0:
                banner[self.genres.index(genre), age] = value
                holder[(self.genres.index(genre), age)] = bid
        for g, cid in enumerate(self.genres[:g_n]):
            if not banner[g].any():
                self.note(
                    "compositions",
                    cid,
                    "id",
                    "no banner (banners.toml): it could never be produced",
                )
        deck = np.repeat(np.arange(g_n, dtype=np.int16), copies)
        self.capped("compositions.toml", len(deck), "composition cards", MAX_COMPOSITIONS)
        return {
            "genre_copies": copies,
            "genre_tags": tags,
            "genre_banner": banner,
            "comp_genre": deck,
        }

    def tiles(self, length: int) -> dict[str, np.ndarray]:
        entries = self.merged["tiles"]
        t_n = self.capped("tiles.toml", len(entries), "tile entries", MAX_TILE_KINDS)
        kind = np.zeros(t_n, np.int8)
        params = np.zeros((t_n, MAX_PARAMS), np.int16)
        shares = np.zeros(t_n, np.int64)
        for t, (cid, card) in enumerate(list(entries.items())[:t_n]):
            code = self.name("tiles", cid, "tile", card["tile"], Tile)
            if code >= 0:
                kind[t] = code
                params[t] = self.params(
                    "tiles", cid, "params", card["params"], TILE_PARAMS[Tile(code)]
                )
            if 0 <= card["share"] <= 100:
                shares[t] = card["share"]
            else:
                self.note(
                    "tiles",
                    cid,
                    "share",
                    f"expected 0..100 (percent of the path's tiles), got {card['share']}",
                )
        if shares.sum() != 100:
            self.problems.append(
                f"tiles.toml: the shares add up to {shares.sum()}; the tile mix must add up to 100"
            )
            shares[:] = 0
            shares[0] = 100
        counts, path = spread_tiles(shares, length)
        return {"tile_kind": kind, "tile_params": params, "tile_count": counts, "path": path}

    # ---------------------------------------------------------------- rules

    def rules(self) -> tuple[np.ndarray, np.ndarray]:
        entries = self.merged["rules"]
        vector = np.zeros(N_RULES, np.int16)
        arrival = np.zeros(MAX_PLAYERS, np.int8)
        known = [*RULES, ARRIVAL]
        for key in entries:
            if key not in known and not key.startswith(FACE_PREFIX):
                self.note("rules", key, "value", f"unknown rule{did_you_mean(key, known)}")
        for key in known:
            if "value" not in entries.get(key, {}):
                self.problems.append(f"rules.toml:{key}:value: missing")
                continue
            value = entries[key]["value"]
            if key == ARRIVAL:
                problem = arrival_problem(value)
                if problem:
                    self.note("rules", key, "value", problem)
                else:
                    arrival[: len(value)] = value
                continue
            rule, allowed = RULES[key]
            code, problem = rule_code(value, allowed)
            if code is None:
                self.note("rules", key, "value", problem)
            else:
                vector[rule] = code
        return vector, arrival

    def totals(self, rules: np.ndarray, copies: np.ndarray) -> None:
        """The designs' copies make the stated deck; the deck covers the draft and the array
        at the most players."""
        deck = int(copies.sum())
        if deck != rules[Rule.EFFECT_DECK]:
            self.note(
                "rules", "effect_deck", "value",
                f"{rules[Rule.EFFECT_DECK]} effect cards, but the designs' copies add up to {deck} "
                "(effects.toml); change both",
            )  # fmt: skip
        need = MAX_PLAYERS * int(rules[Rule.DRAFT_CARDS]) + int(rules[Rule.ARRAY_SIZE])
        if deck < need:
            self.note(
                "rules", "draft_cards", "value",
                f"{MAX_PLAYERS} players draft {MAX_PLAYERS * rules[Rule.DRAFT_CARDS]} effect "
                f"cards and the array holds {rules[Rule.ARRAY_SIZE]}: the deck needs {need}, "
                f"it has {deck}",
            )  # fmt: skip

    def sources(self) -> None:
        """Every entry names where its numbers come from; an estimate says how it was chosen."""
        for kind, entries in self.merged.items():
            for cid, card in entries.items():
                source = card.get("source")
                if not isinstance(source, str):
                    continue  # missing or mistyped: check_fields noted it
                if not source.startswith(SOURCES):
                    self.note(
                        kind,
                        cid,
                        "source",
                        f"expected to begin with one of {list(SOURCES)}, got {source!r}",
                    )
                elif source == "estimate" and not str(card.get("estimate", "")).strip():
                    self.note(kind, cid, "estimate", "missing: an estimate says how it was chosen")


def spread_tiles(shares: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
    """(tiles per entry, the path): the L - 1 tiles between Start and End split by the
    shares (largest remainder, ties to the earlier entry), then laid out evenly along the
    path (each position takes the entry furthest behind its share; ties to the earlier
    entry). The real boards are unknown: this fixed layout is itself an estimate."""
    n_tiles = max(length - 1, 0)
    exact = shares * n_tiles / 100
    counts = np.floor(exact).astype(np.int64)
    order = sorted(range(len(shares)), key=lambda t: (-(exact[t] - counts[t]), t))
    for t in order[: n_tiles - int(counts.sum())]:
        counts[t] += 1
    path = np.full(length + 1, NO_TILE, np.int8)
    placed = np.zeros(len(shares), np.int64)
    for pos in range(1, length):
        behind = counts * pos / n_tiles - placed
        behind[placed >= counts] = -np.inf
        t = int(np.argmax(behind))
        path[pos] = t
        placed[t] += 1
    return counts.astype(np.int16), path


def compile_tables(merged: Merged, origins: Mapping[str, Any]) -> tuple[Tables | None, list[str]]:
    """(the compiled tables, []) or (None, every problem)."""
    c = Compiler(merged, origins)
    c.sources()
    faces = c.faces()
    rules, arrival = c.rules()
    parts = {**c.designs(faces), **c.abilities(faces), **c.compositions()}
    length = int(rules[Rule.PATH_LENGTH]) if rules[Rule.PATH_LENGTH] >= 2 else 2
    parts.update(c.tiles(length))
    c.totals(rules, parts["design_copies"])
    if c.problems:
        return None, c.problems
    counts = np.zeros(N_COUNTS, np.int16)
    counts[Count.CARDS] = len(parts["card_design"])
    counts[Count.COMPOSITIONS] = len(parts["comp_genre"])
    counts[Count.GENRES] = len(parts["genre_copies"])
    counts[Count.ABILITIES] = len(parts["ability_vocation"])
    tables = Tables(rules=rules, arrival_free=arrival, counts=counts, **parts)
    for array in tables:
        array.flags.writeable = False
    return tables, []
