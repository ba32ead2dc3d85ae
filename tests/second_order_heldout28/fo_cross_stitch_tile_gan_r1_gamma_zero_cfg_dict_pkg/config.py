"""Experiment config for the cross-stitch tile GAN (edited by hand between runs)."""

CONFIG = {
    "data": {"size": 16, "batch": 16, "palette": 4},
    "model": {"zdim": 24, "g_ch": 32, "d_ch": 16},
    "loss": {
        "type": "hinge",
        # R1 was tried in run 7 and made the stitches blurry; disabled since.
        "r1_gamma": 0.0,
        "r1_every": 4,
    },
    "optim": {"lr_g": 2e-4, "lr_d": 4e-4, "steps": 4},
}
