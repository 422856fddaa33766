"""Did a change move anything: baselines, windows, metrics, verdicts, `tutti check`, and
their output.
"""
