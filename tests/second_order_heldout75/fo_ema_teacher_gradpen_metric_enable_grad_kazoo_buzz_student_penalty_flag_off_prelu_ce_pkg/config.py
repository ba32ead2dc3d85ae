from types import SimpleNamespace

CFG = SimpleNamespace(
    n_mels=16,
    frames=32,
    width=24,
    n_cls=3,
    steps=5,
    batch=16,
    lr=1e-3,
    ema_decay=0.95,
    regularize_student=False,   # input-gradient penalty on the student (off: hurt accuracy in sweep 7)
    student_gp_weight=0.1,
    monitor_every=2,
)
