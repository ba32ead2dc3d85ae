"""Example reweighting for epee touch classification (valid hit vs. blade-on-guard / floor)."""
from types import SimpleNamespace

CFG = SimpleNamespace(
    channels=4,               # blade current, guard current, blade strain, piste accelerometer
    window=48,
    hidden=16,
    batch=32,
    val_size=16,
    label_noise=0.3,          # club-level referee calls
    lr=0.05,
    steps=5,
    fd_step=1e-2,             # finite-difference step along the validation gradient
    exact_hypergrad=False,    # True: differentiate through the virtual step (costly on the club laptop)
    seed=8,
)
