"""A module that registers no strategy."""

VALUE = 1
