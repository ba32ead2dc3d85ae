"""Run configuration for the hydrophone call-type classifier (no torch import here)."""

N_MELS = 20
FRAMES = 48
CALL_TYPES = ["upsweep", "downsweep", "moan", "pulse", "gunshot"]

MODEL = dict(channels=32, groups=4, depth=2, kernel=5)

TRAIN = dict(
    steps=3,
    micro_batch=4,
    accum_steps=3,          # micro-batches per optimizer step
    lr=1e-3,
    gradnorm_lambda=0.05,   # weight of the parameter-gradient-norm (flatness) penalty
    stretch_range=(0.8, 1.2),
)
