"""Configuration: mixture-of-experts Hamiltonian for an overshot watermill wheel (angle, bucket fill)."""
CONFIG = {
    "state_dim": 4,                     # wheel angle, bucket fill level, and their conjugate momenta
    "hidden": 32,
    "experts": ["smooth", "smooth", "stiff"],   # one expert per regime: free spin, spin, bucket spill
    "top_k": 2,
    "router_dim": 16,
    "router_temperature": 0.2,
    "balance_weight": 0.01,
    "epochs": 3,
    "batches_per_epoch": 3,
    "batch": 32,
    "lr": 2e-3,
}
