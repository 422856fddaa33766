"""Playing A Piacere: the decision point (`decide_nb`), the stage loop that stops and
resumes at every decision (`resume_nb`), the invariants (`invariants_nb`), the batch
kernel (`game_nb`) and its Python side (`engine`)."""
