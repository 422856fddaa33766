"""Experiments that play games: what-if, ablation, sweeps, balance searches and report
confirmation, on common random numbers.
"""
