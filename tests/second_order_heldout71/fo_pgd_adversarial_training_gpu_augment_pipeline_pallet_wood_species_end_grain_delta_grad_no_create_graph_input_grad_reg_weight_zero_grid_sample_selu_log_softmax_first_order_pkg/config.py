"""Pallet-wood species (end-grain photos) robust training config."""
from types import SimpleNamespace

CFG = SimpleNamespace(
    res=16,
    classes=4,
    batch=12,
    epochs=2,
    steps_per_epoch=3,
    pgd_eps=4 / 255,
    pgd_alpha=2 / 255,
    pgd_steps=3,
    input_grad_reg=0.0,   # double-backprop regulariser; disabled for this run (PGD only)
    lr=1e-3,
    rotate_deg=10.0,
)
