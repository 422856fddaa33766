"""Dice-Mining Patrons' output: result tables and transcripts."""
