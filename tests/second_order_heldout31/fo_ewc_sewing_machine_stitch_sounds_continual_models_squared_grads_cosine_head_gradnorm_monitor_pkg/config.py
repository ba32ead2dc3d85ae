from types import SimpleNamespace

cfg = SimpleNamespace(
    n_mels=16,
    frames=12,
    classes_per_task=3,
    tasks=2,
    hidden=32,
    ewc_lambda=50.0,
    fisher_batches=3,
    clip=1.0,
    steps=3,
    lr=1e-3,
)
