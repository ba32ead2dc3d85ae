"""Per-FedAvg personalised occupancy prediction for smart thermostats (one client = one household)."""
from types import SimpleNamespace

CFG = SimpleNamespace(
    n_clients=5,
    clients_per_round=3,
    rounds=2,
    local_steps=2,
    batch=8,
    window=24,
    features=4,
    channels=12,
    norm="group",       # models.NORMS key
    act="silu",         # models.ACTS key
    loss="bce",         # client.LOSSES key
    variant="maml",     # client.VARIANTS key: "fo" | "hf" | "maml"
    alpha=0.05,         # personalisation step
    beta=0.02,          # meta step
    hf_delta=1e-3,
)
