"""Hyper-parameters for the depot charging-energy model (kept as a plain namespace, like the ops team's YAML)."""
from types import SimpleNamespace

cfg = SimpleNamespace(
    n_chargers=12,
    n_buses=40,
    n_cont=4,            # ambient temp, SoC at plug-in, dwell minutes, previous-day km
    seq_len=12,          # sessions per charger history
    d_model=32,
    n_heads=4,
    d_ff=64,
    n_layers=2,
    batch=16,
    steps=4,
    lr=2e-3,
    emb_grad_penalty=0.05,
    seed=23,
)
