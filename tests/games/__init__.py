"""Tests of simcore/games/: the interface, the registry, the shared scaffolding, golden
games."""
