"""CTGAN-style synthesiser for veterinary clinic visit records (mixed continuous / categorical columns)."""

DATA = {
    "continuous": ["weight_kg", "temperature_c", "visit_cost"],
    "modes": 3,                      # mode-specific normalisation: scalar + one-hot mode per column
    "discrete": {"species": 5, "visit_reason": 6, "outcome": 3},
}

MODEL = {
    "noise_dim": 32,
    "gen_dims": [64, 64],
    "critic_dims": [64, 32],
    "critic_block": "glu",           # key into blocks.BLOCKS
    "pac": 4,
    "tau": 0.2,
}

TRAIN = {
    "batch": 16,
    "steps": 3,
    "critic_iters": 2,
    "lr": 2e-4,
    "gp_weight": 10.0,
    "cond_weight": 1.0,
}
