"""R1-regularised GAN for 16x16 pearl nacre luster micrographs (orient / overtone patches)."""
from types import SimpleNamespace

cfg = SimpleNamespace(
    img=16,
    nz=32,
    batch=8,
    iters=3,
    lr=2e-4,
    betas=(0.0, 0.99),
    r1_gamma=5.0,
    r1_every=2,          # lazy regularisation
    d_loss="bce",
    g_loss="bce",
    critic=[
        ("stem", {"cout": 16}),
        ("down", {"cin": 16, "cout": 24, "out_hw": 8}),
        ("down", {"cin": 24, "cout": 32, "out_hw": 4}),
        ("head", {"cin": 32, "hw": 4}),
    ],
    generator=[
        ("project", {"nz": 32, "cout": 32, "hw": 4}),
        ("up", {"cin": 32, "cout": 16}),
        ("up", {"cin": 16, "cout": 16}),
        ("to_rgb", {"cin": 16}),
    ],
)
