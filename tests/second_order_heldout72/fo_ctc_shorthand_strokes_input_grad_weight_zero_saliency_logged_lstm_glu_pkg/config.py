from types import SimpleNamespace

cfg = SimpleNamespace(
    alphabet="_abdefghiklmnoprstuvw ",   # index 0 ('_') is the CTC blank
    feat_dim=4,                          # dx, dy, pen pressure, pen-up flag
    conv_channels=32,
    hidden=48,
    steps=4,
    batch=8,
    lr=1e-3,
    input_grad_weight=0.0,               # stroke-jitter robustness penalty (ablation: off)
    saliency_every=2,
    seed=8,
)
