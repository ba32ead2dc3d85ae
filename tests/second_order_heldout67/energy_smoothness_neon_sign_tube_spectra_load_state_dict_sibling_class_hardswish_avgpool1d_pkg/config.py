"""Settings for the neon-sign gas/phosphor identification run (plain Python, no torch)."""
from types import SimpleNamespace

GASES = ["neon", "argon_mercury", "helium", "krypton", "phosphor_white"]

CFG = SimpleNamespace(
    n_bins=128,
    widths=(1, 12, 24),
    kernel=5,
    n_classes=len(GASES),
    pretrain_steps=4,
    finetune_steps=4,
    batch=16,
    lr=1e-3,
    energy_smooth_weight=0.05,
    seed=0,
)
