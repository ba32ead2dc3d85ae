"""Experiment settings for the chandelier-sway Hamiltonian network."""
from types import SimpleNamespace

CFG = SimpleNamespace(
    dof=2,                 # swing angle + torsional twist of the crown
    hidden=64,
    n_traj=24,
    traj_len=20,
    dt=0.05,
    lr=1e-3,
    epochs=4,
    batch=96,
    rollout_steps=30,
    loss_weights={"field": 1.0, "energy_drift": 0.0},
    seed=3,
)
