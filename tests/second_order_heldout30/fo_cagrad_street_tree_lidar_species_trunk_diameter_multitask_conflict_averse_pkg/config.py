"""Multi-task street-tree inventory: species (classification) + trunk diameter (regression)."""

CFG = {
    "profile_len": 32,
    "n_species": 5,
    "batch": 16,
    "steps": 4,
    "lr": 0.02,
    "cagrad_c": 0.5,
    "solver_iters": 25,
}
