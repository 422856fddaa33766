"""The engine calls its strategies through what the game registers (simcore/games/
binding.py): decision kernels hold placeholders that the game's registration fills when
the decision module is imported, and a placeholder left unbound fails loudly."""

from __future__ import annotations

import importlib

import pytest

from simcore import games
from simcore.errors import TuttiError
from simcore.games import binding


@pytest.mark.parametrize("name", games.names())
def test_every_game_binds_its_declared_dispatch_into_its_decision_kernels(name):
    game = games.get(name)
    assert game.dispatch, "a game declares the dispatch its decision kernels call"
    for module, declared in game.dispatch.items():
        engine = importlib.import_module(module)  # binds on import
        kernels = game.dispatch_kernels(module)
        assert kernels
        for placeholder, fn in kernels.items():
            assert getattr(engine, placeholder) is fn
            assert not binding.is_unbound(fn)
            assert getattr(importlib.import_module(declared), placeholder) is fn
        assert binding.dispatch_module(module) == declared


def test_an_unbound_placeholder_fails_to_compile_with_a_clear_message():
    from numba.core.errors import TypingError

    from simcore.kernels.jit import kernel

    choose_nb = binding.unbound("simcore.games.demo.decide_nb", "choose_nb")

    @kernel
    def decide(x):
        return choose_nb(x, 1)

    with pytest.raises(TypingError, match="choose_nb is not bound to a strategy dispatch"):
        decide(3)
    with pytest.raises(TuttiError, match="is not bound"):  # and as plain Python
        choose_nb(3, 1)


def test_bind_refuses_what_the_cache_key_would_not_follow(monkeypatch):
    luthier = type(games.get("luthier"))
    module = "simcore.games.luthier.play.decide_nb"

    def fresh():
        return {"choose_nb": binding.unbound(module, "choose_nb")}

    with pytest.raises(TuttiError, match="declares the strategy dispatch"):
        binding.bind(fresh(), "simcore.games.luthier.nothing_nb")
    from strategies import random_nb
    from strategies.luthier import dispatch_nb

    # a kernel of another name, or of another module than the declared one
    monkeypatch.setattr(
        luthier, "dispatch_kernels", lambda self, m: {"choose_nb": random_nb.random_choose_nb}
    )
    with pytest.raises(TuttiError, match="not strategies.luthier.dispatch_nb.choose_nb"):
        binding.bind(fresh(), module)
    # a placeholder left unfilled
    monkeypatch.setattr(
        luthier, "dispatch_kernels", lambda self, m: {"choose_nb": dispatch_nb.choose_nb}
    )
    namespace = {**fresh(), "choose_planned_nb": binding.unbound(module, "choose_planned_nb")}
    with pytest.raises(TuttiError, match="left unbound: choose_planned_nb"):
        binding.bind(namespace, module)
    namespace = fresh()
    binding.bind(namespace, module)
    assert namespace["choose_nb"] is dispatch_nb.choose_nb
