"""Maestro's state: dtypes and capacities, integer codes, the scratch bundle, and what a
seat can see."""
