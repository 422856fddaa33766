"""Reading a run for reports: the run directory's tables, the report settings, the run's
facts and warnings, writing files whole, the invariant violations.
"""
