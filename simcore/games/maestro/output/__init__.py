"""Maestro's output: the event log, its decoder, result tables and transcripts."""
