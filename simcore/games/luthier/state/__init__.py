"""Luthier's state: dtypes, integer codes, and the pure reads of the state that decisions
and strategies share."""
