"""What a played game becomes: result tables (`results.py`) and a transcript
(`transcript.py`)."""
